"""ecogames.rl.masks: the action space samples what Gymnasium's Discrete samples, faster."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium import spaces

from ecogames import rl
from ecogames.rl.masks import LegalDiscrete, legal_mask
from tests.bots.conftest import GAMES


def _stock(space: LegalDiscrete, seed: int) -> spaces.Discrete:
    """Gymnasium's own Discrete of the same size, seeded as ``space`` is."""
    space.seed(seed)
    stock = spaces.Discrete(int(space.n))
    stock.seed(seed)
    return stock


def _same(a, b) -> bool:
    return bool(a == b) and type(a) is type(b)


@pytest.mark.parametrize("name", GAMES)
def test_sampling_the_envs_mask_draws_what_gymnasium_draws(name, monkeypatch):
    """Along masked random games: the same action, of the same type, and the generator
    left in the same state as Gymnasium's ``Discrete.sample`` on the same mask; and
    Gymnasium's passes over the mask are skipped (its ``sample`` is never called)."""
    e = rl.env(name, players=2)
    e.reset(seed=11)
    stocks = {a: _stock(e.action_space(a), k) for k, a in enumerate(e.possible_agents)}
    stock_sample = spaces.Discrete.sample
    calls = []

    def counted(self, mask=None, probability=None):
        calls.append(self)
        return stock_sample(self, mask, probability)

    monkeypatch.setattr(spaces.Discrete, "sample", counted)
    steps = 0
    for seed in range(11, 30):  # whole games, until 300 steps
        e.reset(seed=seed)
        for agent in e.agent_iter(max_iter=400):
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            mask = obs["action_mask"]
            space = e.action_space(agent)
            ours, theirs = space.sample(mask), stocks[agent].sample(mask)
            assert _same(ours, theirs), (ours, theirs)
            assert (space.np_random.bit_generator.state
                    == stocks[agent].np_random.bit_generator.state)
            assert mask[ours] == 1
            e.step(ours)
            steps += 1
        if steps >= 300:
            break
    assert steps >= 300
    assert all(isinstance(space, spaces.Discrete) and not isinstance(space, LegalDiscrete)
               for space in calls)  # only the stock spaces went through Gymnasium's sample


def test_any_other_mask_goes_through_gymnasiums_own_sample():
    e = rl.raw_env("biotopes", players=2, seed=4)
    while len(e.legal_actions()) < 3:  # past the set-up's choices of two
        e.step(min(e.legal_actions()))
    agent = e.agent_selection
    space = e.action_space(agent)
    mask = e.action_mask(agent)
    legal = np.flatnonzero(mask)
    fewer = mask.copy()
    fewer[legal[:-1]] = 0  # a policy's own mask: only the last legal action
    stock = _stock(space, 5)
    for other in (mask.copy(), fewer, np.zeros_like(mask)):
        for _ in range(20):
            assert _same(space.sample(other), stock.sample(other))
    assert space.sample(fewer) == legal[-1]
    with pytest.raises(AssertionError):  # Gymnasium's checks, on a mask that is not ours
        space.sample(mask.astype(np.int64))
    probability = np.zeros(space.n)
    probability[legal[0]] = 1.0
    assert space.sample(probability=probability) == legal[0]


def test_a_mask_of_an_earlier_step_still_draws_from_its_own_numbers():
    e = rl.raw_env("tulikko", players=2, seed=2)
    agent = e.agent_selection
    first = e.action_mask(agent)
    e.step(e.action_space(agent).sample(first))
    if e.agent_selection == agent:
        e.action_mask(agent)  # the space now holds the new step's mask
    stock = _stock(e.action_space(agent), 9)
    for _ in range(30):
        assert _same(e.action_space(agent).sample(first), stock.sample(first))


def test_the_mask_cannot_be_changed_in_place():
    e = rl.raw_env("wildlifeweb", players=2, seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="read-only"):
        mask[0] = 1
    with pytest.raises(ValueError):
        mask.flags.writeable = True
    assert mask.dtype == np.int8 and mask.shape == (e.layout.size,)
    assert e.observation_space(e.agent_selection)["action_mask"].contains(mask)
    idle = next(a for a in e.possible_agents if a != e.agent_selection)
    assert not e.action_mask(idle).any()


def test_legal_mask_and_the_offer_agree_with_np_where():
    mask = legal_mask(10, [1, 4, 9])
    assert mask.tolist() == [0, 1, 0, 0, 1, 0, 0, 0, 0, 1]
    space = LegalDiscrete(10)
    space.offer(mask, [1, 4, 9])
    stock = _stock(space, 3)
    draws = [space.sample(mask) for _ in range(200)]
    assert draws == [stock.sample(mask) for _ in range(200)]
    assert set(draws) == {1, 4, 9}
    empty = legal_mask(10, [])
    space.offer(empty, [])
    assert _same(space.sample(empty), spaces.Discrete(10).sample(empty))


def test_a_copied_space_samples_like_the_original():
    space = LegalDiscrete(6)
    mask = legal_mask(6, [0, 2, 5])
    space.offer(mask, [0, 2, 5])
    space.seed(1)
    copy = pickle.loads(pickle.dumps(space))
    assert copy == space
    assert [copy.sample(mask) for _ in range(50)] == [space.sample(mask) for _ in range(50)]
