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

from ecogames.core.widget import GameWidget


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


def main() -> None:
    try:
        from ecogames import toritori
        from ecogames.games.toritori.widget import Widget
    except ImportError:
        return
    sizes, times = [], []
    for seed in range(5):
        widget = Widget(toritori.new_game(players=2, seed=seed),
                        bots={0: "toritori-heuristic", 1: "toritori-heuristic"})
        s, t = measure(widget, 400)
        sizes += s
        times += t
    report("Tori-Tori (heuristic bots, 5 games)", sizes, times)


if __name__ == "__main__":
    main()
