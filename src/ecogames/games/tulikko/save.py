"""Tulikko's saves: the strict loader and :func:`violations`, what makes a state impossible.

``load`` reads a saved state's shape: exactly its keys, ints that are ints (not bools, floats
or text), every id one of the game's, each player's tokens listed in order. It refuses
nothing a well-formed state could hold. ``violations`` says, one sentence each, why a
well-formed state is still one the game can never be in (D26 in ``docs/rules/tulikko.md``):
every tile in exactly one place, tokens conserved, the turn order, the cards and aurora
tiles as the rules hand them out, the end of the game as it is announced. The loader refuses
a state that has any (``core.Game._load_state``), and random play checks that no action ever
makes one (``tests/support/invariants.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ecogames.core import Rng
from ecogames.core import schema as s
from ecogames.core.errors import SaveError

from . import patterns
from .components import (
    ANIMAL,
    ANIMAL_TOKENS,
    ANIMALS,
    AURORA_NUMBERS,
    AURORA_TILES,
    CARD_TOKENS,
    CARD_TYPES,
    CARDS,
    CELLS,
    COLOURS,
    EFFECT_COLOUR,
    MOVE_TILE,
    NEIGHBOURS,
    NEUTRAL_TILES,
    RIVER,
    RIVER_TOKENS,
    SIDES,
    SLOTS,
    SYMBOLS,
    TILE_COLOUR,
    TILES,
    TURNS,
    map_tiles,
)
from .rules import (
    EMPTY,
    ENDINGS,
    IN_TURN,
    PHASES,
    RESUMABLE,
    SYMBOL_CELLS,
    Tulikko,
    check_cards,
)

STATE_KEYS = frozenset((
    "players", "rng", "beginner", "chosen_cards", "preset_maps", "maps", "stage", "active",
    "turns", "board", "piles", "hand", "held", "held_side", "start", "grids", "tokens",
    "supply", "cards", "card_tokens", "fulfilled", "symbol_owner", "symbol_tokens",
    "aurora_holder", "aurora_used", "pending", "discarded", "box", "final_round", "ended"))
"""The keys of a saved state, exactly."""

SETUP_FIELDS = ("turns", "board", "piles", "hand", "held", "held_side", "start", "grids",
                "tokens", "supply", "cards", "card_tokens", "fulfilled", "symbol_owner",
                "symbol_tokens", "aurora_holder", "aurora_used", "pending", "discarded",
                "box", "final_round", "ended")
"""What is still as a new game has it while the players choose their maps."""


# -- the loader: the shape of a state -----------------------------------------------------------


def load(cls: type[Tulikko], data: Mapping[str, Any]) -> Tulikko:
    """Read a saved state strictly (exact keys, exact types). What the state means is
    checked afterwards, by :func:`violations`."""
    s.exact_keys(data, STATE_KEYS)
    players = s.integer(data, "players", cls.min_players, cls.max_players)
    chosen = s.field(data, "chosen_cards", (list, type(None)))
    game = cls(players, Rng(state=s.field(data, "rng", int)),
               beginner=s.field(data, "beginner", bool),
               cards=None if chosen is None else check_cards(chosen))
    _read_maps(game, data)
    game.stage = s.choice(data, "stage", PHASES)
    game.active = s.integer(data, "active", 0, players - 1)
    game.turns = _ints(data, "turns", players, 0, TURNS)
    _read_tiles(game, data)
    _read_tokens_and_cards(game, data)
    _read_objectives(game, data)
    pending = s.field(data, "pending", (dict, type(None)))
    if pending is not None:
        s.exact_keys(pending, ("cell", "then"), "state.pending")
        cell = s.integer(pending, "cell", 0, CELLS - 1, "pending")
        then = s.choice(pending, "then", (*RESUMABLE,), "pending")
        game.pending = {"cell": cell, "then": then}
    game.discarded = s.int_list(data, "discarded", 0, len(TILES) - 1)
    game.box = s.int_list(data, "box", 0, len(TILES) - 1)
    game.final_round = s.field(data, "final_round", bool)
    game.ended = s.field(data, "ended", str)
    return game


def _read_maps(game: Tulikko, data: Mapping[str, Any]) -> None:
    players = game.players
    preset = s.field(data, "preset_maps", (list, type(None)))
    if preset is not None and (len(preset) != players or not all(
            isinstance(m, str) and m in ANIMALS for m in preset)
            or len(set(preset)) != players):
        raise SaveError(f"state.preset_maps must name {players} different maps or be null")
    game.preset_maps = None if preset is None else list(preset)
    maps = s.field(data, "maps", list)
    if len(maps) != players or any(m is not None and not (isinstance(m, str)
                                                          and m in ANIMALS) for m in maps):
        raise SaveError(f"state.maps must give each of {players} seats a map or null")
    game.maps = list(maps)


def _read_tiles(game: Tulikko, data: Mapping[str, Any]) -> None:
    """The central board, the piles, the tiles in hand and the maps."""
    players = game.players
    board = s.exact_keys(s.field(data, "board", dict), SLOTS, "state.board")
    game.board = {slot: _tile_or_none(board, slot, "board") for slot in SLOTS}
    piles = s.field(data, "piles", list)
    if len(piles) != players:
        raise SaveError("state.piles: one pile per player")
    game.piles = [s.int_list({"pile": p}, "pile", 0, len(TILES) - 1, "piles", TURNS)
                  for p in piles]
    game.hand = _tile_or_none(data, "hand")
    game.held = _tile_or_none(data, "held")
    held_side = s.field(data, "held_side", (str, type(None)))
    if held_side is not None and held_side not in SIDES:
        raise SaveError(f"state.held_side must be a side or null, got {held_side!r:.40}")
    game.held_side = held_side
    start = s.field(data, "start", list)
    if len(start) != players:
        raise SaveError("state.start: one entry per player")
    game.start = [_tile_or_none({"start": t}, "start") for t in start]
    grids = s.field(data, "grids", list)
    if len(grids) != players:
        raise SaveError("state.grids: one map per player")
    game.grids = [s.int_list({"grid": g}, "grid", EMPTY, len(TILES) - 1, "grids", CELLS)
                  for g in grids]
    if any(len(g) != CELLS for g in game.grids):
        raise SaveError(f"state.grids: each map has {CELLS} spaces")


def _read_tokens_and_cards(game: Tulikko, data: Mapping[str, Any]) -> None:
    """The tokens on the maps, the supplies, the landscape cards and their tokens."""
    players = game.players
    tokens = s.field(data, "tokens", list)
    if len(tokens) != players:
        raise SaveError("state.tokens: one list per player")
    game.tokens = [_read_tokens(t) for t in tokens]
    supply = s.field(data, "supply", list)
    if len(supply) != players:
        raise SaveError("state.supply: one entry per player")
    game.supply = [[s.integer({"a": x[0]}, "a", 0, ANIMAL_TOKENS, "supply"),
                    s.integer({"r": x[1]}, "r", 0, RIVER_TOKENS, "supply")]
                   if isinstance(x, list) and len(x) == 2 else _bad("supply", x)
                   for x in supply]
    cards = s.field(data, "cards", list)
    if cards:
        check_cards(cards)
    game.cards = list(cards)
    card_tokens = s.exact_keys(s.field(data, "card_tokens", dict), game.cards,
                               "state.card_tokens")
    game.card_tokens = {c: _ints(card_tokens, c, players, 0, CARD_TOKENS)
                        for c in game.cards}
    fulfilled = s.field(data, "fulfilled", list)
    if len(fulfilled) != players or any(
            not isinstance(f, list) or not all(isinstance(c, str) for c in f)
            or len(set(f)) != len(f) or any(c not in game.cards for c in f)
            for f in fulfilled):
        raise SaveError("state.fulfilled: per player, landscape cards in play, once each")
    game.fulfilled = [list(f) for f in fulfilled]


def _read_objectives(game: Tulikko, data: Mapping[str, Any]) -> None:
    """Who took each symbol card and aurora tile."""
    players = game.players
    owner = s.exact_keys(s.field(data, "symbol_owner", dict), SYMBOLS, "state.symbol_owner")
    counts = s.exact_keys(s.field(data, "symbol_tokens", dict), SYMBOLS,
                          "state.symbol_tokens")
    game.symbol_owner = {sym: _seat_or_none(owner, sym, players) for sym in SYMBOLS}
    game.symbol_tokens = {sym: s.integer(counts, sym, 0, CARD_TOKENS, "symbol_tokens")
                          for sym in SYMBOLS}
    holder = s.exact_keys(s.field(data, "aurora_holder", dict), AURORA_TILES,
                          "state.aurora_holder")
    used = s.exact_keys(s.field(data, "aurora_used", dict), AURORA_TILES, "state.aurora_used")
    game.aurora_holder = {a: _seat_or_none(holder, a, players) for a in AURORA_TILES}
    game.aurora_used = {a: s.field(used, a, bool, "aurora_used") for a in AURORA_TILES}


def _bad(where: str, value: Any) -> Any:
    raise SaveError(f"state.{where} holds {value!r:.40}")


def _ints(data: Mapping[str, Any], key: str, n: int, low: int, high: int) -> list[int]:
    values = s.int_list(data, key, low, high)
    if len(values) != n:
        raise SaveError(f"state.{key} must have {n} entries")
    return values


def _tile_or_none(data: Mapping[str, Any], key: str, where: str = "state") -> int | None:
    if data.get(key) is None:
        if key not in data:
            raise SaveError(f"{where} lacks {key!r}")
        return None
    return s.integer(data, key, 0, len(TILES) - 1, where)


def _seat_or_none(data: Mapping[str, Any], key: str, players: int) -> int | None:
    if data.get(key) is None:
        return None
    return s.integer(data, key, 0, players - 1)


def _read_tokens(entries: Any) -> dict[tuple[int, int], str]:
    if not isinstance(entries, list) or len(entries) > 2 * CELLS:
        raise SaveError("state.tokens: a list of [cell, cell, kind] per player")
    out: dict[tuple[int, int], str] = {}
    for entry in entries:
        if (not isinstance(entry, list) or len(entry) != 3
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in entry[:2])
                or entry[2] not in (ANIMAL, RIVER)):
            raise SaveError(f"state.tokens holds {entry!r:.40}, not [cell, cell, kind]")
        a, b, kind = entry
        if not (0 <= a < b < CELLS) or b not in NEIGHBOURS[a] or (a, b) in out:
            raise SaveError(f"state.tokens: {a} and {b} are not two neighbouring spaces "
                            "(once each, smaller first)")
        if out and (a, b) < max(out):
            raise SaveError("state.tokens: each player's tokens are listed in order")
        out[(a, b)] = kind
    return out


# -- violations: what makes a state impossible ------------------------------------------------


def violations(game: Tulikko) -> list[str]:
    """What makes this state one the game can never be in, one sentence each (``[]``: none).
    The checks go from the set-up to the end of the game; each reads only what the loader
    guarantees, so a broken rule never stops the others being told."""
    if game.stage == "choose_map":
        problems = [*_maps(game), *_choosing_maps(game)]
    elif None in game.maps:
        problems = [*_maps(game), f"every player has a map in the {game.stage!r} phase"]
    else:
        problems = [*_maps(game), *_tiles(game), *_phase(game), *_turns(game)]
        for p in range(game.players):
            problems += _tokens(game, p)
        problems += [*_objectives(game), *_end(game)]
    return list(dict.fromkeys(problems))


def _maps(game: Tulikko) -> Iterator[str]:
    """Setup: "Each player chooses a wilderness map", each a different one."""
    chosen = [m for m in game.maps if m is not None]
    if len(set(chosen)) != len(chosen):
        yield "two players cannot have the same map"
    if game.preset_maps is not None and game.maps != game.preset_maps:
        yield "state.maps must be the preset maps"


def _choosing_maps(game: Tulikko) -> Iterator[str]:
    """Setup: while maps are chosen, nothing else is set up yet."""
    if game.maps.count(None) == 0 or game.maps.index(None) != game.active:
        yield "while maps are chosen, the first seat without one chooses"
    if game.preset_maps is not None:
        yield "with preset maps, nobody chooses a map"
    fresh = type(game)(game.players, game.rng, beginner=game.beginner,
                       cards=game.chosen_cards)
    for name in SETUP_FIELDS:
        if getattr(game, name) != getattr(fresh, name):
            yield f"nothing is set up before every map is chosen (state.{name})"


def _tiles(game: Tulikko) -> Iterator[str]:
    """Components: every forest tile in exactly one place; piles and the revealed tile
    are the player's own; the box and the starting tiles are neutral."""
    expected = set(NEUTRAL_TILES)
    for animal in game.maps:
        expected |= set(map_tiles(animal or ""))
    seen: list[int] = []
    for p in range(game.players):
        if not set(game.piles[p]) <= set(map_tiles(game._animal(p))):
            yield f"player {p + 1}'s pile holds tiles that are not theirs"
        seen += game.piles[p]
        seen += [t for t in game.grids[p] if t != EMPTY]
    seen += [t for t in game.board.values() if t is not None]
    seen += [t for t in (game.hand, game.held, *game.start) if t is not None]
    seen += game.discarded + game.box
    if len(seen) != len(set(seen)) or set(seen) != expected:
        yield "every forest tile must be in exactly one place"
    if game.box != sorted(game.box):
        yield "state.box: the tiles in the box are listed in increasing order"
    starting = [t for t in game.start if t is not None]
    if any(t not in NEUTRAL_TILES for t in [*game.box, *starting]):
        yield "only neutral tiles go back to the box or start a map"
    if any(v is None for v in game.board.values()):
        yield "the central board always holds five tiles"
    if game.hand is not None and game.hand not in map_tiles(game._animal(game.active)):
        yield "the revealed tile comes from the active player's own pile"
    if game.cards != list(game.chosen_cards or game.cards) or len(game.cards) != len(
            CARD_TYPES):
        yield "one landscape card of each type is in play (the chosen ones)"
    if game.beginner and game.chosen_cards is None and any(
            CARDS[card].icon for card in game.cards):
        yield "a beginner game leaves out the landscape cards with the icon"


