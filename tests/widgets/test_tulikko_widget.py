"""The Tulikko widget's Python side: messages in, traits out, bad messages refused, bots
playing their seats."""

import json

import pytest

from ecogames.games import tulikko
from ecogames.games.tulikko.components import MAPS, SIDE_SYMBOL
from ecogames.games.tulikko.widget import Widget
from ecogames.widget import MAX_MESSAGE_BYTES
from tests.support.messages import legal_id, send, snapshot


@pytest.fixture
def widget():
    """Two people at the table, maps given, both starting tiles placed: Player 1 slides."""
    w = tulikko.new_game(seed=4, maps=["fox", "owl"]).widget()
    send(w, {"kind": "act", "action": {"type": "place_start", "cell": 9}})
    send(w, {"kind": "act", "action": {"type": "place_start", "cell": 10}})
    assert w.error == ""
    return w


def test_initial_traits_and_the_static_layout():
    w = tulikko.new_game(seed=1).widget()
    assert isinstance(w, Widget) and w.game_id == "tulikko" and w.title == "Tulikko"
    assert w.status["phase"] == "choose_map" and w.status["current_player"] == 0
    assert [e["action"] for e in w.legal_entries()] == [
        {"type": "choose_map", "animal": a} for a in ("fox", "owl", "lynx", "reindeer")]
    assert w.food_web == {} and w.cascade == {} and w.step == -1
    assert w.drawing["maps"] == {animal: list(symbols) for animal, symbols in MAPS.items()}
    # the parts of the view that never change travel once, in the layout
    assert w.drawing["static_view"] == {"game": "tulikko", "map_size": {"rows": 5, "cols": 4},
                                       "board": {"sides": SIDE_SYMBOL}}
    assert "map_size" not in w.view and "sides" not in w.view["board"]
    assert "tulikko-greedy" in w.bot_names


def test_a_slide_then_a_placement(widget):
    w = widget
    assert w.status["phase"] == "slide" and w.view["hand"] is not None
    send(w, {"kind": "act", "id": legal_id(w, type="slide", side="north")})
    assert w.error == ""
    kinds = [e["kind"] for e in w.cascade["events"]]
    assert kinds == ["slide", "eject"]
    assert len(w.cascade["patches"]) == 2
    held = w.view["held"]
    assert held["side"] == "south" and held["symbol"] == "moon"
    cells = [e["action"]["cell"] for e in w.legal_entries() if e["action"]["type"] == "place"]
    assert cells and all(MAPS["fox"][c] == "moon" for c in cells)
    send(w, {"kind": "act", "action": {"type": "place", "cell": cells[0]}})
    assert w.error == ""
    # each label names who played: a person's and a bot's actions share one history
    assert w.history[-2].startswith("Player 1 (fox): Slide your fox's")
    assert w.history[-1].startswith("Player 1 (fox): Place the")
    assert w.cascade["label"] == w.history[-1]
    assert w.view["players"][0]["map"][cells[0]]["tile"]["id"] == held["id"]


def test_the_view_hides_the_middle_tile_and_the_piles(widget):
    view = widget.view
    assert view["board"]["slots"]["center"] == "hidden"
    assert all(isinstance(p["pile"], int) for p in view["players"])
    assert isinstance(view["box"], int)
    # the hidden tile is nowhere in what the browser gets
    middle = widget.game.board["center"]
    text = json.dumps(widget.traits_json())
    assert f'"id": {middle},' not in text


def test_step_through_a_cascade_and_undo(widget):
    w = widget
    send(w, {"kind": "act", "id": 0})
    send(w, {"kind": "step", "index": 0})
    assert w.step == 0
    send(w, {"kind": "step", "index": 5})
    assert w.step == 0 and "no step 5" in w.error
    played = len(w.history)
    send(w, {"kind": "undo"})
    assert len(w.history) == played - 1 and w.status["phase"] == "slide" and w.error == ""


