"""How far Tori's customers walk: the square's grid without the tiles, in networkx.

"Closer to the customer" is a distance on the square's grid (docs/rules/tori.md, D14): a
customer walks orthogonally over free square cells (not through stall or expansion tiles,
information points or the water), and the distance to an entrance is the length of a
shortest path.

Two ways to ask, with the same answers (a test holds them equal on random boards):

- ``networkx`` (``walking_graph``, ``walking_regions``, ``distances_from``,
  ``customer_path``): the graph a student can draw and query; networkx is imported only when
  one of these runs, so ``import ecogames`` does not import it.
- bit masks (``walk_layers``, ``reach``, ``steps``, ``walk_path``): the rules' fast door,
  asked thousands of times a game. A set of cells is one integer, bit ``row * COLS + col``; a
  walk spreads from the customer's cell one step at a time with shifts (east, west, north,
  south), each step's new cells one mask: the breadth-first search of networkx, done on a
  whole row of cells at once. ``walk_path`` is networkx's own search on the same neighbours.

>>> from ecogames.games.tori.components import CUSTOMER_STARTS
>>> distances_from(frozenset(), CUSTOMER_STARTS[0])[(0, 0)]
2
>>> steps(walk_layers(0, CUSTOMER_STARTS[0]), BIT[(0, 0)])
2
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .components import CELLS, COLS, INFORMATION_POINTS, NEIGHBOURS, SQUARE, Cell

if TYPE_CHECKING:
    import networkx as nx

WALKABLE: frozenset[Cell] = SQUARE - frozenset(INFORMATION_POINTS)
"""Where customers may walk when no stall stands in the way."""

_WALK_NODES: tuple[Cell, ...] = tuple(sorted(WALKABLE))
_WALK_EDGES: tuple[tuple[Cell, Cell], ...] = tuple(
    (a, b) for a in _WALK_NODES for b in NEIGHBOURS[a] if b in WALKABLE and a < b)


@lru_cache(maxsize=64)
def walking_graph(blocked: frozenset[Cell]) -> nx.Graph:
    """The square's grid (information points left out) without the ``blocked`` cells: where
    customers can walk past the stall and expansion tiles."""
    import networkx as nx

    g: nx.Graph[Any] = nx.Graph()
    g.add_nodes_from(c for c in _WALK_NODES if c not in blocked)
    g.add_edges_from((a, b) for a, b in _WALK_EDGES if a not in blocked and b not in blocked)
    return g


@lru_cache(maxsize=1024)
def walking_regions(blocked: frozenset[Cell]) -> Mapping[Cell, int]:
    """Each walkable cell's connected region (networkx components): a customer reaches
    exactly the cells of its own region."""
    import networkx as nx

    regions = {}
    for i, part in enumerate(nx.connected_components(walking_graph(blocked))):
        regions.update(dict.fromkeys(part, i))
    return MappingProxyType(regions)


@lru_cache(maxsize=1024)
def distances_from(blocked: frozenset[Cell], source: Cell) -> Mapping[Cell, int]:
    """Steps from ``source`` to every cell a customer there can reach (networkx BFS)."""
    import networkx as nx

    g = walking_graph(blocked)
    if source not in g:
        return MappingProxyType({})
    return MappingProxyType(dict(nx.single_source_shortest_path_length(g, source)))


def customer_path(blocked: frozenset[Cell], source: Cell, target: Cell) -> list[Cell]:
    """One shortest walk from ``source`` to ``target`` (both included); [] if none."""
    import networkx as nx

    g = walking_graph(blocked)
    try:
        return list(nx.shortest_path(g, source, target))
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return []


# -- bit masks: the same walks, fast ----------------------------------------------------------

BIT: Mapping[Cell, int] = MappingProxyType({(r, c): 1 << (r * COLS + c) for r, c in CELLS})
"""Each cell of the board as one bit: a set of cells is the sum of its bits."""
WALKABLE_BITS: int = sum(BIT[c] for c in WALKABLE)
_NOT_FIRST_COLUMN = sum(b for (r, c), b in BIT.items() if c != 0)
_NOT_LAST_COLUMN = sum(b for (r, c), b in BIT.items() if c != COLS - 1)
_ALL_BITS = sum(BIT.values())


def bits(cells: Iterable[Cell]) -> int:
    """The cells as one mask."""
    mask = 0
    for cell in cells:
        mask |= BIT[cell]
    return mask


def cells_of(mask: int) -> list[Cell]:
    """The cells of a mask, in row order."""
    return [cell for cell in CELLS if BIT[cell] & mask]


@lru_cache(maxsize=16384)
def walk_layers(blocked: int, source: Cell) -> tuple[int, ...]:
    """The cells a customer on ``source`` reaches in exactly 0, 1, 2, ... steps (masks), past
    the ``blocked`` cells (a mask); ``()`` if ``source`` itself is not walkable."""
    free = WALKABLE_BITS & ~blocked
    frontier = BIT[source]
    if not frontier & free:
        return ()
    left = free ^ frontier  # the free cells not walked to yet
    layers = [frontier]
    while True:
        frontier = (((frontier << 1) & _NOT_FIRST_COLUMN) | ((frontier >> 1) & _NOT_LAST_COLUMN)
                    | (frontier << COLS) | (frontier >> COLS)) & left
        if not frontier:
            return tuple(layers)
        left ^= frontier
        layers.append(frontier)


@lru_cache(maxsize=16384)
def reach(blocked: int, source: Cell) -> int:
    """Every cell a customer on ``source`` can walk to (a mask; ``source`` included): the
    cells of :func:`walk_layers`, without counting the steps."""
    free = WALKABLE_BITS & ~blocked
    frontier = BIT[source] & free
    left = free ^ frontier  # the free cells not walked to yet
    while frontier:
        frontier = (((frontier << 1) & _NOT_FIRST_COLUMN) | ((frontier >> 1) & _NOT_LAST_COLUMN)
                    | (frontier << COLS) | (frontier >> COLS)) & left
        left ^= frontier
    return free ^ left


@lru_cache(maxsize=16384)
def distance(blocked: int, source: Cell, target: int) -> int | None:
    """``steps(walk_layers(blocked, source), target)``, walking only as far as the cell
    ``target`` (its bit): how many steps a customer on ``source`` walks to it; ``None``:
    it cannot."""
    free = WALKABLE_BITS & ~blocked
    frontier = BIT[source]
    if not frontier & free:
        return None
    left = free ^ frontier  # the free cells not walked to yet
    walked = 0
    while not frontier & target:
        frontier = (((frontier << 1) & _NOT_FIRST_COLUMN) | ((frontier >> 1) & _NOT_LAST_COLUMN)
                    | (frontier << COLS) | (frontier >> COLS)) & left
        if not frontier:
            return None
        left ^= frontier
        walked += 1
    return walked


@lru_cache(maxsize=1024)
def walked_before(blocked: int, source: Cell, target: int) -> int | None:
    """The cells a customer on ``source`` walks to in fewer steps than to the cell ``target``
    (its bit), as a mask (:func:`walk_layers` up to the target's, walking no further);
    ``None``: it cannot walk there."""
    free = WALKABLE_BITS & ~blocked
    frontier = BIT[source]
    if not frontier & free:
        return None
    left = free ^ frontier  # the free cells not walked to yet
    while not frontier & target:
        frontier = (((frontier << 1) & _NOT_FIRST_COLUMN) | ((frontier >> 1) & _NOT_LAST_COLUMN)
                    | (frontier << COLS) | (frontier >> COLS)) & left
        if not frontier:
            return None
        left ^= frontier
    return free ^ left ^ frontier


@lru_cache(maxsize=1024)
def steps_from(blocked: int, source: Cell) -> Mapping[int, int]:
    """The steps from ``source`` to every cell a customer there can walk to, by the cell's
    bit (:func:`steps` of every cell of :func:`walk_layers` at once, for a bot that asks of
    many cells)."""
    found: dict[int, int] = {}
    for walked, layer in enumerate(walk_layers(blocked, source)):
        while layer:
            bit = layer & -layer
            found[bit] = walked
            layer ^= bit
    return MappingProxyType(found)


@lru_cache(maxsize=4096)
def _regions(blocked: int) -> list[int]:
    """The parts of the square (masks) :func:`region_of` has found so far past the
    ``blocked`` cells: one list per mask of blocked cells, filled as customers ask."""
    return []


def region_of(blocked: int, source: Cell) -> int:
    """:func:`reach`, for a customer whose part of the square another customer may have
    walked already: the customers mostly share one, so one walk serves them all."""
    bit = BIT[source]
    found = _regions(blocked)
    for region in found:
        if region & bit:
            return region
    region = reach(blocked, source)
    if region:
        found.append(region)
    return region


def closer_than(blocked: int, source: Cell, door: int, rivals: int,
                part: int | None = None) -> int | None:
    """How many of the cells ``rivals`` (a mask) a customer on ``source`` reaches in fewer
    steps than the cell ``door`` (its bit); ``None`` if it cannot walk to ``door``.
    ``part``: the part of the square the customer walks in (``region_of``, worked out if not
    given): a door outside it is out of reach, with no walk. The walk stops at the door's
    step, or sooner once every rival is walked to (all are closer then), so a near door
    costs a few shifts; its answer is kept (``WALKS``) until a tile comes or goes where it
    could change it."""
    if part is None:
        part = region_of(blocked, source)
    if not door & part:
        return None
    return closer_in(blocked, source, door, rivals, part)


def closer_in(blocked: int, source: Cell, door: int, rivals: int, part: int) -> int:
    """:func:`closer_than` for a ``door`` in the customer's ``part`` of the square."""
    key = (source, door, rivals)
    known = WALKS.get(key)
    if known is not None and not (known[0] ^ blocked) & known[1]:
        return known[2]
    answer, near = _closer_walk(part, source, door, rivals)
    if len(WALKS) >= _WALKS_KEPT:
        WALKS.clear()
    WALKS[key] = (blocked, near, answer)
    return answer


WALKS: dict[tuple[Cell, int, int], tuple[int, int, int]] = {}
""":func:`closer_than`'s answers by (source, door, rivals), for a door the customer can
reach: the blocked cells it walked past, the cells where a tile coming or going could change
the answer (a mask: the cells walked to before the last step and their neighbours), the
answer. Any game may read one once it knows the door is in the customer's part of the
square: it is true while ``(blocked ^ then) & near`` is empty."""
_WALKS_KEPT = 8192


def _closer_walk(part: int, source: Cell, door: int, rivals: int) -> tuple[int, int]:
    """:func:`closer_than`'s walk over the cells ``part`` (the customer's part of the
    square, where ``door`` lies): the answer, and where the tiles could change it. It stops
    at the door's step, or at a step before it that walks to the last of the rivals (each
    of them closer then: when all lie in the part, so none is out of reach that a tile
    gone could bring nearer). A tile can change the walk's steps so far only on a cell
    walked to before the last step or next to one; so those steps, and the rivals among
    them, stay as long as no tile comes or goes there (and the door stays in the
    customer's part: asked first)."""
    frontier = BIT[source]
    left = part ^ frontier  # the cells of the part not walked to yet
    if rivals & ~part:  # a rival out of reach: walk to the door
        while not frontier & door:
            frontier = (((frontier << 1) & _NOT_FIRST_COLUMN)
                        | ((frontier >> 1) & _NOT_LAST_COLUMN)
                        | (frontier << COLS) | (frontier >> COLS)) & left
            left ^= frontier
    else:
        while not frontier & door:
            if not rivals & left:  # every rival walked to, the door not yet: all closer
                return rivals.bit_count(), _beside(part ^ left ^ frontier | BIT[source])
            frontier = (((frontier << 1) & _NOT_FIRST_COLUMN)
                        | ((frontier >> 1) & _NOT_LAST_COLUMN)
                        | (frontier << COLS) | (frontier >> COLS)) & left
            left ^= frontier
    walked = part ^ left ^ frontier  # walked to before the door's step
    return (rivals & walked).bit_count(), _beside(walked | BIT[source])


def _beside(cells: int) -> int:
    """The cells and their neighbours on the board (a mask)."""
    return (cells | ((cells << 1) & _NOT_FIRST_COLUMN) | ((cells >> 1) & _NOT_LAST_COLUMN)
            | (cells << COLS) | (cells >> COLS)) & _ALL_BITS


def parts(blocked: int) -> tuple[int, ...]:
    """The parts of the square customers can walk in past the ``blocked`` cells (masks):
    every free walkable cell lies in one, a customer reaches exactly its own part."""
    free = WALKABLE_BITS & ~blocked
    found = []
    while free:
        part = _flood(free, free & -free)
        found.append(part)
        free ^= part
    return tuple(found)


def parts_after(before: tuple[int, ...], blocked: int, changed: int) -> tuple[int, ...]:
    """:func:`parts` past ``blocked``, from the parts ``before`` a tile came or went on the
    cell ``changed`` (its bit): a freed cell joins the parts beside it into one; a taken
    cell leaves its part, which stays whole when the free cells beside it meet round it
    (they lie in one run of the eight cells around it), and is walked again otherwise."""
    if not changed & WALKABLE_BITS:
        return before  # the water: no one walks there
    beside = _beside(changed) ^ changed
    if not changed & blocked:  # freed: it and the parts beside it are one part now
        joined = changed
        kept = []
        for part in before:
            if part & beside:
                joined |= part
            else:
                kept.append(part)
        return (*kept, joined)
    kept = [part for part in before if not part & changed]
    part = next(part for part in before if part & changed) ^ changed
    free = WALKABLE_BITS & ~blocked
    if not part:
        return tuple(kept)
    if _RING_WHOLE[_ring(changed, free)]:
        return (*kept, part)
    while part:  # walk it again: it may be cut in two (or more)
        piece = _flood(part, part & -part)
        kept.append(piece)
        part ^= piece
    return tuple(kept)


def _flood(free: int, start: int) -> int:
    """The cells of ``free`` a walk from ``start`` (a bit of it) reaches (a mask)."""
    frontier = start
    left = free ^ frontier
    while frontier:
        frontier = (((frontier << 1) & _NOT_FIRST_COLUMN) | ((frontier >> 1) & _NOT_LAST_COLUMN)
                    | (frontier << COLS) | (frontier >> COLS)) & left
        left ^= frontier
    return free ^ left


def _ring_cells(bit: int) -> tuple[int, ...]:
    """The eight cells around a cell (its bit), clockwise from the north (0: off the
    board)."""
    index = bit.bit_length() - 1
    row, col = divmod(index, COLS)
    return tuple(BIT.get((row + dr, col + dc), 0) for dr, dc in (
        (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)))


_RING: dict[int, tuple[int, ...]] = {bit: _ring_cells(bit) for bit in BIT.values()}


def _ring(bit: int, free: int) -> int:
    """Which of the eight cells around a cell are free (bit i: the i-th of ``_RING``)."""
    n, ne, e, se, s, sw, w, nw = _RING[bit]
    return ((n & free and 1) | (ne & free and 2) | (e & free and 4) | (se & free and 8)
            | (s & free and 16) | (sw & free and 32) | (w & free and 64) | (nw & free and 128))


def _ring_whole(free: int) -> bool:
    """Whether the free cells beside a cell (north, east, south, west: the even places of
    a ring pattern ``free``) meet round it through free cells of the ring (one run of
    neighbouring free cells holds them all): then taking the cell cuts no part."""
    sides = [i for i in (0, 2, 4, 6) if free >> i & 1]
    if len(sides) <= 1:
        return True
    if free == 255:
        return True
    start = next(i for i in range(8) if not free >> i & 1)  # a run ends before a taken cell
    runs: list[set[int]] = []
    for k in range(1, 9):
        i = (start + k) % 8
        if free >> i & 1:
            if not runs or (i - 1) % 8 not in runs[-1]:
                runs.append(set())
            runs[-1].add(i)
    return any(all(i in run for i in sides) for run in runs)


_RING_WHOLE = tuple(_ring_whole(pattern) for pattern in range(256))


def _walk_adjacency() -> dict[Cell, tuple[tuple[Cell, int], ...]]:
    """Each walkable cell's neighbours in the order ``walking_graph`` lists them (its edges
    are added in ``_WALK_EDGES`` order, each at both ends), with their bits."""
    adjacent: dict[Cell, list[Cell]] = {c: [] for c in _WALK_NODES}
    for a, b in _WALK_EDGES:
        adjacent[a].append(b)
        adjacent[b].append(a)
    return {c: tuple((n, BIT[n]) for n in ns) for c, ns in adjacent.items()}


_ADJACENT = _walk_adjacency()


_SIZE = max(BIT.values()).bit_length()
"""Cells by index (``row * COLS + col``: a cell's bit is ``1 << index``)."""
_ADJACENT_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(n[0] * COLS + n[1] for n, _ in _ADJACENT.get(divmod(i, COLS), ()))
    for i in range(_SIZE))
