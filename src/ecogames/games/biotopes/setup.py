"""Biotopes — the set-up: RB Setup 1-8, Solo Mode 1-4, Landscape Construction (D5, D6, D15,
D40) and the Advanced Biotopes Draft, as functions of the game.

``Biotopes._setup`` is :func:`new`; the set-up phases (``tiles``, ``orient``, ``redraw``,
``placement``, ``draft``) play :func:`place_tile`, :func:`orient_tile`, :func:`redraw`,
:func:`place_territory` and :func:`choose_biotope` (``rules.PHASES``). When the last initial
token is placed, the first cycle begins with its Primary Production (``cycle.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ecogames.core import Action, EventLog, Rng
from ecogames.core.chance import unkept

from . import cycle
from . import why as ident
from .actions import ChooseBiotope, OrientTile, PlaceTerritory, PlaceTile, RedrawHand, _hex
from .components import (
    BASIC_BIOTOPE_CARD,
    BASIC_TILES,
    BIOTOPE_CARDS,
    BIOTOPES,
    CONFIGURATIONS,
    CUBES_PER_COLOUR,
    DECKS,
    ENV_TOKENS,
    INITIAL_TERRITORIES,
    NEUTRAL,
    RESERVE_PER_COLOUR,
    RIVER_SIZE,
    ROWS,
    SEAT_NAMES,
    SOLO_TILES,
    SPECIAL_TILES,
    SPECIES,
    SPECIES_BY_DECK,
    TILES,
    TILES_PER_PLAYER,
    Biotope,
    BoardSide,
    Hex,
)
from .hexes import geometry, landscape_of
from .legal import _spell_into, near_bits, territories
from .resolution import _BAG_TOLD

if TYPE_CHECKING:
    from .rules import Biotopes

_GRAYS = tuple(t.id for t in ENV_TOKENS if t.back == "gray")
_BLACKS = tuple(t.id for t in ENV_TOKENS if t.back == "black")
"""The gray-backed (biotope) and black-backed (type) Environmental Condition tokens."""
_BIOTOPE = {card.id: card.biotope for card in SPECIES.values()}
"""Each Species card's biotope (its row of an Ecosystem, its cubes' colour)."""


def _card_name(card: str) -> str:
    """A Species card's name (the label of a card drawn by chance)."""
    return SPECIES[card].name


