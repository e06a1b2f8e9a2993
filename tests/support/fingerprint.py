"""Fingerprints of whole games: the proof that a refactor changed no behaviour.

A fingerprint is a SHA-256 digest of everything a seeded game shows, action by action:
the legal actions and their descriptions, why a few illegal ones are refused, every
cascade (events with their words, causes, reads and writes, the step views, the chance
draws with their odds), every seat's view and the onlooker's, the save, and the final
outcome with its answer to "why". The games are played by the seeded random bot, the
game's own greedy (or heuristic) bot and a small MCTS search, at every player count.

``tests/fingerprints.json`` holds the digests recorded from the code before issue 23's
refactor (``python -m tests.support.fingerprint --write``). Never regenerate them to make a
test pass: a different digest means a different game.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ecogames import GAMES
from ecogames.bots import RandomBot, bots_for, make_bot
from ecogames.bots.mcts import MCTSBot
from ecogames.core import Game

RECORDED = Path(__file__).resolve().parents[1] / "fingerprints.json"

PLAYERS = {"toritori": (2, 3, 4), "wildlifeweb": (2, 3, 4, 5, 6), "tulikko": (2, 3, 4),
           "biotopes": (1, 2, 3, 4, 5), "tori": (2, 3, 4)}
MAX_ACTIONS = {"random": 3000, "greedy": 3000, "mcts": 16}
"""Actions fingerprinted per game: whole games for the fast bots, an opening for MCTS."""
MCTS_PLAYOUTS = 24
MCTS_AS_RECORDED = {"root_actions": None, "horizon": None}
"""The search's settings as they were when the digests were recorded: a game's later
search tuning (Biotopes' root pruning, 9047e9e; Tori-Tori's turn horizon) changes what its
bot chooses, not the engine, and these cases fingerprint the engine."""
MCTS_RECORDED_IN = {"toritori": {"exploration": 0.05}}
"""A game's own search settings as recorded where they changed since (Tori-Tori's UCB
constant, 0.005 since the turn horizon made a turn's search a plan)."""
SEEDS = {"random": (1, 2), "greedy": (1, 2), "mcts": (1,)}


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    bot: str
    seed: int

    @property
    def key(self) -> str:
        return f"{self.game}-{self.players}p-{self.bot}-{self.seed}"


def cases() -> Iterator[Case]:
    for game in GAMES:
        for players in PLAYERS[game]:
            for bot in ("random", "greedy", "mcts"):
                for seed in SEEDS[bot]:
                    yield Case(game, players, bot, seed)


def _bot(case: Case, seed: int) -> Any:
    if case.bot == "random":
        return RandomBot(seed)
    if case.bot == "mcts":
        return MCTSBot(seed, playouts=MCTS_PLAYOUTS,
                       **{**MCTS_AS_RECORDED, **MCTS_RECORDED_IN.get(case.game, {})})
    own = [name for name in bots_for(case.game) if name.startswith(case.game + "-")]
    greedy = sorted(own, key=lambda name: not name.endswith("-greedy"))[0]
    return make_bot(greedy, seed)


def _new_game(case: Case) -> Game:
    module = importlib.import_module(f"ecogames.{case.game}")
    game: Game = module.new_game(players=case.players, seed=1000 * case.seed + case.players)
    return game


def fingerprint(case: Case) -> str:
    """The digest of one seeded game as ``case``'s bot plays it (every seat)."""
    digest = hashlib.sha256()

    def feed(value: Any) -> None:
        digest.update(json.dumps(value, sort_keys=True, default=repr).encode())
        digest.update(b"\n")

    game = _new_game(case)
    bots = [_bot(case, seed=7 * seat + case.seed) for seat in range(case.players)]
    previous: list[Any] = []
    for _ in range(MAX_ACTIONS[case.bot]):
        _feed_position(game, feed, previous)
        legal = game.legal_actions()
        if not legal:
            break
        seat = game.current_player
        bot = bots[seat if seat is not None else 0]
        action = bot.choose(game.clone(), legal)
        cascade = game.apply(action, views=True)
        feed(cascade.to_json(views=True))
        feed([[draw.name, repr(draw)] for draw in cascade.chances])
        previous = legal
    feed(game.to_dict())
    if game.is_over:
        feed(str(game.why("outcome")))
    return digest.hexdigest()


def _feed_position(game: Game, feed: Callable[[Any], None], previous: list[Any]) -> None:
    legal = game.legal_actions()
    feed([a.to_json() for a in legal])
    feed([game.describe(a) for a in legal[:20]])
    feed([game.explain_illegal(a) for a in previous[:6] if a not in legal])
    feed([game.phase, game.current_player, repr(game.outcome)])
    feed([game.view(seat) for seat in [None, *range(game.players)]])


def record() -> dict[str, str]:
    return {case.key: fingerprint(case) for case in cases()}


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        RECORDED.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    else:
        print(json.dumps(record(), indent=1, sort_keys=True))
