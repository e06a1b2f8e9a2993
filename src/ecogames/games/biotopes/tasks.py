"""Biotopes — the tasks of a resolution, as frozen values.

An action of the Action Phase queues tasks (``Biotopes.queue``): pay the cost, apply the
effect, let the Reactions fire, check the hand limit, end the turn. A task that needs a
person's choice stops the queue and becomes the phase (its ``kind``). The engine resolves
each task with the handlers its table names (``rules.HANDLERS``, by task class); a task is
never changed in place (but for its cause, dropped as the told action that made it ends:
``Task.forget_cause``): the engine puts a new one (``Task.but``: a copy with some fields
changed; ``Task.caused`` and ``Pay.with_paid`` for the commonest changes) in its place. A
task queued again and again is made once with no cause and kept (:func:`kept`).

The queue is part of the saved state: each task converts to exactly the JSON object the
save format holds (``to_json``) and back (:func:`from_json`, strict: an object with unknown
or missing keys, or a value of the wrong type, is refused). ``c``, the event that set a task
off, lives in memory only: a save holds no causes.

>>> Colonize(0, "migration", (1, 2), origin=(0, 0)).to_json()
{'t': 'colonize', 'p': 0, 'how': 'migration', 'hex': [1, 2], 'origin': [0, 0]}
>>> from_json({"t": "draw", "p": 1, "n": 2})
Draw(p=1, n=2, c=None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, Self, TypeVar

from ecogames.core import schema as s
from ecogames.core.errors import SaveError

from .components import Hex

COLONIZATIONS = ("expansion", "competition", "migration")
"""The actions that colonize a hex (The Actions)."""
V = TypeVar("V")
COST_KEYS: dict[str, tuple[str, ...]] = {
    "adaptation": ("card",), "card": ("row", "col"), "reproduction": (), "transfer": (),
    "evolution": (), "expansion": ("hex",), "competition": ("hex",),
    "migration": ("hex", "origin")}
"""What each cost's ``arg`` names: the card played or used, or the hex colonized."""


@dataclass(frozen=True)
class Task:
    """One step of the resolution of an action, for player ``p`` (the one who chooses when
    it waits). ``c``: the event that set it off (told games only; never saved)."""

    kind: ClassVar[str]
    keys: ClassVar[tuple[str, ...]]
    """The keys of its saved object, in the order the engine writes them."""
    p: int
    c: int | None = field(default=None, kw_only=True, compare=False)

    @property
    def drawn(self) -> int:
        """The colour of a cube drawn from the bag and waiting to be placed (-1: none)."""
        return -1

    @classmethod
    def make(cls, **values: Any) -> Self:
        """``cls(**values)`` without the frozen ``__init__``, which sets each field through
        ``object.__setattr__`` (the engine makes a task at nearly every step): the fields by
        name, the others at their defaults; a field unknown or missing is refused with
        TypeError, as ``__init__`` refuses it."""
        defaults, names, required = _SHAPES.get(cls) or _shape(cls)
        made = _new(cls)
        fields = made.__dict__
        fields.update(defaults, **values)
        if fields.keys() != names:  # (the defaults and the values: every field, no other)
            raise TypeError(f"{cls.__name__} takes the fields {sorted(names)} (required: "
                            f"{sorted(required)}), not {sorted(values)}")
        return made

    def but(self, **changes: Any) -> Self:
        """This task with ``changes`` to some of its fields: ``dataclasses.replace`` without
        running ``__init__`` again (the engine replaces a task at nearly every step, and a
        frozen ``__init__`` sets each of up to 15 fields through ``object.__setattr__``)."""
        twin = _new(type(self))
        fields = twin.__dict__
        mine = self.__dict__
        fields.update(mine)
        fields.update(changes)  # (in two steps: ``update(mine, **changes)`` copies changes)
        if len(fields) != len(mine):  # (a change to no field of it adds one)
            raise TypeError(f"{type(self).__name__} has no field {sorted(changes)}")
        return twin

    def caused(self, c: int | None) -> Self:
        """``but(c=c)``, at half the cost (no keywords to match): the copy of a task kept
        without a cause (``kept``) that a told action queues with its cause."""
        twin = _new(type(self))
        fields = twin.__dict__
        fields.update(self.__dict__)
        fields["c"] = c
        return twin

    def forget_cause(self) -> None:
        """Drop the cause (``c``) in place, as the told action that made this task ends
        (causes live in the told action only). The one change a task takes in place: a
        task with a cause was made during that action, so nothing else holds it yet (the
        game's copies are made between actions, and the waiting choices, ``_asked``, name
        the task itself), and ``c`` is neither compared nor saved."""
        self.__dict__["c"] = None

    def to_json(self) -> dict[str, Any]:
        """The saved object: ``{"t": kind, "p": player, ...}``."""
        return {"t": self.kind, "p": self.p, **self._fields()}

    def _fields(self) -> dict[str, Any]:
        return {}

    @classmethod
    def _read(cls, data: Mapping[str, Any], where: str) -> Task:
        return cls(_int(data, "p", where))


