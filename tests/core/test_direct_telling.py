"""Direct telling: a narrator appends an event's seven fields as a row to ``log.events``
(no call of ``told``), and a cascade makes its Events when they are first read."""

from __future__ import annotations

import copy
import dataclasses
import pickle

from ecogames.core import Action, EventLog
from ecogames.core.chance import ChanceDraw
from ecogames.core.events import Cascade, Event
from tests.support.pond import Pond, Roll
from tests.support.telling import RowsAndTold, play_random


class RowPond(Pond):
    """Pond told through rows and ``told`` by turns."""

    def _play(self, action: Action, log: EventLog) -> None:
        super()._play(action, RowsAndTold(log) if log.record else log)


def _assert_made(cascade: Cascade) -> None:
    """Every field of a cascade, once read, is kept as a field (nothing left to make)."""
    names = [f.name for f in dataclasses.fields(Cascade)]
    assert all(getattr(cascade, name) is vars(cascade)[name] for name in names)
    assert sorted(vars(cascade)) == sorted(names)


def test_rows_make_the_very_events_told_would() -> None:
    for seed in range(6):
        told, by_told = play_random(Pond, seed)
        rows, by_rows = play_random(RowPond, seed)
        assert all("events" not in vars(c) for c in by_rows if "_told" in vars(c))
        assert sum(len(c.events) for c in by_rows) >= 8  # (made now, when read)
        for a, b in zip(by_told, by_rows, strict=True):
            assert a == b and repr(a) == repr(b)
            assert all(type(e) is Event for e in b.events)
            assert a.events == b.events and a.to_json() == b.to_json()
        assert told.events_frame().equals(rows.events_frame())
        assert sorted(told.dependency_graph().edges) == sorted(rows.dependency_graph().edges)


def test_events_left_to_be_read_read_as_events_given_in_every_way() -> None:
    _, cascades = play_random(RowPond, 3)
    number = max(range(len(cascades)), key=lambda n: len(vars(cascades[n]).get("_told", ())))
    lazy = copy.copy(cascades[number])
    vars(lazy).pop("_drawn", None)  # (a roll's die words, a lambda, do not pickle)
    vars(lazy)["chances"] = ()
    assert len(vars(lazy)["_told"]) >= 2 and "events" not in vars(lazy)
    unread = (pickle.loads(pickle.dumps(lazy)), copy.copy(lazy), copy.deepcopy(lazy))
    given = Cascade(lazy.action, lazy.label, play_random(Pond, 3)[1][number].events, lazy.views)
    for other in unread:
        assert other == given and other.events == given.events
    assert dataclasses.asdict(lazy) == dataclasses.asdict(given)
    assert dataclasses.replace(lazy, label="x").events == given.events
    assert lazy.causes(len(lazy) - 1) == given.causes(len(given) - 1)
    assert lazy.events is lazy.events  # made once, then kept as a field
    _assert_made(lazy)
    assert Cascade(Roll(), "Roll the die").events == ()  # (the field's default)


def test_a_log_that_keeps_views_takes_one_after_each_row() -> None:
    for seed in range(4):
        _, by_told = play_random(Pond, seed, views=True)
        _, by_rows = play_random(RowPond, seed, views=True)
        for a, b in zip(by_told, by_rows, strict=True):
            assert b.views is not None and len(b.views) == len(b.events)
            assert a.views == b.views and a.events == b.events


def test_draws_left_to_be_read_read_as_draws_given() -> None:
    _, cascades = play_random(Pond, 1)
    rolled = [c for c in cascades if "_drawn" in vars(c)]
    assert rolled and all("chances" not in vars(c) for c in rolled)
    for lazy in rolled:
        unread = (copy.copy(lazy), copy.deepcopy(lazy))
        (drawn,) = lazy.chances
        assert type(drawn) is ChanceDraw and lazy.chances is lazy.chances
        assert vars(drawn) == vars(ChanceDraw(**vars(drawn)))
        given = Cascade(lazy.action, lazy.label, lazy.events, lazy.views, (drawn,))
        assert all(other == given and other.chances == (drawn,) for other in unread)
        assert dataclasses.asdict(lazy) == dataclasses.asdict(given)
        _assert_made(lazy)
