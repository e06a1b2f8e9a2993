"""Biotopes' structured observation: the hex landscape as planes, the ecosystems, the rivers.

Hidden in Biotopes' view, so not here: other players' hands and bags (only their sizes) and
the order of the decks (their sizes). Hexes are laid in the action layout's box, both axial
coordinates in [-12, 20): plane cell (q + 12, r + 12).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, compress, repeat
from operator import truediv
from typing import Any

import numpy as np

from ecogames.games.biotopes import components as c
from ecogames.games.biotopes import rules as r

from .layouts import HEX_HIGH, HEX_LOW
from .spaces import EncodingError
from .tensors import (
    Encoder,
    Piece,
    TensorLayout,
    one_hot_index,
    set_ones,
    set_values,
)

SEATS = c.MAX_PLAYERS
SIDE = HEX_HIGH - HEX_LOW
HEXES = SIDE * SIDE
STAGES = ("draft", "redraw", "tiles", "orient", "placement", "play", "over")
TASKS = ("action", *sorted(r.TASK_KINDS))
BIOTOPES = len(c.BIOTOPES)
COLOURS = len(c.COLOURS)
CARDS = tuple(sorted({*c.SPECIES, *c.BIOTOPE_CARDS}))
CARD = one_hot_index(CARDS)
BIOTOPE_CARD = one_hot_index(sorted(c.BIOTOPE_CARDS))
DECKS = len(r.DECK_NAMES)
ENV = tuple(c.ENV_TOKEN_BY_ID)
ENV_TOKEN = one_hot_index(ENV)
SPACES = len(r.SPACES)
ENV_SPACES = 4
TILES = one_hot_index(sorted(c.TILES))
CUBES = float(c.CUBES_PER_COLOUR)
ALL_CARDS = float(len(CARDS))

LAYOUT = TensorLayout((
    Piece("stage", (len(STAGES),), "one-hot: " + ", ".join(STAGES)),
    Piece("task", (len(TASKS),), "in play: the decision waiting (one-hot: "
          + ", ".join(TASKS) + ")"),
    Piece("to_play", (SEATS,), "one-hot: the seat to play, relative to the observer"),
    Piece("initiative", (SEATS,), "one-hot: the seat with the initiative"),
    Piece("cycle", (1,), "the cycle / the cycles the game lasts"),
    Piece("landscape", (BIOTOPES, SIDE, SIDE), "the biotope of each hex (planes: "
          + ", ".join(b.value for b in c.BIOTOPES) + ")"),
    Piece("owner", (SEATS, SIDE, SIDE), "1 where the seat holds the hex as territory"),
    Piece("edge", (SIDE, SIDE), "1 on the landscape's edge hexes"),
    Piece("environment", (ENV_SPACES, len(ENV)), "the token on each environment space, "
          "one-hot: " + ", ".join(ENV)),
    Piece("reserve", (COLOURS,), "cubes of each colour in the reserve / 40"),
    Piece("rivers", (DECKS, c.RIVER_SIZE, len(CARDS)), "the face-up cards of each deck's "
          "river (herbivores, insectivores, carnivores), one-hot over every card"),
    Piece("decks", (DECKS,), "cards left in each deck / 108 (every card)"),
    Piece("discards", (DECKS,), "cards in each discard pile / 108"),
    Piece("neutral_removed", (1,), "1 once the neutral territories are removed"),
    Piece("hand", (len(CARDS),), "the observer's hand (multi-hot over every card)"),
    Piece("bag", (COLOURS,), "cubes of each colour in the observer's bag / 40"),
    Piece("tokens", (SEATS,), "territory tokens each seat has left / 12"),
    Piece("passed", (SEATS,), "1 if the seat has passed"),
    Piece("hand_size", (SEATS,), "cards in each seat's hand / 108"),
    Piece("bag_size", (SEATS,), "cubes in each seat's bag / 160"),
    Piece("biotope_cards", (SEATS, c.ROWS, len(BIOTOPE_CARD)), "the Biotope card of each "
          "seat's ecosystem row (advanced side), one-hot"),
    Piece("biotope_cubes", (SEATS, c.ROWS, COLOURS), "cubes on the Biotope card of each "
          "row, by colour / 40"),
    Piece("species", (SEATS, c.ROWS, len(CARDS)), "the Species cards in each row of each "
          "seat's ecosystem (multi-hot)"),
    Piece("species_cubes", (SEATS, c.ROWS, COLOURS), "cubes on the Species cards of each "
          "row, by colour / 40"),
    Piece("spaces", (SEATS, SPACES, COLOURS), "cubes on each action space of each seat's "
          "board, by colour / 40 (" + ", ".join(r.SPACES) + ")"),
    Piece("uses", (SEATS, SPACES), "1 where the seat has used the action space"),
    Piece("tile_hands", (SEATS, len(TILES)), "landscape tiles each seat holds"),
))


HEX = {(q, rr): (q - HEX_LOW) * SIDE + (rr - HEX_LOW)
       for q in range(HEX_LOW, HEX_HIGH) for rr in range(HEX_LOW, HEX_HIGH)}
"""Plane cell of each hex of the box."""


class _Landscape:
    """The landscape's planes, remembered while the game holds the same landscape: the
    engine replaces its landscape (a new dict) whenever a tile is placed or turned and never
    changes one in place, and holding it keeps its identity from being reused."""

    def __init__(self) -> None:
        self.last: tuple[Any, Any, int, list[int]] | None = None

    def hot(self, game: Any, at: dict[str, int]) -> list[int]:
        last = self.last
        if (last is not None and last[0] is game.landscape and last[1] is game.edges
                and last[2] == at["landscape"]):
            return last[3]
        land, edge = at["landscape"], at["edge"]
        outside = [h for h in game.landscape if h not in HEX]
        if outside:
            raise EncodingError(f"hex {outside[0]} lies outside the observation's box "
                                f"[{HEX_LOW}, {HEX_HIGH})")
        hot = [land + b * HEXES + HEX[h] for h, b in game.landscape.items()]
        hot.extend(edge + HEX[h] for h in game.edges)
        self.last = (game.landscape, game.edges, land, hot)
        return hot


LANDSCAPE = _Landscape()


AT = LAYOUT.offset
SEAT_CUBES = (("biotope_cubes", c.ROWS * COLOURS), ("species_cubes", c.ROWS * COLOURS),
              ("spaces", SPACES * COLOURS))
"""The per-seat pieces of cube counts, each a run of numbers in one seat's row."""

