"""Issue 21 §5: the experiment form a student reads — a summary first (the outcome per setting,
its 95% interval, the games), the plot's legend outside the axes, and the games table with
only the columns that mean something, folded; multiple choice without Ctrl-click; seats from 1."""

import math

import matplotlib
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from ecogames import experiments
from ecogames.experiments import interval, outcomes, readable_games, summary
from ecogames.lab_widgets import Choices, ExperimentForm

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def sweep():
    """A Basic + Expert sweep of 20 games each, run from the form as a student would."""
    form = ExperimentForm("toritori")
    form.options["difficulty"].value = ("basic", "expert")
    form.games.value = 20
    form.run()
    return form


def test_the_summary_gives_the_team_win_rate_per_setting_with_its_interval(sweep):
    result = sweep.result
    table = sweep.summary
    assert list(table.columns) == ["difficulty", "games", "value", "low", "high"]
    assert list(table["difficulty"]) == ["basic", "expert"] and list(table["games"]) == [20, 20]
    rates = result.games.groupby("difficulty")["won"].mean()
    for _, row in table.iterrows():
        assert row["value"] == pytest.approx(float(rates[row["difficulty"]]))
        assert 0 <= row["low"] <= row["value"] <= row["high"] <= 1
    html = sweep.summary_html.value
    assert "Team wins" in html and "Basic" in html and "Expert" in html
    assert "95% interval" in html and "<td>20</td>" in html
    assert "every game: players: 2," in html and "bots: toritori-heuristic in every seat" in html


def test_the_summary_comes_first_and_the_table_is_folded(sweep):
    children = list(sweep.children)
    assert children.index(sweep.summary_box) < children.index(sweep.plot_output) \
        < children.index(sweep.table_box)
    assert sweep.summary_box.layout.display == "" and sweep.table_box.selected_index is None
    assert sweep.table_box.children == (sweep.table_output,)


def test_another_outcome_is_summarised_without_playing_again(sweep, monkeypatch):
    monkeypatch.setattr(experiments, "play_run", lambda *a: pytest.fail("played again"))
    assert sweep.outcome.options[0] == "Team wins"
    sweep.outcome.value = "Actions per game"
    try:
        means = sweep.result.games.groupby("difficulty")["length"].mean()
        assert list(sweep.summary["value"]) == pytest.approx(list(means))
        assert "Actions per game" in sweep.summary_html.value
    finally:
        sweep.outcome.value = "Team wins"


def test_the_table_keeps_only_the_columns_that_mean_something(sweep):
    table = sweep.table
    assert list(table.columns) == ["Game", "Seed", "Difficulty", "Team won", "How it ended",
                                   "Turns of the dice", "Actions"]
    assert set(table["Difficulty"]) == {"Basic", "Expert"}
    assert set(table["Team won"]) <= {"yes", "no"}
    assert not table.isna().any().any()


def test_the_plots_legend_lies_outside_the_axes(sweep):
    figure = sweep.figure
    renderer = FigureCanvasAgg(figure).get_renderer()
    figure.draw(renderer)
    ax = figure.axes[0]
    legend = ax.get_legend()
    assert legend is not None
    # split by what the sweep varied: one line per quantity and difficulty
    texts = sorted(t.get_text() for t in legend.get_texts())
    assert texts == sorted(f"{q}, {d}" for q in sweep.quantities.value
                           for d in ("basic", "expert"))
    box, frame = legend.get_window_extent(renderer), ax.get_window_extent(renderer)
    assert box.x0 >= frame.x1  # beside the axes: it covers no line
    assert box.x1 <= figure.bbox.x1 + 1  # and inside the picture


def test_a_competitive_game_is_summarised_per_seat_in_words():
    form = ExperimentForm("tulikko")
    form.bots.value = ("random",)
    form.games.value = 4
    result = form.run()
    labels = [o.label for o in outcomes(result)]
    assert labels == ["Player 1 wins", "Player 2 wins", "Player 1's score", "Player 2's score",
                      "Rounds per game", "Actions per game"]
    assert form.outcome.value == "Player 1 wins"
    (row,) = summary(result).to_dict("records")  # one setting: one row
    wins = [0 in w for w in result.games["winners"]]
    assert row["games"] == 4 and row["value"] == pytest.approx(sum(wins) / 4)
    assert "all games" in form.summary_html.value
    table = readable_games(result)
    assert list(table.columns) == ["Game", "Seed", "Winner", "Player 1's score",
                                   "Player 2's score", "How it ended", "Rounds", "Actions"]
    assert all(w.startswith("Player ") or w == "nobody" for w in table["Winner"])
    first = result.games["winners"].iloc[0]
    assert table["Winner"].iloc[0].startswith(f"Player {first[0] + 1}")


def test_the_first_player_is_counted_from_one():
    form = ExperimentForm("toritori")
    control = form.options["first_player"]
    assert (control.min, control.max, control.value) == (1, 4, (1, 1))
    assert "First player" in control.description
    control.value = (1, 2)
    assert form.grid()["first_player"] == [0, 1]
    form.games.value = 1
    result = form.run()
    assert set(result.games["first_player"]) == {0, 1}
    assert list(form.table["First player"]) == ["Player 1", "Player 2"]
    assert list(form.summary["first_player"]) == [0, 1]
    assert "<td>Player 1</td>" in form.summary_html.value


def test_several_choices_are_picked_by_plain_clicks():
    form = ExperimentForm("toritori")
    choices = form.options["difficulty"]
    assert isinstance(choices, Choices) and isinstance(form.bots, Choices)
    assert isinstance(form.quantities, Choices)
    expert = choices.buttons[[v for _, v in choices.options].index("expert")]
    expert.value = True  # a click: the other choice stays chosen
    assert choices.value == ("basic", "expert")
    assert form.grid()["difficulty"] == ["basic", "expert"]
    choices.buttons[0].value = False  # a second click takes it back
    assert choices.value == ("expert",)
    choices.value = ("basic",)  # set in code: the buttons follow
    assert [b.value for b in choices.buttons] == [True, False, False]
    assert [b.button_style for b in choices.buttons] == ["info", "", ""]


@pytest.mark.parametrize(("values", "rate", "expected"), [
    ([1.0] + [0.0] * 19, True, (0.05, 0.0089, 0.2361)),  # Wilson's interval, 1 of 20
    ([0.0] * 20, True, (0.0, 0.0, 0.1611)),
    ([1.0] * 5, True, (1.0, 0.5655, 1.0)),
    ([2.0, 4.0, 6.0], False, (4.0, 4.0 - 1.96 * 2 / math.sqrt(3), 4.0 + 1.96 * 2 / math.sqrt(3))),
])
def test_the_95_percent_interval(values, rate, expected):
    assert interval(values, rate) == pytest.approx(expected, abs=1e-4)


def test_an_unknown_outcome_is_refused_with_the_known_ones(sweep):
    with pytest.raises(experiments.ExperimentError, match="'Team wins'"):
        summary(sweep.result, "Goals")
