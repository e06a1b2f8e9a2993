"""A fixed numbering of every action a game can ever have: its ``Discrete`` action space.

An :class:`ActionLayout` gives each action type of a game a block of numbers, one number per
combination of the values its fields can take (the mixed-radix product of the fields'
codecs, in the dataclass's field order). A field's codec turns its value into a small whole
number: a fixed vocabulary (:class:`Vocabulary`, e.g. the six goods), a range of whole
numbers (:class:`Span`), a pair in a box (:class:`Box2`), or a number *relative to the
board* (:class:`Relative`: Tori-Tori's tokens are numbered by where they lie, a Wildlife
Web discard by which of the animal's food cards it gives up), because ids that grow during a
game cannot index a fixed space.

Within one state, two legal actions never share a number (the environment checks it); the
number of an action never depends on which other actions are legal.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Protocol

from ecogames.core import Action, Game


class EncodingError(ValueError):
    """An action whose field value has no number in the game's layout."""


class Codec(Protocol):
    @property
    def size(self) -> int: ...

    def index(self, game: Game, action: Action, value: Any) -> int: ...


@dataclass(frozen=True)
class Vocabulary:
    """One number per value, in the order given."""

    values: tuple[Hashable, ...]
    size: int = field(init=False)
    _index: Mapping[Hashable, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", len(self.values))
        object.__setattr__(self, "_index", {v: i for i, v in enumerate(self.values)})

    def index(self, game: Game, action: Action, value: Any) -> int:
        try:
            return self._index[value]
        except (KeyError, TypeError):
            raise EncodingError(f"{value!r:.60} is not one of the {self.size} values this "
                                f"field of {action.type!r} can take") from None


def vocabulary(values: Iterable[Hashable]) -> Vocabulary:
    return Vocabulary(tuple(values))


@dataclass(frozen=True)
class Span:
    """Whole numbers ``low <= value < high``."""

    low: int
    high: int

    @property
    def size(self) -> int:
        return self.high - self.low

    def index(self, game: Game, action: Action, value: Any) -> int:
        if not isinstance(value, int) or not self.low <= value < self.high:
            raise EncodingError(f"{action.type!r}: {value!r:.40} is outside "
                                f"[{self.low}, {self.high})")
        return value - self.low


@dataclass(frozen=True)
class Box2:
    """Pairs ``(a, b)`` with both in ``[low, high)``."""

    low: int
    high: int

    @property
    def size(self) -> int:
        return (self.high - self.low) ** 2

    def index(self, game: Game, action: Action, value: Any) -> int:
        side = self.high - self.low
        if (not isinstance(value, tuple) or len(value) != 2
                or not all(isinstance(v, int) and self.low <= v < self.high for v in value)):
            raise EncodingError(f"{action.type!r}: {value!r:.40} is not a pair in "
                                f"[{self.low}, {self.high})")
        return (value[0] - self.low) * side + (value[1] - self.low)


@dataclass(frozen=True)
class Relative:
    """A number read off the state: ``number(game, action, value)`` in ``range(size)``;
    ``reads_state=False`` where it reads only the action's own fields (a target numbered
    from the action's origin): its block's numbers are then remembered as a fixed block's."""

    size: int
    number: Callable[[Game, Action, Any], int]
    description: str = ""
    reads_state: bool = True

    def index(self, game: Game, action: Action, value: Any) -> int:
        n = self.number(game, action, value)
        if not 0 <= n < self.size:
            raise EncodingError(f"{action.type!r}: {value!r:.40} numbered {n}, outside "
                                f"[0, {self.size})")
        return n


@dataclass(frozen=True)
class Block:
    """The numbers of one action type: ``offset`` to ``offset + size``."""

    type: str
    offset: int
    fields: tuple[str, ...]
    codecs: tuple[Codec, ...]
    fixed: bool = True
    """No field is numbered relative to the board (``Relative.reads_state``): an action's
    number is the same in every state, so it can be remembered."""

    @property
    def size(self) -> int:
        n = 1
        for codec in self.codecs:
            n *= codec.size
        return n


class ActionLayout:
    """Every action of ``types`` numbered: ``codecs`` by field name, ``special`` by
    ``(action type, field name)`` where one type's field differs from the others'."""

    def __init__(self, types: Sequence[type[Action]], codecs: Mapping[str, Codec],
                 special: Mapping[tuple[str, str], Codec] | None = None) -> None:
        special = special or {}
        self.blocks: dict[str, Block] = {}
        offset = 0
        for cls in types:
            names = tuple(f.name for f in dataclasses.fields(cls))
            try:
                chosen = tuple(special.get((cls.type, n)) or codecs[n] for n in names)
            except KeyError as error:
                raise ValueError(f"no codec for field {error} of {cls.type!r}") from None
            block = Block(cls.type, offset, names, chosen,
                          not any(isinstance(c, Relative) and c.reads_state for c in chosen))
            self.blocks[cls.type] = block
            offset += block.size
        self.size = offset
        self._by_class: dict[type, tuple[Callable[[Action], Any], dict[Any, int]] | None] = {}

    def index(self, game: Game, action: Action) -> int:
        """The number of ``action`` (legal in ``game``)."""
        return self._index(game, action, self._by_class)

    def numbered(self, game: Game, actions: Iterable[Action]) -> dict[int, Action]:
        """``actions`` (legal in ``game``) by their numbers; two sharing one is an error."""
        out: dict[int, Action] = {}
        by_class, index = self._by_class, self._index
        for a in actions:
            memo = by_class.get(a.__class__)
            try:  # the remembered number, looked up here (a call per action costs as much)
                n = memo[1].get(memo[0](a)) if memo is not None else None
            except TypeError:  # an unhashable field value
                n = None
            if n is None:
                n = index(game, a, by_class)
            if n in out:
                raise EncodingError(f"{a!r} and {out[n]!r} share action number {n}")
            out[n] = a
        return out

    def _index(self, game: Game, action: Action,
               by_class: dict[type, tuple[Callable[[Action], Any], dict[Any, int]] | None]
               ) -> int:
        # A fixed block's number depends only on the action's field values: remembered by
        # the tuple of them (hashed and compared in C; a dataclass's own __hash__ and __eq__
        # are Python calls, which cost more than the numbering they would save)
        try:
            memo = by_class[action.__class__]
        except KeyError:
            memo = by_class[action.__class__] = self._memo(action)
        if memo is None:
            return self._number(game, action)
        key = memo[0](action)
        try:
            known = memo[1].get(key)
        except TypeError:  # an unhashable field value: numbered afresh
            return self._number(game, action)
        if known is None:
            known = memo[1][key] = self._number(game, action)
        return known

    def _memo(self, action: Action) -> tuple[Callable[[Action], Any], dict[Any, int]] | None:
        """How to remember the numbers of ``action``'s class: by its field values, when its
        block is fixed and its fields are the block's."""
        block = self.blocks.get(action.type)
        if (block is None or not block.fixed
                or tuple(f.name for f in dataclasses.fields(action)) != block.fields):
            return None
        return (attrgetter(*block.fields) if block.fields else lambda a: (), {})

    def _number(self, game: Game, action: Action) -> int:
        block = self.blocks.get(action.type)
        if block is None:
            raise EncodingError(f"{action.type!r} is not an action of this layout")
        n = 0
        for name, codec in zip(block.fields, block.codecs):
            n = n * codec.size + codec.index(game, action, getattr(action, name))
        return block.offset + n

    def table(self) -> list[dict[str, Any]]:
        """The layout for people: each type's first number, size and fields' sizes."""
        return [{"type": b.type, "offset": b.offset, "size": b.size,
                 "fields": {n: c.size for n, c in zip(b.fields, b.codecs)}}
                for b in self.blocks.values()]
