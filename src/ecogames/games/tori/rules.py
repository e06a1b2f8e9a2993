"""Tori — the engine: the market game of Helsinki 1952, as the rules are written.

The sections of the rules (``shared/rulebooks/tori-market-da.txt``) are cited in each rule
function's docstring by their Danish title and its English translation. Decisions where the
rules are silent carry their id in ``docs/rules/tori.md`` (``D1``...).

A turn is one of five options (Sådan spiller du Tori): draw build cards, build a new stall,
expand a stall, tear down a stall, take a customer. Two decisions interrupt a turn and are
phases of their own: after refreshing the five face-up build cards the player chooses the one
card to take, and a player holding more than eight cards chooses what to discard.

>>> game = Tori.new_game(players=2, seed=7)
>>> game.phase, game.current_player, len(game.display)
('turn', 0, 5)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from ecogames.core import Action, EventLog, Game, Outcome, Rng
from ecogames.core import schema as s
from ecogames.core.errors import SaveError
from ecogames.core.provenance import OUTCOME, chance_key

from . import why as prov
from .components import (
    AREA_CARD,
    AREA_CARDS,
    BONUS_POINTS,
    BONUS_TILES,
    BUILD_CARDS_PER_ZONE,
    CELLS_OF_ZONE,
    COATS_OF_ARMS,
    COLOUR_CARD,
    COLOUR_CARDS,
    CUSTOMER_STARTS,
    DISPLAY_SIZE,
    DRAW_TWO,
    EXPANSION_TILES,
    FACINGS,
    GOLD_POINTS,
    GOOD,
    GOODS,
    GOODS_CARDS_PER_GOOD,
    HAND_LIMIT,
    INFORMATION_POINTS,
    NEIGHBOURS,
    SILVER_POINTS,
    SQUARE,
    STALLS_PER_PLAYER,
    VERSATILITY_GOODS,
    VERSATILITY_POINTS,
    ZONE_OF,
    ZONES,
    Cell,
    GoodName,
    entrance_of,
    expansion_terrain,
    stall_terrain,
)
from .walking import (
    BIT,
    bits,
    closer_than,
    customer_path,
    reach,
    region_of,
    steps,
    walk_layers,
)

Facing = Literal["N", "E", "S", "W"]

INFO: frozenset[Cell] = frozenset(INFORMATION_POINTS)
_STALL_TERRAIN = {g: stall_terrain(g) for g in GOODS}
_EXPANSION_TERRAIN = {g: expansion_terrain(g) for g in GOODS}
_ENTRANCES: dict[Cell, tuple[tuple[str, Cell], ...]] = {
    cell: tuple((f, e) for f in FACINGS if (e := entrance_of(cell, f)) in SQUARE)
    for cell in ZONE_OF
}
"""For each cell, the facings whose entrance space lies on the square."""
_STALL_CELLS_BESIDE: dict[Cell, tuple[Cell, ...]] = {
    cell: tuple(n for n in NEIGHBOURS[cell] if n not in INFO) for cell in ZONE_OF}
"""For each cell, the neighbours a stall tile could ever stand on (not information points)."""
_ENTRANCE_SPACES: dict[str, tuple[Cell, ...]] = {
    g: tuple(sorted(e for e in SQUARE - INFO
                    if any(n in _STALL_TERRAIN[g] for n in _STALL_CELLS_BESIDE[e])))
    for g in GOODS}
"""For each good, the spaces that could ever be the entrance of a stall of that good (D29)."""

# The same tables as bit masks (walking.BIT), for the legal-action generators: a set of cells
# is one integer, so "free", "touching" and "on its terrain" are one ``&`` each.
_INFO_BITS = bits(INFO)
_STALL_TERRAIN_BITS = {g: bits(_STALL_TERRAIN[g]) for g in GOODS}
_EXPANSION_TERRAIN_BITS = {g: bits(_EXPANSION_TERRAIN[g]) for g in GOODS}
_AROUND_BITS = {cell: BIT[cell] | bits(NEIGHBOURS[cell]) for cell in ZONE_OF}
"""A cell and its orthogonal neighbours: where a tile there touches."""
_BUILD_PLACES: dict[int, tuple[tuple[Cell, int, int], ...]] = {
    z: tuple((cell, BIT[cell], bits(e for _, e in _ENTRANCES[cell]))
             for cell in CELLS_OF_ZONE[z] if cell not in INFO and _ENTRANCES[cell])
    for z in ZONES}
"""For each zone, its cells where a stall tile could stand, each with its bit and the
spaces on the square its entrance could open on (a mask)."""
_BUILD_PLACE_BITS = {z: bits(cell for cell, _, _ in _BUILD_PLACES[z]) for z in ZONES}
"""The cells of ``_BUILD_PLACES`` as one mask per zone."""
_BUILD_DOOR_BITS = {z: bits(e for cell, _, _ in _BUILD_PLACES[z] for _, e in _ENTRANCES[cell])
                    for z in ZONES}
"""Per zone, the spaces that could be the entrance of a stall tile standing in the zone."""
_CARD_LABEL = {z: f"build card {z}" for z in ZONES}
PLAYER_NAMES: tuple[str, ...] = tuple(f"{arms} (player {i + 1})"
                                      for i, arms in enumerate(COATS_OF_ARMS))
"""Each seat's name: its coat of arms (D22)."""


def good_name(good: str) -> str:
    return GOOD[good].name


def a_good(good: str) -> str:
    """The good's name after "a" or "an": "a fish", "an ice cream", "an Olympic souvenirs"."""
    name = GOOD[good].name
    return f"{'an' if name[0].lower() in 'aeiou' else 'a'} {name}"


# ---------------------------------------------------------------------------------------------
# Actions: the five options of a turn, and the two decisions
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DrawFaceUp(Action):
    """Træk byggekort: take two of the five face-up build cards (by zone number)."""

    type = "draw_face_up"
    first: int
    second: int

    def label(self) -> str:
        return f"Draw face-up build cards {self.first} and {self.second}"


@dataclass(frozen=True)
class DrawPile(Action):
    """Træk byggekort: take two build cards from the pile."""

    type = "draw_pile"

    def label(self) -> str:
        return "Draw two build cards from the pile"


@dataclass(frozen=True)
class Refresh(Action):
    """Træk byggekort: clear away the five face-up cards and lay out five new; take one."""

    type = "refresh"

    def label(self) -> str:
        return "Lay out five new build cards, then take one"


@dataclass(frozen=True)
class TakeFaceUp(Action):
    """Decision after a refresh: the one card is a face-up card of this zone."""

    type = "take_face_up"
    zone: int

    def label(self) -> str:
        return f"Take face-up build card {self.zone}"


@dataclass(frozen=True)
class TakeFromPile(Action):
    """Decision after a refresh: the one card comes from the pile."""

    type = "take_from_pile"

    def label(self) -> str:
        return "Take one build card from the pile"


@dataclass(frozen=True)
class Build(Action):
    """Byg en ny bod: a stall tile of ``good`` on (row, col), its entrance to ``facing``."""

    type = "build"
    good: GoodName
    row: int
    col: int
    facing: Facing

    def label(self) -> str:
        return (f"Build {a_good(self.good)} stall at ({self.row}, {self.col}), "
                f"entrance {self.facing}")


@dataclass(frozen=True)
class Expand(Action):
    """Udvid en bod: an expansion tile on (row, col), paying a build card of ``zone``."""

    type = "expand"
    good: GoodName
    row: int
    col: int
    zone: int

    def label(self) -> str:
        return (f"Expand the {good_name(self.good)} stall to ({self.row}, {self.col}) "
                f"with build card {self.zone}")


