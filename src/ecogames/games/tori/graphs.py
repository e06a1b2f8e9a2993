"""networkx views of Tori's market square: the board graph, and how far customers walk.

"Closer to the customer" is a distance on the square's grid (docs/rules/tori.md, D14): a
customer walks orthogonally over free square cells (not through stall or expansion tiles,
information points or the water), and the distance to an entrance is the length of a
shortest path, from ``networkx``. networkx is imported only when a function here runs, so
``import ecogames`` does not import it.

>>> from ecogames.games.tori.components import CUSTOMER_STARTS
>>> distances_from(frozenset(), CUSTOMER_STARTS[0])[(0, 0)]
2
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .components import (
    CELLS,
    INFORMATION_POINTS,
    MOORINGS,
    NEIGHBOURS,
    QUAY,
    SQUARE,
    ZONE_OF,
    Cell,
)

if TYPE_CHECKING:
    import networkx as nx

WALKABLE: frozenset[Cell] = SQUARE - frozenset(INFORMATION_POINTS)
"""Where customers may walk when no stall stands in the way."""


def terrain(cell: Cell) -> str:
    """The kind of a cell: information, quay, square, mooring or water."""
    if cell in INFORMATION_POINTS:
        return "information"
    if cell in QUAY:
        return "quay"
    if cell in SQUARE:
        return "square"
    return "mooring" if cell in MOORINGS else "water"


def board_graph(game: Any = None) -> nx.Graph:
    """Every cell of the board as a node ``(row, col)``, edges between orthogonal neighbours.

    Node attributes: ``zone``, ``terrain``, ``pos`` ``(col, -row)`` for drawing and, with a
    game, what stands there now: ``tile`` (stall id), ``expansion`` (bool), ``entrance``
    (stall id) and ``customer`` (the good the customer wants). Edge attribute ``walk``: a
    customer may step along it now.
    """
    import networkx as nx

    g = nx.Graph()
    tiles: dict[Cell, tuple[str, bool]] = {}
    entrances: dict[Cell, str] = {}
    customers: dict[Cell, str] = {}
    if game is not None:
        for stall in game.stalls.values():
            tiles[stall.cell] = (stall.id, False)
            tiles.update({cell: (stall.id, True) for cell in stall.expansions})
            entrances[stall.entrance] = stall.id
        customers = {cell: good for good, cell in game.customers.items() if cell is not None}
    for cell in CELLS:
        attrs: dict[str, Any] = {"zone": ZONE_OF[cell], "terrain": terrain(cell),
                                 "pos": (cell[1], -cell[0])}
        if cell in tiles:
            attrs["tile"], attrs["expansion"] = tiles[cell]
        if cell in entrances:
            attrs["entrance"] = entrances[cell]
        if cell in customers:
            attrs["customer"] = customers[cell]
        g.add_node(cell, **attrs)
    for cell in CELLS:
        for other in NEIGHBOURS[cell]:
            if cell < other:
                walk = all(c in WALKABLE and c not in tiles for c in (cell, other))
                g.add_edge(cell, other, walk=walk)
    return g


_WALK_NODES: tuple[Cell, ...] = tuple(sorted(WALKABLE))
_WALK_EDGES: tuple[tuple[Cell, Cell], ...] = tuple(
    (a, b) for a in _WALK_NODES for b in NEIGHBOURS[a] if b in WALKABLE and a < b)


@lru_cache(maxsize=64)
def walking_graph(blocked: frozenset[Cell]) -> nx.Graph:
    """The square's grid (information points left out) without the ``blocked`` cells: where
    customers can walk past the stall and expansion tiles."""
    import networkx as nx

    g = nx.Graph()
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


__all__ = ["board_graph", "customer_path", "distances_from", "terrain",
           "walking_graph", "walking_regions"]
