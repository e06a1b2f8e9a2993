"""Tori (Helsinki 1952, the market game) — the components, as data.

Everything the box holds and every number the rules print, plus the project's decisions where
the rules are silent (the square's grid, the zones, the quay, where the information points and
the customers stand, the expansion tiles per good, the points of the cards and the bonus
cards' contents). Each decision, with its reason, is written in ``docs/rules/tori.md`` (ids
``D1``...). The rule text (``shared/rulebooks/tori-market-da.txt``, Danish) is the source of
truth; the Danish names of things are kept beside the English ones. No rules run here: only
data, and small lookup tables computed once at import.

>>> ZONE_OF[(0, 0)], ZONE_OF[(9, 11)]
(1, 9)
>>> GOODS_BY_DANISH["grøntsager"], GOOD["fish"].danish
('vegetables', 'fisk')
>>> sum(EXPANSION_TILES.values())
34
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Literal

from ...core.palette import OKABE_ITO, Palette, Swatch

# ---------------------------------------------------------------------------------------------
# Goods (varer): six groups, each a colour
# ---------------------------------------------------------------------------------------------

GoodName = Literal["vegetables", "flowers", "ice_cream", "fish", "lemonade", "souvenirs"]


@dataclass(frozen=True)
class Good:
    """One goods group (varegruppe): its id, its Danish name and its colour (D9)."""

    id: str
    name: str
    danish: str
    colour: str
    hex: str


GOODS_LIST: Final = (
    Good("vegetables", "vegetables", "grøntsager", "green", "#3f8f3a"),
    Good("flowers", "flowers", "blomster", "red", "#c8323c"),
    Good("ice_cream", "ice cream", "is", "white", "#f2efe6"),
    Good("fish", "fish", "fisk", "blue", "#2f6db5"),
    Good("lemonade", "lemonade", "lemonade", "yellow", "#e8c12e"),
    Good("souvenirs", "Olympic souvenirs", "OL souvenirs", "purple", "#7b3fa0"),
)
"""In the rulebook's order: "grøntsager, blomster, is, fisk, lemonade og OL souvenirs"."""

GOODS: Final[tuple[str, ...]] = tuple(g.id for g in GOODS_LIST)
GOOD: Final[Mapping[str, Good]] = MappingProxyType({g.id: g for g in GOODS_LIST})
GOODS_BY_DANISH: Final[Mapping[str, str]] = MappingProxyType({g.danish: g.id for g in GOODS_LIST})

FISH: Final = "fish"
"""Fish stalls are fishing boats (fiskerbåde): only in the water along the quay."""
SOUVENIRS: Final = "souvenirs"
"""The purple souvenir stalls must stand directly against an information point."""

# ---------------------------------------------------------------------------------------------
# Numbers printed in the rules and the reference file
# ---------------------------------------------------------------------------------------------

PLAYER_COUNTS: Final = (2, 3, 4)
ZONES: Final = tuple(range(1, 10))
"""Build cards are numbered 1 to 9 and name the zones of the market square."""

BUILD_CARDS_PER_ZONE: Final = 4
"""Reference: "36 building cards (4 per zone 1-9)"."""
DISPLAY_SIZE: Final = 5
"""Five build cards lie face up at the top of the board."""
DRAW_TWO: Final = 2
"""Draw build cards: take two (face up or from the pile) ..."""
DRAW_AFTER_REFRESH: Final = 1
"""... or refresh the five and take only one."""

GOODS_CARDS_PER_GOOD: Final = 10
"""Reference: "60 goods cards (10 per good)"."""

STALLS_PER_PLAYER: Final = 6
"""Each player receives six stall tiles (bodbrikker) with their coat of arms: one per good (D7)."""

EXPANSION_TILES: Final[Mapping[str, int]] = MappingProxyType({
    "vegetables": 6, "flowers": 6, "ice_cream": 6, "fish": 5, "lemonade": 6, "souvenirs": 5,
})
"""Reference: 34 expansion tiles (udvidelsesbrikker); the split over the goods is D8."""

HAND_LIMIT: Final = 8
"""At most eight cards (build and goods cards together) in hand."""

CUSTOMERS: Final = GOODS
"""Six customers (kunder), one wanting each good; five on the square, one on the
colour-change tile (farveskiftebrikken) (D21)."""

COATS_OF_ARMS: Final = ("Helsinki", "Turku", "Tampere", "Oulu")
"""Four coats of arms (våbenskjolde): seat 0 takes the first, and so on (D22)."""

# ---------------------------------------------------------------------------------------------
# Points and thresholds
# ---------------------------------------------------------------------------------------------

