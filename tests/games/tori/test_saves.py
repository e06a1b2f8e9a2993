"""Saves round-trip and are read strictly."""

import copy

import pytest

from ecogames.core import SaveError, load
from ecogames.games.tori import Build, DrawFaceUp, Tori

from .scenario import scenario, scenario_state, stall


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
    (lambda s: s.update(pile=sorted([*s["pile"], 3])), "4 build cards 3"),
    (lambda s: s["pile"].reverse(), "lowest first"),
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


# Item 8 of issue 11: every invariant of a real game is checked on load (the ones
# test_random_play.tori_invariant checks, and the rulebook's), with strict types.

SPREAD = [stall(0, "vegetables", (1, 2), "S", [(0, 2)]),
          stall(0, "flowers", (1, 7), "S", [(0, 7)]),
          stall(0, "ice_cream", (4, 0), "S", [(3, 0)]),
          stall(0, "fish", (9, 2), "N", [(10, 2)])]
SPREAD_CUSTOMERS = {"vegetables": (5, 5), "flowers": (5, 6), "ice_cream": (6, 5),
                    "fish": (6, 6), "lemonade": (7, 5), "souvenirs": None}
SPREAD_MAJORITY = {g: (0, 0) for g in ("vegetables", "flowers", "ice_cream", "fish")}


def spread_state(groups: int, versatility: list[bool]) -> dict:
    """Four players; player 1 has expansion tiles in ``groups`` goods groups."""
    return scenario_state(4, stalls=SPREAD[:groups], customers=SPREAD_CUSTOMERS,
                          majority=dict(list(SPREAD_MAJORITY.items())[:groups]),
                          versatility=versatility)


def test_a_versatility_card_needs_expansions_in_enough_goods_groups():
    assert Tori.from_state(spread_state(4, [True, False, False, False])).versatility[0]
    with pytest.raises(SaveError, match=r"versatility card.*3 goods groups.*4"):
        Tori.from_state(spread_state(3, [True, False, False, False]))


def test_expansions_in_enough_goods_groups_hold_a_versatility_card():
    with pytest.raises(SaveError, match=r"versatility card.*4 goods groups"):
        Tori.from_state(spread_state(4, [False, False, False, False]))


LEMONADE = {"vegetables": (5, 0), "flowers": (5, 11), "ice_cream": (6, 0),
            "fish": (6, 11), "lemonade": (3, 0), "souvenirs": None}


def lemonade_state(sizes: list[int], gold: int | None, silver: int | None,
                   players: int = 3) -> dict:
    """Lemonade stalls in zones 1, 2 and 3 of the given sizes, and who holds the cards."""
    cells = [(1, 2), (1, 6), (1, 10)]
    grow = [[(2, 2), (2, 1), (2, 3)], [(2, 6), (2, 5), (2, 7)], [(2, 10), (2, 9), (2, 11)]]
    stalls = [stall(p, "lemonade", cells[p], "N", grow[p][: size - 1])
              for p, size in enumerate(sizes)]
    return scenario_state(players, stalls=stalls, customers=LEMONADE,
                          majority={"lemonade": (gold, silver)})


@pytest.mark.parametrize(("sizes", "gold", "silver"), [
    ([2, 1, 1], 0, 0), ([3, 3, 1], 0, 1), ([2, 2, 2], 1, 2), ([3, 2, 2], 0, 0),
    ([1, 1, 1], None, None), ([2, 2, 1], 1, 0)])
def test_majority_cards_that_can_be_true_load(sizes, gold, silver):
    game = Tori.from_state(lemonade_state(sizes, gold, silver))
    assert (game.gold["lemonade"], game.silver["lemonade"]) == (gold, silver)


