"""Tulikko's pictures: each map with its colour zones and river network (networkx graphs).

Pure functions of games; matplotlib is imported only when drawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import PALETTE
from .graphs import board_graph, river_graph, zones_graph

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .rules import Tulikko

COLOURS = {name: swatch.colour for name, swatch in PALETTE.groups["tiles"].items()}
"""The forest colours' fills: the palette's, as in the widget."""


def draw_map(game: Tulikko, player: int, ax: Any) -> Any:
    """One player's map: tiles in their colours, zones (same-colour neighbours joined, black)
    and the river network (corners joined by river tokens, blue)."""
    import networkx as nx
    from matplotlib.patches import Rectangle

    for _, data in board_graph(game, player).nodes(data=True):
        fill = COLOURS.get(data["colour"], "#f4f1e6")
        ax.add_patch(Rectangle((data["col"], data["row"]), 1, 1, facecolor=fill,
                               edgecolor="#bbb"))
        if data["tile"] is None:
            ax.text(data["col"] + 0.5, data["row"] + 0.5, data["symbol"], ha="center",
                    va="center", fontsize=10, color="#666")
    zones = zones_graph(game, player)
    centres = {n: (d["col"] + 0.5, d["row"] + 0.5) for n, d in zones.nodes(data=True)}
    nx.draw_networkx(zones, centres, ax=ax, node_size=60, node_color="black",
                     edge_color="black", width=2, with_labels=False)
    rivers = river_graph(game, player)
    corners = {(y, x): (x, y) for y, x in rivers.nodes}
    nx.draw_networkx(rivers, corners, ax=ax, node_size=25, node_color="#0072B2",
                     edge_color="#0072B2", width=4, with_labels=False)
    sizes = sorted((len(z) for z in nx.connected_components(zones)), reverse=True) or [0]
    ax.set_title(f"{game.player_names[player]}: largest zone {sizes[0]}, "
                 f"{rivers.number_of_edges()} river tokens", fontsize=11)
    ax.set_xlim(-0.2, 4.2)
    ax.set_ylim(5.2, -0.2)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def plot_maps(game: Tulikko) -> Figure:
    """Every player's map, two a row."""
    import matplotlib.pyplot as plt

    cols = min(2, game.players)
    rows = (game.players + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(4.5 * cols, 5.5 * rows), squeeze=False)
    for player, ax in enumerate(axes.flat):
        if player < game.players:
            draw_map(game, player, ax)
        else:
            ax.axis("off")
    fig.tight_layout()
    return fig
