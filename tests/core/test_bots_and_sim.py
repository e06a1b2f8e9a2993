from concurrent.futures import ThreadPoolExecutor

import pytest

import ecogames
from ecogames.bots import GameStuck, RandomBot, make_bot, play
from ecogames.core import registry
from ecogames.core.registry import GameSpec, register
from tests.support.pond import Pond


def new_pond(seed):
    return Pond.new_game(players=2, seed=seed)


def bots(seed):
    return [RandomBot(seed), RandomBot(seed + 1)]


def test_play_runs_to_the_end_and_is_deterministic():
    a, b = new_pond(3), new_pond(3)
    assert play(a, bots(3)) == play(b, bots(3))
    assert a.is_over and a.history == b.history


def test_a_batch_with_and_without_an_executor_agrees():
    fish = {"fish": lambda g: g.population["fish"]}
    serial = ecogames.experiment(Pond, seeds=20, collect=fish, progress=False)
    with ThreadPoolExecutor(2) as pool:
        threaded = ecogames.experiment(Pond, seeds=20, collect=fish, executor=pool,
                                       progress=False)
    assert serial.games.equals(threaded.games) and serial.series.equals(threaded.series)
    assert len(serial.games) == 20 and serial.games["reason"].str.len().gt(0).all()


def test_a_bot_choosing_illegally_is_caught():
    class Cheater:
        def choose(self, game, legal):
            return Pond.codec.parse({"type": "pass"})

    with pytest.raises(ValueError, match="illegal"):
        play(new_pond(1), Cheater())


def test_a_stuck_game_is_reported(monkeypatch):
    monkeypatch.setattr(Pond, "_legal_actions", lambda self: [])
    with pytest.raises(GameStuck):
        play(new_pond(1), RandomBot())


def test_bots_by_name():
    assert isinstance(make_bot("random", 2), RandomBot)
    with pytest.raises(ValueError, match="no bot called 'genius'"):
        make_bot("genius")


def test_top_level_play_is_the_bots_play():
    assert ecogames.play is play


def test_a_games_bot_is_offered_only_for_its_game(monkeypatch):
    from ecogames import bots
    from ecogames.bots import bot_game, bots_for, register_bot

    monkeypatch.setattr(bots, "BOTS", dict(bots.BOTS))  # leave the registry as it was
    monkeypatch.setattr(bots, "_GAME_OF", dict(bots._GAME_OF))
    monkeypatch.setattr(registry, "_SPECS", dict(registry._SPECS))

    class Stated(RandomBot):
        __module__ = "ecogames.games.toritori.bots"  # where it is defined says nothing

    class Pondish(Pond):  # a variant with a spec of its own, which names its bot
        name = "test-pondish"

    register_bot("test-anywhere", RandomBot)
    register_bot("test-stated", Stated, game="pond")
    register_bot("test-listed", RandomBot)
    register(GameSpec(engine=Pondish, bots=("test-listed",)))
    assert {"random", "test-anywhere", "test-stated"} <= set(bots_for("pond"))
    assert "test-listed" not in bots_for("pond")
    assert {"test-anywhere", "test-listed"} <= set(bots_for("test-pondish"))
    assert "test-stated" not in bots_for("toritori") and "test-listed" not in bots_for("tori")
    assert (bot_game("test-stated"), bot_game("test-listed")) == ("pond", "test-pondish")