@dataclass(frozen=True)
class Pay(Task):
    """A cost being paid (The Actions): ``what`` it pays for (``"for"`` in a save), how
    (``mode``: ``"one"`` cube, a ``"diet"`` of ``req`` types, or ``"evolution"``'s 1 to 5
    cubes of different types), the ``types`` that may pay, the ``colour`` the cube must be
    (-1: any), the card it must come from (``src``), whether from a Species card only
    (``species``), where the cubes go (``dest``: the bag or the action's space), what each
    cube ``paid`` may count as; and what the action is played on: the ``card`` played
    (Adaptation), the card whose Action is used (``at``: row, column), the ``hex``
    colonized and the migration's ``origin``."""

    kind = "pay"
    keys = ("t", "p", "for", "mode", "req", "types", "colour", "src", "species", "dest",
            "paid", "arg")
    what: str
    mode: str
    dest: str
    req: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    colour: int = -1
    src: tuple[int, int] | None = None
    species: bool = False
    paid: tuple[tuple[str, ...], ...] = ()
    card: str = ""
    at: tuple[int, int] | None = None
    hex: Hex | None = None
    origin: Hex | None = None

    def arg(self) -> dict[str, Any]:
        """What the action is played on, as a save names it (``COST_KEYS``)."""
        if self.what == "adaptation":
            return {"card": self.card}
        if self.what == "card" and self.at is not None:
            return {"row": self.at[0], "col": self.at[1]}
        out: dict[str, Any] = {}
        if self.hex is not None:
            out["hex"] = list(self.hex)
        if self.origin is not None:
            out["origin"] = list(self.origin)
        return out

    def _fields(self) -> dict[str, Any]:
        return {"for": self.what, "mode": self.mode, "req": list(self.req),
                "types": list(self.types), "colour": self.colour,
                "src": None if self.src is None else list(self.src),
                "species": self.species, "dest": self.dest,
                "paid": [list(x) for x in self.paid], "arg": self.arg()}

    def with_paid(self, cube: tuple[str, ...]) -> Pay:
        """This cost with one more cube paid, counting as ``cube`` (``but(paid=...)``
        without keywords: a diet or an Evolution is paid cube by cube)."""
        twin = _new(Pay)
        fields = twin.__dict__
        fields.update(self.__dict__)
        fields["paid"] = (*self.paid, cube)
        return twin

    @classmethod
    def _read(cls, data: Mapping[str, Any], where: str) -> Task:
        what = s.field(data, "for", str, where)
        if what not in COST_KEYS:
            raise SaveError(f"{where}: {what!r:.30} is not an action with a cost")
        arg = s.exact_keys(s.field(data, "arg", dict, where), COST_KEYS[what], f"{where}.arg")
        src = data["src"]
        return cls(_int(data, "p", where), what, s.field(data, "mode", str, where),
                   s.field(data, "dest", str, where), _strs(data, "req", where),
                   _strs(data, "types", where), _int(data, "colour", where),
                   None if src is None else _pair(src, f"{where}.src"),
                   s.field(data, "species", bool, where),
                   tuple(_strs(x, None, f"{where}.paid")
                         for x in s.field(data, "paid", list, where)),
                   s.field(arg, "card", str, f"{where}.arg") if "card" in arg else "",
                   (_int(arg, "row", f"{where}.arg"), _int(arg, "col", f"{where}.arg"))
                   if "row" in arg else None,
                   _pair(arg["hex"], f"{where}.arg.hex") if "hex" in arg else None,
                   _pair(arg["origin"], f"{where}.arg.origin") if "origin" in arg else None)


@dataclass(frozen=True)
class Breed(Task):
    """Cubes to place on Species cards, one per entry of ``cards`` (row, column): an
    Adaptation's new card (twice with an Extra Cube habitat), or Reproduction's."""

    kind = "breed"
    keys = ("t", "p", "cards")
    cards: tuple[tuple[int, int], ...]

    def _fields(self) -> dict[str, Any]:
        return {"cards": [list(x) for x in self.cards]}

    @classmethod
    def _read(cls, data: Mapping[str, Any], where: str) -> Task:
        return cls(_int(data, "p", where), tuple(
            _pair(x, f"{where}.cards") for x in s.field(data, "cards", list, where)))


