"""Tag en kunde (take a customer) and Markedsføring (marketing).

A customer of your stall's colour walks to its empty entrance, unless a competing stall with
the same goods and an empty entrance is closer (then marketing: one build card of your
stall's zone for each closer stall); then the customer swaps places with the customer on the
colour-change tile, and you receive goods cards equal to your stall's size.
"""

import networkx as nx
import pytest

from ecogames.core import IllegalAction
from ecogames.games.tori import TakeCustomer
from ecogames.games.tori.components import SQUARE
from ecogames.games.tori.walking import distances_from, walking_graph

from .scenario import scenario, stall, types_of

MINE = stall(0, "lemonade", (6, 2), "E")        # entrance (6, 3), zone 7
RIVAL = stall(1, "lemonade", (6, 7), "W")       # entrance (6, 6)
THIRD = stall(2, "lemonade", (4, 5), "S")       # entrance (5, 5)
AT = {"lemonade": (6, 5), "fish": None}         # lemonade customer; fish on the tile


def test_the_customer_walks_to_the_empty_entrance_and_swaps_with_the_colour_change_one():
    game = scenario(stalls=[MINE], customers=AT)
    cascade = game.apply(TakeCustomer("lemonade"))
    assert game.customers["lemonade"] is None          # now on the colour-change tile
    assert game.customers["fish"] == (6, 3)           # the fish customer came to the stall
    assert game.goods_hands[0]["lemonade"] == 1 and game.goods_supply["lemonade"] == 9
    assert types_of(cascade) == ["customer", "swap", "goods", "turn"]
    walk, swap, goods = cascade.events[:3]
    assert walk.touched["customers"] == ("lemonade",)
    assert walk.touched["cells"] == ((6, 5), (6, 4), (6, 3))  # the path, step by step
    assert swap.touched["customers"] == ("lemonade", "fish") and swap.cause == walk.index
    assert goods.touched["cards"] == ("goods:lemonade",)


def test_each_step_of_the_move_has_its_view():
    game = scenario(stalls=[MINE], customers=AT)
    cascade = game.apply(TakeCustomer("lemonade"), views=True)
    seen = [(v["customers"]["lemonade"], v["customers"]["fish"]) for v in cascade.views]
    assert seen[0] == ([6, 3], None) and seen[1] == (None, [6, 3])


def test_goods_cards_equal_to_the_stalls_size():
    big = stall(0, "lemonade", (6, 2), "E", [(5, 2), (7, 2)])
    game = scenario(stalls=[big], customers=AT)
    game.apply(TakeCustomer("lemonade"))
    assert game.goods_hands[0]["lemonade"] == 3


def test_an_empty_goods_pile_gives_what_is_left():
    big = stall(0, "lemonade", (6, 2), "E", [(5, 2), (7, 2)])
    game = scenario(stalls=[big], customers=AT, goods={1: {"lemonade": 8}})
    game.apply(TakeCustomer("lemonade"))
    assert game.goods_hands[0]["lemonade"] == 2 and game.goods_supply["lemonade"] == 0


def test_only_a_customer_of_your_stalls_colour():
    game = scenario(stalls=[stall(0, "flowers", (6, 2), "E")], customers=AT)
    assert [a for a in game.legal_actions() if isinstance(a, TakeCustomer)] == [
        TakeCustomer("flowers")]  # the flowers customer stands on the square too
    with pytest.raises(IllegalAction, match="no lemonade stall"):
        game.apply(TakeCustomer("lemonade"))


def test_not_the_customer_on_the_colour_change_tile():
    game = scenario(stalls=[stall(0, "fish", (9, 2), "N")], customers=AT)
    with pytest.raises(IllegalAction, match="colour-change tile"):
        game.apply(TakeCustomer("fish"))


def test_the_entrance_must_be_empty():
    game = scenario(stalls=[MINE], customers={**AT, "flowers": (6, 3)})
    with pytest.raises(IllegalAction, match="entrance is not empty"):
        game.apply(TakeCustomer("lemonade"))


def test_a_closer_competitor_needs_marketing():
    game = scenario(stalls=[MINE, RIVAL], customers=AT)
    assert TakeCustomer("lemonade") not in game.legal_actions()
    with pytest.raises(IllegalAction, match=r"Markedsføring.*1 build card.*7"):
        game.apply(TakeCustomer("lemonade"))


