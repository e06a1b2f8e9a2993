"""Biotopes' pictures: the landscape's territories (connected components) and the food web
of diets by trophic level.

Pure functions of games and webs; matplotlib is imported only when drawing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ...core.graphs import trophic_levels
from .components import PALETTE, PLAYER_COLOURS

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes

    from .rules import Biotopes

BIOTOPE = {"mountains": ("#BBBBBB", "xx", "M"), "forests": ("#009E73", "oo", "F"),
           "grasslands": ("#F0E442", "||", "G"), "wetlands": ("#56B4E9", "--", "W")}
ACROSS = {"plants": 0.2, "invertebrates": -0.7, "mammals": -1.7, "birds": 0.55,
          "reptiles_amphibians": 1.85}
"""Where each type stands across the web: apart enough that two boxes on one level never
touch (the figure is 8 inches wide)."""


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
        swatch = PALETTE.groups["players"][PLAYER_COLOURS[player]]
        colour, marker = swatch.colour, swatch.marker
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
    """The types of species by trophic level (y), each a box in its palette colour with its
    name inside (and, for a type eating its own kind, how many cards do); an arrow from food
    to eater as wide as its number of cards, the number on the arrow where it covers no
    other text. Arrows both ways between two types bend apart."""

    from ...core.plots import _axes, _head_box

    ax = _axes(ax, (8, 5.5))
    levels = trophic_levels(web)
    pos = {n: (ACROSS.get(n, 0.0), levels[n]) for n in web}
    loops = {n: w for n, _, w in _self_loops(web)}
    boxes = {}
    for n in web:
        swatch = PALETTE.swatch(str(n))
        text = web.nodes[n]["label"].replace(" & ", " &\n")
        if n in loops:
            text += f"\n(eats its own kind: {loops[n]})"
        boxes[n] = ax.text(*pos[n], text, ha="center", va="center", fontsize=10,
                           color=swatch.ink if swatch else "#111", zorder=3,
                           bbox={"boxstyle": "round,pad=0.45",
                                 "fc": swatch.colour if swatch else "#f4f1e6",
                                 "ec": "#222"})
    ys = [y for _, y in pos.values()]
    ax.set_xlim(-2.35, 2.55)
    ax.set_ylim(min(ys) - 0.35, max(ys) + 0.6)
    ax.set_title(title)
    ax.set_ylabel("trophic level")
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    ax.tick_params(bottom=False, labelbottom=False)
    ax.figure.canvas.draw()
    shapes = {n: _fix_box(ax, text) for n, text in boxes.items()}
    arrows = []
    for a, b, weight in web.edges(data="weight"):  # type: ignore[var-annotated]
        if a == b:
            continue
        bend = _bend(ax, pos, boxes, a, b, two_way=web.has_edge(b, a))
        arrows.append((ax.annotate("", xy=pos[b], xytext=pos[a], zorder=2, arrowprops={
            "arrowstyle": "-|>", "color": "#0072B2", "lw": 0.5 + weight / 4,
            "mutation_scale": 14, "shrinkA": 2, "shrinkB": 2,
            "patchA": shapes[a], "patchB": shapes[b],
            "connectionstyle": f"arc3,rad={bend}"}), weight))
    ax.figure.canvas.draw()  # the arrows' paths are known once drawn
    heads = [_head_box(arrow.arrow_patch) for arrow, _ in arrows]
    for arrow, weight in arrows:
        _number(ax, arrow, weight, [h for h in heads if h is not None])
    return ax


def _fix_box(ax: Axes, text: Any) -> Any:
    """The text's drawn box as a patch of its own in data coordinates (behind the text), so
    the arrows ending on it are clipped to it at any resolution and in any drawing order."""
    from matplotlib.patches import FancyBboxPatch

    renderer = ax.figure.canvas.get_renderer()  # type: ignore[attr-defined]  # Agg, inline
    box = text.get_bbox_patch()
    extent = text.get_window_extent(renderer).transformed(ax.transData.inverted())
    pad = box.get_window_extent(renderer).transformed(ax.transData.inverted())
    shape = FancyBboxPatch((extent.x0, extent.y0), extent.width, extent.height,
                           boxstyle=f"round,pad=0,rounding_size={(pad.y1 - extent.y1):.3f}",
                           mutation_aspect=1, facecolor=box.get_facecolor(),
                           edgecolor="#222", zorder=2.5)
    shape.set_bounds(pad.x0, pad.y0, pad.width, pad.height)
    ax.add_patch(shape)
    box.set_visible(False)
    return shape


def _bend(ax: Axes, pos: dict[Any, tuple[float, float]], boxes: dict[Any, Any], a: Any,
          b: Any, *, two_way: bool) -> float:
    """The ``arc3`` bend of the arrow a -> b: slight; bowed apart by about a third of an
    inch when arrows go both ways; and bowed well clear, both ways on the same side, when
    the straight line would cross another type's box."""
    import numpy as np

    renderer = ax.figure.canvas.get_renderer()  # type: ignore[attr-defined]  # Agg, inline
    p, q = ax.transData.transform(pos[a]), ax.transData.transform(pos[b])
    line = [p + t * (q - p) for t in np.linspace(0.1, 0.9, 17)]
    dx, dy = q - p
    length = float(np.hypot(dx, dy)) / ax.figure.dpi
    for other, box in boxes.items():
        extent = box.get_bbox_patch().get_window_extent(renderer)
        if other not in (a, b) and any(extent.contains(*point) for point in line):
            away = np.dot((dy, -dx), (p + q) / 2 - ax.transData.transform(pos[other]))
            size = (0.9 if two_way and str(a) < str(b) else 0.6) / max(length, 0.1)
            return float(np.sign(away) or 1) * min(0.6, size)
    if two_way:
        return min(0.45, 0.6 / max(length, 0.1))
    return 0.1