GOLD_POINTS: Final = 4
SILVER_POINTS: Final = 2
"""Majority cards (majoritetskort), gold and silver per good: points are D10."""
VERSATILITY_POINTS: Final = 3
"""Versatility card (alsidighedskort): points are D10."""
BONUS_POINTS: Final = 3
"""Area and colour bonus cards give three points each (the rules)."""

VERSATILITY_GOODS: Final[Mapping[int, int]] = MappingProxyType({2: 6, 3: 5, 4: 4})
"""Players -> the number of goods groups with at least one of your expansion tiles that
earns a versatility card: six (two players), five (three), four (four)."""
BONUS_TILES: Final[Mapping[int, int]] = MappingProxyType({2: 6, 3: 5, 4: 4})
"""Players -> the expansion tiles a bonus card needs: six (two players), five (three),
four (four)."""
VERSATILITY_CARDS: Final = 4
"""One per player at most (it can never be lost), so the box holds four (D18)."""

# ---------------------------------------------------------------------------------------------
# The market square (torvet), the quay (kajen) and the water (D1-D3)
# ---------------------------------------------------------------------------------------------

PICTURE: Final = (
    "............",  # 0
    ".C...I....C.",  # 1
    "............",  # 2
    "............",  # 3
    "..I...C..I..",  # 4
    "............",  # 5
    "............",  # 6
    ".C........C.",  # 7
    "qqqqqqqqqqqq",  # 8  the quay (kajen): square cells along the water
    "bbbbbbbbbbbb",  # 9  the water along the quay: where fishing boats are moored
    "~~~~~~~~~~~~",  # 10 the harbour: water further out, for boats' expansions
)
"""The board, row 0 at the top (where the five build cards lie). ``.`` square, ``q`` quay
(square too), ``I`` an information point (informationsbrik), ``C`` a customer's start,
``b`` mooring water along the quay, ``~`` open water."""

ZONE_PICTURE: Final = (
    "111122223333",
    "111122223333",
    "111122223333",
    "444455556666",
    "444455556666",
    "444455556666",
    "777788889999",
    "777788889999",
    "777788889999",
    "777788889999",
    "777788889999",
)
"""The nine zones: 3 x 3 blocks of 4 x 3 cells; the water belongs to the zone above it."""

ROWS: Final = len(PICTURE)
COLS: Final = len(PICTURE[0])

Cell = tuple[int, int]

FACINGS: Final[Mapping[str, Cell]] = MappingProxyType({
    "N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1),
})
"""Where a stall's entrance (the half circle) points: the entrance space is the next cell."""


def _cells(marks: str) -> tuple[Cell, ...]:
    return tuple((r, c) for r, row in enumerate(PICTURE) for c, ch in enumerate(row)
                 if ch in marks)


CELLS: Final[tuple[Cell, ...]] = _cells(".qICb~")
SQUARE: Final[frozenset[Cell]] = frozenset(_cells(".qIC"))
"""Land: the market square with the quay. Customers walk here; stalls stand here."""
QUAY: Final[frozenset[Cell]] = frozenset(_cells("q"))
MOORINGS: Final[frozenset[Cell]] = frozenset(_cells("b"))
"""Water along the quay: the only cells for a fishing boat (a fish stall tile)."""
WATER: Final[frozenset[Cell]] = frozenset(_cells("b~"))
"""All water: fishing boats' expansion tiles go here, and nothing else does."""
INFORMATION_POINTS: Final[tuple[Cell, ...]] = _cells("I")
CUSTOMER_STARTS: Final[tuple[Cell, ...]] = _cells("C")

ZONE_OF: Final[Mapping[Cell, int]] = MappingProxyType(
    {(r, c): int(ZONE_PICTURE[r][c]) for r, c in CELLS})
CELLS_OF_ZONE: Final[Mapping[int, tuple[Cell, ...]]] = MappingProxyType(
    {z: tuple(cell for cell in CELLS if ZONE_OF[cell] == z) for z in ZONES})

NEIGHBOURS: Final[Mapping[Cell, tuple[Cell, ...]]] = MappingProxyType({
    (r, c): tuple((r + dr, c + dc) for dr, dc in FACINGS.values()
                  if (r + dr, c + dc) in ZONE_OF)
    for r, c in CELLS
})
"""Orthogonal neighbours: "vandret eller lodret" (horizontally or vertically)."""

NEXT_TO_INFORMATION: Final[frozenset[Cell]] = frozenset(
    n for point in INFORMATION_POINTS for n in NEIGHBOURS[point] if n in SQUARE)
"""Square cells directly against an information point: the only places for a souvenir stall."""


def entrance_of(cell: Cell, facing: str) -> Cell:
    """The entrance space of a stall tile on ``cell`` whose half circle points ``facing``."""
    dr, dc = FACINGS[facing]
    return cell[0] + dr, cell[1] + dc


