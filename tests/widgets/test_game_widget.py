"""The widget's Python side: messages in, traits out, bad messages refused."""

import pytest

from ecogames.widget import MAX_MESSAGE_BYTES, GameWidget
from tests.support.messages import send, snapshot, update
from tests.support.pond import Pond, Roll


@pytest.fixture
def widget():
    return GameWidget(Pond.new_game(players=2, seed=4))


def test_initial_traits(widget):
    assert widget.game_id == "pond" and widget.title == "Pond"
    assert widget.status["current_player"] == 0 and widget.status["phase"] == "roll"
    assert widget.legal == [["Roll the die", {"type": "roll"}]]
    assert widget.legal_entries() == [{"id": 0, "label": "Roll the die",
                                       "action": {"type": "roll"}}]
    assert {n["id"] for n in widget.food_web["nodes"]} == {"algae", "snail", "fish"}
    assert {(e["source"], e["target"]) for e in widget.food_web["edges"]} == {
        ("algae", "snail"), ("snail", "fish")}
    algae = next(n for n in widget.food_web["nodes"] if n["id"] == "algae")
    fish = next(n for n in widget.food_web["nodes"] if n["id"] == "fish")
    assert algae["level"] == 1 and fish["level"] == 3 and algae["y"] > fish["y"]
    assert widget.cascade == {} and widget.step == -1 and widget.error == ""


def test_act_by_json_and_by_id(widget):
    send(widget, {"kind": "act", "action": {"type": "roll"}})
    assert widget.error == ""
    assert widget.history == ["Player 1: Roll the die"]
    events = widget.cascade["events"]
    assert events[0]["text"].startswith("The die shows")
    assert len(widget.cascade["patches"]) == len(events)
    assert widget.event_log == [e["text"] for e in events]
    send(widget, {"kind": "act", "id": len(widget.legal_entries()) - 1})
    assert widget.error == "" and len(widget.history) == 2


def test_view_shows_the_current_players_secret_only(widget):
    goals = widget.view["goals"]
    assert goals[0] is not None and goals[1] is None


def test_step_through_the_cascade(widget):
    send(widget, {"kind": "act", "action": {"type": "roll"}})
    send(widget, {"kind": "step", "index": 0})
    assert widget.step == 0
    send(widget, {"kind": "step", "index": 99})
    assert widget.step == 0 and "no step 99" in widget.error
    send(widget, {"kind": "step", "index": -1})
    assert widget.step == -1 and widget.error == ""


def test_undo_and_time_travel(widget):
    for _ in range(3):
        if widget.game.is_over:
            break
        send(widget, {"kind": "act", "id": 0})
    played = len(widget.history)
    send(widget, {"kind": "undo"})
    assert len(widget.history) == played - 1 and widget.game.history == widget.game.history
    send(widget, {"kind": "undo", "to": 0})
    assert widget.history == [] and widget.event_log == [] and widget.status["turn"] == 0
    send(widget, {"kind": "undo"})  # a click that arrived after the start: dropped quietly
    assert widget.error == "" and widget.history == []
    send(widget, {"kind": "undo", "to": 3})
    assert "no step 3 to return to" in widget.error


def test_bot_seat_and_bot_move(widget):
    send(widget, {"kind": "seat", "player": 0, "bot": "random"})
    assert widget.bots == {"0": "random"}
    send(widget, {"kind": "bot"})
    assert widget.error == "" and len(widget.history) == 1
    send(widget, {"kind": "seat", "player": 0, "bot": ""})
    assert widget.bots == {}
    send(widget, {"kind": "seat", "player": 5, "bot": "random"})
    assert "no seat 5" in widget.error
    send(widget, {"kind": "seat", "player": 0, "bot": "genius"})
    assert "no bot called 'genius'" in widget.error


def test_new_game_keeps_players_and_options(widget):
    send(widget, {"kind": "act", "id": 0})
    send(widget, {"kind": "new_game", "seed": 9})
    assert widget.history == [] and widget.game.players == 2
    assert widget.game == Pond.new_game(players=2, seed=9)


