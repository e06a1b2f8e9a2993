"""Issue 23 is behaviour-preserving: the same games, move for move, before and after.

Each case replays a seeded game (random, greedy and MCTS bots, every game and player count)
and compares its digest with the one recorded before the refactor (see
``tests/support/fingerprint.py``). A mismatch means the code now plays a different game.
"""

from __future__ import annotations

import json

import pytest

from tests.support.fingerprint import RECORDED, Case, cases, fingerprint

_RECORDED: dict[str, str] = json.loads(RECORDED.read_text())


@pytest.mark.parametrize("case", list(cases()), ids=lambda case: case.key)
def test_the_same_game_move_for_move(case: Case) -> None:
    assert fingerprint(case) == _RECORDED[case.key], (
        f"{case.key} plays differently from the recorded game")


def test_every_recorded_case_is_still_checked() -> None:
    assert sorted(_RECORDED) == sorted(case.key for case in cases())
