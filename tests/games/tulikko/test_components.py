"""Components: what the rulebook's component list and notes state, held by the data."""

from collections import Counter

import pytest

from ecogames.games.tulikko import components as c
from ecogames.games.tulikko import patterns


def test_four_maps_of_twenty_spaces_each_symbol_five_times_in_a_different_order():
    assert len(c.MAPS) == 4 and set(c.MAPS) == set(c.ANIMALS)
    for symbols in c.MAPS.values():
        assert len(symbols) == c.CELLS == 20
        assert Counter(symbols) == dict.fromkeys(c.SYMBOLS, 5)
    assert len(set(c.MAPS.values())) == 4


def test_twelve_neutral_tiles_and_twelve_per_map_three_of_each_colour():
    neutral = [t for t in c.TILES if t.back == c.NEUTRAL]
    assert len(neutral) == 12
    assert Counter(t.colour for t in neutral) == dict.fromkeys(c.COLOURS, 3)
    for animal in c.ANIMALS:
        own = [c.TILES[i] for i in c.map_tiles(animal)]
        assert len(own) == 12 and all(t.back == animal for t in own)
        assert Counter(t.colour for t in own) == dict.fromkeys(c.COLOURS, 3)
    assert [t.id for t in c.TILES] == list(range(len(c.TILES)))


def test_tokens_per_player():
    assert (c.ANIMAL_TOKENS, c.RIVER_TOKENS) == (12, 6)


def test_central_board_has_a_side_per_symbol_and_a_cross_of_five_slots():
    assert set(c.SIDE_SYMBOL) == set(c.SIDES) and set(c.SIDE_SYMBOL.values()) == set(c.SYMBOLS)
    assert len(c.SLOTS) == 5
    for side in c.SIDES:
        entry, middle, far = c.LINE_FROM[side]
        assert entry == side and middle == c.CENTER and far == c.OPPOSITE[side]


def test_twenty_nine_landscape_cards_nine_shape_eight_river_twelve_color():
    kinds = Counter(card.type for card in c.LANDSCAPE_CARDS)
    assert kinds == {"shape": 9, "river": 8, "color": 12}
    assert len(c.CARDS) == 29


def test_some_cards_carry_the_beginner_icon_and_each_type_keeps_cards_without_it():
    assert any(card.icon for card in c.LANDSCAPE_CARDS)
    for kind in c.CARD_TYPES:
        everyday = c.cards_of_type(kind, beginner=True)
        assert everyday and len(everyday) < len(c.cards_of_type(kind))
        assert not any(c.CARDS[i].icon for i in everyday)


def test_the_landscape_card_descriptions_are_all_present():
    texts = {card.text for card in c.LANDSCAPE_CARDS}
    assert any("four corners" in t for t in texts)
    assert any("all four different colors" in t for t in texts)
    assert any("≠" in t for t in texts)
    assert any("line of four" in t for t in texts)
    assert any("adjacent edges" in t for t in texts)
    assert any("opposite edges" in t for t in texts)
    assert any("six river tokens" in t for t in texts)
    assert sum(card.test == "river_shape" for card in c.LANDSCAPE_CARDS) >= 1
    colour_cards = [card for card in c.LANDSCAPE_CARDS if card.type == "color"]
    assert all(len(card.cells) == 4 and None not in card.colours for card in colour_cards)


def test_colour_cards_are_all_different_even_up_to_rotation():
    seen = set()
    for card in c.LANDSCAPE_CARDS:
        if card.type != "color":
            continue
        tl, tr, bl, br = card.colours
        ring = (tl, tr, br, bl)
        rotations = {ring[i:] + ring[:i] for i in range(4)}
        assert not rotations & seen, card.id
        seen |= rotations


def test_every_card_fits_the_map_somewhere():
    for card in c.LANDSCAPE_CARDS:
        if card.test == "tiles":
            assert patterns.tile_placements(card.id)
        elif card.test == "river_shape":
            assert patterns.river_placements(card.id)


def test_eight_aurora_tiles_two_per_colour_one_effect_per_colour():
    assert len(c.AURORA_TILES) == 8
    assert Counter(a.split("-")[0] for a in c.AURORA_TILES) == dict.fromkeys(c.COLOURS, 2)
    assert sorted(c.AURORA_EFFECT) == sorted(c.COLOURS)
    assert len(set(c.AURORA_EFFECT.values())) == 4


@pytest.mark.parametrize("a,b", [(0, 1), (0, 4), (5, 9), (18, 19)])
def test_a_border_is_the_segment_between_two_neighbouring_spaces(a, b):
    (p, q) = c.border(a, b)
    assert c.border(b, a) == (p, q)
    assert abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1
