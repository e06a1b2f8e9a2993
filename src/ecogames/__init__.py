"""ecogames: ecology board games as rules-faithful engines, played inline in Jupyter.

>>> import ecogames
>>> sorted(ecogames.GAMES)[:1]
['toritori']
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

__version__ = "0.1.0"

GAMES = ("toritori", "wildlifeweb", "tulikko", "biotopes", "tori")
"""The games, each importable as ``ecogames.<name>`` (loaded on first use)."""

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
