"""Save, load, replay and the strict state reader (a save file is untrusted)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecogames.core import Rng, SaveError, load
from ecogames.games.toritori import ActivateAnimal, ToriTori, new_game, save
from ecogames.games.toritori.rules import CARD_RANK
from tests.games.toritori.scenario import build, solve, token
from tests.games.toritori.scenario import state as scenario_state
from tests.support.state_fuzz import check_perturbed_states


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
    game, _, _ = solve({6: ["GP", "FX"], 12: ["NT"], 10: ["TT>NT", "TT"], 5: ["NT"],
                        2: ["IB"]}, "sector_10")
    game.apply({"type": "roll"})
    assert game.stage == "choose_first"
    assert ToriTori.from_json(game.to_json()) == game


def test_tampered_save_is_refused():
    data = played().to_dict()
    data["state"]["round"] = 2 if data["state"]["round"] == 1 else 1
    with pytest.raises(SaveError, match="does not match"):
        ToriTori.from_dict(data)


def test_a_face_down_pile_in_any_order_draws_the_same_cards():
    # D52: the set-up lays the face-down pile out in the cards' order; any order read from a
    # state (a determinization's shuffle) plays the same, as each card is a chance draw
    state = new_game(players=2, seed=5)._state()
    assert state["round"] == 1 and state["pile"] == sorted(state["pile"], key=CARD_RANK.get)
    upside = ToriTori.from_state(bad(state, pile=state["pile"][::-1]))
    plain = ToriTori.from_state(state)
    for game in (plain, upside):
        game.apply(game.legal_actions()[0])
    assert plain.slots == upside.slots and sorted(plain.pile) == sorted(upside.pile)
    assert [d.outcomes for d in plain.last_cascade.chances] == [
        d.outcomes for d in upside.last_cascade.chances]


def bad(state, **changes):
    state = copy.deepcopy(state)
    state.update(changes)
    return state


@pytest.mark.parametrize(("change", "message"), [
    ({"players": 5}, "players"),
    ({"difficulty": "hard"}, "difficulty"),
    ({"numbering": [*range(1, 12), 1]}, "numbering"),
    ({"layout": "rulebook", "numbering": list(range(1, 13))}, "rulebook"),
    ({"stage": "cards"}, "state.stage holds 'cards', not one of"),
    ({"stage": "choose_food"}, "card being solved"),
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
    state = build({6: ["GP", "FX"], 12: ["NT"], 5: ["TT"], 2: ["IB"]})._state()
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
    ({"tokens": [[0, "fox"], [0, "fox"]]}, "each token once, by ascending id"),
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
    state = build({6: ["GP", "FX"], 12: ["NT"], 5: ["TT"], 2: ["IB"]},
                  pawns={"red": 5, "blue": 5},
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


# -- Issue 11, item 8: a save that describes an impossible state is refused ---------------------

def start_state(players: int = 3, seed: int = 1) -> dict:
    return new_game(players=players, seed=seed)._state()


def refused(state, message):
    with pytest.raises(SaveError, match=message):
        ToriTori.from_state(state)


def test_a_sustainable_village_with_cats_on_the_island_is_refused():
    # Set-up puts a Cat and three Bushes on the island; a sustainable Village has neither, and
    # once it has turned its card brings no Cat back (D40).
    state = start_state()
    assert any(species == "cat" for _, species in state["tokens"])
    refused(bad(state, village_sustainable=True), "Village is sustainable, yet Cats")
    cats_only = build({6: ["TT", "GP", "FX"], 12: ["NT"], 5: ["CT"]})._state()
    refused(bad(cats_only, village_sustainable=True), "Village is sustainable")


@pytest.mark.parametrize(("change", "message"), [
    ({"players": "3"}, "players must be int"),
    ({"players": True}, "players must be int"),
    ({"players": 3.0}, "players must be int"),
    ({"rng": "12"}, "rng must be int"),
    ({"rng": -1}, "rng must be between"),
    ({"rng": 2**64}, "rng must be between"),
    ({"round": True}, "round must be int"),
    ({"next_token": 25.0}, "next_token must be int"),
    ({"action_points": False}, "action_points must be int"),
    ({"village_sustainable": 0}, "village_sustainable must be bool"),
    ({"numbering": [True, *range(2, 13)]}, "numbering holds True"),
    ({"difficulty": ["basic"]}, "difficulty holds"),
    ({"stage": 1}, "stage holds 1"),
    ({"pawns": [1, "village", "village"]}, "pawns"),
    ({"protecting": [True, None, None]}, "protecting"),
    ({"protecting": [1.0, None, None]}, "protecting"),
    ({"first_player": "0"}, "first_player must be int"),
    ({"dice": ["A"]}, "dice"),
    ({"solving": [1]}, "solving holds 1"),
    ({"resolving": 5}, "resolving"),
    ({"groups": [[True]]}, "groups"),
    ({"colour": "red"}, "unknown keys"),
    ({"outcome": {"result": "defeat", "reason": "x", "when": 1}}, "unknown keys"),
])
def test_loading_is_strict_about_types_and_keys(change, message):
    refused(bad(start_state(), **change), message)


def test_loading_refuses_missing_keys_and_misordered_or_retyped_tokens():
    state = start_state()
    missing = bad(state)
    del missing["dice"]
    refused(missing, "lacks")
    refused(bad(state, tokens=state["tokens"][::-1]), "by ascending id")
    retyped = bad(state)
    retyped["tokens"][0][0] = "0"
    refused(retyped, "not a token id")
    pile = bad(state)
    pile["sectors"][0][0][0] = float(pile["sectors"][0][0][0])
    refused(pile, "not a token id")
    species = bad(state)
    species["tokens"][0][1] = ["fox"]
    refused(species, "is not a species")


def alive(sectors=None, **kwargs) -> dict:
    """The state of a game going on: every native species, a Cat and a Bush on the island
    (not checked: some tests make it impossible)."""
    board = {6: ["TT", "GP", "FX"], 12: ["NT", "NT"], 2: ["IB"], 9: ["CT"]}
    return scenario_state({**board, **(sectors or {})}, **kwargs)


def test_loading_refuses_tiles_and_outcomes_that_disagree_with_the_board():
    state = alive()
    # The Industry turns only once a marker has reached an Environmental Report (D36).
    refused(bad(state, industry_sustainable=True), "no Ability marker has reached")
    reported = alive(markers={"blue": "W5"})
    assert ToriTori.from_state(bad(reported, industry_sustainable=True))
    # The tiles turn at once (D40): with no Cat nor Bush left, or 4 Tori-toris and a Report.
    no_introduced = bad(state)
    no_introduced["sectors"][1] = no_introduced["sectors"][8] = []
    no_introduced["tokens"] = [[t, sp] for t, sp in state["tokens"]
                               if sp not in ("cat", "invasive_bush")]
    refused(no_introduced, "no Cat nor Invasive Bush is left, yet the Village has not turned")
    birds = alive(sectors={5: ["TT"], 3: ["TT"], 8: ["TT"]}, markers={"blue": "W5"})
    refused(birds, "four Tori-toris and an Environmental Report, yet the Industry")
    # Defeat is at once (D41): an extinct species or the last Round space ends the game.
    no_fox = alive(sectors={6: ["TT", "GP"]})
    refused(no_fox, "the Foxes are extinct, yet the game goes on")
    refused(bad(state, round=4), "Round marker is on space 4, yet the game goes on")
    both = bad(reported, industry_sustainable=True, village_sustainable=True)
    both["sectors"][1] = both["sectors"][8] = []
    both["tokens"] = [[t, sp] for t, sp in reported["tokens"]
                      if sp not in ("cat", "invasive_bush")]
    refused(both, "both Human Settlements are sustainable, yet the game goes on")
    # An outcome says what the board shows, in the engine's words.
    over = {"stage": "over"}
    won = bad(both, **over, outcome={"result": "victory",
                                     "reason": "both Human Settlements are sustainable"})
    assert ToriTori.from_state(won).outcome.winners == (0, 1, 2, 3)
    refused(bad(won, outcome={"result": "victory", "reason": "we won"}), "reason must be")
    refused(bad(reported, **over, outcome={"result": "victory", "reason": "x"}),
            "a victory needs both")
    refused(bad(state, **over, outcome={"result": "defeat", "reason": "x"}),
            "a defeat needs an extinct")
    lost = bad(no_fox, **over, outcome={"result": "defeat", "reason": "the Foxes went extinct"})
    assert ToriTori.from_state(lost).outcome.winners == ()
    refused(bad(lost, outcome={"result": "defeat", "reason": "the Round marker reached space 4"}),
            "reason must be 'the Foxes went extinct'")


@pytest.mark.parametrize(("pile", "message"), [
    ("NT>TT", "only an animal lies on another token"),  # a tree on a Tori-tori
    ("TT>NT>NT", "only an animal lies on another token"),
    ("TT>CT", "nothing eats them"),  # nothing eats Cats or Foxes
    ("CT>FX>GP", "nothing eats them"),
    ("GP>NT", "would have bred"),  # a Guinea pig breeds the moment it eats (D24)
    ("TT>GP", "eats only plants"),
    ("FX>GP>GP>TT", "would have bred"),  # three tokens under a Fox
    ("CT>GP>GP", "would have bred"),  # two, but not a fed Tori-tori the Village's Cat lay on
])
def test_loading_refuses_piles_that_eating_cannot_make(pile, message):
    refused(alive({5: [pile]}), message)


@pytest.mark.parametrize("pile", ["TT>NT", "TT>IB", "FX>GP>GP", "FX>TT>NT", "CT>TT>NT",
                                  "CT>GP", "FX>GP>TT"])
def test_loading_accepts_the_piles_play_makes(pile):
    assert ToriTori.from_state(alive({5: [pile]}))


def test_loading_refuses_markers_behind_their_start_and_an_exhausted_pile():
    # 4 players, basic: every marker starts on E (Difficulty Levels) and Study only advances.
    refused(bad(alive(), markers=["E", "E", "E", "A"]), "only moves forward")
    state = alive()
    empty = bad(state, pile=[], discard=state["discard"] + state["pile"])
    refused(empty, "turned over as soon as it runs out")


def village_decision() -> ToriTori:
    game, _, _ = solve({6: ["TT", "GP", "FX"], 12: ["NT", "NT"], 2: ["IB"], 1: ["TT", "TT>NT"]},
                       "village")
    game.apply({"type": "roll"})
    assert game.stage == "choose_food" and game.food is not None and game.food[0] is None
    return game


def first_decision() -> ToriTori:
    game, _, _ = solve({6: ["GP", "FX"], 12: ["NT"], 10: ["TT>NT", "TT"], 5: ["NT"],
                        2: ["IB"]}, "sector_10")
    game.apply({"type": "roll"})
    assert game.stage == "choose_first"
    return game


def activate_animals_decision() -> ToriTori:
    # Phase 2: red's last action point activates the Cat of 5, which must choose its Tori-tori.
    game = build({6: ["TT", "GP", "FX"], 12: ["NT"], 2: ["IB"], 5: ["CT", "TT", "TT>NT"]},
                 active="red", stage="actions", points=1, pawns={"red": 5},
                 markers={"red": "W4"})
    game.apply(ActivateAnimal(token(game, 5, "CT")))
    assert game.stage == "choose_food" and game.turn_phase == 2 and game.points == 0
    return game


def test_loading_refuses_a_decision_the_engine_would_not_ask():
    state = village_decision()._state()
    assert ToriTori.from_state(state).stage == "choose_food"
    refused(bad(state, food={**state["food"], "sector": 4}), "the meal the engine would ask")
    refused(bad(state, food={**state["food"], "options": state["food"]["options"][:1]}),
            "the meal the engine would ask")
    refused(bad(state, food={**state["food"], "eater": state["food"]["options"][0]}),
            "an animal eats while a Common Sector or Species card")
    refused(bad(state, village_sustainable=True), "Village is sustainable")
    first = first_decision()._state()
    assert ToriTori.from_state(first).stage == "choose_first"
    group = first["groups"][0]
    refused(bad(first, groups=[[5, *group[1:]]]), "activates its sector's species")
    refused(bad(first, groups=[group, group]), "lists a token twice")
    guarded = bad(first, pawns=["10", "village", "village", "village"],
                  protecting=[group[1], None, None, None])
    refused(guarded, "lists a protected token")
    refused(bad(first, groups=[]), "two or more different piles")
    refused(bad(first, stage="roll"), "roll stage")
    refused(bad(first, food={"eater": None, "sector": 1, "options": [0, 1]}),
            "pending meal")
    cat = activate_animals_decision()._state()
    assert ToriTori.from_state(cat) == activate_animals_decision()
    refused(bad(cat, action_points=4), "follows Activate Animals")
    bird = cat["food"]["options"][0]
    refused(bad(cat, food={**cat["food"], "eater": bird}), "meal the engine would ask")


# -- Whatever the loader accepts plays like a real game (tests/support/state_fuzz.py) ----------

def played_to(players: int, seed: int, steps: int, stop_at: str) -> ToriTori:
    """A random-play state; it stops early at the first ``stop_at`` stage after ``steps``."""
    game = new_game(players=players, seed=seed, layout=("random", "rulebook")[seed % 2],
                    difficulty=("basic", "medium", "expert")[seed % 3])
    rng = Rng(seed)
    for step in range(5000):
        legal = game.legal_actions()
        if not legal or (step >= steps and game.stage == stop_at):
            break
        game.apply(rng.choice(legal), record=False)
    return game


@settings(max_examples=40, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), steps=st.integers(0, 400),
       stop_at=st.sampled_from(["roll", "actions", "choose_first", "choose_food", "over"]))
def test_perturbed_random_play_states_are_refused_or_work(players, seed, steps, stop_at):
    game = played_to(players, seed, steps, stop_at)
    check_perturbed_states(game, Rng(seed), count=60)


@pytest.mark.parametrize("decision", [village_decision, first_decision,
                                      activate_animals_decision])
def test_perturbed_decision_states_are_refused_or_work(decision):
    game = decision()
    for seed in range(8):
        check_perturbed_states(game, Rng(seed), count=40)


@settings(max_examples=4, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), steps=st.integers(20, 300))
def test_perturbed_states_make_a_widget(players, seed, steps):
    game = played_to(players, seed, steps, "actions")
    check_perturbed_states(game, Rng(seed), count=10, widget=True)


# -- Issue 23: violations(), the one place that says what makes a state impossible -------------

def test_violations_name_each_impossible_part_of_a_live_state():
    game = played()
    assert game.violations() == []
    game.pile.pop()  # a card lost: not the 18 Activation cards any more
    game.village_ok = True  # yet the set-up's Cat and Bushes are on the island
    problems = game.violations()
    assert len(problems) == 2, problems
    assert problems[0].startswith("the 18 Activation cards must each be once")
    assert problems[1].startswith("the Village is sustainable, yet Cats")


def test_the_loader_refuses_a_state_by_its_first_violation():
    # save.load reads types and keys only; the rule broken here (a protected token that is no
    # animal of the pawn's sector) is refused through ToriTori.violations()
    state = start_state()
    tree = next(t for t, species in state["tokens"] if species == "native_tree")
    state = bad(state, protecting=[tree, None, None])
    game = save.load(ToriTori, state)
    assert game.violations() == [f"player 0 protects token {tree}, which is not an uncovered "
                                  "animal in their pawn's sector"]
    refused(state, f"player 0 protects token {tree}")
