"""Build Tori-Tori situations the way docs/rules/toritori-examples.md writes them.

A sector is a list of piles written top first (``"TT>NT"``: a Tori-tori lying on a Native
Tree). :func:`build` turns such a board into a game on the rulebook numbering through
``ToriTori.from_state`` (the same strict loader a save file goes through).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ecogames.core import Cascade, Rng
from ecogames.games.toritori import components as c
from ecogames.games.toritori.island import RULEBOOK_NUMBERING
from ecogames.games.toritori.rules import FACES, ToriTori

CODE = {info.code: sp.value for sp, info in c.SPECIES.items()}
CODE_OF = {v: k for k, v in CODE.items()}
SEAT = {colour: i for i, colour in enumerate(c.RESEARCHER_COLOURS)}
"""red 0 (Bastian), blue 1 (Blas), green 2 (Matilde), yellow 3 (Inara)."""

ALL_CARDS = [card.id for card in c.ACTIVATION_CARDS]


@lru_cache(maxsize=64)
def rng_state_for(*faces: str) -> int:
    """A generator state whose next rolls show ``faces`` (red, sky-blue, red, sky-blue...)."""
    for seed in range(1_000_000):
        rng = Rng(seed)
        if all(FACES[rng.below(6)] == face for face in faces):
            return Rng(seed).state
    raise AssertionError("no seed found")


def seat(who: int | str) -> int:
    return SEAT[who] if isinstance(who, str) else who


def build(sectors: Mapping[int, Sequence[str]], **kwargs: Any) -> ToriTori:
    """A game on the rulebook numbering with exactly these piles (see :func:`state`), loaded
    through the strict ``ToriTori.from_state``."""
    return ToriTori.from_state(state(sectors, **kwargs))


def state(sectors: Mapping[int, Sequence[str]], *, players: int = 4,
          active: int | str = "red", stage: str = "roll", points: int | None = None,
          pawns: Mapping[int | str, str | int] | None = None,
          protecting: Mapping[int | str, tuple[int, str]] | None = None,
          markers: Mapping[int | str, str] | None = None, village: bool | None = None,
          industry: bool = False, slots: Mapping[str, str] | None = None,
          pile: Sequence[str] | None = None, discard: Sequence[str] = (),
          round_space: int = 1, dice: tuple[str, ...] | None = None,
          difficulty: str = "basic") -> dict[str, Any]:
    """The state of a game on the rulebook numbering with exactly these piles (not checked:
    the loader's tests feed it impossible boards).

    ``pawns``/``markers``/``protecting`` by colour or seat (others: Village, start space,
    nobody). ``protecting``: {colour: (sector, pile text)}. ``dice``: the faces the next roll
    will show (four faces: the next two rolls). ``village``: the Village tile; by default it
    is sustainable exactly when the board has no Cat nor Invasive Bush (D40: it turns at once).
    Cards not placed by ``slots``/``pile``/``discard`` fill the empty spaces, then the pile,
    in the order of ``components.ACTIVATION_CARDS``.
    """
    tokens: list[list[Any]] = []
    rows: list[list[list[int]]] = []
    for n in range(1, 13):
        row = []
        for text in sectors.get(n, ()):
            ids = []
            for code in reversed(text.split(">")):  # bottom first
                ids.append(len(tokens))
                tokens.append([len(tokens), CODE[code]])
            row.append(ids)
        rows.append(row)
    start = c.DIFFICULTY_START[players, c.Difficulty(difficulty)]
    where = ["village"] * players
    for who, at in (pawns or {}).items():
        where[seat(who)] = str(at)
    spaces = [start] * players
    for who, space in (markers or {}).items():
        spaces[seat(who)] = space
    guards: list[int | None] = [None] * players
    state_partial = {"sectors": rows, "tokens": tokens}
    for who, (n, text) in (protecting or {}).items():
        guards[seat(who)] = _find(state_partial, n, text)[0]
    placed = dict(slots or {})
    used = set(placed.values()) | set(pile or ()) | set(discard)
    rest = [card for card in ALL_CARDS if card not in used]
    slot_list = []
    for face in FACES:
        slot_list.append(placed[face] if face in placed else rest.pop(0))
    pile_list = list(pile) if pile is not None else rest
    if pile is not None:
        assert not rest, f"cards left over: {rest}"
    phase = 2 if stage == "actions" else 1
    if village is None:
        village = not any(CODE[code] in ("cat", "invasive_bush")
                          for piles in sectors.values() for text in piles
                          for code in text.split(">"))
    return {
        "players": players, "difficulty": difficulty, "layout": "rulebook",
        "numbering": list(RULEBOOK_NUMBERING), "first_player": 0,
        "rng": rng_state_for(*dice) if dice else Rng(0).state,
        "next_token": len(tokens), "tokens": tokens, "sectors": rows,
        "village_sustainable": village, "industry_sustainable": industry,
        "pawns": where, "protecting": guards, "markers": spaces,
        "slots": slot_list, "pile": pile_list, "discard": list(discard), "round": round_space,
        "active": seat(active), "stage": stage, "turn_phase": phase,
        "action_points": (4 if stage == "actions" else 0) if points is None else points,
        "dice": None, "solving": [], "resolving": None, "groups": [], "food": None,
        "outcome": None,
    }


def _find(state: Mapping[str, Any], n: int, text: str) -> list[int]:
    kinds = dict((t, sp) for t, sp in state["tokens"])
    found = []
    for pile in state["sectors"][n - 1]:
        if ">".join(CODE_OF[kinds[t]] for t in reversed(pile)) == text:
            found.append(pile[-1])
    return found


def tokens(game: ToriTori, n: int, text: str) -> list[int]:
    """The ids of the tokens on top of the piles written ``text`` in sector ``n``."""
    found = [p[-1] for p in game.board[n] if pile_text(game, p) == text]
    assert found, f"no pile {text!r} in sector {n}: {sector(game, n)}"
    return found


def token(game: ToriTori, n: int, text: str) -> int:
    return tokens(game, n, text)[0]


def pile_text(game: ToriTori, pile: Sequence[int]) -> str:
    return ">".join(CODE_OF[game.kind[t]] for t in reversed(pile))


def sector(game: ToriTori, n: int) -> list[str]:
    """Sector ``n`` as sorted pile texts (the spaces of a sector have no order)."""
    return sorted(pile_text(game, p) for p in game.board[n])


def board(game: ToriTori) -> dict[int, list[str]]:
    return {n: sector(game, n) for n in range(1, 13)}


def supply(game: ToriTori) -> Counter[str]:
    return Counter({kind: game.supply(kind) for kind in ("vegetation", "tori_tori",
                                                          "guinea_pig", "fox", "cat")})


def supply_change(before: Counter[str], after: Counter[str]) -> dict[str, int]:
    return {k: after[k] - before[k] for k in after if after[k] != before[k]}


def changed(before: Mapping[int, list[str]], game: ToriTori) -> dict[int, list[str]]:
    """The sectors whose piles differ from ``before``."""
    now = board(game)
    return {n: now[n] for n in now if now[n] != before[n]}


def kinds(cascade: Cascade) -> list[str]:
    return [e.kind for e in cascade]


def path(cascade: Cascade, *indices: int) -> bool:
    """Is there a path of causes through the events ``indices``, in order?"""
    import networkx as nx

    graph = cascade.graph()
    return all(nx.has_path(graph, a, b) for a, b in itertools.pairwise(indices))


def solve(sectors: Mapping[int, Sequence[str]], card: str,
          **kwargs: Any) -> tuple[ToriTori, dict[int, list[str]], Counter[str]]:
    """A game whose next roll solves only ``card`` (doubles on the space holding it), with
    the board and the supply before the roll."""
    game = build(sectors, slots={"A": card}, dice=("A", "A"), **kwargs)
    return game, board(game), supply(game)


def roll(game: ToriTori) -> Cascade:
    from ecogames.games.toritori import Roll

    return game.apply(Roll())
