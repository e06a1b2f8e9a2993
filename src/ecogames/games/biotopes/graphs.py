"""Biotopes as networkx graphs: the landscape (hexes, biotopes, territories) and the food
web (species types and Plants linked by diets, edges food -> eater).

The graphs are built by ``components.landscape_graph`` and ``components.food_web_graph``
(below the engine, which answers ``game.board_graph()`` and ``game.food_web()`` with them);
this module takes them from a game. networkx is imported inside the functions, so
``import ecogames`` never imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import SPECIES, food_web_graph, landscape_graph

if TYPE_CHECKING:
    import networkx as nx

    from .rules import Biotopes


def board_graph(game: Biotopes) -> nx.Graph:
    """The central landscape: one node per hex ``(q, r)`` with its ``biotope``, ``owner``
    (player index, -1 the Solo Mode's neutral tokens, None empty), ``edge`` and ``tile``;
    an edge between adjacent hexes. A player's territory groups (Territory Fragmentation)
    are the connected components of the subgraph of their hexes: see :func:`fragments`."""
    return landscape_graph(game.landscape, game.tile_of, game.tiles, game.owner, game.edges)


def fragments(game: Biotopes, player: int) -> list[set[tuple[int, int]]]:
    """The groups of ``player``'s territories (connected components of the board graph)."""
    import networkx as nx

    g = board_graph(game)
    mine = [h for h, data in g.nodes(data=True) if data["owner"] == player]
    return [set(c) for c in nx.connected_components(g.subgraph(mine))]


def food_web(game: Biotopes | None = None, player: int | None = None) -> nx.DiGraph:
    """Species types and Plants linked by diets: an edge ``food -> eater`` for every type of
    a card's diet, weighted by the number of cards with that link (``cards`` lists them).

    Without a game: all 88 Species cards. With a game: the cards in play (in ``player``'s
    Ecosystem, or in every Ecosystem when ``player`` is None). Birds eating Birds (a
    Peregrine Falcon) is a self-loop.
    """
    if game is None:
        return food_web_graph()
    who = range(game.players) if player is None else [player]
    return food_web_graph(SPECIES[e[0]] for p in who for row in game.rows[p] for e in row)


def food_web_summary(game: Any = None) -> dict[str, Any]:
    """The food web as plain JSON (nodes, and edges with their card counts)."""
    web = food_web(game)
    return {"nodes": list(web.nodes),
            "edges": [[a, b, d["weight"]] for a, b, d in web.edges(data=True)]}
