"""Small strict readers for loading a game's state from JSON (a save file is untrusted)."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from pathlib import Path
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


def exact_keys(data: Any, keys: Iterable[str], where: str = "state") -> Mapping[str, Any]:
    """``data``, which must be an object with exactly ``keys``: none unknown, none missing.

    The one exact-keys check of every game's loader: ``"state.food has unknown keys ['x']"``,
    ``"state lacks ['rng']"`` (unknown keys are named first: a misspelt key is both).
    """
    if not isinstance(data, Mapping):
        raise SaveError(f"{where} must be an object, got {type(data).__name__}")
    wanted = frozenset(keys)
    unknown = sorted(map(str, set(data) - wanted))
    if unknown:
        raise SaveError(f"{where} has unknown keys {unknown[:5]}")
    missing = sorted(wanted - set(data))
    if missing:
        raise SaveError(f"{where} lacks {missing[:5]}")
    return data


def integer(data: Mapping[str, Any], key: str, low: int, high: int,
            where: str = "state") -> int:
    value: int = field(data, key, int, where)
    if not low <= value <= high:
        raise SaveError(f"{where}.{key} must be between {low} and {high}, got {value}")
    return value


def choice(data: Mapping[str, Any], key: str, options: Any, where: str = "state") -> Any:
    value = data.get(key) if isinstance(data, Mapping) else None
    # a list or object is never an option (and cannot be looked up in a set); True is not 1
    scalar = isinstance(value, (str, int, float)) or value is None
    if not scalar or not any(type(value) is type(o) and value == o for o in options):
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


# -- whole documents: the JSON of a save, read and copied strictly ---------------------------

MAX_SAVE_BYTES = 32 * 1024 * 1024
"""The largest save text read (100,000 actions take a few MB)."""
MAX_SAVE_DEPTH = 64
"""The deepest nesting of objects and lists in a save (real saves nest fewer than 10)."""
MAX_SAVE_NODES = 4_000_000
"""The most values (objects, lists, numbers, strings...) in one save."""
MAX_INT_DIGITS = 40
"""The longest integer in a save (a generator state has 20 digits)."""

_INT_LIMIT = 10 ** MAX_INT_DIGITS


def read_json(text: str | bytes) -> Any:
    """Parse untrusted JSON text. Anything but one well-formed JSON document within the
    limits above raises :class:`SaveError`: truncation, bad encoding, NaN or Infinity,
    overlong numbers, a key given twice in one object, nesting beyond the limit."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveError(f"a save is JSON text, not a {type(text).__name__}")
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"the save is too large ({len(text)} bytes; the limit is "
                        f"{MAX_SAVE_BYTES})")
    try:
        data = json.loads(text, parse_int=_read_int, parse_float=_read_float,
                          parse_constant=_read_constant, object_pairs_hook=_read_object)
    except RecursionError:
        raise SaveError("the save is nested too deeply to be a save "
                        f"(the limit is {MAX_SAVE_DEPTH} levels)") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise SaveError(f"not a readable save file (truncated or not JSON): {error}") from None
    return plain_json(data)


def read_json_file(path: str | Path) -> Any:
    """:func:`read_json` of a file, refused by its size before a byte of it is read."""
    path = Path(path)
    size = path.stat().st_size
    if size > MAX_SAVE_BYTES:
        raise SaveError(f"the save {path.name!r:.60} is too large ({size} bytes; the limit is "
                        f"{MAX_SAVE_BYTES})")
    return read_json(path.read_bytes())


def plain_json(value: Any, where: str = "the save") -> Any:
    """A deep copy of ``value`` made of JSON's own types only (dict with str keys, list,
    str, int, float, bool, None; a tuple becomes a list), sharing nothing with it. Refuses
    with :class:`SaveError` any other object, non-finite floats, overlong integers and
    nesting deeper than :data:`MAX_SAVE_DEPTH`. Iterative: no input can exhaust the stack."""
    root: list[Any] = [None]
    stack: list[tuple[Any, Any, Any, int]] = [(value, root, 0, 0)]
    nodes = 0
    while stack:
        item, parent, key, depth = stack.pop()
        nodes += 1
        if nodes > MAX_SAVE_NODES:
            raise SaveError(f"{where} holds too many values (the limit is {MAX_SAVE_NODES})")
        if item is None or isinstance(item, (str, bool)):
            parent[key] = str(item) if isinstance(item, str) else item
        elif isinstance(item, int):
            if not -_INT_LIMIT < item < _INT_LIMIT:
                raise SaveError(f"{where} holds a number longer than {MAX_INT_DIGITS} digits")
            parent[key] = int(item)
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise SaveError(f"{where} holds {item!r}, not a finite number")
            parent[key] = float(item)
        elif depth >= MAX_SAVE_DEPTH:
            raise SaveError(f"{where} is nested too deeply (the limit is {MAX_SAVE_DEPTH} "
                            "levels)")
        elif isinstance(item, Mapping):
            copy: dict[str, Any] = {}
            for name in item:
                if not isinstance(name, str):
                    raise SaveError(f"{where} has an object key {name!r:.40} that is not a "
                                    "string")
                copy[name] = None
            parent[key] = copy
            stack.extend((item[name], copy, name, depth + 1) for name in reversed(copy))
        elif isinstance(item, (list, tuple)):
            items: list[Any] = [None] * len(item)
            parent[key] = items
            stack.extend((child, items, index, depth + 1)
                         for index, child in reversed(list(enumerate(item))))
        else:
            raise SaveError(f"{where} holds only JSON values, not a {type(item).__name__}")
    return root[0]


def first_difference(saved: Any, read_back: Any, where: str = "") -> str | None:
    """Where the JSON a file holds differs from what a game reads back from it, strictly by
    type (``1``, ``1.0`` and ``true`` differ, although Python calls them equal); ``None``
    when they are the same JSON."""
    here = where or "the value"
    if type(saved) is not type(read_back):
        return f"{here}: the file says {saved!r:.40}, the game reads {read_back!r:.40}"
    if isinstance(saved, dict):
        unknown = sorted(saved.keys() - read_back.keys())
        if unknown:
            return f"{where or 'the object'} has unknown key(s) {unknown}"
        lacking = sorted(read_back.keys() - saved.keys())
        if lacking:
            return f"{where or 'the object'} lacks {lacking}"
        for name in saved:
            found = first_difference(saved[name], read_back[name], f"{where}.{name}".lstrip("."))
            if found:
                return found
        return None
    if isinstance(saved, list):
        if len(saved) != len(read_back):
            return f"{here}: the file has {len(saved)} items, the game reads {len(read_back)}"
        for index, (a, b) in enumerate(zip(saved, read_back)):
            found = first_difference(a, b, f"{where}[{index}]")
            if found:
                return found
        return None
    if saved != read_back:
        return f"{here}: the file says {saved!r:.40}, the game reads {read_back!r:.40}"
    return None


def _read_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise SaveError(f"the save holds a number of {len(text)} digits (the limit is "
                        f"{MAX_INT_DIGITS})")
    return int(text)


def _read_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise SaveError(f"the save holds {text[:40]}, not a finite number")
    return value


def _read_constant(text: str) -> Any:
    raise SaveError(f"the save holds {text}, which is not a finite number (nor JSON)")


def _read_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise SaveError(f"the key {twice!r:.40} appears twice in one object of the save")
    return data
