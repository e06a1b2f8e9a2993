"""networkx helpers shared by every game's food web and board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import networkx as nx


def trophic_levels(web: nx.DiGraph, weight: str = "weight") -> dict[Any, float]:
    """Trophic level of every node (producers 1). Edges point food -> eater.

    The same numbers as ``nx.trophic_levels`` (a node's level is 1 plus the mean level of
    its food, weighted by the edges' ``weight``), solved here in plain Python: no numpy or
    scipy, so the boards also lay out where those are missing (JupyterLite offline). Nodes
    that no producer reaches (an isolated eater) get level 1 rather than an error.
    """
    nodes = list(web)
    reachable: set[Any] = set()
    frontier = [n for n in nodes if web.in_degree(n) == 0]
    while frontier:
        node = frontier.pop()
        if node not in reachable:
            reachable.add(node)
            frontier.extend(web.successors(node))
    levels = {n: 1.0 for n in nodes if n not in reachable}
    eaters = [n for n in nodes if n in reachable and web.in_degree(n) > 0]
    for n in nodes:
        if n in reachable and n not in eaters:
            levels[n] = 1.0
    if eaters:
        levels.update(zip(eaters, _solve_levels(web, eaters, levels, weight)))
    return levels


def _solve_levels(web: nx.DiGraph, eaters: list[Any], known: dict[Any, float],
                  weight: str) -> list[float]:
    """x_i - sum_j p_ij x_j = 1 + sum_basal p_ib, by Gaussian elimination with pivoting."""
    index = {n: i for i, n in enumerate(eaters)}
    size = len(eaters)
    rows = []
    for node in eaters:
        food = [(prey, float(data.get(weight, 1))) for prey, _, data in
                web.in_edges(node, data=True)]
        total = sum(w for _, w in food)
        row = [0.0] * (size + 1)
        row[index[node]] += 1.0
        row[size] = 1.0
        for prey, w in food:
            if prey in index:
                row[index[prey]] -= w / total
            else:
                row[size] += w / total * known[prey]
        rows.append(row)
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise ValueError("the trophic levels of this web have no single solution")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col] / head[col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], head)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


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
