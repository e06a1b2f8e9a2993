"""One learner against bots: a Gymnasium environment for single-agent libraries.

``VersusBots("tulikko", opponent="tulikko-greedy")`` is a ``gymnasium.Env`` whose agent
plays one seat of the game (the seats take turns from one episode to the next, so that the
learner plays first and second alike) and the bot plays all the others. The observation is
the learner's (structured or hashed, as in :class:`~ecogames.rl.env.EcoEnv`), the action
space is the game's fixed ``Discrete`` layout, and :meth:`action_masks` gives the legal
actions (the method sb3-contrib's ``MaskablePPO`` reads). The reward is the learner's result
at the end (:func:`ecogames.bots.mcts.rewards`), 0 before.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from ecogames.bots import make_bot

from .env import EcoEnv


class VersusBots(gymnasium.Env):
    """``game`` for ``players`` seats: the learner in one, the bot ``opponent`` in the others."""

    metadata = {"render_modes": []}

    def __init__(self, game: str, players: int = 2, *, opponent: str = "random",
                 observation: str = "structured", seed: int = 0) -> None:
        self.env = EcoEnv(game, players, seed=seed, observation=observation)
        self.bot = make_bot(opponent, seed)
        self.players = players
        self.observation_space = self.env.observation_spaces["player_0"]["observation"]
        self.action_space = self.env.action_spaces["player_0"]
        self.episodes = 0
        self.seat = 0
        self.won: bool | None = None

    @property
    def agent(self) -> str:
        return self.env.possible_agents[self.seat]

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.seat = self.episodes % self.players
        self.episodes += 1
        self.won = None
        self.env.reset(seed=seed)
        self._bots_play()
        return self.env.observe(self.agent)["observation"], {}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        self.env.step(int(action))
        self._bots_play()
        over = self.env.game.is_over
        reward = float(self.env.rewards.get(self.agent, 0.0)) if over else 0.0
        if over:
            self.won = self.seat in self.env.game.outcome.winners  # type: ignore[union-attr]
        return self.env.observe(self.agent)["observation"], reward, over, False, {}

    def action_masks(self) -> np.ndarray:
        return self.env.action_mask(self.agent).astype(bool)

    def _bots_play(self) -> None:
        game = self.env.game
        while not game.is_over and self.env.agent_selection != self.agent:
            legal = self.env.legal_actions()
            choice = self.bot.choose(game, list(legal.values()))
            self.env.step(self.env.action_number(choice))
