"""Riv en bod ned (tear down a stall): only a stall without expansion tiles."""

import pytest

from ecogames.core import IllegalAction
from ecogames.games.tori import Build, DrawPile, TearDown

from .scenario import scenario, stall, types_of


def test_a_stall_without_expansions_goes_back_to_its_owner():
    game = scenario(stalls=[stall(0, "flowers", (3, 5), "N")])
    cascade = game.apply(TearDown("flowers"))
    assert (0, "flowers") not in game.stalls and "flowers" in game.stall_supply(0)
    assert (3, 5) not in game._tiles and (2, 5) not in game._entrances
    assert types_of(cascade) == ["tear_down", "turn"]
    assert cascade.events[0].touched["stalls"] == ("0:flowers",)


def test_a_stall_with_expansions_stays():
    game = scenario(stalls=[stall(0, "flowers", (3, 5), "N", [(3, 6)])])
    assert TearDown("flowers") not in game.legal_actions()
    with pytest.raises(IllegalAction, match="only a stall without expansion tiles"):
        game.apply(TearDown("flowers"))


def test_only_your_own_stalls():
    game = scenario(stalls=[stall(1, "flowers", (3, 5), "N")])
    with pytest.raises(IllegalAction, match="no flowers stall"):
        game.apply(TearDown("flowers"))


def test_a_customer_at_the_entrance_stays_and_the_stall_can_be_built_again():
    game = scenario(build={0: [5]}, stalls=[stall(0, "flowers", (3, 5), "N")],
                    customers={"fish": (2, 5)})
    game.apply(TearDown("flowers"))
    assert game.customers["fish"] == (2, 5)
    game.apply(DrawPile())
    game.apply(Build("flowers", 4, 4, "W"))
    assert game.stalls[(0, "flowers")].cell == (4, 4)
