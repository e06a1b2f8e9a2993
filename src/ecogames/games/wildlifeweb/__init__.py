"""Wildlife Web (Thomas J. Elpel, HOPS Press 2019): eat, mate, stay alive, and reproduce.

>>> from ecogames.games import wildlifeweb
>>> game = wildlifeweb.new_game(players=3, seed=7)
>>> game.phase, len(game.habitat)
('setup_roadkill', 20)
"""

from __future__ import annotations

from typing import Any

from . import bots as _bots  # noqa: F401  (registers the "wildlifeweb-greedy" bot)
from . import components
from .rules import (
    ACTION_TYPES,
    PHASES,
    AdoptPet,
    ChooseVictim,
    DeclinePet,
    Draft,
    DrawWildlife,
    EndFeeding,
    EndTurn,
    Forage,
    Hunt,
    KeepPack,
    PlaceRoadkill,
    RaiseOffspring,
    Scavenge,
    Steal,
    Swap,
    TakeFromHabitat,
    TakeMate,
    WildlifeWeb,
    new_game,
)


def __getattr__(name: str) -> Any:
    """``Widget`` (``widget.py``) is imported on first use: the engine needs no anywidget."""
    if name == "Widget":
        from .widget import Widget

        return Widget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ACTION_TYPES", "PHASES", "AdoptPet", "ChooseVictim", "DeclinePet", "Draft",
    "DrawWildlife", "EndFeeding", "EndTurn", "Forage", "Hunt", "KeepPack", "PlaceRoadkill",
    "RaiseOffspring", "Scavenge", "Steal", "Swap", "TakeFromHabitat", "TakeMate",
    "WildlifeWeb", "components", "new_game",
]
