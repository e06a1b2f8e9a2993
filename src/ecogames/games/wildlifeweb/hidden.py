"""What a seat cannot see in Wildlife Web, dealt anew for information-set search.

Everything on the table is face up (``WildlifeWeb.view``). Hidden are the order of the
Wildlife, Event and Forage decks (but for the Forage cards put back under the deck, which
come back in the order they went: ``fdeck[:fknown]``, kept), and another player's
upside-down Event card: the table saw it drawn and heard its time of day ("draws a night
Event card in the day"), not which card.
So a determinization shuffles each deck, and deals every other player's held card afresh
from the Event deck together with the others' held cards *of the same time of day*. The
Offspring deck is left as it is: its cards are alike and it is never shuffled.

The hidden cards are pooled in a fixed (sorted) order before they are shuffled, so the
result depends only on what the seat sees and on ``rng``: two states that differ only in
hidden cards give the same determinization.
"""

from __future__ import annotations

from ecogames.core import Rng

from .components import CARD_EVENT
from .rules import WildlifeWeb


def determinize(game: WildlifeWeb, player: int | None, rng: Rng) -> WildlifeWeb:
    """A full state ``player`` cannot tell from ``game`` (``view(player)`` is the same)."""
    twin = game.clone()
    twin.rng = Rng(rng.next64())
    wild = sorted(twin.wdeck)
    rng.shuffle(wild)
    twin.wdeck = wild
    known = twin.fknown  # Forage cards put back under the deck, in the order they went
    forage = sorted(twin.fdeck[known:])
    rng.shuffle(forage)
    twin.fdeck = twin.fdeck[:known] + forage
    others = [p for p in range(twin.players) if p != player and twin.pending[p] is not None]
    pool = sorted(twin.edeck + [c for p in others if (c := twin.pending[p]) is not None])
    rng.shuffle(pool)
    for p in others:  # in seat order: each takes a card of its held card's time of day
        time = CARD_EVENT[twin.pending[p]].time  # type: ignore[index]
        i = next(i for i, c in enumerate(pool) if CARD_EVENT[c].time == time)
        twin.pending[p] = pool.pop(i)
    twin.edeck = pool
    return twin
