"""How to Solve the Activation Cards — 1. Common Sector Activation cards: the order of
activation, Invasive Bushes, and Animals (Feeding, Moving, Breeding, Dying).

Rulebook numbering (orthogonal neighbours): 1: 7 | 2: 9 12 | 3: 5 | 4: 7 9 10 | 5: 3 8 10 |
6: 8 12 | 7: 1 4 | 8: 5 6 11 | 9: 2 4 11 | 10: 4 5 11 | 11: 8 9 10 12 | 12: 2 6 11.
"""

from __future__ import annotations

from ecogames.games.toritori import ActivateAnimal, ChooseFirst, ChooseFood, Roll
from tests.games.toritori.scenario import (
    build,
    changed,
    kinds,
    roll,
    sector,
    solve,
    supply,
    supply_change,
    token,
)

RESERVE = {1: ["TT", "GP", "FX"], 7: ["NT", "CT"]}
"""Living natives out of the way (1 and 7 touch only each other and 4)."""


# -- the order of activation (CS1, CS2, IB1, AN7) ---------------------------------------------


def test_common_sector_activation_order_bush_cat_guinea_pig_fox_tori_tori():
    # 8 holds a Guinea pig, a Fox and a Tori-tori: the Guinea pig goes first and leaves for the
    # tree of 5, so the Fox (activated next) eats its second preference, the Tori-tori, which
    # is then covered and is not activated.
    game, before, _ = solve({**RESERVE, 8: ["TT", "FX", "GP"], 5: ["NT"]}, "sector_8")
    cascade = roll(game)
    assert changed(before, game) == {5: ["GP", "GP"], 8: ["FX>TT"]}
    eats = cascade.of_kind("eat")
    assert [e.touched["edges"][0] for e in eats] == [("native_tree", "guinea_pig"),
                                                     ("tori_tori", "fox")]


def test_common_sector_activation_bush_first_then_the_guinea_pig_eats_the_bush():
    # The Bush turns the only tree of 5; the Guinea pig then finds only its 2nd preference.
    game, before, _ = solve({**RESERVE, 5: ["GP", "IB", "NT"], 3: ["NT"]}, "sector_5")
    cascade = roll(game)
    assert kinds(cascade)[1:5] == ["card", "spread", "eat", "breed"]
    spread, eat = cascade.of_kind("spread", "eat")
    assert eat.touched["edges"] == (("invasive_bush", "guinea_pig"),)
    assert eat.cause == spread.index  # the bush spread, so the guinea pig ate a bush
    assert changed(before, game)[5] == ["GP", "GP", "IB"]


def test_common_sector_activation_native_tree_has_no_effect():
    game, before, _ = solve({**RESERVE, 5: ["NT", "NT"]}, "sector_5")
    cascade = roll(game)
    assert changed(before, game) == {}
    assert cascade.of_kind("no_effect")


def test_common_sector_activation_team_chooses_between_different_tokens_of_one_species():
    # Two different Tori-toris in 10 and one tree nearby: which goes first matters (CS4, D22).
    start = {**RESERVE, 10: ["TT>NT", "TT"], 5: ["NT"], 11: ["FX"]}
    game, before, _ = solve(start, "sector_10")
    cascade = roll(game)
    assert game.stage == "choose_first" and cascade.of_kind("decide")
    fed, plain = token(game, 10, "TT>NT"), token(game, 10, "TT")
    assert sorted(game.legal_actions(), key=lambda a: a.token) == sorted(
        [ChooseFirst(fed), ChooseFirst(plain)], key=lambda a: a.token)
    decision = game.view()["decision"]
    assert decision["kind"] == "choose_first" and sorted(decision["options"]) == sorted(
        [fed, plain])
    assert "Tori-tori" in decision["prompt"]
    other = game.clone()
    # The one that has fed goes first: it eats the tree of 5 and breeds; the other starves.
    game.apply(ChooseFirst(fed))
    assert changed(before, game) == {5: ["TT", "TT"], 10: []}
    assert game.stage == "actions"
    # The other way round: the plain one eats, the fed one loses its tree and moves to 4.
    other.apply(ChooseFirst(plain))
    assert changed(before, other) == {4: ["TT"], 5: ["TT>NT"], 10: []}


def test_common_sector_activation_identical_tokens_need_no_choice():
    game, before, _ = solve({**RESERVE, 10: ["TT", "TT"], 5: ["NT"], 4: ["NT"]}, "sector_10")
    cascade = roll(game)
    assert game.stage == "actions" and not cascade.of_kind("decide")
    assert changed(before, game) == {4: ["TT>NT"], 5: ["TT>NT"], 10: []}


