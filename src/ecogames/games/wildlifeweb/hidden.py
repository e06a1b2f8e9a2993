"""What a seat cannot see in Wildlife Web, dealt anew for information-set search.

Everything on the table is face up (``WildlifeWeb.view``). Hidden are the order of the
Wildlife, Event and Forage decks (but for the Forage cards put back under the deck, which
come back in the order they went: ``fdeck[:fknown]``, kept), and another player's
upside-down Event card: the table saw it drawn and heard its time of day ("draws a night
Event card in the day"), not which card.

The order of a face-down pile means nothing to the rules: every card drawn from one is a
chance draw among the cards left (D32), which the twin's reseeded generator makes afresh.
So a determinization does not shuffle the decks (that would cost a draw per card and change
nothing that can happen); it lays each in the cards' order, which also keeps the result
independent of how the real piles happen to be stored. What it does deal anew is every
other player's held card: from the Event deck together with the others' held cards *of the
same time of day*, one card at random for each such player, in seat order. The Offspring
deck is left as it is: its cards are alike and it is never shuffled.

The hidden cards are pooled in a fixed (the cards') order before they are dealt, so the
result depends only on what the seat sees and on ``rng``: two states that differ only in
hidden cards give the same determinization.
"""

from __future__ import annotations

from ecogames.core import Rng

from .components import CARD_EVENT, CARD_RANK
from .rules import WildlifeWeb

_rank = CARD_RANK.__getitem__


def determinize(game: WildlifeWeb, player: int | None, rng: Rng) -> WildlifeWeb:
    """A full state ``player`` cannot tell from ``game`` (``view(player)`` is the same)."""
    twin = game.clone()
    twin.rng = Rng(rng.next64())
    twin._listed = None  # worked out anew from the dealt state, as Game.clone's _legal
    twin.wdeck.sort(key=_rank)
    known = twin.fknown  # Forage cards put back under the deck, in the order they went
    twin.fdeck[known:] = sorted(twin.fdeck[known:], key=_rank)
    others = [p for p in range(twin.players) if p != player and twin.pending[p] is not None]
    pool = twin.edeck + [c for p in others if (c := twin.pending[p]) is not None]
    pool.sort(key=_rank)
    for p in others:  # in seat order: each takes a card of its held card's time of day
        time = CARD_EVENT[twin.pending[p]].time  # type: ignore[index]
        fits = [i for i, c in enumerate(pool) if CARD_EVENT[c].time == time]
        twin.pending[p] = pool.pop(fits[rng.below(len(fits))])
    twin.edeck = pool
    return twin
