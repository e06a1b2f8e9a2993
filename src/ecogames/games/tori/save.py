"""Tori's save: the state as plain JSON (``state``), read back strictly (``load``), and what
makes a state impossible (``violations``, D30 in ``docs/rules/tori.md``).

``load`` checks the form: exact keys at every level, strict types and ranges, cells on the
board, one stall per player and goods group listed in order, the pile lowest first (D31).
``violations`` checks that the game can be in that state: cards, tiles and customers
conserved, the board's placement rules, the hand limit, the majority and versatility cards
as the stalls earned them, the end exactly when an end condition holds. The loader refuses a
state with any violation (``core.Game._load_state``), and random play checks that no action
ever makes one (``tests/support/invariants.py``): the rules of a legal state, written once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ecogames.core import Rng
from ecogames.core import schema as s
from ecogames.core.errors import SaveError

from .actions import a_good
from .components import (
    AREA_CARD,
    BUILD_CARDS_PER_ZONE,
    COLOUR_CARD,
    DISPLAY_SIZE,
    EXPANSION_TILES,
    FACINGS,
    GOODS,
    GOODS_CARDS_PER_GOOD,
    HAND_LIMIT,
    INFORMATION_POINTS,
    NEIGHBOURS,
    SQUARE,
    STALLS_PER_PLAYER,
    VERSATILITY_GOODS,
    ZONE_OF,
    ZONES,
    Cell,
    expansion_terrain,
    stall_terrain,
)
from .walking import BIT

if TYPE_CHECKING:
    from .rules import Stall, Tori

INFO: frozenset[Cell] = frozenset(INFORMATION_POINTS)
STATE_KEYS = frozenset({
    "players", "rng", "active", "stage", "turn", "ended", "pile", "display", "discard",
    "hands", "goods_supply", "stalls", "customers", "majority", "versatility", "area_bonus",
    "colour_bonus"})
STALL_KEYS = frozenset({"owner", "good", "cell", "facing", "expansions"})
BONUS_CARDS = {"area_bonus": AREA_CARD, "colour_bonus": COLOUR_CARD}


def cell_json(cell: Cell | None) -> list[int] | None:
    return None if cell is None else [cell[0], cell[1]]


# -- writing -----------------------------------------------------------------------------------


def state(game: Tori) -> dict[str, Any]:
    """The whole state as plain JSON (the save format, state version 2)."""
    return {
        "players": game.players, "rng": game.rng.state, "active": game.active,
        "stage": game.stage, "turn": game.turn, "ended": game.ended,
        "pile": sorted(game.pile), "display": list(game.display),
        "discard": list(game.discard),
        "hands": [{"build": list(game.build_hands[p]), "goods": dict(game.goods_hands[p])}
                  for p in range(game.players)],
        "goods_supply": dict(game.goods_supply),
        "stalls": [{"owner": st.owner, "good": st.good, "cell": cell_json(st.cell),
                    "facing": st.facing,
                    "expansions": [cell_json(c) for c in st.expansions]}
                   for st in game._sorted_stalls()],
        "customers": {g: cell_json(game.customers[g]) for g in GOODS},
        "majority": {g: {"gold": game.gold[g], "silver": game.silver[g]} for g in GOODS},
        "versatility": list(game.versatility),
        "area_bonus": list(game.area_bonus),
        "colour_bonus": list(game.colour_bonus),
    }


# -- reading (a save file is untrusted) ---------------------------------------------------------


def load(cls: type[Tori], data: Mapping[str, Any]) -> Tori:
    """Read a state strictly: keys, types, ranges and the save's own order. Whether the
    game can be in it is :func:`violations`' question (the core loader asks it next)."""
    from .rules import PHASES

    s.exact_keys(data, STATE_KEYS)
    players = s.integer(data, "players", cls.min_players, cls.max_players)
    game = cls(players, Rng(state=s.integer(data, "rng", 0, 2**64 - 1)))
    game.active = s.integer(data, "active", 0, players - 1)
    game.stage = s.choice(data, "stage", PHASES)
    game.turn = s.integer(data, "turn", 0, 10**9)
    game.ended = s.field(data, "ended", str)
    game.is_over = bool(game.ended)
    total = len(ZONES) * BUILD_CARDS_PER_ZONE
    game.pile = s.int_list(data, "pile", 1, 9, max_len=total)
    if game.pile != sorted(game.pile):
        raise SaveError("state.pile lists the face-down build cards lowest first: their "
                        "order is not known until they are drawn (D31)")
    game.display = s.int_list(data, "display", 1, 9, max_len=DISPLAY_SIZE)
    game.discard = s.int_list(data, "discard", 1, 9, max_len=total)
    _load_hands(game, s.field(data, "hands", list))
    game.goods_supply = _goods_counts(s.field(data, "goods_supply", dict),
                                      "state.goods_supply", GOODS_CARDS_PER_GOOD)
    _load_stalls(game, s.field(data, "stalls", list))
    customers = s.exact_keys(s.field(data, "customers", dict), GOODS, "state.customers")
    game.customers = {g: None if customers[g] is None else _cell(customers[g], f"customers.{g}")
                      for g in GOODS}
    _load_majority(game, s.field(data, "majority", dict))
    versatility = s.field(data, "versatility", list)
    if len(versatility) != players or not all(isinstance(v, bool) for v in versatility):
        raise SaveError("state.versatility must hold one true/false per player")
    game.versatility = list(versatility)
    game.area_bonus = _card_ids(data, "area_bonus", players)
    game.colour_bonus = _card_ids(data, "colour_bonus", players)
    game._board = {}  # (nothing read from a board still being loaded stays)
    return game


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
    s.exact_keys(data, GOODS, where)
    return {g: s.integer(data, g, 0, high, where) for g in GOODS}


