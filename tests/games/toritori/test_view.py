"""The view format the widget draws (docs/rules/toritori.md, "View format"): every key."""

from __future__ import annotations

import json

from ecogames.games.toritori import ChooseFirst, new_game
from tests.games.toritori.scenario import build, roll, solve, token

KEYS = {"players", "difficulty", "layout", "squares", "sectors", "settlements", "pawns",
        "slots", "pile", "discard", "discard_top", "round", "defeat_round", "dice",
        "resolving", "active_player", "action_points", "stage", "ability_map", "abilities",
        "supply", "counts", "decision", "outcome"}
CARD_KINDS = {"sector", "village", "industry", "species"}


def check_card(card):
    assert set(card) == {"id", "kind", "label"} and card["kind"] in CARD_KINDS


def check_view(view, players):
    assert set(view) == KEYS
    assert json.loads(json.dumps(view)) == view  # plain JSON
    assert view["players"] == players
    assert view["difficulty"] in ("basic", "medium", "expert")
    assert view["layout"] in ("random", "rulebook")
    assert len(view["squares"]) == 16
    for square in view["squares"]:
        assert set(square) == {"id", "row", "col", "kind", "sector"}
        assert square["id"] == f"r{square['row']}c{square['col']}"
        assert square["kind"] in ("sea", "village", "industry", "common")
        assert (square["sector"] is None) == (square["kind"] != "common")
    assert sorted(s["sector"] for s in view["squares"] if s["sector"]) == list(range(1, 13))
    assert set(view["sectors"]) == {str(n) for n in range(1, 13)}
    for sector in view["sectors"].values():
        assert set(sector) == {"tokens", "capacity"} and sector["capacity"] == 3
        assert len(sector["tokens"]) <= 3
        for tok in sector["tokens"]:
            assert set(tok) == {"id", "species", "under", "protected_by"}
            assert isinstance(tok["id"], int) and isinstance(tok["under"], list)
    assert set(view["settlements"]) == {"village", "industry"}
    assert all(set(s) == {"sustainable"} for s in view["settlements"].values())
    assert len(view["pawns"]) == players
    for i, pawn in enumerate(view["pawns"]):
        assert set(pawn) == {"player", "colour", "at", "protecting"} and pawn["player"] == i
    assert [s["slot"] for s in view["slots"]] == list("ABCDEF")
    for slot in view["slots"]:
        assert set(slot) == {"slot", "card"}
        if slot["card"]:
            check_card(slot["card"])
    assert isinstance(view["pile"], int) and isinstance(view["discard"], int)
    assert view["pile"] + view["discard"] + sum(1 for s in view["slots"] if s["card"]) == 18
    if view["discard_top"]:
        check_card(view["discard_top"])
    assert view["dice"] is None or set(view["dice"]) == {"red", "blue"}
    amap = view["ability_map"]
    assert set(amap) == {"spaces", "edges", "markers"}
    assert all(set(s) == {"id", "label", "abilities"} for s in amap["spaces"])
    assert set(amap["markers"]) == {str(i) for i in range(players)}
    assert set(view["abilities"]) == {str(i) for i in range(players)}
    assert set(view["supply"]) == {"vegetation", "tori_tori", "guinea_pig", "fox", "cat"}
    assert set(view["counts"]) == {"tori_tori", "guinea_pig", "fox", "cat", "native_tree",
                                   "invasive_bush"}
    on_board = sum(1 + len(t["under"]) for s in view["sectors"].values() for t in s["tokens"])
    assert on_board == sum(view["counts"].values())
    assert on_board + sum(view["supply"].values()) == 57
    assert view["decision"] is None or set(view["decision"]) == {"kind", "prompt", "options"}
    assert view["outcome"] is None or set(view["outcome"]) == {"result", "reason"}