def test_marketing_one_build_card_of_your_zone():
    game = scenario(stalls=[MINE, RIVAL], customers=AT, build={0: [7, 7]})
    assert game.describe(TakeCustomer("lemonade")).endswith("(marketing: 1 build card(s) 7)")
    cascade = game.apply(TakeCustomer("lemonade"))
    assert game.build_hands[0][6] == 1 and game.discard == [7]
    assert types_of(cascade)[:2] == ["marketing", "customer"]
    assert cascade.events[0].touched["stalls"] == ("1:lemonade",)
    assert cascade.events[0].touched["cards"] == ("build:7",)
    assert game.customers["fish"] == (6, 3)


def test_marketing_two_closer_stalls_cost_two_cards():
    game = scenario(3, stalls=[MINE, RIVAL, THIRD], customers=AT, build={0: [7]})
    with pytest.raises(IllegalAction, match="2 build card"):
        game.apply(TakeCustomer("lemonade"))
    game = scenario(3, stalls=[MINE, RIVAL, THIRD], customers=AT, build={0: [7, 7, 7]})
    cascade = game.apply(TakeCustomer("lemonade"))
    assert game.build_hands[0][6] == 1 and game.discard == [7, 7]
    assert set(cascade.events[0].touched["stalls"]) == {"1:lemonade", "2:lemonade"}
    assert cascade.events[0].touched["cards"] == ("build:7", "build:7")


def test_marketing_is_paid_with_cards_of_the_stalls_own_zone():
    game = scenario(stalls=[MINE, RIVAL], customers=AT, build={0: [4, 8]})
    assert TakeCustomer("lemonade") not in game.legal_actions()


def test_an_equally_close_competitor_is_not_closer():
    tie = stall(1, "lemonade", (6, 8), "W")  # entrance (6, 7): two steps, like mine
    game = scenario(stalls=[MINE, tie], customers=AT)
    cascade = game.apply(TakeCustomer("lemonade"))
    assert "marketing" not in types_of(cascade)


def test_a_competitor_with_a_customer_at_its_entrance_does_not_compete():
    game = scenario(stalls=[MINE, RIVAL], customers={**AT, "flowers": (6, 6)})
    assert TakeCustomer("lemonade") in game.legal_actions()


def test_closer_means_fewer_steps_around_the_stalls_not_as_the_crow_flies():
    customers = {"lemonade": (3, 5), "fish": None}
    mine = stall(0, "lemonade", (3, 1), "E")          # entrance (3, 2): three steps
    rival = stall(1, "lemonade", (3, 8), "W")         # entrance (3, 7): two cells away ...
    wall = stall(1, "flowers", (2, 6), "N", [(3, 6), (4, 6)])  # ... behind a wall
    open_game = scenario(stalls=[mine, rival], customers=customers)
    assert TakeCustomer("lemonade") not in open_game.legal_actions()
    game = scenario(stalls=[mine, rival, wall], customers=customers)
    blocked = frozenset(c for c in game._tiles if c in SQUARE)  # stall and expansion tiles
    dist = distances_from(blocked, (3, 5))
    assert dist[(3, 2)] == 3 and dist[(3, 7)] == 6
    assert dist[(3, 7)] == nx.shortest_path_length(walking_graph(blocked), (3, 5), (3, 7))
    assert TakeCustomer("lemonade") in game.legal_actions()


def test_a_customer_who_cannot_walk_to_the_stall_cannot_be_taken():
    fence = [stall(1, "flowers", (0, 1), "E"), stall(1, "vegetables", (1, 0), "S")]
    game = scenario(stalls=[*fence, stall(0, "lemonade", (3, 5), "N")],
                    customers={"lemonade": (0, 0), "fish": None})
    with pytest.raises(IllegalAction, match="cannot walk"):
        game.apply(TakeCustomer("lemonade"))


def test_a_customer_may_be_taken_from_another_stalls_entrance():
    game = scenario(stalls=[MINE, stall(1, "flowers", (6, 8), "W")],
                    customers={"lemonade": (6, 7), "fish": None})
    game.apply(TakeCustomer("lemonade"))
    assert game.customers["fish"] == (6, 3) and game.customers["lemonade"] is None


def test_more_than_eight_cards_after_a_customer_means_discarding():
    big = stall(0, "lemonade", (6, 2), "E", [(5, 2), (7, 2)])
    game = scenario(stalls=[big], customers=AT, build={0: [1, 1, 2, 2, 3, 3, 4]})
    cascade = game.apply(TakeCustomer("lemonade"))
    assert game.phase == "discard" and game.current_player == 0
    assert types_of(cascade)[-1] == "hand_limit"
    assert game.view(0)["must_discard"] == 2
