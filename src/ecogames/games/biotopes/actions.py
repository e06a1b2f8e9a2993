"""Biotopes — the actions: what a player may do, as small frozen values.

Each action has a JSON form ``{"type": ..., fields}`` and a label for people; which actions are
legal, and what they do, is the engine's (``rules.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ecogames.core import Action

from .components import BIOTOPE_CARDS, PLAYER_COLOURS, SPECIES


def _hex(h: Iterable[int]) -> str:
    q, r = h
    return f"({q},{r})"


def _card(card: str) -> str:
    return SPECIES[card].name if card in SPECIES else card


@dataclass(frozen=True)
class PlaceTile(Action):
    """Landscape Construction: put one of your tiles with its centre on ``centre``."""

    type = "place_tile"
    tile: str
    centre: tuple[int, int]

    def label(self) -> str:
        return f"Place tile {self.tile} centred on {_hex(self.centre)}"


@dataclass(frozen=True)
class OrientTile(Action):
    """Landscape Construction: the side up and the turn (in sixths) of the tile just placed."""

    type = "orient_tile"
    side: str
    rotation: int

    def label(self) -> str:
        return f"Side {self.side}, turned {self.rotation * 60}°"


@dataclass(frozen=True)
class KeepHand(Action):
    type = "keep_hand"

    def label(self) -> str:
        return "Keep your starting hand"


@dataclass(frozen=True)
class RedrawHand(Action):
    type = "redraw_hand"

    def label(self) -> str:
        return "Discard your hand and draw 4 new Herbivores, one of each colour"


@dataclass(frozen=True)
class PlaceTerritory(Action):
    """Setup 8: an initial Territory token."""

    type = "place_territory"
    hex: tuple[int, int]

    def label(self) -> str:
        return f"Place a Territory token on {_hex(self.hex)}"


@dataclass(frozen=True)
class ChooseBiotope(Action):
    """Advanced Biotopes Draft: the advanced Biotope card of the territory just placed."""

    type = "choose_biotope"
    card: str

    def label(self) -> str:
        card = BIOTOPE_CARDS.get(self.card)
        return f"Take {card.habitat_name} ({card.biotope.label})" if card else self.card


@dataclass(frozen=True)
class Adapt(Action):
    type = "adapt"
    card: str

    def label(self) -> str:
        return f"Adaptation: play {_card(self.card)}"


@dataclass(frozen=True)
class Reproduce(Action):
    type = "reproduce"

    def label(self) -> str:
        return "Reproduction"


@dataclass(frozen=True)
class Transfer(Action):
    type = "transfer"

    def label(self) -> str:
        return "Transfer"


@dataclass(frozen=True)
class Evolve(Action):
    type = "evolve"

    def label(self) -> str:
        return "Evolution"


@dataclass(frozen=True)
class Expand(Action):
    type = "expand"
    hex: tuple[int, int]

    def label(self) -> str:
        return f"Expansion to {_hex(self.hex)}"


@dataclass(frozen=True)
class Compete(Action):
    type = "compete"
    hex: tuple[int, int]

    def label(self) -> str:
        return f"Competition for {_hex(self.hex)}"


@dataclass(frozen=True)
class Migrate(Action):
    type = "migrate"
    origin: tuple[int, int]
    hex: tuple[int, int]

    def label(self) -> str:
        return f"Migration from {_hex(self.origin)} to {_hex(self.hex)}"


@dataclass(frozen=True)
class UseCard(Action):
    """Species Card Actions: the Action of the card at ``row``, ``col`` of your Ecosystem."""

    type = "use_card"
    row: int
    col: int

    def label(self) -> str:
        return f"Use the Action of the card at row {self.row}, column {self.col}"


@dataclass(frozen=True)
class Pass(Action):
    type = "pass"

    def label(self) -> str:
        return "Pass until the next cycle"


@dataclass(frozen=True)
class Pay(Action):
    """Pay a cost with a cube of ``colour`` from your card at ``row``, ``col`` (col -1: the
    Biotope card of the row)."""

    type = "pay"
    row: int
    col: int
    colour: str

    def label(self) -> str:
        where = "Biotope card" if self.col < 0 else f"card {self.col}"
        return f"Pay with a {self.colour} cube from row {self.row}, {where}"


@dataclass(frozen=True)
class Done(Action):
    type = "done"

    def label(self) -> str:
        return "Done"


@dataclass(frozen=True)
class Discard(Action):
    type = "discard"
    card: str

    def label(self) -> str:
        return f"Discard {_card(self.card)}"


@dataclass(frozen=True)
class Draw(Action):
    """Draw a card: ``slot`` 0-2 of ``deck``'s river (0 leftmost), or -1 for the deck's top."""

    type = "draw"
    deck: str
    slot: int

    def label(self) -> str:
        where = "the top of the deck" if self.slot < 0 else f"river card {self.slot + 1}"
        return f"Draw from {self.deck}: {where}"


@dataclass(frozen=True)
class Place(Action):
    """Put a cube on your card at ``row``, ``col`` (col -1: the Biotope card)."""

    type = "place"
    row: int
    col: int

    def label(self) -> str:
        where = "the Biotope card" if self.col < 0 else f"card {self.col}"
        return f"Place the cube on row {self.row}, {where}"


@dataclass(frozen=True)
class Decline(Action):
    type = "decline"

    def label(self) -> str:
        return "Decline"


@dataclass(frozen=True)
class Prey(Action):
    """Predatory Species: recycle the ``colour`` cube on ``player``'s card at ``row``, ``col``
    into your bag."""

    type = "prey"
    player: int
    row: int
    col: int
    colour: str

    def label(self) -> str:
        owner = PLAYER_COLOURS[self.player].capitalize() if 0 <= self.player < 5 else "?"
        return (f"Prey on {owner}'s {self.colour} cube "
                f"(row {self.row}, {'Biotope card' if self.col < 0 else f'card {self.col}'})")


@dataclass(frozen=True)
class PreyOnReserve(Action):
    """Solo Mode: a Predatory Species takes a cube of ``colour`` from the reserve."""

    type = "prey_reserve"
    colour: str

    def label(self) -> str:
        return f"Take a {self.colour} cube from the reserve"


@dataclass(frozen=True)
class Fallback(Action):
    type = "fallback"
    hex: tuple[int, int]

    def label(self) -> str:
        return f"Fall back to {_hex(self.hex)}"


@dataclass(frozen=True)
class Move(Action):
    """Discreet Species: move a ``colour`` cube from your card at (row, col) to your card at
    (to_row, to_col) (col -1: the Biotope card of the row)."""

    type = "move"
    row: int
    col: int
    colour: str
    to_row: int
    to_col: int

    def label(self) -> str:
        return (f"Move a {self.colour} cube from row {self.row} "
                f"{'Biotope card' if self.col < 0 else f'card {self.col}'} "
                f"to row {self.to_row} "
                f"{'Biotope card' if self.to_col < 0 else f'card {self.to_col}'}")


STATE_WORDED: frozenset[type[Action]] = frozenset({UseCard, Pay, Place, Move, Prey})
"""The actions whose words name the cards they point at in the game (``view.describe``);
every other action's words are its own ``label()``."""

ACTION_TYPES: tuple[type[Action], ...] = (
    PlaceTile, OrientTile, KeepHand, RedrawHand, PlaceTerritory, ChooseBiotope,
    Adapt, Reproduce, Transfer, Evolve, Expand, Compete, Migrate, UseCard, Pass,
    Pay, Done, Discard, Draw, Place, Decline, Prey, PreyOnReserve, Fallback, Move,
)
