"""The Tori-Tori team bot: registered by name, legal, seeded, and it plays for the win."""

from __future__ import annotations

import ecogames.games.toritori  # noqa: F401  (registers the bot)
from ecogames.bots import BOTS, RandomBot, make_bot, play
from ecogames.games.toritori import Gardening, new_game
from ecogames.games.toritori.bots import WIN, HeuristicBot, score
from tests.games.toritori.scenario import build, token


def test_the_heuristic_bot_is_registered():
    assert "toritori-heuristic" in BOTS
    assert isinstance(make_bot("toritori-heuristic", 3), HeuristicBot)


def test_the_heuristic_bot_plays_legal_games_the_same_way_for_a_seed():
    first, second = new_game(players=2, seed=21), new_game(players=2, seed=21)
    outcome = play(first, make_bot("toritori-heuristic", 5))
    assert outcome == play(second, make_bot("toritori-heuristic", 5))
    assert first.history == second.history


def test_the_heuristic_bot_takes_a_winning_action():
    game = build({6: ["TT", "GP", "FX"], 12: ["NT", "NT"], 5: ["IB", "NT"]}, active="red",
                 stage="actions", pawns={"red": 5}, markers={"red": "W3", "blue": "W5"},
                 industry=True)
    action = make_bot("toritori-heuristic").choose(game, game.legal_actions())
    assert action == Gardening(token(game, 5, "IB"))


def test_the_score_prefers_victory_and_fears_extinction():
    # Red stands in 5 with Gardening (W3); the Industry is sustainable. Removing the last Bush
    # turns the Village and wins; removing the last Native Tree makes the trees extinct.
    game = build({6: ["TT", "GP", "FX"], 5: ["IB", "NT"]}, active="red", stage="actions",
                 pawns={"red": 5}, markers={"red": "W3", "blue": "W5"}, industry=True)
    base = score(game)
    assert -WIN < base < WIN
    won = game.clone()
    won.apply(Gardening(token(won, 5, "IB")))
    assert won.outcome is not None and won.outcome.winners == (0, 1, 2, 3)
    assert score(won) == WIN > base
    lost = game.clone()
    lost.apply(Gardening(token(lost, 5, "NT")))
    assert lost.outcome is not None and lost.outcome.winners == ()
    assert "extinct" in lost.outcome.reason and score(lost) == -WIN < base
    fewer = game.clone()
    fewer.counts["fox"] -= 1
    assert -WIN < score(fewer) < base
    bot = make_bot("toritori-heuristic", 1)
    assert bot.choose(game, game.legal_actions()) == Gardening(token(game, 5, "IB"))


def test_the_heuristic_bot_wins_more_than_random_play():
    wins = {"toritori-heuristic": 0, "random": 0}
    for seed in range(12):
        for name in wins:
            game = new_game(players=4, seed=seed)
            bot = make_bot(name, seed) if name != "random" else RandomBot(seed)
            wins[name] += bool(play(game, bot).winners)
    assert wins["toritori-heuristic"] > wins["random"]
