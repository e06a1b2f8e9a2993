"""The search's estimate of a Wildlife Web position (``bots.estimate``) and its settings."""

from __future__ import annotations

import pytest

from ecogames.bots import RandomBot, make_bot
from ecogames.bots.mcts import MCTSBot, game_settings
from ecogames.games.wildlifeweb import bots, new_game
from ecogames.games.wildlifeweb.rules import WildlifeWeb

from .helpers import F, O, W, animal, scenario

MOST_ACTIONS = 2_000
"""A game between greedy bots is over long before (about 150 actions)."""


def family(species: str, offspring: int) -> dict[str, object]:
    return {"cards": [W(species), W(species, 2)], "offspring": O(offspring)}


def position(*, secured: int = 0, fed: int = 0, rival_secured: int = 0) -> WildlifeWeb:
    """Player 1 (seat 0) raising a Short-tailed Shrew Offspring (Size 1) with ``fed`` Forage
    cards, ``secured`` families already safe; player 2 with a lone Elk (Size 5),
    ``rival_secured`` safe. By day, the shrew to mate."""
    ours = [family(s, n) for n, s in enumerate(("deer_mouse", "meadow_vole"), 1)][:secured]
    theirs = [family(s, n) for n, s in enumerate(("least_chipmunk", "muskrat"), 3)]
    return scenario(
        packs=[[animal(W("short_tailed_shrew"), mate=True, offspring=O(5),
                       food=F(*range(1, fed + 1)))],
               [animal(W("elk"))]],
        secured=[ours, theirs[:rival_secured]], stage="mate")


def test_the_estimate_is_a_result_in_0_1_for_every_player_along_random_games() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3), (6, 4)):
        game, bot = new_game(players=players, seed=seed), RandomBot(seed)
        while not game.is_over:
            values = bots.estimate(game)
            assert len(values) == players
            assert all(0.0 <= v <= 1.0 for v in values), (values, game)
            if players == 2:  # a win and the tie-break are shared out, as in rewards
                assert sum(values) == pytest.approx(1.0)
            game.push(bot.choose(game, game.legal_actions()))


def test_the_estimate_ranks_a_pack_closer_to_its_offspring_higher() -> None:
    ahead = bots.estimate(position(secured=2))
    assert ahead[0] > 0.8 > 0.2 > ahead[1]
    behind = bots.estimate(position(rival_secured=2))
    assert behind[0] < behind[1]
    even = bots.estimate(position(secured=1, rival_secured=1))
    assert behind[0] < even[0] < ahead[0]


def test_feeding_an_offspring_and_securing_families_raise_the_estimate() -> None:
    hungry, fed = bots.estimate(position()), bots.estimate(position(fed=1))
    assert fed[0] > hungry[0] and fed[1] < hungry[1]
    assert bots.estimate(position(secured=1))[0] > fed[0]


def test_the_features_count_the_families_by_stage() -> None:
    assert len(bots.WEIGHTS) == len(bots.FEATURES)
    game = position(secured=1, fed=1)
    mine = dict(zip(bots.FEATURES, bots.features(game, 0), strict=True))
    assert mine["secured"] == 1 and mine["raising"] == 1 and mine["raising_fed"] == 1
    assert mine["pairs"] == mine["singles"] == 0 and mine["to_move"] == 1
    theirs = dict(zip(bots.FEATURES, bots.features(game, 1), strict=True))
    assert theirs["singles"] == 1 and theirs["singles_fed"] == 0 and theirs["small"] == 1 / 5


def test_the_estimate_favours_the_eventual_winner_of_greedy_games() -> None:
    """Half-way through a game between greedy bots, the estimate names its winner more
    often than a coin would."""
    right = games = 0
    for seed in range(30):
        game = new_game(players=2, seed=500 + seed)
        seats = [make_bot("wildlifeweb-greedy", seed), make_bot("wildlifeweb-greedy", seed + 1)]
        seen = []
        for _ in range(MOST_ACTIONS):  # greedy bots feed while they can: a rule broken
            if game.is_over:          # there (one action per animal) would never end it
                break
            seen.append(bots.estimate(game))
            legal = game.legal_actions()
            game.push(seats[game.active].choose(game, legal))
        assert game.is_over, f"a greedy game of seed {500 + seed} ran past {MOST_ACTIONS}"
        halfway = seen[len(seen) // 2]
        if halfway[0] != halfway[1]:
            games += 1
            right += game.outcome.winners[0] == max((0, 1), key=halfway.__getitem__)
    assert games >= 20 and right / games > 0.6, (right, games)


def test_the_search_plays_with_the_games_own_settings() -> None:
    settings = game_settings(WildlifeWeb)
    assert settings.estimate is bots.estimate
    assert (settings.rollout, settings.cutoff, settings.expand) == (
        bots.MCTS_SETTINGS["rollout"], bots.MCTS_SETTINGS["cutoff"],
        bots.MCTS_SETTINGS["expand"])
    game = new_game(players=2, seed=3)
    while len(game.legal_actions()) < 2:
        game.push(game.legal_actions()[0])
    first = MCTSBot(seed=1, playouts=40).search(game)
    assert first.best in game.legal_actions()
    assert MCTSBot(seed=1, playouts=40).search(game).choices == first.choices