@dataclass(frozen=True)
class TearDown(Action):
    """Riv en bod ned: take back a stall tile that has no expansion tiles."""

    type = "tear_down"
    good: GoodName

    def label(self) -> str:
        return f"Tear down the {good_name(self.good)} stall"


@dataclass(frozen=True)
class TakeCustomer(Action):
    """Tag en kunde: bring the customer wanting ``good`` to your ``good`` stall."""

    type = "take_customer"
    good: GoodName

    def label(self) -> str:
        return f"Take the {good_name(self.good)} customer"


@dataclass(frozen=True)
class DiscardBuild(Action):
    """Hand limit: discard a build card of ``zone``."""

    type = "discard_build"
    zone: int

    def label(self) -> str:
        return f"Discard build card {self.zone}"


@dataclass(frozen=True)
class DiscardGoods(Action):
    """Hand limit: discard a goods card of ``good``."""

    type = "discard_goods"
    good: GoodName

    def label(self) -> str:
        return f"Discard {a_good(self.good)} goods card"


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

PHASE_WORDS = {
    "turn": "choose one of the five options of a turn",
    "refresh": "take one build card (face up or from the pile) after laying out five new",
    "discard": f"discard down to {HAND_LIMIT} cards",
    "over": "the game is over",
}


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


def stall_id(owner: int, good: str) -> str:
    """``"1:fish"``: player 1's fish stall (each player has one stall per good, D7)."""
    return f"{owner}:{good}"


def cell_json(cell: Cell | None) -> list[int] | None:
    return None if cell is None else [cell[0], cell[1]]


class _Sites:
    """What the board alone allows one player, whatever the hands hold: the legal-action
    generators' memo, each part worked out when first asked (``Tori._board`` keeps one per
    player until the board changes)."""

    __slots__ = ("build_sites", "builds", "customers", "expansions", "tear_downs")

    def __init__(self) -> None:
        self.build_sites: tuple[int, list[tuple[str, int]], int] | None = None
        """``Tori._build_sites``."""
        self.builds: list[tuple[Build, ...] | None] = [None] * len(ZONES)
        """The stalls a build card of each zone (1-9) may build."""
        self.customers: list[tuple[str, Cell, int, int, int]] | None = None
        """``Tori._customer_sites``."""
        self.expansions: dict[str, list[Cell]] = {}
        """``Tori._expansion_sites`` by good."""
        self.tear_downs: list[Action] | None = None
        """The stalls without expansion tiles (Riv en bod ned)."""


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


