"""Tori in words: what a seat sees (``view``), actions described for people, and why an
action is not allowed now ("the why-not texts", citing the rule it breaks by its Danish title).

The engine (``rules.Tori``) asks this module from its ``view``, ``describe``,
``explain_illegal`` and ``why_not``; the legal actions themselves are generated in the engine,
faster, and must agree with ``why_not`` (``test_expand_a_stall`` checks both doors).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ecogames.core import Action

from . import why as prov
from .actions import (
    Build,
    DiscardBuild,
    DiscardGoods,
    DrawFaceUp,
    DrawPile,
    Expand,
    Refresh,
    TakeCustomer,
    TakeFaceUp,
    TakeFromPile,
    TearDown,
    a_good,
    good_name,
)
from .components import (
    AREA_CARD,
    COATS_OF_ARMS,
    COLOUR_CARD,
    DISPLAY_SIZE,
    DRAW_TWO,
    GOODS,
    HAND_LIMIT,
    NEIGHBOURS,
    SQUARE,
    ZONE_OF,
    ZONES,
    entrance_of,
    expansion_terrain,
    stall_terrain,
)
from .legal import marketing
from .rules import PHASES, Tori
from .save import cell_json

PHASE_WORDS = {
    "turn": "choose one of the five options of a turn",
    "refresh": "take one build card (face up or from the pile) after laying out five new",
    "discard": f"discard down to {HAND_LIMIT} cards",
    "over": "the game is over",
}
"""What the player to move must do in each phase, for the why-not texts."""


def view(game: Tori, player: int | None = None) -> dict[str, Any]:
    """The board and cards as ``player`` sees them: other players' hands show only their
    sizes, and the bonus cards are hidden until the final scoring."""
    occupied = game._customer_cells()
    reveal = bool(game.ended)
    players = []
    for p in range(game.players):
        own = p == player
        players.append({
            "name": game.player_names[p],
            "coat_of_arms": COATS_OF_ARMS[p],
            "hand_size": game.hand_size(p),
            "build_cards": sum(game.build_hands[p]),
            "goods_cards": sum(game.goods_hands[p].values()),
            "build": ([z for z in ZONES for _ in range(game.build_hands[p][z - 1])]
                      if own else None),
            "goods": dict(game.goods_hands[p]) if own else None,
            "stall_supply": game.stall_supply(p),
            "versatility": game.versatility[p],
            "area_bonus": (_area_json(game.area_bonus[p]) if own or reveal else None),
            "colour_bonus": (_colour_json(game.colour_bonus[p]) if own or reveal
                             else None),
        })
    return {
        "players": players,
        "active": game.active,
        "phase": game.phase,
        "turn": game.turn,
        "must_discard": (max(0, game.hand_size(game.active) - HAND_LIMIT)
                         if game.stage == "discard" else 0),
        "stalls": [{
            "id": st.id, "story": prov.stall(st.owner, st.good),  # the id its story names
            "owner": st.owner, "good": st.good, "cell": cell_json(st.cell),
            "facing": st.facing, "entrance": cell_json(st.entrance),
            "expansions": [cell_json(c) for c in st.expansions], "size": st.size,
            "zone": st.zone, "entrance_empty": st.entrance not in occupied,
        } for st in game._sorted_stalls()],
        "customers": {g: cell_json(c) for g, c in game.customers.items()},
        "customer_ids": {g: prov.customer(g) for g in game.customers},
        "colour_change": next((g for g, c in game.customers.items() if c is None), None),
        "display": list(game.display),
        "pile": len(game.pile),
        "discard": list(game.discard),
        "goods_supply": dict(game.goods_supply),
        "expansion_supply": {g: game.expansion_supply(g) for g in GOODS},
        "majority": {g: {"gold": game.gold[g], "silver": game.silver[g]} for g in GOODS},
        "scores": game.scores() if reveal else None,
    }


def _area_json(card_id: str) -> dict[str, Any]:
    return {"id": card_id, "zones": list(AREA_CARD[card_id].zones)}


def _colour_json(card_id: str) -> dict[str, Any]:
    return {"id": card_id, "goods": list(COLOUR_CARD[card_id].goods)}


# -- actions for people, and why one is not allowed ------------------------------------------


def describe(game: Tori, action: Action) -> str:
    """The action's label; taking a customer also says what marketing costs now."""
    if isinstance(action, TakeCustomer) and not game.ended and game.stage == "turn":
        stall = game.stalls.get((game.active, action.good))
        if stall is not None and game.customers.get(action.good) is not None:
            n = marketing(game, game.active, action.good)  # (len(_closer_competitors))
            if n:
                return f"{action.label()} (marketing: {n} build card(s) {stall.zone})"
    return action.label()


