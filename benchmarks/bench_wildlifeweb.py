"""Wildlife Web engine: random self-play games/s (unchecked push and checked apply), clone,
determinize and the search's estimate (what MCTS pays every playout), save and load mid-game,
and legal_actions() mid-game.

Games are played to the rulebook's 3 Offspring, 2 to 6 players.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ecogames.bots import RandomBot, play
from ecogames.core import Rng
from ecogames.games.wildlifeweb import WildlifeWeb, bots, new_game
from timing import per_call, report


def games_per_second(n: int = 200) -> tuple[float, float]:
    actions = 0
    started = time.perf_counter()
    for seed in range(n):
        game = new_game(players=2 + seed % 5, seed=seed)
        play(game, RandomBot(seed))
        actions += len(game.history)
    elapsed = time.perf_counter() - started
    return n / elapsed, actions / n


def checked_games_per_second(n: int = 60) -> float:
    started = time.perf_counter()
    for seed in range(n):
        game, bot = new_game(players=2 + seed % 5, seed=seed), RandomBot(seed)
        while not game.is_over:
            game.apply(bot.choose(game, game.legal_actions()))
    return n / (time.perf_counter() - started)


def mid_game(players: int = 4, steps: int = 150) -> WildlifeWeb:
    game, bot = new_game(players=players, seed=11), RandomBot(11)
    for _ in range(steps):
        if game.is_over:
            break
        game.push(bot.choose(game, game.legal_actions()))
    return game


def main() -> None:
    rate, length = games_per_second()
    report("random self-play, push (games/s)", rate, "games/s")
    report("  mean actions per game", length, "actions")
    report("random self-play, checked apply (games/s)", checked_games_per_second(),
           "games/s")
    game = mid_game()
    report("clone() mid-game", per_call(game.clone, number=5000) * 1e6, "us")
    rng = Rng(1)
    report("determinize() mid-game", per_call(lambda: game.determinize(0, rng), number=5000)
           * 1e6, "us")
    report("bots.estimate() mid-game", per_call(lambda: bots.estimate(game), number=5000)
           * 1e6, "us")
    # the rules' own work: the game keeps the legal actions of its state (core caches them)
    report("legal_actions() mid-game", per_call(game._legal_actions, number=2000) * 1e6, "us")
    report("to_json() mid-game", per_call(game.to_json, number=500) * 1e6, "us")
    text = game.to_json()
    report(f"from_json() mid-game (replays {len(game.history)} actions)",
           per_call(lambda: WildlifeWeb.from_json(text), number=20) * 1e3, "ms")


if __name__ == "__main__":
    main()