class Tori(Game):
    """Tori: trade on Helsinki's market square during the 1952 Olympic Games."""

    name = "tori"
    title = "Tori"
    why_questions = prov.QUESTIONS
    action_types = (DrawFaceUp, DrawPile, Refresh, TakeFaceUp, TakeFromPile, Build, Expand,
                    TearDown, TakeCustomer, DiscardBuild, DiscardGoods)
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
        customers; not the hands): what it allows each player (``_Sites``), the expansion
        supply ("supply"), whether the market is closed ("closed"). The board
        changes only in ``_build``, ``_expand``, ``_tear_down`` and ``_take_customer``, and
        each of them starts a new dict (never one cleared in place: a copy shares the dict
        until its own board changes)."""

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

    def _blocked(self) -> frozenset[Cell]:
        """The square cells customers cannot walk through: stall and expansion tiles."""
        return frozenset(c for c in self._tiles if c in SQUARE)

    def _taken(self) -> set[Cell]:
        """Cells not free for a tile or an entrance: tiles, information points, entrances
        and customers (D5)."""
        return {*self._tiles, *INFO, *self._entrances, *self._customer_cells()}

    def _touching_bits(self, good: str, owner: int) -> int:
        """:meth:`_touching` as a mask."""
        mask = 0
        for (player, g), stall in self.stalls.items():
            if g == good and player != owner:
                mask |= stall.around
        return mask

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
        than ``player``'s stall; ``None`` when the customer cannot reach that stall (D14)."""
        source = self.customers[good]
        stall = self.stalls[(player, good)]
        if source is None:
            return None
        layers = walk_layers(self._tile_bits, source)  # walking.distances_from, as masks
        mine = steps(layers, BIT[stall.entrance])
        if mine is None:
            return None
        occupied = self._customer_bits()
        closer = []
        for key, other in self.stalls.items():
            if key[1] == good and key[0] != player:
                door = BIT[other.entrance]
                if not door & occupied:
                    theirs = steps(layers, door)
                    if theirs is not None and theirs < mine:
                        closer.append(key)
        return closer

    # -- legal actions ---------------------------------------------------------------------

    def _legal_actions(self) -> list[Action]:
        return _GENERATORS[self.stage](self)

    def _turn_options(self) -> list[Action]:
        p = self.active
        sites = self._sites(p)
        return [*self._draw_options(), *self._build_options(p, sites),
                *self._expand_options(p, sites), *self._tear_down_options(p, sites),
                *self._customer_options(p, sites)]

    def _sites(self, p: int) -> _Sites:
        """What the board allows ``p``, worked out as the generators ask (``_board``)."""
        sites = self._board.get(p)
        if sites is None:
            sites = self._board[p] = _Sites()
        return sites  # type: ignore[no-any-return]

    def _draw_options(self) -> list[Action]:
        acts: list[Action] = list(_draw_face_up_actions(self.display))
        available = self._available()
        if available >= DRAW_TWO:
            acts.append(_DRAW_PILE)
        if available >= DISPLAY_SIZE:
            acts.append(_REFRESH)
        return acts

    def _tear_down_options(self, p: int, sites: _Sites) -> list[Action]:
        """Riv en bod ned: each of the player's stalls without expansion tiles."""
        if sites.tear_downs is None:
            sites.tear_downs = [_TEAR_DOWN[g] for g in GOODS
                                if (stall := self.stalls.get((p, g))) is not None
                                and not stall.expansions]
        return sites.tear_downs

    def _build_options(self, p: int, sites: _Sites) -> list[Action]:
        hand = self.build_hands[p]
        builds = sites.builds
        acts: list[Action] = []
        for i, cards in enumerate(hand):
            if cards:
                made = builds[i]
                if made is None:
                    made = builds[i] = self._builds_in_zone(p, i + 1, sites)
                acts.extend(made)
        return acts

    def _build_sites(self, p: int) -> tuple[int, list[tuple[str, int]], int]:
        """Where ``p`` may place a stall tile of each good of its supply (masks): the cells
        not in ``_taken()`` nor ``_touching()``; the cells ``_taken()``; all those cells."""
        taken = self._tile_bits | _INFO_BITS | self._entrance_bits | self._customer_bits()
        touching = {g: 0 for g in GOODS if (p, g) not in self.stalls}  # (_touching_bits)
        for (player, g), stall in self.stalls.items():
            if g in touching and player != p:
                touching[g] |= stall.around
        allowed = [(g, _STALL_TERRAIN_BITS[g] & ~mask & ~taken) for g, mask in touching.items()]
        anywhere = 0
        for _, cells in allowed:
            anywhere |= cells
        return taken, allowed, anywhere

    def _builds_in_zone(self, p: int, z: int, sites: _Sites) -> tuple[Build, ...]:
        """Byg en ny bod: the stalls ``p`` may build with a build card of zone ``z``."""
        if sites.build_sites is None:
            sites.build_sites = self._build_sites(p)
        taken, allowed, anywhere = sites.build_sites
        here = _BUILD_PLACE_BITS[z]
        if not anywhere & here:
            return ()
        # only what lies in the zone and its entrances matters: the same few cells come
        # back often, though the rest of the board changed
        return _builds_in_zone(z, taken & _BUILD_DOOR_BITS[z],
                               tuple([(g, cells & here) for g, cells in allowed]))

    def _expand_options(self, p: int, sites: _Sites) -> list[Action]:
        hand, goods = self.build_hands[p], self.goods_hands[p]
        acts: list[Action] = []
        for g in GOODS:
            stall = self.stalls.get((p, g))
            if stall is None or goods[g] < stall.size + 1:
                continue
            if self.expansion_supply(g) <= 0:
                continue
            zones = sorted(z for z in stall.zones if hand[z - 1])
            if zones:
                cells = sites.expansions.get(g)
                if cells is None:
                    cells = sites.expansions[g] = self._expansion_sites(p, stall)
                for cell in cells:
                    acts.extend(_expand_action(g, cell, z) for z in zones)
        return acts

    def _expansion_sites(self, p: int, stall: Stall) -> list[Cell]:
        """Udvid en bod: the cells where ``stall`` may take an expansion tile (whatever
        the hand holds), in row order."""
        g = stall.good
        taken = self._tile_bits | _INFO_BITS | self._entrance_bits | self._customer_bits()
        free = _EXPANSION_TERRAIN_BITS[g] & ~self._touching_bits(g, p) & ~taken
        cells = sorted({n for t in stall.tiles for n in NEIGHBOURS[t]})
        return [c for c in cells if BIT[c] & free]

    def _customer_options(self, p: int, sites: _Sites) -> list[Action]:
        hand = self.build_hands[p]
        acts: list[Action] = []
        if sites.customers is None:
            sites.customers = self._customer_sites(p)
        for g, cell, door, rivals, zone in sites.customers:
            cards = hand[zone - 1]
            if rivals.bit_count() <= cards:  # only then do distances matter
                if region_of(self._tile_bits, cell) & door:  # the customer can walk there
                    acts.append(_TAKE_CUSTOMER[g])
                continue
            # _closer_competitors, as one walk that stops at the stall's entrance
            closer = closer_than(self._tile_bits, cell, door, rivals)
            if closer is not None and closer <= cards:  # None: it cannot walk there
                acts.append(_TAKE_CUSTOMER[g])
        return acts

    def _customer_sites(self, p: int) -> list[tuple[str, Cell, int, int, int]]:
        """Tag en kunde: for each of ``p``'s stalls with an empty entrance whose customer
        stands on the square: the good, the customer's cell, the entrance (a mask), the
        entrances of the competing stalls that are empty (a mask) and the stall's zone
        (marketing pays build cards of it)."""
        sites = []
        occupied = self._customer_bits()
        stalls = self.stalls
        for g, cell in self.customers.items():
            stall = stalls.get((p, g))
            if cell is None or stall is None:
                continue
            door = stall.door
            if door & occupied:
                continue  # the entrance is not empty
            rivals = 0
            for q in range(self.players):  # one stall of each good a player
                other = stalls.get((q, g))
                if other is not None and q != p:
                    rivals |= other.door
            sites.append((g, cell, door, rivals & ~occupied, stall.zone))
        return sites

    def _refresh_options(self) -> list[Action]:
        acts: list[Action] = [_TAKE_FACE_UP[z] for z in sorted(set(self.display))]
        if self._available():
            acts.append(_TAKE_FROM_PILE)
        return acts

    def _discard_options(self) -> list[Action]:
        build, goods = self.build_hands[self.active], self.goods_hands[self.active]
        return ([_DISCARD_BUILD[z] for z in ZONES if build[z - 1]]
                + [_DISCARD_GOODS[g] for g in GOODS if goods[g]])

    # -- why an action is illegal ------------------------------------------------------------

    def explain_illegal(self, action: Action) -> str:
        label = self.describe(action)
        if self.ended:
            return f"{label!r}: the game is over ({self.ended})"
        if not isinstance(action, PHASES[self.stage]):
            return (f"{label!r} is not allowed now: {self.player_names[self.active]} must "
                    f"{PHASE_WORDS[self.stage]}")
        reason = _WHY_NOT[type(action)](self, action)
        return f"{label!r} is not allowed: {reason or 'it is not a legal move now'}"

    def _why_not_draw_face_up(self, a: DrawFaceUp) -> str | None:
        want = sorted((a.first, a.second))
        shown = list(self.display)
        for z in want:
            if z not in shown:
                return (f"Træk byggekort (draw build cards): no build card {z} is among the "
                        f"face-up cards {sorted(self.display)}")
            shown.remove(z)
        if a.first > a.second:
            return "name the two face-up cards lowest first"
        return None

    def _why_not_draw_pile(self, a: DrawPile) -> str | None:
        if self._available() < DRAW_TWO:
            return "Træk byggekort: fewer than two build cards are left to draw"
        return None

    def _why_not_refresh(self, a: Refresh) -> str | None:
        if self._available() < DISPLAY_SIZE:
            return "Træk byggekort: fewer than five build cards are left to lay out"
        return None

    def _why_not_take_face_up(self, a: TakeFaceUp) -> str | None:
        if a.zone not in self.display:
            return f"no build card {a.zone} lies face up ({sorted(self.display)})"
        return None

    def _why_not_take_from_pile(self, a: TakeFromPile) -> str | None:
        return None if self._available() else "the pile and the discard pile are empty"

    def _why_not_build(self, a: Build) -> str | None:
        p, cell = self.active, (a.row, a.col)
        rule = "Byg en ny bod (build a new stall)"
        if (p, a.good) in self.stalls:
            return f"{rule}: your {good_name(a.good)} stall is already on the board"
        if cell not in ZONE_OF:
            return f"{rule}: ({a.row}, {a.col}) is not on the board"
        zone = ZONE_OF[cell]
        if not self.build_hands[p][zone - 1]:
            return f"{rule}: you need a build card {zone} to build in zone {zone}"
        taken = self._taken()
        if cell in taken:
            return f"{rule}: ({a.row}, {a.col}) is taken (a tile, an entrance, an " \
                   "information point or a customer is there)"
        if cell not in _STALL_TERRAIN[a.good]:
            if a.good == "fish":
                return f"{rule}: fish stalls are fishing boats, only in the water along the quay"
            if a.good == "souvenirs":
                return f"{rule}: souvenir stalls must stand directly against an information point"
            return f"{rule}: {good_name(a.good)} stalls stand on the square, not in the water"
        if cell in self._touching(a.good, p):
            return f"{rule}: stalls of the same colour may not touch each other"
        entrance = entrance_of(cell, a.facing)
        if entrance not in SQUARE or entrance in taken:
            return (f"{rule}: the entrance at {entrance} must be a free space of the square "
                    "(no tile, entrance, information point or customer)")
        return None

    def _why_not_expand(self, a: Expand) -> str | None:
        p, cell = self.active, (a.row, a.col)
        rule = "Udvid en bod (expand a stall)"
        stall = self.stalls.get((p, a.good))
        if stall is None:
            return f"{rule}: you have no {good_name(a.good)} stall on the board"
        if self.expansion_supply(a.good) <= 0:
            return f"{rule}: no {good_name(a.good)} expansion tiles are left"
        if not (a.zone in ZONES and self.build_hands[p][a.zone - 1]):
            return f"{rule}: you hold no build card {a.zone}"
        if a.zone not in self.stall_zones(stall):
            return (f"{rule}: build card {a.zone} is neither the stall's zone ({stall.zone}) "
                    "nor a zone whose edge the stall lies on")
        need = stall.size + 1
        if self.goods_hands[p][a.good] < need:
            return (f"{rule}: a stall of {need} tiles costs {need} {good_name(a.good)} goods "
                    f"cards; you hold {self.goods_hands[p][a.good]}")
        if cell not in ZONE_OF or all(cell not in NEIGHBOURS[t] for t in stall.tiles):
            return f"{rule}: the expansion tile must touch the stall horizontally or vertically"
        if cell not in _EXPANSION_TERRAIN[a.good]:
            return (f"{rule}: a fishing boat grows on the water" if a.good == "fish"
                    else f"{rule}: {a_good(a.good)} stall grows on the square")
        if cell in self._taken():
            return f"{rule}: ({a.row}, {a.col}) is taken"
        if cell in self._touching(a.good, p):
            return f"{rule}: stalls of the same colour may not touch each other"
        return None

    def _why_not_tear_down(self, a: TearDown) -> str | None:
        stall = self.stalls.get((self.active, a.good))
        if stall is None:
            return f"you have no {good_name(a.good)} stall on the board"
        if stall.expansions:
            return "Riv en bod ned (tear down a stall): only a stall without expansion tiles"
        return None

    def _why_not_take_customer(self, a: TakeCustomer) -> str | None:
        p = self.active
        rule = "Tag en kunde (take a customer)"
        stall = self.stalls.get((p, a.good))
        if stall is None:
            return f"{rule}: you have no {good_name(a.good)} stall for this customer"
        if self.customers[a.good] is None:
            return f"{rule}: the {good_name(a.good)} customer stands on the colour-change tile"
        if stall.entrance in self._customer_cells():
            return f"{rule}: your stall's entrance is not empty"
        closer = self._closer_competitors(p, a.good)
        if closer is None:
            return f"{rule}: the customer cannot walk to your stall's entrance"
        have = self.build_hands[p][stall.zone - 1]
        if len(closer) > have:
            return (f"Markedsføring (marketing): {len(closer)} competing stall(s) with an "
                    f"empty entrance are closer; that costs {len(closer)} build card(s) "
                    f"{stall.zone}, and you hold {have}")
        return None

    def _why_not_discard_build(self, a: DiscardBuild) -> str | None:
        if not (a.zone in ZONES and self.build_hands[self.active][a.zone - 1]):
            return f"you hold no build card {a.zone}"
        return None

    def _why_not_discard_goods(self, a: DiscardGoods) -> str | None:
        if not self.goods_hands[self.active][a.good]:
            return f"you hold no {good_name(a.good)} goods card"
        return None

    def why_not(self, action: Action) -> str | None:
        """The rule ``action`` breaks now, or ``None`` if it is legal (the checked door's
        words; ``legal_actions()`` is generated faster but must agree)."""
        if self.ended or not isinstance(action, PHASES[self.stage]):
            return self.explain_illegal(action)
        return _WHY_NOT[type(action)](self, action)

    def describe(self, action: Action) -> str:
        if isinstance(action, TakeCustomer) and not self.ended and self.stage == "turn":
            stall = self.stalls.get((self.active, action.good))
            if stall is not None and self.customers.get(action.good) is not None:
                closer = self._closer_competitors(self.active, action.good)
                if closer:
                    return (f"{action.label()} (marketing: {len(closer)} build card(s) "
                            f"{stall.zone})")
        return action.label()

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
        log.emit("reshuffle", f"The discard pile is shuffled and put under the pile "
                 f"({len(self.pile) + len(self._top)} build cards)", cause=cause,
                 writes=[prov.PILE], places=["pile", "discard"])

    def _from_pile(self, count: int, log: EventLog, cause: int | None,
                   seen_by: Sequence[int] | None) -> list[int]:
        """``count`` cards (or what is left) off the face-down pile, one chance draw each:
        any card left, as likely as there are of it (D31). ``seen_by``: the seat drawing
        them into a hand (``None``: laid face up)."""
        self._ensure_pile(count, log, cause)
        taken = []
        name = ("a build card laid face up from the pile" if seen_by is None
                else "a build card drawn from the pile")
        for _ in range(min(count, len(self.pile) + len(self._top))):
            source = self._top or self.pile
            counts = [0, *map(source.count, ZONES)]  # by zone number
            outcomes = [z for z in ZONES if counts[z]]
            zone = self.chance(name, outcomes, [counts[z] for z in outcomes],
                               label=_CARD_LABEL.__getitem__, seen_by=seen_by)
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
            log.emit("refill", f"Build cards {', '.join(map(str, cards))} are laid face up",
                     cause=cause, reads=self._drawn(len(cards)), writes=[prov.DISPLAY],
                     cards=[f"build:{z}" for z in cards], places=["display"])

    def _drawn(self, count: int) -> list[tuple[Any, ...]]:
        """The keys of the last ``count`` chance draws of this action, and the pile."""
        now = self.draws_so_far()
        return [*(chance_key(n) for n in range(now - count, now)), prov.PILE]

    def _draw_face_up(self, a: DrawFaceUp, log: EventLog) -> None:
        """Træk byggekort (draw build cards): "Tag to af de fem byggekort, der ligger med
        billedsiden opad ... skal du bagefter supplere op fra stakken"."""
        p = self.active
        for z in (a.first, a.second):
            self.display.remove(z)
            self.build_hands[p][z - 1] += 1
        e = log.emit("draw", f"{self._name()} takes face-up build cards {a.first} and "
                     f"{a.second}", reads=[prov.DISPLAY], writes=[prov.DISPLAY, prov.hand(p)],
                     players=[p], cards=[f"build:{a.first}", f"build:{a.second}"],
                     places=["display"]) if log.record else None
        self._refill_display(log, e)
        self._after_option(log, e)

    def _draw_pile(self, a: DrawPile, log: EventLog) -> None:
        """Træk byggekort (draw build cards): "eller tag to fra stakken"."""
        p = self.active
        drawn = self._from_pile(DRAW_TWO, log, None, (p,))
        for z in drawn:
            self.build_hands[p][z - 1] += 1
        e = log.emit("draw", f"{self._name()} draws two build cards from the pile",
                     reads=self._drawn(len(drawn)), writes=[prov.PILE, prov.hand(p)],
                     players=[p], cards=["build:?", "build:?"],
                     places=["pile"]) if log.record else None
        self._after_option(log, e)

    def _refresh(self, a: Refresh, log: EventLog) -> None:
        """Træk byggekort (draw build cards): "En tredje mulighed er at fjerne de fem kort og
        lægge fem nye ud. I så fald må du kun trække ét kort" (D13)."""
        self._ensure_pile(DISPLAY_SIZE, log, None)
        old, self.display = self.display, []
        self.discard.extend(old)
        e = log.emit("clear", f"{self._name()} clears away the face-up build cards "
                     f"{', '.join(map(str, old))}", reads=[prov.DISPLAY],
                     writes=[prov.DISPLAY], players=[self.active],
                     cards=[f"build:{z}" for z in old],
                     places=["display", "discard"]) if log.record else None
        self._refill_display(log, e)
        self.stage = "refresh"
        log.emit("decide", f"{self._name()} takes one build card: face up or from the pile",
                 cause=e, players=[self.active])

    def _take_face_up(self, a: TakeFaceUp, log: EventLog) -> None:
        p = self.active
        self.display.remove(a.zone)
        self.build_hands[p][a.zone - 1] += 1
        e = log.emit("draw", f"{self._name()} takes face-up build card {a.zone}",
                     reads=[prov.DISPLAY], writes=[prov.DISPLAY, prov.hand(p)],
                     players=[p], cards=[f"build:{a.zone}"],
                     places=["display"]) if log.record else None
        self._refill_display(log, e)
        self._after_option(log, e)

    def _take_from_pile(self, a: TakeFromPile, log: EventLog) -> None:
        p = self.active
        drawn = self._from_pile(1, log, None, (p,))
        for z in drawn:
            self.build_hands[p][z - 1] += 1
        e = log.emit("draw", f"{self._name()} draws a build card from the pile",
                     reads=self._drawn(len(drawn)), writes=[prov.PILE, prov.hand(p)],
                     players=[p], cards=["build:?"], places=["pile"]) if log.record else None
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
        self._board = {}
        e = log.emit("build", f"{self._name()} builds {a_good(a.good)} stall in zone "
                     f"{zone}, entrance at {stall.entrance}",
                     reads=[prov.stall_key(p, a.good)],
                     writes=[prov.stall_key(p, a.good), prov.door(p, a.good), prov.hand(p),
                             ("cell", cell)],
                     players=[p], stalls=[stall.id], cells=[cell, stall.entrance],
                     cards=[f"build:{zone}"],
                     ids=[prov.stall(p, a.good)]) if log.record else None
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
        self._board = {}
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
        self._board = {}
        e = log.emit("tear_down", f"{self._name()} tears down the {good_name(a.good)} stall",
                     reads=[prov.stall_key(p, a.good)],
                     writes=[prov.stall_key(p, a.good), prov.door(p, a.good),
                             ("cell", stall.cell)],
                     players=[p], stalls=[stall.id], cells=[stall.cell, stall.entrance],
                     ids=[prov.stall(p, a.good)]) if log.record else None
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
        closer = self._closer_competitors(p, good) or []
        if closer:
            n = len(closer)
            self.build_hands[p][stall.zone - 1] -= n
            self.discard.extend([stall.zone] * n)
            if log.record:
                log.emit("marketing", f"Marketing: {n} competing stall(s) are closer; "
                         f"{self._name()} pays {n} build card(s) {stall.zone}",
                         reads=[prov.customer_key(good), prov.stall_key(p, good),
                                *(k for q, g in closer
                                  for k in (prov.stall_key(q, g), prov.door(q, g)))],
                         writes=[prov.hand(p)],
                         players=[p], stalls=[stall_id(*key) for key in closer],
                         cards=[f"build:{stall.zone}"] * n,
                         ids=[prov.customer(good), *(prov.stall(*key) for key in closer)])
        path: list[Cell] = []
        walk_keys: tuple[list[Any], list[Any]] = ([], [])
        if log.record:
            path = customer_path(self._blocked(), source, stall.entrance)
            walk_keys = self._walk_keys(p, good, source, path)
        self.customers[good] = stall.entrance
        walk = log.emit("customer", f"The {good_name(good)} customer walks {len(path) - 1} "
                        f"steps to {self._name()}'s {good_name(good)} stall",
                        reads=walk_keys[0], writes=walk_keys[1],
                        customers=[good], cells=path, stalls=[stall.id],
                        ids=[prov.customer(good), prov.stall(p, good)]) if log.record else None
        other = next(g for g, cell in self.customers.items() if cell is None)
        self.customers[good] = None
        self.customers[other] = stall.entrance
        self._board = {}
        if log.record:
            log.emit("swap", f"The {good_name(good)} customer swaps with the "
                     f"{good_name(other)} customer of the colour-change tile", cause=walk,
                     reads=[prov.customer_key(other)],
                     writes=[prov.customer_key(good), prov.customer_key(other),
                             prov.door(p, good)],
                     customers=[good, other], cells=[stall.entrance],
                     places=["colour-change"], ids=[prov.customer(good), prov.customer(other)])
        count = min(stall.size, self.goods_supply[good])
        self.goods_supply[good] -= count
        self.goods_hands[p][good] += count
        e = log.emit("goods", f"{self._name()} receives {count} {good_name(good)} goods "
                     "card(s)", cause=walk, reads=[prov.stall_key(p, good), ("goods", good)],
                     writes=[prov.hand(p), ("goods", good)], players=[p], stalls=[stall.id],
                     cards=[f"goods:{good}"] * count,
                     ids=[prov.stall(p, good)]) if log.record else None
        self._after_option(log, e)

    def _walk_keys(self, p: int, good: str, source: Cell,
                   path: Sequence[Cell]) -> tuple[list[Any], list[Any]]:
        """What a customer's walk to ``p``'s stall read (where the customer stood, that
        stall and its entrance, every competing stall of its goods and whether a customer
        stands at its entrance: the distances compared; the cells of its path, free since a
        tile left them or always) and what it wrote (the customer's place and visit, the
        entrance it left if it stood at one, the entrance it reached)."""
        who = prov.customer(good)
        reads: list[Any] = [prov.customer_key(good), prov.stall_key(p, good), prov.door(p, good),
                            *(("cell", c) for c in path)]
        for q, g in self.stalls:
            if g == good and q != p:
                reads += [prov.stall_key(q, g), prov.door(q, g)]
        left = self._entrances.get(source)
        writes: list[Any] = [prov.customer_key(good), ("visit", who),
                             ("visit", who, prov.stall(p, good)), prov.door(p, good)]
        if left is not None:
            writes.append(prov.door(*left))
        return reads, writes

    # Hand limit and the turn

    def _after_option(self, log: EventLog, cause: int | None) -> None:
        """OBS: at most eight cards in hand; with more, discard at once, cards of your choice."""
        excess = self.hand_size(self.active) - HAND_LIMIT
        if excess > 0:
            self.stage = "discard"
            if log.record:
                log.emit("hand_limit", f"{self._name()} holds {HAND_LIMIT + excess} cards "
                         f"and must discard {excess}", cause=cause,
                         reads=[prov.hand(self.active)], players=[self.active])
        else:
            self._next_turn(log)

    def _discard_build(self, a: DiscardBuild, log: EventLog) -> None:
        self.build_hands[self.active][a.zone - 1] -= 1
        self.discard.append(a.zone)
        if log.record:
            log.emit("discard", f"{self._name()} discards build card {a.zone}",
                     writes=[prov.hand(self.active)],
                     players=[self.active], cards=[f"build:{a.zone}"], places=["discard"])
        self._after_discard(log)

    def _discard_goods(self, a: DiscardGoods, log: EventLog) -> None:
        self.goods_hands[self.active][a.good] -= 1
        self.goods_supply[a.good] += 1
        if log.record:
            log.emit("discard", f"{self._name()} discards {a_good(a.good)} goods card",
                     writes=[prov.hand(self.active), ("goods", a.good)],
                     players=[self.active], cards=[f"goods:{a.good}"], places=["supply"])
        self._after_discard(log)

    def _after_discard(self, log: EventLog) -> None:
        if self.hand_size(self.active) <= HAND_LIMIT:
            self._next_turn(log)

    def _next_turn(self, log: EventLog) -> None:
        """The turn passes, unless the market has closed (D29): a customer taken this turn
        may have brought the one from the colour-change tile into a pocket."""
        if self.market_closed():
            self._end_of_tori(log, None)
            return
        self.active = (self.active + 1) % self.players
        self.turn += 1
        self.stage = "turn"
        if log.record:  # (the most frequent events are put in words only for a record)
            log.emit("turn", f"{self._name()}'s turn", players=[self.active])

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

    def view(self, player: int | None = None) -> dict[str, Any]:
        """The board and cards as ``player`` sees them: other players' hands show only their
        sizes, and the bonus cards are hidden until the final scoring."""
        occupied = self._customer_cells()
        reveal = bool(self.ended)
        players = []
        for p in range(self.players):
            own = p == player
            players.append({
                "name": self.player_names[p],
                "coat_of_arms": COATS_OF_ARMS[p],
                "hand_size": self.hand_size(p),
                "build_cards": sum(self.build_hands[p]),
                "goods_cards": sum(self.goods_hands[p].values()),
                "build": ([z for z in ZONES for _ in range(self.build_hands[p][z - 1])]
                          if own else None),
                "goods": dict(self.goods_hands[p]) if own else None,
                "stall_supply": self.stall_supply(p),
                "versatility": self.versatility[p],
                "area_bonus": (_area_json(self.area_bonus[p]) if own or reveal else None),
                "colour_bonus": (_colour_json(self.colour_bonus[p]) if own or reveal
                                 else None),
            })
        return {
            "players": players,
            "active": self.active,
            "phase": self.phase,
            "turn": self.turn,
            "must_discard": (max(0, self.hand_size(self.active) - HAND_LIMIT)
                             if self.stage == "discard" else 0),
            "stalls": [{
                "id": st.id, "story": prov.stall(st.owner, st.good),  # the id its story names
                "owner": st.owner, "good": st.good, "cell": cell_json(st.cell),
                "facing": st.facing, "entrance": cell_json(st.entrance),
                "expansions": [cell_json(c) for c in st.expansions], "size": st.size,
                "zone": st.zone, "entrance_empty": st.entrance not in occupied,
            } for st in self._sorted_stalls()],
            "customers": {g: cell_json(c) for g, c in self.customers.items()},
            "customer_ids": {g: prov.customer(g) for g in self.customers},
            "colour_change": next((g for g, c in self.customers.items() if c is None), None),
            "display": list(self.display),
            "pile": len(self.pile),
            "discard": list(self.discard),
            "goods_supply": dict(self.goods_supply),
            "expansion_supply": {g: self.expansion_supply(g) for g in GOODS},
            "majority": {g: {"gold": self.gold[g], "silver": self.silver[g]} for g in GOODS},
            "scores": self.scores() if reveal else None,
        }

    def _sorted_stalls(self) -> list[Stall]:
        return [self.stalls[key] for key in sorted(self.stalls,
                                                   key=lambda k: (k[0], GOODS.index(k[1])))]

    # -- state -----------------------------------------------------------------------------

    def _state(self) -> dict[str, Any]:
        return {
            "players": self.players, "rng": self.rng.state, "active": self.active,
            "stage": self.stage, "turn": self.turn, "ended": self.ended,
            "pile": sorted(self.pile), "display": list(self.display),
            "discard": list(self.discard),
            "hands": [{"build": list(self.build_hands[p]), "goods": dict(self.goods_hands[p])}
                      for p in range(self.players)],
            "goods_supply": dict(self.goods_supply),
            "stalls": [{"owner": st.owner, "good": st.good, "cell": cell_json(st.cell),
                        "facing": st.facing,
                        "expansions": [cell_json(c) for c in st.expansions]}
                       for st in self._sorted_stalls()],
            "customers": {g: cell_json(self.customers[g]) for g in GOODS},
            "majority": {g: {"gold": self.gold[g], "silver": self.silver[g]} for g in GOODS},
            "versatility": list(self.versatility),
            "area_bonus": list(self.area_bonus),
            "colour_bonus": list(self.colour_bonus),
        }

    @classmethod
    def _from_state(cls, data: Mapping[str, Any]) -> Tori:
        return _load(cls, data)

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


