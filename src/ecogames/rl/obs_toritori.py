"""Tori-Tori's structured observation: the island's sectors x piles x heights x species.

Tori-Tori hides nothing but the order of the Activation pile (its view shows its size), so
every seat sees the same board; ``to_play`` and the pawns are relative to the observer. The
token planes use the same (sector, pile, height) numbering as the action layout's tokens.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ecogames.games.toritori import components as c
from ecogames.games.toritori import rules as r

from .layouts import PILE_HEIGHT, PILES_PER_SECTOR, SECTORS
from .spaces import EncodingError
from .tensors import (
    Encoder,
    Piece,
    TensorLayout,
    memo,
    one_hot_index,
    remember,
    set_ones,
    set_values,
)

SEATS = 4
STAGES = ("roll", "cards", "choose_first", "choose_food", "actions", "over")
SPECIES = r.SPECIES_IDS
KIND = one_hot_index(SPECIES)
PLACES = (*(str(n) for n in range(1, SECTORS + 1)), "village", "industry")
PLACE = one_hot_index(PLACES)
SPACES = tuple(c.MAP_SPACES)
SPACE = one_hot_index(SPACES)
CARDS = tuple(c.CARDS_BY_ID)
CARD = one_hot_index(CARDS)
FACE = one_hot_index(c.CARD_SLOTS)
SLOTS = SECTORS * PILES_PER_SECTOR * PILE_HEIGHT
STOCK = {kind: r.STOCK["vegetation" if kind in (r.NT, r.IB) else kind] for kind in SPECIES}
LAST_ROUND = max(c.DEFEAT_ROUND_SPACE.values())

LAYOUT = TensorLayout((
    Piece("stage", (len(STAGES),), "one-hot: " + ", ".join(STAGES)),
    Piece("to_play", (SEATS,), "one-hot: the seat to play, relative to the observer"),
    Piece("tokens", (SECTORS, PILES_PER_SECTOR, PILE_HEIGHT, len(SPECIES)), "the token at "
          "each sector (1-12), pile (in the sector's order) and height (0 = bottom), "
          "one-hot species: " + ", ".join(SPECIES)),
    Piece("protected", (SECTORS, PILES_PER_SECTOR, PILE_HEIGHT), "1 where a researcher "
          "protects the token"),
    Piece("adjacent", (SECTORS, SECTORS), "1 where two sectors are orthogonally adjacent "
          "(this island's numbering)"),
    Piece("sustainable", (2,), "the Village, the Industry: 1 if sustainable"),
    Piece("pawns", (SEATS, len(PLACES)), "where each seat's researcher stands: sectors 1-12, "
          "Village, Industry"),
    Piece("markers", (SEATS, len(SPACES)), "each seat's marker on the ability map, one-hot "
          "over its spaces: " + ", ".join(SPACES)),
    Piece("slots", (len(c.CARD_SLOTS), len(CARDS)), "the Activation card on each die face "
          "A-F, one-hot over the 18 cards"),
    Piece("pile", (1,), "Activation cards in the pile / 18"),
    Piece("discard", (1,), "Activation cards discarded / 18"),
    Piece("discard_top", (len(CARDS),), "the top discarded card"),
    Piece("resolving", (len(CARDS),), "the card being solved"),
    Piece("dice", (2, len(c.CARD_SLOTS)), "the red and the sky-blue die (faces A-F)"),
    Piece("round", (1,), f"the round track / {LAST_ROUND}"),
    Piece("action_points", (1,), f"action points left / {r.POINTS}"),
    Piece("counts", (len(SPECIES),), "tokens of each species on the island / its supply"),
))


def fill(game: Any, seat: int, out: np.ndarray, at: dict[str, int]) -> None:
    n = game.players
    hot = [at["stage"] + STAGES.index(game.phase)]
    if game.phase != "over":
        hot.append(at["to_play"] + (game.active - seat) % n)
    _fill_island(game, out, at, hot)
    for p in range(n):
        row = (p - seat) % n
        hot.append(at["pawns"] + row * len(PLACES) + PLACE[game.pawns[p]])
        hot.append(at["markers"] + row * len(SPACES) + SPACE[game.markers[p]])
    for i, card in enumerate(game.slots):
        if card is not None:
            hot.append(at["slots"] + i * len(CARDS) + CARD[card])
    if game.discard:
        hot.append(at["discard_top"] + CARD[game.discard[-1]])
    if game.resolving is not None:
        hot.append(at["resolving"] + CARD[game.resolving])
    if game.dice:
        hot.append(at["dice"] + FACE[game.dice[0]])
        hot.append(at["dice"] + len(c.CARD_SLOTS) + FACE[game.dice[1]])
    if game.village_ok:
        hot.append(at["sustainable"])
    if game.industry_ok:
        hot.append(at["sustainable"] + 1)
    i = at["counts"]
    index = [at["pile"], at["discard"], at["round"], at["action_points"],
             *range(i, i + len(SPECIES))]
    values = [len(game.pile) / len(CARDS), len(game.discard) / len(CARDS),
              min(game.round, LAST_ROUND) / LAST_ROUND, game.points / r.POINTS,
              *(game.counts[k] / STOCK[k] for k in SPECIES)]
    set_ones(out, hot)
    set_values(out, index, values)


def _fill_island(game: Any, out: np.ndarray, at: dict[str, int], hot: list[int]) -> None:
    kind = game.kind
    bases, tokens, slot_of = _island(game.board)
    first = at["tokens"]
    hot.extend([first + b + KIND[kind[t]] for b, t in zip(bases, tokens)])
    protected = at["protected"]
    for t in game.protecting:
        slot = slot_of.get(t)
        if slot is not None:
            hot.append(protected + slot)
    i = at["adjacent"]
    out[i:i + SECTORS * SECTORS] = _adjacency(game.island)


_ISLAND = memo()


def _island(board: Any) -> tuple[tuple[int, ...], tuple[int, ...], dict[int, int]]:
    """Where each token lies: (slot x species, token) in island order and token -> slot.
    Remembered by the board's value (piles are tuples: a board's tuple is a snapshot); a
    token's species is read afresh, since a tree may become a bush where it stands."""
    key = tuple(board)
    known = _ISLAND.get(key)
    if known is None:
        bases: list[int] = []
        tokens: list[int] = []
        slot_of: dict[int, int] = {}
        for sector in range(1, SECTORS + 1):
            piles = board[sector]
            if len(piles) > PILES_PER_SECTOR or any(len(pile) > PILE_HEIGHT for pile in piles):
                raise EncodingError(f"sector {sector} holds more than {PILES_PER_SECTOR} piles "
                                    f"of {PILE_HEIGHT}: beyond the observation's planes")
            for i, pile in enumerate(piles):
                for h, token in enumerate(pile):
                    slot = ((sector - 1) * PILES_PER_SECTOR + i) * PILE_HEIGHT + h
                    bases.append(slot * len(SPECIES))
                    tokens.append(token)
                    slot_of[token] = slot
        known = remember(_ISLAND, key, (tuple(bases), tuple(tokens), slot_of))
    return known  # type: ignore[no-any-return]


_ADJACENCY: dict[Any, np.ndarray] = {}


def _adjacency(island: Any) -> np.ndarray:
    """The island's sector adjacency, made once per numbering."""
    planes = _ADJACENCY.get(island.numbering)
    if planes is None:
        planes = np.zeros((SECTORS, SECTORS), np.float32)
        for a in range(1, SECTORS + 1):
            for b in island.adjacent[a]:
                if 1 <= b <= SECTORS:
                    planes[a - 1, b - 1] = 1.0
        planes = _ADJACENCY[island.numbering] = planes.ravel()
    return planes


ENCODER = Encoder(LAYOUT, fill)
