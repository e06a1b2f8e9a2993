"""Tori-Tori's saves: the strict reader of a state (a save file is untrusted) and
:func:`violations`, what makes a state impossible.

``load`` reads every field with its exact type (an int is an int: not a bool, a float or a
text), refuses unknown and missing keys, and makes every reference resolve (a token on the
board is a listed token, a card is one of the 18, a pawn stands on the island). It checks no
rule: ``violations`` says, one sentence each, what of the state play cannot reach: the
components are conserved (57 tokens, 18 cards), the board keeps the rulebook's limits, the
tiles and the outcome agree with the board, and a decision waiting for the team is the very
one the engine would ask (D51). The core refuses a loaded state with any
(``Game._load_state``) and random play checks that no action makes one
(``tests/support/invariants.py``). Whatever both accept, the game can go on from
(legal_actions, view, apply, widget never raise).

``rules.ToriTori`` calls both (``_from_state``, ``violations``), importing this module only
then; this module reads the engine's tables from ``rules``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ecogames.core import Rng, SaveError
from ecogames.core import schema as s

from . import components as c
from .narration import NAME, PLURAL
from .rules import (
    ANIMALS,
    CAPACITY,
    CT,
    DIET,
    DIFFICULTIES,
    FACES,
    FX,
    GP,
    IB,
    LAYOUTS,
    NATIVE,
    ORDER,
    POINTS,
    REPORT_SPACES,
    RULEBOOK_NUMBERING,
    SPECIES_IDS,
    STAGES,
    STOCK,
    THRESHOLD,
    TT,
    VEGETATION,
    Pile,
    ToriTori,
)

STATE_KEYS = frozenset({
    "players", "difficulty", "layout", "numbering", "first_player", "rng", "next_token",
    "tokens", "sectors", "village_sustainable", "industry_sustainable", "pawns", "protecting",
    "markers", "slots", "pile", "discard", "round", "active", "stage", "turn_phase",
    "action_points", "dice", "solving", "resolving", "groups", "food", "outcome",
})
"""The keys of ``ToriTori._state()``, all required."""
FOOD_KEYS = frozenset({"eater", "sector", "options"})
OUTCOME_KEYS = frozenset({"result", "reason"})
MAX_TOKEN_ID = 10**9
RNG_STATES = 2**64
CARDS = frozenset(c.CARDS_BY_ID)
VILLAGE_CARD = next(card.id for card in c.ACTIVATION_CARDS
                    if card.settlement is c.Settlement.VILLAGE)
VICTORY_REASON = "both Human Settlements are sustainable"


# ---------------------------------------------------------------------------------------------
# The reader: types, keys, references
# ---------------------------------------------------------------------------------------------

def load(cls: type[ToriTori], data: Mapping[str, Any]) -> ToriTori:
    """The game ``data`` (a ``_state()``) describes, every field read strictly."""
    s.exact_keys(data, STATE_KEYS)
    players = s.integer(data, "players", cls.min_players, cls.max_players)
    difficulty = _one_of(data, "difficulty", DIFFICULTIES)
    layout = _one_of(data, "layout", LAYOUTS)
    numbering = tuple(s.int_list(data, "numbering", 1, 12, max_len=12))
    if sorted(numbering) != list(range(1, 13)):
        raise SaveError("state.numbering must hold each number 1..12 once")
    game = cls(players, Rng(state=s.integer(data, "rng", 0, RNG_STATES - 1)),
               difficulty=difficulty, layout=layout, numbering=numbering,
               first_player=s.integer(data, "first_player", 0, players - 1))
    _load_tokens(game, data)
    _load_board(game, data)
    game.village_ok = s.field(data, "village_sustainable", bool)
    game.industry_ok = s.field(data, "industry_sustainable", bool)
    _load_pawns(game, data)
    _load_cards(game, data)
    _load_turn(game, data)
    _load_pending(game, data)
    outcome = data["outcome"]
    if outcome is not None:
        s.exact_keys(outcome, OUTCOME_KEYS, "state.outcome")
        result = _one_of(outcome, "result", ("victory", "defeat"), "state.outcome")
        game.ended = (result, s.field(outcome, "reason", str, "state.outcome"))
    return game


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _token_id(value: Any, where: str, high: int) -> int:
    if not _is_int(value) or not 0 <= value < high:
        raise SaveError(f"{where} holds {value!r:.40}, not a token id below {high}")
    return int(value)


def _one_of(data: Mapping[str, Any], key: str, options: Any, where: str = "state") -> str:
    """``data[key]``: a text among ``options`` (not a list holding one, not a number)."""
    value = data[key]
    if not isinstance(value, str) or value not in options:
        raise SaveError(f"{where}.{key} holds {value!r:.40}, not one of "
                        f"{sorted(map(str, options))}")
    return value


def _strings(data: Mapping[str, Any], key: str, options: Any, *, none: bool = False,
             max_len: int = 20) -> list[Any]:
    values = s.field(data, key, list)
    if len(values) > max_len:
        raise SaveError(f"state.{key} is too long ({len(values)} items)")
    for v in values:
        if not (v is None and none) and not (isinstance(v, str) and v in options):
            raise SaveError(f"state.{key} holds {v!r:.40}, not one of "
                            f"{sorted(map(str, options))[:20]}")
    return list(values)


def _load_tokens(game: ToriTori, data: Mapping[str, Any]) -> None:
    """The tokens on the island, listed by id (never more than the box holds)."""
    game.next_token = s.integer(data, "next_token", 0, MAX_TOKEN_ID)
    entries = s.field(data, "tokens", list)
    if len(entries) > c.SPECIES_TOKENS_TOTAL:
        raise SaveError(f"state.tokens lists more than the {c.SPECIES_TOKENS_TOTAL} tokens "
                        "of the box")
    last = -1
    for entry in entries:
        if not isinstance(entry, list) or len(entry) != 2:
            raise SaveError("state.tokens holds [id, species] pairs")
        token = _token_id(entry[0], "state.tokens", game.next_token)
        species = entry[1]
        if not isinstance(species, str) or species not in SPECIES_IDS:
            raise SaveError(f"state.tokens: {species!r:.40} is not a species")
        if token <= last:
            raise SaveError(f"state.tokens must list each token once, by ascending id "
                            f"(token {token} after {last})")
        last = token
        game.kind[token] = species
        game.counts[species] += 1


def _load_board(game: ToriTori, data: Mapping[str, Any]) -> None:
    """The 12 common sectors: lists of piles, each a non-empty list of listed tokens."""
    sectors = s.field(data, "sectors", list)
    if len(sectors) != 12:
        raise SaveError("state.sectors must list the 12 common sectors")
    for n, row in enumerate(sectors, start=1):
        where = f"state.sectors[{n}]"
        if not isinstance(row, list):
            raise SaveError(f"{where} must be a list of at most {CAPACITY} piles")
        piles = []
        for pile in row:
            if not isinstance(pile, list) or not pile:
                raise SaveError(f"{where} has an empty pile or a pile that is not a list")
            if len(pile) > c.SPECIES_TOKENS_TOTAL:
                raise SaveError(f"{where} has a pile of {len(pile)} tokens")
            for token in pile:
                _token_id(token, where, game.next_token)
                if token not in game.kind:
                    raise SaveError(f"{where}: token {token} is unknown")
            piles.append(tuple(pile))
        game.board[n] = tuple(piles)


def _load_pawns(game: ToriTori, data: Mapping[str, Any]) -> None:
    """Researcher pawns, protections and Ability markers."""
    players = game.players
    locations = set(game.island.locations)
    game.pawns = _player_list(data, "pawns", players,
                              lambda v: isinstance(v, str) and v in locations)
    game.markers = _player_list(data, "markers", players,
                                lambda v: isinstance(v, str) and v in c.MAP_SPACES)
    game.protecting = _player_list(data, "protecting", players,
                                   lambda v: v is None or _is_int(v))


def _player_list(data: Mapping[str, Any], key: str, players: int,
                 ok: Callable[[Any], bool]) -> list[Any]:
    values = s.field(data, key, list)
    if len(values) != players or not all(ok(v) for v in values):
        raise SaveError(f"state.{key} must hold one valid entry per player")
    return list(values)


def _load_cards(game: ToriTori, data: Mapping[str, Any]) -> None:
    """The six card spaces A-F, the Activation pile and the discard pile."""
    slots = _strings(data, "slots", CARDS, none=True)
    pile = _strings(data, "pile", CARDS)
    discard = _strings(data, "discard", CARDS)
    if len(slots) != len(FACES):
        raise SaveError("state.slots must have the six card spaces A-F")
    game.slots, game.pile, game.discard = list(slots), list(pile), list(discard)


def _load_turn(game: ToriTori, data: Mapping[str, Any]) -> None:
    game.round = s.integer(data, "round", c.ROUND_START_SPACE,
                           c.DEFEAT_ROUND_SPACE[game.players])
    game.active = s.integer(data, "active", 0, game.players - 1)
    game.stage = _one_of(data, "stage", STAGES)
    game.turn_phase = s.integer(data, "turn_phase", 1, 2)
    game.points = s.integer(data, "action_points", 0, POINTS)
    dice = data["dice"]
    if dice is not None:
        faces = _strings(data, "dice", FACES)
        if len(faces) != 2:
            raise SaveError("state.dice must be null or [red face, sky-blue face]")
        game.dice = (faces[0], faces[1])
    game.solving = tuple(_strings(data, "solving", FACES, max_len=2))
    resolving = data["resolving"]
    if resolving is not None and (not isinstance(resolving, str) or resolving not in CARDS):
        raise SaveError("state.resolving must be the card of the first face being solved")
    game.resolving = resolving


def _load_pending(game: ToriTori, data: Mapping[str, Any]) -> None:
    groups = s.field(data, "groups", list)
    if len(groups) > 12:
        raise SaveError("state.groups is too long")
    loaded = []
    for g in groups:
        ids = s.int_list({"g": g}, "g", 0, MAX_TOKEN_ID, "state.groups", max_len=13)
        if not ids or not 1 <= ids[0] <= 12:
            raise SaveError("state.groups holds [sector, token, ...] lists")
        for token in ids[1:]:
            _token_id(token, "state.groups", game.next_token)
        loaded.append(tuple(ids))
    game.groups = tuple(loaded)
    food = data["food"]
    if food is not None:
        s.exact_keys(food, FOOD_KEYS, "state.food")
        eater = food["eater"]
        if eater is not None and not _is_int(eater):
            raise SaveError("state.food.eater must be an uncovered token or null")
        sector = s.integer(food, "sector", 1, 12, "state.food")
        options = tuple(s.int_list(food, "options", 0, MAX_TOKEN_ID, "state.food", max_len=3))
        game.food = (eater, sector, options)


# ---------------------------------------------------------------------------------------------
# violations: what makes a state impossible
# ---------------------------------------------------------------------------------------------

def violations(game: ToriTori) -> list[str]:
    """What makes ``game``'s state one play cannot reach, one sentence each (``[]``: none).

    The parts are checked in the order a save lists them (set-up, tokens, board, pawns,
    cards, turn, stage, objective); the activation in progress is checked only when all of
    them hold, since it reads the board, the card being solved and the stage they vouch for.
    """
    problems = [problem for part in _PARTS for problem in part(game)]
    return problems or _pending(game)


def _setup(game: ToriTori) -> list[str]:
    """Game Setup 3 (D6): the rulebook's layout is the numbering of its examples."""
    if game.layout == "rulebook" and game.island.numbering != RULEBOOK_NUMBERING:
        return ["state.numbering is not the rulebook's numbering"]
    return []


