"""Instructions per action under valgrind: an A/B measure the machine's load cannot move.

CPU-second figures (bench_openspiel.py) drift by several percent from minute to minute on a
shared 2-core machine; instruction counts do not. This runs random self-play of one engine
through one door (``push``, ``untold`` or ``apply``, as bench_openspiel.py defines them) under
``valgrind --tool=cachegrind --cache-sim=no`` twice, with ``PYTHONHASHSEED=0``: once the
warm-up games alone, once the warm-up games and the measured ones. The difference over the
measured games' actions is the instructions an action costs, start-up, imports and first
calls excluded. The same games are played on both sides of a change that keeps behaviour
(the fingerprint test proves it does), so two commits' figures compare action for action.

Instructions are not seconds across programs: OpenSpiel's python_tic_tac_toe, the peer of
bench_openspiel.py, costs about 235k instructions an action (numpy arrays and pybind11
calls), twice an engine whose CPU seconds equal it. Compare an engine with itself here, and
with its peer in bench_openspiel.py.

    python benchmarks/bench_instructions.py --game wildlifeweb --door apply [--games 30]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ENGINES = ("toritori", "wildlifeweb", "tulikko", "biotopes", "tori")
DOORS = ("push", "untold", "apply")
WARM_UP_SEED = 100_000  # warm-up games' seeds start here, far from the measured 0, 1, ...


def play(game_name: str, door: str, seeds: range) -> int:
    """Random self-play of every seed through ``door``; the number of actions taken."""
    from ecogames.core import registered_games
    from ecogames.games import biotopes, tori, toritori, tulikko, wildlifeweb  # noqa: F401

    cls = registered_games()[game_name]
    actions = 0
    for seed in seeds:
        choose = random.Random(seed).choice
        game = cls.new_game(players=2, seed=seed)
        step = {"push": game.push, "apply": game.apply,
                "untold": lambda action, game=game: game.apply(action, record=False)}[door]
        while not game.is_over:
            step(choose(game.legal_actions()))
            actions += 1
    return actions


def count(game_name: str, door: str, warm_up: int, games: int) -> tuple[int, int]:
    """Instructions (cachegrind's I refs) and actions of one run under valgrind."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "actions"
        command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
                   f"--cachegrind-out-file={scratch}/cg.out",
                   sys.executable, __file__, "--inner", "--game", game_name, "--door", door,
                   "--warm-up", str(warm_up), "--games", str(games), "--actions-file", str(out)]
        done = subprocess.run(command, capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": "0"})
        refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        if refs is None:
            raise RuntimeError(f"no instruction count in valgrind's output:\n{done.stderr}")
        return int(refs.group(1).replace(",", "")), int(out.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=ENGINES, required=True)
    parser.add_argument("--door", choices=DOORS, default="apply")
    parser.add_argument("--games", type=int, default=30, help="measured games, seeds 0, 1, ...")
    parser.add_argument("--warm-up", type=int, default=150, help="games played first, unmeasured")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--actions-file", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        play(args.game, args.door, range(WARM_UP_SEED, WARM_UP_SEED + args.warm_up))
        measured = play(args.game, args.door, range(args.games)) if args.games else 0
        Path(args.actions_file).write_text(str(measured))
        return
    base, _ = count(args.game, args.door, args.warm_up, 0)
    total, actions = count(args.game, args.door, args.warm_up, args.games)
    per_action = (total - base) / actions
    print(f"{args.game} {args.door}: {per_action:,.0f} instructions an action "
          f"({actions:,} actions in {args.games} games after {args.warm_up} warm-up games, "
          "PYTHONHASHSEED=0)")


if __name__ == "__main__":
    main()
