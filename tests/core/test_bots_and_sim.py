from concurrent.futures import ThreadPoolExecutor

import pytest

import ecogames
from ecogames.bots import GameStuck, RandomBot, make_bot, play
from ecogames.sim import simulate
from tests.support.pond import Pond


def new_pond(seed):
    return Pond.new_game(players=2, seed=seed)


def bots(seed):
    return [RandomBot(seed), RandomBot(seed + 1)]


def test_play_runs_to_the_end_and_is_deterministic():
    a, b = new_pond(3), new_pond(3)
    assert play(a, bots(3)) == play(b, bots(3))
    assert a.is_over and a.history == b.history


def test_simulate_with_and_without_an_executor_agree():
    serial = simulate(new_pond, bots, range(20), measure=lambda g: g.population["fish"])
    with ThreadPoolExecutor(2) as pool:
        threaded = simulate(new_pond, bots, range(20), measure=lambda g: g.population["fish"],
                            executor=pool)
    assert serial == threaded and len(serial) == 20
    assert all(r.outcome.reason for r in serial)


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


def test_a_game_package_bot_is_offered_only_for_its_game(monkeypatch):
    from ecogames import bots
    from ecogames.bots import bots_for, register_bot

    monkeypatch.setattr(bots, "BOTS", dict(bots.BOTS))  # leave the registry as it was
    monkeypatch.setattr(bots, "_GAME_OF", dict(bots._GAME_OF))

    class Anywhere(RandomBot):
        __module__ = "tests.support"

    class ForPond(RandomBot):
        __module__ = "ecogames.games.pond.bots"

    register_bot("test-anywhere", Anywhere)
    register_bot("test-pond", ForPond)
    assert {"random", "test-anywhere", "test-pond"} <= set(bots_for("pond"))
    assert "test-pond" not in bots_for("toritori")
