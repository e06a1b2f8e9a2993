"""Chance made explicit (D31): every build card drawn from the face-down pile is a chance
draw over the cards left, as likely as there are of each; a card drawn into a hand is seen
only by its drawer, a card laid face up by everyone. ``game.fork(step, chance=...)`` changes
any of them; the set-up (the pile shuffled, the customers placed, the bonus cards dealt) is
not forked."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from ecogames.core import IllegalAction
from ecogames.games.tori import DrawFaceUp, DrawPile, Refresh, TakeFaceUp, TakeFromPile, Tori

from .scenario import next_draws, scenario


def weights_of(pile: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    counts = Counter(pile)
    zones = tuple(sorted(counts))
    return zones, tuple(counts[z] for z in zones)


def test_two_from_the_pile_are_two_secret_draws_over_the_cards_left():
    game = scenario(display=[1, 2, 3, 4, 5])
    pile = list(game.pile)
    cascade = game.apply(DrawPile())
    first, second = cascade.chances
    assert first.name == "a build card drawn from the pile"
    assert (first.outcomes, first.weights) == weights_of(pile)
    assert first.probabilities[first.outcomes.index(9)] == Fraction(4, len(pile))
    assert first.seen_by == (0,) and second.seen_by == (0,)
    assert first.label(7) == "build card 7"
    rest = list(pile)
    rest.remove(first.outcome)
    assert (second.outcomes, second.weights) == weights_of(rest)
    assert sorted([first.outcome, second.outcome]) == [
        z for z in range(1, 10) for _ in range(game.build_hands[0][z - 1])]
    # the drawer sees the cards; the other player and onlookers see only what was possible
    assert first.to_json(0)["outcome"] == first.outcome
    assert first.to_json(1)["outcome"] is None and first.to_json(None)["outcome"] is None
    assert first.to_json(1)["secret"] is True


def test_a_refill_lays_public_draws_face_up():
    game = scenario(display=[1, 2, 3, 4, 5])
    cascade = game.apply(DrawFaceUp(2, 4))
    assert [d.name for d in cascade.chances] == ["a build card laid face up from the pile"] * 2
    assert all(d.seen_by is None for d in cascade.chances)
    assert sorted(game.display) == sorted([1, 3, 5, *(d.outcome for d in cascade.chances)])


def test_a_refresh_draws_five_face_up_then_the_single_card_is_secret():
    game = scenario(display=[1, 1, 2, 2, 3])
    cascade = game.apply(Refresh())
    assert len(cascade.chances) == 5 and all(d.seen_by is None for d in cascade.chances)
    assert sorted(game.display) == sorted(d.outcome for d in cascade.chances)
    taken = game.apply(TakeFromPile())
    assert [d.seen_by for d in taken.chances] == [(0,)]
    assert taken.chances[0].outcome in taken.chances[0].outcomes


def test_the_cards_left_of_the_pile_come_before_the_shuffled_discard_pile():
    game = scenario(display=[1, 2, 3, 4, 5])
    state = game._state()
    # one card left face down (a 9), the rest in the discard pile
    state["discard"] = list(state["pile"])
    state["discard"].remove(9)
    state["pile"] = [9]
    game = Tori.from_state(state)
    discard = list(game.discard)
    cascade = game.apply(DrawPile())
    first, second = cascade.chances
    assert first.outcomes == (9,) and first.weights == (1,)  # certain: the old pile's card
    assert (second.outcomes, second.weights) == weights_of(discard)
    assert "reshuffle" in [e.kind for e in cascade.events]
    # a 9 cannot be forced onto the first draw's place of another card
    with pytest.raises(IllegalAction, match="cannot come out as 5"):
        game.fork(0, chance={0: 5})


@pytest.mark.parametrize("action", [DrawPile(), DrawFaceUp(2, 4), Refresh()])
def test_fork_a_draw(action):
    game = scenario(display=[1, 2, 3, 4, 5])
    game.apply(action)
    if game.phase == "refresh":
        game.apply(TakeFaceUp(game.display[0]))
    game.apply(game.legal_actions()[-1])
    draws = game.chances(0)
    assert draws
    # the same outcome: the same game
    same = game.fork(0, chance={i: d.outcome for i, d in enumerate(draws)})
    assert same._state() == game.replay(1)._state()
    # another outcome: shown, everything before shared
    other_card = next(z for z in draws[-1].outcomes if z != draws[-1].outcome)
    forked = game.fork(0, chance={len(draws) - 1: other_card})
    assert forked.chances(0)[-1].outcome == other_card
    assert [d.outcome for d in forked.chances(0)[:-1]] == [d.outcome for d in draws[:-1]]
    assert forked.history == game.history[:1]
    held = Counter(forked.display) + Counter(
        {z: forked.build_hands[0][z - 1] for z in range(1, 10)})
    assert held[other_card] > 0
    # an impossible outcome is refused: no card 10, and none the pile has run out of
    with pytest.raises(IllegalAction):
        game.fork(0, chance=10)
    empty = next((z for z in range(1, 10) if z not in draws[0].outcomes), None)
    if empty is not None:
        with pytest.raises(IllegalAction):
            game.fork(0, chance=empty)


def test_a_fork_of_a_later_draw_keeps_the_earlier_actions():
    game = Tori.new_game(players=3, seed=4)
    steps = []
    while len(steps) < 3:
        legal = game.legal_actions()
        action = next((a for a in legal if isinstance(a, DrawPile)), legal[0])
        cascade = game.apply(action)
        if cascade.chances:
            steps.append(len(game.history) - 1)
    step = steps[-1]
    draws = game.chances(step)
    other = next(z for z in draws[0].outcomes if z != draws[0].outcome)
    forked = game.fork(step, chance=other)
    assert forked.history == game.history[:step + 1]
    assert forked.replay(step)._state() == game.replay(step)._state()
    assert forked.chances(step)[0].outcome == other
    assert forked._state() != game.replay(step + 1)._state()


def test_forced_draws_are_saved_and_read_back():
    game = scenario(display=[1, 2, 3, 4, 5])
    next_draws(game, 9, 9)
    game.apply(DrawPile())
    assert game.build_hands[0][8] == 2
    again = Tori.from_json(game.to_json())
    assert again._state() == game._state()


def test_random_play_draws_every_card_it_takes_from_the_pile():
    """Whatever leaves the face-down pile leaves it through a chance draw: the cards drawn
    in an action are exactly what the pile (with the discard pile gone under it) lost."""
    game = Tori.new_game(players=2, seed=11)
    for n in range(400):
        if game.is_over:
            break
        legal = game.legal_actions()
        action = legal[(n * 7) % len(legal)]
        before = Counter(game.pile) + Counter(game.discard)
        shown = Counter(game.display)
        cascade = game.apply(action)
        after = Counter(game.pile) + Counter(game.discard)
        drawn = Counter(d.outcome for d in cascade.chances)
        assert all(d.outcome in d.outcomes for d in cascade.chances)
        if isinstance(action, Refresh):  # the old five went to the discard pile first
            assert before + shown - after == drawn
        elif isinstance(action, (DrawPile, DrawFaceUp, TakeFaceUp, TakeFromPile)):
            assert before - after == drawn
        else:
            assert not drawn


@pytest.mark.parametrize("seed", [3, 11])
def test_push_draws_the_cards_apply_draws(seed):
    """``push`` draws off the pile without a chance draw to tell (``_from_pile``'s fast
    path): with the same generator, it takes the same cards as ``apply``'s told draws, so a
    bot's playout and a person's game go the same way, the reshuffles and last zones too."""
    told, pushed = Tori.new_game(players=2, seed=seed), Tori.new_game(players=2, seed=seed)
    for n in range(1500):
        if told.is_over:
            break
        legal = told.legal_actions()
        action = legal[(n * 7) % len(legal)]
        told.apply(action)
        pushed.push(action)
        assert pushed._state() == told._state()
    assert told.is_over or n == 1499


def test_every_draw_off_the_pile_has_the_odds_of_the_cards_left():
    """A draw's odds are the cards left of each zone, made when the draw is read of a copy
    of the pile as it was (``Tori._from_pile``), in a game, its copies, a determinization
    and after an undo (fails when the odds read the live pile, which later draws change)."""
    game = Tori.new_game(players=3, seed=4)
    checked = 0
    for n in range(1200):
        if game.is_over:
            break
        legal = game.legal_actions()
        source = list(game._top or game.pile)
        cascade = game.apply(legal[(n * 11) % len(legal)])
        draws = cascade.chances
        if draws and not isinstance(cascade.action, Refresh) and len(source) >= len(draws):
            for draw in draws:  # (no reshuffle: the cards left are the pile's)
                assert weights_of(source) == (draw.outcomes, draw.weights)
                source.remove(draw.outcome)
            checked += 1
        if n % 40 == 39:
            game = game.clone()
        if n % 90 == 89:
            game.undo()
    assert checked > 100
