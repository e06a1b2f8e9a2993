"""Published food webs shipped as data (``data/``, sources and licence in ``data/SOURCES.md``).

>>> "ythan" in published()
True
>>> web = published("ythan")          # 92 taxa as 79 trophic species
>>> web.number_of_nodes(), web.graph["title"]
(79, 'Ythan Estuary')
"""

from __future__ import annotations

import csv
import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    import networkx as nx
    import pandas as pd

LICENCE = ("BSD-2-Clause, as distributed in the R package cheddar 0.1-639 "
           "(Hudson et al. 2013); see SOURCES.md")


@cache
def _registry() -> dict[str, dict[str, Any]]:
    text = resources.files(__package__).joinpath("data", "webs.json").read_text("utf-8")
    return json.loads(text)


def _rows(name: str) -> list[list[str]]:
    path = resources.files(__package__).joinpath("data", name)
    with path.open(encoding="utf-8", newline="") as handle:  # type: ignore[call-overload]
        return list(csv.reader(handle))[1:]


def _key(name: str) -> str:
    wanted = name.strip().lower()
    for key, info in _registry().items():
        if wanted in (key, info["title"].lower(), info["cheddar"].lower()):
            return key
    for key, info in _registry().items():
        if info["title"].lower().startswith(wanted):
            return key
    raise ValueError(f"no published web called {name!r}; there are {', '.join(published())}")


def trophic_species(web: nx.DiGraph) -> nx.DiGraph:
    """The web with every group of species that have exactly the same foods and the same
    eaters merged into one trophic species (Briand & Cohen 1984; as Williams & Martinez
    2000 did). A merged node keeps the first member's name and attributes, lists every
    member in ``members`` and says how many in ``label``."""
    import networkx as nx

    groups: dict[tuple[frozenset[Any], frozenset[Any]], list[Any]] = {}
    for node in web:
        key = (frozenset(web.predecessors(node)), frozenset(web.successors(node)))
        groups.setdefault(key, []).append(node)
    head = {member: group[0] for group in groups.values() for member in group}
    lumped: nx.DiGraph[Any] = nx.DiGraph(**web.graph)
    for group in groups.values():
        first = group[0]
        label = str(web.nodes[first].get("label", first))
        if len(group) > 1:
            label += f" (+{len(group) - 1})"
        lumped.add_node(first, **{**web.nodes[first], "members": tuple(group), "label": label})
    lumped.add_edges_from((head[a], head[b]) for a, b in web.edges)
    return lumped


@overload
def published(name: None = None, *, raw: bool = False) -> list[str]: ...


@overload
def published(name: str, *, raw: bool = False) -> nx.DiGraph: ...


def published(name: str | None = None, *, raw: bool = False) -> list[str] | nx.DiGraph:
    """``published()``: the names of the shipped webs. ``published("ythan")``: that web as a
    DiGraph, edges from food to eater, as the published comparison used it (taxa it left
    out removed, reduced to trophic species where it did so; ``web.graph`` holds the
    title, citation, licence and what was done). ``raw=True``: every taxon and link as
    the source lists them."""
    if name is None:
        return list(_registry())
    import networkx as nx

    key = _key(name)
    info = _registry()[key]
    web: nx.DiGraph[Any] = nx.DiGraph(key=key, title=info["title"], citation=info["citation"],
                     licence=LICENCE, trophic_species=False, excluded=())
    for node, category in _rows(f"{key}-nodes.csv"):
        web.add_node(node, category=category or None)
    for food, eater in _rows(f"{key}-links.csv"):
        web.add_edge(food, eater)
    if raw:
        return web
    web.remove_nodes_from(info["excluded"])
    web.graph["excluded"] = tuple(info["excluded"])
    if info["trophic_species"]:
        web = trophic_species(web)
        web.graph["trophic_species"] = True
    return web


def sources() -> pd.DataFrame:
    """One row per shipped web: its title, habitat, citation, what was left out and
    whether it is reduced to trophic species."""
    import pandas as pd

    rows = {key: {"title": info["title"], "habitat": info["habitat"],
                  "trophic species": info["trophic_species"],
                  "left out": "; ".join(f"{k} ({v})" for k, v in info["excluded"].items()),
                  "citation": info["citation"], "licence": LICENCE}
            for key, info in _registry().items()}
    return pd.DataFrame.from_dict(rows, orient="index")