@pytest.mark.parametrize(("content", "words"), [
    ("roll", "must be an object"),
    ([1, 2], "must be an object"),
    (None, "must be an object"),
    ({}, "unknown message kind None"),
    ({"kind": "dance"}, "unknown message kind 'dance'"),
    ({"kind": 7}, "unknown message kind 7"),
    ({"kind": "act"}, "needs either 'action' or 'id'"),
    ({"kind": "act", "action": {"type": "roll"}, "id": 0}, "needs either"),
    ({"kind": "act", "action": "roll"}, "field 'action' must be dict"),
    ({"kind": "act", "action": {"type": "teleport"}}, "unknown action type 'teleport'"),
    ({"kind": "act", "action": {"type": "release", "species": "fish"}}, "not allowed in the roll"),
    ({"kind": "act", "action": {"type": "release", "species": 3}}, "release.species"),
    ({"kind": "act", "action": {"type": "roll", "extra": 1}}, "unknown fields"),
    ({"kind": "act", "id": 5}, "no legal action number 5"),
    ({"kind": "act", "id": -1}, "no legal action number -1"),
    ({"kind": "act", "id": True}, "field 'id' must be int"),
    ({"kind": "act", "id": "0"}, "field 'id' must be int"),
    ({"kind": "undo", "to": "first"}, "field 'to' must be int"),
    ({"kind": "step"}, "needs the field"),
    ({"kind": "seat", "player": 1}, "needs the field"),
    ({"kind": "bot", "now": True}, "unknown field 'now'"),
    ({"kind": "act", "action": {"type": "release", "species": "x" * MAX_MESSAGE_BYTES}},
     "too large"),
])
def test_malformed_messages_get_a_clear_error_and_change_nothing(widget, content, words):
    before = snapshot(widget)
    send(widget, content)
    assert words in widget.error
    assert snapshot(widget) == before


def test_an_internal_error_is_reported_not_raised(widget, monkeypatch):
    monkeypatch.setattr(Pond, "_roll", lambda self, log: 1 / 0)
    before = widget.game.to_json()
    send(widget, {"kind": "act", "id": 0})
    assert "internal error (ZeroDivisionError)" in widget.error
    assert widget.game.to_json() == before


def test_a_good_message_clears_the_error(widget):
    send(widget, {"kind": "dance"})
    assert widget.error
    send(widget, {"kind": "act", "id": 0})
    assert widget.error == ""


def test_unknown_constructor_arguments_are_refused():
    with pytest.raises(TypeError, match="unexpected arguments \\['colour'\\]"):
        GameWidget(Pond.new_game(players=2, seed=1), colour="red")
    with pytest.raises(TypeError, match="needs a Game"):
        GameWidget("pond")


def test_python_api_raises_for_people_at_the_keyboard(widget):
    from ecogames.core import IllegalAction

    with pytest.raises(IllegalAction):
        widget.act({"type": "pass"})
    widget.act(Roll())
    assert widget.history == ["Player 1: Roll the die"]


def test_cascade_steps_are_sent_as_patches_that_rebuild_every_view(widget):
    from ecogames.core.patch import apply_patch

    twin = widget.game.clone()
    expected = twin.apply(Roll(), views=True, perspective=0).views
    widget.act(Roll())
    assert "views" not in widget.cascade
    later, rebuilt = widget.view, []
    for patch in reversed(widget.cascade["patches"]):
        later = apply_patch(later, patch)
        rebuilt.append(later)
    assert rebuilt[::-1] == list(expected)


def test_a_game_without_a_widget_module_plays_in_the_generic_widget():
    widget = Pond.new_game(players=2, seed=1).widget(bots={1: "random"})
    # (traitlets gives each widget a subclass of its own for the _esm/_css traits)
    assert widget.bundle == "generic" and widget.bots == {"1": "random"}


def test_a_game_package_widget_is_found_by_convention():
    from ecogames import toritori
    from ecogames.games.toritori.widget import Widget

    widget = toritori.new_game(players=2, seed=1).widget()
    assert isinstance(widget, Widget) and widget.bundle == "toritori"
    assert toritori.Widget is Widget


def test_a_bots_moves_are_not_offered_to_the_browser(widget):
    send(widget, {"kind": "seat", "player": 0, "bot": "random"})
    assert widget.game.current_player == 0 and widget.legal_entries() == []
    send(widget, {"kind": "act", "id": 0})
    assert "a bot plays that seat" in widget.error and widget.history == []
    send(widget, {"kind": "bot"})
    assert widget.error == "" and len(widget.history) == 1


# -- item 11: a seat takes only a bot that can play the game ----------------------------------

def test_a_seat_refuses_a_bot_of_another_game_and_changes_nothing():
    import ecogames.games.biotopes  # noqa: F401  (registers "biotopes-greedy")
    from ecogames import toritori

    widget = toritori.new_game(players=2, seed=1).widget()
    assert "biotopes-greedy" not in widget.bot_names
    before = snapshot(widget)
    send(widget, {"kind": "seat", "player": 1, "bot": "biotopes-greedy"})
    assert "'biotopes-greedy' plays biotopes, not toritori" in widget.error
    assert "toritori-heuristic" in widget.error  # says which bots can
    assert snapshot(widget) == before and widget._bot_players == {}


def test_the_generic_widget_refuses_a_game_packages_bot(widget):
    import ecogames.games.toritori  # noqa: F401

    before = snapshot(widget)
    send(widget, {"kind": "seat", "player": 0, "bot": "toritori-heuristic"})
    assert "plays toritori, not pond" in widget.error
    assert snapshot(widget) == before


def test_the_constructor_refuses_a_bot_of_another_game():
    import ecogames.games.biotopes  # noqa: F401
    from ecogames import toritori

    with pytest.raises(ValueError, match="'biotopes-greedy' plays biotopes, not toritori"):
        toritori.new_game(players=2, seed=1).widget(bots={1: "biotopes-greedy"})
    with pytest.raises(ValueError, match="no bot called 'genius'"):
        GameWidget(Pond.new_game(players=2, seed=1), bots={1: "genius"})


