"""Tori's legal actions, generated fast (D34 in ``docs/rules/tori.md``): random players
and search ask for them thousands of times a game.

What the board allows a player is worked out as masks (``walking.BIT``: a set of cells is
one integer, so "free", "touching" and "on its terrain" are one ``&`` each), kept per player
until the board changes (``Tori._board``), and handed out as actions made once (actions are
frozen values). The rules are the engine's (``rules.py``: each option's effect cites its
section); this module says when each option can be taken, and ``view.why_not`` says the same
in words: ``test_expand_a_stall`` holds the two doors equal.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from typing import TYPE_CHECKING, Any

from ecogames.core import Action

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
)
from .components import (
    CELLS_OF_ZONE,
    COATS_OF_ARMS,
    COLS,
    DISPLAY_SIZE,
    DRAW_TWO,
    FACINGS,
    GOODS,
    INFORMATION_POINTS,
    NEIGHBOURS,
    SQUARE,
    ZONE_OF,
    ZONES,
    Cell,
    entrance_of,
    expansion_terrain,
    stall_terrain,
)
from .walking import BIT, WALKS, bits, closer_in, closer_than, parts_after
from .walking import parts as walking_parts

if TYPE_CHECKING:
    from .rules import Stall, Tori

INFO: frozenset[Cell] = frozenset(INFORMATION_POINTS)
_ENTRANCES: dict[Cell, tuple[tuple[str, Cell], ...]] = {
    cell: tuple((f, e) for f in FACINGS if (e := entrance_of(cell, f)) in SQUARE)
    for cell in ZONE_OF
}
"""For each cell, the facings whose entrance space lies on the square."""

# The board's places as bit masks (walking.BIT)
_INFO_BITS = bits(INFO)
_STALL_TERRAIN_BITS = {g: bits(stall_terrain(g)) for g in GOODS}
_EXPANSION_TERRAIN_BITS = {g: bits(expansion_terrain(g)) for g in GOODS}
_PLACE_BITS = tuple(bits(cell for cell in CELLS_OF_ZONE[z] if cell not in INFO and _ENTRANCES[cell])
                    for z in ZONES)
"""For each zone (a hand's counts, zone by zone), its cells where a stall tile could stand
(a mask)."""
_SQUARE_BITS = bits(SQUARE)
_NOT_FIRST_COLUMN = bits(cell for cell in ZONE_OF if cell[1] != 0)
_NOT_LAST_COLUMN = bits(cell for cell in ZONE_OF if cell[1] != COLS - 1)
_DOOR_SPACES: dict[int, int] = {BIT[cell]: bits(e for _, e in _ENTRANCES[cell])
                                for cell in ZONE_OF}
"""For each cell (its bit), the spaces on the square its entrance could open on (a mask)."""


def legal_actions(game: Tori) -> list[Action]:
    """Every action legal now, in a fixed order (``Tori.legal_actions``)."""
    return _GENERATORS[game.stage](game)


def _turn_options(game: Tori) -> list[Action]:
    """Sådan spiller du Tori: draw build cards (two face up, two from the pile, or a
    refresh), build, expand, tear down, take a customer, in that order. (What the board
    allows, ``_Sites``, the draws and the kept tear-downs are read inline: asked at every
    turn, where a call costs more than most of them.)"""
    p = game.active
    board = game._board
    sites = board.get(p)  # what the board allows p
    if sites is None:
        sites = board[p] = (_build_sites(game, p), {})
    shown = tuple(sorted(game.display))  # Træk byggekort: two of the face-up cards
    draws = _DRAW_FACE_UP.get(shown)
    acts: list[Action] = list(draws if draws is not None else _draw_face_up_actions(shown))
    available = len(game.pile) + len(game._top) + len(game.discard)  # (Tori._available)
    if available >= DRAW_TWO:  # or two from the pile
        acts.append(_DRAW_PILE)
    if available >= DISPLAY_SIZE:  # or five new face up, then one card
        acts.append(_REFRESH)
    _build_options(game, p, sites[0], acts)  # then each option's actions, added to that list
    _expand_options(game, p, sites[1], acts)
    kept = board.get("tear_downs")
    made = kept[p] if kept is not None else None
    acts += made if made is not None else _tear_down_options(game, p)
    _customer_options(game, p, acts)
    return acts


def _tear_down_options(game: Tori, p: int) -> list[Action]:
    """Riv en bod ned: each of the player's stalls without expansion tiles. Kept with the
    board, each player's until an option changes that player's stalls (``board_changed``)."""
    kept = game._board.get("tear_downs")
    if kept is None:
        kept = game._board["tear_downs"] = [None] * game.players
    made = kept[p]
    if made is None:
        made = kept[p] = [_TEAR_DOWN[g] for g in GOODS
                          if (stall := game.stalls.get((p, g))) is not None
                          and not stall.expansions]
    return made  # type: ignore[no-any-return]


def _build_options(game: Tori, p: int, sites: _BuildSites, acts: list[Action]) -> None:
    """Byg en ny bod: the stalls ``p`` may build with the build cards in hand, zone by zone
    (a card of the zone pays), in each cell by cell in row order, each good in order, each
    facing onto a free space (added to ``acts``), where ``sites`` (``_build_sites``) allow."""
    free, allowed, anywhere = sites
    if not anywhere:
        return
    zones = compress(_PLACE_BITS, game.build_hands[p])  # the zones of the cards in hand
    if len(allowed) == 1:  # one good (three boards in five that allow any): its cells alone
        made = allowed[0][0]
        for here in zones:
            here &= anywhere
            while here:
                bit = here & -here  # the cells lowest first: row by row
                here ^= bit
                spaces, facing = made[bit]
                acts.extend(facing[spaces & free])  # facing where its entrance may open
        return
    for here in zones:
        here &= anywhere
        while here:
            bit = here & -here
            here ^= bit
            doors = _DOOR_SPACES[bit] & free  # where its entrance may open
            for made, cells in allowed:
                if bit & cells:
                    acts.extend(made[bit][1][doors])


_Facings = tuple[int, dict[int, tuple[Build, ...]]]
_BuildSites = tuple[int, tuple[tuple[dict[int, _Facings], int], ...], int]
_Sites = tuple[_BuildSites, dict[str, list[Cell]]]
"""What the board alone allows one player, whatever the hands hold: the legal-action
generators' memo (``Tori._board`` keeps one per player until the board changes): where
stall tiles may go (``_build_sites``), and the cells where each stall may take an expansion
tile (``_expansion_sites`` by good, worked out when first asked)."""


def _build_sites(game: Tori, p: int) -> _BuildSites:
    """Where ``p`` may place a stall tile of each good of its supply (masks): the spaces of
    the square free for an entrance (not ``Tori._taken()``); for each good, its Build
    actions by cell (``_BUILDS_AT``) and the cells of its terrain not taken nor
    ``Tori._touching()``, with an entrance space free; all those cells."""
    occupied = game._board.get("customers")  # (Tori._customer_bits' memo, read here first)
    if occupied is None:
        occupied = game._customer_bits()
    taken = game._tile_bits | _INFO_BITS | game._entrance_bits | occupied
    stalls = game.stalls
    touching: dict[str, int] = {}  # (_touching_bits)
    for g, key in _SEAT_GOODS[p]:
        if key not in stalls:
            touching[g] = 0
    if not touching:
        return 0, (), 0
    for (player, g), stall in stalls.items():
        if g in touching and player != p:
            touching[g] |= stall.around
    # the cells whose entrance may open on a free space, facing each way (D4, D5)
    untaken = ~taken
    free = _SQUARE_BITS & untaken
    open_ = ((free << COLS) | (free >> COLS) | ((free << 1) & _NOT_FIRST_COLUMN)
             | ((free >> 1) & _NOT_LAST_COLUMN)) & untaken
    allowed = []
    anywhere = 0
    for g, mask in touching.items():
        cells = _STALL_TERRAIN_BITS[g] & open_
        if mask:
            cells &= ~mask
        allowed.append((_BUILDS_AT[g], cells))
        anywhere |= cells
    return free, tuple(allowed), anywhere


def _expand_options(game: Tori, p: int, sites: dict[str, list[Cell]],
                    acts: list[Action]) -> None:
    """Udvid en bod: each expansion ``p`` may pay for now (added to ``acts``); ``sites``:
    the cells where each stall may take one, by good, as far as worked out (``_Sites``)."""
    hand = game.build_hands[p]
    for g, cards in game.goods_hands[p].items():  # (good by good, in order)
        if cards < 2:
            continue  # too few for any stall: its size after expanding is two or more
        stall = game.stalls.get((p, g))
        if stall is None or cards < stall.size + 1:
            continue
        if game.expansion_supply(g) <= 0:
            continue
        zones = sorted(z for z in stall.zones if hand[z - 1])
        if zones:
            cells = sites.get(g)
            if cells is None:
                cells = sites[g] = _expansion_sites(game, p, stall)
            for cell in cells:
                acts.extend(_expand_action(g, cell, z) for z in zones)


def _expansion_sites(game: Tori, p: int, stall: Stall) -> list[Cell]:
    """Udvid en bod: the cells where ``stall`` may take an expansion tile (whatever
    the hand holds), in row order."""
    g = stall.good
    taken = game._tile_bits | _INFO_BITS | game._entrance_bits | game._customer_bits()
    free = _EXPANSION_TERRAIN_BITS[g] & ~_touching_bits(game, g, p) & ~taken
    cells = sorted({n for t in stall.tiles for n in NEIGHBOURS[t]})
    return [c for c in cells if BIT[c] & free]


def _customer_options(game: Tori, p: int, acts: list[Action]) -> None:
    """Tag en kunde: each good whose customer can walk to ``p``'s stall's empty entrance,
    with build cards enough to pay for the competing stalls closer to it (marketing; added
    to ``acts``)."""
    hand = game.build_hands[p]
    tiles = game._tile_bits
    buyers = game._board.get("buyers")
    if buyers is None:
        buyers = _buyers(game)
    parts = game._board.get("parts")
    if parts is None:
        parts = game._board["parts"] = walking_parts(tiles)
    # one part (nine boards in ten): every free space of the square lies in it, where each
    # customer stands and each entrance opens (no tile stands on either, D5)
    whole = parts[0] if len(parts) == 1 else 0
    for buyer in buyers:
        if buyer is None:
            continue
        g, cell, here, seats = buyer
        mine = seats[p]
        if mine is None:
            continue  # no stall of the good, or a customer stands at its entrance
        door, zone, rivals, count = mine
        if whole:
            part = whole
        else:
            for part in parts:  # (part_of)
                if part & here:
                    break
            else:
                continue  # the customer stands nowhere it can walk (walled in by tiles)
            if not part & door:
                continue  # the customer cannot walk there
        cards = hand[zone]
        if count <= cards:  # only then do distances matter
            acts.append(_TAKE_CUSTOMER[g])
            continue
        # _closer_competitors, as one walk that stops at the stall's entrance (kept while
        # no tile comes or goes where it could change it: walking.WALKS)
        known = WALKS.get((cell, door, rivals))
        closer = (known[2] if known is not None and not (known[0] ^ tiles) & known[1]
                  else closer_in(tiles, cell, door, rivals, part))
        if closer <= cards:
            acts.append(_TAKE_CUSTOMER[g])


def marketing(game: Tori, p: int, good: str) -> int:
    """How many competing stalls with an empty entrance are closer to ``good``'s customer
    than ``p``'s stall (``len(Tori._closer_competitors)``, 0 when it cannot walk there): one
    build card each. The walk is the one ``_customer_options`` asked (``walking.WALKS``)."""
    buyers = game._board.get("buyers")
    buyer = buyers[_GOOD_INDEX[good]] if buyers is not None else _buyer(game, good)
    mine = None if buyer is None else buyer[3][p]
    if buyer is None or mine is None:  # not a legal take: the rules' own count
        return len(game._closer_competitors(p, good) or ())
    door, _, rivals, count = mine
    if not count:
        return 0
    return closer_than(game._tile_bits, buyer[1], door, rivals, part_of(game, buyer[1])) or 0


_Buyer = tuple[str, Cell, int, tuple[tuple[int, int, int, int] | None, ...]]
"""A customer on the square (``_buyers``): its good, its cell (and its bit), and for each
player whose stall of its good has an empty entrance (no customer stands there; ``None`` for
the others): that entrance (a mask), the build hand's index of the stall's zone (zone - 1), the
empty entrances of the other players' stalls of the good (a mask) and how many."""


def _buyers(game: Tori) -> list[_Buyer | None]:
    """Tag en kunde: each good's customer on the square and the stalls it could go to
    (``_Buyer``; ``None``: on the colour-change tile), good by good. Kept with the board:
    an option that changes the board works out again only the goods it touched
    (``board_changed``)."""
    known = game._board.get("buyers")
    if known is None:
        known = game._board["buyers"] = [_buyer(game, g) for g in GOODS]
    return known  # type: ignore[no-any-return]


def _buyer(game: Tori, good: str) -> _Buyer | None:
    cell = game.customers[good]
    if cell is None:
        return None
    occupied = game._customer_bits()
    doors = []
    empty = 0
    for q in range(game.players):  # one stall of each good a player
        stall = game.stalls.get((q, good))
        if stall is None:
            continue
        free = not stall.door & occupied
        if free:  # a competing stall counts only with an empty entrance
            empty |= stall.door
        doors.append((q, stall.door, stall.zone - 1, free))
    seats: list[tuple[int, int, int, int] | None] = [None] * game.players
    for q, door, zone, free in doors:
        if not free:
            continue  # the entrance is not empty
        rivals = empty & ~door
        seats[q] = (door, zone, rivals, rivals.bit_count())
    return good, cell, BIT[cell], tuple(seats)


def part_of(game: Tori, cell: Cell) -> int:
    """The part of the square a customer on ``cell`` can walk in (a mask; 0: none): one
    of the board's parts (``walking.parts``), kept with the board and patched as a tile
    comes or goes (``board_changed``)."""
    parts = game._board.get("parts")
    if parts is None:
        parts = game._board["parts"] = walking_parts(game._tile_bits)
    bit = BIT[cell]
    for part in parts:
        if part & bit:
            return part  # type: ignore[no-any-return]
    return 0


def board_changed(game: Tori, before: dict[int | str, Any], tile: Cell | None,
                  goods: tuple[str, ...], owner: int | None = None) -> None:
    """The new board's memo (``Tori._board``, a new dict: a copy of the game keeps the old
    one) after an option that placed or took away the tile on ``tile`` (``None``: no
    tile), touched only the customers and stalls of ``goods`` and changed the stalls of
    ``owner`` (``None``: nobody's): what the board ``before`` it knew and the change leaves
    true is kept, or patched (in new objects: the board before keeps its own)."""
    tear_downs = before.get("tear_downs")
    if tear_downs is not None:
        if owner is not None:
            tear_downs = list(tear_downs)
            tear_downs[owner] = None
        game._board["tear_downs"] = tear_downs
    buyers = before.get("buyers")
    if buyers is not None:
        if goods:
            buyers = list(buyers)  # (never changed in place: the board before keeps it)
            for g in goods:
                buyers[_GOOD_INDEX[g]] = _buyer(game, g)
        game._board["buyers"] = buyers
    if tile is not None:  # a tile placed or taken away moves no customer
        customers = before.get("customers")
        if customers is not None:
            game._board["customers"] = customers
    parts = before.get("parts")
    if parts is not None:
        game._board["parts"] = parts if tile is None else parts_after(
            parts, game._tile_bits, BIT[tile])


def _refresh_options(game: Tori) -> list[Action]:
    acts: list[Action] = [_TAKE_FACE_UP[z] for z in sorted(set(game.display))]
    if game._available():
        acts.append(_TAKE_FROM_PILE)
    return acts


def _discard_options(game: Tori) -> list[Action]:
    goods = game.goods_hands[game.active]
    return [*compress(_DISCARD_BUILDS, game.build_hands[game.active]),
            *compress(_DISCARD_EACH_GOOD, map(goods.__getitem__, GOODS))]


def _touching_bits(game: Tori, good: str, owner: int) -> int:
    """``Tori._touching`` as a mask."""
    mask = 0
    for (player, g), stall in game.stalls.items():
        if g == good and player != owner:
            mask |= stall.around
    return mask


# Actions are frozen values: the generators hand out ones made once, not new ones each time.
def _builds_facing(good: str, cell: Cell) -> _Facings:
    """The Build actions of a stall tile of ``good`` on ``cell``: the spaces its entrance
    could open on (a mask, ``_DOOR_SPACES``), and for each set of them free (a mask: any of
    them), one per facing onto them."""
    made = [(BIT[e], Build(good, cell[0], cell[1], f))  # type: ignore[arg-type]
            for f, e in _ENTRANCES[cell]]
    free_sets = [0]
    for door, _ in made:
        free_sets += [free | door for free in free_sets]
    return _DOOR_SPACES[BIT[cell]], {free: tuple(b for door, b in made if door & free)
                                     for free in free_sets}


_BUILDS_AT: dict[str, dict[int, _Facings]] = {
    g: {BIT[cell]: _builds_facing(g, cell) for cell in stall_terrain(g)} for g in GOODS}
"""For each good, the Build actions of a stall tile on a cell (its bit), with the spaces its
entrance could open on (``_builds_facing``)."""
_EXPANDS: dict[tuple[str, Cell, int], Expand] = {}
_GOOD_INDEX = {g: i for i, g in enumerate(GOODS)}
_SEAT_GOODS = tuple(tuple((g, (p, g)) for g in GOODS) for p in range(len(COATS_OF_ARMS)))
"""Each good and a seat's key of its stall in ``Tori.stalls``, for each seat (made once)."""
_TAKE_CUSTOMER: dict[str, TakeCustomer] = {g: TakeCustomer(g) for g in GOODS}  # type: ignore[arg-type]
_TEAR_DOWN: dict[str, TearDown] = {g: TearDown(g) for g in GOODS}  # type: ignore[arg-type]
_DISCARD_BUILD: dict[int, DiscardBuild] = {z: DiscardBuild(z) for z in ZONES}
_DISCARD_GOODS: dict[str, DiscardGoods] = {g: DiscardGoods(g) for g in GOODS}  # type: ignore[arg-type]
_DISCARD_BUILDS = tuple(_DISCARD_BUILD[z] for z in ZONES)  # (a hand's counts, zone by zone)
_DISCARD_EACH_GOOD = tuple(_DISCARD_GOODS[g] for g in GOODS)
_TAKE_FACE_UP: dict[int, TakeFaceUp] = {z: TakeFaceUp(z) for z in ZONES}
_DRAW_PILE, _REFRESH, _TAKE_FROM_PILE = DrawPile(), Refresh(), TakeFromPile()
_DRAW_FACE_UP: dict[tuple[int, ...], tuple[DrawFaceUp, ...]] = {}
"""The DrawFaceUp actions of a display (its cards lowest first)."""


def _draw_face_up_actions(shown: tuple[int, ...]) -> tuple[DrawFaceUp, ...]:
    """The DrawFaceUp actions of a display (its cards lowest first), made once."""
    actions = _DRAW_FACE_UP.get(shown)
    if actions is None:
        pairs = sorted({(a, b) for i, a in enumerate(shown) for b in shown[i + 1:]})
        actions = _DRAW_FACE_UP[shown] = tuple(DrawFaceUp(a, b) for a, b in pairs)
    return actions


def _expand_action(good: str, cell: Cell, zone: int) -> Expand:
    """The one Expand action of these fields (made once)."""
    key = (good, cell, zone)
    action = _EXPANDS.get(key)
    if action is None:
        action = _EXPANDS[key] = Expand(good, cell[0], cell[1], zone)  # type: ignore[arg-type]
    return action


_GENERATORS: dict[str, Callable[[Tori], list[Action]]] = {
    "turn": _turn_options,
    "refresh": _refresh_options,
    "discard": _discard_options,
    "over": lambda game: [],
}
"""Each phase's legal actions (``rules.PHASES`` names the kinds each allows)."""
