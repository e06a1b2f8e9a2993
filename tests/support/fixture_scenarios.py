"""The situations each widget is exported in for the JS tests (see fixtures.py)."""

from __future__ import annotations

from ecogames.core.widget import GameWidget
from tests.support.fixtures import scenario
from tests.support.pond import Pond, Roll


@scenario("pond-start")
def pond_start() -> GameWidget:
    return GameWidget(Pond.new_game(players=2, seed=3))


@scenario("pond-mid-cascade")
def pond_mid_cascade() -> GameWidget:
    widget = GameWidget(Pond.new_game(players=2, seed=3))
    widget.act(Roll())
    widget.step_to(0)
    return widget


@scenario("pond-decision")
def pond_decision() -> GameWidget:
    state = {**Pond.new_game(players=1, seed=0)._state(),
             "population": {"algae": 4, "snail": 1, "fish": 3}}
    for seed in range(100):
        state["rng"] = seed
        widget = GameWidget(Pond.from_state(state))
        widget.act(Roll())
        if widget.game.phase == "feed":
            return widget
    raise AssertionError("no seed reaches the feeding decision")


@scenario("pond-over")
def pond_over() -> GameWidget:
    from ecogames.bots import RandomBot, play

    game = Pond.new_game(players=2, seed=5, rounds=2)
    play(game, RandomBot(1))
    return GameWidget(game)
