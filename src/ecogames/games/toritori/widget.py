"""The Tori-Tori widget: the kit plus the island board (``js/src/entries/toritori.ts``)."""

from __future__ import annotations

from typing import Any

from ...widget import GameWidget
from .components import MAP_ROOT, ability_map_graph


class Widget(GameWidget):
    """Play Tori-Tori inline: click the island, step through every cascade.

    >>> from ecogames import toritori
    >>> toritori.Widget(toritori.new_game(players=2, seed=1))  # doctest: +SKIP
    """

    bundle = "toritori"
    static_view_paths = (("squares",), ("ability_map", "spaces"), ("ability_map", "edges"),
                         ("players",), ("difficulty",), ("layout",))

    def drawing_layout(self) -> dict[str, Any]:
        return {"ability_map": ability_map_positions()}


def ability_map_positions() -> dict[str, list[float]]:
    """The Ability map as a tidy tree from networkx: Study moves left to right (one column
    per step from the first space), each branch keeps its own row, a fork sits between its
    branches. Coordinates in [0, 1]."""
    import networkx as nx

    graph = ability_map_graph()
    depth = nx.shortest_path_length(graph, MAP_ROOT)
    rows: dict[str, float] = {}
    next_row = [0.0]

    def place(node: str) -> float:
        children = sorted(graph.successors(node))
        if not children:
            rows[node] = next_row[0]
            next_row[0] += 1
        else:
            placed = [place(child) for child in children]
            rows[node] = (min(placed) + max(placed)) / 2
        return rows[node]

    place(MAP_ROOT)
    width, height = max(depth.values()) or 1, max(next_row[0] - 1, 1)
    return {node: [round(depth[node] / width, 4), round(rows[node] / height, 4)]
            for node in graph}
