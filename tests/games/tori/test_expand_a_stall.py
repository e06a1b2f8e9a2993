"""Udvid en bod (expand a stall): a build card of the stall's zone (or of a zone whose edge
it lies on) and goods cards of its colour equal to its size after the expansion; the
expansion tile touches the stall horizontally or vertically."""

import pytest

from ecogames.core import IllegalAction, SaveError
from ecogames.games.tori import DrawPile, Expand, Tori

from .scenario import scenario, scenario_state, stall, types_of

LEMONADE = stall(0, "lemonade", (3, 5), "N")


def test_two_goods_cards_for_the_first_expansion_then_three():
    """Reference: "2 for the first expansion, then 3, ..."."""
    game = scenario(build={0: [5, 5]}, goods={0: {"lemonade": 5}}, stalls=[LEMONADE])
    cascade = game.apply(Expand("lemonade", 4, 5, 5))
    assert game.goods_hands[0]["lemonade"] == 3 and game.goods_supply["lemonade"] == 7
    assert game.stalls[(0, "lemonade")].size == 2 and game.discard == [5]
    assert game.expansion_supply("lemonade") == 5
    assert types_of(cascade)[0] == "expand"
    assert cascade.events[0].touched["cards"] == ("build:5", "goods:lemonade", "goods:lemonade")
    game.apply(DrawPile())  # player 2's turn
    game.apply(Expand("lemonade", 3, 4, 5))
    assert game.goods_hands[0]["lemonade"] == 0 and game.goods_supply["lemonade"] == 10
    assert game.stalls[(0, "lemonade")].expansions == ((4, 5), (3, 4))


def test_goods_cards_of_the_stalls_colour_equal_to_the_new_size():
    game = scenario(build={0: [5]}, goods={0: {"lemonade": 1, "flowers": 5}},
                    stalls=[LEMONADE])
    assert not [a for a in game.legal_actions() if isinstance(a, Expand)]
    with pytest.raises(IllegalAction, match="costs 2 lemonade goods cards; you hold 1"):
        game.apply(Expand("lemonade", 4, 5, 5))


def test_a_stall_on_a_zones_edge_may_use_the_neighbouring_zones_card():
    edge = stall(0, "vegetables", (2, 3), "W")  # zone 1, beside zones 2 and 4
    for zone in (1, 2, 4):
        game = scenario(build={0: [zone]}, goods={0: {"vegetables": 2}}, stalls=[edge])
        assert Expand("vegetables", 1, 3, zone) in game.legal_actions()
    game = scenario(build={0: [5]}, goods={0: {"vegetables": 2}}, stalls=[edge])
    with pytest.raises(IllegalAction, match="neither the stall's zone"):
        game.apply(Expand("vegetables", 1, 3, 5))  # zone 5 only touches it diagonally


def test_a_stall_inside_its_zone_needs_that_zones_card():
    inner = stall(0, "vegetables", (1, 2), "S")  # all its neighbours are in zone 1
    game = scenario(build={0: [2]}, goods={0: {"vegetables": 2}}, stalls=[inner])
    with pytest.raises(IllegalAction, match="neither the stall's zone"):
        game.apply(Expand("vegetables", 0, 2, 2))


def test_the_player_chooses_which_zones_card_to_pay():
    edge = stall(0, "vegetables", (2, 3), "W")
    game = scenario(build={0: [1, 2]}, goods={0: {"vegetables": 2}}, stalls=[edge])
    expands = {a for a in game.legal_actions() if isinstance(a, Expand) and (a.row, a.col)
               == (1, 3)}
    assert expands == {Expand("vegetables", 1, 3, 1), Expand("vegetables", 1, 3, 2)}
    game.apply(Expand("vegetables", 1, 3, 2))
    assert game.build_hands[0][0] == 1 and game.build_hands[0][1] == 0


def test_the_expansion_touches_the_stall_vertically_or_horizontally():
    game = scenario(build={0: [5, 5]}, goods={0: {"lemonade": 5}}, stalls=[LEMONADE])
    with pytest.raises(IllegalAction, match="horizontally or vertically"):
        game.apply(Expand("lemonade", 4, 4, 5))
    game.apply(Expand("lemonade", 3, 6, 5))
    game.apply(DrawPile())
    # the next one may touch the expansion tile rather than the stall tile
    assert Expand("lemonade", 3, 7, 5) in game.legal_actions()


def test_a_fishing_boat_grows_on_the_water():
    boat = stall(0, "fish", (9, 2), "N")
    game = scenario(build={0: [7]}, goods={0: {"fish": 2}}, stalls=[boat])
    legal = {(a.row, a.col) for a in game.legal_actions() if isinstance(a, Expand)}
    assert legal == {(9, 1), (9, 3), (10, 2)}
    with pytest.raises(IllegalAction, match="grows on the water"):
        game.apply(Expand("fish", 8, 2, 7))


def test_no_expansion_onto_the_own_entrance_or_a_customer():
    game = scenario(build={0: [5]}, goods={0: {"lemonade": 2}}, stalls=[LEMONADE],
                    customers={"fish": (3, 6)})
    for cell in [(2, 5), (3, 6)]:
        with pytest.raises(IllegalAction, match="is taken"):
            game.apply(Expand("lemonade", *cell, 5))


def test_expanding_stalls_of_the_same_colour_may_not_touch():
    game = scenario(build={0: [5]}, goods={0: {"lemonade": 2}},
                    stalls=[LEMONADE, stall(1, "lemonade", (3, 7), "N")])
    with pytest.raises(IllegalAction, match="same colour may not touch"):
        game.apply(Expand("lemonade", 3, 6, 5))


def test_no_expansion_tiles_left():
    # the last souvenir tile ends the game: a position with none left and play going on
    # cannot be loaded, and in the finished game no expansion is allowed
    state = scenario_state(build={0: [5]}, goods={0: {"souvenirs": 5}}, stalls=[
        stall(0, "souvenirs", (4, 3), "E", [(3, 3), (3, 2), (3, 1), (3, 0), (2, 0)]),
        stall(0, "lemonade", (3, 5), "N")])
    with pytest.raises(SaveError, match="should have ended"):
        Tori.from_state(state)
    state.update(stage="over", ended="all Olympic souvenirs expansion tiles are used")
    game = Tori.from_state(state)
    assert game.expansion_supply("souvenirs") == 0 and game.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        game.apply(Expand("souvenirs", 5, 3, 4))


def test_every_expansion_the_checked_door_allows_is_offered():
    game = scenario(build={0: [2, 4, 7]}, goods={0: {"vegetables": 3, "fish": 2}},
                    stalls=[stall(0, "vegetables", (2, 3), "W", [(2, 4)]),
                            stall(0, "fish", (9, 3), "N"), stall(1, "fish", (9, 5), "N"),
                            stall(1, "vegetables", (3, 5), "N")])
    legal = set(game.legal_actions())
    for good in ("vegetables", "fish"):
        for row in range(11):
            for col in range(12):
                for zone in range(1, 10):
                    action = Expand(good, row, col, zone)
                    assert (game.why_not(action) is None) == (action in legal), action
