"""What a seat cannot see in Biotopes, dealt anew for information-set search.

``Biotopes.view`` shows the landscape, the rivers, every Ecosystem and the sizes of the
decks, discard piles, hands and bags; a player sees their own hand and may look into their
own bag (RB FAQ). Hidden are the order of the three decks, the other players' hands and
the colours of the cubes in their bags. A determinization for ``player``:

- **hands.** Of each deck, the other players hold together as many cards as the deck's
  share of the game does not show elsewhere (table, rivers, discards, the seat's own
  hand). That many are drawn from the deck and those cards together; the drawn cards of
  the three decks are then dealt at random to the other players, as many as each holds.
  The rest make the deck again: its order matters to no one, as every card taken from a
  deck is a chance draw among all the cards it holds (D39).
  A card a queued task names (a card being played and paid for) is public and stays in
  its hand.
- **bags.** The other players' bags together hold the cubes of each colour that the
  reserve, the box and the table do not account for (160 cubes, 40 of each colour); those
  cubes are dealt to them, as many as each bag holds.

Hidden things are pooled in a fixed order before they are dealt, so the result depends only
on what the seat sees and on ``rng``. Only what is dealt is drawn (a partial shuffle): with
one opponent, their bag is simply what the others leave.
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

    # cards being played: public, they stay in the hand
    named = _named_cards([task.to_json() for task in twin.queue])
    held = [card for p in others for card in twin.hands[p] if card not in named]
    dealt: list[str] = []
    for d, name in enumerate(DECK_NAMES):
        theirs = [c for c in held if SPECIES[c].deck.value == name]
        pool = sorted(twin.decks[d] + theirs)
        _draw(pool, len(theirs), rng)
        dealt += pool[:len(theirs)]
        twin.decks[d] = pool[len(theirs):]
    kept = [[card for card in twin.hands[p] if card in named] for p in others]
    sizes = [len(twin.hands[p]) - len(k) for p, k in zip(others, kept)]
    for p, k, cards in zip(others, kept, _deal(dealt, sizes, rng)):
        twin.hands[p] = k + cards

    colours = len(twin.reserve)
    cubes = [k for k in range(colours) for p in others for _ in range(twin.bags[p][k])]
    for p, mine in zip(others, _deal(cubes, [sum(twin.bags[p]) for p in others], rng)):
        twin.bags[p] = [mine.count(k) for k in range(colours)]
    return twin


def _draw(pool: list[Any], n: int, rng: Rng) -> None:
    """Put ``n`` items of ``pool`` drawn at random, in random order, at its front (the first
    ``n`` steps of a Fisher-Yates shuffle)."""
    size = len(pool)
    for i in range(min(n, size - 1)):
        j = i + rng.below(size - i)
        pool[i], pool[j] = pool[j], pool[i]


def _deal(pool: list[Any], sizes: list[int], rng: Rng) -> list[list[Any]]:
    """``pool`` dealt at random into hands of ``sizes`` (which add up to its length)."""
    _draw(pool, sum(sizes[:-1]), rng)  # the last hand takes what the others leave
    hands, start = [], 0
    for size in sizes:
        hands.append(pool[start:start + size])
        start += size
    return hands


def _named_cards(value: Any) -> set[str]:
    """The Species cards named anywhere in ``value`` (the engine's queued tasks)."""
    if isinstance(value, str):
        return {value} if value in SPECIES else set()
    if isinstance(value, dict):
        return set().union(*(_named_cards(v) for v in value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(*(_named_cards(v) for v in value))
    return set()
