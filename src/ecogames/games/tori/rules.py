"""Tori — the engine: the market game of Helsinki 1952, as the rules are written.

The sections of the rules (``shared/rulebooks/tori-market-da.txt``) are cited in each rule
function's docstring by their Danish title and its English translation. Decisions where the
rules are silent carry their id in ``docs/rules/tori.md`` (``D1``...).

A turn is one of five options (Sådan spiller du Tori): draw build cards, build a new stall,
expand a stall, tear down a stall, take a customer. Two decisions interrupt a turn and are
phases of their own: after refreshing the five face-up build cards the player chooses the one
card to take, and a player holding more than eight cards chooses what to discard.

Here: the phases, the state, each option's effect (``_draw_face_up`` ... ``_take_customer``,
under a comment naming its section), the majority and versatility cards, the end and the
scoring. Beside it: ``actions`` (the actions), ``legal`` (when each option can be taken,
generated fast), ``walking`` (how far customers walk), ``view`` (the view and the why-not
texts), ``save`` (the save format and ``violations``), ``why`` (ids and keys for "why").

>>> game = Tori.new_game(players=2, seed=7)
>>> game.phase, game.current_player, len(game.display)
('turn', 0, 5)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, NamedTuple

from ecogames.core import Action, EventLog, Game, Outcome, Rng
from ecogames.core.events import LazyKeys, LazyTouched
from ecogames.core.provenance import OUTCOME, Key, chance_key

from . import why as prov
from .actions import (
    ACTION_TYPES,
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
    AREA_CARDS,
    BONUS_POINTS,
    BONUS_TILES,
    BUILD_CARDS_PER_ZONE,
    CELLS,
    COATS_OF_ARMS,
    COLOUR_CARD,
    COLOUR_CARDS,
    CUSTOMER_STARTS,
    DISPLAY_SIZE,
    DRAW_TWO,
    EXPANSION_TILES,
    GOLD_POINTS,
    GOODS,
    GOODS_CARDS_PER_GOOD,
    HAND_LIMIT,
    INFORMATION_POINTS,
    NEIGHBOURS,
    SILVER_POINTS,
    SQUARE,
    VERSATILITY_GOODS,
    VERSATILITY_POINTS,
    ZONE_OF,
    ZONES,
    Cell,
    entrance_of,
    stall_terrain,
)
from .legal import board_changed, legal_actions, marketing, part_of
from .walking import (
    BIT,
    bits,
    closer_than,
    distance,
    reach,
    walk_path,
    walked_before,
)

INFO: frozenset[Cell] = frozenset(INFORMATION_POINTS)
_STALL_TERRAIN = {g: stall_terrain(g) for g in GOODS}
_STALL_CELLS_BESIDE: dict[Cell, tuple[Cell, ...]] = {
    cell: tuple(n for n in NEIGHBOURS[cell] if n not in INFO) for cell in ZONE_OF}
"""For each cell, the neighbours a stall tile could ever stand on (not information points)."""
_ENTRANCE_SPACES: dict[str, tuple[Cell, ...]] = {
    g: tuple(sorted(e for e in SQUARE - INFO
                    if any(n in _STALL_TERRAIN[g] for n in _STALL_CELLS_BESIDE[e])))
    for g in GOODS}
"""For each good, the spaces that could ever be the entrance of a stall of that good (D29)."""

_AROUND_BITS = {cell: BIT[cell] | bits(NEIGHBOURS[cell]) for cell in ZONE_OF}
"""A cell and its orthogonal neighbours: where a tile there touches."""
_CARD_LABEL = {z: f"build card {z}" for z in ZONES}
_CARD_WORDS = _CARD_LABEL.__getitem__
"""A pile draw's outcome in words (its ``label``)."""
PLAYER_NAMES: tuple[str, ...] = tuple(f"{arms} (player {i + 1})"
                                      for i, arms in enumerate(COATS_OF_ARMS))
"""Each seat's name: its coat of arms (D22)."""

# The most told events (a turn, a discard, a hand over the limit, face-up cards taken and laid
# out: four in five of apply's events; a build, a tear-down and a customer's walk too) are told
# directly, each as its seven fields in a row appended to ``log.events`` (core's direct telling:
# no call; the Event is made when the cascade is read), with what they touched as tuples; the
# words and keys that do not change are made once, here.
_SEAT = tuple((p,) for p in range(len(PLAYER_NAMES)))
"""``players=[p]``, for each seat."""
_HAND = tuple((prov.hand(p),) for p in range(len(PLAYER_NAMES)))
"""``[prov.hand(p)]``, for each seat."""
_DISPLAY_AND_HAND = tuple((prov.DISPLAY, prov.hand(p)) for p in range(len(PLAYER_NAMES)))
_DISPLAY_KEYS = (prov.DISPLAY,)
_BUILD_CARD = {z: f"build:{z}" for z in ZONES}
_BUILD_CARDS = {z: (card,) for z, card in _BUILD_CARD.items()}
"""``(_BUILD_CARD[z],)``: the one build card an option pays."""
_IN_DISPLAY = ("display",)
_TO_DISCARD = ("discard",)
_TO_SUPPLY = ("supply",)
_COLOUR_CHANGE = ("colour-change",)
_TURN_TEXT = tuple(f"{name}'s turn" for name in PLAYER_NAMES)
_TAKES_ONE_FACE_UP = tuple({z: f"{name} takes face-up build card {z}" for z in ZONES}
                           for name in PLAYER_NAMES)
_DRAWS_TWO_TEXT = tuple(f"{name} draws two build cards from the pile" for name in PLAYER_NAMES)
_DRAWS_ONE_TEXT = tuple(f"{name} draws a build card from the pile" for name in PLAYER_NAMES)
_DECIDE_TEXT = tuple(f"{name} takes one build card: face up or from the pile"
                     for name in PLAYER_NAMES)
_UNSEEN_CARDS = ((), ("build:?",), ("build:?", "build:?"))
"""Build cards drawn face down into a hand: one or two, unseen by the others."""
_PILE_KEYS = (prov.PILE,)
_PILE_AND_HAND = tuple((prov.PILE, prov.hand(p)) for p in range(len(PLAYER_NAMES)))
_FROM_PILE = ("pile",)
_CLEARED = ("display", "discard")
_RESHUFFLED = ("pile", "discard")
_DISCARD_BUILD_TEXT = tuple({z: f"{name} discards build card {z}" for z in ZONES}
                            for name in PLAYER_NAMES)
_DISCARD_GOODS_TEXT = tuple({g: f"{name} discards {a_good(g)} goods card" for g in GOODS}
                            for name in PLAYER_NAMES)
_DISCARD_GOODS_TOLD = {g: ((f"goods:{g}",), ("goods", g)) for g in GOODS}
"""A goods card of each good: the card touched (once), and the goods cards' key."""
_TAKES_FACE_UP = tuple({z: {y: f"{name} takes face-up build cards {z} and {y}" for y in ZONES}
                        for z in ZONES} for name in PLAYER_NAMES)