"""``_ADJACENT`` by index (a small int indexes a tuple faster than a pair hashes)."""
_CELL_AT: tuple[Cell, ...] = tuple(divmod(i, COLS) for i in range(_SIZE))
_UNSEEN = [-2] * _SIZE
"""A walk's predecessors before it starts: -2, not walked to (-1: where it starts)."""


@lru_cache(maxsize=4096)
def walk_path(blocked: int, source: Cell, target: Cell) -> tuple[Cell, ...]:
    """:func:`customer_path` past the ``blocked`` cells (a mask), without building a graph:
    networkx's bidirectional breadth-first search over the same neighbours in the same
    order, so the same one of the shortest walks; ``()`` if none."""
    free = WALKABLE_BITS & ~blocked
    if not BIT[source] & free or not BIT[target] & free:
        return ()
    if source == target:
        return (source,)
    met = _meet(free, source[0] * COLS + source[1], target[0] * COLS + target[1])
    if met is None:
        return ()
    pred, succ, w = met
    path: list[int] = []
    node = w
    while node >= 0:
        path.append(node)
        node = pred[node]
    path.reverse()
    node = succ[w]
    while node >= 0:
        path.append(node)
        node = succ[node]
    return tuple(map(_CELL_AT.__getitem__, path))


def _meet(free: int, source: int, target: int) -> tuple[list[int], list[int], int] | None:
    """networkx's ``_bidirectional_pred_succ`` on the ``free`` cells: the walks from both
    ends, widening the smaller fringe, until they meet (cells by index; a predecessor -1:
    where the walk started, -2: not walked to). Whether a cell is free is one character of
    the mask written out in binary, lowest bit first."""
    is_free = format(free, f"0{_SIZE}b")[::-1]
    pred, succ = _UNSEEN[:], _UNSEEN[:]
    pred[source] = succ[target] = -1
    forward, reverse = [source], [target]
    while forward and reverse:
        if len(forward) <= len(reverse):
            level, forward = forward, []
            for v in level:
                for w in _ADJACENT_AT[v]:
                    if is_free[w] == "1":
                        if pred[w] == -2:
                            forward.append(w)
                            pred[w] = v
                        if succ[w] != -2:
                            return pred, succ, w
        else:
            level, reverse = reverse, []
            for v in level:
                for w in _ADJACENT_AT[v]:
                    if is_free[w] == "1":
                        if succ[w] == -2:
                            succ[w] = v
                            reverse.append(w)
                        if pred[w] != -2:
                            return pred, succ, w
    return None


def steps(layers: tuple[int, ...], target: int) -> int | None:
    """The steps to the cell ``target`` (its bit) in a walk's ``layers``; ``None``: never."""
    for distance, layer in enumerate(layers):
        if layer & target:
            return distance
    return None


__all__ = ["BIT", "WALKABLE", "WALKABLE_BITS", "bits", "cells_of", "closer_in", "closer_than",
           "customer_path", "distance", "distances_from", "parts", "parts_after", "reach",
           "region_of", "steps", "steps_from", "walk_layers", "walk_path", "walked_before",
           "walking_graph", "walking_regions"]
