"""Biotopes as networkx graphs: the landscape (hexes, biotopes, territories) and the food
web (species types and Plants linked by diets, edges food -> eater).

networkx is imported inside the functions, so ``import ecogames`` never imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import BIOTOPES, SPECIES, TYPE_LABELS, CubeType, neighbours

if TYPE_CHECKING:
    import networkx as nx

    from .rules import Biotopes


def board_graph(game: Biotopes) -> nx.Graph:
    """The central landscape: one node per hex ``(q, r)`` with its ``biotope``, ``owner``
    (player index, -1 the Solo Mode's neutral tokens, None empty), ``edge`` and ``tile``;
    an edge between adjacent hexes. A player's territory groups (Territory Fragmentation)
    are the connected components of the subgraph of their hexes: see :func:`fragments`."""
    import networkx as nx

    g = nx.Graph()
    for h, b in sorted(game.landscape.items()):
        tile = game.tiles[game.tile_of[h]]
        g.add_node(h, biotope=BIOTOPES[b].value, owner=game.owner.get(h),
                   edge=h in game.edges, tile=tile[0], side=tile[1])
    for h in game.landscape:
        for n in neighbours(h):
            if n in game.landscape:
                g.add_edge(h, n)
    return g


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
    import networkx as nx

    if game is None:
        cards = list(SPECIES.values())
    else:
        who = range(game.players) if player is None else [player]
        cards = [SPECIES[e[0]] for p in who for row in game.rows[p] for e in row]
    web = nx.DiGraph()
    for t in CubeType:
        web.add_node(t.value, label=TYPE_LABELS[t], producer=t is CubeType.PLANTS)
    for card in cards:
        for food in sorted(set(card.diet), key=lambda t: t.value):
            a, b = food.value, card.type.value
            if web.has_edge(a, b):
                web[a][b]["weight"] += 1
                web[a][b]["cards"].append(card.id)
            else:
                web.add_edge(a, b, weight=1, cards=[card.id])
    for _, _, data in web.edges(data=True):
        data["label"] = str(data["weight"])
    return web


def food_web_summary(game: Any = None) -> dict[str, Any]:
    """The food web as plain JSON (nodes, and edges with their card counts)."""
    web = food_web(game)
    return {"nodes": list(web.nodes),
            "edges": [[a, b, d["weight"]] for a, b, d in web.edges(data=True)]}
