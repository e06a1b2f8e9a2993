"""Issue 21 §6: the widget's state defects (seats in the set-up, undo at the start, Step on a
person's turn, deeply nested messages)."""

import pytest

from ecogames import toritori
from ecogames.widget import MAX_MESSAGE_DEPTH, GameWidget
from tests.support.messages import send, snapshot
from tests.support.pond import Pond


@pytest.fixture
def widget():
    return GameWidget(Pond.new_game(players=2, seed=4))


def test_a_seat_message_updates_the_setup_forms_seats():
    w = toritori.new_game(players=2, seed=3).widget()
    send(w, {"kind": "seat", "player": 1, "bot": "random"})
    assert w.bots == {"1": "random"}
    assert w.setup["current"]["seats"] == {"0": "", "1": "random"}
    send(w, {"kind": "seat", "player": 1, "bot": ""})
    assert w.bots == {} and w.setup["current"]["seats"] == {"0": "", "1": ""}


def test_the_new_game_form_keeps_a_seated_bot(widget):
    send(widget, {"kind": "seat", "player": 1, "bot": "random"})
    seats = widget.setup["current"]["seats"]
    send(widget, {"kind": "new_game", "seats": seats})  # what the form's Start sends
    assert widget.bots == {"1": "random"} and widget.error == ""


def test_undo_clicks_after_the_start_are_dropped_quietly(widget):
    send(widget, {"kind": "act", "id": 0})
    for _ in range(25):  # one undo that counts, then clicks that arrive too late
        send(widget, {"kind": "undo"})
    assert widget.history == [] and widget.error == ""
    before = snapshot(widget)
    send(widget, {"kind": "undo"})
    assert snapshot(widget) == before and widget.error == ""


def test_a_late_undo_leaves_an_earlier_error_as_it_was(widget):
    send(widget, {"kind": "step", "index": 99})
    shown = widget.error
    send(widget, {"kind": "undo"})
    assert widget.error == shown != ""


def test_step_on_a_persons_turn_plays_nothing(widget):
    before = snapshot(widget)
    send(widget, {"kind": "bot"})
    assert snapshot(widget) == before and widget.error == "" and widget.history == []
    send(widget, {"kind": "seat", "player": 0, "bot": "random"})
    send(widget, {"kind": "bot"})
    assert widget.history == ["Player 1: Roll the die"] and widget.timeline[0]["bot"] == "random"


@pytest.mark.parametrize("depth", [MAX_MESSAGE_DEPTH + 1, 5000, 100_000])
def test_a_deeply_nested_message_is_refused_as_malformed(widget, depth):
    nested: object = {"type": "roll"}
    for _ in range(depth):
        nested = {"a": nested}
    for content in ({"kind": "act", "action": nested}, {"kind": "act", "action": [nested]}):
        before = snapshot(widget)
        send(widget, content)
        assert widget.error.startswith("message nested too deeply"), widget.error
        assert "internal error" not in widget.error and snapshot(widget) == before


def test_a_message_nested_within_the_limit_is_read(widget):
    nested: object = 1
    for _ in range(MAX_MESSAGE_DEPTH - 3):
        nested = [nested]
    send(widget, {"kind": "act", "action": {"type": "roll", "x": nested}})
    assert "unknown fields" in widget.error
