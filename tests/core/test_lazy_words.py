"""Words made when read: a narrator may tell an event's sentence as ``(make, *args)``, and
the cascade's Event holds ``make(*args)``, made when its events are first read."""

from __future__ import annotations

import copy
import pickle
from typing import Any

from ecogames.core import Action, EventLog
from ecogames.core.events import Event
from tests.support.pond import Pond
from tests.support.telling import RowsAndTold, play_random


class _Words(RowsAndTold):
    """Tells every sentence as words made when read, cut in two (rows and ``told`` by
    turns)."""

    __slots__ = ()

    def told(self, kind: str, text: Any, cause: int | None,
             touched: dict[str, tuple[Any, ...]], reads: tuple[Any, ...] = (),
             writes: tuple[Any, ...] = ()) -> int | None:
        return super().told(kind, (str.__add__, text[:4], text[4:]), cause, touched, reads,
                            writes)


class WordyPond(Pond):
    def _play(self, action: Action, log: EventLog) -> None:
        super()._play(action, _Words(log) if log.record else log)


def test_words_made_when_read_are_the_sentences_told() -> None:
    told = 0
    for seed in range(6):
        plain, by_plain = play_random(Pond, seed)
        wordy, by_words = play_random(WordyPond, seed)
        for a, b in zip(by_plain, by_words, strict=True):
            kept = vars(b).get("_told", ())
            assert all(type(row[2]) is tuple for row in kept)  # (nothing formatted yet)
            told += len(kept)
            assert a == b and repr(a) == repr(b) and a.to_json() == b.to_json()
            assert all(type(e) is Event and type(e.text) is str for e in b.events)
            assert b.events is b.events  # made once, then kept
        assert plain.events_frame().equals(wordy.events_frame())
    assert told >= 20


def test_unread_words_copy_and_pickle_as_the_sentences() -> None:
    _, by_plain = play_random(Pond, 2)
    _, by_words = play_random(WordyPond, 2)
    for a, b in zip(by_plain, by_words, strict=True):
        if "_told" not in vars(b) or "_drawn" in vars(b):  # (a roll's words do not pickle)
            continue
        for other in (copy.copy(b), copy.deepcopy(b), pickle.loads(pickle.dumps(b))):
            assert other.events == a.events


def test_words_in_a_log_that_keeps_views() -> None:
    _, by_plain = play_random(Pond, 1, views=True)
    _, by_words = play_random(WordyPond, 1, views=True)
    for a, b in zip(by_plain, by_words, strict=True):
        assert a.events == b.events and a.views == b.views
