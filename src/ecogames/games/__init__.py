"""The games: one package each. A package here is a game; nothing lists them by hand.

Each game's ``__init__`` registers its spec (``ecogames.core.registry``) when imported, and
:data:`NAMES` is every package found in this folder, so ``ecogames.<name>`` and a save that
names the game find it.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..core.registry import set_finder

NAMES: tuple[str, ...] = tuple(sorted(
    info.name for info in pkgutil.iter_modules(__path__) if info.ispkg
    and not info.name.startswith("_")))
"""Every game's name (its package's), in alphabetical order."""


def import_game(name: str) -> None:
    """Import the game package called ``name`` (it registers itself); nothing for another
    name."""
    if name in NAMES:
        importlib.import_module(f"{__name__}.{name}")


set_finder(import_game)
