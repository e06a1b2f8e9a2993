"""The kinds of the Wildlife and Event decks are worked out from the last draw from each
(``WildlifeWeb._kinds``): whenever they are taken as the deck's, they must be what sorting
the deck gives, after play, clone, determinize, load and undo."""

from __future__ import annotations

import random
from typing import Any

from ecogames.core import Rng
from ecogames.games.wildlifeweb import WildlifeWeb, new_game
from ecogames.games.wildlifeweb.components import (
    CARD_GROUP,
    CARD_RANK,
    EVENT_CARDS,
    WILDLIFE_CARDS,
)
from ecogames.games.wildlifeweb.rules import EVENT_KINDS, drop_card, kept_kinds, kinds_left


def check_kinds(game: WildlifeWeb) -> int:
    """Every remembered cards in order and kinds that a draw would use are the deck's own
    (the cards in order the deck itself only while it is in order, and no other deck's or
    game's list); how many."""
    used = 0
    lists: list[list[Any]] = []
    for which, pile in (("wildlife", game.wdeck), ("event", game.edeck)):
        known = game._kinds.get(which)
        if known is not None and known[0] is pile and known[1] == len(pile):
            ranked = sorted(pile, key=CARD_RANK.__getitem__)
            if known[2] is not None:
                assert known[2] == ranked, which
                assert known[2] is not pile or pile == ranked, which
                lists.append(known[2])
            if known[3] is not None:
                cards, counts, ranks, places = known[3]
                assert (tuple(cards), tuple(counts)) == kinds_left(tuple(pile)), which
                assert ranks == [CARD_RANK[c] for c in cards], which
                if places is not None:
                    assert pile == ranked and places == [CARD_RANK[c] for c in pile], which
                lists += [cards, counts, ranks, *([places] if places is not None else [])]
            used += 1
    assert len({*map(id, lists)}) == len(lists)
    return used


def lists_of(game: WildlifeWeb) -> set[int]:
    """The lists a game keeps for its draws (by identity)."""
    out = set()
    for known in game._kinds.values():
        out |= {id(x) for x in (known[2], *(known[3] or ())) if x is not None}
    return out


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


def test_the_kinds_without_any_card_of_the_deck() -> None:
    """A card leaving a deck (drawn, or a mate found in it) may be the first of its kind or
    the second: either way the kinds kept are those of the deck without it, in order or not,
    and it leaves the deck."""
    assert kinds_left(tuple(EVENT_CARDS)) == EVENT_KINDS
    rng = random.Random(2)
    for deck in (WILDLIFE_CARDS, EVENT_CARDS):
        ordered = sorted(deck, key=CARD_RANK.__getitem__)
        for pile in (ordered, rng.sample(ordered, len(ordered))):
            assert (kept_kinds(pile)[3] is None) == (pile != ordered)
            for card in pile:
                rest, kinds = list(pile), kept_kinds(pile)
                drop_card(kinds, rest, card)
                assert rest == [c for c in pile if c != card], card
                assert kinds == kept_kinds(rest), card


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