"""A seat's words for two face-up cards taken, by the first card's zone and the second's."""
_CARD_PAIRS = {z: {y: (_BUILD_CARD[z], _BUILD_CARD[y]) for y in ZONES} for z in ZONES}
_EXCESS_KEPT = 16
_HOLDS = tuple(tuple(f"{name} holds {HAND_LIMIT + excess} cards and must discard {excess}"
                     for excess in range(_EXCESS_KEPT)) for name in PLAYER_NAMES)
"""A seat's words for a hand over the limit, by how many cards over (up to 15)."""
_DRAWS_KEPT = 16
_PILE_DRAWS = tuple(tuple((*map(chance_key, range(now - count, now)), prov.PILE)
                          for count in range(now + 1)) for now in range(_DRAWS_KEPT))
"""``Tori._drawn``'s keys: the last ``count`` of ``now`` chance draws, and the pile (``now``
up to 15)."""


@lru_cache(maxsize=4096)
def _laid_out(cards: tuple[int, ...]) -> tuple[str, tuple[str, ...]]:
    """Build cards laid face up from the pile, in words, and the cards touched."""
    return (f"Build cards {', '.join(map(str, cards))} are laid face up",
            tuple(map(_BUILD_CARD.__getitem__, cards)))


TURN_OPTIONS = (DrawFaceUp, DrawPile, Refresh, Build, Expand, TearDown, TakeCustomer)

PHASES: Mapping[str, tuple[type[Action], ...]] = {
    "turn": TURN_OPTIONS,
    "refresh": (TakeFaceUp, TakeFromPile),
    "discard": (DiscardBuild, DiscardGoods),
    "over": (),
}
"""Phases as a table: the actions each allows. A turn phase action ends the turn, unless the
player must then decide (a refresh: ``refresh``; more than eight cards: ``discard``). The
``refresh`` decision leads to ``discard`` or the next turn; ``discard`` repeats until the
hand holds eight, then the next turn. An expansion that meets an end condition leads to
``over``."""

# ---------------------------------------------------------------------------------------------
# The state's pieces
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stall:
    """A stall on the board: its owner's stall tile, its entrance, its expansion tiles."""

    owner: int
    good: str
    cell: Cell
    facing: str
    expansions: tuple[Cell, ...] = ()
    # what follows from the fields above, worked out once (a stall never changes: an
    # expansion makes a new one), so the rules asked thousands of times a game only read it
    entrance: Cell = field(init=False, compare=False, repr=False)
    """The entrance space: the next cell the half circle points to."""
    size: int = field(init=False, compare=False, repr=False)
    """Tiles: the stall tile and its expansion tiles."""
    tiles: tuple[Cell, ...] = field(init=False, compare=False, repr=False)
    """The stall tile, then the expansion tiles in the order they were placed."""
    zone: int = field(init=False, compare=False, repr=False)
    """The zone the stall is in: the zone of its stall tile."""
    door: int = field(init=False, compare=False, repr=False)
    """The entrance as a mask (walking.BIT)."""
    around: int = field(init=False, compare=False, repr=False)
    """The tiles and the cells orthogonally next to them, as a mask: where another tile of
    the same colour would touch this stall."""
    zones: frozenset[int] = field(init=False, compare=False, repr=False)
    """Zones whose build card may expand the stall (:meth:`Tori.stall_zones`)."""

    def __post_init__(self) -> None:
        tiles = (self.cell, *self.expansions)
        entrance = entrance_of(self.cell, self.facing)
        around = 0
        for tile in tiles:
            around |= _AROUND_BITS[tile]
        for name, value in (("entrance", entrance), ("size", len(tiles)), ("tiles", tiles),
                            ("zone", ZONE_OF[self.cell]), ("door", BIT.get(entrance, 0)),
                            ("around", around), ("zones", _zones_beside(tiles))):
            object.__setattr__(self, name, value)

    @property
    def id(self) -> str:
        return stall_id(self.owner, self.good)


@lru_cache(maxsize=4096)
def _zones_beside(tiles: tuple[Cell, ...]) -> frozenset[int]:
    """The zones of these tiles and of the cells orthogonally next to them (D12)."""
    zones = set()
    for tile in tiles:
        zones.add(ZONE_OF[tile])
        zones.update(ZONE_OF[n] for n in NEIGHBOURS[tile])
    return frozenset(zones)


def _runs(pile: Sequence[int]) -> tuple[list[int], list[int]]:
    """The zones of a pile of build cards listed lowest first (as ``pile`` and ``_top`` always
    are, D31), and how many cards of each: one bisection per zone, not a count. A draw's
    odds, made of a copy of the pile when the draw is read (``Tori._from_pile``): outcome
    ``i`` holds the tickets ``sum(counts[:i])`` to ``sum(counts[:i + 1])``, the places of
    its cards in the pile, so the card at a ticket's place is the ticket's outcome."""
    zones: list[int] = []
    counts: list[int] = []
    start, end = 0, len(pile)
    while start < end:
        zone = pile[start]
        stop = bisect_right(pile, zone, start)
        zones.append(zone)
        counts.append(stop - start)
        start = stop
    return zones, counts


def stall_id(owner: int, good: str) -> str:
    """``"1:fish"``: player 1's fish stall (each player has one stall per good, D7)."""
    return f"{owner}:{good}"


# The words and keys the telling gives a stall, a customer and a cell, made once (the same
# strings and tuples ``why``'s functions and the f-strings make: only the dicts of what an
# event touched are made per event, each event's own).


class _StallWords(NamedTuple):
    """What the telling says of one seat's stall of one good."""

    id: str
    """``why.stall``: ``"stall:7"``."""
    key: Key
    """``why.stall_key``."""
    door: Key
    """``why.door``."""
    visit: Key
    """``("visit", customer, id)``: a walk of the good's customer to this stall."""
    ids: tuple[str]
    """``(id,)``."""
    names: tuple[str]
    """``(Stall.id,)``: ``("1:fish",)``."""
    walk_ids: tuple[str, str]
    """The good's customer's id and this stall's."""
    steps_to: str
    """How a walk here ends in words: ``" steps to <seat>'s fish stall"``."""
    builds: str
    """``"<seat> builds a fish stall in zone "``."""
    tears_down: str
    """``"<seat> tears down the fish stall"``."""


class _CustomerWords(NamedTuple):
    """What the telling says of the customer wanting one good."""

    id: str
    """``why.customer``: ``"customer:3"``."""
    key: Key
    """``why.customer_key``."""
    visit: Key
    """``("visit", id)``: its last walk."""
    walks: str
    """``"The fish customer walks "``."""
    cards: str
    """``" fish goods card(s)"``."""


_STALL_WORDS: dict[tuple[int, str], _StallWords] = {
    (p, g): _StallWords(prov.stall(p, g), prov.stall_key(p, g), prov.door(p, g),
                        ("visit", prov.customer(g), prov.stall(p, g)), (prov.stall(p, g),),
                        (stall_id(p, g),), (prov.customer(g), prov.stall(p, g)),
                        f" steps to {name}'s {good_name(g)} stall",
                        f"{name} builds {a_good(g)} stall in zone ",
                        f"{name} tears down the {good_name(g)} stall")
    for p, name in enumerate(PLAYER_NAMES) for g in GOODS}
