"""What every game shares. Nothing here knows any particular game."""

from .actions import Action, ActionCodec
from .errors import EcogamesError, IllegalAction, MalformedAction, SaveError
from .events import Cascade, Event, EventLog
from .game import Change, Game, Outcome, load, registered_games
from .options import Option
from .provenance import Answer, Provenance, Question, Story
from .rng import Rng

__all__ = [
    "Action", "ActionCodec", "Answer", "Cascade", "Change", "EcogamesError", "Event",
    "EventLog", "Game", "IllegalAction", "MalformedAction", "Option", "Outcome", "Provenance",
    "Question", "Rng", "SaveError", "Story", "load", "registered_games",
]
