"""The view a widget draws from, the networkx graphs, and strict loading of states."""

import json
import subprocess
import sys

import networkx as nx
import pytest

from ecogames.core import SaveError
from ecogames.games import tulikko
from ecogames.games.tulikko import Place, PlaceTokens, Slide, Tulikko, graphs, new_game
from ecogames.games.tulikko import components as c

from .helpers import FLORA, NATASHA, Table


def mid_game() -> Tulikko:
    table = Table(cards=("shape-5", "river-1", "color-1"))
    table.art(FLORA, "GGO.", "B...", "....", "...G").token(FLORA, 0, 1).token(FLORA, 1, 2)
    table.aurora(FLORA, "green-3").fulfil(FLORA, "river-1").art(NATASHA, "P...")
    return table.finish(hand="orange")


def test_the_view_is_json_and_hides_face_down_tiles():
    game = mid_game()
    view = game.view(NATASHA)
    text = json.dumps(view)
    assert view["board"]["slots"]["center"] == "hidden"
    assert all(slot == "hidden" or slot["id"] != game.board["center"]
               for slot in view["board"]["slots"].values())
    assert view["players"][FLORA]["pile"] == len(game.piles[FLORA])
    assert "piles" not in text and view["box"] == len(game.box)
    assert view["hand"] == c.TILES[game.hand].to_json()  # turned over: everyone sees it
    flora = view["players"][FLORA]
    assert flora["supply"] == {"animal": 12 - 1 - 2, "river": 6 - 1}
    assert {"cells": [0, 1], "kind": "animal", "border": [[0, 1], [1, 1]],
            "story": "token:0"} in flora["tokens"]  # its story's id (D32)
    assert flora["map"][0]["tile"]["colour"] == "green"
    assert flora["map"][19]["tile"] is None and flora["map"][19]["symbol"] == "sun"
    assert flora["auroras"] == ["green-3"] and flora["fulfilled"] == ["river-1"]
    card = next(x for x in view["landscape_cards"] if x["id"] == "river-1")
    assert card["tokens"] == [2, 0] and card["fulfilled_by"] == [FLORA]
    aurora = next(a for a in view["auroras"] if a["id"] == "green-3")
    assert aurora["holder"] == FLORA and not aurora["used"] and aurora["effect"]
    assert len(view["symbol_cards"]) == 4 and view["outcome"] is None


def test_views_after_each_event_let_a_turn_be_replayed_step_by_step():
    game = mid_game()
    cascade = game.apply(Slide("north"), views=True, perspective=FLORA)
    assert len(cascade.views) == len(cascade.events)
    assert cascade.views[-1]["held"]["side"] == "south"
    graph = cascade.graph()
    assert nx.is_arborescence(graph)


def test_events_name_what_they_touched_for_the_widget():
    game = mid_game()
    cascade = game.apply(Slide("west"))
    assert cascade.of_kind("slide")[0].touched["slots"] == ("west", "center", "east")
    spot = next(a for a in game.legal_actions() if isinstance(a, Place))
    cascade = game.apply(spot)
    placed = cascade.of_kind("place")[0]
    assert placed.touched["cells"] == ((FLORA, spot.cell),) and placed.touched["tiles"]
    json.dumps(cascade.to_json())


def test_board_graph_river_graph_and_zones():
    game = mid_game()
    board = tulikko.board_graph(game, FLORA)
    assert board.number_of_nodes() == 20 and board.number_of_edges() == 31
    assert board.nodes[0]["colour"] == "green" and board.nodes[0]["symbol"] == "sun"
    assert board.edges[0, 1]["token"] == "animal" and board.edges[1, 2]["token"] == "river"
    assert graphs.board_graph(game, FLORA).nodes[4]["colour"] == "blue"
    rivers = graphs.river_graph(game, FLORA)
    assert rivers.number_of_edges() == 1
    zones = graphs.zones_graph(game, FLORA)
    assert sorted(map(len, nx.connected_components(zones))) == [1, 1, 1, 2]
    assert game.largest_zones() == (2, 1)
    cross = graphs.central_board_graph(game)
    assert cross.degree["center"] == 4 and cross.nodes["north side"]["symbol"] == "sun"


