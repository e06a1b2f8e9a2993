"""Core machinery on the test-only Pond game: what the protocol itself costs.

Prints: random self-play games/s (unchecked push and checked apply), clone, save, load
(which replays and verifies the history), and a widget act round trip in Python.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ecogames.bots import RandomBot, play
from tests.support.pond import Pond
from timing import per_call, report


def games_per_second(n: int = 2000) -> float:
    started = time.perf_counter()
    for seed in range(n):
        play(Pond.new_game(players=2, seed=seed, rounds=5), RandomBot(seed))
    return n / (time.perf_counter() - started)


def checked_games_per_second(n: int = 500) -> float:
    started = time.perf_counter()
    for seed in range(n):
        game, bot = Pond.new_game(players=2, seed=seed, rounds=5), RandomBot(seed)
        while not game.is_over:
            game.apply(bot.choose(game, game.legal_actions()))
    return n / (time.perf_counter() - started)


def main() -> None:
    report("random self-play, push (games/s)", games_per_second(), "games/s")
    report("random self-play, checked apply (games/s)", checked_games_per_second(), "games/s")
    game = Pond.new_game(players=2, seed=1, rounds=50)
    for _ in range(20):
        game.apply(game.legal_actions()[-1])
    report("clone() mid-game", per_call(game.clone, number=20000) * 1e6, "us")
    report("to_json() mid-game", per_call(game.to_json, number=2000) * 1e6, "us")
    text = game.to_json()
    report("from_json() mid-game (replays 20 actions)",
           per_call(lambda: Pond.from_json(text), number=500) * 1e6, "us")
    try:
        from ecogames.widget import GameWidget
    except ImportError:
        return
    widget = GameWidget(Pond.new_game(players=2, seed=1, rounds=50))

    def act_and_undo() -> None:
        widget.act_by_id(0)
        widget.undo()

    report("widget act + undo in Python", per_call(act_and_undo, number=200) * 1e3, "ms")
    widget.act_by_id(0)
    synced = {k: v for k, v in widget.traits_json().items()}
    report("bytes of all synced traits after a roll", len(json.dumps(synced)), "B")


if __name__ == "__main__":
    main()
