"""A greedy Tulikko bot: it plans the rest of its own turn and keeps the best result.

For each legal action the bot plays it on a ``clone()`` and, while the turn is still its
own, follows every way to go on (each space to place the ejected tile on, the blue and
orange aurora tiles), placing every token it may. The state where its turn would end is
scored: the points left in its supply (2 per animal token, 1 per river token, lower is
better) above all, then its unused aurora tiles, the empty spaces next to its tiles (where
later tiles earn tokens) and its largest zone of one colour. The green and purple aurora
tiles, and withholding tokens, are judged one step ahead only. Equal scores are broken by
the bot's own seeded generator, so a bot with a seed plays the same game every time.

Registered as ``"tulikko-greedy"`` when ``ecogames.games.tulikko`` is imported.
"""

from __future__ import annotations

from collections.abc import Sequence

from ecogames.bots import register_bot
from ecogames.core import Action, Game, Rng

from . import patterns
from .components import CELLS, NEIGHBOURS, TILE_COLOUR
from .rules import ClaimCard, MoveTile, PlaceStart, Tulikko

WIN = 1_000_000.0
POINT = 10.0
"""The value of one point of the final score (a river token; an animal token is two)."""
AURORA = 4.0
FRONTIER = 0.6
ZONE = 0.3

PLANNED = ("slide", "place", "tokens")
"""Phases the bot looks through when planning (the end phase is scored as it stands)."""


class GreedyBot:
    """Plans its own turn to the end and chooses what leaves it the fewest points."""

    name = "tulikko-greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = game.current_player
        if not isinstance(game, Tulikko) or me is None or game.phase == "choose_map":
            return self.rng.choice(legal)
        if game.phase == "start_tile":  # the middle of the map has the most neighbours
            inner = [a for a in legal if isinstance(a, PlaceStart)
                     and len(NEIGHBOURS[a.cell]) == 4]
            return self.rng.choice(inner or list(legal))
        scored = [(self._after(game, action, me), action) for action in legal]
        best = max(score for score, _ in scored)
        return self.rng.choice([a for score, a in scored if score >= best - 1e-9])

    def _after(self, game: Tulikko, action: Action, me: int) -> float:
        child = game.clone()
        child.push(action)
        return self._plan(child, me)

    def _plan(self, game: Tulikko, me: int) -> float:
        """The best value the rest of ``me``'s turn can reach (placing every token it may;
        the green and purple aurora tiles are left for the next real decision)."""
        if game.is_over or game.current_player != me or game.phase not in PLANNED:
            return self.value(game, me)
        legal = game.legal_actions()
        if game.phase == "tokens":
            options = legal[:1]  # placing every token it may comes first (D18)
        else:
            options = [a for a in legal if not isinstance(a, (ClaimCard, MoveTile))]
        if not options:
            return self.value(game, me)
        return max(self._after(game, action, me) for action in options)

    @staticmethod
    def value(game: Tulikko, me: int) -> float:
        """How good ``game`` is for ``me``: the end of the game above all, then the points
        left, the unused aurora tiles, the empty spaces next to tiles, the largest zone."""
        outcome = game.outcome
        if outcome is not None:
            return WIN if me in outcome.winners else -WIN
        animals, rivers = game.supply[me]
        grid = game.grids[me]
        empty = patterns.EMPTY
        frontier = sum(1 for c in range(CELLS) if grid[c] == empty
                       and any(grid[n] != empty for n in NEIGHBOURS[c]))
        auroras = sum(1 for a, holder in game.aurora_holder.items()
                      if holder == me and not game.aurora_used[a])
        colours = [empty if t == empty else TILE_COLOUR[t] for t in grid]
        return (-POINT * (2 * animals + rivers) + AURORA * auroras + FRONTIER * frontier
                + ZONE * patterns.largest_zone(colours))


register_bot(GreedyBot.name, GreedyBot)
