"""Learning against bots: the single-agent environment, and a MaskablePPO smoke test.

The smoke test needs the ``rl-train`` extra (sb3-contrib, torch: large, so not in the test
extra); without it, it is skipped with the reason. benchmarks/train_rl.py is the real run.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from ecogames.rl.versus import VersusBots

TRAIN = Path(__file__).resolve().parents[2] / "benchmarks" / "train_rl.py"


@pytest.mark.parametrize("kind", ["structured", "hashed"])
def test_the_learner_plays_its_seat_to_the_end_against_the_bot(kind):
    env = VersusBots("tulikko", opponent="tulikko-greedy", observation=kind, seed=1)
    rng = np.random.default_rng(0)
    for episode in range(2):
        obs, _ = env.reset(seed=episode)
        assert env.seat == episode % 2  # the learner's seat alternates
        over, steps, reward = False, 0, 0.0
        while not over:
            assert env.env.agent_selection == env.agent
            assert env.observation_space.contains(obs)
            mask = env.action_masks()
            assert mask.any() and mask.sum() == len(env.env.legal_actions())
            obs, reward, over, _trunc, _info = env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        assert env.env.game.is_over and steps > 10
        assert env.won is (env.seat in env.env.game.outcome.winners)
        assert (reward >= 0.9) is env.won or len(env.env.game.outcome.winners) > 1


def test_the_wilson_interval():
    train = _train_module()
    low, high = train.wilson(154, 200)
    assert 0.70 < low < 0.71 and 0.82 < high < 0.83
    assert train.wilson(0, 200)[0] == 0.0 and train.wilson(200, 200)[1] == 1.0


def test_maskable_ppo_smoke_run():
    pytest.importorskip("sb3_contrib", reason="needs the rl-train extra (torch, sb3-contrib): "
                                              "pip install 'ecogames[rl-train]'")
    train = _train_module()
    args = train.parser().parse_args(["--steps", "256", "--n-steps", "128", "--eval", "2",
                                      "--then-steps", "128"])
    result = train.train(args)
    assert result["steps"] == 256 and result["then_steps"] == 128
    for bot in ("random", "tulikko-greedy"):
        trained = result[f"trained_vs_{bot}"]
        assert trained["wins"] in (0, 1, 2)
        assert 0.0 <= trained["ci95"][0] <= trained["ci95"][1] <= 1.0


def _train_module():
    spec = importlib.util.spec_from_file_location("train_rl", TRAIN)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
