"""The standard structural properties of a food web (Williams & Martinez 2000 and after).

A web is a networkx ``DiGraph`` with edges from food to eater, as every game's ``food_web()``
and :func:`ecogames.trophic.published` return it. Edge attributes are ignored: every property
here is binary (a link is there or not). A self-loop is a cannibal link: it counts in L, C,
the degrees and Can, and nowhere else (a species is never its own food when deciding basal,
top, herbivore, loops or trophic level).

:data:`PROPERTIES` names each property with its definition and source; ``docs/foodwebs.md``
is the same table.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ..core.graphs import trophic_levels

if TYPE_CHECKING:
    import networkx as nx
    import pandas as pd

OnLimit = Literal["raise", "nan"]
MAX_CHAINS = 200_000


@dataclass(frozen=True)
class Property:
    """One row of the properties table: its key in :func:`properties`, what it is, where
    it comes from."""

    key: str
    name: str
    definition: str
    source: str


WM2000 = "Williams & Martinez 2000, Nature 404:180"
WM2004 = "Williams & Martinez 2004, Am. Nat. 163:458"
PROPERTIES: tuple[Property, ...] = (
    Property("S", "species", "number of (trophic) species, the nodes", WM2000),
    Property("L", "links", "number of feeding links, cannibal links included", WM2000),
    Property("L/S", "links per species", "L / S", WM2000),
    Property("C", "connectance", "L / S², the share of all possible links present", WM2000),
    Property("Top", "top species", "fraction of species that nothing else eats", WM2000),
    Property("Int", "intermediate species",
             "fraction of species that eat something and are eaten", WM2000),
    Property("Bas", "basal species", "fraction of species that eat nothing else", WM2000),
    Property("Herb", "herbivores", "fraction of species that eat only basal species", WM2000),
    Property("Can", "cannibals", "fraction of species that eat their own kind", WM2000),
    Property("Omn", "omnivores",
             "fraction of species whose food lies on more than one shortest-chain trophic "
             "level (see ShortTL)", WM2000),
    Property("Loop", "species in loops",
             "fraction of species in a feeding cycle (A eats B eats ... eats A), cannibal "
             "loops excluded", WM2000),
    Property("ChLen", "mean food-chain length",
             "mean number of links of the food chains: every path that starts at a basal "
             "species and goes up from food to eater, never visiting a species twice, until "
             "no eater outside the path is left", WM2000 + "; chains as in cheddar's "
             "TrophicChains (Hudson et al. 2013)"),
    Property("ChSD", "SD of food-chain length",
             "standard deviation (population) of the chain lengths", WM2000),
    Property("ChNum", "log number of food chains", "natural log of the number of chains",
             WM2000),
    Property("GenSD", "SD of generality",
             "standard deviation of each species' number of foods divided by L/S", WM2000),
    Property("VulSD", "SD of vulnerability",
             "standard deviation of each species' number of eaters divided by L/S", WM2000),
    Property("MxSim", "mean maximum trophic similarity",
             "each species' largest Jaccard similarity (shared foods and eaters over their "
             "union) with any other species, averaged over species", WM2000),
    Property("Path", "characteristic path length",
             "mean shortest path between pairs of species, links taken as undirected (pairs "
             "with no path left out)", "Williams et al. 2002, PNAS 99:12913"),
    Property("ShortTL", "mean shortest trophic level",
             "1 + the fewest links from a basal species, averaged over species", WM2004),
    Property("PreyTL", "mean prey-averaged trophic level",
             "1 + the mean level of a species' foods (basal 1), averaged over species", WM2004),
    Property("SWTL", "mean short-weighted trophic level",
             "the mean of ShortTL and PreyTL of each species, averaged over species", WM2004),
    Property("MaxSWTL", "highest short-weighted trophic level",
             "the largest short-weighted trophic level in the web", WM2004),
    Property("OI", "mean omnivory index",
             "Pauly's omnivory index (the variance of the prey-averaged levels of a "
             "species' foods) averaged over consumers",
             "Christensen & Pauly 1992, Ecol. Model. 61:169"),
    Property("R50", "robustness R50",
             "fraction of species removed, the most connected first, when half of all "
             "species are gone (removed or starved: a consumer starves when all its food is "
             "gone; basal species never starve)", "Dunne, Williams & Martinez 2002, "
             "Ecol. Lett. 5:558"),
)


class FoodChainLimit(ValueError):
    """The web has more food chains than the limit: counting them all could take hours."""


# -- the web's parts -----------------------------------------------------------------------

def _food(web: nx.DiGraph, node: Any) -> set[Any]:
    return {f for f in web.predecessors(node) if f != node}


def _eaters(web: nx.DiGraph, node: Any) -> set[Any]:
    return {e for e in web.successors(node) if e != node}


def _plain(web: nx.DiGraph) -> nx.DiGraph:
    """The web's nodes and links, no attributes, no cannibal links."""
    import networkx as nx

    plain: nx.DiGraph[Any] = nx.DiGraph()
    plain.add_nodes_from(web)
    plain.add_edges_from((a, b) for a, b in web.edges if a != b)
    return plain