def _tokens(game: ToriTori) -> list[str]:
    """Components: never more tokens of a kind on the island than the box holds (D8)."""
    return [f"more {kind} tokens on the board than the box holds ({stock})"
            for kind, stock in STOCK.items() if game.supply(kind) < 0]


def _board(game: ToriTori) -> list[str]:
    """The island: 12 common sectors of at most 3 piles each, every token in exactly one pile,
    and only piles that eating can make (D17-D20, D24)."""
    problems = []
    seen: set[int] = set()
    for n in range(1, 13):
        where = f"state.sectors[{n}]"
        row = game.board[n]
        if len(row) > CAPACITY:
            problems.append(f"{where} holds {len(row)} piles: a sector has room for at most "
                            f"{CAPACITY} piles")
        for pile in row:
            problems += [f"{where}: token {t} is placed twice" for t in pile if t in seen]
            seen.update(pile)
            problem = _pile(game, pile, where)
            if problem:
                problems.append(problem)
    if seen != set(game.kind):
        problems.append("every token listed must be in a sector")
    return problems


def _pile(game: ToriTori, pile: Pile, where: str) -> str | None:
    """What is wrong with a pile (bottom first) that the rules cannot make or leave:

    - only an animal lies on another token: a Vegetation token is at the bottom (Feeding);
    - nothing eats Cats or Foxes (the food table), so they are only ever on top;
    - a Guinea pig or Tori-tori on top holds only the plants it ate;
    - an animal on top holds fewer tokens than it needs to breed, as it breeds the moment it
      has enough (Breeding, D24), except a Cat the Village put on a Tori-tori that had eaten
      (it is placed, not activated: D26), which holds two.
    """
    kinds = [game.kind[t] for t in pile]
    if any(k not in ANIMALS for k in kinds[1:]):
        return f"{where}: only an animal lies on another token"
    if any(k in (CT, FX) for k in kinds[:-1]):
        return f"{where}: a Cat or a Fox lies under another token, but nothing eats them"
    top, under = kinds[-1], kinds[:-1]
    if top not in ANIMALS:
        return None
    if top in (TT, GP) and any(k not in VEGETATION for k in under):
        return f"{where}: a {NAME[top]} eats only plants, yet an animal lies under it"
    threshold = THRESHOLD[top] or 0
    placed_cat = top == CT and len(under) == threshold and under[-1] == TT
    if len(under) >= threshold and not placed_cat:
        return (f"{where}: a {NAME[top]} with {len(under)} tokens under it would have bred "
                f"(it breeds with {threshold})")
    return None


