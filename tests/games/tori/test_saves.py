"""Saves round-trip and are read strictly."""

import copy

import pytest

from ecogames.core import SaveError, load
from ecogames.games.tori import Build, DrawFaceUp, Tori

from .scenario import scenario, stall


def test_a_game_round_trips():
    game = scenario(build={0: [5]})
    game.apply(Build("lemonade", 3, 5, "N"))
    game.apply(DrawFaceUp(*sorted(game.display)[:2]))
    loaded = load(game.to_json())
    assert loaded == game and loaded.history == game.history
    assert Tori.from_state(game._state())._state() == game._state()


def broken(change):
    state = copy.deepcopy(scenario(stalls=[stall(0, "flowers", (3, 5), "N")])._state())
    change(state)
    return state


@pytest.mark.parametrize(("change", "words"), [
    (lambda s: s["pile"].append(3), "4 build cards 3"),
    (lambda s: s["hands"][0]["goods"].update(fish=1), "10 fish goods cards"),
    (lambda s: s["stalls"].append(stall(1, "fish", (3, 5), "N")), "a fish stall cannot"),
    (lambda s: s["stalls"].append(stall(1, "vegetables", (3, 5), "S")), "covered twice"),
    (lambda s: s["stalls"].append(stall(1, "vegetables", (1, 4), "E")), "not on the square"),
    (lambda s: s["customers"].update(fish=None, lemonade=None), "colour-change"),
    (lambda s: s["customers"].update(fish=[3, 5]), "not a free square"),
    (lambda s: s.update(stage="over"), "over"),
    (lambda s: s["majority"]["fish"].update(gold=0), "together"),
    (lambda s: s.update(area_bonus=["A1", "A1"]), "different area bonus"),
    (lambda s: s["hands"][0].update(build=[1] * 8 + [0], goods={**s["hands"][0]["goods"],
                                                              "fish": 1}), "more than 8"),
])
def test_a_broken_state_is_refused(change, words):
    state = broken(change)
    # fix card totals where the change is not about them
    with pytest.raises(SaveError, match=words):
        Tori.from_state(_whole(state, words))


def _whole(state, words):
    if words == "more than 8":  # take the cards from the pile and the goods pile
        for z in range(1, 9):
            state["pile"].remove(z) if z in state["pile"] else state["display"].remove(z)
        state["goods_supply"]["fish"] -= 1
    return state


def test_a_tampered_save_is_refused():
    game = scenario(build={0: [5]})
    game.apply(Build("lemonade", 3, 5, "N"))
    data = game.to_dict()
    data["state"]["stalls"][0]["facing"] = "E"
    with pytest.raises(SaveError, match="does not match"):
        Tori.from_dict(data)