def test_importing_ecogames_and_the_engine_does_not_import_networkx():
    code = ("import sys, ecogames\nfrom ecogames.games import tulikko\n"
            "g = tulikko.new_game(players=2, seed=1, maps=['fox', 'owl'])\n"
            "assert 'networkx' not in sys.modules, 'networkx imported'\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_save_and_load_round_trip():
    game = mid_game()
    game.apply(Slide("north"))
    loaded = Tulikko.from_json(game.to_json())
    assert loaded == game and loaded.history == game.history


@pytest.mark.parametrize("change,message", [
    (lambda s: s["grids"][0].__setitem__(5, s["grids"][0][0]), "exactly one place"),
    (lambda s: s["supply"][0].__setitem__(0, 12), "animal tokens do not add up"),
    (lambda s: s["tokens"][0].append([18, 19, "river"]), "only between two tiles"),
    (lambda s: s["tokens"][0].__setitem__(0, [0, 1, "river"]), "animal tokens between same"),
    (lambda s: s["aurora_holder"].__setitem__("green-4", 0), "two aurora tiles"),
    (lambda s: s.__setitem__("stage", "place"), "revealed tile"),
    (lambda s: s["board"].__setitem__("north", None), "exactly one place"),
    (lambda s: s.__setitem__("maps", ["fox", "fox"]), "same map"),
    (lambda s: s["tokens"][0].append([0, 5, "river"]), "neighbouring"),
    (lambda s: s.__setitem__("cards", ["river-1", "shape-1", "color-1"]), "one shape"),
    (lambda s: s.pop("piles"), r"state lacks \['piles'\]"),
    (lambda s: s.__setitem__("turns", [13, 0]), r"integer in \[0, 12\]"),
])
def test_inconsistent_states_are_refused(change, message):
    state = mid_game()._state()
    change(state)
    with pytest.raises(SaveError, match=message):
        Tulikko.from_state(state)


def test_a_full_game_replays_from_its_save():
    game = new_game(players=3, seed=4)
    from ecogames.bots import RandomBot, play

    play(game, RandomBot(4))
    again = Tulikko.from_json(game.to_json())
    assert again == game and again.outcome == game.outcome


def test_labels_say_what_happens():
    game = mid_game()
    assert "fox's orange tile" in game.describe(Slide("north"))
    game.apply(Slide("north"))
    spot = next(a for a in game.legal_actions() if isinstance(a, Place))
    assert game.describe(spot).startswith("Place the ")
    assert PlaceTokens(()).label() == "Withhold every token"


def test_odd_actions_in_every_phase_are_refused_with_a_reason():
    from ecogames.bots import RandomBot
    from ecogames.core import IllegalAction
    from ecogames.games.tulikko import (
        ChooseMap,
        ClaimCard,
        Discard,
        EndTurn,
        MoveTile,
        PlaceAnywhere,
        PlaceStart,
        SlideBack,
    )

    odd = [ChooseMap("wolf"), PlaceStart(-1), PlaceStart(25), Slide("up"), SlideBack("x"),
           Place(-3), Place(40), PlaceAnywhere(99), Discard(), PlaceTokens((99,)),
           PlaceTokens((3, 1)), PlaceTokens((1, 1)), ClaimCard("nope"), MoveTile(-1, 50),
           MoveTile(0, 0), EndTurn()]
    phases = set()
    for seed in range(3):
        game, bot = new_game(players=2 + seed, seed=seed), RandomBot(seed)
        while not game.is_over:
            phases.add(game.phase)
            legal = game.legal_actions()
            for action in odd:
                if action not in legal:
                    with pytest.raises(IllegalAction) as error:
                        game.apply(action)
                    assert str(error.value)
            game.push(bot.choose(game, legal))
    assert phases >= {"choose_map", "start_tile", "slide", "place", "tokens"}


LAYERS = {"components": 0, "patterns": 1, "why": 1, "rules": 2, "bots": 3, "graphs": 3, "widget": 4}
"""The package reads top-down: each module imports only modules of a lower layer."""


def test_the_modules_import_one_way_components_rules_graphs_widget():
    """STYLE: `components` -> `rules` -> `graphs` -> `widget`; `rules` imports none of the
    others, not even inside a function (no import circle with `graphs`)."""
    import ast
    from pathlib import Path

    package = Path(tulikko.__file__).parent
    for name, layer in LAYERS.items():
        tree = ast.parse((package / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                targets = [node.module] if node.module else [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "ecogames.games.tulikko."):
                targets = [node.module.rsplit(".", 1)[1]]
            else:
                continue
            for target in targets:
                if target in LAYERS:
                    assert LAYERS[target] < layer, f"{name}.py imports {target}"


def tile_ids(view) -> set[int]:
    """Every tile id shown anywhere in a view (tiles are shown as {id, colour, back})."""
    found: set[int] = set()
    stack = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if {"id", "colour", "back"} <= set(item):
                found.add(item["id"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def hidden_reshuffled(game: Tulikko, rng) -> Tulikko:
    """The same game as everyone sees it, with the face-down tiles dealt differently: each
    pile in another order, the hidden middle tile swapped with one in the box (when it is
    neutral)."""
    state = game._state()
    for pile in state["piles"]:
        rng.shuffle(pile)
    center = state["board"]["center"]
    if state["box"] and center in c.NEUTRAL_TILES:
        i = rng.below(len(state["box"]))
        state["board"]["center"], state["box"][i] = state["box"][i], center
        state["box"].sort()
    return Tulikko.from_state(state)


@pytest.mark.parametrize("seed", range(6))
def test_face_down_tiles_never_reach_any_view(seed):
    """D6: the personal piles, the box and the middle of the central board are face down:
    no view (any seat, or an onlooker) shows their tiles, and dealing them differently
    changes no view at all."""
    from ecogames.bots import RandomBot
    from ecogames.core import Rng

    game, bot, rng = new_game(players=2 + seed % 3, seed=seed), RandomBot(seed), Rng(seed)
    step = 0
    while not game.is_over:
        if game.phase != "choose_map":
            hidden = {t for pile in game.piles for t in pile} | set(game.box)
            hidden.add(game.board["center"])
            twin = hidden_reshuffled(game, rng) if step % 3 == 0 else None
            for player in (None, *range(game.players)):
                view = game.view(player)
                assert not tile_ids(view) & hidden, (player, tile_ids(view) & hidden)
                if twin is not None:
                    assert twin.view(player) == view
        game.apply(bot.choose(game, game.legal_actions()), record=False)
        step += 1
