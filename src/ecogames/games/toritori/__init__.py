"""Tori-Tori: Endangered Species — a cooperative game of restoring an island's food web.

>>> from ecogames import toritori
>>> game = toritori.new_game(players=2, seed=1)
>>> game.phase
'roll'
"""

from __future__ import annotations

from typing import Any

from . import bots as _bots  # registers its bots (register_bot)
from .actions import (
    ACTION_TYPES,
    ActivateAnimal,
    AdvancedBotany,
    AdvancedGardening,
    AnimalTracking,
    Bicycle,
    ChooseFirst,
    ChooseFood,
    Gardening,
    Motorcycle,
    Move,
    MoveOther,
    Plant,
    Protect,
    Roll,
    SpecializedTracking,
    Study,
    TransformPlant,
    Veterinary,
)
from .rules import ToriTori


def new_game(players: int = 2, difficulty: str = "basic", seed: int | None = None,
             layout: str = "random", **options: Any) -> ToriTori:
    """A game after the 12 steps of Game Setup.

    ``difficulty``: "basic", "medium" or "expert" (the Ability markers' start space);
    ``layout``: "random" (numbers dealt at random, set-up step 3) or "rulebook" (the
    numbering of the rulebook's examples); ``first_player``: who saw a bird last (seat 0).
    """
    return ToriTori.new_game(players=players, seed=seed, difficulty=difficulty, layout=layout,
                             **options)




def __getattr__(name: str) -> Any:
    """``Widget`` (``widget.py``) is imported on first use: the engine needs no anywidget."""
    if name == "Widget":
        from .widget import Widget

        return Widget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ACTION_TYPES", "ActivateAnimal", "AdvancedBotany", "AdvancedGardening", "AnimalTracking",
    "Bicycle", "ChooseFirst", "ChooseFood", "Gardening", "Motorcycle", "Move", "MoveOther",
    "Plant", "Protect", "Roll", "SpecializedTracking", "Study", "ToriTori", "TransformPlant",
    "Veterinary", "new_game",
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
    from ecogames.rl.obs_toritori import ENCODER  # numpy and PettingZoo: imported on use only

    return ENCODER


def _action_layout() -> Any:
    from ecogames.rl.layouts import toritori_layout  # the action numbering: imported on use only

    return toritori_layout()


register(GameSpec(
    engine=ToriTori,
    widget=_widget,
    series=_series,
    determinize=_hidden.determinize,
    bots=(_bots.HeuristicBot.name, _bots.HandsOffBot.name),
    mcts=_bots.MCTS_SETTINGS,
    estimate=_bots.estimate,
    observation=_observation,
    action_layout=_action_layout,
    palette=_components.PALETTE,
))
