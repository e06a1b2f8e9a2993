"""Tori: what the engine costs.

Prints: random self-play actions per CPU second (unchecked push; 2, 3 and 4 players; the
figure issue 15 compares with OpenSpiel's tic-tac-toe), the same through the checked apply,
games per CPU second between greedy bots (what real users run), legal_actions(), clone(),
the undo copy _copy(), determinize() and bots.estimate() (what the search asks every
playout), the greedy bot's choice, save and load of a mid-game. Random players make long
games (thousands of actions, mostly drawing and discarding), so their games/s is small.

CPU seconds (``time.process_time``), not wall-clock time: the machine is shared, and another
process's load should not show as this engine's cost.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ecogames.bots import RandomBot, make_bot, play
from ecogames.core import Rng
from ecogames.games.tori import Tori
from ecogames.games.tori.bots import estimate
from timing import per_call, report


def self_play(n: int, players: int, bot: str = "random") -> tuple[float, float]:
    """Games and actions per CPU second of ``n`` seeded games between ``bot`` players."""
    actions = 0
    started = time.process_time()
    for seed in range(n):
        game = Tori.new_game(players=players, seed=seed)
        play(game, RandomBot(seed) if bot == "random" else make_bot(bot, seed))
        actions += len(game.history)
    elapsed = time.process_time() - started
    return n / elapsed, actions / elapsed


def checked_self_play(n: int = 2, players: int = 3) -> tuple[float, float]:
    actions = 0
    started = time.process_time()
    for seed in range(n):
        game, bot = Tori.new_game(players=players, seed=seed), RandomBot(seed)
        while not game.is_over:
            game.apply(bot.choose(game, game.legal_actions()), record=False)
        actions += len(game.history)
    elapsed = time.process_time() - started
    return n / elapsed, actions / elapsed


def mid_game(actions: int = 400) -> Tori:
    game, bot = Tori.new_game(players=3, seed=1), RandomBot(1)
    for _ in range(actions):
        game.push(bot.choose(game, game.legal_actions()))
    return game


def main() -> None:
    for players in (2, 3, 4):
        games, actions = self_play(6, players)
        report(f"random self-play, push, {players} players (games/CPU s)", games, "games/s")
        report(f"random self-play, push, {players} players (actions/CPU s)", actions,
               "actions/s")
    games, actions = checked_self_play()
    report("random self-play, checked apply, 3 players", games, "games/s")
    report("random self-play, checked apply (actions/CPU s)", actions, "actions/s")
    for players in (2, 3, 4):
        games, actions = self_play(20, players, "tori-greedy")
        report(f"greedy bots, {players} players (games/CPU s)", games, "games/s")
    game = mid_game()

    def fresh_legal() -> None:
        game._legal = None  # core's cache of this position's actions
        game._board = {}  # what the rules worked out from the board (Tori._board)
        game.legal_actions()

    def legal_on_a_known_board() -> None:
        game._legal = None  # the hands may have changed, not the board
        game.legal_actions()

    report("legal_actions() mid-game (board forgotten)",
           per_call(fresh_legal, number=500) * 1e6, "us")
    report("legal_actions() mid-game (board known)",
           per_call(legal_on_a_known_board, number=500) * 1e6, "us")
    report("clone() mid-game", per_call(game.clone, number=5000) * 1e6, "us")
    report("_copy() mid-game (the undo copy)", per_call(game._copy, number=5000) * 1e6, "us")
    rng = Rng(1)
    report("determinize() mid-game (the search's every playout)",
           per_call(lambda: game.determinize(game.current_player, rng), number=2000) * 1e6, "us")
    report("bots.estimate() mid-game", per_call(lambda: estimate(game), number=2000) * 1e6, "us")
    greedy = make_bot("tori-greedy", 1)
    report("tori-greedy choose() mid-game",
           per_call(lambda: greedy.choose(game, game.legal_actions()), number=500) * 1e6, "us")
    report("to_json() mid-game (400 actions)", per_call(game.to_json, number=50) * 1e3, "ms")
    text = game.to_json()
    report("from_json() mid-game (replays 400 actions)",
           per_call(lambda: Tori.from_json(text), number=3, repeat=3) * 1e3, "ms")


if __name__ == "__main__":
    main()
