"""Tori's actions: the five options of a turn (Sådan spiller du Tori) and the two decisions
that interrupt one (the card after a refresh, the hand limit). Small frozen values with a JSON
form ``{"type": ..., fields}``; each ``label()`` reads like the rules without the state
(``Tori.describe`` adds marketing's cost).

>>> Build("ice_cream", 3, 5, "N").label()
'Build an ice cream stall at (3, 5), entrance N'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ecogames.core import Action

from .components import GOOD, GoodName

Facing = Literal["N", "E", "S", "W"]


def good_name(good: str) -> str:
    """The good's name for people: "ice cream", "Olympic souvenirs"."""
    return GOOD[good].name


def a_good(good: str) -> str:
    """The good's name after "a" or "an": "a fish", "an ice cream", "an Olympic souvenirs"."""
    name = GOOD[good].name
    return f"{'an' if name[0].lower() in 'aeiou' else 'a'} {name}"


@dataclass(frozen=True)
class DrawFaceUp(Action):
    """Træk byggekort: take two of the five face-up build cards (by zone number)."""

    type = "draw_face_up"
    first: int
    second: int

    def label(self) -> str:
        return f"Draw face-up build cards {self.first} and {self.second}"


@dataclass(frozen=True)
class DrawPile(Action):
    """Træk byggekort: take two build cards from the pile."""

    type = "draw_pile"

    def label(self) -> str:
        return "Draw two build cards from the pile"


@dataclass(frozen=True)
class Refresh(Action):
    """Træk byggekort: clear away the five face-up cards and lay out five new; take one."""

    type = "refresh"

    def label(self) -> str:
        return "Lay out five new build cards, then take one"


@dataclass(frozen=True)
class TakeFaceUp(Action):
    """Decision after a refresh: the one card is a face-up card of this zone."""

    type = "take_face_up"
    zone: int

    def label(self) -> str:
        return f"Take face-up build card {self.zone}"


@dataclass(frozen=True)
class TakeFromPile(Action):
    """Decision after a refresh: the one card comes from the pile."""

    type = "take_from_pile"

    def label(self) -> str:
        return "Take one build card from the pile"


@dataclass(frozen=True)
class Build(Action):
    """Byg en ny bod: a stall tile of ``good`` on (row, col), its entrance to ``facing``."""

    type = "build"
    good: GoodName
    row: int
    col: int
    facing: Facing

    def label(self) -> str:
        return (f"Build {a_good(self.good)} stall at ({self.row}, {self.col}), "
                f"entrance {self.facing}")


@dataclass(frozen=True)
class Expand(Action):
    """Udvid en bod: an expansion tile on (row, col), paying a build card of ``zone``."""

    type = "expand"
    good: GoodName
    row: int
    col: int
    zone: int

    def label(self) -> str:
        return (f"Expand the {good_name(self.good)} stall to ({self.row}, {self.col}) "
                f"with build card {self.zone}")


@dataclass(frozen=True)
class TearDown(Action):
    """Riv en bod ned: take back a stall tile that has no expansion tiles."""

    type = "tear_down"
    good: GoodName

    def label(self) -> str:
        return f"Tear down the {good_name(self.good)} stall"


@dataclass(frozen=True)
class TakeCustomer(Action):
    """Tag en kunde: bring the customer wanting ``good`` to your ``good`` stall."""

    type = "take_customer"
    good: GoodName

    def label(self) -> str:
        return f"Take the {good_name(self.good)} customer"


@dataclass(frozen=True)
class DiscardBuild(Action):
    """Hand limit: discard a build card of ``zone``."""

    type = "discard_build"
    zone: int

    def label(self) -> str:
        return f"Discard build card {self.zone}"


@dataclass(frozen=True)
class DiscardGoods(Action):
    """Hand limit: discard a goods card of ``good``."""

    type = "discard_goods"
    good: GoodName

    def label(self) -> str:
        return f"Discard {a_good(self.good)} goods card"


ACTION_TYPES: tuple[type[Action], ...] = (
    DrawFaceUp, DrawPile, Refresh, TakeFaceUp, TakeFromPile, Build, Expand, TearDown,
    TakeCustomer, DiscardBuild, DiscardGoods,
)
"""Every action of Tori, in the order of its action codec (and of the RL action space)."""
