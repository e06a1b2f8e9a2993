"""Tulikko's structured observation: each map's grid as planes, the central board, the cards.

Everything here is public in Tulikko's view except the face-down tiles, which it shows as
counts (the personal piles, the box) or not at all (the tile in the middle of the board).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ecogames.games.tulikko import components as c
from ecogames.games.tulikko.rules import PHASES

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
STAGES = tuple(PHASES)
EDGES = tuple((a, b) for a in range(c.CELLS) for b in range(a + 1, c.CELLS)
              if c.edge_key(a, b) == (a, b) and b in (a + 1, a + c.COLS)
              and (b != a + 1 or a % c.COLS != c.COLS - 1))
EDGE = one_hot_index(EDGES)
CARDS = tuple(sorted(c.CARDS))
CARD = one_hot_index(CARDS)
ANIMAL = one_hot_index(c.ANIMALS)
SIDE = one_hot_index(c.SIDES)
AURORA = one_hot_index(c.AURORA_TILES)
COLOURS = len(c.COLOURS)
R, C = c.ROWS, c.COLS

LAYOUT = TensorLayout((
    Piece("stage", (len(STAGES),), "one-hot: " + ", ".join(STAGES)),
    Piece("to_play", (SEATS,), "one-hot: the seat to play, relative to the observer"),
    Piece("map", (SEATS, len(c.ANIMALS)), "each seat's wilderness map (one-hot: "
          + ", ".join(c.ANIMALS) + "; all 0 not chosen yet)"),
    Piece("symbols", (SEATS, len(c.SYMBOLS), R, C), "each seat's map: the symbol printed "
          "on each space (planes: " + ", ".join(c.SYMBOLS) + ")"),
    Piece("tiles", (SEATS, COLOURS, R, C), "each seat's map: the colour of the tile on each "
          "space (planes: " + ", ".join(c.COLOURS) + "; all 0 empty)"),
    Piece("tokens", (SEATS, 2, len(EDGES)), "each seat's tokens on the 31 borders between "
          "adjacent spaces (planes: animal, river; border k = k-th pair (a, b), a < b)"),
    Piece("supply", (SEATS, 2), "tokens left in each seat's supply: animal / 12, river / 6"),
    Piece("pile", (SEATS,), "tiles face down in each seat's pile / 12"),
    Piece("turns", (SEATS,), "turns each seat has played / 12"),
    Piece("board", (len(c.SIDES), COLOURS), "the central board's side slots (north, east, "
          "south, west): the colour of the tile there"),
    Piece("centre", (1,), "1 if the middle of the central board holds a (hidden) tile"),
    Piece("hand", (COLOURS,), "the colour of the tile turned over this turn"),
    Piece("held", (COLOURS + len(c.SIDES),), "the tile pushed out of the central board: "
          "its colour, then the side it came out of"),
    Piece("pending", (R, C), "the space whose neighbours wait for tokens (tokens stage)"),
    Piece("cards", (3, len(CARDS)), "the three landscape cards (one-hot over every card)"),
    Piece("card_tokens", (3, SEATS), "animal tokens each seat placed on each landscape card / 2"),
    Piece("fulfilled", (3, SEATS), "1 where the seat has fulfilled the landscape card"),
    Piece("symbol_owner", (len(c.SYMBOLS), SEATS), "who owns each symbol card"),
    Piece("symbol_tokens", (len(c.SYMBOLS),), "animal tokens on each symbol card / 2"),
    Piece("aurora_holder", (len(c.AURORA_TILES), SEATS), "who holds each aurora tile"),
    Piece("aurora_used", (len(c.AURORA_TILES),), "1 if the aurora tile was used"),
    Piece("discarded", (COLOURS,), "discarded tiles of each colour / 15 (there are 15 of each)"),
    Piece("box", (1,), "neutral tiles left in the box / 12"),
    Piece("final_round", (1,), "1 in the final round"),
))


SYMBOL_PLANES = {animal: np.array([[s == symbol for s in c.MAPS[animal]]
                                    for symbol in c.SYMBOLS], np.float32).ravel()
                 for animal in c.ANIMALS}
"""Each map's symbol planes, made once."""
TILE_PLANE = tuple(i * c.CELLS for i in c.TILE_COLOUR)
"""Offset of each tile's colour plane, by tile id."""