@dataclass(frozen=True)
class Prey(Task):
    """A Predatory Species just played (``card``) takes its prey."""

    kind = "prey"
    keys = ("t", "p", "card")
    card: str

    def _fields(self) -> dict[str, Any]:
        return {"card": self.card}

    @classmethod
    def _read(cls, data: Mapping[str, Any], where: str) -> Task:
        return cls(_int(data, "p", where), s.field(data, "card", str, where))


@dataclass(frozen=True)
class React(Task):
    """``p``'s Reaction ``card`` to the card ``played``; once ``fired``, it waits for its
    owner's choice (with the cube drawn from the bag, ``colour``, for a cube)."""

    kind = "react"
    keys = ("t", "p", "card", "played", "fired", "colour")
    card: str
    played: str
    fired: bool = False
    colour: int = -1

    @property
    def drawn(self) -> int:
        return self.colour

    def _fields(self) -> dict[str, Any]:
        return {"card": self.card, "played": self.played, "fired": self.fired,
                "colour": self.colour}

    @classmethod
    def _read(cls, data: Mapping[str, Any], where: str) -> Task:
        return cls(_int(data, "p", where), s.field(data, "card", str, where),
                   s.field(data, "played", str, where), s.field(data, "fired", bool, where),
                   _int(data, "colour", where))


@dataclass(frozen=True)
class Draw(Task):
    """``n`` cards still to draw, one at a time (Evolution, card rewards)."""

    kind = "draw"
    keys = ("t", "p", "n")
    n: int

    def _fields(self) -> dict[str, Any]:
        return {"n": self.n}

    @classmethod
    def _read(cls, data: Mapping[str, Any], where: str) -> Task:
        return cls(_int(data, "p", where), _int(data, "n", where))


@dataclass(frozen=True)
class Cube(Task):
    """A cube to draw from the bag and put on a card of its colour (``colour``: -1 until it
    is drawn)."""

    kind = "cube"
    keys = ("t", "p", "colour")
    colour: int = -1

    @property
    def drawn(self) -> int:
        return self.colour

    def _fields(self) -> dict[str, Any]:
        return {"colour": self.colour}

    @classmethod
    def _read(cls, data: Mapping[str, Any], where: str) -> Task:
        return cls(_int(data, "p", where), _int(data, "colour", where))


@dataclass(frozen=True)
class Fallback(Task):
    """The token of ``owner`` on ``hex``, pushed out by a Competition, falls back (``p``
    chooses where: its owner, or the player for a neutral token)."""

    kind = "fallback"
    keys = ("t", "p", "owner", "hex")
    owner: int
    hex: Hex

    def _fields(self) -> dict[str, Any]:
        return {"owner": self.owner, "hex": list(self.hex)}

    @classmethod
    def _read(cls, data: Mapping[str, Any], where: str) -> Task:
        return cls(_int(data, "p", where), _int(data, "owner", where),
                   _pair(data["hex"], f"{where}.hex"))


@dataclass(frozen=True)
class Move(Task):
    """A Discreet Species' ``n`` cube moves still to make."""

    kind = "move"
    keys = ("t", "p", "n")
    n: int

    def _fields(self) -> dict[str, Any]:
        return {"n": self.n}

    @classmethod
    def _read(cls, data: Mapping[str, Any], where: str) -> Task:
        return cls(_int(data, "p", where), _int(data, "n", where))


@dataclass(frozen=True)
class EvolutionDiscard(Task):
    """Evolution's discards: ``n`` cubes were moved, ``d`` cards discarded so far."""

    kind = "evo_discard"
    keys = ("t", "p", "n", "d")
    n: int
    d: int = 0

    def _fields(self) -> dict[str, Any]:
        return {"n": self.n, "d": self.d}

    @classmethod
    def _read(cls, data: Mapping[str, Any], where: str) -> Task:
        return cls(_int(data, "p", where), _int(data, "n", where), _int(data, "d", where))


@dataclass(frozen=True)
class Discard(Task):
    """The hand limit: discard down to 5 cards."""

    kind = "discard"
    keys = ("t", "p")


@dataclass(frozen=True)
class Reproduce(Task):
    """Reproduction's effect (never waits: a save holds none)."""

    kind = "reproduce"
    keys = ("t", "p")


