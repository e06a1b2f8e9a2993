"""Wildlife Web (Thomas J. Elpel, HOPS Press 2019): eat, mate, stay alive, and reproduce.

>>> from ecogames.games import wildlifeweb
>>> game = wildlifeweb.new_game(players=3, seed=7)
>>> game.phase, len(game.habitat)
('setup_roadkill', 20)
"""

from __future__ import annotations

from typing import Any

from . import bots as _bots  # registers its bots (register_bot)
from . import components
from .actions import (
    ACTION_TYPES,
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
)
from .rules import PHASES, WildlifeWeb, new_game


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


# -- registration: what the layers above core read of this game (core.registry) --------------

from ecogames.core.registry import GameSpec, register  # noqa: E402
from ecogames.core.series import SeriesSpec  # noqa: E402

from . import components as _components  # noqa: E402
from . import hidden as _hidden  # noqa: E402


def _widget() -> type[Any]:
    from .widget import Widget  # anywidget: imported on use only

    return Widget


def _series() -> SeriesSpec:
    from .series import SERIES

    return SERIES


def _observation() -> Any:
    from ecogames.rl.obs_wildlifeweb import ENCODER  # numpy and PettingZoo: imported on use only

    return ENCODER


def _action_layout() -> Any:
    from ecogames.rl.layouts import wildlifeweb_layout  # the action numbering: imported on use only

    return wildlifeweb_layout()


register(GameSpec(
    engine=WildlifeWeb,
    widget=_widget,
    series=_series,
    determinize=_hidden.determinize,
    bots=(_bots.GreedyBot.name,),
    mcts=_bots.MCTS_SETTINGS,
    estimate=_bots.estimate,
    observation=_observation,
    action_layout=_action_layout,
    palette=_components.PALETTE,
))
