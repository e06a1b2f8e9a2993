"""networkx views of Tori's market square: the whole board as a graph, with what stands
on each cell (how far customers walk, a rule, is ``walking.py``). networkx is imported only
when a function here runs, so ``import ecogames`` does not import it.

>>> board_graph().nodes[(9, 4)]["terrain"]
'mooring'
"""

from __future__ import annotations

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
from .walking import WALKABLE

if TYPE_CHECKING:
    import networkx as nx


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

    g: nx.Graph[Any] = nx.Graph()
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


__all__ = ["board_graph", "terrain"]
