"""The Tulikko widget: the kit plus the central board and the wilderness maps
(``js/src/entries/tulikko.ts``)."""

from __future__ import annotations

from typing import Any

from ...core.widget import GameWidget
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

    def set_bot(self, seat: int, name: str) -> None:
        super().set_bot(seat, name)
        # The board needs to know which seats bots play (it then offers no clicks there and
        # says the bot is thinking); board renderers get only the layout, not `bots`.
        self.layout = {**self.layout, "bot_seats": sorted(int(s) for s in self.bots)}

    def act(self, action: Any) -> None:
        self._acting = self.game.current_player
        try:
            super().act(action)
        finally:
            self._acting = None

    def _sync(self, cascade: dict[str, Any] | None = None) -> None:
        # A person's turns and a bot's follow each other in one history: each label names
        # the player who played it ("Player 2 (owl): Place the ...").
        seat = getattr(self, "_acting", None)
        if cascade is not None and seat is not None and self._labels:
            label = f"{self.game.player_names[seat]}: {self._labels[-1]}"
            self._labels[-1] = label
            cascade = {**cascade, "label": label}
        super()._sync(cascade)
