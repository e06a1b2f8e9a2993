"""The island under one numbering (Game Setup 3): who is next to whom, by sector number.

The 12 Numbered tokens go at random on the common sectors, so a game's adjacency is its own:
:func:`island` computes it once per numbering (orthogonal steps for Move and the animals,
diagonal steps for Bicycle, both for Motorcycle; the Village's and the Industry's
neighbours for their cards), lowest number first (D5). ``graphs.board_graph`` draws the same
island with networkx; the engine uses these plain tables, which are faster to read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from operator import itemgetter
from typing import Any

from . import components as c


@dataclass(frozen=True, eq=False)
class Island:
    """The island with its sector numbers: who is next to whom, lowest number first."""

    numbering: tuple[int, ...]
    """The number on each of ``components.COMMON_SQUARES``, in that order."""
    number_of: Mapping[c.Pos, int]
    adjacent: tuple[tuple[int, ...], ...]
    """Sector number -> orthogonally adjacent common sectors, lowest first (index 0 unused)."""
    steps: Mapping[str, tuple[str, ...]]
    """Location -> locations one orthogonal step away (Move): sectors by number, then the
    settlements."""
    diagonals: Mapping[str, tuple[str, ...]]
    """Location -> locations one diagonal step away (Bicycle)."""
    around: Mapping[str, tuple[str, ...]]
    """Location -> locations one step of either kind away (Motorcycle)."""
    village_sectors: tuple[int, ...]
    """Common sectors orthogonally adjacent to the Village, lowest first (the Village card)."""
    industry_sectors: tuple[int, ...]
    """The five common sectors around the Industry, lowest first (the Industry card)."""
    locations: tuple[str, ...]
    """Every location, sectors by number, then the Village and the Industry."""
    paths: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict, repr=False)
    """Location -> its Motorcycle paths, filled by :func:`motorcycle_paths` on first use:
    kept on the island, so they go when its games go (a cache keyed by islands kept a
    thousand islands alive for the garbage collector to walk)."""
    moves: dict[tuple[Any, ...], tuple[Any, ...]] = field(default_factory=dict, repr=False)
    """The movement actions offered from a place (``abilities.movements`` and its kin), kept
    on the island for the same reason, filled as play asks."""
    searches: dict[tuple[int, tuple[str, ...]], tuple[Any, ...]] = field(default_factory=dict,
                                                                         repr=False)
    """(sector, diet) -> an animal's search for food from there, as the narrator tells it
    (``narration._searched``), kept on the island likewise, filled as told moves ask."""


_SQUARES = tuple(c.SECTOR_SQUARES)
"""The 14 sectors (squares that are not sea), row by row."""


def _by_index(table: Mapping[c.Pos, tuple[c.Pos, ...]],
              among: tuple[c.Pos, ...]) -> tuple[tuple[int, ...], ...]:
    """Neighbours as indices into ``among``, for each of ``among`` (computed once)."""
    return tuple(tuple(among.index(q) for q in table[sq] if q in among) for sq in among)


_STEPS = _by_index(c.ORTHOGONAL_NEIGHBOURS, _SQUARES)
_DIAGONALS = _by_index(c.DIAGONAL_NEIGHBOURS, _SQUARES)
_AROUND = _by_index(c.SURROUNDING_NEIGHBOURS, _SQUARES)
_COMMON_STEPS = _by_index(c.ORTHOGONAL_NEIGHBOURS, c.COMMON_SQUARES)
_VILLAGE_STEPS = tuple(c.COMMON_SQUARES.index(q)
                       for q in c.ORTHOGONAL_NEIGHBOURS[c.VILLAGE_SQUARE] if q in c.COMMON_SQUARES)
_INDUSTRY_AROUND = tuple(c.COMMON_SQUARES.index(q) for q in
                         c.SURROUNDING_NEIGHBOURS[c.INDUSTRY_SQUARE] if q in c.COMMON_SQUARES)
_COMMON_OF = tuple(c.COMMON_SQUARES.index(sq) if sq in c.COMMON_SQUARES else -1
                   for sq in _SQUARES)
_SETTLEMENT_NAMES = tuple(c.SQUARE_KINDS[sq].value for sq in _SQUARES)
_SETTLEMENT_KEYS = {"village": 13, "industry": 14}


def _picker(indices: tuple[int, ...]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """``lambda t: tuple(t[i] for i in indices)``, in C where it can be."""
    if len(indices) > 1:
        return itemgetter(*indices)
    return lambda t: tuple([t[i] for i in indices])


_COMMON_STEP_PICKERS = tuple(_picker(steps) for steps in _COMMON_STEPS)
"""For each common square, its orthogonal common neighbours picked from a numbering."""
_SETTLEMENT_RANKS = tuple(_SETTLEMENT_KEYS.values())
_SQUARE_PICKER = _picker(tuple(k if k >= 0 else _SETTLEMENT_KEYS[_SETTLEMENT_NAMES[i]] - 1
                               for i, k in enumerate(_COMMON_OF)))
"""Each of the 14 sectors' rank (its number; the Village 13, the Industry 14), picked from a
numbering followed by ``_SETTLEMENT_RANKS``."""
_RANK_NAME = {**{n: str(n) for n in range(1, 13)},
              **{r: name for name, r in _SETTLEMENT_KEYS.items()}}
"""A rank's location name: '1'..'12', 'village', 'industry'."""
_LOCATIONS = (*(str(n) for n in range(1, 13)), "village", "industry")


