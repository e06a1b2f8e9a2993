"""The Biotopes widget's Python side: messages in, traits out, bad messages refused, bots
playing their seats."""

import json

import pytest

from ecogames.games import biotopes
from ecogames.games.biotopes.components import BIOTOPE_CARDS, SPECIES
from ecogames.games.biotopes.widget import Widget
from ecogames.widget import MAX_MESSAGE_BYTES
from tests.support.messages import legal_id, send, snapshot


def set_up(w):
    """Both hands kept, every initial token placed (the first hex offered each time)."""
    while w.status["phase"] in ("redraw", "placement"):
        send(w, {"kind": "act", "id": 0})
        assert w.error == ""


@pytest.fixture
def widget():
    """Two people at the table, the set-up done: Purple's first action of cycle 1."""
    w = biotopes.new_game(players=2, seed=3, first_player=0).widget()
    set_up(w)
    return w


def test_initial_traits_and_the_static_layout():
    w = biotopes.new_game(players=2, seed=1).widget()
    assert isinstance(w, Widget) and w.game_id == "biotopes" and w.title == "Biotopes"
    assert w.status["phase"] == "redraw" and w.status["players"] == ["Purple", "Orange"]
    assert [e["action"] for e in w.legal_entries()] == [{"type": "keep_hand"},
                                                        {"type": "redraw_hand"}]
    assert w.cascade == {} and w.step == -1 and "biotopes-greedy" in w.bot_names
    # the cards' printed faces travel once, in the layout
    assert set(w.drawing["species"]) == set(SPECIES) and len(w.drawing["species"]) == 88
    assert set(w.drawing["biotope_cards"]) == set(BIOTOPE_CARDS)
    face = w.drawing["species"]["european_badger"]
    assert face["deck"] == "carnivores" and face["vp"] == 2 and face["diet"] == [
        "plants", "plants", "invertebrates", "reptiles_amphibians"]
    # the parts of the view that never change in a game: sent once, not with every move
    static = w.drawing["static_view"]
    assert set(static) == {"players", "cycles", "board", "environment", "tiles"}
    assert not set(static) & set(w.view) and len(static["tiles"]) == 4
    # the food web: Plants alone, no card in play yet (a type joins with its first card)
    assert {n["id"] for n in w.food_web["nodes"]} == {"plants"}
    assert w.food_web["edges"] == []


def test_the_set_up_through_the_widget_ends_in_cycle_1(widget):
    w = widget
    assert w.status["phase"] == "action" and w.status["current_player"] == 0
    assert len(w.history) == 2 + 8 and w.history[0] == "Purple: Keep your starting hand"
    # the last token starts cycle 1: Primary Production, one cube of each colour each
    kinds = [e["kind"] for e in w.cascade["events"]]
    assert kinds[-3:] == ["start", "production", "production"]
    assert len(w.cascade["patches"]) == len(w.cascade["events"])
    assert all(sum(e["cubes"] for e in eco["biotopes"]) == 4 for eco in w.view["ecosystems"])
    assert [len(eco["territories"]) for eco in w.view["ecosystems"]] == [4, 4]


def test_an_adaptation_pays_plays_and_feeds_the_food_web(widget):
    w = widget
    card = next(e["action"]["card"] for e in w.legal_entries() if e["action"]["type"] == "adapt")
    send(w, {"kind": "act", "action": {"type": "adapt", "card": card}})
    while w.status["phase"] == "pay":  # which cubes pay the diet: the player's choice
        send(w, {"kind": "act", "id": 0})
    assert w.error == ""
    rows = [c["card"] for eco in w.view["ecosystems"] for row in eco["rows"] for c in row]
    assert rows == [card]
    assert card not in w.game.hands[0]
    # Orange's turn now: the view is Orange's, with Orange's hand only
    assert w.status["current_player"] == 1
    assert w.view["ecosystems"][0]["hand"] is None and w.view["ecosystems"][1]["hand"]
    assert {(e["source"], e["target"]) for e in w.food_web["edges"]} == {
        ("plants", SPECIES[card].type.value)}
    assert any(h.startswith(f"Purple: Adaptation: play {SPECIES[card].name}")
               for h in w.history)


def test_only_the_persons_hand_is_sent_never_the_bots():
    w = biotopes.new_game(players=2, seed=3, first_player=1).widget(
        bots={1: "biotopes-greedy"})
    assert w.status["current_player"] == 1  # the bot decides first
    hands = [eco["hand"] for eco in w.view["ecosystems"]]
    assert hands[0] is not None and hands[1] is None
    bot_hand = w.game.hands[1]
    assert not any(f'"{card}"' in json.dumps(w.view) for card in bot_hand
                   if card not in w.view["rivers"].get("herbivores", []))
    send(w, {"kind": "bot"})
    assert w.error == "" and w.history == ["Orange: Keep your starting hand"]