# Tensor numbers made once: a one-hot value's number is a table look-up (a map over a
# dict in C where there are several), never an offset computed per step
STAGE_AT = {stage: AT["stage"] + i for i, stage in enumerate(STAGES)}
TASK_AT = {task: AT["task"] + i for i, task in enumerate(TASKS)}
ENV_AT = tuple({token: AT["environment"] + i * len(ENV) + j for token, j in ENV_TOKEN.items()}
               for i in range(ENV_SPACES))
"""Environment space ``i``: each token's number."""
RIVER_AT = tuple(tuple({card: AT["rivers"] + (d * c.RIVER_SIZE + k) * len(CARDS) + i
                        for card, i in CARD.items()} for k in range(c.RIVER_SIZE))
                 for d in range(DECKS))
"""Deck ``d``'s river, position ``k``: each card's number."""
PILES_AT = tuple(chain.from_iterable((AT["decks"] + d, AT["discards"] + d)
                                     for d in range(DECKS)))
HAND_AT = {card: AT["hand"] + i for card, i in CARD.items()}
SEAT_AT = tuple((AT["tokens"] + row, AT["hand_size"] + row, AT["bag_size"] + row)
                for row in range(SEATS))
"""Row ``row``'s numbers of territory tokens, hand size, bag size."""
BIOTOPE_CARD_AT = tuple(tuple({card: AT["biotope_cards"] + (row * c.ROWS + k)
                               * len(BIOTOPE_CARD) + i for card, i in BIOTOPE_CARD.items()}
                              for k in range(c.ROWS)) for row in range(SEATS))
"""Row ``row``, ecosystem row ``k``: each Biotope card's number."""
SPECIES_AT = tuple(tuple({card: AT["species"] + (row * c.ROWS + k) * len(CARDS) + i
                          for card, i in CARD.items()} for k in range(c.ROWS))
                   for row in range(SEATS))
OWNER_AT = tuple({h: AT["owner"] + row * HEXES + cell for h, cell in HEX.items()}
                 for row in range(SEATS))
"""Row ``row``'s territory plane: each hex's number."""
_OWNER_PLANES: dict[tuple[int, int], tuple[dict[Any, int], ...]] = {}
USES_AT = tuple(AT["uses"] + row * SPACES for row in range(SEATS))
TILE_AT = tuple({tile: AT["tile_hands"] + row * len(TILES) + i for tile, i in TILES.items()}
                for row in range(SEATS))
SEAT_CUBE_INDEX = tuple(tuple(chain.from_iterable(
    range(AT[piece] + row * size, AT[piece] + (row + 1) * size) for piece, size in SEAT_CUBES))
    for row in range(SEATS))
