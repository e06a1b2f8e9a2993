"""Every figure the package draws, and one check that it shows what its text says.

:func:`collisions` draws a figure with the Agg renderer and measures, with matplotlib's
renderer extents (``get_window_extent``), where its texts, arrowheads, legends and lines
lie: no text box may overlap another text box or an arrowhead, and no legend may cover a
data line or marker. :func:`every_figure` yields every figure of the package (core plots,
each game's plots, the food-web lab's and the experiment form's), by name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations, pairwise
from typing import Any

import matplotlib

matplotlib.use("Agg")

import numpy as np
from matplotlib.legend import Legend
from matplotlib.patches import FancyArrowPatch
from matplotlib.text import Annotation, Text
from matplotlib.transforms import Bbox

SLACK = 1.0
"""Pixels two boxes may share before they count as overlapping (antialiased edges)."""


def _overlap(a: Bbox, b: Bbox, slack: float = SLACK) -> bool:
    return (min(a.x1, b.x1) - max(a.x0, b.x0) > slack
            and min(a.y1, b.y1) - max(a.y0, b.y0) > slack)


def _drawn_texts(fig: Any) -> list[Text]:
    """The texts a reader sees: titles, annotations and node labels, axis labels and the
    tick labels drawn (of axes shown), legends' texts, the figure's own texts."""
    texts = list(fig.texts)
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        texts += [*ax.texts, ax.title, ax._left_title, ax._right_title]
        if ax.axison:
            for axis in (ax.xaxis, ax.yaxis):
                if axis.get_visible():
                    texts.append(axis.label)
                    texts += [tick.label1 for tick in axis._update_ticks()
                              if tick.get_visible() and tick.label1.get_visible()]
                    texts += [tick.label2 for tick in axis._update_ticks()
                              if tick.get_visible() and tick.label2.get_visible()]
        legend = ax.get_legend()
        if legend is not None and legend.get_visible():
            texts += [*legend.get_texts(), legend.get_title()]
    for legend in fig.legends:
        texts += [*legend.get_texts(), legend.get_title()]
    return texts


def _texts(fig: Any, renderer: Any) -> list[tuple[str, Bbox]]:
    """Every visible, non-empty text drawn, with its box in display pixels (the box drawn
    around it, where it has one)."""
    out = []
    for t in _drawn_texts(fig):
        if not (t.get_visible() and t.get_text().strip()):
            continue
        patch = t.get_bbox_patch()
        box = patch.get_window_extent(renderer) if patch is not None else \
            t.get_window_extent(renderer)
        out.append((t.get_text(), box))
    return out


def arrowheads(fig: Any, renderer: Any) -> list[Bbox]:
    """The box of each arrow's head (FancyArrowPatches, annotations' arrows): the last path
    of its drawing, or the last three points of a one-path arrow."""
    heads = []
    arrows = [*fig.findobj(FancyArrowPatch),
              *(a.arrow_patch for a in fig.findobj(Annotation) if a.arrow_patch is not None)]
    for arrow in arrows:
        if not arrow.get_visible() or arrow.get_arrowstyle().__class__.__name__ in (
                "Curve", "_Curve"):
            continue
        style = arrow.get_arrowstyle()
        if not getattr(style, "arrow", "-").endswith(">"):
            continue
        arrow.draw(renderer)
        paths = arrow._get_path_in_displaycoord()[0]
        head = paths[-1] if len(paths) > 1 else paths[0]
        keep = head.codes is None or head.codes != head.CLOSEPOLY
        vertices = np.asarray(head.vertices)[keep if head.codes is not None else slice(None)]
        if len(paths) == 1:  # one path: the head is its end
            vertices = vertices[-3:]
        heads.append(Bbox.from_extents(vertices[:, 0].min(), vertices[:, 1].min(),
                                       vertices[:, 0].max(), vertices[:, 1].max()))
    return heads


def _data_points(ax: Any) -> list[np.ndarray]:
    """Each data line (sampled densely) and marker collection of ``ax``, in display pixels."""
    out = []
    for line in ax.get_lines():
        if not line.get_visible():
            continue
        xy = line.get_xydata()
        if len(xy) == 0:
            continue
        pixels = ax.transData.transform(xy)
        if len(pixels) > 1 and line.get_linestyle() not in ("None", "", " "):
            dense = [np.linspace(a, b, 12) for a, b in pairwise(pixels)]
            pixels = np.vstack(dense)
        out.append(pixels)
    for coll in ax.collections:
        offsets = coll.get_offsets()
        if coll.get_visible() and len(offsets) and coll.get_offset_transform() is ax.transData:
            out.append(ax.transData.transform(offsets))
    return out


def collisions(fig: Any) -> list[str]:
    """What covers what in ``fig``: text on text, text on an arrowhead, a legend on data."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    found = []
    texts = _texts(fig, renderer)
    legends = [lg for lg in fig.findobj(Legend) if lg.get_visible()]
    for (ta, a), (tb, b) in combinations(texts, 2):
        if _overlap(a, b):
            found.append(f"text {ta!r} overlaps text {tb!r}")
    for head in arrowheads(fig, renderer):
        for text, box in texts:
            if _overlap(box, head):
                found.append(f"text {text!r} covers an arrowhead at "
                             f"({head.x0:.0f}, {head.y0:.0f})")
    for legend in legends:
        box = legend.get_window_extent(renderer)
        ax = legend.axes
        if ax is None:
            continue
        for points in _data_points(ax):
            inside = ((points[:, 0] > box.x0) & (points[:, 0] < box.x1)
                      & (points[:, 1] > box.y0) & (points[:, 1] < box.y1))
            if inside.any():
                found.append(f"the legend of {ax.get_title()!r} covers data")
                break
    return found