class Neighbours(dict[str, tuple[str, ...]]):
    """Location -> the locations one step away, sectors by number, then the Village and the
    Industry; each location's are worked out when first asked (a game visits a few of the 14,
    and a new game's numbering is new: set-up paid all three tables in full). Read it by
    location (``table[location]``): it holds only the locations asked so far."""

    __slots__ = ("_index", "_names", "_near", "_rank")

    def __init__(self, near: tuple[tuple[int, ...], ...], names: list[str], rank: list[int],
                 index: dict[str, int]) -> None:
        super().__init__()
        self._near, self._names, self._rank, self._index = near, names, rank, index

    def __missing__(self, at: str) -> tuple[str, ...]:
        found = self[at] = tuple(map(self._names.__getitem__,
                                     sorted(self._near[self._index[at]],
                                            key=self._rank.__getitem__)))
        return found


@lru_cache(maxsize=16)
def island(numbering: tuple[int, ...]) -> Island:
    """The island under ``numbering`` (the number of each of ``COMMON_SQUARES``). The games
    being replayed, loaded or undone find theirs here; a new game's numbering is random, so
    a long cache would only keep old islands alive for the garbage collector to walk."""
    rank = list(_SQUARE_PICKER((*numbering, *_SETTLEMENT_RANKS)))
    names = list(map(_RANK_NAME.__getitem__, rank))
    index = dict(zip(names, range(len(names))))
    # each sector's neighbours, lowest number first
    near: list[tuple[int, ...]] = [()] * 13
    for k, number in enumerate(numbering):
        near[number] = tuple(sorted(_COMMON_STEP_PICKERS[k](numbering)))

    def numbers(commons: Iterable[int]) -> tuple[int, ...]:
        """Those common sectors' numbers, lowest first (D5)."""
        return tuple(sorted([numbering[k] for k in commons]))

    return Island(
        numbering=numbering,
        number_of=dict(zip(c.COMMON_SQUARES, numbering)),
        adjacent=tuple(near),
        steps=Neighbours(_STEPS, names, rank, index),
        diagonals=Neighbours(_DIAGONALS, names, rank, index),
        around=Neighbours(_AROUND, names, rank, index),
        village_sectors=numbers(_VILLAGE_STEPS),
        industry_sectors=numbers(_INDUSTRY_AROUND),
        locations=_LOCATIONS,
    )


RULEBOOK_NUMBERING = tuple(c.RULEBOOK_LAYOUT[sq] for sq in c.COMMON_SQUARES)


def motorcycle_paths(isle: Island, at: str) -> tuple[tuple[str, ...], ...]:
    """Motorcycle: every path of one or two steps, each orthogonal or diagonal (D30)."""
    known = isle.paths.get(at)
    if known is None:
        paths: list[tuple[str, ...]] = []
        around = isle.around
        for first in around[at]:
            paths.append((first,))
            paths += zip(repeat(first), around[first])
        known = isle.paths[at] = tuple(paths)
    return known
