"""Tulikko components: data only (symbols, colours, maps, tiles, cards, aurora tiles). No rules.

Everything the rulebook does not print (symbol and colour names, the map grids, the card
patterns, the beginner icon, which aurora effect goes with which colour) is a decision
recorded with its reason in ``docs/rules/tulikko.md`` (cited here as ``D<n>``).

Coordinates: a wilderness map is ``ROWS`` x ``COLS`` spaces (D2); a space is numbered
``cell = row * COLS + col``, row 0 at the top. The grid's corners (where the borders between
spaces meet) are ``(y, x)`` with ``0 <= y <= ROWS`` and ``0 <= x <= COLS``; a river token lies
on the border between two spaces, the segment between two corners (D8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.palette import OKABE_ITO, Palette, Swatch

# -- symbols, colours, animals (D1) -------------------------------------------------------

SYMBOLS = ("sun", "star", "moon", "cloud")
"""The four symbols of the wilderness maps and of the central board's sides (D1)."""

COLOURS = ("green", "orange", "blue", "purple")
"""The four forest colours (D1); the rulebook's examples name green and orange."""

ANIMALS = ("fox", "owl", "lynx", "reindeer")
"""One per wilderness map: its tokens and its tiles' backs show this animal (D1)."""

NEUTRAL = "neutral"
"""The back of the 12 neutral forest tiles."""

# -- the wilderness maps (D2, D3) -----------------------------------------------------------

ROWS, COLS = 5, 4
CELLS = ROWS * COLS

_SYMBOL_LETTERS = {"S": "sun", "T": "star", "M": "moon", "C": "cloud"}

_MAP_ART = {
    # S sun, T star, M moon, C cloud; five rows of four spaces, top row first.
    "fox": ("STMC",
            "CMSS",
            "TCTM",
            "MSCT",
            "CTMS"),
    "owl": ("MCSS",
            "TSMT",
            "CTCM",
            "SMTC",
            "TCMS"),
    "lynx": ("TSCM",
             "MCTS",
             "SMCT",
             "CTSM",
             "MSTC"),
    "reindeer": ("CMTS",
                 "STCM",
                 "MSMC",
                 "TCSS",
                 "CMTT"),
}

MAPS: dict[str, tuple[str, ...]] = {
    animal: tuple(_SYMBOL_LETTERS[ch] for row in art for ch in row)
    for animal, art in _MAP_ART.items()
}
"""Each map's symbol per cell (``MAPS[animal][cell]``)."""


def cell_of(row: int, col: int) -> int:
    return row * COLS + col


def row_col(cell: int) -> tuple[int, int]:
    return divmod(cell, COLS)


def _neighbours(cell: int) -> tuple[int, ...]:
    r, c = row_col(cell)
    out = []
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        if 0 <= r + dr < ROWS and 0 <= c + dc < COLS:
            out.append(cell_of(r + dr, c + dc))
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(c) for c in range(CELLS))
"""Orthogonal neighbours of every cell (north, east, south, west order, where they exist)."""

CORNER_CELLS = (cell_of(0, 0), cell_of(0, COLS - 1), cell_of(ROWS - 1, 0),
                cell_of(ROWS - 1, COLS - 1))


def border(a: int, b: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The segment (two grid corners, sorted) between adjacent cells ``a`` and ``b`` (D8)."""
    (ra, ca), (rb, cb) = sorted((row_col(a), row_col(b)))
    if ra == rb:  # side by side: the vertical border at x = cb
        return ((ra, cb), (ra + 1, cb))
    return ((rb, ca), (rb, ca + 1))  # one above the other: the horizontal border at y = rb


def edge_key(a: int, b: int) -> tuple[int, int]:
    """A token's place: the unordered pair of adjacent cells, smaller first."""
    return (a, b) if a < b else (b, a)


# -- forest tiles ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Tile:
    """One forest tile: its number, colour, and back (``"neutral"`` or a map's animal)."""

    id: int
    colour: str
    back: str

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "colour": self.colour, "back": self.back}


TILES_PER_COLOUR = 3
TILES_PER_SET = TILES_PER_COLOUR * len(COLOURS)  # 12 neutral tiles; 12 per map

