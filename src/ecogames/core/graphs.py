"""networkx helpers shared by every game's food web and board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import networkx as nx


def trophic_levels(web: nx.DiGraph) -> dict[Any, float]:
    """Trophic level of every node (producers 1). Edges point food -> eater.

    ``nx.trophic_levels`` needs every node reachable from a producer; nodes that are not
    (an isolated eater) get level 1 rather than an error.
    """
    import networkx as nx

    reachable = set()
    for node in web:
        if web.in_degree(node) == 0:
            reachable |= {node} | nx.descendants(web, node)
    levels = {n: 1.0 for n in web if n not in reachable}
    if reachable:
        sub = web.subgraph(reachable)
        levels.update({n: float(v) for n, v in nx.trophic_levels(sub).items()})
    return levels


def food_web_layout(web: nx.DiGraph) -> dict[Any, tuple[float, float]]:
    """Positions in [0, 1]^2: producers at the bottom, each trophic level a row above."""
    levels = trophic_levels(web)
    rows: dict[int, list[Any]] = {}
    for node, level in levels.items():
        rows.setdefault(round(level), []).append(node)
    top = max(rows) if rows else 1
    positions = {}
    for level, nodes in rows.items():
        nodes.sort(key=lambda n: (levels[n], str(n)))
        for i, node in enumerate(nodes):
            x = (i + 1) / (len(nodes) + 1)
            y = 0.5 if top == 1 else 1 - (level - 1) / (top - 1) * 0.8 - 0.1
            positions[node] = (round(x, 4), round(y, 4))
    return positions


def food_web_json(web: nx.DiGraph) -> dict[str, Any]:
    """The food web as the widget's ``food_web`` trait: nodes with positions, edges."""
    levels = trophic_levels(web)
    positions = food_web_layout(web)
    nodes = [{"id": str(n), "label": str(web.nodes[n].get("label", n)),
              "x": positions[n][0], "y": positions[n][1], "level": round(levels[n], 3)}
             for n in web]
    edges = [{"source": str(a), "target": str(b), "label": str(d.get("label", ""))}
             for a, b, d in web.edges(data=True)]
    return {"nodes": nodes, "edges": edges}
