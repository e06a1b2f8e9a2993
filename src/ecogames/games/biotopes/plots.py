"""Biotopes' pictures: the landscape's territories (connected components) and the food web
of diets by trophic level.

Pure functions of games and webs; matplotlib is imported only when drawing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ...core.graphs import trophic_levels

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes

    from .rules import Biotopes

BIOTOPE = {"mountains": ("#BBBBBB", "xx", "M"), "forests": ("#009E73", "oo", "F"),
           "grasslands": ("#F0E442", "||", "G"), "wetlands": ("#56B4E9", "--", "W")}
TOKEN = {0: ("#CC79A7", "o"), 1: ("#E69F00", "s"), 2: ("#0072B2", "^"), 3: ("#009E73", "D"),
         4: ("#000000", "v")}
ACROSS = {"plants": 0.0, "invertebrates": -0.7, "mammals": -1.3, "birds": 0.1,
          "reptiles_amphibians": 1.2}


def _centre(hex_: tuple[int, int]) -> tuple[float, float]:
    q, r = hex_
    return math.sqrt(3) * (q + r / 2), -1.5 * r


def plot_landscape(game: Biotopes, *, ax: Axes | None = None) -> Axes:
    """Each hex with its biotope (colour, hatching and letter), each territory with its
    owner's token, and the edges of each player's subgraph: the lines inside one group."""
    import networkx as nx
    from matplotlib.patches import RegularPolygon

    from ...core.plots import _axes

    ax = _axes(ax, (8, 6.5))
    board = game.board_graph()
    pos = {h: _centre(h) for h in board}
    for h, data in board.nodes(data=True):
        colour, hatch, letter = BIOTOPE[data["biotope"]]
        ax.add_patch(RegularPolygon(pos[h], 6, radius=1, facecolor=colour, hatch=hatch,
                                    edgecolor="#444", linewidth=0.8, alpha=0.9))
        ax.text(pos[h][0], pos[h][1] + 0.55, letter, ha="center", va="center", fontsize=10)
    for player, name in enumerate(game.player_names):
        colour, marker = TOKEN[player % len(TOKEN)]
        sub = board.subgraph(h for h, owner in board.nodes(data="owner") if owner == player)
        groups = nx.number_connected_components(sub)
        nx.draw_networkx_edges(sub, pos, ax=ax, width=4, edge_color="black")
        nx.draw_networkx_nodes(sub, pos, ax=ax, node_color=colour, node_shape=marker,
                               node_size=180, edgecolors="black",
                               label=f"{name}: {groups} group(s)")
    ax.set_aspect("equal")
    ax.autoscale()
    ax.axis("off")
    ax.legend(loc="upper left", bbox_to_anchor=(1, 1))
    return ax


def plot_food_web(web: nx.DiGraph, *, ax: Axes | None = None, title: str = "") -> Axes:
    """The types of species by trophic level (y), an arrow from food to eater as wide as
    its number of cards; loops (eating its own kind) are written under the type."""
    import networkx as nx

    from ...core.plots import _axes

    ax = _axes(ax, (6, 5.5))
    levels = trophic_levels(web)
    pos = {n: (ACROSS.get(n, 0.0), levels[n]) for n in web}
    plain = [(a, b) for a, b in web.edges if a != b]
    widths = [0.4 + web[a][b]["weight"] / 3 for a, b in plain]
    nx.draw_networkx_nodes(web, pos, ax=ax, node_color="#f4f1e6", edgecolors="black",
                           node_size=2200)
    nx.draw_networkx_labels(web, pos, ax=ax, font_size=10, labels={
        n: web.nodes[n]["label"].replace(" & ", " &\n") for n in web})
    nx.draw_networkx_edges(web, pos, ax=ax, edgelist=plain, width=widths, arrowsize=14,
                           node_size=2200, connectionstyle="arc3,rad=0.12", edge_color="#0072B2")
    nx.draw_networkx_edge_labels(web, pos, ax=ax, font_size=10, label_pos=0.4,
                                 edge_labels={(a, b): web[a][b]["weight"] for a, b in plain},
                                 connectionstyle="arc3,rad=0.12")
    for node, _, weight in nx.selfloop_edges(web, data="weight"):
        x, y = pos[node]
        ax.annotate(f"eats its own kind: {weight}", (x, y - 0.3), ha="center", fontsize=10,
                    color="#D55E00")
    ax.set_title(title)
    ax.set_ylabel("trophic level")
    ax.tick_params(left=True, labelleft=True)
    ax.set_xlim(-1.9, 1.8)
    ax.margins(y=0.15)
    return ax


def plot_food_webs(game: Any = None) -> Any:
    """All 88 cards' web above the web of the cards in play in ``game`` (stacked, so the
    figure stays narrow enough to be shown at its size in a notebook)."""
    import matplotlib.pyplot as plt

    from .graphs import food_web

    fig, axes = plt.subplots(2, 1, figsize=(7, 11))
    plot_food_web(food_web(), ax=axes[0], title="All 88 Species cards (edge: cards)")
    plot_food_web(food_web(game), ax=axes[1], title="The cards in play at the end")
    fig.tight_layout()
    return fig
