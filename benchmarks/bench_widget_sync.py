"""Bytes the widgets send to the browser per move, and the Python time of a click.

Every state update a widget sends is intercepted (``Widget._send``) and measured as JSON,
over games played by bots through the widget's own message handler, as clicks arrive.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ecogames.widget import GameWidget


class Meter:
    """Counts the bytes of the update messages one widget sends."""

    def __init__(self, widget: GameWidget) -> None:
        self.sent = 0
        original = widget._send

        def measured(msg, buffers=None):
            self.sent += len(json.dumps(msg, default=str, separators=(",", ":")))
            return original(msg, buffers)

        widget._send = measured


def click(widget: GameWidget, content: dict) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                        "buffers": []})


def measure(widget: GameWidget, moves: int) -> tuple[list[int], list[float]]:
    meter = Meter(widget)
    sizes, times = [], []
    for _ in range(moves):
        if widget.game.is_over:
            break
        before = meter.sent
        started = time.perf_counter()
        click(widget, {"kind": "bot"})
        times.append(time.perf_counter() - started)
        sizes.append(meter.sent - before)
        assert widget.error == "", widget.error
    return sizes, times


def report(name: str, sizes: list[int], times: list[float]) -> None:
    print(f"  {name}: {len(sizes)} moves; bytes per move median {statistics.median(sizes):,.0f}, "
          f"90th percentile {sorted(sizes)[int(len(sizes) * 0.9)]:,}, max {max(sizes):,}; "
          f"Python time per click median {statistics.median(times) * 1e3:.1f} ms")


GAMES = [
    # game module, bots, new_game options, label
    ("toritori", "toritori-heuristic", {"players": 2}, "Tori-Tori (vs heuristic bot)"),
    ("wildlifeweb", "wildlifeweb-greedy", {"players": 3}, "Wildlife Web (vs 2 greedy bots)"),
    ("tulikko", "tulikko-greedy", {"players": 2, "maps": ["fox", "owl"]},
     "Tulikko (vs greedy bot)"),
    ("biotopes", "biotopes-greedy", {"players": 2}, "Biotopes (vs greedy bot)"),
    ("tori", "tori-greedy", {"players": 2}, "Tori (vs greedy bot)"),
]


def main(games: int = 3, moves: int = 400) -> None:
    import importlib

    for name, bot, options, label in GAMES:
        module = importlib.import_module(f"ecogames.games.{name}")
        sizes, times = [], []
        for seed in range(games):
            game = module.new_game(seed=seed, **options)
            # seat 0 is a person's (the legal actions are sent on its turns; the 'bot' message
            # plays it randomly here), the other seats are the game's bot
            widget = game.widget(bots={p: bot for p in range(1, game.players)})
            s, t = measure(widget, moves)
            sizes += s
            times += t
        report(f"{label}, {games} games", sizes, times)


if __name__ == "__main__":
    main()
