"""The rulebook's fifteen worked examples (docs/rules/toritori-examples.md), each on the
rulebook numbering with exactly the tokens it describes. Examples 2 and 4 are one turn
(Bastian's two dice), as the rulebook tells them (docs/rules/toritori.md, D23, A1)."""

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
    Roll,
    SpecializedTracking,
    Study,
    TransformPlant,
    Veterinary,
)
from tests.games.toritori.scenario import (
    SEAT,
    board,
    build,
    changed,
    kinds,
    path,
    sector,
    solve,
    supply,
    supply_change,
    token,
    tokens,
)

# The board Example 1 starts from; most examples are small changes of it.
EXAMPLE_1 = {
    1: ["NT", "NT"], 2: ["TT", "NT"], 3: ["TT"], 4: ["GP", "NT"], 5: ["GP", "NT"],
    6: ["IB", "NT"], 7: ["CT", "NT", "NT"], 8: ["NT", "NT"], 9: ["IB", "NT"], 10: ["FX", "NT"],
    11: ["IB", "IB", "NT"], 12: ["TT", "NT"],
}


# -- Example 1 — Course of Play --------------------------------------------------------------


def test_example_01_course_of_play_roll_solve_discard_replace():
    game = build(
        EXAMPLE_1, active="yellow",
        slots={"A": "sector_4", "B": "sector_7", "C": "sector_3", "D": "sector_12",
               "E": "sector_1", "F": "sector_9"},
        pile=["sector_8", "sector_2", "village", "foxes"],
        discard=["sector_5", "sector_6", "sector_10", "sector_11", "industry", "cats",
                 "guinea_pigs", "tori_toris"],
        dice=("C", "A"), round_space=2)  # a pile turned over once: its order is known (D52)
    before, stock = board(game), supply(game)
    cascade = game.apply(Roll())
    cards = [e.touched["cards"][0] for e in cascade.of_kind("card")]
    assert cards == ["sector_3", "sector_4"]  # the red die's card first
    assert changed(before, game) == {3: [], 4: ["GP", "GP"], 5: ["GP", "TT>NT"]}
    assert game.slots == ["sector_2", "sector_7", "sector_8", "sector_12", "sector_1",
                          "sector_9"]
    assert game.pile == ["village", "foxes"]
    assert game.discard[-2:] == ["sector_3", "sector_4"] and len(game.discard) == 10
    assert game.round == 2
    assert supply_change(stock, supply(game)) == {"vegetation": 1, "guinea_pig": -1}
    assert (game.active, game.stage, game.points) == (SEAT["yellow"], "actions", 4)
    assert kinds(cascade) == ["roll", "card", "eat", "card", "eat", "breed", "discard",
                              "discard", "refill", "refill", "phase"]
    eat_3, eat_4, breed_4 = cascade[2], cascade[4], cascade[5]
    assert breed_4.cause == eat_4.index
    assert eat_3.touched["sectors"] == (3, 5)
    assert eat_3.touched["edges"] == (("native_tree", "tori_tori"),)
    assert eat_4.touched["edges"] == (("native_tree", "guinea_pig"),)
    assert path(cascade, "action", 0, 1, 2) and path(cascade, 0, 3, 4, 5)


# -- Examples 2 and 4 — Bastian's turn: Sector 11, then Sector 5 ------------------------------


EXAMPLE_2 = {**EXAMPLE_1, 3: [], 4: ["GP", "GP"], 5: ["GP", "TT>NT"]}
"""Exactly what Example 1 leaves (with the two trees of sector 8 Examples 2 and 4 speak of)."""


