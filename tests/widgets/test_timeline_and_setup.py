"""Issue 12: every action on a timeline (shown, never undone by a look), the live series, the
new-game form checked field by field, and ipywidgets' own `layout` and `log` left alone."""

import ipywidgets
import pytest

from ecogames import toritori
from ecogames.core.series import series
from ecogames.widget import GameWidget
from tests.support.messages import send, snapshot
from tests.support.pond import Pond


def recorded(widget, monkeypatch):
    """The custom messages Python sends the browser, as a list filled while the test runs."""
    sent = []
    original = widget.send

    def keep(content, buffers=None):
        sent.append(content)
        return original(content, buffers)

    monkeypatch.setattr(widget, "send", keep)
    return sent


@pytest.fixture
def pond():
    return GameWidget(Pond.new_game(players=2, seed=4))


def play(widget, moves):
    for _ in range(moves):
        if widget.game.is_over:
            break
        widget.bot_move()  # a random move for a person's seat (the browser's Step is a bot's)
        assert widget.error == ""


# -- section 5: ipywidgets' traits are ipywidgets' ------------------------------------------

def test_layout_is_ipywidgets_layout_and_log_its_logger(pond):
    assert isinstance(pond.layout, ipywidgets.Layout)
    pond.layout.width = "600px"
    assert pond.layout.width == "600px"
    pond.log.warning("the logger ipywidgets uses still works")
    assert "static_view" in pond.drawing or set(pond.drawing) == {"palette"}


# -- section 1: a timeline of every action ---------------------------------------------------

def test_each_action_sends_its_own_timeline_entry_not_the_whole_history(pond, monkeypatch):
    sent = recorded(pond, monkeypatch)
    send(pond, {"kind": "act", "id": 0})
    send(pond, {"kind": "seat", "player": 1, "bot": "random"})
    while pond.game.current_player == 0 and not pond.game.is_over:
        send(pond, {"kind": "act", "id": 0})
    send(pond, {"kind": "bot"})
    history = [m for m in sent if m["kind"] == "history"]
    assert [m["from"] for m in history] == list(range(len(pond.game.history)))
    assert all(len(m["entries"]) == 1 for m in history)
    first, last = history[0]["entries"][0], history[-1]["entries"][0]
    assert first["bot"] == "" and first["label"] == "Player 1: Roll the die"
    assert first["log"] and all(isinstance(t, str) for t in first["log"])
    assert last["bot"] == "random" and last["seat"] == 1
    assert pond.event_log == [t for e in pond.timeline for t in e["log"]]


def test_show_sends_an_old_actions_cascade_and_changes_nothing(monkeypatch):
    w = toritori.new_game(players=2, seed=3).widget(bots={1: "toritori-heuristic"})
    play(w, 12)
    before = snapshot(w)
    sent = recorded(w, monkeypatch)
    send(w, {"kind": "show", "action": 2})
    assert snapshot(w) == before and w.shown == 2 and w.error == ""
    (shown,) = sent
    assert shown["kind"] == "shown" and shown["action"] == 2
    assert shown["cascade"]["label"] == w.history[2] and shown["cascade"]["index"] == 2
    assert len(shown["cascade"]["patches"]) == len(shown["cascade"]["events"])
    # the view is the board right after action 2, as a replay of the first 3 actions has it
    after = w.game.replay(3)
    assert shown["view"] == w._dynamic(after.view(w.viewer()))


def test_show_refuses_an_action_that_was_not_played(pond):
    before = snapshot(pond)
    send(pond, {"kind": "show", "action": 0})
    assert "no action 0 to show" in pond.error and snapshot(pond) == before
    send(pond, {"kind": "show", "action": True})
    assert "must be int" in pond.error


def test_hello_sends_the_whole_timeline_and_keeps_an_error(pond, monkeypatch):
    play(pond, 3)
    pond.error = "an old error"
    sent = recorded(pond, monkeypatch)
    send(pond, {"kind": "hello"})
    assert sent == [{"kind": "history", "from": 0, "entries": pond.timeline}]
    assert pond.error == "an old error"