def test_common_sector_activation_eaten_token_is_not_activated():
    # The Cat eats the Tori-tori of its sector before the Tori-tori's turn (D19, D21).
    game, before, _ = solve({**RESERVE, 5: ["TT", "CT"], 3: ["NT"], 12: ["TT"]}, "sector_5")
    cascade = roll(game)
    assert changed(before, game) == {5: ["CT>TT"]}
    assert len(cascade.of_kind("eat")) == 1


# -- Invasive Bushes (IB1-IB4) ----------------------------------------------------------------


def test_invasive_bushes_turn_a_tree_of_their_own_sector():
    game, before, _ = solve({**RESERVE, 11: ["IB", "NT"], 8: ["NT"]}, "sector_11")
    roll(game)
    assert changed(before, game) == {11: ["IB", "IB"]}


def test_invasive_bushes_then_the_lowest_numbered_adjacent_sector_with_a_tree():
    game, before, stock = solve({**RESERVE, 11: ["IB"], 9: ["NT"], 12: ["NT"], 10: ["GP"]},
                                "sector_11")
    cascade = roll(game)
    assert changed(before, game) == {9: ["IB"]}  # 8 and 10 have no tree; 9 < 12
    assert supply_change(stock, supply(game)) == {}
    assert cascade.of_kind("spread")[0].touched["sectors"] == (9, 11)


def test_invasive_bushes_no_tree_no_effect_and_covered_trees_are_safe():
    # The tree of 11 lies under a (protected, so not activated) Tori-tori.
    game, before, _ = solve({**RESERVE, 11: ["IB", "TT>NT"], 12: ["GP"]}, "sector_11",
                            pawns={"blue": 11}, protecting={"blue": (11, "TT>NT")})
    cascade = roll(game)
    assert changed(before, game) == {}
    assert "finds no Native Tree" in cascade.of_kind("no_effect")[0].text


def test_invasive_bushes_turning_the_last_native_tree_is_extinction():
    start = {1: ["TT", "GP", "FX"], 11: ["IB", "NT"]}
    game, _, _ = solve(start, "sector_11")
    cascade = roll(game)
    assert game.outcome is not None and game.outcome.winners == ()
    assert "Native Trees went extinct" in game.outcome.reason
    extinct, defeat = cascade.of_kind("extinct", "defeat")
    assert extinct.cause == cascade.of_kind("spread")[0].index and defeat.cause == extinct.index


# -- Animals: Feeding and Moving (AN1-AN7, D23) -------------------------------------------------


def test_feeding_first_preference_in_its_own_sector():
    game, before, _ = solve({**RESERVE, 5: ["TT", "IB", "NT"]}, "sector_5")
    roll(game)
    # The Bush turns the tree first (it activates first); the Tori-tori then eats a Bush.
    assert changed(before, game) == {5: ["IB", "TT>IB"]}


def test_feeding_second_preference_in_its_own_sector_before_moving():
    # Only Tori-toris activate (the Tori-toris card): the Bush beside it beats the tree of 4.
    start = {1: ["GP", "FX"], 7: ["NT", "CT"], 10: ["TT", "IB"], 4: ["NT"]}
    game, before, _ = solve(start, "tori_toris")
    roll(game)
    assert changed(before, game) == {10: ["TT>IB"]}


def test_moving_first_preference_next_door_before_second_preference_next_door():
    # D23 (as Examples 2 and 4 require): 4 has a Bush, 11 a tree; the tree wins though 4 < 11.
    game, before, _ = solve({**RESERVE, 10: ["GP"], 4: ["IB"], 11: ["NT"]}, "sector_10")
    cascade = roll(game)
    assert changed(before, game) == {10: [], 11: ["GP", "GP"]}
    assert cascade.of_kind("eat")[0].touched["sectors"] == (10, 11)


def test_moving_second_preference_next_door_lowest_number():
    game, before, _ = solve({**RESERVE, 10: ["TT"], 11: ["IB"], 5: ["IB"], 3: ["NT"]},
                            "sector_10")
    roll(game)
    assert changed(before, game) == {10: [], 5: ["TT>IB"]}  # 3 is not next to 10


def test_feeding_eater_takes_its_pile_along_and_needs_no_space():
    # 5 is full but the Fox lies on the Guinea pig there (D17, D18).
    start = {**RESERVE, 10: ["FX>TT"], 5: ["GP", "NT", "NT"], 4: ["NT"]}
    game, before, _ = solve(start, "sector_10")
    cascade = roll(game)
    assert changed(before, game) == {10: [], 5: ["FX>TT>GP", "NT", "NT"]}
    assert cascade.of_kind("eat")[0].touched["edges"] == (("guinea_pig", "fox"),)


