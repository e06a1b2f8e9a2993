"""Chance made explicit (D32): every die, and every card drawn from a face-down pile, is a
``game.chance`` draw that a fork can change; every legal action's label is distinct (D33)."""

from __future__ import annotations

import pytest

from ecogames.core import IllegalAction, Rng
from ecogames.games.wildlifeweb import (
    DrawWildlife,
    Forage,
    Hunt,
    Scavenge,
    TakeFromHabitat,
    WildlifeWeb,
    new_game,
)
from ecogames.games.wildlifeweb import components as c

from .helpers import F, W, animal, scenario


def played(seed: int, steps: int) -> WildlifeWeb:
    game, rng = new_game(players=3, seed=seed), Rng(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def until_draw(seed: int, name: str) -> tuple[WildlifeWeb, int]:
    """A random game played until an action makes a draw named ``name``: (game, its step)."""
    game, rng = new_game(players=3, seed=seed), Rng(seed)
    while not game.is_over:
        cascade = game.apply(rng.choice(game.legal_actions()))
        if any(name in d.name for d in cascade.chances):
            return game, len(game.history) - 1
    raise AssertionError(f"no draw named {name!r}")


@pytest.mark.parametrize("name", ["die", "a Forage card", "the Event card", "Wildlife"])
def test_every_kind_of_draw_forks(name: str) -> None:
    game, step = until_draw(5, name)
    draws = game.chances(step)
    number = next(i for i, d in enumerate(draws) if name in d.name)
    draw = draws[number]
    assert sum(draw.probabilities) == 1 and draw.outcome in draw.outcomes
    same = game.fork(step, chance={number: draw.outcome})
    assert same.history[:step + 1] == game.history[:step + 1]
    assert same.to_dict()["state"] == game.replay(step + 1).to_dict()["state"]
    other = next(o for o in draw.outcomes if o != draw.outcome) if len(draw.outcomes) > 1 \
        else None
    if other is not None:
        changed = game.fork(step, chance={number: other})
        assert changed.last_cascade is not None
        assert changed.last_cascade.chances[number].outcome == other
        assert changed.last_cascade.chances[:number] == draws[:number]
        assert changed.replay(step).to_dict() == game.replay(step).to_dict()
    with pytest.raises(IllegalAction):
        game.fork(step, chance={number: "no such card"})


def test_a_wildlife_draw_is_over_the_species_left_weighted_by_their_cards() -> None:
    deck = [W("moose"), W("moose", 2), W("mule_deer")]
    rest = [x for x in c.WILDLIFE_CARDS if x not in {*deck, W("elk"), W("elk", 2)}]
    game = scenario(stage="replace", packs=[[animal(W("elk"))], []], stacked=False,
                    wdeck=deck, wdiscard=rest, habitat=[W("elk", 2)])
    # the deck: two Moose and a Mule Deer; the other cards are all in the discard pile
    draws = game.apply(DrawWildlife()).chances
    assert [(d.outcomes, d.weights) for d in draws] == [
        ((W("mule_deer"), W("moose")), (1, 2))]  # in the cards' order
    assert draws[0].labels == ("Mule Deer", "Moose") and draws[0].seen_by is None


def test_forage_cards_put_under_the_deck_come_back_in_their_order() -> None:
    others = [x for x in c.FORAGE_CARDS if x not in F(3, 4, 9)]
    # F9 was put under the deck (seen going); F3 and F4 lie face down above it
    game = scenario(packs=[[animal(W("elk"), food=others)], []], stacked=False,
                    fdeck=F(9, 4, 3))
    game.fknown = 1
    first = game.apply(Forage(W("elk"))).chances
    assert first[0].outcomes == tuple(F(3, 4)) and first[0].name == "a Forage card for the Elk"
    assert game.fdeck[0] == F(9)[0] and game.fknown == 1
    last = scenario(packs=[[animal(W("elk"), food=[*others, *F(3, 4)])], []], stacked=False,
                    fdeck=F(9))
    last.fknown = 1
    assert last.apply(Forage(W("elk"))).chances == ()  # the known card comes, no draw
    assert last.packs[0][0]["food"][-1] == F(9)[0] and last.fknown == 0


def test_the_event_card_is_seen_first_by_the_drawing_player() -> None:
    game, step = until_draw(2, "the Event card")
    draw = next(d for d in game.chances(step) if d.name == "the Event card")
    assert draw.seen_by is not None and len(draw.seen_by) == 1


def test_alike_habitat_cards_give_one_choice_and_every_label_names_where() -> None:
    game = scenario(packs=[[animal(W("golden_eagle"))], [animal(W("coopers_hawk"))]],
                    habitat=[W("coopers_hawk", 2), W("deer_mouse"), W("deer_mouse", 2)],
                    highway=[W("mule_deer"), W("mule_deer", 2)])
    labels = [game.describe(a) for a in game.legal_actions()]
    assert len(labels) == len(set(labels)), labels
    hunts = [a for a in game.legal_actions() if isinstance(a, Hunt)]
    assert {game.describe(a) for a in hunts} >= {
        "Golden Eagle hunts the Cooper's Hawk in the habitat",
        "Golden Eagle hunts Player 2's Cooper's Hawk"}
    assert Hunt(W("golden_eagle"), W("deer_mouse", 2)) not in hunts
    assert "alike" in game.explain_illegal(Hunt(W("golden_eagle"), W("deer_mouse", 2)))
    replace = scenario(stage="replace", packs=[[], []], habitat=[W("elk"), W("elk", 2)])
    assert replace.legal_actions().count(TakeFromHabitat(W("elk"))) == 1
    assert TakeFromHabitat(W("elk", 2)) not in replace.legal_actions()
    carrion = scenario(packs=[[animal(W("coyote"))], []],
                       highway=[W("mule_deer"), W("mule_deer", 2)])
    assert [a for a in carrion.legal_actions() if isinstance(a, Scavenge)] == [
        Scavenge(W("coyote"), W("mule_deer"))]


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_every_legal_label_is_distinct_in_random_play(players: int, seed: int) -> None:
    game, rng = new_game(players=players, seed=seed), Rng(seed)
    for _ in range(600):
        if game.is_over:
            break
        legal = game.legal_actions()
        labels = [game.describe(a) for a in legal]
        assert len(labels) == len(set(labels)), (game.phase, labels)
        game.apply(rng.choice(legal))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_plain_push_draws_what_apply_draws_move_by_move(players: int) -> None:
    """A plain push keeps no draws, so the rules draw a pile's card (``WildlifeWeb._pick``),
    a Forage card (``feeding.draw_forage``) and the dice of a duel straight from the
    generator, by the ticket apply's chance draw takes (``core.chance.unkept``, ``rng.below``):
    the same cards and dice, so a bot's playout and a person's game go the same way. Played
    side by side through push, apply and apply untold, the generators and the whole states
    agree after every action (a ticket drawn otherwise shows at once)."""
    import random

    for seed in range(3):
        pushed, applied, untold = (new_game(players=players, seed=seed) for _ in range(3))
        choose = random.Random(seed).choice
        while not pushed.is_over:
            action = choose(pushed.legal_actions())
            pushed.push(action)
            applied.apply(action)
            untold.apply(action, record=False)
            assert pushed.rng == applied.rng == untold.rng
            assert pushed._state() == applied._state() == untold._state()
        assert applied.is_over and untold.is_over