def test_example_02_and_04_invasive_bushes_then_animals_in_one_turn():
    first = build(EXAMPLE_1, active="yellow", slots={"C": "sector_3", "A": "sector_4"},
                  dice=("C", "A"))
    first.apply(Roll())
    assert board(first) == board(build(EXAMPLE_2))  # Example 1 leaves this board
    game = build(EXAMPLE_2, active="red", slots={"B": "sector_11", "E": "sector_5"},
                 dice=("B", "E"))
    before, stock = board(game), supply(game)
    cascade = game.apply(Roll())
    assert changed(before, game) == {
        5: [],
        8: ["GP", "GP", "IB"],  # a tree turned by the second Bush; the Guinea pig bred on it
        10: ["FX", "TT", "TT"],  # the Tori-tori skipped 3 and 8 (only a Bush there) for 10
        11: ["IB", "IB", "IB"],
    }
    assert supply_change(stock, supply(game)) == {"guinea_pig": -1, "tori_tori": -1,
                                                  "vegetation": 3}
    assert kinds(cascade)[:10] == ["roll", "card", "spread", "spread", "card", "eat", "breed",
                                   "eat", "breed", "discard"]
    card_11, spread_11, spread_8, card_5, gp_eats, gp_breeds, tt_eats, tt_breeds = cascade[1:9]
    # Example 2: "One of these transforms the Native Tree of Sector 11 [...] Sector 8 is the
    # adjacent sector with the lowest number that has a Native Tree".
    assert spread_11.touched["sectors"] == (11,)
    assert spread_8.touched["sectors"] == (8, 11)
    # Example 4: "Sector 3 has no food, so they move to Sector 8, over the Native Tree".
    assert gp_eats.touched["sectors"] == (5, 8)
    assert gp_eats.touched["edges"] == (("native_tree", "guinea_pig"),)
    # "Given that there is also no food in Sector 3, nor 8, they move to Sector 10".
    assert tt_eats.touched["sectors"] == (5, 10)
    assert tt_eats.touched["edges"] == (("native_tree", "tori_tori"),)
    assert "breeds" in tt_breeds.text  # "Since they had fed themselves on Inara's turn"
    # The cascade: the Guinea pig ate the tree of 8, so the Tori-tori went on to 10.
    assert spread_8.cause == card_11.index
    assert gp_eats.cause == card_5.index
    assert tt_eats.cause == gp_eats.index
    assert gp_breeds.cause == gp_eats.index and tt_breeds.cause == tt_eats.index
    assert path(cascade, "action", card_5.index, gp_eats.index, tt_eats.index,
                tt_breeds.index)


# -- Example 3 — Breeding: the Fox's three tokens ---------------------------------------------


def test_example_03_breeding_fox_with_three_tokens_underneath():
    start = {1: ["CT", "NT"], 2: ["TT", "NT"], 3: ["NT"], 4: ["GP", "NT"], 5: ["GP", "NT"],
             6: ["IB", "NT"], 7: ["FX>TT>IB", "GP"], 8: ["NT"], 9: ["IB", "NT"],
             10: ["TT", "NT"], 11: ["IB", "NT"], 12: ["TT", "NT"]}
    game, before, stock = solve(start, "foxes")
    cascade = game.apply(Roll())
    assert changed(before, game) == {7: ["FX", "FX"]}
    assert supply_change(stock, supply(game)) == {"fox": -1, "guinea_pig": 1, "tori_tori": 1,
                                                  "vegetation": 1}
    eat, breed = cascade.of_kind("eat", "breed")
    assert eat.touched["edges"] == (("guinea_pig", "fox"),)
    assert eat.text == ("The Fox of sector 7 eats a Guinea pig: its token goes under the Fox, "
                        "still on the island (and counted) until the Fox breeds or goes hungry")
    assert breed.cause == eat.index
    assert set(breed.touched["nodes"]) == {"fox", "guinea_pig", "tori_tori", "invasive_bush"}
    assert len(cascade.of_kind("eat")) == 1  # the newborn Fox is not activated


# -- Example 5 and 6 — The Village ------------------------------------------------------------


def test_example_05_village_cat_goes_hunting_in_sector_4():
    start = {1: ["NT", "NT"], 2: ["TT", "NT"], 4: ["GP", "GP", "FX"], 5: ["NT"],
             6: ["IB", "NT"], 7: ["NT", "NT"], 8: ["GP", "GP"], 9: ["IB", "NT"],
             10: ["TT", "TT"], 11: ["IB", "IB", "NT"], 12: ["TT", "NT"]}
    game, before, stock = solve(start, "village")
    cascade = game.apply(Roll())
    assert changed(before, game) == {4: ["CT>GP", "FX", "GP"]}
    assert supply_change(stock, supply(game)) == {"cat": -1}
    (enters,) = cascade.of_kind("cat_enters")
    assert enters.touched["edges"] == (("guinea_pig", "cat"),)
    assert not cascade.of_kind("decide", "breed")  # identical Guinea pigs; the Cat is placed


