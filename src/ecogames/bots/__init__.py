"""Players that are programs: any object with ``choose(game, legal) -> Action`` is a bot."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from ..core import Action, Game, Outcome, Rng


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


def register_bot(name: str, factory: Callable[[int], Bot]) -> None:
    BOTS[name] = factory


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"no bot called {name!r}; known: {sorted(BOTS)}") from None


Seats = Bot | Sequence[Bot] | Mapping[int, Bot]


class GameStuck(RuntimeError):
    """A game that is not over but offers no legal action: a bug in its rules."""


def bot_for(bots: Seats, player: int | None) -> Bot:
    if isinstance(bots, Bot):
        return bots
    seat = 0 if player is None else player
    if isinstance(bots, Mapping):
        return bots[seat]
    return bots[seat % len(bots)]


def play(game: Game, bots: Seats, *, max_actions: int = 100_000) -> Outcome:
    """Let bots play ``game`` to its end (in place) and return the outcome.

    ``bots``: one bot for every seat, a list by seat, or a mapping seat -> bot. Each chosen
    action is checked against the legal actions before it is played.
    """
    for _ in range(max_actions):
        outcome = game.outcome
        if outcome is not None:
            return outcome
        legal = game.legal_actions()
        if not legal:
            raise GameStuck(f"{game!r} is not over but has no legal action")
        action = bot_for(bots, game.current_player).choose(game, legal)
        if action not in legal:
            raise ValueError(f"bot {bots!r} chose an illegal action {action!r}")
        game.push(action)
    raise GameStuck(f"{game!r} did not end within {max_actions} actions")
