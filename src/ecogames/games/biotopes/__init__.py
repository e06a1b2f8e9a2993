"""Biotopes: colonize a landscape of hexes, attract species, grow their populations.

>>> from ecogames.games.biotopes import new_game
>>> game = new_game(players=2, seed=1)
>>> game.phase
'redraw'
"""

from __future__ import annotations

from typing import Any

from . import bots as _bots  # registers its bots (register_bot)
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
    from ecogames.rl.obs_biotopes import ENCODER  # numpy and PettingZoo: imported on use only

    return ENCODER


def _action_layout() -> Any:
    from ecogames.rl.layouts import biotopes_layout  # the action numbering: imported on use only

    return biotopes_layout()


register(GameSpec(
    engine=Biotopes,
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
