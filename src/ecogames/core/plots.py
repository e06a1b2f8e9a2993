"""matplotlib pictures every game can draw: food webs, cascade trees, populations over time.

Pure functions of their inputs; matplotlib is imported only when one of them is called.
Each returns the matplotlib ``Axes`` it drew on (a new figure's unless ``ax`` is given).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .graphs import food_web_layout, trophic_levels
from .palette import CYCLE

if TYPE_CHECKING:
    import networkx as nx
    import pandas as pd
    from matplotlib.axes import Axes

    from .events import Cascade
    from .palette import Palette

OKABE_ITO = CYCLE
"""Colour-blind-safe colours, in the order series no palette names get them."""
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
"""Every series also gets a marker of its own, so colour is never the only cue."""


def _axes(ax: Axes | None, size: tuple[float, float]) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=size)
    return ax


NODE_SIZE = 900
"""Area of a food-web node in points² (a circle about 34 points across)."""


def draw_food_web(web: nx.DiGraph[Any], *, ax: Axes | None = None,
                  highlight: Iterable[Any] = (), title: str = "Food web",
                  palette: Palette | None = None) -> Axes:
    """The food web with producers at the bottom and each trophic level a row above.

    Arrows point from food to eater (the way energy flows). Each node takes its colour and
    shape from ``palette`` (the game's: by its ``group`` attribute, else its name), or its
    level's colour. Each label sits beside its node where it covers no arrowhead and no
    other label. ``highlight`` names nodes to stress (a removed species, the introduced).
    """
    import networkx as nx

    ax = _axes(ax, (6, 4.5))
    levels = trophic_levels(web)
    positions = {n: (x, 1 - y) for n, (x, y) in food_web_layout(web).items()}
    stressed = set(highlight)
    styles = {n: _node_style(web, n, round(levels[n]), palette) for n in web}
    arrows = nx.draw_networkx_edges(web, positions, ax=ax, arrows=True, arrowsize=16,
                                    edge_color="#555", node_size=NODE_SIZE,
                                    connectionstyle="arc3,rad=0.08")
    for marker in dict.fromkeys(m for _, m in styles.values()):
        nodes = [n for n in web if styles[n][1] == marker]
        nx.draw_networkx_nodes(web, positions, nodelist=nodes, ax=ax, node_size=NODE_SIZE,
                               node_shape=marker, node_color=[styles[n][0] for n in nodes],
                               edgecolors=["#D55E00" if n in stressed else "#222"
                                           for n in nodes],
                               linewidths=[3.5 if n in stressed else 1.0 for n in nodes])
    rows = []
    for level in sorted({round(v) for v in levels.values()}):
        ys = [positions[n][1] for n in web if round(levels[n]) == level]
        rows.append(ax.text(-0.55, sum(ys) / len(ys), f"level {level}", ha="left",
                            va="center", fontsize=10, color="#555"))
    ax.set_xlim(-0.55, 1.4)
    ax.set_ylim(-0.12, 1.08)
    ax.set_title(title)
    ax.axis("off")
    place_labels(ax, positions, {n: web.nodes[n].get("label", str(n)) for n in web},
                 radius=NODE_SIZE ** 0.5 / 2, avoid=[*(arrows or []), *rows])
    return ax


def _node_style(web: nx.DiGraph[Any], node: Any, level: int,
                palette: Palette | None) -> tuple[str, str]:
    """(colour, marker) of a food-web node: its palette swatch, else its level's colour."""
    swatch = None if palette is None else palette.swatch(str(web.nodes[node].get("group",
                                                                                  node)))
    if swatch is not None:
        return swatch.colour, swatch.marker
    return OKABE_ITO[(level - 1) % len(OKABE_ITO)], "o"


def place_labels(ax: Axes, centres: Mapping[Any, tuple[float, float]],
                 labels: Mapping[Any, str], *, radius: float, avoid: Sequence[Any] = (),
                 fontsize: float = 11) -> dict[Any, Any]:
    """Write each node's label beside it (``radius`` points from its centre: outward
    first, then below, above, inward) at the first place that covers no arrowhead of
    ``avoid`` (FancyArrowPatches) and no text of it, no other node and no label already
    placed, measured with the renderer. Returns the texts by node."""
    from matplotlib.text import Text

    fig = ax.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]  # Agg, inline: both have it
    blocked = [a.get_window_extent(renderer) if isinstance(a, Text) else _head_box(a)
               for a in avoid]
    blocked = [b for b in blocked if b is not None]
    pixels = {n: ax.transData.transform(xy) for n, xy in centres.items()}
    scale = fig.dpi / 72
    nodes = [_square(pixels[n], radius * scale) for n in centres]
    middle = sum(x for x, _ in centres.values()) / max(1, len(centres))
    placed: dict[Any, Any] = {}
    gap = radius + 6
    for node, (x, _) in centres.items():
        side = -1 if x < middle else 1
        spots = [(side * gap, 0, "left" if side > 0 else "right", "center"),
                 (0, -gap, "center", "top"), (0, gap, "center", "bottom"),
                 (-side * gap, 0, "right" if side > 0 else "left", "center")]
        first = None
        for dx, dy, ha, va in spots:
            text = ax.annotate(labels[node], centres[node], xytext=(dx, dy),
                               textcoords="offset points", ha=ha, va=va, fontsize=fontsize)
            box = text.get_window_extent(renderer)
            others = [*blocked, *nodes, *(t.get_window_extent(renderer)
                                          for t in placed.values())]
            if not any(box.overlaps(b) for b in others):
                if first is not None:
                    first.remove()
                first = None
                placed[node] = text
                break
            if first is None:
                first = text
            else:
                text.remove()
        if first is not None:  # nowhere free: the outward place
            placed[node] = first
    return placed


