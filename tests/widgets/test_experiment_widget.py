"""Issue 14 §4: the experiment form, built from the game, runs one experiment() and shows it."""

import ipywidgets as w
import matplotlib
import pytest

import ecogames
from ecogames import experiments
from ecogames.bots import bots_for
from ecogames.core.plots import mean_bands
from ecogames.lab_widgets import Choices, ExperimentForm
from tests.support.pond import Pond

matplotlib.use("Agg")


def test_the_form_is_built_from_the_games_options_players_and_bots():
    form = ecogames.experiment_widget("toritori")
    cls = experiments.game_class("toritori")
    assert isinstance(form, ExperimentForm) and form.game.value == "toritori"
    assert (form.players.min, form.players.max) == (cls.min_players, cls.max_players)
    assert list(form.bots.options) == bots_for("toritori")
    specs = {o.name: o for o in cls.option_specs if o.in_forms}
    assert set(form.options) == set(specs)
    for name, control in form.options.items():
        spec = specs[name]
        if spec.choices:
            assert isinstance(control, Choices)
            assert [v for _, v in control.options] == list(spec.choices)
        else:
            assert isinstance(control, w.IntRangeSlider)
            shift = 1 if spec.counts_seats else 0  # a seat counts from 1, as in the widget
            assert (control.min, control.max) == (spec.low + shift, spec.high + shift)
    assert form.grid() == {"players": [2], "bots": ["toritori-heuristic"],
                           **{name: [spec.default] for name, spec in specs.items()}}


def test_another_game_rebuilds_the_sweep():
    form = ExperimentForm("toritori")
    form.game.value = "tulikko"
    cls = experiments.game_class("tulikko")
    assert list(form.bots.options) == bots_for("tulikko")
    assert set(form.options) == {o.name for o in cls.option_specs if o.in_forms}
    assert form.sweep.children[0] is form.players


def test_run_plays_each_game_once_and_shows_the_experiments_own_frames(monkeypatch):
    played = []
    original = experiments.play_run

    def counting(run, collect=None):
        played.append(run.run)
        return original(run, collect)

    monkeypatch.setattr(experiments, "play_run", counting)
    form = ExperimentForm("toritori")
    form.players.value = (2, 3)
    form.games.value = 3
    form.by.value = "players"
    ticks = []
    form.progress.observe(lambda change: ticks.append(change["new"]), names="value")
    result = form.run()
    assert sorted(played) == list(range(6))  # 2 settings x 3 games, each played once
    assert form.result is result and form.progress.value == form.progress.max == 6
    assert ticks[-6:] == [1, 2, 3, 4, 5, 6]
    assert set(result.games["players"]) == {2, 3} and len(result.games) == 6
    assert result.series["run"].nunique() == 6
    # the plot draws the experiment's series frame: its lines are mean_bands of that frame
    ax = form.figure.axes[0]
    bands = mean_bands(result.series, list(form.quantities.value), by="players")
    name = bands["quantity"].iloc[0]
    assert name in form.quantities.value
    first = bands[(bands["players"] == 2) & (bands["quantity"] == name)]
    line = ax.get_lines()[0]
    assert list(line.get_xdata()) == list(first["step"])
    assert list(line.get_ydata()) == pytest.approx(list(first["mean"]))
    assert "95% confidence" in ax.get_title()
    assert list(form.table["Game"]) == list(result.games["run"])  # its rows, in words


def test_a_game_without_series_gets_its_table_and_no_plot():
    form = ExperimentForm(Pond)
    form.games.value = 2
    result = form.run()
    assert len(result.games) == 2 and form.figure is None and len(form.table) == 2


def test_a_bad_sweep_says_why_and_plays_nothing(monkeypatch):
    form = ExperimentForm(Pond)
    form.bots.value = ()
    monkeypatch.setattr(form, "grid", lambda: {"players": [9]})
    with pytest.raises(experiments.ExperimentError):
        form.run()
    assert "Could not run" in form.message.value and form.progress.bar_style == "danger"
    assert form.result is None and not form.run_button.disabled
