"""core/series.py over the test game Pond: the default spec, and when a step is recorded."""

from __future__ import annotations

import pytest

from ecogames import GAMES
from ecogames.bots import RandomBot, play
from ecogames.core.series import DEFAULT_SPEC, SeriesRecorder, SeriesSpec, series, spec_of
from tests.support.pond import SPECIES, Pond
from tests.support.series_checks import check_played_series

ROUNDS = SeriesSpec(step="round", steps_done=lambda game: game.turn // game.players,
                    quantities=lambda game: dict(game.population))
"""Pond measured by rounds: every player has played once."""


def test_a_game_without_a_series_module_gets_the_default_one_step_per_action():
    game = Pond.new_game(players=2, seed=3)
    assert spec_of(game) is spec_of(Pond) is DEFAULT_SPEC
    play(game, RandomBot(3))
    played = series(game, collect={"algae": lambda g: g.population["algae"]})
    assert played.step == "action"
    assert played.steps == list(range(len(game.history) + 1))
    assert list(played.values) == ["algae"]
    assert played.values["algae"][-1] == game.population["algae"]
    assert check_played_series(Pond.new_game(players=2, seed=3), RandomBot(3)).values == {}


def test_every_game_has_its_own_spec():
    import importlib

    for name in GAMES:
        module = importlib.import_module(f"ecogames.games.{name}")
        spec = spec_of(module.new_game())
        assert spec is not DEFAULT_SPEC and spec.step and spec.description, name


def pond_that_ends(*, mid_round: bool, players: int = 2) -> Pond:
    """A seeded Pond played by random bots that ends in the middle of a round (a species
    died out) or after its last round."""
    for seed in range(500):
        game = Pond.new_game(players=players, seed=seed, rounds=3)
        play(game, RandomBot(seed))
        if (game.turn % players != 0 or game.stage != "roll") == mid_round:
            return game
    raise AssertionError("no seed found")


@pytest.mark.parametrize("mid_round", [False, True])
def test_the_end_closes_the_step_in_progress(mid_round):
    game = pond_that_ends(mid_round=mid_round)
    replay = game.replay(0)
    recorder = SeriesRecorder(replay, spec=ROUNDS)
    closed = []
    for action in game.history:
        replay.push(action)
        if recorder.observe(replay):
            closed.append((len(replay.history), replay.turn))
    steps = recorder.series.steps
    assert steps == list(range(len(steps)))
    assert closed[-1][0] == len(game.history), "the final state is the last entry"
    done = game.turn // game.players
    assert steps[-1] == (done + 1 if mid_round else done)
    for name in SPECIES:
        assert recorder.series.values[name][-1] == game.population[name]
    assert not recorder.observe(replay)
    # before the end, a step is recorded exactly when a round is complete
    assert all(turn % game.players == 0 for _, turn in closed[:-1])


def test_a_quantity_that_appears_later_is_zero_before():
    game = Pond.new_game(players=1, seed=2, rounds=4)
    late = SeriesSpec(step="turn", steps_done=lambda g: g.turn,
                      quantities=lambda g: {"fish": g.population["fish"],
                                            **({"late": 1} if g.turn >= 2 else {})})
    recorder = SeriesRecorder(game, spec=late)
    bot = RandomBot(2)
    while not game.is_over:
        game.push(bot.choose(game, game.legal_actions()))
        recorder.observe(game)
    values = recorder.series.values
    assert len(values["late"]) == len(values["fish"]) == len(recorder.series)
    assert game.turn >= 3 and values["late"][:2] == [0, 0] and values["late"][-1] == 1


def test_a_variant_subclassed_elsewhere_keeps_its_games_parts_and_takes_no_place():
    from ecogames.core import registered_games
    from ecogames.core.series import spec_of
    from ecogames.games.toritori import ToriTori
    from ecogames.games.toritori.series import SERIES

    class NoCat(ToriTori):  # as a lesson would write it in a notebook
        pass

    NoCat.__module__ = "__main__"
    assert spec_of(NoCat) is SERIES
    assert registered_games()["toritori"] is ToriTori
    assert type(NoCat.new_game(seed=1).widget()).__module__ == "ecogames.games.toritori.widget"


def test_the_series_of_a_forked_game_follows_its_forced_outcomes():
    """series() replays the history with the fork's forced outcomes, so its last entry is
    the forked game's own state (replayed without them, the fork's dice come out as the
    real game's did)."""
    from ecogames.games import toritori

    game = toritori.new_game(players=2, seed=5)
    play(game, RandomBot(3))
    for step, action in enumerate(game.history):
        if action.type != "roll":
            continue
        draw = game.chances(step)[0]
        for face in draw.outcomes:
            fork = game.fork(step, chance=face)
            quantities = spec_of(fork).quantities(fork)
            if quantities != spec_of(game).quantities(game.replay(step + 1)):
                last = {name: column[-1] for name, column in series(fork).values.items()}
                assert last == quantities
                return
    raise AssertionError("no roll whose other face changes a population")
