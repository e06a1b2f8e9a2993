"""The Tori widget: the kit plus the market square (``js/src/entries/tori.ts``)."""

from __future__ import annotations

from typing import Any

from ...widget import GameWidget
from .components import (
    BONUS_POINTS,
    BONUS_TILES,
    COATS_OF_ARMS,
    COLS,
    DISPLAY_SIZE,
    EXPANSION_TILES,
    GOLD_POINTS,
    GOODS_CARDS_PER_GOOD,
    GOODS_LIST,
    HAND_LIMIT,
    INFORMATION_POINTS,
    ROWS,
    SILVER_POINTS,
    VERSATILITY_GOODS,
    VERSATILITY_POINTS,
    ZONE_OF,
)
from .graphs import terrain


class Widget(GameWidget):
    """Play Tori inline: click the square, the build cards and the customers; step through
    every customer's walk and every majority card changing hands. Seats given to bots play
    on their own (the kit paces them; *Bot move* plays one action).

    >>> from ecogames.games import tori
    >>> tori.Widget(tori.new_game(players=2, seed=1))  # doctest: +SKIP
    """

    bundle = "tori"
    static_view_paths = ()
    """Every part of Tori's view can change during a game (even the players' entries hold
    their hands), so the board's geometry goes in ``drawing_layout()`` instead."""

    def drawing_layout(self) -> dict[str, Any]:
        return board_layout(self.game.players)


TERRAIN_CODES = {"square": "s", "quay": "q", "information": "i", "mooring": "m", "water": "w"}
"""One letter per cell in ``layout["terrain"]`` (graphs.terrain's names)."""


def board_layout(players: int) -> dict[str, Any]:
    """What the browser needs to draw the square and never changes in a game: the grid with
    each cell's terrain and zone (docs/rules/tori.md D1-D3), the goods and their colours
    (D9), the coats of arms (D22) and the numbers printed on the cards."""
    return {
        "rows": ROWS,
        "cols": COLS,
        "terrain": ["".join(TERRAIN_CODES[terrain((r, c))] for c in range(COLS))
                    for r in range(ROWS)],
        "zones": ["".join(str(ZONE_OF[(r, c)]) for c in range(COLS)) for r in range(ROWS)],
        "information_points": [list(cell) for cell in INFORMATION_POINTS],
        "goods": [{"id": g.id, "name": g.name, "danish": g.danish, "colour": g.colour}
                  for g in GOODS_LIST],
        "coats_of_arms": list(COATS_OF_ARMS[:players]),
        "hand_limit": HAND_LIMIT,
        "display_size": DISPLAY_SIZE,
        "expansion_tiles": dict(EXPANSION_TILES),
        "goods_cards": GOODS_CARDS_PER_GOOD,
        "points": {"gold": GOLD_POINTS, "silver": SILVER_POINTS,
                   "versatility": VERSATILITY_POINTS, "bonus": BONUS_POINTS},
        "bonus_tiles": BONUS_TILES[players],
        "versatility_goods": VERSATILITY_GOODS[players],
    }
