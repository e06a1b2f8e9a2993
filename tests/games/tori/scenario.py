"""Build Tori positions for the tests: a real set-up, then cards, stalls and customers moved
where a rule's test needs them (every card taken from somewhere, so the state stays whole
and ``Tori.from_state`` accepts it)."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ecogames.games.tori import Tori
from ecogames.games.tori.components import GOODS

Cell = tuple[int, int]


def stall(owner: int, good: str, cell: Cell, facing: str = "N",
          expansions: Iterable[Cell] = ()) -> dict[str, Any]:
    return {"owner": owner, "good": good, "cell": list(cell), "facing": facing,
            "expansions": [list(c) for c in expansions]}


def _take_build_card(state: dict[str, Any], zone: int) -> None:
    for place in ("pile", "discard", "display"):
        if zone in state[place]:
            state[place].remove(zone)
            return
    raise ValueError(f"no build card {zone} left to give")


def scenario(players: int = 2, *, seed: int = 0, active: int = 0,
             build: Mapping[int, Sequence[int]] | None = None,
             goods: Mapping[int, Mapping[str, int]] | None = None,
             stalls: Sequence[dict[str, Any]] = (),
             customers: Mapping[str, Cell | None] | None = None,
             display: Sequence[int] | None = None,
             pile_top: Sequence[int] = (),
             majority: Mapping[str, tuple[int | None, int | None]] | None = None,
             versatility: Sequence[bool] | None = None,
             area_bonus: Sequence[str] | None = None,
             colour_bonus: Sequence[str] | None = None) -> Tori:
    """A position: ``build={player: [zones]}``, ``goods={player: {good: n}}``, stalls from
    :func:`stall`, customers ``{good: cell or None}`` (the other customers keep their
    set-up places unless they would clash), ``display`` the five face-up cards,
    ``pile_top`` the next cards of the pile (the last drawn first)."""
    state = copy.deepcopy(Tori.new_game(players=players, seed=seed)._state())
    state["active"] = active
    if display is not None:
        state["pile"].extend(state["display"])
        state["display"] = []
        for zone in display:
            _take_build_card(state, zone)
            state["display"].append(zone)
    for player, zones in (build or {}).items():
        for zone in zones:
            _take_build_card(state, zone)
            state["hands"][player]["build"][zone - 1] += 1
    if pile_top:
        for zone in pile_top:
            _take_build_card(state, zone)
        state["pile"].extend(reversed(list(pile_top)))
    for player, cards in (goods or {}).items():
        for good, n in cards.items():
            state["goods_supply"][good] -= n
            state["hands"][player]["goods"][good] += n
    state["stalls"] = list(stalls)
    if customers is not None:
        placed = {g: (None if c is None else list(c)) for g, c in customers.items()}
        rest = [g for g in GOODS if g not in placed]
        taken = {tuple(c) for c in placed.values() if c is not None}
        blocked = {tuple(t) for s in stalls for t in [s["cell"], *s["expansions"]]}
        free_starts = [c for c in ([1, 1], [1, 10], [4, 6], [7, 1], [7, 10], [0, 0], [0, 11],
                                   [3, 0], [6, 11], [5, 0], [0, 5])
                       if tuple(c) not in taken and tuple(c) not in blocked]
        if None not in placed.values():
            placed[rest.pop()] = None
        for g in rest:
            placed[g] = free_starts.pop(0)
        state["customers"] = {g: placed[g] for g in GOODS}
    for good, (gold, silver) in (majority or {}).items():
        state["majority"][good] = {"gold": gold, "silver": silver}
    if versatility is not None:
        state["versatility"] = list(versatility)
    if area_bonus is not None:
        state["area_bonus"] = list(area_bonus)
    if colour_bonus is not None:
        state["colour_bonus"] = list(colour_bonus)
    return Tori.from_state(state)


def types_of(cascade: Any) -> list[str]:
    return [e.kind for e in cascade.events]