@pytest.mark.parametrize(("sizes", "gold", "silver", "words"), [
    ([2, 1, 1], None, None, "expanded.*nobody holds"),
    ([1, 1, 1], 0, 0, "no lemonade stall is expanded"),
    ([2, 3, 1], 0, 0, "gold.*largest"),
    ([3, 2, 1], 0, 1, "silver.*as large as the gold"),
    ([3, 3, 1], 0, 0, "gold and silver.*strictly larger"),
    ([2, 1, 1], 0, 2, "silver.*as large as the gold"),
    ([2, 1], 0, 2, "player number"),
])
def test_majority_cards_held_by_the_wrong_player_are_refused(sizes, gold, silver, words):
    with pytest.raises(SaveError, match=words):
        Tori.from_state(lemonade_state(sizes, gold, silver, players=len(sizes) if
                                       len(sizes) > 2 else 2))


def valid() -> dict:
    """A state of a real game after a few turns (a stall, cards in hands, a discard)."""
    game = scenario(build={0: [5, 1], 1: [2]}, goods={0: {"fish": 2}})
    game.apply(Build("lemonade", 3, 5, "N"))
    return copy.deepcopy(game._state())


def _set(path, value):
    def change(state):
        *head, last = path
        target = state
        for key in head:
            target = target[key]
        target[last] = value
    return change


@pytest.mark.parametrize(("change", "words"), [
    (lambda s: s.update(surprise=1), "unknown"),
    (lambda s: s["hands"][0].update(extra=[]), "unknown"),
    (lambda s: s["stalls"][0].update(size=1), "unknown"),
    (lambda s: s["majority"]["fish"].update(bronze=None), "unknown"),
    (lambda s: s["majority"].update(fish={"gold": None}), r"majority.fish lacks \['silver'\]"),
    (_set(["turn"], 1.0), "turn must be int"),
    (_set(["turn"], True), "turn must be int"),
    (_set(["rng"], "12"), "rng must be int"),
    (_set(["stage"], ["turn"]), "stage must be one of"),
    (_set(["ended"], 0), "ended must be str"),
    (_set(["area_bonus"], [["A1"], "A2"]), "area_bonus"),
    (_set(["colour_bonus"], [1, 2]), "colour_bonus"),
    (_set(["customers", "fish"], [3.0, 5]), "cell"),
    (_set(["customers", "fish"], "3,5"), "cell"),
    (_set(["stalls", 0, "good"], ["lemonade"]), "good must be one of"),
    (_set(["stalls", 0, "facing"], 0), "facing must be one of"),
    (_set(["stalls", 0, "owner"], False), "owner must be int"),
    (_set(["hands", 0, "goods", "fish"], "2"), "fish must be int"),
    (_set(["hands", 0, "build"], [True] + [0] * 8), "build"),
    (_set(["versatility"], [0, 0]), "versatility"),
    (_set(["hands"], {"0": {}}), "hands must be list"),
    (_set(["majority", "fish"], [None, None]), "fish must be dict"),
])
def test_types_are_strict_and_unknown_keys_refused(change, words):
    state = valid()
    change(state)
    with pytest.raises(SaveError, match=words):
        Tori.from_state(state)


def test_the_turn_passes_in_seat_order():
    state = valid()
    assert (state["turn"], state["active"]) == (1, 1)
    state["active"] = 0
    with pytest.raises(SaveError, match="seat order"):
        Tori.from_state(state)


def test_expansion_tiles_touch_their_stall():
    game = scenario(stalls=[stall(0, "lemonade", (1, 2), "N", [(2, 2), (3, 2)])],
                    customers=LEMONADE, majority={"lemonade": (0, 0)})
    state = copy.deepcopy(game._state())
    state["stalls"][0]["expansions"] = [[3, 2], [2, 2]]  # the first placed touched nothing
    with pytest.raises(SaveError, match="touch"):
        Tori.from_state(state)
    state["stalls"][0]["expansions"] = [[2, 2], [5, 5]]
    with pytest.raises(SaveError, match="touch"):
        Tori.from_state(state)