def _card_ids(data: Mapping[str, Any], key: str, players: int) -> tuple[str, ...]:
    ids = s.field(data, key, list)
    if len(ids) != players or not all(isinstance(i, str) and i in BONUS_CARDS[key]
                                      for i in ids):
        raise SaveError(_bonus_words(key, players, ids))
    return tuple(ids)


def _bonus_words(key: str, players: int, ids: Any) -> str:
    kind = key.replace("_", " ")
    return (f"state.{key} must deal a different {kind} card ({', '.join(BONUS_CARDS[key])}) "
            f"to each of the {players} players, got {ids!r:.60}")


def _load_hands(game: Tori, hands: list[Any]) -> None:
    if len(hands) != game.players:
        raise SaveError("state.hands must hold one hand per player")
    for p, hand in enumerate(hands):
        where = f"hands[{p}]"
        s.exact_keys(hand, ("build", "goods"), where)
        game.build_hands[p] = s.int_list(hand, "build", 0, BUILD_CARDS_PER_ZONE, where,
                                         max_len=len(ZONES))
        if len(game.build_hands[p]) != len(ZONES):
            raise SaveError(f"{where}.build must count the cards of each of the 9 zones")
        game.goods_hands[p] = _goods_counts(s.field(hand, "goods", dict, where),
                                            f"{where}.goods", GOODS_CARDS_PER_GOOD)


def _load_stalls(game: Tori, stalls: list[Any]) -> None:
    """The stalls, one per player and goods group, listed by player and goods; the tiles and
    entrances they cover are kept as the rules keep them (whether they may lie there is for
    :func:`violations`)."""
    from .rules import Stall

    if len(stalls) > STALLS_PER_PLAYER * game.players:
        raise SaveError("state.stalls holds too many stalls")
    for i, raw in enumerate(stalls):
        where = f"stalls[{i}]"
        s.exact_keys(raw, STALL_KEYS, where)
        owner = s.integer(raw, "owner", 0, game.players - 1, where)
        good = s.choice(raw, "good", GOODS, where)
        facing = s.choice(raw, "facing", FACINGS, where)
        cell = _cell(s.field(raw, "cell", list, where), f"{where}.cell")
        expansions = tuple(_cell(c, f"{where}.expansions")
                           for c in s.field(raw, "expansions", list, where))
        if (owner, good) in game.stalls:
            raise SaveError(f"{where}: player {owner + 1} has two {good} stalls")
        stall = Stall(owner, good, cell, facing, expansions)
        for tile in stall.tiles:
            game._tiles[tile] = (owner, good)
            game._tile_bits |= BIT[tile]
        game._entrances[stall.entrance] = (owner, good)
        game._entrance_bits |= stall.door
        game.stalls[(owner, good)] = stall
    order = [(st.owner, GOODS.index(st.good)) for st in game.stalls.values()]
    if order != sorted(order):
        raise SaveError("state.stalls must list the stalls by player, each player's in the "
                        f"goods' order {list(GOODS)}")


def _load_majority(game: Tori, majority: Mapping[str, Any]) -> None:
    s.exact_keys(majority, GOODS, "state.majority")
    for g in GOODS:
        where = f"majority.{g}"
        cards = s.exact_keys(s.field(majority, g, dict, "state.majority"),
                             ("gold", "silver"), where)
        game.gold[g] = _player_or_none(cards["gold"], game.players, f"{where}.gold")
        game.silver[g] = _player_or_none(cards["silver"], game.players, f"{where}.silver")


