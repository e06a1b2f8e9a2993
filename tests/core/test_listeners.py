"""Game.add_listener: told after every apply and undo, never by push; held weakly."""

import gc

import pytest

from ecogames.core.errors import IllegalAction
from ecogames.core.game import _LISTENERS, Change
from tests.support.pond import Pond


class Ear:
    def __init__(self):
        self.heard = []

    def __call__(self, game, change):
        self.heard.append(change)

    def hear(self, game, change):
        self.heard.append(change)


def test_apply_and_undo_are_told_push_is_not():
    game, ear = Pond.new_game(players=2, seed=1), Ear()
    game.add_listener(ear.hear)
    cascade = game.apply(game.legal_actions()[0])
    assert ear.heard == [Change("act", 1, cascade, 0)]
    game.push(game.legal_actions()[0])
    assert len(ear.heard) == 1
    game.undo(2)
    assert ear.heard[-1] == Change("undo", 0)
    game.remove_listener(ear.hear)
    game.apply(game.legal_actions()[0])
    assert len(ear.heard) == 2 and id(game) not in _LISTENERS


def test_an_illegal_action_tells_nobody():
    game, ear = Pond.new_game(players=2, seed=1), Ear()
    game.add_listener(ear.hear)
    with pytest.raises(IllegalAction):
        game.apply({"type": "pass"})  # it is the roll phase
    assert ear.heard == []


def test_listeners_are_held_weakly_and_a_failing_one_does_not_stop_the_others(caplog):
    game, kept = Pond.new_game(players=2, seed=1), Ear()

    def broken(_game, _change):
        raise RuntimeError("a broken view")

    game.add_listener(broken)
    game.add_listener(kept.hear)
    gone = Ear()
    game.add_listener(gone.hear)
    del gone
    gc.collect()
    game.apply(game.legal_actions()[0])
    assert len(kept.heard) == 1 and "a broken view" in caplog.text
    assert len(_LISTENERS[id(game)]) == 2  # the dead one was dropped


def test_a_clone_hears_nothing_and_tells_nobody():
    game, ear = Pond.new_game(players=2, seed=1), Ear()
    game.add_listener(ear.hear)
    twin = game.clone()
    twin.apply(twin.legal_actions()[0])
    assert ear.heard == [] and id(twin) not in _LISTENERS
