"""Food-web analysis for every game's web: structure, who holds the web together, robustness.

A food web here is a networkx ``DiGraph`` whose edges point from food to eater (the way energy
flows), as every game's ``food_web()`` returns it. Every node counts as a taxon (a species, a
species type, or a basal food source such as Plants or Carrion). A self-loop (Birds eating
Birds) is a link, but never a species' only food: a species left with nothing but itself
starves.

Pure Python; pandas is imported only by :func:`compare` (a table), matplotlib only by
:func:`plot_robustness`.

The standard structural properties (:func:`properties`), published webs as data
(:func:`published`, :func:`trophic_species`), the niche and cascade models and the
realism comparison live in :mod:`ecogames.trophic` and are re-exported here.

>>> from ecogames.games.toritori.graphs import food_web
>>> round(summary(food_web())["connectance"], 3)
0.222
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from .core.graphs import trophic_levels

# food-web science beside the games (issue 25): standard properties, published webs, models
from .trophic import (  # noqa: F401
    PROPERTIES,
    FoodChainLimit,
    Property,
    cascade_model,
    food_chains,
    niche_model,
    prey_averaged_trophic_levels,
    properties,
    properties_frame,
    published,
    short_weighted_trophic_levels,
    shortest_trophic_levels,
    sources,
    trophic_species,
)
from .trophic.realism import plot_realism, realism  # noqa: F401

if TYPE_CHECKING:
    import networkx as nx
    import pandas as pd
    from matplotlib.axes import Axes

Order = Literal["random", "most-connected"]


def _food(web: nx.DiGraph, node: Any) -> set[Any]:
    return {f for f in web.predecessors(node) if f != node}


def _eaters(web: nx.DiGraph, node: Any) -> set[Any]:
    return {e for e in web.successors(node) if e != node}


def label(web: nx.DiGraph, node: Any) -> str:
    """The node's ``label`` attribute, else its name."""
    return str(web.nodes[node].get("label", node))


def roles(web: nx.DiGraph) -> dict[Any, str]:
    """``basal`` (eats nothing else), ``top`` (eaten by nothing else) or ``intermediate``."""
    out = {}
    for node in web:
        if not _food(web, node):
            out[node] = "basal"
        elif not _eaters(web, node):
            out[node] = "top"
        else:
            out[node] = "intermediate"
    return out


def omnivory_index(web: nx.DiGraph, weight: str = "weight") -> dict[Any, float]:
    """Pauly's omnivory index of every consumer: the variance of the trophic levels of its
    food, weighted by the links' ``weight`` (0 for a species eating a single level)."""
    levels = trophic_levels(web, weight)
    out = {}
    for node in web:
        food = [(f, float(d.get(weight, 1))) for f, _, d in web.in_edges(node, data=True)]
        if not food:
            continue
        total = sum(w for _, w in food)
        mean = levels[node] - 1
        out[node] = sum(w / total * (levels[f] - mean) ** 2 for f, w in food)
    return out


def summary(web: nx.DiGraph, weight: str = "weight") -> dict[str, Any]:
    """Species and links, connectance (links / species²), mean and highest trophic level,
    omnivory (the share of consumers eating at more than one integer trophic level, and the
    mean omnivory index), and the basal, intermediate and top fractions."""
    species = web.number_of_nodes()
    links = web.number_of_edges()
    levels = trophic_levels(web, weight)
    kinds = roles(web)
    consumers = [n for n in web if web.in_degree(n) > 0]
    omnivores = [n for n in consumers
                 if len({round(levels[f]) for f in web.predecessors(n)}) > 1]
    index = omnivory_index(web, weight)
    share = {k: sum(1 for v in kinds.values() if v == k) / species if species else 0.0
             for k in ("basal", "intermediate", "top")}
    return {
        "species": species,
        "links": links,
        "links per species": links / species if species else 0.0,
        "connectance": links / species**2 if species else 0.0,
        "mean trophic level": sum(levels.values()) / species if species else 0.0,
        "highest trophic level": max(levels.values(), default=0.0),
        "omnivores": len(omnivores) / len(consumers) if consumers else 0.0,
        "mean omnivory index": (sum(index.values()) / len(index)) if index else 0.0,
        **{f"{k} fraction": v for k, v in share.items()},
    }


def compare(webs: Mapping[str, nx.DiGraph]) -> pd.DataFrame:
    """:func:`summary` of each web, one column per web (a pandas DataFrame, rounded to 2)."""
    import pandas as pd

    return pd.DataFrame({name: summary(web) for name, web in webs.items()}).round(2)


def secondary_extinctions(web: nx.DiGraph, removed: Iterable[Any] | Any) -> list[Any]:
    """The species that starve once ``removed`` are gone, in the order they go: a consumer
    whose every food (other than itself) is gone starves, and so on down the cascade. Basal
    nodes never starve."""
    gone = set(removed) if isinstance(removed, (set, list, tuple, frozenset)) else {removed}
    unknown = gone - set(web)
    if unknown:
        raise ValueError(f"{sorted(map(str, unknown))} not in the food web")
    extinct: list[Any] = []
    while True:
        starving = sorted((n for n in web if n not in gone and _food(web, n)
                           and not (_food(web, n) - gone)), key=str)
        if not starving:
            return extinct
        extinct.extend(starving)
        gone.update(starving)


