"""States of the five games along seeded random games, for the search bots' tests."""

from __future__ import annotations

from ecogames.bots import RandomBot
from ecogames.core import Game, registered_games
from ecogames.games import biotopes, tori, toritori, tulikko, wildlifeweb  # noqa: F401

GAMES = ("biotopes", "tori", "toritori", "tulikko", "wildlifeweb")
HIDDEN = ("biotopes", "tori", "tulikko", "wildlifeweb")
"""The games where a seat does not see everything another seat sees."""


def new_game(name: str, players: int = 2, seed: int = 0) -> Game:
    return registered_games()[name].new_game(players=players, seed=seed)


def states(name: str, players: int, seed: int, every: int = 7, most: int = 400) -> list[Game]:
    """Clones of a random game of ``name`` every ``every`` actions (at most ``most``)."""
    game = new_game(name, players, seed)
    bot = RandomBot(seed)
    out = []
    for step in range(most):
        if game.is_over:
            break
        if step % every == 0:
            out.append(game.clone())
        legal = game.legal_actions()
        game.push(bot.choose(game, legal))
    out.append(game.clone())
    return out