def test_step_through_a_cascade_and_undo(widget):
    w = widget
    send(w, {"kind": "act", "id": legal_id(w, type="expand")})
    kinds = [e["kind"] for e in w.cascade["events"]]
    assert kinds[:4] == ["expansion", "pay", "colonize", "bag"]  # one cube could pay
    n = len(kinds)
    assert n >= 2
    send(w, {"kind": "step", "index": 0})
    assert w.step == 0 and w.error == ""
    send(w, {"kind": "step", "index": n})
    assert w.step == 0 and f"no step {n}" in w.error
    played = len(w.history)
    send(w, {"kind": "undo"})
    assert len(w.history) == played - 1 and w.status["phase"] == "action" and w.error == ""


@pytest.mark.parametrize("content, words", [
    ("transfer", "must be an object"),
    ({"kind": "colonize"}, "unknown message kind"),
    ({"kind": "act"}, "needs either 'action' or 'id'"),
    ({"kind": "act", "id": "0"}, "must be int"),
    ({"kind": "act", "id": 999}, "no legal action number 999"),
    ({"kind": "act", "action": {"type": "expand", "hex": "north"}}, "hex"),
    ({"kind": "act", "action": {"type": "adapt"}}, "card"),
    ({"kind": "act", "action": {"type": "migrate", "hex": [0, 0]}}, "origin"),
    ({"kind": "act", "action": {"type": "decline"}}, "not allowed now"),
    ({"kind": "act", "action": {"type": "react"}}, "unknown action type 'react'"),
    ({"kind": "act", "action": {"type": "expand", "hex": [40, 40]}}, "Expansion"),
    ({"kind": "act", "action": {"type": "adapt", "card": "dodo"}}, "not in your hand"),
    ({"kind": "act", "action": {"type": "hibernate"}}, "hibernate"),
    ({"kind": "step", "index": 99}, "no step 99"),
    ({"kind": "seat", "player": 2, "bot": "random"}, "no seat 2"),
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


def test_an_initial_token_off_the_edge_is_explained():
    w = biotopes.new_game(players=2, seed=1).widget()
    send(w, {"kind": "act", "action": {"type": "keep_hand"}})
    send(w, {"kind": "act", "action": {"type": "keep_hand"}})
    inner = next(c["hex"] for c in w.view["landscape"] if not c["edge"])
    before = snapshot(w)
    send(w, {"kind": "act", "action": {"type": "place_territory", "hex": inner}})
    assert "Setup 8" in w.error and "edge" in w.error
    assert snapshot(w) == before


def test_a_whole_game_by_bot_moves_ends_with_the_scores():
    w = biotopes.new_game(players=2, seed=5).widget(bots={0: "biotopes-greedy"})
    send(w, {"kind": "seat", "player": 1, "bot": "biotopes-greedy"})
    assert w.bots == {"0": "biotopes-greedy", "1": "biotopes-greedy"}
    for _ in range(600):
        if w.status["is_over"]:
            break
        send(w, {"kind": "bot"})
        assert w.error == ""
    assert w.status["is_over"] and w.status["outcome"]["winners"]
    assert w.legal_entries() == [] and len(w.view["scores"]) == 2
    assert w.status["outcome"]["scores"] == [s["total"] for s in w.view["scores"]]
    assert {label.split(":")[0] for label in w.history} == {"Purple", "Orange"}
    send(w, {"kind": "bot"})
    assert "nothing to play" in w.error


def test_new_game_keeps_the_options_and_resends_the_landscape():
    w = biotopes.new_game(players=3, seed=2, board="ant").widget()
    tiles = w.drawing["static_view"]["tiles"]
    send(w, {"kind": "act", "id": 0})
    send(w, {"kind": "new_game", "seed": 9})
    assert w.error == "" and w.history == [] and w.status["phase"] == "redraw"
    assert w.drawing["static_view"]["board"] == "ant" and len(w.view["ecosystems"]) == 3
    assert w.drawing["static_view"]["tiles"] != tiles  # another landscape, sent again


def test_landscape_construction_keeps_the_tiles_in_the_view():
    w = biotopes.new_game(players=2, seed=1, construction=True).widget()
    assert "tiles" in w.view and "tiles" not in w.drawing["static_view"]
    assert w.status["phase"] == "tiles"
    send(w, {"kind": "act", "id": 0})
    assert w.error == "" and w.status["phase"] == "orient"
    send(w, {"kind": "act", "id": 0})
    assert w.error == "" and len(w.view["tiles"]) == 1 and w.view["landscape"]


def test_a_game_plays_in_its_widget():
    game = biotopes.new_game(players=2, seed=1)
    assert game.widget().game is game
    assert isinstance(game.widget(bots={1: "biotopes-greedy"}), Widget)
    assert biotopes.Widget is Widget