def _pawns(game: ToriTori) -> list[str]:
    """Ability markers (D38, D39) and protections (D32)."""
    problems = []
    start = c.DIFFICULTY_START[game.players, c.Difficulty(game.difficulty)]
    if any(start not in c.MAP_PATHS[marker] for marker in game.markers):
        problems.append("state.markers must hold one valid entry per player (a marker only "
                        "moves forward from the difficulty's start space)")
    guarded = [t for t in game.protecting if t is not None]
    if len(set(guarded)) != len(guarded):
        problems.append("two pawns protect the same token")
    for player, token in enumerate(game.protecting):
        if token is None:
            continue
        spot = game.where(token) if token in game.kind else None
        if (spot is None or game.kind[token] not in ANIMALS
                or str(spot[0]) != game.pawns[player]):
            problems.append(f"player {player} protects token {token}, which is not an "
                            "uncovered animal in their pawn's sector")
    return problems


def _cards(game: ToriTori) -> list[str]:
    """The 18 Activation cards, each once: in the six spaces, the pile or the discard pile."""
    placed = [x for x in game.slots if x is not None] + game.pile + game.discard
    if sorted(placed) != sorted(CARDS):
        return ["the 18 Activation cards must each be once in the spaces, the pile or the "
                "discard pile"]
    return []


