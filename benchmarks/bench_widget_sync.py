"""Bytes the widgets send to the browser per move, and the Python time of a click.

Every message a widget sends (trait updates and custom messages: the cascade, the view, the
series, the timeline entry...) is intercepted (``Widget._send``) and measured as JSON, over
games played by bots through the widget's own message handler, as clicks arrive. The limit
(issue 12) is a median of 16 KB per move for every game. Old actions' cascades are sent only
when asked (``show``): their cost is printed apart.
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
    """Counts the bytes of the messages one widget sends, in all and by part (a trait, or a
    custom message's kind)."""

    def __init__(self, widget: GameWidget) -> None:
        self.sent = 0
        self.parts: dict[str, int] = {}
        original = widget._send

        def measured(msg, buffers=None):
            self.sent += len(json.dumps(msg, default=str, separators=(",", ":")))
            if msg.get("method") == "update":
                for name, value in msg.get("state", {}).items():
                    self._add(name, value)
            elif msg.get("method") == "custom":
                self._add(f"msg:{msg['content'].get('kind')}", msg["content"])
            return original(msg, buffers)

        widget._send = measured

    def _add(self, part: str, value) -> None:
        size = len(json.dumps(value, default=str, separators=(",", ":")))
        self.parts[part] = self.parts.get(part, 0) + size


def click(widget: GameWidget, content: dict) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                        "buffers": []})


def measure(widget: GameWidget, moves: int) -> tuple[list[int], list[float], dict[str, list[int]]]:
    meter = Meter(widget)
    sizes, times = [], []
    parts: dict[str, list[int]] = {}
    for _ in range(moves):
        if widget.game.is_over:
            break
        before, before_parts = meter.sent, dict(meter.parts)
        started = time.perf_counter()
        click(widget, {"kind": "bot"})
        times.append(time.perf_counter() - started)
        sizes.append(meter.sent - before)
        for part, total in meter.parts.items():
            parts.setdefault(part, []).append(total - before_parts.get(part, 0))
        assert widget.error == "", widget.error
    return sizes, times, parts


def measure_show(widget: GameWidget) -> tuple[list[int], list[float]]:
    """Bytes and Python time of showing old actions (History, the timeline player)."""
    meter = Meter(widget)
    sizes, times = [], []
    played = len(widget.game.history)
    for index in range(0, played, max(1, played // 10)):
        before = meter.sent
        started = time.perf_counter()
        click(widget, {"kind": "show", "action": index})
        times.append(time.perf_counter() - started)
        sizes.append(meter.sent - before)
        assert widget.error == "", widget.error
    return sizes, times


def report(name: str, sizes: list[int], times: list[float], parts: dict[str, list[int]],
           shows: tuple[list[int], list[float]]) -> None:
    print(f"  {name}: {len(sizes)} moves; bytes per move median {statistics.median(sizes):,.0f}, "
          f"90th percentile {sorted(sizes)[int(len(sizes) * 0.9)]:,}, max {max(sizes):,}; "
          f"Python time per click median {statistics.median(times) * 1e3:.1f} ms")
    means = sorted(((sum(v) / len(v), k) for k, v in parts.items()), reverse=True)
    print("    mean bytes per move by part: "
          + ", ".join(f"{k} {m:,.0f}" for m, k in means if m >= 1))
    print(f"    show an old action (on demand): median {statistics.median(shows[0]):,.0f} bytes, "
          f"{statistics.median(shows[1]) * 1e3:.1f} ms in Python")


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
        sizes, times, parts = [], [], {}
        shown: tuple[list[int], list[float]] = ([], [])
        for seed in range(games):
            game = module.new_game(seed=seed, **options)
            # seat 0 is a person's (the legal actions are sent on its turns; the 'bot' message
            # plays it randomly here), the other seats are the game's bot
            widget = game.widget(bots={p: bot for p in range(1, game.players)})
            s, t, p = measure(widget, moves)
            sizes += s
            times += t
            for part, values in p.items():
                parts.setdefault(part, []).extend(values + [0] * (len(s) - len(values)))
            show_sizes, show_times = measure_show(widget)
            shown[0].extend(show_sizes)
            shown[1].extend(show_times)
        report(f"{label}, {games} games", sizes, times, parts, shown)


if __name__ == "__main__":
    main()
