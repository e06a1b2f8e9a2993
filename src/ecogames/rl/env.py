"""Any ecogames game as a PettingZoo AEC environment (docs/rl.md)."""

from __future__ import annotations

import json
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from ecogames.bots.mcts import rewards as outcome_rewards
from ecogames.core import Action, Game, Rng, registered_games
from ecogames.core.registry import find_game

from .layouts import layout_of
from .masks import LegalDiscrete, legal_mask
from .observe import OBSERVATION_SIZE, encode_view, structured_encoder


def game_class(name: str) -> type[Game]:
    """The game class called ``name`` (its package imported if need be)."""
    find_game(name)
    games = registered_games()
    if name not in games:
        raise ValueError(f"no game called {name!r:.40}; known: {sorted(games)}")
    return games[name]


class EcoEnv(AECEnv):
    """One game of ``game`` for ``players`` agents ``player_0``, ``player_1``, ...

    Agents act in the game's own order (``current_player``; a seat may act several times in
    a row). Rewards come at the end (:func:`ecogames.bots.mcts.rewards`: the win, and the
    score as a tie-break; a cooperative game gives every agent the team's result); the
    outcome is in every agent's ``infos`` then. ``seed`` (or ``reset(seed=...)``) is the
    game's seed; ``max_actions`` truncates a game that runs longer.
    """

    metadata = {"render_modes": ["ansi"], "name": "ecogames_v0", "is_parallelizable": False}
    # AECEnv is untyped (pettingzoo has no stubs): the attributes _begin sets, declared
    agents: list[str]
    agent_selection: str
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    _cumulative_rewards: dict[str, float]
    _legal_cache: dict[int, Action] | None
    action_spaces: dict[str, LegalDiscrete]

    def __init__(self, game: str, players: int = 2, *, render_mode: str | None = None,
                 seed: int | None = None, max_actions: int | None = None,
                 observation: str = "structured", **options: Any) -> None:
        super().__init__()
        self.game_class = game_class(game)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r:.40}")
        self.metadata = {**self.metadata, "name": f"ecogames_{game}_v0"}
        self.players = players
        self.options = options
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.layout = layout_of(game)
        self.observation_kind = observation
        self.encoder = (None if observation == "hashed"
                        else structured_encoder(self.game_class, observation))
        if self.encoder is None:
            box = spaces.Box(-np.inf, np.inf, (OBSERVATION_SIZE,), np.float32)
        else:
            box = spaces.Box(self.encoder.layout.low, self.encoder.layout.high,
                             dtype=np.float32)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: LegalDiscrete(self.layout.size) for a in self.possible_agents}
        self._no_actions = legal_mask(self.layout.size, [])
        self.observation_spaces = {a: spaces.Dict({
            "observation": box,
            "action_mask": spaces.Box(0, 1, (self.layout.size,), np.int8),
        }) for a in self.possible_agents}
        self._seed = seed
        self._seeder: Rng | None = None
        self.game: Game = self.game_class.new_game(players=players, seed=self._next_seed(seed),
                                                   **options)
        self._begin()

    # -- spaces -------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.Space:
        return self.action_spaces[agent]

    # -- the AEC protocol ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``options``: set-up options the game declares (``option_specs``)
        for this game and the next ones; other keys are not the game's and are left alone."""
        declared = {spec.name for spec in self.game_class.option_specs}
        self.options.update({k: v for k, v in (options or {}).items() if k in declared})
        self.game = self.game_class.new_game(players=self.players, seed=self._next_seed(seed),
                                             **self.options)
        self._begin()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seats[agent]
        mask = self.action_mask(agent)
        if self.encoder is None:
            return {"observation": encode_view(self.game.view(seat)), "action_mask": mask}
        return {"observation": self.encoder.encode(self.game, seat), "action_mask": mask}

    def action_mask(self, agent: str) -> np.ndarray:
        """1 for each action legal now for ``agent`` (all 0 when it is not to play); a
        read-only array, which ``action_space(agent).sample`` knows (``masks``)."""
        if agent != self.agent_selection or self.game.is_over:
            return self._no_actions
        numbers = sorted(self._legal())
        mask = legal_mask(self.layout.size, numbers)
        self.action_spaces[agent].offer(mask, numbers)
        return mask

    def observation_pieces(self, agent: str) -> dict[str, np.ndarray]:
        """The structured observation of ``agent`` as its named pieces (docs/rl.md)."""
        if self.encoder is None:
            raise ValueError("observation='hashed' has no pieces")
        return self.encoder.layout.split(self.observe(agent)["observation"])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self._legal()
        try:
            chosen = legal[int(action)]  # type: ignore[arg-type]
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"action {action!r:.20} is not legal now for {agent} (see the "
                             f"observation's action_mask)") from None
        self._cumulative_rewards[agent] = 0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.game.push(chosen)
        self._legal_cache = None
        outcome = self.game.outcome
        if outcome is not None:
            results = outcome_rewards(outcome, self.players, self.game_class.cooperative)
            info = {"winners": list(outcome.winners), "scores": list(outcome.scores),
                    "reason": outcome.reason}
            for i, a in enumerate(self.possible_agents):
                if a in self.agents:
                    self.rewards[a] = float(results[i])
                    self.terminations[a] = True
                    self.infos[a] = dict(info)
            self._accumulate_rewards()
        elif self.max_actions is not None and len(self.game.history) >= self.max_actions:
            self.truncations = dict.fromkeys(self.agents, True)
        else:  # no rewards before the end: nothing to accumulate
            self.agent_selection = self._agent_to_play()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi'")
            return None
        return render_text(self.game)

    def close(self) -> None:
        pass

    # -- helpers ------------------------------------------------------------------------------

    def legal_actions(self) -> dict[int, Action]:
        """The legal actions now, by their number in the action space."""
        return dict(self._legal())

    def action_number(self, action: Action) -> int:
        """The number of ``action`` (legal now) in the action space."""
        return self.layout.index(self.game, action)

    def _legal(self) -> dict[int, Action]:
        if self._legal_cache is None:
            self._legal_cache = self.layout.numbered(self.game, self.game.legal_actions())
        return self._legal_cache

    def _begin(self) -> None:
        self._legal_cache = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_play()

    def _agent_to_play(self) -> str:
        seat = self.game.current_player
        return self.possible_agents[0 if seat is None else seat]

    def _next_seed(self, seed: int | None) -> int | None:
        """``seed`` given: the game's seed, and the start of the seeds of later resets
        without one (as Gymnasium's generators go on); none ever given: a fresh seed."""
        if seed is not None:
            self._seeder = Rng(seed)
            return seed
        if self._seeder is not None:
            return self._seeder.next64() >> 1
        return None


