"""3A. Landscape cards, and the Landscape Card Descriptions: patterns on the map, matched
with rotations but never flips; two animal tokens (one if it is the last) on the card; each
player fulfils each card once."""

import pytest

from ecogames.core import IllegalAction
from ecogames.games.tulikko import Place, PlaceTokens
from ecogames.games.tulikko import components as c
from ecogames.games.tulikko import patterns as p

from .helpers import FLORA, LETTER, NATASHA, Table

CARD = c.CARDS


def colours(*rows: str) -> list[int]:
    """A map's tile colours from a drawing (G O B P, . empty), padded to 5 x 4."""
    out = [p.EMPTY] * c.CELLS
    for r, row in enumerate(rows):
        for col, ch in enumerate(row):
            if ch != ".":
                out[c.cell_of(r, col)] = c.COLOUR_INDEX[LETTER[ch]]
    return out


def rivers(*pairs: tuple[tuple[int, int], tuple[int, int]]) -> list[tuple[int, int]]:
    """River tokens given by the two spaces (row, col) each lies between."""
    return [c.edge_key(c.cell_of(*a), c.cell_of(*b)) for a, b in pairs]


# -- the rotation example -----------------------------------------------------------------

HOOK_ROTATIONS = [
    ("X...", "X...", "XX.."),
    ("XXX.", "X..."),
    ("XX..", ".X..", ".X.."),
    ("..X.", "XXX."),
]


@pytest.mark.parametrize("art", HOOK_ROTATIONS)
def test_the_four_rotations_of_a_shape_are_valid(art):
    """EXAMPLE: "the following four tile arrangements are valid"."""
    for shift in (0, 1):  # anywhere on the map
        drawn = ["." * shift + row.replace("X", "G")[: 4 - shift] for row in art]
        assert p.tiles_met(CARD["shape-1"], colours(*(["...."] * shift + drawn)))


def test_a_flipped_shape_is_not_valid():
    """EXAMPLE: "this arrangement is not valid, as it has been flipped"."""
    for art in [(".G..", ".G..", "GG.."), ("GGG.", "..G."), ("GG..", "G...", "G..."),
                ("G...", "GGG.")]:
        assert not p.tiles_met(CARD["shape-1"], colours(*art))


def test_colours_do_not_matter_for_shape_cards_and_extra_tiles_do_no_harm():
    assert p.tiles_met(CARD["shape-2"], colours("GOB.", "PPG.", "BBBB"))


def test_some_shapes_have_a_single_valid_orientation_given_their_dimensions():
    """NOTE: "some, given their dimensions, only have one valid orientation" (a line of
    five fits only as a column of the 5 x 4 map)."""
    column = colours("G...", "O...", "B...", "P...", "G...")
    assert p.tiles_met(CARD["shape-5"], column)
    assert all(len({c.row_col(x)[1] for x in cells_}) == 1
               for cells_ in p.tile_placements("shape-5"))
    assert not p.tiles_met(CARD["shape-5"], colours("GOBP", "GOBP"))


def test_four_corners():
    assert p.tiles_met(CARD["shape-6"], colours("G..O", "....", "....", "....", "B..P"))
    assert not p.tiles_met(CARD["shape-6"], colours("G..O", "....", "....", "B..P"))


def test_a_square_of_all_four_colours():
    assert p.tiles_met(CARD["shape-7"], colours(".GO.", ".PB."))
    assert p.tiles_met(CARD["shape-7"], colours(".GO.", ".BP."))
    assert not p.tiles_met(CARD["shape-7"], colours(".GO.", ".GB."))


def test_tiles_separated_by_the_unequal_sign_must_differ():
    card = CARD["shape-8"]  # a T: the middle tile differs from each of the other three
    assert p.tiles_met(card, colours("GOG.", ".G.."))
    assert p.tiles_met(card, colours(".G..", "GOO.", ".G.."))  # a rotation
    assert not p.tiles_met(card, colours("GOO.", ".G.."))


def test_a_line_of_four_different_colours_row_or_column():
    assert p.tiles_met(CARD["shape-9"], colours("....", "GOBP"))
    assert p.tiles_met(CARD["shape-9"], colours("...G", "...B", "...O", "...P"))
    assert not p.tiles_met(CARD["shape-9"], colours("GOBG"))
    assert not p.tiles_met(CARD["shape-9"], colours("GOB.", "...P"))


