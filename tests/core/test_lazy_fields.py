"""Lazy fields: an event's ``touched``, ``reads`` and ``writes`` given as ``LazyTouched`` and
``LazyKeys`` are worked out when first read, once, and read as the values they stand for."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

from ecogames.core import Action, EventLog, Game
from ecogames.core.events import Cascade, Event, LazyKeys, LazyTouched
from tests.support.pond import Pond
from tests.support.telling import RowsAndTold

MADE: list[str] = []
"""What each lazy field's ``make`` was called for, in order (the tests read it)."""


def _later(value: Any, what: str) -> Any:
    def make() -> Any:
        MADE.append(what)
        return value
    return make


class _Lazy(RowsAndTold):
    """A told log whose events' touched, reads and writes are lazy, by rows and ``told`` by
    turns."""

    __slots__ = ()

    def fields(self, touched: dict[str, tuple[Any, ...]], reads: tuple[Any, ...],
               writes: tuple[Any, ...]) -> tuple[Any, Any, Any]:
        return (LazyTouched(_later(touched, "touched")), LazyKeys(_later(reads, "reads")),
                LazyKeys(_later(list(writes), "writes")))


class LazyPond(Pond):
    """Pond told with lazy fields."""

    def _play(self, action: Action, log: EventLog) -> None:
        super()._play(action, _Lazy(log) if log.record else log)


def _play(cls: type[Game], seed: int) -> tuple[Game, list[Cascade]]:
    game = cls.new_game(players=2, seed=seed)
    choose = random.Random(seed).choice
    cascades = []
    while not game.is_over:
        cascades.append(game.apply(choose(game.legal_actions())))
    return game, cascades


def test_lazy_fields_are_made_only_when_read_and_once() -> None:
    MADE.clear()
    _, cascades = _play(LazyPond, 2)
    assert MADE == []  # nothing worked out while the game was played
    event = next(e for c in cascades for e in c.events if e.kind == "roll")
    assert type(event.touched) is LazyTouched and MADE == []
    assert dict(event.touched) == event.touched.resolved() and MADE == ["touched"]
    assert event.touched.get("die") == event.touched["die"] and "die" in event.touched
    assert list(event.reads) == list(event.reads) and MADE == ["touched", "reads"]
    assert type(event.writes.resolved()) is tuple  # (a list made a tuple)
    assert MADE == ["touched", "reads", "writes"]


def test_lazy_fields_read_as_the_values_they_stand_for() -> None:
    for seed in range(5):
        eager, by_eager = _play(Pond, seed)
        lazy, by_lazy = _play(LazyPond, seed)
        for a, b in zip(by_eager, by_lazy, strict=True):
            assert a == b and b == a and repr(a) == repr(b) and a.to_json() == b.to_json()
            assert all(type(e) is Event for e in b.events)
            for x, y in zip(a.events, b.events, strict=True):
                assert y.reads == x.reads and x.writes == y.writes
                assert hash(y.reads) == hash(x.reads) and len(y.touched) == len(x.touched)
            for other in (pickle.loads(pickle.dumps(b.events)), copy.deepcopy(b.events)):
                assert other == a.events and all(type(e.touched) is dict for e in other)
        assert eager.events_frame().equals(lazy.events_frame())
        assert sorted(eager.dependency_graph().edges) == sorted(lazy.dependency_graph().edges)
        last = (len(by_lazy) - 1, len(by_lazy[-1]) - 1)
        assert str(eager.why(last)) == str(lazy.why(last))


def test_a_lazy_field_differs_where_its_value_does() -> None:
    assert LazyTouched(lambda: {"nodes": ("fox",)}) != {"nodes": ("cat",)}
    assert LazyKeys(lambda: (("pile", 1),)) != (("pile", 2),)
    assert LazyKeys(lambda: ()) == LazyKeys(lambda: [])
