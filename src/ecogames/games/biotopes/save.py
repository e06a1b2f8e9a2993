"""Biotopes — a saved state read strictly, and what makes a state impossible.

A save file is untrusted. :func:`load` reads every part of a state by its type and shape and
refuses anything else with a :class:`SaveError` that says where (``Biotopes._from_state``);
:func:`violations` then lists what makes the state one the rules cannot reach: components
not conserved (88 Species cards, 40 cubes of each colour, 12 Territory tokens a player),
limits broken, a set-up stage or an Action Phase that cannot hold what it holds
(``Biotopes.violations``: core's loader refuses a state that has any, and random play checks
that no action makes one). The pending decisions of the queue are still read and checked
together, by :func:`load`.

This module sits above the engine: ``rules`` imports it only inside the two methods that call
it, so neither imports the other while it loads.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from ecogames.core import Rng
from ecogames.core import schema as s
from ecogames.core.errors import SaveError

from . import tasks
from .actions import _hex
from .components import (
    BASIC_TILES,
    BIOTOPE_CARDS,
    CONFIGURATIONS,
    CUBES_PER_COLOUR,
    DECKS,
    ENV_TOKEN_BY_ID,
    EVOLUTION_MAX_CUBES,
    HAND_LIMIT,
    INITIAL_TERRITORIES,
    MAX_PLAYERS,
    MIGRATION_RANGE,
    MIN_PLAYERS,
    NEUTRAL,
    RIVER_SIZE,
    SOLO_TILES,
    SPECIAL_TILES,
    SPECIES,
    SPECIES_CUBE_LIMIT,
    STARTING_HAND,
    TERRITORY_TOKENS,
    TILES,
    TILES_PER_PLAYER,
    BoardSide,
    EffectKind,
    Hex,
    Reward,
    Trigger,
)
from .hexes import geometry, landscape_of, within_reach
from .rules import (
    COLONIZATIONS,
    DECK_NAMES,
    INV,
    ROWS,
    SETUP_STAGES,
    SPACES,
    TYPES,
    B,
    Biotopes,
    M,
    P,
    R,
    _species_cubes,
)

STATE_KEYS = ("players", "rng", "options", "first", "cycle", "initiative", "active", "stage",
              "order", "tiles", "tile_hands", "owner", "neutral_removed", "draft_biotope",
              "reserve", "box", "env", "decks", "rivers", "discards", "ecosystems", "queue",
              "scores")
ECOSYSTEM_KEYS = ("bag", "biotope_cards", "biotopes", "foreign", "rows", "spaces", "uses",
                  "tokens", "hand", "passed")
OPTION_KEYS = ("board", "configuration", "construction", "draft", "special_tiles",
               "first_player")
TASK_KEYS = tasks.TASK_KEYS
"""The tasks a saved queue may hold, with their keys (``tasks.py``). ``reproduce`` and
``transfer`` never wait for anyone, so a saved state never holds them."""
WAITING = frozenset({"pay", "breed", "prey", "react", "draw", "cube", "fallback", "move",
                     "evo_discard", "discard"})
"""Tasks that may head the queue of a saved state (they stop the resolution for a choice)."""
BEHIND = frozenset({"prey", "react", "draw", "cube", "colonize", "end"})
"""Tasks that may wait behind the first one (queued by the same action)."""


# ---------------------------------------------------------------------------------------------
# Writing a state, and reading it: types and shapes
# ---------------------------------------------------------------------------------------------


def dump(game: Biotopes) -> dict[str, Any]:
    """The state as plain JSON (``Biotopes._state``): what :func:`load` reads back."""
    return {
        "players": game.players, "rng": game.rng.state, "options": dict(game.opts),
        "first": game.first, "cycle": game.cycle, "initiative": game.initiative,
        "active": game.active, "stage": game.stage, "order": list(game.order),
        "tiles": [list(t) for t in game.tiles],
        "tile_hands": [list(h) for h in game.tile_hands],
        "owner": sorted([h[0], h[1], o] for h, o in game.owner.items()),
        "neutral_removed": game.neutral_removed, "draft_biotope": game.draft_biotope,
        "reserve": list(game.reserve), "box": list(game.box), "env": list(game.env),
        "decks": [list(d) for d in game.decks], "rivers": [list(r) for r in game.rivers],
        "discards": [list(d) for d in game.discards],
        "ecosystems": [{
            "bag": list(game.bags[p]), "biotope_cards": list(game.bcards[p]),
            "biotopes": list(game.biotope[p]),
            "foreign": [list(f) for f in game.foreign[p]],
            "rows": [[list(e) for e in row] for row in game.rows[p]],
            "spaces": [list(sp) for sp in game.spaces[p]], "uses": list(game.uses[p]),
            "tokens": game.tokens[p], "hand": list(game.hands[p]),
            "passed": game.passed[p],
        } for p in range(game.players)],
        "queue": [t.to_json() for t in game.queue],
        "scores": None if game.scores is None else [dict(x) for x in game.scores],
    }


def load(cls: type[Biotopes], data: Mapping[str, Any]) -> Biotopes:
    """The game in state ``data``, every part read strictly (``violations`` comes after)."""
    s.exact_keys(data, STATE_KEYS, "state")
    players = s.integer(data, "players", MIN_PLAYERS, MAX_PLAYERS)
    opts = dict(s.exact_keys(data["options"], OPTION_KEYS, "state.options"))
    _check_options(players, opts)
    game = cls(players, Rng(state=s.field(data, "rng", int)), opts)
    game.first = s.integer(data, "first", 0, players - 1)
    game.cycle = s.integer(data, "cycle", 1, game.cycles)
    game.initiative = s.integer(data, "initiative", 0, players - 1)
    game.active = s.integer(data, "active", 0, players - 1)
    game.stage = s.choice(data, "stage", (*SETUP_STAGES, "play", "over"))
    game.order = s.int_list(data, "order", 0, players - 1, max_len=64)
    _load_landscape(game, data)
    _load_owner(game, data)
    game.neutral_removed = s.integer(data, "neutral_removed", 0, 70)
    game.draft_biotope = s.integer(data, "draft_biotope", -1, ROWS - 1)
    game.reserve = _ints(data["reserve"], ROWS, 0, CUBES_PER_COLOUR, "state.reserve")
    game.box = _ints(data["box"], ROWS, 0, CUBES_PER_COLOUR, "state.box")
    env = s.field(data, "env", list)
    if len(env) != 4 or any(not isinstance(t, str) or t not in ENV_TOKEN_BY_ID for t in env):
        raise SaveError(ENV_ORDER)
    game.env = list(env)
    for key in ("decks", "rivers", "discards"):
        piles = s.field(data, key, list)
        if len(piles) != len(DECKS):
            raise SaveError(f"state.{key} must hold one pile per deck")
        setattr(game, key, [_cards(pile, f"state.{key}") for pile in piles])
    ecosystems = s.field(data, "ecosystems", list)
    if len(ecosystems) != players:
        raise SaveError("state.ecosystems must hold one ecosystem per player")
    for p, eco in enumerate(ecosystems):
        _load_ecosystem(game, p, s.exact_keys(eco, ECOSYSTEM_KEYS, f"ecosystems[{p}]"))
    game.means_of = [None] * players
    queue = s.field(data, "queue", list)
    game.queue = [tasks.from_json(_check_task(game, i, t, queue), f"state.queue[{i}]")
                  for i, t in enumerate(queue)]
    game.scores = _load_scores(data["scores"], game.stage == "over")
    game.is_over = game.stage == "over" and game.scores is not None
    return game


def _check_options(players: int, opts: dict[str, Any]) -> None:
    s.choice(opts, "board", {b.value for b in BoardSide}, "options")
    for key in ("construction", "draft", "special_tiles"):
        s.field(opts, key, bool, "options")
    first = opts["first_player"]
    if first is not None:
        _int(first, 0, players - 1, "state.options.first_player")
    n_tiles = SOLO_TILES if players == 1 else TILES_PER_PLAYER * players
    configuration = opts["configuration"]
    if opts["construction"]:
        if configuration is not None:
            raise SaveError("state.options.configuration must be null with Landscape "
                            "Construction (the players build the landscape)")
        if players == 1:
            raise SaveError("Solo Mode has no Landscape Construction (D29)")
    elif not isinstance(configuration, str) or configuration not in CONFIGURATIONS[n_tiles]:
        raise SaveError(f"state.options.configuration must be one of the configurations for "
                        f"{n_tiles} tiles {sorted(CONFIGURATIONS[n_tiles])}, not "
                        f"{configuration!r:.40}")
    if opts["special_tiles"] and not opts["construction"]:
        raise SaveError("the special tiles are dealt only in Landscape Construction (D6)")
    if players == 1 and opts["board"] != ("ant" if opts["draft"] else "butterfly"):
        raise SaveError("Solo Mode plays the butterfly side (the ant side with the draft)")


def _load_landscape(game: Biotopes, data: Mapping[str, Any]) -> None:
    """Setup 6 (and Landscape Construction, D5, D15): the tiles placed, the tiles in hand."""
    tiles = s.field(data, "tiles", list)
    for i, t in enumerate(tiles):
        if not (isinstance(t, list) and len(t) == 5 and isinstance(t[0], str) and t[0] in TILES
                and (t[1] in TILES[t[0]].sides
                     or (t[1] is None and game.stage == "orient" and i == len(tiles) - 1))):
            raise SaveError(f"state.tiles holds an invalid tile {t!r:.60}")
        _int(t[2], 0, 5, "state.tiles rotation")
        _int(t[3], -99, 99, "state.tiles centre")
        _int(t[4], -99, 99, "state.tiles centre")
    if len({t[0] for t in tiles}) != len(tiles):
        raise SaveError("state.tiles places a tile twice")
    game.tiles = [list(t) for t in tiles]
    try:
        game.landscape, game.tile_of = landscape_of(game.tiles)
    except ValueError as error:
        raise SaveError(f"state.tiles: {error}") from None
    game.edges, game.adj, game.grid = geometry(game.landscape)
    game.colonies = None
    hands = s.field(data, "tile_hands", list)
    if len(hands) != game.players or any(
            not isinstance(h, list) or any(not isinstance(t, str) or t not in TILES for t in h)
            for h in hands):
        raise SaveError("state.tile_hands must list each player's tiles")
    game.tile_hands = [list(h) for h in hands]


def _load_owner(game: Biotopes, data: Mapping[str, Any]) -> None:
    owner = s.field(data, "owner", list)
    for entry in owner:
        if not (isinstance(entry, list) and len(entry) == 3
                and all(isinstance(x, int) and not isinstance(x, bool) for x in entry)
                and (entry[0], entry[1]) in game.landscape
                and (NEUTRAL if game.solo else 0) <= entry[2] < game.players):
            raise SaveError(f"state.owner holds {entry!r:.60}, not a token on a hex")
    if owner != sorted(owner) or len({(q, r) for q, r, _ in owner}) != len(owner):
        raise SaveError("state.owner lists one token per hex, in order")
    game.owner = {(q, r): o for q, r, o in owner}
    game.colonies = None


def _load_ecosystem(game: Biotopes, p: int, eco: Mapping[str, Any]) -> None:
    where = f"ecosystems[{p}]"
    game.bags[p] = _ints(eco["bag"], ROWS, 0, CUBES_PER_COLOUR, f"{where}.bag")
    bcards = s.field(eco, "biotope_cards", list, where)
    if len(bcards) != ROWS or any(
            not isinstance(c, str) or (c and (c not in BIOTOPE_CARDS or BIOTOPE_CARDS[c].row != r))
            or (not c and not game.opts["draft"]) for r, c in enumerate(bcards)):
        raise SaveError(f"{where}.biotope_cards must hold a Biotope card of each biotope, in "
                        "order (empty only while the draft deals them)")
    game.bcards[p] = list(bcards)
    game.biotope[p] = _ints(eco["biotopes"], ROWS, 0, CUBES_PER_COLOUR, f"{where}.biotopes")
    foreign = s.field(eco, "foreign", list, where)
    if len(foreign) != ROWS:
        raise SaveError(f"{where}.foreign must hold 4 rows")
    game.foreign[p] = [_ints(f, ROWS, 0, CUBES_PER_COLOUR, f"{where}.foreign") for f in foreign]
    rows = s.field(eco, "rows", list, where)
    if len(rows) != ROWS:
        raise SaveError(f"{where}.rows must hold 4 rows")
    game.rows[p] = []
    for r, row in enumerate(rows):
        entries = []
        for e in row if isinstance(row, list) else [None]:
            if not (isinstance(e, list) and len(e) == 5 and isinstance(e[0], str)
                    and e[0] in SPECIES and SPECIES[e[0]].row == r):
                raise SaveError(f"{where}.rows[{r}] holds {e!r:.60}, not a card of the row")
            cubes = _ints(e[1:], ROWS, 0, SPECIES_CUBE_LIMIT, f"{where}.rows[{r}] cubes")
            entries.append([e[0], *cubes])
        game.rows[p].append(entries)
    spaces = s.field(eco, "spaces", list, where)
    if len(spaces) != len(SPACES):
        raise SaveError(f"{where}.spaces must hold one space per action")
    game.spaces[p] = [_ints(sp, ROWS, 0, CUBES_PER_COLOUR, f"{where}.spaces") for sp in spaces]
    game.uses[p] = _ints(eco["uses"], len(SPACES), 0, 2, f"{where}.uses")
    game.tokens[p] = s.integer(eco, "tokens", 0, TERRITORY_TOKENS, where)
    game.hands[p] = _cards(eco["hand"], f"{where}.hand")
    game.passed[p] = s.field(eco, "passed", bool, where)


SCORES = "state.scores must be the score sheets of the finished game's Ecosystems (Scoring)"


def _load_scores(scores: Any, over: bool) -> list[dict[str, int]] | None:
    """The score sheets: a list of objects once the game is over (``violations`` compares
    them with the Ecosystems), null before."""
    if not over:
        if scores is not None:
            raise SaveError("state.scores is null until the game is over")
        return None
    if not isinstance(scores, list) or any(not isinstance(x, dict) for x in scores):
        raise SaveError(SCORES)
    return [dict(x) for x in scores]


def _int(value: Any, low: int, high: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SaveError(f"{where} holds {value!r:.40}, not an integer in [{low}, {high}]")
    return value


def _ints(value: Any, n: int, low: int, high: int, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) != n:
        raise SaveError(f"{where} must be a list of {n} integers")
    return [_int(v, low, high, where) for v in value]


def _cards(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or any(not isinstance(c, str) or c not in SPECIES
                                          for c in value):
        raise SaveError(f"{where} must be a list of Species card ids")
    return list(value)


def _hex_of(value: Any, game: Biotopes, where: str) -> Hex:
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in value)
            and (value[0], value[1]) in game.landscape):
        raise SaveError(f"{where} must be a hex of the landscape, not {value!r:.40}")
    return (value[0], value[1])


def _strict(value: Any) -> str:
    """A JSON text in which 1, 1.0, True and "1" all differ (for type-strict comparisons)."""
    return json.dumps(value, sort_keys=True)


# ---------------------------------------------------------------------------------------------
# The pending decisions of an action (the queue)
# ---------------------------------------------------------------------------------------------


def _check_task(game: Biotopes, i: int, task: Any, queue: list[Any]) -> dict[str, Any]:
    """One pending task of the resolution of the active player's action: a task the engine
    queues, for the player it queues it for, consistent with the state."""
    where = f"state.queue[{i}]"
    kind = task.get("t") if isinstance(task, dict) else None
    if kind not in TASK_KEYS:
        raise SaveError(f"{where} is not a task the engine queues: {task!r:.60}")
    s.exact_keys(task, TASK_KEYS[kind] + (("origin",) if kind == "colonize"
                                          and task.get("how") == "migration" else ()), where)
    last = i == len(queue) - 1
    if (kind == "end") != last or (i == 0 and kind not in WAITING) or (
            i > 0 and kind not in BEHIND):
        raise SaveError(f"{where}: a '{kind}' task cannot stand there (the queue is one "
                        "action's decisions, its end last)")
    p = _int(task["p"], 0, game.players - 1, f"{where}.p")
    active = game.active
    if kind != "react" and kind != "fallback" and p != active:
        raise SaveError(f"{where}: only the active player's own decisions wait here")
    rows = game.rows[p]
    in_play = {e[0] for row in rows for e in row}
    if kind == "pay":
        _check_pay(game, task, where)
    elif kind == "breed":
        cards = task["cards"]
        if not isinstance(cards, list) or not cards:
            raise SaveError(f"{where}.cards must name the cards waiting for a cube")
        for x in cards:
            if not (isinstance(x, list) and len(x) == 2):
                raise SaveError(f"{where}.cards holds {x!r:.30}, not a [row, column]")
            r, c = _int(x[0], 0, ROWS - 1, where), _int(x[1], 0, 99, where)
            if c >= len(rows[r]) or _species_cubes(rows[r][c]) >= SPECIES_CUBE_LIMIT:
                raise SaveError(f"{where}.cards must name Species cards of the player with "
                                "fewer than 4 cubes")
    elif kind == "prey":
        if task["card"] not in in_play or SPECIES[task["card"]].effect.kind is not \
                EffectKind.PREDATORY:
            raise SaveError(f"{where}: only a Predatory Species in play preys")
    elif kind == "react":
        card, played = task["card"], task["played"]
        if not isinstance(card, str) or card not in in_play or not isinstance(played, str) \
                or played not in {e[0] for row in game.rows[active] for e in row}:
            raise SaveError(f"{where}: a Reaction of a card in play, to a card the active "
                            "player played")
        eff, hit = SPECIES[card].effect, SPECIES[played]
        if eff.kind is not EffectKind.REACTION or card == played or not (
                (eff.trigger is Trigger.PLAYED and eff.type is hit.type)
                or (eff.trigger is Trigger.PREDATORY
                    and hit.effect.kind is EffectKind.PREDATORY)):
            raise SaveError(f"{where}: {card} does not react to {played}")
        fired = s.field(task, "fired", bool, where)
        colour = _int(task["colour"], -1, ROWS - 1, f"{where}.colour")
        if fired != (i == 0) or (colour >= 0) != (fired and eff.reward is Reward.CUBE):
            raise SaveError(f"{where}: a Reaction fires when its turn comes and then waits "
                            "for its owner's choice (with the cube drawn, for a cube)")
    elif kind == "draw":
        _int(task["n"], 1, len(SPECIES), f"{where}.n")
    elif kind == "cube":
        colour = _int(task["colour"], -1, ROWS - 1, f"{where}.colour")
        if (colour >= 0) != (i == 0):
            raise SaveError(f"{where}: a cube is drawn from the bag when its task comes, "
                            "then waits to be placed")
    elif kind == "fallback":
        h = _hex_of(task["hex"], game, f"{where}.hex")
        o = _int(task["owner"], NEUTRAL, game.players - 1, f"{where}.owner")
        nxt = queue[i + 1] if i + 1 < len(queue) else None
        if game.owner.get(h) != o or o == active or p != (active if o == NEUTRAL else o) or \
                not isinstance(nxt, dict) or nxt.get("t") != "colonize" or \
                nxt.get("hex") != task["hex"] or nxt.get("how") != "competition":
            raise SaveError(f"{where}: a token pushed out by the active player's Competition "
                            "falls back, its owner choosing where")
    elif kind == "move":
        _int(task["n"], 1, 2, f"{where}.n")
    elif kind == "evo_discard":
        _int(task["n"], 1, EVOLUTION_MAX_CUBES, f"{where}.n")
        _int(task["d"], 0, len(SPECIES), f"{where}.d")
    elif kind == "discard":
        if len(game.hands[p]) <= HAND_LIMIT:
            raise SaveError(f"{where}: a discard waits only for a hand over the limit")
    elif kind == "colonize":
        how = task["how"]
        h = _hex_of(task["hex"], game, f"{where}.hex")
        before = queue[i - 1]
        if how != "competition" or not isinstance(before, dict) or before.get("t") != \
                "fallback" or game.owner.get(h) in (None, p):
            raise SaveError(f"{where}: a colonization waits only behind a fall-back")
    return dict(task)


def _check_pay(game: Biotopes, task: Mapping[str, Any], where: str) -> None:
    """A cost being paid: exactly the cost ``_act`` set for its action (The Actions)."""
    p, what = task["p"], task["for"]
    arg = task["arg"]
    if not isinstance(arg, dict):
        raise SaveError(f"{where}.arg must be an object")
    if what == "adaptation":
        card = s.exact_keys(arg, ("card",), f"{where}.arg")["card"]
        if not isinstance(card, str) or card not in game.hands[p]:
            raise SaveError(f"{where}: Adaptation plays a card of the player's hand")
        expected = tasks.Pay(p, what, "diet", "bag", req=tuple(
            t.value for t in SPECIES[card].diet), card=card).to_json()
    elif what == "card":
        s.exact_keys(arg, ("row", "col"), f"{where}.arg")
        row = _int(arg["row"], 0, ROWS - 1, f"{where}.arg.row")
        col = _int(arg["col"], 0, 99, f"{where}.arg.col")
        if col >= len(game.rows[p][row]) or \
                SPECIES[game.rows[p][row][col][0]].effect.icon != "action":
            raise SaveError(f"{where}: a Species card Action of a card in play")
        expected = tasks.Pay(p, what, "one", "bag", types=tuple(t.value for t in TYPES),
                             src=(row, col), at=(row, col)).to_json()
    elif what in ("reproduction", "transfer", "evolution"):
        s.exact_keys(arg, (), f"{where}.arg")
        if what == "evolution":
            expected = tasks.Pay(p, what, "evolution", what,
                                 types=tuple(t.value for t in TYPES)).to_json()
        else:
            types = [INV, R] if what == "reproduction" else list(TYPES)
            expected = tasks.Pay(p, what, "one", what, types=tuple(t.value for t in types),
                                 species=what == "reproduction").to_json()
    elif what in COLONIZATIONS:
        s.exact_keys(arg, ("hex", "origin") if what == "migration" else ("hex",),
                     f"{where}.arg")
        h = _hex_of(arg["hex"], game, f"{where}.arg.hex")
        mine = set(game.territories(p))
        near = {n for h in mine for n in game.adj[h]}
        origin: Hex | None = None
        if what == "migration":
            origin = _hex_of(arg["origin"], game, f"{where}.arg.origin")
            ok = origin in mine and h not in game.owner and h in within_reach(
                game.adj, origin, MIGRATION_RANGE)
        elif what == "expansion":
            ok = h not in game.owner and h in near and game.tokens[p] > 0
        else:
            ok = game.owner.get(h) not in (None, p) and h in near and game.tokens[p] > 0
        if not ok:
            raise SaveError(f"{where}: {what.capitalize()} to {_hex(h)} is not one the player "
                            "could have chosen")
        types = {"expansion": [P], "competition": [M, B], "migration": [B, R]}[what]
        expected = tasks.Pay(p, what, "one", what, types=tuple(t.value for t in types),
                             colour=game.landscape[h], species=what != "expansion", hex=h,
                             origin=origin).to_json()
    else:
        raise SaveError(f"{where}: {what!r:.30} is not an action with a cost")
    paid = task["paid"]
    if _strict({k: v for k, v in task.items() if k != "paid"}) != _strict(
            {k: v for k, v in expected.items() if k != "paid"}):
        raise SaveError(f"{where} is not the cost of {what} as the rules set it")
    if what in SPACES and game.uses[p][SPACES.index(what)] < 1:
        raise SaveError(f"{where}: the action's space is marked as used when it is played")
    counts_as = [[t.value] for t in TYPES] + [[INV.value, P.value]]  # Pollinating: D24
    if not isinstance(paid, list) or any(x not in counts_as for x in paid):
        raise SaveError(f"{where}.paid must list what each paid cube may count as")
    mode = task["mode"]
    if (mode == "one" and paid) or (mode == "diet" and len(paid) >= len(task["req"])) or \
            (mode == "evolution" and (len(paid) >= EVOLUTION_MAX_CUBES
                                     or len({x[0] for x in paid}) != len(paid))):
        raise SaveError(f"{where}: a cost fully paid is no longer pending")


# ---------------------------------------------------------------------------------------------
# What makes a state impossible
# ---------------------------------------------------------------------------------------------


def violations(game: Biotopes) -> list[str]:
    """What makes ``game``'s state one the rules cannot reach, one sentence each; ``[]`` for
    a state the game can be in. The checks run in the order below, each assuming the ones
    before it hold (a hand is counted only once the cards are known to be where they may
    be), so the list stops at the first check that finds something."""
    for check in CHECKS:
        problem = check(game)
        if problem:
            return [problem]
    return []


def first_player(game: Biotopes) -> str | None:
    """Setup: the first player chosen by the option, when it names one."""
    chosen = game.opts["first_player"]
    if chosen is not None and chosen != game.first:
        return "state.first must be the first_player option when it is given"
    return None


def landscape(game: Biotopes) -> str | None:
    """Setup 6 (and Landscape Construction, D5, D15): the tiles placed, the tiles in hand."""
    tiles, stage = game.tiles, game.stage
    if stage == "orient" and (not tiles or tiles[-1][1] is not None):
        return "state.stage 'orient' turns the tile just placed: its side is null"
    n_tiles = SOLO_TILES if game.players == 1 else TILES_PER_PLAYER * game.players
    held = [t for h in game.tile_hands for t in h]
    if not game.opts["construction"]:
        if held:
            return "only Landscape Construction deals tiles to the players"
        # the tiles stand where the configuration puts its tiles (the tests lay out some)
        configuration = game.opts["configuration"]
        places = set(CONFIGURATIONS[n_tiles][configuration])
        if any((t[3], t[4]) not in places or t[0] not in BASIC_TILES for t in tiles):
            return (f"the basic tiles must stand where the configuration {configuration!r} "
                    "puts them (Setup 6, D5)")
        return None
    pool = set(BASIC_TILES) | (set(SPECIAL_TILES) if game.opts["special_tiles"] else set())
    everything = held + [t[0] for t in tiles]
    if len(set(everything)) != len(everything) or not set(everything) <= pool or \
            len(everything) > n_tiles:
        return (f"Landscape Construction deals {n_tiles} different tiles "
                f"{'(basic or special)' if game.opts['special_tiles'] else '(basic)'}: each "
                "is in one hand or on the table")
    building = stage in ("tiles", "orient")
    for p, hand in enumerate(game.tile_hands):
        waiting = game.order.count(p) - (1 if stage == "orient" and game.order[:1] == [p]
                                         else 0)
        if (building and len(hand) != waiting) or (not building and hand):
            return f"player {p + 1} holds {len(hand)} tiles, not the tiles still to place"
    if tiles and (tiles[0][3], tiles[0][4]) != (0, 0):
        return "the first tile goes at the center of the table (D15)"
    return None


ENV_ORDER = "state.env must hold 2 gray then 2 black Environmental tokens"


def environmental_tokens(game: Biotopes) -> str | None:
    """Setup 3: the 4 Environmental tokens, 2 gray then 2 black."""
    if len(set(game.env)) != 4 or [ENV_TOKEN_BY_ID[t].back for t in game.env] != [
            "gray", "gray", "black", "black"]:
        return ENV_ORDER
    return None


def piles(game: Biotopes) -> str | None:
    """Each deck's draw pile, river and discard pile hold its own cards; a river holds 3 once
    the starting hands are settled (none before)."""
    dealt = game.stage not in ("tiles", "orient", "redraw")
    for d, deck in enumerate(DECKS):
        for key in ("decks", "rivers", "discards"):
            if any(SPECIES[c].deck is not deck for c in getattr(game, key)[d]):
                return f"state.{key}[{d}] holds a card of another deck"
        # a river runs short only once its deck and discard pile were both empty (D12)
        river = len(game.rivers[d])
        if river > RIVER_SIZE or (not dealt and (river or game.discards[d])):
            return (f"the {DECK_NAMES[d]} river holds {river} cards: at most 3 once the "
                    "starting hands are settled, none before")
    return None


def ecosystems(game: Biotopes) -> str | None:
    """Each Ecosystem: cubes where they may be, the actions' limits, its 12 Territory tokens."""
    for p in range(game.players):
        where = f"ecosystems[{p}]"
        if any(game.foreign[p][r][r] for r in range(ROWS)):
            return (f"{where}.foreign counts only cubes of another colour than the Biotope "
                    "card's")
        for row in game.rows[p]:
            for e in row:
                if _species_cubes(e) > SPECIES_CUBE_LIMIT:
                    return f"{where}: {e[0]} holds more than 4 cubes (Reproduction)"
        for i, space in enumerate(SPACES):
            if game.uses[p][i] > game._space_limit(p, space):
                return (f"{where}: {space.capitalize()} is played at most "
                        f"{game._space_limit(p, space)} time(s) per cycle (The Actions)")
        on_board = sum(1 for o in game.owner.values() if o == p)
        if game.tokens[p] + on_board != TERRITORY_TOKENS:
            return (f"player {p + 1} must have 12 Territory tokens in all, not "
                    f"{game.tokens[p] + on_board}")
    return None


