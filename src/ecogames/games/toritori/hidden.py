"""What the team cannot see in Tori-Tori, dealt anew for information-set search.

Tori-Tori is cooperative and everything on the island is open; what no one knows is the
order of the activation pile. In the first round the pile is the shuffled deck, so a
determinization shuffles it. When the pile runs out the discard pile is turned over
*without shuffling* (Course of Play 1, D15): from the second round on, the pile is the cards
the table saw discarded face up, one by one, in that order, and it is kept as it is. The
dice are the game's generator, reseeded from ``rng``.

The pile is pooled in a fixed (sorted) order before shuffling, so the result depends only
on what the team sees and on ``rng``.
"""

from __future__ import annotations

from ecogames.core import Rng

from . import components as c
from .rules import ToriTori


def determinize(game: ToriTori, player: int | None, rng: Rng) -> ToriTori:
    """A full state the team cannot tell from ``game`` (``view(player)`` is the same)."""
    twin = game.clone()
    twin.rng = Rng(rng.next64())
    if twin.round == c.ROUND_START_SPACE:
        pile = sorted(twin.pile)
        rng.shuffle(pile)
        twin.pile = pile
    return twin
