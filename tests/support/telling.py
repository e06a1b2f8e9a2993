"""A told log for core's telling tests: every other event goes in as a row (direct telling),
the rest through ``told``; a subclass may give the fields another form (``fields``)."""

from __future__ import annotations

import random
from typing import Any

from ecogames.core import EventLog, Game
from ecogames.core.events import Cascade


class RowsAndTold(EventLog):
    """Shares the wrapped log's list and views; odd events through its ``told``, even ones as
    rows."""

    __slots__ = ("_told",)

    def __init__(self, log: EventLog) -> None:
        self.record, self.events, self.views, self._snapshot = True, log.events, log.views, None
        self._told = log.told

    def fields(self, touched: dict[str, tuple[Any, ...]], reads: tuple[Any, ...],
               writes: tuple[Any, ...]) -> tuple[Any, Any, Any]:
        """An event's touched, reads and writes as this log tells them (as given here)."""
        return touched, reads, writes

    def told(self, kind: str, text: str, cause: int | None,
             touched: dict[str, tuple[Any, ...]], reads: tuple[Any, ...] = (),
             writes: tuple[Any, ...] = ()) -> int | None:
        events = self.events
        index = len(events)
        fields = self.fields(touched, reads, writes)
        if index % 2:
            return self._told(kind, text, cause, *fields)
        events.append((index, kind, text, cause, *fields))
        return index


def play_random(cls: type[Game], seed: int, **kwargs: Any) -> tuple[Game, list[Cascade]]:
    """A seeded random 2-player game of ``cls`` through ``apply(**kwargs)``, and its cascades."""
    game = cls.new_game(players=2, seed=seed)
    choose = random.Random(seed).choice
    cascades = []
    while not game.is_over:
        cascades.append(game.apply(choose(game.legal_actions()), **kwargs))
    return game, cascades