def test_example_06_village_no_food_cat_goes_to_sector_1():
    start = {1: ["NT"], 2: ["TT", "NT"], 4: ["FX", "NT"], 5: ["NT"], 6: ["IB", "NT"],
             7: ["NT", "NT"], 8: ["GP", "GP"], 9: ["IB", "NT"], 10: ["TT", "TT"],
             11: ["IB", "IB", "NT"], 12: ["TT", "NT"]}
    game, before, stock = solve(start, "village")
    game.apply(Roll())
    assert changed(before, game) == {1: ["CT", "NT"]}
    assert supply_change(stock, supply(game)) == {"cat": -1}


# -- Example 7 — The Industry -----------------------------------------------------------------


def test_example_07_industry_disaster():
    start = {1: ["NT", "NT"], 2: ["TT", "NT"], 3: ["NT", "NT", "NT"], 4: ["GP", "NT"],
             5: ["TT>NT", "NT"], 6: ["IB", "NT"], 7: ["CT", "IB", "NT"], 8: ["GP", "NT"],
             9: ["IB", "NT"], 10: ["FX", "NT", "NT"], 11: ["IB", "NT"], 12: ["TT", "NT"]}
    game, before, stock = solve(start, "industry")
    cascade = game.apply(Roll())
    assert changed(before, game) == {3: [], 4: ["GP"], 5: ["TT"], 7: ["CT", "IB"],
                                     10: ["FX"]}  # D27: the tree under the Tori-tori goes too
    assert supply_change(stock, supply(game)) == {"vegetation": 9}
    assert sorted({e.touched["sectors"][0] for e in cascade.of_kind("disaster")}) == [
        3, 4, 5, 7, 10]
    assert game.outcome is None


# -- Example 8 — Species Activation card: Guinea pigs -----------------------------------------


def test_example_08_species_activation_guinea_pigs():
    start = {1: ["GP", "NT"], 2: ["TT", "NT"], 3: ["NT"], 4: ["GP", "GP", "NT"],
             5: ["TT", "NT"], 6: ["IB", "NT", "CT"], 7: ["NT"], 8: ["NT", "NT"],
             9: ["IB", "NT"], 10: ["FX", "NT"], 11: ["IB", "NT"], 12: ["TT", "NT"]}
    game, before, stock = solve(start, "guinea_pigs")
    cascade = game.apply(Roll())
    assert changed(before, game) == {1: ["GP", "GP"], 4: ["GP", "GP"], 7: ["GP", "GP"]}
    assert supply_change(stock, supply(game)) == {"guinea_pig": -3, "vegetation": 3}
    eats = cascade.of_kind("eat")
    assert [e.touched["sectors"] for e in eats] == [(1,), (4,), (4, 7)]  # 7 not activated
    assert not cascade.of_kind("decide")  # identical Guinea pigs: no question


# -- Example 9 — Blas: Study, Plant Native Tree, Move, Animal Tracking -------------------------


def test_example_09_blas_study_plant_move_animal_tracking():
    # The board Examples 2 and 4 leave.
    start = {1: ["NT", "NT"], 2: ["TT", "NT"], 4: ["GP", "GP"], 6: ["IB", "NT"],
             7: ["CT", "NT", "NT"], 8: ["IB", "GP", "GP"], 9: ["IB", "NT"],
             10: ["FX", "TT", "TT"], 11: ["IB", "IB", "IB"], 12: ["TT", "NT"]}
    game = build(start, active="blue", stage="actions",
                 pawns={"blue": 5, "red": 6, "green": 11, "yellow": 4})
    before, stock = board(game), supply(game)
    assert {a.space for a in game.legal_actions() if isinstance(a, Study)} == {"N1", "W1", "S1"}
    game.apply(Study("W1"))
    assert "animal_tracking" in game.view()["abilities"][str(SEAT["blue"])]
    game.apply(Plant())
    game.apply(Move("10"))
    fox = token(game, 10, "FX")
    game.apply(AnimalTracking(fox))
    assert game.markers[SEAT["blue"]] == "W1"
    assert game.pawns[SEAT["blue"]] == "10"
    assert changed(before, game) == {4: ["FX", "GP", "GP"], 5: ["NT"], 10: ["TT", "TT"]}
    assert supply_change(stock, supply(game)) == {"vegetation": -1}
    assert game.active == SEAT["green"] and game.stage == "roll"  # the points are spent


# -- Example 10 — Matilde: Study, Bicycle, Move, Advanced Botany -------------------------------


