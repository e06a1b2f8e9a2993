"""Tulikko over time: each player's points and the tokens still to place, round by round.

A step is a *round*: every player has played one turn (Turns: "Starting with the first
player, each player takes a turn, proceeding clockwise"); step 0 is the set-up. The score is
the engine's own (``rules.Tulikko.scores``, End of the Game: "2 points for each unplaced
animal token and 1 point for each unplaced river token"; the lowest wins), and beside it the
two supplies that make it. Players are named by seat ("Player 1"), which stays the same
whether or not a map has been chosen yet.

>>> from ecogames.games import tulikko
>>> from ecogames.core.series import series
>>> game = tulikko.new_game(players=2, seed=1, maps=["fox", "owl"])
>>> series(game).values["points: Player 1"]
[30]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecogames.core.series import SeriesSpec, per_player

from .components import PALETTE

if TYPE_CHECKING:
    from .rules import Tulikko

SEAT_COLOURS = tuple(s.colour for s in PALETTE.groups["players"].values())
"""The palette's seat colours."""
MEASURES = ("points", "animal tokens left", "river tokens left")
"""What is measured for each player, in this order."""


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def rounds_done(game: Tulikko) -> int:
    """Rounds every player has finished (the first player starts each round)."""
    return min(game.turns)


def quantities(game: Tulikko) -> dict[str, int]:
    """For each player: points (the engine's score), animal and river tokens in the supply."""
    scores = game.scores()
    return per_player(MEASURES, [seat_name(seat) for seat in range(game.players)],
                      [(scores[seat], *game.supply[seat]) for seat in range(game.players)])


SERIES = SeriesSpec(
    step="round",
    steps_done=rounds_done,
    quantities=quantities,
    colours=per_player(MEASURES, [seat_name(seat) for seat in range(len(SEAT_COLOURS))],
                       [[colour] * len(MEASURES) for colour in SEAT_COLOURS]),
    markers=per_player(MEASURES, [seat_name(seat) for seat in range(len(SEAT_COLOURS))],
                       [["o", "v", "s"]] * len(SEAT_COLOURS)),
    title="Points and tokens left, by player",
    unit="points / tokens left",
    description="Each player's points (2 per animal token and 1 per river token still to "
                "place; the lowest wins) and the two supplies, after each round.",
)
