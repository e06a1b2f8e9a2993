"""Tulikko: the engine.

Rule functions are named after the rulebook's sections and cite them; decisions where the
rulebook is silent are ``D<n>`` in ``docs/rules/tulikko.md``. Reading order: constants,
the phase table, then the :class:`Tulikko` game: set-up, turns (eject, place, check for
completed objectives), aurora tile effects, end of the game, legal actions, state. The
actions are in ``actions.py``, what people see and read (views, labels, why-not texts) in
``view.py``, the strict loader and what makes a state impossible in ``save.py``, where
objectives are met in ``patterns.py``.

Every choice a player makes is an action: the wilderness map, where the starting neutral
tile goes, the side to slide in from, the space to place on, which tokens to place or
withhold, and every use of an aurora tile. The engine draws only what the rulebook says is
random. Every face-down tile it takes (the tile turned over from a pile, the neutral tiles
of the set-up) is a chance draw, ``self.chance``: a colour, weighted by how many tiles of it
are left (tiles of one colour and back are alike), so a fork can ask "what if it had been
blue?"; the landscape cards are drawn at the set-up from the game's own generator.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from itertools import permutations, product
from operator import itemgetter
from typing import Any

from ecogames.core import Action, EventLog, Game, Option, Outcome, Rng
from ecogames.core.provenance import OUTCOME, chance_key, gone_key

from . import patterns
from . import why as prov
from .actions import (
    ACTION_TYPES,
    ChooseMap,
    ClaimCard,
    Discard,
    EndTurn,
    MoveTile,
    Place,
    PlaceAnywhere,
    PlaceStart,
    PlaceTokens,
    Slide,
    SlideBack,
    a_or_an,
    cell_name,
    tile_name,
)
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
    CENTER,
    CLAIM_CARD,
    COLOUR_INDEX,
    COLOURS,
    EFFECT_COLOUR,
    EFFECT_TEXT,
    LINE_FROM,
    MAPS,
    MOVE_TILE,
    NEIGHBOURS,
    NEUTRAL_TILES,
    OPPOSITE,
    PLACE_ANYWHERE,
    RIVER,
    RIVER_TOKENS,
    SIDE_SYMBOL,
    SIDES,
    SLIDE_BACK,
    SLOTS,
    SYMBOLS,
    TILE_COLOUR,
    TURNS,
    cards_of_type,
    edge_key,
    map_tiles,
    symbol_card,
)

EMPTY = patterns.EMPTY

SYMBOL_CELLS: dict[str, dict[str, tuple[int, ...]]] = {
    animal: {sym: tuple(c for c in range(CELLS) if symbols[c] == sym) for sym in SYMBOLS}
    for animal, symbols in MAPS.items()
}
"""The five cells of each symbol on each map."""
_SYMBOL_TILES = {animal: {sym: itemgetter(*cells) for sym, cells in by_symbol.items()}
                 for animal, by_symbol in SYMBOL_CELLS.items()}
"""What a map's five spaces of each symbol show (``getter(colours)``: one C call)."""


PLACE_STARTS = tuple(PlaceStart(c) for c in range(CELLS))
SLIDES = tuple(Slide(side) for side in SIDES)
SLIDE_BACKS = tuple(SlideBack(side) for side in SIDES)
PLACES = tuple(Place(c) for c in range(CELLS))
PLACES_ANYWHERE = tuple(PlaceAnywhere(c) for c in range(CELLS))
MOVES = tuple(tuple(MoveTile(a, b) for b in range(CELLS)) for a in range(CELLS))
END_TURN, DISCARD = EndTurn(), Discard()
"""The actions that name only a space or a side, made once (actions are frozen, so
``legal_actions`` may hand out the same ones every time: it is asked at every step)."""

ANYTIME = (ClaimCard, MoveTile)
"""Aurora effects usable at any decision of your own turn (D15)."""

PHASES: dict[str, tuple[type[Action], ...]] = {
    "choose_map": (ChooseMap,),
    "start_tile": (PlaceStart,),
    "slide": (Slide, *ANYTIME),
    "place": (Place, PlaceAnywhere, Discard, SlideBack, *ANYTIME),
    "tokens": (PlaceTokens,),
    "end": (EndTurn, *ANYTIME),
    "over": (),
}
"""Which actions each phase allows. The turn: slide -> place -> (tokens) -> (end)."""

RESUMABLE = ("slide", "place", "end")
"""Where play goes back to after the tokens of a tile moved by the purple aurora."""

IN_TURN = ("slide", "place", "tokens", "end")
"""The phases of a turn under way (its tile already turned over)."""

ENDINGS = {True: "a player placed all their tokens and the round is finished",
           False: f"{TURNS} turns were played"}
"""Why the game ended, by whether the final round was announced (End of the Game)."""

EFFECT_AURORAS = {effect: tuple(f"{colour}-{n}" for n in AURORA_NUMBERS)
                  for effect, colour in EFFECT_COLOUR.items()}
"""The two aurora tiles carrying each effect (D14)."""

_NAMES = {(seat, animal): f"Player {seat + 1} ({animal})" if animal else f"Player {seat + 1}"
          for seat in range(len(ANIMALS)) for animal in (None, *ANIMALS)}
"""Each seat's name, with the map it chose (written once: every event names a player)."""

_PILE_DRAW = {key: f"the tile {name} turns over from their pile" for key, name in _NAMES.items()}
"""The name of each seat's draw from its pile (a chance draw every turn, in push too)."""

_COLOUR_OR_EMPTY = (*TILE_COLOUR, EMPTY)
"""A grid's entry (a tile, or ``EMPTY`` = -1, the last) to its colour index."""


_COLOUR_LABEL = {colour: f"{a_or_an(colour)} tile" for colour in COLOURS}
_COLOUR_WORDS = _COLOUR_LABEL.__getitem__
"""A drawn colour's words (the draws' ``label``, bound once)."""
"""A tile drawn, in words: "a green tile", "an orange tile"."""

AURORA_PAIRS = tuple((ci, colour, f"{colour}-3", f"{colour}-4")
                     for ci, colour in enumerate(COLOURS))
"""Each colour's index, name and its "3" and "4" aurora tiles."""
_AURORA_PARTS = {aurora: (colour, number, f"{colour}-3", f"{colour}-4")
                 for colour, number in (a.split("-") for a in AURORA_TILES)
                 for aurora in (f"{colour}-{number}",)}
"""Each aurora tile's colour, number and the "3" and "4" tiles of its colour."""
_AURORA_KEY = {aurora: ("aurora", aurora) for aurora in AURORA_TILES}
_AURORA_ONE = {aurora: (aurora,) for aurora in AURORA_TILES}