def _phase(game: Tulikko) -> Iterator[str]:
    """The turn's steps: what waits in each phase (a revealed tile, an ejected tile,
    tokens to place) and what can be done there."""
    stage, pending = game.stage, game.pending
    if (pending is not None) != (stage == "tokens"):
        yield "pending tokens exist exactly in the tokens phase"
    resume = stage if pending is None else pending["then"]
    if (game.hand is not None) != (resume == "slide"):
        yield "a revealed tile waits exactly while the slide is to come"
    if (game.held is not None) != (resume == "place") or (
            (game.held_side is None) != (game.held is None)):
        yield "an ejected tile (and its side) waits exactly while it is to be placed"
    if stage == "start_tile":
        yield from _start_tiles(game)
    elif any(t is not None for t in game.start):
        yield "starting tiles are all placed once the turns begin"
    if pending is not None:
        cell = pending["cell"]
        if game.grids[game.active][cell] == EMPTY or any(
                cell in key for key in game.tokens[game.active]):
            yield ("tokens are pending for a tile just placed (or moved): it is on the map, "
                   "no token along its edges yet")
        elif not game._token_choices(game.active, cell):
            yield "tokens are pending only where one can be placed"
    if stage == "end" and not game._anytime_actions():
        yield "a turn waits in its end phase only while an aurora tile can still be used"