Figures = Callable[[], Iterator[tuple[str, Any]]]


def _toritori() -> Iterator[tuple[str, Any]]:
    from ecogames import toritori
    from ecogames.bots import make_bot
    from ecogames.core.plots import draw_cascade
    from ecogames.games.toritori import plots

    game = toritori.new_game(players=2, seed=11)
    bot, cascade = make_bot("toritori-heuristic", 11), None
    while not game.is_over:
        step = game.apply(bot.choose(game, game.legal_actions()))
        cascade = step if cascade is None or len(step) > len(cascade) else cascade
    yield "toritori populations", plots.plot_populations(game).figure
    yield "toritori many games", plots.plot_many([game, game]).figure
    yield "toritori food web", plots.plot_food_web(game).figure
    assert cascade is not None and len(cascade) > 5
    yield "toritori cascade", draw_cascade(cascade).figure


def _experiment() -> Iterator[tuple[str, Any]]:
    import ecogames
    from ecogames.core.plots import plot_mean_bands, plot_probability_by_step

    ex = ecogames.experiment("toritori", grid={"bots": ["toritori-hands-off",
                                                        "toritori-heuristic"]},
                             seeds=4, progress=False)
    yield "experiment mean bands", plot_mean_bands(ex.series, ["Tori-tori"], by="bots").figure
    yield "experiment all quantities", plot_mean_bands(ex.series).figure
    yield "experiment probability", plot_probability_by_step(
        ex.games, ex.games["reason"].str.contains("extinct"), by="bots").figure
    from ecogames.lab_widgets import ExperimentForm

    form = ExperimentForm("toritori")  # the form's own figure: its legend beside the axes
    form.options["difficulty"].value = ("basic", "expert")
    form.games.value = 3
    form.run()
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(form.figure)  # the form closed it once shown: draw it again with Agg
    yield "experiment form", form.figure


def _other_games() -> Iterator[tuple[str, Any]]:
    from ecogames import tori, tulikko
    from ecogames.bots import make_bot, play
    from ecogames.games import biotopes
    from ecogames.games.biotopes import plots as bplots
    from ecogames.games.tori import plots as tplots
    from ecogames.games.tulikko import plots as kplots
    from ecogames.games.wildlifeweb import graphs
    from ecogames.games.wildlifeweb import plots as wplots

    market = tori.new_game(players=3, seed=2)
    bots = [make_bot("tori-greedy", seat) for seat in range(3)]
    while len(market.stalls) < 6:
        market.push(bots[market.current_player].choose(market, market.legal_actions()))
    yield "tori walks", tplots.plot_walks(market).figure
    game = tulikko.new_game(players=2, seed=11, maps=["fox", "owl"])
    play(game, [make_bot("tulikko-greedy", 1), make_bot("tulikko-greedy", 2)])
    yield "tulikko maps", kplots.plot_maps(game)
    web = graphs.food_web(pets=False)
    yield "wildlifeweb food web", wplots.plot_food_web(web).figure
    yield "wildlifeweb without plants", wplots.plot_food_web(
        web, removed=["plants"], starving=graphs.secondary_extinctions(web, "plants")).figure
    yield "wildlifeweb diets", wplots.plot_diets({"carnivores": 5, "herbivores": 3},
                                                 {"carnivores": 2}, games=2).figure
    bgame = biotopes.new_game(players=2, seed=11)
    play(bgame, [make_bot("biotopes-greedy", 1), make_bot("biotopes-greedy", 2)])
    yield "biotopes landscape", bplots.plot_landscape(bgame).figure
    yield "biotopes food webs", bplots.plot_food_webs(bgame)


def _food_web_lab() -> Iterator[tuple[str, Any]]:
    from ecogames.core.plots import draw_food_web
    from ecogames.foodweb import plot_robustness, robustness
    from ecogames.games.biotopes.graphs import food_web as biotopes_web
    from ecogames.games.toritori.graphs import food_web as toritori_web
    from ecogames.games.wildlifeweb import graphs

    web = graphs.food_web(pets=False)
    yield "robustness", plot_robustness([robustness(web, trials=3),
                                         robustness(web, "most-connected")]).figure
    yield "lab: Tori-Tori web", draw_food_web(toritori_web()).figure
    yield "lab: Biotopes web", draw_food_web(biotopes_web()).figure
    from ecogames.foodweb import plot_realism, realism

    webs = {"Tori-Tori": toritori_web(), "Wildlife Web": web, "Biotopes": biotopes_web()}
    yield "lab: realism", plot_realism(realism(webs, draws=3, seed=1))


FIGURE_SETS: dict[str, Figures] = {"toritori": _toritori, "experiment": _experiment,
                                   "other games": _other_games, "food-web lab": _food_web_lab}
"""Every figure the package draws, in sets that build their games once."""


def every_figure() -> Iterator[tuple[str, Any]]:
    for figures in FIGURE_SETS.values():
        yield from figures()
