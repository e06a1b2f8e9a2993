"""The Tulikko widget: the kit plus the central board and the wilderness maps
(``js/src/entries/tulikko.ts``)."""

from __future__ import annotations

from typing import Any

from ...widget import GameWidget
from .components import ANIMALS, MAPS


class Widget(GameWidget):
    """Play Tulikko inline: click an arrow to slide your tile in, a highlighted space to
    place the ejected tile, then choose your tokens. Seats given to bots play on their own
    (the kit paces them; *Bot move* plays one step).

    >>> from ecogames.games import tulikko
    >>> tulikko.Widget(tulikko.new_game(players=2, seed=1))  # doctest: +SKIP
    """

    bundle = "tulikko"
    static_view_paths = (("game",), ("map_size",), ("board", "sides"))

    def drawing_layout(self) -> dict[str, Any]:
        """The four wilderness maps' symbols, to choose a map from before the game starts
        (the view has a player's map only once it is chosen)."""
        return {"maps": {animal: list(MAPS[animal]) for animal in ANIMALS}}
