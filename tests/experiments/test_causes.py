"""Causes counted over many games (issue 20 §7): ``experiment(..., causes=True)`` keeps each
game's causal patterns, ``Experiment.causes`` counts them with 95% intervals."""

from __future__ import annotations

import pandas as pd
import pytest

from ecogames import experiment
from ecogames.experiments import ExperimentError

ARGUMENTS = {"bots": "toritori-heuristic", "seeds": 24, "progress": False, "causes": True}


@pytest.fixture(scope="module")
def swept():
    return experiment("toritori", **ARGUMENTS)


def test_each_extinction_is_counted_once_per_game_with_its_patterns(swept) -> None:
    counts = swept.causes("extinction").frame
    reasons = swept.games["reason"]
    for what, rows in counts.groupby("what"):
        species = what.removesuffix(" went extinct")
        plural = {"fox": "Foxes", "guinea_pig": "Guinea pigs", "tori_tori": "Tori-toris",
                  "native_tree": "Native Trees"}[species]
        # Tori-Tori ends at the first extinction: the games that say so are the ones counted
        assert rows["happened"].iloc[0] == (reasons == f"the {plural} went extinct").sum()
        assert rows["games"].sum() == rows["happened"].iloc[0]
        assert abs(rows["share"].sum() - 1) < 1e-9
        assert (rows["low"] <= rows["share"]).all() and (rows["share"] <= rows["high"]).all()
        assert all(p.startswith(f"extinct({species})") for p in rows["pattern"])
    assert (counts["runs"] == 24).all()


def test_the_outcome_patterns_group_the_games_by_how_they_ended(swept) -> None:
    counts = swept.causes("outcome")
    assert counts.frame.groupby("what")["happened"].first().sum() == 24
    assert all(p.split(" <- ")[0] in ("victory", "defeat") for p in counts.frame["pattern"])
    assert "the game ended:" in counts.text and "%" in counts.text


def test_one_species_and_one_run_read_the_same_as_the_game_itself(swept) -> None:
    from ecogames.core.provenance import cause_patterns

    run = int(swept.games.index[swept.games["reason"].str.contains("extinct")][0])
    game = swept.replay(run)
    assert swept.results[run].causes == cause_patterns(game)
    species = next(k for k in cause_patterns(game) if k.startswith("extinction:"))
    one = swept.causes("extinction", species=species.partition(":")[2]).frame
    assert set(one["what"]) == {f"{species.partition(':')[2]} went extinct"}


def test_two_processes_count_the_same_causes(swept) -> None:
    parallel = experiment("toritori", **ARGUMENTS, n_jobs=2)
    for question in ("outcome", "extinction"):
        pd.testing.assert_frame_equal(swept.causes(question).frame,
                                      parallel.causes(question).frame)


def test_causes_must_be_kept_and_asked_for_by_name() -> None:
    plain = experiment("toritori", seeds=2, progress=False)
    with pytest.raises(ExperimentError, match="causes=True"):
        plain.causes()
    kept = experiment("toritori", seeds=2, progress=False, causes=True)
    with pytest.raises(ExperimentError, match="'outcome' or 'extinction'"):
        kept.causes("weather")