"""Row ``row``'s cube counts' numbers, in the order :func:`_fill_seat` gathers them."""
_CUBE_INDEX: dict[tuple[int, int], tuple[int, ...]] = {}


def _cube_index(n: int, seat: int) -> tuple[int, ...]:
    """Every cube count's number, in the order :func:`fill` gathers them for ``seat``."""
    known = _CUBE_INDEX.get((n, seat))
    if known is None:
        reserve, bag = AT["reserve"], AT["bag"]
        known = _CUBE_INDEX[n, seat] = (
            *range(reserve, reserve + COLOURS), *range(bag, bag + COLOURS),
            *chain.from_iterable(SEAT_CUBE_INDEX[(p - seat) % n] for p in range(n)))
    return known


def fill(game: Any, seat: int, out: np.ndarray, at: dict[str, int]) -> None:
    # AT (this layout's offsets) is ``at``; cube counts are gathered raw, in runs, and the
    # nonzero ones picked and divided by CUBES in C (compress, filter, map)
    n = game.players
    stage = game.stage
    hot = [STAGE_AT[stage]]
    if stage == "play":
        hot.append(TASK_AT[game.phase])
    player = game.current_player
    if player is not None:
        hot.append(AT["to_play"] + (player - seat) % n)
    hot.append(AT["initiative"] + (game.initiative - seat) % n)
    hot += LANDSCAPE.hot(game, at)
    hot += _owners(game.owner, seat, n)
    hot += map(dict.__getitem__, ENV_AT, game.env)
    cubes = [*game.reserve, *game.bags[seat]]
    index = [AT["cycle"], *PILES_AT]
    decks, discards = game.decks, game.discards
    values = [min(game.cycle, game.cycles) / game.cycles,
              len(decks[0]) / ALL_CARDS, len(discards[0]) / ALL_CARDS,
              len(decks[1]) / ALL_CARDS, len(discards[1]) / ALL_CARDS,
              len(decks[2]) / ALL_CARDS, len(discards[2]) / ALL_CARDS]
    for d, river in enumerate(game.rivers):
        hot += map(dict.__getitem__, RIVER_AT[d], river)
    if game.neutral_removed:
        hot.append(AT["neutral_removed"])
    hot += map(HAND_AT.__getitem__, game.hands[seat])
    for p in range(n):
        _fill_seat(game, p, (p - seat) % n, hot, index, values, cubes)
    index += compress(_cube_index(n, seat), cubes)  # the nonzero counts, picked in C
    values += map(truediv, filter(None, cubes), repeat(CUBES))
    set_ones(out, hot)
    set_values(out, index, values)


def _owners(owner: dict[Any, int], seat: int, n: int) -> Iterator[int]:
    """The territory planes' ones: each hex's number in its owner's plane, looked up in C
    (a map over the owners' tables)."""
    planes = _OWNER_PLANES.get((n, seat))
    if planes is None:
        planes = _OWNER_PLANES[n, seat] = tuple(OWNER_AT[(p - seat) % n] for p in range(n))
    return map(dict.__getitem__, map(planes.__getitem__, owner.values()), owner)


def _fill_seat(game: Any, p: int, row: int, hot: list[int], index: list[int],
               values: list[float], cubes: list[int]) -> None:
    index += SEAT_AT[row]
    values += (game.tokens[p] / c.TERRITORY_TOKENS, len(game.hands[p]) / ALL_CARDS,
               sum(game.bags[p]) / c.CUBES_TOTAL)
    if game.passed[p]:
        hot.append(AT["passed"] + row)
    hot += [at[card] for at, card in zip(BIOTOPE_CARD_AT[row], game.bcards[p]) if card]
    foreign, biotope = game.foreign[p], game.biotope[p]
    for k in range(c.ROWS):  # biotope_cubes(p, k), read in one pass
        cubes += foreign[k]
        cubes[k - c.ROWS] = biotope[k]
    species = SPECIES_AT[row]
    for k, entries in enumerate(game.rows[p]):
        if not entries:
            cubes += NO_CUBES
        elif len(entries) == 1:
            entry = entries[0]
            hot.append(species[k][entry[0]])
            cubes += entry[1:]
        else:
            at = species[k]
            hot += [at[entry[0]] for entry in entries]
            cubes += map(sum, [*zip(*entries)][1:])
    cubes += chain.from_iterable(game.spaces[p])
    uses = game.uses[p]
    if any(uses):
        first = USES_AT[row]
        hot += [first + s for s, used in enumerate(uses) if used]
    hot += map(TILE_AT[row].__getitem__, game.tile_hands[p])


NO_CUBES = (0,) * COLOURS


ENCODER = Encoder(LAYOUT, fill)
