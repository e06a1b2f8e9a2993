"""Tori over time: the points each player shows and the expansion tiles behind them.

A step is a *round*: every player has had one turn, the first player first. Step 0 is the
set-up. Points are the engine's own (``rules.Tori.scores``, Point: majority, versatility,
area bonus and colour bonus cards), counted as the table shows them: during play the area
and colour bonus cards are face down (the view hides them), so only the majority and
versatility cards count; once Tori ends they are revealed, and the last step's points are
the final scores. Expansion tiles are what wins majorities, versatility and the bonuses.

>>> from ecogames.games import tori
>>> from ecogames.core.series import series
>>> game = tori.new_game(players=2, seed=1)
>>> series(game).values["points: Helsinki (player 1)"]
[0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecogames.core.series import SeriesSpec, per_player

from .components import COATS_OF_ARMS, PALETTE

if TYPE_CHECKING:
    from .rules import Tori

SEAT_COLOURS = tuple(s.colour for s in PALETTE.groups["players"].values())
"""The palette's coats-of-arms colours, by seat."""
MEASURES = ("points", "expansion tiles")
"""What is measured for each player, in this order."""
PUBLIC_PARTS = ("gold", "silver", "versatility")
"""The parts of ``Tori.scores`` that lie face up on the table during play."""


def rounds_done(game: Tori) -> int:
    """Rounds every player has finished (turns taken, whole rounds of them)."""
    return game.turn // game.players


def points_shown(game: Tori) -> list[int]:
    """Each player's points as the table shows them: the engine's ``scores()`` limited to
    the face-up cards during play, the final totals once Tori has ended."""
    scores = game.scores()
    if game.ended:
        return [sheet["total"] for sheet in scores]
    return [sum(sheet[part] for part in PUBLIC_PARTS) for sheet in scores]


def quantities(game: Tori) -> dict[str, int]:
    """For each player: the points shown and the expansion tiles built."""
    tiles = [0] * game.players
    for (owner, _), stall in game.stalls.items():
        tiles[owner] += len(stall.expansions)
    return per_player(MEASURES, game.player_names, list(zip(points_shown(game), tiles)))


SERIES = SeriesSpec(
    step="round",
    steps_done=rounds_done,
    quantities=quantities,
    colours=per_player(MEASURES, [f"{arms} (player {seat + 1})"
                                  for seat, arms in enumerate(COATS_OF_ARMS)],
                       [[colour] * len(MEASURES) for colour in SEAT_COLOURS]),
    markers=per_player(MEASURES, [f"{arms} (player {seat + 1})"
                                  for seat, arms in enumerate(COATS_OF_ARMS)],
                       [["o", "s"]] * len(SEAT_COLOURS)),
    title="Points shown and expansion tiles, by player",
    unit="points / tiles",
    description="Each player's points on the table (majority and versatility cards; the "
                "secret bonus cards join at the end) and expansion tiles, after each round.",
)