@pytest.mark.parametrize("content, words", [
    ("slide north", "must be an object"),
    ({"kind": "fly"}, "unknown message kind"),
    ({"kind": "act"}, "needs either 'action' or 'id'"),
    ({"kind": "act", "id": "0"}, "must be int"),
    ({"kind": "act", "id": 99}, "no legal action number 99"),
    ({"kind": "act", "action": {"type": "slide", "side": 3}}, "side"),
    ({"kind": "act", "action": {"type": "slide", "side": "up"}}, "no 'up' side"),
    ({"kind": "act", "action": {"type": "place", "cell": 0}}, "not allowed now"),
    ({"kind": "act", "action": {"type": "teleport"}}, "teleport"),
    ({"kind": "seat", "player": 5, "bot": "random"}, "no seat 5"),
    ({"kind": "seat", "player": 1, "bot": "nobody"}, "no bot called"),
    ({"kind": "act", "id": 0, "junk": "x" * (MAX_MESSAGE_BYTES + 10)}, "too large"),
])
def test_a_malformed_or_illegal_message_is_refused_and_changes_nothing(widget, content, words):
    before = snapshot(widget)
    send(widget, content)
    assert words in widget.error
    assert snapshot(widget) == before
    send(widget, {"kind": "act", "id": 0})  # the widget still works
    assert widget.error == ""


def test_a_placement_on_the_wrong_symbol_is_explained(widget):
    w = widget
    send(w, {"kind": "act", "id": legal_id(w, type="slide", side="north")})
    wrong = next(c for c in range(20) if MAPS["fox"][c] != "moon"
                 and w.game.grids[0][c] < 0)
    before = snapshot(w)
    send(w, {"kind": "act", "action": {"type": "place", "cell": wrong}})
    assert "moon" in w.error and "same symbol" in w.error
    assert snapshot(w) == before


def test_a_bot_move_plays_one_step_for_the_seat_on_turn_and_names_it():
    w = tulikko.new_game(seed=2, maps=["fox", "owl"]).widget(bots={1: "tulikko-greedy"})
    assert w.bots == {"1": "tulikko-greedy"} and "tulikko-greedy" in w.bot_names
    assert w.bots == {"1": "tulikko-greedy"}  # the board knows whose turn is a bot's
    send(w, {"kind": "act", "action": {"type": "place_start", "cell": 9}})
    assert w.status["current_player"] == 1  # the browser's pacer now asks the bot to play
    send(w, {"kind": "bot"})
    assert w.error == "" and len(w.history) == 2
    assert w.history[-1].startswith("Player 2 (owl): Place your starting")
    assert w.cascade["label"] == w.history[-1]
    assert w.status["current_player"] == 0 and w.status["phase"] == "slide"


def test_a_whole_game_by_bot_moves_ends_with_an_outcome():
    w = tulikko.new_game(seed=6, maps=["fox", "owl"]).widget(bots={0: "random"})
    send(w, {"kind": "seat", "player": 1, "bot": "tulikko-greedy"})
    assert w.bots == {"0": "random", "1": "tulikko-greedy"}
    assert set(w.bots) == {"0", "1"} and "static_view" in w.drawing
    for _ in range(500):
        if w.status["is_over"]:
            break
        send(w, {"kind": "bot"})
        assert w.error == ""
    assert w.status["is_over"] and w.status["outcome"]["winners"]
    assert w.legal_entries() == [] and w.view["outcome"] is not None
    assert {label.split(":")[0] for label in w.history} == {"Player 1 (fox)", "Player 2 (owl)"}
    send(w, {"kind": "bot"})
    assert "nothing to play" in w.error


def test_new_game_keeps_the_options():
    w = tulikko.new_game(seed=2, maps=["fox", "owl"]).widget()
    send(w, {"kind": "act", "id": 0})
    send(w, {"kind": "new_game", "seed": 9})
    assert w.error == "" and w.history == [] and w.status["phase"] == "start_tile"
    assert [p["animal"] for p in w.view["players"]] == ["fox", "owl"]


def test_a_game_plays_in_its_widget():
    game = tulikko.new_game(players=3, seed=1)
    assert game.widget().game is game
    assert isinstance(game.widget(bots={1: "tulikko-greedy"}), Widget)
    assert tulikko.Widget is Widget