def _area_json(card_id: str) -> dict[str, Any]:
    return {"id": card_id, "zones": list(AREA_CARD[card_id].zones)}


def _colour_json(card_id: str) -> dict[str, Any]:
    return {"id": card_id, "goods": list(COLOUR_CARD[card_id].goods)}


# Actions are frozen values: the generators hand out ones made once, not new ones each time.
def _builds_facing(good: str, cell: Cell) -> dict[int, tuple[Build, ...]]:
    """The Build actions of a stall tile of ``good`` on ``cell``, for each set of free
    entrance spaces (a mask: any of the cell's, ``_ENTRANCES``): one per facing onto them."""
    made = [(BIT[e], Build(good, cell[0], cell[1], f))  # type: ignore[arg-type]
            for f, e in _ENTRANCES[cell]]
    free_sets = [0]
    for door, _ in made:
        free_sets += [free | door for free in free_sets]
    return {free: tuple(b for door, b in made if door & free) for free in free_sets}


_BUILDS: dict[tuple[str, Cell], dict[int, tuple[Build, ...]]] = {
    (g, cell): _builds_facing(g, cell) for g in GOODS for cell in _STALL_TERRAIN[g]}
_EXPANDS: dict[tuple[str, Cell, int], Expand] = {}
_TAKE_CUSTOMER: dict[str, TakeCustomer] = {g: TakeCustomer(g) for g in GOODS}  # type: ignore[arg-type]
_TEAR_DOWN: dict[str, TearDown] = {g: TearDown(g) for g in GOODS}  # type: ignore[arg-type]
_DISCARD_BUILD: dict[int, DiscardBuild] = {z: DiscardBuild(z) for z in ZONES}
_DISCARD_GOODS: dict[str, DiscardGoods] = {g: DiscardGoods(g) for g in GOODS}  # type: ignore[arg-type]
_TAKE_FACE_UP: dict[int, TakeFaceUp] = {z: TakeFaceUp(z) for z in ZONES}
_DRAW_PILE, _REFRESH, _TAKE_FROM_PILE = DrawPile(), Refresh(), TakeFromPile()
_DRAW_FACE_UP: dict[tuple[int, ...], tuple[DrawFaceUp, ...]] = {}
"""The DrawFaceUp actions of a display (its cards lowest first)."""


