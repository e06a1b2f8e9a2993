"""Events tell what the rules did; a Cascade is the events of one action and their causes."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from .chance import ChanceDraw, made

if TYPE_CHECKING:
    import networkx as nx

    from .actions import Action

ROOT = "action"
"""The node of ``Cascade.graph()`` that stands for the action itself."""


class Event(NamedTuple):
    """One thing the rules did.

    ``touched`` names what it touched, by kind: ``{"sectors": (4,), "nodes": ("cat",),
    "edges": (("guinea_pig", "cat"),)}``; ``nodes``/``edges`` are food-web ids.
    ``cause`` is the index of the event that set this one off, ``None`` for the action.

    ``reads`` and ``writes`` name the parts of the state the event read and changed, as keys
    (``("pile", 4)``, ``("token", 17)``, ``("gone", "token:17")``): core links an event that
    read a key to the last event, in any earlier action, that wrote it (``core.provenance``,
    which says which keys have a meaning of their own: ``("chance", n)``, ``("gone", id)``,
    ``("extinct", species)``, ``("outcome",)``).

    A named tuple (immutable, and made three times faster than a frozen dataclass: every
    action a person plays makes a few).
    """

    index: int  # type: ignore[assignment]  # the field shadows tuple.index, on purpose
    kind: str
    text: str
    cause: int | None = None
    touched: Mapping[str, tuple[Any, ...]] = MappingProxyType({})
    reads: tuple[Any, ...] = ()
    writes: tuple[Any, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "kind": self.kind,
            "text": self.text,
            "cause": self.cause,
            "touched": {k: [list(v) if isinstance(v, tuple) else v for v in vs]
                        for k, vs in self.touched.items()},
        }


class LazyTouched(Mapping[str, tuple[Any, ...]]):
    """An event's ``touched`` worked out when first read: ``LazyTouched(make)`` stands for
    the dict ``make()`` returns (called once, on the first look, and kept), so a narrator
    whose touched things cost a walk that only ``why()`` and the views read pays for it only
    when read. Reads, compares, prints, pickles and copies as that dict (pickled and copied
    it *is* that dict).

    ``make`` takes no argument and must give the same dict whenever it is called: it may
    read only what it closed over, never the live game (which later actions change). A row
    or ``told`` takes it as ``touched``, as it takes a dict of its own."""

    __slots__ = ("_make", "_value")

    def __init__(self, make: Callable[[], dict[str, tuple[Any, ...]]]) -> None:
        self._make: Callable[[], dict[str, tuple[Any, ...]]] | None = make
        self._value: dict[str, tuple[Any, ...]] | None = None

    def resolved(self) -> dict[str, tuple[Any, ...]]:
        """The dict itself (made now if not yet)."""
        value = self._value
        if value is None:
            value = self._value = self._make()  # type: ignore[misc]  # (set until made)
            self._make = None
        return value

    def __getitem__(self, key: str) -> tuple[Any, ...]:
        return self.resolved()[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.resolved().get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self.resolved()

    def __iter__(self) -> Iterator[str]:
        return iter(self.resolved())

    def __len__(self) -> int:
        return len(self.resolved())

    def __eq__(self, other: object) -> bool:
        return self.resolved() == (other.resolved() if isinstance(other, LazyTouched)
                                   else other)

    __hash__ = None  # type: ignore[assignment]  # (as a dict's)

    def __repr__(self) -> str:
        return repr(self.resolved())

    def __reduce__(self) -> tuple[Any, ...]:
        return dict, (self.resolved(),)


class LazyKeys(Sequence[Any]):
    """An event's ``reads`` or ``writes`` worked out when first read: ``LazyKeys(make)``
    stands for the tuple of keys ``make()`` returns, as :class:`LazyTouched` for its dict
    (the same vow: ``make`` reads only what it closed over). Reads, compares (with tuples
    too), hashes, prints, pickles and copies as that tuple."""

    __slots__ = ("_make", "_value")

    def __init__(self, make: Callable[[], tuple[Any, ...]]) -> None:
        self._make: Callable[[], tuple[Any, ...]] | None = make
        self._value: tuple[Any, ...] | None = None

    def resolved(self) -> tuple[Any, ...]:
        """The tuple itself (made now if not yet)."""
        value = self._value
        if value is None:
            value = self._value = tuple(self._make())  # type: ignore[misc]  # (set until made)
            self._make = None
        return value

    def __getitem__(self, index: Any) -> Any:
        return self.resolved()[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self.resolved())

    def __len__(self) -> int:
        return len(self.resolved())

    def __contains__(self, key: object) -> bool:
        return key in self.resolved()

    def __eq__(self, other: object) -> bool:
        return self.resolved() == (other.resolved() if isinstance(other, LazyKeys)
                                   else other)

    def __hash__(self) -> int:
        return hash(self.resolved())

    def __repr__(self) -> str:
        return repr(self.resolved())

    def __reduce__(self) -> tuple[Any, ...]:
        return tuple, (self.resolved(),)


_new_event = tuple.__new__
"""Makes an Event from all its fields at once (a NamedTuple's own ``__new__`` is a Python
function that passes them on: half the cost of telling an event)."""
_as_event: Callable[[tuple[Any, ...]], Event] = partial(_new_event, Event)
"""The Event of a row of its seven fields (or an Event's equal copy), made in C."""
_text = itemgetter(2)
_STR = frozenset({str})
"""The one type of a sentence made (``issuperset`` checks a cascade's texts in C)."""

Words = tuple[Any, ...]
"""An event's sentence left to be made (``EventLog``'s *words made when read*): a tuple
``(make, *args)`` standing for the str ``make(*args)``."""


def _worded(event: Event) -> Event:
    """``event`` with its sentence made, where it was left as :data:`Words`."""
    text: Any = event[2]
    if type(text) is str:
        return event
    return _new_event(Event, (event[0], event[1], text[0](*text[1:]), *event[3:]))


class _Viewed(list):  # type: ignore[type-arg]  # (of Events and rows, as EventLog.events)
    """The ``events`` of a log that keeps views: its ``append`` (a narrator's direct event
    as much as :meth:`EventLog.told`'s) takes the view after the event."""

    __slots__ = ("_snapshot", "_views")

    def __init__(self, views: list[Any], snapshot: Callable[[], Any]) -> None:
        super().__init__()
        self._views = views
        self._snapshot = snapshot

    def append(self, event: Any) -> None:
        list.append(self, event)
        self._views.append(self._snapshot())


class EventLog:
    """Where a game's rules tell what they do while one action resolves.

    With ``record=False`` (bots, simulations) ``emit`` does nothing and returns ``None``,
    so the rules pay almost nothing for telling. With ``snapshot`` set, the view after each
    event is kept for step-by-step replay.

    **Direct telling** (no call per event). While ``record`` is True, a narrator may add an
    event itself, as its seven fields in a plain tuple, a *row*, appended to ``events``::

        events = log.events            # (read once per action: the list stays the same)
        index = len(events)
        events.append((index, kind, text, cause, touched, reads, writes))

    This is exactly the event ``told(kind, text, cause, touched, reads, writes)`` makes, at
    about half the cost: no Python call, and the :class:`Event` itself is made only when the
    cascade's ``events`` are first read (``Cascade.events``: the same Events, equal, pickled
    and copied alike). The narrator vouches for what ``told`` would take on trust or check:

    - all seven fields, in :class:`Event`'s order (``reads`` and ``writes`` ``()`` when
      none); ``index`` is ``len(events)`` just before the append;
    - ``cause`` is ``None`` or the index of an earlier event of this action (``told``
      checks it; a row is not checked);
    - ``touched`` is a dict of its own (not shared with another event) whose values are
      tuples; ``reads`` and ``writes`` are tuples of keys (see :class:`Event`);
    - it appends with ``append`` (bound once is fine): a log that keeps views takes the view
      after each event in its list's ``append``;
    - only while ``record`` is True (never into a silent log: check ``log.record`` once,
      as the action starts).

    **Lazy fields.** ``touched`` may be a :class:`LazyTouched` and ``reads``/``writes`` a
    :class:`LazyKeys` (in a row or given to ``told``): what they stand for is worked out when
    first read (``why()``, the views, ``Event.to_json``), not while the action resolves.

    **Words made when read.** ``text`` (in a row, or given to ``told``, ``event`` or
    ``emit``) may be a tuple ``(make, *args)``, :data:`Words`: the sentence is
    ``make(*args)``, made when the cascade's events are first read (the Event's ``text`` is
    then that str), so an action whose events nobody reads formats none: ``(str.format,
    "The {} in sector {} eats", species, sector)`` instead of an f-string, at the cost of a
    tuple. ``make`` must give the same str whenever called, and the ``args`` are values
    that never change (numbers, strings, tuples of them), never the live game or a list it
    keeps. The tuple is what a rule reading its own events back (``log.events[i]``) sees.

    Rows and ``told``'s Events may be mixed in one action. A rule that reads its own events
    back while the action resolves (``log.events[i]``) gets what was appended: a row where
    it appended a row (``tuple.__new__(Event, row)`` makes it an Event).
    """

    __slots__ = ("_snapshot", "events", "record", "views")

    def __init__(self, record: bool = True, snapshot: Callable[[], Any] | None = None) -> None:
        self.record = record
        self.views: list[Any] | None = [] if snapshot is not None else None
        self.events: list[Any] = [] if snapshot is None \
            else _Viewed(self.views, snapshot)  # type: ignore[arg-type]  # (set just above)
        """The action's events so far, as told: Events (``told``) and rows (direct telling,
        plain tuples of an Event's seven fields), in order."""
        self._snapshot = snapshot

    def emit(self, kind: str, text: str | Words, *, cause: int | None = None,
             reads: Sequence[Any] = (), writes: Sequence[Any] = (),
             **touched: Sequence[Any]) -> int | None:
        """Record an event and return its index, to be used as the ``cause`` of its effects.
        ``reads``/``writes``: the state keys it read and changed (see :class:`Event`)."""
        if not self.record:
            return None
        # touched is a fresh dict of the keywords: its values become tuples in place
        for key, value in touched.items():
            if type(value) is not tuple:
                touched[key] = tuple(value)
        return self.told(kind, text, cause, touched,  # type: ignore[arg-type]  # tuples now
                         tuple(reads), tuple(writes))

    def event(self, kind: str, text: str | Words, cause: int | None,
              touched: Mapping[str, Sequence[Any]], reads: Sequence[Any] = (),
              writes: Sequence[Any] = ()) -> int | None:
        """:meth:`emit` with ``touched`` as one mapping (a narrator that already holds it
        passes it on without unpacking it again)."""
        if not self.record:
            return None
        return self.told(kind, text, cause,
                         dict(zip(touched, map(tuple, touched.values()))) if touched else {},
                         tuple(reads), tuple(writes))

    def told(self, kind: str, text: str | Words, cause: int | None,
             touched: dict[str, tuple[Any, ...]], reads: tuple[Any, ...] = (),
             writes: tuple[Any, ...] = ()) -> int | None:
        """:meth:`event` for a narrator that holds ``touched``'s values, ``reads`` and
        ``writes`` as tuples already (and a ``touched`` dict of its own): the event is made of
        them as they are, where ``event`` would copy each again. Every event is made here."""
        if not self.record:
            return None
        events = self.events
        index = len(events)
        if cause is not None and not 0 <= cause < index:
            raise ValueError(f"event {index} cannot be caused by event {cause}")
        # (a log that keeps views takes the view in its list's append: see _Viewed)
        events.append(_new_event(Event, (index, kind, text, cause, touched, reads, writes)))
        return index


class Telling(EventLog):
    """``EventLog(True)``, the log of a told ``apply`` without views (``Game.apply`` makes
    it): :meth:`told`, the narrators' hottest call, skips the checks of ``record`` and of a
    snapshot, neither of which it has."""

    __slots__ = ()
    # (its views and snapshot are always these: read from the class, so a Telling made
    # without __init__ sets its record and events alone; they shadow EventLog's slots.
    # record stays a slot: the narrators read it a few times an action, a slot ~60
    # instructions, a class attribute through its instance ~190)
    views = None
    _snapshot = None

    def __init__(self) -> None:
        self.record = True
        self.events = []

    def told(self, kind: str, text: str | Words, cause: int | None,
             touched: dict[str, tuple[Any, ...]], reads: tuple[Any, ...] = (),
             writes: tuple[Any, ...] = ()) -> int | None:
        events = self.events
        index = len(events)
        if cause is not None and not 0 <= cause < index:
            raise ValueError(f"event {index} cannot be caused by event {cause}")
        events.append(_new_event(Event, (index, kind, text, cause, touched, reads, writes)))
        return index


class Told(Telling):
    """A :class:`Telling` made by a plain class call, in C (``object.__init__``: no Python
    ``__init__`` to run), for ``Game.apply``, which sets its ``record`` to True and its
    ``events`` to a new list."""

    __slots__ = ()
    __init__ = object.__init__  # (events set by the caller)


@dataclass(frozen=True)
class Cascade:
    """The events one action set off, in order, with the view after each when recorded.

    ``label`` is the action in words, as the game's ``describe`` said them before the action
    changed the state. Lazy telling: when the game says an action's words are its own
    (``Game.own_labels``), or when the action was told nothing (``apply(record=False)``),
    ``Game.apply`` leaves ``label`` out and it is ``action.label()``, worked out when first
    read and kept: the same string, equality, pickling and copies as a label given.

    ``events`` and ``chances`` likewise: ``Game.apply`` keeps what the action told as it
    came (Events and the rows of direct telling, see :class:`EventLog`) and its draws as
    their fields (``chance.Drawn``); the Events and ChanceDraws are made of them when first
    read, then kept: the same objects, equality, pickling and copies as ones given. And
    ``views``, where none were kept, is ``None`` when first read (kept then, as given).
    """

    action: Action
    label: str
    """The action in words (see above: worked out when first read where it was left out)."""
    events: tuple[Event, ...] = ()
    views: tuple[Any, ...] | None = None
    chances: tuple[ChanceDraw, ...] = ()
    """The action's chance draws (dice, shuffles, cards drawn), in the order made."""

    if not TYPE_CHECKING:  # (a type checker still sees every other attribute as missing)
        def __getattr__(self, name: str) -> Any:
            """``label`` when it was left out (the only field that can be): the action's own,
            worked out now and kept."""
            fields = self.__dict__
            if name != "label" or "action" not in fields:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute "
                                     f"{name!r}")
            label = fields["label"] = fields["action"].label()
            return label

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __getitem__(self, index: int) -> Event:
        return self.events[index]

    def of_kind(self, *kinds: str) -> list[Event]:
        return [e for e in self.events if e.kind in kinds]

    def causes(self, index: int) -> list[Event]:
        """The chain of events from the root cause down to event ``index`` (inclusive)."""
        chain = []
        current: int | None = index
        while current is not None:
            chain.append(self.events[current])
            current = self.events[current].cause
        return chain[::-1]

    def graph(self) -> nx.DiGraph[Any]:
        """The cause tree: ``"action"`` -> first effects -> their effects ..."""
        import networkx as nx

        g: nx.DiGraph[Any] = nx.DiGraph()
        g.add_node(ROOT, kind="action", text=self.label)
        for e in self.events:
            g.add_node(e.index, kind=e.kind, text=e.text)
            g.add_edge(ROOT if e.cause is None else e.cause, e.index)
        return g

    def to_json(self, *, views: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "label": self.label,
            "action": self.action.to_json(),
            "events": [e.to_json() for e in self.events],
        }
        if views and self.views is not None:
            data["views"] = list(self.views)
        return data


