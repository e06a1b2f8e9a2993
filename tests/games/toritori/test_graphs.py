"""graphs.py: the food web and the board as networkx graphs; networkx stays lazy."""

from __future__ import annotations

import subprocess
import sys

import networkx as nx

from ecogames.core.graphs import food_web_json
from ecogames.games.toritori import new_game
from ecogames.games.toritori.graphs import board_graph, food_web


def test_food_web_edges_point_food_to_eater_with_preferences():
    web = food_web()
    assert set(web.nodes) == {"tori_tori", "guinea_pig", "fox", "cat", "native_tree",
                              "invasive_bush"}
    assert web.nodes["guinea_pig"]["label"] == "Guinea pig"
    assert web.edges["tori_tori", "cat"]["preference"] == 1
    assert web.edges["guinea_pig", "cat"]["preference"] == 2
    assert web.edges["guinea_pig", "fox"]["label"] == "1st choice"
    assert web.number_of_edges() == 8
    levels = nx.trophic_levels(web)
    assert levels["native_tree"] == levels["invasive_bush"] == 1
    assert levels["tori_tori"] == levels["guinea_pig"] == 2
    assert levels["fox"] == levels["cat"] == 3
    assert web.nodes["fox"]["level"] == 3
    game = new_game(players=2, seed=1)
    assert nx.utils.graphs_equal(game.food_web(), web)
    assert len(food_web_json(game.food_web())["edges"]) == 8


def test_board_graph_sectors_and_settlements_with_orthogonal_and_diagonal_edges():
    game = new_game(players=2, seed=1, layout="rulebook")
    board = board_graph(game)
    assert len(board) == 14 and set(board) == set(game.island.locations)
    assert board.edges["5", "10"]["kind"] == "orthogonal"
    assert board.edges["5", "11"]["kind"] == "diagonal"
    assert board.nodes["village"]["kind"] == "village" and board.nodes["1"]["sector"] == 1
    assert sorted(int(n) for n in board["industry"] if n.isdigit()) == [3, 4, 5, 7, 10]
    orthogonal = board.edge_subgraph(
        [e for e in board.edges if board.edges[e]["kind"] == "orthogonal"])
    assert nx.shortest_path_length(orthogonal, "6", "5") == 2
    assert nx.utils.graphs_equal(game.board_graph(), board)


def test_importing_ecogames_and_the_engine_does_not_import_networkx():
    code = ("import sys, ecogames; g = ecogames.toritori.new_game(players=2, seed=1); "
            "g.apply({'type': 'roll'}); assert 'networkx' not in sys.modules, 'networkx'")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr


PACKAGE = "ecogames.games.toritori"
LAYERS = ("components", "rules", "graphs", "widget")
"""STYLE.md: a game's package reads top-down, components -> rules -> graphs -> widget."""


def imported_siblings(module: str) -> set[str]:
    """The modules of the Tori-Tori package that ``module`` imports anywhere in its text
    (at the top, inside functions, or for type checking only)."""
    import ast
    import importlib.util

    spec = importlib.util.find_spec(f"{PACKAGE}.{module}")
    assert spec is not None and spec.origin is not None
    with open(spec.origin, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                names = [node.module] if node.module else [a.name for a in node.names]
                found.update(n.split(".")[0] for n in names)
            elif node.module and node.module.startswith(PACKAGE + "."):
                found.add(node.module.removeprefix(PACKAGE + ".").split(".")[0])
        elif isinstance(node, ast.Import):
            found.update(a.name.removeprefix(PACKAGE + ".").split(".")[0] for a in node.names
                         if a.name.startswith(PACKAGE + "."))
    return found


def test_layers_point_one_way_components_rules_graphs_widget():
    for lower, module in enumerate(LAYERS):
        above = set(LAYERS[lower + 1:]) | {"plots", "bots"}
        assert not imported_siblings(module) & above, (module, imported_siblings(module))
    assert not imported_siblings("components"), "components is data: it imports no sibling"
    for helper in ("narration", "actions", "island", "why"):  # the rules' helpers: no rules
        assert not imported_siblings(helper) & {"rules", "graphs", "widget", "plots", "bots"}, (
            helper)


FOOD_TABLE = {
    # Animals, Feeding: "Species / Preference 1 / Preference 2" (rulebook, the food table)
    "cat": ("tori_tori", "guinea_pig"),
    "guinea_pig": ("native_tree", "invasive_bush"),
    "fox": ("guinea_pig", "tori_tori"),
    "tori_tori": ("native_tree", "invasive_bush"),
}


def test_the_food_web_draws_the_rulebook_table_and_nothing_else():
    # issue 12 §7: "In Tori-Tori's web, do Guinea pigs eat Invasive Bushes?" Yes: it is their
    # 2nd preference in the table. Every arrow comes from the table; no other is drawn (the
    # Bush turning a tree over is no meal, and nothing eats Cats or Foxes).
    web = food_web()
    table = {(food, eater, rank) for eater, foods in FOOD_TABLE.items()
             for rank, food in enumerate(foods, start=1)}
    assert {(a, b, d["preference"]) for a, b, d in web.edges(data=True)} == table
    assert web.edges["invasive_bush", "guinea_pig"]["label"] == "2nd choice"
    assert not any(web.has_edge(a, b) for a, b in (("native_tree", "invasive_bush"),
                                                    ("invasive_bush", "native_tree")))
    assert web.in_degree("native_tree") == web.in_degree("invasive_bush") == 0
    assert web.out_degree("cat") == web.out_degree("fox") == 0
    drawn = {(e["source"], e["target"]) for e in food_web_json(web)["edges"]}
    assert drawn == {(a, b) for a, b, _ in table}


def test_every_meal_told_in_play_follows_an_arrow_of_the_web():
    from ecogames.core import Rng

    web = food_web()
    for seed in range(15):
        game, rng = new_game(players=2 + seed % 3, seed=seed), Rng(seed)
        while not game.is_over:
            legal = game.legal_actions()
            cascade = game.apply(legal[rng.below(len(legal))])
            for event in cascade:
                for food, eater in event.touched.get("edges", ()):
                    assert web.has_edge(food, eater), (event.text, food, eater)
