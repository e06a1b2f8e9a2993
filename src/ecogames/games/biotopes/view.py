"""Biotopes — what a person sees: the view of a seat, and actions told in words.

Pure functions of a game (``Biotopes.view`` and ``Biotopes.describe`` call them). The "why
not" texts of refused actions stay beside the rules they explain (``rules.py``).
"""

from __future__ import annotations

from typing import Any

from ecogames.core import Action

from . import tasks
from .actions import STATE_WORDED, Move, Pay, Place, Prey, UseCard
from .components import (
    BIOTOPE_CARDS,
    BIOTOPES,
    COLOURS,
    ENV_TOKEN_BY_ID,
    PLAYER_COLOURS,
    SPECIES,
    TILES,
)
from .rules import DECK_NAMES, ROWS, SEAT_NAMES, SPACES, Biotopes

_PAY_WORDS: dict[tuple[int, str, int, int, str], str] = {}
"""The words of a Pay choice by seat, the card it points at and the action's row, column
and colour (the words depend on nothing else; a few thousand at most)."""


def describe(game: Biotopes, action: Action) -> str:
    """The action in words, naming the cards it points at (those of ``STATE_WORDED``; any
    other action's words are its ``label()``)."""
    if type(action) is Pay and game.stage == "play" and game.queue:  # the most told
        payer = game.queue[0].p
        row, col = action.row, action.col
        # (_card_or_none, inline)
        if col == -1:
            card = game.bcards[payer][row] or None if 0 <= row < ROWS else None
        else:
            card = _card_or_none(game, payer, row, col)
        if card is not None:
            key = (payer, card, row, col, action.colour)  # (a Pay's own hash: Python code)
            words = _PAY_WORDS.get(key)
            if words is None:
                if len(_PAY_WORDS) > 20_000:
                    _PAY_WORDS.clear()
                words = _PAY_WORDS[key] = (
                    f"Pay with a {action.colour} cube from "
                    f"{game._where(payer, action.row, action.col)}")
            return words
    p = game.current_player
    if p is None or game.stage != "play" or type(action) not in STATE_WORDED:
        return action.label()
    if isinstance(action, UseCard):
        card = _card_or_none(game, p, action.row, action.col)
        if card is not None:
            return f"Use {SPECIES[card].name}'s Action ({SPECIES[card].effect.keyword})"
    elif isinstance(action, (Pay, Place)):
        if _card_or_none(game, p, action.row, action.col) is not None:
            what = f"a {action.colour} cube" if isinstance(action, Pay) else "the cube"
            verb = "Pay with" if isinstance(action, Pay) else "Place"
            prep = "from" if isinstance(action, Pay) else "on"
            return f"{verb} {what} {prep} {game._where(p, action.row, action.col)}"
    elif isinstance(action, Move):
        if _card_or_none(game, p, action.row, action.col) is not None and \
                _card_or_none(game, p, action.to_row, action.to_col) is not None:
            return (f"Move a {action.colour} cube from "
                    f"{game._where(p, action.row, action.col)} to "
                    f"{game._where(p, action.to_row, action.to_col)}")
    elif isinstance(action, Prey) and 0 <= action.player < game.players and \
            _card_or_none(game, action.player, action.row, action.col) is not None:
        return (f"Prey on a {action.colour} cube of "
                f"{game._where(action.player, action.row, action.col)}")
    return action.label()


def _card_or_none(game: Biotopes, p: int, row: int, col: int) -> str | None:
    if not 0 <= row < ROWS:
        return None
    if col == -1:
        return game.bcards[p][row] or None
    cards = game.rows[p][row]
    return cards[col][0] if 0 <= col < len(cards) else None


