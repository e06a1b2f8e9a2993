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

For the search bot (:mod:`ecogames.bots.mcts`) the module also gives :func:`estimate` (each
player's chance to win, from a few features of each map) and ``MCTS_SETTINGS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ecogames.bots import register_bot
from ecogames.bots.mcts import logit_results
from ecogames.core import Action, Game, Rng

from . import patterns
from .actions import ClaimCard, MoveTile, PlaceStart, SlideBack
from .components import CELLS, NEIGHBOURS, TILE_COLOUR, TURNS
from .rules import Tulikko

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


# -- the search's estimate and rollouts ------------------------------------------------------

FEATURES = ("points", "points_done", "points_done2", "animals", "frontier", "frontier_done",
            "auroras", "zone", "zone_done", "to_place", "to_token", "turns_left", "finished",
            "near")
"""What :func:`features` measures of one player (``done``: the share of their 12 turns
played): the points left (2 per animal token, 1 per river token), alone and times ``done``
and ``done`` squared (a point left weighs more as the game runs out); the animal tokens
left; the empty spaces next to tiles; the unused aurora tiles; the largest zone of one
colour (the tie-break); whether the player is the one to move with a tile still to place
or tokens still to put down; the turns left; whether every token is placed; and
``1 / (1 + points)`` (the race to place everything: the last points weigh most)."""

WEIGHTS = (-0.1734, 0.2319, -0.3990, -0.1095, 0.0640, -0.0253, 0.0327, -0.1823, 0.4393, 0.1339,
           0.1458, 0.4970, -1.5904, 3.8952)
"""The weight of each feature in a player's strength (a conditional logit: a player's chance
to win is ``exp(strength)`` over the sum of every player's). Fitted by maximum likelihood to
the states of greedy self-play (see :func:`estimate`)."""


def features(game: Tulikko, player: int) -> tuple[float, ...]:
    """The features of ``player``'s position in ``game``, in the order of ``FEATURES``."""
    animals, rivers = game.supply[player]
    points = 2 * animals + rivers
    done = game.turns[player] / TURNS
    grid = game.grids[player]
    empty = patterns.EMPTY
    frontier = sum(1 for c in range(CELLS) if grid[c] == empty
                   and any(grid[n] != empty for n in NEIGHBOURS[c]))
    auroras = sum(1 for a, holder in game.aurora_holder.items()
                  if holder == player and not game.aurora_used[a])
    zone = patterns.largest_zone([empty if t == empty else TILE_COLOUR[t] for t in grid])
    moving = game.active == player
    stage = game.stage
    return (points, points * done, points * done * done, animals, frontier, frontier * done,
            auroras, zone, zone * done, float(moving and stage in ("slide", "place")),
            float(moving and stage == "tokens"), TURNS - game.turns[player],
            float(points == 0), 1.0 / (1 + points))


def estimate(game: Game) -> list[float]:
    """Each player's expected result in [0, 1] on the scale of ``ecogames.bots.mcts.rewards``
    (0.9 for a win, plus 0.1 for the fewest points left), for a game not over.

    The chance to win is a conditional logit over :func:`features`: player ``p`` wins with
    probability ``exp(s_p) / sum(exp(s_q))``, ``s_p`` the weighted sum of ``p``'s features
    (``WEIGHTS``, fitted to greedy self-play in 2-4 player games). The tie-break part is the
    points left, normalised between the fewest (1) and the most (0), as at the game's end.
    """
    assert isinstance(game, Tulikko)
    strengths = [sum(w * x for w, x in zip(WEIGHTS, features(game, p), strict=True))
                 for p in range(game.players)]
    return logit_results(strengths, [-points for points in game.scores()])


class RolloutBot:
    """The search's rollout policy: quick and not blind. It puts down every token it may,
    places its tile where it touches the most tiles (ties at random), slides at random and
    leaves the aurora tiles' effects alone. Not registered: a policy for rollouts only."""

    name = "tulikko-rollout"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        assert isinstance(game, Tulikko)
        stage = game.stage
        if stage == "tokens":
            return legal[0]  # every token it may comes first (D18)
        plain = [a for a in legal if not isinstance(a, (ClaimCard, MoveTile, SlideBack))]
        if stage == "place":
            grid = game.grids[game.active]
            empty = patterns.EMPTY
            best: list[Action] = []
            most = -1
            for action in plain:
                cell = getattr(action, "cell", None)
                touching = -1 if cell is None else sum(1 for n in NEIGHBOURS[cell]
                                                         if grid[n] != empty)
                if touching > most:
                    best, most = [action], touching
                elif touching == most:
                    best.append(action)
            plain = best
        choices = plain or list(legal)
        return choices[0] if len(choices) == 1 else self.rng.choice(choices)


MCTS_SETTINGS: dict[str, Any] = {"rollout": RolloutBot, "cutoff": 8, "exploration": 0.25}
"""The search's defaults in Tulikko (see ``ecogames.bots.mcts``): rollouts by
:class:`RolloutBot`, cut after 8 actions (about a turn of each player: slide, place, tokens)
and scored by :func:`estimate`; UCB's constant 0.25 (the estimate's results lie close
together). Chosen by seeded matches against ``tulikko-greedy`` (2 players, seats swapped, 16
games each, about 0.2 CPU s a move): these settings at 800 playouts won 14; the estimate
alone (``cutoff=0``) at 2,000 playouts 9; before them random rollouts to the end at 200
playouts won 6 of 16. About 3,000 playouts are a CPU second."""


register_bot(GreedyBot.name, GreedyBot)