def _draw_face_up_actions(display: list[int]) -> tuple[DrawFaceUp, ...]:
    shown = tuple(sorted(display))
    actions = _DRAW_FACE_UP.get(shown)
    if actions is None:
        pairs = sorted({(a, b) for i, a in enumerate(shown) for b in shown[i + 1:]})
        actions = _DRAW_FACE_UP[shown] = tuple(DrawFaceUp(a, b) for a, b in pairs)
    return actions


@lru_cache(maxsize=16384)
def _builds_in_zone(z: int, taken: int, allowed: tuple[tuple[str, int], ...]) -> tuple[Build, ...]:
    """Byg en ny bod: the stall tiles a build card of zone ``z`` may place, where
    ``allowed`` says where each good's stall tile may stand (masks: its terrain, not taken,
    not touching a stall of its colour) and ``taken`` the spaces no entrance may open on."""
    anywhere = 0
    for _, cells in allowed:
        anywhere |= cells
    acts: list[Build] = []
    for cell, bit, doors in _BUILD_PLACES[z]:
        if not bit & anywhere:
            continue
        free = doors & ~taken  # where its entrance may open
        if not free:
            continue
        for g, cells in allowed:
            if bit & cells:
                acts.extend(_BUILDS[g, cell][free])
    return tuple(acts)


