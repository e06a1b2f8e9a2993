"""Chance made explicit (D52): the two dice and the cards drawn from the face-down Activation
pile are chance draws, in that order in the cascade; ``game.fork(step, chance=...)`` changes
any of them. A pile turned over (its order known to all) gives its top card, with no draw."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ecogames.core import IllegalAction
from ecogames.games.toritori import ChooseFirst, Roll, ToriTori, new_game
from ecogames.games.toritori import components as c
from tests.games.toritori.scenario import build, solve

FACES = c.CARD_SLOTS
QUIET = {6: ["TT", "GP", "FX"], 12: ["NT", "NT"], 2: ["IB"]}
"""A board on which solving the cards below changes nothing but the cards."""


def played_until(predicate, *, players: int = 3, seeds=range(200)) -> tuple[ToriTori, int]:
    """A game played on (first legal action each time) until the action just played passes
    ``predicate(cascade)``; with that action's number."""
    for seed in seeds:
        game = new_game(players=players, seed=seed)
        while not game.is_over and len(game.history) < 400:
            legal = game.legal_actions()
            cascade = game.apply(legal[len(game.history) % len(legal)])
            if predicate(cascade):
                return game, len(game.history) - 1
    raise AssertionError("no such action found")


def test_a_roll_draws_the_red_die_then_the_sky_blue_die_then_a_card_per_space():
    game = build(QUIET, slots={"A": "sector_1", "B": "sector_3"}, dice=("A", "B"))
    pile = list(game.pile)
    cascade = game.apply(Roll())
    names = [d.name for d in cascade.chances]
    assert names == ["the red die", "the sky-blue die", "the card for space A",
                     "the card for space B"]
    red, blue, first, second = cascade.chances
    assert (red.outcome, blue.outcome) == ("A", "B") and game.dice == ("A", "B")
    assert red.outcomes == FACES and red.probabilities == (Fraction(1, 6),) * 6
    assert red.label("A") == "A (Sector 1)" and blue.label("B") == "B (Sector 3)"
    # the first card may be any card of the face-down pile, each as likely
    assert list(first.outcomes) == pile and set(first.weights) == {1}
    assert first.outcome == game.slots[0] and first.label("village") == "Village"
    # the second, any card left after it
    assert list(second.outcomes) == [card for card in pile if card != first.outcome]
    assert second.outcome == game.slots[1]
    assert game.pile == [card for card in pile if card not in game.slots]


def test_doubles_draw_one_card():
    game = build(QUIET, slots={"C": "sector_1"}, dice=("C", "C"))
    cascade = game.apply(Roll())
    assert [d.name for d in cascade.chances] == ["the red die", "the sky-blue die",
                                                 "the card for space C"]


def test_a_turned_over_pile_gives_its_top_card_with_nothing_drawn():
    game = build(QUIET, slots={"A": "sector_1", "B": "sector_3"}, dice=("A", "B"),
                 round_space=2, pile=["village", *[card.id for card in c.ACTIVATION_CARDS
                                                   if card.id not in (
                                                       "village", "sector_1", "sector_3",
                                                       "sector_2", "sector_4", "sector_5",
                                                       "sector_6")]],
                 discard=[])
    top, after = game.pile[0], game.pile[1]
    cascade = game.apply(Roll())
    assert [d.name for d in cascade.chances] == ["the red die", "the sky-blue die"]
    assert game.slots[:2] == [top, after]


def test_the_draw_after_a_turn_over_in_the_middle_of_a_refill_is_no_chance():
    # one card left face down: the red space takes it (a draw with one outcome), the pile is
    # turned over, and the sky-blue space takes the oldest discard (no draw)
    old = [card.id for card in c.ACTIVATION_CARDS if card.id not in (
        "village", "sector_1", "sector_3", "sector_2", "sector_4", "sector_5", "sector_6")]
    game = build(QUIET, slots={"A": "sector_1", "B": "sector_3"}, dice=("A", "B"),
                 pile=["village"], discard=old)
    cascade = game.apply(Roll())
    draws = cascade.chances
    assert [d.name for d in draws] == ["the red die", "the sky-blue die",
                                       "the card for space A"]
    assert draws[2].outcomes == ("village",) and game.slots[:2] == ["village", old[0]]
    assert game.round == 2


def test_a_fork_with_the_same_outcome_equals_the_original():
    game, step = played_until(lambda k: len(k.chances) == 4)
    for number, draw in enumerate(game.chances(step)):
        twin = game.fork(step, chance={number: draw.outcome})
        assert twin == game.replay(step + 1)
        assert twin.history == game.history[:step + 1]


def test_a_fork_of_a_die_shows_the_other_face_and_shares_everything_before():
    game, step = played_until(lambda k: isinstance(k.action, Roll) and len(k.chances) == 4)
    red = game.chances(step)[0]
    other = next(face for face in FACES if face != red.outcome)
    fork = game.fork(step, chance={0: other})
    assert fork.last_cascade.chances[0].outcome == other
    assert fork.last_cascade.chances[0].forced
    assert fork.dice is not None and fork.dice[0] == other
    assert fork.replay(step) == game.replay(step)
    assert fork.history == game.history[:step + 1]
    assert fork.to_dict()["chance"] == {str(step): {"0": other}}
    assert ToriTori.from_json(fork.to_json()) == fork  # a save keeps the forced face
    before = game.to_dict()
    fork.push(fork.legal_actions()[0])
    assert game.to_dict() == before  # the fork shares nothing with the original


def test_a_fork_of_a_card_draw_puts_that_card_in_the_space():
    game, step = played_until(lambda k: isinstance(k.action, Roll) and len(k.chances) == 4)
    draws = game.chances(step)
    card = draws[2]
    other = next(o for o in card.outcomes if o != card.outcome)
    fork = game.fork(step, chance={2: other})
    red = fork.dice[0] if fork.dice else None
    assert red is not None and fork.slots[FACES.index(red)] == other
    assert other not in fork.pile
    # the other space draws among the cards left after the forced one
    assert other not in fork.last_cascade.chances[3].outcomes
    assert card.outcome in fork.last_cascade.chances[3].outcomes


def test_an_impossible_outcome_is_refused():
    game, step = played_until(lambda k: isinstance(k.action, Roll) and len(k.chances) == 4)
    draws = game.chances(step)
    with pytest.raises(IllegalAction, match="cannot come out as 'G'"):
        game.fork(step, chance={0: "G"})
    in_a_space = next(card for card in c.CARDS_BY_ID if card not in draws[2].outcomes)
    with pytest.raises(IllegalAction, match="cannot come out"):
        game.fork(step, chance={2: in_a_space})
    with pytest.raises(IllegalAction, match="made 4 chance draw"):
        game.fork(step, chance={4: "A"})


def test_a_decision_that_ends_the_card_makes_the_refill_draws():
    # the team chooses which Tori-tori of sector 10 goes first; the answer finishes the
    # card, so its action draws the card for the space
    game, _, _ = solve({6: ["GP", "FX"], 12: ["NT"], 10: ["TT>NT", "TT"], 5: ["NT"],
                        2: ["IB"]}, "sector_10")
    roll = game.apply(Roll())
    assert game.stage == "choose_first"
    assert [d.name for d in roll.chances] == ["the red die", "the sky-blue die"]
    answer = next(a for a in game.legal_actions() if isinstance(a, ChooseFirst))
    cascade = game.apply(answer)
    assert [d.name for d in cascade.chances] == ["the card for space A"]
