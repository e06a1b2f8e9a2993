"""A team bot for Tori-Tori that pursues the win: one-ply lookahead over a score.

For every legal action the bot plays it on a ``clone()`` and scores the result for the team:
the game's end above all; then the tiles turned; the native populations (each native species'
first tokens count most: extinction loses); Cats and Invasive Bushes on the island; the
abilities the team has learned on the way to Veterinary, Gardening and an Environmental Report;
and how close the pawns stand to the Cats and Bushes they can remove. Equal scores are broken
by the bot's own seeded generator, so a bot with a seed plays the same game every time.

Registered as ``"toritori-heuristic"`` when ``ecogames.games.toritori`` is imported.

For the search bot (:mod:`ecogames.bots.mcts`) the module also gives :func:`estimate` (the
team's chance to win, a logistic model over :func:`features`) and ``MCTS_SETTINGS``.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from ecogames.bots import register_bot
from ecogames.core import Action, Game, Rng

from . import components as c
from .island import Island
from .rules import CT, FX, GP, IB, NT, REPORT_SPACES, TT, ToriTori

WIN = 1_000_000.0
TILE = 5_000.0

NATIVE_WEIGHTS = {
    # species: (value of each token up to the cap, cap, safety bonus scale)
    TT: (120.0, 6, 900.0),
    GP: (50.0, 6, 700.0),
    FX: (90.0, 4, 900.0),
    NT: (25.0, 14, 900.0),
}
INTRODUCED_COST = {CT: 140.0, IB: 70.0}

ABILITY_VALUE = {
    "veterinary": 320.0, "gardening": 160.0, "transforming_plants": 170.0,
    "advanced_gardening": 200.0, "activate_animals": 90.0, "advanced_botany": 90.0,
    "motorcycle": 80.0, "bicycle": 40.0, "specialized_animal_tracking": 50.0,
    "animal_tracking": 30.0, "protect_animal": 40.0, "move_another_pawn": 30.0,
}
REPORT_BONUS = 450.0
REMOVERS = {CT: ("veterinary",), IB: ("gardening", "advanced_gardening", "transforming_plants")}


@lru_cache(maxsize=256)
def distances(isle: Island) -> dict[str, dict[str, int]]:
    """Pawn distances in Moves between every two locations of the island."""
    table: dict[str, dict[str, int]] = {}
    for start in isle.locations:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in isle.steps[here]:
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        table[start] = seen
    return table


@cache
def studies_to_report(space: str) -> int:
    """Fewest Studies from ``space`` to an Environmental Report space (99: none ahead)."""
    if space in REPORT_SPACES:
        return 0
    ahead = [studies_to_report(nxt) for nxt in c.NEXT_SPACES[space]]
    return 1 + min(ahead) if ahead else 99


def score(game: ToriTori) -> float:
    """The team's prospects in ``game``, higher is better."""
    if game.ended is not None:
        return WIN if game.ended[0] == "victory" else -WIN
    counts = game.counts
    value = TILE * (game.village_ok + game.industry_ok)
    for species, (each, cap, safety) in NATIVE_WEIGHTS.items():
        k = counts[species]
        value += each * min(k, cap) + safety * (1.0 - 0.45 ** k)
    value -= sum(cost * counts[sp] for sp, cost in INTRODUCED_COST.items())
    if not game.industry_ok:
        value += 150.0 * min(counts[TT], 4)
    # Abilities: what the team holds, and how near the nearest Report is.
    team: set[str] = set()
    for player in range(game.players):
        held = game.held(player)
        team |= held
        value += 0.25 * sum(ABILITY_VALUE.get(a, 0.0) for a in held)
    value += sum(ABILITY_VALUE.get(a, 0.0) for a in team)
    nearest = min(studies_to_report(m) for m in game.markers)
    value += REPORT_BONUS if nearest == 0 else -35.0 * min(nearest, 10)
    # Pawns: close to the Cats and Bushes their owner can remove.
    value -= _pawn_distances(game)
    return value


def _pawn_distances(game: ToriTori) -> float:
    far = distances(game.island)
    where = {CT: [], IB: []}  # type: dict[str, list[str]]
    for n in range(1, 13):
        for pile in game.board[n]:
            top = game.kind[pile[-1]]
            if top in where:
                where[top].append(str(n))
    cost = 0.0
    for player in range(game.players):
        held = game.held(player)
        at = far[game.pawns[player]]
        for species, abilities in REMOVERS.items():
            if where[species] and any(a in held for a in abilities):
                cost += 12.0 * min(at[s] for s in where[species])
    return cost


# -- the search's estimate ---------------------------------------------------------------------

FEATURES = ("score", "time", "log_time", "three", "four", "medium", "expert")
"""What :func:`features` measures of a game: the heuristic's :func:`score` (over 1,000), the
time left (``time``: the Activation cards still to be drawn before the Round marker reaches
the defeat space, in tens, and its log), the player count (3, 4) and the difficulty
(medium, expert). Only the score tells one choice from another: the rest is the same for
every choice of a turn (the cards are drawn at the roll), so one step ahead the estimate
ranks actions as the heuristic does, and the search looks further."""

WEIGHTS = (-5.5987, 0.3462, 0.2659, 1.5688, 0.6202, 0.4812, -0.5396, -0.9901)
"""The intercept, then each feature's weight in the team's log-odds of winning: a logistic
regression fitted by maximum likelihood to the states of heuristic-team games (see
:func:`estimate`)."""


