"""Save files: a state that cannot be true is refused with SaveError, and whatever the loader
accepts plays (``legal_actions()``, ``view()``, ``apply()``, ``widget()`` never raise).

The invariants are those the random-play suite checks (160 cubes, 88 cards, 12 tokens a
player, 4 cubes a Species card, the hand limit), those the rulebook states (a river of 3, the
board actions once per cycle, x2 twice, Evolution's 1 to 5 cubes, the landscape's
configurations), strict types, and a queue of pending decisions the engine can have made.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecogames.bots import RandomBot
from ecogames.core import Rng, SaveError
from ecogames.games.biotopes import Biotopes, Compete, Evolve, Expand, Pay, new_game
from tests.support.state_fuzz import check_perturbed_states

from .scenario import blank, give_hand, put_biotope, put_species, put_token, ready, two_tiles
from .test_random_play import biotopes_invariant


def refused(state: dict[str, Any], match: str | None = None) -> None:
    with pytest.raises(SaveError, match=match):
        Biotopes.from_state(state)


def paying_for_expansion() -> Biotopes:
    """Player 0 expands to (0, 0) and has two green... two yellow Plants cubes to pay with:
    the game waits for the choice of the cube."""
    game = blank(players=2, tiles=two_tiles())
    put_token(game, 0, (-1, 0))
    put_biotope(game, 0, "grasslands", 1)
    put_species(game, 0, "apollo", yellow=1)
    game.foreign[0][1][2] = 1  # a yellow cube on the Forests Biotope card (Discreet move)
    game.box[2] -= 1
    game = ready(game)
    game.apply(Expand((0, 0)))
    assert game.phase == "pay"
    return game


def test_a_paused_cost_loads():
    game = paying_for_expansion()
    assert Biotopes.from_state(game._state()) == game


def test_an_unknown_landscape_configuration_is_refused():
    state = new_game(players=2, seed=3)._state()
    state["options"]["configuration"] = "spiral"
    refused(state, "configuration")
    state = new_game(players=3, seed=3)._state()
    state["options"]["configuration"] = "line"  # a 4-tile configuration: 3 players lay 6
    refused(state, "configuration")
    state = new_game(players=2, seed=3, construction=True)._state()
    state["options"]["configuration"] = "band"  # Landscape Construction has none
    refused(state, "configuration")


def test_tiles_that_do_not_form_the_configuration_are_refused():
    state = new_game(players=2, seed=3)._state()
    state["tiles"][0][3] += 7  # a tile moved away from the configuration's place
    refused(state, "configuration")


COST = "is not the cost of expansion as the rules set it"


@pytest.mark.parametrize("key, value, match", [
    ("types", ["flying"], COST),  # not a cube type: legal_actions() raised ValueError
    ("types", "plants", COST),
    ("types", ["birds"], COST),  # an Expansion paid with a Birds cube
    ("dest", "nowhere", COST),  # paying raised ValueError (no such space)
    ("dest", "competition", COST),  # a cost paid to another action's space
    ("dest", "bag", COST),
    ("for", "flying", "not an action with a cost"),  # after paying, nothing would happen
    ("for", "adaptation", "arg"),  # an Adaptation of no card: KeyError once paid
    ("src", [9, 9], COST),  # a cube from a card that does not exist
    ("src", "0,0", COST),
    ("colour", 7, COST),  # no such colour: the widget raised
    ("colour", "2", COST),
    ("colour", 1, COST),  # the Expansion's cube must be of the territory's colour (yellow: 2)
    ("colour", 2.0, COST),
    ("mode", "diet", COST),
    ("paid", [["plants"]], "fully paid"),  # a one-cube cost already paid is no longer pending
    ("species", 0, COST),
    ("species", True, COST),
    ("arg", {"hex": [5, 5]}, "hex of the landscape"),  # off the landscape: KeyError
    ("arg", {"hex": [2, 2]}, "not one the player could have chosen"),  # not adjacent
    ("arg", {}, "lacks"),
    ("p", 1, "only the active player's own decisions"),  # player 1 pays for player 0
    ("unknown", 0, "unknown keys"),
])
def test_a_pending_cost_the_engine_cannot_have_made_is_refused(key, value, match):
    state = paying_for_expansion()._state()
    state["queue"][0][key] = value
    refused(state, match)


STAND = "cannot stand there"


@pytest.mark.parametrize("change, match", [
    (lambda q: q.pop(), STAND),  # no end of the action
    (lambda q: q.append(dict(q[-1])), STAND),  # two ends
    (lambda q: q.insert(0, {"t": "reproduce", "p": 0}), "not a task the engine queues"),
    (lambda q: q.insert(0, {"t": "cube", "p": 0, "colour": 4}), "colour"),
    (lambda q: q.insert(0, {"t": "cube", "p": 0, "colour": -1}), "drawn from the bag"),
    (lambda q: q.insert(1, {"t": "cube", "p": 0, "colour": 2}), "drawn from the bag"),
    (lambda q: q.insert(0, {"t": "discard", "p": 0}), "over the limit"),
    (lambda q: q.insert(0, {"t": "draw", "p": 0, "n": "2"}), "n holds"),
    (lambda q: q.insert(0, {"t": "react", "p": 1, "card": "apollo", "played": "apollo",
                            "fired": False, "colour": -1}), "Reaction of a card in play"),
    (lambda q: q.insert(0, {"t": "fallback", "p": 1, "owner": 1, "hex": [0, 0]}),
     "pushed out"),
    (lambda q: q.insert(1, {"t": "move", "p": 0, "n": 1}), STAND),  # behind another
    (lambda q: q.insert(0, {"t": "end", "p": 0}), STAND),
])
def test_a_queue_the_engine_cannot_have_made_is_refused(change, match):
    state = paying_for_expansion()._state()
    change(state["queue"])
    refused(state, match)


def test_a_competition_waiting_for_the_fall_back_loads_and_its_hex_is_checked():
    game = blank(players=2, tiles=two_tiles())
    put_token(game, 0, (1, 2))
    put_token(game, 1, (1, 1))
    put_species(game, 0, "alpine_ibex", gray=2)
    game = ready(game)
    game.apply(Compete((1, 1)))
    assert game.phase == "fallback" and game.current_player == 1
    state = game._state()
    assert Biotopes.from_state(copy.deepcopy(state)) == game
    state["queue"][0]["hex"] = [0, 0]  # nobody's token there: the fall-back raised KeyError
    refused(state)


@pytest.mark.parametrize("where, change, match", [
    (("owner",), lambda v: [[v[0][0], v[0][1], True]], "not a token"),  # a bool, no player
    (("owner",), lambda v: v[::-1], "order"),
    (("rng",), lambda v: True, "rng"),
    (("options", "first_player"), lambda v: "0", "first_player"),
    (("options", "special_tiles"), lambda v: True, "special tiles"),
    (("box",), lambda v: [v[0] + 1, v[1], v[2], v[3] - 1], "40 cubes of each colour"),
    (("ecosystems", 0, "unknown"), lambda v: 0, "unknown"),
    (("ecosystems", 0, "passed"), lambda v: True, "pass"),
    (("ecosystems", 0, "uses"), lambda v: [1, 0, 0, 0, 0, 0], "Reproduction"),
    (("ecosystems", 0, "biotope_cards"), lambda v: ["", *v[1:]], "Biotope card"),
    (("scores",), lambda v: [{"total": 3}, {"total": 1}], "score"),
    (("draft_biotope",), lambda v: 2, "draft"),
    (("neutral_removed",), lambda v: 1, "neutral"),
    (("order",), lambda v: [0], "order"),
])
def test_an_impossible_state_is_refused(where, change, match):
    game = blank(players=2, tiles=two_tiles())
    put_token(game, 0, (-1, 0), (1, 1))
    put_token(game, 1, (2, 2))
    state = ready(game)._state()
    target = state
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = change(target.get(where[-1]))
    refused(state, match)


def test_a_river_holds_3_cards_once_the_hands_are_settled_and_none_before():
    state = ready(blank(players=2, tiles=two_tiles()))._state()
    state["rivers"][0].append(state["decks"][0].pop())
    refused(state, "river holds 4 cards")
    state = new_game(players=2, seed=1)._state()  # the starting hands are being settled
    state["rivers"][0].append(state["decks"][0].pop())
    refused(state, "none before")


def test_a_hand_over_the_limit_without_a_reaction_is_refused():
    game = blank(players=2, tiles=two_tiles())
    give_hand(game, 1, "apollo", "rose_chafer", "mute_swan", "red_deer", "wild_boar", "hawfinch")
    refused(game._state(), "6 cards")
    put_species(game, 1, "alpine_marmot", gray=1)  # a Reaction that draws: it can happen
    assert ready(game).hands[1][-1] == "hawfinch"


def test_evolution_spaces_hold_one_to_five_cubes():
    game = blank(players=2, tiles=two_tiles())
    put_biotope(game, 0, "mountains", 1)
    game = ready(game)
    game.apply(Evolve())
    game.apply(Pay(0, -1, "gray"))  # the one cube; nothing in hand: draw one card
    assert game.phase == "draw"
    state = game._state()
    assert Biotopes.from_state(copy.deepcopy(state)) == game
    state["ecosystems"][0]["spaces"][2] = [0, 0, 0, 0]
    state["ecosystems"][0]["biotopes"][0] = 1
    refused(state, "Evolution")


def test_a_finished_game_has_the_scores_of_its_state():
    game = new_game(players=2, seed=5)
    from ecogames.bots import play

    play(game, RandomBot(5))
    state = game._state()
    assert Biotopes.from_state(copy.deepcopy(state)) == game
    state["scores"][0]["total"] += 1
    refused(state, "score")
    state = game._state()
    state["scores"][0]["total"] = float(state["scores"][0]["total"])  # 12.0 is not 12
    refused(state, "score")


# -- whatever loads, plays ----------------------------------------------------------------


def played(players: int, seed: int, steps: int, **options: Any) -> Biotopes:
    game = new_game(players=players, seed=seed, **options)
    bot = RandomBot(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(bot.choose(game, game.legal_actions()), record=False)
    return game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 5), seed=st.integers(0, 2**32), steps=st.integers(0, 600),
       draft=st.booleans(), construction=st.booleans())
def test_perturbed_states_are_refused_or_work(players, seed, steps, draft, construction):
    options = {"draft": draft}
    if construction and players > 1:
        options["construction"] = True
    game = played(players, seed, steps, **options)
    check_perturbed_states(game, Rng(seed), count=60)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), steps=st.integers(20, 400))
def test_perturbed_states_make_a_widget(players, seed, steps):
    game = played(players, seed, steps)
    check_perturbed_states(game, Rng(seed), count=10, widget=True)


def test_a_waiting_reaction_has_fired_and_holds_its_drawn_cube():
    """A Reaction fires when its turn comes (FAQ: "triggers automatically"); it waits only for
    its owner's choice, here where the cube drawn from the bag goes."""
    from ecogames.games.biotopes import Adapt

    from .scenario import put_bag

    game = blank(players=2, tiles=two_tiles())
    put_biotope(game, 0, "mountains", 2)
    give_hand(game, 0, "apollo")
    put_species(game, 1, "pyrenean_desman", gray=1)
    put_species(game, 1, "common_parsley_frog", yellow=1)  # a second Insect Hunter
    put_bag(game, 1, gray=2)
    game = ready(game)
    game.apply(Adapt("apollo"))
    assert game.phase == "react" and [t.kind for t in game.queue] == ["react", "react", "end"]
    state = game._state()
    assert Biotopes.from_state(copy.deepcopy(state)) == game
    unfired = copy.deepcopy(state)
    unfired["queue"][0].update(fired=False, colour=-1)  # a cube from nowhere once placed
    unfired["ecosystems"][1]["bag"][0] += 1
    unfired["box"][0] -= 1
    refused(unfired, "fires when its turn comes")
    early = copy.deepcopy(state)
    early["queue"][1]["fired"] = True  # the second Reaction cannot have fired yet
    refused(early, "fires when its turn comes")


