"""Small strict readers for loading a game's state from JSON (a save file is untrusted)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import SaveError


def field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...],
          where: str = "state") -> Any:
    """``data[key]``, which must exist and be of ``kind`` (bool is not an int here)."""
    if not isinstance(data, Mapping):
        raise SaveError(f"{where} must be an object, got {type(data).__name__}")
    if key not in data:
        raise SaveError(f"{where} lacks {key!r}")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise SaveError(f"{where}.{key} must be {_names(kinds)}, got {value!r}")
    if not isinstance(value, kinds):
        raise SaveError(f"{where}.{key} must be {_names(kinds)}, got {type(value).__name__}")
    return value


def integer(data: Mapping[str, Any], key: str, low: int, high: int,
            where: str = "state") -> int:
    value = field(data, key, int, where)
    if not low <= value <= high:
        raise SaveError(f"{where}.{key} must be between {low} and {high}, got {value}")
    return value


def choice(data: Mapping[str, Any], key: str, options: Any, where: str = "state") -> Any:
    value = data.get(key) if isinstance(data, Mapping) else None
    if value not in options:
        raise SaveError(f"{where}.{key} must be one of {sorted(map(str, options))}, "
                        f"got {value!r:.40}")
    return value


def int_list(data: Mapping[str, Any], key: str, low: int, high: int,
             where: str = "state", max_len: int = 10_000) -> list[int]:
    values = field(data, key, list, where)
    if len(values) > max_len:
        raise SaveError(f"{where}.{key} is too long ({len(values)} items)")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            raise SaveError(f"{where}.{key} holds {v!r:.40}, not an integer in [{low}, {high}]")
    return list(values)


def _names(kinds: tuple[type, ...]) -> str:
    return " or ".join(k.__name__ for k in kinds)
