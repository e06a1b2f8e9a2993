"""What asking why costs (issue 20): the dependency graph of whole games, why and story.

CPU seconds (``time.process_time``), best of ``--repeats`` rounds:

- ``build``: the provenance of a finished game from nothing (its history replayed with
  telling on, every read linked to its last write), then its whole networkx graph;
- ``why``, ``story``: one question each on the built provenance (``why("outcome")``, the
  story of the species or thing with the most events);
- for Tori, a game of about ``--tori-actions`` actions (random play of a 4-player game,
  which runs long), and the same three figures.

Nothing here runs while a game is played with ``push``: that costs nothing until someone
asks (``bench_openspiel.py``'s push column, before and after, says so).

    python benchmarks/bench_why.py [--repeats 3] [--tori-actions 5000]
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import networkx  # noqa: F401  (imported before timing: a first import is not what a question costs)

from ecogames.bots import make_bot
from ecogames.core import Game

GAMES = {"toritori": (2, "toritori-heuristic"), "wildlifeweb": (4, "wildlifeweb-greedy"),
         "tulikko": (2, "tulikko-greedy"), "biotopes": (3, "biotopes-greedy"),
         "tori": (2, "tori-greedy")}


def finished(name: str, players: int, bot: str, seed: int) -> Game:
    game = importlib.import_module(f"ecogames.{name}").new_game(players=players, seed=seed)
    bots = [make_bot(bot, seed * 10 + seat) for seat in range(players)]
    while not game.is_over:
        player = game.current_player
        chooser = bots[player if player is not None else 0]
        game.push(chooser.choose(game, game.legal_actions()))
    return game


def long_tori(actions: int, seed: int) -> Game:
    """A random 4-player Tori game cut at ``actions`` actions (or its end)."""
    game = importlib.import_module("ecogames.tori").new_game(players=4, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and len(game.history) < actions:
        game.push(rng.choice(game.legal_actions()))
    return game


def best(repeats: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def fresh(game: Game) -> Game:
    """The same game with nothing recorded (its provenance is built anew)."""
    twin = game.replay()
    twin.__dict__.pop("_provenance", None)
    return twin


def measure(label: str, game: Game, repeats: int) -> None:
    def build() -> None:
        twin = fresh(game)
        twin.provenance().graph()

    built = fresh(game)
    prov = built.provenance()
    subject = max([*prov.ids, *prov.species], key=lambda s: len(prov.ids.get(s, prov.species.get(
        s, []))), default=None)
    events = sum(len(c) for c in prov.cascades)
    ask = (lambda: built.why("outcome")) if built.is_over else (
        lambda: built.why((len(prov.cascades) - 1, 0)) if prov.cascades[-1].events else None)
    print(f"{label:34} {len(game.history):6} actions {events:7} events   "
          f"build+graph {best(repeats, build) * 1000:8.1f} ms   "
          f"why {best(repeats, ask) * 1000:7.2f} ms   "
          f"story({subject}) {best(repeats, lambda: built.story(subject)) * 1000:7.2f} ms"
          if subject else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--tori-actions", type=int, default=5000)
    args = parser.parse_args()
    for name, (players, bot) in GAMES.items():
        measure(f"{name} ({players} players, {bot})", finished(name, players, bot, 1),
                args.repeats)
    game = long_tori(args.tori_actions, 3)
    measure("tori (4 players, random, cut)", game, args.repeats)

    def whole_tori() -> None:
        twin = fresh(game)
        twin.why((len(game.history) - 1, 0))
        twin.story(max(twin.provenance().ids, key=lambda i: len(twin.provenance().ids[i])))

    print(f"tori, {len(game.history)} actions: why and story from nothing "
          f"(the provenance built first) {best(args.repeats, whole_tori):.3f} s")


if __name__ == "__main__":
    main()