def _self_loops(web: nx.DiGraph) -> list[tuple[Any, Any, int]]:
    import networkx as nx

    return list(nx.selfloop_edges(web, data="weight"))


def _number(ax: Axes, arrow: Any, weight: int, heads: list[Any]) -> None:
    """The arrow's number of cards, on a white disc on its curve: at the middle, or the
    nearest point of the curve where it covers no other text and no arrowhead (``heads``),
    measured by the renderer."""
    import numpy as np

    renderer = ax.figure.canvas.get_renderer()  # type: ignore[attr-defined]  # Agg, inline
    start, control, end = arrow.arrow_patch._get_path_in_displaycoord()[0][0].vertices[:3]
    taken = [t.get_bbox_patch().get_window_extent(renderer)  # type: ignore[union-attr]
             if t.get_bbox_patch() else t.get_window_extent(renderer)
             for t in ax.texts if t.get_text()] + heads
    label = None
    normal = np.array([start[1] - end[1], end[0] - start[0]])
    normal = normal / max(1e-9, float(np.hypot(*normal)))
    spots = [(t, shift) for shift in (0, 9, -9) for t in
             (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.15, 0.85)]
    for t, shift in spots:
        point = (1 - t) ** 2 * start + 2 * t * (1 - t) * control + t ** 2 * end
        x, y = ax.transData.inverted().transform(point + shift * normal)
        if label is not None:
            label.remove()
        label = ax.text(x, y, str(weight), ha="center", va="center", fontsize=10, zorder=4,
                        bbox={"boxstyle": "circle,pad=0.15", "fc": "white", "ec": "#0072B2",
                              "lw": 0.6})
        label.update_bbox_position_size(renderer)  # its disc is placed when drawn
        box = label.get_bbox_patch().get_window_extent(renderer)  # type: ignore[union-attr]
        if not any(box.overlaps(other) for other in taken):
            return
    if label is not None:  # nowhere free: back to the middle
        label.remove()
        point = 0.25 * start + 0.5 * control + 0.25 * end
        x, y = ax.transData.inverted().transform(point)
        ax.text(x, y, str(weight), ha="center", va="center", fontsize=10, zorder=4,
                bbox={"boxstyle": "circle,pad=0.15", "fc": "white", "ec": "#0072B2",
                      "lw": 0.6})


def plot_food_webs(game: Any = None) -> Any:
    """All 88 cards' web above the web of the cards in play in ``game`` (stacked, so the
    figure stays narrow enough to be shown at its size in a notebook)."""
    import matplotlib.pyplot as plt

    from .graphs import food_web

    fig, axes = plt.subplots(2, 1, figsize=(8, 11))
    # the layout is fixed before drawing: the numbers are placed where the boxes are
    fig.subplots_adjust(left=0.09, right=0.98, top=0.96, bottom=0.02, hspace=0.1)
    plot_food_web(food_web(), ax=axes[0], title="All 88 Species cards (edge: cards)")
    plot_food_web(food_web(game), ax=axes[1], title="The cards in play at the end")
    return fig
