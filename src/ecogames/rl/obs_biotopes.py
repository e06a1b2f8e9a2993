"""Biotopes' structured observation: the hex landscape as planes, the ecosystems, the rivers.

Hidden in Biotopes' view, so not here: other players' hands and bags (only their sizes) and
the order of the decks (their sizes). Hexes are laid in the action layout's box, both axial
coordinates in [-12, 20): plane cell (q + 12, r + 12).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ecogames.games.biotopes import components as c
from ecogames.games.biotopes import rules as r

from .layouts import HEX_HIGH, HEX_LOW
from .spaces import EncodingError
from .tensors import Encoder, Piece, TensorLayout, one_hot_index, set_ones, set_values

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


def fill(game: Any, seat: int, out: np.ndarray, at: dict[str, int]) -> None:
    n = game.players
    hot = [at["stage"] + STAGES.index(game.stage)]
    if game.stage == "play":
        hot.append(at["task"] + TASKS.index(game.phase))
    if game.current_player is not None:
        hot.append(at["to_play"] + (game.current_player - seat) % n)
    hot.append(at["initiative"] + (game.initiative - seat) % n)
    hot.extend(LANDSCAPE.hot(game, at))
    owners = at["owner"]
    hot.extend(owners + ((p - seat) % n) * HEXES + HEX[h] for h, p in game.owner.items())
    for i, token in enumerate(game.env):
        hot.append(at["environment"] + i * len(ENV) + ENV_TOKEN[token])
    index = [at["cycle"]]
    values = [min(game.cycle, game.cycles) / game.cycles]
    _counts(index, values, at["reserve"], game.reserve, CUBES)
    _counts(index, values, at["bag"], game.bags[seat], CUBES)
    for d in range(DECKS):
        for k, card in enumerate(game.rivers[d]):
            hot.append(at["rivers"] + (d * c.RIVER_SIZE + k) * len(CARDS) + CARD[card])
        index += (at["decks"] + d, at["discards"] + d)
        values += (len(game.decks[d]) / ALL_CARDS, len(game.discards[d]) / ALL_CARDS)
    if game.neutral_removed:
        hot.append(at["neutral_removed"])
    hot.extend(at["hand"] + CARD[card] for card in game.hands[seat])
    for p in range(n):
        _fill_seat(game, p, (p - seat) % n, at, hot, index, values)
    set_ones(out, hot)
    set_values(out, index, values)


def _counts(index: list[int], values: list[float], at: int, numbers: Any,
            scale: float) -> None:
    for j, x in enumerate(numbers):
        if x:
            index.append(at + j)
            values.append(x / scale)


def _fill_seat(game: Any, p: int, row: int, at: dict[str, int], hot: list[int],
               index: list[int], values: list[float]) -> None:
    index += (at["tokens"] + row, at["hand_size"] + row, at["bag_size"] + row)
    values += (game.tokens[p] / c.TERRITORY_TOKENS, len(game.hands[p]) / ALL_CARDS,
               sum(game.bags[p]) / c.CUBES_TOTAL)
    if game.passed[p]:
        hot.append(at["passed"] + row)
    for k in range(c.ROWS):
        card = game.bcards[p][k]
        if card:
            hot.append(at["biotope_cards"] + (row * c.ROWS + k) * len(BIOTOPE_CARD)
                       + BIOTOPE_CARD[card])
        _counts(index, values, at["biotope_cubes"] + (row * c.ROWS + k) * COLOURS,
                game.biotope_cubes(p, k), CUBES)
        entries = game.rows[p][k]
        if entries:
            base = at["species"] + (row * c.ROWS + k) * len(CARDS)
            hot.extend(base + CARD[entry[0]] for entry in entries)
            cubes = [sum(entry[1 + j] for entry in entries) for j in range(COLOURS)]
            _counts(index, values, at["species_cubes"] + (row * c.ROWS + k) * COLOURS,
                    cubes, CUBES)
    base = at["spaces"] + row * SPACES * COLOURS
    for s, cubes in enumerate(game.spaces[p]):
        _counts(index, values, base + s * COLOURS, cubes, CUBES)
    hot.extend(at["uses"] + row * SPACES + s for s, used in enumerate(game.uses[p]) if used)
    hot.extend(at["tile_hands"] + row * len(TILES) + TILES[t] for t in game.tile_hands[p])


ENCODER = Encoder(LAYOUT, fill)