def _expand_action(good: str, cell: Cell, zone: int) -> Expand:
    """The one Expand action of these fields (made once)."""
    key = (good, cell, zone)
    action = _EXPANDS.get(key)
    if action is None:
        action = _EXPANDS[key] = Expand(good, cell[0], cell[1], zone)  # type: ignore[arg-type]
    return action


_GENERATORS: dict[str, Callable[[Tori], list[Action]]] = {
    "turn": Tori._turn_options,
    "refresh": Tori._refresh_options,
    "discard": Tori._discard_options,
    "over": lambda game: [],
}

_PLAYS: dict[type[Action], Callable[[Tori, Any, EventLog], None]] = {
    DrawFaceUp: Tori._draw_face_up, DrawPile: Tori._draw_pile, Refresh: Tori._refresh,
    TakeFaceUp: Tori._take_face_up, TakeFromPile: Tori._take_from_pile, Build: Tori._build,
    Expand: Tori._expand, TearDown: Tori._tear_down, TakeCustomer: Tori._take_customer,
    DiscardBuild: Tori._discard_build, DiscardGoods: Tori._discard_goods,
}

_WHY_NOT: dict[type[Action], Callable[[Tori, Any], str | None]] = {
    DrawFaceUp: Tori._why_not_draw_face_up, DrawPile: Tori._why_not_draw_pile,
    Refresh: Tori._why_not_refresh, TakeFaceUp: Tori._why_not_take_face_up,
    TakeFromPile: Tori._why_not_take_from_pile, Build: Tori._why_not_build,
    Expand: Tori._why_not_expand, TearDown: Tori._why_not_tear_down,
    TakeCustomer: Tori._why_not_take_customer, DiscardBuild: Tori._why_not_discard_build,
    DiscardGoods: Tori._why_not_discard_goods,
}


