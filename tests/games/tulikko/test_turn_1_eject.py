"""Turn 1: turn over your first tile, slide it in from a side, take the tile pushed out."""

import pytest

from ecogames.core import IllegalAction
from ecogames.games.tulikko import Place, Slide
from ecogames.games.tulikko import components as c

from .helpers import Table


def at_slide():
    return Table().art(0, "G...").board(north="green", east="orange", south="blue",
                                        west="purple", center="green").finish(hand="orange")


@pytest.mark.parametrize("side", c.SIDES)
def test_sliding_in_pushes_the_line_and_ejects_the_far_tile(side):
    game = at_slide()
    before = dict(game.board)
    hand = game.hand
    cascade = game.apply(Slide(side))
    far = c.OPPOSITE[side]
    assert game.held == before[far] and game.held_side == far
    assert game.board[side] == hand
    assert game.board[c.CENTER] == before[side]
    assert game.board[far] == before[c.CENTER]
    for other in c.SIDES:
        if other not in (side, far):
            assert game.board[other] == before[other]
    slide, eject = cascade.of_kind("slide", "eject")
    assert eject.cause == slide.index
    assert eject.touched["tiles"] == (before[far],) and eject.touched["slots"] == (far,)
    assert game.phase == "place" and game.hand is None


def test_the_tile_must_go_on_a_space_with_the_symbol_of_the_side_it_came_out_of():
    game = at_slide()
    game.apply(Slide("north"))  # out of the south side
    symbol = c.SIDE_SYMBOL["south"]
    fox = c.MAPS["fox"]
    places = [a.cell for a in game.legal_actions() if isinstance(a, Place)]
    assert places == [cell for cell in range(20) if fox[cell] == symbol and cell != 0]
    wrong = next(cell for cell in range(20) if fox[cell] != symbol and cell != 0)
    with pytest.raises(IllegalAction, match=f"came out of the south side \\({symbol}\\)"):
        game.apply(Place(wrong))


def test_the_middle_tile_is_hidden_and_the_slide_hides_the_entry_tile():
    game = at_slide()
    view = game.view(0)
    assert view["board"]["slots"]["center"] == "hidden"
    assert view["hand"]["colour"] == "orange"
    north = game.board["north"]
    game.apply(Slide("north"))
    assert game.board[c.CENTER] == north
    view = game.view(1)
    assert view["board"]["slots"]["center"] == "hidden"
    assert view["board"]["slots"]["north"]["colour"] == "orange"
    assert str(north) not in str(view["board"]["slots"]["center"])


def test_only_the_four_sides_exist():
    game = at_slide()
    with pytest.raises(IllegalAction, match="no 'up' side"):
        game.apply(Slide("up"))


def test_the_label_names_the_exit_side_and_its_symbol():
    game = at_slide()
    text = game.describe(Slide("east"))
    assert "orange" in text and f"west tile ({c.SIDE_SYMBOL['west']})" in text
