"""Byg en ny bod (build a new stall): a build card of the zone, a stall tile whose half
circle marks the entrance; fish only on the water along the quay; souvenirs against an
information point; stalls of the same colour may not touch."""

import pytest

from ecogames.core import IllegalAction
from ecogames.games.tori import Build

from .scenario import scenario, stall, types_of


def test_a_build_card_of_the_zone_pays_for_the_stall():
    game = scenario(build={0: [5]})
    assert Build("vegetables", 3, 5, "N") in game.legal_actions()
    cascade = game.apply(Build("vegetables", 3, 5, "N"))
    built = game.stalls[(0, "vegetables")]
    assert built.cell == (3, 5) and built.entrance == (2, 5) and built.size == 1
    assert game.build_hands[0] == [0] * 9 and game.discard == [5]
    assert game.stall_supply(0) == ["flowers", "ice_cream", "fish", "lemonade", "souvenirs"]
    assert types_of(cascade) == ["build", "turn"]
    event = cascade.events[0]
    assert event.touched["stalls"] == ("0:vegetables",)
    assert event.touched["cells"] == ((3, 5), (2, 5))
    assert event.touched["cards"] == ("build:5",)


def test_without_the_zones_card_no_stall():
    game = scenario(build={0: [5]})
    with pytest.raises(IllegalAction, match="build card 4"):
        game.apply(Build("vegetables", 3, 1, "N"))


def test_fish_stalls_are_boats_in_the_water_along_the_quay():
    game = scenario(build={0: [7, 8]})
    legal = game.legal_actions()
    assert Build("fish", 9, 2, "N") in legal
    fish = {(a.row, a.col) for a in legal if isinstance(a, Build) and a.good == "fish"}
    assert fish and all(row == 9 for row, _ in fish)
    for action, words in [(Build("fish", 8, 2, "N"), "fishing boats"),
                          (Build("fish", 10, 2, "N"), "fishing boats"),
                          (Build("fish", 5, 2, "N"), "build card 4"),
                          (Build("fish", 9, 2, "S"), "entrance"),
                          (Build("vegetables", 9, 2, "N"), "not in the water")]:
        with pytest.raises(IllegalAction, match=words):
            game.apply(action)
    game.apply(Build("fish", 9, 2, "N"))
    assert game.stalls[(0, "fish")].entrance == (8, 2)  # on the quay


def test_souvenir_stalls_stand_directly_against_an_information_point():
    game = scenario(build={0: [4, 5]})
    assert Build("souvenirs", 4, 3, "E") in game.legal_actions()  # right of (4, 2)
    assert Build("souvenirs", 5, 2, "S") in game.legal_actions()  # below (4, 2)
    for action in [Build("souvenirs", 5, 3, "S"),   # only diagonal to (4, 2)
                   Build("souvenirs", 3, 5, "N")]:  # two cells from (1, 5)
        with pytest.raises(IllegalAction, match="against an information point"):
            game.apply(action)


def test_stalls_of_the_same_colour_may_not_touch():
    game = scenario(build={0: [5, 5]}, stalls=[stall(1, "vegetables", (3, 5), "N", [(4, 5)])])
    for action in [Build("vegetables", 3, 6, "N"),   # beside the stall tile
                   Build("vegetables", 5, 5, "S")]:  # below its expansion tile
        with pytest.raises(IllegalAction, match="same colour may not touch"):
            game.apply(action)
    assert Build("flowers", 3, 6, "N") in game.legal_actions()
    assert Build("vegetables", 3, 7, "N") in game.legal_actions()


TAKEN = r"\(\d+, \d+\) is taken"
ENTRANCE = "the entrance at .* must be a free space of the square"


@pytest.mark.parametrize(("action", "words"), [
    (Build("vegetables", 2, 4, "E"), ENTRANCE),  # its entrance: another stall's entrance
    (Build("vegetables", 2, 5, "N"), TAKEN),     # on another stall's entrance
    (Build("vegetables", 1, 4, "E"), ENTRANCE),  # entrance on an information point
    (Build("vegetables", 0, 4, "N"), ENTRANCE),  # entrance off the board
    (Build("vegetables", 1, 2, "W"), ENTRANCE),  # entrance on a customer
    (Build("vegetables", 1, 1, "N"), TAKEN),     # on a customer
    (Build("vegetables", 3, 5, "N"), TAKEN),     # on a stall tile
    (Build("vegetables", 4, 5, "N"), ENTRANCE),  # entrance on a stall tile
])
def test_tile_and_entrance_need_free_spaces(action, words):
    # the player holds a build card of each zone concerned: only the space is in the way
    game = scenario(build={0: [1, 2, 5]}, stalls=[stall(1, "flowers", (3, 5), "N")],
                    customers={"lemonade": (1, 1)})
    with pytest.raises(IllegalAction, match=words):
        game.apply(action)
    assert action not in game.legal_actions()
    # the same stall elsewhere in its zone, facing a free space, may be built
    assert Build("vegetables", 2, 6, "S") in game.legal_actions()
    assert Build("vegetables", 1, 2, "S") in game.legal_actions()
    assert Build("vegetables", 4, 4, "S") in game.legal_actions()


def test_one_stall_of_each_good():
    game = scenario(build={0: [5]}, stalls=[stall(0, "vegetables", (0, 0), "S")])
    with pytest.raises(IllegalAction, match="already on the board"):
        game.apply(Build("vegetables", 3, 5, "N"))
    assert all(a.good != "vegetables" for a in game.legal_actions() if isinstance(a, Build))


def test_every_build_the_checked_door_allows_is_offered():
    game = scenario(build={0: [1, 4, 5, 7, 9]},
                    stalls=[stall(1, "souvenirs", (4, 3), "E"), stall(1, "fish", (9, 9), "N")])
    legal = set(game.legal_actions())
    for good in ("vegetables", "fish", "souvenirs"):
        for row in range(11):
            for col in range(12):
                for facing in "NESW":
                    action = Build(good, row, col, facing)
                    assert (game.why_not(action) is None) == (action in legal), action