def test_example_10_matilde_study_bicycle_move_advanced_botany():
    # The board Example 9 leaves.
    start = {1: ["NT", "NT"], 2: ["TT", "NT"], 4: ["GP", "GP", "FX"], 5: ["NT"],
             6: ["IB", "NT"], 7: ["CT", "NT", "NT"], 8: ["IB", "GP", "GP"], 9: ["IB", "NT"],
             10: ["TT", "TT"], 11: ["IB", "IB", "IB"], 12: ["TT", "NT"]}
    game = build(start, active="green", stage="actions",
                 pawns={"green": 11, "blue": 10, "red": 6, "yellow": 4},
                 markers={"green": "N1", "blue": "W1"})
    before, stock = board(game), supply(game)
    game.apply(Study("N2"))
    game.apply(Bicycle("5"))
    game.apply(Move("3"))
    game.apply(AdvancedBotany())
    assert game.markers[SEAT["green"]] == "N2" and game.pawns[SEAT["green"]] == "3"
    assert changed(before, game) == {3: ["NT", "NT", "NT"]}
    assert supply_change(stock, supply(game)) == {"vegetation": -3}


# -- Example 11 — Bastian: Gardening, Move, Move, Protect Animal -------------------------------

EXAMPLE_11 = {1: ["NT", "NT"], 2: ["TT", "NT"], 3: ["NT", "NT", "NT"], 4: ["GP", "GP", "FX"],
              5: ["TT", "NT"], 6: ["IB", "NT"], 7: ["CT", "NT", "NT"], 8: ["GP", "GP"],
              9: ["IB", "NT"], 10: ["TT", "TT"], 11: ["IB", "IB", "NT"], 12: ["TT", "NT"]}


def test_example_11_bastian_gardening_move_move_protect_animal():
    game = build(EXAMPLE_11, active="red", stage="actions",
                 pawns={"red": 6, "green": 3, "blue": 10, "yellow": 4},
                 markers={"red": "W3", "green": "N2", "blue": "W1"})
    before, stock = board(game), supply(game)
    game.apply(Gardening(token(game, 6, "IB")))
    game.apply(Move("8"))
    game.apply(Move("5"))
    bird = token(game, 5, "TT")
    game.apply(Protect(bird))
    assert changed(before, game) == {6: ["NT"]}
    assert game.pawns[SEAT["red"]] == "5" and game.protecting[SEAT["red"]] == bird
    assert game.view()["pawns"][SEAT["red"]]["protecting"] == bird
    assert supply_change(stock, supply(game)) == {"vegetation": 1}
    assert not game.village_ok


def test_example_11_companion_protected_tori_tori_is_not_activated_nor_eaten():
    start = {**EXAMPLE_11, 5: ["TT", "CT"]}
    game = build(start, active="yellow", pawns={"red": 5},
                 protecting={"red": (5, "TT")}, slots={"A": "sector_5"}, dice=("A", "A"))
    bird = token(game, 5, "TT")
    cascade = game.apply(Roll())
    # The Cat finds no Tori-tori it may eat in 5 and looks next door; the Tori-tori stays put.
    assert bird in [p[-1] for p in game.board[5]]
    assert all(bird not in e.touched.get("tokens", ()) for e in cascade.of_kind("eat"))
    game = build({**EXAMPLE_11, 5: ["TT", "NT"]}, pawns={"red": 5},
                 protecting={"red": (5, "TT")}, slots={"A": "tori_toris"}, dice=("A", "A"))
    bird = token(game, 5, "TT")
    cascade = game.apply(Roll())
    # Protected: not activated. (A Tori-tori of 10 comes and eats the tree of 5.)
    assert game.pile_of(bird) == (bird,) and game.where(bird)[0] == 5
    assert all(e.touched["tokens"][0] != bird for e in cascade.of_kind("eat", "starve"))
    assert len(cascade.of_kind("eat", "starve", "dies")) == 4  # the four others


# -- Example 12 — Inara: Move another pawn x2, Study, Veterinary -------------------------------

EXAMPLE_12 = {1: ["NT", "NT"], 2: ["TT", "NT"], 3: ["NT", "NT", "NT"], 4: ["CT", "GP", "FX"],
              5: ["TT", "NT"], 6: ["NT"], 7: ["NT", "NT"], 8: ["GP", "GP"], 9: ["IB", "NT"],
              10: ["TT", "TT"], 11: ["IB", "IB", "NT"], 12: ["TT", "NT"]}


def example_12(changes=None):
    return build({**EXAMPLE_12, **(changes or {})}, active="yellow", stage="actions",
                 pawns={"yellow": 4, "red": 5, "green": 3, "blue": 10},
                 protecting={"red": (5, "TT")},
                 markers={"yellow": "S1", "red": "W3", "green": "N2", "blue": "W1"})


