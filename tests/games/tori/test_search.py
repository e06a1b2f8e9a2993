"""What the search bot asks of Tori (ecogames.bots.mcts): ``bots.estimate``, each player's
chances from the money and points as they stand, and ``bots.MCTS_SETTINGS``."""

from __future__ import annotations

import pytest

from ecogames.bots import make_bot
from ecogames.bots.mcts import MCTSBot, game_settings
from ecogames.games.tori import Tori
from ecogames.games.tori.bots import FEATURES, MCTS_SETTINGS, WEIGHTS, estimate, features

from .scenario import scenario, stall


def greedy_positions(players: int, seed: int, every: int = 15) -> tuple[list[Tori], Tori]:
    """Positions of a game between greedy bots (every ``every`` actions), and its end."""
    game = Tori.new_game(players=players, seed=seed)
    bot = make_bot("tori-greedy", seed)
    seen = []
    for step in range(3000):
        if game.is_over:
            break
        if step % every == 0:
            seen.append(game.clone())
        game.push(bot.choose(game, game.legal_actions()))
    return seen, game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_estimate_is_a_result_for_each_player(players):
    seen, _ = greedy_positions(players, seed=players)
    for game in seen:
        values = estimate(game)
        assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)
        # the win's 0.9 shared out, and the score's 0.1 from the fewest (0) to the most (1)
        if players == 2:
            assert sum(values) == pytest.approx(1.0)
    # all even: the win shared by all, the score's half each (as rewards() of a tie)
    even = estimate(Tori.new_game(players=players, seed=1))
    assert even == pytest.approx([0.9 / players + 0.05] * players)


def test_a_clearly_better_position_is_estimated_higher():
    """Player 1 has grown two stalls, holding both majorities and tiles towards the bonus
    cards; player 2 has one bare stall: player 1 is ahead, and the estimate says so for
    either seat to move."""
    stalls = [stall(0, "vegetables", (2, 2), "N", [(2, 3), (3, 3)]),
              stall(0, "flowers", (5, 6), "S", [(5, 7)]),
              stall(1, "lemonade", (6, 1), "N")]
    for active in (0, 1):
        ahead = estimate(scenario(active=active, stalls=stalls))
        assert ahead[0] > 0.6 > 0.4 > ahead[1]
    even = estimate(scenario(stalls=[stall(0, "lemonade", (6, 1), "N"),
                                     stall(1, "vegetables", (2, 2), "N")]))
    assert even == pytest.approx([0.5, 0.5])


def test_half_way_the_estimate_mostly_names_the_winner():
    """Half-way through games between greedy bots (which play 1 action in 20 at random), the
    player estimated ahead goes on to win more often than not."""
    named = 0
    decided = 0
    for seed in range(30):
        seen, end = greedy_positions(2, seed=100 + seed, every=1)
        if not end.is_over or len(end.outcome.winners) > 1:
            continue
        decided += 1
        values = estimate(seen[len(seen) // 2])
        named += values.index(max(values)) == end.outcome.winners[0]
    assert decided >= 20 and named >= 0.6 * decided


def test_the_features_are_named_and_weighed():
    assert len(FEATURES) == len(WEIGHTS)
    game = scenario(stalls=[stall(0, "vegetables", (2, 2), "N", [(2, 3)])])
    rows = features(game)
    assert len(rows) == 2 and all(len(row) == len(FEATURES) for row in rows)
    named = dict(zip(FEATURES, rows[0]))
    assert named["expansion tiles"] == 1 and named["points"] == 6  # gold and silver


def test_the_search_plays_tori_with_its_own_settings():
    settings = game_settings(Tori)
    assert (settings.rollout, settings.cutoff, settings.expand) == (
        MCTS_SETTINGS["rollout"], MCTS_SETTINGS["cutoff"], MCTS_SETTINGS["expand"])
    assert settings.estimate is estimate
    seen, _ = greedy_positions(2, seed=5)
    game = seen[3]
    legal = game.legal_actions()
    first = MCTSBot(4, playouts=30).choose(game, legal)
    assert first in legal and MCTSBot(4, playouts=30).choose(game, legal) == first