def test_colour_cards_match_rotations_but_not_flips():
    card = CARD["color-5"]  # green green / purple blue
    assert p.tiles_met(card, colours("GG..", "PB.."))
    assert p.tiles_met(card, colours("..BP", "..GG"))  # half a turn
    assert p.tiles_met(card, colours("PG..", "BG.."))  # a quarter turn
    assert not p.tiles_met(card, colours("GG..", "BP.."))  # flipped
    assert not p.tiles_met(CARD["color-9"], colours("GP..", "OB.."))  # the mirrored wheel
    assert p.tiles_met(CARD["color-10"], colours("GP..", "OB.."))


# -- river cards ------------------------------------------------------------------------------


def test_a_river_shape_and_its_rotations():
    straight = rivers(((0, 0), (1, 0)), ((0, 1), (1, 1)), ((0, 2), (1, 2)))
    assert p.rivers_met(CARD["river-1"], straight)
    upright = rivers(((1, 0), (1, 1)), ((2, 0), (2, 1)), ((3, 0), (3, 1)))
    assert p.rivers_met(CARD["river-1"], upright)
    assert not p.rivers_met(CARD["river-1"], straight[:2])
    bend = rivers(((0, 0), (0, 1)), ((1, 0), (1, 1)), ((1, 1), (2, 1)))
    assert p.rivers_met(CARD["river-2"], bend)
    mirrored = rivers(((0, 0), (0, 1)), ((1, 0), (1, 1)), ((1, 0), (2, 0)))
    assert not p.rivers_met(CARD["river-2"], mirrored)


