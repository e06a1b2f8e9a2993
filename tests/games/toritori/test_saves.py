"""Save, load, replay and the strict state reader (a save file is untrusted)."""

from __future__ import annotations

import copy

import pytest

from ecogames.core import SaveError, load
from ecogames.games.toritori import ToriTori, new_game
from tests.games.toritori.scenario import build, solve


def played(seed: int = 3, actions: int = 40) -> ToriTori:
    game = new_game(players=3, seed=seed)
    for i in range(actions):
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(legal[i % len(legal)])
    return game


def test_save_and_load_round_trip_and_replay():
    game = played()
    again = ToriTori.from_json(game.to_json())
    assert again == game and again.to_dict() == game.to_dict()
    assert load(game.to_dict()) == game
    assert game.replay() == game
    twin = game.clone()
    assert twin == game
    if twin.legal_actions():
        twin.push(twin.legal_actions()[0])
        assert twin != game  # independent


def test_save_in_the_middle_of_a_decision():
    game, _, _ = solve({6: ["GP", "FX"], 12: ["NT"], 10: ["TT>NT", "TT"], 5: ["NT"]},
                       "sector_10")
    game.apply({"type": "roll"})
    assert game.stage == "choose_first"
    assert ToriTori.from_json(game.to_json()) == game


def test_tampered_save_is_refused():
    data = played().to_dict()
    data["state"]["round"] = 2 if data["state"]["round"] == 1 else 1
    with pytest.raises(SaveError, match="does not match"):
        ToriTori.from_dict(data)


def bad(state, **changes):
    state = copy.deepcopy(state)
    state.update(changes)
    return state


@pytest.mark.parametrize(("change", "message"), [
    ({"players": 5}, "players"),
    ({"difficulty": "hard"}, "difficulty"),
    ({"numbering": [*range(1, 12), 1]}, "numbering"),
    ({"layout": "rulebook", "numbering": list(range(1, 13))}, "rulebook"),
    ({"stage": "cards"}, "stage must be one of"),
    ({"stage": "choose_food"}, "pending meal"),
    ({"pawns": ["sea", "village", "village"]}, "pawns"),
    ({"markers": ["Z", "D", "D"]}, "markers"),
    ({"round": 9}, "round"),
    ({"slots": ["sector_1"] * 6}, "18 Activation cards"),
    ({"protecting": [0, None, None]}, "protects"),
    ({"outcome": {"result": "victory", "reason": "x"}}, "over"),
])
def test_loading_an_invalid_state_is_refused(change, message):
    state = new_game(players=3, seed=1)._state()
    with pytest.raises(SaveError, match=message):
        ToriTori.from_state(bad(state, **change))


def test_loading_refuses_impossible_boards():
    state = build({6: ["GP", "FX"], 12: ["NT"], 5: ["TT"]})._state()
    over = bad(state)
    over["sectors"][4] = [[0], [1], [2], [3]]
    with pytest.raises(SaveError, match="at most 3 piles"):
        ToriTori.from_state(over)
    twice = bad(state)
    twice["sectors"][0] = [[0]]
    with pytest.raises(SaveError, match="placed twice"):
        ToriTori.from_state(twice)
    lone = bad(state, tokens=state["tokens"] + [[99, "cat"]], next_token=100)
    with pytest.raises(SaveError, match="must be in a sector"):
        ToriTori.from_state(lone)
    stack = bad(state)
    stack["sectors"] = [[] for _ in range(12)]
    stack["sectors"][4] = [[t for t, _ in state["tokens"]]]
    with pytest.raises(SaveError, match="only an animal"):
        ToriTori.from_state(stack)


@pytest.mark.parametrize(("change", "message"), [
    ({"tokens": [[0, "fox"], [0, "fox"]]}, "listed twice"),
    ({"tokens": [[0]]}, "pairs"),
    ({"sectors": [[]] * 11}, "12 common sectors"),
    ({"dice": ["A", "Z"]}, "dice"),
    ({"solving": ["A"]}, "solving"),
    ({"resolving": "sector_1"}, "resolving"),
    ({"slots": ["sector_1"]}, "six card spaces"),
    ({"stage": "actions", "turn_phase": 2, "action_points": 0}, "action points"),
    ({"groups": [["x"]]}, "groups"),
])
def test_loading_refuses_inconsistent_fields(change, message):
    state = new_game(players=3, seed=1)._state()
    with pytest.raises(SaveError, match=message):
        ToriTori.from_state(bad(state, **change))


def test_loading_refuses_an_empty_pile_and_a_shared_protection():
    state = build({6: ["GP", "FX"], 12: ["NT"], 5: ["TT"]}, pawns={"red": 5, "blue": 5},
                  protecting={"red": (5, "TT")})._state()
    empty = bad(state)
    empty["sectors"][0] = [[]]
    with pytest.raises(SaveError, match="empty pile"):
        ToriTori.from_state(empty)
    shared = bad(state, protecting=[state["protecting"][0]] * 2 + [None, None])
    with pytest.raises(SaveError, match="same token"):
        ToriTori.from_state(shared)
    crowded = bad(state, tokens=state["tokens"] + [[50 + i, "fox"] for i in range(6)],
                  next_token=60)
    crowded["sectors"][0] = [[50, 51, 52, 53, 54, 55]]
    with pytest.raises(SaveError, match="box holds"):
        ToriTori.from_state(crowded)
