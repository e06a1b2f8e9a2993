"""Wildlife Web (Thomas J. Elpel, HOPS Press 2019): eat, mate, stay alive, and reproduce.

>>> from ecogames.games import wildlifeweb
>>> game = wildlifeweb.new_game(players=3, seed=7)
>>> game.phase, len(game.habitat)
('setup_roadkill', 20)
"""

from __future__ import annotations

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

__all__ = [
    "ACTION_TYPES", "PHASES", "AdoptPet", "ChooseVictim", "DeclinePet", "Draft",
    "DrawWildlife", "EndFeeding", "EndTurn", "Forage", "Hunt", "KeepPack", "PlaceRoadkill",
    "RaiseOffspring", "Scavenge", "Steal", "Swap", "TakeFromHabitat", "TakeMate",
    "WildlifeWeb", "components", "new_game",
]
