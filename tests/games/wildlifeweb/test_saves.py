"""Save files (issue 11, item 8): a state that cannot be true is refused with SaveError, and
whatever the loader accepts plays: legal_actions(), view(), apply() and widget() never raise."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecogames.core import Rng, SaveError
from ecogames.games.wildlifeweb import WildlifeWeb, new_game
from ecogames.games.wildlifeweb import components as c
from tests.games.wildlifeweb.helpers import F, O, W, animal, scenario
from tests.support.state_fuzz import check_perturbed_states


def played(seed: int, steps: int, players: int = 3) -> WildlifeWeb:
    game, rng = new_game(players=players, seed=seed), Rng(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def feeding(**kw: Any) -> dict[str, Any]:
    """The state of a real game in its feeding step, after one animal has acted."""
    for seed in range(50):
        game = played(seed, 0)
        rng = Rng(seed)
        for _ in range(400):
            if game.phase == "mate" and game.acted:
                return copy.deepcopy(game._state())
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("no feeding step found")


def refused(state: dict[str, Any], match: str) -> None:
    with pytest.raises(SaveError, match=match):
        WildlifeWeb.from_state(state)


def test_a_duplicate_in_acted_is_refused() -> None:
    state = feeding()
    WildlifeWeb.from_state(state)
    refused({**state, "acted": state["acted"] * 2}, "acted")


def test_numbers_turned_into_text_are_refused() -> None:
    """`[0]` must not load as `["0"]`: the loader converts nothing."""
    state = feeding()
    refused({**state, "acted": [0]}, "acted")
    refused({**state, "once": [0]}, "once")
    refused({**state, "turn": str(state["turn"])}, "turn")
    refused({**state, "round": float(state["round"])}, "round")
    refused({**state, "active": True}, "active")


def test_a_negative_or_future_waiting_is_refused() -> None:
    fox = W("red_fox")
    scenario(packs=[[animal(fox, waiting=3)], []], turn=5)
    for waiting in (-1, 0, 7, 4):  # 4 was Player 2's turn
        with pytest.raises(SaveError, match="waiting"):
            scenario(packs=[[animal(fox, waiting=waiting)], []], turn=5)
    with pytest.raises(SaveError, match="waiting"):  # a mated animal is not looking
        scenario(packs=[[animal(fox, mate=True, waiting=3)], []], turn=5)


def test_unknown_and_missing_keys_are_refused() -> None:
    state = feeding()
    refused({**state, "colour": "red"}, "unknown")
    refused({k: v for k, v in state.items() if k != "acted"}, "acted")
    packs = copy.deepcopy(state["packs"])
    packs[0][0]["extra"] = 1
    refused({**state, "packs": packs}, "animal")


def test_acted_animals_are_the_players_own_this_turn() -> None:
    """One Action Per Animal: ``acted`` names animals of the active player's Pack, and only
    during feeding and mating."""
    vole = W("meadow_vole")
    scenario(packs=[[animal(vole)], [animal(W("elk"))]], acted=[vole])
    with pytest.raises(SaveError, match="acted"):
        scenario(packs=[[animal(vole)], [animal(W("elk"))]], acted=[W("elk")])
    with pytest.raises(SaveError, match="acted"):
        scenario(packs=[[animal(vole)], []], acted=[vole], stage="swap")


def test_the_pack_limits_hold() -> None:
    """Game Setup: 2 players = 4 cards ...; Taking a Mate: two cards of a species are one
    mated animal."""
    four = [animal(W(s)) for s in ("elk", "moose", "bobcat", "beaver")]
    scenario(packs=[four, []])
    with pytest.raises(SaveError, match="Pack"):
        scenario(packs=[[*four, animal(W("osprey"))], []])
    with pytest.raises(SaveError, match="stacked"):
        scenario(packs=[[animal(W("elk")), animal(W("elk", 2))], []])


def test_turn_round_and_seat_agree() -> None:
    """The dealer starts turn 1 in the first round; each turn passes the dice clockwise and
    the Day/Night card turns when play returns to the dealer."""
    state = feeding()
    refused({**state, "turn": state["turn"] + 1}, "turn")
    refused({**state, "round": state["round"] + 1}, "turn")


def test_an_impossible_win_is_refused() -> None:
    fams = [{"cards": [W(s), W(s, 2)], "offspring": O(i + 1)}
            for i, s in enumerate(("elk", "moose", "bobcat", "beaver"))]
    with pytest.raises(SaveError, match="target"):
        scenario(secured=[fams, []])  # 4 families secured, the target is 3, nobody won


def test_a_decision_names_animals_that_the_event_strikes() -> None:
    vole, deer = W("meadow_vole"), W("white_tailed_deer")
    decision = {"event": "e.big_game_season.1", "effect": 0, "candidates": [deer, W("elk")]}
    with pytest.raises(SaveError, match="decision"):
        scenario(packs=[[animal(vole), animal(deer)], []], stage="victim", decision=decision)


def test_food_is_forage_cards_and_animals() -> None:
    with pytest.raises(SaveError):
        scenario(packs=[[animal(W("elk"), food=[O(1)])], []])
    scenario(packs=[[animal(W("elk"), food=[*F(1), W("meadow_vole")])], []])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400), players=st.integers(2, 6),
       fuzz=st.integers(0, 2**32))
def test_whatever_the_loader_accepts_plays(seed: int, steps: int, players: int,
                                           fuzz: int) -> None:
    """Perturb real states of random play one place at a time: each change is refused with
    SaveError or it loads a game that works (tests/support/state_fuzz.py)."""
    game = played(seed, steps, players)
    check_perturbed_states(game, Rng(fuzz), 40, widget=fuzz % 8 == 0)


def test_every_card_of_a_real_state_is_counted_once() -> None:
    state = feeding()
    assert len(c.ALL_CARDS) == 189
    refused({**state, "fdeck": state["fdeck"] + state["fdeck"][:1]}, "exactly once")


def test_violations_name_every_impossible_thing_of_a_state() -> None:
    """D31: ``violations()`` lists, a sentence each, every rule a state breaks (a state of
    play has none), and the loader refuses the first of them."""
    game = WildlifeWeb.from_state(feeding())
    assert game.violations() == []
    game.acted = game.acted * 2  # one action per animal per turn
    game.turn += 1  # turn = 1 + round x players + seat
    game.fdeck.append(game.fdeck[0])  # every card once
    problems = game.violations()
    assert len(problems) == 3, problems
    for word in ("acted", "turn", "exactly once"):
        assert any(word in problem for problem in problems), (word, problems)
    refused(game._state(), "exactly once")
