"""The Tori widget's Python side: messages in, traits out, bad messages refused."""

import pytest

from ecogames.bots import BOTS
from ecogames.games import tori
from ecogames.games.tori.widget import Widget
from tests.support.messages import legal_id, send, snapshot


def play_until(w, predicate, limit=2000):
    """Bot moves (through the message) until ``predicate(w)`` holds."""
    for _ in range(limit):
        if predicate(w):
            return w
        send(w, {"kind": "bot"})
        assert w.error == ""
    raise AssertionError("the situation was not reached")


@pytest.fixture
def widget():
    return tori.new_game(players=2, seed=5).widget(bots={1: "tori-greedy"})


def test_initial_traits(widget):
    assert isinstance(widget, Widget) and widget.bundle == "tori"
    assert widget.game_id == "tori" and widget.title == "Tori"
    assert widget.status["players"] == ["Helsinki (player 1)", "Turku (player 2)"]
    assert widget.status["current_player"] == 0 and widget.status["phase"] == "turn"
    assert widget.bots == {"1": "tori-greedy"}
    # only the bots that play Tori (or any game)
    assert {"random", "tori-greedy"} <= set(widget.bot_names)
    assert not any(name.startswith(("toritori-", "tulikko-", "biotopes-", "wildlifeweb-"))
                   for name in widget.bot_names)
    assert widget.food_web == {} and widget.cascade == {} and widget.error == ""
    assert widget.view == widget.game.view(0)
    assert {a["action"]["type"] for a in widget.legal_entries()} == {"draw_face_up", "draw_pile",
                                                            "refresh"}


def test_layout_holds_the_static_board(widget):
    layout = widget.drawing
    assert layout["rows"] == 11 and layout["cols"] == 12
    assert len(layout["terrain"]) == 11 and all(len(r) == 12 for r in layout["terrain"])
    assert layout["terrain"][8] == "q" * 12 and layout["terrain"][9] == "m" * 12
    assert layout["terrain"][10] == "w" * 12
    assert [layout["terrain"][r][c] for r, c in layout["information_points"]] == ["i"] * 3
    assert layout["zones"][0] == "111122223333" and layout["zones"][10] == "777788889999"
    assert [g["id"] for g in layout["goods"]] == ["vegetables", "flowers", "ice_cream", "fish",
                                                   "lemonade", "souvenirs"]
    assert layout["coats_of_arms"] == ["Helsinki", "Turku"]
    assert layout["bonus_tiles"] == 6 and layout["versatility_goods"] == 6
    assert layout.get("static_view", {}) == {}  # every part of Tori's view can change


def test_widget_of_a_game_and_its_arguments():
    game = tori.new_game(players=3, seed=1)
    w = game.widget()
    assert w.game is game and w.drawing["coats_of_arms"] == ["Helsinki", "Turku", "Tampere"]
    assert tori.Widget is Widget


def test_act_by_id_and_by_json(widget):
    send(widget, {"kind": "act", "id": legal_id(widget, type="draw_pile")})
    assert widget.error == ""
    assert widget.history == ["Helsinki (player 1): Draw two build cards from the pile"]
    assert widget.cascade["label"] == widget.history[0]
    events = widget.cascade["events"]
    assert [e["kind"] for e in events] == ["draw", "turn"]
    assert events[0]["touched"]["places"] == ["pile"]
    assert len(widget.cascade["patches"]) == len(events)
    assert widget.status["current_player"] == 1 and widget.view["active"] == 1
    assert widget.legal_entries() == []  # Turku's moves are its bot's: the browser is offered none
    send(widget, {"kind": "seat", "player": 1, "bot": ""})  # a person takes Turku's seat
    first, second = sorted(widget.view["display"])[:2]
    send(widget, {"kind": "act", "action": {"type": "draw_face_up", "first": first,
                                            "second": second}})
    assert widget.error == "" and len(widget.history) == 2
    assert widget.event_log[-1] == "Helsinki (player 1)'s turn"


def test_the_view_shows_the_persons_hand_never_the_bots(widget):
    send(widget, {"kind": "act", "id": legal_id(widget, type="draw_pile")})
    assert widget.game.current_player == 1  # the bot's turn: the person still sees their own
    players = widget.view["players"]
    assert len(players[0]["build"]) == 2 and players[0]["goods"] is not None
    assert players[1]["build"] is None and players[1]["goods"] is None
    assert players[1]["area_bonus"] is None and players[0]["area_bonus"] is not None
    send(widget, {"kind": "seat", "player": 1, "bot": ""})  # two people: the seat on turn's
    players = widget.view["players"]
    assert players[1]["build"] == [] and players[0]["build"] is None


