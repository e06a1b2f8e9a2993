"""Tulikko's part of "why" (issue 20, ``core.provenance``): the ids of its tiles and tokens,
the state keys its events read and write, and its own question, "why could this objective
not be met anymore".

Ids (D32 in ``docs/rules/tulikko.md``): a tile is ``"tile:<n>"``, its number among the
game's tiles (``components.TILES``); a token is ``"token:<n>"``, numbered by the place it
lies on, since tokens in a supply are alike and a placed token never moves: the border of a
seat's map it lies on, or its place on a landscape or symbol card. Both come from the saved
state alone, so they survive save/load, undo, fork and replay without a new save format.

Keys:

- ``("tile", n)``: where tile ``n`` is (turned over, slid along, ejected, placed, moved);
- ``("slot", slot)``: the tile in a slot of the central board; ``("pile", seat)``: a seat's
  pile (a tile turned over from it);
- ``("cell", seat, cell)``: the tile on a space of a seat's map;
- ``("border", seat, a, b)``: a border of a seat's map got a token, or never will (withheld,
  none left), or lost its token (purple aurora);
- ``("supply", seat, kind)``: how many animal or river tokens a seat has left (the score);
- ``("aurora", tile)``: who holds an aurora tile and whether it is used;
- ``("met", seat, objective)``: a seat met an objective;
- ``("objective", seat, objective)``: the objective can no longer be met by that seat (the
  question's key); ``("final_round",)``; ``("outcome",)`` and ``("gone", "tile:<n>")``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ecogames.core.provenance import Key, Question

from .components import AURORA_TILES, CARDS, CELLS, MAPS, NEIGHBOURS, SYMBOLS, TURNS

EDGES: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(CELLS) for b in NEIGHBOURS[a] if a < b)
"""Every border of a map between two spaces, in order: a token's place."""
EDGE_INDEX = {edge: i for i, edge in enumerate(EDGES)}
CARD_PLACES = 3 + len(SYMBOLS)
"""The cards a seat can put tokens on: the three landscape cards, then the symbol cards."""
TOKENS_PER_SEAT = len(EDGES) + 2 * CARD_PLACES
"""Places a seat's token can lie on (two per card): its token numbers."""

OBJECTIVES = (*CARDS, *(f"symbol-{sym}" for sym in SYMBOLS), *AURORA_TILES)
"""Every objective a player can aim at: landscape cards, symbol cards, aurora tiles."""
FINAL_ROUND: Key = ("final_round",)


class Table(Protocol):
    """What these helpers read of a Tulikko game."""

    players: int
    cards: list[str]
    fulfilled: list[list[str]]
    symbol_owner: dict[str, int | None]
    aurora_holder: dict[str, int | None]
    maps: list[str | None]
    grids: list[list[int]]
    turns: list[int]
    final_round: bool
    active: int


def border_token(seat: int, a: int, b: int) -> str:
    """The id of the token on the border between spaces ``a`` and ``b`` of a seat's map."""
    edge = (a, b) if a < b else (b, a)
    return f"token:{seat * TOKENS_PER_SEAT + EDGE_INDEX[edge]}"


def card_token(seat: int, place: int, k: int) -> str:
    """The id of a seat's ``k``-th token (0 or 1) on card ``place`` (:data:`CARD_PLACES`)."""
    return f"token:{seat * TOKENS_PER_SEAT + len(EDGES) + 2 * place + k}"


def symbol_place(symbol: str) -> int:
    return 3 + SYMBOLS.index(symbol)


def tile(t: int) -> Key:
    return ("tile", t)


def cell(seat: int, c: int) -> Key:
    return ("cell", seat, c)


def border(seat: int, a: int, b: int) -> Key:
    return ("border", seat, *((a, b) if a < b else (b, a)))


def supply(seat: int, kind: str) -> Key:
    return ("supply", seat, kind)


def objective(seat: int, name: str) -> Key:
    return ("objective", seat, name)


CELL_KEYS: tuple[tuple[Key, ...], ...] = tuple(tuple(cell(seat, c) for c in range(CELLS))
                                              for seat in range(len(MAPS)))
"""Each seat's cell keys, made once (events share them: a key is a value)."""


def tiles_of(game: Table, seat: int, cells: Sequence[int] | None = None) -> list[Key]:
    """The spaces of a seat's map that hold a tile (of ``cells``, or of the whole map)."""
    grid = game.grids[seat]
    keys = CELL_KEYS[seat]
    return [keys[c] for c in (range(CELLS) if cells is None else cells) if grid[c] >= 0]


def open_objectives(game: Table, seat: int) -> list[str]:
    """The objectives ``seat`` has not met and could still meet, as far as the others go:
    a landscape card it has not fulfilled, a symbol card nobody took, an aurora tile nobody
    took that it may still take (not a "4" when it holds the "3" of that colour)."""
    found = [card for card in game.cards if card not in game.fulfilled[seat]]
    found += [f"symbol-{sym}" for sym in SYMBOLS if game.symbol_owner[sym] is None]
    for aurora in AURORA_TILES:
        colour, number = aurora.split("-")
        if game.aurora_holder[aurora] is None and not (
                number == "4" and game.aurora_holder[f"{colour}-3"] == seat):
            found.append(aurora)
    return found


def finished(game: Table, seat: int) -> bool:
    """Whether ``seat`` has played its last turn (its objectives were closed then)."""
    return game.turns[seat] >= TURNS or (game.final_round and seat < game.active)


def taken_from(game: Table, seats: Sequence[int], name: str) -> list[Key]:
    """``name`` closed to each of ``seats`` still playing (a seat whose last turn is over
    had it closed then)."""
    return [objective(p, name) for p in seats if not finished(game, p)]


def closed(game: Table, seats: Sequence[int]) -> list[Key]:
    """The objectives these seats can no longer meet once they play no more turn."""
    return [objective(p, name) for p in seats for name in open_objectives(game, p)]


def objective_key(seat: Any = None, objective: Any = None) -> Key:
    """The question's key, with what was asked checked."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(MAPS):
        raise ValueError(f"seat must be a seat number 0-{len(MAPS) - 1} (Player 1 is seat 0), "
                         f"not {seat!r:.40}")
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be a landscape card ('river-1'), a symbol card "
                         f"('symbol-moon') or an aurora tile ('green-3'), not {objective!r:.40}")
    return ("objective", seat, objective)


QUESTIONS = (
    Question("objective", 'game.why("objective", seat=0, objective="symbol-moon")',
             objective_key,
             "why a player could not meet an objective anymore: a landscape card ('river-1'), "
             "a symbol card ('symbol-moon') or an aurora tile ('green-3'); Player 1 is seat 0"),
)