"""Each stall's words, by its key in ``Tori.stalls`` (owner, good)."""
_CUSTOMER_WORDS: dict[str, _CustomerWords] = {
    g: _CustomerWords(prov.customer(g), prov.customer_key(g), ("visit", prov.customer(g)),
                      f"The {good_name(g)} customer walks ", f" {good_name(g)} goods card(s)")
    for g in GOODS}
_SWAP_TEXT = {g: {o: f"The {good_name(g)} customer swaps with the {good_name(o)} customer of "
                     "the colour-change tile" for o in GOODS} for g in GOODS}
_RECEIVES = tuple(f"{name} receives " for name in PLAYER_NAMES)
_CELL_KEY: dict[Cell, Key] = {cell: ("cell", cell) for cell in CELLS}
"""``("cell", cell)``: a cell a tile left or took, or a walk crossed."""
_CELL_TEXT: dict[Cell, str] = {cell: str(cell) for cell in CELLS}


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


class Tori(Game):
    """Tori: trade on Helsinki's market square during the 1952 Olympic Games."""

    name = "tori"
    title = "Tori"
    why_questions = prov.QUESTIONS
    action_types = ACTION_TYPES
    own_labels = frozenset(ACTION_TYPES) - {TakeCustomer}
    """Every action's words are its own but a customer's, which says marketing's cost
    (``describe``): core leaves the others' words to be read (lazy telling)."""
    min_players, max_players = 2, 4
    state_version = 2
    """2: the face-down pile is a set of cards listed lowest first, each draw a chance draw
    (D31); 1 kept them in the order they would be drawn."""

    def __init__(self, players: int, rng: Rng) -> None:
        self.players = players
        self.rng = rng
        self.active = 0
        self.stage = "turn"
        self.turn = 0
        self.ended = ""
        self.is_over = False  # (the game's own value, not its class's: read fast)
        self.pile: list[int] = []
        self.display: list[int] = []
        self.discard: list[int] = []
        self.build_hands: list[list[int]] = [[0] * len(ZONES) for _ in range(players)]
        self.goods_hands: list[dict[str, int]] = [dict.fromkeys(GOODS, 0)
                                                  for _ in range(players)]
        self.goods_supply: dict[str, int] = dict.fromkeys(GOODS, GOODS_CARDS_PER_GOOD)
        self.stalls: dict[tuple[int, str], Stall] = {}
        self.customers: dict[str, Cell | None] = {}
        self.gold: dict[str, int | None] = dict.fromkeys(GOODS)
        self.silver: dict[str, int | None] = dict.fromkeys(GOODS)
        self.versatility: list[bool] = [False] * players
        self.area_bonus: tuple[str, ...] = ()
        self.colour_bonus: tuple[str, ...] = ()
        self._tiles: dict[Cell, tuple[int, str]] = {}
        self._entrances: dict[Cell, tuple[int, str]] = {}
        self._tile_bits = 0  # the cells of self._tiles as one mask (walking.BIT)
        self._entrance_bits = 0  # the cells of self._entrances
        self._top: list[int] = []
        """Build cards left of the pile when the discard pile went under it: drawn first.
        Only ever filled within one action (it needs them all), so empty between actions."""
        self._fixed_memo: tuple[frozenset[Cell], int, dict[Cell, str]] | None = None
        self._walled_memo: dict[tuple[str, Cell], bool] = {}
        """``_walled_in`` of a good's customer on a cell: it depends only on what never
        moves again (``_fixed``), so it is kept until the next expansion (a new dict then)."""
        self._board: dict[int | str, Any] = {}
        """What the rules worked out from the board alone (stalls, tiles, entrances and
        customers; not the hands): what it allows each player (``legal._Sites``, by seat),
        the expansion supply ("supply"), whether the market is closed ("closed"). The board
        changes only in ``_build``, ``_expand``, ``_tear_down`` and ``_take_customer``, and
        each of them starts a new dict (never one cleared in place: a copy shares the dict
        until its own board changes), keeping what the change leaves true
        (``legal.board_changed``)."""

    @classmethod
    def _setup(cls, *, players: int, rng: Rng) -> Tori:
        """Sådan kommer du i gang (Getting started)."""
        game = cls(players, rng)
        game.pile = [z for z in ZONES for _ in range(BUILD_CARDS_PER_ZONE)]
        rng.shuffle(game.pile)
        game.display = [game.pile.pop() for _ in range(DISPLAY_SIZE)]
        game.pile.sort()  # face down: which card comes next is a chance draw (D31)
        customers = list(GOODS)
        rng.shuffle(customers)
        game.customers = {g: None for g in GOODS}
        for good, cell in zip(customers, CUSTOMER_STARTS):
            game.customers[good] = cell
        areas = [card.id for card in AREA_CARDS]
        rng.shuffle(areas)
        colours = [card.id for card in COLOUR_CARDS]
        rng.shuffle(colours)
        game.area_bonus = tuple(areas[:players])
        game.colour_bonus = tuple(colours[:players])
        return game

    @property
    def player_names(self) -> list[str]:
        return list(PLAYER_NAMES[:self.players])

    # -- small queries ---------------------------------------------------------------------

    def hand_size(self, player: int) -> int:
        """Cards in hand: build cards and goods cards together."""
        return sum(self.build_hands[player]) + sum(self.goods_hands[player].values())

    def expansion_supply(self, good: str) -> int:
        """Expansion tiles of ``good`` still beside the board."""
        left = self._board.get("supply")
        if left is None:
            used = dict.fromkeys(GOODS, 0)
            for st in self.stalls.values():
                used[st.good] += len(st.expansions)
            left = self._board["supply"] = {g: EXPANSION_TILES[g] - used[g] for g in GOODS}
        return left[good]  # type: ignore[no-any-return]

    def stall_supply(self, player: int) -> list[str]:
        """The goods of ``player``'s stall tiles not on the board."""
        return [g for g in GOODS if (player, g) not in self.stalls]

    def _customer_cells(self) -> set[Cell]:
        return {cell for cell in self.customers.values() if cell is not None}

    def _customer_bits(self) -> int:
        """The cells of the customers on the square, as a mask."""
        mask = self._board.get("customers")
        if mask is None:
            mask = 0
            for cell in self.customers.values():
                if cell is not None:
                    mask |= BIT[cell]
            self._board["customers"] = mask
        return mask  # type: ignore[no-any-return]

    def _taken(self) -> set[Cell]:
        """Cells not free for a tile or an entrance: tiles, information points, entrances
        and customers (D5)."""
        return {*self._tiles, *INFO, *self._entrances, *self._customer_cells()}

    def _touching(self, good: str, owner: int) -> set[Cell]:
        """Cells where a tile of ``owner``'s ``good`` stall would touch another player's
        stall of the same colour ("same-colour stalls may not touch", D6)."""
        cells: set[Cell] = set()
        for (player, g), stall in self.stalls.items():
            if g == good and player != owner:
                for tile in stall.tiles:
                    cells.add(tile)
                    cells.update(NEIGHBOURS[tile])
        return cells

    def stall_zones(self, stall: Stall) -> set[int]:
        """Zones whose build card may expand ``stall``: its own zone, and a neighbouring
        zone when the stall lies on that zone's edge (D12)."""
        return set(stall.zones)

    def _available(self) -> int:
        """Build cards that can still be drawn: the pile and the discard pile (D13)."""
        return len(self.pile) + len(self._top) + len(self.discard)

    def _closer_competitors(self, player: int, good: str) -> list[tuple[int, str]] | None:
        """Competing stalls of ``good`` with an empty entrance strictly closer to the customer
        than ``player``'s stall; ``None`` when the customer cannot reach that stall (D14).
        Kept with the board (``_board["closer"]``): a told take asks it twice, for its words
        (``describe``) and for its effect."""
        known = self._board.get("closer")
        if known is None:
            known = self._board["closer"] = {}
        key = (player, good)
        if key not in known:
            known[key] = self._closer_now(player, good)
        return known[key]  # type: ignore[no-any-return]

    def _closer_now(self, player: int, good: str) -> list[tuple[int, str]] | None:
        source = self.customers[good]
        stall = self.stalls[(player, good)]
        if source is None:
            return None
        occupied = self._customer_bits()
        rivals = []  # the other stalls of the good with an empty entrance
        doors = 0
        for key, other in self.stalls.items():
            if key[1] == good and key[0] != player and not other.door & occupied:
                rivals.append(key)
                doors |= other.door
        # how many are closer: the walk the legal actions asked (walking.WALKS)
        closer = closer_than(self._tile_bits, source, stall.door, doors,
                             part_of(self, source))
        if closer is None:
            return None
        if not closer or closer == len(rivals):
            return rivals if closer else []
        # which: the cells nearer than its entrance (walking.distances_from, as masks)
        nearer = walked_before(self._tile_bits, source, stall.door)
        assert nearer is not None
        return [key for key in rivals if self.stalls[key].door & nearer]

    # -- legal actions (legal.py) --------------------------------------------------------

    def _legal_actions(self) -> list[Action]:
        return legal_actions(self)

    # -- in words (view.py) ----------------------------------------------------------------

    def explain_illegal(self, action: Action) -> str:
        from .view import explain_illegal

        return explain_illegal(self, action)

    def why_not(self, action: Action) -> str | None:
        """The rule ``action`` breaks now, or ``None`` if it is legal (the checked door's
        words; ``legal_actions()`` is generated faster but must agree)."""
        from .view import why_not

        return why_not(self, action)

    def describe(self, action: Action) -> str:
        if type(action) is not TakeCustomer:  # only a customer's label reads the state
            return action.label()
        return _describe(self, action)

    def view(self, player: int | None = None) -> dict[str, Any]:
        """The board and cards as ``player`` sees them: other players' hands show only their
        sizes, and the bonus cards are hidden until the final scoring."""
        from .view import view

        return view(self, player)

    # -- playing ---------------------------------------------------------------------------

    def _play(self, action: Action, log: EventLog) -> None:
        _PLAYS[type(action)](self, action, log)

    def _name(self, player: int | None = None) -> str:
        return PLAYER_NAMES[self.active if player is None else player]

    # Træk byggekort (draw build cards)

    def _ensure_pile(self, needed: int, log: EventLog, cause: int | None) -> None:
        """When the pile cannot give the cards needed, the discard pile is shuffled and put
        under it (D13): the cards left of the pile come first (``_top``), then the shuffled
        discard pile (D31)."""
        if len(self.pile) + len(self._top) >= needed or not self.discard:
            return
        self._top = self.pile
        self.pile = sorted(self.discard)
        self.discard = []
        if log.record:
            events: list[Any] = log.events
            events.append((len(events), "reshuffle", "The discard pile is shuffled and put "
                           f"under the pile ({len(self.pile) + len(self._top)} build cards)",
                           cause, {"places": _RESHUFFLED}, (), _PILE_KEYS))

    def _from_pile(self, count: int, log: EventLog, cause: int | None,
                   seen_by: Sequence[int] | None) -> list[int]:
        """``count`` cards (or what is left) off the face-down pile, one chance draw each:
        any card left, as likely as there are of it (D31). ``seen_by``: the seat drawing
        them into a hand (``None``: laid face up)."""
        if len(self.pile) + len(self._top) < count:
            self._ensure_pile(count, log, cause)
        taken = []
        kept = self.draws_are_kept  # not in a plain push: no draw is told, counted or forced
        name = ("a build card laid face up from the pile" if seen_by is None
                else "a build card drawn from the pile")
        for _ in range(min(count, len(self.pile) + len(self._top))):
            source = self._top or self.pile
            if source[0] == source[-1]:  # one zone left: a draw of one outcome
                zone = source[0] if not kept else self.chance(
                    name, (source[0],), (len(source),), _CARD_WORDS, seen_by, whole=True)
            elif not kept:
                # chance()'s draw, by the same ticket: below(the cards left) lands in the run
                # of the zone that card is in
                zone = source[self.rng.below(len(source))]
            else:  # that ticket's card is the pile's own; the odds are read of a copy of it
                zone = self.chance(name, (), None, _CARD_WORDS, seen_by, whole=True,
                                   ticket=(len(source), source.__getitem__),
                                   odds=partial(_runs, tuple(source)))
            source.remove(zone)
            taken.append(zone)
        return taken

    def _refill_display(self, log: EventLog, cause: int | None) -> None:
        """After taking face-up cards, refill from the pile until five lie face up."""
        missing = DISPLAY_SIZE - len(self.display)
        if missing <= 0:
            return
        cards = self._from_pile(missing, log, cause, None)
        if cards:
            self.display.extend(cards)
        if cards and log.record:
            text, laid = _laid_out(tuple(cards))
            events: list[Any] = log.events  # (core's direct telling: an event's fields as a row)
            events.append((len(events), "refill", text, cause,
                           {"cards": laid, "places": _IN_DISPLAY}, self._drawn(len(cards)),
                           _DISPLAY_KEYS))

    def _drawn(self, count: int) -> tuple[tuple[Any, ...], ...]:
        """The keys of the last ``count`` chance draws of this action, and the pile."""
        now = self.draws_so_far()
        if now < _DRAWS_KEPT:
            return _PILE_DRAWS[now][count]
        return (*map(chance_key, range(now - count, now)), prov.PILE)

    def _draw_face_up(self, a: DrawFaceUp, log: EventLog) -> None:
        """Træk byggekort (draw build cards): "Tag to af de fem byggekort, der ligger med
        billedsiden opad ... skal du bagefter supplere op fra stakken"."""
        p = self.active
        for z in (a.first, a.second):
            self.display.remove(z)
            self.build_hands[p][z - 1] += 1
        if log.record:
            events: list[Any] = log.events
            e: int | None = len(events)
            events.append((e, "draw", _TAKES_FACE_UP[p][a.first][a.second], None,
                           {"players": _SEAT[p], "cards": _CARD_PAIRS[a.first][a.second],
                            "places": _IN_DISPLAY}, _DISPLAY_KEYS, _DISPLAY_AND_HAND[p]))
        else:
            e = None
        self._refill_display(log, e)
        self._after_option(log, e)

    def _draw_pile(self, a: DrawPile, log: EventLog) -> None:
        """Træk byggekort (draw build cards): "eller tag to fra stakken"."""
        p = self.active
        drawn = self._from_pile(DRAW_TWO, log, None, (p,))
        for z in drawn:
            self.build_hands[p][z - 1] += 1
        if log.record:
            events: list[Any] = log.events
            e: int | None = len(events)
            events.append((e, "draw", _DRAWS_TWO_TEXT[p], None,
                           {"players": _SEAT[p], "cards": _UNSEEN_CARDS[2],
                            "places": _FROM_PILE}, self._drawn(len(drawn)), _PILE_AND_HAND[p]))
        else:
            e = None
        self._after_option(log, e)

    def _refresh(self, a: Refresh, log: EventLog) -> None:
        """Træk byggekort (draw build cards): "En tredje mulighed er at fjerne de fem kort og
        lægge fem nye ud. I så fald må du kun trække ét kort" (D13)."""
        self._ensure_pile(DISPLAY_SIZE, log, None)
        old, self.display = self.display, []
        self.discard.extend(old)
        p = self.active
        if log.record:
            events: list[Any] = log.events
            e: int | None = len(events)
            events.append((e, "clear", f"{PLAYER_NAMES[p]} clears away the face-up build cards "
                           f"{', '.join(map(str, old))}", None,
                           {"players": _SEAT[p], "cards": tuple(map(_BUILD_CARD.__getitem__, old)),
                            "places": _CLEARED}, _DISPLAY_KEYS, _DISPLAY_KEYS))
        else:
            e = None
        self._refill_display(log, e)
        self.stage = "refresh"
        if log.record:
            events.append((len(events), "decide", _DECIDE_TEXT[p], e, {"players": _SEAT[p]},
                           (), ()))

    def _take_face_up(self, a: TakeFaceUp, log: EventLog) -> None:
        p = self.active
        self.display.remove(a.zone)
        self.build_hands[p][a.zone - 1] += 1
        if log.record:
            events: list[Any] = log.events
            e: int | None = len(events)
            events.append((e, "draw", _TAKES_ONE_FACE_UP[p][a.zone], None,
                           {"players": _SEAT[p], "cards": _BUILD_CARDS[a.zone],
                            "places": _IN_DISPLAY}, _DISPLAY_KEYS, _DISPLAY_AND_HAND[p]))
        else:
            e = None
        self._refill_display(log, e)
        self._after_option(log, e)

    def _take_from_pile(self, a: TakeFromPile, log: EventLog) -> None:
        p = self.active
        drawn = self._from_pile(1, log, None, (p,))
        for z in drawn:
            self.build_hands[p][z - 1] += 1
        if log.record:
            events: list[Any] = log.events
            e: int | None = len(events)
            events.append((e, "draw", _DRAWS_ONE_TEXT[p], None,
                           {"players": _SEAT[p], "cards": _UNSEEN_CARDS[1],
                            "places": _FROM_PILE}, self._drawn(len(drawn)), _PILE_AND_HAND[p]))
        else:
            e = None
        self._after_option(log, e)

    # Byg en ny bod (build a new stall)

    def _build(self, a: Build, log: EventLog) -> None:
        """Byg en ny bod (build a new stall): pay a build card of the zone, place a stall
        tile; its half circle marks the entrance. Fish stalls are boats in the water along
        the quay; purple souvenir stalls stand directly against an information point; stalls
        of the same colour may not touch (D4-D6)."""
        p, cell = self.active, (a.row, a.col)
        zone = ZONE_OF[cell]
        self.build_hands[p][zone - 1] -= 1
        self.discard.append(zone)
        stall = Stall(p, a.good, cell, a.facing)
        self.stalls[(p, a.good)] = stall
        self._tiles[cell] = (p, a.good)
        self._entrances[stall.entrance] = (p, a.good)
        self._tile_bits |= BIT[cell]
        self._entrance_bits |= BIT[stall.entrance]
        before, self._board = self._board, {}
        board_changed(self, before, cell, (a.good,), p)
        if log.record:
            words = _STALL_WORDS[(p, a.good)]
            events: list[Any] = log.events
            e: int | None = len(events)
            events.append((e, "build", f"{words.builds}{zone}, entrance at "
                           f"{_CELL_TEXT[stall.entrance]}", None,
                           {"players": _SEAT[p], "stalls": words.names,
                            "cells": (cell, stall.entrance), "cards": _BUILD_CARDS[zone],
                            "ids": words.ids},
                           (words.key,), (words.key, words.door, *_HAND[p], _CELL_KEY[cell])))
        else:
            e = None
        self._after_option(log, e)

    # Udvid en bod (expand a stall)

    def _expand(self, a: Expand, log: EventLog) -> None:
        """Udvid en bod (expand a stall): a build card of the stall's zone (or of a zone whose
        edge it lies on) and goods cards of its colour equal to its size after the expansion;
        the expansion tile touches the stall horizontally or vertically."""
        p, cell = self.active, (a.row, a.col)
        old = self.stalls[(p, a.good)]
        need = old.size + 1
        self.build_hands[p][a.zone - 1] -= 1
        self.discard.append(a.zone)
        self.goods_hands[p][a.good] -= need
        self.goods_supply[a.good] += need
        stall = Stall(p, a.good, old.cell, old.facing, (*old.expansions, cell))
        self.stalls[(p, a.good)] = stall
        self._tiles[cell] = (p, a.good)
        self._tile_bits |= BIT[cell]
        self._fixed_memo, self._walled_memo = None, {}
        before, self._board = self._board, {}
        board_changed(self, before, cell, (), p)
        e = log.emit("expand", f"{self._name()} expands the {good_name(a.good)} stall to "
                     f"{stall.size} tiles (build card {a.zone}, {need} goods cards)",
                     reads=[prov.stall_key(p, a.good), ("supply", a.good)],
                     writes=[prov.stall_key(p, a.good), prov.hand(p), ("supply", a.good),
                             ("goods", a.good), ("cell", cell)],
                     players=[p], stalls=[stall.id], cells=[cell],
                     cards=[f"build:{a.zone}", *[f"goods:{a.good}"] * need],
                     ids=[prov.stall(p, a.good)]) if log.record else None
        self._majority_cards(p, a.good, log, e)
        self._versatility_card(p, log, e)
        if self._end_of_tori(log, e):
            return
        self._after_option(log, e)

    def _majority_cards(self, p: int, good: str, log: EventLog, cause: int | None) -> None:
        """Majoritetskort (majority cards): the first expansion in a goods group takes gold
        and silver; equalling the leader takes silver from whoever holds it; exceeding every
        other stall of the group takes both (D17)."""
        size = self.stalls[(p, good)].size
        others = max((st.size for (q, g), st in self.stalls.items() if g == good and q != p),
                     default=0)
        if size > others:
            won: tuple[str, ...] = ("gold", "silver")
        elif size == others:
            won = ("silver",)
        else:
            return
        for medal in won:
            holders = self.gold if medal == "gold" else self.silver
            before = holders[good]
            if before == p:
                continue
            holders[good] = p
            if not log.record:
                continue
            source = ("the supply" if before is None else self._name(before))
            log.emit("majority", f"{self._name(p)} takes the {medal} majority card of "
                     f"{good_name(good)} from {source}", cause=cause,
                     reads=[prov.stall_key(q, g) for q, g in self.stalls if g == good],
                     writes=[("majority", medal, good)],
                     players=[p] if before is None else [before, p],
                     cards=[f"{medal}:{good}"], stalls=[stall_id(p, good)],
                     ids=[prov.stall(p, good)])

    def _versatility_card(self, p: int, log: EventLog, cause: int | None) -> None:
        """Alsidighedskort (versatility card): an expansion tile in four (four players), five
        (three) or six (two) goods groups earns one, never lost again."""
        if self.versatility[p]:
            return
        groups = sum(1 for (q, _), st in self.stalls.items() if q == p and st.expansions)
        if groups >= VERSATILITY_GOODS[self.players]:
            self.versatility[p] = True
            if log.record:
                log.emit("versatility", f"{self._name(p)} has expansion tiles in {groups} "
                         "goods groups and receives a versatility card", cause=cause,
                         reads=[prov.stall_key(q, g) for (q, g), st in self.stalls.items()
                                if q == p and st.expansions],
                         writes=[("versatility", p)], players=[p],
                         cards=[f"versatility:{p}"])

    def walled_in(self, good: str) -> bool:
        """D29: the customer wanting ``good`` stands where no stall of its goods can ever
        receive it. What never moves again walls it in: the tiles of expanded stalls (they
        cannot be torn down), information points, the water and the board's edge. In the
        part of the square it can still walk to, there is no entrance of an expanded stall
        of its goods, and no space where a stall of its goods could ever open one (a space
        not an expanded stall's entrance, beside a cell where such a stall could stand that
        no expanded stall covers or enters). A customer on the colour-change tile is not
        walled in."""
        here = self.customers[good]
        if here is None:
            return False
        return self._walled_in(good, here, self._fixed())

    def _fixed(self) -> tuple[frozenset[Cell], int, dict[Cell, str]]:
        """What never moves again: the tiles of expanded stalls (as cells and as a mask),
        and their entrances (with the stall's goods). Only an expansion changes it (an
        expanded stall stays for good), so it is worked out once per expansion."""
        if self._fixed_memo is None:
            fixed = [st for st in self.stalls.values() if st.expansions]
            walls = frozenset(t for st in fixed for t in st.tiles)
            self._fixed_memo = walls, bits(walls), {st.entrance: st.good for st in fixed}
        return self._fixed_memo

    def _walled_in(self, good: str, here: Cell,
                   fixed: tuple[frozenset[Cell], int, dict[Cell, str]]) -> bool:
        known = self._walled_memo.get((good, here))
        if known is None:
            known = self._walled_memo[(good, here)] = self._walled_in_now(good, here, fixed)
        return known

    def _walled_in_now(self, good: str, here: Cell,
                       fixed: tuple[frozenset[Cell], int, dict[Cell, str]]) -> bool:
        walls, wall_bits, entrances = fixed
        home = reach(wall_bits, here)  # the part of the square it can still walk to
        terrain = _STALL_TERRAIN[good]
        for space in _ENTRANCE_SPACES[good]:
            if space == here or not BIT[space] & home:
                continue
            if space in entrances:
                if entrances[space] == good:
                    return False
                continue
            if any(t in terrain and t != here and t not in walls and t not in entrances
                   for t in _STALL_CELLS_BESIDE[space]):
                return False
        return True

    def market_closed(self) -> bool:
        """D29: every customer on the square is walled in, so no goods card is ever received
        again and no stall can ever grow."""
        closed = self._board.get("closed")
        if closed is None:
            fixed = self._fixed()
            closed = self._board["closed"] = all(
                self._walled_in(g, cell, fixed) for g, cell in self.customers.items()
                if cell is not None)
        return closed  # type: ignore[no-any-return]

    def end_reason(self) -> str | None:
        """Why Tori is over in this position, or ``None``: a goods group's tiles are used up,
        two groups have one tile left each (Tori afsluttes), or the market is closed (D29)."""
        reason = end_reason({g: self.expansion_supply(g) for g in GOODS})
        if reason is None and self.market_closed():
            reason = MARKET_CLOSED
        return reason

    def _end_of_tori(self, log: EventLog, cause: int | None) -> bool:
        """Tori afsluttes (the end): the moment all expansion tiles of one goods group are
        used, or two goods groups have only one expansion tile left each; or when the
        market is closed (D29: at once after an expansion, at the end of the turn after a
        customer, once the hand limit is kept)."""
        reason = self.end_reason()
        if reason is None:
            return False
        left = {g: self.expansion_supply(g) for g in GOODS}
        empty = [g for g in GOODS if left[g] == 0]
        ones = [g for g in GOODS if left[g] == 1]
        self.ended = reason
        self.is_over = True
        self.stage = "over"
        if not log.record:
            return True
        # the outcome reads why it ended, then every player's score parts
        parts = [key for p in range(self.players) for key in self._score_parts(p)]
        if reason == MARKET_CLOSED:
            waiting = [g for g, c in self.customers.items() if c is not None]
            e = log.emit("end", f"Tori ends: {self.ended}", cause=cause,
                         reads=[*(prov.customer_key(g) for g in waiting), *parts],
                         writes=[OUTCOME], customers=waiting,
                         cells=[c for c in self.customers.values() if c is not None],
                         ids=[prov.customer(g) for g in waiting])
        else:
            e = log.emit("end", f"Tori ends: {self.ended}", cause=cause,
                         reads=[*(("supply", g) for g in empty or ones), *parts],
                         writes=[OUTCOME], goods=empty or ones)
        scores = self.scores()
        for p in range(self.players):
            log.emit("score", f"{self._name(p)} scores {scores[p]['total']} points "
                     f"(area bonus {self.area_bonus[p]}, colour bonus {self.colour_bonus[p]})",
                     cause=e, reads=self._score_parts(p), writes=[("score", p)], players=[p],
                     cards=[f"area:{self.area_bonus[p]}", f"colour:{self.colour_bonus[p]}"])
        return True

    def _score_parts(self, p: int) -> list[tuple[Any, ...]]:
        """What ``p``'s points are made of: the majority cards they hold, their versatility
        card, their stalls (the expansion tiles the bonus cards count)."""
        return [*(("majority", medal, g) for g in GOODS
                  for medal, holders in (("gold", self.gold), ("silver", self.silver))
                  if holders[g] == p),
                *([("versatility", p)] if self.versatility[p] else []),
                *(prov.stall_key(q, g) for (q, g), st in self.stalls.items()
                  if q == p and st.expansions)]

    # Riv en bod ned (tear down a stall)

    def _tear_down(self, a: TearDown, log: EventLog) -> None:
        """Riv en bod ned (tear down a stall): a stall tile without expansion tiles goes back
        to its owner; a customer at its entrance stays where it stands (D24)."""
        p = self.active
        stall = self.stalls.pop((p, a.good))
        del self._tiles[stall.cell]
        del self._entrances[stall.entrance]
        self._tile_bits &= ~BIT[stall.cell]
        self._entrance_bits &= ~BIT[stall.entrance]
        before, self._board = self._board, {}
        board_changed(self, before, stall.cell, (a.good,), p)
        if log.record:
            words = _STALL_WORDS[(p, a.good)]
            events: list[Any] = log.events
            e: int | None = len(events)
            events.append((e, "tear_down", words.tears_down, None,
                           {"players": _SEAT[p], "stalls": words.names,
                            "cells": (stall.cell, stall.entrance), "ids": words.ids},
                           (words.key,), (words.key, words.door, _CELL_KEY[stall.cell])))
        else:
            e = None
        self._after_option(log, e)

    # Tag en kunde (take a customer) and Markedsføring (marketing)

    def _take_customer(self, a: TakeCustomer, log: EventLog) -> None:
        """Tag en kunde (take a customer): the customer walks to your stall's empty entrance,
        paying one build card of your stall's zone per competing stall with an empty entrance
        closer to the customer (Markedsføring, marketing); then it swaps places with the
        customer on the colour-change tile, and you receive goods cards equal to your stall's
        size (D14-D16)."""
        p, good = self.active, a.good
        stall = self.stalls[(p, good)]
        source = self.customers[good]
        assert source is not None
        # how many: the count the legal listing walked for (legal.marketing); which, only to
        # tell them (the rules' walk, Tori._closer_competitors)
        n = marketing(self, p, good)
        if n:
            self.build_hands[p][stall.zone - 1] -= n
            self.discard.extend([stall.zone] * n)
            if log.record:
                closer = self._closer_competitors(p, good) or []
                log.emit("marketing", f"Marketing: {n} competing stall(s) are closer; "
                         f"{self._name()} pays {n} build card(s) {stall.zone}",
                         reads=[prov.customer_key(good), prov.stall_key(p, good),
                                *(k for q, g in closer
                                  for k in (prov.stall_key(q, g), prov.door(q, g)))],
                         writes=[prov.hand(p)],
                         players=[p], stalls=[stall_id(*key) for key in closer],
                         cards=[f"build:{stall.zone}"] * n,
                         ids=[prov.customer(good), *(prov.stall(*key) for key in closer)])
        walk = None
        if log.record:
            words, taken = _STALL_WORDS[(p, good)], _CUSTOMER_WORDS[good]
            # its words name how far it walks (the steps of a shortest walk); the walk itself
            # (customer_path: the cells it crossed, and read) is found when first read (why(),
            # the views), of the tiles and the stalls as they are now
            steps = distance(self._tile_bits, source, BIT[stall.entrance])
            path = partial(walk_path, self._tile_bits, source, stall.entrance)
            left = self._entrances.get(source)
            self.customers[good] = stall.entrance  # (told once it stands there: its view)
            events: list[Any] = log.events
            walk = len(events)
            events.append((walk, "customer", f"{taken.walks}{-1 if steps is None else steps}"
                           f"{words.steps_to}", None,
                           LazyTouched(partial(_walk_touched, path, good, words)),
                           LazyKeys(partial(_walk_reads, path, p, good, tuple(self.stalls))),
                           (taken.key, taken.visit, words.visit, words.door) if left is None
                           else (taken.key, taken.visit, words.visit, words.door,
                                 _STALL_WORDS[left].door)))
        self.customers[good] = stall.entrance
        other = next(g for g, cell in self.customers.items() if cell is None)
        self.customers[good] = None
        self.customers[other] = stall.entrance
        before, self._board = self._board, {}
        occupied = before.get("customers")  # one from source, one to the entrance
        if occupied is not None:
            self._board["customers"] = occupied ^ BIT[source] | stall.door
        # the customers who moved, and a stall whose entrance the taken one stood at
        left = self._entrances.get(source)
        board_changed(self, before, None,
                      (good, other) if left is None else (good, other, left[1]))
        if log.record:
            theirs = _CUSTOMER_WORDS[other]
            events.append((len(events), "swap", _SWAP_TEXT[good][other], walk,
                           {"customers": (good, other), "cells": (stall.entrance,),
                            "places": _COLOUR_CHANGE, "ids": (taken.id, theirs.id)},
                           (theirs.key,), (taken.key, theirs.key, words.door)))
        count = min(stall.size, self.goods_supply[good])
        self.goods_supply[good] -= count
        self.goods_hands[p][good] += count
        if log.record:
            card, supply = _DISCARD_GOODS_TOLD[good]
            e: int | None = len(events)
            events.append((e, "goods", f"{_RECEIVES[p]}{count}{taken.cards}", walk,
                           {"players": _SEAT[p], "stalls": words.names, "cards": card * count,
                            "ids": words.ids},
                           (words.key, supply), (*_HAND[p], supply)))
        else:
            e = None
        self._after_option(log, e)

    # Hand limit and the turn

    def _after_option(self, log: EventLog, cause: int | None) -> None:
        """OBS: at most eight cards in hand; with more, discard at once, cards of your choice."""
        p = self.active
        # (hand_size, inline: asked after every option and every discard)
        excess = sum(self.build_hands[p]) + sum(self.goods_hands[p].values()) - HAND_LIMIT
        if excess > 0:
            self.stage = "discard"
            if log.record:
                text = _HOLDS[p][excess] if excess < _EXCESS_KEPT else (
                    f"{PLAYER_NAMES[p]} holds {HAND_LIMIT + excess} cards and must discard "
                    f"{excess}")
                events: list[Any] = log.events
                events.append((len(events), "hand_limit", text, cause, {"players": _SEAT[p]},
                               _HAND[p], ()))
        else:
            self._next_turn(log)

    def _discard_build(self, a: DiscardBuild, log: EventLog) -> None:
        p, zone = self.active, a.zone
        self.build_hands[p][zone - 1] -= 1
        self.discard.append(zone)
        if log.record:
            events: list[Any] = log.events
            events.append((len(events), "discard", _DISCARD_BUILD_TEXT[p][zone], None,
                           {"players": _SEAT[p], "cards": _BUILD_CARDS[zone],
                            "places": _TO_DISCARD}, (), _HAND[p]))
        self._after_discard(log)

    def _discard_goods(self, a: DiscardGoods, log: EventLog) -> None:
        p, good = self.active, a.good
        self.goods_hands[p][good] -= 1
        self.goods_supply[good] += 1
        if log.record:
            card, supply = _DISCARD_GOODS_TOLD[good]
            events: list[Any] = log.events
            events.append((len(events), "discard", _DISCARD_GOODS_TEXT[p][good], None,
                           {"players": _SEAT[p], "cards": card, "places": _TO_SUPPLY},
                           (), (*_HAND[p], supply)))
        self._after_discard(log)

    def _after_discard(self, log: EventLog) -> None:
        p = self.active
        if sum(self.build_hands[p]) + sum(self.goods_hands[p].values()) <= HAND_LIMIT:
            self._next_turn(log)

    def _next_turn(self, log: EventLog) -> None:
        """The turn passes, unless the market has closed (D29): a customer taken this turn
        may have brought the one from the colour-change tile into a pocket."""
        closed = self._board.get("closed")  # (market_closed's memo, read here first)
        if closed is None:
            closed = self.market_closed()
        if closed:
            self._end_of_tori(log, None)
            return
        self.active = (self.active + 1) % self.players
        self.turn += 1
        self.stage = "turn"
        if log.record:  # (the most frequent events are put in words only for a record)
            events: list[Any] = log.events
            events.append((len(events), "turn", _TURN_TEXT[self.active], None,
                           {"players": _SEAT[self.active]}, (), ()))

    # -- scoring and what is seen ------------------------------------------------------------

    def scores(self) -> list[dict[str, int]]:
        """Point (scoring): majority, versatility, area bonus and colour bonus cards."""
        need = BONUS_TILES[self.players]
        result = []
        for p in range(self.players):
            gold = sum(1 for g in GOODS if self.gold[g] == p)
            silver = sum(1 for g in GOODS if self.silver[g] == p)
            mine = [(st.good, tile) for (q, _), st in self.stalls.items() if q == p
                    for tile in st.expansions]
            area = AREA_CARD[self.area_bonus[p]].zones
            colour = COLOUR_CARD[self.colour_bonus[p]].goods
            in_area = sum(1 for _, tile in mine if ZONE_OF[tile] in area)
            in_colour = sum(1 for good, _ in mine if good in colour)
            parts = {
                "gold": gold * GOLD_POINTS,
                "silver": silver * SILVER_POINTS,
                "versatility": VERSATILITY_POINTS if self.versatility[p] else 0,
                "area_bonus": BONUS_POINTS if in_area >= need else 0,
                "colour_bonus": BONUS_POINTS if in_colour >= need else 0,
                "area_tiles": in_area,
                "colour_tiles": in_colour,
            }
            parts["total"] = sum(parts[k] for k in
                                 ("gold", "silver", "versatility", "area_bonus", "colour_bonus"))
            result.append(parts)
        return result

    @property
    def current_player(self) -> int | None:
        return None if self.ended else self.active

    @property
    def phase(self) -> str:
        return "over" if self.ended else self.stage

    is_over = False
    """Whether the game has ended (``ended`` says why): asked at least twice an action (by
    core before listing, by every player's loop), so kept as a plain value where the game
    ends (``_end_of_tori``, ``save.load``) rather than a property worked out at each ask."""

    @property
    def outcome(self) -> Outcome | None:
        """The player with the most points wins; equal best totals share the win (D20)."""
        if not self.ended:
            return None
        scores = self.scores()
        totals = tuple(sc["total"] for sc in scores)
        best = max(totals)
        winners = tuple(p for p, total in enumerate(totals) if total == best)
        return Outcome(winners, self.ended, totals, {"breakdown": scores})

    def _sorted_stalls(self) -> list[Stall]:
        return [self.stalls[key] for key in sorted(self.stalls,
                                                   key=lambda k: (k[0], GOODS.index(k[1])))]

    # -- state -----------------------------------------------------------------------------

    def _state(self) -> dict[str, Any]:
        from .save import state

        return state(self)

    @classmethod
    def _from_state(cls, data: Mapping[str, Any]) -> Tori:
        from .save import load

        return load(cls, data)

    def violations(self) -> list[str]:
        from .save import violations

        return violations(self)

    def _copy(self) -> Tori:
        twin = object.__new__(Tori)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy()
        twin.pile = list(self.pile)
        twin.display = list(self.display)
        twin.discard = list(self.discard)
        twin.build_hands = [list(h) for h in self.build_hands]
        twin.goods_hands = [dict(h) for h in self.goods_hands]
        twin.goods_supply = dict(self.goods_supply)
        twin.stalls = dict(self.stalls)
        twin.customers = dict(self.customers)
        twin.gold = dict(self.gold)
        twin.silver = dict(self.silver)
        twin.versatility = list(self.versatility)
        twin._tiles = dict(self._tiles)
        twin._entrances = dict(self._entrances)
        twin._top = list(self._top)
        return twin


