"""What a seat cannot see in Biotopes, dealt anew for information-set search.

``Biotopes.view`` shows the landscape, the rivers, every Ecosystem and the sizes of the
decks, discard piles, hands and bags; a player sees their own hand and may look into their
own bag (RB FAQ). Hidden are the order of the three decks, the other players' hands and
the colours of the cubes in their bags. A determinization for ``player``:

- **hands.** Of each deck, the other players hold together as many cards as the deck's
  share of the game does not show elsewhere (table, rivers, discards, the seat's own
  hand). That many are drawn from the deck and those cards together; the drawn cards of
  the three decks are then shuffled and dealt to the other players, as many as each
  holds. The rest, shuffled, make the deck again.
  A card a queued task names (a card being played and paid for) is public and stays in
  its hand.
- **bags.** The other players' bags together hold the cubes of each colour that the
  reserve, the box and the table do not account for (160 cubes, 40 of each colour); those
  cubes are dealt to them, as many as each bag holds.

Hidden things are pooled in a fixed order before shuffling, so the result depends only on
what the seat sees and on ``rng``.
"""

from __future__ import annotations

from typing import Any

from ecogames.core import Rng

from .components import SPECIES
from .rules import DECK_NAMES, Biotopes


def determinize(game: Biotopes, player: int | None, rng: Rng) -> Biotopes:
    """A full state ``player`` cannot tell from ``game`` (``view(player)`` is the same)."""
    twin = game.clone()
    twin.rng = Rng(rng.next64())
    others = [p for p in range(twin.players) if p != player]

    named = _named_cards(twin.queue)  # cards being played: public, they stay in the hand
    held = [card for p in others for card in twin.hands[p] if card not in named]
    dealt: list[str] = []
    for d, name in enumerate(DECK_NAMES):
        count = sum(1 for card in held if SPECIES[card].deck.value == name)
        pool = sorted(twin.decks[d] + [c for c in held if SPECIES[c].deck.value == name])
        rng.shuffle(pool)
        dealt += pool[:count]
        twin.decks[d] = pool[count:]
    rng.shuffle(dealt)
    for p in others:
        kept = [card for card in twin.hands[p] if card in named]
        size = len(twin.hands[p]) - len(kept)
        twin.hands[p], dealt = kept + dealt[:size], dealt[size:]

    colours = len(twin.reserve)
    cubes = [k for k in range(colours) for p in others for _ in range(twin.bags[p][k])]
    rng.shuffle(cubes)
    for p in others:
        size = sum(twin.bags[p])
        mine, cubes = cubes[:size], cubes[size:]
        twin.bags[p] = [mine.count(k) for k in range(colours)]
    return twin


def _named_cards(value: Any) -> set[str]:
    """The Species cards named anywhere in ``value`` (the engine's queued tasks)."""
    if isinstance(value, str):
        return {value} if value in SPECIES else set()
    if isinstance(value, dict):
        return set().union(*(_named_cards(v) for v in value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(*(_named_cards(v) for v in value))
    return set()
