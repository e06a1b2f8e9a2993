"""Actions: small frozen values with a JSON form ``{"type": "...", ...fields}``.

A game declares its actions as frozen dataclasses that subclass :class:`Action` and set
``type``. ``ActionCodec`` reads the JSON form back, checking every field against the
dataclass annotations, so a malformed message never reaches the rules.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, cast

from .errors import MalformedAction

JSON = dict[str, Any]


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every action. Subclasses are ``@dataclass(frozen=True)`` and set ``type``."""

    type: ClassVar[str] = ""

    def to_json(self) -> JSON:
        data: JSON = {"type": self.type}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data

    def label(self) -> str:
        """A short text for people; games override it with the rulebook's words."""
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{self.type}({args})" if args else self.type


class ActionCodec:
    """Reads the JSON form of one game's actions, strictly."""

    def __init__(self, action_types: Iterable[type[Action]]) -> None:
        self._types: dict[str, type[Action]] = {}
        self.classes: frozenset[type[Action]] = frozenset()
        """The game's own action classes (one of them is parsed as it is)."""
        self._fields: dict[str, tuple[tuple[str, Any], ...]] = {}
        for cls in action_types:
            if not cls.type:
                raise TypeError(f"{cls.__name__} has no 'type' name")
            if cls.type in self._types:
                raise TypeError(f"two actions are called {cls.type!r}")
            hints = typing.get_type_hints(cls)
            self._types[cls.type] = cls
            self.classes |= {cls}
            self._fields[cls.type] = tuple(
                (f.name, hints[f.name]) for f in dataclasses.fields(cls)
            )

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._types)

    def parse(self, data: Action | Mapping[str, Any]) -> Action:
        if type(data) in self.classes:  # one of this game's actions (every apply)
            return cast(Action, data)
        if isinstance(data, Action):
            if data.type not in self._types or type(data) is not self._types[data.type]:
                raise MalformedAction(f"{data!r} is not an action of this game")
            return data
        if not isinstance(data, Mapping):
            raise MalformedAction(f"an action must be an object with a 'type', got {data!r:.200}")
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in self._types:
            known = ", ".join(sorted(self._types))
            raise MalformedAction(f"unknown action type {kind!r:.60}; this game knows: {known}")
        fields = self._fields[kind]
        extra = set(data) - {"type"} - {name for name, _ in fields}
        if extra:
            raise MalformedAction(f"action {kind!r} has unknown fields: {sorted(map(str, extra))}")
        values = {}
        for name, hint in fields:
            if name not in data:
                raise MalformedAction(f"action {kind!r} needs the field {name!r}")
            values[name] = _coerce(data[name], hint, f"{kind}.{name}")
        return self._types[kind](**values)


def _coerce(value: Any, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                return _coerce(value, option, where)
            except MalformedAction:
                continue
        raise MalformedAction(f"{where} cannot be {value!r:.60}")
    if hint is type(None):
        if value is None:
            return None
        raise MalformedAction(f"{where} must be null, got {value!r:.60}")
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, (list, tuple)) or len(value) > 1000:
            raise MalformedAction(f"{where} must be a list, got {value!r:.60}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_coerce(v, args[0], where) for v in value)
        if len(args) != len(value):
            raise MalformedAction(f"{where} must have {len(args)} items, got {len(value)}")
        return tuple(_coerce(v, a, where) for v, a in zip(value, args))
    if origin is typing.Literal:
        # by type too: Python calls True == 1 == 1.0, but they are different JSON
        for option in typing.get_args(hint):
            if type(value) is type(option) and value == option:
                return option
        raise MalformedAction(f"{where} must be one of {typing.get_args(hint)}, got {value!r:.60}")
    if hint is bool:
        if isinstance(value, bool):
            return value
    elif hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif hint is str:
        if isinstance(value, str) and len(value) <= 200:
            return value
    elif isinstance(hint, type) and issubclass(hint, str) and isinstance(value, str):
        try:
            return hint(value)  # a str Enum
        except ValueError:
            pass
    name = getattr(hint, "__name__", str(hint))
    raise MalformedAction(f"{where} must be {name}, got {value!r:.60}")
