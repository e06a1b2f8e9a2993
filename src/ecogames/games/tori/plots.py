"""Tori's pictures: how far customers walk on the square (networkx shortest paths).

Pure functions of games; matplotlib is imported only when drawing.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .components import COATS_OF_ARMS, COLS, PALETTE, ROWS
from .graphs import board_graph

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes

    from .rules import Tori

TERRAIN = {"square": "#f1e9d6", "information": "#ffffff", "quay": "#d2c8b4",
           "mooring": "#a9cde6", "water": "#7fb0d6"}
GOODS = {good: swatch.colour for good, swatch in PALETTE.groups["goods"].items()}
"""The goods' colours: the palette's, as in the widget."""
ARMS = [swatch.colour for swatch in PALETTE.groups["players"].values()]
"""The coats of arms' colours by seat: the palette's, as in the widget."""


def walk_graph(market: Tori) -> nx.Graph:
    """The free square and quay spaces, joined where a customer can step now."""
    import networkx as nx

    board = board_graph(market)
    walk: nx.Graph[Any] = nx.Graph()
    walk.add_nodes_from(cell for cell, data in board.nodes(data=True)
                        if data["terrain"] in ("square", "quay") and "tile" not in data)
    walk.add_edges_from((a, b) for a, b, ok in board.edges(data="walk") if ok)  # type: ignore[var-annotated]
    return walk


def busiest_customer(market: Tori) -> str:
    """The good of the waiting customer with the most stalls selling it."""
    sellers = Counter(good for _, good in market.stalls)
    return max((g for g, cell in market.customers.items() if cell), key=lambda g: sellers[g])


def walks(market: Tori, good: str) -> list[dict[str, Any]]:
    """For each stall selling ``good``: its owner, its entrance, the customer's steps to it
    (None: unreachable) and how many competing stalls with a free entrance are closer."""
    import networkx as nx

    walk = walk_graph(market)
    steps = nx.single_source_shortest_path_length(walk, market.customers[good])
    occupied = {cell for cell in market.customers.values() if cell}
    rows = []
    for (owner, g), stall in sorted(market.stalls.items()):
        if g != good:
            continue
        mine = steps.get(stall.entrance)
        closer = [] if mine is None else [
            q for (q, h), other in market.stalls.items()
            if h == good and q != owner and other.entrance not in occupied
            and steps.get(other.entrance, mine) < mine]
        rows.append({"trader": market.player_names[owner], "entrance": stall.entrance,
                     "steps": mine, "closer": len(closer), "zone": stall.zone})
    return rows


def plot_walks(market: Tori, good: str | None = None, *, ax: Axes | None = None) -> Axes:
    """The square with each space's steps from one customer and networkx's shortest paths
    to the entrances of the stalls selling its good."""
    import networkx as nx

    from ...core.plots import _axes

    good = good or busiest_customer(market)
    customer = market.customers[good]
    walk = walk_graph(market)
    steps = nx.single_source_shortest_path_length(walk, customer)
    paths = nx.single_source_shortest_path(walk, customer)
    ax = _axes(ax, (8, 8.4))
    from matplotlib.patches import Rectangle

    for (r, c), data in board_graph(market).nodes(data=True):
        ax.add_patch(Rectangle((c, r), 1, 1, facecolor=TERRAIN[data["terrain"]],
                               edgecolor="#ddd"))
        if steps.get((r, c)):
            ax.text(c + 0.5, r + 0.55, str(steps[(r, c)]), ha="center", va="center", fontsize=10,
                    color="#666")
        elif data["terrain"] == "information":
            ax.text(c + 0.5, r + 0.55, "i", ha="center", va="center", style="italic",
                    weight="bold", color="#0072B2", fontsize=11)
    for (owner, g), stall in market.stalls.items():
        for r, c in stall.tiles:
            ax.add_patch(Rectangle((c + 0.06, r + 0.06), 0.88, 0.88, facecolor=GOODS[g],
                                   edgecolor="black", lw=1.8 if (r, c) == stall.cell else 0.6))
        r, c = stall.cell
        ax.text(c + 0.5, r + 0.55, COATS_OF_ARMS[owner][:2], ha="center", va="center",
                fontsize=10, weight="bold",
                color=PALETTE.groups["goods"][g].ink)
        (er, ec), (r, c) = stall.entrance, stall.cell
        ax.plot((ec + c) / 2 + 0.5 + (ec - c) * 0.1, (er + r) / 2 + 0.5 + (er - r) * 0.1,
                "s", ms=6, mfc=GOODS[g], mec="black", mew=0.8)
    selling = [(owner, stall) for (owner, g), stall in sorted(market.stalls.items())
               if g == good and stall.entrance in paths]
    for i, (owner, stall) in enumerate(selling):
        shift = (i - (len(selling) - 1) / 2) * 0.12
        rows, cols = zip(*paths[stall.entrance])
        ax.plot([c + 0.5 + shift for c in cols], [r + 0.5 + shift for r in rows], lw=3,
                color=ARMS[owner],
                label=f"to {COATS_OF_ARMS[owner]}'s stall: {steps[stall.entrance]} steps")
    ax.plot(customer[1] + 0.5, customer[0] + 0.5,  # type: ignore[index]  # a customer on the board
            "o", ms=13, mfc=GOODS[good], mec="black",
            label=f"the {good.replace('_', ' ')} customer")
    ax.set(xlim=(0, COLS), ylim=(ROWS, 0), aspect="equal")
    ax.set_xticks([c + 0.5 for c in range(COLS)], [str(c) for c in range(COLS)])
    ax.set_yticks([r + 0.5 for r in range(ROWS)], [str(r) for r in range(ROWS)])
    ax.set_title("Steps from one customer: shortest paths on the square")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.04), ncol=2, frameon=False)
    return ax
