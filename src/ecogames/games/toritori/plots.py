"""Tori-Tori's pictures: populations over a game (or many), the food web by trophic level.

Pure functions of games; matplotlib is imported only when drawing (through core.plots).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .components import SPECIES, Species

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from ...core import Game

COLOURS = {
    SPECIES[Species.NATIVE_TREE].name: "#009E73",
    SPECIES[Species.INVASIVE_BUSH].name: "#D55E00",
    SPECIES[Species.GUINEA_PIG].name: "#E69F00",
    SPECIES[Species.TORI_TORI].name: "#56B4E9",
    SPECIES[Species.FOX].name: "#CC79A7",
    SPECIES[Species.CAT].name: "#000000",
}
"""The widget's colours (Okabe-Ito), by the species' names."""


def populations(game: Game) -> dict[str, list[int]]:
    """Tokens of each species on the island (covered ones included) at the set-up and after
    every turn's dice, replayed from the game's history."""
    replay = game.replay(0)
    series: dict[str, list[int]] = {SPECIES[s].name: [] for s in Species}

    def record() -> None:
        counts = replay.view()["counts"]
        for species in Species:
            series[SPECIES[species].name].append(counts.get(species.value, 0))

    record()
    for action in game.history:
        replay.push(action)
        if action.type == "roll" or replay.is_over:
            record()
    return series


def plot_populations(game: Game, *, ax: Axes | None = None) -> Axes:
    """Every species' population over one game."""
    from ...core.plots import plot_populations as draw

    return draw(populations(game), ax=ax, xlabel="turn (after the dice)", colours=COLOURS,
                title="Tori-Tori: populations on the island")


def plot_many(games: Sequence[Game], *, species: Sequence[Species] = tuple(Species),
              ax: Axes | None = None, title: str = "Populations over many games") -> Axes:
    """Median and middle half of each chosen species' population over many games."""
    from ...core.plots import plot_population_bands

    names = {SPECIES[s].name for s in species}
    runs = [{k: v for k, v in populations(g).items() if k in names} for g in games]
    return plot_population_bands(runs, ax=ax, xlabel="turn (after the dice)", colours=COLOURS,
                                 title=title)


def plot_food_web(game: Game, *, ax: Axes | None = None) -> Axes:
    """The island's food web, producers at the bottom, introduced species outlined."""
    from ...core.plots import draw_food_web

    introduced = [s.value for s in Species if not SPECIES[s].is_native]
    return draw_food_web(game.food_web(), ax=ax, highlight=introduced,
                         title="Who eats whom on the island (outlined: introduced species)")
