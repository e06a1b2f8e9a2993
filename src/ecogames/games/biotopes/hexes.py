"""Biotopes — the geometry of the central landscape: the hexes of placed tiles, the edge,
connected groups, neighbours on the landscape, reach in steps, where a tile may go, and a
shape's hexes as the bits of a mask (:class:`Grid`: neighbours and Migration's reach as masks,
which the colonizations' rules in ``legal`` AND together).

Pure functions of hexes (axial coordinates, ``components.neighbours``); the engine (``rules``,
``legal``) and the loader (``save``) use them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .components import BIOTOPES, MIGRATION_RANGE, TILE_SHAPE, TILES, Hex, neighbours


def landscape_of(tiles: Iterable[Iterable[Any]]) -> tuple[dict[Hex, int], dict[Hex, int]]:
    """The hexes of placed tiles: hex -> biotope index, and hex -> index of its tile."""
    biotope: dict[Hex, int] = {}
    tile_of: dict[Hex, int] = {}
    for index, (tile_id, side, rotation, q, r) in enumerate(tiles):
        if side is None:  # placed, not yet turned (Landscape Construction): its shape
            for dq, dr in TILE_SHAPE:
                if (q + dq, r + dr) in tile_of:
                    raise ValueError(f"tiles overlap at {(q + dq, r + dr)}")
                tile_of[(q + dq, r + dr)] = index
            continue
        for (dq, dr), b in _face(tile_id, side, rotation):
            h = (q + dq, r + dr)
            if h in biotope:
                raise ValueError(f"tiles overlap at {h}")
            biotope[h] = b
            tile_of[h] = index
    return biotope, tile_of


_FACES: dict[tuple[str, str, int], tuple[tuple[Hex, int], ...]] = {}


def _face(tile_id: str, side: str, rotation: int) -> tuple[tuple[Hex, int], ...]:
    """A tile's hexes around its centre, turned, with their biotope indices (each face and
    turn worked out once: ``Tile.hexes`` at centre (0, 0))."""
    key = (tile_id, side, rotation)
    found = _FACES.get(key)
    if found is None:
        found = _FACES[key] = tuple((h, BIOTOPES.index(b)) for h, b in
                                    TILES[tile_id].hexes(side, rotation, (0, 0)).items())
    return found


class Grid:
    """A landscape's shape as bits: ``hexes``, its hexes in the landscape's order (sorted),
    ``hexes[i]`` being bit ``i`` of a mask; ``index``, each hex's bit; ``adj``, each hex's
    neighbours on the landscape (a mask); ``edge``, its edge hexes (:func:`edge_hexes`, a
    mask); ``reach``, the hexes at most ``MIGRATION_RANGE`` steps away from each (D16,
    :func:`within_reach`; a mask). Shared by every landscape of the shape and never changed,
    but for its tables filled when first asked: the engine's action to each hex by its bit
    (``expand_at``, ``compete_at``, ``place_at``; ``migrate_at``, by origin)."""

    __slots__ = ("adj", "compete_at", "edge", "expand_at", "hexes", "index", "migrate_at",
                 "place_at", "reach")

    def __init__(self, adj: Mapping[Hex, tuple[Hex, ...]]) -> None:
        hexes = tuple(adj)
        index = {h: i for i, h in enumerate(hexes)}
        self.hexes = hexes
        self.index = index
        self.adj = tuple([mask(index, adj[h]) for h in hexes])
        # the edge (edge_hexes): the hexes with fewer than six neighbours on the landscape
        self.edge = mask(index, [h for h in hexes if len(adj[h]) < 6])
        self.reach = tuple([mask(index, within_reach(adj, h, MIGRATION_RANGE))
                            for h in hexes])
        self.expand_at: dict[int, Any] = {}
        self.compete_at: dict[int, Any] = {}
        self.place_at: dict[int, Any] = {}
        self.migrate_at: tuple[dict[int, Any], ...] = tuple([{} for _ in hexes])


def indices(bits: int) -> tuple[int, ...]:
    """The bits set in a mask (the indices of its hexes), lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return tuple(out)


