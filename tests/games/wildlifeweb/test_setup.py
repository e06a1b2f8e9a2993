"""Game Setup."""

from __future__ import annotations

import pytest

from ecogames.core import IllegalAction, SaveError
from ecogames.games.wildlifeweb import Draft, PlaceRoadkill, WildlifeWeb, new_game
from ecogames.games.wildlifeweb import components as c
from tests.games.wildlifeweb.helpers import W, scenario


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_set_up_habitat_of_20_roadkill_draft_by_player_count(players: int) -> None:
    """Deal 20 Wildlife cards face up; the dealer places 4 on the highway; then the players
    select one card each, clockwise from the dealer, until their Pack is full: 2 players
    4 cards, 3 or 4 players 3 cards, 5 or 6 players 2 cards."""
    game = new_game(players=players, seed=players)
    assert game.phase == "setup_roadkill" and game.current_player == 0 and game.day
    assert len(game.habitat) == 20 and len(game.wdeck) == 80
    assert len(game.edeck) == 50 and len(game.fdeck) == 24 and len(game.odeck) == 15
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    assert len(game.highway) == 4 and len(game.habitat) == 16
    assert game.phase == "draft"
    order = []
    size = {2: 4, 3: 3, 4: 3, 5: 2, 6: 2}[players]
    for _ in range(players * size):
        order.append(game.current_player)
        game.apply(game.legal_actions()[0])
    assert order == [i % players for i in range(players * size)]
    assert [game.wildlife_count(p) for p in range(players)] == [size] * players
    for pack in game.packs:
        species = [c.CARD_ANIMAL[a["card"]].id for a in pack]
        assert len(species) == len(set(species))
    assert game.turn == 1 and game.current_player == 0 and game.day


def test_no_two_of_the_same_species_in_a_starting_pack() -> None:
    game = scenario(players=2, stage="draft", packs=[[{"card": W("elk"), "mate": None,
                                                       "food": [], "offspring": None,
                                                       "waiting": None}], []],
                    habitat=[W("elk", 2), W("moose")],
                    highway=[W(s) for s in ("coyote", "mule_deer", "porcupine", "muskrat")])
    assert game.legal_actions() == [Draft(W("moose"))]
    with pytest.raises(IllegalAction, match="two of the same species"):
        game.apply(Draft(W("elk", 2)))


def test_roadkill_is_chosen_from_the_central_habitat() -> None:
    game = new_game(players=2, seed=1)
    outside = game.wdeck[-1]
    with pytest.raises(IllegalAction, match="central habitat"):
        game.apply(PlaceRoadkill(outside))
    # any animal of the habitat: one card of each species, as two are alike (D33)
    assert {c.CARD_ANIMAL[a.card].id for a in game.legal_actions()} == {
        c.CARD_ANIMAL[x].id for x in game.habitat}


def test_player_counts_and_options_are_checked() -> None:
    for players in (1, 7):
        with pytest.raises(ValueError, match="2 to 6 players"):
            new_game(players=players, seed=1)
    with pytest.raises(ValueError, match="offspring_to_win"):
        new_game(players=2, seed=1, offspring_to_win=0)
    assert new_game(players=2, seed=1, offspring_to_win=5).options == {"offspring_to_win": 5}


def test_the_target_is_limited_by_the_fifteen_offspring_cards() -> None:
    """D30: a secured family keeps its Offspring card, so the target must be one that the
    15 cards guarantee: once every card is secured, someone has reached it. With P players
    that is P x (target - 1) < 15: 8 for 2 players, 5 for 3, 4 for 4, 3 for 5 or 6."""
    for players, most in ((2, 8), (3, 5), (4, 4), (5, 3), (6, 3)):
        assert c.MAX_OFFSPRING_TO_WIN[players] == most
        assert players * (most - 1) < len(c.OFFSPRING_CARDS) <= players * most
        assert new_game(players=players, seed=1, offspring_to_win=most).target == most
        with pytest.raises(ValueError, match="15 Offspring cards"):
            new_game(players=players, seed=1, offspring_to_win=most + 1)
    state = new_game(players=6, seed=1).to_dict()["state"]
    with pytest.raises(SaveError, match="target"):
        WildlifeWeb.from_state({**state, "target": 4})


def test_same_seed_same_set_up() -> None:
    assert new_game(players=3, seed=42) == new_game(players=3, seed=42)
    assert new_game(players=3, seed=42) != new_game(players=3, seed=43)


def test_every_player_has_a_game_play_reference_card() -> None:
    view = new_game(players=6, seed=1).view(2)
    assert view["reference"]["title"] == "Game Play Reference"
    assert c.REFERENCE_COPIES >= 6
    assert view["highway_cards"] == list(c.HIGHWAY_CARDS)