_A_TILE = tuple(a_or_an(tile_name(t)) for t in range(len(TILE_COLOUR)))
"""A tile in words with its article: "a fox's green tile"."""
_TILE_NAME = tuple(tile_name(t) for t in range(len(TILE_COLOUR)))
_SLOT_KEYS = {side: tuple(("slot", slot) for slot in line) for side, line in LINE_FROM.items()}
_EJECTED = {out: f" comes out of the {out} side ({SIDE_SYMBOL[out]}): it must go on an empty "
                 f"{SIDE_SYMBOL[out]} space" for out in OPPOSITE}
_SLID = tuple({side: f" slides the {name} in from the {side}" for side in SIDES}
              for name in _TILE_NAME)
"""A slide's words after the player's name, by tile and side."""
_EJECT_TEXT = tuple({out: f"The {name}{tail}" for out, tail in _EJECTED.items()}
                    for name in _TILE_NAME)
"""An ejected tile's words, by tile and the side it comes out of."""

# What the most told events name, made once and shared by every event that names it (tuples
# are values: an event holds them as they are), so that telling a turn builds few objects.
_ONE = tuple((n,) for n in range(max(len(TILE_COLOUR), len(ANIMALS))))
"""``(n,)`` for a tile or a seat: an event's ``tiles`` or ``players``."""
_TILE_KEY = tuple(prov.tile(t) for t in range(len(TILE_COLOUR)))
_PILE_KEY = tuple(("pile", seat) for seat in range(len(ANIMALS)))
_CELL_KEY = prov.CELL_KEYS
_SEAT_CELL = tuple(tuple((seat, c) for c in range(CELLS)) for seat in range(len(ANIMALS)))
_ANIMAL_SUPPLY = tuple(prov.supply(seat, ANIMAL) for seat in range(len(ANIMALS)))
_TOKENS_OF = tuple((ANIMAL,) * count for count in range(CARD_TOKENS + 1))
"""``count`` animal tokens (an event's ``tokens``)."""
_TOKENS_PLACED = tuple(f"{count} animal token{'' if count == 1 else 's'} on "
                       for count in range(CARD_TOKENS + 1))
_SIDE_ONE = {side: (side,) for side in SIDES}
_ON_SPACE = {animal: tuple(f" on {cell_name(c)} ({symbols[c]})" for c in range(CELLS))
             for animal, symbols in MAPS.items()}
"""Where a tile is placed on a map, in words: " on row 2, column 3 (moon)"."""
_CHECKS = {key: f"{name} checks for completed objectives" for key, name in _NAMES.items()}
_ENDS_TURN = {key: tuple(f"{name} ends turn {n}" for n in range(TURNS + 1))
              for key, name in _NAMES.items()}
"""A turn's end in words, by seat and map, then the turns played (at most ``TURNS``)."""
_CHANCE_KEY = tuple(chance_key(n) for n in range(len(SLOTS) + len(ANIMALS) + 1))
"""The key of an action's ``n``-th draw (it makes at most one a seat and slot)."""


@cache
def _tokens_due(seat: int, cell: int, needs: tuple[tuple[int, str], ...]
                ) -> tuple[str, tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...],
                           tuple[tuple[Any, ...], ...]]:
    """The words after a player's name, the cells and borders named, and the cells read of a
    tokens_due event (a few hundred, written once each)."""
    text = " may place " + ", ".join(
        [f"{a_or_an(k)} token next to {cell_name(n)}" for n, k in needs])
    return (text, tuple([(seat, n) for n, _ in needs]),
            tuple([(seat, *edge_key(cell, n)) for n, _ in needs]),
            (prov.cell(seat, cell), *[prov.cell(seat, n) for n, _ in needs]))


@cache
def _token_told(seat: int, name: str, cell: int, n: int, kind: str) -> tuple[Any, ...]:
    """A token event's words, what it touched (edges, tokens, cells, ids), reads and writes:
    by seat, player's name, the new tile's space, the neighbour's and the kind of token
    (written once each)."""
    key = edge_key(cell, n)
    supply = prov.supply(seat, kind)
    return (f"{name} places {a_or_an(kind)} token between {cell_name(cell)} and "
            f"{cell_name(n)}", ((seat, *key),), (kind,), ((seat, cell), (seat, n)),
            (prov.border_token(seat, cell, n),),
            (prov.cell(seat, cell), prov.cell(seat, n), supply),
            (prov.border(seat, cell, n), supply))


@cache
def _withhold_told(seat: int, name: str, cell: int, n: int, kind: str) -> tuple[Any, ...]:
    """A withhold event's words, the edge it touched, reads and writes (written once each)."""
    return (f"{name} withholds the {kind} token between {cell_name(cell)} and {cell_name(n)} "
            "(it can never be placed there later)", ((seat, *edge_key(cell, n)),),
            (prov.cell(seat, cell), prov.cell(seat, n)), (prov.border(seat, cell, n),))


_VIEW: Any = None
"""``view.py``, once imported (it imports this module): an import statement in ``describe``
cost more than most labels, on every action ``apply`` plays."""


def _import_view() -> None:
    global _VIEW, _describe
    from . import view

    _VIEW = view
    _describe = view.describe


def _describe_first(game: Tulikko, action: Action) -> str:
    """``view.describe``, once ``view.py`` is imported (then ``_describe`` is it)."""
    _import_view()
    return _describe(game, action)


_describe: Callable[[Tulikko, Action], str] = _describe_first
"""``Tulikko.describe``'s words: ``view.describe`` once imported (a global read and a call,
where a check of ``_VIEW`` and an attribute read were also paid at every action told)."""


@cache
def _token_subsets(needs: tuple[tuple[int, str], ...], animals: int,
                   rivers: int) -> tuple[tuple[int, ...], ...]:
    """The sets of neighbours (cells, increasing) that can get a token, every one first
    (see ``Tulikko._token_choices``): bit ``i`` of a mask stands for the ``i``-th neighbour
    whose token is in the supply. Few enough to keep them all, computed once each."""
    needs = tuple((n, k) for n, k in needs if (animals if k == ANIMAL else rivers) > 0)
    if not needs:
        return ()
    cells = [n for n, _ in needs]
    order = sorted(range(len(needs)), key=cells.__getitem__)
    animal_bits = sum(1 << i for i, (_, k) in enumerate(needs) if k == ANIMAL)
    out = []
    for mask in range((1 << len(needs)) - 1, -1, -1):
        animal = (mask & animal_bits).bit_count()
        if animal <= animals and mask.bit_count() - animal <= rivers:
            out.append(tuple(cells[i] for i in order if mask >> i & 1))
    return tuple(out)


_offer_tokens = cache(PlaceTokens)
"""A PlaceTokens action, made once for each set of neighbours (frozen values: ``legal_actions``
hands out the same ones every time; a space has at most 16 sets, so a few hundred in all)."""


