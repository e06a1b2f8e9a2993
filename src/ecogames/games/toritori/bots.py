"""A team bot for Tori-Tori that pursues the win: one-ply lookahead over a score.

For every legal action the bot plays it on a ``clone()`` and scores the result for the team:
the game's end above all; then the tiles turned; the native populations (each native species'
first tokens count most: extinction loses); Cats and Invasive Bushes on the island; the
abilities the team has learned on the way to Veterinary, Gardening and an Environmental Report;
and how close the pawns stand to the Cats and Bushes they can remove. Equal scores are broken
by the bot's own seeded generator, so a bot with a seed plays the same game every time.

Registered as ``"toritori-heuristic"`` when ``ecogames.games.toritori`` is imported.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import cache, lru_cache

from ecogames.bots import register_bot
from ecogames.core import Action, Game, Rng

from . import components as c
from .rules import CT, FX, GP, IB, NT, REPORT_SPACES, TT, Island, ToriTori

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


register_bot(HeuristicBot.name, HeuristicBot)
register_bot(HandsOffBot.name, HandsOffBot)

__all__ = ["HandsOffBot", "HeuristicBot", "score"]

_ = (FX, GP, NT)  # the native species are scored through NATIVE_WEIGHTS
