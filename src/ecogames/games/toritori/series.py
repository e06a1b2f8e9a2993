"""Tori-Tori over time: the tokens of each species on the island after every turn's dice.

A step is a *turn of the dice*: a researcher rolls, and the Activation cards the dice show
are solved (Course of Play 1), including the team's choices in the middle of it. The
populations change most there, so the series gains a point each time the cascade of a roll
is over. (The round track is far coarser: its marker moves once per pass through the
Activation pile, at most 3 times a game; :func:`rounds_done` counts it.)

>>> from ecogames import toritori
>>> from ecogames.core.series import series
>>> game = toritori.new_game(players=2, seed=1)
>>> series(game).values["Tori-tori"]
[3]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecogames.core.series import SeriesSpec

from . import components as c
from .actions import Roll
from .components import PALETTE, SPECIES, Species

if TYPE_CHECKING:
    from .rules import ToriTori

COLOURS = {s.label: s.colour for s in PALETTE.groups["species"].values()}
"""The palette's species colours, by the species' names."""

_NAMES = tuple((species.value, SPECIES[species].name) for species in Species)
_DICE_PENDING = frozenset({"cards", "choose_first", "choose_food"})
"""Stages in which a roll's cascade is still being solved (in the turn's first phase)."""


def turns_of_the_dice(game: ToriTori) -> int:
    """Rolls whose Activation cards are all solved (a roll still waiting for the team's
    choice of food or of who goes first is not counted yet)."""
    rolls = game.history.count(Roll())
    pending = game.ended is None and game.turn_phase == 1 and game.stage in _DICE_PENDING
    return rolls - 1 if pending else rolls


def rounds_done(game: ToriTori) -> int:
    """Spaces the Round marker has advanced (each time the Activation pile is turned over)."""
    return game.round - c.ROUND_START_SPACE


def populations(game: ToriTori) -> dict[str, int]:
    """Tokens of each species on the island, covered ones included, by the species' names in
    the components' order."""
    counts = game.counts
    return {name: counts[value] for value, name in _NAMES}


SERIES = SeriesSpec(
    step="turn of the dice",
    steps_done=turns_of_the_dice,
    quantities=populations,
    colours=COLOURS,
    markers={s.label: s.marker for s in PALETTE.groups["species"].values()},
    description="Tokens of each species on the island (covered ones included) after each "
                "turn's dice and Activation cards.",
    title="Species tokens on the island",
)