def test_example_12_inara_move_another_pawn_study_veterinary():
    game = example_12()
    before, stock = board(game), supply(game)
    red = SEAT["red"]
    with pytest.raises(IllegalAction, match="Move another pawn"):
        game.apply(MoveOther(red, "move", ("11",)))  # diagonal: red has Move only (D31)
    with pytest.raises(IllegalAction, match="does not hold"):
        game.apply(MoveOther(red, "bicycle", ("11",)))
    with pytest.raises(IllegalAction, match="does not hold Bicycle"):
        game.apply(Bicycle("10"))
    with pytest.raises(IllegalAction, match="does not hold Motorcycle"):
        game.apply(Motorcycle(("10",)))
    cascade = game.apply(MoveOther(red, "move", ("10",)))
    assert game.protecting[red] is None  # the protection ended when the pawn left (D32)
    assert cascade.of_kind("protection_ends")
    game.apply(MoveOther(red, "move", ("11",)))
    game.apply(Study("S2"))
    game.apply(Veterinary(token(game, 4, "CT")))
    assert game.pawns[red] == "11" and game.markers[SEAT["yellow"]] == "S2"
    assert changed(before, game) == {4: ["FX", "GP"]}
    assert supply_change(stock, supply(game)) == {"cat": 1}
    assert not game.village_ok  # Bushes remain in 9 and 11


def test_example_12_variant_veterinary_leaves_what_the_cat_ate():
    game = example_12({4: ["CT>GP", "GP", "FX"]})
    game.apply(MoveOther(SEAT["red"], "move", ("10",)))
    game.apply(MoveOther(SEAT["red"], "move", ("11",)))
    game.apply(Study("S2"))
    game.apply(Veterinary(token(game, 4, "CT>GP")))
    assert sector(game, 4) == ["FX", "GP", "GP"]  # D35: only the Cat leaves


# -- Example 13 — Blas: Plant, Activate Animals x2, Study -> Environmental Report --------------

EXAMPLE_13 = {1: ["NT", "NT"], 2: ["NT"], 3: ["NT", "NT", "NT"], 4: ["GP", "GP", "FX"],
              5: ["NT"], 6: ["NT"], 7: ["CT", "NT", "NT"], 8: ["GP", "GP"], 9: ["IB", "NT"],
              10: ["TT", "TT"], 11: ["IB", "IB", "NT"], 12: ["TT", "NT"]}


def example_13(changes=None):
    return build({**EXAMPLE_13, **(changes or {})}, active="blue", stage="actions",
                 pawns={"blue": 10, "red": 11, "yellow": 4, "green": 3},
                 markers={"blue": "W4", "red": "W3", "yellow": "S2", "green": "N2"})


def test_example_13_blas_plant_activate_animals_environmental_report():
    game = example_13()
    before, stock = board(game), supply(game)
    game.apply(Plant())
    assert sector(game, 10) == ["NT", "TT", "TT"]
    first = game.apply(ActivateAnimal(tokens(game, 10, "TT")[0]))
    assert sector(game, 10) == ["TT", "TT>NT"]
    assert first.of_kind("eat")[0].touched["sectors"] == (10,)
    second = game.apply(ActivateAnimal(token(game, 10, "TT>NT")))
    eat = second.of_kind("eat")[0]
    assert eat.touched["sectors"] == (5, 10)  # 4 has no Vegetation; 5 has the tree
    assert second.of_kind("breed")
    assert game.counts["tori_tori"] == 4 and not game.industry_ok
    report = game.apply(Study("W5"))
    assert game.industry_ok and not game.village_ok and game.outcome is None
    assert report.of_kind("sustainable")[0].cause == report.of_kind("study")[0].index
    assert changed(before, game) == {5: ["TT", "TT"], 10: ["TT"]}
    assert supply_change(stock, supply(game)) == {"tori_tori": -1, "vegetation": 1}


def test_example_13_companion_report_first_then_the_fourth_tori_tori():
    game = example_13({12: ["NT", "NT"]})  # only two Tori-toris
    game.apply(Study("W5"))
    assert not game.industry_ok  # "For it to have effect there must be at least four"
    game.apply(Plant())
    game.apply(ActivateAnimal(tokens(game, 10, "TT")[0]))
    game.apply(ActivateAnimal(token(game, 10, "TT>NT")))  # breeds: three Tori-toris
    assert game.counts["tori_tori"] == 3 and not game.industry_ok


