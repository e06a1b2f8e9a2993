"""Components: the box's contents match the rulebook (Components; Distribution of Species
Across the 3 Decks) and every effect is one the engine implements."""

from dataclasses import replace

import pytest

from ecogames.games.biotopes import components as c
from ecogames.games.biotopes.components import (
    BIOTOPE_CARDS,
    DISTRIBUTION,
    SPECIES,
    CubeType,
    Deck,
    EffectKind,
)


def test_88_species_cards_in_three_decks_match_the_distribution_table():
    table = {
        CubeType.INVERTEBRATES: (16, 5, 1),
        CubeType.REPTILES_AMPHIBIANS: (0, 12, 7),
        CubeType.BIRDS: (9, 6, 9),
        CubeType.MAMMALS: (11, 5, 7),
    }
    assert dict(DISTRIBUTION) == table
    assert len(SPECIES) == 88
    for t, counts in table.items():
        for deck, n in zip(c.DECKS, counts):
            assert sum(1 for s in SPECIES.values() if s.deck is deck and s.type is t) == n
    sizes = [sum(1 for s in SPECIES.values() if s.deck is d) for d in c.DECKS]
    assert sizes == [36, 28, 24]


def test_each_deck_has_as_many_cards_of_each_biotope():
    for deck, per in ((Deck.HERBIVORES, 9), (Deck.INSECTIVORES, 7), (Deck.CARNIVORES, 6)):
        for b in c.BIOTOPES:
            assert sum(1 for s in SPECIES.values() if s.deck is deck and s.biotope is b) == per


def test_victory_points_are_the_stars_on_the_backs():
    assert {s.deck: s.vp for s in SPECIES.values()} == {
        Deck.HERBIVORES: 0, Deck.INSECTIVORES: 1, Deck.CARNIVORES: 2}


def test_diets_herbivores_two_plants_and_the_rulebook_examples():
    assert all(s.diet == (CubeType.PLANTS, CubeType.PLANTS)
               for s in SPECIES.values() if s.deck is Deck.HERBIVORES)
    # Adaptation example: "to play the Crested Tit card, Pascal must recycle a Plants cube
    # and an Invertebrates cube".
    assert SPECIES["crested_tit"].diet == (CubeType.PLANTS, CubeType.INVERTEBRATES)
    badger = SPECIES["european_badger"]
    assert (badger.deck, badger.type, badger.biotope.value) == (
        Deck.CARNIVORES, CubeType.MAMMALS, "forests")


def test_the_rulebooks_named_cards_carry_the_effects_it_describes():
    # Primary Production: "she has played the Rose Chafer, which grants her a +1 cube bonus".
    assert SPECIES["rose_chafer"].effect.kind is EffectKind.PRODUCTION
    assert SPECIES["rose_chafer"].effect.count == 1
    # Species Card Actions: the Hazel Dormouse recycles a cube and draws a card.
    dormouse = SPECIES["hazel_dormouse"].effect
    assert (dormouse.kind, dormouse.count, dormouse.icon) == (EffectKind.ACTION_DRAW, 1,
                                                              "action")
    # Card Bonuses: the European Badger, "1 VP per Mammals card present in your Ecosystem".
    badger = SPECIES["european_badger"].effect
    assert (badger.kind, badger.type, badger.count) == (EffectKind.END_BONUS,
                                                        CubeType.MAMMALS, 1)
    # Transfer example cards live in the Wetlands row.
    assert {SPECIES[x].biotope.value for x in ("large_copper", "european_water_vole",
                                               "green_frog")} == {"wetlands"}


def test_effects_are_a_closed_set_and_every_kind_is_used():
    kinds = {s.effect.kind for s in SPECIES.values()}
    kinds |= {b.effect.kind for b in BIOTOPE_CARDS.values()}
    assert kinds == set(EffectKind)
    for s in SPECIES.values():
        assert s.effect.text and s.effect.keyword
    icons = {s.effect.icon for s in SPECIES.values()}
    assert icons == {None, "action", "reaction"}


def test_predatory_defensive_and_reaction_cards_exist_in_each_role():
    count = {k: sum(1 for s in SPECIES.values() if s.effect.kind is k) for k in EffectKind}
    assert count[EffectKind.PREDATORY] >= 10
    assert count[EffectKind.DEFENSIVE] >= 5
    assert count[EffectKind.REACTION] >= 5
    assert count[EffectKind.DOUBLE] >= 3