def _square(centre: Any, half: float) -> Any:
    from matplotlib.transforms import Bbox

    x, y = centre
    return Bbox.from_extents(x - half, y - half, x + half, y + half)


def _head_box(arrow: Any) -> Any:
    """The display box of a FancyArrowPatch's head (the last path of its drawing)."""
    from matplotlib.transforms import Bbox

    paths = arrow._get_path_in_displaycoord()[0]
    if len(paths) < 2:
        return None
    head = paths[-1]
    points = [v for v, c in zip(head.vertices, head.codes if head.codes is not None
                                else [1] * len(head.vertices)) if c != head.CLOSEPOLY]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Bbox.from_extents(min(xs), min(ys), max(xs), max(ys))


def legend_outside(ax: Axes, **options: Any) -> Any:
    """The axes' legend to the right of the plot, where it covers no data (a notebook's
    figure grows to hold it)."""
    return ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0,
                     frameon=False, fontsize=10, **options)


def draw_cascade(cascade: Cascade, *, ax: Axes | None = None, width: int = 70) -> Axes:
    """The cause tree of one action as an indented tree: the action at the top, each effect
    on a line of its own under its cause, joined to it by an elbow. The figure is 9 inches
    wide whatever the cascade, so its 11 pt text is never shrunk to fit a notebook."""
    import textwrap

    from .events import ROOT

    depth: dict[Any, int] = {ROOT: 0}
    children: dict[Any, list[Any]] = {ROOT: []}
    for event in cascade.events:
        parent = ROOT if event.cause is None else event.cause
        depth[event.index] = depth[parent] + 1
        children.setdefault(parent, []).append(event.index)
        children.setdefault(event.index, [])
    texts: dict[Any, str] = {ROOT: cascade.label,
                             **{e.index: f"{e.index + 1}. {e.text}" for e in cascade.events}}
    order: list[Any] = []

    def walk(node: Any) -> None:
        order.append(node)
        for child in children[node]:
            walk(child)

    walk(ROOT)
    lines = {n: textwrap.wrap(texts[n], max(20, width - 4 * depth[n])) or [""] for n in order}
    height = sum(len(v) for v in lines.values())
    ax = _axes(ax, (9, 0.5 + 0.3 * height))
    y, rows = 0.0, {}
    for node in order:
        x = 0.4 * depth[node]
        rows[node] = (x, y)
        ax.text(x, y, "\n".join(lines[node]), ha="left", va="top", fontsize=11,
                fontweight="bold" if node == ROOT else "normal",
                bbox={"boxstyle": "round,pad=0.25",
                      "fc": "#fff4df" if node == ROOT else "#eef5fb",
                      "ec": "#D55E00" if node == ROOT else "#0072B2"})
        y -= len(lines[node]) + 0.35
    for parent, kids in children.items():
        for kid in kids:
            (x1, y1), (x2, y2) = rows[parent], rows[kid]
            ax.plot([x1 + 0.12, x1 + 0.12, x2 - 0.05],
                    [y1 - len(lines[parent]) - 0.1, y2 - 0.45, y2 - 0.45],
                    color="#555", linewidth=1)
    ax.set_xlim(-0.1, 10)
    ax.set_ylim(y - 0.2, 0.6)
    ax.set_title(f"Why it happened: {cascade.label}", loc="left")
    ax.axis("off")
    return ax


