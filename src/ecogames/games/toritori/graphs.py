"""networkx views of Tori-Tori: the food web and the island's sectors. Pure functions.

networkx is imported only when a graph is asked for (``import ecogames`` and the rules never
import it). The graphs are built from the components' data (``components.food_web_graph``,
``components.island_graph``), so the rules can offer them too without importing this module:
the layers point one way, components -> rules -> graphs -> widget.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import components as c
from .components import PREFERENCE_LABEL

if TYPE_CHECKING:
    import networkx as nx

    from .rules import ToriTori

__all__ = ["PREFERENCE_LABEL", "board_graph", "food_web", "populations"]


def food_web() -> nx.DiGraph:
    """The food table as a DiGraph: edges point food -> eater (energy flow), with the
    attribute ``preference`` (1 or 2) and a ``label``; nodes are species ids with ``label``
    (the rulebook's name), ``origin`` (native / introduced), ``role`` (Ecology Concepts 2) and
    ``level`` (``nx.trophic_levels``: producers 1, herbivores 2, carnivores 3)."""
    return c.food_web_graph()


def board_graph(game: ToriTori) -> nx.Graph:
    """The island's 14 sectors under ``game``'s numbering: nodes are locations ("1".."12",
    "village", "industry") with ``kind``, ``sector`` (number or None), ``row``, ``col``;
    edges join neighbouring sectors, ``kind`` "orthogonal" or "diagonal"."""
    return c.island_graph(game.island.number_of)


def populations(game: ToriTori) -> dict[str, Any]:
    """Species -> tokens on the board (covered ones included), for plots and bots."""
    return dict(game.counts)