def test_river_shapes_are_not_flipped_either():
    meander = rivers(((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (2, 1)))
    assert p.rivers_met(CARD["river-3"], meander)
    flipped = rivers(((1, 0), (2, 0)), ((1, 0), (1, 1)), ((0, 1), (1, 1)))
    assert not p.rivers_met(CARD["river-3"], flipped)


def test_an_island_of_river_around_one_tile():
    ring = rivers(((1, 1), (0, 1)), ((1, 1), (1, 2)), ((1, 1), (2, 1)), ((1, 1), (1, 0)))
    assert p.rivers_met(CARD["river-5"], ring)
    assert not p.rivers_met(CARD["river-5"], ring[:3])


def test_join_two_adjacent_edges_with_at_least_four_river_tokens():
    three = rivers(((0, 0), (0, 1)), ((1, 0), (1, 1)), ((1, 0), (2, 0)))  # top to left
    assert p.map_edges_touched(p.river_graph(three).nodes) >= {"top", "left"}
    assert not p.rivers_met(CARD["river-6"], three)
    forked = [*three, c.edge_key(c.cell_of(1, 1), c.cell_of(2, 1))]  # a branch, not longer
    assert not p.rivers_met(CARD["river-6"], forked)
    four = rivers(((0, 0), (0, 1)), ((1, 0), (1, 1)), ((2, 0), (2, 1)), ((2, 0), (3, 0)))
    assert p.rivers_met(CARD["river-6"], four)  # top, down three borders, out to the left
    apart = [*three, c.edge_key(c.cell_of(3, 2), c.cell_of(3, 3))]
    assert not p.rivers_met(CARD["river-6"], apart)


def test_join_two_opposite_edges_with_at_least_four_river_tokens():
    across = rivers(*(((1, col), (2, col)) for col in range(4)))  # left to right
    assert p.rivers_met(CARD["river-7"], across)
    assert not p.rivers_met(CARD["river-7"], across[:3])
    down = rivers(*(((row, 1), (row, 2)) for row in range(5)))  # top to bottom
    assert p.rivers_met(CARD["river-7"], down)
    assert not p.rivers_met(CARD["river-7"], down[:4])  # reaches only the top edge
    assert not p.rivers_met(CARD["river-6"], across)  # left and right are not adjacent


def test_a_continuous_stretch_of_six_river_tokens_in_any_shape():
    six = rivers(((1, 0), (2, 0)), ((1, 1), (2, 1)), ((2, 1), (2, 2)), ((3, 1), (3, 2)),
                 ((3, 2), (4, 2)), ((3, 3), (4, 3)))  # right, down, right: with two bends
    assert p.rivers_met(CARD["river-8"], six)
    broken = [*six[:5], c.edge_key(c.cell_of(0, 2), c.cell_of(0, 3))]
    assert not p.rivers_met(CARD["river-8"], broken)


# -- in play ------------------------------------------------------------------------------------


def natasha_before_her_green_tile():
    table = Table(cards=("shape-5", "river-1", "color-1"))
    table.art(NATASHA, "GG..",
                       "OOO.")
    for a, b in ((0, 4), (1, 5), (0, 1), (4, 5), (5, 6)):
        table.token(NATASHA, a, b)
    table.fulfil(NATASHA, "color-1").fulfil(FLORA, "river-1")
    table.aurora(FLORA, "green-3").aurora(NATASHA, "orange-3")
    table.art(FLORA, "BGGG")
    x = c.cell_of(0, 2)
    side = next(s for s, sym in c.SIDE_SYMBOL.items() if sym == c.MAPS["owl"][x])
    return table.finish(active=NATASHA, stage="place", held="green", side=side,
                        turns={FLORA: 6, NATASHA: 5}), x


def test_natasha_completes_two_objectives_at_once_but_the_colour_card_only_once():
    """EXAMPLE: one river and one animal token; the river card gets two of her animal
    tokens beside Flora's two; she had completed the color card before: nothing more."""
    game, x = natasha_before_her_green_tile()
    assert game.supply[NATASHA] == [12 - 3 - 2, 4]
    game.apply(Place(x))
    green, orange = c.cell_of(0, 1), c.cell_of(1, 2)
    assert game.legal_actions()[0] == PlaceTokens((green, orange))
    cascade = game.apply(PlaceTokens((green, orange)))
    assert game.tokens[NATASHA][(green, x)] == "animal"
    assert game.tokens[NATASHA][(x, orange)] == "river"
    assert game.card_tokens["river-1"] == [2, 2]
    assert game.card_tokens["color-1"] == [0, 2]
    assert game.supply[NATASHA] == [7 - 1 - 2, 3]
    assert p.card_met(CARD["color-1"], game._colours(NATASHA), [])  # met again ...
    completed = cascade.of_kind("landscape_card")
    assert [e.touched["cards"] for e in completed] == [("river-1",)]  # ... but only once
    river_token = next(e for e in cascade.of_kind("token") if e.touched["tokens"] == ("river",))
    assert completed[0].cause == river_token.index
    on_card = cascade.of_kind("card_tokens")[0]
    assert on_card.cause == completed[0].index and on_card.touched["tokens"] == ("animal",) * 2


def hook_but_one(seat, animal, *, done=()):
    """Three tiles of a hook on ``seat``'s map; the ejected tile at (2, 2) completes it."""
    table = Table(cards=("shape-1", "river-1", "color-1")).art(seat, ".G..", ".O..", ".B..")
    for who in done:
        table.art(who, "...." if who == seat else "G...").fulfil(who, "shape-1")
    x = c.cell_of(2, 2)
    side = next(s for s, sym in c.SIDE_SYMBOL.items() if sym == c.MAPS[animal][x])
    game = table.finish(active=seat, stage="place", held="purple", side=side,
                        turns={FLORA: 3, NATASHA: 3 - seat})
    cascade = game.apply(Place(x))
    if game.phase == "tokens":
        cascade = game.apply(PlaceTokens(()))
    return game, cascade


def test_completing_a_landscape_card_places_two_animal_tokens_on_it():
    game, cascade = hook_but_one(FLORA, "fox")
    assert game.fulfilled[FLORA] == ["shape-1"] and game.card_tokens["shape-1"] == [2, 0]
    assert game.supply[FLORA][0] == 10
    assert cascade.of_kind("landscape_card")[0].touched["cards"] == ("shape-1",)


def test_all_players_can_fulfil_each_landscape_card_once():
    game, cascade = hook_but_one(NATASHA, "owl", done=(FLORA,))
    assert game.card_tokens["shape-1"] == [2, 2]
    game, cascade = hook_but_one(FLORA, "fox", done=(FLORA,))
    assert game.card_tokens["shape-1"] == [2, 0] and not cascade.of_kind("landscape_card")


def test_only_one_token_on_the_card_if_it_is_your_last():
    x = c.cell_of(2, 2)
    table = Table(cards=("shape-1", "river-1", "color-1")).art(FLORA, ".G..", ".O..", ".B..")
    table.art(FLORA, "....", "....", "....", "....", "PP..").spend(FLORA, animal=1)
    table.fulfil(FLORA, "color-1").fulfil(FLORA, "river-1")
    for symbol in ("sun", "moon", "star"):
        table.symbol(FLORA, symbol)
    assert table.g.supply[FLORA][0] == 1
    side = next(s for s, sym in c.SIDE_SYMBOL.items() if sym == c.MAPS["fox"][x])
    game = table.finish(stage="place", held="purple", side=side)
    game.apply(Place(x))
    if game.phase == "tokens":
        game.apply(PlaceTokens(()))
    assert game.card_tokens["shape-1"] == [1, 0] and game.supply[FLORA][0] == 0


def test_claiming_a_card_you_have_fulfilled_is_refused_with_the_reason():
    table = Table(cards=("shape-5", "river-1", "color-1")).art(FLORA, "GGG.")
    table.art(NATASHA, "GG..", "OO..", "....", "....", "gG..").fulfil(NATASHA, "color-1")
    table.aurora(FLORA, "green-3").aurora(NATASHA, "green-4")
    game = table.finish(active=NATASHA, hand="blue")
    with pytest.raises(IllegalAction, match="already fulfilled"):
        game.apply({"type": "claim_card", "card": "color-1"})



def test_the_stretch_joining_two_adjacent_edges_is_itself_four_tokens_long():
    """D11: the four tokens must lie on the stretch that joins the two edges. Two tokens
    around the corner (top to left) plus a two-token branch are one group of four, but no
    stretch of four joins the edges."""
    card = CARD["river-6"]
    assert not p.rivers_met(card, [(0, 1), (0, 4), (1, 5), (2, 6)])  # the example
    branch = rivers(((0, 0), (0, 1)), ((0, 0), (1, 0)), ((1, 0), (1, 1)), ((2, 0), (2, 1)))
    assert len(p.river_stretches(branch)) == 1
    assert p.map_edges_touched(p.river_graph(branch).nodes) >= {"top", "left"}
    assert not p.rivers_met(card, branch)
    bend = rivers(((0, 0), (0, 1)), ((1, 0), (1, 1)), ((2, 0), (2, 1)), ((2, 0), (3, 0)))
    assert p.rivers_met(card, bend)  # from the top, down three borders, out to the left
    assert p.rivers_met(card, [*bend, c.edge_key(c.cell_of(1, 1), c.cell_of(2, 1))])


ISLAND_LOOP = rivers(((0, 0), (0, 1)), ((0, 0), (1, 0)),  # from the top and to the left
                     ((0, 1), (1, 1)), ((1, 1), (1, 2)), ((1, 1), (2, 1)), ((1, 0), (1, 1)))
"""Six tokens: from the top edge down to the corner below the top-left tile, round the
tile at row 2, column 2, back to that corner, and out to the left edge."""


def test_a_stretch_may_loop_round_a_tile_but_never_uses_a_token_twice():
    """D11: a continuous stretch is traced token by token, each token once; passing a
    corner twice (a loop round a tile) is allowed, turning back along a branch is not."""
    assert p.rivers_met(CARD["river-6"], ISLAND_LOOP)  # top to left: all six tokens
    assert p.rivers_met(CARD["river-8"], ISLAND_LOOP)


def test_six_river_tokens_with_a_branch_are_not_one_stretch_of_six():
    """D11 (river-8): six tokens in one group that forks are no continuous stretch of
    six; six in a line with bends, or round a loop, are."""
    card = CARD["river-8"]
    fork = rivers(*(((1, col), (2, col)) for col in range(4)),  # a line across the map
                  ((1, 1), (1, 2)), ((0, 1), (0, 2)))  # and a branch up to the top edge
    assert len(p.river_stretches(fork)) == 1 and not p.rivers_met(card, fork)
    ring = rivers(((0, 1), (1, 1)), ((0, 2), (1, 2)), ((1, 2), (1, 3)),  # round two tiles
                  ((1, 2), (2, 2)), ((1, 1), (2, 1)), ((1, 0), (1, 1)))
    assert p.rivers_met(card, ring)


def test_a_long_stretch_from_one_edge_must_also_end_on_the_other():
    """D11: four tokens from the top edge that end inside the map, with a branch off to the
    left edge, join the two edges only by the two-token stretch through the branch."""
    from_top = rivers(((0, 0), (0, 1)), ((1, 0), (1, 1)), ((2, 0), (2, 1)), ((2, 1), (3, 1)))
    branch = rivers(((0, 0), (1, 0)))
    assert p.longest_stretch(from_top, p.map_edge_corners("top")) == 4
    assert not p.rivers_met(CARD["river-6"], [*from_top, *branch])
    assert p.longest_stretch([*from_top, *branch], p.map_edge_corners("left"),
                             p.map_edge_corners("top")) == 2


def test_three_corners_are_not_four():
    card = CARD["shape-6"]
    for missing in c.CORNER_CELLS:
        grid = colours("G..O", "....", "....", "....", "B..P")
        grid[missing] = p.EMPTY
        assert not p.tiles_met(card, grid)