def test_after_undo_the_cascade_is_the_action_that_led_here(pond):
    play(pond, 3)
    labels = pond.history
    send(pond, {"kind": "undo"})
    assert pond.cascade["label"] == labels[1] and pond.cascade["index"] == 1
    assert pond.cascade["events"] and pond.status["turn"] == 2
    send(pond, {"kind": "undo", "to": 0})
    assert pond.cascade == {} and pond.history == []


def test_a_widget_made_mid_game_has_the_whole_history_and_can_undo():
    game = toritori.new_game(players=2, seed=5)
    from ecogames.bots import make_bot

    bot = make_bot("random", seed=1)
    for _ in range(9):
        game.apply(bot.choose(game, game.legal_actions()))
    w = game.widget()
    assert len(w.history) == 9 and w.status["turn"] == 9
    assert w.cascade["index"] == 8 and w.cascade["events"]
    assert w.history[0].startswith("Player 1: ") or ":" in w.history[0]
    send(w, {"kind": "undo"})
    assert w.error == "" and len(w.history) == 8 and len(w.game.history) == 8


# -- section 3: the live series -----------------------------------------------------------

def test_the_series_trait_is_the_python_series_and_follows_undo():
    w = toritori.new_game(players=2, seed=3).widget(bots={1: "toritori-heuristic"})
    assert w.series["steps"] == [0] and w.series["colours"]
    play(w, 40)
    expected = series(w.game).to_json()
    assert {k: w.series[k] for k in expected} == expected
    assert len(w.series["steps"]) > 1
    assert [e["step"] for e in w.timeline] == sorted(e["step"] for e in w.timeline)
    send(w, {"kind": "undo", "to": 1})
    assert {k: w.series[k] for k in expected} == series(w.game).to_json()


# -- section 4: the new-game form -----------------------------------------------------------

def test_the_setup_trait_is_the_games_form_with_the_game_as_set_up(pond):
    assert pond.setup["players"] == {"low": 1, "high": 4, "default": 2}
    assert [o["name"] for o in pond.setup["options"]] == ["rounds"]
    assert pond.setup["current"] == {"players": 2, "options": {"rounds": 3},
                                     "seats": {"0": "", "1": ""}}


def test_new_game_from_the_form(pond):
    send(pond, {"kind": "new_game", "players": 3, "seed": 11, "options": {"rounds": 5},
                "seats": {"1": "random", "2": "random"}})
    assert pond.error == ""
    assert pond.game.players == 3 and pond.game.rounds == 5
    assert pond.bots == {"1": "random", "2": "random"}
    assert pond.setup["current"]["players"] == 3
    assert Pond.new_game(players=3, seed=11, rounds=5).to_json() == pond.game.to_json()


@pytest.mark.parametrize("fields, says", [
    ({"players": 9}, "is for 1 to 4 players, not 9"),
    ({"players": True}, "must be int"),
    ({"seed": -1}, "a seed is a whole number"),
    ({"options": {"rounds": 0}}, "Rounds (rounds) must be from 1 to 100, not 0"),
    ({"options": {"rounds": "3"}}, "must be from 1 to 100"),
    ({"options": {"speed": 2}}, "has no option 'speed'"),
    ({"seats": {"5": "random"}}, "no seat '5'"),
    ({"seats": {"1": "toritori-heuristic"}}, "plays toritori, not pond"),
    ({"options": []}, "must be dict"),
])
def test_a_bad_field_of_the_form_is_refused_and_changes_nothing(pond, fields, says):
    before = snapshot(pond)
    send(pond, {"kind": "new_game", **fields})
    assert says in pond.error
    assert snapshot(pond) == before


def test_a_four_player_expert_toritori_game_from_the_form():
    w = toritori.new_game(players=2, seed=1).widget()
    if not any(o["name"] == "difficulty" for o in w.setup["options"]):
        pytest.skip("Tori-Tori declares no option_specs yet (the lead adds them)")
    send(w, {"kind": "new_game", "players": 4, "options": {"difficulty": "expert"},
             "seats": {"1": "toritori-heuristic"}})
    assert w.error == "" and w.game.players == 4 and w.game.options["difficulty"] == "expert"
