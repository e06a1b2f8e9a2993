"""Does an agent learn? MaskablePPO on Tulikko (2 players) against a bot, then evaluated.

Trains sb3-contrib's ``MaskablePPO`` (a masked policy-gradient agent; the optional extra
``pip install 'ecogames[rl-train]'``, CPU torch) in :class:`ecogames.rl.versus.VersusBots`:
the learner in one seat (seats alternate by episode), the bot in the other. Then plays
``--eval`` games against the same bot (seats alternating, the policy sampling its masked
distribution, fresh seeds) and prints the learner's win rate with its 95% Wilson interval,
beside an untrained masked random policy over the same games. Each run prints one line of
JSON, so docs/rl.md quotes figures this script printed.

    python benchmarks/train_rl.py --opponent random --observation structured --steps 30000
    python benchmarks/train_rl.py --steps 30000 --then tulikko-greedy --then-steps 30000

The second trains against the random bot, then the same agent against the greedy bot, and
evaluates against both. Besides the win rate, each evaluation prints the learner's mean
score margin over the bot (Tulikko's points: the fewest win, so lower is better).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ecogames.rl.versus import VersusBots

EVAL_SEED = 1_000_000
"""Evaluation games use seeds from here on, never seen in training."""


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def evaluate(policy: Any, env: VersusBots, games: int) -> tuple[int, list[float]]:
    """Games won (alone or shared) of ``games``, and the learner's score margin over the
    bot in each (Tulikko: points, the fewest win, so below 0 is ahead); ``policy(obs, mask)``."""
    wins = 0
    margins = []
    for k in range(games):
        obs, _ = env.reset(seed=EVAL_SEED + k)
        over = False
        while not over:
            obs, _reward, over, _trunc, _info = env.step(policy(obs, env.action_masks()))
        wins += bool(env.won)
        scores = env.env.game.outcome.scores
        margins.append(scores[env.seat] - scores[1 - env.seat])
    return wins, margins


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    mean = float(np.mean(values))
    half = 1.96 * float(np.std(values, ddof=1)) / math.sqrt(len(values)) if len(values) > 1 else 0
    return mean, mean - half, mean + half


def train(args: argparse.Namespace) -> dict[str, Any]:
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)  # a shared machine: one core
    make = dict(game="tulikko", players=2, opponent=args.opponent,
                observation=args.observation)
    env = VersusBots(**make, seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=args.n_steps,
                        batch_size=256, learning_rate=3e-4, gamma=0.995, ent_coef=0.01,
                        policy_kwargs={"net_arch": [256, 256]}, verbose=0, device="cpu")
    started = time.process_time()
    wall = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    if args.then_steps:  # the same agent goes on against the next bot
        make["opponent"] = args.then
        model.set_env(VersusBots(**make, seed=args.seed + 2))
        model.learn(total_timesteps=args.then_steps, reset_num_timesteps=False)
    cpu = time.process_time() - started
    wall = time.perf_counter() - wall

    def trained(obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=mask, deterministic=False)
        return int(action)

    rng = np.random.default_rng(args.seed)

    def untrained(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    result: dict[str, Any] = {
        "opponent": args.opponent, "observation": args.observation, "steps": args.steps,
        "then": args.then if args.then_steps else None, "then_steps": args.then_steps,
        "train_cpu_s": round(cpu, 1), "train_wall_s": round(wall, 1), "eval_games": args.eval}
    against = [args.opponent] + ([args.then] if args.then_steps else [])
    for bot in against:
        make["opponent"] = bot
        for label, policy in (("trained", trained), ("random_policy", untrained)):
            wins, margins = evaluate(policy, VersusBots(**make, seed=args.seed + 1), args.eval)
            low, high = wilson(wins, args.eval)
            mean, mlow, mhigh = mean_interval(margins)
            result[f"{label}_vs_{bot}"] = {"wins": wins, "rate": round(wins / args.eval, 3),
                                           "ci95": [round(low, 3), round(high, 3)],
                                           "mean_margin": round(mean, 2),
                                           "margin_ci95": [round(mlow, 2), round(mhigh, 2)]}
    return result


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--opponent", default="random",
                        choices=("random", "tulikko-greedy"))
    parser.add_argument("--observation", default="structured",
                        choices=("structured", "hashed"))
    parser.add_argument("--steps", type=int, default=50_000)
    parser.add_argument("--n-steps", type=int, default=2048)
    parser.add_argument("--eval", type=int, default=200)
    parser.add_argument("--then", default="tulikko-greedy",
                        choices=("random", "tulikko-greedy"))
    parser.add_argument("--then-steps", type=int, default=0,
                        help="then go on training the same agent against --then")
    parser.add_argument("--seed", type=int, default=0)
    return parser


def main() -> None:
    print(json.dumps(train(parser().parse_args())), flush=True)


if __name__ == "__main__":
    main()
