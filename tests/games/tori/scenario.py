"""Build Tori positions for the tests: a real set-up, then cards, stalls and customers moved
where a rule's test needs them (every card taken from somewhere, so the state stays whole
and ``Tori.from_state`` accepts it)."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ecogames.games.tori import Tori
from ecogames.games.tori.components import GOODS, VERSATILITY_GOODS

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
    """The position of :func:`scenario_state`, loaded (so checked) as a new set-up; the
    first action's draws from the pile give the cards of ``pile_top``, in order
    (:func:`next_draws`)."""
    game = Tori.from_state(scenario_state(
        players, seed=seed, active=active, build=build, goods=goods, stalls=stalls,
        customers=customers, display=display, pile_top=pile_top, majority=majority,
        versatility=versatility, area_bonus=area_bonus, colour_bonus=colour_bonus))
    if pile_top:
        next_draws(game, *pile_top)
    return game


def next_draws(game: Tori, *zones: int) -> None:
    """The next action's chance draws (the build cards it draws from the face-down pile)
    come out as ``zones``, in order: forced outcomes, as ``game.fork(step, chance=...)``
    forces them, so a draw the pile cannot give is refused (D31)."""
    game.force(dict(enumerate(zones)))


def scenario_state(players: int = 2, *, seed: int = 0, active: int = 0,
                   build: Mapping[int, Sequence[int]] | None = None,
                   goods: Mapping[int, Mapping[str, int]] | None = None,
                   stalls: Sequence[dict[str, Any]] = (),
                   customers: Mapping[str, Cell | None] | None = None,
                   display: Sequence[int] | None = None,
                   pile_top: Sequence[int] = (),
                   majority: Mapping[str, tuple[int | None, int | None]] | None = None,
                   versatility: Sequence[bool] | None = None,
                   area_bonus: Sequence[str] | None = None,
                   colour_bonus: Sequence[str] | None = None) -> dict[str, Any]:
    """A position's state (not yet loaded): ``build={player: [zones]}``,
    ``goods={player: {good: n}}``, stalls from :func:`stall` (the majority and versatility
    cards follow them unless ``majority`` or ``versatility`` say otherwise), customers
    ``{good: cell or None}`` (the other customers keep their set-up places unless they
    would clash), ``display`` the five face-up cards, ``pile_top`` cards that must be in
    the face-down pile (:func:`scenario` draws them first). The turn is ``active``'s turn of
    the first round."""
    state = copy.deepcopy(Tori.new_game(players=players, seed=seed)._state())
    state["active"] = state["turn"] = active  # turn ``active`` of the first round
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
        state["pile"].extend(pile_top)
    state["pile"].sort()  # face down: the pile is the cards left, lowest first (D31)
    for player, cards in (goods or {}).items():
        for good, n in cards.items():
            state["goods_supply"][good] -= n
            state["hands"][player]["goods"][good] += n
    state["stalls"] = sorted(copy.deepcopy(list(stalls)),
                             key=lambda s: (s["owner"], GOODS.index(s["good"])))
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
    state["majority"] = _majority_of(stalls)
    for good, (gold, silver) in (majority or {}).items():
        state["majority"][good] = {"gold": gold, "silver": silver}
    state["versatility"] = [
        sum(1 for s in stalls if s["owner"] == p and s["expansions"])
        >= VERSATILITY_GOODS[players] for p in range(players)]
    if versatility is not None:
        state["versatility"] = list(versatility)
    if area_bonus is not None:
        state["area_bonus"] = list(area_bonus)
    if colour_bonus is not None:
        state["colour_bonus"] = list(colour_bonus)
    return state


def _majority_of(stalls: Sequence[dict[str, Any]]) -> dict[str, dict[str, int | None]]:
    """Majority cards as the stalls earned them unless a test says otherwise: gold to the
    largest expanded stall of each good (the first seat among equals), silver to the next
    equally large one, or to the gold holder when no other is as large."""
    cards: dict[str, dict[str, int | None]] = {}
    for good in GOODS:
        sizes = sorted((-len(s["expansions"]), s["owner"]) for s in stalls if s["good"] == good)
        if not sizes or sizes[0][0] == 0:
            cards[good] = {"gold": None, "silver": None}
            continue
        tied = [owner for size, owner in sizes if size == sizes[0][0]]
        cards[good] = {"gold": tied[0], "silver": tied[1] if len(tied) > 1 else tied[0]}
    return cards


def types_of(cascade: Any) -> list[str]:
    return [e.kind for e in cascade.events]
