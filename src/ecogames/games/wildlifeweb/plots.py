"""Wildlife Web's pictures: the food web of the 50 species, before and after a removal.

Pure functions of food webs; matplotlib is imported only when drawing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes

from .components import PALETTE

CHAR = 0.08
"""About the width of one character of 10 pt text (bold: of a removed species), in inches
(the x unit of the layout)."""


def _positions(web: nx.DiGraph) -> dict[Any, tuple[float, float]]:
    """Trophic levels as columns, left to right (rounded), each column's species in
    alphabetical order, centred; each column as wide as its longest name (x in inches), so
    the 54 names fit a 9.5-inch figure at 10 pt."""
    columns: dict[int, list[Any]] = {}
    for n in web:
        columns.setdefault(round(web.nodes[n]["level"]), []).append(n)
    tallest = max(len(v) for v in columns.values())
    pos, x = {}, 0.0
    for level in sorted(columns):
        nodes = sorted(columns[level], key=lambda n: str(web.nodes[n].get("label", n)))
        top = (tallest - len(nodes)) / 2
        for i, n in enumerate(nodes):
            pos[n] = (x, 1 - (top + i + 0.5) / tallest)
        x += 0.6 + CHAR * max(len(str(web.nodes[n].get("label", n))) for n in nodes)
    return pos


def plot_food_web(web: nx.DiGraph, *, removed: Iterable[Any] = (),
                  starving: Iterable[Any] = (), losing: Iterable[Any] = (),
                  title: str = "", ax: Axes | None = None) -> Axes:
    """The food web, one column per trophic level (rounded), each species in its diet
    group's colour and shape (the game's palette, as in the widget; the basal foods in
    their own); after a removal the removed node is a black X, the species that starve
    orange X's, those that lose some of their food yellow hexagons, the others grey."""
    import networkx as nx

    from ...core.plots import _axes

    removed, starving, losing = list(removed), list(starving), list(losing)
    pos = _positions(web)
    own = ax is None
    ax = _axes(ax, (9.5, 0.25 * max(20, web.number_of_nodes() // 2) + 1.5))
    if own:  # the whole width: one x unit an inch, as the columns were measured
        ax.set_position((0.0, 0.1, 1.0, 0.8))
    gone = set(removed) | set(starving)
    faded = bool(gone)
    lost = [e for e in web.edges if set(e) & gone]
    nx.draw_networkx_edges(web, pos, ax=ax, edgelist=[e for e in web.edges if e not in lost],
                           edge_color="#999", alpha=0.12 if faded else 0.25, arrows=False,
                           width=0.6)
    if lost:
        nx.draw_networkx_edges(web, pos, ax=ax, edgelist=lost, edge_color="#D55E00",
                               alpha=0.7, arrows=True, arrowsize=8, width=1.0, style="dashed")
    keys = {n: str(web.nodes[n].get("group", n)) for n in web}
    for i, key in enumerate(dict.fromkeys(keys[n] for n in sorted(
            web, key=lambda n: web.nodes[n]["level"]))):
        swatch = PALETTE.swatch(key)
        colour, shape = (swatch.colour, swatch.marker) if swatch else ("#999", "o")
        nodes = [n for n in web if keys[n] == key and n not in gone and n not in losing]
        label = (swatch.label if swatch else key) if not faded else (
            "not affected (shape: diet group)" if i == 0 else None)
        nx.draw_networkx_nodes(web, pos, nodelist=nodes, ax=ax, node_size=150,
                               node_color="#ddd" if faded else colour, node_shape=shape,
                               edgecolors="#777" if faded else "#222", label=label)
    for nodes, colour, shape, size, label in [
            (losing, "#F0E442", "h", 260, "loses a food source"),
            (starving, "#D55E00", "X", 300, "starves: a secondary extinction"),
            (removed, "#000000", "X", 320, "removed")]:
        if nodes:
            nx.draw_networkx_nodes(web, pos, nodelist=nodes, ax=ax, node_size=size,
                                   node_color=colour, node_shape=shape, edgecolors="#222",
                                   label=label)
    for n, (x, y) in pos.items():
        ax.text(x + 0.12, y, web.nodes[n].get("label", n), ha="left", va="center",
                fontsize=10, fontweight="bold" if n in gone else "normal",
                color="#999" if faded and n not in gone and n not in losing else "#111")
    ax.set_title(title)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=3 if not faded else 2,
              markerscale=0.8, frameon=False, fontsize=10)
    ax.set_xlim(-0.2, max(x for x, _ in pos.values()) + 0.2 + CHAR * max(
        len(str(web.nodes[n].get("label", n))) for n in web if pos[n][0] == max(
            x for x, _ in pos.values())))
    ax.axis("off")
    return ax


def plot_diets(raised: Mapping[str, int], of_winners: Mapping[str, int], *, games: int,
               ax: Axes | None = None) -> Axes:
    """Offspring raised by diet group (each in its palette colour), and the part raised by
    the winners (hatched)."""
    from matplotlib.patches import Patch

    from ...core.plots import _axes, legend_outside

    ax = _axes(ax, (8, 3.8))
    diets = sorted(raised, key=lambda d: -raised[d])
    # a diet group ("carnivores") or a diet ("carnivore"): its group's colour
    colours = [PALETTE.colour(d) or PALETTE.colour(f"{d}s", "#999") for d in diets]
    ax.bar(diets, [raised[d] for d in diets], color=colours, alpha=0.45, edgecolor=colours)
    ax.bar(diets, [of_winners.get(d, 0) for d in diets], color=colours, hatch="//",
           edgecolor="#222")
    ax.set_ylabel(f"offspring over {games} games")
    ax.set_title("Which diets raise families (and win)")
    # the keys in grey: each bar has its diet group's colour
    legend_outside(ax, handles=[
        Patch(facecolor="#bbb", alpha=0.45, edgecolor="#999", label="offspring raised"),
        Patch(facecolor="#bbb", hatch="//", edgecolor="#222", label="...by the winner")])
    return ax
