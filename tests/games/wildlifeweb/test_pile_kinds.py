"""The Wildlife and Event decks in the cards' order are kept from the last draw from each
(``WildlifeWeb._in_order``): whenever they are taken as the deck's, they must be what sorting
the deck gives, after play, clone, determinize, load and undo; a kept draw's odds, made when
read, are the kinds of the deck as it was."""

from __future__ import annotations

import random
from typing import Any

from ecogames.core import Rng
from ecogames.core.chance import made
from ecogames.games.wildlifeweb import WildlifeWeb, new_game
from ecogames.games.wildlifeweb.components import (
    CARD_GROUP,
    CARD_RANK,
    EVENT_CARDS,
    WILDLIFE_CARDS,
)
from ecogames.games.wildlifeweb.rules import EVENT_KINDS, kinds_left


def check_kinds(game: WildlifeWeb) -> int:
    """Every remembered deck in order that a draw would use is the deck's own, sorted (the
    deck itself only while it is in order, and no other deck's or game's list); how
    many."""
    used = 0
    lists: list[list[Any]] = []
    for which, pile in (("wildlife", game.wdeck), ("event", game.edeck)):
        known = game._in_order.get(which)
        if known is not None and known[0] is pile and known[1] == len(pile):
            ranked = sorted(pile, key=CARD_RANK.__getitem__)
            assert known[2] == ranked, which
            assert known[2] is not pile or pile == ranked, which
            lists.append(known[2])
            used += 1
    assert len({*map(id, lists)}) == len(lists)
    return used


def lists_of(game: WildlifeWeb) -> set[int]:
    """The lists a game keeps for its draws (by identity)."""
    return {id(known[2]) for known in game._in_order.values()}


def test_remembered_kinds_are_the_decks() -> None:
    used = 0
    for seed in range(8):
        choose = random.Random(seed).choice
        game = new_game(players=2, seed=seed)
        while not game.is_over:
            game.push(choose(game.legal_actions()))
            used += check_kinds(game)
    assert used > 1000


def test_kinds_after_clone_determinize_load_and_undo() -> None:
    choose = random.Random(3).choice
    game = new_game(players=2, seed=3)
    twins = 0
    while not game.is_over:
        game.push(choose(game.legal_actions()))
        if len(game.history) % 7:
            continue
        twin = game.clone()
        twins += check_kinds(twin)
        assert not lists_of(twin) & lists_of(game)
        for _ in range(3):  # the twin draws on from its own decks; the original's stay
            if not twin.is_over:
                twin.push(choose(twin.legal_actions()))
        check_kinds(twin)
        check_kinds(game)
        check_kinds(game.determinize(1, Rng(twins)))
        loaded = WildlifeWeb.from_dict(game.to_dict())
        check_kinds(loaded)
        game.undo()
        check_kinds(game)
        game.push(choose(game.legal_actions()))
    assert twins > 10


def test_a_kept_draw_tells_the_kinds_of_the_deck_as_it_was() -> None:
    """A card drawn from a deck, in order or not, kept (its odds made when read: the kinds
    of the deck before the draw, and how many of each) and plain (nothing kept): the same
    card by the same ticket, the first of its kind, gone from the deck; a forced card,
    any card of the deck, is the one that goes."""
    assert kinds_left(tuple(EVENT_CARDS)) == EVENT_KINDS
    rng = random.Random(2)
    for deck in (WILDLIFE_CARDS, EVENT_CARDS):
        ordered = sorted(deck, key=CARD_RANK.__getitem__)
        for size in (1, 2, 3, 9, len(deck)):
            for pile in (ordered[:size], rng.sample(ordered, size)):
                kept, plain = new_game(players=2, seed=size), new_game(players=2, seed=size)
                for game in (kept, plain):
                    game.wdeck = list(pile)
                kept._chance, kept.draws_are_kept = [], True
                card = kept._pick(kept.wdeck, "a card")
                assert card == plain._pick(plain.wdeck, "a card")
                assert kept.rng.state == plain.rng.state
                (drawn,) = map(made, kept._chance)
                assert (drawn.outcomes, drawn.weights) == kinds_left(tuple(pile))
                assert drawn.outcome == card and card in drawn.outcomes
                assert sorted(kept.wdeck) == sorted(plain.wdeck) == sorted(
                    pile[:pile.index(card)] + pile[pile.index(card) + 1:])
                forced = new_game(players=2, seed=size)
                forced.wdeck, forced._chance, forced.draws_are_kept = list(pile), [], True
                chosen = rng.choice(drawn.outcomes)
                forced._forcing = {0: chosen}
                assert forced._pick(forced.wdeck, "a card") == chosen
                assert chosen not in forced.wdeck
                assert made(forced._chance[0]).weights == drawn.weights


def test_kinds_left_is_each_kinds_first_card_and_count_in_the_cards_order() -> None:
    """``kinds_left`` (worked out in C) against its definition walked card by card: the
    first card left of each kind, in the cards' order, and how many of each kind, for
    random piles of both decks (fails when a kind's second card is taken as its first)."""
    rng = random.Random(5)
    for deck in (WILDLIFE_CARDS, EVENT_CARDS):
        for size in (0, 1, 2, 7, 20, len(deck)):
            pile = rng.sample(deck, size)
            first: dict[str, str] = {}
            count: dict[str, int] = {}
            for c in sorted(pile, key=CARD_RANK.__getitem__):
                first.setdefault(CARD_GROUP[c], c)
                count[CARD_GROUP[c]] = count.get(CARD_GROUP[c], 0) + 1
            assert kinds_left(tuple(pile)) == (tuple(first.values()), tuple(count.values()))
