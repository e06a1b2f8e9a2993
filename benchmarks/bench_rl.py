"""PettingZoo environments beside PettingZoo's own classic ones, in the same loop.

The loop is the one PettingZoo documents for its classic environments (the "Usage" of
https://pettingzoo.farama.org/environments/classic/, ``docs/environments/classic.md`` in its
repository)::

    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()

        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = env.action_space(agent).sample(mask)  # this is where you would insert your policy

        env.step(action)

(the README of the installed PettingZoo 1.27 shows the same loop without the mask,
``env.action_space(agent).sample()``, for its environments that have none). The peers'
action spaces are Gymnasium's ``Discrete``, whose ``sample(mask)`` checks the int8 mask
(``mask == 1``, ``mask == 0``) and chooses among ``np.where`` of the bool result; ours are
``rl.masks.LegalDiscrete``, which draws the same action from the same generator without the
passes over the mask when handed the environment's own (read-only) mask. Each agent's action space is seeded once
(``action_space(agent).seed(k)``), so a run plays the same games. Whole games,
``reset(seed=k)`` for k = 0, 1, ... until the time is up. The figure is env steps per CPU
second (``time.process_time``): every call to ``step``, including the ``step(None)`` of
agents whose game is over, as PettingZoo counts them. Two figures, from rounds of their own:
the whole loop (the clock read between games only), and the environment alone (the CPU time
inside ``last`` and ``step``, the clock read around them, without the policy).

Peers: ``tictactoe_v3`` and ``connect_four_v3`` from ``pettingzoo.classic`` (a benchmark
peer only: ``pip install 'pettingzoo[classic]'`` if they do not import; without them the
peers are skipped with a message). Each figure is the best of ``--repeats`` rounds; the
machine may be busy with other work, so compare figures of one run only.

    python benchmarks/bench_rl.py [--seconds 2] [--repeats 2] [--game tulikko]
        [--observation structured|hashed] [--players 2] [--budget]

``--budget`` prints instead what a step costs by piece, each measured apart on the states of
masked random games: the policy (``action_space(agent).sample(mask)`` on the environment's
mask, and Gymnasium's stock ``Discrete.sample`` on the same masks), the engine, and the
environment's own pieces.
"""  # noqa: E501 (PettingZoo's loop quoted as it is written)

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gymnasium.spaces import Discrete

from ecogames import rl
from ecogames.rl.masks import legal_mask
from ecogames.rl.tensors import forget

GAMES = ("toritori", "wildlifeweb", "tulikko", "biotopes", "tori")


def _seeded(make: Callable[[], Any]) -> Any:
    env = make()
    for k, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(k)
    return env


def loop_steps_per_second(make: Callable[[], Any], seconds: float) -> float:
    """Env steps per CPU second of the loop as PettingZoo documents it, whole games; the
    clock is read between games only (a read of the process's CPU clock costs about a
    microsecond, a step's 1%)."""
    env = _seeded(make)
    clock = time.process_time
    steps = 0
    seed = 0
    started = clock()
    while True:
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                action = None
            else:
                mask = observation["action_mask"]
                action = env.action_space(agent).sample(mask)
            env.step(action)
            steps += 1
        seed += 1
        spent = clock() - started
        if spent >= seconds:
            return steps / spent


def env_steps_per_second(make: Callable[[], Any], seconds: float) -> float:
    """Env steps per CPU second of the environment's own calls in the same loop (``last``
    and ``step``, the clock read around them: its reads are in this figure, not the
    policy)."""
    env = _seeded(make)
    clock = time.process_time
    steps = 0
    seed = 0
    in_env = 0.0
    started = clock()
    while True:
        env.reset(seed=seed)
        for agent in env.agent_iter():
            t0 = clock()
            obs, _reward, terminated, truncated, _info = env.last()
            t1 = clock()
            action = (None if terminated or truncated
                      else env.action_space(agent).sample(obs["action_mask"]))
            t2 = clock()
            env.step(action)
            in_env += t1 - t0 + clock() - t2
            steps += 1
        seed += 1
        if clock() - started >= seconds:
            return steps / in_env


def best_per_item(work: Callable[[], int], rounds: int = 5) -> float:
    """CPU microseconds per item of ``work`` (which returns how many items it did), best of
    ``rounds``."""
    spent = []
    for _ in range(rounds):
        started = time.process_time()
        items = work()
        spent.append((time.process_time() - started) / items * 1e6)
    return min(spent)