# ---------------------------------------------------------------------------------------------
# Loading a state strictly (a save file is untrusted)
# ---------------------------------------------------------------------------------------------


_STATE_KEYS = frozenset({
    "players", "rng", "active", "stage", "turn", "ended", "pile", "display", "discard",
    "hands", "goods_supply", "stalls", "customers", "majority", "versatility", "area_bonus",
    "colour_bonus"})
_STALL_KEYS = frozenset({"owner", "good", "cell", "facing", "expansions"})


def _keys(data: Any, keys: frozenset[str], where: str) -> Mapping[str, Any]:
    """``data`` must be an object with exactly ``keys``: none missing, none unknown."""
    if not isinstance(data, Mapping):
        raise SaveError(f"{where} must be an object, got {type(data).__name__}")
    missing = sorted(keys - set(data))
    if missing:
        raise SaveError(f"{where} lacks {missing[0]!r}")
    unknown = sorted(str(k) for k in set(data) - keys)
    if unknown:
        raise SaveError(f"{where} holds unknown keys {unknown}")
    return data


def _choice(data: Mapping[str, Any], key: str, options: Any, where: str) -> str:
    value = data[key]
    if not isinstance(value, str) or value not in options:
        raise SaveError(f"{where}.{key} must be one of {sorted(map(str, options))}, "
                        f"got {value!r:.40}")
    return value


