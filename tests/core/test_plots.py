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


# -- every package plot is legible projected: no text under 10 pt at the default size ------

import matplotlib  # noqa: E402

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from ecogames.core.plots import (  # noqa: E402
    mean_bands,
    plot_mean_bands,
    probability_by_step,
    small_texts,
    wilson,
)

# every figure of the package (tests/support/figures.py) is checked for 10 pt text, its
# width and covered texts, arrowheads and data in tests/test_figures.py


def test_small_texts_finds_a_small_text():
    fig, ax = plt.subplots()
    ax.text(0, 0, "tiny", fontsize=6)
    assert small_texts(fig) == [("tiny", 6.0)]
    plt.close(fig)


def test_steps_get_integer_ticks():
    import pandas as pd

    frame = pd.DataFrame({"run": [0, 0, 0, 1, 1], "step": [0, 1, 2, 0, 1],
                          "quantity": ["fish"] * 5, "value": [4.0, 2.0, 0.0, 4.0, 4.0]})
    ax = plot_mean_bands(frame)
    ticks = [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]]
    assert ticks and all(float(t).is_integer() for t in ticks)
    plt.close(ax.figure)


def test_mean_bands_carry_an_ended_game_forward_and_widen_with_spread():
    import pandas as pd

    frame = pd.DataFrame({"run": [0, 0, 0, 1, 1], "step": [0, 1, 2, 0, 1],
                          "quantity": ["fish"] * 5, "value": [4.0, 2.0, 0.0, 4.0, 4.0]})
    bands = mean_bands(frame).set_index("step")
    assert list(bands["mean"]) == [4.0, 3.0, 2.0]
    assert bands.loc[0, "low"] == bands.loc[0, "high"] == 4.0
    assert bands.loc[2, "low"] < 2.0 < bands.loc[2, "high"]
    assert list(bands["games"]) == [2, 2, 2]


def test_probability_by_step_is_cumulative_with_wilson_bands():
    import pandas as pd

    games = pd.DataFrame({"steps": [1, 3, 3, 5], "team": ["a", "a", "b", "b"]})
    table = probability_by_step(games, [True, False, True, True], by="team")
    a = table[table["team"] == "a"].set_index("step")["probability"]
    b = table[table["team"] == "b"].set_index("step")["probability"]
    assert list(a) == [0, 0.5, 0.5, 0.5, 0.5, 0.5]
    assert list(b) == [0, 0, 0, 0.5, 0.5, 1.0]
    low, high = wilson(5, 10)
    assert low < 0.5 < high and round(low, 3) == 0.237 and round(high, 3) == 0.763
