"""Course of Play: turns, the dice, the Activation cards, the discard pile and the Round
marker; phase 2's four action points (CP1-CP8, AP1-AP2, D14-D16, D29, D32)."""

from __future__ import annotations

import pytest

from ecogames.core import IllegalAction
from ecogames.games.toritori import Move, Protect, Roll, Study, new_game
from tests.games.toritori.scenario import build, roll, sector, token

QUIET = {6: ["TT", "GP", "FX"], 12: ["NT", "NT"], 2: ["IB"]}


def test_course_of_play_roll_first_then_four_action_points_then_the_next_player():
    game = new_game(players=3, seed=4, layout="rulebook")
    assert game.legal_actions() == [Roll()] and game.current_player == 0
    with pytest.raises(IllegalAction, match="roll the dice"):
        game.apply(Study("E"))
    roll(game)
    if game.stage != "actions":  # resolve any team decision
        game.apply(game.legal_actions()[0])
    assert game.stage == "actions" and game.points == 4
    with pytest.raises(IllegalAction, match="not allowed now"):
        game.apply(Roll())
    for left in (3, 2, 1):
        game.apply(Move(game.island.steps[game.pawns[0]][0]))
        assert game.points == left and game.current_player == 0
    game.apply(Move(game.island.steps[game.pawns[0]][0]))
    assert game.current_player == 1 and game.stage == "roll" and game.dice is None  # clockwise


def test_course_of_play_no_pass_move_is_always_possible():
    game = new_game(players=2, seed=1)
    for location in game.island.locations:
        assert game.island.steps[location], location
    game.pawns[0] = "industry"
    game.stage, game.turn_phase, game.points = "actions", 2, 4
    assert {type(a).__name__ for a in game.legal_actions()} == {"Study", "Move"}


SLOTS = {"A": "sector_12", "B": "sector_2", "C": "sector_1", "D": "sector_6", "E": "sector_9",
         "F": "sector_11"}
OLD = ["sector_3", "sector_4", "sector_5", "sector_7", "sector_8", "sector_10", "cats",
       "tori_toris", "industry", "foxes", "guinea_pigs"]
"""With SLOTS and the Village card, the 18 Activation cards."""


def test_course_of_play_doubles_solve_one_card_once():
    # The pile was turned over once, so its order is known (D52): the Village card is on top.
    game = build(QUIET, slots=SLOTS, pile=["village", *OLD[:5]], discard=OLD[5:],
                 dice=("C", "C"), round_space=2)
    cascade = roll(game)
    assert [e.touched["cards"][0] for e in cascade.of_kind("card")] == ["sector_1"]
    assert len(cascade.of_kind("discard", "refill")) == 2
    assert game.discard[-1] == "sector_1" and game.slots[2] == "village"
    assert [game.slots[i] for i in (0, 1, 3, 4, 5)] == [SLOTS[f] for f in "ABDEF"]
    assert game.view()["dice"] == {"red": "C", "blue": "C"}


def test_course_of_play_discard_then_refill_red_space_first():
    game = build(QUIET, slots=SLOTS, dice=("E", "B"), pile=["village", *OLD[:9]],
                 discard=OLD[9:], round_space=2)
    cascade = roll(game)
    assert [e.touched["cards"][0] for e in cascade.of_kind("card")] == ["sector_9",
                                                                        "sector_2"]
    assert game.discard == ["foxes", "guinea_pigs", "sector_9", "sector_2"]
    assert game.slots[4] == "village" and game.slots[1] == "sector_3"  # E (red) first


def test_course_of_play_turning_the_discard_pile_over_without_shuffling():
    # One card left: the red space takes it, the pile turns over at once (D15), and the
    # sky-blue space takes the oldest discard.
    game = build(QUIET, slots=SLOTS, dice=("A", "B"), pile=["village"], discard=OLD)
    cascade = roll(game)
    assert game.slots[0] == "village" and game.slots[1] == "sector_3"
    assert game.pile == [*OLD[1:], "sector_12", "sector_2"]
    assert game.discard == [] and game.round == 2
    assert cascade.of_kind("turn_over") and game.outcome is None
    assert game.view()["pile"] == 12 and game.view()["discard_top"] is None


@pytest.mark.parametrize(("players", "start", "lost"), [(2, 2, True), (3, 2, False),
                                                        (3, 3, True), (4, 3, True),
                                                        (2, 1, False)])
def test_course_of_play_round_marker_defeat(players, start, lost):
    game = build(QUIET, players=players, slots=SLOTS, dice=("A", "A"), pile=["village"],
                 discard=OLD, round_space=start)
    cascade = roll(game)
    assert game.round == start + 1
    assert (game.outcome is not None) == lost
    if lost:
        assert game.outcome.reason == f"the Round marker reached space {start + 1}"
        assert game.view()["defeat_round"] == start + 1
        assert cascade.events[-1].cause == cascade.of_kind("turn_over")[0].index


def test_course_of_play_protection_lasts_until_the_second_phase_of_the_next_turn():
    # AB11, D32: "under your protection until the second phase of your next turn". Red
    # protects the Tori-tori of 5 (which would eat the tree of 3 if it were activated). Blue's
    # roll solves Sector 5 and red's next roll the Tori-toris card: the bird is activated by
    # neither. Red's second phase then starts, and only then the pawn steps off.
    start = {**QUIET, 5: ["TT"], 3: ["NT"]}
    game = build(start, players=2, active="red", stage="actions", points=1, pawns={"red": 5},
                 markers={"red": "W2"}, slots={**SLOTS, "A": "sector_5"},
                 pile=["tori_toris", *(c for c in OLD if c not in ("tori_toris", "sector_5")),
                       "village", "sector_12"],
                 dice=("A", "A", "A", "A"), round_space=2)
    bird = token(game, 5, "TT")
    game.apply(Protect(bird))
    assert game.active == 1 and game.stage == "roll" and game.protecting[0] == bird
    # Blue's turn: Sector 5 is solved; the protected Tori-tori is not activated.
    cascade = roll(game)
    assert [e.touched["cards"][0] for e in cascade.of_kind("card")] == ["sector_5"]
    assert not cascade.of_kind("eat", "starve", "dies") and sector(game, 5) == ["TT"]
    assert game.active == 1 and game.stage == "actions"
    assert game.protecting[0] == bird and not cascade.of_kind("protection_ends")
    for to in ("1", "village", "1", "village"):  # blue's four action points
        assert game.protecting[0] == bird
        game.apply(Move(to))
    # Red's first phase: still protected while the Tori-toris card activates every other bird.
    assert game.active == 0 and game.stage == "roll" and game.protecting[0] == bird
    assert Protect(bird) not in game.legal_actions() and game.slots[0] == "tori_toris"
    cascade = roll(game)
    assert [e.touched["cards"][0] for e in cascade.of_kind("card")] == ["tori_toris"]
    assert cascade.of_kind("eat")  # the Tori-tori of 6 eats a tree of 12
    assert all(bird not in e.touched.get("tokens", ()) for e in cascade.of_kind(
        "eat", "starve", "dies", "activate"))
    assert game.pile_of(bird) == (bird,) and game.where(bird)[0] == 5
    # Red's second phase starts: the protection is over, and red may protect the bird again.
    assert game.active == 0 and game.stage == "actions" and game.points == 4
    assert game.protecting[0] is None and game.pawns[0] == "5"
    ends = cascade.of_kind("protection_ends")
    assert len(ends) == 1 and ends[0].index > cascade.of_kind("card")[-1].index
    assert ends[0].index > cascade.of_kind("refill")[-1].index
    assert Protect(bird) in game.legal_actions()
