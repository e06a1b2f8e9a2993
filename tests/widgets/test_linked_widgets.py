"""One game, many widgets: seat screens, an onlooker's screen, and the hot-seat widget stay in
sync, whoever acts (a widget or Python), and a seat's screen sees and plays only its seat."""

import gc

import pytest

from ecogames.core.game import _LISTENERS
from ecogames.core.patch import apply_patch
from ecogames.widget import HOT_SEAT, SEAT_SCREEN_CLASS, GameWidget
from tests.support.messages import send, snapshot
from tests.support.pond import Pond


@pytest.fixture
def table():
    game = Pond.new_game(players=2, seed=4)
    return game, {"hot": GameWidget(game), 0: GameWidget(game, seat=0),
                  1: GameWidget(game, seat=1), None: GameWidget(game, seat=None)}


def shared(widget):
    """What every screen of one game agrees on."""
    return (widget.status, widget.history, widget.series, widget.food_web,
            [e["text"] for e in widget.cascade.get("events", [])])


def test_seat_screens_show_only_their_seat(table):
    game, screens = table
    assert screens[0].view["goals"] == [game.goals[0], None]
    assert screens[1].view["goals"] == [None, game.goals[1]]
    assert screens[None].view["goals"] == [None, None]
    assert screens[0].seat == 0 and screens["hot"].seat == HOT_SEAT


def test_an_action_in_one_screen_updates_every_other(table):
    game, screens = table
    send(screens[0], {"kind": "act", "action": {"type": "roll"}})
    assert screens[0].error == ""
    first = shared(screens[0])
    assert first[1] == ["Player 1: Roll the die"]
    for screen in screens.values():
        assert shared(screen) == first
    # Python's game.apply is told to every screen too
    game.apply(game.legal_actions()[0])
    for screen in screens.values():
        assert len(screen.history) == 2 and shared(screen) == shared(screens["hot"])


def test_undo_in_the_hot_seat_widget_reaches_every_screen(table):
    game, screens = table
    send(screens[0], {"kind": "act", "action": {"type": "roll"}})
    game.apply(game.legal_actions()[0])
    send(screens["hot"], {"kind": "undo", "to": 1})
    assert screens["hot"].error == ""
    for screen in screens.values():
        assert len(screen.history) == 1 and screen.status["turn"] == 1
        assert shared(screen) == shared(screens["hot"])


def test_a_seat_screen_refuses_another_seats_turn(table):
    game, screens = table
    before = snapshot(screens[1])
    send(screens[1], {"kind": "act", "action": {"type": "roll"}})
    assert "this screen plays Player 2" in screens[1].error and "wait for yours" in \
        screens[1].error
    assert snapshot(screens[1]) == before and game.history == ()
    assert screens[1].legal == [] and screens[None].legal == [] and screens[0].legal
    send(screens[None], {"kind": "act", "id": 0})
    assert "only watches" in screens[None].error and game.history == ()


@pytest.mark.parametrize("kind", ["undo", "bot", "new_game", "hint", "seat"])
def test_a_seat_screen_cannot_run_the_table(table, kind):
    game, screens = table
    message = {"kind": kind, **({"player": 1, "bot": "random"} if kind == "seat" else {})}
    before = snapshot(screens[0])
    send(screens[0], message)
    assert f"cannot send {kind!r}" in screens[0].error
    assert snapshot(screens[0]) == before and game.history == ()


def test_seat_and_bots_are_checked():
    game = Pond.new_game(players=2, seed=1)
    with pytest.raises(ValueError, match="seat= is one of the game's seats"):
        GameWidget(game, seat=2)
    with pytest.raises(ValueError, match="seat="):
        GameWidget(game, seat=True)
    with pytest.raises(TypeError, match="bots= is for the hot-seat widget"):
        GameWidget(game, seat=0, bots={1: "random"})
    assert game.widget(seat=1).seat == 1


def cascade_views(widget):
    """The views after each step of the widget's cascade, as the browser rebuilds them."""
    views, later = [], widget.view
    for patch in reversed(widget.cascade.get("patches", [])):
        later = apply_patch(later, patch)
        views.append(later)
    return views


def test_no_screen_ever_receives_another_seats_secret():
    """A whole game played from both seat screens: every view a screen holds, and every
    step of every cascade, is its own seat's view (the onlooker's: the public view)."""
    game = Pond.new_game(players=2, seed=11, rounds=4)
    screens = {s: GameWidget(game, seat=s) for s in (0, 1, None)}
    while not game.is_over:
        seat = game.current_player
        send(screens[seat], {"kind": "act", "id": len(screens[seat].legal) - 1})
        assert screens[seat].error == ""
        for s, screen in screens.items():
            assert screen.view == game.view(s)
            shown = {g for v in [screen.view, *cascade_views(screen)] for g in v["goals"]}
            assert shown - {None} <= ({game.goals[s]} if s is not None else set())
            assert (screen.legal != []) == (s == game.current_player and not game.is_over)


def test_a_widget_that_is_gone_stops_listening():
    game = Pond.new_game(players=2, seed=3)
    screen = GameWidget(game, seat=0)
    assert id(game) in _LISTENERS
    screen.close()
    del screen
    gc.collect()
    game.apply(game.legal_actions()[0])  # nobody left to tell: nothing fails
    assert id(game) not in _LISTENERS


def test_clones_and_replays_tell_nobody(table):
    game, screens = table
    twin = game.clone()
    twin.apply(twin.legal_actions()[0])
    twin.push(twin.legal_actions()[0])
    assert all(screen.history == [] for screen in screens.values())
    assert id(twin) not in _LISTENERS


def test_a_push_behind_the_screens_back_is_caught_up_at_the_next_apply(table):
    game, screens = table
    game.push(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    for screen in screens.values():
        assert len(screen.history) == 2 and screen.status["turn"] == 2


def test_follow_shows_a_new_game(table):
    game, screens = table
    send(screens[0], {"kind": "act", "action": {"type": "roll"}})
    fresh = Pond.new_game(players=2, seed=99)
    for screen in screens.values():
        screen.follow(fresh)
    assert all(screen.history == [] for screen in screens.values())
    game.apply(game.legal_actions()[0])  # the old game tells nobody now
    fresh.apply(fresh.legal_actions()[0])
    assert all(len(screen.history) == 1 for screen in screens.values())
    assert screens[1].view["goals"] == [None, fresh.goals[1]]


def test_a_seat_screen_hides_the_tables_controls_and_only_its_own():
    game = Pond.new_game(players=2, seed=1)
    seat, table = GameWidget(game, seat=0), GameWidget(game)
    assert SEAT_SCREEN_CLASS in seat._dom_classes and SEAT_SCREEN_CLASS not in table._dom_classes
    assert ".ecogames-seat-screen .eg-buttons" in seat._css
    assert SEAT_SCREEN_CLASS not in table._css
