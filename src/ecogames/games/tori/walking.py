"""How far Tori's customers walk: the square's grid without the tiles, in networkx.

"Closer to the customer" is a distance on the square's grid (docs/rules/tori.md, D14): a
customer walks orthogonally over free square cells (not through stall or expansion tiles,
information points or the water), and the distance to an entrance is the length of a
shortest path, from ``networkx``. The rules (``rules.py``) ask these questions; networkx is
imported only when a function here runs, so ``import ecogames`` does not import it.

>>> from ecogames.games.tori.components import CUSTOMER_STARTS
>>> distances_from(frozenset(), CUSTOMER_STARTS[0])[(0, 0)]
2
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from .components import INFORMATION_POINTS, NEIGHBOURS, SQUARE, Cell

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


__all__ = ["WALKABLE", "customer_path", "distances_from", "walking_graph", "walking_regions"]
