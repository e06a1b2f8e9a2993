"""Område- og farvebonuskort (area and colour bonus cards), Tori afsluttes (the end) and
Point (scoring)."""

import pytest

from ecogames.core import IllegalAction
from ecogames.games.tori import DrawPile, Expand
from ecogames.games.tori.components import (
    BONUS_POINTS,
    GOLD_POINTS,
    SILVER_POINTS,
    VERSATILITY_POINTS,
)

from .scenario import scenario, stall, types_of

CUSTOMERS = {"vegetables": (3, 5), "flowers": (3, 6), "ice_cream": (4, 5), "fish": (5, 5),
             "lemonade": (5, 6), "souvenirs": None}

# six expansion tiles of player 1 in zones 1, 2 and 3, in vegetables and flowers
TOP_ROW = [stall(0, "vegetables", (1, 2), "S", [(0, 2), (0, 3), (0, 1)]),
           stall(0, "flowers", (1, 7), "S", [(0, 7), (0, 6), (0, 8)])]


@pytest.mark.parametrize(("players", "tiles", "bonus"), [
    (2, 6, True), (2, 5, False), (3, 5, True), (3, 4, False), (4, 4, True), (4, 3, False)])
def test_area_and_colour_bonus_by_player_count(players, tiles, bonus):
    veg, flowers = TOP_ROW
    stalls = [veg, {**flowers, "expansions": flowers["expansions"][: tiles - 3]}]
    game = scenario(players, stalls=stalls, customers=CUSTOMERS,
                    area_bonus=["A1", "A2", "A3", "A4"][:players],       # A1: zones 1, 2, 3
                    colour_bonus=["F1", "F3", "F4", "F5"][:players])     # F1: veg, flowers, ice
    score = game.scores()[0]
    assert score["area_tiles"] == score["colour_tiles"] == tiles
    assert score["area_bonus"] == score["colour_bonus"] == (BONUS_POINTS if bonus else 0)


def test_tiles_outside_the_cards_do_not_count():
    game = scenario(stalls=TOP_ROW, customers=CUSTOMERS, area_bonus=["A2", "A1"],
                    colour_bonus=["F10", "F1"])  # zones 4-6; ice cream, fish, souvenirs
    score = game.scores()[0]
    assert score["area_tiles"] == 0 and score["colour_tiles"] == 0


def test_bonus_cards_are_hidden_from_the_others_until_the_end():
    game = scenario(stalls=TOP_ROW, customers=CUSTOMERS)
    assert game.view(0)["players"][0]["area_bonus"]["id"] == game.area_bonus[0]
    assert game.view(0)["players"][1]["area_bonus"] is None
    assert game.view(1)["players"][0]["colour_bonus"] is None
    assert game.view(None)["players"][0]["area_bonus"] is None
    assert game.view(1)["scores"] is None


# The end: the moment a goods group's tiles are used up, or two groups have one left each

FISH_FLEET = [stall(0, "fish", (9, 1), "N", [(10, 1), (10, 2)]),
              stall(1, "fish", (9, 6), "N", [(10, 6), (10, 7)])]


def test_the_last_tile_of_a_goods_group_ends_the_game_at_once():
    game = scenario(stalls=FISH_FLEET, customers=CUSTOMERS, build={0: [7]},
                    goods={0: {"fish": 4}}, majority={"fish": (0, 1)})
    assert game.expansion_supply("fish") == 1
    cascade = game.apply(Expand("fish", 10, 3, 7))
    assert game.expansion_supply("fish") == 0
    assert game.is_over and game.phase == "over" and game.current_player is None
    assert game.outcome.reason == "all fish expansion tiles are used"
    kinds = types_of(cascade)
    assert kinds == ["expand", "majority", "end", "score", "score"]  # no next turn
    assert (game.gold["fish"], game.silver["fish"]) == (0, 0)  # counted before the end
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        game.apply(DrawPile())


# vegetables: 4 of 6 tiles used; ice cream: 5 of 6 used (one left)
TWO_LOW = [stall(0, "vegetables", (1, 2), "S", [(0, 2), (0, 3)]),
           stall(1, "vegetables", (1, 9), "S", [(0, 9), (0, 10)]),
           stall(0, "ice_cream", (4, 0), "S", [(3, 0), (3, 1), (2, 0)]),
           stall(1, "ice_cream", (7, 6), "N", [(8, 6), (8, 7)])]