def _check(web: nx.DiGraph) -> None:
    if not web.is_directed():
        raise ValueError("a food web is a directed graph (edges from food to eater)")
    if web.number_of_nodes() == 0:
        raise ValueError("the food web has no species")


def basal(web: nx.DiGraph) -> set[Any]:
    """The species that eat nothing else."""
    return {n for n in web if not _food(web, n)}


# -- trophic levels (Williams & Martinez 2004) ----------------------------------------------

def shortest_trophic_levels(web: nx.DiGraph) -> dict[Any, float]:
    """1 + the fewest links from any basal species (basal species 1). A species no basal
    species reaches (a loop fed by nothing) gets ``nan``."""
    levels = {n: 1.0 for n in basal(web)}
    queue = deque(levels)
    while queue:
        node = queue.popleft()
        for eater in _eaters(web, node):
            if eater not in levels:
                levels[eater] = levels[node] + 1
                queue.append(eater)
    return {n: levels.get(n, math.nan) for n in web}


def prey_averaged_trophic_levels(web: nx.DiGraph) -> dict[Any, float]:
    """1 + the mean prey-averaged level of a species' foods (basal 1), unweighted, cannibal
    links left out: networkx's ``trophic_levels`` of the plain web."""
    return trophic_levels(_plain(web))


def short_weighted_trophic_levels(web: nx.DiGraph) -> dict[Any, float]:
    """The mean of each species' shortest and prey-averaged levels (the prey-averaged level
    alone where no basal species reaches it)."""
    short = shortest_trophic_levels(web)
    prey = prey_averaged_trophic_levels(web)
    return {n: prey[n] if math.isnan(short[n]) else (short[n] + prey[n]) / 2 for n in web}


# -- the fractions -------------------------------------------------------------------------

def _fraction(web: nx.DiGraph, members: Iterable[Any]) -> float:
    return len(set(members)) / web.number_of_nodes()


def herbivores(web: nx.DiGraph) -> set[Any]:
    """Consumers whose every food is basal."""
    base = basal(web)
    return {n for n in web if _food(web, n) and _food(web, n) <= base}


def omnivores(web: nx.DiGraph) -> set[Any]:
    """Consumers whose foods lie on more than one shortest-chain trophic level."""
    short = shortest_trophic_levels(web)
    return {n for n in web
            if len({short[f] for f in _food(web, n) if not math.isnan(short[f])}) > 1}


def in_loops(web: nx.DiGraph) -> set[Any]:
    """Species in a feeding cycle of two or more species."""
    import networkx as nx

    return {n for part in nx.strongly_connected_components(web) if len(part) > 1
            for n in part}


# -- food chains ---------------------------------------------------------------------------

def food_chains(web: nx.DiGraph, *, max_chains: int | None = MAX_CHAINS) -> list[int]:
    """The length (in links) of every food chain: a path from a basal species up from food
    to eater, never visiting a species twice, ending where no eater outside it is left.
    Raises :class:`FoodChainLimit` past ``max_chains`` chains (``None``: no limit)."""
    eaters = {n: sorted(_eaters(web, n), key=str) for n in web}
    lengths: list[int] = []
    for start in sorted(basal(web), key=str):
        stack: list[tuple[Any, int, frozenset[Any]]] = [(start, 0, frozenset([start]))]
        while stack:
            node, length, seen = stack.pop()
            onward = [e for e in eaters[node] if e not in seen]
            if not onward:
                lengths.append(length)
                if max_chains is not None and len(lengths) > max_chains:
                    raise FoodChainLimit(
                        f"this web has more than {max_chains:,} food chains; pass a larger "
                        "max_chains (None counts them all, which may take very long) or "
                        "on_limit='nan' to leave ChLen, ChSD and ChNum out")
            stack.extend((e, length + 1, seen | {e}) for e in onward)
    return lengths


def _chain_stats(web: nx.DiGraph, max_chains: int | None, on_limit: OnLimit) -> dict[str, float]:
    try:
        lengths = food_chains(web, max_chains=max_chains)
    except FoodChainLimit:
        if on_limit == "raise":
            raise
        return {"ChLen": math.nan, "ChSD": math.nan, "ChNum": math.nan}
    mean = sum(lengths) / len(lengths)
    sd = math.sqrt(sum((x - mean) ** 2 for x in lengths) / len(lengths))
    return {"ChLen": mean, "ChSD": sd, "ChNum": math.log(len(lengths))}