MARKET_CLOSED = ("no customer can ever come to a stall again: all five on the square are "
                 "walled in")
"""The reason of D29's end."""


def _walk_touched(path: Callable[[], tuple[Cell, ...]], good: str,
                  words: _StallWords) -> dict[str, tuple[Any, ...]]:
    """What a customer's walk touched: the customer, the cells of its walk (``path()``), the
    stall it walked to (``words``)."""
    return {"customers": (good,), "cells": path(), "stalls": words.names,
            "ids": words.walk_ids}


def _walk_reads(path: Callable[[], tuple[Cell, ...]], p: int, good: str,
                stalls: tuple[tuple[int, str], ...]) -> tuple[Any, ...]:
    """What a customer's walk to ``p``'s stall read: where the customer stood, that stall
    and its entrance, the cells of its walk (``path()``: free since a tile left them or
    always), and every competing stall of its goods among ``stalls`` (the stalls then, in
    their order) and whether a customer stands at its entrance (the distances compared).
    (What it wrote: the customer's place and visit, the entrance it left if it stood at one,
    the entrance it reached.)"""
    mine, who = _STALL_WORDS[(p, good)], _CUSTOMER_WORDS[good]
    reads = [who.key, mine.key, mine.door, *map(_CELL_KEY.__getitem__, path())]
    for key in stalls:
        if key[1] == good and key[0] != p:
            rival = _STALL_WORDS[key]
            reads += rival.key, rival.door
    return tuple(reads)


