"""Where a game keeps the parts core finds by name: ``series.py``, ``hidden.py``, ``widget.py``.

A game package may hold a module that core looks up when asked (the game's time series, its
determinization, its widget), so that core imports no game. A game class defined elsewhere (a
variant subclassed in a notebook) uses the modules of the game it derives from.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

_FOUND: dict[tuple[type, str], ModuleType | None] = {}


def game_module(cls: type, name: str) -> ModuleType | None:
    """The module ``name`` beside the first class in ``cls``'s ancestry that has one (only
    classes that are games count), or ``None``; each answer is looked up once."""
    key = (cls, name)
    if key not in _FOUND:
        _FOUND[key] = _look_up(cls, name)
    return _FOUND[key]


def _look_up(cls: type, name: str) -> ModuleType | None:
    for ancestor in cls.__mro__:
        if not getattr(ancestor, "name", ""):  # the Game base, object, mixins
            continue
        package = ancestor.__module__.rpartition(".")[0]
        if not package:
            continue
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{package}.{name}":
                raise
    return None


def attribute(cls: type, module: str, attr: str, default: Any = None) -> Any:
    """``module.attr`` for the game class ``cls`` (see :func:`game_module`), or ``default``."""
    found = game_module(cls, module)
    return getattr(found, attr, default) if found is not None else default