def stall_terrain(good: str) -> frozenset[Cell]:
    """Where a stall tile of ``good`` may stand (before the other placement rules)."""
    if good == FISH:
        return MOORINGS
    if good == SOUVENIRS:
        return NEXT_TO_INFORMATION
    return SQUARE


def expansion_terrain(good: str) -> frozenset[Cell]:
    """Where an expansion tile of ``good`` may lie: boats grow on the water, stalls on land
    (D28)."""
    return WATER if good == FISH else SQUARE


# ---------------------------------------------------------------------------------------------
# Bonus cards (D11): ten area cards, ten colour cards, dealt one of each, kept hidden
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AreaCard:
    """Områdebonuskort: three points for enough of your expansion tiles in these zones."""

    id: str
    zones: tuple[int, ...]


@dataclass(frozen=True)
class ColourCard:
    """Farvebonuskort: three points for enough of your expansion tiles in these goods."""

    id: str
    goods: tuple[str, ...]


AREA_CARDS: Final[tuple[AreaCard, ...]] = tuple(
    AreaCard(f"A{i + 1}", zones) for i, zones in enumerate((
        (1, 2, 3), (4, 5, 6), (7, 8, 9),      # the rows of zones
        (1, 4, 7), (2, 5, 8), (3, 6, 9),      # the columns
        (1, 5, 9), (3, 5, 7),                 # the diagonals
        (2, 6, 7), (3, 4, 8),                 # two diagonals that wrap round
    )))
"""Each card is a line of three zones of the 3 x 3 zone grid (10 of the 12 lines of the
3 x 3 affine plane); every zone is on three or four cards."""

COLOUR_CARDS: Final[tuple[ColourCard, ...]] = tuple(
    ColourCard(f"F{i + 1}", tuple(GOODS[g] for g in triple)) for i, triple in enumerate((
        (0, 1, 2), (0, 1, 3), (0, 2, 4), (0, 3, 5), (0, 4, 5),
        (1, 2, 5), (1, 3, 4), (1, 4, 5), (2, 3, 4), (2, 3, 5),
    )))
"""Each card shows three goods; the ten form a balanced design: every good is on five cards
and every pair of goods on exactly two."""

AREA_CARD: Final[Mapping[str, AreaCard]] = MappingProxyType({c.id: c for c in AREA_CARDS})
COLOUR_CARD: Final[Mapping[str, ColourCard]] = MappingProxyType({c.id: c for c in COLOUR_CARDS})

MEDALS: Final = ("gold", "silver")
"""The two majority cards of each good: guld and sølv."""

DANISH: Final[Mapping[str, str]] = MappingProxyType({
    "market square": "torvet",
    "quay": "kajen",
    "zone": "zone",
    "build card": "byggekort",
    "goods card": "varekort",
    "stall": "bod",
    "stall tile": "bodbrik",
    "expansion tile": "udvidelsesbrik",
    "information point": "informationsbrik",
    "customer": "kunde",
    "colour-change tile": "farveskiftebrik",
    "majority card": "majoritetskort",
    "gold": "guld",
    "silver": "sølv",
    "versatility card": "alsidighedskort",
    "area bonus card": "områdebonuskort",
    "colour bonus card": "farvebonuskort",
    "coat of arms": "våbenskjold",
    "marketing": "markedsføring",
    "draw build cards": "træk byggekort",
    "build a new stall": "byg en ny bod",
    "expand a stall": "udvid en bod",
    "tear down a stall": "riv en bod ned",
    "take a customer": "tag en kunde",
})
"""The rulebook's Danish words for the things of the game."""


def _palette() -> Palette:
    o = OKABE_ITO
    arms = ((o["black"], "circle", "H"), (o["orange"], "square", "Tu"),
            (o["sky"], "triangle", "Ta"), ("#8C8C8C", "diamond", "O"))
    goods = {"vegetables": (o["green"], "VE"), "flowers": (o["vermillion"], "FL"),
             "ice_cream": ("#FFFFFF", "IC"), "fish": (o["blue"], "FI"),
             "lemonade": (o["yellow"], "LE"), "souvenirs": (o["pink"], "SO")}
    return Palette({
        "players": {str(seat): Swatch(colour, shape, code, COATS_OF_ARMS[seat])
                    for seat, (colour, shape, code) in enumerate(arms)},
        "goods": {good: Swatch(colour, "square", code, good.replace("_", " "))
                  for good, (colour, code) in goods.items()},
    })


PALETTE: Final = _palette()
"""Each coat of arms' (seat's) and good's colour, shape and code: the figures' and the
widget's (Okabe-Ito; Oulu grey; ice cream white with an outline)."""