def cards(game: Biotopes) -> str | None:
    """Each of the 88 Species cards in one place; each Biotope card in one Ecosystem."""
    seen = [c for key in ("decks", "rivers", "discards") for pile in getattr(game, key)
            for c in pile]
    for p in range(game.players):
        seen.extend(game.hands[p])
        seen.extend(e[0] for row in game.rows[p] for e in row)
    if sorted(seen) != sorted(SPECIES):
        return "every one of the 88 Species cards must be in exactly one place"
    taken = [c for row in game.bcards for c in row if c]
    if len(set(taken)) != len(taken):
        return "a Biotope card is in two Ecosystems"
    return None


def setup_stage(game: Biotopes) -> str | None:
    """Where the set-up stands (Setup 6-8, the draft, Solo Mode 1): what has been dealt and
    placed so far."""
    return (_tokens_so_far(game) or _players_to_act(game) or _nothing_played_yet(game)
            or _draft(game) or _finished(game))


def _tokens_so_far(game: Biotopes) -> str | None:
    neutral = sum(1 for o in game.owner.values() if o == NEUTRAL)
    if game.solo:
        if neutral + game.neutral_removed > len(game.landscape):
            return ("Solo Mode: the neutral tokens stand on the landscape's hexes (those "
                    "Competition removed are counted in neutral_removed)")
    elif game.neutral_removed:
        return "only Solo Mode has neutral tokens to remove"
    return None