def _start_tiles(game: Tulikko) -> Iterator[str]:
    """Setup: the starting tiles are placed in seat order, before any turn."""
    if any(game.start[p] is None for p in range(game.active, game.players)) or any(
            game.start[p] is not None for p in range(game.active)):
        yield "starting tiles are placed in seat order"
    for p in range(game.players):
        placed = [t for t in game.grids[p] if t != EMPTY]
        if len(placed) != int(p < game.active) or not set(placed) <= set(NEUTRAL_TILES):
            yield "before the first turn a map holds only its starting neutral tile"


def _turns(game: Tulikko) -> Iterator[str]:
    """Turns: in seat order, one tile of the pile per turn; a map gains at most one
    tile per turn (its starting tile apart)."""
    stage = game.stage
    playing = stage in IN_TURN
    placed_now = stage == "end" or (game.pending is not None
                                     and game.pending["then"] == "end")
    for p in range(game.players):
        active = int(p == game.active and playing)
        if len(game.piles[p]) + game.turns[p] + active != TURNS:
            yield f"player {p + 1}'s pile does not match the turns played"
        placed = sum(t != EMPTY for t in game.grids[p])
        if placed > 1 + game.turns[p] + int(active and placed_now):
            yield f"player {p + 1} has more tiles than turns allow"
        if stage == "start_tile" and game.turns[p]:
            yield "no turn is played before every starting tile is placed"
        if playing and game.turns[p] != game.turns[game.active] + int(p < game.active):
            yield ("turns go round in seat order: the players before the active one have "
                   "played one turn more than the others")
    if stage == "over" and len(set(game.turns)) != 1:
        yield "a finished game: everyone played the same number of turns"