def _int_leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _int_leaves(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _int_leaves(v, (*path, i))]
    return [path] if isinstance(value, int) and not isinstance(value, bool) else []


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 5), seed=st.integers(0, 2**32), steps=st.integers(0, 300))
def test_an_accepted_state_keeps_every_invariant_as_it_plays(players, seed, steps):
    """Beyond never raising: a number one off that the loader accepts leads to a game that
    keeps the random-play invariants (160 cubes, 4 cubes a card, 88 cards, 12 tokens...)."""
    game = played(players, seed, steps)
    state = game._state()
    rng = Rng(seed)
    leaves = _int_leaves(state)
    for _ in range(40):
        path = rng.choice(leaves)
        changed = copy.deepcopy(state)
        target = changed
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] += rng.choice([-1, 1])
        try:
            loaded = Biotopes.from_state(changed)
        except SaveError:
            continue
        bot = RandomBot(seed)
        for _ in range(30):
            biotopes_invariant(loaded)
            if loaded.is_over:
                break
            loaded.apply(bot.choose(loaded, loaded.legal_actions()))


def test_a_tile_placed_over_another_and_not_yet_turned_is_refused():
    """Landscape Construction: a tile just placed (side still null) may not overlap a placed
    tile; the loader read its hexes only once turned, so Orient then crashed (found by the
    state fuzz: seed 27, tiles/1/3 replaced by 0)."""
    from ecogames.core import SaveError
    from ecogames.games.biotopes.rules import Biotopes

    game = Biotopes.new_game(players=3, seed=27, construction=True)
    while game.phase != "orient" or len(game.to_dict()["state"]["tiles"]) < 2:
        game.apply(game.legal_actions()[0])
    state = game.to_dict()["state"]
    placed, turning = state["tiles"][0], state["tiles"][-1]
    turning[3], turning[4] = placed[3], placed[4]
    with pytest.raises(SaveError, match="tiles overlap"):
        Biotopes.from_state(state)


