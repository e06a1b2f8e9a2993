"""Aurora Tile Effects: usable at any time during your turn, once per game each."""

import pytest

from ecogames.core import IllegalAction
from ecogames.games.tulikko import (
    ClaimCard,
    Discard,
    EndTurn,
    MoveTile,
    Place,
    PlaceAnywhere,
    PlaceTokens,
    Slide,
    SlideBack,
)
from ecogames.games.tulikko import components as c

from .helpers import FLORA, NATASHA, Table, cells


def test_claim_a_landscape_card_without_meeting_it():
    """Green: "Place two animal tokens on a landscape card that does not already have your
    animal tokens and fulfill this objective, even if you do not meet the requirements"."""
    table = Table(cards=("shape-6", "river-8", "color-9")).art(FLORA, "GGG.")
    table.aurora(FLORA, "green-3").fulfil(FLORA, "river-8")
    game = table.finish(hand="blue")
    legal = game.legal_actions()
    assert ClaimCard("shape-6") in legal and ClaimCard("color-9") in legal
    assert ClaimCard("river-8") not in legal  # already has her tokens
    cascade = game.apply(ClaimCard("color-9"))
    assert game.fulfilled[FLORA] == ["river-8", "color-9"]
    assert game.card_tokens["color-9"] == [2, 0] and game.supply[FLORA][0] == 8
    used, tokens = cascade.of_kind("aurora_used", "card_tokens")
    assert used.touched["auroras"] == ("green-3",) and tokens.cause == used.index
    assert game.aurora_used["green-3"] and game.phase == "slide"
    assert not any(isinstance(a, ClaimCard) for a in game.legal_actions())  # once per game
    with pytest.raises(IllegalAction, match="unused green aurora tile"):
        game.apply(ClaimCard("shape-6"))


def test_place_the_tile_on_any_empty_space_ignoring_the_symbol():
    """Orange: "Place your forest tile from the central board on any empty space"."""
    table = Table().art(FLORA, "G...", "....", "....", "OOOo").aurora(FLORA, "orange-4")
    table.art(NATASHA, "OOO.").aurora(NATASHA, "orange-3")
    game = table.finish(stage="place", held="blue", side="south")
    moon = c.SIDE_SYMBOL["south"]
    elsewhere = next(cell for cell in range(19, 0, -1) if c.MAPS["fox"][cell] != moon)
    assert PlaceAnywhere(elsewhere) in game.legal_actions()
    assert not any(isinstance(a, PlaceAnywhere) and c.MAPS["fox"][a.cell] == moon
                   for a in game.legal_actions())
    cascade = game.apply(PlaceAnywhere(elsewhere))
    assert game.grids[FLORA][elsewhere] != -1 and game.aurora_used["orange-4"]
    used, placed = cascade.of_kind("aurora_used", "place")
    assert placed.cause == used.index


def test_place_anywhere_is_the_way_out_when_the_tile_would_be_discarded():
    table = Table().aurora(FLORA, "orange-3").symbol(FLORA, "moon")
    for cell, colour in zip([x for x in range(20) if c.MAPS["fox"][x] == "moon"],
                            ("orange", "orange", "blue", "orange", "green")):
        table.lay(FLORA, cell, colour)
    game = table.finish(stage="place", held="blue", side="south")
    legal = game.legal_actions()
    assert Discard() in legal and any(isinstance(a, PlaceAnywhere) for a in legal)
    assert not any(isinstance(a, Place) for a in legal)


def sliding_back():
    table = Table().art(FLORA, "GBBB").aurora(FLORA, "blue-3")
    table.board(north="green", east="orange", south="blue", west="purple", center="orange")
    return table.finish(hand="purple")


def test_slide_the_ejected_tile_back_in_to_retrieve_your_own_tile():
    """Blue, with its NOTE: "you can retrieve the forest tile you had at the start of your
    turn" (slide it back from the side it came out of)."""
    game = sliding_back()
    own = game.hand
    game.apply(Slide("north"))
    assert SlideBack("south") in game.legal_actions()
    cascade = game.apply(SlideBack("south"))
    assert game.held == own and game.held_side == "north"
    used = cascade.of_kind("aurora_used")[0]
    assert cascade.of_kind("slide")[0].cause == used.index
    assert not any(isinstance(a, SlideBack) for a in game.legal_actions())
    assert game.aurora_used["blue-3"]


def test_slide_the_ejected_tile_back_in_to_retrieve_the_hidden_middle_tile():
    """NOTE: "... or the forest tile hidden in the middle of the central board"."""
    game = sliding_back()
    hidden = game.board[c.CENTER]
    game.apply(Slide("north"))  # the middle tile moves to the south slot
    game.apply(SlideBack("north"))
    assert game.held == hidden and game.held_side == "south"


def test_the_slide_back_pushes_out_a_different_tile_from_any_side():
    for side in c.SIDES:
        game = sliding_back()
        game.apply(Slide("north"))
        taken = game.held
        game.apply(SlideBack(side))
        assert game.held != taken and game.held_side == c.OPPOSITE[side]


