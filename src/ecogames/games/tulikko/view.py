"""Tulikko as people see it: the views a widget draws, the labels of the actions and the
"why not" texts of illegal ones. Pure functions of a game; the engine (``rules.py``) calls
them from ``view``, ``describe`` and ``explain_illegal``."""

from __future__ import annotations

from functools import cache
from typing import Any

from ecogames.core import Action, Game

from . import patterns
from . import why as prov
from .actions import (
    ChooseMap,
    ClaimCard,
    Discard,
    MoveTile,
    Place,
    PlaceAnywhere,
    PlaceTokens,
    Slide,
    SlideBack,
    a_or_an,
    cell_name,
    tile_name,
)
from .components import (
    ANIMAL,
    ANIMALS,
    AURORA_EFFECT,
    AURORA_TILES,
    CARDS,
    CELLS,
    CENTER,
    CLAIM_CARD,
    EFFECT_COLOUR,
    EFFECT_TEXT,
    MAPS,
    MOVE_TILE,
    PLACE_ANYWHERE,
    RIVER,
    SIDE_SYMBOL,
    SIDES,
    SLIDE_BACK,
    SLOTS,
    SYMBOLS,
    TILES,
    border,
    symbol_card,
)
from .rules import EMPTY, PHASES, Tulikko

PHASE_TEXT = {
    "choose_map": "each player chooses a wilderness map",
    "start_tile": "each player places their starting neutral tile",
    "slide": "slide your revealed tile into the central board",
    "place": "place the ejected tile on your wilderness map",
    "tokens": "place tokens between your new tile and its neighbours",
    "end": "use an aurora tile or end your turn",
    "over": "the game is over",
}

"""What each phase waits for, in words (the view's ``phase_text``)."""


def view(game: Tulikko, player: int | None = None) -> dict[str, Any]:
    """Everything a widget draws. Face-down tiles (the personal piles, the box) are
    counts; the tile in the middle of the central board is hidden."""
    board = {slot: (None if game.board[slot] is None else
                    "hidden" if slot == CENTER
                    else TILES[game.board[slot]].to_json())  # type: ignore[index]
             for slot in SLOTS}
    pending = None
    if game.pending is not None:
        cell = game.pending["cell"]
        pending = {"cell": cell, "neighbours": [
            {"cell": n, "kind": k, "available": game._have(game.active, k)}
            for n, k in game._needs(game.active, cell)]}
    return {
        "game": game.name,
        "you": player,
        "phase": game.stage,
        "phase_text": PHASE_TEXT[game.stage],
        "active": game.current_player,
        "map_size": {"rows": patterns.ROWS, "cols": patterns.COLS},
        "board": {"slots": board, "sides": dict(SIDE_SYMBOL)},
        "hand": None if game.hand is None else TILES[game.hand].to_json(),
        "held": None if game.held is None else {
            **TILES[game.held].to_json(), "side": game.held_side,
            "symbol": SIDE_SYMBOL[game.held_side or "north"]},
        "pending_tokens": pending,
        "maps_available": [a for a in ANIMALS if a not in game.maps],
        "players": [player_view(game, p) for p in range(game.players)],
        "landscape_cards": [{**CARDS[c].to_json(), "tokens": list(game.card_tokens[c]),
                             "fulfilled_by": [p for p in range(game.players)
                                              if c in game.fulfilled[p]]}
                            for c in game.cards],
        "symbol_cards": [{"id": symbol_card(sym), "symbol": sym,
                          "owner": game.symbol_owner[sym],
                          "tokens": game.symbol_tokens[sym]} for sym in SYMBOLS],
        "auroras": [{"id": a, "colour": a.split("-")[0], "number": int(a.split("-")[1]),
                     "effect": AURORA_EFFECT[a.split("-")[0]],
                     "text": EFFECT_TEXT[AURORA_EFFECT[a.split("-")[0]]],
                     "holder": game.aurora_holder[a], "used": game.aurora_used[a]}
                    for a in AURORA_TILES],
        "discarded": [TILES[t].to_json() for t in game.discarded],
        "box": len(game.box),
        "final_round": game.final_round,
        "outcome": None if game.outcome is None else game.outcome.to_json(),
    }