TILES: tuple[Tile, ...] = tuple(
    Tile(i, COLOURS[(i % TILES_PER_SET) // TILES_PER_COLOUR],
         NEUTRAL if i < TILES_PER_SET else ANIMALS[i // TILES_PER_SET - 1])
    for i in range(TILES_PER_SET * (1 + len(ANIMALS)))
)
"""Tiles 0-11 neutral, then 12 per map in ``ANIMALS`` order (3 of each colour)."""

NEUTRAL_TILES = tuple(range(TILES_PER_SET))
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
TILE_COLOUR: tuple[int, ...] = tuple(COLOUR_INDEX[t.colour] for t in TILES)
"""Colour index of every tile id (fast lookups for the rules)."""


def map_tiles(animal: str) -> tuple[int, ...]:
    """The 12 tiles with ``animal`` on the back."""
    start = TILES_PER_SET * (1 + ANIMALS.index(animal))
    return tuple(range(start, start + TILES_PER_SET))


# -- tokens ---------------------------------------------------------------------------------

ANIMAL_TOKENS = 12
RIVER_TOKENS = 6
ANIMAL, RIVER = "animal", "river"
TOKEN_KINDS = (ANIMAL, RIVER)

# -- the central board (D4) -----------------------------------------------------------------

SIDES = ("north", "east", "south", "west")
CENTER = "center"
SLOTS = (*SIDES, CENTER)
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
SIDE_SYMBOL = {"north": "sun", "east": "star", "south": "moon", "west": "cloud"}
"""The symbol printed on each side of the central board (D4)."""

LINE_FROM: dict[str, tuple[str, str, str]] = {
    side: (side, CENTER, OPPOSITE[side]) for side in SIDES
}
"""The three slots a tile slid in from ``side`` pushes along, entry first."""

# -- aurora tiles (D14) ---------------------------------------------------------------------

CLAIM_CARD, PLACE_ANYWHERE, SLIDE_BACK, MOVE_TILE = (
    "claim_card", "place_anywhere", "slide_back", "move_tile")

AURORA_EFFECT = {"green": CLAIM_CARD, "orange": PLACE_ANYWHERE, "blue": SLIDE_BACK,
                 "purple": MOVE_TILE}
"""Both aurora tiles of a colour carry the same effect (D14)."""

EFFECT_COLOUR = {effect: colour for colour, effect in AURORA_EFFECT.items()}

EFFECT_TEXT = {
    CLAIM_CARD: "Place two animal tokens on a landscape card that does not already have your "
                "animal tokens and fulfill this objective, even if you do not meet the "
                "requirements.",
    PLACE_ANYWHERE: "Place your forest tile from the central board on any empty space on your "
                    "wilderness map, ignoring the symbol requirement.",
    SLIDE_BACK: "After taking the forest tile that you ejected from the central board, you "
                "may slide it back into the central board from any side to push out a "
                "different tile.",
    MOVE_TILE: "Choose a forest tile on your wilderness map. Return all tokens along its edges "
               "to your token supply. Then move the tile to an empty space. Place tokens "
               "based on its new position.",
}

AURORA_NUMBERS = (3, 4)
AURORA_TILES = tuple(f"{colour}-{n}" for colour in COLOURS for n in AURORA_NUMBERS)
"""Aurora tile ids, e.g. ``"orange-3"``."""

# -- landscape cards (D9-D13) ---------------------------------------------------------------

SHAPE, RIVER_CARD, COLOR = "shape", "river", "color"
CARD_TYPES = (SHAPE, RIVER_CARD, COLOR)

Point = tuple[int, int]


@dataclass(frozen=True)
class LandscapeCard:
    """A landscape card: its id, type, a name, the rulebook's text, whether it carries the
    icon (left out for first games, D13), and its objective.

    ``test`` says how the objective is read:

    - ``"tiles"``: forest tiles on ``cells`` ((row, col) offsets), matched with the four
      rotations (never flips) wherever they fit the map; ``colours`` (one per cell, or
      ``None``: any colour), ``differ`` (pairs of indices into ``cells`` that must be
      different colours) and ``all_different`` (every tile a different colour) constrain
      the colours; ``fixed`` cards name the map's own cells instead (no rotation).
    - ``"river_shape"``: river tokens on ``segments`` (pairs of grid corners), rotations.
    - ``"river_edges"``: a continuous stretch (a trail: tokens traced one after the other,
      each once) of at least ``min_tokens`` river tokens from one to the other of two
      ``edges`` of the map (``"adjacent"`` or ``"opposite"``).
    - ``"river_stretch"``: a continuous stretch of at least ``min_tokens`` river tokens.
    """

    id: str
    type: str
    name: str
    text: str
    icon: bool
    test: str
    cells: tuple[Point, ...] = ()
    colours: tuple[str | None, ...] = ()
    differ: tuple[tuple[int, int], ...] = ()
    all_different: bool = False
    fixed: bool = False
    segments: tuple[tuple[Point, Point], ...] = ()
    edges: str = ""
    min_tokens: int = 0

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"id": self.id, "type": self.type, "name": self.name,
                                   "text": self.text, "icon": self.icon, "test": self.test}
        if self.cells:
            data["cells"] = [list(p) for p in self.cells]
        if any(c is not None for c in self.colours):
            data["colours"] = list(self.colours)
        if self.differ:
            data["differ"] = [list(p) for p in self.differ]
        if self.all_different:
            data["all_different"] = True
        if self.fixed:
            data["fixed"] = True
        if self.segments:
            data["segments"] = [[list(a), list(b)] for a, b in self.segments]
        if self.edges:
            data["edges"] = self.edges
        if self.min_tokens:
            data["min_tokens"] = self.min_tokens
        return data


def _art(*rows: str) -> tuple[Point, ...]:
    """Cells marked by any letter (not ``.``) in a little drawing, top row first."""
    return tuple((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != ".")


_LETTER_COLOUR = {"G": "green", "O": "orange", "B": "blue", "P": "purple"}


def _colour_square(top: str, bottom: str) -> dict[str, Any]:
    rows = (top, bottom)
    return {"cells": _art(*rows),
            "colours": tuple(_LETTER_COLOUR[ch] for row in rows for ch in row)}


_MAKE_SHAPE = ("Make this shape by placing forest tiles on your wilderness map. Their color "
               "does not matter. A rotation of this shape is also valid.")
_RIVER_SHAPE = "Make this shape using river tokens. A rotation is also valid."
_COLOR_TEXT = "Make a square of forest tiles with the correct color pattern."


def _h(y: int, x: int) -> tuple[Point, Point]:
    """A horizontal border segment from corner (y, x) to (y, x + 1)."""
    return ((y, x), (y, x + 1))


def _v(y: int, x: int) -> tuple[Point, Point]:
    """A vertical border segment from corner (y, x) to (y + 1, x)."""
    return ((y, x), (y + 1, x))


LANDSCAPE_CARDS: tuple[LandscapeCard, ...] = (
    # -- 9 shape cards (D10)
    LandscapeCard("shape-1", SHAPE, "Hook", _MAKE_SHAPE, False, "tiles",
                  cells=_art("X.", "X.", "XX")),
    LandscapeCard("shape-2", SHAPE, "Ridge", _MAKE_SHAPE, False, "tiles",
                  cells=_art("XXX", ".X.")),
    LandscapeCard("shape-3", SHAPE, "Stream bend", _MAKE_SHAPE, False, "tiles",
                  cells=_art(".XX", "XX.")),
    LandscapeCard("shape-4", SHAPE, "Clearing", _MAKE_SHAPE, False, "tiles",
                  cells=_art("XX", "XX", "XX")),
    LandscapeCard("shape-5", SHAPE, "Tall pines", _MAKE_SHAPE, False, "tiles",
                  cells=_art("X", "X", "X", "X", "X")),
    LandscapeCard("shape-6", SHAPE, "Four corners",
                  "Place a forest tile on each of the four corners of your wilderness map.",
                  False, "tiles", fixed=True,
                  cells=((0, 0), (0, COLS - 1), (ROWS - 1, 0), (ROWS - 1, COLS - 1))),
    LandscapeCard("shape-7", SHAPE, "Four forests",
                  "Make a square containing forest tiles of all four different colors.",
                  True, "tiles", cells=_art("XX", "XX"), all_different=True),
    LandscapeCard("shape-8", SHAPE, "Crossroads",
                  "Make this shape with forest tiles on your wilderness map. Tiles separated "
                  "by a ≠ symbol must be different colors. A rotation of this shape is also "
                  "valid.", True, "tiles",
                  cells=((0, 0), (0, 1), (0, 2), (1, 1)), differ=((0, 1), (1, 2), (1, 3))),
    LandscapeCard("shape-9", SHAPE, "Rainbow line",
                  "Make a line of four forest tiles, each a different color. A column is "
                  "also valid.", True, "tiles", cells=_art("XXXX"), all_different=True),
    # -- 8 river cards (D11)
    LandscapeCard("river-1", RIVER_CARD, "Straight river", _RIVER_SHAPE, False, "river_shape",
                  segments=(_h(1, 0), _h(1, 1), _h(1, 2))),
    LandscapeCard("river-2", RIVER_CARD, "River bend", _RIVER_SHAPE, False, "river_shape",
                  segments=(_v(0, 1), _v(1, 1), _h(2, 1))),
    LandscapeCard("river-3", RIVER_CARD, "Meander", _RIVER_SHAPE, False, "river_shape",
                  segments=(_h(1, 0), _v(1, 1), _h(2, 1))),
    LandscapeCard("river-4", RIVER_CARD, "Confluence", _RIVER_SHAPE, False, "river_shape",
                  segments=(_h(1, 0), _h(1, 1), _v(1, 1))),
    LandscapeCard("river-5", RIVER_CARD, "Island", _RIVER_SHAPE, True, "river_shape",
                  segments=(_h(1, 1), _v(1, 2), _h(2, 1), _v(1, 1))),
    LandscapeCard("river-6", RIVER_CARD, "Corner river",
                  "Join two adjacent edges of your wilderness map with a continuous stretch "
                  "of at least four river tokens.", False, "river_edges",
                  edges="adjacent", min_tokens=4),
    LandscapeCard("river-7", RIVER_CARD, "Crossing river",
                  "Join two opposite edges of your wilderness map with a continuous stretch "
                  "of at least four river tokens.", True, "river_edges",
                  edges="opposite", min_tokens=4),
    LandscapeCard("river-8", RIVER_CARD, "Long river",
                  "Place a continuous stretch of six river tokens, in any shape.", False,
                  "river_stretch", min_tokens=6),
    # -- 12 color cards (D12): 2 x 2 squares, read top row then bottom row
    LandscapeCard("color-1", COLOR, "Green over orange", _COLOR_TEXT, False, "tiles",
                  **_colour_square("GG", "OO")),
    LandscapeCard("color-2", COLOR, "Blue over purple", _COLOR_TEXT, False, "tiles",
                  **_colour_square("BB", "PP")),
    LandscapeCard("color-3", COLOR, "Green and blue diagonals", _COLOR_TEXT, False, "tiles",
                  **_colour_square("GB", "BG")),
    LandscapeCard("color-4", COLOR, "Orange and purple diagonals", _COLOR_TEXT, False,
                  "tiles", **_colour_square("OP", "PO")),
    LandscapeCard("color-5", COLOR, "Green pair, blue and purple", _COLOR_TEXT, False,
                  "tiles", **_colour_square("GG", "PB")),
    LandscapeCard("color-6", COLOR, "Orange pair, green and blue", _COLOR_TEXT, False,
                  "tiles", **_colour_square("OO", "GB")),
    LandscapeCard("color-7", COLOR, "Purple diagonal, green and orange", _COLOR_TEXT, False,
                  "tiles", **_colour_square("PG", "OP")),
    LandscapeCard("color-8", COLOR, "Blue diagonal, orange and purple", _COLOR_TEXT, False,
                  "tiles", **_colour_square("BO", "PB")),
    LandscapeCard("color-9", COLOR, "Aurora wheel", _COLOR_TEXT, True, "tiles",
                  **_colour_square("GO", "PB")),
    LandscapeCard("color-10", COLOR, "Aurora wheel, mirrored", _COLOR_TEXT, True, "tiles",
                  **_colour_square("GP", "OB")),
    LandscapeCard("color-11", COLOR, "Forest wheel", _COLOR_TEXT, True, "tiles",
                  **_colour_square("GO", "BP")),
    LandscapeCard("color-12", COLOR, "Forest wheel, mirrored", _COLOR_TEXT, True, "tiles",
                  **_colour_square("GB", "OP")),
)

CARDS: dict[str, LandscapeCard] = {card.id: card for card in LANDSCAPE_CARDS}


def cards_of_type(kind: str, *, beginner: bool = False) -> tuple[str, ...]:
    """The ids of one type's cards; ``beginner`` leaves out those with the icon."""
    return tuple(c.id for c in LANDSCAPE_CARDS
                 if c.type == kind and not (beginner and c.icon))


# -- the game's length ----------------------------------------------------------------------

TURNS = 12
"""Each player has 12 tiles, so at most twelve turns (rounds)."""

CARD_TOKENS = 2
"""Animal tokens placed on a completed card (one if it is the last)."""


def symbol_card(symbol: str) -> str:
    """The id of a symbol card (3B): ``"symbol-moon"``."""
    return f"symbol-{symbol}"


def _palette() -> Palette:
    o = OKABE_ITO
    seats = ((o["vermillion"], "circle"), (o["blue"], "square"), (o["green"], "triangle"),
             (o["black"], "diamond"))
    tiles = {"green": (o["green"], "G"), "orange": (o["orange"], "O"), "blue": (o["sky"], "B"),
             "purple": (o["pink"], "P")}
    return Palette({
        "players": {str(seat): Swatch(colour, shape, f"P{seat + 1}", f"Player {seat + 1}")
                    for seat, (colour, shape) in enumerate(seats)},
        "tiles": {name: Swatch(colour, "square", code, name) for name, (colour, code)
                  in tiles.items()},
    })


PALETTE = _palette()
"""Each seat's and tile colour's colour, shape and code: the figures' and the widget's."""