def _tokens(game: Tulikko, p: int) -> Iterator[str]:
    """2B and 3: tokens between tiles (animal if the same, river if different), on
    cards the player fulfilled; 12 animal and 6 river tokens in all."""
    grid = game.grids[p]
    for (a, b), kind in game.tokens[p].items():
        if grid[a] == EMPTY or grid[b] == EMPTY:
            yield "a token lies only between two tiles"
        elif (kind == ANIMAL) != (TILE_COLOUR[grid[a]] == TILE_COLOUR[grid[b]]):
            yield "animal tokens between same tiles, river tokens between different ones"
    on_map = list(game.tokens[p].values())
    on_cards = (sum(v[p] for v in game.card_tokens.values())
                + sum(game.symbol_tokens[sym] for sym in SYMBOLS
                      if game.symbol_owner[sym] == p))
    if game.supply[p][0] + on_map.count(ANIMAL) + on_cards != ANIMAL_TOKENS:
        yield f"player {p + 1}'s animal tokens do not add up to {ANIMAL_TOKENS}"
    if game.supply[p][1] + on_map.count(RIVER) != RIVER_TOKENS:
        yield f"player {p + 1}'s river tokens do not add up to {RIVER_TOKENS}"
    for card, counts in game.card_tokens.items():
        if counts[p] and card not in game.fulfilled[p]:
            yield "tokens on a landscape card the player did not fulfil"
    short = [card for card in game.fulfilled[p] if game.card_tokens[card][p] < CARD_TOKENS]
    short += [sym for sym in SYMBOLS
              if game.symbol_owner[sym] == p and game.symbol_tokens[sym] < CARD_TOKENS]
    if short and game.supply[p][0] and not _got_tokens_back(game, p):
        yield (f"player {p + 1} put fewer than two animal tokens on {short[0]!r} (only their "
               "last one or none), yet has animal tokens left")


