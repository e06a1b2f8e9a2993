"""Abilities and "2. Use 4 Action points": every one of the sixteen abilities, as written
(AB1-AB18, AP1-AP3, D28-D38). Red's pawn acts; the Ability map spaces are in
docs/rules/toritori.md, D37.

Rulebook numbering:   ~~ ~~ VI  1 /  2  9  4  7 / 12 11 10 IN /  6  8  5  3
"""

from __future__ import annotations

import pytest

from ecogames.core import IllegalAction
from ecogames.games.toritori import (
    ActivateAnimal,
    AdvancedBotany,
    AdvancedGardening,
    AnimalTracking,
    Bicycle,
    Gardening,
    Motorcycle,
    Move,
    MoveOther,
    Plant,
    Protect,
    SpecializedTracking,
    Study,
    TransformPlant,
    Veterinary,
)
from ecogames.games.toritori.rules import ToriTori
from tests.games.toritori.scenario import (
    board,
    build,
    changed,
    sector,
    supply,
    supply_change,
    token,
    tokens,
)

ALIVE = {6: ["TT", "GP", "FX"], 12: ["NT", "NT"], 2: ["IB"]}


def at(where: int | str, marker: str, start=None, **kwargs) -> ToriTori:
    """Red's action phase, red's pawn at ``where``, marker on ``marker``."""
    return build({**ALIVE, **(start or {})}, active="red", stage="actions",
                 pawns={"red": where, **kwargs.pop("pawns", {})},
                 markers={"red": marker, **kwargs.pop("markers", {})}, **kwargs)


def legal_types(game: ToriTori) -> set[str]:
    return {a.type for a in game.legal_actions()}


def refused(game: ToriTori, action, match: str | None = None) -> None:
    before = game.to_dict()
    with pytest.raises(IllegalAction, match=match):
        game.apply(action)
    assert game.to_dict() == before


def test_abilities_everyone_starts_with_study_move_plant():
    game = at(5, "E")
    assert legal_types(game) == {"study", "move", "plant"}
    assert game.view()["abilities"]["0"] == ["study", "move", "plant_native_tree"]


def test_abilities_accumulate_and_each_use_costs_one_action_point():
    game = at(11, "G7", {11: ["IB", "IB", "TT"], 10: ["NT"]})
    held = set(game.view()["abilities"]["0"])
    assert {"animal_tracking", "protect_animal", "gardening", "transforming_plants",
            "advanced_gardening", "veterinary", "environmental_report"} <= held
    assert "activate_animals" not in held  # W4 is on another branch
    game.apply(Gardening(tokens(game, 11, "IB")[0]))
    game.apply(Gardening(tokens(game, 11, "IB")[0]))  # the same ability twice (AP2)
    assert game.points == 2 and sector(game, 11) == ["TT"]


def test_ability_study_advances_one_space_choosing_at_a_fork():
    game = at(5, "E")
    assert {a.space for a in game.legal_actions() if isinstance(a, Study)} == {"N1", "W1", "S1"}
    refused(game, Study("W2"), "reaches")
    game.apply(Study("W1"))
    assert game.markers[0] == "W1" and game.points == 3
    assert "animal_tracking" in game.held(0)  # learned at once (AB3)
    end = at(5, "W5")
    assert not any(isinstance(a, Study) for a in end.legal_actions())  # end of a branch


def test_ability_move_orthogonally_to_any_sector_including_settlements():
    game = at(5, "E")
    assert {a.to for a in game.legal_actions() if isinstance(a, Move)} == {"3", "8", "10"}
    refused(game, Move("11"), "not a Move")
    refused(game, Move("99"))
    game.apply(Move("10"))
    game.apply(Move("industry"))  # pawns may enter the settlements (D30)
    assert game.pawns[0] == "industry"
    village = at("village", "E")
    assert {a.to for a in village.legal_actions() if isinstance(a, Move)} == {"1", "4"}
    shared = at(5, "E", pawns={"blue": 5})
    shared.apply(Move("8"))
    shared.apply(Move("5"))
    assert shared.pawns[:2] == ["5", "5"]  # pawns take no space and may share a sector


def test_ability_plant_native_tree_needs_a_free_space_and_a_token():
    game = at(5, "E", {5: ["GP"]})
    before, stock = board(game), supply(game)
    game.apply(Plant())
    assert changed(before, game) == {5: ["GP", "NT"]}
    assert supply_change(stock, supply(game)) == {"vegetation": -1}
    assert game.describe(Plant()) == "Plant a Native Tree in sector 5"
    full = at(5, "E", {5: ["GP", "NT", "NT"]})
    refused(full, Plant(), "no free space")
    refused(at("village", "E"), Plant(), "not a common sector")
    trees = {n: ["NT", "NT", "NT"] for n in (1, 3, 4, 7, 8, 9, 10)}
    empty = at(5, "E", {**trees, 12: ["NT", "NT"]})
    assert empty.supply("vegetation") == 0
    refused(empty, Plant(), "supply")


