"""ecogames.experiment(): sweeps as DataFrames, reproducible, honest about failure."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest

import ecogames
from ecogames.experiments import (
    GAME_CLUSTER_SETTINGS,
    ExperimentError,
    experiment,
    local_cluster,
    seat_seed,
)
from tests.support.pond import Pond


def fish(game):
    return game.population["fish"]


def snails(game):
    return game.population["snail"]


MEASURES = {"fish": fish, "snails": snails}


def pond_experiment(**kwargs):
    arguments = {"grid": {"players": [1, 2], "rounds": [3, 5]}, "seeds": 6,
                 "collect": MEASURES, "progress": False, **kwargs}
    return experiment(Pond, **arguments)


def test_one_row_per_run_with_its_parameters_and_seed():
    ex = pond_experiment()
    games = ex.games
    assert len(games) == 4 * 6
    assert list(games["run"]) == list(range(24))
    assert games.groupby(["players", "rounds"]).size().tolist() == [6, 6, 6, 6]
    assert sorted(set(games["seed"])) == list(range(6))
    assert set(games["bots"]) == {"random", "random, random"}
    assert games["error"].isna().all()
    assert (games["length"] > 0).all()


def test_the_outcome_columns_are_the_games_own_outcome():
    ex = pond_experiment()
    for row in ex.games.itertuples():
        game = ex.replay(row.run)
        assert game.outcome.reason == row.reason
        assert tuple(game.outcome.winners) == row.winners
        assert row.length == len(game.history)
        for seat, score in enumerate(game.outcome.scores):
            assert getattr(row, f"score_{seat}") == score


def test_the_series_has_one_row_per_run_step_and_quantity():
    ex = pond_experiment()
    series = ex.series
    assert set(series.columns) >= {"run", "seed", "players", "rounds", "bots", "step",
                                   "quantity", "value"}
    assert set(series["quantity"]) == {"fish", "snails"}
    assert not series.duplicated(["run", "step", "quantity"]).any()
    # Pond has no series of its own: its steps are its actions, the last one the end
    for row in ex.games.itertuples():
        mine = series[(series["run"] == row.run) & (series["quantity"] == "fish")]
        assert list(mine["step"]) == list(range(row.length + 1))
        assert mine["value"].iloc[-1] == fish(ex.replay(row.run))


def test_the_same_arguments_give_identical_frames():
    a, b = pond_experiment(), pond_experiment()
    pd.testing.assert_frame_equal(a.games, b.games)
    pd.testing.assert_frame_equal(a.series, b.series)


def test_params_as_a_list_of_dicts_and_bots_by_seat():
    ex = experiment(Pond, params=[{"players": 2, "rounds": 4, "bots": ["random", "random"]},
                                  {"players": 1, "rounds": 2}], seeds=[5, 9], progress=False)
    assert list(zip(ex.games["players"], ex.games["rounds"], ex.games["seed"])) == [
        (2, 4, 5), (2, 4, 9), (1, 2, 5), (1, 2, 9)]


def test_each_seat_has_its_own_bot_seed():
    assert len({seat_seed(7, seat) for seat in range(6)}) == 6
    assert seat_seed(7, 0) != seat_seed(8, 0)


@pytest.mark.parametrize("kwargs, message", [
    ({"grid": {"no_such_option": [1]}}, "no_such_option"),
    ({"grid": {"rounds": [0]}}, "rounds"),
    ({"grid": {"players": [7]}}, "1 to 4 players"),
    ({"bots": "no-such-bot"}, "cannot play"),
    ({"bots": ["random"], "grid": {"players": [2]}}, "1 bots given for 2 seats"),
    ({"seeds": 0}, "at least 1"),
    ({"seeds": [1, -2]}, "non-negative"),
    ({"seeds": "12"}, "count or a list"),
    ({"grid": {"rounds": []}}, "no values"),
    ({"params": {"rounds": 3}}, "list of parameter dicts"),
    ({"grid": {"rounds": [3]}, "params": [{}]}, "either grid or params"),
    ({"n_jobs": 0}, "n_jobs"),
    ({"collect": {"x": 3}}, "function of a game"),
])
def test_bad_parameters_are_refused_before_anything_runs(kwargs, message):
    calls = []
    arguments = {"seeds": 3, "progress": False, "collect": {"spy": lambda g: calls.append(1)},
                 **kwargs}
    with pytest.raises(ExperimentError, match=message):
        experiment(Pond, **arguments)
    assert calls == []


def test_a_bot_of_another_game_is_refused():
    with pytest.raises(ExperimentError, match="cannot play"):
        experiment("toritori", bots="tori-greedy", seeds=1, progress=False)


def test_an_unknown_game_is_refused():
    with pytest.raises(ExperimentError, match="unknown game"):
        experiment("chess", seeds=1, progress=False)


def flaky(game):
    if game.population["fish"] >= 2:
        raise ZeroDivisionError("the measure broke")
    return 1


def test_a_run_that_raises_is_a_row_with_its_error_and_seed():
    with pytest.warns(RuntimeWarning, match="raised an error"):
        ex = experiment(Pond, grid={"players": 1, "rounds": 8}, seeds=20,
                        collect={"flaky": flaky}, progress=False)
    errors = ex.errors
    assert 0 < len(errors) < 20, "the seeds should include games that break and that don't"
    assert errors["error"].str.startswith("ZeroDivisionError: the measure broke").all()
    assert errors["reason"].isna().all()
    fine = ex.games[ex.games["error"].isna()]
    assert len(fine) + len(errors) == 20
    assert set(ex.series["run"]) == set(fine["run"])


def test_a_thread_pool_gives_the_serial_frames():
    serial = pond_experiment()
    with ThreadPoolExecutor(2) as pool:
        threaded = pond_experiment(executor=pool, chunksize=5)
    pd.testing.assert_frame_equal(serial.games, threaded.games)
    pd.testing.assert_frame_equal(serial.series, threaded.series)


def test_two_processes_give_the_serial_frames_and_take_lambdas():
    collect = {**MEASURES, "half the fish": lambda g: g.population["fish"] / 2}
    serial = pond_experiment(collect=collect)
    parallel = pond_experiment(collect=collect, n_jobs=2)
    pd.testing.assert_frame_equal(serial.games, parallel.games)
    pd.testing.assert_frame_equal(serial.series, parallel.series)
    assert "half the fish" in set(parallel.series["quantity"])


def _worker_settings() -> dict[str, object]:
    import dask

    return {key: dask.config.get(key) for key in GAME_CLUSTER_SETTINGS}


def test_a_dask_local_cluster_of_two_worker_processes_gives_the_serial_frames():
    distributed = pytest.importorskip("dask.distributed")
    arguments = {"grid": {"difficulty": ["basic", "expert"]}, "bots": "toritori-heuristic",
                 "seeds": 8, "progress": False, "collect": {"actions": lambda g: len(g.history)},
                 "causes": True}
    serial = experiment("toritori", **arguments)
    with local_cluster(2) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        # each worker process plays with the game settings (no profiler, slow housekeeping)
        assert list(client.run(_worker_settings).values()) == [dict(GAME_CLUSTER_SETTINGS)] * 2
        on_dask = experiment("toritori", executor=client, **arguments)
    pd.testing.assert_frame_equal(serial.games, on_dask.games)
    pd.testing.assert_frame_equal(serial.series, on_dask.series)
    assert len(serial.series) > 0
    for question in ("outcome", "extinction"):
        pd.testing.assert_frame_equal(serial.causes(question).frame,
                                      on_dask.causes(question).frame)


def test_an_interrupt_returns_the_games_that_finished():
    seen = []

    def measure(game):
        if len(game.history) == 0:
            seen.append(1)
            if len(seen) == 5:
                raise KeyboardInterrupt
        return 0

    with pytest.warns(RuntimeWarning, match="interrupted: 4 of 10"):
        ex = experiment(Pond, grid={"players": 1}, seeds=10, collect={"m": measure},
                        progress=False)
    assert ex.interrupted
    assert list(ex.games["run"]) == [0, 1, 2, 3]


class SlowMeasure:
    """Takes its time at every step, and leaves a file when a game it measures ends."""

    def __init__(self, folder):
        self.folder = str(folder)

    def __call__(self, game):
        import time
        import uuid

        time.sleep(0.1)
        if game.is_over:
            open(os.path.join(self.folder, uuid.uuid4().hex), "w").close()
        return 0


def test_an_interrupt_stops_the_worker_processes(tmp_path):
    # each game takes seconds; the interrupt comes while the first two are being played.
    # Ctrl-C as in a plain Python process: whatever handler an earlier test left is set aside
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(2.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.warns(RuntimeWarning, match="interrupted"):
            ex = experiment(Pond, grid={"players": 1, "rounds": 20}, seeds=40,
                            collect={"slow": SlowMeasure(tmp_path)}, n_jobs=2, chunksize=1,
                            progress=False)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, handler)
    assert ex.interrupted
    assert len(ex.results) < 40
    # the games the workers were playing were stopped, not played to their end
    assert len(list(tmp_path.iterdir())) == len(ex.results)
    assert not [p for p in multiprocessing.active_children() if p.is_alive()]


def test_progress_is_a_tqdm_bar(capsys):
    experiment(Pond, seeds=3, progress=True)
    assert "games" in capsys.readouterr().err


def test_experiment_is_part_of_the_package():
    assert ecogames.experiment is experiment


def test_what_if_plays_both_futures_with_the_same_bots_and_seeds():
    game = Pond.new_game(players=1, seed=4, rounds=6)
    bot = ecogames.RandomBot(2)
    for _ in range(4):
        game.push(bot.choose(game, game.legal_actions()))
    step = next(i for i, a in enumerate(game.history) if a.type == "roll")
    natural = game.chances(step)[0].outcome
    other = 6 if natural != 6 else 1
    w = ecogames.what_if(game, step, chance=other, seed=5, collect=MEASURES)
    assert w.actual.is_over and w.alternative.is_over
    assert w.actual.history[:step + 1] == game.history[:step + 1]
    assert w.alternative.chances(step)[0].outcome == other
    series = w.series
    assert list(series["future"].cat.categories) == ["as it happened", "what if"]
    before = series[series["step"] <= step]
    pivot = before.pivot_table("value", ["step", "quantity"], "future", observed=True)
    assert (pivot["as it happened"] == pivot["what if"]).all(), "the past is shared"
    same = ecogames.what_if(game, step, chance=natural, seed=5, collect=MEASURES)
    assert same.actual == same.alternative
    assert same.actual.history == same.alternative.history