def integer_steps(ax: Axes) -> None:
    """Whole numbers only on the x axis (rounds, turns, cycles)."""
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def _style(name: str, i: int, colours: Mapping[str, str] | None,
           markers: Mapping[str, str] | None) -> tuple[str, str]:
    """A quantity's colour and marker: the game's palette's (``colours``, ``markers``: a
    series spec's), else the ``i``-th of the Okabe-Ito cycle."""
    return ((colours or {}).get(name, OKABE_ITO[i % len(OKABE_ITO)]),
            (markers or {}).get(name, MARKERS[i % len(MARKERS)]))


LINE: dict[str, Any] = {"markersize": 5, "markeredgecolor": "#222", "markeredgewidth": 0.5}
"""Markers outlined, so the light colours (yellow, sky) stand out on white."""


def plot_populations(series: Mapping[str, Sequence[float]], *, ax: Axes | None = None,
                     xlabel: str = "turn", title: str = "Populations over time",
                     colours: Mapping[str, str] | None = None,
                     markers: Mapping[str, str] | None = None,
                     ylabel: str = "tokens on the board") -> Axes:
    """One line per population (a colour and a marker each, the palette's when given)."""
    ax = _axes(ax, (7, 4))
    for i, (name, values) in enumerate(series.items()):
        colour, marker = _style(name, i, colours, markers)
        ax.plot(range(len(values)), values, label=name, color=colour, marker=marker,
                linewidth=1.8, **LINE)
    ax.set_xlabel(xlabel)
    integer_steps(ax)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    legend_outside(ax)
    return ax


