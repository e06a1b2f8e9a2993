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


# -- Tori-Tori ----------------------------------------------------------------------------


def _toritori_widget(game):
    from ecogames.games.toritori.widget import Widget

    return Widget(game)


def _toritori_until(predicate, seeds=range(200)):
    """A bot-played game stopped at the first state where ``predicate(game)`` holds."""
    from ecogames import toritori
    from ecogames.bots import make_bot

    for seed in seeds:
        game = toritori.new_game(players=2, seed=seed, layout="rulebook")
        bot = make_bot("toritori-heuristic", seed)
        while not game.is_over and not predicate(game):
            game.apply(bot.choose(game, game.legal_actions()))
        if predicate(game):
            return game
    raise AssertionError("no game reached the situation")


@scenario("toritori-start")
def toritori_start() -> GameWidget:
    from ecogames import toritori

    return _toritori_widget(toritori.new_game(players=3, seed=7, layout="rulebook"))


@scenario("toritori-mid-cascade")
def toritori_mid_cascade() -> GameWidget:
    from ecogames import toritori

    widget = _toritori_widget(toritori.new_game(players=2, seed=1, layout="rulebook"))
    widget.act({"type": "roll"})
    widget.step_to(min(2, len(widget.cascade["events"]) - 1))
    return widget


@scenario("toritori-decision")
def toritori_decision() -> GameWidget:
    game = _toritori_until(lambda g: g.view()["decision"] is not None)
    return _toritori_widget(game)


@scenario("toritori-victory")
def toritori_victory() -> GameWidget:
    from tests.games.toritori.scenario import build

    game = build({1: ["TT", "NT"], 4: ["TT", "GP", "NT"], 7: ["TT", "FX", "NT"],
                  10: ["TT", "NT", "NT"], 12: ["GP", "FX", "NT"]},
                 players=2, stage="actions", points=4, markers={"red": "N5"})
    widget = _toritori_widget(game)
    widget.act({"type": "study", "space": "N6"})
    return widget


@scenario("toritori-defeat")
def toritori_defeat() -> GameWidget:
    game = _toritori_until(lambda g: g.is_over and not g.outcome.winners)
    return _toritori_widget(game)


