"""3B. Symbol cards: the first to cover all five spaces of a symbol takes its card and
places up to two animal tokens on it; no one else can complete it."""

from ecogames.games.tulikko import Place, PlaceTokens
from ecogames.games.tulikko import components as c
from ecogames.games.tulikko.rules import SYMBOL_CELLS

from .helpers import FLORA, NATASHA, Table

COLOURS = ("green", "orange", "blue", "purple", "green")


def covering_the_last(seat, animal, symbol, table=None):
    table = table or Table(cards=("shape-5", "river-8", "color-9"))
    spaces = SYMBOL_CELLS[animal][symbol]
    for cell, colour in zip(spaces[:4], COLOURS):
        table.lay(seat, cell, colour)
    side = next(s for s, sym in c.SIDE_SYMBOL.items() if sym == symbol)
    game = table.finish(active=seat, stage="place", held="blue", side=side,
                        turns={FLORA: 5, NATASHA: 5 - seat})
    cascade = game.apply(Place(spaces[4]))
    while game.phase == "tokens":
        cascade = game.apply(PlaceTokens(()))
    return game, cascade


def test_flora_covers_her_last_moon_first_and_takes_the_symbol_card():
    """EXAMPLE: "As the first player with no remaining symbols, Flora places two animal
    tokens on the corresponding symbol card"."""
    game, cascade = covering_the_last(FLORA, "fox", "moon")
    assert game.symbol_owner["moon"] == FLORA and game.symbol_tokens["moon"] == 2
    assert game.supply[FLORA][0] == 10
    taken = cascade.of_kind("symbol_card")[0]
    assert taken.touched["cards"] == ("symbol-moon",)
    assert {cell for _, cell in taken.touched["cells"]} == set(SYMBOL_CELLS["fox"]["moon"])
    assert cascade.of_kind("card_tokens")[0].cause == taken.index
    view = game.view(NATASHA)["symbol_cards"]
    assert {"id": "symbol-moon", "symbol": "moon", "owner": FLORA, "tokens": 2} in view


def test_the_symbol_card_is_then_no_longer_available_to_others():
    """EXAMPLE: "This objective is no longer available to other players"."""
    table = Table(cards=("shape-5", "river-8", "color-9"))
    table.art(FLORA, "G...").symbol(FLORA, "moon")
    game, cascade = covering_the_last(NATASHA, "owl", "moon", table)
    assert game.symbol_owner["moon"] == FLORA and not cascade.of_kind("symbol_card")
    assert game.supply[NATASHA][0] == 12


def test_up_to_two_tokens_one_if_only_one_is_left():
    table = Table(cards=("shape-5", "river-8", "color-9"))
    table.symbol(FLORA, "sun").symbol(FLORA, "star").symbol(FLORA, "cloud")
    table.fulfil(FLORA, "shape-5").fulfil(FLORA, "color-9")
    table.art(FLORA, "....", "....", "....", "....", "PP..").spend(FLORA, animal=1)
    table.aurora(FLORA, "purple-3", used=True)
    assert table.g.supply[FLORA][0] == 1
    game, _ = covering_the_last(FLORA, "fox", "moon", table)
    assert game.symbol_tokens["moon"] == 1 and game.supply[FLORA][0] == 0


def test_several_objectives_completed_on_one_turn_all_apply():
    """3: "If you complete multiple objectives on the same turn, apply all their effects"
    (a landscape card, a symbol card and an aurora tile with one tile)."""
    table = Table(cards=("shape-2", "river-8", "color-9"))
    table.art(FLORA, ".GB.",
                     "B.O.",
                     "...P",
                     "G...",
                     "..O.")
    x = c.cell_of(1, 1)
    assert c.MAPS["fox"][x] == "moon"
    game = table.finish(stage="place", held="blue", side="south")
    game.apply(Place(x))
    cascade = game.apply(PlaceTokens(()))
    kinds = [e.kind for e in cascade if e.kind in ("landscape_card", "symbol_card",
                                                   "aurora_tile", "card_tokens")]
    assert kinds == ["landscape_card", "card_tokens", "symbol_card", "card_tokens",
                     "aurora_tile"]
    assert game.fulfilled[FLORA] == ["shape-2"] and game.symbol_owner["moon"] == FLORA
    assert game.aurora_holder["blue-3"] == FLORA and game.supply[FLORA] == [8, 6]


def test_four_spaces_of_five_do_not_take_the_symbol_card():
    table = Table(cards=("shape-5", "river-8", "color-9"))
    spaces = SYMBOL_CELLS["fox"]["moon"]
    for cell, colour in zip(spaces[:3], COLOURS):
        table.lay(FLORA, cell, colour)
    side = next(s for s, sym in c.SIDE_SYMBOL.items() if sym == "moon")
    game = table.finish(stage="place", held="blue", side=side)
    cascade = game.apply(Place(spaces[3]))
    while game.phase == "tokens":
        cascade = game.apply(PlaceTokens(()))
    assert not cascade.of_kind("symbol_card") and game.symbol_owner["moon"] is None
    assert game.supply[FLORA][0] == 12