def test_example_13_companion_plain_tori_tori_moves_but_does_not_breed():
    game = example_13()
    game.apply(Plant())
    game.apply(ActivateAnimal(tokens(game, 10, "TT")[0]))
    plain = next(p[-1] for p in game.board[10] if len(p) == 1)
    cascade = game.apply(ActivateAnimal(plain))
    assert cascade.of_kind("eat") and not cascade.of_kind("breed")
    assert sector(game, 5) == ["TT>NT"]


# -- Example 14 — Matilde: Motorcycle, Study, Specialized Animal Tracking, Study ---------------


def test_example_14_matilde_motorcycle_study_specialized_tracking_study():
    start = {1: ["NT", "NT"], 2: ["NT"], 3: ["NT", "NT", "NT"], 4: ["GP", "GP", "FX"],
             5: ["TT", "TT"], 6: ["NT"], 7: ["CT", "NT", "NT"], 8: ["GP", "GP"],
             9: ["IB", "NT"], 10: ["TT"], 11: ["GP", "IB", "IB"], 12: ["TT", "NT"]}
    game = build(start, active="green", stage="actions", industry=True,
                 pawns={"green": 3, "blue": 10, "red": 11, "yellow": 4},
                 markers={"green": "N3", "blue": "W5", "red": "G4", "yellow": "S2"})
    before, stock = board(game), supply(game)
    assert Motorcycle(("5", "11")) in game.legal_actions()
    game.apply(Motorcycle(("10", "11")))
    game.apply(Study("N4"))
    guinea_pig = token(game, 11, "GP")
    assert {a.to for a in game.legal_actions()
            if isinstance(a, SpecializedTracking) and a.token == guinea_pig} == {
        "8", "9", "10", "12"}
    game.apply(SpecializedTracking(guinea_pig, "12"))
    game.apply(Study("N5"))
    assert game.pawns[SEAT["green"]] == "11" and game.markers[SEAT["green"]] == "N5"
    assert changed(before, game) == {11: ["IB", "IB"], 12: ["GP", "NT", "TT"]}
    assert supply_change(stock, supply(game)) == {}


# -- Example 15 — Bastian: Study, Advanced Gardening, Move, Transforming Plants ----------------

EXAMPLE_15 = {1: ["NT", "NT"], 2: ["NT"], 3: ["NT", "NT", "NT"], 4: ["GP", "GP", "FX"],
              5: ["TT", "TT"], 6: ["NT"], 7: ["CT", "NT", "NT"], 8: ["GP", "GP"],
              9: ["IB", "NT"], 10: ["TT"], 11: ["IB", "IB", "IB"], 12: ["TT", "NT", "GP"]}


def example_15(changes=None):
    return build({**EXAMPLE_15, **(changes or {})}, active="red", stage="actions", industry=True,
                 pawns={"red": 11, "green": 11, "blue": 10, "yellow": 4},
                 markers={"red": "G4", "green": "N5", "blue": "W5", "yellow": "S2"})


def play_example_15(game):
    game.apply(Study("G5"))
    game.apply(AdvancedGardening(tuple(sorted(tokens(game, 11, "IB")))))
    game.apply(Move("9"))
    return game.apply(TransformPlant(token(game, 9, "IB")))


def test_example_15_bastian_study_advanced_gardening_move_transforming_plants():
    game = example_15()
    before, stock = board(game), supply(game)
    play_example_15(game)
    assert game.markers[SEAT["red"]] == "G5" and game.pawns[SEAT["red"]] == "9"
    assert changed(before, game) == {9: ["NT", "NT"], 11: []}
    assert game.counts["invasive_bush"] == 0
    assert not game.village_ok  # the Cat of 7 remains
    assert supply_change(stock, supply(game)) == {"vegetation": 3}


def test_example_15_variant_no_cat_left_is_victory():
    game = example_15({7: ["NT", "NT"]})
    last = play_example_15(game)
    assert game.village_ok and game.industry_ok
    assert game.outcome is not None and game.outcome.winners == (0, 1, 2, 3)
    assert game.view()["outcome"]["result"] == "victory"
    sustainable, victory = last.of_kind("sustainable", "victory")
    assert sustainable.cause == last.of_kind("transform")[0].index
    assert victory.cause == sustainable.index
    assert game.legal_actions() == []