def new(cls: type[Biotopes], *, players: int, rng: Rng, board: str | None = None,
        configuration: str | None = None, construction: bool = False,
        draft: bool = False, special_tiles: bool = False,
        first_player: int | None = None) -> Biotopes:
    """RB Setup 1-8 (and Solo Mode 1-4, Landscape Construction, Advanced Biotopes Draft)."""
    solo = players == 1
    if not isinstance(construction, bool) or not isinstance(draft, bool) or \
         not isinstance(special_tiles, bool):
        raise ValueError("construction, draft and special_tiles are True or False")
    construction = construction or special_tiles  # dealt only in Construction (D6, D40)
    if solo and construction:
        raise ValueError("Solo Mode places 4 tiles as shown: it has no Landscape "
                      "Construction (D29)")
    if solo:
        wanted = BoardSide.ANT if draft else BoardSide.BUTTERFLY
        if board is not None and board != wanted.value:
         raise ValueError(f"Solo Mode plays the {wanted.value} side "
                          f"({'advanced' if draft else 'basic'} mode)")
        board = wanted.value
    board = board or BoardSide.BUTTERFLY.value
    if board not in {b.value for b in BoardSide}:
        raise ValueError(f"board is 'butterfly' or 'ant', not {board!r}")
    n_tiles = SOLO_TILES if solo else TILES_PER_PLAYER * players
    if construction:
        if configuration is not None:
         raise ValueError("Landscape Construction has no fixed configuration")
    else:
        configuration = configuration or next(iter(CONFIGURATIONS[n_tiles]))
        if configuration not in CONFIGURATIONS[n_tiles]:
         raise ValueError(f"configurations for {n_tiles} tiles: "
                          f"{sorted(CONFIGURATIONS[n_tiles])}, not {configuration!r}")
    if first_player is not None and (not isinstance(first_player, int)
                                  or not 0 <= first_player < players):
        raise ValueError(f"first_player is a player index below {players}")
    opts = {"board": board, "configuration": configuration, "construction": construction,
         "draft": draft, "special_tiles": special_tiles, "first_player": first_player}
    game = cls(players, rng, opts)
    # 1. First player and Initiative token.
    game.first = first_player if first_player is not None else rng.below(players)
    game.initiative = game.active = game.first
    # 2. The common reserve; the other cubes stay in the box.
    for k in range(ROWS):
        game.reserve[k] = RESERVE_PER_COLOUR[players]
        game.box[k] = CUBES_PER_COLOUR - game.reserve[k]
    # 3. Three shuffled decks.
    for d, deck in enumerate(DECKS):
        cards = list(SPECIES_BY_DECK[deck])
        rng.shuffle(cards)
        game.decks[d] = cards
    # 5. Two gray-backed (biotope) and two black-backed (type) tokens, at random (D4).
    grays = list(_GRAYS)
    blacks = list(_BLACKS)
    rng.shuffle(grays)
    rng.shuffle(blacks)
    game.env = grays[:2] + blacks[:2]
    # Biotope cards: one basic card of each biotope (D9), unless drafted.
    if not draft:
        for p in range(players):
         game.bcards[p] = [BASIC_BIOTOPE_CARD[b][p] for b in BIOTOPES]
    # 6. The central landscape.
    if construction:
        pool = sorted(BASIC_TILES) + (sorted(SPECIAL_TILES) if special_tiles else [])
        rng.shuffle(pool)
        for i, p in enumerate(game._clockwise(game.first) * TILES_PER_PLAYER):
         game.tile_hands[p].append(pool[i])
        game.stage = "tiles"
        game.order = game._clockwise(game.first) * TILES_PER_PLAYER
        return game
    chosen = sorted(BASIC_TILES)
    rng.shuffle(chosen)
    centres = list(CONFIGURATIONS[n_tiles][configuration])  # type: ignore[index]
    rng.shuffle(centres)
    for tile_id, (q, r) in zip(chosen[:n_tiles], centres):
        game.tiles.append([tile_id, "AB"[rng.below(2)], rng.below(6), q, r])
    _build_landscape(game)
    if solo:  # Solo Mode 1: a single colour on every hex not at the edge.
        for h in sorted(game.landscape):
         if h not in game.edges:
             game._claim(h, NEUTRAL)
    _deal_starting_hands(game)
    return game


def _build_landscape(game: Biotopes) -> None:
    """The hexes of the placed tiles (shared by copies: rebuilt, never changed)."""
    game.landscape, game.tile_of = landscape_of(game.tiles)
    # the edge, the adjacency and Migration's destinations from each hex (D16), shared by
    # every landscape of this shape
    game.edges, game.adj, game.grid = geometry(game.landscape)
    game.colonies = None


def _deal_starting_hands(game: Biotopes) -> None:
    """RB Setup 7: "4 cards of different colors from the Herbivores pile"."""
    for p in game._clockwise(game.first):
        game.hands[p] = _draw_one_of_each_colour(game, p)
    game.stage = "redraw"
    game.order = game._clockwise(game.first)


