"""Tulikko actions: small frozen values with a JSON form ``{"type": ..., fields}``.

Spaces of a wilderness map are numbered ``row * 4 + col`` (row 0 at the top) and said "row r,
column c" (counting from 1); the sides of the central board are ``"north"``, ``"east"``,
``"south"`` and ``"west"``. Each ``label()`` reads like the rulebook without the state;
``Tulikko.describe`` (``view.describe``) says more ("Place the fox's green tile on ...").
"""

from __future__ import annotations

from dataclasses import dataclass

from ecogames.core import Action

from .components import CARDS, CELLS, OPPOSITE, SIDE_SYMBOL, TILES, row_col


def _cell_words(cell: int) -> str:
    r, c = row_col(cell)
    return f"row {r + 1}, column {c + 1}"


def _tile_words(tile: int) -> str:
    t = TILES[tile]
    back = "neutral" if t.back == "neutral" else f"{t.back}'s"
    return f"{back} {t.colour} tile"


_CELL_NAMES = tuple(_cell_words(cell) for cell in range(CELLS))
_TILE_NAMES = tuple(_tile_words(tile) for tile in range(len(TILES)))


def cell_name(cell: int) -> str:
    """A space of a map in words: "row 2, column 3" (written once per space: every cascade
    names several)."""
    if not 0 <= cell < CELLS:
        return f"space {cell} (not on a map)"
    return _CELL_NAMES[cell]


def tile_name(tile: int) -> str:
    """A tile in words: "fox's green tile", "neutral blue tile"."""
    return _TILE_NAMES[tile]


def a_or_an(word: str) -> str:
    """'a green', 'an orange': the article the next word takes."""
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


# -- actions --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChooseMap(Action):
    """Setup: take the wilderness map (and its tokens and tiles) with this animal."""

    type = "choose_map"
    animal: str

    def label(self) -> str:
        return f"Choose the {self.animal} wilderness map"


@dataclass(frozen=True)
class PlaceStart(Action):
    """Setup: put your randomly drawn neutral tile on any space of your map."""

    type = "place_start"
    cell: int

    def label(self) -> str:
        return f"Place your starting neutral tile on {cell_name(self.cell)}"


@dataclass(frozen=True)
class Slide(Action):
    """Turn step 1B: slide your revealed tile in from ``side``; the far tile comes out."""

    type = "slide"
    side: str

    def label(self) -> str:
        out = OPPOSITE.get(self.side, "?")
        return (f"Slide your tile in from the {self.side}: eject the {out} tile "
                f"({SIDE_SYMBOL.get(out, '?')})")


@dataclass(frozen=True)
class SlideBack(Action):
    """Blue aurora effect: slide the ejected tile back in from ``side``."""

    type = "slide_back"
    side: str

    def label(self) -> str:
        out = OPPOSITE.get(self.side, "?")
        return (f"Aurora: slide the ejected tile back in from the {self.side}: eject the "
                f"{out} tile ({SIDE_SYMBOL.get(out, '?')})")


@dataclass(frozen=True)
class Place(Action):
    """Turn step 2A: place the ejected tile on an empty space with the exit side's symbol."""

    type = "place"
    cell: int

    def label(self) -> str:
        return f"Place the tile on {cell_name(self.cell)}"


@dataclass(frozen=True)
class PlaceAnywhere(Action):
    """Orange aurora effect: place the ejected tile on any empty space."""

    type = "place_anywhere"
    cell: int

    def label(self) -> str:
        return f"Aurora: place the tile on {cell_name(self.cell)}, ignoring its symbol"


@dataclass(frozen=True)
class Discard(Action):
    """Turn step 2 (warning): no empty space with the right symbol, so discard the tile."""

    type = "discard"

    def label(self) -> str:
        return "Discard the tile (no empty space with its symbol)"


@dataclass(frozen=True)
class PlaceTokens(Action):
    """Turn step 2B: put a token between the new tile and each neighbour in ``at`` (cells,
    increasing); a neighbour left out is withheld for good."""

    type = "place_tokens"
    at: tuple[int, ...]

    def label(self) -> str:
        if not self.at:
            return "Withhold every token"
        return "Place tokens next to " + "; ".join(cell_name(c) for c in self.at)


@dataclass(frozen=True)
class ClaimCard(Action):
    """Green aurora effect: fulfil a landscape card without meeting it."""

    type = "claim_card"
    card: str

    def label(self) -> str:
        name = CARDS[self.card].name if self.card in CARDS else self.card
        return f"Aurora: fulfil the landscape card {name!r}"


@dataclass(frozen=True)
class MoveTile(Action):
    """Purple aurora effect: move a tile of your map to an empty space."""

    type = "move_tile"
    source: int
    target: int

    def label(self) -> str:
        return f"Aurora: move the tile on {cell_name(self.source)} to {cell_name(self.target)}"


@dataclass(frozen=True)
class EndTurn(Action):
    """End your turn (offered only while an aurora tile could still be used)."""

    type = "end_turn"

    def label(self) -> str:
        return "End your turn"


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseMap, PlaceStart, Slide, SlideBack, Place, PlaceAnywhere, Discard, PlaceTokens,
    ClaimCard, MoveTile, EndTurn)
"""Every Tulikko action, in the order of a turn (set-up, 1B, 2A, 2B, aurora effects, end)."""