def _got_tokens_back(game: Tulikko, p: int) -> bool:
    """Whether ``p`` used the purple aurora tile (its tokens went back to the supply)."""
    return any(game.aurora_holder[f"{EFFECT_COLOUR[MOVE_TILE]}-{n}"] == p
               and game.aurora_used[f"{EFFECT_COLOUR[MOVE_TILE]}-{n}"]
               for n in AURORA_NUMBERS)


def _objectives(game: Tulikko) -> Iterator[str]:
    """3A-3C: objectives are checked after every placement (D25), so every player's
    map shows no objective left to take, except the active player's while their
    tokens are still to place; aurora tiles go to players with three (four) tiles of
    their colour, never two of one colour."""
    for a in AURORA_TILES:
        if game.aurora_used[a] and game.aurora_holder[a] is None:
            yield "an aurora tile in its pile cannot have been used"
        if a.endswith("-4") and game.aurora_holder[a] is not None and \
                game.aurora_holder[a.replace("-4", "-3")] is None:
            yield "the '4' aurora tile lies under the '3'"
    for sym in SYMBOLS:
        if game.symbol_owner[sym] is None and game.symbol_tokens[sym]:
            yield "tokens on a symbol card nobody completed"
    for p in range(game.players):
        colours = game._colours(p)
        held = [a for a in AURORA_TILES if game.aurora_holder[a] == p]
        if len({a.split("-")[0] for a in held}) != len(held):
            yield "a player cannot have two aurora tiles of the same color"
        for aurora in held:
            colour, number = aurora.split("-")
            if colours.count(COLOURS.index(colour)) < int(number):
                yield (f"player {p + 1} holds the {colour} {number!r} aurora tile with fewer "
                       f"than {number} {colour} tiles")
        if p == game.active and game.stage == "tokens":
            continue  # this player's objectives are checked once the tokens are placed
        yield from _nothing_left_to_take(game, p, colours)


