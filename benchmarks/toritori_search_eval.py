"""Tori-Tori's search against the heuristic team, a few ladder cells at a time.

``bot_ladder.py --game toritori`` plays every difficulty and player count; this plays the
cells named (``basic:3 medium:2``), the same games as the ladder's (its ``play_teams``: seeds
``0 .. games-1``, the seats' bots seeded from each game's seed), and prints each cell's wins
and the wall and CPU time they took. It stores nothing and writes no docs: the lead merges
the figures.

    nice -n 19 python benchmarks/toritori_search_eval.py --seconds 1 --games 12 basic:3 basic:4

``--variant old`` plays the search without the turn horizon (``horizon=None``), for A/B on
the same deals; ``--margin`` and ``--exploration`` set the search's ``default_margin`` and
``exploration`` over the game's; ``--playouts`` gives a reproducible budget instead of CPU
seconds; ``--first-seed 12 --games 28`` adds seeds 12-39 to a cell played on seeds 0-11.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from bot_ladder import Budget, play_teams, register, wilson
from ecogames.bots import BOTS, register_bot
from ecogames.bots.mcts import MCTSBot


def _cell(text: str) -> tuple[str, int]:
    difficulty, _, players = text.partition(":")
    if difficulty not in ("basic", "medium", "expert") or players not in ("2", "3", "4"):
        raise argparse.ArgumentTypeError(f"a cell is DIFFICULTY:PLAYERS (basic:3), not {text}")
    return difficulty, int(players)


def search_bot(budget: Budget, variant: str, **given: Any) -> str:
    """The registered name of the search team's bot: the game's settings (``new``) or
    without the turn horizon (``old``), with the settings ``given`` over them."""
    if variant == "new" and not given:
        register(budget)
        return budget.bot_name
    if variant == "old":
        given = {"horizon": None, **given}
    name = "-".join([budget.bot_name, variant, *(f"{k}={v}" for k, v in given.items())])
    if name not in BOTS:
        playouts, seconds = budget.playouts, budget.seconds
        register_bot(name, lambda seed: MCTSBot(seed, playouts=playouts, cpu_seconds=seconds,
                                                **given), game=None)
    return name


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cells", nargs="+", type=_cell, help="DIFFICULTY:PLAYERS")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--first-seed", type=int, default=0,
                        help="play seeds FIRST_SEED .. FIRST_SEED + GAMES - 1 (to add games "
                             "to a cell already played)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, help="CPU seconds a move (default 1)")
    budget.add_argument("--playouts", type=int)
    parser.add_argument("--variant", choices=("new", "old"), default="new")
    parser.add_argument("--no-heuristic", action="store_true")
    parser.add_argument("--margin", type=float, help="the search's default_margin")
    parser.add_argument("--exploration", type=float, help="the search's exploration")
    args = parser.parse_args(argv)
    budget = (Budget(playouts=args.playouts) if args.playouts is not None
              else Budget(seconds=args.seconds if args.seconds is not None else 1.0))
    given = {k: v for k, v in (("default_margin", args.margin),
                                ("exploration", args.exploration)) if v is not None}
    bots = [search_bot(budget, args.variant, **given)]
    if not args.no_heuristic:
        bots.insert(0, "toritori-heuristic")
    for difficulty, players in args.cells:
        wall, cpu = time.perf_counter(), time.process_time()
        teams = play_teams(bots, args.games, difficulties=[difficulty], players=[players],
                           first_seed=args.first_seed)
        took = f"{time.perf_counter() - wall:.0f} s wall, {time.process_time() - cpu:.0f} s CPU"
        for team in teams:
            low, high = wilson(team.wins, team.decided)
            print(f"{difficulty} {players}p {team.bot}: {team.wins}/{team.games} "
                  f"(errors {team.errors}; 95 % CI {100 * low:.0f}-{100 * high:.0f} %)",
                  flush=True)
        print(f"  ({took}; {budget.describe()})", flush=True)


if __name__ == "__main__":
    main()
