"""PettingZoo environments beside PettingZoo's own classic ones, in the same loop.

The loop is the one an RL researcher writes: ``agent_iter()``, ``last()``, a masked random
choice (``numpy``'s ``Generator.choice`` over ``flatnonzero(action_mask)``), ``step()``;
whole games, ``reset(seed=k)`` for k = 0, 1, ... until the time is up. The figure is env
steps per CPU second (``time.process_time``): every call to ``step``, including the
``step(None)`` of agents whose game is over, as PettingZoo counts them. Two figures: the
whole loop, and the environment alone (the CPU time inside ``last`` and ``step``, without the
policy: with 85,000 actions or more, the policy's own scan of the mask,
``flatnonzero(action_mask)``, costs more than the environment's step).

Peers: ``tictactoe_v3`` and ``connect_four_v3`` from ``pettingzoo.classic`` (a benchmark
peer only: ``pip install 'pettingzoo[classic]'`` if they do not import; without them the
peers are skipped with a message). Each figure is the best of ``--repeats`` rounds; the
machine may be busy with other work, so compare figures of one run only.

    python benchmarks/bench_rl.py [--seconds 2] [--repeats 2] [--game tulikko]
        [--observation structured|hashed] [--players 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ecogames import rl

GAMES = ("toritori", "wildlifeweb", "tulikko", "biotopes", "tori")


def steps_per_second(make: Callable[[], Any], seconds: float) -> tuple[float, float]:
    """Env steps per CPU second of masked random play, whole games: of the whole loop, and
    of the environment's own calls alone (``last`` and ``step``, without the policy)."""
    env = make()
    rng = np.random.default_rng(0)
    clock = time.process_time
    steps = 0
    seed = 0
    in_env = 0.0
    started = clock()
    while True:
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            t0 = clock()
            obs, _reward, terminated, truncated, _info = env.last()
            t1 = clock()
            action = (None if terminated or truncated
                      else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            t2 = clock()
            env.step(action)
            in_env += t1 - t0 + clock() - t2
            steps += 1
        seed += 1
        spent = clock() - started
        if spent >= seconds:
            return steps / spent, steps / in_env


def peers() -> dict[str, Callable[[], Any]]:
    try:
        from pettingzoo.classic import connect_four_v3, tictactoe_v3
    except Exception as error:  # any import failure means no peer
        print(f"(PettingZoo classic peers skipped: {error}; "
              "pip install 'pettingzoo[classic]')")
        return {}
    return {"pettingzoo tictactoe_v3": tictactoe_v3.env,
            "pettingzoo connect_four_v3": connect_four_v3.env}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--observation", choices=("structured", "hashed"),
                        default="structured")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    makers = dict(peers())
    for name in args.game or GAMES:
        makers[f"ecogames {name} ({args.observation})"] = (
            lambda name=name: rl.env(name, players=args.players,
                                     observation=args.observation))
    print(f"{'environment':40} {'loop steps/CPU s':>17} {'env alone':>10}  actions")
    for label, make in makers.items():
        loop, alone = max(steps_per_second(make, args.seconds) for _ in range(args.repeats))
        size = make().action_space(make().possible_agents[0]).n
        verdict = "" if label.startswith("pettingzoo") else (
            "  >= 10,000" if loop >= 10_000 else "  below 10,000")
        print(f"{label:40} {loop:>17,.0f} {alone:>10,.0f} {size:>8,}{verdict}", flush=True)


if __name__ == "__main__":
    main()
