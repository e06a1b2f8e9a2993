"""A greedy Biotopes bot: it tries each action of its turn and keeps the one that leaves its
Ecosystem best off.

For each action of the Action Phase the bot plays it on a ``clone()`` and resolves it to the
end (every decision on the way — which cube pays, where a cube goes, where a token falls
back — taken one step ahead by the same measure), then values the state it reaches:
the score as it stands (Environmental Conditions, cards, bonuses, biodiversity,
fragmentation), plus what will still earn points — cubes on Species cards above all (a card
without cubes is discarded at the end), Species cards, territories, and, weighed by the
cycles left, the cubes on Biotope cards and in the bag and the cards in hand. It passes when
no action improves on that. Cards are drawn from a river by what they would score (the top
of a deck is valued blind: the bot never looks at hidden cards), discarded worst first
(a Reaction's card too). Equal values are broken by the bot's own seeded generator, so a
bot with a seed plays the same game every time.

Registered as ``"biotopes-greedy"`` when ``ecogames.games.biotopes`` is imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ecogames.bots import register_bot
from ecogames.bots.mcts import WIN_WEIGHT, logit_results
from ecogames.core import Action, Game, Rng

from .actions import Discard, Done, Draw, KeepHand, Pass, PlaceTerritory
from .components import BIOTOPES, ENV_TOKEN_BY_ID, HAND_LIMIT, SPECIES, neighbours
from .legal import Means, affords, means
from .rules import Biotopes

WIN = 1_000.0
SPECIES_CUBE = 1.0
"""A cube on a Species card: it keeps the card alive, breeds and pays for colonizations."""
SPECIES_CARD = 1.0
BIOTOPE_CUBE = 0.4
BAG_CUBE = 0.3
TERRITORY = 1.2
HAND_CARD = 0.7
CUBELESS = 1.5
"""What a Species card without cubes is about to lose (it would be discarded at the end)."""
BETTER = 0.05
"""How much an action must improve on passing to be worth playing."""
DECK_TOP = 0.9
"""The value of an unseen card from the top of a deck (a river card is valued by sight)."""

class GreedyBot:
    """Tries each action, resolves it to the end, keeps the best; passes when none helps."""

    name = "biotopes-greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    # -- choosing ---------------------------------------------------------------------------

    def choose(self, game: Game, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = game.current_player
        if not isinstance(game, Biotopes) or me is None:
            return self.rng.choice(legal)
        if game.phase == "action":
            return self._action(game, legal, me)
        return self._decide(game, legal, me)

    def _action(self, game: Biotopes, legal: Sequence[Action], me: int) -> Action:
        base, scored = self.scored(game, legal, me)
        best = max((v for v, _ in scored), default=base)
        if best <= base + BETTER:
            return next(a for a in legal if isinstance(a, Pass))
        return self.rng.choice([a for v, a in scored if v >= best - 1e-9])

    def scored(self, game: Biotopes, legal: Sequence[Action],
               me: int) -> tuple[float, list[tuple[float, Action]]]:
        """The value of ``game`` for ``me`` now, and of each action but a pass once it is
        resolved to the end."""
        scored = []
        for action in legal:
            if isinstance(action, Pass):
                continue
            child = game.clone()
            child.push(action)
            self._resolve(child)
            scored.append((self.value(child, me), action))
        return self.value(game, me), scored

    def would_pass(self, game: Biotopes, legal: Sequence[Action], me: int) -> bool:
        """Whether this bot would pass here: no action improves on passing by ``BETTER``."""
        base, scored = self.scored(game, legal, me)
        return max((v for v, _ in scored), default=base) <= base + BETTER

    def _resolve(self, game: Biotopes, limit: int = 60) -> None:
        """Play the decisions an action sets off (anyone's) until the Action Phase is back."""
        for _ in range(limit):
            if game.is_over or game.phase == "action":
                return
            who = game.current_player
            legal = game.legal_actions()
            if who is None or not legal:
                return
            game.push(legal[0] if len(legal) == 1 else self._decide(game, legal, who))

    def _decide(self, game: Biotopes, legal: Sequence[Action], me: int) -> Action:
        """A decision in the middle of a resolution (or of the set-up)."""
        phase = game.phase
        if phase == "draw" or (phase == "react" and isinstance(legal[0], Draw)):
            # a card to draw (for Evolution, a card's Action, a Reaction)
            paying = means(game, me)
            return self._best(legal, lambda a: self._draw_value(game, me, a, paying))
        if phase == "redraw":
            return next((a for a in legal if isinstance(a, KeepHand)), legal[0])
        if phase == "placement":
            return self._placement(game, legal, me)
        if phase == "discard":
            paying = means(game, me)
            return self._best(legal, lambda a: -self.card_value(game, me, a.card, paying)
                              if isinstance(a, Discard) else 0.0)
        if phase == "evo_discard":
            return next((a for a in legal if isinstance(a, Done)), legal[0])
        if phase in ("tiles", "orient", "draft"):
            return self.rng.choice(legal)
        rival = 0.5 if phase == "prey" else 0.0

        def after(action: Action) -> float:
            child = game.clone()
            child.push(action)
            value = self.value(child, me)
            if rival:
                value -= rival * sum(self.value(child, q) for q in range(game.players)
                                     if q != me)
            return value

        return self._best(legal, after)

    def _best(self, legal: Sequence[Action], measure) -> Action:  # type: ignore[no-untyped-def]
        scored = [(measure(a), a) for a in legal]
        best = max(v for v, _ in scored)
        return self.rng.choice([a for v, a in scored if v >= best - 1e-9])

    def _placement(self, game: Biotopes, legal: Sequence[Action], me: int) -> Action:
        """Setup 8: a territory of the 1st Environmental Condition's biotope, with room
        around it to expand."""
        wanted = ENV_TOKEN_BY_ID[game.env[0]].biotope

        def measure(a: Action) -> float:
            if not isinstance(a, PlaceTerritory):
                return 0.0
            h = a.hex
            room = sum(1 for n in neighbours(h) if n in game.landscape and n not in game.owner)
            return (2.0 if BIOTOPES[game.landscape[h]] is wanted else 0.0) + 0.3 * room

        return self._best(legal, measure)

    def _draw_value(self, game: Biotopes, me: int, a: Action, paying: Means) -> float:
        if not isinstance(a, Draw):
            return 0.0
        if a.slot < 0:
            return DECK_TOP
        d = ("herbivores", "insectivores", "carnivores").index(a.deck)
        return self.card_value(game, me, game.rivers[d][a.slot], paying)

    # -- measures ---------------------------------------------------------------------------

    @staticmethod
    def card_value(game: Biotopes, me: int, card_id: str, paying: Means | None = None
                   ) -> float:
        """What a Species card in hand is worth to ``me``: its VP, the Environmental
        Conditions it meets, the column it would complete, and whether it can be played
        (with the cubes of ``paying``: ``me``'s means, ``legal.means``, when not given)."""
        card = SPECIES[card_id]
        env = [ENV_TOKEN_BY_ID[t] for t in game.env]
        value = float(card.vp)
        value += 1.0 if env[1].biotope is card.biotope else 0.0
        value += 1.0 if env[2].type is card.type else 0.0
        value += 0.5 if env[3].type is card.type else 0.0
        rows = game.rows[me]
        if len(rows[card.row]) == min(len(r) for r in rows):
            value += 0.5
        if affords(paying or means(game, me), card_id):
            value += 0.5
        return value - 0.3 * len(card.diet)

    @staticmethod
    def value(game: Biotopes, me: int) -> float:
        """How good ``game`` is for ``me``: the game's end above all; else the score now plus
        what will still earn points, the bag, hand and Biotope cards weighed by the cycles
        left."""
        outcome = game.outcome
        if outcome is not None:
            return (WIN if me in outcome.winners else 0.0) + outcome.scores[me]
        left = max(0.0, (game.cycles - game.cycle + 1) / game.cycles)
        total = float(game.score(me)["total"])
        species = cubeless = cubes = 0
        for row in game.rows[me]:
            for entry in row:
                n = entry[1] + entry[2] + entry[3] + entry[4]
                species += 1
                cubes += n
                cubeless += n == 0
        board = sum(map(sum, game.spaces[me]))
        on_biotopes = sum(game.biotope[me]) + sum(map(sum, game.foreign[me]))
        return (total + SPECIES_CUBE * cubes + SPECIES_CARD * species * left
                - CUBELESS * cubeless * (1.0 - 0.5 * left)
                + left * (BIOTOPE_CUBE * on_biotopes
                          + BAG_CUBE * (sum(game.bags[me]) + board)
                          + TERRITORY * len(game.territories(me))
                          + HAND_CARD * min(len(game.hands[me]), HAND_LIMIT)))


# -- for the search (ecogames.bots.mcts) ------------------------------------------------------

ESTIMATE_SPREAD = 2.0
"""How far apart, in the greedy bot's points, two Ecosystems must be for the one ahead to
win about 73 % of the time (a logistic of the difference, e to 1) in the last cycle; the
game still to play widens it (``ESTIMATE_SPREAD_LEFT`` more at its start). The two figures
fit best (the likelihood of who won) 1,169 positions of 60 games of the greedy bot against
itself."""
ESTIMATE_SPREAD_LEFT = 12.0


def estimate(game: Game) -> list[float]:
    """Each player's expected result (on the scale of ``ecogames.bots.mcts.rewards``) of a
    game not over, as the search scores a position where it stops: the chance to win is a
    softmax of the greedy bot's values of the Ecosystems (the score now and what will still
    earn points), its spread growing with the cycles left; the score's part (0.1) is each
    value's place between the lowest and the highest."""
    if not isinstance(game, Biotopes):
        raise TypeError(f"estimate is for Biotopes, not {type(game).__name__}")
    players = game.players
    if players == 1:  # Solo Mode: the only player always "wins"; the score is the game
        return [WIN_WEIGHT + (1.0 - WIN_WEIGHT) * 0.5]
    values = [GreedyBot.value(game, p) for p in range(players)]
    left = max(0.0, (game.cycles - game.cycle + 1) / game.cycles)
    spread = ESTIMATE_SPREAD + ESTIMATE_SPREAD_LEFT * left
    return logit_results([v / spread for v in values], values)

def root_actions(game: Game, legal: list[Action]) -> list[Action]:
    """The actions the search weighs at its root: in the Action Phase, a pass only when the
    greedy bot would pass too. The estimate values cubes on Biotope cards and in the bag below
    what an action soon makes of them, so a search a few actions deep sees the next cycle's
    fresh cubes sooner after a pass than after an action: it passed cycles early (a game of
    seed 101 it lost 3 to 41 passed in every cycle while the greedy bot still played)."""
    if not isinstance(game, Biotopes):
        raise TypeError(f"root_actions is for Biotopes, not {type(game).__name__}")
    me = game.current_player
    if game.phase != "action" or me is None or game.is_over:
        return list(legal)
    others = [a for a in legal if not isinstance(a, Pass)]
    if not others or GreedyBot(0).would_pass(game, legal, me):
        return list(legal)
    return others


MCTS_SETTINGS: dict[str, Any] = {"rollout": "random", "cutoff": 0,
                                 "root_actions": root_actions}
"""The search's defaults in Biotopes: no rollout, the estimate scores each new node (its
first action a random one). Small matches against ``biotopes-greedy`` (10 games each, deals
played twice with the seats swapped, budgets of about 0.25 CPU s a move) gave: random
rollouts cut after 10 actions, 600 playouts, 6 wins; the estimate at once (``cutoff`` 0),
1,500 playouts, 9 wins and a draw; the same with UCB's exploration at 0.3, 6 wins; and with
the greedy bot's choice expanded first (exploration 0.3), 400 playouts, 6 wins. A random
action of Biotopes (a pass, a cube paid) tells little, so many shallow searches scored by
the estimate beat fewer, longer ones. ``root_actions`` (the search passes only when the greedy
bot would) came after the ladder at 1 CPU s a move (10 of 20 won) showed the search passing
cycles early."""

register_bot(GreedyBot.name, GreedyBot)