def _cell(value: Any, where: str) -> Cell:
    if (not isinstance(value, list) or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
        raise SaveError(f"{where} must be a cell [row, col], got {value!r:.40}")
    cell = (value[0], value[1])
    if cell not in ZONE_OF:
        raise SaveError(f"{where} {list(cell)} is not on the board")
    return cell


def _player_or_none(value: Any, players: int, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise SaveError(f"{where} must be a player number or null, got {value!r:.40}")
    return value


def _goods_counts(data: Any, where: str, high: int) -> dict[str, int]:
    _keys(data, frozenset(GOODS), where)
    return {g: s.integer(data, g, 0, high, where) for g in GOODS}


def _card_ids(data: Mapping[str, Any], key: str, cards: Mapping[str, Any],
              players: int) -> tuple[str, ...]:
    ids = s.field(data, key, list)
    if (len(ids) != players or not all(isinstance(i, str) and i in cards for i in ids)
            or len(set(ids)) != players):
        kind = key.replace("_", " ")
        raise SaveError(f"state.{key} must deal a different {kind} card ({', '.join(cards)}) "
                        f"to each of the {players} players, got {ids!r:.60}")
    return tuple(ids)


def _load(cls: type[Tori], data: Mapping[str, Any]) -> Tori:
    """Read a state strictly (types, keys, ranges), then check that it can be true
    (:func:`_check_state`)."""
    _keys(data, _STATE_KEYS, "state")
    players = s.integer(data, "players", cls.min_players, cls.max_players)
    game = cls(players, Rng(state=s.integer(data, "rng", 0, 2**64 - 1)))
    game.active = s.integer(data, "active", 0, players - 1)
    game.stage = _choice(data, "stage", PHASES, "state")
    game.turn = s.integer(data, "turn", 0, 10**9)
    game.ended = s.field(data, "ended", str)
    total = len(ZONES) * BUILD_CARDS_PER_ZONE
    game.pile = s.int_list(data, "pile", 1, 9, max_len=total)
    if game.pile != sorted(game.pile):
        raise SaveError("state.pile lists the face-down build cards lowest first: their "
                        "order is not known until they are drawn (D31)")
    game.display = s.int_list(data, "display", 1, 9, max_len=DISPLAY_SIZE)
    game.discard = s.int_list(data, "discard", 1, 9, max_len=total)
    hands = s.field(data, "hands", list)
    if len(hands) != players:
        raise SaveError("state.hands must hold one hand per player")
    for p, hand in enumerate(hands):
        _keys(hand, frozenset({"build", "goods"}), f"hands[{p}]")
        game.build_hands[p] = s.int_list(hand, "build", 0, BUILD_CARDS_PER_ZONE,
                                         f"hands[{p}]", max_len=len(ZONES))
        if len(game.build_hands[p]) != len(ZONES):
            raise SaveError(f"hands[{p}].build must count the cards of each of the 9 zones")
        game.goods_hands[p] = _goods_counts(s.field(hand, "goods", dict, f"hands[{p}]"),
                                            f"hands[{p}].goods", GOODS_CARDS_PER_GOOD)
    game.goods_supply = _goods_counts(s.field(data, "goods_supply", dict),
                                      "state.goods_supply", GOODS_CARDS_PER_GOOD)
    _load_stalls(game, s.field(data, "stalls", list))
    _load_customers(game, s.field(data, "customers", dict))
    majority = _keys(s.field(data, "majority", dict), frozenset(GOODS), "state.majority")
    for g in GOODS:
        where = f"majority.{g}"
        cards = _keys(s.field(majority, g, dict, "state.majority"),
                      frozenset({"gold", "silver"}), where)
        game.gold[g] = _player_or_none(cards["gold"], players, f"{where}.gold")
        game.silver[g] = _player_or_none(cards["silver"], players, f"{where}.silver")
    versatility = s.field(data, "versatility", list)
    if len(versatility) != players or not all(isinstance(v, bool) for v in versatility):
        raise SaveError("state.versatility must hold one true/false per player")
    game.versatility = list(versatility)
    game.area_bonus = _card_ids(data, "area_bonus", AREA_CARD, players)
    game.colour_bonus = _card_ids(data, "colour_bonus", COLOUR_CARD, players)
    game._board = {}  # (nothing read from a board still being loaded stays)
    _check_state(game)
    return game


def _check_state(game: Tori) -> None:
    """Refuse a state that no game can reach: the invariants the random-play test checks
    (cards, tiles and customers conserved, the hand limit, the board's placement rules, the
    majority and versatility cards as the stalls earned them, the end exactly when an end
    condition holds) and the order of play."""
    players = game.players
    for z in ZONES:
        held = (game.pile.count(z) + game.display.count(z) + game.discard.count(z)
                + sum(h[z - 1] for h in game.build_hands))
        if held != BUILD_CARDS_PER_ZONE:
            raise SaveError(f"there must be {BUILD_CARDS_PER_ZONE} build cards {z} in all, "
                            f"the state has {held}")
    for g in GOODS:
        if game.goods_supply[g] + sum(h[g] for h in game.goods_hands) != GOODS_CARDS_PER_GOOD:
            raise SaveError(f"there must be {GOODS_CARDS_PER_GOOD} {g} goods cards in all")
    if game.active != game.turn % players:
        raise SaveError(f"turns pass in seat order from player 1: at turn {game.turn} it is "
                        f"player {game.turn % players + 1}'s turn, not player "
                        f"{game.active + 1}'s")
    # the hand limit: only the player deciding what to discard holds more than eight
    over = [p for p in range(players) if game.hand_size(p) > HAND_LIMIT]
    if game.stage == "discard":
        if over != [game.active]:
            raise SaveError(f"in the discard phase the active player holds more than "
                            f"{HAND_LIMIT} cards, and only they do")
    elif over:
        raise SaveError(f"a hand holds more than {HAND_LIMIT} cards outside the discard phase")
    if game.stage == "refresh" and len(game.display) != DISPLAY_SIZE:
        raise SaveError("the decision after a refresh has five face-up build cards to "
                        f"choose from, the state has {len(game.display)}")
    _check_majorities(game)
    for p in range(players):
        groups = sum(1 for (q, _), st in game.stalls.items() if q == p and st.expansions)
        need = VERSATILITY_GOODS[players]
        if game.versatility[p] != (groups >= need):
            has = "holds" if game.versatility[p] else "lacks"
            raise SaveError(f"player {p + 1} {has} a versatility card with expansion tiles in "
                            f"{groups} goods groups; {need} earn one with {players} players")
    reason = game.end_reason()
    if game.stage == "over":
        if reason is None:
            raise SaveError("the game is over, but no end condition holds")
        if game.ended != reason:
            raise SaveError(f"the game ended because {reason}, not {game.ended!r:.60}")
    elif game.ended:
        raise SaveError("state.ended gives a reason, but the stage is not 'over'")
    elif reason is not None and not (reason == MARKET_CLOSED and game.stage == "discard"):
        # (a customer closing the market ends the game when the turn passes, D29)
        raise SaveError(f"the game should have ended: {reason}")


def _check_majorities(game: Tori) -> None:
    """Majoritetskort (D17): nobody holds a group's cards before its first expansion; the
    gold holder has the largest stall of the group; the silver holder one just as large,
    or the gold holder holds both and every other stall is smaller."""
    for g in GOODS:
        sizes = {q: st.size for (q, h), st in game.stalls.items() if h == g}
        gold, silver = game.gold[g], game.silver[g]
        largest = max(sizes.values(), default=1)
        if gold is None or silver is None:
            if gold is not silver:
                raise SaveError(f"majority.{g}: gold and silver are taken together the first "
                                "time")
            if largest > 1:
                raise SaveError(f"{a_good(g)} stall is expanded, but nobody holds its majority "
                                "cards")
            continue
        if largest == 1:
            raise SaveError(f"majority cards of {g} are held, but no {g} stall is expanded")
        if sizes.get(gold) != largest:
            raise SaveError(f"the gold majority card of {g} is held by player {gold + 1}, "
                            f"who has not the largest {g} stall")
        if silver == gold:
            if sum(1 for size in sizes.values() if size == largest) > 1:
                raise SaveError(f"player {gold + 1} holds gold and silver of {g}, but their "
                                "stall is not strictly larger than every other")
        elif sizes.get(silver) != largest:
            raise SaveError(f"the silver majority card of {g} is held by player "
                            f"{silver + 1}, whose stall is not as large as the gold holder's")


def _load_stalls(game: Tori, stalls: list[Any]) -> None:
    if len(stalls) > STALLS_PER_PLAYER * game.players:
        raise SaveError("state.stalls holds too many stalls")
    for i, raw in enumerate(stalls):
        where = f"stalls[{i}]"
        _keys(raw, _STALL_KEYS, where)
        owner = s.integer(raw, "owner", 0, game.players - 1, where)
        good = _choice(raw, "good", GOODS, where)
        facing = _choice(raw, "facing", FACINGS, where)
        cell = _cell(s.field(raw, "cell", list, where), f"{where}.cell")
        expansions = tuple(_cell(c, f"{where}.expansions")
                           for c in s.field(raw, "expansions", list, where))
        if (owner, good) in game.stalls:
            raise SaveError(f"{where}: player {owner + 1} has two {good} stalls")
        stall = Stall(owner, good, cell, facing, expansions)
        if cell not in stall_terrain(good):
            raise SaveError(f"{where}: {a_good(good)} stall cannot stand on {list(cell)}")
        if stall.entrance not in SQUARE or stall.entrance in INFO:
            raise SaveError(f"{where}: its entrance {list(stall.entrance)} is not on the square")
        if any(c not in expansion_terrain(good) for c in expansions):
            raise SaveError(f"{where}: an expansion tile lies where {a_good(good)} stall "
                            "cannot grow")
        for k, tile in enumerate(expansions):
            if all(tile not in NEIGHBOURS[t] for t in stall.tiles[:k + 1]):
                raise SaveError(f"{where}: expansion tile {list(tile)} does not touch the "
                                "stall tile or an expansion tile placed before it")
        for tile in stall.tiles:
            if tile in game._tiles or tile in INFO:
                raise SaveError(f"{where}: {list(tile)} is covered twice")
            game._tiles[tile] = (owner, good)
            game._tile_bits |= BIT[tile]
        if stall.entrance in game._entrances:
            raise SaveError(f"{where}: two stalls share the entrance {list(stall.entrance)}")
        game._entrances[stall.entrance] = (owner, good)
        game._entrance_bits |= BIT[stall.entrance]
        game.stalls[(owner, good)] = stall
    order = [(st.owner, GOODS.index(st.good)) for st in game.stalls.values()]
    if order != sorted(order):
        raise SaveError("state.stalls must list the stalls by player, each player's in the "
                        f"goods' order {list(GOODS)}")
    if set(game._tiles) & set(game._entrances):
        raise SaveError("a tile covers a stall's entrance")
    for tile, (owner, good) in game._tiles.items():
        if any(game._tiles.get(n, (owner, "")) [1] == good and game._tiles[n][0] != owner
               for n in NEIGHBOURS[tile]):
            raise SaveError(f"stalls of the same colour ({good}) touch at {list(tile)}")
    for g in GOODS:
        if game.expansion_supply(g) < 0:
            raise SaveError(f"more than {EXPANSION_TILES[g]} {g} expansion tiles are placed")


def _load_customers(game: Tori, customers: Mapping[str, Any]) -> None:
    _keys(customers, frozenset(GOODS), "state.customers")
    cells = {g: None if customers[g] is None else _cell(customers[g], f"customers.{g}")
             for g in GOODS}
    if sum(1 for c in cells.values() if c is None) != 1:
        raise SaveError("exactly one customer stands on the colour-change tile")
    placed = [c for c in cells.values() if c is not None]
    if len(set(placed)) != len(placed):
        raise SaveError("two customers stand on the same space")
    for c in placed:
        if c not in SQUARE or c in INFO or c in game._tiles:
            raise SaveError(f"a customer stands on {list(c)}, which is not a free square space")
    game.customers = {g: cells[g] for g in GOODS}