@lru_cache(maxsize=4096)
def _face_down(tiles: tuple[int, ...]) -> tuple[tuple[str, ...], tuple[int, ...],
                                                tuple[int, ...]]:
    """What a draw from these face-down tiles can give (see ``Tulikko._draw_tile``): the
    colours left, in the colours' order, how many tiles of each, and the lowest-numbered tile
    of each colour by its index (-1: none left). A pile shrinks one tile a turn from the same
    few starts, so the same piles come again game after game: each is worked out once (as
    tuples of numbers and words, which the garbage collector stops tracking)."""
    counts = [0] * len(COLOURS)
    lowest = [-1] * len(COLOURS)
    for tile in sorted(tiles, reverse=True):
        index = TILE_COLOUR[tile]
        counts[index] += 1
        lowest[index] = tile
    left = [i for i, n in enumerate(counts) if n]
    return tuple([COLOURS[i] for i in left]), tuple([counts[i] for i in left]), tuple(lowest)


class Tulikko(Game):
    """Tulikko for 2-4 players. ``new_game(players, seed, maps=None, beginner=False,
    cards=None)``: ``maps`` gives each seat its map (else the players choose them, in seat
    order); ``beginner`` leaves out the landscape cards with the icon; ``cards`` names the
    three landscape cards (one of each type) instead of drawing them."""

    name = "tulikko"
    title = "Tulikko"
    identities = {"tiles": "tile"}
    why_questions = prov.QUESTIONS
    action_types = ACTION_TYPES
    own_labels = frozenset({ChooseMap, PlaceStart, SlideBack, PlaceAnywhere, Discard, ClaimCard,
                            MoveTile, EndTurn})
    """The actions ``describe`` says in their own words (``label()``): all but placing,
    sliding and placing tokens, whose words name the tile or the tokens (``view.describe``)."""
    min_players, max_players = 2, 4
    option_specs = (
        Option("beginner", "First games", False, choices=(False, True),
               choice_labels=("Every landscape card", "Without the cards with the icon"),
               help="For your first few games, we recommend removing the landscape cards "
                    "that have this icon."),
        Option("maps", "Wilderness maps", None,
               choices=(None, *(list(m) for n in range(2, len(ANIMALS) + 1)
                                for m in permutations(ANIMALS, n))),
               in_forms=False,
               help="Each player's wilderness map, in seat order, all different (null: each "
                    "player chooses one in play); the set-up checks there is one per player."),
        Option("cards", "Landscape cards", None,
               choices=(None, *(list(t) for t in product(*(cards_of_type(k)
                                                           for k in CARD_TYPES)))),
               in_forms=False,
               help="The three landscape cards, one shape, one river and one color card in "
                    "that order (null: one of each type is drawn at random)."),
    )

    def __init__(self, players: int, rng: Rng, *, beginner: bool = False,
                 cards: tuple[str, ...] | None = None) -> None:
        self.players = players
        self.rng = rng
        self.beginner = beginner
        self.chosen_cards = cards
        self.preset_maps: list[str] | None = None
        self.maps: list[str | None] = [None] * players
        self.stage = "choose_map"
        self.active = 0
        self.turns = [0] * players
        self.board: dict[str, int | None] = dict.fromkeys(SLOTS)
        self.piles: list[list[int]] = [[] for _ in range(players)]
        self.hand: int | None = None
        self.held: int | None = None
        self.held_side: str | None = None
        self.start: list[int | None] = [None] * players
        self.grids: list[list[int]] = [[EMPTY] * CELLS for _ in range(players)]
        self.tokens: list[dict[tuple[int, int], str]] = [{} for _ in range(players)]
        self.supply: list[list[int]] = [[ANIMAL_TOKENS, RIVER_TOKENS] for _ in range(players)]
        self.cards: list[str] = []
        self.card_tokens: dict[str, list[int]] = {}
        self.fulfilled: list[list[str]] = [[] for _ in range(players)]
        self.symbol_owner: dict[str, int | None] = dict.fromkeys(SYMBOLS)
        self.symbol_tokens: dict[str, int] = dict.fromkeys(SYMBOLS, 0)
        self.aurora_holder: dict[str, int | None] = dict.fromkeys(AURORA_TILES)
        self.aurora_used: dict[str, bool] = dict.fromkeys(AURORA_TILES, False)
        self.pending: dict[str, Any] | None = None
        self.discarded: list[int] = []
        self.box: list[int] = []
        self.final_round = False
        self.ended = ""

    # -- Setup ----------------------------------------------------------------------------

    @classmethod
    def _setup(cls, *, players: int, rng: Rng, maps: Any = None, beginner: bool = False,
               cards: Any = None) -> Tulikko:
        """Setup: maps (chosen, or given), then everything the rulebook draws at random."""
        if not isinstance(beginner, bool):
            raise ValueError(f"beginner must be True or False, not {beginner!r}")
        chosen = None if cards is None else check_cards(cards)
        game = cls(players, rng, beginner=beginner, cards=chosen)
        if maps is not None:
            if (not isinstance(maps, (list, tuple)) or len(maps) != players
                    or len(set(maps)) != players or any(m not in ANIMALS for m in maps)):
                raise ValueError(f"maps must name {players} different maps among {ANIMALS}, "
                                 f"got {maps!r:.80}")
            game.maps = list(maps)
            game.preset_maps = list(maps)
            game._finish_setup(EventLog(record=False))
        return game

    @property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"beginner": self.beginner}
        if self.chosen_cards is not None:
            options["cards"] = list(self.chosen_cards)
        if self.preset_maps is not None:
            options["maps"] = list(self.preset_maps)
        return options

    @property
    def player_names(self) -> list[str]:
        return [f"Player {i + 1}" + (f" ({m})" if m else "") for i, m in enumerate(self.maps)]

    def _choose_map(self, animal: str, log: EventLog) -> None:
        """Setup: "Each player chooses a wilderness map" (in seat order, D5)."""
        seat = self.active
        self.maps[seat] = animal
        log.emit("choose_map", f"{self._who(seat)} takes the {animal} wilderness map, its 12 "
                 f"animal tokens, 6 river tokens and 12 forest tiles", players=[seat])
        if None in self.maps:
            self.active = self.maps.index(None)
        else:
            self._finish_setup(log)

    def _finish_setup(self, log: EventLog) -> None:
        """Setup: shuffle each player's tiles face down, draw one landscape card of each
        type, slide five random neutral tiles into the board, draw each player's starting
        neutral tile; the rest go back to the box unseen."""
        for seat, animal in enumerate(self.maps):
            assert animal is not None
            self.piles[seat] = list(map_tiles(animal))  # face down: drawn when turned over
        if self.chosen_cards is not None:
            self.cards = list(self.chosen_cards)
        else:
            self.cards = [self.rng.choice(cards_of_type(kind, beginner=self.beginner))
                          for kind in CARD_TYPES]
        self.card_tokens = {card: [0] * self.players for card in self.cards}
        log.emit("landscape_cards", "The landscape cards: " + ", ".join(
            f"{CARDS[c].name} ({CARDS[c].type})" for c in self.cards), cards=self.cards)
        neutral = list(NEUTRAL_TILES)
        for slot in SIDES:
            self.board[slot] = self._draw_tile(
                neutral, f"the neutral tile slid into the {slot} side of the central board")
        self.board[CENTER] = self._draw_tile(
            neutral, "the neutral tile hidden in the middle of the central board", seen_by=())
        if log.record:  # the hidden middle draw is no root anyone may read (D32)
            drawn = self.draws_so_far()
            log.emit("central_board", "Five neutral tiles are slid into the central board; the "
                     "middle one is hidden",
                     reads=[chance_key(n) for n in range(drawn - len(SLOTS), drawn - 1)],
                     writes=[*(("slot", slot) for slot in SLOTS),
                             *(prov.tile(t) for t in self.board.values() if t is not None)],
                     slots=list(SIDES), tiles=[self.board[slot] for slot in SIDES])
        for seat in range(self.players):
            self.start[seat] = self._draw_tile(
                neutral, f"the neutral tile {self._who(seat)} draws to start their map")
        self.box = neutral  # still in increasing order
        if log.record:
            drawn = self.draws_so_far()
            starts = [t for t in self.start if t is not None]
            log.emit("start_tiles", "Each player draws a neutral tile at random to place on "
                     "their map; the rest go back to the box unseen",
                     reads=[chance_key(n) for n in range(drawn - len(starts), drawn)],
                     writes=[prov.tile(t) for t in starts], tiles=starts)
        self.stage = "start_tile"
        self.active = 0

    def _place_start(self, cell: int, log: EventLog) -> None:
        """Setup: "places it on any space of their wilderness map"."""
        seat = self.active
        tile = self.start[seat]
        assert tile is not None
        self.grids[seat][cell] = tile
        self.start[seat] = None
        if log.record:
            log.emit("place_start", f"{self._who(seat)} places the {tile_name(tile)} on "
                     f"{cell_name(cell)}", reads=[prov.tile(tile)],
                     writes=[prov.cell(seat, cell), prov.tile(tile)],
                     cells=[(seat, cell)], tiles=[tile])
        if seat + 1 < self.players:
            self.active = seat + 1
        else:
            self.active = 0
            self._begin_turn(log)

    # -- Turns ----------------------------------------------------------------------------

    def _begin_turn(self, log: EventLog) -> None:
        """1A: "Turn over the first forest tile from your personal pile"."""
        seat = self.active
        self.hand = self._draw_tile(self.piles[seat], _PILE_DRAW[seat, self.maps[seat]])
        self.stage = "slide"
        if log.record:
            hand = self.hand
            events = log.events
            events.append((len(events), "reveal", f"{_NAMES[seat, self.maps[seat]]} turns over "
                           f"{_A_TILE[hand]} (turn {self.turns[seat] + 1})", None,
                           {"tiles": _ONE[hand], "players": _ONE[seat]},
                           (_CHANCE_KEY[len(self._chance) - 1],),  # type: ignore[arg-type]  # told: a list
                           (_TILE_KEY[hand], _PILE_KEY[seat])))

    def _draw_tile(self, tiles: list[int], name: str,
                   seen_by: tuple[int, ...] | None = None) -> int:
        """A face-down tile taken at random from ``tiles`` (a personal pile, the neutral
        tiles), as a chance draw: tiles of one colour and back are alike, so the outcome is
        a colour, weighted by how many tiles of it are left, and the tile taken is the
        lowest-numbered one of that colour (the pile's order tells nothing)."""
        colours, counts, lowest = _face_down(tuple(tiles))
        # (the counts of the tiles left of each colour: whole and positive, vouched)
        colour = self.chance(name, colours, counts, _COLOUR_WORDS, seen_by, whole=True)
        tile = lowest[COLOUR_INDEX[colour]]
        tiles.remove(tile)
        return tile

    def _slide(self, tile: int, side: str, log: EventLog, cause: int | None) -> None:
        """1B: slide ``tile`` in from ``side``; the line moves along and the tile at the far
        end is pushed out of the opposite side. You take it."""
        line = LINE_FROM[side]
        ejected = self.board[line[2]]
        assert ejected is not None
        self.board[line[2]] = self.board[line[1]]
        self.board[line[1]] = self.board[line[0]]
        self.board[line[0]] = tile
        out = OPPOSITE[side]
        if not log.record:
            self.held, self.held_side = ejected, out
            self.stage = "place"
            return
        board = self.board
        seat = self.active
        events = log.events
        slid = len(events)
        # writes: the slots of the line and the tiles now on them (the board is always full)
        events.append((slid, "slide", _NAMES[seat, self.maps[seat]] + _SLID[tile][side], cause,
                       {"slots": line, "tiles": _ONE[tile]}, (_TILE_KEY[tile],),
                       (*_SLOT_KEYS[side], _TILE_KEY[tile],
                        _TILE_KEY[board[line[1]]],  # type: ignore[index]  # (full)
                        _TILE_KEY[board[line[2]]])))  # type: ignore[index]  # (full)
        self.held, self.held_side = ejected, out
        # the tile was at the far end: whoever slid it there put it in reach
        moved = (_TILE_KEY[ejected],)
        events.append((slid + 1, "eject", _EJECT_TEXT[ejected][out], slid,
                       {"slots": _SIDE_ONE[out], "tiles": _ONE[ejected]}, moved, moved))
        self.stage = "place"

    def _place_tile(self, cell: int, log: EventLog, cause: int | None,
                    how: str = "") -> None:
        """2A: "Place the forest tile you ejected ... onto your wilderness map"."""
        seat = self.active
        tile = self.held
        assert tile is not None
        self.grids[seat][cell] = tile
        self.held = self.held_side = None
        placed = None
        if log.record:
            animal = self._animal(seat)
            key = _TILE_KEY[tile]
            events = log.events
            placed = len(events)
            events.append((placed, "place", f"{_NAMES[seat, animal]} places the "
                           f"{_TILE_NAME[tile]}{_ON_SPACE[animal][cell]}{how}", cause,
                           {"cells": (_SEAT_CELL[seat][cell],), "tiles": _ONE[tile]}, (key,),
                           (_CELL_KEY[seat][cell], key)))
        self._start_tokens(cell, "end", log, placed)

    def _discard(self, log: EventLog) -> None:
        """2 (warning): "you must discard the forest tile instead of placing it" (D21)."""
        tile = self.held
        assert tile is not None
        self.discarded.append(tile)
        symbol = SIDE_SYMBOL[self.held_side or "north"]
        self.held = self.held_side = None
        if log.record:  # read: the tile, and the spaces of its symbol that were all covered
            seat = self.active
            full = SYMBOL_CELLS[self._animal(seat)][symbol]
            log.emit("discard", f"{self._who()} has no empty {symbol} space and discards the "
                     f"{tile_name(tile)}",
                     reads=[prov.tile(tile), *prov.tiles_of(self, seat, full)],
                     writes=[prov.tile(tile), gone_key(f"tile:{tile}")], tiles=[tile])
        self._to_end_phase(log)

    # -- 2B: tokens between adjacent tiles --------------------------------------------------

    def _needs(self, seat: int, cell: int) -> list[tuple[int, str]]:
        """Each neighbouring tile of ``cell`` and the token it calls for: an animal token
        if the two tiles are the same (colour), a river token if they are different."""
        grid = self.grids[seat]
        colour = TILE_COLOUR[grid[cell]]
        return [(n, ANIMAL if TILE_COLOUR[grid[n]] == colour else RIVER)
                for n in NEIGHBOURS[cell] if grid[n] != EMPTY]

    def _token_choices(self, seat: int, cell: int) -> list[tuple[int, ...]]:
        """Every set of neighbours that can get a token: any of them may be withheld
        ("You may also choose not to place a token"), and no more tokens than the supply
        holds ("Do not place any tokens if ... you do not have any of the required token
        type"). Placing every possible token comes first (D18)."""
        return list(self._token_subsets(seat, tuple(self._needs(seat, cell))))

    def _token_subsets(self, seat: int, needs: tuple[tuple[int, str], ...]
                       ) -> tuple[tuple[int, ...], ...]:
        animals, rivers = self.supply[seat]
        # a tile has at most four neighbours: a supply of four or more is as good as any
        return _token_subsets(needs, min(animals, 4), min(rivers, 4))

    def _have(self, seat: int, kind: str) -> bool:
        return self.supply[seat][0 if kind == ANIMAL else 1] > 0

    def _start_tokens(self, cell: int, then: str, log: EventLog, cause: int | None) -> None:
        seat = self.active
        needs = tuple(self._needs(seat, cell))
        if self._token_subsets(seat, needs):
            self.pending = {"cell": cell, "then": then}
            self.stage = "tokens"
            if not log.record:
                return
            text, cells, edges, reads = _tokens_due(seat, cell, needs)
            events = log.events
            events.append((len(events), "tokens_due", _NAMES[seat, self.maps[seat]] + text,
                           cause, {"cells": cells, "edges": edges}, reads, ()))
            return
        for n, kind in needs if log.record else ():
            log.emit("no_token", f"No {kind} token left for the border with "
                     f"{cell_name(n)}", cause=cause,
                     reads=[prov.cell(seat, cell), prov.cell(seat, n), prov.supply(seat, kind)],
                     writes=[prov.border(seat, cell, n)], edges=[(seat, *edge_key(cell, n))])
        self._after_tokens(then, log, cause, None)

    def _place_tokens(self, at: tuple[int, ...], log: EventLog) -> None:
        """2B: "put a token from your supply between the two" for each chosen neighbour;
        the others are withheld and can never get a token later."""
        seat = self.active
        assert self.pending is not None
        cell, then = self.pending["cell"], self.pending["then"]
        self.pending = None
        river_cause: int | None = None
        events = log.events
        for n, kind in self._needs(seat, cell):
            key = edge_key(cell, n)
            if n in at:
                self.tokens[seat][key] = kind
                self.supply[seat][0 if kind == ANIMAL else 1] -= 1
                if not log.record:
                    continue
                text, edges, tokens, cells, ids, reads, writes = _token_told(
                    seat, _NAMES[seat, self.maps[seat]], cell, n, kind)
                if kind == RIVER:
                    river_cause = len(events)
                events.append((len(events), "token", text, None,
                               {"edges": edges, "tokens": tokens, "cells": cells, "ids": ids},
                               reads, writes))
            elif not log.record:
                continue
            elif self._have(seat, kind):
                text, edges, reads, writes = _withhold_told(
                    seat, _NAMES[seat, self.maps[seat]], cell, n, kind)
                events.append((len(events), "withhold", text, None, {"edges": edges}, reads,
                               writes))
            else:
                log.emit("no_token", f"No {kind} token left for the border with "
                         f"{cell_name(n)}",
                         reads=[prov.cell(seat, cell), prov.cell(seat, n),
                                prov.supply(seat, kind)],
                         writes=[prov.border(seat, cell, n)], edges=[(seat, *key)])
        self._after_tokens(then, log, None, river_cause)

    def _after_tokens(self, then: str, log: EventLog, cause: int | None,
                      river_cause: int | None) -> None:
        self.check_completed_objectives(log, cause, river_cause)
        if then == "end":
            self._to_end_phase(log)
        else:
            self.stage = then

    # -- 3: check for completed objectives --------------------------------------------------

    def check_completed_objectives(self, log: EventLog, cause: int | None = None,
                                   river_cause: int | None = None) -> None:
        """3: "After placing a forest tile, check to see if you have met the requirements
        for any landscape card, symbol card, or aurora tile" (A, B, C in this order, D16;
        the active player only, D25)."""
        seat = self.active
        colours = self._colours(seat)
        rivers = [k for k, kind in self.tokens[seat].items() if kind == RIVER]
        if log.record:
            events = log.events
            told = len(events)
            events.append((told, "check", _CHECKS[seat, self.maps[seat]], cause,
                           {"players": _ONE[seat]}, (), ()))
            cause = told
        else:
            cause = None
        for card_id in self.cards:
            if card_id in self.fulfilled[seat]:
                continue
            card = CARDS[card_id]
            if patterns.card_met(card, colours, rivers):
                why = river_cause if card.type == "river" and river_cause is not None \
                    else cause
                # read: what the card looks at (river tokens, or the tiles of the map)
                done = log.emit("landscape_card", f"{self._who(seat)} completes the "
                                f"{card.type} card {card.name!r}", cause=why,
                                reads=[prov.border(seat, *k) for k in rivers]
                                if card.type == "river" else prov.tiles_of(self, seat),
                                writes=[("met", seat, card_id)],
                                cards=[card_id], players=[seat]) if log.record else None
                self._fulfil(card_id, log, done)
        self._check_symbol_cards(colours, log, cause)
        self._check_aurora_tiles(colours, log, cause)
        self._check_all_placed(log)

    def _fulfil(self, card_id: str, log: EventLog, cause: int | None) -> None:
        """3A: "immediately place two of your animal tokens (or just one, if it's your
        last) on the corresponding landscape card"; none left: still fulfilled (D19)."""
        seat = self.active
        count = min(CARD_TOKENS, self.supply[seat][0])
        self.supply[seat][0] -= count
        self.card_tokens[card_id][seat] += count
        self.fulfilled[seat].append(card_id)
        if log.record:
            place = self.cards.index(card_id)
            self._tell_card_tokens(log, cause, count, card_id, place,
                                   f"{_TOKENS_PLACED[count]}{CARDS[card_id].name!r}")

    def _tell_card_tokens(self, log: EventLog, cause: int | None, count: int, card: str,
                          place: int, what: str) -> None:
        """The active player places ``count`` animal tokens on ``card`` (the card ``place``
        of :data:`why.CARD_PLACES`; ``what``: the words after the player's name and
        "places")."""
        seat = self.active
        supply = (_ANIMAL_SUPPLY[seat],)
        events = log.events
        events.append((len(events), "card_tokens", f"{_NAMES[seat, self.maps[seat]]} places "
                       f"{what}", cause, {"cards": (card,), "tokens": _TOKENS_OF[count],
                                          "players": _ONE[seat],
                                          "ids": tuple([prov.card_token(seat, place, k)
                                                        for k in range(count)])},
                       supply, supply))

    def _check_symbol_cards(self, colours: list[int], log: EventLog,
                            cause: int | None) -> None:
        """3B: "If you are the first to cover all five spaces with the same symbol ...
        place up to two animal tokens on this card" (one player only)."""
        seat = self.active
        cells = SYMBOL_CELLS[self._animal(seat)]
        shown = _SYMBOL_TILES[self._animal(seat)]
        for symbol in SYMBOLS:
            if self.symbol_owner[symbol] is not None:
                continue
            if EMPTY not in shown[symbol](colours):
                count = min(CARD_TOKENS, self.supply[seat][0])
                self.supply[seat][0] -= count
                self.symbol_owner[symbol] = seat
                self.symbol_tokens[symbol] = count
                if not log.record:
                    continue
                card = symbol_card(symbol)
                done = log.emit("symbol_card", f"{self._who(seat)} is the first to cover all "
                                f"five {symbol} spaces and takes the {symbol} symbol card",
                                cause=cause, reads=prov.tiles_of(self, seat, cells[symbol]),
                                writes=[("met", seat, card), *prov.taken_from(
                                    self, [q for q in range(self.players) if q != seat], card)],
                                cards=[card], cells=[(seat, c) for c in cells[symbol]],
                                players=[seat])
                self._tell_card_tokens(log, done, count, card, prov.symbol_place(symbol),
                                       f"{_TOKENS_PLACED[count]}the {symbol} symbol card")

    def _check_aurora_tiles(self, colours: list[int], log: EventLog,
                            cause: int | None) -> None:
        """3C: the first player with three tiles of a colour takes its "3" aurora tile; a
        different player with four takes the "4". Never two of one colour per player."""
        seat = self.active
        for ci, _colour, three, four in AURORA_PAIRS:
            count = colours.count(ci)
            if self.aurora_holder[three] is None:
                if count >= 3:
                    self._take_aurora(three, count, log, cause, colours)
            elif (self.aurora_holder[four] is None and self.aurora_holder[three] != seat
                  and count >= 4):
                self._take_aurora(four, count, log, cause, colours)

    def _take_aurora(self, aurora: str, count: int, log: EventLog, cause: int | None,
                     colours: list[int]) -> None:
        """3C: ``seat`` takes ``aurora``, having ``count`` tiles of its colour (``colours``:
        its map's colour indices)."""
        seat = self.active
        self.aurora_holder[aurora] = seat
        if not log.record:
            return
        colour, number, three, four = _AURORA_PARTS[aurora]
        # closed: this tile for everyone else; a "3" closes its "4" to its taker too
        others = [q for q in range(self.players) if q not in (seat, self.aurora_holder[three])]
        shut = prov.taken_from(self, others, aurora)
        if number == "3":
            shut.append(prov.objective(seat, four))
        ci = COLOUR_INDEX[colour]
        keys = _CELL_KEY[seat]  # read: the spaces of the map showing that colour
        events = log.events
        events.append((len(events), "aurora_tile", f"{_NAMES[seat, self.maps[seat]]} has "
                       f"{count} {colour} tiles and takes the {colour} \"{number}\" aurora tile",
                       cause, {"auroras": _AURORA_ONE[aurora], "players": _ONE[seat]},
                       tuple([keys[c] for c, k in enumerate(colours) if k == ci]),
                       (_AURORA_KEY[aurora], ("met", seat, aurora), *shut)))

    def _check_all_placed(self, log: EventLog) -> None:
        """End of the game 1: "A player places all their animal tokens and river tokens.
        Finish the round, so all players have played the same number of turns."""
        seat = self.active
        if not self.final_round and sum(self.supply[seat]) == 0:
            self.final_round = True
            # the seats before this one have played their last turn of the game
            if log.record:
                log.emit("final_round", f"{self._who(seat)} has placed all their tokens: the "
                         "round is finished, then the game ends",
                         reads=[prov.supply(seat, ANIMAL), prov.supply(seat, RIVER)],
                         writes=[prov.FINAL_ROUND, *prov.closed(self, range(seat))],
                         players=[seat])

    # -- end of a turn --------------------------------------------------------------------

    def _to_end_phase(self, log: EventLog) -> None:
        """After the objectives: stay in the turn while an aurora tile can still be used
        ("at any time during your turn"), else the turn ends."""
        if self._anytime_actions():
            self.stage = "end"
        else:
            self._end_turn(log)

    def _end_turn(self, log: EventLog) -> None:
        seat = self.active
        self.turns[seat] += 1
        if log.record:  # their last turn: what they have not met, they never will
            last = self.final_round or self.turns[seat] >= TURNS
            events = log.events
            events.append((len(events), "end_turn", _ENDS_TURN[seat, self.maps[seat]][
                self.turns[seat]], None, {"players": _ONE[seat]},
                (prov.FINAL_ROUND,) if self.final_round else (_PILE_KEY[seat],) if last
                else (), tuple(prov.closed(self, [seat])) if last else ()))
        if seat == self.players - 1 and (self.final_round or self.turns[seat] >= TURNS):
            self._end_game(log)
            return
        self.active = (seat + 1) % self.players
        self._begin_turn(log)

    # -- aurora tile effects --------------------------------------------------------------

    def _aurora_of(self, seat: int, effect: str) -> str | None:
        """The unused aurora tile with ``effect`` that ``seat`` holds, if any (a player holds
        at most one tile per colour, and each colour has one effect: D14)."""
        holder, used = self.aurora_holder, self.aurora_used
        three, four = EFFECT_AURORAS[effect]  # (unrolled: asked at most decisions of a turn)
        if holder[three] == seat and not used[three]:
            return three
        if holder[four] == seat and not used[four]:
            return four
        return None

    def _use_aurora(self, effect: str, log: EventLog) -> int | None:
        """ "After use, flip it to the inactive side." """
        aurora = self._aurora_of(self.active, effect)
        assert aurora is not None
        self.aurora_used[aurora] = True
        if not log.record:
            return None
        seat = self.active
        events = log.events
        used = len(events)
        key = (_AURORA_KEY[aurora],)
        events.append((used, "aurora_used", f"{_NAMES[seat, self.maps[seat]]} uses the "
                       f"{aurora} aurora tile: {EFFECT_TEXT[effect]}", None,
                       {"auroras": _AURORA_ONE[aurora], "players": _ONE[seat]}, key, key))
        return used

    def _anytime_actions(self) -> list[Action]:
        """The aurora effects usable at any decision of one's turn (D15)."""
        seat = self.active
        out: list[Action] = []
        if seat not in self.aurora_holder.values():  # most turns: no aurora tile held
            return out
        if self._aurora_of(seat, CLAIM_CARD) and self.supply[seat][0] > 0:
            out += [ClaimCard(c) for c in self.cards if c not in self.fulfilled[seat]]
        if self._aurora_of(seat, MOVE_TILE):
            grid = self.grids[seat]
            tiles = [c for c in range(CELLS) if grid[c] != EMPTY]
            empty = [c for c in range(CELLS) if grid[c] == EMPTY]
            out += [MOVES[a][b] for a in tiles for b in empty]
        return out

    def _claim_card(self, card_id: str, log: EventLog) -> None:
        """Aurora: "Place two animal tokens on a landscape card that does not already have
        your animal tokens and fulfill this objective, even if you do not meet the
        requirements" (D20)."""
        used = self._use_aurora(CLAIM_CARD, log)
        self._fulfil(card_id, log, used)
        self._check_all_placed(log)
        if self.stage == "end":
            self._to_end_phase(log)

    def _slide_back(self, side: str, log: EventLog) -> None:
        """Aurora: "you may slide it back into the central board from any side to push out
        a different tile" (which may be your own tile or the one hidden in the middle, D22)."""
        used = self._use_aurora(SLIDE_BACK, log)
        tile = self.held
        assert tile is not None
        self._slide(tile, side, log, used)

    def _move_tile(self, source: int, target: int, log: EventLog) -> None:
        """Aurora: "Return all tokens along its edges to your token supply. Then move the
        tile to an empty space. Place tokens based on its new position." Objectives met
        before stay met; objectives are checked again after the move (D17)."""
        seat = self.active
        resume = self.stage
        used = self._use_aurora(MOVE_TILE, log)
        for key in [k for k in self.tokens[seat] if source in k]:
            kind = self.tokens[seat].pop(key)
            self.supply[seat][0 if kind == ANIMAL else 1] += 1
            if log.record:
                log.emit("token_returned", f"The {kind} token between {cell_name(key[0])} and "
                         f"{cell_name(key[1])} returns to {self._who(seat)}'s supply",
                         cause=used, reads=[prov.border(seat, *key)],
                         writes=[prov.border(seat, *key), prov.supply(seat, kind)],
                         edges=[(seat, *key)], tokens=[kind],
                         ids=[prov.border_token(seat, *key)])
        tile = self.grids[seat][source]
        self.grids[seat][source] = EMPTY
        self.grids[seat][target] = tile
        moved = log.emit("move", f"{self._who(seat)} moves the {tile_name(tile)} from "
                         f"{cell_name(source)} to {cell_name(target)}", cause=used,
                         reads=[prov.cell(seat, source), prov.tile(tile)],
                         writes=[prov.cell(seat, source), prov.cell(seat, target),
                                 prov.tile(tile)],
                         cells=[(seat, source), (seat, target)],
                         tiles=[tile]) if log.record else None
        self._start_tokens(target, resume, log, moved)

    # -- End of the game ------------------------------------------------------------------

    def _end_game(self, log: EventLog) -> None:
        self.stage = "over"
        self.ended = ENDINGS[self.final_round]
        if log.record:  # (the outcome is worked out when asked: push never asks)
            outcome = self.outcome
            assert outcome is not None
            log.emit("game_end", f"The game ends: {outcome.reason}",
                     reads=self._score_parts(), writes=[OUTCOME],
                     players=list(outcome.winners))

    def _score_parts(self) -> list[tuple[Any, ...]]:
        """What decided the winner: every player's tokens left, and the maps of the players
        tied on the fewest points (their largest zones broke the tie)."""
        parts = [prov.supply(p, kind) for p in range(self.players) for kind in (ANIMAL, RIVER)]
        scores = self.scores()
        tied = [p for p in range(self.players) if scores[p] == min(scores)]
        for p in tied if len(tied) > 1 else ():
            parts += prov.tiles_of(self, p)
        return parts

    def scores(self) -> tuple[int, ...]:
        """End of the game: 2 points per unplaced animal token, 1 per unplaced river token
        (a player who placed everything has 0)."""
        return tuple(2 * a + r for a, r in self.supply)

    def largest_zones(self) -> tuple[int, ...]:
        """Each player's largest uninterrupted zone of one colour (the tie-break)."""
        return tuple(patterns.largest_zone(self._colours(p)) for p in range(self.players))

    @property
    def outcome(self) -> Outcome | None:
        """Lowest score wins (players who placed every token score 0); ties go to the
        largest uninterrupted zone of one colour, then the victory is shared (D24)."""
        if self.stage != "over":
            return None
        scores = self.scores()
        best = min(scores)
        tied = [p for p in range(self.players) if scores[p] == best]
        zones = self.largest_zones()
        winners = tied
        if len(tied) > 1:
            top = max(zones[p] for p in tied)
            winners = [p for p in tied if zones[p] == top]
        names = self.player_names
        who = " and ".join(names[p] for p in winners)
        if best == 0:
            how = f"{who} placed all their tokens"
        else:
            how = f"{who} had the fewest points left ({best})"
        if len(tied) > 1:
            how += (f"; tie broken by the largest zone of one colour ({zones[winners[0]]})"
                    if len(winners) == 1 else "; still tied on the largest zone: shared")
        return Outcome(tuple(winners), f"{self.ended}: {how}", tuple(float(x) for x in scores),
                       {"zones": list(zones)})

    @property
    def is_over(self) -> bool:
        return self.stage == "over"

    # -- legal actions --------------------------------------------------------------------

    def _legal_actions(self) -> list[Action]:
        stage = self.stage
        seat = self.active
        if stage == "choose_map":
            return [ChooseMap(a) for a in ANIMALS if a not in self.maps]
        if stage == "start_tile":
            return [PLACE_STARTS[c] for c in range(CELLS) if self.grids[seat][c] == EMPTY]
        if stage == "slide":
            return [*SLIDES, *self._anytime_actions()]
        if stage == "place":
            return self._place_actions()
        if stage == "tokens":
            assert self.pending is not None
            animals, rivers = self.supply[seat]
            return [_offer_tokens(at) for at in _token_subsets(
                tuple(self._needs(seat, self.pending["cell"])), min(animals, 4), min(rivers, 4))]
        if stage == "end":
            return [END_TURN, *self._anytime_actions()]
        return []

    def _place_actions(self) -> list[Action]:
        seat = self.active
        grid = self.grids[seat]
        animal = self._animal(seat)
        symbol = SIDE_SYMBOL[self.held_side or "north"]
        out: list[Action] = [PLACES[c] for c in SYMBOL_CELLS[animal][symbol] if grid[c] == EMPTY]
        if not out:
            out.append(DISCARD)
        if seat not in self.aurora_holder.values():  # most turns: no aurora tile held
            return out
        if self._aurora_of(seat, PLACE_ANYWHERE):
            symbols = MAPS[animal]
            out += [PLACES_ANYWHERE[c] for c in range(CELLS)
                    if grid[c] == EMPTY and symbols[c] != symbol]
        if self._aurora_of(seat, SLIDE_BACK):
            out += SLIDE_BACKS
        return out + self._anytime_actions()

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now: the phase, then the rule (``view.explain_illegal``)."""
        from .view import explain_illegal

        return explain_illegal(self, action)

    def describe(self, action: Action) -> str:
        """The label of a button (``view.describe``): it names the tile and the tokens."""
        return _describe(self, action)

    # -- playing --------------------------------------------------------------------------

    def _play(self, action: Action, log: EventLog) -> None:
        # the actions of every turn first (slide, place, tokens), then the rarer ones
        if isinstance(action, Slide):
            tile = self.hand
            assert tile is not None
            self.hand = None
            self._slide(tile, action.side, log, None)
        elif isinstance(action, Place):
            self._place_tile(action.cell, log, None)
        elif isinstance(action, PlaceTokens):
            self._place_tokens(action.at, log)
        elif isinstance(action, EndTurn):
            self._end_turn(log)
        elif isinstance(action, ChooseMap):
            self._choose_map(action.animal, log)
        elif isinstance(action, PlaceStart):
            self._place_start(action.cell, log)
        elif isinstance(action, SlideBack):
            self._slide_back(action.side, log)
        elif isinstance(action, PlaceAnywhere):
            used = self._use_aurora(PLACE_ANYWHERE, log)
            self._place_tile(action.cell, log, used, how=", ignoring the symbol")
        elif isinstance(action, Discard):
            self._discard(log)
        elif isinstance(action, ClaimCard):
            self._claim_card(action.card, log)
        elif isinstance(action, MoveTile):
            self._move_tile(action.source, action.target, log)
        else:  # pragma: no cover - the gate only lets this game's actions through
            raise TypeError(f"not a Tulikko action: {action!r}")

    # -- what is seen ---------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.stage == "over" else self.active

    @property
    def phase(self) -> str:
        return self.stage

    def _who(self, seat: int | None = None) -> str:
        """A player's name (as :attr:`player_names` has it), without building them all."""
        seat = self.active if seat is None else seat
        return _NAMES[seat, self.maps[seat]]

    def _animal(self, seat: int) -> str:
        animal = self.maps[seat]
        assert animal is not None
        return animal

    def _colours(self, seat: int) -> list[int]:
        return list(map(_COLOUR_OR_EMPTY.__getitem__, self.grids[seat]))

    def view(self, player: int | None = None) -> dict[str, Any]:
        """Everything a widget draws (``view.view``): face-down tiles are counts, the tile in
        the middle of the central board is hidden."""
        if _VIEW is None:
            _import_view()
        return _VIEW.view(self, player)

    # -- state ----------------------------------------------------------------------------

    def _state(self) -> dict[str, Any]:
        return {
            "players": self.players, "rng": self.rng.state, "beginner": self.beginner,
            "chosen_cards": None if self.chosen_cards is None else list(self.chosen_cards),
            "preset_maps": None if self.preset_maps is None else list(self.preset_maps),
            "maps": list(self.maps), "stage": self.stage, "active": self.active,
            "turns": list(self.turns), "board": dict(self.board),
            "piles": [list(p) for p in self.piles], "hand": self.hand, "held": self.held,
            "held_side": self.held_side, "start": list(self.start),
            "grids": [list(g) for g in self.grids],
            "tokens": [[[a, b, kind] for (a, b), kind in sorted(t.items())]
                       for t in self.tokens],
            "supply": [list(x) for x in self.supply], "cards": list(self.cards),
            "card_tokens": {c: list(v) for c, v in self.card_tokens.items()},
            "fulfilled": [list(f) for f in self.fulfilled],
            "symbol_owner": dict(self.symbol_owner),
            "symbol_tokens": dict(self.symbol_tokens),
            "aurora_holder": dict(self.aurora_holder),
            "aurora_used": dict(self.aurora_used),
            "pending": None if self.pending is None else dict(self.pending),
            "discarded": list(self.discarded), "box": list(self.box),
            "final_round": self.final_round, "ended": self.ended,
        }

    @classmethod
    def _from_state(cls, data: Mapping[str, Any]) -> Tulikko:
        """Read a saved state strictly (``save.load``); ``violations`` then refuses any state
        the game cannot be in."""
        from .save import load

        return load(cls, data)

    def violations(self) -> list[str]:
        """What makes this state impossible, one sentence each (``save.violations``, D26)."""
        from .save import violations

        return violations(self)

    def _copy(self) -> Tulikko:
        twin = object.__new__(Tulikko)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy()
        twin.maps = list(self.maps)
        twin.preset_maps = None if self.preset_maps is None else list(self.preset_maps)
        twin.turns = list(self.turns)
        twin.board = dict(self.board)
        twin.piles = [list(p) for p in self.piles]
        twin.start = list(self.start)
        twin.grids = [list(g) for g in self.grids]
        twin.tokens = [dict(t) for t in self.tokens]
        twin.supply = [list(x) for x in self.supply]
        twin.cards = list(self.cards)
        twin.card_tokens = {c: list(v) for c, v in self.card_tokens.items()}
        twin.fulfilled = [list(f) for f in self.fulfilled]
        twin.symbol_owner = dict(self.symbol_owner)
        twin.symbol_tokens = dict(self.symbol_tokens)
        twin.aurora_holder = dict(self.aurora_holder)
        twin.aurora_used = dict(self.aurora_used)
        twin.pending = None if self.pending is None else dict(self.pending)
        twin.discarded = list(self.discarded)
        twin.box = list(self.box)
        return twin


# -- options ----------------------------------------------------------------------------------


def check_cards(cards: Any) -> tuple[str, ...]:
    """Three landscape cards, one of each type (shape, river, color), in that order."""
    if (not isinstance(cards, (list, tuple)) or len(cards) != len(CARD_TYPES)
            or any(c not in CARDS for c in cards)
            or tuple(CARDS[c].type for c in cards) != CARD_TYPES):
        raise ValueError(f"cards must name one shape, one river and one color card (in "
                         f"that order), got {cards!r:.80}")
    return tuple(cards)
