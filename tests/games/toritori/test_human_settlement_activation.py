"""How to Solve the Activation Cards — 2. Human Settlement Activation cards: the Village and
the Industry (HS1-HS5, D26, D27). Village neighbours: 1 and 4; around the Industry: 3, 4, 5,
7, 10."""

from __future__ import annotations

from ecogames.games.toritori import ChooseFood
from tests.games.toritori.scenario import changed, roll, sector, solve, supply, supply_change, token

RESERVE = {6: ["TT", "GP", "FX"], 12: ["NT", "NT"], 2: ["IB"]}
"""Living natives far from both settlements."""


def test_village_cat_enters_the_lowest_numbered_sector_with_food_of_its_preference():
    # HS2, D26: "A Cat enters one of the sectors orthogonally adjacent to the Village, with the
    # lowest number and that has food of its preference". 1 has a Guinea pig (2nd preference),
    # 4 a Tori-tori (1st): sector 1 is the lowest-numbered sector with Cat food, so the Cat lies
    # on its Guinea pig.
    game, before, stock = solve({**RESERVE, 1: ["GP"], 4: ["TT"]}, "village")
    cascade = roll(game)
    assert changed(before, game) == {1: ["CT>GP"]}
    assert supply_change(stock, supply(game)) == {"cat": -1}
    assert cascade.of_kind("cat_enters")[0].touched["edges"] == (("guinea_pig", "cat"),)


def test_village_cat_lies_on_its_first_preference_within_the_sector():
    # In the sector it enters, the Cat "will always choose its first preference".
    game, before, _ = solve({**RESERVE, 1: ["GP", "TT"], 4: ["TT"]}, "village")
    cascade = roll(game)
    assert changed(before, game) == {1: ["CT>TT", "GP"]}
    assert cascade.of_kind("cat_enters")[0].touched["edges"] == (("tori_tori", "cat"),)


def test_village_cat_skips_a_foodless_lower_sector():
    game, before, _ = solve({**RESERVE, 1: ["NT", "FX"], 4: ["GP"]}, "village")
    roll(game)
    assert changed(before, game) == {4: ["CT>GP"]}


def test_village_cat_lowest_numbered_sector_with_food():
    game, before, _ = solve({**RESERVE, 1: ["GP"], 4: ["GP"]}, "village")
    roll(game)
    assert changed(before, game) == {1: ["CT>GP"]}


def test_village_cat_without_food_takes_the_lowest_numbered_sector_with_space():
    game, before, _ = solve({**RESERVE, 1: ["NT", "NT", "NT"], 4: ["FX"]}, "village")
    roll(game)
    assert changed(before, game) == {4: ["CT", "FX"]}


def test_village_no_food_and_no_space_has_no_effect():
    game, before, stock = solve({**RESERVE, 1: ["NT", "NT", "NT"], 4: ["NT", "FX", "IB"]},
                                "village")
    cascade = roll(game)
    assert changed(before, game) == {} and supply_change(stock, supply(game)) == {}
    assert "no sector next to the Village" in cascade.of_kind("no_effect")[0].text


def test_village_sustainable_has_no_effect():
    # A sustainable Village: no Cat nor Bush is left on the island (D40).
    game, before, _ = solve({6: ["TT", "GP", "FX"], 12: ["NT", "NT"], 1: ["GP"]}, "village",
                            village=True)
    cascade = roll(game)
    assert changed(before, game) == {}
    assert "sustainable" in cascade.of_kind("no_effect")[0].text


def test_village_without_a_cat_token_has_no_effect():
    cats = {3: ["CT", "CT", "CT"], 5: ["CT", "CT", "CT"], 8: ["CT", "CT"]}
    game, before, _ = solve({**RESERVE, **cats, 1: ["GP"]}, "village")
    assert game.supply("cat") == 0
    roll(game)
    assert changed(before, game) == {}


def test_village_the_team_chooses_among_different_food_piles():
    game, _, _ = solve({**RESERVE, 1: ["TT", "TT>NT"]}, "village")
    roll(game)
    assert game.stage == "choose_food"
    assert game.view()["decision"]["prompt"].endswith("the Cat entering from the Village eat?")
    game.apply(ChooseFood(token(game, 1, "TT>NT")))
    assert sector(game, 1) == ["CT>TT>NT", "TT"]
    assert game.stage == "actions"  # the Cat is placed, not activated: it does not breed


def test_village_protected_food_is_not_food():
    game, before, _ = solve({**RESERVE, 1: ["GP"], 4: ["GP"]}, "village", pawns={"red": 1},
                            protecting={"red": (1, "GP")})
    roll(game)
    assert changed(before, game) == {4: ["CT>GP"]}


def test_industry_removes_the_native_trees_of_the_five_sectors_around_it():
    start = {**RESERVE, 3: ["NT"], 4: ["NT", "TT>NT"], 5: ["NT", "IB"], 7: ["NT", "NT"],
             10: ["NT"], 11: ["NT"], 1: ["NT"]}
    game, before, stock = solve(start, "industry")
    cascade = roll(game)
    # "all Native Tree tokens are removed from these sectors": the one under the Tori-tori of
    # 4 too (D27); Bushes, and the sectors not around the Industry (1, 11), keep theirs.
    assert changed(before, game) == {3: [], 4: ["TT"], 5: ["IB"], 7: [], 10: []}
    assert supply_change(stock, supply(game)) == {"vegetation": 7}
    assert len(cascade.of_kind("disaster")) == 7
    assert game.counts["native_tree"] == 4 and game.view()["counts"]["native_tree"] == 4


def test_industry_removes_the_trees_under_animals_and_keeps_the_animals():
    # A tree at the bottom of a pile leaves it; the animals above it stay where they were.
    start = {**RESERVE, 10: ["FX>TT>NT", "TT>NT"], 4: ["CT>TT>NT"]}
    game, before, stock = solve(start, "industry")
    cat = token(game, 4, "CT>TT>NT")
    cascade = roll(game)
    assert changed(before, game) == {10: ["FX>TT", "TT"], 4: ["CT>TT"]}
    assert supply_change(stock, supply(game)) == {"vegetation": 3}
    assert game.where(cat) == (4, 0)
    texts = [e.text for e in cascade.of_kind("disaster")]
    assert any("under" in text for text in texts), texts


def test_industry_removing_the_last_native_trees_under_animals_is_defeat():
    # D19 and D27 agree: the trees under animals are on the board until the Industry removes
    # them, and then they are gone, so the Native Trees go extinct.
    start = {6: ["GP", "FX"], 10: ["TT>NT"], 5: ["TT>NT"], 2: ["TT", "IB"]}
    game, _, _ = solve(start, "industry")
    assert game.counts["native_tree"] == 2
    cascade = roll(game)
    assert game.outcome is not None and "Native Trees" in game.outcome.reason
    assert game.counts["native_tree"] == 0 and cascade.events[-1].kind == "defeat"


def test_industry_sustainable_has_no_effect():
    game, before, _ = solve({**RESERVE, 3: ["NT"]}, "industry", industry=True,
                            markers={"blue": "W5"})
    roll(game)
    assert changed(before, game) == {}


def test_industry_removing_the_last_native_trees_is_defeat_at_once():
    start = {6: ["TT", "GP", "FX"], 3: ["NT", "NT"], 10: ["NT"], 2: ["IB"]}
    game, _, _ = solve(start, "industry")
    cascade = roll(game)
    assert game.outcome is not None and "Native Trees" in game.outcome.reason
    assert len(cascade.of_kind("disaster")) == 3 and cascade.events[-1].kind == "defeat"
