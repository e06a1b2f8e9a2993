"""Tulikko (Studio H / Pandasaurus, 2025): slide forest tiles through the central board,
lay them on your wilderness map, place your animal and river tokens first.

>>> from ecogames.games import tulikko
>>> game = tulikko.new_game(players=2, seed=1, maps=["fox", "owl"])
>>> game.phase, game.current_player
('start_tile', 0)
"""

from __future__ import annotations

from typing import Any

from . import bots as _bots  # registers its bots (register_bot)
from .actions import (
    ACTION_TYPES,
    ChooseMap,
    ClaimCard,
    Discard,
    EndTurn,
    MoveTile,
    Place,
    PlaceAnywhere,
    PlaceStart,
    PlaceTokens,
    Slide,
    SlideBack,
)
from .rules import PHASES, Tulikko


def new_game(players: int = 2, seed: int | None = None, **options: Any) -> Tulikko:
    """A Tulikko game in its set-up state. Options: ``maps`` (one animal per seat; else the
    players choose), ``beginner`` (leave out the landscape cards with the icon), ``cards``
    (the three landscape cards: shape, river, color)."""
    return Tulikko.new_game(players=players, seed=seed, **options)


def __getattr__(name: str) -> Any:
    if name == "Widget":  # widget.py imports anywidget: the engine does not need it
        from .widget import Widget

        return Widget
    # graphs imports networkx: load it only when asked for
    if name in ("board_graph", "river_graph", "zones_graph", "central_board_graph"):
        from . import graphs

        return getattr(graphs, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ACTION_TYPES", "PHASES", "ChooseMap", "ClaimCard", "Discard", "EndTurn", "MoveTile", "Place",
    "PlaceAnywhere", "PlaceStart", "PlaceTokens", "Slide", "SlideBack", "Tulikko",
    "board_graph", "central_board_graph", "new_game", "river_graph", "zones_graph",
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
    from ecogames.rl.obs_tulikko import ENCODER  # numpy and PettingZoo: imported on use only

    return ENCODER


def _action_layout() -> Any:
    from ecogames.rl.layouts import tulikko_layout  # the action numbering: imported on use only

    return tulikko_layout()


register(GameSpec(
    engine=Tulikko,
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
