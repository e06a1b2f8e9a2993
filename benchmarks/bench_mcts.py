"""The MCTS bot's speed: playouts per CPU second in each game, by rollout policy.

Each search starts from a position of a 2-player game between the game's greedy bots
(seed ``s``: after ``(7 s) % 60`` of their actions, so the positions spread over a game),
10 playouts a search, until the CPU budget is spent. A playout is a determinization, a walk
down the tree, one expansion and a rollout: to the end for the ``random`` and ``greedy``
columns (at most ``max_rollout`` actions: Tori's random rollouts are cut there), and as the
game's own ``MCTS_SETTINGS`` say for the ``settings`` column, which is what the registered
``mcts`` bot does, so the playouts one CPU second buys it (the ladder's budget for "1 s per
move").

    python benchmarks/bench_mcts.py [--seconds 3] [--game tori]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ecogames.bots import RandomBot, make_bot
from ecogames.bots.mcts import DEFAULT_MAX_ROLLOUT, MCTSBot, greedy_bot_name
from ecogames.core import Game, registered_games
from ecogames.games import biotopes, tori, toritori, tulikko, wildlifeweb  # noqa: F401

GAMES = ("toritori", "wildlifeweb", "tulikko", "biotopes", "tori")
PLAYOUTS_PER_SEARCH = 10


def start(name: str, seed: int) -> Game:
    game = registered_games()[name].new_game(players=2, seed=seed)
    greedy = greedy_bot_name(name)
    bot = make_bot(greedy, seed) if greedy is not None else RandomBot(seed)
    for _ in range((7 * seed) % 60):
        if game.is_over:
            break
        game.push(bot.choose(game, game.legal_actions()))
    return game if not game.is_over else start(name, seed + 1000)


def playouts_per_second(name: str, rollout: str | None, seconds: float) -> float:
    """Playouts per CPU second of search with whole rollouts of ``rollout`` (``None``: the
    game's own settings); setting up the positions is not counted."""
    given = {} if rollout is None else {"rollout": rollout, "cutoff": None, "expand": None}
    done = 0
    seed = 0
    spent = 0.0
    while spent < seconds:
        state = start(name, seed)
        began = time.process_time()
        done += MCTSBot(seed, playouts=PLAYOUTS_PER_SEARCH, **given).search(state).playouts
        spent += time.process_time() - began
        seed += 1
    return done / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="CPU seconds per measurement (default 3)")
    parser.add_argument("--game", action="append", choices=GAMES, default=[],
                        help="measure only this game (repeat for several)")
    args = parser.parse_args()
    print(f"MCTS playouts per CPU second (2 players, max_rollout {DEFAULT_MAX_ROLLOUT})")
    print(f"{'game':<14}{'random':>10}{'greedy':>10}{'settings':>10}  greedy bot; settings")
    for name in args.game or GAMES:
        fast = playouts_per_second(name, "random", args.seconds)
        greedy = playouts_per_second(name, "greedy", args.seconds)
        own = playouts_per_second(name, None, args.seconds)
        settings = MCTSBot(0).settings(registered_games()[name])
        said = (f"rollout {settings.rollout!r}, cutoff {settings.cutoff}, expand "
                f"{settings.expand!r}, exploration {settings.exploration:g}")
        print(f"{name:<14}{fast:>10.1f}{greedy:>10.1f}{own:>10.1f}  {greedy_bot_name(name)}; "
              f"{said}", flush=True)


if __name__ == "__main__":
    main()