def test_view_format_every_key_at_set_up():
    game = new_game(players=3, seed=8, difficulty="medium")
    view = game.view(0)
    check_view(view, 3)
    assert view == game.view(None) == game.view(2)  # everything is public
    assert view["stage"] == "roll" and view["dice"] is None and view["resolving"] is None
    assert view["round"] == 1 and view["defeat_round"] == 4
    assert view["ability_map"]["markers"] == {"0": "C", "1": "C", "2": "C"}
    assert {"id": "W1", "label": "Animal Tracking", "abilities": ["animal_tracking"]} in (
        view["ability_map"]["spaces"])
    assert ["E", "W1"] in view["ability_map"]["edges"]
    assert view["settlements"] == {"village": {"sustainable": False},
                                   "industry": {"sustainable": False}}


def test_view_format_during_a_decision_and_after_the_end():
    game, _, _ = solve({6: ["GP", "FX"], 12: ["NT"], 10: ["TT>NT", "TT"], 5: ["NT"],
                        2: ["IB"]}, "sector_10")
    cascade = game.apply({"type": "roll"}, views=True)
    view = game.view()
    check_view(view, 4)
    assert view["stage"] == "choose_first" and view["resolving"] == "sector_10"
    assert view["dice"] == {"red": "A", "blue": "A"}
    assert view["decision"]["kind"] == "choose_first"
    assert sorted(view["decision"]["options"]) == sorted(
        [token(game, 10, "TT"), token(game, 10, "TT>NT")])
    tops = {t["id"]: t for t in view["sectors"]["10"]["tokens"]}
    assert tops[token(game, 10, "TT>NT")]["under"] == ["native_tree"]
    assert len(cascade.views) == len(cascade.events)  # a view after every event
    for step in cascade.views:
        check_view(step, 4)
    game.apply(ChooseFirst(token(game, 10, "TT")))
    check_view(game.view(), 4)
    assert game.view()["resolving"] is None and game.view()["decision"] is None


def test_view_format_outcome_and_protection():
    game = build({6: ["GP", "FX"], 12: ["NT"], 5: ["TT"], 2: ["IB"]}, active="red",
                 stage="actions", pawns={"red": 5}, protecting={"red": (5, "TT")},
                 markers={"red": "W2"})
    view = game.view()
    bird = token(game, 5, "TT")
    assert view["pawns"][0]["protecting"] == bird
    assert view["sectors"]["5"]["tokens"][0]["protected_by"] == 0
    game = build({6: ["TT", "FX"], 12: ["NT"], 5: ["GP"], 2: ["IB"]}, slots={"A": "sector_5"},
                 dice=("A", "A"))
    roll(game)
    check_view(game.view(), 4)
    assert game.view()["outcome"] == {"result": "defeat",
                                      "reason": "the Guinea pigs went extinct"}
    assert game.view()["stage"] == "over"


def test_the_step_of_a_pawn_move_shows_the_pawn_where_it_went():
    # issue 12 §7: the step of a pawn move showed the pawn in its old sector
    from ecogames.games.toritori import Motorcycle, Move, MoveOther, Protect

    def moved(marker, action, mover, to, protect=False):
        game = build({5: ["TT"], 6: ["TT", "GP", "FX"], 12: ["NT"], 2: ["IB"]}, active="red",
                     stage="actions", pawns={"red": 5, "blue": 3},
                     markers={"red": marker, "blue": "N3"})
        if protect:
            game.apply(Protect(token(game, 5, "TT")))
        cascade = game.apply(action, views=True)
        (event,) = cascade.of_kind("pawn_moves")
        assert cascade.views[event.index]["pawns"][mover]["at"] == to, action
        assert game.pawns[mover] == to
        return cascade

    cascade = moved("W2", Move("3"), 0, "3", protect=True)
    (ends,) = cascade.of_kind("protection_ends")  # the pawn steps off after it moved
    assert ends.cause == cascade.of_kind("pawn_moves")[0].index
    assert cascade.views[ends.index]["pawns"][0]["protecting"] is None
    moved("N3", Motorcycle(("10", "11")), 0, "11")
    moved("S1", MoveOther(1, "motorcycle", ("5", "8")), 1, "8")
