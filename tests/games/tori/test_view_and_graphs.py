"""What each player sees, and the networkx views of the square."""

import json
import subprocess
import sys

import networkx as nx

from ecogames.games import tori
from ecogames.games.tori import DrawPile
from ecogames.games.tori.components import CELLS, COLS, INFORMATION_POINTS, ROWS
from ecogames.games.tori.walking import WALKABLE, distances_from, walking_graph

from .scenario import scenario, stall


def test_a_view_hides_the_other_players_hands_and_the_pile():
    game = scenario(build={0: [1, 2], 1: [3, 3, 4]}, goods={1: {"fish": 2}})
    mine, theirs = game.view(0)["players"]
    assert mine["build"] == [1, 2] and mine["goods"]["fish"] == 0
    assert theirs["build"] is None and theirs["goods"] is None
    assert theirs["hand_size"] == 5 and theirs["build_cards"] == 3 and theirs["goods_cards"] == 2
    onlooker = game.view(None)
    assert all(p["build"] is None for p in onlooker["players"])
    text = json.dumps(onlooker)
    assert isinstance(onlooker["pile"], int) and "rng" not in text
    assert json.loads(text) == onlooker


def test_the_view_shows_the_board():
    game = scenario(stalls=[stall(0, "flowers", (3, 5), "N", [(3, 6)])],
                    customers={"fish": (2, 5), "lemonade": None})
    view = game.view(1)
    assert view["stalls"] == [{
        "id": "0:flowers", "story": "stall:1", "owner": 0, "good": "flowers", "cell": [3, 5],
        "facing": "N",
        "entrance": [2, 5], "expansions": [[3, 6]], "size": 2, "zone": 5,
        "entrance_empty": False}]
    assert view["customers"]["fish"] == [2, 5] and view["colour_change"] == "lemonade"
    assert view["customer_ids"]["fish"] == "customer:3"  # its story's id (D35)
    assert view["expansion_supply"]["flowers"] == 5


def test_the_drawn_cards_of_a_blind_draw_are_not_told():
    game = scenario(pile_top=[4, 6])
    cascade = game.apply(DrawPile())
    assert cascade.events[0].touched["cards"] == ("build:?", "build:?")
    assert "4" not in cascade.events[0].text


def test_board_graph():
    g = tori.board_graph()
    assert g.number_of_nodes() == ROWS * COLS == len(CELLS)
    assert g.number_of_edges() == ROWS * (COLS - 1) + (ROWS - 1) * COLS
    assert g.nodes[(0, 0)]["zone"] == 1 and g.nodes[(9, 4)]["terrain"] == "mooring"
    assert g.nodes[INFORMATION_POINTS[0]]["terrain"] == "information"
    assert not g.edges[(8, 0), (9, 0)]["walk"]


def test_board_graph_of_a_game():
    game = scenario(stalls=[stall(0, "flowers", (3, 5), "N", [(3, 6)])],
                    customers={"fish": (2, 5), "lemonade": None})
    g = tori.board_graph(game)
    assert g.nodes[(3, 5)]["tile"] == "0:flowers" and not g.nodes[(3, 5)]["expansion"]
    assert g.nodes[(3, 6)]["expansion"]
    assert g.nodes[(2, 5)]["entrance"] == "0:flowers" and g.nodes[(2, 5)]["customer"] == "fish"
    assert not g.edges[(3, 5), (2, 5)]["walk"]


def test_distances_are_networkx_shortest_paths_on_the_square():
    blocked = frozenset({(3, 5), (3, 6), (4, 5)})
    g = walking_graph(blocked)
    assert set(g) == WALKABLE - blocked
    dist = distances_from(blocked, (4, 6))
    assert dict(dist) == nx.single_source_shortest_path_length(g, (4, 6))
    assert (9, 0) not in dist and INFORMATION_POINTS[0] not in dist


def test_importing_ecogames_does_not_import_networkx():
    code = ("import sys, ecogames, ecogames.games.tori as t; t.new_game(2, seed=1); "
            "print('networkx' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


LAYERS = {"components": 0, "actions": 1, "walking": 1, "why": 1, "legal": 2, "rules": 3,
          "save": 4, "bots": 4, "graphs": 4, "plots": 5, "view": 5, "widget": 5}
"""The package reads top-down: each module imports only modules of a lower layer (a module
not named here, e.g. a reader of the rules for series, is in the layer of bots and graphs;
plots draw the graphs, so they sit above them, beside the widget and the view)."""
ON_USE = {"rules": {"save", "view"}}
"""What a module may import inside a function only: the engine hands its state to ``save``
and its words to ``view``, which read the engine, so it plays without them."""


def test_the_modules_import_one_way_components_rules_graphs_widget():
    """STYLE: `components` -> `actions`, `walking` (how far customers walk, D14) -> `legal`
    -> `rules` -> `save`, `graphs` -> `view`, `widget`; `rules` imports none of the others,
    but for `save` and `view` inside the one-line methods that hand over to them."""
    import ast
    from pathlib import Path

    package = Path(tori.__file__).parent
    modules = {p.stem: LAYERS.get(p.stem, 4) for p in package.glob("*.py")} | LAYERS
    del modules["__init__"]
    for name, layer in modules.items():
        tree = ast.parse((package / f"{name}.py").read_text())
        typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                       and getattr(block.test, "id", None) == "TYPE_CHECKING"
                       for n in ast.walk(block)}  # (names for annotations: no import)
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                targets = [node.module] if node.module else [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and (
                    node.module or "").startswith("ecogames.games.tori."):
                targets = [node.module.rsplit(".", 1)[1]]
            else:
                continue
            for target in targets:
                on_use = target in ON_USE.get(name, ()) and node not in tree.body
                assert on_use or modules.get(target, 4) < layer, f"{name}.py imports {target}"