def test_feeding_the_team_chooses_among_different_food_piles():
    # The Cat of 4 (Activate Animals) can eat a plain Tori-tori or one that has eaten (D23).
    start = {**RESERVE, 4: ["CT", "TT", "TT>NT"], 12: ["NT"]}
    game = build(start, active="red", stage="actions", pawns={"red": 4},
                 markers={"red": "W4"})
    cat = token(game, 4, "CT")
    game.apply(ActivateAnimal(cat))
    assert game.stage == "choose_food" and game.points == 3
    options = {token(game, 4, "TT"), token(game, 4, "TT>NT")}
    assert set(game.view()["decision"]["options"]) == options
    assert {a.token for a in game.legal_actions()} == options
    twin = game.clone()
    cascade = game.apply(ChooseFood(token(game, 4, "TT>NT")))
    assert cascade.of_kind("eat")[0].text == (
        "The Cat of sector 4 eats a Tori-tori (with a Native Tree underneath): both tokens go "
        "under the Cat, still on the island (and counted) until the Cat breeds or goes hungry")
    # Two tokens underneath: the Cat breeds at once (D24); the newborn stays in 4.
    assert sector(game, 4) == ["CT", "CT", "TT"] and cascade.of_kind("breed")
    assert game.stage == "actions" and game.points == 3
    twin.apply(ChooseFood(token(twin, 4, "TT")))
    assert sector(twin, 4) == ["CT>TT", "TT>NT"]


def test_feeding_identical_food_piles_need_no_choice():
    game, _, _ = solve({**RESERVE, 4: ["CT", "GP", "GP"], 12: ["NT"]}, "sector_4")
    cascade = roll(game)
    assert not cascade.of_kind("decide") and game.stage == "actions"
    assert "CT>GP" in sector(game, 4)


# -- Breeding (AN8-AN11, D20, D24) ------------------------------------------------------------


def test_breeding_thresholds_guinea_pig_1_tori_tori_2_cat_2_fox_3():
    start = {**RESERVE, 3: ["TT>NT", "NT"], 8: ["FX>GP>NT", "TT"], 11: ["CT>GP", "TT"],
             12: ["GP", "NT"]}
    for card, expected in [("sector_3", ["TT", "TT"]), ("sector_12", ["GP", "GP"]),
                           ("sector_11", ["CT", "CT"])]:
        game, _, _ = solve(start, card)
        roll(game)
        assert sector(game, int(card.split("_")[1])) == expected, card
    # The Fox with two tokens underneath eats a third and breeds: A Fox needs three.
    game, _, _ = solve(start, "sector_8")
    roll(game)
    assert sector(game, 8) == ["FX", "FX"]


def test_breeding_removes_only_the_tokens_needed_from_the_bottom():
    # A Fox with four tokens underneath after eating keeps the top one (D20).
    start = {**RESERVE, 8: ["FX>TT>NT", "TT>IB"]}
    game, _, stock = solve(start, "sector_8")
    roll(game)
    assert sector(game, 8) == ["FX", "FX>TT"]
    assert supply_change(stock, supply(game)) == {"fox": -1, "tori_tori": 1, "vegetation": 2}


def test_breeding_newborn_goes_to_the_lowest_adjacent_sector_with_space():
    # The Guinea pig leaves 3 for the tree of a full 5; its newborn goes to 3 (5's lowest
    # neighbour with space).
    start = {**RESERVE, 3: ["GP"], 5: ["NT", "FX", "IB"], 8: ["NT"]}
    game, before, _ = solve(start, "sector_3")
    cascade = roll(game)
    assert changed(before, game) == {5: ["FX", "GP", "IB"]}
    assert sector(game, 3) == ["GP"]  # the newborn, where its parent came from
    assert "in sector 3" in cascade.of_kind("breed")[0].text


def test_breeding_without_a_token_in_the_supply_loses_the_tokens_underneath():
    # D9: all 10 Guinea pig tokens are on the island; the one that eats cannot breed.
    start = {**RESERVE, 2: ["GP", "GP", "GP"], 6: ["GP", "GP", "GP"], 9: ["GP", "GP"],
             12: ["GP", "NT"]}
    game, _, stock = solve(start, "sector_12")
    assert game.supply("guinea_pig") == 0
    cascade = roll(game)
    assert sector(game, 12) == ["GP"]
    assert supply_change(stock, supply(game)) == {"vegetation": 1}
    assert cascade.of_kind("breed_fails")