def natasha_moves_a_tile():
    table = Table().art(FLORA, "G...")
    table.art(NATASHA, "GBO.",
                       "....",
                       "B.B.",
                       ".P..",
                       "P.P.")
    a, b, o = cells((0, 0), (0, 1), (0, 2))
    table.token(NATASHA, a, b).token(NATASHA, b, o)
    table.aurora(NATASHA, "purple-3").aurora(NATASHA, "blue-3", used=True)
    return table.finish(active=NATASHA, hand="green", turns={FLORA: 5, NATASHA: 4})


def test_natasha_moves_a_tile_with_an_aurora_tile():
    """EXAMPLE: she removes the two river tokens on the tile's edges, moves it, then
    places two animal tokens and one river token based on its new position."""
    game = natasha_moves_a_tile()
    source, target = c.cell_of(0, 1), c.cell_of(2, 1)
    assert game.supply[NATASHA] == [12, 4]
    cascade = game.apply(MoveTile(source, target))
    returned = cascade.of_kind("token_returned")
    assert sorted(e.touched["tokens"][0] for e in returned) == ["river", "river"]
    assert game.supply[NATASHA] == [12, 6] and game.tokens[NATASHA] == {}
    assert game.phase == "tokens"
    left, right, below = cells((2, 0), (2, 2), (3, 1))
    cascade = game.apply(PlaceTokens((left, right, below)))
    assert game.tokens[NATASHA] == {(left, target): "animal", (target, right): "animal",
                                    (target, below): "river"}
    assert game.supply[NATASHA] == [10, 5]
    assert game.phase == "slide" and game.hand is not None  # her turn goes on
    assert game.aurora_used["purple-3"]
    assert not any(isinstance(a, MoveTile) for a in game.legal_actions())


def test_moving_a_tile_does_not_undo_objectives_met_before():
    """NOTE: "Moving a forest tile does not undo any objectives completed beforehand"."""
    table = Table(cards=("shape-6", "river-8", "color-9"))
    table.art(NATASHA, "G..O", "....", "....", "....", "BPPP").fulfil(NATASHA, "shape-6")
    table.aurora(NATASHA, "purple-3").art(FLORA, "G...")
    game = table.finish(active=NATASHA, hand="green", turns={FLORA: 5, NATASHA: 4})
    game.apply(MoveTile(0, 5))
    assert "shape-6" in game.fulfilled[NATASHA] and game.card_tokens["shape-6"] == [0, 2]


def test_objectives_are_checked_after_a_move():
    table = Table(cards=("shape-6", "river-8", "color-9"))
    table.art(FLORA, "G..O", "....", "..PP", ".B..", "...P").aurora(FLORA, "purple-3")
    game = table.finish(hand="green")
    cascade = game.apply(MoveTile(c.cell_of(3, 1), c.cell_of(4, 0)))
    assert cascade.of_kind("landscape_card")[0].touched["cards"] == ("shape-6",)
    assert game.fulfilled[FLORA] == ["shape-6"]


def test_an_aurora_tile_can_be_used_after_placing_then_the_turn_is_ended():
    """ "You can use your aurora tiles at any time during your turn"."""
    table = Table(cards=("shape-6", "river-8", "color-9")).art(FLORA, "GGG.")
    table.aurora(FLORA, "green-3")
    game = table.finish(stage="place", held="blue", side="east")
    spot = next(a for a in game.legal_actions() if isinstance(a, Place))
    game.apply(spot)
    while game.phase == "tokens":
        game.apply(game.legal_actions()[0])
    assert game.phase == "end" and game.current_player == FLORA
    assert game.legal_actions()[0] == EndTurn()
    game.apply(ClaimCard("shape-6"))
    assert game.current_player == NATASHA  # nothing else to use: the turn ends by itself


def test_end_turn_is_offered_only_while_an_aurora_tile_can_be_used():
    game = Table().art(FLORA, "G...").finish(stage="place", held="blue", side="east")
    spot = next(a for a in game.legal_actions() if isinstance(a, Place))
    game.apply(spot)
    while game.phase == "tokens":
        game.apply(game.legal_actions()[0])
    assert game.current_player == NATASHA
    with pytest.raises(IllegalAction, match="not allowed now"):
        game.apply(EndTurn())


def test_no_aurora_tile_is_used_in_the_middle_of_placing_tokens():
    table = Table().art(FLORA, "G...", "....", "....", "....", "PPP.").aurora(FLORA, "purple-3")
    game = table.finish(stage="place", held="green", side="east")
    spot = next(a for a in game.legal_actions()
                if isinstance(a, Place) and a.cell in c.NEIGHBOURS[0])
    game.apply(spot)
    assert game.phase == "tokens"
    assert all(isinstance(a, PlaceTokens) for a in game.legal_actions())


def test_place_anywhere_goes_on_empty_spaces_only():
    table = Table().art(FLORA, "G...", "....", "....", "OOOo").aurora(FLORA, "orange-4")
    table.art(NATASHA, "OOO.").aurora(NATASHA, "orange-3")
    game = table.finish(stage="place", held="blue", side="south")
    targets = {a.cell for a in game.legal_actions() if isinstance(a, PlaceAnywhere)}
    assert targets == {x for x in range(20) if game.grids[FLORA][x] == -1
                       and c.MAPS["fox"][x] != "moon"}
    with pytest.raises(IllegalAction, match="already has a tile"):
        game.apply(PlaceAnywhere(0))