def view(game: Biotopes, player: int | None = None) -> dict[str, Any]:
    """What ``player`` sees: everything public, plus their own hand and bag (RB FAQ: you
    may look into your own bag). Others' hands and bags show only their size."""
    ecosystems = []
    for p in range(game.players):
        own = p == player
        ecosystems.append({
            "player": p, "name": SEAT_NAMES[p], "colour": PLAYER_COLOURS[p],
            "tokens": game.tokens[p], "passed": game.passed[p],
            "hand": list(game.hands[p]) if own else None,
            "hand_size": len(game.hands[p]),
            "bag": dict(zip(COLOURS, game.bags[p])) if own else None,
            "bag_size": sum(game.bags[p]),
            "biotopes": [{
                "card": game.bcards[p][r] or None, "biotope": BIOTOPES[r].value,
                "side": "advanced" if game.opts["draft"] else "basic",
                "habitat": (BIOTOPE_CARDS[game.bcards[p][r]].habitat_name
                            if game.opts["draft"] and game.bcards[p][r] else None),
                "cubes": sum(game.biotope_cubes(p, r)),
                "colours": dict(zip(COLOURS, game.biotope_cubes(p, r)))}
                for r in range(ROWS)],
            "rows": [[{"card": e[0], "cubes": dict(zip(COLOURS, e[1:]))}
                      for e in game.rows[p][r]] for r in range(ROWS)],
            "spaces": {s: dict(zip(COLOURS, game.spaces[p][i]))
                       for i, s in enumerate(SPACES)},
            "uses": dict(zip(SPACES, game.uses[p])),
            "territories": [list(h) for h in game.territories(p)],
            "tiles": list(game.tile_hands[p]),
        })
    task = game.queue[0] if game.queue else None
    return {
        "players": game.players, "cycle": game.cycle, "cycles": game.cycles,
        "board": game.board.value, "stage": game.stage, "phase": game.phase,
        "current_player": game.current_player, "initiative": game.initiative,
        "environment": [{"space": i + 1, "token": t, "label": ENV_TOKEN_BY_ID[t].label}
                        for i, t in enumerate(game.env)],
        "reserve": dict(zip(COLOURS, game.reserve)),
        "landscape": [{"hex": list(h), "biotope": BIOTOPES[b].value,
                       "owner": game.owner.get(h), "edge": h in game.edges}
                      for h, b in sorted(game.landscape.items())],
        "tiles": [{"tile": t[0], "side": t[1], "rotation": t[2], "centre": [t[3], t[4]]}
                  for t in game.tiles],
        "tile_faces": _tile_faces(game),
        "neutral_removed": game.neutral_removed,
        "decks": {name: len(game.decks[d]) for d, name in enumerate(DECK_NAMES)},
        "rivers": {name: list(game.rivers[d]) for d, name in enumerate(DECK_NAMES)},
        "discards": {name: len(game.discards[d]) for d, name in enumerate(DECK_NAMES)},
        "ecosystems": ecosystems,
        "decision": None if task is None else _decision_view(game, task),
        "scores": game.scores,
    }


def _tile_faces(game: Biotopes) -> dict[str, dict[str, Any]]:
    """Landscape Construction, while tiles are placed and turned: the faces of the tiles
    still in hand and of the tile just placed (to preview them, issue 12 §7): each side's
    name and its 7 biotopes in TILE_SHAPE order, unturned."""
    if game.stage not in ("tiles", "orient"):
        return {}
    ids = {t for hand in game.tile_hands for t in hand} | \
        {t[0] for t in game.tiles if t[1] is None}
    return {t: {"names": {side: TILES[t].face(side) for side in "AB"},
                **{side: [b.value for b in TILES[t].sides[side]] for side in "AB"}}
            for t in sorted(ids)}


def _decision_view(game: Biotopes, task: tasks.Task) -> dict[str, Any]:
    """The task waiting for a choice, as the view shows it. A cost names the card it
    pays for (issue 12 §7): the card being played (Adaptation) or the card whose Action
    is used."""
    shown = {k: v for k, v in task.to_json().items()
             if k in ("t", "p", "for", "card", "colour", "hex", "n", "played", "owner")}
    if isinstance(task, tasks.Pay):
        if task.what == "adaptation":
            shown["card"] = task.card
        elif task.what == "card" and task.at is not None:
            shown["card"] = game.rows[task.p][task.at[0]][task.at[1]][0]
    return shown