def render_text(game: Game) -> str:
    """A text board: who plays, the last action, and what an onlooker sees."""
    seat = game.current_player
    who = "-" if seat is None else game.player_names[seat]
    lines = [f"{game.title or game.name}: {game.players} players, {len(game.history)} actions, "
             f"phase {game.phase}, to play: {who}"]
    if game.history:
        lines.append(f"last action: {game.describe(game.history[-1])}")
    if game.outcome is not None:
        lines.append(f"over: {game.outcome.reason}")
    for key, value in game.view(None).items():
        if key in ("reference", "ability_map", "highway_cards"):
            continue
        text = json.dumps(value, separators=(",", ":"))
        lines.append(f"  {key}: {text if len(text) <= 160 else text[:157] + '...'}")
    return "\n".join(lines)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper, whose ``last``, ``step`` and agent iterator read
    the environment's attributes directly once it has been reset: through the wrapper's
    ``__getattr__`` (two Python calls an attribute) they cost about 6 us a step, eight
    attributes. Before a reset they do what PettingZoo's do (raise or warn)."""

    env: EcoEnv

    def __str__(self) -> str:
        return str(self.env)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: int | None) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            return super().agent_iter(max_iter)
        return _Agents(self, max_iter)


class _Agents(AECOrderEnforcingIterable):
    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):
    """PettingZoo's ``AECOrderEnforcingIterator``, reading the wrapped environment directly."""

    def __next__(self) -> str:
        wrapper = self.env
        inner = wrapper.env
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return inner.agent_selection  # type: ignore[no-any-return]


def env(game: str, **options: Any) -> AECEnv:
    """A PettingZoo AEC environment of ``game`` (``"tori"``, ``"toritori"``, ``"tulikko"``,
    ``"biotopes"``, ``"wildlifeweb"``); ``options``: ``players``, ``render_mode``, ``seed``,
    ``max_actions`` and the game's own set-up options."""
    return OrderEnforcing(EcoEnv(game, **options))


def raw_env(game: str, **options: Any) -> EcoEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return EcoEnv(game, **options)
