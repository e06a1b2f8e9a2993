"""Tori-Tori: what the engine costs, and how often the team bot wins.

Prints: random self-play games/s (a plain loop over ``push``, the core's ``play()``, and
the checked ``apply``), the cost of legal_actions, a roll, clone, save and load mid-game;
then the heuristic team bot's win rate for every player count and difficulty.

    python benchmarks/bench_toritori.py             # ~1 min: 100 games per cell
    python benchmarks/bench_toritori.py --full      # 1,000 seeded games per cell
    python benchmarks/bench_toritori.py --full --jobs 4
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ecogames.bots import RandomBot, make_bot, play
from ecogames.core import Rng
from ecogames.games.toritori import ToriTori, new_game
from timing import per_call, report

PLAYERS = (2, 3, 4)
LEVELS = ("basic", "medium", "expert")


def random_games_per_second(n: int = 1000, layout: str = "random",
                            repeat: int = 3) -> tuple[float, float]:
    """A plain self-play loop (choose uniformly, ``push``), 2-4 players: games per second of
    this process's CPU time (so other work on the machine does not count; the best of
    ``repeat`` runs of the same ``n`` seeded games) and actions per game."""
    best = float("inf")
    actions = 0
    for _ in range(repeat):
        actions = 0
        started = time.process_time()
        for seed in range(n):
            game = new_game(players=PLAYERS[seed % 3], seed=seed, layout=layout)
            rng = Rng(seed)
            while True:
                legal = game.legal_actions()
                if not legal:
                    break
                game.push(legal[rng.below(len(legal))])
                actions += 1
        best = min(best, time.process_time() - started)
    return n / best, actions / n


def core_play_games_per_second(n: int = 1000) -> float:
    started = time.perf_counter()
    for seed in range(n):
        play(new_game(players=PLAYERS[seed % 3], seed=seed), RandomBot(seed))
    return n / (time.perf_counter() - started)


def checked_games_per_second(n: int = 300) -> float:
    started = time.perf_counter()
    for seed in range(n):
        game, bot = new_game(players=PLAYERS[seed % 3], seed=seed), RandomBot(seed)
        while not game.is_over:
            game.apply(bot.choose(game, game.legal_actions()), record=False)
    return n / (time.perf_counter() - started)


def mid_game(seed: int = 11) -> ToriTori:
    """A 4-player game some turns in, in its action phase."""
    for attempt in range(seed, seed + 100):
        game, bot = new_game(players=4, seed=attempt), RandomBot(attempt)
        for _ in range(30):
            if game.is_over:
                break
            game.push(bot.choose(game, game.legal_actions()))
        while not game.is_over and game.stage != "actions":
            game.push(bot.choose(game, game.legal_actions()))
        if not game.is_over:
            return game
    raise RuntimeError("no mid-game found")


# -- the team bot's win rates (module-level functions: picklable for a process pool) -------


def _new_game(key: tuple[int, str, int]) -> ToriTori:
    players, level, seed = key
    return new_game(players=players, difficulty=level, seed=seed)


def _play_one(key: tuple[int, str, int]) -> tuple[tuple[int, str, int], str, str, int]:
    game = _new_game(key)
    outcome = play(game, make_bot("toritori-heuristic", key[2]))
    return key, outcome.data["result"], outcome.reason, len(game.history)


def win_rates(games: int, jobs: int) -> None:
    keys = [(p, level, seed) for p in PLAYERS for level in LEVELS for seed in range(games)]
    started = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_play_one, keys, chunksize=20))
    else:
        results = [_play_one(key) for key in keys]
    elapsed = time.perf_counter() - started
    wins: Counter[tuple[int, str]] = Counter()
    reasons: Counter[str] = Counter()
    for (players, level, _), result, reason, _ in results:
        wins[players, level] += result == "victory"
        reasons[reason] += 1
    print(f"  heuristic team bot ('toritori-heuristic'): win rate over {games} seeded games "
          f"per cell (seeds 0..{games - 1})")
    print(f"  {'players':>9}" + "".join(f"{level:>10}" for level in LEVELS))
    for players in PLAYERS:
        row = "".join(f"{100 * wins[players, level] / games:>9.1f}%" for level in LEVELS)
        print(f"  {players:>9}{row}")
    print("  how the games ended:")
    for reason, count in reasons.most_common():
        print(f"    {count:>6}  {reason}")
    report(f"bot games/s ({len(keys)} games, {jobs} process(es))", len(keys) / elapsed,
           "games/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="1,000 games per cell")
    parser.add_argument("--games", type=int, help="games per cell (default 100; --full 1000)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the bot")
    args = parser.parse_args()
    games = args.games or (1000 if args.full else 100)

    rate, length = random_games_per_second()
    report("random self-play, plain loop (games/CPU-s)", rate, "games/s")
    report("  actions per random game", length, "actions")
    report("  random self-play, push (actions/CPU-s)", rate * length, "actions/s")
    report("random self-play, rulebook layout (games/CPU-s)",
           random_games_per_second(layout="rulebook")[0], "games/s")
    report("random self-play, core play() (games/s)", core_play_games_per_second(), "games/s")
    report("random self-play, checked apply (games/s)", checked_games_per_second(), "games/s")
    game = mid_game()
    report("clone() mid-game", per_call(game.clone, number=20000) * 1e6, "us")
    report("legal_actions() mid-game (action phase)",
           per_call(game.legal_actions, number=20000) * 1e6, "us")
    rolling = game.clone()
    while rolling.stage != "roll" and not rolling.is_over:
        rolling.push(rolling.legal_actions()[0])

    def roll_once() -> None:
        rolling.clone().push(rolling.legal_actions()[0])

    report("a roll (both cards, discard, refill) + clone", per_call(roll_once, number=5000)
           * 1e6, "us")
    report("to_json() mid-game", per_call(game.to_json, number=500) * 1e6, "us")
    text = game.to_json()
    report(f"from_json() mid-game (replays {len(game.history)} actions)",
           per_call(lambda: ToriTori.from_json(text), number=50) * 1e3, "ms")
    win_rates(games, args.jobs)


if __name__ == "__main__":
    main()