def test_stalls_of_the_same_colour_never_touch():
    state = copy.deepcopy(scenario(customers=LEMONADE)._state())
    state["stalls"] = [stall(0, "flowers", (3, 5), "N"), stall(1, "flowers", (3, 6), "N")]
    with pytest.raises(SaveError, match="same colour"):
        Tori.from_state(state)
    state["stalls"][1]["good"] = "lemonade"
    assert Tori.from_state(state)


def test_the_discard_phase_holds_a_hand_above_the_limit():
    state = valid()
    state["stage"] = "discard"
    with pytest.raises(SaveError, match=r"discard.*more than 8"):
        Tori.from_state(state)


def test_the_refresh_decision_has_five_face_up_cards():
    state = valid()
    state["stage"] = "refresh"
    Tori.from_state(state)
    state["pile"] = sorted([*state["pile"], state["display"].pop()])
    with pytest.raises(SaveError, match="five face-up"):
        Tori.from_state(state)


FISH = [stall(0, "fish", (9, 1), "N", [(10, 1), (10, 2)]),
        stall(1, "fish", (9, 6), "N", [(10, 6), (10, 7)])]
FISH_CUSTOMERS = {"vegetables": (3, 5), "flowers": (3, 6), "ice_cream": (4, 5),
                  "fish": (5, 5), "lemonade": (5, 6), "souvenirs": None}


def test_a_game_is_over_exactly_when_an_end_condition_holds():
    game = scenario(stalls=FISH[:1], customers=FISH_CUSTOMERS, majority={"fish": (0, 0)})
    state = copy.deepcopy(game._state())
    state.update(stage="over", ended="all fish expansion tiles are used")
    with pytest.raises(SaveError, match="no end condition"):
        Tori.from_state(state)
    # all five fish tiles placed: the game ended, and for this reason
    fleet = [FISH[0], {**FISH[1], "expansions": [[10, 6], [10, 7], [10, 8]]}]
    state = scenario_state(stalls=fleet, customers=FISH_CUSTOMERS, majority={"fish": (1, 1)})
    assert state["stage"] == "turn"
    with pytest.raises(SaveError, match="should have ended"):
        Tori.from_state(state)
    state.update(stage="over", ended="because I say so")
    with pytest.raises(SaveError, match="all fish expansion tiles are used"):
        Tori.from_state(state)
    state["ended"] = "all fish expansion tiles are used"
    assert Tori.from_state(state).is_over


def test_violations_name_each_broken_rule_and_the_loader_refuses_the_first():
    """``game.violations()`` (save.violations) is where the rules of a legal state are
    written once: a game breaking two of them hears of both, one sentence each, and a save
    of it is refused with the first."""
    game = scenario(build={0: [5]})
    assert game.violations() == []
    game.build_hands[0][4] += 1  # a fifth build card 5
    game.versatility[1] = True  # a versatility card without a single expansion
    problems = game.violations()
    assert len(problems) == 2
    assert "5 build cards 5" not in problems[0] and "4 build cards 5" in problems[0]
    assert "player 2 holds a versatility card" in problems[1]
    with pytest.raises(SaveError, match="4 build cards 5 in all, the state has 5"):
        Tori.from_state(game._state())


def test_is_over_kept_beside_ended_is_checked_against_it():
    """``is_over`` is a plain value set where the game ends (and on load), for speed: a game
    whose is_over disagrees with ``ended`` is told so (fails if the check is gone)."""
    game = scenario(build={0: [5]})
    game.is_over = True
    assert game.violations() == ["is_over is True, but state.ended is ''"]


def test_a_broken_board_is_told_before_what_reads_the_board():
    """Stalls and customers first: the other checks (majority cards, the end...) read the
    board, so they are asked only of a board that can be."""
    game = scenario(stalls=[stall(0, "flowers", (3, 5), "N")])
    game.customers["fish"] = (3, 5)  # on the flowers stall's tile
    assert game.violations() == ["a customer stands on [3, 5], which is not a free square "
                                 "space"]