def test_ability_animal_tracking_to_the_lowest_adjacent_sector_with_space():
    game = at(10, "W1", {10: ["FX", "TT>NT"], 4: ["NT", "NT", "NT"], 5: ["GP"]})
    fox = token(game, 10, "FX")
    fed = token(game, 10, "TT>NT")
    assert {a.token for a in game.legal_actions() if isinstance(a, AnimalTracking)} == {fox, fed}
    game.apply(AnimalTracking(fed))
    assert sector(game, 5) == ["GP", "TT>NT"]  # 4 is full; the pile moves; no feeding
    assert game.describe(AnimalTracking(fox)) == (
        "Animal Tracking: move the Fox of sector 10 to sector 5")
    boxed = at(3, "W1", {3: ["FX"], 5: ["NT", "NT", "NT"]})
    refused(boxed, AnimalTracking(token(boxed, 3, "FX")))  # no adjacent sector with space
    refused(game, AnimalTracking(token(game, 4, "NT")))  # plants are not animals


def test_ability_bicycle_moves_diagonally():
    game = at(11, "N2")
    assert {a.to for a in game.legal_actions() if isinstance(a, Bicycle)} == {"2", "4", "5", "6"}
    game.apply(Bicycle("5"))
    assert game.pawns[0] == "5"
    refused(game, Bicycle("10"), "not a Bicycle")
    refused(at(11, "E"), Bicycle("5"), "does not hold Bicycle")


def test_ability_advanced_botany_plants_every_free_space():
    game = at(3, "N1", {3: ["GP"]})
    game.apply(AdvancedBotany())
    assert sector(game, 3) == ["GP", "NT", "NT"]
    short = at(3, "N1", {n: ["NT", "NT", "NT"] for n in (1, 4, 5, 7, 8, 9, 10)} | {12: ["NT"]})
    assert short.supply("vegetation") == 1
    short.apply(AdvancedBotany())
    assert sector(short, 3) == ["NT"]  # as many trees as there are tokens (D9)


def test_ability_veterinary_removes_a_cat_and_only_a_cat():
    game = at(4, "S2", {4: ["CT>GP", "FX", "CT"]})
    cats = tokens(game, 4, "CT") + tokens(game, 4, "CT>GP")
    assert {a.token for a in game.legal_actions() if isinstance(a, Veterinary)} == set(cats)
    refused(game, Veterinary(token(game, 4, "FX")))
    before, stock = board(game), supply(game)
    game.apply(Veterinary(token(game, 4, "CT>GP")))
    assert changed(before, game) == {4: ["CT", "FX", "GP"]}  # what it ate stays (D35)
    assert supply_change(stock, supply(game)) == {"cat": 1}


def test_ability_gardening_removes_one_vegetation_token():
    game = at(5, "W3", {5: ["IB", "NT", "TT>NT"]})
    plants = {token(game, 5, "IB"), token(game, 5, "NT")}
    assert {a.token for a in game.legal_actions() if isinstance(a, Gardening)} == plants
    game.apply(Gardening(token(game, 5, "NT")))
    assert sector(game, 5) == ["IB", "TT>NT"]
    refused(game, Gardening(token(game, 5, "TT>NT")))  # an animal, and the tree is covered


def test_ability_protect_animal_until_the_next_action_phase():
    game = at(5, "W2", {5: ["TT", "GP"]})
    bird, pig = token(game, 5, "TT"), token(game, 5, "GP")
    game.apply(Protect(bird))
    assert {t["id"]: t["protected_by"] for t in game.view()["sectors"]["5"]["tokens"]}[bird] == 0
    assert not any(getattr(a, "token", None) == bird for a in game.legal_actions())
    game.apply(Protect(pig))  # one token per pawn: the pawn moves over the other
    assert game.protecting[0] == pig
    game.apply(Move("3"))  # the pawn leaves: the protection ends (D32)
    assert game.protecting[0] is None


def test_ability_move_another_pawn_uses_the_owners_movement_abilities():
    game = at(5, "S1", pawns={"blue": 3, "green": 10}, markers={"blue": "N3", "green": "E"})
    others = [a for a in game.legal_actions() if isinstance(a, MoveOther)]
    blue = {(a.ability, a.path) for a in others if a.player == 1}
    assert ("motorcycle", ("10", "11")) in blue  # blue owns a Motorcycle
    assert all(a.ability == "move" for a in others if a.player == 2)  # green: Move only
    assert not any(a.player == 0 for a in others)
    refused(game, MoveOther(2, "bicycle", ("4",)), "owner")
    refused(game, Motorcycle(("10", "11")), "does not hold Motorcycle")
    game.apply(MoveOther(1, "motorcycle", ("10", "11")))
    assert game.pawns[1] == "11" and game.points == 3
    refused(at(5, "E", pawns={"blue": 3}), MoveOther(1, "move", ("5",)),
            "does not hold Move another pawn")


