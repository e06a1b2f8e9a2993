"""Forcing chance outcomes through the public API (``Game.force``, ``forced_outcomes``,
``copy_forcing_from``, ``fork``): no module but core/game.py touches a game's ``_forced``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ecogames
from ecogames.core import IllegalAction
from tests.core.test_chance import first_roll, pond_after
from tests.support.pond import Pond, Roll

ROOT = Path(__file__).resolve().parents[2]
WRITES = re.compile(r"\._forced\b\s*(=(?!=)|\[[^\]]*\]\s*=(?!=)|\.(update|setdefault|pop|clear)"
                    r"\()|setattr\([^)]*[\"']_forced[\"']")
"""An assignment to ``x._forced`` (or to one of its items), or a method that changes it."""
OWNER = ROOT / "src" / "ecogames" / "core" / "game.py"


def sources() -> list[Path]:
    folders = ("src", "tests", "benchmarks")
    return sorted(p for f in folders for p in (ROOT / f).rglob("*.py") if p != OWNER)


def test_the_scan_sees_a_write():
    for line in ("twin._forced = self._forced", "game._forced[3] = {0: 1}",
                 "game._forced.update(x)", 'setattr(game, "_forced", {})'):
        assert WRITES.search(line), line
    for line in ("forced = game._forced", "if game._forced == {}:", "game.forced_outcomes()"):
        assert not WRITES.search(line), line


def test_no_module_outside_core_game_writes_forced():
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}" for path in sources()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if WRITES.search(line) and path != Path(__file__)]
    assert not found, "writes to _forced outside core/game.py:\n" + "\n".join(found)


def next_roll(game: Pond) -> Pond:
    """Play on to just before a roll."""
    while not isinstance(game.legal_actions()[0], Roll):
        game.apply(game.legal_actions()[0])
    return game


def test_a_forced_outcome_comes_out_and_round_trips_through_save_and_load():
    game = next_roll(pond_after(3))
    step = len(game.history)
    natural = game.clone().apply(Roll()).chances[0].outcome
    other = 1 if natural != 1 else 2
    game.force(other)
    assert game.forced_outcomes() == {step: {0: other}}
    (drawn,) = game.apply(Roll()).chances
    assert (drawn.outcome, drawn.natural, drawn.forced) == (other, natural, True)
    game.apply(game.legal_actions()[0])
    loaded = ecogames.load(game.to_json())
    assert loaded == game and loaded.history == game.history
    assert loaded.forced_outcomes() == game.forced_outcomes() == {step: {0: other}}
    assert loaded.chances(step)[0].outcome == other


def test_outcomes_forced_on_an_action_not_played_are_not_saved():
    game = next_roll(pond_after(3))
    game.force(6)
    assert game.to_dict()["chance"] == {}
    assert ecogames.load(game.to_json()).forced_outcomes() == {}


def test_forcing_merges_with_what_was_forced_on_that_action():
    game = next_roll(pond_after(3))
    step = len(game.history)
    game.force({0: 2}, action=step + 5)
    game.force(4)
    game.force({1: 3}, action=step + 5)
    assert game.forced_outcomes() == {step: {0: 4}, step + 5: {0: 2, 1: 3}}
    copy = game.forced_outcomes()
    copy[step][0] = 1  # a copy: changing it changes nothing
    assert game.forced_outcomes()[step] == {0: 4}


@pytest.mark.parametrize(("outcomes", "action", "message"), [
    (6, 0, "only an action not played yet can be forced"),
    (6, "x", "only an action not played yet"),
    ({-1: 6}, None, "numbered 0 to 999"),
    ({1000: 6}, None, "numbered 0 to 999"),
    ({"0": 6}, None, "numbered 0 to 999"),
    ({}, None, "numbered 0 to 999"),
])
def test_forcing_that_cannot_be_is_refused_and_changes_nothing(outcomes, action, message):
    game = next_roll(pond_after(3))
    before = (game.to_dict(), game.forced_outcomes())
    with pytest.raises(IllegalAction, match=message):
        game.force(outcomes, action=action)
    assert (game.to_dict(), game.forced_outcomes()) == before


@pytest.mark.parametrize(("outcomes", "message"), [
    (9, "cannot come out as 9"),
    ({1: 6}, "makes 1 chance draw .*draw 1 was forced, which it never makes"),
])
def test_an_action_whose_forcing_cannot_be_is_refused_and_changes_nothing(outcomes, message):
    game = next_roll(pond_after(3))
    game.force(outcomes)
    before = game.to_dict()
    with pytest.raises(IllegalAction, match=message):
        game.apply(Roll())
    assert game.to_dict() == before


def test_a_replay_takes_the_forcing_of_the_game_it_was_replayed_from():
    game = pond_after(12)
    step = first_roll(game)
    fork = game.fork(step, chance=6)
    while len(fork.history) < 14 and not fork.is_over:
        fork.apply(fork.legal_actions()[-1])
    replay = fork.replay(0)
    replay.copy_forcing_from(fork)
    for action in fork.history:
        replay.apply(action)
    assert replay == fork and replay.forced_outcomes() == fork.forced_outcomes()
    plain = fork.replay(0)
    for action in fork.history[:step + 1]:  # without the forcing the die shows what it showed
        plain.apply(action)
    assert plain.chances(step)[0].outcome == game.chances(step)[0].outcome


def test_copy_forcing_from_another_game_is_refused_and_changes_nothing():
    game = pond_after(12)
    fork = game.fork(first_roll(game), chance=6)
    fork.apply(fork.legal_actions()[0])
    stranger = fork.replay(1)  # the same start, then another action
    stranger.apply(next(a for a in stranger.legal_actions() if a != fork.history[1]))

    class Variant(Pond):
        pass

    other_class = Variant.from_state(fork.to_dict()["initial"])
    for wrong in (stranger, other_class):
        replay = fork.replay(2)
        with pytest.raises(ValueError, match="copy_forcing_from takes the game this one"):
            replay.copy_forcing_from(wrong)
        assert replay.forced_outcomes() == {first_roll(game): {0: 6}}
    differently = game.fork(first_roll(game), chance=5)
    late = differently.replay(first_roll(game) + 1)
    with pytest.raises(ValueError, match="forced the actions they share differently"):
        late.copy_forcing_from(fork)
    assert late.forced_outcomes() == {first_roll(game): {0: 5}}


def test_a_fork_keeps_the_other_draws_forced_on_its_action_and_can_keep_views():
    game = next_roll(pond_after(3))
    step = len(game.history)
    game.apply(Roll())
    fork = game.fork(step, chance=3, views=True, perspective=0)
    cascade = fork.last_cascade
    assert cascade is not None and cascade.chances[0].outcome == 3
    assert cascade.views is not None and len(cascade.views) == len(cascade.events)
    assert fork.forced_outcomes() == {step: {0: 3}}
    again = fork.fork(step, chance={0: 2})
    assert again.forced_outcomes() == {step: {0: 2}}


def test_the_documented_example_forces_two_dice_in_a_recorded_apply():
    text = (ROOT / "docs" / "experiments.md").read_text(encoding="utf-8")
    section = text[text.index("## Forcing chance"):]
    code = section[section.index("```python") + len("```python"):section.index("```\n", 10)]
    scope: dict = {}
    exec(code, scope)  # the docs' own code, as a reader would run it
    game, cascade = scope["game"], scope["cascade"]
    assert [(d.name, d.outcome, d.natural) for d in cascade.chances[:2]] == [
        ("the red die", "B", "F"), ("the sky-blue die", "B", "D")]
    assert game.forced_outcomes() == {0: {0: "B", 1: "B"}} and game.history == (cascade.action,)
    assert ecogames.load(game.to_json()).forced_outcomes() == game.forced_outcomes()
    assert game.fork(0, chance={1: "C"}).forced_outcomes() == {0: {0: "B", 1: "C"}}
