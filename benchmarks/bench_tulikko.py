"""Tulikko: what the engine costs.

Prints: random self-play games/s (unchecked push and checked apply, 2 and 4 players),
legal actions, clone, save and load (which replays and verifies the history) mid-game, and
the cost of checking the objectives after a placement.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ecogames.bots import RandomBot, play
from ecogames.core import EventLog, Rng
from ecogames.games.tulikko import Tulikko, new_game
from timing import per_call, report


def games_per_second(players: int, n: int = 200) -> float:
    started = time.perf_counter()
    for seed in range(n):
        play(new_game(players=players, seed=seed), RandomBot(seed))
    return n / (time.perf_counter() - started)


def actions_per_cpu_second(players: int, n: int = 60, repeat: int = 3) -> float:
    """Random self-play through ``push`` (the search bots' door), in actions per CPU second
    (process time, best of ``repeat``): the figure issue 15 compares with OpenSpiel's
    pure-Python tic-tac-toe."""
    best = 0.0
    for _ in range(repeat):
        actions = 0
        started = time.process_time()
        for seed in range(n):
            game, rng = new_game(players=players, seed=seed), Rng(seed)
            while not game.is_over:
                legal = game.legal_actions()
                game.push(legal[rng.below(len(legal))])
                actions += 1
        best = max(best, actions / (time.process_time() - started))
    return best


def checked_games_per_second(players: int, n: int = 60) -> float:
    started = time.perf_counter()
    for seed in range(n):
        game, bot = new_game(players=players, seed=seed), RandomBot(seed)
        while not game.is_over:
            game.apply(bot.choose(game, game.legal_actions()))
    return n / (time.perf_counter() - started)


def mid_game(players: int = 4, actions: int = 60) -> Tulikko:
    game, bot = new_game(players=players, seed=7), RandomBot(7)
    for _ in range(actions):
        game.push(bot.choose(game, game.legal_actions()))
    return game


def warm_up() -> None:
    """Compute every card's placements once (cached), as a session would on its first
    objective check."""
    from ecogames.games.tulikko import components, patterns

    started = time.perf_counter()
    for card in components.LANDSCAPE_CARDS:
        if card.test == "tiles":
            patterns.tile_placements(card.id)
        elif card.test == "river_shape":
            patterns.river_placements(card.id)
    report("first use: all 29 cards' placements (direct enumeration)",
           (time.perf_counter() - started) * 1e3, "ms")


def main() -> None:
    warm_up()
    for players in (2, 4):
        report(f"random self-play, push, {players} players",
               actions_per_cpu_second(players), "actions/CPU s")
        report(f"random self-play, push, {players} players", games_per_second(players),
               "games/s")
        report(f"random self-play, checked apply, {players} players",
               checked_games_per_second(players), "games/s")
    game = mid_game()
    report("legal_actions() mid-game", per_call(game.legal_actions, number=5000) * 1e6, "us")
    report("clone() mid-game", per_call(game.clone, number=20000) * 1e6, "us")
    report("_copy() mid-game (the undo copy of apply)",
           per_call(game._copy, number=20000) * 1e6, "us")
    report("to_json() mid-game", per_call(game.to_json, number=2000) * 1e6, "us")
    text = game.to_json()
    report("from_json() mid-game (replays 60 actions)",
           per_call(lambda: Tulikko.from_json(text), number=100) * 1e6, "us")
    log = EventLog(record=False)
    twin = game.clone()
    report("check for completed objectives (incl. a clone)",
           per_call(lambda: twin.clone().check_completed_objectives(log), number=5000) * 1e6,
           "us")
    report("view() mid-game", per_call(lambda: game.view(0), number=2000) * 1e6, "us")


if __name__ == "__main__":
    main()