def _nothing_left_to_take(game: Tulikko, p: int, colours: list[int]) -> Iterator[str]:
    for ci, colour in enumerate(COLOURS):
        count = colours.count(ci)
        three, four = f"{colour}-3", f"{colour}-4"
        if count >= 3 and game.aurora_holder[three] is None:
            yield (f"player {p + 1} has {count} {colour} tiles and the {colour} '3' aurora "
                   "tile is still in its pile")
        if count >= 4 and game.aurora_holder[three] != p and game.aurora_holder[four] is None:
            yield (f"player {p + 1} has {count} {colour} tiles and the {colour} '4' aurora "
                   "tile is still in its pile")
    cells = SYMBOL_CELLS[game._animal(p)]
    for sym in SYMBOLS:
        if game.symbol_owner[sym] is None and all(colours[c] != EMPTY for c in cells[sym]):
            yield (f"player {p + 1} covers all five {sym} spaces and the {sym} symbol card "
                   "is not taken")
    rivers = [k for k, kind in game.tokens[p].items() if kind == RIVER]
    for card in game.cards:
        if card not in game.fulfilled[p] and patterns.card_met(CARDS[card], colours, rivers):
            yield f"player {p + 1}'s map meets {CARDS[card].name!r} and they did not fulfil it"


def _end(game: Tulikko) -> Iterator[str]:
    """End of the game: the final round is announced once a player has placed all
    their tokens, and the game ends with the round (or after twelve turns)."""
    stage = game.stage
    empty = [p for p in range(game.players) if sum(game.supply[p]) == 0]
    if empty and not game.final_round:
        yield (f"player {empty[0] + 1} has placed all their tokens and the final round is "
               "not announced")
    if game.final_round:
        if stage == "start_tile":
            yield "no final round before the turns begin"
        # the player who announced it has had their turn in this round (or is having it);
        # they still have no tokens, unless the purple aurora gave some back (D24)
        seats = range(game.players) if stage == "over" else range(game.active + 1)
        if not any(sum(game.supply[p]) == 0 or _got_tokens_back(game, p) for p in seats):
            yield ("a final round is announced, yet nobody who has played in this round has "
                   "placed all their tokens")
    if stage == "over":
        if not game.final_round and game.turns[0] != TURNS:
            yield (f"a game ends after {TURNS} turns or once a player has placed all their "
                   "tokens")
        if game.ended != ENDINGS[game.final_round]:
            yield f"state.ended must be {ENDINGS[game.final_round]!r}"
    elif game.ended:
        yield "an ended game is exactly one in the 'over' phase"