@dataclass(frozen=True)
class Transfer(Task):
    """Transfer's effect (never waits: a save holds none)."""

    kind = "transfer"
    keys = ("t", "p")


@dataclass(frozen=True)
class Colonize(Task):
    """Colonize ``hex`` by Expansion, Competition or Migration (``how``), from ``origin``
    for a Migration."""

    kind = "colonize"
    keys = ("t", "p", "how", "hex")
    how: str
    hex: Hex
    origin: Hex | None = None

    def _fields(self) -> dict[str, Any]:
        out: dict[str, Any] = {"how": self.how, "hex": list(self.hex)}
        if self.origin is not None:
            out["origin"] = list(self.origin)
        return out

    @classmethod
    def _read(cls, data: Mapping[str, Any], where: str) -> Task:
        how = s.field(data, "how", str, where)
        return cls(_int(data, "p", where), how, _pair(data["hex"], f"{where}.hex"),
                   _pair(data["origin"], f"{where}.origin") if how == "migration" else None)


@dataclass(frozen=True)
class End(Task):
    """The end of the acting player's action: the hand limit, then the next turn."""

    kind = "end"
    keys = ("t", "p")


_SHAPES: dict[type[Task], tuple[dict[str, Any], frozenset[str], frozenset[str]]] = {}
_new = object.__new__

KEPT_MAX = 4096
"""The most tasks one table of ``kept`` holds (it starts again when full)."""


def kept(table: dict[Any, V], key: Any, task: V) -> V:
    """``task`` kept in ``table`` under ``key`` and given back: a task the engine queues
    again and again (a colonization's cost, a draw of ``n`` cards), made once with no
    cause and then found by its key, where ``make`` matches a dozen keywords at each call
    (a told action queues a copy with its cause: ``Task.caused``); or a task with what
    goes with it. Frozen values, shared like ``rules._ENDS``; a table that reaches
    ``KEPT_MAX`` entries starts again."""
    if len(table) >= KEPT_MAX:
        table.clear()
    table[key] = task
    return task


def _shape(cls: type[Task]) -> tuple[dict[str, Any], frozenset[str], frozenset[str]]:
    """A task class's defaults, field names and required fields (worked out once)."""
    found = _SHAPES.get(cls)
    if found is None:
        defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
        names = frozenset(f.name for f in fields(cls))
        found = _SHAPES[cls] = (defaults, names, names - defaults.keys())
    return found


TASK_TYPES: tuple[type[Task], ...] = (Pay, Breed, Prey, React, Draw, Cube, Fallback, Move,
                                      EvolutionDiscard, Discard, Reproduce, Transfer,
                                      Colonize, End)
BY_KIND: dict[str, type[Task]] = {cls.kind: cls for cls in TASK_TYPES}
TASK_KINDS = frozenset(BY_KIND)
SAVED: dict[str, type[Task]] = {cls.kind: cls for cls in TASK_TYPES
                                if cls not in (Reproduce, Transfer)}
"""The tasks a saved queue may hold. Reproduction's and Transfer's effects never wait for
anyone, so a saved state never holds them."""
TASK_KEYS: dict[str, tuple[str, ...]] = {kind: cls.keys for kind, cls in SAVED.items()}


def keys_of(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The keys a saved task of ``data``'s kind holds (a migration also names its origin)."""
    keys = TASK_KEYS[data["t"]]
    if data["t"] == "colonize" and data.get("how") == "migration":
        return (*keys, "origin")
    return keys


def from_json(data: Any, where: str = "task") -> Task:
    """The task a saved object holds (strict: see the module's docstring)."""
    kind = data.get("t") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in SAVED:
        raise SaveError(f"{where} is not a task the engine queues: {data!r:.60}")
    s.exact_keys(data, keys_of(data), where)
    return SAVED[kind]._read(data, where)


def _int(data: Mapping[str, Any], key: str, where: str) -> int:
    value: int = s.field(data, key, int, where)
    return value


def _pair(value: Any, where: str) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(
            isinstance(x, int) and not isinstance(x, bool) for x in value)):
        raise SaveError(f"{where} holds {value!r:.30}, not a pair of integers")
    return (value[0], value[1])


def _strs(data: Any, key: str | None, where: str) -> tuple[str, ...]:
    value = data if key is None else s.field(data, key, list, where)
    if not isinstance(value, list) or any(not isinstance(x, str) for x in value):
        raise SaveError(f"{where} must be a list of names")
    return tuple(value)
