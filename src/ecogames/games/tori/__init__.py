"""Tori: the market game of Helsinki 1952 (Kristian List's description, 2012).

>>> from ecogames.games import tori
>>> game = tori.new_game(players=3, seed=1)
>>> game.name, game.players, game.phase
('tori', 3, 'turn')
"""

from __future__ import annotations

from typing import Any

from . import bots as _bots  # registers its bots (register_bot)
from .actions import (
    Build,
    DiscardBuild,
    DiscardGoods,
    DrawFaceUp,
    DrawPile,
    Expand,
    Refresh,
    TakeCustomer,
    TakeFaceUp,
    TakeFromPile,
    TearDown,
)
from .rules import PHASES, Stall, Tori


def new_game(players: int = 2, seed: int | None = None) -> Tori:
    """A game of Tori for 2 to 4 players in its set-up state (``seed=None``: a fresh seed)."""
    return Tori.new_game(players=players, seed=seed)


def board_graph(game: Tori | None = None) -> Any:
    """The market square as a networkx graph (the bare board, or ``game``'s board now)."""
    from .graphs import board_graph as _board_graph

    return _board_graph(game)


__all__ = [
    "PHASES", "Build", "DiscardBuild", "DiscardGoods", "DrawFaceUp", "DrawPile", "Expand",
    "Refresh", "Stall", "TakeCustomer", "TakeFaceUp", "TakeFromPile", "TearDown", "Tori",
    "board_graph", "new_game",
]


def __getattr__(name: str) -> Any:
    """``Widget`` (``widget.py``) is imported on first use: the engine needs no anywidget."""
    if name == "Widget":
        from .widget import Widget

        return Widget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    from ecogames.rl.obs_tori import ENCODER  # numpy and PettingZoo: imported on use only

    return ENCODER


def _action_layout() -> Any:
    from ecogames.rl.layouts import tori_layout  # the action numbering: imported on use only

    return tori_layout()


register(GameSpec(
    engine=Tori,
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
