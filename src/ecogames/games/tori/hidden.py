"""What a seat cannot see in Tori, dealt anew for information-set search.

``Tori.view`` shows the board, the display, the discard pile and the supplies to everyone;
of another player's hand only its sizes (build cards, goods cards); and no one's bonus cards
but one's own until the final scoring. So a determinization for ``player``:

- pools the build cards of the pile and of the other players' hands, shuffles them, and
  deals each other player as many as they hold, the rest making the pile;
- pools the other players' goods cards (what the supply and one's own hand do not account
  for of the ten of each good) and deals each other player as many as they hold;
- deals the other players' area and colour bonus cards from those not in one's own hand
  (until the game has ended: then they are face up).

Hidden cards are pooled in a fixed (sorted) order before shuffling, so the result depends
only on what the seat sees and on ``rng``.
"""

from __future__ import annotations

from ecogames.core import Rng

from .components import AREA_CARDS, COLOUR_CARDS, GOODS, ZONES
from .rules import Tori


def determinize(game: Tori, player: int | None, rng: Rng) -> Tori:
    """A full state ``player`` cannot tell from ``game`` (``view(player)`` is the same)."""
    twin = game.clone()
    twin.rng = Rng(rng.next64())
    others = [p for p in range(twin.players) if p != player]

    build = sorted(twin.pile + [z for p in others for z in ZONES
                                for _ in range(twin.build_hands[p][z - 1])])
    rng.shuffle(build)
    for p in others:
        count = sum(twin.build_hands[p])
        dealt, build = build[:count], build[count:]
        twin.build_hands[p] = [dealt.count(z) for z in ZONES]
    twin.pile = sorted(build)  # face down: a set of cards, lowest first (D31)

    goods = [g for g in GOODS for p in others for _ in range(twin.goods_hands[p][g])]
    rng.shuffle(goods)
    for p in others:
        count = sum(twin.goods_hands[p].values())
        hand, goods = goods[:count], goods[count:]
        twin.goods_hands[p] = {g: hand.count(g) for g in GOODS}

    if not twin.ended:
        for attr, cards in (("area_bonus", AREA_CARDS), ("colour_bonus", COLOUR_CARDS)):
            held = list(getattr(twin, attr))
            pool = [c.id for c in cards if player is None or c.id != held[player]]
            rng.shuffle(pool)
            for p in others:
                held[p] = pool.pop()
            setattr(twin, attr, tuple(held))
    return twin