def _turn(game: ToriTori) -> list[str]:
    """Course of Play 1: the faces still to solve and the card being solved come from this
    turn's dice; a meal waits for an animal on the island."""
    problems = []
    if game.solving:
        red, blue = game.dice or ("", "")
        if game.solving not in {(red,), (blue,)} | ({(red, blue)} if red != blue else set()):
            problems.append("state.solving must be the faces of this turn's dice still to "
                            "solve")
    if game.resolving is not None and (
            not game.solving or game.resolving != game.slots[FACES.index(game.solving[0])]):
        problems.append("state.resolving must be the card of the first face being solved")
    eater = game.food[0] if game.food is not None else None
    if eater is not None and (eater not in game.kind or game.where(eater) is None):
        problems.append("state.food.eater must be an uncovered token or null")
    return problems


def _stage(game: ToriTori) -> list[str]:
    """Course of Play: where the game can stop and wait, and what each stop looks like."""
    stage, phase, points = game.stage, game.turn_phase, game.points
    rules = (
        ((stage == "over") != (game.ended is not None),
         "state.stage is 'over' exactly when the game has an outcome"),
        (stage == "actions" and (phase != 2 or points == 0),
         "the action stage needs phase 2 and action points"),
        (stage == "roll" and (phase != 1 or game.dice is not None or points != 0),
         "the roll stage starts a turn: phase 1, no dice, no action points"),
        (stage == "choose_first" and phase != 1,
         "the choose_first stage happens only while cards are solved"),
        (stage in ("choose_first", "choose_food") and phase == 1
         and (points != 0 or game.resolving is None),
         "a decision in phase 1 needs a card being solved and no action points"),
        (stage == "choose_food" and phase == 2
         and (points == POINTS or bool(game.solving) or game.resolving is not None),
         "a decision in phase 2 follows Activate Animals, which costs a point"),
        (stage in ("roll", "actions") and (bool(game.solving) or game.resolving is not None),
         "cards are solved only during the roll"),
        ((stage == "choose_food") != (game.food is not None),
         "the choose_food stage needs a pending meal (state.food), and only it"),
        (bool(game.groups) and stage not in ("choose_first", "choose_food", "over"),
         "state.groups lists tokens still to activate outside a card"),
        (stage == "over" and (bool(game.groups) or game.food is not None),
         "a finished game has nothing left to activate"),
        (None in game.slots and stage != "over",
         "every card space holds a card between turns"),
        (not game.pile and stage != "over",
         "the Activation pile is turned over as soon as it runs out (D15)"),
    )
    return [problem for broken, problem in rules if broken]


