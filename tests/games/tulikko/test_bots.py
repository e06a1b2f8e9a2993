"""Tulikko's bots for the search: the estimate, the rollout policy and the search settings."""

from __future__ import annotations

import pytest

from ecogames.bots import RandomBot, make_bot
from ecogames.bots.mcts import MCTSBot, game_settings
from ecogames.games.tulikko import PlaceTokens, Tulikko, new_game
from ecogames.games.tulikko import bots as tb
from ecogames.games.tulikko.components import NEIGHBOURS
from ecogames.games.tulikko.patterns import EMPTY


def greedy_game(seed: int, players: int = 2) -> list[Tulikko]:
    """Every state of a game between greedy bots (the last one is over)."""
    game = new_game(players, seed=seed)
    bots = [make_bot("tulikko-greedy", seed * 10 + p) for p in range(players)]
    seen = [game.clone()]
    while not game.is_over:
        game.push(bots[game.current_player].choose(game, game.legal_actions()))
        seen.append(game.clone())
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_estimate_gives_every_player_a_result_in_0_1(players):
    for seed in range(2):
        game = new_game(players, seed=seed)
        bot = RandomBot(seed)
        while not game.is_over:
            values = tb.estimate(game)
            assert len(values) == players
            assert all(0.0 <= v <= 1.0 for v in values)
            # the chance to win is shared out: 0.9 in all, plus at most 0.1 each
            assert 0.9 <= sum(values) <= 0.9 + 0.1 * players
            game.push(bot.choose(game, game.legal_actions()))


def test_fewer_points_left_is_a_better_estimate():
    game = greedy_game(3)[40]
    assert not game.is_over
    even = game.clone()
    even.supply = [[6, 3], [6, 3]]  # both players 15 points
    ahead = even.clone()
    ahead.supply = [[2, 1], [6, 3]]  # the first player has 5 points left, the second 15
    behind = even.clone()
    behind.supply = [[6, 3], [2, 1]]
    assert tb.estimate(ahead)[0] > tb.estimate(even)[0] > tb.estimate(behind)[0]
    assert tb.estimate(ahead)[0] > 0.6 > tb.estimate(ahead)[1]
    done = even.clone()
    done.supply = [[0, 0], [1, 0]]  # every token placed, the other player 2 points left
    assert tb.estimate(done)[0] > 0.6 > tb.estimate(done)[1]


def test_the_estimate_foresees_the_winner_of_greedy_games():
    # from the ninth turn on, the player the estimate favours wins most greedy games
    right = games = 0
    for seed in range(100, 116):
        states = greedy_game(seed)
        winners = states[-1].outcome.winners
        if len(winners) != 1:
            continue
        late = next(s for s in states if (s.phase == "slide" and min(s.turns) >= 8)
                    or s.is_over)
        if late.is_over:
            continue
        values = tb.estimate(late)
        games += 1
        right += values.index(max(values)) == winners[0]
    assert games >= 10 and right >= 0.75 * games, (right, games)


def test_the_rollout_bot_places_every_token_and_next_to_the_most_tiles():
    bot = tb.RolloutBot(1)
    for seed in range(3):
        game = new_game(2, seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            action = bot.choose(game, legal)
            assert action in legal
            if game.phase == "tokens":
                assert isinstance(action, PlaceTokens) and action == legal[0]
                assert all(len(a.at) <= len(action.at) for a in legal)
            if game.phase == "place" and getattr(action, "cell", None) is not None:
                grid = game.grids[game.active]

                def touching(cell: int, grid: list[int] = grid) -> int:
                    return sum(grid[n] != EMPTY for n in NEIGHBOURS[cell])

                cells = [a.cell for a in legal if type(a).__name__ == "Place"]
                assert touching(action.cell) >= max(map(touching, cells))
            game.push(action)


def test_the_rollout_bot_is_seeded():
    first, second = new_game(2, seed=4), new_game(2, seed=4)
    for game in (first, second):
        bot = tb.RolloutBot(7)
        while not game.is_over:
            game.push(bot.choose(game, game.legal_actions()))
    assert first.history == second.history


def test_the_search_uses_the_games_settings():
    settings = game_settings(Tulikko)
    assert settings.rollout is tb.RolloutBot and settings.cutoff == tb.MCTS_SETTINGS["cutoff"]
    assert settings.estimate is tb.estimate
    game = greedy_game(5)[30]
    search = MCTSBot(2, playouts=60).search(game)
    assert search.playouts == 60
    assert search.best in game.legal_actions()
    assert all(0.0 <= c.value <= 1.0 for c in search.choices)
