"""Biotopes — RB 5. Scoring and Victory: an Ecosystem's score sheet, and who wins.

Pure functions of a finished (or any) game: ``Biotopes.score`` and ``Biotopes.outcome`` call
them; the End of Game (``rules``) scores each Ecosystem once its cubeless cards are gone.
"""

from __future__ import annotations

from typing import Any

from ecogames.core import Outcome

from .components import (
    BIODIVERSITY_STEP,
    BIOTOPES,
    ENV_POINTS,
    ENV_TOKEN_BY_ID,
    FRAGMENTATION_PENALTY,
    ROWS,
    SEAT_NAMES,
    SPECIES,
    BonusBasis,
    CubeType,
    Deck,
    EffectKind,
    solo_rank,
)
from .hexes import group_count
from .legal import territories
from .rules import Biotopes, _species_cubes


def score(game: Biotopes, p: int) -> dict[str, int]:
    """RB Scoring: Environmental Conditions, Species card VP, card bonuses, biodiversity
    bonus, territory fragmentation penalty; the total. (Carnivores: the tie-breaker.)"""
    cards = [SPECIES[e[0]] for r in range(ROWS) for e in game.rows[p][r]]
    t1, t2, t3, t4 = (ENV_TOKEN_BY_ID[t] for t in game.env)
    mine = game.territories(p)
    env = [
        ENV_POINTS[0] * sum(1 for h in mine if BIOTOPES[game.landscape[h]] is t1.biotope),
        ENV_POINTS[1] * sum(1 for c in cards if c.biotope is t2.biotope),
        ENV_POINTS[2] * sum(1 for c in cards if c.type is t3.type),
        ENV_POINTS[3] * sum(_species_cubes(e) for r in range(ROWS)
                            for e in game.rows[p][r] if SPECIES[e[0]].type is t4.type),
    ]
    bonus = 0
    for c in cards:
        eff = c.effect
        if eff.kind is EffectKind.END_BONUS:
            bonus += eff.count * _bonus_basis(game, p, eff.per, eff.type, eff.biotope, c.row)
    for bc in game._advanced(p, EffectKind.END_BONUS):
        eff = bc.effect
        bonus += eff.count * _bonus_basis(game, p, eff.per, eff.type, eff.biotope, bc.row)
    columns = min(len(game.rows[p][r]) for r in range(ROWS))
    biodiversity = sum(BIODIVERSITY_STEP * i for i in range(1, columns + 1))
    fragments = group_count(game.grid, territories(game).mine[p])  # (groups(mine), counted)
    penalty = -FRAGMENTATION_PENALTY * max(0, fragments - 1)
    vp = sum(c.vp for c in cards)
    result = {
        "env_territories": env[0], "env_biotope": env[1], "env_type": env[2],
        "env_cubes": env[3], "cards": vp, "bonuses": bonus,
        "biodiversity": biodiversity, "fragmentation": penalty,
        "carnivores": sum(1 for c in cards if c.deck is Deck.CARNIVORES),
    }
    result["total"] = sum(env) + vp + bonus + biodiversity + penalty
    return result


def _bonus_basis(game: Biotopes, p: int, per: BonusBasis | None, t: CubeType | None,
                 b: Any, row: int) -> int:
    if per is BonusBasis.TYPE:
        return sum(1 for r in range(ROWS) for e in game.rows[p][r]
                   if SPECIES[e[0]].type is t)
    if per is BonusBasis.TERRITORIES:
        return sum(1 for h in game.territories(p) if BIOTOPES[game.landscape[h]] is b)
    return len(game.rows[p][row])


def outcome(game: Biotopes) -> Outcome:
    """Victory: the most VP; a tie goes to the most Carnivores cards, then is shared.
    Solo Mode: the score and its rank (of a finished game, its score sheets taken)."""
    assert game.scores is not None
    totals = tuple(sc["total"] for sc in game.scores)
    if game.solo:
        rank = solo_rank(totals[0])
        return Outcome((0,), f"solo score {totals[0]} VP: rank {rank}", totals,
                       {"rank": rank, "breakdown": game.scores})
    best = max(totals)
    tied = [p for p in range(game.players) if totals[p] == best]
    reason = f"{best} VP"
    if len(tied) > 1:  # Victory: "the Ecosystem with the most Carnivores Species cards"
        most = max(game.scores[p]["carnivores"] for p in tied)
        tied = [p for p in tied if game.scores[p]["carnivores"] == most]
        reason += f", tie broken by Carnivores ({most})"
        if len(tied) > 1:
            reason += ", victory shared"
    names = " and ".join(SEAT_NAMES[p] for p in tied)
    return Outcome(tuple(tied), f"{names} win{'s' if len(tied) == 1 else ''} with "
                   f"{reason}", totals, {"breakdown": game.scores})
