"""The landscape cards' placements, enumerated directly (a quarter turn and a translation),
agree with networkx's subgraph isomorphism on direction-labelled graphs, the independent
definition of a match; and reading a map through them agrees with a plain reading of those
networkx placements on random maps."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecogames.games.tulikko import components as c
from ecogames.games.tulikko import patterns as p

ROTATING_TILES = [card for card in c.LANDSCAPE_CARDS if card.test == "tiles" and not card.fixed]
TILE_CARDS = [card for card in c.LANDSCAPE_CARDS if card.test == "tiles"]
RIVER_SHAPES = [card for card in c.LANDSCAPE_CARDS if card.test == "river_shape"]


def _keys(placements: list[dict]) -> set[tuple]:
    return {tuple(sorted(m.items())) for m in placements}


def _river_corners(card: c.LandscapeCard) -> list[c.Point]:
    return sorted({q for seg in card.segments for q in seg})


@pytest.mark.parametrize("card", ROTATING_TILES, ids=lambda card: card.id)
def test_tile_placements_match_subgraph_isomorphism(card):
    pairs = p._pairs_within(card.cells)
    fast = p.rigid_placements(p.MAP_POINTS, p.MAP_PAIRS, card.cells, pairs)
    reference = p.embeddings(p.map_digraph(), card.cells, pairs)
    assert len(fast) == len(reference)
    assert _keys(fast) == _keys(reference)


@pytest.mark.parametrize("card", RIVER_SHAPES, ids=lambda card: card.id)
def test_river_placements_match_subgraph_isomorphism(card):
    corners = _river_corners(card)
    fast = p.rigid_placements(p.BORDER_CORNERS, p.BORDERS, corners, card.segments)
    reference = p.embeddings(p.lattice_digraph(), corners, card.segments)
    assert len(fast) == len(reference)
    assert _keys(fast) == _keys(reference)


def test_the_borders_are_the_lattice_graph_of_networkx():
    lattice = p.lattice_digraph()
    assert set(p.BORDER_CORNERS) == set(lattice.nodes)
    assert {frozenset(b) for b in p.BORDERS} == {frozenset(e) for e in lattice.edges}


def test_a_disconnected_pattern_is_refused():
    with pytest.raises(ValueError, match="connected"):
        p.rigid_placements(p.MAP_POINTS, p.MAP_PAIRS, [(0, 0), (0, 2)], [])


@cache
def _networkx_tiles(card_id: str) -> list[list[c.Point]]:
    card = c.CARDS[card_id]
    if card.fixed:
        return [list(card.cells)]
    found = p.embeddings(p.map_digraph(), card.cells, p._pairs_within(card.cells))
    return [[placed[q] for q in card.cells] for placed in found]


@cache
def _networkx_rivers(card_id: str) -> list[dict[c.Point, c.Point]]:
    card = c.CARDS[card_id]
    return p.embeddings(p.lattice_digraph(), _river_corners(card), card.segments)


def _reference_tiles_met(card: c.LandscapeCard, colours: list[int]) -> bool:
    """The card read plainly from networkx's placements, one cell at a time."""
    for points in _networkx_tiles(card.id):
        got = [colours[c.cell_of(*q)] for q in points]
        if p.EMPTY in got:
            continue
        if card.colours and any(want is not None and c.COLOUR_INDEX[want] != have
                                for want, have in zip(card.colours, got)):
            continue
        if any(got[i] == got[j] for i, j in card.differ):
            continue
        if card.all_different and len(set(got)) < len(got):
            continue
        return True
    return False


maps = st.lists(st.sampled_from([p.EMPTY, *range(len(c.COLOURS))]),
                min_size=c.CELLS, max_size=c.CELLS)


@settings(max_examples=150, deadline=None)
@given(colours=maps)
def test_tiles_met_agrees_with_networkx_on_random_maps(colours):
    for card in TILE_CARDS:
        assert p.tiles_met(card, colours) == _reference_tiles_met(card, colours), card.id


@settings(max_examples=150, deadline=None)
@given(chosen=st.sets(st.sampled_from(sorted(p._segment_cells().values())), max_size=8))
def test_river_shapes_agree_with_networkx_on_random_rivers(chosen):
    by_segment = p._segment_cells()
    for card in RIVER_SHAPES:
        expected = any(all(by_segment[p._seg(placed[a], placed[b])] in chosen
                           for a, b in card.segments) for placed in _networkx_rivers(card.id))
        assert p.rivers_met(card, list(chosen)) == expected, card.id


COLOUR_SQUARES = [card for card in c.LANDSCAPE_CARDS if card.id.startswith("color-")]


@pytest.mark.parametrize("card", COLOUR_SQUARES, ids=lambda card: card.id)
def test_a_colour_square_needs_every_one_of_its_four_colours(card):
    """Color cards: the square shows the card's colours, each space its own (a quarter turn
    of the whole square also counts); one space of another colour is not the card."""
    tl, tr, bl, br = (c.COLOUR_INDEX[name] for name in card.colours)
    turns = {ring[i:] + ring[:i] for ring in [(tl, tr, br, bl)] for i in range(4)}
    square = [c.cell_of(1, 1), c.cell_of(1, 2), c.cell_of(2, 2), c.cell_of(2, 1)]  # ring order
    refused = 0
    for corner in range(4):
        for colour in range(len(c.COLOURS)):
            ring = [tl, tr, br, bl]
            ring[corner] = colour
            shown = [p.EMPTY] * c.CELLS
            for cell, shows in zip(square, ring):
                shown[cell] = shows
            met = tuple(ring) in turns
            refused += not met
            assert p.tiles_met(card, shown) == met, (corner, colour)
    assert refused >= 4