# -- degrees, similarity, path length --------------------------------------------------------

def _sd(values: list[float]) -> float:
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def generality_sd(web: nx.DiGraph) -> float:
    """SD of the number of foods of each species, normalised by L/S."""
    per = web.number_of_edges() / web.number_of_nodes()
    return _sd([web.in_degree(n) / per for n in web]) if per else 0.0


def vulnerability_sd(web: nx.DiGraph) -> float:
    """SD of the number of eaters of each species, normalised by L/S."""
    per = web.number_of_edges() / web.number_of_nodes()
    return _sd([web.out_degree(n) / per for n in web]) if per else 0.0


def trophic_similarity(web: nx.DiGraph, a: Any, b: Any) -> float:
    """Shared foods plus shared eaters over all foods plus eaters of the two (Jaccard)."""
    food_a, food_b = set(web.predecessors(a)), set(web.predecessors(b))
    eat_a, eat_b = set(web.successors(a)), set(web.successors(b))
    union = len(food_a | food_b) + len(eat_a | eat_b)
    return (len(food_a & food_b) + len(eat_a & eat_b)) / union if union else 0.0


def max_similarity(web: nx.DiGraph) -> float:
    """Each species' largest trophic similarity with another, averaged over species."""
    nodes = list(web)
    if len(nodes) < 2:
        return 0.0
    best = [max(trophic_similarity(web, a, b) for b in nodes if b != a) for a in nodes]
    return sum(best) / len(best)


def path_length(web: nx.DiGraph) -> float:
    """Mean shortest path between species, links undirected; pairs with no path left out."""
    import networkx as nx

    total = pairs = 0
    for _, lengths in nx.all_pairs_shortest_path_length(web.to_undirected()):
        total += sum(lengths.values())
        pairs += len(lengths) - 1
    return total / pairs if pairs else math.nan


# -- all together --------------------------------------------------------------------------

def _mean(values: Iterable[float]) -> float:
    found = [v for v in values if not math.isnan(v)]
    return sum(found) / len(found) if found else math.nan


def properties(web: nx.DiGraph, *, max_chains: int | None = MAX_CHAINS,
               on_limit: OnLimit = "raise", chains: bool = True,
               robustness: bool = True) -> dict[str, float]:
    """Every property of :data:`PROPERTIES`, keyed as there. Food chains are enumerated up
    to ``max_chains``; past it :class:`FoodChainLimit` is raised (``on_limit="raise"``) or
    ChLen, ChSD and ChNum are ``nan`` (``on_limit="nan"``). ``chains=False`` and
    ``robustness=False`` leave the chains and R50 out (``nan``)."""
    from ..foodweb import omnivory_index
    from ..foodweb import robustness as removal

    _check(web)
    if on_limit not in ("raise", "nan"):
        raise ValueError(f"on_limit must be 'raise' or 'nan', not {on_limit!r}")
    size, links = web.number_of_nodes(), web.number_of_edges()
    base = basal(web)
    top = {n for n in web if n not in base and not _eaters(web, n)}
    short = shortest_trophic_levels(web)
    prey = prey_averaged_trophic_levels(web)
    sw = short_weighted_trophic_levels(web)
    out = {
        "S": float(size), "L": float(links), "L/S": links / size, "C": links / size**2,
        "Top": _fraction(web, top), "Bas": _fraction(web, base),
        "Int": _fraction(web, set(web) - top - base),
        "Herb": _fraction(web, herbivores(web)),
        "Can": _fraction(web, (a for a, b in web.edges if a == b)),
        "Omn": _fraction(web, omnivores(web)), "Loop": _fraction(web, in_loops(web)),
        **(_chain_stats(web, max_chains, on_limit) if chains else
           dict.fromkeys(("ChLen", "ChSD", "ChNum"), math.nan)),
        "GenSD": generality_sd(web), "VulSD": vulnerability_sd(web),
        "MxSim": max_similarity(web), "Path": path_length(web),
        "ShortTL": _mean(short.values()), "PreyTL": _mean(prey.values()),
        "SWTL": _mean(sw.values()), "MaxSWTL": max(sw.values()),
        "OI": _mean(omnivory_index(_plain(web)).values()),
        "R50": removal(web, "most-connected").r50 if robustness else math.nan,
    }
    return {p.key: out[p.key] for p in PROPERTIES}


def properties_frame(webs: nx.DiGraph | Mapping[str, nx.DiGraph], **options: Any
                     ) -> pd.DataFrame:
    """:func:`properties` as a DataFrame: one row for one web, or one row per named web."""
    import networkx as nx
    import pandas as pd

    named = {"web": webs} if isinstance(webs, nx.DiGraph) else dict(webs)
    rows = {name: properties(web, **options) for name, web in named.items()}
    return pd.DataFrame.from_dict(rows, orient="index")
