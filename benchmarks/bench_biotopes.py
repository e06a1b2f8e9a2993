"""Biotopes: what the engine costs.

Prints: random self-play games/s (unchecked push, and checked apply) for 2 and 4 players,
random self-play actions per CPU second (push: the figure bench_openspiel compares),
legal_actions, clone, determinize, the search's estimate, to_json and from_json (which
replays and verifies the history) on a mid-game state, and the greedy bot's CPU time per
2-player game (both seats).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ecogames.bots import RandomBot, make_bot, play
from ecogames.core import Rng
from ecogames.games.biotopes import Biotopes, new_game
from ecogames.games.biotopes.bots import estimate
from timing import per_call, report


def games_per_second(players: int, n: int) -> tuple[float, float]:
    started = time.perf_counter()
    actions = 0
    for seed in range(n):
        game = new_game(players=players, seed=seed)
        play(game, RandomBot(seed))
        actions += len(game.history)
    return n / (time.perf_counter() - started), actions / n


def actions_per_cpu_second(players: int, n: int) -> float:
    """Random self-play through ``push`` (legal_actions, a random choice, push), set-up
    included, per CPU second (``time.process_time``)."""
    started, actions = time.process_time(), 0
    for seed in range(n):
        game, bot = new_game(players=players, seed=seed), RandomBot(seed)
        while not game.is_over:
            game.push(bot.choose(game, game.legal_actions()))
            actions += 1
    return actions / (time.process_time() - started)


def checked_games_per_second(players: int, n: int) -> float:
    started = time.perf_counter()
    for seed in range(n):
        game, bot = new_game(players=players, seed=seed), RandomBot(seed)
        while not game.is_over:
            game.apply(bot.choose(game, game.legal_actions()), record=False)
    return n / (time.perf_counter() - started)


def greedy_cpu_seconds_per_game(n: int) -> float:
    """2-player games of ``biotopes-greedy`` against itself, CPU seconds per game."""
    started = time.process_time()
    for seed in range(n):
        game = new_game(players=2, seed=seed)
        play(game, {p: make_bot("biotopes-greedy", seed + p) for p in range(2)})
    return (time.process_time() - started) / n


def mid_game(players: int = 4) -> Biotopes:
    """A 4-player game in the Action Phase of cycle 3 (random play from seed 3)."""
    game, rng = new_game(players=players, seed=3), Rng(3)
    while game.cycle < 3 or game.phase != "action":
        legal = game.legal_actions()
        passes = [a for a in legal if a.type != "pass"]  # keep the ecosystems growing
        game.apply(rng.choice(passes if passes and rng.below(4) else legal))
    return game


def main() -> None:
    for players, n in ((2, 200), (4, 100)):
        rate, length = games_per_second(players, n)
        report(f"random self-play, {players} players, push (games/s)", rate, "games/s")
        report(f"  (actions per game, {players} players)", length, "actions")
        report(f"random self-play, {players} players, push (actions/CPU-s)",
               actions_per_cpu_second(players, n // 2), "actions/s")
        report(f"random self-play, {players} players, checked apply",
               checked_games_per_second(players, n // 4), "games/s")
    game = mid_game()
    # the rules' own (legal_actions() keeps its answer until the next action)
    report(f"_legal_actions() mid-game ({len(game.legal_actions())} legal)",
           per_call(game._legal_actions, number=2000) * 1e6, "us")
    report("clone() mid-game, 4 players", per_call(game.clone, number=20000) * 1e6, "us")
    rng = Rng(1)
    report("determinize() mid-game, 4 players",
           per_call(lambda: game.determinize(game.current_player, rng), number=5000) * 1e6, "us")
    report("estimate() mid-game, 4 players", per_call(lambda: estimate(game), number=5000) * 1e6,
           "us")
    report("to_json() mid-game", per_call(game.to_json, number=500) * 1e6, "us")
    text = game.to_json()
    report(f"from_json() mid-game (replays {len(game.history)} actions)",
           per_call(lambda: Biotopes.from_json(text), number=20) * 1e3, "ms")
    report("biotopes-greedy, both seats (CPU s per game)", greedy_cpu_seconds_per_game(6), "s")


if __name__ == "__main__":
    main()
