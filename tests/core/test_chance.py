"""Chance draws and forks: "what if the die had shown 6?"."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from types import SimpleNamespace

import pytest

from ecogames.core import IllegalAction, Rng, SaveError
from ecogames.core.chance import (
    ChanceError,
    Drawn,
    _weighted_index,
    chance,
    draw,
    draws_from_pile,
    made,
)
from tests.support.pond import Pond, Roll


def pond_after(actions: int, seed: int = 4) -> Pond:
    game = Pond.new_game(players=1, seed=seed, rounds=6)
    rng = Rng(seed)
    while len(game.history) < actions and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def first_roll(game: Pond) -> int:
    return next(i for i, a in enumerate(game.history) if isinstance(a, Roll))


def test_a_roll_tells_every_outcome_that_was_possible():
    game = Pond.new_game(players=1, seed=4)
    cascade = game.apply(Roll())
    (roll,) = cascade.chances
    assert roll.name == "the die"
    assert roll.outcomes == (1, 2, 3, 4, 5, 6)
    assert roll.probabilities == (Fraction(1, 6),) * 6
    assert not roll.forced
    assert cascade.of_kind("roll")[0].touched["die"] == (roll.outcome,)
    assert roll.to_json()["outcomes"][5] == {"outcome": 6, "label": "6 (fish feed)",
                                             "probability": 1 / 6}


def test_the_draws_of_any_action_of_the_history_can_be_asked_later():
    game = pond_after(12)
    step = first_roll(game)
    (roll,) = game.chances(step)
    assert roll.outcome == game.replay(step).apply(Roll()).chances[0].outcome


def test_a_fork_with_the_same_outcome_equals_the_original():
    game = pond_after(12)
    step = first_roll(game)
    same = game.chances(step)[0].outcome
    fork = game.fork(step, chance=same)
    assert fork == game.replay(step + 1)
    assert fork.history == game.history[:step + 1]


def test_a_fork_with_another_outcome_changes_that_draw_and_nothing_after():
    game = pond_after(12)
    step = first_roll(game)
    natural = game.chances(step)[0].outcome
    other = 6 if natural != 6 else 1
    fork = game.fork(step, chance=other)
    actual = game.replay(step + 1)
    assert fork != actual
    assert fork.rng == actual.rng, "the generator went on as it would have"
    (forked,) = fork.chances(step)
    assert (forked.outcome, forked.natural, forked.forced) == (other, natural, True)
    assert fork.replay() == fork and fork.replay(step + 1) == fork


def test_a_fork_replays_the_history_once(monkeypatch):
    """(Its draws are counted on a clone of that replay, not on a second one: a fork of a
    long game replayed it twice.)"""
    game = pond_after(12)
    step = first_roll(game)
    replayed = []
    replay = Pond.replay
    monkeypatch.setattr(Pond, "replay", lambda self, upto=None: replayed.append(upto)
                        or replay(self, upto))
    fork = game.fork(step, chance=6)
    assert replayed == [step]
    assert fork.chances(step)[0].outcome == 6


def test_a_forks_history_shares_nothing_with_the_original():
    game = pond_after(12)
    before = game.to_dict()
    step = first_roll(game)
    fork = game.fork(step, chance=6)
    rng = Rng(1)
    while not fork.is_over:
        fork.apply(rng.choice(fork.legal_actions()))
    fork.undo(2)
    assert game.to_dict() == before
    assert game.forced_outcomes() == {}


def test_a_fork_can_play_another_action_instead():
    game = pond_after(12)
    step = next(i for i, a in enumerate(game.history) if a.type in ("release", "pass"))
    earlier = game.replay(step)
    other = next(a for a in earlier.legal_actions() if a != game.history[step])
    fork = game.fork(step, action=other)
    assert fork.history == (*game.history[:step], other)


@pytest.mark.parametrize("kwargs, message", [
    ({"chance": 7}, "cannot come out as 7"),
    ({"chance": {1: 3}}, "made 1 chance draw"),
    ({"chance": {-1: 3}}, "numbered"),
    ({}, "either"),
    ({"chance": 3, "action": {"type": "pass"}}, "either"),
])
def test_a_fork_that_could_not_have_happened_is_refused(kwargs, message):
    game = pond_after(12)
    before = game.to_dict()
    with pytest.raises(IllegalAction, match=message):
        game.fork(first_roll(game), **kwargs)
    assert game.to_dict() == before


def test_a_fork_of_a_step_not_in_the_history_is_refused():
    game = pond_after(4)
    for step in (-1, 4, True, "0"):
        with pytest.raises(IllegalAction, match="no action"):
            game.fork(step, chance=1)


def test_a_forked_game_saves_and_loads_with_its_forced_outcome():
    game = pond_after(12)
    step = first_roll(game)
    fork = game.fork(step, chance=6)
    fork.apply(fork.legal_actions()[0])
    data = fork.to_dict()
    assert data["chance"] == {str(step): {"0": 6}}
    loaded = Pond.from_json(fork.to_json())
    assert loaded == fork and loaded.history == fork.history
    loaded.undo()
    assert loaded == fork.replay(len(fork.history) - 1)


@pytest.mark.parametrize("chance, message", [
    ({"0": {"0": 9}}, "cannot come out as 9"),
    ({"99": {"0": 1}}, "out of range"),
    ({"x": {"0": 1}}, "not an action number"),
    ({"01": {"0": 1}}, "not an action number"),
    ({"0": {}}, "non-empty"),
    ({"0": {"a": 1}}, "not a draw number"),
    ([], "must be an object"),
])
def test_a_save_with_an_impossible_chance_outcome_is_refused(chance, message):
    game = pond_after(6)
    data = game.to_dict()
    data["chance"] = {str(first_roll(game)): {"0": 6}} if chance is None else chance
    if "0" in chance and not isinstance(game.history[0], Roll):
        pytest.skip("the first action is not a roll")
    with pytest.raises(SaveError, match=message):
        Pond.from_dict(json.loads(json.dumps(data)))


def test_a_save_of_format_1_is_refused_with_a_reason():
    data = pond_after(4).to_dict()
    data["version"] = 1
    del data["chance"]
    with pytest.raises(SaveError, match=r"format version 1.*before chance outcomes"):
        Pond.from_dict(data)


def test_weighted_draws_follow_their_weights_and_a_certain_draw_uses_no_randomness():
    rng = Rng(3)
    drawn: list[Drawn] = []
    counts = {"fox": 0, "hare": 0}
    for _ in range(3000):
        counts[draw(rng, drawn, {}, "a card", ["fox", "hare"], [1, 2])] += 1
    assert 0.3 < counts["fox"] / 3000 < 0.37
    assert made(drawn[0]).probabilities == (Fraction(1, 3), Fraction(2, 3))
    state = rng.state
    assert draw(rng, drawn, {}, "the last card", ["owl"]) == "owl"
    assert rng.state == state


def _walked_index(rng: Rng, weights: list[int]) -> int:
    """The weighted draw as it was first written: a walk over the weights."""
    if len(weights) == 1:
        return 0
    ticket = rng.below(sum(weights))
    for index, weight in enumerate(weights):
        if ticket < weight:
            return index
        ticket -= weight
    raise AssertionError("the ticket lies below the total")


def test_a_weighted_draw_by_bisection_picks_what_the_walk_over_the_weights_picked():
    # every save and fingerprint holds the walk's draws: the bisection must give the same
    # outcome and use the generator alike, at the edges of every stretch too
    chooser = random.Random(7)
    for seed in range(3000):
        weights = [chooser.randint(1, 9) for _ in range(chooser.randint(1, 35))]
        ours, theirs = Rng(seed), Rng(seed)
        for _ in range(4):
            assert _weighted_index(ours, weights) == _walked_index(theirs, weights)
            assert ours.state == theirs.state
    for ticket in range(6):  # each ticket of weights (1, 2, 3), by a generator that draws it
        assert _weighted_index(_Ticket(ticket), [1, 2, 3]) == \
            _walked_index(_Ticket(ticket), [1, 2, 3]) == [0, 1, 1, 2, 2, 2][ticket]


def test_a_weighted_draw_picks_what_the_walk_picked_with_few_weights_or_many():
    # a draw of a few weights walks their running totals in a loop, of more bisects them:
    # either way the outcome and the generator are the walk's, at every stretch's edges too
    chooser = random.Random(8)
    for seed in range(2000):
        size = chooser.randint(1, 20)
        weights = [chooser.randint(1, 4) for _ in range(size)]
        outcomes = [f"kind {n}" for n in range(size)]
        ours, theirs = Rng(seed), Rng(seed)
        for _ in range(4):
            assert draw(ours, None, {}, "a card", outcomes, weights, whole=seed % 2 == 0) \
                == outcomes[_walked_index(theirs, weights)]
            assert ours.state == theirs.state
    for size in (2, 8, 9):  # each ticket, at the loop's last size and the bisection's first
        weights = [1 + n % 3 for n in range(size)]
        walked = [_walked_index(_Ticket(t), weights) for t in range(sum(weights))]
        assert [draw(_Ticket(t), None, {}, "x", range(size), weights)
                for t in range(sum(weights))] == walked


class _Ticket(Rng):
    """A generator that always draws ``ticket``."""

    def __init__(self, ticket: int) -> None:
        super().__init__(0)
        self.ticket = ticket

    def below(self, n: int) -> int:
        return self.ticket


@pytest.mark.parametrize("weights", [[1, 0], [1, 1.5], [1], [True, 1]])
def test_weights_are_whole_positive_numbers_one_per_outcome(weights):
    with pytest.raises(ValueError, match="weight"):
        draw(Rng(1), None, {}, "x", ["a", "b"], weights)


def _random_kinds(chooser: random.Random) -> tuple[list[str], list[int]]:
    """One to twenty kinds of card, and how many of each (1 to 9): a draw's outcomes and
    whole weights."""
    size = chooser.randint(1, 20)
    return [f"kind {n}" for n in range(size)], [chooser.randint(1, 9) for _ in range(size)]


def test_weights_vouched_whole_draw_the_same_and_are_still_counted():
    chooser = random.Random(11)
    for seed in range(500):
        outcomes, weights = _random_kinds(chooser)
        forced = {1: outcomes[-1]} if seed % 3 == 0 else {}
        checked, vouched = Rng(seed), Rng(seed)
        kept: tuple[list[Drawn], list[Drawn]] = ([], [])
        for _ in range(3):
            assert draw(checked, kept[0], forced, "a card", outcomes, weights) == \
                draw(vouched, kept[1], forced, "a card", outcomes, weights, whole=True)
            assert checked.state == vouched.state
        assert kept[0] == kept[1]
    with pytest.raises(ValueError, match="weight"):  # one weight per outcome, vouched or not
        draw(Rng(1), None, {}, "x", ["a", "b"], [1], whole=True)
    game = Pond.new_game(players=2, seed=2)
    assert game.chance("x", ["a", "b"], [2, 1], whole=True) in ("a", "b")
    with pytest.raises(ValueError, match="weight"):  # not vouched: still looked at
        game.chance("x", ["a", "b"], [2, 0])


def test_a_vouched_draw_by_its_tickets_draws_the_same_and_is_counted_the_same():
    chooser = random.Random(12)
    for seed in range(500):
        outcomes, weights = _random_kinds(chooser)
        places = [o for o, w in zip(outcomes, weights) for _ in range(w)]  # a deck in order
        forced = {1: outcomes[0]} if seed % 3 == 0 else {}
        plain, ticketed = Rng(seed), Rng(seed)
        kept: tuple[list[Drawn], list[Drawn]] = ([], [])
        for _ in range(3):
            assert draw(plain, kept[0], forced, "a card", outcomes, weights) == \
                draw(ticketed, kept[1], forced, "a card", outcomes, weights, whole=True,
                     ticket=(len(places), places.__getitem__))
            assert plain.state == ticketed.state
        assert kept[0] == kept[1]
    wrong = (3, lambda ticket: "b")  # the rule's vow, taken on trust: a broken one shows
    assert draw(_Ticket(0), None, {}, "x", ["a", "b"], [1, 2], whole=True, ticket=wrong) == "b"
    assert draw(_Ticket(0), None, {}, "x", ["a", "b"], [1, 2], whole=True) == "a"


def test_a_draw_by_its_odds_draws_and_tells_the_same_as_one_given_its_outcomes():
    chooser = random.Random(13)
    for seed in range(500):
        outcomes, weights = _random_kinds(chooser)
        if len(outcomes) < 2:  # (odds: for a draw of two outcomes or more)
            continue
        places = [o for o, w in zip(outcomes, weights) for _ in range(w)]  # a deck in order
        forced = {1: outcomes[-1]} if seed % 3 == 0 else {}
        given, lazy = Rng(seed), Rng(seed)
        kept: tuple[list[Drawn], list[Drawn]] = ([], [])
        asked: list[int] = []

        def odds(outcomes=tuple(outcomes), weights=tuple(weights), asked=asked):
            asked.append(1)
            return outcomes, weights

        for _ in range(3):
            assert draw(given, kept[0], forced, "a card", outcomes, weights) == \
                draw(lazy, kept[1], forced, "a card", (), whole=True,
                     ticket=(len(places), places.__getitem__), odds=odds)
            assert given.state == lazy.state
        assert len(asked) == (1 if forced else 0)  # (made when read, or a forced one checked)
        assert [*map(made, kept[0])] == [*map(made, kept[1])]
        assert draw(Rng(seed), None, {}, "a card", (), whole=True, odds=odds,
                    ticket=(len(places), places.__getitem__)) == kept[1][0][4]
    with pytest.raises(ChanceError, match="cannot come out"):
        draw(Rng(1), [], {0: "c"}, "x", (), whole=True, ticket=(2, "ab".__getitem__),
             odds=lambda: (("a", "b"), (1, 1)))


def test_a_secret_outcome_is_shown_only_to_the_seats_that_may_see_it():
    rng, drawn = Rng(5), []
    card = draw(rng, drawn, {}, "a card into your hand", ["fox", "hare"], seen_by=[1])
    (secret,) = map(made, drawn)
    assert secret.to_json(1)["outcome"] == card
    for other in (0, None):
        shown = secret.to_json(other)
        assert shown["outcome"] is None and shown["forced"] is None and shown["secret"]
        assert [o["outcome"] for o in shown["outcomes"]] == ["fox", "hare"]


def test_a_rule_knows_whether_its_draws_are_kept(monkeypatch):
    seen: list[bool] = []
    chance = Pond.chance

    def spy(self, *args, **kwargs):
        seen.append(self.draws_are_kept)
        return chance(self, *args, **kwargs)

    monkeypatch.setattr(Pond, "chance", spy)
    pushed = Pond.new_game(players=1, seed=4)
    pushed.push(Roll())
    applied = Pond.new_game(players=1, seed=4)
    applied.apply(Roll())
    assert seen == [False, True]
    assert not applied.draws_are_kept  # outside an action
    assert pushed == applied  # the same draw either way


def _table(seed: int, kept: bool, forced: dict[int, str] | None = None) -> SimpleNamespace:
    """What a draw reads of a game: its generator, its draws so far (kept or not) and the
    outcomes forced on them."""
    return SimpleNamespace(rng=Rng(seed), _chance=[] if kept else None, _forcing=forced or {})


def _one_at_a_time(game: SimpleNamespace, name: str, outcomes: list[str], counts: list[int],
                   n: int) -> list[int]:
    """``n`` draws from a pile as a rule made them before :func:`draws_from_pile`: a
    :func:`chance` draw among the kinds left, by their counts, the kind drawn taken away."""
    drawn = [0] * len(counts)
    for _ in range(n):
        kinds = [o for o, c in zip(outcomes, counts) if c]
        if not kinds:
            break
        outcome = chance(game, name, kinds, [c for c in counts if c], str.upper, None, True)
        counts[outcomes.index(outcome)] -= 1
        drawn[outcomes.index(outcome)] += 1
    return drawn


def _random_pile(chooser: random.Random) -> tuple[list[str], list[int], int]:
    """One to four kinds (now and then nine to twelve) of 0 to 6 things each, and 0 to 12
    draws to make."""
    size = chooser.randint(9, 12) if chooser.random() < 0.1 else chooser.randint(1, 4)
    return ([f"kind {k}" for k in range(size)], [chooser.randint(0, 6) for _ in range(size)],
            chooser.randint(0, 12))


def test_draws_from_a_pile_are_its_chance_draws_one_at_a_time():
    """Kept or not, forced or not: the same kinds out, the same pile left, the same
    generator after, the same draws kept (their fields and their ChanceDraws), the same
    refusal of a forced kind the pile did not hold then."""
    chooser = random.Random(21)
    seen = {"refused": 0, "forced": 0, "certain": 0}
    for seed in range(3000):
        outcomes, counts, n = _random_pile(chooser)
        kept = seed % 4 != 0
        forced = ({chooser.randint(0, 3): chooser.choice(outcomes)} if kept and seed % 2
                  else None)
        ours, theirs = _table(seed, kept, forced), _table(seed, kept, forced)
        pile, old = list(counts), list(counts)
        try:
            expected = _one_at_a_time(theirs, "a card", outcomes, old, n)
        except ChanceError:
            with pytest.raises(ChanceError, match="cannot come out"):
                draws_from_pile(ours, "a card", outcomes, pile, n, str.upper)
            seen["refused"] += 1
            continue
        assert draws_from_pile(ours, "a card", outcomes, pile, n, str.upper) == expected
        assert pile == old
        assert ours.rng.state == theirs.rng.state
        assert ours._chance == theirs._chance
        if kept:
            assert [*map(made, ours._chance)] == [*map(made, theirs._chance)]
            assert len(ours._chance) == sum(expected)
            seen["forced"] += any(made(d).forced for d in ours._chance)
            seen["certain"] += any(len(d[1]) == 1 for d in ours._chance)
    assert min(seen.values()) > 50, seen  # (each case met often)


def test_a_pile_draws_nothing_for_a_kind_left_alone_and_stops_when_empty():
    for kept in (True, False):
        game = _table(1, kept)
        state = game.rng.state
        pile = [0, 3, 0]
        assert draws_from_pile(game, "a cube", ["a", "b", "c"], pile, 5) == [0, 3, 0]
        assert pile == [0, 0, 0] and game.rng.state == state
        assert draws_from_pile(game, "a cube", ["a", "b", "c"], pile, 2) == [0, 0, 0]
        if kept:
            assert [d[1:5] for d in game._chance] == [(("b",), (3,), "b", "b"),
                                                      (("b",), (2,), "b", "b"),
                                                      (("b",), (1,), "b", "b")]


def test_a_pile_draw_forced_by_its_number_takes_the_kind_forced():
    natural = _table(5, True)
    draws_from_pile(natural, "a cube", ["a", "b"], [2, 2], 1)
    first = natural._chance[0][3]
    other = "a" if first == "b" else "b"
    game = _table(5, True, {1: other})
    game._chance.append(("an earlier draw", ("x",), (1,), "x", "x", None, None))
    pile = [2, 2]
    # (numbered on from the draws the action made before: this pile's first is draw 1)
    drawn = draws_from_pile(game, "a cube", ["a", "b"], pile, 1)
    assert game._chance[1][3:5] == (other, first)
    assert made(game._chance[1]).forced
    assert drawn == ([1, 0] if other == "a" else [0, 1])
    assert pile == ([1, 2] if other == "a" else [2, 1])  # the kind forced taken, not natural
    with pytest.raises(ChanceError, match="cannot come out as 'c'"):
        draws_from_pile(_table(5, True, {0: "c"}), "a cube", ["a", "b"], [2, 2], 3)
    with pytest.raises(ChanceError, match="cannot come out as 'a'"):  # none left by then
        draws_from_pile(_table(5, True, {0: "a", 1: "a"}), "a cube", ["a", "b"], [1, 2], 3)


def test_a_pile_draws_by_the_generator_below_even_where_a_raw_output_is_rejected():
    """The generator's ``below``, written out in the pile's draws, falls back to it wherever
    its quick way does not hold: a pile of more than 2**30 things, a raw output that may be
    rejected, a batch used up."""
    from ecogames.core.rng import _MASK, _SAFE

    big = [2**31 + 7, 2**30 + 1, 6]
    total = sum(big)
    limit = _MASK - (_MASK + 1) % total
    assert limit < _SAFE  # (a raw output between them is rejected, though below _SAFE)
    for raw in ([limit + 1, 3, 2**40, _MASK, 11], [_SAFE + 1, 2**62, 9, 2**33, 5]):
        for pile in (big, [3, 4, 2]):
            for kept in (True, False):
                ours, theirs = _table(0, kept), _table(0, kept)
                for table in (ours, theirs):
                    table.rng._buf, table.rng._pos = list(raw), 0
                outcomes = ["a", "b", "c"]
                expected = _one_at_a_time(theirs, "x", outcomes, list(pile), 7)
                assert draws_from_pile(ours, "x", outcomes, list(pile), 7, str.upper) == \
                    expected
                assert ours.rng.state == theirs.rng.state
                assert ours._chance == theirs._chance
