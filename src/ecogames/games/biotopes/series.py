"""Biotopes over time: the cubes of each type in the players' Ecosystems, cycle by cycle.

A step is a *cycle* (Primary Production, the Actions, the End of Cycle: RB "Course of the
Game"); step 0 is the set-up, and the last step ends with the scoring. A cube's type is
that of the card it lies on, Plants on the Biotope cards (Glossary): the cubes in bags, in
the reserve and on the Ecosystem boards' action spaces are not part of any population.

>>> from ecogames.games.biotopes import new_game
>>> from ecogames.core.series import series
>>> series(new_game(players=2, seed=1)).values["Plants"]
[0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecogames.core.series import SeriesSpec

from .components import PALETTE, SPECIES, TYPE_LABELS, CubeType

if TYPE_CHECKING:
    from .rules import Biotopes

COLOURS = {s.label: s.colour for s in PALETTE.groups["species"].values()}
"""The palette's colours, one per cube type."""


def cycles_done(game: Biotopes) -> int:
    """Cycles completed: the Cycle token's space before it, and every cycle once the game
    is over (the last cycle ends the game without advancing the token)."""
    return game.cycle if game.stage == "over" else game.cycle - 1


def cubes_by_type(game: Biotopes) -> dict[str, int]:
    """Cubes on the players' Biotope and Species cards, by type, in the Glossary's order."""
    counts = dict.fromkeys(CubeType, 0)
    for p in range(game.players):
        for row in range(len(game.rows[p])):
            counts[CubeType.PLANTS] += sum(game.biotope_cubes(p, row))
            for entry in game.rows[p][row]:
                counts[SPECIES[entry[0]].type] += sum(entry[1:])
    return {TYPE_LABELS[kind]: n for kind, n in counts.items()}


SERIES = SeriesSpec(
    step="cycle",
    steps_done=cycles_done,
    quantities=cubes_by_type,
    colours=COLOURS,
    markers={s.label: s.marker for s in PALETTE.groups["species"].values()},
    title="Cubes in the Ecosystems, by type",
    unit="cubes on the cards",
    description="Cubes of each type (the type of the card they lie on) in all the players' "
                "Ecosystems, at the end of each cycle.",
)