def keystones(web: nx.DiGraph) -> list[tuple[Any, list[Any]]]:
    """Every species with the secondary extinctions its removal alone causes, the most
    first (ties: the most links first, then by name)."""
    rows = [(n, secondary_extinctions(web, n)) for n in web]
    return sorted(rows, key=lambda r: (-len(r[1]), -web.degree(r[0]), str(r[0])))


def trophic_levels_with(web: nx.DiGraph, fixed: Mapping[Any, float],
                        weight: str = "weight") -> dict[Any, float]:
    """Trophic levels with some nodes held at stated levels: each node of ``fixed`` keeps
    its level (a game's basal "Fish" placed where real fish feed, at 3), every other
    consumer is 1 + the weighted mean level of its food (as ``nx.trophic_levels``), a node
    that eats nothing is 1. A stated assumption beside the game's own levels.

    >>> import networkx as nx
    >>> web = nx.DiGraph([("fish", "osprey"), ("plants", "elk")])
    >>> trophic_levels_with(web, {"fish": 3.0})["osprey"]
    4.0
    """
    import numpy as np

    unknown = [n for n in fixed if n not in web]
    if unknown:
        raise ValueError(f"{sorted(map(str, unknown))} not in the food web")
    bad = {n: v for n, v in fixed.items() if not isinstance(v, (int, float)) or v < 1}
    if bad:
        raise ValueError(f"a trophic level is a number of at least 1, not {bad}")
    free = [n for n in web if n not in fixed and web.in_degree(n) > 0]
    at = {n: i for i, n in enumerate(free)}
    matrix, rhs = np.eye(len(free)), np.ones(len(free))
    for n in free:
        food = [(f, float(d.get(weight, 1))) for f, _, d in web.in_edges(n, data=True)]
        total = sum(w for _, w in food)
        for f, w in food:
            if f in at:
                matrix[at[n], at[f]] -= w / total
            else:
                rhs[at[n]] += w / total * float(fixed.get(f, 1.0))
    solved: Any = np.linalg.solve(matrix, rhs) if free else []
    levels = {n: 1.0 for n in web}
    levels.update({n: float(v) for n, v in fixed.items()})
    levels.update({n: float(v) for n, v in zip(free, solved)})
    return levels


@dataclass(frozen=True)
class Robustness:
    """A robustness curve: after ``removed[i]`` of the species are taken out on purpose,
    ``lost[i]`` of them are gone (the removed plus the starved), both as fractions."""

    order: str
    removed: tuple[float, ...]
    lost: tuple[float, ...]
    trials: int

    @property
    def r50(self) -> float:
        """The fraction removed at which half of the species are gone (Dunne et al. 2002)."""
        for x, y in zip(self.removed, self.lost):
            if y >= 0.5:
                return x
        return 1.0


def _removal_sequence(web: nx.DiGraph, order: Order, rng: random.Random) -> list[int]:
    """How many species are gone after each deliberate removal, one removal at a time."""
    nodes = set(web)
    gone: set[Any] = set()
    counts = []
    while gone != nodes:
        alive = sorted(nodes - gone, key=str)
        if order == "random":
            target = rng.choice(alive)
        else:
            sub = web.subgraph(alive)
            target = max(alive, key=lambda n: (len(_food(sub, n)) + len(_eaters(sub, n)),
                                               -alive.index(n)))
        gone.add(target)
        gone.update(secondary_extinctions(web, gone))
        counts.append(len(gone))
    return counts


def robustness(web: nx.DiGraph, order: Order = "random", *, trials: int = 200,
               seed: int = 0) -> Robustness:
    """Remove species one at a time (at random, or the most connected in what is left
    first), each time letting the starved go too, until none is left. A random order is
    averaged over ``trials`` orders; most-connected-first is one order."""
    if order not in ("random", "most-connected"):
        raise ValueError(f"order must be 'random' or 'most-connected', not {order!r}")
    size = web.number_of_nodes()
    rng = random.Random(seed)
    runs = trials if order == "random" else 1
    removed = [0.0] * (size + 1)
    lost = [0.0] * (size + 1)
    for _ in range(runs):
        counts = _removal_sequence(web, order, rng)
        curve = [0] + counts + [size] * (size - len(counts))
        for i, c in enumerate(curve):
            removed[i] = i / size
            lost[i] += c / size / runs
    return Robustness(order, tuple(removed), tuple(lost), runs)


def plot_robustness(curves: Sequence[Robustness], *, ax: Axes | None = None,
                    title: str = "Robustness") -> Axes:
    """Fraction removed against fraction lost, one line per curve, with the no-cascade
    diagonal (every species lost was removed)."""
    from .core.plots import MARKERS, OKABE_ITO, _axes

    ax = _axes(ax, (5, 4))
    ax.plot([0, 1], [0, 1], color="#999", linestyle=":", label="no secondary extinctions")
    for i, c in enumerate(curves):
        ax.plot(c.removed, c.lost, color=OKABE_ITO[i % len(OKABE_ITO)],
                marker=MARKERS[i % len(MARKERS)], markersize=4,
                label=f"{c.order} (R50 = {c.r50:.2f})")
    ax.set_xlabel("fraction of species removed")
    ax.set_ylabel("fraction of species lost")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.02)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    return ax
