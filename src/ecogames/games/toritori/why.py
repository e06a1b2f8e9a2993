"""Tori-Tori's part of "why" (``core.provenance``): the ids of its tokens and cards, the state
keys its events read and write, and its own question, "why has this Human Settlement not
turned Sustainable".

Ids: every token keeps its number all game (``next_token`` counts them), so events'
``tokens`` name ``"token:<n>"``; Activation cards are ``"card:<id>"``. Both come from the
saved state alone.

Keys (the narrator, ``narration.py``, writes them on each event):

- ``("food", sector, species)``: the uncovered tokens of a species in a sector, what an animal
  looks for (an arrival, a departure, a token covered or uncovered writes it; a search reads
  it, so a Fox that starves depends on whatever last took its food away, in any turn);
- ``("token", id)``: where a token is and what lies on it; ``("gone", "token:<id>")`` when it
  leaves the Island; ``("extinct", species)``; ``("card", id)``: a card put on a dice space;
  ``("blocks", "village" | "industry")``: what keeps a Human Settlement from turning
  Sustainable (a Cat or an Invasive Bush arriving; a Tori-tori lost); ``("outcome",)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from ecogames.core import Question
from ecogames.core.provenance import gone_key

IDENTITIES = MappingProxyType({"tokens": "token", "cards": "card"})
"""What the events' ``tokens`` and ``cards`` name: ``"token:<n>"``, ``"card:<id>"``."""

QUESTIONS = (
    Question("unsustainable", 'game.why("unsustainable", settlement="village")',
             lambda settlement: ("blocks", settlement),
             "why the Village (a Cat or an Invasive Bush arrived) or the Industry (a "
             "Tori-tori was lost) has not turned Sustainable: the last event that kept it "
             "so"),
)


def food(sector: int, species: str) -> tuple[str, int, str]:
    """The key of the uncovered ``species`` tokens of ``sector`` (see the module docstring)."""
    return ("food", sector, species)


def token_key(t: int) -> tuple[str, int]:
    return ("token", t)


class _GoneKeys(dict[int, tuple[str, str]]):
    """Token number -> its ``gone`` key, made when first asked (a game numbers a few hundred
    tokens at most): read in C, ``GONE[t]`` or ``map(GONE.__getitem__, tokens)``."""

    __slots__ = ()

    def __missing__(self, t: int) -> tuple[str, str]:
        key = self[t] = gone_key(f"token:{t}")
        return key


GONE = _GoneKeys()


def gone(t: int) -> tuple[str, str]:
    """The key of token ``t`` leaving the Island (made once per token number)."""
    return GONE[t]


def blocks(species: Iterable[str]) -> list[tuple[str, str]]:
    """What an arrival of these species keeps from turning Sustainable."""
    found = set(species)
    return ([("blocks", "village")] if found & {"cat", "invasive_bush"} else []) + (
        [("blocks", "industry")] if "tori_tori" in found else [])
