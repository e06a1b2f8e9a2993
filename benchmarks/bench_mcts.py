"""The MCTS bot's speed: playouts per CPU second in each game, by rollout policy.

Each search starts from the state after 10 random actions of a 2-player game (seeds 0, 1,
...), 10 playouts a search, until the CPU budget is spent; a playout is a determinization,
a walk down the tree, one expansion and a rollout to the end (at most ``max_rollout``
actions: Tori's random rollouts are cut there).

    python benchmarks/bench_mcts.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ecogames.bots import RandomBot
from ecogames.bots.mcts import DEFAULT_MAX_ROLLOUT, MCTSBot, greedy_bot_name
from ecogames.core import Game, registered_games
from ecogames.games import biotopes, tori, toritori, tulikko, wildlifeweb  # noqa: F401

GAMES = ("toritori", "wildlifeweb", "tulikko", "biotopes", "tori")
PLAYOUTS_PER_SEARCH = 10


def start(name: str, seed: int) -> Game:
    game = registered_games()[name].new_game(players=2, seed=seed)
    bot = RandomBot(seed)
    for _ in range(10):
        if game.is_over:
            break
        game.push(bot.choose(game, game.legal_actions()))
    return game


def playouts_per_second(name: str, rollout: str, seconds: float) -> float:
    done = 0
    seed = 0
    began = time.process_time()
    while time.process_time() - began < seconds:
        bot = MCTSBot(seed, playouts=PLAYOUTS_PER_SEARCH, rollout=rollout)
        done += bot.search(start(name, seed)).playouts
        seed += 1
    return done / (time.process_time() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="CPU seconds per measurement (default 3)")
    args = parser.parse_args()
    print(f"MCTS playouts per CPU second (2 players, max_rollout {DEFAULT_MAX_ROLLOUT})")
    print(f"{'game':<14}{'random':>10}{'greedy':>10}  greedy rollout bot")
    for name in GAMES:
        fast = playouts_per_second(name, "random", args.seconds)
        greedy = playouts_per_second(name, "greedy", args.seconds)
        print(f"{name:<14}{fast:>10.1f}{greedy:>10.1f}  {greedy_bot_name(name)}")


if __name__ == "__main__":
    main()
