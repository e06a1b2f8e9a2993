"""Structured observations: a flat float32 tensor made of named pieces, as OpenSpiel's
``observation_tensor`` is, with exact bounds per number (docs/rl.md has every game's table).

A game's encoder declares its :class:`Piece` s once (name, shape, meaning, bounds) and fills
them from the game's state in :meth:`Encoder.encode`. It reads only what ``view(seat)`` shows
(the tests check that two states that differ only in what the seat cannot see give the same
tensor). Seats are numbered *relative to the observer*: row 0 of a per-player piece is the
observing seat, row 1 the next seat in play order, and so on; rows past the game's player
count stay 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ecogames.core import Game


@dataclass(frozen=True)
class Piece:
    """One named part of the tensor: ``shape``, what it means, its bounds."""

    name: str
    shape: tuple[int, ...]
    meaning: str
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n


class TensorLayout:
    """The pieces laid end to end: offsets, the bounds of every number, a table for people."""

    def __init__(self, pieces: tuple[Piece, ...]) -> None:
        self.pieces = pieces
        self.offset: dict[str, int] = {}
        at = 0
        for piece in pieces:
            if piece.name in self.offset:
                raise ValueError(f"two pieces called {piece.name!r}")
            self.offset[piece.name] = at
            at += piece.size
        self.size = at
        self.low = np.concatenate([np.full(p.size, p.low, np.float32) for p in pieces])
        self.high = np.concatenate([np.full(p.size, p.high, np.float32) for p in pieces])

    def split(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """The tensor as its pieces, each in its shape (views, not copies)."""
        return {p.name: tensor[self.offset[p.name]:self.offset[p.name] + p.size].reshape(p.shape)
                for p in self.pieces}

    def table(self) -> list[dict[str, Any]]:
        return [{"name": p.name, "shape": p.shape, "offset": self.offset[p.name],
                 "bounds": (p.low, p.high), "meaning": p.meaning} for p in self.pieces]

    def markdown(self) -> str:
        """The table docs/rl.md carries."""
        rows = ["| piece | shape | bounds | meaning |", "| --- | --- | --- | --- |"]
        for p in self.pieces:
            shape = " x ".join(str(d) for d in p.shape)
            rows.append(f"| `{p.name}` | {shape} | [{p.low:g}, {p.high:g}] | {p.meaning} |")
        return "\n".join(rows)


@dataclass(frozen=True)
class Encoder:
    """A game's structured observation: its layout and the function that fills it."""

    layout: TensorLayout
    fill: Callable[[Any, int, np.ndarray, dict[str, int]], None]

    def encode(self, game: Game, seat: int) -> np.ndarray:
        out = np.zeros(self.layout.size, dtype=np.float32)
        self.fill(game, seat, out, self.layout.offset)
        return out


MEMOS: list[dict[Any, Any]] = []
"""Every table of remembered parts (:func:`memo`), so that :func:`forget` empties them all."""
MEMO_SIZE = 4096


def memo() -> dict[Any, Any]:
    """A table of parts of the tensor remembered by the value of the state they read (an
    encoder keys it by an immutable snapshot, e.g. a tuple of tuples, never by a list or a
    dict the engine changes in place). :func:`remember` keeps it under ``MEMO_SIZE``."""
    table: dict[Any, Any] = {}
    MEMOS.append(table)
    return table


def remember(table: dict[Any, Any], key: Any, value: Any) -> Any:
    if len(table) >= MEMO_SIZE:
        table.clear()
    table[key] = value
    return value


def forget() -> None:
    """Empty every remembered part (the tests encode with and without them)."""
    for table in MEMOS:
        table.clear()


def set_ones(out: np.ndarray, hot: list[int]) -> None:
    """``out[i] = 1`` for every ``i`` in ``hot`` (one numpy call: a scalar store costs
    as much as a hundred list appends)."""
    out[np.fromiter(hot, np.intp, len(hot))] = 1.0


def set_values(out: np.ndarray, index: list[int], values: list[float]) -> None:
    """``out[index[k]] = values[k]`` for every ``k``, in one numpy call."""
    out[np.fromiter(index, np.intp, len(index))] = np.fromiter(values, np.float32, len(values))


def counts(items: Any, size: int, first: int = 0) -> list[int]:
    """How many of ``items`` are ``first``, ``first + 1``, ... (``size`` numbers)."""
    out = [0] * size
    for item in items:
        out[item - first] += 1
    return out


def relative(seat: int, other: int, players: int) -> int:
    """Row of ``other`` in a per-player piece seen from ``seat``."""
    return (other - seat) % players


def one_hot_index(values: Sequence[Any]) -> dict[Any, int]:
    return {v: i for i, v in enumerate(values)}
