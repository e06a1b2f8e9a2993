"""Players that are programs: any object with ``choose(game, legal) -> Action`` is a bot."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from ..core import Action, Game, Outcome, Rng
from ..core.registry import specs


@runtime_checkable
class Bot(Protocol):
    """Chooses one of ``legal`` (never empty) for ``game``'s current player."""

    def choose(self, game: Game, legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot}
"""Bots by name, each made from a seed. Games add their own (``register_bot``)."""

_GAME_OF: dict[str, str | None] = {"random": None}


def register_bot(name: str, factory: Callable[[int], Bot], game: str | None = None) -> None:
    """Make a bot available by name. ``game``: the game it plays; ``None``: the game whose
    spec lists ``name`` among its bots (``core.registry.GameSpec.bots``), or any game when no
    spec does."""
    BOTS[name] = factory
    _GAME_OF[name] = game


def _owner(name: str) -> str | None:
    stated = _GAME_OF.get(name)
    if stated is not None:
        return stated
    return next((game for game, spec in specs().items() if name in spec.bots), None)


def bots_for(game: str) -> list[str]:
    """The names of the bots that can take a seat in ``game``."""
    return sorted(name for name in BOTS if _owner(name) in (None, game))


def bot_game(name: str) -> str | None:
    """The game the bot called ``name`` plays (``None``: any game); ValueError if unknown."""
    if name not in BOTS:
        raise ValueError(f"no bot called {name!r:.60}; known: {sorted(BOTS)}")
    return _owner(name)


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"no bot called {name!r}; known: {sorted(BOTS)}") from None


Seats = Bot | Sequence[Bot] | Mapping[int, Bot]


class GameStuck(RuntimeError):
    """A game that is not over but offers no legal action: a bug in its rules."""


def seat_chooser(bots: Seats) -> Callable[[int | None], Bot]:
    """Who plays for a seat: one bot for all, a list by seat, or a mapping seat -> bot.
    (Resolved once per game, not per move: protocol checks are slow.)"""
    if isinstance(bots, Mapping):
        return lambda player: bots[0 if player is None else player]
    if isinstance(bots, Sequence):
        return lambda player: bots[(0 if player is None else player) % len(bots)]
    return lambda player: bots


def play(game: Game, bots: Seats, *, max_actions: int = 100_000,
         observe: Callable[[Game], Any] | None = None) -> Outcome:
    """Let bots play ``game`` to its end (in place) and return the outcome.

    ``bots``: one bot for every seat, a list by seat, or a mapping seat -> bot. Each chosen
    action is checked against the legal actions before it is played. ``observe(game)`` is
    called after every action (a series recorder, a progress display).
    """
    bot_for = seat_chooser(bots)
    for _ in range(max_actions):
        outcome = game.outcome
        if outcome is not None:
            return outcome
        legal = game.legal_actions()
        if not legal:
            raise GameStuck(f"{game!r} is not over but has no legal action")
        action = bot_for(game.current_player).choose(game, legal)
        if action not in legal:
            raise ValueError(f"bot {bots!r} chose an illegal action {action!r}")
        game.push(action)
        if observe is not None:
            observe(game)
    raise GameStuck(f"{game!r} did not end within {max_actions} actions")


from .mcts import MCTSBot  # noqa: E402  (MCTS builds on the bots above)

STRENGTHS: dict[str, dict[str, Any]] = {
    "mcts": {"seconds": 1.0},
    "mcts-strong": {"seconds": 5.0},
}
"""The search bots every game can seat, by name, with their budgets per move (a widget's
seat menu offers them as strengths); each searches a game with that game's own settings
(its spec's ``mcts``, ``core.registry``). ``MCTSBot(seed, playouts=N)`` is the reproducible
form for experiments: the same seed and state always give the same move."""

for _name, _budget in STRENGTHS.items():
    register_bot(_name, lambda seed, _b=_budget: MCTSBot(seed, **_b), game=None)  # type: ignore[misc]
