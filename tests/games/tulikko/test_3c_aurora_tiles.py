"""3C. Aurora tiles: the first player with three tiles of a colour takes its "3"; a
different player with four takes the "4"; never two aurora tiles of one colour."""

from ecogames.games.tulikko import Place, Slide
from ecogames.games.tulikko import components as c

from .helpers import FLORA, NATASHA, Table


def space(animal, symbol, avoid=()):
    return next(cell for cell in range(c.CELLS - 1, -1, -1)
                if c.MAPS[animal][cell] == symbol and cell not in avoid)


def settle(game):
    """Place every token offered (the first choice) until the turn moves on."""
    cascades = []
    while game.phase == "tokens":
        cascades.append(game.apply(game.legal_actions()[0]))
    return cascades


def test_the_first_player_with_three_tiles_of_a_colour_takes_the_3():
    table = Table().art(FLORA, "OO..")
    x = space("fox", "star", avoid=(2,))
    game = table.finish(stage="place", held="orange", side="east")
    cascade = game.apply(Place(x))
    events = [*cascade, *(e for k in settle(game) for e in k)]
    taken = [e for e in events if e.kind == "aurora_tile"]
    assert [e.touched["auroras"] for e in taken] == [("orange-3",)]
    assert game.aurora_holder["orange-3"] == FLORA and game.aurora_holder["orange-4"] is None


def test_the_orange_aurora_tiles_example():
    """EXAMPLE: Flora places her fourth orange tile but already has the orange "3":
    nothing happens. Natasha then places her fourth orange tile and takes the "4"."""
    table = Table().art(FLORA, "OOO.").art(NATASHA, "....", "....", "....", "OOO.")
    table.aurora(FLORA, "orange-3").board(south="orange")
    x = space("fox", "star", avoid=(3,))
    game = table.finish(stage="place", held="orange", side="east",
                        turns={FLORA: 5, NATASHA: 4})
    game.apply(Place(x))
    settle(game)
    assert game.aurora_holder["orange-4"] is None
    assert game._colours(FLORA).count(c.COLOUR_INDEX["orange"]) == 4
    assert game.current_player == NATASHA and game.phase == "slide"
    game.apply(Slide("north"))  # pushes the orange tile out of the south side (moon)
    assert c.TILES[game.held].colour == "orange" and game.held_side == "south"
    y = space("owl", "moon", avoid=range(12, 16))
    cascade = game.apply(Place(y))
    events = [*cascade, *(e for k in settle(game) for e in k)]
    assert game.aurora_holder["orange-4"] == NATASHA
    assert [e.touched["auroras"] for e in events if e.kind == "aurora_tile"] == [("orange-4",)]


def test_a_player_never_has_two_aurora_tiles_of_the_same_colour():
    """IMPORTANT: the "3" holder may not take the "4"; it waits for the next player to
    place their fourth tile of that colour."""
    table = Table().art(FLORA, "BBB.").aurora(FLORA, "blue-3")
    game = table.finish(stage="place", held="blue", side="east")
    game.apply(Place(space("fox", "star", avoid=(3,))))
    settle(game)
    assert game.aurora_holder["blue-4"] is None
    assert [a for a, h in game.aurora_holder.items() if h == FLORA] == ["blue-3"]


def test_the_starting_neutral_tile_counts_towards_three():
    table = Table().art(FLORA, "p...", "....", "....", "....", "P...")
    game = table.finish(stage="place", held="purple", side="east")
    assert game._colours(FLORA).count(c.COLOUR_INDEX["purple"]) == 2
    game.apply(Place(space("fox", "star", avoid=(0, 1, 16))))
    settle(game)
    assert game.aurora_holder["purple-3"] == FLORA
    assert game.view(None)["players"][FLORA]["auroras"] == ["purple-3"]


def test_a_third_tile_does_not_take_the_4_once_the_3_is_gone():
    """3C: the "4" goes to a different player who places their *fourth* tile."""
    table = Table().art(FLORA, "OOO.").aurora(FLORA, "orange-3")
    table.art(NATASHA, "OO..")
    x = space("owl", "star", avoid=(0, 1, 4, 5))
    game = table.finish(active=NATASHA, stage="place", held="orange", side="east",
                        turns={FLORA: 4, NATASHA: 3})
    game.apply(Place(x))
    settle(game)
    assert game._colours(NATASHA).count(c.COLOUR_INDEX["orange"]) == 3
    assert game.aurora_holder["orange-4"] is None