def test_twenty_biotope_cards_with_basic_and_advanced_sides():
    assert len(BIOTOPE_CARDS) == 20
    for b in c.BIOTOPES:
        habitats = {card.habitat for card in BIOTOPE_CARDS.values() if card.biotope is b}
        assert habitats == set(c.Habitat)
    names = {card.habitat_name for card in BIOTOPE_CARDS.values()}
    assert names == {"Preserved Habitat", "Adapted Habitat", "Favorable Habitat",
                     "Abundant Habitat", "Populous Habitat"}


def test_landscape_tiles_ten_double_sided_and_two_special():
    assert sorted(c.BASIC_TILES, key=int) == [str(i) for i in range(1, 11)]
    for tile in c.BASIC_TILES.values():
        assert set(tile.sides) == {"A", "B"}
        assert all(len(face) == 7 for face in tile.sides.values())
        assert tile.face("A") == f"A{tile.id}"
    assert set(c.SPECIAL_TILES) == {"S1", "S2"}
    assert all(t.special for t in c.SPECIAL_TILES.values())
    # Reference table, tile A1: "Fo We | Fo Gr Gr | Fo Gr".
    a1 = [b.value[:2] for b in c.BASIC_TILES["1"].sides["A"]]
    assert a1 == ["fo", "we", "fo", "gr", "gr", "fo", "gr"]


def test_tokens_cubes_bags_and_environmental_conditions():
    assert c.CUBES_TOTAL == 4 * c.CUBES_PER_COLOUR == 160
    assert c.TERRITORY_TOKENS * c.ECOSYSTEM_BOARDS == 60
    assert c.BAGS == 5
    assert len(c.ENV_TOKENS) == 8
    assert sorted(t.back for t in c.ENV_TOKENS) == ["black"] * 4 + ["gray"] * 4
    assert [s.cycles for s in c.BoardSide] == [6, 5]
    assert dict(c.RESERVE_PER_COLOUR) == {1: 16, 2: 16, 3: 24, 4: 32, 5: 40}


def test_configurations_are_valid_landscapes():
    for n, configs in c.CONFIGURATIONS.items():
        for name, centres in configs.items():
            assert len(centres) == n, name
            cells = [h for centre in centres
                     for h in c.BASIC_TILES["1"].hexes("A", 0, centre)]
            assert len(cells) == len(set(cells)) == 7 * n


def test_rotation_turns_a_tile_around_its_centre():
    tile = c.BASIC_TILES["5"]
    turned = tile.hexes("A", 1, (0, 0))
    assert turned[(0, 0)] is tile.sides["A"][3]
    assert set(turned) == set(tile.hexes("A", 0, (0, 0)))
    assert tile.hexes("A", 6, (0, 0)) == tile.hexes("A", 0, (0, 0))


def test_solo_ranks():
    assert [c.solo_rank(x) for x in (0, 29, 30, 59, 60, 89, 90, 119, 120, 200)] == [
        "Plant", "Plant", "Rose Chafer", "Rose Chafer", "Sand Lizard", "Sand Lizard",
        "Purple Heron", "Purple Heron", "Red Fox", "Red Fox"]


def test_validation_refuses_a_box_that_breaks_the_table():
    cards = dict(SPECIES)
    fox = cards["red_fox"]
    cards["red_fox"] = replace(fox, type=CubeType.BIRDS)
    with pytest.raises(ValueError, match="Carnivores holds"):
        c.validate_species(cards)
    cards = dict(SPECIES)
    cards.pop("red_fox")
    with pytest.raises(ValueError, match="88"):
        c.validate_species(cards)


def test_effects_need_their_parameters():
    with pytest.raises(ValueError, match="needs"):
        c._effect({"kind": "double", "keyword": "x2"}, "test")
    with pytest.raises(ValueError):
        c._effect({"kind": "no_such_kind", "keyword": "?"}, "test")
    with pytest.raises(ValueError, match="not both"):
        c._effect({"kind": "colonize", "keyword": "?", "reward": "card",
                   "action": "expansion", "biotope": "forests"}, "test")
