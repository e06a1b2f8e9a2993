"""Majoritetskort og alsidighedskort (majority cards and versatility cards)."""

import pytest

from ecogames.games.tori import DrawPile, Expand

from .scenario import scenario, stall, types_of

CUSTOMERS = {"vegetables": (5, 0), "flowers": (5, 11), "ice_cream": (6, 0),
             "fish": (6, 11), "lemonade": (3, 0), "souvenirs": None}


def lemonade(owner, cell, expansions=()):
    return stall(owner, "lemonade", cell, "S", expansions)


P0, P1, P2 = (1, 2), (1, 6), (1, 9)   # stall tiles in zones 1, 2 and 3


def majority_events(cascade):
    return [(e.touched["cards"][0], e.touched["players"]) for e in cascade.events
            if e.kind == "majority"]


def test_the_first_expansion_takes_gold_and_silver_and_silver_passes_between_players():
    game = scenario(3, stalls=[lemonade(0, P0), lemonade(1, P1), lemonade(2, P2)],
                    customers=CUSTOMERS, build={0: [1], 1: [2], 2: [3]},
                    goods={0: {"lemonade": 2}, 1: {"lemonade": 2}, 2: {"lemonade": 2}})
    first = game.apply(Expand("lemonade", 0, 2, 1))
    assert (game.gold["lemonade"], game.silver["lemonade"]) == (0, 0)
    assert majority_events(first) == [("gold:lemonade", (0,)), ("silver:lemonade", (0,))]
    second = game.apply(Expand("lemonade", 0, 6, 2))  # player 2 equals player 1
    assert (game.gold["lemonade"], game.silver["lemonade"]) == (0, 1)
    assert majority_events(second) == [("silver:lemonade", (0, 1))]
    third = game.apply(Expand("lemonade", 0, 9, 3))   # player 3 equals too: silver moves on
    assert (game.gold["lemonade"], game.silver["lemonade"]) == (0, 2)
    assert majority_events(third) == [("silver:lemonade", (1, 2))]


def test_exceeding_every_other_stall_takes_both_cards():
    game = scenario(stalls=[lemonade(0, P0, [(0, 2)]), lemonade(1, P1, [(0, 6)])],
                    customers=CUSTOMERS, build={1: [2]}, goods={1: {"lemonade": 3}},
                    majority={"lemonade": (0, 1)}, active=1)
    cascade = game.apply(Expand("lemonade", 0, 7, 2))
    assert (game.gold["lemonade"], game.silver["lemonade"]) == (1, 1)
    assert majority_events(cascade) == [("gold:lemonade", (0, 1))]  # silver already held


def test_the_leader_pulling_ahead_takes_the_silver_back():
    game = scenario(stalls=[lemonade(0, P0, [(0, 2)]), lemonade(1, P1, [(0, 6)])],
                    customers=CUSTOMERS, build={0: [1]}, goods={0: {"lemonade": 3}},
                    majority={"lemonade": (0, 1)})
    cascade = game.apply(Expand("lemonade", 0, 3, 1))
    assert (game.gold["lemonade"], game.silver["lemonade"]) == (0, 0)
    assert majority_events(cascade) == [("silver:lemonade", (1, 0))]


def test_a_smaller_stall_takes_nothing():
    game = scenario(3, stalls=[lemonade(0, P0, [(0, 2), (0, 1)]), lemonade(1, P1)],
                    customers=CUSTOMERS, build={1: [2]}, goods={1: {"lemonade": 2}},
                    majority={"lemonade": (0, 0)}, active=1)
    cascade = game.apply(Expand("lemonade", 0, 6, 2))
    assert (game.gold["lemonade"], game.silver["lemonade"]) == (0, 0)
    assert majority_events(cascade) == []


# Versatility: an expansion tile in four (4 players), five (3) or six (2) goods groups

SPREAD = [stall(0, "vegetables", (1, 2), "S", [(0, 2)]),
          stall(0, "flowers", (1, 7), "S", [(0, 7)]),
          stall(0, "ice_cream", (4, 0), "S", [(3, 0)]),
          stall(0, "fish", (9, 2), "N", [(10, 2)]),
          stall(0, "souvenirs", (4, 3), "E", [(3, 3)])]
LEMONADE_STALL = stall(0, "lemonade", (6, 8), "N")
SPREAD_CUSTOMERS = {"vegetables": (5, 5), "flowers": (5, 6), "ice_cream": (6, 5),
                    "fish": (6, 6), "lemonade": (7, 5), "souvenirs": None}


@pytest.mark.parametrize(("players", "groups", "earned"), [
    (4, 4, True), (4, 3, False), (3, 5, True), (3, 4, False), (2, 6, True), (2, 5, False)])
def test_versatility_card_by_player_count(players, groups, earned):
    others = SPREAD[: groups - 1]
    game = scenario(players, stalls=[*others, LEMONADE_STALL], customers=SPREAD_CUSTOMERS,
                    build={0: [9]}, goods={0: {"lemonade": 2}})
    cascade = game.apply(Expand("lemonade", 7, 8, 9))
    assert game.versatility[0] is earned
    assert ("versatility" in types_of(cascade)) is earned


def test_a_versatility_card_is_never_lost_and_never_given_twice():
    # player 1 holds one (five groups, four players); player 2 reaches four groups by
    # equalling player 1's vegetables stall. Were there one card to pass on, or did it
    # follow the majority cards, player 1 would lose it here: both hold one.
    rival = [stall(1, "lemonade", (6, 8), "N", [(7, 8)]),
             stall(1, "fish", (9, 9), "N", [(10, 9)]),
             stall(1, "ice_cream", (1, 10), "S", [(0, 10)]),
             stall(1, "vegetables", (6, 2), "N")]
    game = scenario(4, stalls=[*SPREAD, *rival], customers=SPREAD_CUSTOMERS, active=1,
                    build={0: [1], 1: [7]}, goods={0: {"vegetables": 3}, 1: {"vegetables": 2}})
    assert game.versatility == [True, False, False, False]
    assert (game.gold["vegetables"], game.silver["vegetables"]) == (0, 0)
    cascade = game.apply(Expand("vegetables", 7, 2, 7))
    assert game.versatility == [True, True, False, False]
    assert majority_events(cascade) == [("silver:vegetables", (0, 1))]
    given = [e.touched["players"] for e in cascade.events if e.kind == "versatility"]
    assert given == [(1,)]
    # player 1 expands again (a sixth group's worth of tiles): no second card
    game.apply(DrawPile())  # players 3 and 4
    game.apply(DrawPile())
    cascade = game.apply(Expand("vegetables", 0, 3, 1))
    assert game.versatility == [True, True, False, False]
    assert "versatility" not in types_of(cascade)
    assert majority_events(cascade) == [("silver:vegetables", (1, 0))]