def _players_to_act(game: Biotopes) -> str | None:
    """Setup 6-8: the players still to act in this stage, clockwise from the first player."""
    players, stage = game.players, game.stage
    clockwise = game._clockwise(game.first)
    mine = [sum(1 for o in game.owner.values() if o == p) for p in range(players)]
    expected_order: list[int] | None = None
    if stage == "redraw":
        expected_order = clockwise[len(clockwise) - len(game.order):]
    elif stage in ("placement", "draft"):
        expected_order = (clockwise * INITIAL_TERRITORIES)[
            INITIAL_TERRITORIES * players - len(game.order):]
        if sum(mine) != INITIAL_TERRITORIES * players - len(game.order) or \
                max(mine) > INITIAL_TERRITORIES:
            return "the initial Territory tokens are placed in turn, 4 each (Setup 8)"
    elif stage in ("play", "over"):
        expected_order = []
    elif stage in ("tiles", "orient"):
        expected_order = (clockwise * TILES_PER_PLAYER)[
            TILES_PER_PLAYER * players - len(game.order):]
        if stage == "orient" and not game.order:
            return "a tile waits to be turned by the player who placed it"
    if expected_order is not None and (game.order != expected_order or (
            stage in ("redraw", "placement", "tiles") and not game.order)):
        return (f"state.order must be the players still to act in this set-up stage "
                f"({stage}), clockwise from the first player")
    if stage in ("tiles", "orient", "redraw") and any(mine):
        return "no Territory token is placed before the starting hands are settled"
    return None


