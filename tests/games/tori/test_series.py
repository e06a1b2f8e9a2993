"""Tori's series (games/tori/series.py): points on the table and expansion tiles, per round."""

from __future__ import annotations

import doctest

import pytest

from ecogames.bots import make_bot
from ecogames.core.series import spec_of
from ecogames.games.tori import new_game
from ecogames.games.tori import series as tori_series
from ecogames.games.tori.components import (
    EXPANSION_TILES,
    GOLD_POINTS,
    SILVER_POINTS,
    VERSATILITY_POINTS,
)
from tests.support.series_checks import check_played_series

SERIES = tori_series.SERIES


def from_the_view(view: dict) -> dict[str, int]:
    """What an onlooker sees: the majority cards (gold 4, silver 2), the versatility cards
    (3), and each player's expansion tiles; the bonus cards stay hidden until the end."""
    out = {}
    for seat, player in enumerate(view["players"]):
        gold = sum(m["gold"] == seat for m in view["majority"].values())
        silver = sum(m["silver"] == seat for m in view["majority"].values())
        points = (GOLD_POINTS * gold + SILVER_POINTS * silver
                  + VERSATILITY_POINTS * player["versatility"])
        out[f"points: {player['name']}"] = points
        out[f"expansion tiles: {player['name']}"] = sum(
            len(stall["expansions"]) for stall in view["stalls"] if stall["owner"] == seat)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_nobody_has_a_point_or_a_tile(players):
    game = new_game(players=players, seed=players)
    assert spec_of(game) is SERIES
    assert SERIES.steps_done(game) == 0
    quantities = SERIES.quantities(game)
    assert quantities == from_the_view(game.view()) == dict.fromkeys(quantities, 0)
    assert list(quantities)[:2] == ["points: Helsinki (player 1)",
                                    "expansion tiles: Helsinki (player 1)"]
    assert len(quantities) == 2 * players and set(quantities) <= set(SERIES.colours)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_over_a_bot_game_the_hidden_bonus_cards_never_show_before_the_end(players, seed):
    def conserved(game, quantities):
        view = game.view()  # an onlooker's
        if not game.is_over:
            assert quantities == from_the_view(view)
        built = sum(v for k, v in quantities.items() if k.startswith("expansion tiles"))
        assert built + sum(view["expansion_supply"].values()) == sum(
            EXPANSION_TILES.values()) == 34

    game = new_game(players=players, seed=seed)
    seen = check_played_series(game, make_bot("tori-greedy", seed), invariant=conserved)
    outcome = game.outcome
    assert outcome is not None
    names = game.player_names
    assert tuple(float(seen.values[f"points: {n}"][-1]) for n in names) == outcome.scores
    assert len(seen) - 1 in (game.turn // players, game.turn // players + 1)


def test_the_points_are_the_engines_scores_without_the_face_down_cards():
    game = new_game(players=3, seed=0)
    bot = make_bot("tori-greedy", 0)
    hidden = False
    while not game.is_over:
        game.push(bot.choose(game, game.legal_actions()))
        shown = tori_series.points_shown(game)
        sheets = game.scores()
        if not game.is_over:
            assert shown == [s["total"] - s["area_bonus"] - s["colour_bonus"] for s in sheets]
            hidden = hidden or any(s["area_bonus"] or s["colour_bonus"] for s in sheets)
    assert tori_series.points_shown(game) == [s["total"] for s in game.scores()]
    assert hidden, "no bonus card was won during play: the check above proved nothing"


def test_a_round_is_a_turn_of_every_player():
    game = new_game(players=3, seed=6)
    bot = make_bot("tori-greedy", 6)
    while not game.is_over:
        before, turn = SERIES.steps_done(game), game.view()["turn"]
        game.push(bot.choose(game, game.legal_actions()))
        passed = game.view()["turn"] - turn
        wrapped = passed and game.view()["active"] == 0
        assert SERIES.steps_done(game) == before + bool(wrapped)


def test_the_docstring_examples_run():
    assert doctest.testmod(tori_series).failed == 0