class _ToldEvents:
    """``Cascade.events`` where ``Game.apply`` left them to be made (its dict holds
    ``"_told"``, what the action told, instead): made when first read, and kept in the
    dict as a field given would be (a descriptor without ``__set__``: once kept, the dict's
    value is read straight). Read from the class, the field's default, ``()``."""

    def __get__(self, cascade: Cascade | None, owner: type | None = None) -> Any:
        if cascade is None:
            return ()
        fields = cascade.__dict__
        events = tuple(map(_as_event, fields.pop("_told", ())))
        if not _STR.issuperset(map(type, map(_text, events))):  # words made when read
            events = tuple(map(_worded, events))
        fields["events"] = events
        return events


class _Drawn:
    """``Cascade.chances`` where ``Game.apply`` left them to be made (its dict holds
    ``"_drawn"``, each draw's fields, ``chance.Drawn``, instead), as :class:`_ToldEvents`."""

    def __get__(self, cascade: Cascade | None, owner: type | None = None) -> Any:
        if cascade is None:
            return ()
        fields = cascade.__dict__
        chances = fields["chances"] = tuple(map(made, fields.pop("_drawn", ())))
        return chances


class _NoViews:
    """``Cascade.views`` where ``Game.apply`` kept none (its dict holds no ``"views"``):
    ``None``, kept in the dict when first read, as :class:`_ToldEvents` keeps its events.
    Read from the class, the field's default, ``None``."""

    def __get__(self, cascade: Cascade | None, owner: type | None = None) -> Any:
        if cascade is not None:
            cascade.__dict__["views"] = None
        return None


Cascade.events = _ToldEvents()  # type: ignore[assignment]  # (the default stays ())
Cascade.chances = _Drawn()  # type: ignore[assignment]  # (the default stays ())
Cascade.views = _NoViews()  # type: ignore[assignment]  # (the default stays None)