def _nothing_played_yet(game: Biotopes) -> str | None:
    """Setup 7: during the set-up, the starting hands and nothing in play."""
    stage = game.stage
    setting_up = stage in SETUP_STAGES
    for p in range(game.players):
        hand = len(game.hands[p])
        if setting_up and (any(game.rows[p]) or any(game.uses[p])
                           or any(map(any, game.spaces[p])) or game.passed[p]
                           or any(map(any, game.foreign[p])) or any(game.biotope[p])):
            return "nothing is played before the set-up is over"
        if setting_up and hand != (0 if stage in ("tiles", "orient") else STARTING_HAND):
            return (f"player {p + 1} holds {hand} cards during the set-up, not the starting "
                    "hand (Setup 7)")
    return None


def _draft(game: Biotopes) -> str | None:
    """Advanced Biotopes Draft: a Biotope card of the biotope of each token placed."""
    stage = game.stage
    if stage == "draft":
        q = game._draft_player()
        # D10: the last eased placement may put a second token on a biotope the player holds
        again = sum(1 for h, o in game.owner.items()
                    if o == q and game.landscape[h] == game.draft_biotope) > 1
        if game.draft_biotope < 0 or (game.bcards[q][game.draft_biotope] and not again) or \
                not game.opts["draft"]:
            return "the draft waits for a Biotope card the player does not have yet"
    elif game.draft_biotope != -1:
        return "state.draft_biotope is -1 outside the draft"
    if game.opts["draft"] and stage in ("placement", "draft"):
        for p in range(game.players):
            chosen = {r for r, c in enumerate(game.bcards[p]) if c}
            held = [game.landscape[h] for h, o in game.owner.items() if o == p]
            if stage == "draft" and p == game._draft_player():
                if game.draft_biotope not in held:
                    return "the draft deals a card of the biotope just placed on"
                held.remove(game.draft_biotope)
            if chosen != set(held):
                return ("the draft gives a Biotope card of the biotope of each token placed "
                        "(Advanced Biotopes Draft)")
    return None