# -- what makes a state impossible --------------------------------------------------------------


def violations(game: Tori) -> list[str]:
    """What makes ``game``'s state impossible, one sentence each (``[]``: a game can be in
    it). The board comes first: the other checks read the board, so they are asked only of
    a board whose tiles, entrances and customers can all be where they are."""
    board = [*_stall_violations(game), *_customer_violations(game)]
    if board:
        return board
    return [*_card_violations(game), *_turn_violations(game), *_majority_violations(game),
            *_versatility_violations(game), *_end_violations(game)]


def _stall_violations(game: Tori) -> list[str]:
    """Byg en ny bod, Udvid en bod (D4-D8, D28): each stall on its terrain with its entrance
    on a free square cell, each expansion tile touching the stall as it grew, nothing covered
    twice, same-colour stalls apart, at most the group's expansion tiles."""
    found: list[str] = []
    tiles: dict[Cell, tuple[int, str]] = {}
    entrances: set[Cell] = set()
    for i, stall in enumerate(game._sorted_stalls()):
        found += _one_stall_violations(f"stalls[{i}]", stall, tiles, entrances)
    if set(tiles) & entrances:
        found.append("a tile covers a stall's entrance")
    for tile, (owner, good) in tiles.items():
        if any(tiles.get(n, (owner, ""))[1] == good and tiles[n][0] != owner
               for n in NEIGHBOURS[tile]):
            found.append(f"stalls of the same colour ({good}) touch at {list(tile)}")
            break
    used = dict.fromkeys(GOODS, 0)
    for stall in game.stalls.values():
        used[stall.good] += len(stall.expansions)
    found += [f"more than {EXPANSION_TILES[g]} {g} expansion tiles are placed"
              for g in GOODS if used[g] > EXPANSION_TILES[g]]
    return found


def _one_stall_violations(where: str, stall: Stall, tiles: dict[Cell, tuple[int, str]],
                          entrances: set[Cell]) -> list[str]:
    """One stall's placement; ``tiles`` and ``entrances`` gather what the stalls before it
    cover."""
    found = []
    good, cell = stall.good, stall.cell
    if cell not in stall_terrain(good):
        found.append(f"{where}: {a_good(good)} stall cannot stand on {list(cell)}")
    if stall.entrance not in SQUARE or stall.entrance in INFO:
        found.append(f"{where}: its entrance {list(stall.entrance)} is not on the square")
    if any(c not in expansion_terrain(good) for c in stall.expansions):
        found.append(f"{where}: an expansion tile lies where {a_good(good)} stall cannot grow")
    for k, tile in enumerate(stall.expansions):
        if all(tile not in NEIGHBOURS[t] for t in stall.tiles[:k + 1]):
            found.append(f"{where}: expansion tile {list(tile)} does not touch the stall tile "
                         "or an expansion tile placed before it")
    for tile in stall.tiles:
        if tile in tiles or tile in INFO:
            found.append(f"{where}: {list(tile)} is covered twice")
        tiles[tile] = (stall.owner, good)
    if stall.entrance in entrances:
        found.append(f"{where}: two stalls share the entrance {list(stall.entrance)}")
    entrances.add(stall.entrance)
    return found


def _customer_violations(game: Tori) -> list[str]:
    """Tag en kunde (D16, D21): five customers on free square cells, one on the
    colour-change tile."""
    found = []
    cells = game.customers
    if sum(1 for c in cells.values() if c is None) != 1:
        found.append("exactly one customer stands on the colour-change tile")
    placed = [c for c in cells.values() if c is not None]
    if len(set(placed)) != len(placed):
        found.append("two customers stand on the same space")
    tiles = {t for stall in game.stalls.values() for t in stall.tiles}
    found += [f"a customer stands on {list(c)}, which is not a free square space"
              for c in placed if c not in SQUARE or c in INFO or c in tiles]
    return found


def _card_violations(game: Tori) -> list[str]:
    """The cards conserved (4 build cards a zone, 10 goods cards a good), and a different
    bonus card of each kind dealt to each player (D11)."""
    found = []
    for z in ZONES:
        held = (game.pile.count(z) + game.display.count(z) + game.discard.count(z)
                + sum(h[z - 1] for h in game.build_hands))
        if held != BUILD_CARDS_PER_ZONE:
            found.append(f"there must be {BUILD_CARDS_PER_ZONE} build cards {z} in all, "
                         f"the state has {held}")
    for g in GOODS:
        if game.goods_supply[g] + sum(h[g] for h in game.goods_hands) != GOODS_CARDS_PER_GOOD:
            found.append(f"there must be {GOODS_CARDS_PER_GOOD} {g} goods cards in all")
    for key, ids in (("area_bonus", game.area_bonus), ("colour_bonus", game.colour_bonus)):
        if len(set(ids)) != len(ids):
            found.append(_bonus_words(key, game.players, list(ids)))
    return found


