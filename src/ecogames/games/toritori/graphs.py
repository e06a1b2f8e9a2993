"""networkx views of Tori-Tori: the food web and the island's sectors. Pure functions.

networkx is imported here only, when a graph is asked for (``import ecogames`` and the rules
never import it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import components as c

if TYPE_CHECKING:
    import networkx as nx

    from .rules import ToriTori

PREFERENCE_LABEL = {1: "1st choice", 2: "2nd choice"}


def food_web() -> nx.DiGraph:
    """The food table as a DiGraph: edges point food -> eater (energy flow), with the
    attribute ``preference`` (1 or 2) and a ``label``; nodes are species ids with ``label``
    (the rulebook's name), ``origin`` (native / introduced), ``role`` (Ecology Concepts 2) and
    ``level`` (``nx.trophic_levels``: producers 1, herbivores 2, carnivores 3)."""
    import networkx as nx

    web = nx.DiGraph(name="Tori-Tori food web")
    for species, info in c.SPECIES.items():
        web.add_node(species.value, label=info.name, origin=info.origin.value,
                     role=info.trophic_role.value)
    for food, eater, rank in c.FOOD_WEB_EDGES:
        web.add_edge(food.value, eater.value, preference=rank, label=PREFERENCE_LABEL[rank])
    for node, level in nx.trophic_levels(web).items():
        web.nodes[node]["level"] = float(level)
    return web


def board_graph(game: ToriTori) -> nx.Graph:
    """The island's 14 sectors under ``game``'s numbering: nodes are locations ("1".."12",
    "village", "industry") with ``kind``, ``sector`` (number or None), ``row``, ``col``;
    edges join neighbouring sectors, ``kind`` "orthogonal" or "diagonal"."""
    import networkx as nx

    isle = game.island
    graph = nx.Graph(name="Tori-Tori island")
    for square in c.SECTOR_SQUARES:
        number = isle.number_of.get(square)
        kind = c.SQUARE_KINDS[square].value
        location = str(number) if number is not None else kind
        graph.add_node(location, kind=kind, sector=number, row=square[0], col=square[1])
    for table, kind in ((isle.steps, "orthogonal"), (isle.diagonals, "diagonal")):
        for location, others in table.items():
            for other in others:
                graph.add_edge(location, other, kind=kind)
    return graph


def populations(game: ToriTori) -> dict[str, Any]:
    """Species -> tokens on the board (covered ones included), for plots and bots."""
    return dict(game.counts)
