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


def assert_events_told_alike_with_and_without_step_views(new_game, kinds: set[str]) -> None:
    """Random games of every player count played twice, with step views kept and without:
    ``EventLog.told`` makes the same events either way, field for field (reads and writes
    included), their parts tuples; the games tell at least ``kinds``."""
    import random

    for players in (2, 3, 4):
        choose = random.Random(players).choice
        fast = new_game(players=players, seed=players)
        logged = new_game(players=players, seed=players)
        seen = set()
        while not fast.is_over:
            action = choose(fast.legal_actions())
            told, viewed = fast.apply(action), logged.apply(action, views=True)
            assert [tuple(e) for e in told.events] == [tuple(e) for e in viewed.events]
            assert all(type(v) is tuple for e in told.events for v in e.touched.values())
            assert all(type(e.reads) is tuple and type(e.writes) is tuple for e in told.events)
            seen.update(e.kind for e in told.events)
        assert kinds <= seen
