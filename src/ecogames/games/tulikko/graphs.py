"""Tulikko as networkx graphs: pure functions of a game's state.

- :func:`board_graph` — a player's wilderness map: networkx's grid graph, each space with
  its symbol and tile, each edge with the token between the two tiles (if any);
- :func:`river_graph` — the player's river network: grid corners joined by river tokens;
- :func:`zones_graph` — the map's tiles joined where neighbours share a colour; its
  connected components are the uninterrupted zones of one colour (the tie-break);
- :func:`central_board_graph` — the central board's cross: five slots and four sides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import networkx as nx

from . import patterns
from .components import (
    CENTER,
    MAPS,
    SIDE_SYMBOL,
    SIDES,
    TILES,
    cell_of,
)

if TYPE_CHECKING:
    from .rules import Tulikko


def board_graph(game: Tulikko, player: int) -> nx.Graph:
    """The player's map: nodes are cells ``0..19`` (attributes ``row``, ``col``,
    ``symbol``, ``tile``, ``colour``), edges join neighbouring spaces (attribute ``token``:
    ``"animal"``, ``"river"`` or ``None``)."""
    animal = game.maps[player]
    if animal is None:
        raise ValueError(f"player {player + 1} has not chosen a map yet")
    grid = game.grids[player]
    g: nx.Graph[Any] = nx.Graph(player=player, animal=animal)
    for r, c in patterns.map_grid().nodes:
        cell = cell_of(r, c)
        tile = grid[cell]
        g.add_node(cell, row=r, col=c, symbol=MAPS[animal][cell],
                   tile=None if tile == patterns.EMPTY else tile,
                   colour=None if tile == patterns.EMPTY else TILES[tile].colour)
    tokens = game.tokens[player]
    for a, b in patterns.map_grid().edges:
        ca, cb = sorted((cell_of(*a), cell_of(*b)))
        g.add_edge(ca, cb, token=tokens.get((ca, cb)))
    return g


def river_graph(game: Tulikko, player: int) -> nx.Graph:
    """The player's river network: nodes are grid corners ``(y, x)``, one edge per river
    token (attribute ``cells``). Its trails are the continuous stretches (D11)."""
    rivers = [k for k, kind in game.tokens[player].items() if kind == "river"]
    return patterns.river_graph(rivers)


def zones_graph(game: Tulikko, player: int) -> nx.Graph:
    """The player's tiles, joined where two neighbours have the same colour; each
    connected component is an uninterrupted zone of one colour."""
    g = board_graph(game, player)
    keep = [n for n, d in g.nodes(data=True) if d["tile"] is not None]
    zones: nx.Graph[Any] = nx.Graph()
    zones.add_nodes_from((n, g.nodes[n]) for n in keep)
    zones.add_edges_from((a, b) for a, b in g.edges(keep)
                         if a in zones and b in zones
                         and g.nodes[a]["colour"] == g.nodes[b]["colour"])
    return zones


def central_board_graph(game: Tulikko) -> nx.Graph:
    """The central board's cross: slot nodes (attribute ``tile``; the hidden middle too)
    and side nodes (attribute ``symbol``); a row and a column of three slots."""
    g: nx.Graph[Any] = nx.Graph()
    for slot, tile in game.board.items():
        g.add_node(slot, kind="slot", tile=tile, hidden=slot == CENTER)
    for side in SIDES:
        g.add_node(f"{side} side", kind="side", symbol=SIDE_SYMBOL[side])
        g.add_edge(f"{side} side", side)
        g.add_edge(side, CENTER)
    return g