def test_two_groups_with_one_tile_left_each_end_the_game():
    game = scenario(stalls=TWO_LOW, customers=CUSTOMERS, build={0: [1]},
                    goods={0: {"vegetables": 4}}, majority={"vegetables": (0, 1),
                                                            "ice_cream": (0, 0)})
    assert not game.is_over
    game.apply(Expand("vegetables", 0, 1, 1))
    assert game.is_over
    assert game.outcome.reason == "vegetables and ice cream have only one expansion tile " \
                                  "left each"


def test_one_group_with_one_tile_left_is_not_the_end():
    stalls = [TWO_LOW[0], {**TWO_LOW[1], "expansions": [[0, 9]]}, *TWO_LOW[2:]]
    game = scenario(stalls=stalls, customers=CUSTOMERS, build={0: [1]},
                    goods={0: {"vegetables": 4}})
    game.apply(Expand("vegetables", 0, 1, 1))
    assert game.expansion_supply("vegetables") == 2 and not game.is_over


def test_scoring_adds_majority_versatility_and_bonus_cards():
    # four players: player 2 has expansion tiles in four goods groups (a versatility card)
    versatile = [{**FISH_FLEET[1], "owner": 1},
                 stall(1, "flowers", (1, 7), "S", [(0, 7)]),
                 stall(1, "ice_cream", (4, 0), "S", [(3, 0)]),
                 stall(1, "lemonade", (6, 8), "N", [(7, 8)])]
    game = scenario(4, stalls=[FISH_FLEET[0], TOP_ROW[0], *versatile], customers=CUSTOMERS,
                    build={0: [7]}, goods={0: {"fish": 4}}, majority={"fish": (0, 1)},
                    area_bonus=["A3", "A1", "A2", "A4"], colour_bonus=["F2", "F1", "F3", "F4"])
    assert game.versatility == [False, True, False, False]
    game.apply(Expand("fish", 10, 3, 7))
    outcome = game.outcome
    # player 1: gold and silver of fish (4 tiles beat 3) and of vegetables; 3 fish + 3
    # vegetables tiles (colour F2: vegetables, flowers, fish: 6 >= 4); in zones 7-9 (A3)
    # only the 3 fish tiles (< 4). Player 2: gold and silver of flowers, ice cream and
    # lemonade, and the versatility card; 1 tile in zones 1-3 (A1), 2 of F1's goods.
    p0 = 2 * GOLD_POINTS + 2 * SILVER_POINTS + BONUS_POINTS
    p1 = 3 * GOLD_POINTS + 3 * SILVER_POINTS + VERSATILITY_POINTS
    assert outcome.scores == (p0, p1, 0, 0) and outcome.winners == (1,)
    breakdown = outcome.data["breakdown"]
    assert breakdown[0]["colour_tiles"] == 6 and breakdown[0]["area_tiles"] == 3
    assert breakdown[0]["area_bonus"] == 0 and breakdown[0]["colour_bonus"] == BONUS_POINTS
    assert breakdown[1]["versatility"] == VERSATILITY_POINTS
    view = game.view(1)
    assert view["players"][0]["area_bonus"] == {"id": "A3", "zones": [7, 8, 9]}
    assert view["scores"][0]["total"] == p0


def test_equal_best_totals_share_the_win():
    # player 1 takes fish gold and silver (6 points); player 2 holds those of lemonade
    game = scenario(stalls=[*FISH_FLEET, stall(1, "lemonade", (6, 8), "N", [(7, 8)])],
                    customers=CUSTOMERS, build={0: [7]}, goods={0: {"fish": 4}},
                    majority={"fish": (1, 0)}, area_bonus=["A1", "A2"],
                    colour_bonus=["F10", "F9"])
    game.apply(Expand("fish", 10, 3, 7))
    assert game.outcome.scores == (GOLD_POINTS + SILVER_POINTS,) * 2
    assert game.outcome.winners == (0, 1)


def test_every_effect_names_its_cause():
    game = scenario(stalls=FISH_FLEET, customers=CUSTOMERS, build={0: [7]},
                    goods={0: {"fish": 4}}, majority={"fish": (0, 1)})
    cascade = game.apply(Expand("fish", 10, 3, 7), views=True)
    expand, majority, end, *scores = cascade.events
    assert expand.cause is None and expand.touched["cells"] == ((10, 3),)
    assert majority.cause == expand.index and majority.touched["cards"] == ("silver:fish",)
    assert majority.touched["players"] == (1, 0)
    assert end.cause == expand.index and all(s.cause == end.index for s in scores)
    assert [e.kind for e in cascade.causes(scores[0].index)] == ["expand", "end", "score"]
    # the view after the majority event already shows the silver card with player 1
    assert cascade.views[1]["majority"]["fish"] == {"gold": 0, "silver": 0}
    assert cascade.views[0]["majority"]["fish"] == {"gold": 0, "silver": 1}
