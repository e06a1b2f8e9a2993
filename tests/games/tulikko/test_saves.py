"""Save files: a state that cannot be true is refused with SaveError, and whatever the
loader accepts plays (legal actions, views, apply, widget never raise)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecogames.bots import RandomBot
from ecogames.core import Rng, SaveError
from ecogames.games.tulikko import Tulikko, new_game
from ecogames.games.tulikko import components as c
from tests.support.state_fuzz import check_perturbed_states

from .test_random_play import near_the_end


def played(seed: int, players: int, steps: int, *, maps: bool = True) -> Tulikko:
    game = new_game(players=players, seed=seed,
                    maps=list(c.ANIMALS[:players]) if maps else None)
    bot = RandomBot(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.push(bot.choose(game, game.legal_actions()))
    return game


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), steps=st.integers(0, 400),
       maps=st.booleans())
def test_whatever_the_loader_accepts_plays(seed, players, steps, maps):
    game = played(seed, players, steps, maps=maps)
    check_perturbed_states(game, Rng(seed), 60, widget=True)


def real_state(seed: int = 3, steps: int = 60) -> dict:
    """A state from real play, in a turn (the slide), with tiles and tokens on the maps."""
    game = played(seed, 2, steps)
    while game.phase != "slide":
        game.push(RandomBot(seed).choose(game, game.legal_actions()))
    return game._state()


def refused(state: dict, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        Tulikko.from_state(state)


def test_a_final_round_while_nobody_has_placed_all_their_tokens_is_refused():
    """Issue 11, item 8: the game would then end saying a player placed all their tokens."""
    state = real_state()
    assert all(sum(x) for x in state["supply"]) and not state["final_round"]
    Tulikko.from_state(state)
    refused({**state, "final_round": True}, "nobody who has played in this round")


def test_a_final_round_is_announced_once_a_supply_is_empty():
    """End of the Game 1: once a player has placed all their tokens, the round is the last."""
    from tests.games.tulikko.test_end_of_the_game import flora_about_to_place_her_last_token

    game = flora_about_to_place_her_last_token()
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    assert game.supply[0] == [0, 0] and game.final_round
    state = game._state()
    Tulikko.from_state(state)
    refused({**state, "final_round": False}, "final round is not announced")


def _why(game: Tulikko, change) -> str:
    """The first of the violations once ``change`` is made to a copy of ``game``."""
    twin = game.clone()
    change(twin)
    problems = twin.violations()
    assert problems, "the changed state was called possible"
    return problems[0]


def test_a_3_aurora_tile_needs_three_tiles_of_its_colour():
    """Issue 11, item 8: a "3" aurora tile held by a player with no tiles of that colour."""
    from tests.games.tulikko.helpers import FLORA, Table

    table = Table(cards=("shape-5", "river-1", "color-1")).art(FLORA, "GG..")
    table.finish(hand="blue")
    with pytest.raises(SaveError, match="fewer than 3 purple tiles"):
        table.aurora(FLORA, "purple-3")
        Tulikko.from_state(table.g._state())


def test_three_tiles_of_a_colour_and_its_3_aurora_tile_still_in_its_pile_is_refused():
    """3C: the first player with three tiles of a colour takes the "3" at once."""
    game = Tulikko.from_state(real_state())
    taken = [a for a, h in game.aurora_holder.items() if h is not None and a.endswith("-3")]
    assert taken
    why = _why(game, lambda g: g.aurora_holder.__setitem__(taken[0], None) or [
        g.aurora_holder.__setitem__(taken[0].replace("-3", "-4"), None),
        g.aurora_used.__setitem__(taken[0], False)])
    assert "aurora tile is still in its pile" in why


def test_a_card_met_and_not_fulfilled_is_refused():
    """3A: "If you are able to complete a tile arrangement ... you fulfill that objective
    and immediately place two of your animal tokens"."""
    from tests.games.tulikko.helpers import FLORA, Table

    table = Table(cards=("shape-6", "river-1", "color-1"))
    table.art(FLORA, "G..O", "....", "....", "....", "B..P")
    with pytest.raises(SaveError, match="meets 'Four corners'"):
        table.finish(hand="green")