def _draw_one_of_each_colour(game: Biotopes, p: int) -> list[str]:
    """One Herbivores card of each colour for ``p``'s hand: of each biotope, a chance draw
    among the deck's cards of that biotope (seen by ``p`` alone, D39)."""
    deck = game.decks[0]
    of: dict[Biotope, list[str]] = {b: [] for b in BIOTOPES}  # the deck's cards by biotope
    for card in deck:
        of[_BIOTOPE[card]].append(card)
    hand = []
    for b in BIOTOPES:
        cards = of[b]
        if cards:
            if game.draws_are_kept:
                card = game.chance(f"a {b.label} card from the Herbivores deck into "
                                   f"{SEAT_NAMES[p]}'s hand", cards,
                                   label=_card_name, seen_by=(p,))
            else:  # nobody reads this draw: the ticket chance() would take
                card = unkept(game.rng, cards)
            deck.remove(card)
            hand.append(card)
    return hand


def place_tile(game: Biotopes, a: PlaceTile, log: EventLog) -> None:
    p = game.order[0]
    game.tile_hands[p].remove(a.tile)
    game.tiles.append([a.tile, None, 0, a.centre[0], a.centre[1]])
    game.landscape, game.tile_of = landscape_of(game.tiles)
    game.stage = "orient"
    log.emit("tile", f"{SEAT_NAMES[p]} places tile {a.tile} at {_hex(a.centre)}",
             hexes=[list(a.centre)])


def orient_tile(game: Biotopes, a: OrientTile, log: EventLog) -> None:
    p = game.order.pop(0)
    game.tiles[-1][1], game.tiles[-1][2] = a.side, a.rotation
    _build_landscape(game)
    tile = TILES[game.tiles[-1][0]]
    if log.record:
        last = len(game.tiles) - 1
        log.emit("tile", f"{SEAT_NAMES[p]} turns tile {tile.face(a.side)} "
                 f"by {a.rotation * 60}°", hexes=[list(game.tiles[-1][3:5])],
                 writes=[ident.land(h) for h, t in sorted(game.tile_of.items())
                         if t == last])
    if game.order:
        game.stage = "tiles"
    else:
        _deal_starting_hands(game)


def redraw(game: Biotopes, a: Action, log: EventLog) -> None:
    """RB Setup 7: "you may decide to discard your whole hand and draw 4 new cards from
    the Herbivores deck, one of each color. Then reshuffle the Herbivores deck." (D7)"""
    p = game.order.pop(0)
    if isinstance(a, RedrawHand):
        old = game.hands[p]
        game.hands[p] = _draw_one_of_each_colour(game, p)
        game.decks[0].extend(old)  # reshuffled: every later draw is among all it holds
        if log.record:
            log.emit("redraw", f"{SEAT_NAMES[p]} discards the starting hand and draws "
                     "4 new Herbivores; the Herbivores deck is reshuffled", players=[p],
                     reads=game._draws(), writes=[("hand", p), *(
                         ident.place(c) for c in [*old, *game.hands[p]])])
    else:
        log.emit("keep", f"{SEAT_NAMES[p]} keeps the starting hand", players=[p])
    if not game.order:
        for d in range(len(DECKS)):  # the rivers (D8)
            for _ in range(RIVER_SIZE):
                game._refill_river(d)
        game.stage = "placement"
        game.order = game._clockwise(game.first) * INITIAL_TERRITORIES


def placement_options(game: Biotopes, p: int) -> list[Hex]:
    """RB Setup 8: an empty hex at the edge, of a biotope you do not hold yet, adjacent to
    none of your tokens. When no hex fits, the conditions are eased one at a time (D10)."""
    return [a.hex for a in placement_actions(game, p)]


def placement_actions(game: Biotopes, p: int) -> list[PlaceTerritory]:
    """:func:`placement_options` as the actions placing a token there, in order: the hexes
    that fit found on the landscape's bits (``legal.Territories``; the grid's hexes are in
    order, and so are its bits)."""
    col = territories(game)
    grid = col.grid
    land = game.landscape
    held = 0  # the biotopes p holds, as bits
    for i in col.spots[p]:
        held |= 1 << land[grid.hexes[i]]
    bits = (grid.edge & ~col.taken & col.colours[~held & _ALL_COLOURS]
            & ~near_bits(col, p))
    if bits:
        out: list[PlaceTerritory] = []
        _spell_into(out, bits, grid.place_at, grid, _place_territory)
        return out
    return [_place_territory(h) for h in _eased(game, p)]