def _describe_first(game: Tori, action: Action) -> str:
    """``view.describe``, once ``view.py`` is imported (it imports this module): then
    ``_describe`` is it, with no import statement at every take told."""
    global _describe
    from .view import describe

    _describe = describe
    return describe(game, action)


_describe: Callable[[Tori, Action], str] = _describe_first
"""The words of a customer's take (``view.describe``), read by ``Tori.describe``."""


def end_reason(left: Mapping[str, int]) -> str | None:
    """Tori afsluttes (the end): why the game is over with ``left`` expansion tiles of each
    good beside the board, or ``None``: all tiles of one goods group are used, or two goods
    groups have only one tile left each (D19)."""
    empty = [g for g in GOODS if left[g] == 0]
    ones = [g for g in GOODS if left[g] == 1]
    if empty:
        return f"all {good_name(empty[0])} expansion tiles are used"
    if len(ones) >= 2:
        return (f"{good_name(ones[0])} and {good_name(ones[1])} have only one expansion tile "
                "left each")
    return None


_PLAYS: dict[type[Action], Callable[[Tori, Any, EventLog], None]] = {
    DrawFaceUp: Tori._draw_face_up, DrawPile: Tori._draw_pile, Refresh: Tori._refresh,
    TakeFaceUp: Tori._take_face_up, TakeFromPile: Tori._take_from_pile, Build: Tori._build,
    Expand: Tori._expand, TearDown: Tori._tear_down, TakeCustomer: Tori._take_customer,
    DiscardBuild: Tori._discard_build, DiscardGoods: Tori._discard_goods,
}
