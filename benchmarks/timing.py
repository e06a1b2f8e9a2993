"""Small timing helpers shared by the benchmarks: best-of-N, per-call figures."""

from __future__ import annotations

import time
from collections.abc import Callable


def per_call(fn: Callable[[], object], *, number: int, repeat: int = 5) -> float:
    """Best seconds per call over ``repeat`` runs of ``number`` calls (least disturbed)."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - started) / number)
    return best


def report(name: str, value: float, unit: str) -> None:
    print(f"  {name:<48} {value:>12.2f} {unit}")
