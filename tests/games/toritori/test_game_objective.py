"""Game Objective and How to Transform Human Settlement tiles: the one winning condition, the
losing conditions, checked the moment they happen (GO1-GO6, TR1-TR3, D36, D40, D41)."""

from __future__ import annotations

import pytest

from ecogames.games.toritori import (
    ActivateAnimal,
    AdvancedGardening,
    Gardening,
    Roll,
    Study,
    TransformPlant,
    Veterinary,
)
from tests.games.toritori.scenario import build, roll, solve, token, tokens

ALIVE = {6: ["TT", "GP", "FX"], 12: ["NT", "NT"]}


def actions(start, **kwargs):
    return build(start, active="red", stage="actions", pawns={"red": 5}, **kwargs)


def test_game_objective_village_turns_when_no_cat_nor_bush_remains():
    game = actions({**ALIVE, 5: ["CT", "NT"]}, markers={"red": "S2"})
    cascade = game.apply(Veterinary(token(game, 5, "CT")))
    assert game.village_ok and not game.industry_ok and game.outcome is None
    assert cascade.of_kind("sustainable")[0].cause == cascade.of_kind("remove")[0].index


def test_game_objective_covered_cats_and_bushes_still_count():
    # A Bush under a Tori-tori is on the Island board (D19): the Village stays.
    game = actions({**ALIVE, 5: ["CT", "TT>IB"]}, markers={"red": "S2"})
    game.apply(Veterinary(token(game, 5, "CT")))
    assert not game.village_ok
    # A Tori-tori under a Cat counts towards the four (and the Industry turns).
    game = actions({**ALIVE, 5: ["CT>TT", "IB"], 10: ["TT", "TT"]}, markers={"red": "W4"})
    game.apply(Study("W5"))
    assert game.industry_ok


def test_game_objective_industry_turns_when_the_fourth_tori_tori_is_born():
    # A marker is already on a Report space; a card breeds the fourth Tori-tori: the Industry
    # turns, and with the Village already sustainable the team wins in the middle of the card.
    game, _, _ = solve({6: ["GP", "FX"], 12: ["NT"], 5: ["TT>NT", "NT"], 10: ["TT", "TT"]},
                       "sector_5",
                       markers={"blue": "S5"}, village=True)
    assert game.counts["tori_tori"] == 3
    cascade = roll(game)
    assert game.industry_ok and game.outcome is not None and game.outcome.winners
    breed, turned, victory = cascade.of_kind("breed", "sustainable", "victory")
    assert turned.cause == breed.index and victory.cause == turned.index
    assert not cascade.of_kind("discard")  # the game ended at once


def test_game_objective_either_order_industry_first_then_village():
    start = {**ALIVE, 5: ["IB", "NT"], 10: ["TT", "TT"]}
    game = actions(start, markers={"red": "G4", "blue": "W5"}, industry=True)
    assert game.industry_ok and not game.village_ok
    game.apply(TransformPlant(token(game, 5, "IB")))
    assert game.village_ok and game.outcome.winners == (0, 1, 2, 3)
    assert game.cooperative  # "It is a cooperative game": all win or none
    assert game.outcome.data["result"] == "victory"


@pytest.mark.parametrize("species", ["TT", "GP", "FX", "NT"])
def test_game_objective_extinction_of_any_native_species_is_defeat(species):
    others = [s for s in ("TT", "GP", "FX") if s != species]
    start = {1: others, 7: ["NT"] if species != "NT" else ["IB"], 11: ["IB"], 5: [species]}
    game = actions(start, markers={"red": "W4"})
    target = token(game, 5, species)
    if species == "NT":
        cascade = game.apply(Gardening(target))
    else:  # the last one finds no food in 5, 3, 8 or 10, and dies
        cascade = game.apply(ActivateAnimal(target))
    assert game.outcome is not None and game.outcome.winners == ()
    extinct, defeat = cascade.of_kind("extinct", "defeat")
    assert cascade.events[-1] is defeat and defeat.cause == extinct.index


def test_game_objective_defeat_wins_when_one_event_does_both():
    # Industry sustainable, no Cat; Advanced Gardening removes the last Bush and the last
    # Native Tree at once: the Village would turn, but the trees are extinct (D41).
    game = actions({6: ["TT", "GP", "FX"], 5: ["IB", "NT"]},
                   markers={"red": "G5", "blue": "W5"}, industry=True)
    game.apply(AdvancedGardening(tuple(sorted(tokens(game, 5, "IB") + tokens(game, 5, "NT")))))
    assert game.outcome is not None and game.outcome.winners == ()
    assert "Native Trees" in game.outcome.reason and not game.village_ok


def test_game_objective_only_the_active_player_acts_and_the_game_stops_when_over():
    game = actions({**ALIVE, 5: ["IB"]}, markers={"red": "W3", "blue": "W5"}, industry=True)
    assert game.current_player == 0
    game.apply(Gardening(token(game, 5, "IB")))
    assert game.is_over and game.current_player is None and game.phase == "over"
    with pytest.raises(Exception, match="over"):
        game.apply(Roll())
