"""Turn 2: place the ejected tile on a matching empty space (or discard it), then put a
token between it and each adjacent tile: a river token if different, an animal token if
the same; any token may be withheld, never to be placed later."""

import pytest

from ecogames.core import IllegalAction
from ecogames.games.tulikko import Discard, Place, PlaceTokens
from ecogames.games.tulikko import components as c

from .helpers import FLORA, Table, cells


def side_for(animal, cell):
    symbol = c.MAPS[animal][cell]
    return next(side for side, sym in c.SIDE_SYMBOL.items() if sym == symbol)


def test_flora_places_a_tile_next_to_three_others_one_of_them_the_same():
    """EXAMPLE: she places one animal token and two river tokens."""
    x = c.cell_of(1, 1)
    game = (Table().art(FLORA, ".O..",
                               "G.B.")
            .finish(stage="place", held="orange", side=side_for("fox", x)))
    game.apply(Place(x))
    assert game.phase == "tokens"
    north, west, east = cells((0, 1), (1, 0), (1, 2))
    everything = PlaceTokens(tuple(sorted((north, west, east))))
    assert game.legal_actions()[0] == everything
    cascade = game.apply(everything)
    assert game.tokens[FLORA] == {(north, x): "animal", (west, x): "river", (x, east): "river"}
    assert game.supply[FLORA] == [11, 4]
    tokens = cascade.of_kind("token")
    assert sorted(e.touched["tokens"][0] for e in tokens) == ["animal", "river", "river"]
    assert all(e.touched["edges"][0][0] == FLORA for e in tokens)


def test_a_tile_with_no_neighbour_places_no_token_and_the_turn_ends():
    x = c.cell_of(3, 3)
    game = Table().art(FLORA, "G...").finish(stage="place", held="blue",
                                             side=side_for("fox", x))
    cascade = game.apply(Place(x))
    assert not cascade.of_kind("token", "tokens_due")
    assert game.current_player == 1 and game.phase == "slide"
    assert game.supply[FLORA] == [12, 6]


def test_no_token_of_a_type_you_have_run_out_of():
    x = c.cell_of(1, 1)
    table = Table(cards=("shape-5", "river-3", "color-1"))  # no card met by this map
    table.art(FLORA, ".O..",
                     "G.O.",
                     "....",
                     "PBPB",
                     "BPbp").spend(FLORA, river=6)
    table.aurora(FLORA, "purple-3", used=True).aurora(FLORA, "blue-3", used=True)
    game = table.finish(stage="place", held="orange", side=side_for("fox", x))
    assert game.supply[FLORA][1] == 0
    game.apply(Place(x))
    north, west, east = cells((0, 1), (1, 0), (1, 2))
    assert set(game.legal_actions()) == {PlaceTokens((north, east)), PlaceTokens((east,)),
                                         PlaceTokens((north,)), PlaceTokens(())}
    assert game.legal_actions()[0] == PlaceTokens((north, east))
    cascade = game.apply(PlaceTokens((north, east)))
    assert [e.kind for e in cascade.of_kind("token", "no_token")] == ["token", "token",
                                                                      "no_token"]
    assert (west, x) not in game.tokens[FLORA]


def test_the_last_animal_token_goes_on_one_border_of_your_choice():
    x = c.cell_of(1, 1)
    table = Table().art(FLORA, ".O..", "..O.", "GG..").spend(FLORA, animal=1)
    table.fulfil(FLORA, "shape-1", 2).symbol(FLORA, "sun", 2).symbol(FLORA, "moon", 2)
    table.fulfil(FLORA, "color-1", 2).symbol(FLORA, "star", 2)
    game = table.finish(stage="place", held="orange", side=side_for("fox", x))
    assert game.supply[FLORA] == [1, 6]
    game.apply(Place(x))
    north, east, south = cells((0, 1), (1, 2), (2, 1))
    assert set(game.legal_actions()) == {
        PlaceTokens((north, south)), PlaceTokens((east, south)), PlaceTokens((south,)),
        PlaceTokens((north,)), PlaceTokens((east,)), PlaceTokens(())}
    with pytest.raises(IllegalAction, match="not enough tokens"):
        game.apply(PlaceTokens((north, east)))


