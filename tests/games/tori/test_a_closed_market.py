"""Can Tori stall? (issue 11's closing note: "If every remaining tile became impossible to
place, no rule ends the game".)

- A turn always offers an action: at most 4 x 8 = 32 of the 36 build cards are in hands, so
  two lie face up or two can be drawn; after a refresh five lie face up; a player above
  the hand limit has cards to discard.
- But a game can run forever: goods cards come only from customers, and a customer walled
  in for good (by expanded stalls, which can never be torn down, information points, the
  water and the board's edge, with no space left where a stall of its goods could open an
  entrance it can walk to) never moves again. With all five customers on the square walled
  in, no goods card is ever received again and the market is frozen: the points can no
  longer change. D29: Tori then ends at once, like its two end conditions.
"""

import pytest

from ecogames.core import SaveError
from ecogames.games.tori import DiscardBuild, DrawFaceUp, Expand, TakeCustomer, Tori

from .scenario import scenario, scenario_state, stall, types_of

# Five one-cell pockets: two corners of the square, two corners of the quay (the water
# beside them), and a cell between two stalls under an information point.
POCKETS = {"vegetables": (0, 0), "flowers": (0, 11), "ice_cream": (8, 0),
           "fish": (8, 11), "lemonade": (0, 5), "souvenirs": None}
WALLS = [stall(0, "vegetables", (0, 1), "E", [(1, 1), (1, 0)]),
         stall(0, "flowers", (0, 10), "W", [(1, 10), (1, 11)]),
         stall(0, "ice_cream", (7, 1), "N", [(7, 0), (8, 1)]),
         stall(0, "lemonade", (7, 10), "N", [(7, 11), (8, 10)]),
         stall(1, "vegetables", (0, 4), "S", [(0, 3)]),
         stall(1, "flowers", (0, 6), "S", [(0, 7)])]


def test_a_turn_always_offers_an_action():
    # four players hold 32 build cards: four are left, and a draw is still possible
    game = scenario(4, display=[5, 5, 9, 9], build={
        0: [1, 1, 1, 1, 2, 2, 2, 2], 1: [3, 3, 3, 3, 4, 4, 4, 4],
        2: [6, 6, 6, 6, 7, 7, 7, 7], 3: [8, 8, 8, 8, 5, 5, 9, 9]})
    assert not game.pile and not game.discard
    draws = {a for a in game.legal_actions() if a.type.startswith("draw")}
    assert draws == {DrawFaceUp(5, 5), DrawFaceUp(5, 9), DrawFaceUp(9, 9)}


def test_a_customer_walled_in_for_good():
    state = scenario_state(stalls=WALLS, customers=POCKETS)
    state["stalls"][-1]["expansions"] = []  # player 2's flowers stall could still go
    game = Tori.from_state(state)
    assert [g for g in POCKETS if game.walled_in(g)] == [
        "vegetables", "flowers", "ice_cream", "fish"]
    # the lemonade customer at (0, 5) is only walled in by a stall without expansions,
    # which can be torn down; and a customer on the colour-change tile is never walled in
    assert not game.walled_in("lemonade") and not game.walled_in("souvenirs")
    assert not game.is_over


def test_a_customer_with_a_place_for_a_stall_is_not_walled_in():
    # the fish customer in the corner of the quay with the cell above it free: a fish
    # stall cannot stand there (boats are in the water), but any vegetables stall could
    walls = [WALLS[0], WALLS[1], stall(0, "lemonade", (7, 10), "N", [(8, 10)])]
    customers = {**POCKETS, "vegetables": (8, 11), "fish": (0, 0)}
    game = scenario(stalls=walls, customers=customers)
    assert game.walled_in("fish")  # (0, 0): only stall tiles around it
    assert not game.walled_in("vegetables")  # (8, 11) -> (7, 11): room for a stall


def test_the_market_closes_when_the_last_free_customer_is_walled_in():
    state = scenario_state(stalls=WALLS, customers=POCKETS, active=1, build={1: [2]},
                           goods={1: {"flowers": 3}, 0: {"fish": 2}})
    state["stalls"][-1]["expansions"] = []
    game = Tori.from_state(state)
    cascade = game.apply(Expand("flowers", 0, 7, 2))
    assert game.is_over and game.phase == "over" and game.legal_actions() == []
    assert game.outcome.reason == "no customer can ever come to a stall again: all five on " \
                                  "the square are walled in"
    assert types_of(cascade)[-3:] == ["end", "score", "score"]


def test_a_frozen_market_cannot_be_loaded_as_a_game_going_on():
    state = scenario_state(stalls=WALLS, customers=POCKETS)
    with pytest.raises(SaveError, match="should have ended: no customer can ever come"):
        Tori.from_state(state)
    state.update(stage="over", ended="no customer can ever come to a stall again: all five "
                                     "on the square are walled in")
    assert Tori.from_state(state).is_over


def test_taking_a_customer_can_close_the_market():
    # four customers are walled in; the lemonade customer stands at (0, 5), and with
    # (0, 6) beside it, the entrance of player 2's lemonade stall, it has a region of two
    # cells. Player 2 takes it; the souvenir customer from the colour-change tile takes
    # its place at (0, 6), where no stall of souvenirs can ever open an entrance.
    walls = [*WALLS[:4], WALLS[4], stall(1, "lemonade", (0, 7), "W", [(1, 7), (1, 6)])]
    game = scenario(stalls=walls, customers=POCKETS, active=1)
    assert not game.walled_in("lemonade") and not game.is_over
    cascade = game.apply(TakeCustomer("lemonade"))
    assert game.customers["souvenirs"] == (0, 6) and game.walled_in("souvenirs")
    assert game.goods_hands[1]["lemonade"] == 3  # received before the end
    assert game.is_over and types_of(cascade)[-4:] == ["goods", "end", "score", "score"]
    assert game.phase == "over" and game.current_player is None
    assert game.outcome.reason.startswith("no customer can ever come")


def test_a_player_above_the_hand_limit_discards_before_the_market_closes():
    walls = [*WALLS[:4], WALLS[4], stall(1, "lemonade", (0, 7), "W", [(1, 7), (1, 6)])]
    game = scenario(stalls=walls, customers=POCKETS, active=1, build={1: [1, 2, 3, 4, 5, 6]})
    game.apply(TakeCustomer("lemonade"))
    assert game.hand_size(1) == 9 and game.phase == "discard" and not game.is_over
    assert game.market_closed() and Tori.from_state(game._state()) == game  # a real state
    cascade = game.apply(DiscardBuild(1))
    assert game.is_over and types_of(cascade) == ["discard", "end", "score", "score"]


def test_only_an_entrance_of_its_own_goods_lets_a_customer_out():
    # (0, 5) and (0, 6) form a pocket; (0, 6) is the entrance of player 2's expanded
    # flowers stall. The lemonade customer there is walled in (no lemonade stall can ever
    # receive it); a flowers customer is not (that flowers stall can take it).
    walls = [*WALLS[:4], WALLS[4], stall(1, "flowers", (0, 7), "W", [(1, 7), (1, 6)])]
    game = scenario(stalls=walls, customers={**POCKETS, "lemonade": (0, 5), "fish": (5, 5)})
    assert game.walled_in("lemonade") and not game.walled_in("fish")
    game = scenario(stalls=walls, active=1, customers={
        **POCKETS, "flowers": (0, 5), "lemonade": (0, 11), "fish": (5, 5)})
    assert not game.walled_in("flowers") and game.walled_in("lemonade")
    assert TakeCustomer("flowers") in game.legal_actions()
