"""Tori's structured observation: the market grid as planes, the cards the seat may see.

Hidden in Tori's view, so not here: other players' hands (only their sizes), the order of
the face-down pile (its size), and other players' bonus cards until the final scoring.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ecogames.games.tori import components as c

from .tensors import (
    Encoder,
    Piece,
    TensorLayout,
    counts,
    memo,
    one_hot_index,
    remember,
    set_ones,
    set_values,
)

SEATS = 4
PHASES = ("turn", "refresh", "discard", "over")
GOOD = one_hot_index(c.GOODS)
GOODS = len(c.GOODS)
AREA = one_hot_index(sorted(c.AREA_CARD))
COLOUR = one_hot_index(sorted(c.COLOUR_CARD))
ZONES = len(c.ZONES)
R, C = c.ROWS, c.COLS
CELLS = R * C
BUILD_CARDS = ZONES * c.BUILD_CARDS_PER_ZONE
GOODS_CARDS = GOODS * c.GOODS_CARDS_PER_GOOD
GOODS_LIST = ", ".join(c.GOODS)

LAYOUT = TensorLayout((
    Piece("phase", (len(PHASES),), "one-hot: " + ", ".join(PHASES)),
    Piece("to_play", (SEATS,), "one-hot: the seat to play, relative to the observer"),
    Piece("stalls", (SEATS, GOODS, R, C), "the market square: 1 where a seat's stall of a "
          f"good covers the space (stall tile or expansion; goods: {GOODS_LIST})"),
    Piece("entrances", (SEATS, R, C), "1 on the entrance space of each of a seat's stalls"),
    Piece("customers", (GOODS, R, C), "where each customer stands (all 0 off the board)"),
    Piece("colour_change", (GOODS,), "the customer waiting for a colour change, one-hot"),
    Piece("display", (ZONES,), "face-up build cards of each zone (1-9) / 4"),
    Piece("pile", (1,), "face-down build cards / 36"),
    Piece("discard", (ZONES,), "discarded build cards of each zone / 4"),
    Piece("hand_build", (ZONES,), "the observer's build cards of each zone / 4"),
    Piece("hand_goods", (GOODS,), "the observer's goods cards of each good / 10"),
    Piece("build_cards", (SEATS,), "build cards each seat holds / 36"),
    Piece("goods_cards", (SEATS,), "goods cards each seat holds / 60"),
    Piece("stall_supply", (SEATS, GOODS), "1 for each stall tile a seat has not built"),
    Piece("versatility", (SEATS,), "1 if the seat holds the versatility card"),
    Piece("area_bonus", (SEATS, len(AREA)), "each seat's area bonus card, one-hot (the "
          "observer's always, the others' only after the final scoring)"),
    Piece("colour_bonus", (SEATS, len(COLOUR)), "each seat's colour bonus card, likewise"),
    Piece("goods_supply", (GOODS,), "goods cards of each good left in the supply / 10"),
    Piece("expansion_supply", (GOODS,), "expansion tiles of each good beside the board / 6"),
    Piece("gold", (GOODS, SEATS), "who holds the gold majority of each good"),
    Piece("silver", (GOODS, SEATS), "who holds the silver majority of each good"),
))


def fill(game: Any, seat: int, out: np.ndarray, at: dict[str, int]) -> None:
    n = game.players
    hot = [at["phase"] + PHASES.index(game.phase)]
    if not game.ended:
        hot.append(at["to_play"] + (game.active - seat) % n)
    out[_stalls(game, seat, at)] = 1.0
    for good, cell in game.customers.items():
        if cell is None:
            hot.append(at["colour_change"] + GOOD[good])
        else:
            hot.append(at["customers"] + GOOD[good] * CELLS + cell[0] * C + cell[1])
    index: list[int] = []
    values: list[float] = []
    for piece, cards in (("display", game.display), ("discard", game.discard)):
        _scaled(index, values, at[piece], counts(cards, ZONES, 1), c.BUILD_CARDS_PER_ZONE)
    _scaled(index, values, at["pile"], (len(game.pile),), BUILD_CARDS)
    _scaled(index, values, at["hand_build"], game.build_hands[seat], c.BUILD_CARDS_PER_ZONE)
    goods = game.goods_hands[seat]
    _scaled(index, values, at["hand_goods"], [goods[g] for g in c.GOODS],
            c.GOODS_CARDS_PER_GOOD)
    _scaled(index, values, at["goods_supply"], [game.goods_supply[g] for g in c.GOODS],
            c.GOODS_CARDS_PER_GOOD)
    i = at["expansion_supply"]
    for k, g in enumerate(c.GOODS):
        index.append(i + k)
        values.append(game.expansion_supply(g) / c.EXPANSION_TILES[g])
        for kind in ("gold", "silver"):
            holder = getattr(game, kind)[g]
            if holder is not None:
                hot.append(at[kind] + k * SEATS + (holder - seat) % n)
    _fill_seats(game, seat, at, hot, index, values)
    set_ones(out, hot)
    set_values(out, index, values)


def _scaled(index: list[int], values: list[float], at: int, numbers: Any,
            scale: float) -> None:
    """``numbers / scale`` from ``at`` on (the nonzero ones)."""
    for j, x in enumerate(numbers):
        if x:
            index.append(at + j)
            values.append(x / scale)


_STALLS: dict[tuple[Any, int], tuple[int, ...]] = {}
_MARKET = memo()


def _stalls(game: Any, seat: int, at: dict[str, int]) -> np.ndarray:
    """The ones the stalls set, seen from ``seat``: their planes and entrances, and the stall
    tiles each seat has not built. Remembered per seat while the stalls are equal to the last
    ones (compared in C: the same stall objects, nearly always; a stall never changes)."""
    stalls = tuple(game.stalls.items())
    last = _MARKET.get((seat, game.players))
    if last is not None and last[0] == stalls:
        return last[1]
    n = game.players
    hot: list[int] = []
    for _key, st in stalls:
        hot.extend(_stall_hot(st, (st.owner - seat) % n, at))
    for p in range(n):
        row = (p - seat) % n
        hot.extend(at["stall_supply"] + row * GOODS + k
                   for k, g in enumerate(c.GOODS) if (p, g) not in game.stalls)
    index = np.array(hot, np.intp)
    remember(_MARKET, (seat, n), (stalls, index))
    return index


def _stall_hot(stall: Any, row: int, at: dict[str, int]) -> tuple[int, ...]:
    """The ones a stall sets, seen from ``row``: its tiles' plane cells and its entrance.
    A stall never changes (an expansion makes a new one), so they are made once."""
    key = (stall, row)
    hot = _STALLS.get(key)
    if hot is None:
        base = at["stalls"] + (row * GOODS + GOOD[stall.good]) * CELLS
        cells = [base + r * C + col for r, col in stall.tiles]
        r, col = stall.entrance
        if 0 <= r < R and 0 <= col < C:
            cells.append(at["entrances"] + row * CELLS + r * C + col)
        if len(_STALLS) > 100_000:
            _STALLS.clear()
        hot = _STALLS[key] = tuple(cells)
    return hot


def _fill_seats(game: Any, seat: int, at: dict[str, int], hot: list[int], index: list[int],
                values: list[float]) -> None:
    n = game.players
    reveal = bool(game.ended)
    for p in range(n):
        row = (p - seat) % n
        index += (at["build_cards"] + row, at["goods_cards"] + row)
        values += (sum(game.build_hands[p]) / BUILD_CARDS,
                   sum(game.goods_hands[p].values()) / GOODS_CARDS)
        if game.versatility[p]:
            hot.append(at["versatility"] + row)
        if (p == seat or reveal) and p < len(game.area_bonus):
            hot.append(at["area_bonus"] + row * len(AREA) + AREA[game.area_bonus[p]])
            hot.append(at["colour_bonus"] + row * len(COLOUR) + COLOUR[game.colour_bonus[p]])


ENCODER = Encoder(LAYOUT, fill)
