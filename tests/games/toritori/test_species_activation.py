"""How to Solve the Activation Cards — 3. Species Activation cards (SP1-SP4, D21, D22)."""

from __future__ import annotations

from ecogames.games.toritori import ChooseFirst
from tests.games.toritori.scenario import changed, roll, sector, solve, token

RESERVE = {6: ["TT", "GP", "FX"], 12: ["NT", "NT"], 2: ["IB"]}


def test_species_activation_every_token_from_the_lowest_numbered_sector():
    start = {1: ["FX"], 7: ["GP", "NT"], 3: ["FX"], 5: ["GP", "TT"], 12: ["NT"],
             2: ["GP", "IB"]}
    game, before, _ = solve(start, "foxes")
    cascade = roll(game)
    eats = cascade.of_kind("eat")
    assert [e.touched["sectors"] for e in eats] == [(1, 7), (3, 5)]
    assert changed(before, game) == {1: [], 3: [], 5: ["FX>GP", "TT"], 7: ["FX>GP", "NT"]}


def test_species_activation_cats_card_with_no_cat_has_no_effect():
    game, before, _ = solve(RESERVE, "cats")
    cascade = roll(game)
    assert changed(before, game) == {}
    assert "no Cats" in cascade.of_kind("no_effect")[0].text


def test_species_activation_newborn_in_a_higher_sector_is_not_activated():
    # The Guinea pig of 2 eats in 9 and its newborn goes there; 9 is not activated again.
    start = {**RESERVE, 2: ["GP"], 9: ["NT", "FX", "IB"], 11: ["NT"]}
    game, before, _ = solve(start, "guinea_pigs")
    cascade = roll(game)
    assert changed(before, game)[9] == ["FX", "GP", "IB"]
    assert sector(game, 2) == ["GP"]
    activated = [e.touched["tokens"][0] for e in cascade.of_kind("eat", "starve", "dies")]
    assert len(activated) == len(set(activated))  # nobody activated twice
    assert len(activated) == 2  # the Guinea pig of 2 and that of 6


def test_species_activation_team_chooses_within_a_sector():
    start = {**RESERVE, 10: ["TT>NT", "TT"], 5: ["NT"]}
    game, _, _ = solve(start, "tori_toris")
    roll(game)
    # sector 6's Tori-tori comes first (lowest sector); then 10's two differ: the team chooses
    assert game.stage == "choose_first"
    game.apply(ChooseFirst(token(game, 10, "TT")))
    assert game.stage == "actions"
    assert sector(game, 5) == ["TT>NT"]


def test_species_activation_protected_token_is_not_activated():
    start = {**RESERVE, 10: ["GP"], 11: ["NT"]}
    game, before, _ = solve(start, "guinea_pigs", pawns={"red": 10},
                            protecting={"red": (10, "GP")})
    roll(game)
    assert sector(game, 10) == ["GP"] and sector(game, 11) == ["NT"]
    assert 6 in changed(before, game)  # the other Guinea pig fed
