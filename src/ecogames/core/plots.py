"""matplotlib pictures every game can draw: food webs, cascade trees, populations over time.

Pure functions of their inputs; matplotlib is imported only when one of them is called.
Each returns the matplotlib ``Axes`` it drew on (a new figure's unless ``ax`` is given).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .graphs import food_web_layout, trophic_levels

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes

    from .events import Cascade

OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
             "#000000")
"""Colour-blind-safe colours, in the order series get them."""
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
"""Every series also gets a marker of its own, so colour is never the only cue."""


def _axes(ax: Axes | None, size: tuple[float, float]) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=size)
    return ax


def draw_food_web(web: nx.DiGraph, *, ax: Axes | None = None,
                  highlight: Iterable[Any] = (), title: str = "Food web") -> Axes:
    """The food web with producers at the bottom and each trophic level a row above.

    Arrows point from food to eater (the way energy flows). ``highlight`` names nodes to
    stress (a removed species, the eater of an event).
    """
    import networkx as nx

    ax = _axes(ax, (6, 4.5))
    levels = trophic_levels(web)
    positions = {n: (x, 1 - y) for n, (x, y) in food_web_layout(web).items()}
    stressed = set(highlight)
    colours = [OKABE_ITO[(round(levels[n]) - 1) % len(OKABE_ITO)] for n in web]
    widths = [3.5 if n in stressed else 1.0 for n in web]
    nx.draw_networkx_edges(web, positions, ax=ax, arrows=True, arrowsize=16,
                           edge_color="#555", node_size=900,
                           connectionstyle="arc3,rad=0.08")
    nx.draw_networkx_nodes(web, positions, ax=ax, node_color=colours, node_size=900,
                           edgecolors=["#D55E00" if n in stressed else "#222" for n in web],
                           linewidths=widths)
    labels = {n: web.nodes[n].get("label", str(n)) for n in web}
    nx.draw_networkx_labels(web, {n: (x, y - 0.09) for n, (x, y) in positions.items()},
                            labels=labels, ax=ax, font_size=9)
    for level in sorted({round(v) for v in levels.values()}):
        ys = [positions[n][1] for n in web if round(levels[n]) == level]
        ax.text(-0.02, sum(ys) / len(ys), f"level {level}", ha="right", va="center",
                fontsize=8, color="#555")
    ax.set_xlim(-0.2, 1.05)
    ax.set_ylim(-0.05, 1.02)
    ax.set_title(title)
    ax.axis("off")
    return ax


def draw_cascade(cascade: Cascade, *, ax: Axes | None = None, width: int = 28) -> Axes:
    """The cause tree of one action: the action at the top, each effect under its cause."""
    import textwrap

    from .events import ROOT

    tree = cascade.graph()
    depth = {ROOT: 0}
    order: list[Any] = [ROOT]
    for event in cascade.events:
        depth[event.index] = depth[ROOT if event.cause is None else event.cause] + 1
        order.append(event.index)
    positions = _tree_positions(tree, ROOT)
    ax = _axes(ax, (max(6, 2.2 * max(1, _leaves(tree, ROOT))), 1.6 * (max(depth.values()) + 1)))
    for a, b in tree.edges:
        (x1, y1), (x2, y2) = positions[a], positions[b]
        ax.annotate("", xy=(x2, y2 + 0.18), xytext=(x1, y1 - 0.18),
                    arrowprops={"arrowstyle": "->", "color": "#555"})
    for node in order:
        x, y = positions[node]
        text = tree.nodes[node]["text"]
        label = textwrap.fill(text if node == ROOT else f"{node + 1}. {text}", width)
        ax.text(x, y, label, ha="center", va="center", fontsize=8,
                bbox={"boxstyle": "round,pad=0.3", "fc": "#fff4df" if node == ROOT else "#eef5fb",
                      "ec": "#D55E00" if node == ROOT else "#0072B2"})
    xs = [p[0] for p in positions.values()]
    ys = [p[1] for p in positions.values()]
    ax.set_xlim(min(xs) - 0.8, max(xs) + 0.8)
    ax.set_ylim(min(ys) - 0.6, max(ys) + 0.6)
    ax.set_title(f"Why it happened: {cascade.label}")
    ax.axis("off")
    return ax


def _leaves(tree: nx.DiGraph, root: Any) -> int:
    children = list(tree.successors(root))
    return 1 if not children else sum(_leaves(tree, c) for c in children)


def _tree_positions(tree: nx.DiGraph, root: Any) -> dict[Any, tuple[float, float]]:
    """A tidy top-down tree: leaves spread left to right, parents centred above them."""
    positions: dict[Any, tuple[float, float]] = {}
    next_x = [0.0]

    def place(node: Any, level: int) -> float:
        children = sorted(tree.successors(node), key=lambda n: (isinstance(n, str), n))
        if not children:
            x = next_x[0]
            next_x[0] += 1.6
        else:
            xs = [place(child, level + 1) for child in children]
            x = (xs[0] + xs[-1]) / 2
        positions[node] = (x, -float(level))
        return x

    place(root, 0)
    return positions


def plot_populations(series: Mapping[str, Sequence[float]], *, ax: Axes | None = None,
                     xlabel: str = "turn", title: str = "Populations over time",
                     colours: Mapping[str, str] | None = None) -> Axes:
    """One line per population (a colour and a marker each)."""
    ax = _axes(ax, (7, 4))
    for i, (name, values) in enumerate(series.items()):
        colour = (colours or {}).get(name, OKABE_ITO[i % len(OKABE_ITO)])
        ax.plot(range(len(values)), values, label=name, color=colour,
                marker=MARKERS[i % len(MARKERS)], markersize=4, linewidth=1.8)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("tokens on the board")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize=8)
    return ax


def plot_population_bands(runs: Sequence[Mapping[str, Sequence[float]]], *,
                          ax: Axes | None = None, xlabel: str = "turn",
                          title: str = "Populations over many games",
                          colours: Mapping[str, str] | None = None) -> Axes:
    """Median and interquartile band of each population over many games (games that ended
    early keep their last value, so the band shows where populations settle)."""
    import numpy as np

    ax = _axes(ax, (7, 4))
    names = list(dict.fromkeys(name for run in runs for name in run))
    length = max((len(values) for run in runs for values in run.values()), default=0)
    for i, name in enumerate(names):
        rows = []
        for run in runs:
            values = list(run.get(name, [0]))
            rows.append(values + [values[-1]] * (length - len(values)))
        data = np.asarray(rows, dtype=float)
        q1, median, q3 = np.percentile(data, [25, 50, 75], axis=0)
        colour = (colours or {}).get(name, OKABE_ITO[i % len(OKABE_ITO)])
        x = np.arange(length)
        ax.plot(x, median, label=f"{name} (median)", color=colour,
                marker=MARKERS[i % len(MARKERS)], markevery=max(1, length // 12), markersize=4)
        ax.fill_between(x, q1, q3, color=colour, alpha=0.2)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("tokens on the board")
    ax.set_title(f"{title} ({len(runs)} games; band: middle half)")
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize=8)
    return ax