def _eased(game: Biotopes, p: int) -> list[Hex]:
    """D10: no hex fits Setup 8, so its conditions are eased one at a time."""
    owner, land, edges = game.owner, game.landscape, game.edges
    held = {land[h] for h, o in owner.items() if o == p}
    empty = [h for h in game.adj if h not in owner]  # the landscape's hexes in order
    found = [h for h in empty if h in edges and land[h] not in held]
    if not found:
        found = [h for h in empty if land[h] not in held]
    return found or empty


_ALL_COLOURS = (1 << ROWS) - 1
_PLACE_TERRITORY: dict[Hex, PlaceTerritory] = {}
"""The placements of a token, made once and handed out again (frozen values)."""


def _place_territory(h: Hex) -> PlaceTerritory:
    return _PLACE_TERRITORY.get(h) or _PLACE_TERRITORY.setdefault(h, PlaceTerritory(h))


def place_territory(game: Biotopes, a: PlaceTerritory, log: EventLog) -> None:
    p = game.order.pop(0)
    h = a.hex
    game._claim(h, p)
    game.tokens[p] -= 1
    k = game.landscape[h]
    cause = None
    if log.record:
        events: list[Any] = log.events  # told directly (a row: EventLog)
        cause = len(events)
        events.append((cause, "territory", f"{SEAT_NAMES[p]} places a Territory token on "
                       f"the {BIOTOPES[k].label} at {_hex(h)}", None,
                       {"hexes": (list(h),), "players": (p,),
                        "ids": (game._identity.place_token(p, h),)},
                       (ident.land(h),), (ident.hex_key(h), ("territories", p))))
    if game.opts["draft"]:
        game.draft_biotope = k
        game.stage = "draft"
        return
    _starting_cube(game, p, k, log, cause)
    _after_placement(game, log)


def _starting_cube(game: Biotopes, p: int, k: int, log: EventLog, cause: int | None) -> None:
    """D11: each initial territory puts a cube of its colour from the reserve into the
    bag (so the 1st Primary Production draws one cube of each colour)."""
    if game.reserve[k]:
        game.reserve[k] -= 1
        game.bags[p][k] += 1
        if log.record:
            text, cubes, bag, reads, writes = _BAG_TOLD[p][k]
            events: list[Any] = log.events  # told directly (a row: EventLog)
            events.append((len(events), "bag", text, cause,
                           {"cubes": cubes, "ids": (game._identity.one(ident.RESERVE, bag, k),)},
                           reads, writes))


def choose_biotope(game: Biotopes, a: ChooseBiotope, log: EventLog) -> None:
    """Advanced Biotopes Draft: "choose a Biotope card of the same type as the territory
    you just colonized ... then place a cube of the matching color in your bag"."""
    p = game.current_player
    assert p is not None
    card = BIOTOPE_CARDS[a.card]
    game.bcards[p][card.row] = a.card
    cause = log.emit("draft", f"{SEAT_NAMES[p]} takes {card.habitat_name} "
                     f"({card.biotope.label})", cards=[a.card])
    _starting_cube(game, p, card.row, log, cause)
    game.draft_biotope = -1
    game.stage = "placement"
    _after_placement(game, log)


def _after_placement(game: Biotopes, log: EventLog) -> None:
    if game.order:
        return
    game.stage = "play"
    start = log.emit("start", "The set-up is over: cycle 1 begins")
    cycle.primary_production(game, log, start)
    game.active = game.initiative


def draft_options(game: Biotopes) -> list[str]:
    taken = {c for row in game.bcards for c in row if c}
    return [c.id for c in BIOTOPE_CARDS.values()
            if c.row == game.draft_biotope and c.id not in taken]
