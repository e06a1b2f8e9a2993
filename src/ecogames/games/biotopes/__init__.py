"""Biotopes: colonize a landscape of hexes, attract species, grow their populations.

>>> from ecogames.games.biotopes import new_game
>>> game = new_game(players=2, seed=1)
>>> game.phase
'redraw'
"""

from __future__ import annotations

from typing import Any

from . import bots as _bots  # noqa: F401  (registers the "biotopes-greedy" bot)
from .actions import (
    ACTION_TYPES,
    Adapt,
    ChooseBiotope,
    Compete,
    Decline,
    Discard,
    Done,
    Draw,
    Evolve,
    Expand,
    Fallback,
    KeepHand,
    Migrate,
    Move,
    OrientTile,
    Pass,
    Pay,
    Place,
    PlaceTerritory,
    PlaceTile,
    Prey,
    PreyOnReserve,
    RedrawHand,
    Reproduce,
    Transfer,
    UseCard,
)
from .components import SPECIES
from .rules import PHASES, Biotopes

__all__ = [
    "ACTION_TYPES", "PHASES", "SPECIES", "Adapt", "Biotopes", "ChooseBiotope", "Compete",
    "Decline", "Discard", "Done", "Draw", "Evolve", "Expand", "Fallback", "KeepHand",
    "Migrate", "Move", "OrientTile", "Pass", "Pay", "Place", "PlaceTerritory", "PlaceTile",
    "Prey", "PreyOnReserve", "RedrawHand", "Reproduce", "Transfer", "UseCard",
    "new_game",
]


def __getattr__(name: str) -> Any:
    """``Widget`` (``widget.py``) is imported on first use: the engine needs no anywidget."""
    if name == "Widget":
        from .widget import Widget

        return Widget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def new_game(players: int = 2, seed: int | None = None, **options: Any) -> Biotopes:
    """A game of Biotopes in its set-up state (options: see :class:`Biotopes`)."""
    return Biotopes.new_game(players=players, seed=seed, **options)