def test_a_withheld_token_is_never_placed_later():
    """"You may also choose not to place a token ... you may not change your mind": the
    withheld border stays empty for good, even when a later tile of hers lands next to one
    of its two tiles and she places every token offered."""
    x = c.cell_of(1, 1)
    game = Table().art(FLORA, ".O..").finish(stage="place", held="orange",
                                             side=side_for("fox", x))
    game.apply(Place(x))
    north = c.cell_of(0, 1)
    assert game.legal_actions()[0] == PlaceTokens((north,))
    cascade = game.apply(PlaceTokens(()))
    assert cascade.of_kind("withhold")[0].touched["edges"] == ((FLORA, north, x),)
    assert game.tokens[FLORA] == {} and game.supply[FLORA] == [12, 6]
    # Natasha plays; on Flora's next turn her tile goes next to x (or the orange tile).
    while game.current_player != FLORA or game.phase != "place":
        game.apply(game.legal_actions()[0])
    assert game.tokens[FLORA] == {}
    spots = [a.cell for a in game.legal_actions() if isinstance(a, Place)]
    spot = next(s for s in spots if set(c.NEIGHBOURS[s]) & {x, north})
    game.apply(Place(spot))
    while game.phase == "tokens":  # place every token offered
        offered = game.legal_actions()[0]
        assert all(spot in c.NEIGHBOURS[n] for n in offered.at)
        game.apply(offered)
    new = game.tokens[FLORA]
    assert new and all(spot in key for key in new), new
    assert c.edge_key(north, x) not in new
    # ... and at every later decision of the game, that border stays empty.
    while not game.is_over:
        game.apply(game.legal_actions()[0])
        assert c.edge_key(north, x) not in game.tokens[FLORA]


def test_unsorted_or_foreign_token_choices_are_explained():
    x = c.cell_of(1, 1)
    game = Table().art(FLORA, ".O..", "G.B.").finish(stage="place", held="orange",
                                                     side=side_for("fox", x))
    game.apply(Place(x))
    with pytest.raises(IllegalAction, match="increasing order"):
        game.apply(PlaceTokens((6, 1)))
    with pytest.raises(IllegalAction, match="not a neighbouring tile"):
        game.apply(PlaceTokens((1, 19)))


def test_you_must_discard_when_no_empty_space_has_the_symbol():
    """WARNING: no empty space with the correct symbol: discard the tile instead."""
    fox = c.MAPS["fox"]
    moons = [cell for cell in range(20) if fox[cell] == "moon"]
    table = Table().symbol(FLORA, "moon")
    for cell, colour in zip(moons, ("green", "orange", "blue", "purple", "green")):
        table.lay(FLORA, cell, colour)
    game = table.finish(stage="place", held="blue", side="south")
    assert game.legal_actions() == [Discard()]
    tile = game.held
    cascade = game.apply(Discard())
    assert game.discarded[-1] == tile and game.held is None
    assert [e.kind for e in cascade][:2] == ["discard", "end_turn"]
    assert game.current_player == 1
    assert game.view(0)["discarded"][-1]["id"] == tile


def test_discarding_is_refused_while_a_matching_space_is_empty():
    x = c.cell_of(1, 1)
    game = Table().art(FLORA, "G...").finish(stage="place", held="blue",
                                             side=side_for("fox", x))
    with pytest.raises(IllegalAction, match="must be placed"):
        game.apply(Discard())
    with pytest.raises(IllegalAction, match="already has a tile"):
        game.apply(Place(0))


def test_no_decision_when_no_required_token_is_left():
    """2B: "Do not place any tokens if ... you do not have any of the required token type":
    with no river token left, a tile next to different tiles only asks nothing."""
    x = c.cell_of(1, 1)
    table = Table(cards=("shape-5", "river-3", "color-1"))
    table.art(FLORA, ".O..",
                     "G...",
                     "....",
                     "PBPB",
                     "BPbp").spend(FLORA, river=6)
    table.aurora(FLORA, "purple-3", used=True).aurora(FLORA, "blue-3", used=True)
    game = table.finish(stage="place", held="blue", side=side_for("fox", x))
    cascade = game.apply(Place(x))
    assert [e.kind for e in cascade.of_kind("no_token", "tokens_due")] == ["no_token"] * 2
    assert game.phase == "slide" and game.current_player == 1