def plot_population_bands(runs: Sequence[Mapping[str, Sequence[float]]], *,
                          ax: Axes | None = None, xlabel: str = "turn",
                          title: str = "Populations over many games",
                          colours: Mapping[str, str] | None = None,
                          markers: Mapping[str, str] | None = None) -> Axes:
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
        colour, marker = _style(name, i, colours, markers)
        x = np.arange(length)
        ax.plot(x, median, label=f"{name} (median)", color=colour, marker=marker,
                markevery=max(1, length // 12), **LINE)
        ax.fill_between(x, q1, q3, color=colour, alpha=0.2)
    ax.set_xlabel(xlabel)
    integer_steps(ax)
    ax.set_ylabel("tokens on the board")
    ax.set_title(f"{title} ({len(runs)} games; band: middle half)")
    ax.grid(alpha=0.3)
    legend_outside(ax)
    return ax


def mean_bands(series: pd.DataFrame, quantities: Sequence[str] | None = None, *,
               by: str | None = None, z: float = 1.96) -> pd.DataFrame:
    """Mean of each quantity at each step over the games of an ``experiment()`` series frame,
    with a 95% confidence interval of the mean (mean ± 1.96 standard errors). A game that has
    ended keeps its last value (what it left on the board). Columns: [``by``,] quantity, step,
    mean, low, high, games."""
    import pandas as pd

    frame = series if quantities is None else series[series["quantity"].isin(quantities)]
    keys = ["quantity"] if by is None else [by, "quantity"]
    wide = frame.pivot_table(index=[*keys, "run"], columns="step", values="value",
                             observed=True).ffill(axis=1)
    rows = []
    for key, block in wide.groupby(level=list(range(len(keys))), observed=True):
        key = key if isinstance(key, tuple) else (key,)
        n = block.notna().sum()
        mean = block.mean()
        se = block.std(ddof=1).fillna(0) / n.pow(0.5)
        for step in block.columns:
            rows.append({**dict(zip(keys, key)), "step": int(step), "mean": mean[step],
                         "low": mean[step] - z * se[step], "high": mean[step] + z * se[step],
                         "games": int(n[step])})
    return pd.DataFrame(rows)


def plot_mean_bands(series: pd.DataFrame, quantities: Sequence[str] | None = None, *,
                    by: str | None = None, ax: Axes | None = None, xlabel: str = "step",
                    ylabel: str | None = None, title: str = "",
                    colours: Mapping[str, str] | None = None,
                    markers: Mapping[str, str] | None = None) -> Axes:
    """Each quantity's mean over the games of an ``experiment()`` series frame, with its 95%
    confidence band; with ``by`` (a parameter column such as ``bots``), one line per value,
    solid and dashed. Colours, markers and the y label (what the game's series counts): the
    game's (the frame's ``attrs``, set by ``experiment()``) unless given."""
    ax = _axes(ax, (7, 4))
    colours = colours if colours is not None else series.attrs.get("colours")
    ylabel = ylabel or series.attrs.get("unit", "tokens on the board")
    markers = markers if markers is not None else series.attrs.get("markers")
    bands = mean_bands(series, quantities, by=by)
    groups = [None] if by is None else list(dict.fromkeys(bands[by]))
    names = list(dict.fromkeys(bands["quantity"]))
    for g, group in enumerate(groups):
        for i, name in enumerate(names):
            rows = bands[bands["quantity"] == name]
            if by is not None:
                rows = rows[rows[by] == group]
            colour, marker = _style(name, i, colours, markers)
            text = name if by is None else f"{name}, {group}"
            ax.plot(rows["step"], rows["mean"], color=colour, label=text,
                    linestyle=("-", "--", ":", "-.")[g % 4], marker=marker, **LINE)
            ax.fill_between(rows["step"], rows["low"], rows["high"], color=colour, alpha=0.2)
    games = series.groupby(by, observed=True)["run"].nunique().to_dict() if by else \
        {"all": series["run"].nunique()}
    counts = ", ".join(f"{n}" if by is None else f"{k}: {n}" for k, n in games.items())
    ax.set_title(title or f"Mean over games ({counts} games; band: 95% confidence)")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    integer_steps(ax)
    ax.grid(alpha=0.3)
    legend_outside(ax)
    return ax


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def probability_by_step(games: pd.DataFrame, happened: Any, *, by: str | None = None,
                        step: str = "steps") -> pd.DataFrame:
    """The probability that an event has happened by each step, over the games of an
    ``experiment()`` games frame: ``happened`` is a boolean per game (a Series, or a function
    of the frame), the event's step is the game's last (``steps``). Columns: [``by``,] step,
    probability, low, high (Wilson 95%), games."""
    import pandas as pd

    flags = happened(games) if callable(happened) else happened
    frame = games.assign(_happened=pd.Series(flags, index=games.index).astype(bool))
    last = int(frame[step].max())
    rows = []
    for key, block in ([(None, frame)] if by is None else frame.groupby(by, observed=True)):
        n = len(block)
        for k in range(last + 1):
            hits = int((block["_happened"] & (block[step] <= k)).sum())
            low, high = wilson(hits, n)
            row = {"step": k, "probability": hits / n, "low": low, "high": high, "games": n}
            rows.append(row if by is None else {by: key, **row})
    return pd.DataFrame(rows)


def plot_probability_by_step(games: pd.DataFrame, happened: Any, *, by: str | None = None,
                             ax: Axes | None = None, xlabel: str = "step",
                             ylabel: str = "probability", title: str = "",
                             labels: Mapping[Any, str] | None = None) -> Axes:
    """:func:`probability_by_step` as lines with their Wilson 95% bands."""
    ax = _axes(ax, (7, 4))
    table = probability_by_step(games, happened, by=by)
    groups = [None] if by is None else list(dict.fromkeys(table[by]))
    for i, group in enumerate(groups):
        rows = table if by is None else table[table[by] == group]
        colour = OKABE_ITO[i % len(OKABE_ITO)]
        name = (labels or {}).get(group, str(group)) if by is not None else "all games"
        ax.step(rows["step"], rows["probability"], where="post", color=colour,
                label=f"{name} ({int(rows['games'].iloc[0])} games)", linewidth=2)
        ax.fill_between(rows["step"], rows["low"], rows["high"], step="post", color=colour,
                        alpha=0.2)
    ax.set_ylim(0, 1)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title or "Probability by step (band: 95% Wilson interval)")
    integer_steps(ax)
    ax.grid(alpha=0.3)
    legend_outside(ax)
    return ax


def small_texts(fig: Any, minimum: float = 10.0) -> list[tuple[str, float]]:
    """Every visible text of a matplotlib figure smaller than ``minimum`` points (tick
    labels, legends and titles included): what a test asserts is empty."""
    from matplotlib.text import Text

    return [(t.get_text(), t.get_fontsize()) for t in fig.findobj(Text)
            if t.get_visible() and t.get_text().strip() and t.get_fontsize() < minimum]