def mask(index: Mapping[Hex, int], hexes: Iterable[Hex]) -> int:
    """The bits of ``hexes`` (``index``: each hex's bit)."""
    bits = 0
    for h in hexes:
        bits |= 1 << index[h]
    return bits


Geometry = tuple[frozenset[Hex], dict[Hex, tuple[Hex, ...]], Grid]
_SHAPES: dict[frozenset[Hex], Geometry] = {}
_SHAPES_KEPT = 64


def geometry(landscape: Mapping[Hex, int]) -> Geometry:
    """The landscape's edge (:func:`edge_hexes`), its adjacency (:func:`adjacency`) and its
    :class:`Grid` (its hexes as bits, Migration's reach from each). All three depend on the
    hexes alone, not on their biotopes: a configuration has one shape whatever tiles, sides
    and turns it was dealt, so they are worked out once per shape and shared, never changed
    (the last few shapes are kept: Landscape Construction makes many)."""
    shape = frozenset(landscape)
    found = _SHAPES.get(shape)
    if found is None:
        if len(_SHAPES) >= _SHAPES_KEPT:
            _SHAPES.clear()
        adj = adjacency(landscape)
        found = _SHAPES[shape] = (edge_hexes(landscape), adj, Grid(adj))
    return found


def edge_hexes(landscape: Mapping[Hex, int]) -> frozenset[Hex]:
    """Setup 8, "a hexagon at the edge of the central landscape": a hex with a side that
    touches no landscape hex (Landscape Construction: "Empty spaces count as edges")."""
    return frozenset(h for h in landscape if any(n not in landscape for n in neighbours(h)))


def groups(hexes: Iterable[Hex]) -> list[set[Hex]]:
    """Territory Fragmentation: the connected groups of a set of hexes."""
    left = set(hexes)
    out = []
    while left:
        start = left.pop()
        group, frontier = {start}, [start]
        while frontier:
            for n in neighbours(frontier.pop()):
                if n in left:
                    left.discard(n)
                    group.add(n)
                    frontier.append(n)
        out.append(group)
    return out


def group_count(grid: Grid, bits: int) -> int:
    """Territory Fragmentation: how many connected groups the hexes of a mask make (each
    grown over ``grid.adj``, the neighbours on the landscape: :func:`groups`' count)."""
    adj = grid.adj
    count = 0
    while bits:
        group = frontier = bits & -bits
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            new = adj[low.bit_length() - 1] & bits & ~group
            group |= new
            frontier |= new
        bits &= ~group
        count += 1
    return count


def adjacency(landscape: Mapping[Hex, int]) -> dict[Hex, tuple[Hex, ...]]:
    """Each landscape hex's neighbours on the landscape, the hexes in sorted order."""
    return {h: tuple(n for n in neighbours(h) if n in landscape) for h in sorted(landscape)}


def within_reach(adj: Mapping[Hex, tuple[Hex, ...]], start: Hex, steps: int) -> set[Hex]:
    """Migration: the hexes at most ``steps`` moves away, moving over landscape hexes only
    (tokens may be passed over; empty spaces may not, D16). ``adj``: see :func:`adjacency`."""
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for h in frontier:
            for n in adj[h]:
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    seen.discard(start)
    return seen


def construction_sites(landscape: Mapping[Hex, int], tile_of: Mapping[Hex, int]) -> list[Hex]:
    """Landscape Construction: the centres where a tile may go — on no other tile, touching
    the landscape, with at least 2 of its hexes adjacent to each tile it touches (D15)."""
    if not landscape:
        return [(0, 0)]
    candidates = set()
    for h in landscape:
        for n in neighbours(h):
            for m in neighbours(n):
                candidates.add(m)
    sites = []
    for c in sorted(candidates):
        cells = [(c[0] + dq, c[1] + dr) for dq, dr in TILE_SHAPE]
        if any(x in tile_of for x in cells):
            continue
        touching: dict[int, int] = {}
        for x in cells:
            for t in {tile_of[n] for n in neighbours(x) if n in tile_of}:
                touching[t] = touching.get(t, 0) + 1
        if touching and all(n >= 2 for n in touching.values()):
            sites.append(c)
    return sites
