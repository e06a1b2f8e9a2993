"""The shared matplotlib pictures draw what they are given (checked on the Axes they return)."""

from ecogames.core.plots import (
    draw_cascade,
    draw_food_web,
    plot_population_bands,
    plot_populations,
)
from tests.support.pond import Pond, Roll


def test_food_web_draws_every_species_and_level():
    web = Pond.new_game(players=1, seed=1).food_web()
    ax = draw_food_web(web, highlight=["snail"])
    texts = {t.get_text() for t in ax.texts}
    assert {"algae", "snail", "fish", "level 1", "level 3"} <= texts


def test_cascade_tree_shows_every_event_under_its_cause():
    game = Pond.new_game(players=1, seed=5)
    cascade = game.apply(Roll())
    ax = draw_cascade(cascade)
    texts = [t.get_text() for t in ax.texts if t.get_text()]  # arrows are empty annotations
    assert any("Roll the die" in t for t in texts)
    assert len(texts) == len(cascade) + 1


def test_populations_one_line_each_with_its_own_marker():
    ax = plot_populations({"algae": [4, 5, 3], "fish": [1, 1, 0]})
    assert [line.get_label() for line in ax.lines] == ["algae", "fish"]
    assert ax.lines[0].get_marker() != ax.lines[1].get_marker()


def test_bands_pad_short_games_with_their_last_value():
    ax = plot_population_bands([{"fish": [1, 2]}, {"fish": [1, 2, 3, 4]}])
    assert list(ax.lines[0].get_ydata()) == [1.0, 2.0, 2.5, 3.0]


def test_tree_positions_handle_a_lone_action():
    from ecogames.core.events import Cascade

    ax = draw_cascade(Cascade(Roll(), "Roll the die"))
    assert [t.get_text() for t in ax.texts] == ["Roll the die"]
