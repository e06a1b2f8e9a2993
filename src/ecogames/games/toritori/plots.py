"""Tori-Tori's pictures: populations over a game (or many), the food web by trophic level.

Pure functions of games; matplotlib is imported only when drawing (through core.plots).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.series import series
from .components import PALETTE, SPECIES, Species
from .series import COLOURS, SERIES

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from ...core import Game


def populations(game: Game) -> dict[str, list[int]]:
    """Tokens of each species on the island (covered ones included) at the set-up and after
    every turn's dice, replayed from the game's history: the game's series
    (:mod:`.series`, the one the widget plots and ``experiment()`` tabulates)."""
    return {name: [int(v) for v in column] for name, column in series(game).values.items()}


def plot_populations(game: Game, *, ax: Axes | None = None) -> Axes:
    """Every species' population over one game."""
    from ...core.plots import plot_populations as draw

    return draw(populations(game), ax=ax, xlabel=SERIES.step, colours=COLOURS,
                markers=SERIES.markers, title="Tori-Tori: populations on the island")


def plot_many(games: Sequence[Game], *, species: Sequence[Species] = tuple(Species),
              ax: Axes | None = None, title: str = "Populations over many games") -> Axes:
    """Median and middle half of each chosen species' population over many games."""
    from ...core.plots import plot_population_bands

    names = {SPECIES[s].name for s in species}
    runs = [{k: v for k, v in populations(g).items() if k in names} for g in games]
    return plot_population_bands(runs, ax=ax, xlabel=SERIES.step, colours=COLOURS,
                                 markers=SERIES.markers, title=title)


def plot_food_web(game: Game, *, ax: Axes | None = None) -> Axes:
    """The island's food web, producers at the bottom, introduced species outlined."""
    from ...core.plots import draw_food_web

    introduced = [s.value for s in Species if not SPECIES[s].is_native]
    return draw_food_web(game.food_web(), ax=ax, highlight=introduced, palette=PALETTE,
                         title="Who eats whom on the island (outlined: introduced species)")
