"""How realistic are the games' webs? Each game's web beside the published webs and beside
niche-model webs of the same S and C, as one table (:func:`realism`) and one figure
(:func:`plot_realism`). matplotlib is imported only when drawing."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .models import niche_model
from .properties import properties
from .published import published

if TYPE_CHECKING:
    import networkx as nx
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

KEYS = ("S", "C", "Top", "Int", "Bas", "Herb", "Can", "Omn", "Loop", "GenSD", "VulSD",
        "MxSim", "SWTL", "R50")
FIGURE_KEYS = ("C", "Top", "Bas", "Herb", "Can", "Omn", "Loop", "MxSim", "SWTL", "R50")
NICHE = "niche model"


def _measure(web: nx.DiGraph, keys: Sequence[str]) -> dict[str, float]:
    found = properties(web, chains=False)
    return {k: found[k] for k in keys}


def _niche_rows(name: str, web: nx.DiGraph, keys: Sequence[str], draws: int, seed: int,
                tolerance: float) -> dict[str, float | str]:
    size = web.number_of_nodes()
    connectance = web.number_of_edges() / size**2
    row: dict[str, float | str] = {"kind": NICHE, "based on": name}
    if connectance >= 0.5:  # the beta distribution needs C < 0.5
        return {**row, **dict.fromkeys(keys, math.nan), "S": size, "C": connectance}
    found = [_measure(niche_model(size, connectance, seed=seed + i, tolerance=tolerance), keys)
             for i in range(draws)]
    for k in keys:
        values = [f[k] for f in found]
        mean = sum(values) / draws
        row[k] = mean
        row[f"{k} sd"] = math.sqrt(sum((v - mean) ** 2 for v in values) / draws)
    return row


def realism(games: Mapping[str, nx.DiGraph], *, webs: Sequence[str] | None = None,
            draws: int = 20, seed: int = 0, tolerance: float = 0.03,
            keys: Sequence[str] = KEYS) -> pd.DataFrame:
    """One row per game web, one per game (``"<game> (niche)"``) for the mean of ``draws``
    niche-model webs of its S and C (connectance within ``tolerance``; ``"<key> sd"``
    columns hold their SD; a web with C of 0.5 or more is beyond the model and gets
    ``nan``), and one per published web
    (``webs``: their names, all by default). Columns: ``kind``, ``based on`` and ``keys``."""
    import pandas as pd

    rows: dict[str, dict[str, float | str]] = {}
    for name, web in games.items():
        rows[name] = {"kind": "game", "based on": name, **_measure(web, keys)}
        rows[f"{name} (niche)"] = _niche_rows(name, web, keys, draws, seed, tolerance)
    for key in published() if webs is None else webs:
        web = published(key)
        rows[web.graph["title"]] = {"kind": "published", "based on": key,
                                    **_measure(web, keys)}
    return pd.DataFrame.from_dict(rows, orient="index")


def plot_realism(table: pd.DataFrame, keys: Sequence[str] = FIGURE_KEYS, *,
                 title: str = "How realistic are the games' webs?") -> Figure:
    """One panel per property: each game (colour and marker of its own), the niche-model
    mean for its S and C (open marker, bar ±1 SD) and the published webs (grey). 9.5 in
    wide, every text at least 10 pt, like the package's other figures."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from ..core.plots import MARKERS, OKABE_ITO

    names = list(table.index)
    games = [n for n in names if table.loc[n, "kind"] == "game"]
    style = {g: (OKABE_ITO[i % len(OKABE_ITO)], MARKERS[i % len(MARKERS)])
             for i, g in enumerate(games)}
    columns = min(5, len(keys))
    rows = math.ceil(len(keys) / columns)
    fig, axes = plt.subplots(rows, columns, figsize=(9.5, 0.24 * len(names) * rows + 1.6),
                             sharey=True, squeeze=False)
    y = {n: len(names) - 1 - i for i, n in enumerate(names)}
    first = next((y[n] for n in names if table.loc[n, "kind"] == "published"), None)
    for ax, key in zip(axes.flat, keys):
        for name in names:
            _point(ax, table.loc[name], key, y[name], style)
        if first is not None:
            ax.axhline(first + 0.5, color="#bbb", linewidth=0.8, linestyle="--")
        ax.set_title(key, fontsize=11)
        ax.grid(axis="x", alpha=0.3)
        ax.xaxis.set_major_locator(MaxNLocator(nbins=3))
        ax.margins(x=0.12)
        ax.tick_params(labelsize=10)
    for ax in axes.flat[len(keys):]:
        ax.set_visible(False)
    axes[0][0].set_yticks(list(y.values()), list(y), fontsize=10)
    fig.suptitle(title, fontsize=13)
    _legend(fig)
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    return fig


def _point(ax: Axes, row: pd.Series, key: str, y: int,
           style: Mapping[str, tuple[str, str]]) -> None:
    value = row[key]
    if value != value:  # nan: the niche model cannot make this web
        ax.text(0.03, y, "none", fontsize=10, va="center", style="italic",
                transform=ax.get_yaxis_transform(), color="#666")
        return
    if row["kind"] == "published":
        ax.plot(value, y, "o", color="#888", markersize=5)
        return
    colour, marker = style[row["based on"]]
    if row["kind"] == "game":
        ax.plot(value, y, marker, color=colour, markersize=8)
        return
    ax.errorbar(value, y, xerr=row.get(f"{key} sd", 0.0), fmt=marker,
                color=colour, markerfacecolor="white", markersize=7, capsize=3)


def _legend(fig: Figure) -> None:
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], marker="o", color="#333", linestyle="", markersize=7),
               Line2D([], [], marker="o", color="#333", markerfacecolor="white",
                      linestyle="-", markersize=7),
               Line2D([], [], marker="o", color="#888", linestyle="", markersize=5)]
    labels = ["a game's web", "(niche): niche-model webs of its S and C, mean ± 1 SD",
              "published webs"]
    fig.legend(handles, labels, loc="lower center", ncol=3, fontsize=10, frameon=False,
               handletextpad=0.3, columnspacing=1.2)

