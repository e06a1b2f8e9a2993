"""experiment() at scale: Tori-Tori games with the heuristic team, serially, on 2 processes
and on a Dask LocalCluster of 2 worker processes (``experiments.local_cluster(2)``, and, for
A/B, a LocalCluster with Dask's default settings).

Prints games per second for each, the scaling ratio (2 processes / serial), Dask's overhead
against the process pool, and the memory of the series frame. Every run must give the same
frames (checked).

    python benchmarks/bench_experiments.py               # 10,000 games each way (~8 min)
    python benchmarks/bench_experiments.py --no-defaults # without the A/B cluster (~6 min)
    python benchmarks/bench_experiments.py --games 1000
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pandas as pd

from ecogames.experiments import experiment, local_cluster
from timing import report

ARGUMENTS = {"grid": {"difficulty": ["basic", "medium", "expert"]},
             "bots": "toritori-heuristic", "progress": False}


def timed(**kwargs):
    started = time.perf_counter()
    ex = experiment("toritori", **ARGUMENTS, **kwargs)
    return ex, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--no-defaults", action="store_true",
                        help="skip the LocalCluster with Dask's default settings")
    arguments = parser.parse_args()
    games = arguments.games
    seeds = range(-(-games // 3))  # three difficulties
    total = 3 * len(seeds)
    print(f"experiment(): {total} Tori-Tori games, heuristic team, 2 players, "
          "3 difficulties")

    serial, serial_s = timed(seeds=seeds)
    report("serial", total / serial_s, "games/s")
    pool, pool_s = timed(seeds=seeds, n_jobs=2)
    report("process pool, 2 processes", total / pool_s, "games/s")

    from dask.distributed import Client, LocalCluster

    with local_cluster(2) as cluster, Client(cluster) as client:
        dask, dask_s = timed(seeds=seeds, executor=client)
    report("Dask local_cluster(2), 2 worker processes", total / dask_s, "games/s")
    others = [pool, dask]
    plain_s = None
    if not arguments.no_defaults:
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            plain, plain_s = timed(seeds=seeds, executor=client)
        others.append(plain)
        report("Dask LocalCluster with Dask's default settings", total / plain_s, "games/s")
    report("scaling: 2 processes / serial", serial_s / pool_s, "x")
    report("Dask's overhead against the process pool", (dask_s / pool_s - 1) * 100, "%")
    if plain_s is not None:
        report("  the same with Dask's default settings", (plain_s / pool_s - 1) * 100, "%")

    for other in others:
        pd.testing.assert_frame_equal(serial.games, other.games)
        pd.testing.assert_frame_equal(serial.series, other.series)
    series = serial.series
    report("series frame rows", len(series), "rows")
    report("series frame memory (deep)", series.memory_usage(deep=True).sum() / 2**20, "MiB")
    report("games frame memory (deep)",
           serial.games.memory_usage(deep=True).sum() / 2**20, "MiB")
    won = serial.games.groupby("difficulty", observed=True)["won"].mean() * 100
    for difficulty, rate in won.items():
        report(f"team wins, {difficulty}", rate, "%")


if __name__ == "__main__":
    main()
