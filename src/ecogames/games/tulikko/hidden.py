"""What a seat cannot see in Tulikko, dealt anew for information-set search.

``Tulikko.view`` shows every map, the revealed and held tiles, the four outer tiles of the
central board and the discarded tiles. Face down are each player's personal pile (its tiles
are known, their order is not), the tile in the middle of the central board and the neutral
tiles back in the box. So a determinization shuffles every pile. The middle tile is
unknown only until the first slide of the game: a slide pushes the outer tile everyone has
just seen into the middle (1B), so from then on the table knows it (the view still draws it
face down). Until then, the middle tile is dealt afresh from itself and the box together
(the box stays sorted, as the engine keeps it); a game set up from a state, whose history
is unknown, is treated the same way.

Hidden tiles are pooled in a fixed (sorted) order before shuffling, so the result depends
only on what the seat sees and on ``rng``.
"""

from __future__ import annotations

from ecogames.core import Rng

from .actions import Slide, SlideBack
from .components import CENTER
from .rules import Tulikko


def determinize(game: Tulikko, player: int | None, rng: Rng) -> Tulikko:
    """A full state ``player`` cannot tell from ``game`` (``view(player)`` is the same)."""
    twin = game.clone()
    twin.rng = Rng(rng.next64())
    for seat, pile in enumerate(twin.piles):
        tiles = sorted(pile)
        rng.shuffle(tiles)
        twin.piles[seat] = tiles
    middle = twin.board[CENTER]
    if middle is not None and not any(isinstance(a, (Slide, SlideBack))
                                      for a in game.history):
        pool = sorted([middle, *twin.box])
        twin.board = dict(twin.board)
        twin.board[CENTER] = pool.pop(rng.below(len(pool)))
        twin.box = pool
    return twin
