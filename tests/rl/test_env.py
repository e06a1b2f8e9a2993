"""ecogames.rl: every game as a PettingZoo AEC environment."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from ecogames import rl
from ecogames.bots.mcts import MCTSBot
from ecogames.core import Rng
from tests.bots.conftest import GAMES, HIDDEN, new_game, states

DOCS = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()

KINDS = ("structured", "hashed")
PLAYERS = {"biotopes": (1, 2, 5), "tori": (2, 4), "toritori": (2, 4), "tulikko": (2, 4),
           "wildlifeweb": (2, 6)}


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # api_test's advice on Dict spaces
        yield


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", GAMES)
def test_api_test_passes(name, kind):
    for players in PLAYERS[name][:2]:
        e = rl.env(name, players=players, seed=3, observation=kind)
        for n, agent in enumerate(e.possible_agents):
            e.action_space(agent).seed(n)  # api_test's random moves, the same every run
        api_test(e, num_cycles=400)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", GAMES)
def test_seed_test_passes(name, kind):
    seed_test(lambda: rl.env(name, players=2, observation=kind), num_cycles=300)


@pytest.mark.parametrize("name", GAMES)
def test_seeding_is_the_games_seed(name):
    e = rl.raw_env(name, players=2)
    e.reset(seed=17)
    assert e.game == new_game(name, 2, 17)
    e.reset()
    later = e.game
    e.reset(seed=17)
    e.reset()
    assert e.game == later  # a reset without a seed goes on from the last seed


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_has_its_own_number_along_random_games(name):
    layout = rl.layout_of(name)
    for players in PLAYERS[name]:
        for seed in range(3):
            for game in states(name, players, seed, every=1, most=1500):
                numbers = [layout.index(game, a) for a in game.legal_actions()]
                assert len(set(numbers)) == len(numbers)
                assert all(0 <= n < layout.size for n in numbers)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", GAMES)
def test_masked_random_agents_play_to_the_end_with_rewards(name, kind):
    e = rl.env(name, players=2, seed=5, observation=kind)
    e.reset(seed=5)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(max_iter=20_000):
        obs, reward, terminated, truncated, _info = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert e.observation_space(agent).contains(obs)  # within the exact bounds
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    assert not e.agents
    assert all(0.0 <= r <= 1.0 for r in total.values())
    assert sum(total.values()) > 0
    if name == "toritori":  # cooperative: the team's result for everyone
        assert len(set(total.values())) == 1


@pytest.mark.parametrize("name", HIDDEN)
def test_an_observation_holds_only_what_the_agent_sees(name):
    structured = rl.structured_encoder(name)
    early = states(name, 3, 5, every=1, most=40)  # set-up: e.g. Tulikko's hidden middle tile
    for game in early + states(name, 3, 2, every=9):
        for seat in range(3):
            other = game.determinize(seat, Rng(seat))
            mine = rl.encode_view(game.view(seat))
            assert np.array_equal(mine, rl.encode_view(other.view(seat)))
            assert np.array_equal(structured.encode(game, seat), structured.encode(other, seat))


@pytest.mark.parametrize("name", GAMES)
def test_structured_observations_stay_in_their_bounds_and_follow_the_state(name):
    encoder = rl.structured_encoder(name)
    low, high = encoder.layout.low, encoder.layout.high
    seen = set()
    for game in states(name, 2, 4, every=5):
        for seat in range(2):
            tensor = encoder.encode(game, seat)
            assert tensor.shape == (encoder.layout.size,)
            assert np.all(low <= tensor) and np.all(tensor <= high)
            seen.add(tensor.tobytes())
    assert len(seen) > 10  # the tensor changes as the game goes on


def test_structured_pieces_are_named_and_shaped_as_documented():
    e = rl.raw_env("tulikko", players=2, seed=1)
    pieces = e.observation_pieces("player_0")
    assert pieces["tiles"].shape == (4, 4, 5, 4)
    assert pieces["to_play"][0] == 1  # the observer is row 0 and plays first
    assert e.observation_pieces("player_1")["to_play"][1] == 1

@pytest.mark.parametrize("name", GAMES)
def test_docs_carry_each_games_observation_table(name):
    assert rl.structured_encoder(name).layout.markdown() in DOCS


def test_an_unknown_observation_kind_is_refused():
    with pytest.raises(ValueError, match="structured' or 'hashed"):
        rl.env("tulikko", observation="pixels")


def test_observations_differ_between_seats_where_hands_are_hidden():
    game = new_game("biotopes", 2, 1)
    assert not np.array_equal(rl.encode_view(game.view(0)), rl.encode_view(game.view(1)))


def test_an_illegal_action_number_is_refused():
    e = rl.raw_env("tulikko", players=2, seed=1)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)


def _trace(env, seed: int) -> list:
    """Every agent_iter step of a seeded masked random game: what the loop sees."""
    env.reset(seed=seed)
    for k, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(k)
    out = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = (None if terminated or truncated
                  else int(env.action_space(agent).sample(obs["action_mask"])))
        out.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward,
                    terminated, truncated, dict(info), action))
        env.step(action)
    return out


@pytest.mark.parametrize("name", ["tulikko", "toritori"])
def test_the_order_enforcing_wrapper_behaves_as_pettingzoos(name):
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    ours, theirs = rl.env(name, players=2), OrderEnforcingWrapper(rl.raw_env(name, players=2))
    assert type(ours) is not OrderEnforcingWrapper and isinstance(ours, OrderEnforcingWrapper)
    assert str(ours) == str(theirs) == f"ecogames_{name}_v0"
    for env in (ours, theirs):  # before a reset: PettingZoo's errors
        with pytest.raises(AttributeError, match="before reset"):
            env.last()
        with pytest.raises(AssertionError, match="reset"):
            env.step(0)
    assert _trace(ours, 5) == _trace(theirs, 5)
    ours.reset(seed=1)
    agents = iter(ours.agent_iter())
    next(agents)
    with pytest.raises(AssertionError, match="need to call step"):
        next(agents)  # the loop did not step


def test_ansi_render_is_a_text_board():
    e = rl.env("tori", players=2, seed=1, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "Tori" in text and "to play" in text


def test_mcts_as_an_agent():
    e = rl.raw_env("wildlifeweb", players=2, seed=2)
    bot = MCTSBot(1, playouts=5)
    for _ in range(3):
        legal = e.legal_actions()
        action = bot.choose(e.game, list(legal.values()))
        e.step(e.action_number(action))
    assert len(e.game.history) == 3


def test_importing_without_pettingzoo_says_what_to_install():
    code = ("import sys; sys.modules['pettingzoo'] = None\n"
            "try:\n    import ecogames.rl\nexcept ImportError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "pip install 'ecogames[rl]'" in out



def test_wildlifeweb_pack_slots_say_what_the_view_says():
    from ecogames.rl import obs_wildlifeweb as ww

    encoder = rl.structured_encoder("wildlifeweb")
    state = ("present", "mate", None, None, "offspring", "mature", "active", "acted",
             "waiting")
    checked = 0
    for game in states("wildlifeweb", 3, 6, every=3, most=900):
        for seat in range(3):
            packs = encoder.layout.split(encoder.encode(game, seat))["packs"]
            for p, pack in enumerate(game.view(seat)["packs"]):
                for k, animal in enumerate(pack):
                    slot = packs[(p - seat) % 3, k]
                    for i, key in enumerate(state):
                        if key is not None and key != "present":
                            assert slot[i] == bool(animal[key]), (key, animal)
                    assert slot[0] == 1
                    assert np.array_equal(slot[len(ww.SLOT_STATE):], ww.FEATURES[animal["card"]])
                    checked += 1
                assert not packs[(p - seat) % 3, len(pack):].any()
    assert checked > 100


def test_tulikko_map_planes_say_what_the_view_says():
    encoder = rl.structured_encoder("tulikko")
    colours = ("green", "orange", "blue", "purple")
    for game in states("tulikko", 2, 3, every=4):
        for seat in range(2):
            tiles = encoder.layout.split(encoder.encode(game, seat))["tiles"]
            for p, player in enumerate(game.view(seat)["players"]):
                for space in player["map"] or ():
                    plane = tiles[(p - seat) % 2, :, space["row"], space["col"]]
                    tile = space["tile"]
                    expected = np.zeros(4)
                    if tile is not None:
                        expected[colours.index(tile["colour"])] = 1
                    assert np.array_equal(plane, expected)


def test_a_state_beyond_the_planes_gets_a_clear_error():
    game = new_game("toritori", 2, 1)
    game.board[1] = ((*range(100, 105),),)  # a pile of five: the planes hold four
    game.kind.update(dict.fromkeys(range(100, 105), "native_tree"))
    with pytest.raises(rl.EncodingError, match="beyond the observation"):
        rl.structured_encoder("toritori").encode(game, 0)


def test_the_action_layout_comes_from_the_games_spec() -> None:
    from ecogames.core.registry import spec_of
    from ecogames.games.tulikko import Tulikko

    class Variant(Tulikko):  # a notebook's variant numbers its actions as its game does
        pass

    assert spec_of(Tulikko).action_layout is not None
    assert rl.layout_of(Variant.new_game(players=2, seed=1)) is rl.layout_of("tulikko")
    with pytest.raises(ValueError, match=r"no action layout for 'pond'.*'tori'"):
        rl.layout_of("pond")


@pytest.mark.parametrize("name", GAMES)
def test_remembered_parts_give_the_tensor_made_afresh(name):
    from ecogames.rl import tensors

    encoder = rl.structured_encoder(name)
    players = 3 if name != "tori" else 2
    games = [g for seed in range(8) for g in states(name, players, seed, every=1, most=250)]
    seats = range(games[0].players)
    warm = [encoder.encode(game, seat) for game in games for seat in seats]
    tensors.forget()
    for k, (game, seat) in enumerate((g, s) for g in games for s in seats):
        tensors.forget()
        assert np.array_equal(warm[k], encoder.encode(game, seat)), (len(game.history), seat)