def test_ability_activate_animals_activates_an_animal_of_the_pawns_sector():
    game = at(10, "W4", {10: ["TT", "NT", "IB"]})
    assert {a.token for a in game.legal_actions() if isinstance(a, ActivateAnimal)} == {
        token(game, 10, "TT")}  # animals only (D28)
    cascade = game.apply(ActivateAnimal(token(game, 10, "TT")))
    assert sector(game, 10) == ["IB", "TT>NT"] and cascade.of_kind("activate", "eat")
    eat = cascade.of_kind("eat")[0]
    assert eat.cause == cascade.of_kind("activate")[0].index
    game.apply(ActivateAnimal(token(game, 10, "TT>NT")))  # the same token again
    assert sector(game, 10) == ["TT", "TT"]  # ate the Bush and bred


def test_ability_specialized_animal_tracking_to_an_adjacent_sector_by_choice():
    game = at(11, "N4", {11: ["GP"], 8: ["NT", "NT", "NT"], 9: ["NT"], 10: [], 12: ["TT"]})
    guinea_pig = token(game, 11, "GP")
    destinations = {a.to for a in game.legal_actions()
                    if isinstance(a, SpecializedTracking) and a.token == guinea_pig}
    assert destinations == {"9", "10", "12"}  # 8 is full
    refused(game, SpecializedTracking(guinea_pig, "8"))
    refused(game, SpecializedTracking(guinea_pig, "5"))  # not adjacent to 11
    game.apply(SpecializedTracking(guinea_pig, "12"))
    assert sector(game, 12) == ["GP", "TT"]
    assert sector(game, 11) == []


def test_ability_environmental_report_costs_no_action_point():
    game = at(5, "W4", {10: ["TT", "TT", "TT"], 6: ["TT", "GP", "FX"]})
    assert not any(a.type == "environmental_report" for a in game.legal_actions())
    cascade = game.apply(Study("W5"))  # the Study costs one point; the Report itself none
    assert game.points == 3 and game.industry_ok
    assert cascade.of_kind("sustainable")
    assert "environmental_report" in game.view()["abilities"]["0"]


def test_ability_motorcycle_one_or_two_steps_orthogonal_or_diagonal():
    game = at(3, "N3")
    paths = {a.path for a in game.legal_actions() if isinstance(a, Motorcycle)}
    assert ("10", "11") in paths and ("5", "11") in paths and ("industry",) in paths
    assert all(1 <= len(p) <= 2 for p in paths)
    refused(game, Motorcycle(("5", "8", "6")))
    refused(game, Motorcycle(("11",)))  # not one step from 3
    game.apply(Motorcycle(("10", "11")))
    assert game.pawns[0] == "11" and game.points == 3


def test_ability_transforming_plants_turns_a_bush_into_a_native_tree():
    game = at(9, "G4", {9: ["IB", "NT"]})
    bush = token(game, 9, "IB")
    assert {a.token for a in game.legal_actions() if isinstance(a, TransformPlant)} == {bush}
    refused(game, TransformPlant(token(game, 9, "NT")))  # trees are not turned into bushes
    game.apply(TransformPlant(bush))
    assert sector(game, 9) == ["NT", "NT"] and game.kind[bush] == "native_tree"


def test_ability_advanced_gardening_removes_up_to_three_vegetation_tokens():
    game = at(11, "G5", {11: ["IB", "IB", "NT"]})
    choices = [a for a in game.legal_actions() if isinstance(a, AdvancedGardening)]
    # every choice of one, two or three tokens, told apart by what it removes (D53): a tree,
    # a bush, a tree and a bush, two bushes, all three
    assert sorted(game.describe(a).split(": remove ")[1] for a in choices) == [
        "2 Invasive Bushes from sector 11",
        "a Native Tree and 2 Invasive Bushes from sector 11",
        "a Native Tree and an Invasive Bush from sector 11",
        "a Native Tree from sector 11",
        "an Invasive Bush from sector 11"]
    refused(game, AdvancedGardening(()))
    bushes = [p[-1] for p in game.board[11] if game.kind[p[-1]] == "invasive_bush"]
    refused(game, AdvancedGardening((bushes[1],)))  # the same choice as the first bush's
    every = tuple(sorted(p[-1] for p in game.board[11]))
    game.apply(AdvancedGardening(every))
    assert sector(game, 11) == [] and game.points == 3