def _objective(game: ToriTori) -> list[str]:
    """Game Objective and How to Transform Human Settlement tiles (D40, D41): the tiles and the
    outcome agree with the board."""
    counts = game.counts
    extinct = [species for species in NATIVE if counts[species] == 0]
    limit = c.DEFEAT_ROUND_SPACE[game.players]
    reported = any(m in REPORT_SPACES for m in game.markers)
    if game.village_ok and counts[CT] + counts[IB] > 0:
        return ["the Village is sustainable, yet Cats or Invasive Bushes are on the island "
                "(after it turns, its card has no effect and none can come back)"]
    if game.industry_ok and not reported:
        return ["the Industry is sustainable, yet no Ability marker has reached an "
                "Environmental Report space"]
    if game.ended is None:
        return _going_on(game, extinct, limit, reported)
    result, reason = game.ended
    if result == "victory":
        expected = VICTORY_REASON
        if not (game.village_ok and game.industry_ok) or extinct or game.round >= limit:
            return ["a victory needs both settlements sustainable and no defeat"]
    elif extinct:
        expected = f"the {PLURAL[extinct[0]]} went extinct"
    elif game.round >= limit:
        expected = f"the Round marker reached space {limit}"
    else:
        return ["a defeat needs an extinct native species or the Round marker on the last "
                "space"]
    if reason != expected:
        return [f"state.outcome.reason must be {expected!r} for this board"]
    if result == "defeat" and game.village_ok and game.industry_ok:
        return ["both settlements sustainable: the game would have ended in victory"]
    return []


def _going_on(game: ToriTori, extinct: list[str], limit: int, reported: bool) -> list[str]:
    """A game without an outcome has met no end it would have stopped at (D40, D41)."""
    counts = game.counts
    if extinct:
        return [f"the {PLURAL[extinct[0]]} are extinct, yet the game goes on"]
    if game.round >= limit:
        return [f"the Round marker is on space {limit}, yet the game goes on"]
    if game.village_ok and game.industry_ok:
        return ["both Human Settlements are sustainable, yet the game goes on"]
    if not game.village_ok and counts[CT] + counts[IB] == 0:
        return ["no Cat nor Invasive Bush is left, yet the Village has not turned"]
    if (not game.industry_ok and reported
            and counts[TT] >= c.INDUSTRY_TORI_TORI_MINIMUM):
        return ["four Tori-toris and an Environmental Report, yet the Industry has not "
                "turned"]
    return []