def budget(name: str, players: int, steps: int = 3000) -> dict[str, float]:
    """A step's CPU cost by piece, each measured apart on the states of masked random games:
    the policy (the space's ``sample(mask)`` on the mask it was offered, as the loop chooses;
    and Gymnasium's stock ``Discrete.sample`` on the same masks), the engine
    (``legal_actions`` and ``push``, replayed on a new game), and the environment's own
    pieces (the structured observation, numbering the legal actions, the mask)."""
    env = rl.raw_env(name, players=players)
    rng = np.random.default_rng(3)
    games: list[tuple[int, list[Any]]] = []
    states: list[Any] = []
    seed = 0
    while len(states) < steps:
        env.reset(seed=seed)
        actions = []
        while not env.game.is_over:
            legal = env.legal_actions()
            states.append(env.game.clone())
            actions.append(legal[list(legal)[int(rng.integers(len(legal)))]])
            env.step(env.action_number(actions[-1]))
        games.append((seed, actions))
        seed += 1
    engine, layout, encoder = type(env.game), env.layout, env.encoder
    legal_numbers = [sorted(layout.numbered(g, g.legal_actions())) for g in states]
    masks = [legal_mask(layout.size, numbers) for numbers in legal_numbers[:500]]

    def replay() -> int:
        for game_seed, actions in games:
            game = engine.new_game(players=players, seed=game_seed)
            for action in actions:
                game.legal_actions()
                game.push(action)
        return sum(len(actions) for _, actions in games)

    space = env.action_spaces[env.possible_agents[0]]
    space.seed(3)
    stock = Discrete(layout.size, seed=3)

    def policy() -> int:  # as the loop samples: the mask the environment offered
        for mask, numbers in zip(masks, legal_numbers):
            space.offer(mask, numbers)
            space.sample(mask)
        return len(masks)

    def gymnasium() -> int:  # Gymnasium's own Discrete on the same masks
        for mask in masks:
            stock.sample(mask)
        return len(masks)

    def observe() -> int:
        forget()  # each round as the loop meets the states: only what one game repeats
        for game in states:
            encoder.encode(game, game.current_player or 0)
        return len(states)

    def number() -> int:
        for game in states:
            layout.numbered(game, game.legal_actions())
        return len(states)

    def mask() -> int:
        for numbers in legal_numbers:
            legal_mask(layout.size, numbers)
        return len(legal_numbers)

    return {"legal": sum(map(len, legal_numbers)) / len(legal_numbers),
            "policy": best_per_item(policy), "gymnasium": best_per_item(gymnasium),
            "engine": best_per_item(replay),
            "observation": best_per_item(observe), "numbers": best_per_item(number),
            "mask": best_per_item(mask)}


def print_budgets(names: list[str], players: int) -> None:
    print("A step's CPU cost by piece, in microseconds, each measured apart (best of 5 rounds;"
          " PettingZoo's\nown AEC machinery and the loop's cache misses come on top):")
    print(f"{'game':12} {'actions':>8} {'legal':>6} {'policy':>7} {'(stock)':>8} "
          f"{'engine':>7} {'observation':>12} {'numbers':>8} {'mask':>5}")
    for name in names:
        b = budget(name, players)
        size = rl.layout_of(name).size
        print(f"{name:12} {size:8,} {b['legal']:6.1f} {b['policy']:7.1f} {b['gymnasium']:8.1f} "
              f"{b['engine']:7.1f} "
              f"{b['observation']:12.1f} {b['numbers']:8.1f} {b['mask']:5.1f}", flush=True)


def peers() -> dict[str, Callable[[], Any]]:
    try:
        from pettingzoo.classic import connect_four_v3, tictactoe_v3
    except Exception as error:  # any import failure means no peer
        print(f"(PettingZoo classic peers skipped: {error}; "
              "pip install 'pettingzoo[classic]')")
        return {}
    return {"pettingzoo tictactoe_v3": tictactoe_v3.env,
            "pettingzoo connect_four_v3": connect_four_v3.env}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--observation", choices=("structured", "hashed"),
                        default="structured")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--budget", action="store_true",
                        help="print a step's CPU cost by piece instead (structured only)")
    args = parser.parse_args()
    if args.budget:
        print_budgets(args.game or list(GAMES), args.players)
        return
    makers = dict(peers())
    for name in args.game or GAMES:
        makers[f"ecogames {name} ({args.observation})"] = (
            lambda name=name: rl.env(name, players=args.players,
                                     observation=args.observation))
    print(f"{'environment':40} {'loop steps/CPU s':>17} {'env alone':>10}  actions")
    for label, make in makers.items():
        loop, alone = 0.0, 0.0
        for _ in range(args.repeats):  # best of the rounds, the two kinds alternating
            loop = max(loop, loop_steps_per_second(make, args.seconds))
            alone = max(alone, env_steps_per_second(make, args.seconds))
        size = make().action_space(make().possible_agents[0]).n
        verdict = "" if label.startswith("pettingzoo") else (
            "  >= 10,000" if loop >= 10_000 else "  below 10,000")
        print(f"{label:40} {loop:>17,.0f} {alone:>10,.0f} {size:>8,}{verdict}", flush=True)


if __name__ == "__main__":
    main()