def test_a_draft_on_a_biotope_held_again_loads():
    """D10's last eased placement can put a second token on a biotope the player holds; the
    Advanced Biotopes Draft then deals another card of that biotope. The loader refused this
    state, which legal play reaches (2 players, seed 1335172678775, random actions of seed 0:
    the 8th token)."""
    game = new_game(players=2, seed=1_335_172_678_775, draft=True)
    rng = Rng(0)
    while not (game.phase == "draft" and game.bcards[game.current_player][game.draft_biotope]):
        game.apply(rng.choice(game.legal_actions()), record=False)
    assert game.violations() == []
    assert Biotopes.from_state(game._state()) == game
    while game.phase == "draft" or game.phase == "placement":
        game.apply(rng.choice(game.legal_actions()), record=False)
    assert game.violations() == [] and not all(map(all, game.bcards))
    assert Biotopes.from_state(game._state()) == game


def test_violations_name_what_makes_a_state_impossible():
    game = ready(blank(players=2, tiles=two_tiles()))
    assert game.violations() == []
    game.tokens[1] -= 1
    assert game.violations() == ["player 2 must have 12 Territory tokens in all, not 11"]
    game.tokens[1] += 1
    game.box[0] += 1
    assert game.violations() == ["there must be 40 cubes of each colour, not [41, 40, 40, 40]"]