_PARTS: tuple[Callable[[ToriTori], list[str]], ...] = (
    _setup, _tokens, _board, _pawns, _cards, _turn, _stage, _objective)
"""The parts of a state that are checked each on its own (``violations``)."""


def _pending(game: ToriTori) -> list[str]:
    """An activation in the middle of a card (D21, D22) and a decision the team must make
    (D44): exactly what the engine would have left and asked."""
    if game.groups:
        problem = _groups(game)
        if problem:
            return [problem]
    if game.stage == "choose_first" and not (
            len(game.decision_options()) > 1
            and game._differ(game.groups[0][0], game.decision_options())):
        return ["the choose_first stage needs two or more different piles to choose among"]
    if game.food is not None:
        problem = _food(game)
        if problem:
            return [problem]
    return []


def _groups(game: ToriTori) -> str | None:
    card = c.CARDS_BY_ID[game.resolving] if game.resolving else None
    if card is None or card.kind is c.CardKind.SETTLEMENT:
        return ("state.groups lists tokens a Common Sector or Species card activates, but no "
                "such card is being solved")
    ids = [t for g in game.groups for t in g[1:]]
    if len(set(ids)) != len(ids):
        return "state.groups lists a token twice"
    if set(ids) & set(game.protecting):
        return "state.groups lists a protected token, which no card activates (D32)"
    species = []
    for group in game.groups:
        kinds = {game.kind[t] for t in group[1:] if t in game.kind}
        if len(kinds) > 1 or not kinds <= set(ORDER):
            return "each of state.groups is one activated species"
        species.append(next(iter(kinds)) if kinds else None)
    sectors = [g[0] for g in game.groups]
    if card.kind is c.CardKind.COMMON:
        ranks = [ORDER.index(sp) for sp in species if sp is not None]
        if set(sectors) != {card.sector} or ranks != sorted(set(ranks)):
            return (f"the card {card.id} activates its sector's species in the order "
                    "Invasive Bush, Cat, Guinea pig, Fox, Tori-tori")
    else:
        own = card.species.value if card.species else None
        if sectors != sorted(set(sectors)) or any(sp not in (None, own) for sp in species):
            return (f"the card {card.id} activates its species sector by sector, from the "
                    "lowest number")
    return None


def _food(game: ToriTori) -> str | None:
    assert game.food is not None
    eater, m, options = game.food
    if eater is None:
        if game.resolving != VILLAGE_CARD or game.village_ok or game.supply("cat") == 0:
            return ("a Cat waits to enter from the Village, but the Village card is not being "
                    "solved")
        expected = _village_meal(game)
    else:
        spot = game.where(eater)
        assert spot is not None
        if game.kind[eater] not in ANIMALS or eater in game.protecting:
            return "state.food.eater must be an unprotected animal"
        if game.turn_phase == 1 and (game.resolving is None
                                     or game.resolving == VILLAGE_CARD):
            return "an animal eats while a Common Sector or Species card is solved"
        found = game._find_food(spot[0], DIET[game.kind[eater]])
        expected = None if found is None else (found[0], game._food_tokens(*found))
    if expected != (m, list(options)) or len(options) < 2 or not game._differ(m, options):
        return ("state.food must be the meal the engine would ask about: the food it finds, "
                "two or more different piles of it (D23, D26, D44)")
    return None


def _village_meal(game: ToriTori) -> tuple[int, list[int]] | None:
    """The sector and the food tokens the Village's Cat would choose among (D26)."""
    for m in game.island.village_sectors:
        for species in DIET[CT]:
            options = game._food_tokens(m, species)
            if options:
                return m, options
    return None
