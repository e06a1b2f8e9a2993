"""Many games at once: seeded batches, a progress bar, any ``concurrent.futures`` executor."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from dataclasses import dataclass
from itertools import repeat
from typing import Any

from .bots import Seats, play
from .core import Game, Outcome


@dataclass(frozen=True)
class Result:
    """One simulated game: its seed, how it ended, how many actions it took, and whatever
    ``measure`` returned for the finished game."""

    seed: int
    outcome: Outcome
    actions: int
    measure: Any = None


def run_one(seed: int, new_game: Callable[[int], Game], bots: Callable[[int], Seats],
            measure: Callable[[Game], Any] | None = None) -> Result:
    game = new_game(seed)
    outcome = play(game, bots(seed))
    return Result(seed, outcome, len(game.history), measure(game) if measure else None)


def simulate(new_game: Callable[[int], Game], bots: Callable[[int], Seats],
             seeds: Iterable[int], *, measure: Callable[[Game], Any] | None = None,
             executor: Executor | None = None, progress: bool = False) -> list[Result]:
    """Play one game per seed. ``new_game(seed)`` and ``bots(seed)`` make each game and its
    players; with an executor the callables must be picklable (module-level functions)."""
    seeds = list(seeds)
    if executor is None:
        results: Iterable[Result] = (run_one(s, new_game, bots, measure) for s in seeds)
    else:
        results = executor.map(run_one, seeds, repeat(new_game), repeat(bots), repeat(measure))
    if progress:
        from tqdm.auto import tqdm

        results = tqdm(results, total=len(seeds), desc="games")
    return list(results)