def player_view(game: Tulikko, seat: int) -> dict[str, Any]:
    """One seat's map, tokens, supply and objectives (all public)."""
    animal = game.maps[seat]
    grid = game.grids[seat]
    start = game.start[seat]
    return {
        "seat": seat,
        "name": game.player_names[seat],
        "animal": animal,
        "map": None if animal is None else [
            {"cell": c, "row": c // patterns.COLS, "col": c % patterns.COLS,
             "symbol": MAPS[animal][c],
             "tile": None if grid[c] == EMPTY else TILES[grid[c]].to_json()}
            for c in range(CELLS)],
        "tokens": [{"cells": [a, b], "kind": kind,
                    "border": [list(p) for p in border(a, b)],
                    "story": prov.border_token(seat, a, b)}  # the id its story names
                   for (a, b), kind in sorted(game.tokens[seat].items())],
        "supply": {"animal": game.supply[seat][0], "river": game.supply[seat][1]},
        "pile": len(game.piles[seat]),
        "start_tile": None if start is None else TILES[start].to_json(),
        "turns": game.turns[seat],
        "auroras": [a for a in AURORA_TILES if game.aurora_holder[a] == seat],
        "fulfilled": list(game.fulfilled[seat]),
        "symbol_cards": [sym for sym in SYMBOLS if game.symbol_owner[sym] == seat],
        "score": 2 * game.supply[seat][0] + game.supply[seat][1],
        "largest_zone": patterns.largest_zone(game._colours(seat)) if animal else 0,
    }


def explain_illegal(game: Tulikko, action: Action) -> str:
    """Why ``action`` is not legal now, in a player's words: the phase, then the rule it breaks
    (``Tulikko.explain_illegal``)."""
    label = game.describe(action)
    if not isinstance(action, PHASES[game.stage]):
        return (f"{label!r} is not allowed now: {PHASE_TEXT[game.stage]} "
                f"(phase {game.stage!r})")
    seat = game.active
    grid = game.grids[seat]
    cell = getattr(action, "cell", None)
    if cell is not None and not 0 <= cell < CELLS:
        return f"there is no space {cell} on a wilderness map (spaces 0-{CELLS - 1})"
    if isinstance(action, ChooseMap):
        if action.animal not in ANIMALS:
            return f"there is no {action.animal!r} map; the maps are {', '.join(ANIMALS)}"
        return f"the {action.animal} map is already taken (Setup)"
    if isinstance(action, (Slide, SlideBack)) and action.side not in SIDES:
        return f"the central board has no {action.side!r} side; sides: {', '.join(SIDES)}"
    if isinstance(action, (SlideBack, PlaceAnywhere, ClaimCard, MoveTile)):
        effect = {SlideBack: SLIDE_BACK, PlaceAnywhere: PLACE_ANYWHERE,
                  ClaimCard: CLAIM_CARD, MoveTile: MOVE_TILE}[type(action)]
        if game._aurora_of(seat, effect) is None:
            colour = EFFECT_COLOUR[effect]
            return (f"{label!r} needs an unused {colour} aurora tile, and you have none "
                    f"(Aurora tiles: each may only be used once per game)")
    if isinstance(action, (Place, PlaceAnywhere)):
        if grid[action.cell] != EMPTY:
            return f"{cell_name(action.cell)} already has a tile (2A: an empty space)"
        symbol = SIDE_SYMBOL[game.held_side or "north"]
        here = MAPS[game._animal(seat)][action.cell]
        if isinstance(action, Place):
            return (f"the tile came out of the {game.held_side} side ({symbol}) and "
                    f"{cell_name(action.cell)} shows a {here} (2A: same symbol)")
        return f"{cell_name(action.cell)} shows a {symbol} already: place it normally"
    if isinstance(action, Discard):
        return ("you have an empty space with the right symbol: the tile must be placed "
                "(you discard only when there is none)")
    if isinstance(action, PlaceTokens) and game.pending is not None:
        needs = dict(game._needs(seat, game.pending["cell"]))
        if list(action.at) != sorted(set(action.at)):
            return "list the neighbouring spaces once each, in increasing order"
        strange = [c for c in action.at if c not in needs]
        if strange:
            return (f"{', '.join(map(cell_name, strange))}: not a neighbouring tile of "
                    "the tile just placed")
        return ("not enough tokens in your supply for all of these (2B: no token when "
                "you have none of the required type)")
    if isinstance(action, ClaimCard):
        if action.card not in game.cards:
            return f"{action.card!r} is not one of this game's landscape cards"
        if action.card in game.fulfilled[seat]:
            return f"you have already fulfilled {CARDS[action.card].name!r}"
        return "you have no animal token left to place on the card"
    if isinstance(action, MoveTile):
        if not (0 <= action.source < CELLS and 0 <= action.target < CELLS):
            return f"spaces are numbered 0-{CELLS - 1}"
        if grid[action.source] == EMPTY:
            return f"there is no tile on {cell_name(action.source)} to move"
        return f"{cell_name(action.target)} is not an empty space"
    return Game.explain_illegal(game, action)