@pytest.mark.parametrize(("bots", "words"), [
    ({True: "random"}, "no seat True"),
    ({"1": "random"}, "no seat '1'"),
    ({1: 3}, "a bot's name is a string"),
    ([(1, "random")], "bots must map seats to bot names"),
])
def test_the_constructor_refuses_malformed_bot_seats(bots, words):
    with pytest.raises((TypeError, ValueError), match=words):
        GameWidget(Pond.new_game(players=2, seed=1), bots=bots)


def test_a_seat_given_to_a_bool_is_refused(widget):
    before = snapshot(widget)
    widget_seat_true = {"kind": "seat", "player": True, "bot": "random"}
    send(widget, widget_seat_true)
    assert "must be int" in widget.error and snapshot(widget) == before
    with pytest.raises(ValueError, match="no seat True"):
        widget.set_bot(True, "random")


# -- item 12: the front end cannot write what Python owns -------------------------------------

OWNED = ["game_id", "title", "view", "status", "legal", "cascade", "food_web",
         "error", "bots", "bot_names", "drawing", "series", "setup", "_esm", "_css"]

FORGED = {"game_id": "chess", "title": "Chess", "view": {"goals": ["fish", "fish"]},
          "status": {"is_over": True}, "legal": [{"id": 0, "label": "Win",
                                                   "action": {"type": "win"}}],
          "cascade": {"events": []}, "food_web": {}, "error": "forged",
          "series": {"steps": [0]}, "setup": {"players": {"low": 9}}, "bots": {"1": "random"},
          "bot_names": ["genius"], "drawing": {"static_view": {}}, "_esm": "alert(1)",
          "_css": "body{}"}


def test_every_synced_trait_is_owned_by_python():
    synced = set(GameWidget(Pond.new_game(players=2, seed=1)).keys)
    assert set(OWNED) <= synced


def test_the_shown_step_is_the_browsers_and_python_only_records_it(widget):
    """One owner (docs/widget-protocol.md): no trait holds the step, so Python cannot move
    the browser's; the ``step`` message tells Python, a new cascade starts at its end."""
    assert "step" not in widget.keys
    widget.act_by_id(0)
    send(widget, {"kind": "step", "index": 0})
    assert widget.step == 0
    with pytest.raises(AttributeError):
        widget.step = 1  # type: ignore[misc]
    widget.act_by_id(0)
    assert widget.step == -1


@pytest.mark.parametrize("name", OWNED)
def test_a_browser_update_of_an_owned_trait_is_refused_and_reported(widget, name):
    before = snapshot(widget)
    esm = widget._esm
    update(widget, {name: FORGED[name]})
    assert snapshot(widget) == before and widget._esm == esm
    assert f"cannot change {name}" in widget.error and "Python" in widget.error


def test_a_forged_bots_entry_does_not_survive_moves_and_seat_changes(widget):
    update(widget, {"bots": {"1": "random"}, "legal": []})
    assert widget.bots == {} and widget._bot_players == {}
    assert "cannot change bots, legal" in widget.error
    send(widget, {"kind": "act", "id": 0})
    assert widget.error == "" and len(widget.history) == 1
    send(widget, {"kind": "seat", "player": 0, "bot": "random"})
    assert widget.bots == {"0": "random"}


def test_the_browser_is_sent_back_the_true_value_of_a_refused_trait(widget, monkeypatch):
    sent = []
    monkeypatch.setattr(widget, "_send", lambda msg, buffers=None: sent.append(msg))
    update(widget, {"bots": {"1": "random"}})
    states = [m["state"] for m in sent if m.get("method") == "update"]
    assert any(s.get("bots") == {} for s in states)
    assert any("cannot change bots" in s.get("error", "") for s in states)


@pytest.mark.parametrize("msg", [
    {"content": {"data": {"method": "update", "state": "bots"}}, "buffers": []},
    {"content": {"data": {"method": "update", "state": {"bots": {}},
                          "buffer_paths": [["bots", "x"]]}}, "buffers": []},
    {"content": {"data": {}}, "buffers": []},
    {"content": None},
    {"content": {"data": {"method": "dance"}}, "buffers": []},
    {"content": {"data": {"method": ["update"]}}, "buffers": []},
])
def test_a_malformed_comm_message_is_reported_not_raised(widget, msg):
    before = snapshot(widget)
    widget._handle_msg(msg)
    assert widget.error and snapshot(widget) == before


def test_custom_messages_still_work_after_a_refused_update(widget):
    update(widget, {"step": 0})
    assert widget.error
    send(widget, {"kind": "act", "action": {"type": "roll"}})
    assert widget.error == "" and widget.history == ["Player 1: Roll the die"]
    send(widget, {"kind": "step", "index": 0})
    assert widget.step == 0