def _finished(game: Biotopes) -> str | None:
    """End of Game: everyone passed in the last cycle; boards recycled, empty cards gone."""
    if game.stage != "over":
        return None
    if game.cycle != game.cycles or not all(game.passed):
        return "the game ends when everyone has passed in the last cycle"
    for p in range(game.players):
        if any(game.uses[p]) or any(map(any, game.spaces[p])) or any(
                not _species_cubes(e) for row in game.rows[p] for e in row):
            return ("a finished game has recycled its boards and discarded the Species cards "
                    "without cubes (End of Game)")
    return None


def action_phase(game: Biotopes) -> str | None:
    """The Action Phase: who may act, what the Ecosystem boards' spaces hold, hand sizes."""
    if game.stage != "play":
        return "state.queue is empty outside the Action Phase" if game.queue else None
    if game.passed[game.active] or all(game.passed):
        return "the active player has not passed (once everyone has, the cycle ends)"
    head = game.queue[0] if game.queue else None
    pending = head if isinstance(head, tasks.Pay) else None
    for p in range(game.players):
        for i, space in enumerate(SPACES):
            cubes = sum(game.spaces[p][i])
            paying = pending is not None and pending.p == p and pending.dest == space
            uses = game.uses[p][i] - (1 if paying else 0)
            if space == "evolution":
                ok = (cubes == 0) if uses == 0 else 1 <= cubes <= EVOLUTION_MAX_CUBES
                if paying and pending is not None:
                    ok = cubes == len(pending.paid)
            else:
                ok = cubes == uses
            if not ok:
                return (f"player {p + 1}'s {space.capitalize()} space holds {cubes} cube(s) "
                        f"for {game.uses[p][i]} use(s) (one cube each; Evolution 1 to 5)")
        over = len(game.hands[p]) > HAND_LIMIT
        reacts = any(SPECIES[e[0]].effect.kind is EffectKind.REACTION
                     and SPECIES[e[0]].effect.reward is Reward.CARD
                     for row in game.rows[p] for e in row)
        if over and not reacts and not (p == game.active and game.queue):
            return (f"player {p + 1} holds {len(game.hands[p])} cards: more than 5 only "
                    "during their own action, or drawn by a Reaction (D17)")
    return None


def cubes(game: Biotopes) -> str | None:
    """Components: 40 cubes of each colour (a drawn cube may wait in a task)."""
    counts = game.cube_count()
    if any(n != CUBES_PER_COLOUR for n in counts):
        return f"there must be 40 cubes of each colour, not {counts}"
    return None


def scores(game: Biotopes) -> str | None:
    """Scoring: a finished game's score sheets are those of its Ecosystems."""
    if game.scores is not None and _strict(game.scores) != _strict(
            [game.score(p) for p in range(game.players)]):
        return SCORES
    return None


def someone_can_act(game: Biotopes) -> str | None:
    """A game in play always has someone to act."""
    if game.stage == "play" and not game._legal_actions():
        return "the game is in play but nobody can do anything"
    return None


CHECKS: tuple[Callable[[Biotopes], str | None], ...] = (
    first_player, landscape, environmental_tokens, piles, ecosystems, cards, setup_stage,
    action_phase, cubes, scores, someone_can_act,
)
"""The checks of :func:`violations`, in order."""