def test_breeding_that_fails_loses_every_token_underneath():
    # "animals do not breed, losing the tokens they had underneath them" (D9, D20): all six Fox
    # tokens are on the island; the Fox of 10 eats a fed Tori-tori and has four tokens under
    # it, enough to breed, but no Fox token is left: all four are lost, not only one.
    start = {**RESERVE, 10: ["FX>GP>GP", "TT>NT"], 3: ["FX", "FX"], 8: ["FX", "FX"]}
    game, _, stock = solve(start, "sector_10")
    assert game.supply("fox") == 0
    cascade = roll(game)
    assert sector(game, 10) == ["FX"]
    assert supply_change(stock, supply(game)) == {"vegetation": 1, "tori_tori": 1,
                                                  "guinea_pig": 2}
    (fails,) = cascade.of_kind("breed_fails")
    assert len(fails.touched["tokens"]) == 5  # the Fox and the four tokens it loses


def test_breeding_fox_and_cat_tokens_underneath_need_not_be_their_food():
    # AN11: the Fox eats a Tori-tori that had eaten a tree: two tokens underneath at once.
    start = {**RESERVE, 10: ["FX", "TT>NT"]}
    game, before, _ = solve(start, "sector_10")
    roll(game)
    assert changed(before, game) == {10: ["FX>TT>NT"]}


# -- Dying (AN12-AN15, D25) -------------------------------------------------------------------


def test_dying_loses_the_bottom_token_and_moves_to_the_lowest_adjacent_sector_with_space():
    start = {**RESERVE, 10: ["FX>TT>IB"], 4: ["NT", "NT", "NT"], 5: ["NT"], 11: []}
    game, before, stock = solve(start, "sector_10")
    cascade = roll(game)
    assert changed(before, game) == {10: [], 5: ["FX>TT", "NT"]}
    assert supply_change(stock, supply(game)) == {"vegetation": 1}
    starve = cascade.of_kind("starve")[0]
    assert "loses an Invasive Bush" in starve.text and "moves to sector 5" in starve.text


def test_dying_with_no_space_next_door_stays():
    start = {**RESERVE, 3: ["TT>NT"], 5: ["NT", "NT", "NT"]}
    start[5] = ["FX", "FX", "CT"]
    game, before, _ = solve(start, "sector_3")
    roll(game)
    assert changed(before, game) == {3: ["TT"]}


def test_dying_without_tokens_underneath_the_animal_dies():
    start = {**RESERVE, 3: ["GP"], 5: ["FX"]}
    game, before, stock = solve(start, "sector_3")
    cascade = roll(game)
    assert changed(before, game) == {3: []}
    assert supply_change(stock, supply(game)) == {"guinea_pig": 1}
    assert cascade.of_kind("dies") and game.outcome is None


def test_dying_cats_never_die_they_move_anyway():
    start = {**RESERVE, 3: ["CT"], 5: ["NT"]}
    game, before, _ = solve(start, "sector_3")
    roll(game)
    assert changed(before, game) == {3: [], 5: ["CT", "NT"]}
    # With no space next door the Cat stays.
    game, before, _ = solve({**RESERVE, 3: ["CT"], 5: ["NT", "NT", "NT"]}, "sector_3")
    roll(game)
    assert changed(before, game) == {} and sector(game, 3) == ["CT"]
    # A Cat with a token underneath loses it first.
    game, before, stock = solve({**RESERVE, 3: ["CT>GP"], 5: ["NT"]}, "sector_3")
    roll(game)
    assert changed(before, game) == {3: [], 5: ["CT", "NT"]}
    assert supply_change(stock, supply(game)) == {"guinea_pig": 1}


def test_dying_of_the_last_of_a_native_species_is_immediate_defeat():
    # The red die's card kills the last Fox; the sky-blue die's card is not solved.
    start = {1: ["TT", "GP"], 7: ["NT"], 3: ["FX"], 12: ["GP", "NT"], 9: ["IB"]}
    game = build(start, slots={"A": "sector_3", "B": "sector_12"}, dice=("A", "B"))
    cascade = game.apply(Roll())
    assert game.outcome is not None and "Foxes went extinct" in game.outcome.reason
    assert [e.touched["cards"][0] for e in cascade.of_kind("card")] == ["sector_3"]
    assert sector(game, 12) == ["GP", "NT"]
    assert game.phase == "over" and game.legal_actions() == []
    assert game.view()["outcome"] == {"result": "defeat",
                                      "reason": "the Foxes went extinct"}
