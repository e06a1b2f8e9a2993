"""ecogames: ecology board games as rules-faithful engines, played inline in Jupyter.

>>> import ecogames
>>> ecogames.GAMES[:2]
('biotopes', 'tori')
"""

from __future__ import annotations

import importlib
from typing import Any

from .bots import RandomBot, play
from .core import (
    Action,
    Cascade,
    EcogamesError,
    Event,
    Game,
    IllegalAction,
    MalformedAction,
    Outcome,
    SaveError,
    load,
)
from .core.registry import set_generic_widget
from .games import NAMES as GAMES

__version__ = "0.1.0"

# GAMES: every package under ecogames/games/, each importable as ``ecogames.<name>`` (loaded
# on first use); nothing lists them by hand.

__all__ = [
    "GAMES",
    "Action",
    "Cascade",
    "EcogamesError",
    "Event",
    "Experiment",
    "ExperimentForm",
    "Game",
    "IllegalAction",
    "MalformedAction",
    "Outcome",
    "RandomBot",
    "SaveError",
    "experiment",
    "experiment_widget",
    "host",
    "load",
    "play",
    "what_if",
]


def _generic_widget() -> type[Any]:
    from .widget import GameWidget  # anywidget: imported on use only

    return GameWidget


set_generic_widget(_generic_widget)


def __getattr__(name: str) -> Any:
    if name == "host":  # tornado and segno are imported only for a classroom
        from .classroom import host

        return host
    if name in ("experiment", "Experiment", "what_if"):  # pandas is imported only for experiments
        from . import experiments

        return getattr(experiments, name)
    if name in ("experiment_widget", "ExperimentForm"):  # ipywidgets and matplotlib on use
        from . import lab_widgets

        return getattr(lab_widgets, name)
    if name in GAMES:
        module = importlib.import_module(f"ecogames.games.{name}")
        globals()[name] = module
        return module
    raise AttributeError(f"module 'ecogames' has no attribute {name!r}")