def fill(game: Any, seat: int, out: np.ndarray, at: dict[str, int]) -> None:
    n = game.players
    hot = [at["stage"] + STAGES.index(game.stage)]
    if game.stage != "over":
        hot.append(at["to_play"] + (game.active - seat) % n)
    at_board = at["board"]
    for i, slot in enumerate(c.SIDES):
        tile = game.board[slot]
        if tile is not None:
            hot.append(at_board + i * COLOURS + c.TILE_COLOUR[tile])
    if game.board[c.CENTER] is not None:
        hot.append(at["centre"])
    if game.hand is not None:
        hot.append(at["hand"] + c.TILE_COLOUR[game.hand])
    if game.held is not None:
        hot.append(at["held"] + c.TILE_COLOUR[game.held])
        hot.append(at["held"] + COLOURS + SIDE[game.held_side])
    if game.pending is not None:
        hot.append(at["pending"] + game.pending["cell"])
    if game.final_round:
        hot.append(at["final_round"])
    index = [at["box"]]
    values = [len(game.box) / 12]
    for p in range(n):
        _fill_seat(game, p, (p - seat) % n, out, at, hot, index, values)
    _fill_cards(game, seat, at, hot, index, values)
    i = at["discarded"]
    for j, x in enumerate(counts((c.TILE_COLOUR[t] for t in game.discarded), COLOURS)):
        if x:
            index.append(i + j)
            values.append(x / 15)
    set_ones(out, hot)
    set_values(out, index, values)


def _fill_seat(game: Any, p: int, row: int, out: np.ndarray, at: dict[str, int],
               hot: list[int], index: list[int], values: list[float]) -> None:
    animal = game.maps[p]
    if animal is not None:
        hot.append(at["map"] + row * len(c.ANIMALS) + ANIMAL[animal])
        base = at["symbols"] + row * len(c.SYMBOLS) * c.CELLS
        out[base:base + len(c.SYMBOLS) * c.CELLS] = SYMBOL_PLANES[animal]
    base = at["tiles"] + row * COLOURS * c.CELLS
    grid = tuple(game.grids[p])
    known = _TILES.get((base, grid))
    if known is None:
        known = remember(_TILES, (base, grid), tuple(
            base + TILE_PLANE[tile] + cell for cell, tile in enumerate(grid) if tile >= 0))
    hot.extend(known)
    base = at["tokens"] + row * 2 * len(EDGES)
    tokens = tuple(game.tokens[p].items())
    known = _TOKENS.get((base, tokens))
    if known is None:
        known = remember(_TOKENS, (base, tokens), tuple(
            base + (0 if kind == c.ANIMAL else len(EDGES)) + EDGE[edge]
            for edge, kind in tokens))
    hot.extend(known)
    i = at["supply"] + 2 * row
    index += (i, i + 1, at["pile"] + row, at["turns"] + row)
    values += (game.supply[p][0] / c.ANIMAL_TOKENS, game.supply[p][1] / c.RIVER_TOKENS,
               len(game.piles[p]) / 12, min(game.turns[p], 12) / 12)


_TILES = memo()
_TOKENS = memo()
_CARDS = memo()


def _fill_cards(game: Any, seat: int, at: dict[str, int], hot: list[int],
                index: list[int], values: list[float]) -> None:
    """The cards' pieces, remembered by the value of everything they read."""
    cards = tuple(game.cards)
    key = (seat, game.players, cards,
           tuple(map(tuple, map(game.card_tokens.__getitem__, cards))),
           tuple(map(tuple, game.fulfilled)), tuple(game.symbol_owner.items()),
           tuple(game.symbol_tokens.items()), tuple(game.aurora_holder.items()),
           tuple(game.aurora_used.items()))
    known = _CARDS.get(key)
    if known is None:
        ones: list[int] = []
        where: list[int] = []
        scaled: list[float] = []
        _cards_afresh(game, seat, at, ones, where, scaled)
        known = remember(_CARDS, key, (tuple(ones), tuple(where), tuple(scaled)))
    hot.extend(known[0])
    index.extend(known[1])
    values.extend(known[2])


def _cards_afresh(game: Any, seat: int, at: dict[str, int], hot: list[int],
                  index: list[int], values: list[float]) -> None:
    n = game.players
    for i, card in enumerate(game.cards):
        hot.append(at["cards"] + i * len(CARDS) + CARD[card])
        for p, token in enumerate(game.card_tokens[card]):
            if token:
                index.append(at["card_tokens"] + i * SEATS + (p - seat) % n)
                values.append(token / c.CARD_TOKENS)
        hot.extend(at["fulfilled"] + i * SEATS + (p - seat) % n
                   for p in range(n) if card in game.fulfilled[p])
    for i, symbol in enumerate(c.SYMBOLS):
        owner = game.symbol_owner[symbol]
        if owner is not None:
            hot.append(at["symbol_owner"] + i * SEATS + (owner - seat) % n)
        if game.symbol_tokens[symbol]:
            index.append(at["symbol_tokens"] + i)
            values.append(game.symbol_tokens[symbol] / c.CARD_TOKENS)
    for a, holder in game.aurora_holder.items():
        if holder is not None:
            hot.append(at["aurora_holder"] + AURORA[a] * SEATS + (holder - seat) % n)
        if game.aurora_used[a]:
            hot.append(at["aurora_used"] + AURORA[a])


ENCODER = Encoder(LAYOUT, fill)