def time_left(game: ToriTori) -> int:
    """Activation cards still to be drawn before the Round marker reaches the defeat space:
    the pile, then a whole round of the cards that cycle (all but the six on the spaces) for
    each round left after it (Course of Play 1: the discard is turned over when the pile runs
    out, and the Round marker advances)."""
    cycling = len(game.pile) + len(game.discard) + sum(1 for s in game.slots if s is not None)
    rounds = max(0, c.DEFEAT_ROUND_SPACE[game.players] - 1 - game.round)
    return len(game.pile) + rounds * max(0, cycling - len(game.slots))


def features(game: ToriTori) -> tuple[float, ...]:
    """The features of ``game`` for the team, in the order of ``FEATURES``."""
    time = time_left(game) / 10.0
    return (score(game) / 1000, time, math.log1p(time), float(game.players == 3),
            float(game.players == 4), float(game.difficulty == "medium"),
            float(game.difficulty == "expert"))


def estimate(game: Game) -> list[float]:
    """The team's expected result in [0, 1] for every player (cooperative: one value), on the
    scale of ``ecogames.bots.mcts.rewards``: 0.9 times the chance to win, by a logistic
    regression over :func:`features` (``WEIGHTS``, fitted to heuristic-team games at every
    difficulty and player count), plus the 0.05 a game without scores gets as its tie-break.
    """
    assert isinstance(game, ToriTori)
    z = WEIGHTS[0] + sum(w * x for w, x in zip(WEIGHTS[1:], features(game), strict=True))
    chance = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return [0.9 * chance + 0.05] * game.players


class HeuristicBot:
    """One-ply lookahead with ``clone()`` over :func:`score` (see the module docstring)."""

    name = "toritori-heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, legal: Sequence[Action]) -> Action:
        if len(legal) == 1 or not isinstance(game, ToriTori):
            return legal[0] if len(legal) == 1 else self.rng.choice(legal)
        best: list[Action] = []
        top = float("-inf")
        for action in legal:
            twin = game.clone()
            twin.push(action)
            value = score(twin)
            if value > top + 1e-9:
                top, best = value, [action]
            elif value > top - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)


class HandsOffBot:
    """Researchers who leave the island alone: they roll, answer the team's decisions and
    spend their action points walking (never studying, planting, removing or protecting).
    The baseline for "what happens to the Tori-toris when nobody helps"."""

    name = "toritori-hands-off"
    WALKING = frozenset({"roll", "move", "bicycle", "motorcycle", "choose_first", "choose_food"})

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, legal: Sequence[Action]) -> Action:
        walking = [a for a in legal if a.type in self.WALKING]
        return self.rng.choice(walking or legal)


def turn_over(game: Game) -> bool:
    """The search's horizon in Tori-Tori: the turn is over, the next action is the roll
    (the next turn's dice and Activation cards)."""
    assert isinstance(game, ToriTori)
    return game.stage == "roll"


MCTS_SETTINGS: dict[str, Any] = {"rollout": "greedy", "cutoff": 0, "exploration": 0.005,
                                 "horizon": turn_over}
"""The search's defaults in Tori-Tori (see ``ecogames.bots.mcts``): every new node is scored
by :func:`estimate` (``cutoff=0``: no rollout), the heuristic's own choice is expanded first
(``rollout="greedy"`` is the expand policy), UCB's constant is small, 0.005, because the
estimate's results of one turn's choices lie within a few hundredths (often thousandths),
and the tree ends with the turn (``horizon``: :func:`turn_over`): the search plans the rest
of the turn (the Action points, the team's choices during the cards) and scores where it
ends by the estimate, never the next turn's dice. Through the dice, one sample of a roll
(an extinction, 0.05) could bury a move for good at a small constant, and the values of the
moves were averages over rolls, not the best plan. About 6,000 playouts are a CPU second
(whole heuristic rollouts: about 100). On 40 seeded deals each of basic 3 and 4 players,
medium and expert 2 players at 0.05 CPU s a move (160 games), the team with the horizon won
77, without it 58, the heuristic team 53 (both at exploration 0.05). At 1 CPU s a move,
exploration 0.05, 12 ladder games a cell (seeds
0-11; heuristic team, then the search without the horizon in the last ladder): basic 3p 7
(8, 5), basic 4p 7 (7, 5), medium 2p 1 (1, 1), expert 2p 2 (1, 1), medium 3p 6 (4, 7),
expert 4p 7 (2, 3).

Within the turn nothing is left to chance (from round 2 on), so the search is a plan: at
0.05 the playouts spread nearly evenly over the turn's plans and a move's value was their
mean; at 0.005 they follow the best plan found and the move carries its value. On the
ladder's deals (seeds 0-39) of basic 3 and 4 players and medium 2 players at 0.05 CPU s a
move (120 games), exploration 0.005 won 77 (29, 26, 22), 0.05 won 56 (26, 23, 7) and the
heuristic team 47 (23, 19, 5). At 1 CPU s a move, 12 ladder games a cell (seeds 0-11;
heuristic team, then exploration 0.05): basic 3p 8 (8, 7), basic 4p 5 (7, 7), medium 2p 6
(1, 1), medium 4p 6 (2; not played at 0.05 with the horizon)."""

register_bot(HeuristicBot.name, HeuristicBot)
register_bot(HandsOffBot.name, HandsOffBot)

__all__ = ["HandsOffBot", "HeuristicBot", "estimate", "features", "score", "turn_over"]

_ = (FX, GP, NT)  # the native species are scored through NATIVE_WEIGHTS