def _turn_violations(game: Tori) -> list[str]:
    """Turns in seat order (D22); the hand limit kept but by the player discarding (D23);
    five face-up cards to choose from after a refresh (D13)."""
    found = []
    players = game.players
    if game.active != game.turn % players:
        found.append(f"turns pass in seat order from player 1: at turn {game.turn} it is "
                     f"player {game.turn % players + 1}'s turn, not player "
                     f"{game.active + 1}'s")
    over = [p for p in range(players) if game.hand_size(p) > HAND_LIMIT]
    if game.stage == "discard":
        if over != [game.active]:
            found.append(f"in the discard phase the active player holds more than "
                         f"{HAND_LIMIT} cards, and only they do")
    elif over:
        found.append(f"a hand holds more than {HAND_LIMIT} cards outside the discard phase")
    if game.stage == "refresh" and len(game.display) != DISPLAY_SIZE:
        found.append("the decision after a refresh has five face-up build cards to "
                     f"choose from, the state has {len(game.display)}")
    return found


def _majority_violations(game: Tori) -> list[str]:
    """Majoritetskort (D17): nobody holds a group's cards before its first expansion; the
    gold holder has the largest stall of the group; the silver holder one just as large,
    or the gold holder holds both and every other stall is smaller."""
    found = []
    for g in GOODS:
        sizes = {q: st.size for (q, h), st in game.stalls.items() if h == g}
        problem = _majority_problem(g, sizes, game.gold[g], game.silver[g])
        if problem:
            found.append(problem)
    return found


def _majority_problem(g: str, sizes: Mapping[int, int], gold: int | None,
                      silver: int | None) -> str | None:
    largest = max(sizes.values(), default=1)
    if gold is None or silver is None:
        if gold is not silver:
            return f"majority.{g}: gold and silver are taken together the first time"
        if largest > 1:
            return f"{a_good(g)} stall is expanded, but nobody holds its majority cards"
        return None
    if largest == 1:
        return f"majority cards of {g} are held, but no {g} stall is expanded"
    if sizes.get(gold) != largest:
        return (f"the gold majority card of {g} is held by player {gold + 1}, "
                f"who has not the largest {g} stall")
    if silver == gold:
        if sum(1 for size in sizes.values() if size == largest) > 1:
            return (f"player {gold + 1} holds gold and silver of {g}, but their "
                    "stall is not strictly larger than every other")
    elif sizes.get(silver) != largest:
        return (f"the silver majority card of {g} is held by player "
                f"{silver + 1}, whose stall is not as large as the gold holder's")
    return None


def _versatility_violations(game: Tori) -> list[str]:
    """Alsidighedskort (D18): a versatility card exactly for the players with expansion
    tiles in enough goods groups."""
    found = []
    players = game.players
    for p in range(players):
        groups = sum(1 for (q, _), st in game.stalls.items() if q == p and st.expansions)
        need = VERSATILITY_GOODS[players]
        if game.versatility[p] != (groups >= need):
            has = "holds" if game.versatility[p] else "lacks"
            found.append(f"player {p + 1} {has} a versatility card with expansion tiles in "
                         f"{groups} goods groups; {need} earn one with {players} players")
    return found


def _end_violations(game: Tori) -> list[str]:
    """Tori afsluttes (D19, D29): the game is over exactly when an end condition holds, with
    that condition as its reason."""
    from .rules import MARKET_CLOSED

    if game.is_over != bool(game.ended):  # (kept as a plain value beside ended, for speed)
        return [f"is_over is {game.is_over}, but state.ended is {game.ended!r:.60}"]
    reason = game.end_reason()
    if game.stage == "over":
        if reason is None:
            return ["the game is over, but no end condition holds"]
        if game.ended != reason:
            return [f"the game ended because {reason}, not {game.ended!r:.60}"]
    elif game.ended:
        return ["state.ended gives a reason, but the stage is not 'over'"]
    elif reason is not None and not (reason == MARKET_CLOSED and game.stage == "discard"):
        # (a customer closing the market ends the game when the turn passes, D29)
        return [f"the game should have ended: {reason}"]
    return []