def test_a_bot_seat_plays_with_the_bot_message(widget):
    send(widget, {"kind": "act", "id": legal_id(widget, type="draw_pile")})
    send(widget, {"kind": "bot"})
    assert widget.error == "" and len(widget.history) == 2
    assert widget.history[1].startswith("Turku (player 2): ")
    send(widget, {"kind": "seat", "player": 0, "bot": "tori-greedy"})
    assert widget.bots == {"0": "tori-greedy", "1": "tori-greedy"}
    send(widget, {"kind": "seat", "player": 0, "bot": ""})
    assert widget.bots == {"1": "tori-greedy"}


def test_a_customer_walks_step_by_step():
    w = tori.new_game(players=2, seed=5).widget(bots={0: "tori-greedy", 1: "tori-greedy"})
    play_until(w, lambda w: any(a.type == "take_customer" for a in w.game.legal_actions()))
    send(w, {"kind": "seat", "player": w.game.current_player, "bot": ""})  # a person's move
    good = next(a["action"]["good"] for a in w.legal_entries()
                if a["action"]["type"] == "take_customer")
    before = w.view["customers"][good]
    send(w, {"kind": "act", "id": legal_id(w, type="take_customer", good=good)})
    assert w.error == ""
    events = w.cascade["events"]
    walk = next(e for e in events if e["kind"] == "customer")
    assert walk["touched"]["cells"][0] == before and walk["touched"]["customers"] == [good]
    swap = events[walk["index"] + 1]
    assert swap["kind"] == "swap" and swap["cause"] == walk["index"]
    send(w, {"kind": "step", "index": walk["index"]})
    assert w.step == walk["index"] and w.error == ""
    send(w, {"kind": "step", "index": len(events)})
    assert w.step == walk["index"] and "no step" in w.error


def test_the_hand_limit_is_a_decision_in_the_widget():
    w = tori.new_game(players=2, seed=5).widget(bots={0: "tori-greedy", 1: "tori-greedy"})
    play_until(w, lambda w: w.status["phase"] == "discard")
    send(w, {"kind": "seat", "player": w.game.current_player, "bot": ""})  # a person decides
    assert w.view["must_discard"] >= 1
    assert {a["action"]["type"] for a in w.legal_entries()} <= {"discard_build", "discard_goods"}
    player = w.status["current_player"]
    size = w.view["players"][player]["hand_size"]
    before = snapshot(w)
    send(w, {"kind": "act", "action": {"type": "draw_pile"}})
    assert "must discard down to 8 cards" in w.error
    assert snapshot(w) == before
    send(w, {"kind": "act", "id": 0})
    assert w.error == ""
    assert w.game.hand_size(player) == size - 1


@pytest.mark.parametrize("content, words", [
    ("act", "must be an object"),
    ({"kind": "act"}, "either 'action' or 'id'"),
    ({"kind": "act", "id": 999}, "no legal action number 999"),
    ({"kind": "act", "id": "0"}, "must be int"),
    ({"kind": "act", "action": {"type": "build", "good": "vegetables", "row": "3", "col": 3,
                                "facing": "N"}}, "row"),
    ({"kind": "act", "action": {"type": "build", "good": "bananas", "row": 3, "col": 3,
                                "facing": "N"}}, "good"),
    ({"kind": "act", "action": {"type": "build", "good": "vegetables", "row": 3, "col": 3,
                                "facing": "N"}}, "you need a build card 4"),
    ({"kind": "act", "action": {"type": "discard_build", "zone": 1}},
     "must choose one of the five options"),
    ({"kind": "act", "action": {"type": "draw_face_up", "first": 9, "second": 9,
                                "extra": 1}}, "extra"),
    ({"kind": "teleport"}, "unknown message kind"),
    ({"kind": "undo", "to": 5}, "no step 5 to return to"),
    ({"kind": "act", "id": 0, "padding": "x"}, "unknown field"),
    ({"kind": "act", "id": 0, "padding": "x" * 70_000}, "too large"),
])
def test_a_bad_message_is_refused_and_changes_nothing(widget, content, words):
    before = snapshot(widget)
    send(widget, content)
    assert words in widget.error
    assert snapshot(widget) == before


def test_undo_and_new_game(widget):
    send(widget, {"kind": "act", "id": legal_id(widget, type="draw_pile")})
    send(widget, {"kind": "bot"})
    send(widget, {"kind": "undo", "to": 1})
    assert widget.history == ["Helsinki (player 1): Draw two build cards from the pile"]
    assert widget.error == ""
    send(widget, {"kind": "new_game", "seed": 9})
    assert widget.history == [] and widget.game.players == 2 and widget.error == ""
    assert widget.drawing["rows"] == 11


def test_greedy_bots_finish_games():
    """The bot the notebook plays against makes games end (random play would not)."""
    assert "tori-greedy" in BOTS
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        game = tori.new_game(players=players, seed=seed)
        from ecogames.bots import make_bot, play

        outcome = play(game, [make_bot("tori-greedy", seed + p) for p in range(players)],
                       max_actions=3000)
        assert outcome.reason and game.is_over and len(outcome.scores) == players
