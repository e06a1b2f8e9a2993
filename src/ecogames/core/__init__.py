"""What every game shares. Nothing here knows any particular game."""

from .actions import Action, ActionCodec
from .errors import EcogamesError, IllegalAction, MalformedAction, SaveError
from .events import Cascade, Event, EventLog
from .game import Game, Outcome, load, registered_games
from .options import Option
from .rng import Rng

__all__ = [
    "Action", "ActionCodec", "Cascade", "EcogamesError", "Event", "EventLog", "Game",
    "IllegalAction", "MalformedAction", "Option", "Outcome", "Rng", "SaveError", "load",
    "registered_games",
]
