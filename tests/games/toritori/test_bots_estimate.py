"""The Tori-Tori team's estimate for the search: one value for the team, in [0, 1], higher for
a clearly better island, and the search's own settings."""

from __future__ import annotations

from itertools import pairwise

import pytest

import ecogames.games.toritori  # noqa: F401  (registers the bots)
from ecogames.bots import make_bot
from ecogames.bots.mcts import MCTSBot, game_settings
from ecogames.games.toritori import bots as tb
from ecogames.games.toritori import new_game
from ecogames.games.toritori.rules import ToriTori
from tests.games.toritori.scenario import build

ISLAND = {6: ["TT", "GP", "FX"], 12: ["NT", "NT"], 5: ["IB", "NT"], 3: ["TT", "FX", "GP"]}


@pytest.mark.parametrize("difficulty", ["basic", "medium", "expert"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_estimate_is_one_value_for_the_team_in_0_1(difficulty, players):
    game = new_game(players=players, seed=7, difficulty=difficulty)
    bot = make_bot("toritori-heuristic", 7)
    while not game.is_over:
        values = tb.estimate(game)
        assert len(values) == players and len(set(values)) == 1
        assert 0.05 <= values[0] <= 0.95  # between a loss's result and a win's
        game.push(bot.choose(game, game.legal_actions()))


def test_a_better_island_is_a_better_estimate():
    base = build(ISLAND, active="red", stage="actions", pawns={"red": 5},
                 markers={"red": "W3", "blue": "W5"})
    value = tb.estimate(base)[0]
    # the last Invasive Bush gone: the Village is sustainable
    cleared = build({**ISLAND, 5: ["NT"]}, active="red", stage="actions", pawns={"red": 5},
                    markers={"red": "W3", "blue": "W5"})
    assert cleared.village_ok and tb.estimate(cleared)[0] > value + 0.1
    # a fox less: one step nearer extinction
    fewer = build({**ISLAND, 3: ["TT", "GP"]}, active="red", stage="actions",
                  pawns={"red": 5}, markers={"red": "W3", "blue": "W5"})
    assert tb.estimate(fewer)[0] < value
    # the same island a round later: less time to save it
    later = build(ISLAND, active="red", stage="actions", pawns={"red": 5},
                  markers={"red": "W3", "blue": "W5"}, round_space=2)
    assert tb.time_left(later) < tb.time_left(base)
    assert tb.estimate(later)[0] < value


def test_time_left_counts_the_cards_before_the_defeat_space():
    game = new_game(players=2, seed=3)
    cycling = len(game.pile) + len(game.slots)
    # 2 players lose on the third space: the pile, then one more round of cycling cards
    assert tb.time_left(game) == len(game.pile) + (cycling - len(game.slots))
    bot = make_bot("toritori-heuristic", 3)
    seen = [tb.time_left(game)]
    while not game.is_over:
        game.push(bot.choose(game, game.legal_actions()))
        seen.append(tb.time_left(game))
    assert all(a >= b for a, b in pairwise(seen))  # it only runs down
    assert seen[0] > seen[-1]


def test_the_search_uses_the_games_settings():
    settings = game_settings(ToriTori)
    assert settings.estimate is tb.estimate
    assert (settings.rollout, settings.cutoff) == (tb.MCTS_SETTINGS["rollout"],
                                                   tb.MCTS_SETTINGS["cutoff"])
    game = new_game(players=3, seed=2)
    bot = make_bot("toritori-heuristic", 2)
    while len(game.legal_actions()) < 3:
        game.push(bot.choose(game, game.legal_actions()))
    search = MCTSBot(1, playouts=40).search(game)
    assert search.playouts == 40 and search.best in game.legal_actions()
    assert all(0.0 <= c.value <= 1.0 for c in search.choices)


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (2, 7)])
def test_the_search_follows_the_turns_best_plan(players, seed):
    # within a turn nothing is left to chance: a small UCB constant spends the playouts on
    # the best plan found, whose value the move then carries; at 0.05 the value is a mean
    # over the turn's plans, good and bad
    game = _mid_turn(players, seed)
    planned = MCTSBot(5, playouts=300).search(game)
    spread = MCTSBot(5, playouts=300, exploration=0.05).search(game)
    assert planned.choices[0].visits > 0.9 * 300 > spread.choices[0].visits
    assert planned.choices[0].value > spread.choices[0].value


def _mid_turn(players: int, seed: int) -> ToriTori:
    game = new_game(players=players, seed=seed)
    bot = make_bot("toritori-heuristic", seed)
    while not (game.stage == "actions" and game.points == 2 and len(game.legal_actions()) > 2):
        game.push(bot.choose(game, game.legal_actions()))
    return game


def test_the_search_plans_the_turn_and_never_rolls_the_next_turns_dice(monkeypatch):
    from ecogames.games.toritori import rules
    from ecogames.games.toritori.actions import Roll

    rolls = []
    roll = rules._DISPATCH[Roll]

    def counted(game, action, say):
        rolls.append(game.round)
        return roll(game, action, say)

    game = _mid_turn(3, 4)
    monkeypatch.setitem(rules._DISPATCH, Roll, counted)
    assert game_settings(ToriTori).horizon is tb.turn_over
    assert not tb.turn_over(game)
    search = MCTSBot(5, playouts=300).search(game)
    assert search.best in game.legal_actions() and not rolls
    # without the horizon the tree grows into the next turn: its roll is sampled
    MCTSBot(5, playouts=300, horizon=None).search(game)
    assert rolls
    while not tb.turn_over(game):
        game.push(game.legal_actions()[0])
    assert game.legal_actions() == [Roll()]