def explain_illegal(game: Tori, action: Action) -> str:
    """Why ``action`` is not allowed now: the game is over, the phase asks for another kind
    of action, or the rule it breaks (``why_not``)."""
    label = describe(game, action)
    if game.ended:
        return f"{label!r}: the game is over ({game.ended})"
    if not isinstance(action, PHASES[game.stage]):
        return (f"{label!r} is not allowed now: {game.player_names[game.active]} must "
                f"{PHASE_WORDS[game.stage]}")
    reason = _WHY_NOT[type(action)](game, action)
    return f"{label!r} is not allowed: {reason or 'it is not a legal move now'}"


def why_not(game: Tori, action: Action) -> str | None:
    """The rule ``action`` breaks now, or ``None`` if it is legal (the checked door's
    words; ``legal_actions()`` is generated faster but must agree)."""
    if game.ended or not isinstance(action, PHASES[game.stage]):
        return game.explain_illegal(action)
    return _WHY_NOT[type(action)](game, action)


def _why_not_draw_face_up(game: Tori, a: DrawFaceUp) -> str | None:
    want = sorted((a.first, a.second))
    shown = list(game.display)
    for z in want:
        if z not in shown:
            return (f"Træk byggekort (draw build cards): no build card {z} is among the "
                    f"face-up cards {sorted(game.display)}")
        shown.remove(z)
    if a.first > a.second:
        return "name the two face-up cards lowest first"
    return None


def _why_not_draw_pile(game: Tori, a: DrawPile) -> str | None:
    if game._available() < DRAW_TWO:
        return "Træk byggekort: fewer than two build cards are left to draw"
    return None


def _why_not_refresh(game: Tori, a: Refresh) -> str | None:
    if game._available() < DISPLAY_SIZE:
        return "Træk byggekort: fewer than five build cards are left to lay out"
    return None


def _why_not_take_face_up(game: Tori, a: TakeFaceUp) -> str | None:
    if a.zone not in game.display:
        return f"no build card {a.zone} lies face up ({sorted(game.display)})"
    return None


def _why_not_take_from_pile(game: Tori, a: TakeFromPile) -> str | None:
    return None if game._available() else "the pile and the discard pile are empty"


def _why_not_build(game: Tori, a: Build) -> str | None:
    p, cell = game.active, (a.row, a.col)
    rule = "Byg en ny bod (build a new stall)"
    if (p, a.good) in game.stalls:
        return f"{rule}: your {good_name(a.good)} stall is already on the board"
    if cell not in ZONE_OF:
        return f"{rule}: ({a.row}, {a.col}) is not on the board"
    zone = ZONE_OF[cell]
    if not game.build_hands[p][zone - 1]:
        return f"{rule}: you need a build card {zone} to build in zone {zone}"
    taken = game._taken()
    if cell in taken:
        return f"{rule}: ({a.row}, {a.col}) is taken (a tile, an entrance, an " \
               "information point or a customer is there)"
    if cell not in stall_terrain(a.good):
        if a.good == "fish":
            return f"{rule}: fish stalls are fishing boats, only in the water along the quay"
        if a.good == "souvenirs":
            return f"{rule}: souvenir stalls must stand directly against an information point"
        return f"{rule}: {good_name(a.good)} stalls stand on the square, not in the water"
    if cell in game._touching(a.good, p):
        return f"{rule}: stalls of the same colour may not touch each other"
    entrance = entrance_of(cell, a.facing)
    if entrance not in SQUARE or entrance in taken:
        return (f"{rule}: the entrance at {entrance} must be a free space of the square "
                "(no tile, entrance, information point or customer)")
    return None


