"""One palette per game: colour-blind safe (Machado 2009 simulation), and the same colours
in every matplotlib figure and in the widget."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest
from matplotlib.colors import to_hex

from ecogames.core.palette import (
    OKABE_ITO,
    Palette,
    Swatch,
    clashes,
    delta_e,
    palette_of,
    simulate,
)
from ecogames.core.series import spec_of
from ecogames.games import biotopes, tori, toritori, tulikko, wildlifeweb

GAMES = {"toritori": toritori, "wildlifeweb": wildlifeweb, "biotopes": biotopes,
         "tori": tori, "tulikko": tulikko}


def _new(name):
    options = {"maps": ["fox", "owl"]} if name == "tulikko" else {}
    return GAMES[name].new_game(players=2, seed=3, **options)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_palette_tells_its_kinds_apart_in_colour_blind_vision(name):
    palette = palette_of(_new(name))
    assert palette.groups, f"{name} has no palette"
    assert clashes(palette) == []


def test_a_clash_is_found_for_colours_a_deuteranope_confuses_and_one_shape():
    grey, pink = "#999999", OKABE_ITO["pink"]
    assert delta_e(grey, pink) > 30          # far apart with normal vision...
    assert delta_e(grey, pink, "deuteranopia") < 12   # ...alike for a deuteranope
    same_shape = Palette({"diets": {"a": Swatch(grey, "circle", "Sc"),
                                    "b": Swatch(pink, "circle", "Om")}})
    assert len(clashes(same_shape)) == 1
    told_apart = Palette({"diets": {"a": Swatch(grey, "cross", "Sc"),
                                    "b": Swatch(pink, "hexagon", "Om")}})
    assert clashes(told_apart) == []


def test_groups_drawn_together_are_checked_together():
    apart = {"species": {"tree": Swatch(OKABE_ITO["green"], "triangle", "NT")},
             "players": {"green": Swatch(OKABE_ITO["green"], "triangle", "NT")}}
    assert clashes(Palette(apart)) == []
    assert len(clashes(Palette(apart, together=(("species", "players"),)))) == 1


def test_machado_simulation_of_pure_red():
    # Machado et al. 2009, severity 1.0: red keeps 15% / 37% of its linear red channel
    assert simulate("#FF0000", "protanopia") == pytest.approx((0.152286, 0.114503, 0.0),
                                                              abs=1e-6)
    assert simulate("#FF0000", "deuteranopia") == pytest.approx((0.367322, 0.280085, 0.0),
                                                                abs=1e-6)
    with pytest.raises(ValueError, match="vision"):
        simulate("#FF0000", "tritanopia")


def test_bad_swatches_are_refused():
    with pytest.raises(ValueError, match="shape"):
        Swatch("#000000", "blob")
    with pytest.raises(ValueError, match="colour"):
        Swatch("green")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_widget_is_sent_the_game_palette(name):
    game = _new(name)
    widget = game.widget()
    assert widget.drawing["palette"] == palette_of(game).to_json()
    # the live plot's colours are the palette's (species, groups or seats)
    assert set(widget.series["colours"].values()) <= set(palette_of(game).colours().values())
    markers = widget.series["markers"]   # the live plot's shapes are the figures' markers
    assert markers == dict(spec_of(game).markers)
    assert set(markers.values()) <= set(palette_of(game).markers().values()) | {"o", "v", "s"}


def test_toritori_figures_and_widget_draw_each_species_in_one_colour():
    from ecogames.games.toritori import plots

    game = _new("toritori")
    widget = game.widget()
    species = palette_of(game).groups["species"]
    panel = {n["id"]: n["colour"] for n in widget.food_web["nodes"]}
    assert panel == {key: s.colour for key, s in species.items()}
    ax = plots.plot_food_web(game)
    drawn = {}
    for collection in ax.collections:
        colours = collection.get_facecolors()
        if len(colours) and collection.get_offsets().shape[0] == len(colours):
            for offset, colour in zip(collection.get_offsets(), colours):
                drawn[tuple(round(v, 4) for v in offset)] = to_hex(colour).upper()
    assert sorted(drawn.values()) == sorted(panel.values())
    plt.close(ax.figure)
    ax = plots.plot_populations(game)
    lines = {line.get_label(): to_hex(line.get_color()).upper() for line in ax.lines}
    assert lines == {s.label: s.colour for s in species.values()}
    assert {k: v.upper() for k, v in widget.series["colours"].items()} == lines
    plt.close(ax.figure)


def test_wildlifeweb_species_take_their_diet_group_colour_in_the_panel_and_figure():
    from ecogames.games.wildlifeweb import graphs, plots
    from ecogames.games.wildlifeweb.series import GROUP_OF

    palette = palette_of(_new("wildlifeweb"))
    web = graphs.food_web(pets=False)
    ax = plots.plot_food_web(web)
    legend = {t.get_text() for t in ax.get_legend().get_texts()}
    assert set(GROUP_OF[n] for n in web if n in GROUP_OF) <= legend
    for collection in ax.collections:
        label = collection.get_label()
        if label in palette.groups["diets"]:
            colours = {to_hex(c).upper() for c in collection.get_facecolors()}
            assert colours == {palette.groups["diets"][label].colour}
    plt.close(ax.figure)


def test_experiment_series_frames_carry_the_palette_to_the_plots():
    import ecogames
    from ecogames.core.plots import plot_mean_bands

    ex = ecogames.experiment("toritori", bots="toritori-hands-off", seeds=2, progress=False)
    ax = plot_mean_bands(ex.series, ["Native Tree", "Cat"])
    colours = {line.get_label(): to_hex(line.get_color()).upper() for line in ax.lines}
    species = palette_of(toritori.ToriTori).groups["species"]
    assert colours == {"Native Tree": species["native_tree"].colour,
                       "Cat": species["cat"].colour}
    plt.close(ax.figure)
