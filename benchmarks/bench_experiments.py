"""experiment() at scale: Tori-Tori games with the heuristic team, serially, on a pool of 2
processes and on a Dask cluster of 2 worker processes (``experiments.local_cluster(2)``, and,
for A/B, a LocalCluster with Dask's default settings).

The games are played in ``--rounds`` blocks (2,000 games each at the default 10,000), and every
way plays every block, one after the other, in an order that rotates from block to block. A
ratio is the median of the blocks' ratios (each way's time against the pool's on the same
block, minutes apart at most): this machine's speed drifts by 10% or more over the minutes
a whole run takes, and one ratio of two figures taken far apart carries that drift. Each
executor is started and warmed before its block and shut down after it (its start-up is
measured apart), so no idle cluster takes its housekeeping out of another way's games.

Prints games per second for each way, the scaling ratio (2 processes / serial), Dask's time
over the process pool, start-up times and the memory of the series frame. Every way must give
the same frames (checked).

    python benchmarks/bench_experiments.py               # 10,005 games each way (~9 min)
    python benchmarks/bench_experiments.py --no-defaults # without the A/B cluster (~7 min)
    python benchmarks/bench_experiments.py --games 1000 --rounds 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pandas as pd

from ecogames.experiments import Experiment, experiment, local_cluster
from timing import report

ARGUMENTS = {"grid": {"difficulty": ["basic", "medium", "expert"]},
             "bots": "toritori-heuristic", "progress": False}
WARM_UP_SEEDS = range(100_000, 100_004)  # 12 games: every worker imports and plays first


def play(seeds: range, executor: Any = None) -> tuple[Experiment, float]:
    started = time.perf_counter()
    ex = experiment("toritori", **ARGUMENTS, seeds=seeds, executor=executor)
    return ex, time.perf_counter() - started


@contextmanager
def serial() -> Iterator[None]:
    yield None


@contextmanager
def process_pool() -> Iterator[ProcessPoolExecutor]:
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        yield pool


@contextmanager
def game_cluster() -> Iterator[Any]:
    from dask.distributed import Client

    with local_cluster(2) as cluster, Client(cluster) as client:
        yield client


@contextmanager
def default_cluster() -> Iterator[Any]:
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        yield client


WAYS: dict[str, tuple[str, Callable[[], Any]]] = {
    "serial": ("serial", serial),
    "pool": ("process pool, 2 processes", process_pool),
    "dask": ("Dask local_cluster(2), 2 worker processes", game_cluster),
    "defaults": ("Dask LocalCluster with Dask's default settings", default_cluster),
}


def play_block(way: str, seeds: range) -> tuple[Experiment, float, float]:
    """One block played one way: its experiment, its seconds, and the executor's start-up
    (started, and warmed by a few games, before the block's clock starts)."""
    started = time.perf_counter()
    with WAYS[way][1]() as executor:
        play(WARM_UP_SEEDS, executor)
        start_up = time.perf_counter() - started
        ex, seconds = play(seeds, executor)
    return ex, seconds, start_up


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5, help="blocks of games (default 5)")
    parser.add_argument("--no-defaults", action="store_true",
                        help="skip the LocalCluster with Dask's default settings")
    arguments = parser.parse_args()
    ways = [way for way in WAYS if not (arguments.no_defaults and way == "defaults")]
    per_block = -(-arguments.games // (3 * arguments.rounds))  # seeds a block, 3 difficulties
    total = 3 * per_block * arguments.rounds
    print(f"experiment(): {total} Tori-Tori games, heuristic team, 2 players, 3 difficulties, "
          f"in {arguments.rounds} blocks of {3 * per_block}; every way plays every block")

    seconds: dict[str, list[float]] = {way: [] for way in ways}
    start_ups: dict[str, list[float]] = {way: [] for way in ways}
    games_frames, series_rows, series_bytes = [], 0, 0
    for block in range(arguments.rounds):
        seeds = range(block * per_block, (block + 1) * per_block)
        order = ways[block % len(ways):] + ways[:block % len(ways)]
        results = {}
        for way in order:
            results[way], spent, start_up = play_block(way, seeds)
            seconds[way].append(spent)
            start_ups[way].append(start_up)
        first = results["serial"]
        for way in ways[1:]:
            pd.testing.assert_frame_equal(first.games, results[way].games)
            pd.testing.assert_frame_equal(first.series, results[way].series)
        games_frames.append(first.games)
        series_rows += len(first.series)
        series_bytes += first.series.memory_usage(deep=True).sum()
        print(f"  block {block + 1} ({', '.join(order)}): "
              + ", ".join(f"{way} {seconds[way][-1]:.1f} s" for way in ways))

    for way in ways:
        report(WAYS[way][0], total / sum(seconds[way]), "games/s")

    def median_ratio(way: str, over: str) -> float:
        return statistics.median(a / b for a, b in zip(seconds[way], seconds[over]))

    report("scaling: 2 processes / serial (median of blocks)", median_ratio("serial", "pool"),
           "x")
    report("Dask's time over the process pool (median)", (median_ratio("dask", "pool") - 1) * 100,
           "%")
    if "defaults" in ways:
        report("  the same with Dask's default settings",
               (median_ratio("defaults", "pool") - 1) * 100, "%")
    report("scaling over the whole run (total times)",
           sum(seconds["serial"]) / sum(seconds["pool"]), "x")
    report("Dask over the pool, whole run (total times)",
           (sum(seconds["dask"]) / sum(seconds["pool"]) - 1) * 100, "%")
    for way in ways[1:]:
        report(f"start-up and warm-up, {way} (median)", statistics.median(start_ups[way]), "s")

    report("series frame rows", series_rows, "rows")
    report("series frame memory (deep)", series_bytes / 2**20, "MiB")
    games = pd.concat(games_frames, ignore_index=True)
    report("games frame memory (deep)", games.memory_usage(deep=True).sum() / 2**20, "MiB")
    won = games.groupby("difficulty", observed=True)["won"].mean() * 100
    for difficulty, rate in won.items():
        report(f"team wins, {difficulty}", rate, "%")


if __name__ == "__main__":
    main()