def test_turns_go_round_in_seat_order():
    state = real_state()
    state["turns"] = [t + 1 for t in state["turns"]]
    state["piles"] = [p[1:] for p in state["piles"]]
    refused(state, "exactly one place|seat order|more tiles")
    state = real_state()
    other = 1 - state["active"]
    state["turns"][other] += 1
    refused(state, "pile does not match|seat order")


@pytest.mark.parametrize("change,message", [
    (lambda s: s.__setitem__("surprise", 1), "state has unknown keys \\['surprise'\\]"),
    (lambda s: s.pop("held_side"), "state lacks \\['held_side'\\]"),
    (lambda s: s.__setitem__("final_round", 0), "must be bool"),
    (lambda s: s.__setitem__("active", True), "must be int"),
    (lambda s: s["turns"].__setitem__(0, 1.0), "not an integer"),
    (lambda s: s["supply"][0].__setitem__(1, "6"), "must be int"),
    (lambda s: s["fulfilled"][0].append(s["cards"][0]) if s["cards"][0] not in
     s["fulfilled"][0] else s["fulfilled"][0].append(s["fulfilled"][0][0]),
     "fulfilled|tokens|meets"),
    (lambda s: s.__setitem__("ended", "over"), "over"),
    (lambda s: s.__setitem__("box", s["box"][::-1]) if len(s["box"]) > 1
     else s.__setitem__("box", [0, 0]), "increasing order|exactly one place"),
    (lambda s: s["tokens"].__setitem__(0, s["tokens"][0][::-1]) if len(s["tokens"][0]) > 1
     else s["tokens"][0].append(s["tokens"][0][0] if s["tokens"][0] else [0, 0, "x"]),
     "in order|once each|not \\[cell"),
    (lambda s: s.__setitem__("cards", []), "card_tokens has unknown keys|one landscape card"),
    (lambda s: s.__setitem__("preset_maps", None) or s.__setitem__("stage", "choose_map"),
     "first seat without one"),
])
def test_strict_types_and_keys(change, message):
    state = real_state()
    change(state)
    refused(state, message)


def test_nothing_is_set_up_while_maps_are_chosen():
    game = new_game(players=3, seed=2)
    game.push(game.legal_actions()[0])
    state = game._state()
    Tulikko.from_state(state)
    for key, value in (("supply", [[12, 5], [12, 6], [12, 6]]), ("final_round", True),
                       ("discarded", [3]), ("turns", [1, 0, 0])):
        refused({**state, key: value}, f"nothing is set up|tokens|{key}")


def test_a_turn_waits_in_its_end_phase_only_while_an_aurora_tile_can_be_used():
    """D15: with no aurora tile to use, the turn ends by itself, so no save has an end
    phase without one (it would offer only 'End your turn')."""
    for seed in range(40):
        game = played(seed, 2, 0)
        while not game.is_over and game.phase != "end":
            game.push(RandomBot(seed).choose(game, game.legal_actions()))
        if game.phase == "end":
            break
    else:
        raise AssertionError("no end phase in 40 games")
    state = game._state()
    for aurora in state["aurora_used"]:
        if state["aurora_holder"][aurora] == state["active"]:
            state["aurora_used"][aurora] = True
    refused(state, "end phase only while")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_whatever_the_loader_accepts_near_the_end_plays(seed, steps):
    """The same near the end of a game: supplies nearly empty, the final round, the end."""
    game, bot = near_the_end(), RandomBot(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.push(bot.choose(game, game.legal_actions()))
    check_perturbed_states(game, Rng(seed), 60, widget=True)


def test_violations_name_every_broken_rule_once_and_the_loader_refuses_the_first():
    """D26: ``violations`` lists one sentence per broken rule (none for a real state), and
    the loader refuses a state with any, saying the first."""
    game = Tulikko.from_state(real_state())
    assert game.violations() == []
    twin = game.clone()
    twin.supply[0][0] += 1  # a 13th animal token
    twin.supply[1][1] -= 1  # a river token lost
    twin.ended = "over"  # an ended game that is still being played
    problems = twin.violations()
    assert problems == ["player 1's animal tokens do not add up to 12",
                        "player 2's river tokens do not add up to 6",
                        "an ended game is exactly one in the 'over' phase"]
    refused(twin._state(), "player 1's animal tokens do not add up to 12")
