"""Checks every game's why invariants share (issue 20): used by the generic random-play suite
(tests/games/test_why_random_play.py) and each game's own why tests."""

from __future__ import annotations

from ecogames.core import Provenance


def assert_points_back_in_time(prov: Provenance) -> None:
    """Every dependency points back in time: an event depends only on earlier events (in its
    own action or an earlier one), and on its own action's choice and draws."""
    for node, parents in prov.parents.items():
        for parent in parents:
            if parent[0] == "event":
                assert parent[1:] < node[1:], (parent, node)
            else:
                assert parent[1] == node[1], (parent, node)
