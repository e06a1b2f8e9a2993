"""Seeded randomness whose whole state is one integer, so it saves, clones and replays exactly.

The generator is SplitMix64: small, fast in pure Python and well distributed for dice,
shuffles and draws. It is not for cryptography.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A deterministic random generator; ``Rng(seed).state`` is a JSON-safe int."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        if state is None:
            state = _mix(seed & _MASK)
        if not isinstance(state, int) or not 0 <= state <= _MASK:
            raise ValueError(f"random state must be an integer in [0, 2**64), got {state!r}")
        self.state = state

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        return _mix(z)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError(f"cannot draw below {n}")
        limit = _MASK - (_MASK + 1) % n
        state = self.state
        while True:  # next64 and _mix, inlined: every die, shuffle and draw comes through here
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z <= limit:
                self.state = state
                return z % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        return Rng(state=self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)