def _why_not_expand(game: Tori, a: Expand) -> str | None:
    p, cell = game.active, (a.row, a.col)
    rule = "Udvid en bod (expand a stall)"
    stall = game.stalls.get((p, a.good))
    if stall is None:
        return f"{rule}: you have no {good_name(a.good)} stall on the board"
    if game.expansion_supply(a.good) <= 0:
        return f"{rule}: no {good_name(a.good)} expansion tiles are left"
    if not (a.zone in ZONES and game.build_hands[p][a.zone - 1]):
        return f"{rule}: you hold no build card {a.zone}"
    if a.zone not in game.stall_zones(stall):
        return (f"{rule}: build card {a.zone} is neither the stall's zone ({stall.zone}) "
                "nor a zone whose edge the stall lies on")
    need = stall.size + 1
    if game.goods_hands[p][a.good] < need:
        return (f"{rule}: a stall of {need} tiles costs {need} {good_name(a.good)} goods "
                f"cards; you hold {game.goods_hands[p][a.good]}")
    if cell not in ZONE_OF or all(cell not in NEIGHBOURS[t] for t in stall.tiles):
        return f"{rule}: the expansion tile must touch the stall horizontally or vertically"
    if cell not in expansion_terrain(a.good):
        return (f"{rule}: a fishing boat grows on the water" if a.good == "fish"
                else f"{rule}: {a_good(a.good)} stall grows on the square")
    if cell in game._taken():
        return f"{rule}: ({a.row}, {a.col}) is taken"
    if cell in game._touching(a.good, p):
        return f"{rule}: stalls of the same colour may not touch each other"
    return None


def _why_not_tear_down(game: Tori, a: TearDown) -> str | None:
    stall = game.stalls.get((game.active, a.good))
    if stall is None:
        return f"you have no {good_name(a.good)} stall on the board"
    if stall.expansions:
        return "Riv en bod ned (tear down a stall): only a stall without expansion tiles"
    return None


def _why_not_take_customer(game: Tori, a: TakeCustomer) -> str | None:
    p = game.active
    rule = "Tag en kunde (take a customer)"
    stall = game.stalls.get((p, a.good))
    if stall is None:
        return f"{rule}: you have no {good_name(a.good)} stall for this customer"
    if game.customers[a.good] is None:
        return f"{rule}: the {good_name(a.good)} customer stands on the colour-change tile"
    if stall.entrance in game._customer_cells():
        return f"{rule}: your stall's entrance is not empty"
    closer = game._closer_competitors(p, a.good)
    if closer is None:
        return f"{rule}: the customer cannot walk to your stall's entrance"
    have = game.build_hands[p][stall.zone - 1]
    if len(closer) > have:
        return (f"Markedsføring (marketing): {len(closer)} competing stall(s) with an "
                f"empty entrance are closer; that costs {len(closer)} build card(s) "
                f"{stall.zone}, and you hold {have}")
    return None


def _why_not_discard_build(game: Tori, a: DiscardBuild) -> str | None:
    if not (a.zone in ZONES and game.build_hands[game.active][a.zone - 1]):
        return f"you hold no build card {a.zone}"
    return None


def _why_not_discard_goods(game: Tori, a: DiscardGoods) -> str | None:
    if not game.goods_hands[game.active][a.good]:
        return f"you hold no {good_name(a.good)} goods card"
    return None


_WHY_NOT: dict[type[Action], Callable[[Tori, Any], str | None]] = {
    DrawFaceUp: _why_not_draw_face_up, DrawPile: _why_not_draw_pile,
    Refresh: _why_not_refresh, TakeFaceUp: _why_not_take_face_up,
    TakeFromPile: _why_not_take_from_pile, Build: _why_not_build,
    Expand: _why_not_expand, TearDown: _why_not_tear_down,
    TakeCustomer: _why_not_take_customer, DiscardBuild: _why_not_discard_build,
    DiscardGoods: _why_not_discard_goods,
}
"""The rule each kind of action may break, as a sentence (``None``: it is legal now)."""