_A_TOKEN = {kind: a_or_an(kind) for kind in (ANIMAL, RIVER)}
_SLIDE_TAIL = {side: Slide(side).label().removeprefix("Slide your tile") for side in SIDES}
"""A slide's label after "Slide your tile" (" in from the north: eject ..."), made once."""
_PLACE_LABELS = tuple(tuple(f"Place the {tile_name(tile)} on {cell_name(cell)}"
                            for cell in range(CELLS)) for tile in range(len(TILES)))
_SLIDE_LABELS = tuple({side: f"Slide your {tile_name(tile)}{tail}"
                       for side, tail in _SLIDE_TAIL.items()} for tile in range(len(TILES)))
"""The labels of placing and of sliding each tile, by tile and space or side: ``describe``
is asked for every action ``apply`` plays, and these are most of them (a few thousand
short texts, written once)."""


def describe(game: Tulikko, action: Action) -> str:
    """A label for the buttons: the tile in hand, the tokens placed and withheld (D28)."""
    if isinstance(action, Place):
        held = game.held
        if held is not None and 0 <= action.cell < CELLS:
            return _PLACE_LABELS[held][action.cell]
    elif isinstance(action, Slide):
        hand = game.hand
        if hand is not None:
            label = _SLIDE_LABELS[hand].get(action.side)
            if label is not None:
                return label
            return action.label().replace("your tile", f"your {tile_name(hand)}")
    elif isinstance(action, PlaceTokens) and game.pending is not None and \
            game.stage == "tokens":
        return tokens_label(game, action.at)
    return action.label()


def tokens_label(game: Tulikko, at: tuple[int, ...]) -> str:
    """Which token goes next to which neighbour, and which are withheld (2B)."""
    seat = game.active
    assert game.pending is not None
    animals, rivers = game.supply[seat]
    return _tokens_label(tuple(game._needs(seat, game.pending["cell"])), animals > 0,
                         rivers > 0, at)


@cache
def _tokens_label(needs: tuple[tuple[int, str], ...], animals: bool, rivers: bool,
                  at: tuple[int, ...]) -> str:
    """:func:`tokens_label` of the neighbours' needs, whether the supply has animal and river
    tokens, and the neighbours chosen (written once each: a few thousand at most)."""
    placed = []
    withheld = []
    for n, k in needs:
        if not (animals if k == ANIMAL else rivers):
            continue
        if n in at:
            placed.append(f"{_A_TOKEN[k]} token next to {cell_name(n)}")
        else:
            withheld.append(f"the {k} token next to {cell_name(n)}")
    if not placed:
        return "Withhold " + _and(withheld)
    return "Place " + _and(placed) + ("; withhold " + _and(withheld) if withheld else "")


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
