"""Tori-Tori: Endangered Species — the rules engine.

Source of truth: ``shared/rulebooks/tori-tori-endangered-species.txt``; every decision where
it is silent is in ``docs/rules/toritori.md`` (cited here as D1..D44). Rule functions are
named after the rulebook's sections and cite them.

The state, in short:

- ``board[n]`` (n = 1..12): the piles of common sector ``n``, at most three; a pile is a
  tuple of token ids, bottom first, its last token on top (an animal lying on what it ate);
- ``kind[token]``: the species each token on the board shows (a Vegetation token shows
  ``native_tree`` or ``invasive_bush``); tokens not on the board are in the supply;
- the Activation cards (``slots`` A-F, ``pile`` top first, ``discard`` oldest first), the
  Round marker, the tiles, the pawns, the Ability markers;
- the turn: ``active`` player, ``stage`` (roll / choose_first / choose_food / actions /
  over), action points, this turn's dice;
- an activation in progress, so the team can be asked in the middle of it: the slots still to
  solve, the ``groups`` of tokens the current card still activates, a pending meal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, ClassVar

from ecogames.core import Action, EventLog, Game, Option, Outcome, Question, Rng, SaveError
from ecogames.core import schema as s

from . import components as c
from .actions import (
    ACTION_TYPES,
    ActivateAnimal,
    AdvancedBotany,
    AdvancedGardening,
    AnimalTracking,
    Bicycle,
    ChooseFirst,
    ChooseFood,
    Gardening,
    Motorcycle,
    Move,
    MoveOther,
    Plant,
    Protect,
    Roll,
    SpecializedTracking,
    Study,
    TransformPlant,
    Veterinary,
    place,
)
from .components import Ability
from .narration import NAME, PLURAL, SILENT, Narrator, a_, player_name

# ---------------------------------------------------------------------------------------------
# Constants: the components' data as plain strings and numbers (fast to compare and to save)
# ---------------------------------------------------------------------------------------------

TT, GP, FX, CT, NT, IB = (sp.value for sp in (
    c.Species.TORI_TORI, c.Species.GUINEA_PIG, c.Species.FOX, c.Species.CAT,
    c.Species.NATIVE_TREE, c.Species.INVASIVE_BUSH))
SPECIES_IDS = tuple(sp.value for sp in c.Species)
ANIMALS = frozenset(sp.value for sp in c.ANIMALS)
VEGETATION = frozenset((NT, IB))
NATIVE = (TT, GP, FX, NT)
"""Game Objective: the native species whose extinction loses the game."""
DIET = {sp.value: tuple(f.value for f in info.diet) for sp, info in c.SPECIES.items()}
THRESHOLD = {sp.value: info.breed_threshold for sp, info in c.SPECIES.items()}
ORDER = tuple(sp.value for sp in c.ACTIVATION_ORDER)
TOKEN_KIND = {sp.value: info.token.value for sp, info in c.SPECIES.items()}
STOCK = {kind.value: n for kind, n in c.TOKEN_SUPPLY.items()}
CAPACITY = c.SECTOR_CAPACITY
FACES = c.CARD_SLOTS
POINTS = c.ACTION_POINTS_PER_TURN
REPORT_SPACES = frozenset(c.REPORT_SPACES)
SETTLEMENTS = ("village", "industry")
STAGES = ("roll", "choose_first", "choose_food", "actions", "over")
"""Where the game can stop and wait (``cards`` is only seen in the middle of a roll)."""
PHASES: Mapping[str, tuple[type[Action], ...]] = MappingProxyType({
    "roll": (Roll,),
    "choose_first": (ChooseFirst,),
    "choose_food": (ChooseFood,),
    "actions": tuple(t for t in ACTION_TYPES if t not in (Roll, ChooseFirst, ChooseFood)),
    "over": (),
})
"""The phases as a table: which actions each allows."""
MOVEMENT = {Ability.MOVE.value: Move, Ability.BICYCLE.value: Bicycle,
            Ability.MOTORCYCLE.value: Motorcycle}
HELD = {space: frozenset(a.value for a in held) for space, held in c.ABILITIES_AT.items()}
ABILITY_NAME = {a.value: info.name for a, info in c.ABILITIES.items()}
LAYOUTS = ("random", "rulebook")
PRINTED = tuple(c.PRINTED_SPECIES[square].value for square in c.COMMON_SQUARES)
"""The species printed on each of ``COMMON_SQUARES`` (D6)."""
OTHER_CARDS = tuple(card.id for card in c.ACTIVATION_CARDS if card.kind is not c.CardKind.COMMON)
"""The Human Settlement and Species Activation cards (set-up step 8)."""
CARD_RANK = {card.id: rank for rank, card in enumerate(c.ACTIVATION_CARDS)}
"""The cards' order (``components.ACTIVATION_CARDS``): the set-up lays the face-down pile out
in it (D52)."""
CARD_NAME = {card.id: card.name for card in c.ACTIVATION_CARDS}
CARD_EFFECT: Mapping[str, tuple[str, Any]] = {
    card.id: (("sector", card.sector or 0) if card.kind is c.CardKind.COMMON
              else (card.settlement.value, None) if card.settlement
              else ("species", card.species.value if card.species else ""))
    for card in c.ACTIVATION_CARDS}
"""Card -> what it activates: ("sector", n), ("village"|"industry", None), ("species", id)
(read once: enum members are slow to reach on every card solved)."""
FACE_LABEL: Mapping[tuple[str, str | None], str] = {
    **{(face, card): f"{face} ({name})" for face in FACES for card, name in CARD_NAME.items()},
    **{(face, None): face for face in FACES}}
"""A die's letter and the card it would solve: 'C (Sector 3)' (made once: dice roll often)."""
DIFFICULTIES = tuple(d.value for d in c.Difficulty)


def card_json(card: str | None) -> dict[str, str] | None:
    """An Activation card for the view: ``{"id", "kind", "label"}``."""
    if card is None:
        return None
    info = c.CARDS_BY_ID[card]
    kind = ("sector" if info.kind is c.CardKind.COMMON
            else info.settlement.value if info.settlement else "species")
    return {"id": card, "kind": kind, "label": info.name}


# ---------------------------------------------------------------------------------------------
# The island under one numbering (set-up step 3): adjacency by sector number, computed once
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Island:
    """The island with its sector numbers: who is next to whom, lowest number first."""

    numbering: tuple[int, ...]
    """The number on each of ``components.COMMON_SQUARES``, in that order."""
    number_of: Mapping[c.Pos, int]
    adjacent: tuple[tuple[int, ...], ...]
    """Sector number -> orthogonally adjacent common sectors, lowest first (index 0 unused)."""
    steps: Mapping[str, tuple[str, ...]]
    """Location -> locations one orthogonal step away (Move): sectors by number, then the
    settlements."""
    diagonals: Mapping[str, tuple[str, ...]]
    """Location -> locations one diagonal step away (Bicycle)."""
    around: Mapping[str, tuple[str, ...]]
    """Location -> locations one step of either kind away (Motorcycle)."""
    village_sectors: tuple[int, ...]
    """Common sectors orthogonally adjacent to the Village, lowest first (the Village card)."""
    industry_sectors: tuple[int, ...]
    """The five common sectors around the Industry, lowest first (the Industry card)."""
    locations: tuple[str, ...]
    """Every location, sectors by number, then the Village and the Industry."""


_SQUARES = tuple(c.SECTOR_SQUARES)
"""The 14 sectors (squares that are not sea), row by row."""


def _by_index(table: Mapping[c.Pos, tuple[c.Pos, ...]],
              among: tuple[c.Pos, ...]) -> tuple[tuple[int, ...], ...]:
    """Neighbours as indices into ``among``, for each of ``among`` (computed once)."""
    return tuple(tuple(among.index(q) for q in table[sq] if q in among) for sq in among)


_STEPS = _by_index(c.ORTHOGONAL_NEIGHBOURS, _SQUARES)
_DIAGONALS = _by_index(c.DIAGONAL_NEIGHBOURS, _SQUARES)
_AROUND = _by_index(c.SURROUNDING_NEIGHBOURS, _SQUARES)
_COMMON_STEPS = _by_index(c.ORTHOGONAL_NEIGHBOURS, c.COMMON_SQUARES)
_VILLAGE_STEPS = tuple(c.COMMON_SQUARES.index(q)
                       for q in c.ORTHOGONAL_NEIGHBOURS[c.VILLAGE_SQUARE] if q in c.COMMON_SQUARES)
_INDUSTRY_AROUND = tuple(c.COMMON_SQUARES.index(q) for q in
                         c.SURROUNDING_NEIGHBOURS[c.INDUSTRY_SQUARE] if q in c.COMMON_SQUARES)
_COMMON_OF = tuple(c.COMMON_SQUARES.index(sq) if sq in c.COMMON_SQUARES else -1
                   for sq in _SQUARES)
_SETTLEMENT_NAMES = tuple(c.SQUARE_KINDS[sq].value for sq in _SQUARES)
_SETTLEMENT_KEYS = {"village": 13, "industry": 14}


@lru_cache(maxsize=256)
def island(numbering: tuple[int, ...]) -> Island:
    """The island under ``numbering`` (the number of each of ``COMMON_SQUARES``)."""
    names = [str(numbering[k]) if k >= 0 else _SETTLEMENT_NAMES[i]
             for i, k in enumerate(_COMMON_OF)]
    keys = [numbering[k] if k >= 0 else _SETTLEMENT_KEYS[name] for k, name in zip(_COMMON_OF,
                                                                                  names)]

    def table(neighbours: tuple[tuple[int, ...], ...]) -> dict[str, tuple[str, ...]]:
        """Location -> neighbours, sectors by number, then the Village, the Industry."""
        return {name: tuple([names[j] for j in sorted(near, key=keys.__getitem__)])
                for name, near in zip(names, neighbours)}

    def numbers(commons: Iterable[int]) -> tuple[int, ...]:
        """Those common sectors' numbers, lowest first (D5)."""
        return tuple(sorted([numbering[k] for k in commons]))

    adjacent: list[tuple[int, ...]] = [()] * 13
    for k, near in enumerate(_COMMON_STEPS):
        adjacent[numbering[k]] = numbers(near)
    return Island(
        numbering=numbering,
        number_of=dict(zip(c.COMMON_SQUARES, numbering)),
        adjacent=tuple(adjacent),
        steps=table(_STEPS),
        diagonals=table(_DIAGONALS),
        around=table(_AROUND),
        village_sectors=numbers(_VILLAGE_STEPS),
        industry_sectors=numbers(_INDUSTRY_AROUND),
        locations=(*(str(n) for n in range(1, 13)), "village", "industry"),
    )


RULEBOOK_NUMBERING = tuple(c.RULEBOOK_LAYOUT[sq] for sq in c.COMMON_SQUARES)


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------

Pile = tuple[int, ...]


class ToriTori(Game):
    """Tori-Tori: Endangered Species, for 2 to 4 researchers playing as one team."""

    name = "toritori"
    title = "Tori-Tori: Endangered Species"
    action_types = ACTION_TYPES
    min_players, max_players = 2, 4
    state_version = 2
    """2: the face-down Activation pile is kept in the cards' order and drawn by chance (D52);
    a version-1 save's draws would replay differently, so it is refused."""
    cooperative = True
    """Game Objective: "It is a cooperative game" — the team wins or loses together."""
    identities = MappingProxyType({"tokens": "token", "cards": "card"})
    """Every token keeps its number all game (``next_token`` counts them), so events'
    ``tokens`` name ``"token:<n>"``; Activation cards are ``"card:<id>"``."""
    why_questions = (
        Question("unsustainable", 'game.why("unsustainable", settlement="village")',
                 lambda settlement: ("blocks", settlement),
                 "why the Village (a Cat or an Invasive Bush arrived) or the Industry (a "
                 "Tori-tori was lost) has not turned Sustainable: the last event that kept it "
                 "so"),
    )
    option_specs = (
        Option("difficulty", "Difficulty", "basic", choices=DIFFICULTIES,
               choice_labels=("Basic", "Medium", "Expert"),
               help="Difficulty Levels: \"the only difference being the initial position of "
                    "the Ability markers in the Ability map\"; Medium and Expert start them "
                    "on earlier spaces, so the team starts with fewer abilities."),
        Option("layout", "Sector numbers", "random", choices=LAYOUTS,
               choice_labels=("At random", "As in the rulebook's examples"),
               help="Game Setup 3: the 12 Numbered tokens go \"one by one at random in each "
                    "common sector\", or as in the rulebook's examples (D6)."),
        Option("first_player", "First player", 0, low=0, high=3,
               help="\"The last person to see a bird is the one who will start the game\" "
                    "(a seat, counted from Player 1 in forms and from 0 in code): Player 1 or 2 "
                    "with two players, Player 1 to 3 with three (the set-up checks).",
               counts_seats=True),
    )

    _HANDLERS: ClassVar[dict[type[Action], str]] = {
        Roll: "_roll", ChooseFirst: "_choose_first", ChooseFood: "_choose_food",
        Study: "_study", Move: "_move", Bicycle: "_move", Motorcycle: "_motorcycle",
        Plant: "_plant", AdvancedBotany: "_advanced_botany",
        AnimalTracking: "_animal_tracking", SpecializedTracking: "_specialized_tracking",
        Veterinary: "_veterinary", Gardening: "_gardening",
        AdvancedGardening: "_advanced_gardening", TransformPlant: "_transform_plant",
        Protect: "_protect", ActivateAnimal: "_activate_animal", MoveOther: "_move_other",
    }

    def __init__(self, players: int, rng: Rng, *, difficulty: str, layout: str,
                 numbering: tuple[int, ...], first_player: int = 0) -> None:
        self.players = players
        self.rng = rng
        self.difficulty = difficulty
        self.layout = layout
        self.island = island(numbering)
        self.first_player = first_player
        self.board: list[tuple[Pile, ...]] = [() for _ in range(13)]
        self.kind: dict[int, str] = {}
        self.counts: dict[str, int] = dict.fromkeys(SPECIES_IDS, 0)
        self.next_token = 0
        self.village_ok = False
        self.industry_ok = False
        self.pawns = ["village"] * players
        self.protecting: list[int | None] = [None] * players
        start = c.DIFFICULTY_START[players, c.Difficulty(difficulty)]
        self.markers = [start] * players
        self.slots: list[str | None] = [None] * len(FACES)
        self.pile: list[str] = []
        self.discard: list[str] = []
        self.round = c.ROUND_START_SPACE
        self.active = first_player
        self.stage = "roll"
        self.turn_phase = 1
        self.points = 0
        self.dice: tuple[str, str] | None = None
        self.solving: tuple[str, ...] = ()
        self.resolving: str | None = None
        self.groups: tuple[tuple[int, ...], ...] = ()
        self.food: tuple[int | None, int, tuple[int, ...]] | None = None
        self.ended: tuple[str, str] | None = None

    # -- Game Setup ---------------------------------------------------------------------------

    @classmethod
    def _setup(cls, *, players: int, rng: Rng, difficulty: str = "basic",
               layout: str = "random", first_player: int = 0) -> ToriTori:
        """Game Setup, steps 1-12 (D2, D6, D10, D11, D13, D39)."""
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {DIFFICULTIES}, not {difficulty!r}")
        if layout not in LAYOUTS:
            raise ValueError(f"layout must be one of {LAYOUTS}, not {layout!r}")
        if type(first_player) is not int or not 0 <= first_player < players:
            raise ValueError(f"first_player must be a seat from 0 to {players - 1}")
        # 3. the Numbered tokens, one per common sector, at random (or the rulebook's).
        if layout == "rulebook":
            numbering = RULEBOOK_NUMBERING
        else:
            numbers = list(range(1, c.NUMBER_TOKENS + 1))
            rng.shuffle(numbers)
            numbering = tuple(numbers)
        # 1, 2, 4, 9-12: board, tiles Non-sustainable, Round marker, pawns, markers.
        game = cls(players, rng, difficulty=difficulty, layout=layout, numbering=numbering,
                   first_player=first_player)
        # 5. in each common sector (by number) the printed species and a Native Tree.
        for k in sorted(range(len(numbering)), key=numbering.__getitem__):
            game.board[numbering[k]] = ((game._new_token(PRINTED[k]),), (game._new_token(NT),))
        # 6. six Common sector cards at random on the card spaces A-F.
        common = list(c.COMMON_CARD_IDS)
        rng.shuffle(common)
        game.slots = list(common[:6])
        # 7. one of the others at random: a Cat on that sector's empty space.
        rest = common[6:]
        cat_card = rest[rng.below(len(rest))]
        n = c.CARDS_BY_ID[cat_card].sector or 0
        game.board[n] += ((game._new_token(CT),),)
        # 8. the Activation pile: settlements, species and the unused Common cards, shuffled
        # face down. Its order is known to no one, so it is kept in the cards' order and each
        # card drawn from it is a chance draw among the cards left (D52).
        game.pile = sorted(rest + list(OTHER_CARDS), key=CARD_RANK.__getitem__)
        return game

    @property
    def options(self) -> dict[str, Any]:
        return {"difficulty": self.difficulty, "layout": self.layout,
                "first_player": self.first_player}

    @property
    def player_names(self) -> list[str]:
        return [player_name(i) for i in range(self.players)]

    # -- small helpers on the board -------------------------------------------------------------

    def _new_token(self, species: str) -> int:
        token = self.next_token
        self.next_token += 1
        self.kind[token] = species
        self.counts[species] += 1
        return token

    def _drop(self, token: int) -> str:
        """Return a token to the supply."""
        species = self.kind.pop(token)
        self.counts[species] -= 1
        return species

    def supply(self, kind: str) -> int:
        """Tokens of a physical kind ("vegetation", "cat", ...) left in the supply."""
        if kind == "vegetation":
            return STOCK[kind] - self.counts[NT] - self.counts[IB]
        return STOCK[kind] - self.counts[kind]

    def where(self, token: int) -> tuple[int, int] | None:
        """(sector, pile index) of a token on top of a pile; None if covered or not on board."""
        for n in range(1, 13):
            for i, pile in enumerate(self.board[n]):
                if pile[-1] == token:
                    return n, i
        return None

    def pile_of(self, token: int) -> Pile:
        spot = self.where(token)
        if spot is None:
            raise KeyError(f"token {token} is not on top of a pile")
        return self.board[spot[0]][spot[1]]

    def _differ(self, n: int, tokens: Sequence[int]) -> bool:
        """Do the piles these tokens top in sector ``n`` differ (so which goes first, or which
        is eaten, matters)? Identical piles need no question (D22, D23)."""
        kind = self.kind
        shapes = {tuple(kind[t] for t in p) for p in self.board[n] if p[-1] in tokens}
        return len(shapes) > 1

    def _index(self, n: int, token: int) -> int:
        """The pile of sector ``n`` that ``token`` tops."""
        for i, pile in enumerate(self.board[n]):
            if pile[-1] == token:
                return i
        raise KeyError(f"token {token} is not on top of a pile in sector {n}")

    def _free(self, n: int) -> bool:
        return len(self.board[n]) < CAPACITY

    def _first_free(self, sectors: Iterable[int]) -> int | None:
        for n in sectors:
            if len(self.board[n]) < CAPACITY:
                return n
        return None

    def _food_tokens(self, n: int, species: str) -> list[int]:
        """Uncovered, unprotected tokens of ``species`` in sector ``n`` (D19, D32)."""
        kind, protecting = self.kind, self.protecting
        return [p[-1] for p in self.board[n] if kind[p[-1]] == species and p[-1] not in protecting]

    def _has_food(self, n: int, species: str) -> bool:
        kind, protecting = self.kind, self.protecting
        # A plain loop rather than any(): this is the hottest path of the rules.
        for p in self.board[n]:  # noqa: SIM110
            if kind[p[-1]] == species and p[-1] not in protecting:
                return True
        return False

    def _take_pile(self, n: int, i: int) -> Pile:
        row = self.board[n]
        self.board[n] = row[:i] + row[i + 1:]
        return row[i]

    def _put_pile(self, n: int, i: int, pile: Pile) -> None:
        row = self.board[n]
        self.board[n] = (*row[:i], pile, *row[i + 1:])

    def _add_pile(self, n: int, pile: Pile) -> None:
        self.board[n] = (*self.board[n], pile)

    def _move_pile(self, token: int, n: int, to: int) -> None:
        """Move the pile topped by ``token`` from sector ``n`` into a free space of ``to``."""
        self._add_pile(to, self._take_pile(n, self._index(n, token)))

    def pawn_sector(self, player: int) -> int | None:
        at = self.pawns[player]
        return int(at) if at.isdigit() else None

    def held(self, player: int) -> frozenset[str]:
        """The abilities ``player`` holds: all granted from A to their marker (D38)."""
        return HELD[self.markers[player]]

    # -- phrases for people ------------------------------------------------------------------------

    def pile_words(self, token: int) -> str:
        """'Tori-tori (on a Native Tree)' for the pile topped by ``token``."""
        pile = self.pile_of(token)
        under = " on ".join(a_(self.kind[t]) for t in reversed(pile[:-1]))
        name = NAME[self.kind[token]]
        return f"{name} (on {under})" if under else name

    def token_phrase(self, token: int) -> str:
        """'the Tori-tori (on a Native Tree) of sector 5'."""
        spot = self.where(token)
        if spot is None or token not in self.kind:
            return f"token {token}"
        return f"the {self.pile_words(token)} of sector {spot[0]}"

    def describe(self, action: Action) -> str:
        """A label with what the state knows: 'Plant a Native Tree in sector 5'."""
        if type(action) in PLAIN_LABELS:  # the action says it all (and is the most frequent)
            return action.label()
        player = self.active
        here = place(self.pawns[player])
        if isinstance(action, Plant):
            return f"Plant a Native Tree in {here}"
        if isinstance(action, AdvancedBotany):
            n = self.pawn_sector(player)
            trees = min(CAPACITY - len(self.board[n]), self.supply("vegetation")) if n else 0
            return f"Advanced Botany: plant {count_words(trees, NT)} in {here}"
        if isinstance(action, AnimalTracking) and token_known(self, action.token):
            spot = self.where(action.token)
            to = self._first_free(self.island.adjacent[spot[0]]) if spot else None
            return f"Animal Tracking: move {self.token_phrase(action.token)} to sector {to}"
        if isinstance(action, SpecializedTracking) and token_known(self, action.token):
            return (f"Specialized Animal Tracking: move {self.token_phrase(action.token)} to "
                    f"{place(action.to)}")
        if isinstance(action, Veterinary) and token_known(self, action.token):
            return f"Veterinary: remove {self.token_phrase(action.token)}"
        if isinstance(action, Gardening) and token_known(self, action.token):
            return f"Gardening: remove {self.token_phrase(action.token)}"
        if isinstance(action, AdvancedGardening) and all(
                token_known(self, t) for t in action.tokens):
            kinds = [self.kind[t] for t in action.tokens]
            removed = " and ".join(count_words(kinds.count(sp), sp) for sp in (NT, IB)
                                   if sp in kinds)
            return f"Advanced Gardening: remove {removed} from {here}"
        if isinstance(action, TransformPlant) and token_known(self, action.token):
            return (f"Transforming Plants: turn {self.token_phrase(action.token)} into a "
                    "Native Tree")
        if isinstance(action, Protect) and token_known(self, action.token):
            return f"Protect Animal: protect {self.token_phrase(action.token)}"
        if isinstance(action, ActivateAnimal) and token_known(self, action.token):
            return f"Activate Animals: activate {self.token_phrase(action.token)}"
        if isinstance(action, ChooseFirst) and token_known(self, action.token):
            return f"Activate {self.token_phrase(action.token)} first"
        if isinstance(action, ChooseFood) and token_known(self, action.token):
            return f"Eat {self.token_phrase(action.token)}"
        if isinstance(action, MoveOther) and 0 <= action.player < self.players and action.path:
            name = ABILITY_NAME.get(action.ability, action.ability)
            via = f" via {place(action.path[0])}" if len(action.path) > 1 else ""
            return (f"Move another pawn: {player_name(action.player)}'s pawn to "
                    f"{place(action.path[-1])}{via} ({name})")
        return action.label()

    # -- the one place that plays -----------------------------------------------------------------

    def _play(self, action: Action, log: EventLog) -> None:
        say: Any = Narrator(self, log) if log.record else SILENT
        _DISPATCH[type(action)](self, action, say)

    # =============================================================================================
    # Course of Play 1: roll the two dice and solve the Activation cards
    # =============================================================================================

    def _roll(self, _action: Roll, say: Any) -> None:
        """Course of Play 1: red die first, then sky-blue; the same face solves one card.
        Each die is a chance draw of its six letters (D52)."""
        faces = {face: FACE_LABEL[face, card] for face, card in zip(FACES, self.slots)}
        red = self.chance("the red die", FACES, label=faces.__getitem__)
        blue = self.chance("the sky-blue die", FACES, label=faces.__getitem__)
        self.dice = (red, blue)
        self.solving = (red,) if red == blue else (red, blue)
        self.stage = "cards"
        say.roll(red, blue, [self.slots[FACES.index(f)] for f in self.solving])
        self._proceed(say)

    def _draw_card(self, face: str) -> str:
        """Course of Play 1: the top card of the Activation pile (D14, D15, D52). Until the
        discard pile is first turned over, the pile lies as the set-up shuffled it, face down:
        the card is a chance draw among the cards left. A turned-over pile is the discard pile,
        whose order everyone saw: its top card comes, with nothing to draw."""
        if self.round != c.ROUND_START_SPACE:
            return self.pile.pop(0)
        # the cards left, in the cards' order: what comes depends on no order of the pile
        left = sorted(self.pile, key=CARD_RANK.__getitem__)
        card: str = self.chance(f"the card for space {face}", left, label=CARD_NAME.__getitem__)
        self.pile.remove(card)
        return card

    def _proceed(self, say: Any) -> None:
        """Go on with the activation in progress until it is done or the team must choose."""
        while self.ended is None:
            if self.food is not None:
                self._ask_food(say)
                return
            if self.groups:
                n = self.groups[0][0]
                ready = self._ready(self.groups[0])
                if not ready:
                    self.groups = self.groups[1:]
                    continue
                if len(ready) > 1 and self._differ(n, ready):
                    self.stage = "choose_first"
                    say.ask_first(self.kind[ready[0]], n, ready)
                    return
                self._activate_next(ready[0], say)
                continue
            if self.turn_phase == 2:  # Activate Animals has finished
                self.stage = "actions"
                self._after_ability(say)
                return
            if self.resolving is not None:
                self.resolving = None
                self.solving = self.solving[1:]
            if self.solving:
                self._solve_card(self.slots[FACES.index(self.solving[0])], say)
                continue
            self._discard_and_replace(say)
            return
        self.stage = "over"

    def _ready(self, group: tuple[int, ...]) -> list[int]:
        """The tokens of a group ``(sector, token, ...)`` still uncovered in their sector: a
        token eaten before its turn is not activated (D21). (A group never holds a protected
        token: the card's groups leave them out, and no protection starts while it resolves.)"""
        members = group[1:]
        return [p[-1] for p in self.board[group[0]] if p[-1] in members]

    def _activate_next(self, token: int, say: Any) -> None:
        groups = self.groups
        first = groups[0]
        n = first[0]
        self.groups = ((n, *[t for t in first[1:] if t != token]), *groups[1:])
        self._activate(token, n, say)

    def _solve_card(self, card: str | None, say: Any) -> None:
        """How to Solve the Activation Cards: the three kinds of card."""
        assert card is not None, "a card space is empty while solving"
        self.resolving = card
        kind, what = CARD_EFFECT[card]
        ev = say.card(card)
        if kind == "sector":
            self.groups = self._common_sector_groups(what)
            if not self.groups:
                say.no_effect(card, f"sector {what} has no species to activate", ev)
        elif kind == "village":
            self._village(card, say, ev)
        elif kind == "industry":
            self._industry(card, say, ev)
        else:
            species = what
            self.groups = self._species_groups(species)
            if not self.groups:
                say.no_effect(card, f"there are no {PLURAL[species]} to activate", ev)

    def _discard_and_replace(self, say: Any) -> None:
        """Course of Play 1: discard the solved cards face up, then refill their spaces from the
        pile, red die's space first (D14); turn the discard pile over when the pile runs out."""
        dice = self.dice
        faces = () if dice is None else (dice[0],) if dice[0] == dice[1] else dice
        for face in faces:
            i = FACES.index(face)
            card = self.slots[i]
            if card is not None:
                self.discard.append(card)
                self.slots[i] = None
                say.discard(card, say.root)
        for face in faces:
            i = FACES.index(face)
            card = self._draw_card(face)
            self.slots[i] = card
            say.refill(face, card, say.root)
            if not self.pile:
                self._turn_over(say)
                if self.ended:
                    self.stage = "over"
                    return
        self._start_actions(say)

    def _turn_over(self, say: Any) -> None:
        """Course of Play 1: "turn it over without shuffling" (D15): the oldest discard is the
        new top card. The Round marker advances; on the defeat space the team loses."""
        self.pile, self.discard = self.discard, []
        self.round += 1
        ev = say.turn_over(self.round, say.root)
        limit = c.DEFEAT_ROUND_SPACE[self.players]
        if self.round >= limit:
            self._end("defeat", f"the Round marker reached space {limit}", say, ev)

    def _start_actions(self, say: Any) -> None:
        """Course of Play 2 begins: 4 action points; the player's protection ends (D32)."""
        self.turn_phase = 2
        self.points = POINTS
        self.stage = "actions"
        self.solving = ()
        self.resolving = None
        say.trigger = None
        ev = say.actions_start(self.active, None)
        token = self.protecting[self.active]
        if token is not None:
            self.protecting[self.active] = None
            say.protection_ends(self.active, token, "the second phase of their next turn has "
                                "come", ev)

    def _end_turn(self, say: Any) -> None:
        """After both phases, it is the next person's turn (clockwise)."""
        self.active = (self.active + 1) % self.players
        self.stage = "roll"
        self.turn_phase = 1
        self.points = 0
        self.dice = None
        say.turn(self.active)

    # =============================================================================================
    # 1. Common Sector Activation cards, 3. Species Activation cards: who is activated
    # =============================================================================================

    def _common_sector_groups(self, n: int) -> tuple[tuple[int, ...], ...]:
        """Common Sector Activation cards: the uncovered tokens of sector ``n``, in the order
        Invasive Bush, Cat, Guinea pig, Fox, Tori-tori; one group per species (D21, D22)."""
        kind, protecting = self.kind, self.protecting
        found: dict[str, list[int]] = {}
        for pile in self.board[n]:
            top = pile[-1]
            if top not in protecting:
                species = kind[top]
                if species != NT:
                    found.setdefault(species, []).append(top)
        if not found:
            return ()
        return tuple([(n, *found[species]) for species in ORDER if species in found])

    def _species_groups(self, species: str) -> tuple[tuple[int, ...], ...]:
        """Species Activation cards: every uncovered token of the species, sector by sector
        from the lowest number (D21, D22). Tokens that arrive later are not activated."""
        groups = []
        for n in range(1, 13):
            group = [p[-1] for p in self.board[n]
                     if self.kind[p[-1]] == species and p[-1] not in self.protecting]
            if group:
                groups.append((n, *group))
        return tuple(groups)

    def _activate(self, token: int, n: int, say: Any) -> None:
        """Activate one token of sector ``n`` by the Common Sector rules (cards and Activate
        Animals)."""
        if self.kind[token] == IB:
            self._invasive_bush(token, n, say)
        else:
            self._animal(token, n, say)

    def _invasive_bush(self, bush: int, n: int, say: Any) -> None:
        """Invasive Bushes: turn over a Native Tree of its own sector, else of the orthogonally
        adjacent sectors from the lowest number; none -> no effect."""
        for m in (n, *self.island.adjacent[n]):
            for pile in self.board[m]:
                if len(pile) == 1 and self.kind[pile[0]] == NT:
                    tree = pile[0]
                    self.kind[tree] = IB
                    self.counts[NT] -= 1
                    self.counts[IB] += 1
                    ev = say.spread(bush, n, tree, m)
                    self._check_end(say, ev)
                    return
        say.no_tree(bush, n)

    # =============================================================================================
    # Animals: Feeding, Moving, Breeding, Dying
    # =============================================================================================

    def _find_food(self, n: int, diet: tuple[str, ...]) -> tuple[int, str] | None:
        """Feeding and Moving (D23, as the rulebook's examples require): in its own sector an
        animal takes its 1st preference, else its 2nd; if its sector has neither, it searches
        the orthogonally adjacent sectors in ascending number for its 1st preference, and only
        if none has it, in ascending number for its 2nd."""
        for species in diet:
            if self._has_food(n, species):
                return n, species
        adjacent = self.island.adjacent[n]
        for species in diet:
            for m in adjacent:
                if self._has_food(m, species):
                    return m, species
        return None

    def _animal(self, token: int, n: int, say: Any) -> None:
        """Animals: feed (moving if need be), then breed; without food, Dying."""
        diet = DIET[self.kind[token]]
        found = self._find_food(n, diet)
        if found is None:
            self._dying(token, n, diet, say)
            return
        m, food_species = found
        options = self._food_tokens(m, food_species)
        if len(options) > 1 and self._differ(m, options):
            self.food = (token, m, tuple(options))
            return
        self._feeding(token, n, options[0], m, say)

    def _feeding(self, eater: int, n: int, food: int, m: int, say: Any) -> None:
        """Feeding: the animal's token (in sector ``n``), with everything underneath it, goes
        over the food token (in sector ``m``) (D17, D18); then Breeding."""
        species = self.kind[eater]
        pile = self._take_pile(n, self._index(n, eater))
        j = self._index(m, food)
        below = self.board[m][j]
        self._put_pile(m, j, below + pile)
        ev = say.eat(eater, species, n, below, m, DIET[species])
        self._breeding(eater, m, j, say, ev)

    def _breeding(self, eater: int, n: int, i: int, say: Any, cause: int | None) -> None:
        """Breeding: with enough tokens underneath, a new token of the species in the same
        sector, else in the lowest-numbered adjacent sector with space; the tokens needed are
        removed from the bottom (D20, D24). No space (or no token, D9): no birth, and all the
        tokens underneath are lost. The animal tops pile ``i`` of sector ``n``."""
        species = self.kind[eater]
        threshold = THRESHOLD[species] or 0
        pile = self.board[n][i]
        if len(pile) - 1 < threshold:
            return
        where = n if self._free(n) else self._first_free(self.island.adjacent[n])
        if where is None or self.supply(TOKEN_KIND[species]) == 0:
            lost = pile[:-1]
            self._put_pile(n, i, (eater,))
            lost_species = [self._drop(t) for t in lost]
            why = ("no space here or next door" if where is None
                   else f"no {NAME[species]} token is left in the supply")
            ev = say.breed_fails(eater, species, n, lost, lost_species, why, cause)
            self._check_end(say, ev)
            return
        newborn = self._new_token(species)
        self._add_pile(where, (newborn,))
        used = pile[:threshold]
        self._put_pile(n, i, pile[threshold:])
        used_species = [self._drop(t) for t in used]
        ev = say.breed(eater, species, n, newborn, where, used, used_species, cause)
        self._check_end(say, ev)

    def _dying(self, token: int, n: int, diet: tuple[str, ...], say: Any) -> None:
        """Dying: no food here nor next door. With tokens underneath: lose one (the bottom one,
        D20) and move to the adjacent sector with the lowest number and space (D25). Without:
        die — except Cats, which never die and move anyway."""
        species = self.kind[token]
        i = self._index(n, token)
        pile = self.board[n][i]
        if len(pile) == 1 and species != CT:
            self._take_pile(n, i)
            self._drop(token)
            ev = say.dies(token, species, n, diet)
            self._check_end(say, ev)
            return
        lost: int | None = None
        lost_species: str | None = None
        if len(pile) > 1:
            lost = pile[0]
            pile = pile[1:]
            self._put_pile(n, i, pile)
            lost_species = self._drop(lost)
        where = self._first_free(self.island.adjacent[n])
        if where is not None:
            self._take_pile(n, i)
            self._add_pile(where, pile)
        ev = say.starve(token, species, n, lost, lost_species, where, diet)
        self._check_end(say, ev)

    # -- decisions in the middle of an activation -------------------------------------------------

    def _ask_food(self, say: Any) -> None:
        assert self.food is not None
        eater, m, options = self.food
        self.stage = "choose_food"
        species = CT if eater is None else self.kind[eater]
        say.ask_food(eater, species, m, self.kind[options[0]], options)

    def decision_options(self) -> list[int]:
        """The tokens the team chooses among now (empty when no decision is pending): one per
        distinct pile, the first in the sector's order (identical piles are one choice, D44,
        D53)."""
        if self.stage == "choose_food" and self.food is not None:
            return self._distinct(self.food[1], self.food[2])
        if self.stage == "choose_first" and self.groups:
            return self._distinct(self.groups[0][0], self._ready(self.groups[0]))
        return []

    def _distinct(self, n: int, tokens: Sequence[int]) -> list[int]:
        """Of ``tokens`` (tops of piles of sector ``n``), the first of each distinct pile."""
        kind = self.kind
        shapes = set()
        chosen = []
        for pile in self.board[n]:
            if pile[-1] in tokens:
                shape = tuple([kind[t] for t in pile])
                if shape not in shapes:
                    shapes.add(shape)
                    chosen.append(pile[-1])
        return chosen

    def _choose_first(self, action: ChooseFirst, say: Any) -> None:
        """Common Sector Activation cards, Note: the team chooses which token goes first."""
        self.stage = "cards" if self.turn_phase == 1 else "actions"
        self._activate_next(action.token, say)
        self._proceed(say)

    def _choose_food(self, action: ChooseFood, say: Any) -> None:
        """The team chooses which of several different food piles the animal lies on."""
        assert self.food is not None
        eater, _m, _options = self.food
        self.food = None
        self.stage = "cards" if self.turn_phase == 1 else "actions"
        if eater is None:
            self._cat_arrives(action.token, say, say.trigger)
        else:
            spot = self.where(eater)
            assert spot is not None
            self._feeding(eater, spot[0], action.token, _m, say)
        self._proceed(say)

    # =============================================================================================
    # 2. Human Settlement Activation cards
    # =============================================================================================

    def _village(self, card: str, say: Any, cause: int | None) -> None:
        """The Village: "A Cat enters one of the sectors orthogonally adjacent to the Village,
        with the lowest number and that has food of its preference", lying on its 1st
        preference there if that sector has one, else on its 2nd (D26); with no food next to
        the Village, the lowest-numbered neighbour with space; else no effect. Only while
        Non-sustainable."""
        if self.village_ok:
            say.no_effect(card, "the Village is sustainable", cause)
            return
        if self.supply("cat") == 0:
            say.no_effect(card, "no Cat token is left in the supply (D9)", cause)
            return
        for m in self.island.village_sectors:
            for species in DIET[CT]:
                options = self._food_tokens(m, species)
                if options:
                    if len(options) > 1 and self._differ(m, options):
                        self.food = (None, m, tuple(options))
                    else:
                        self._cat_arrives(options[0], say, cause)
                    return
        m = self._first_free(self.island.village_sectors)  # type: ignore[assignment]
        if m is None:
            say.no_effect(card, "no sector next to the Village has food or space", cause)
            return
        cat = self._new_token(CT)
        self._add_pile(m, (cat,))
        say.cat_enters(cat, m, (), cause)

    def _cat_arrives(self, food: int, say: Any, cause: int | None) -> None:
        """The Village's Cat is placed directly over its food (it is not activated: D26)."""
        m, j = self.where(food)  # type: ignore[misc]  # (once per Village card)
        cat = self._new_token(CT)
        below = self.board[m][j]
        self._put_pile(m, j, (*below, cat))
        say.cat_enters(cat, m, below, cause)

    def _industry(self, card: str, say: Any, cause: int | None) -> None:
        """Industry: a disaster in the five sectors around it: "all Native Tree tokens are
        removed from these sectors", those lying under animals too (D27); the animals above a
        removed tree stay where they are. Only while Non-sustainable."""
        if self.industry_ok:
            say.no_effect(card, "the Industry is sustainable", cause)
            return
        removed = False
        for m in self.island.industry_sectors:
            i = 0
            while i < len(self.board[m]):
                pile = self.board[m][i]
                tree = pile[0]  # only an animal lies on another token: a tree is at the bottom
                if self.kind[tree] != NT:
                    i += 1
                    continue
                if len(pile) == 1:
                    self._take_pile(m, i)
                else:
                    self._put_pile(m, i, pile[1:])
                    i += 1
                self._drop(tree)
                removed = True
                ev = say.disaster(m, tree, pile[-1] if len(pile) > 1 else None, cause)
                if self._check_end(say, ev):
                    return
        if not removed:
            say.no_effect(card, "there is no Native Tree around the Industry", cause)

    # =============================================================================================
    # Game Objective: victory and defeat, checked the moment they happen (D40, D41)
    # =============================================================================================

    def _check_end(self, say: Any, cause: int | None) -> bool:
        """How to Transform Human Settlement tiles, and the losing conditions. Defeat first."""
        counts = self.counts
        if not (counts[TT] and counts[GP] and counts[FX] and counts[NT]):
            for species in NATIVE:
                if counts[species] == 0:
                    ev = say.extinct(species, cause)
                    self._end("defeat", f"the {PLURAL[species]} went extinct", say, ev)
                    return True
        if not self.village_ok and counts[CT] == 0 and counts[IB] == 0:
            self.village_ok = True
            cause = say.tile("village", cause)
        if (not self.industry_ok and counts[TT] >= c.INDUSTRY_TORI_TORI_MINIMUM
                and any(m in REPORT_SPACES for m in self.markers)):
            self.industry_ok = True
            cause = say.tile("industry", cause)
        if self.village_ok and self.industry_ok:
            self._end("victory", "both Human Settlements are sustainable", say, cause)
            return True
        return False

    def _end(self, result: str, reason: str, say: Any, cause: int | None) -> None:
        self.ended = (result, reason)
        self.stage = "over"
        self.food = None
        self.groups = ()
        say.end(result, reason, cause)

    # =============================================================================================
    # Course of Play 2: use 4 action points (Abilities)
    # =============================================================================================

    def _spend(self) -> int:
        """Every ability costs one action point (AB1; Environmental Report is no action)."""
        self.points -= 1
        return self.active

    def _after_ability(self, say: Any) -> None:
        if self.ended is None and self.stage == "actions" and self.points == 0:
            self._end_turn(say)

    def _study(self, action: Study, say: Any) -> None:
        """Study: advance the Ability marker one space; the ability is learned at once.
        Environmental Report: arriving on a Report space may turn the Industry (D36)."""
        player = self._spend()
        self.markers[player] = action.space
        ev = say.study(player, action.space)
        self._check_end(say, ev)
        self._after_ability(say)

    def _step_pawn(self, player: int, mover: int, ability: str, path: Sequence[str],
                   say: Any) -> None:
        """``player`` moves ``mover``'s pawn along ``path``; the move is told once the pawn
        stands at its end (the step shows it there). If the pawn was protecting an animal, it
        steps off it (D32)."""
        self.pawns[mover] = path[-1]
        ev = say.pawn_moves(player, mover, ability, path)
        token = self.protecting[mover]
        if token is not None:
            self.protecting[mover] = None
            say.protection_ends(mover, token, "the pawn has moved away (D32)", ev)

    def _move(self, action: Move | Bicycle, say: Any) -> None:
        """Move (one orthogonal step) and Bicycle (one diagonal step)."""
        player = self._spend()
        self._step_pawn(player, player, action.type, (action.to,), say)
        self._after_ability(say)

    def _motorcycle(self, action: Motorcycle, say: Any) -> None:
        """Motorcycle: up to two steps, orthogonal or diagonal, for one action point."""
        player = self._spend()
        self._step_pawn(player, player, "motorcycle", action.path, say)
        self._after_ability(say)

    def _move_other(self, action: MoveOther, say: Any) -> None:
        """Move another pawn: with the pawn owner's own movement abilities (D31)."""
        player = self._spend()
        self._step_pawn(player, action.player, action.ability, action.path, say)
        self._after_ability(say)

    def _plant(self, _action: Plant, say: Any) -> None:
        """Plant Native Tree: one tree in the pawn's sector; needs a free space."""
        player = self._spend()
        n = self.pawn_sector(player) or 0
        tree = self._new_token(NT)
        self._add_pile(n, (tree,))
        ev = say.plant(player, n, [tree], "Plant Native Tree")
        self._check_end(say, ev)
        self._after_ability(say)

    def _advanced_botany(self, _action: AdvancedBotany, say: Any) -> None:
        """Advanced Botany: Native Trees in all the free spaces of the pawn's sector (D34)."""
        player = self._spend()
        n = self.pawn_sector(player) or 0
        count = min(CAPACITY - len(self.board[n]), self.supply("vegetation"))
        trees = [self._new_token(NT) for _ in range(count)]
        self.board[n] = self.board[n] + tuple((t,) for t in trees)
        ev = say.plant(player, n, trees, "Advanced Botany")
        self._check_end(say, ev)
        self._after_ability(say)

    def _animal_tracking(self, action: AnimalTracking, say: Any) -> None:
        """Animal Tracking: the animal goes to the adjacent sector with the lowest number and
        space (orthogonal, D3, D33); it is not activated."""
        player = self._spend()
        n = self.pawn_sector(player) or 0
        to = self._first_free(self.island.adjacent[n]) or 0
        self._move_pile(action.token, n, to)
        say.track(player, action.token, self.kind[action.token], n, to, "Animal Tracking")
        self._after_ability(say)

    def _specialized_tracking(self, action: SpecializedTracking, say: Any) -> None:
        """Specialized Animal Tracking: to an adjacent sector of the player's choice (D33)."""
        player = self._spend()
        n = self.pawn_sector(player) or 0
        to = int(action.to)
        self._move_pile(action.token, n, to)
        say.track(player, action.token, self.kind[action.token], n, to,
                  "Specialized Animal Tracking")
        self._after_ability(say)

    def _remove_tops(self, player: int, tokens: Sequence[int], ability: str, say: Any) -> None:
        """Remove uncovered tokens of the pawn's sector; what lay under a Cat stays (D35)."""
        n = self.pawn_sector(player) or 0
        species = []
        uncovered = None
        for token in tokens:
            spot = self.where(token)
            assert spot is not None and spot[0] == n
            pile = self.board[n][spot[1]]
            if len(pile) > 1:
                self._put_pile(n, spot[1], pile[:-1])
                uncovered = pile[-2]
            else:
                self._take_pile(n, spot[1])
            species.append(self._drop(token))
        ev = say.remove(player, tokens, species, n, ability, uncovered)
        self._check_end(say, ev)

    def _veterinary(self, action: Veterinary, say: Any) -> None:
        """Veterinary: remove a Cat of the pawn's sector — the only way to remove Cats."""
        player = self._spend()
        self._remove_tops(player, (action.token,), "Veterinary", say)
        self._after_ability(say)

    def _gardening(self, action: Gardening, say: Any) -> None:
        """Gardening: remove a Vegetation token (Invasive Bush or Native Tree)."""
        player = self._spend()
        self._remove_tops(player, (action.token,), "Gardening", say)
        self._after_ability(say)

    def _advanced_gardening(self, action: AdvancedGardening, say: Any) -> None:
        """Advanced Gardening: remove up to three Vegetation tokens, for one action point."""
        player = self._spend()
        self._remove_tops(player, action.tokens, "Advanced Gardening", say)
        self._after_ability(say)

    def _transform_plant(self, action: TransformPlant, say: Any) -> None:
        """Transforming Plants: turn an Invasive Bush over into a Native Tree (D34)."""
        player = self._spend()
        self.kind[action.token] = NT
        self.counts[IB] -= 1
        self.counts[NT] += 1
        ev = say.transform(player, action.token, self.pawn_sector(player))
        self._check_end(say, ev)
        self._after_ability(say)

    def _protect(self, action: Protect, say: Any) -> None:
        """Protect Animal: the pawn goes over an animal of its sector, which is neither
        activated nor eaten until the second phase of the player's next turn (D32)."""
        player = self._spend()
        before = self.protecting[player]
        self.protecting[player] = action.token
        ev = say.protect(player, action.token, self.pawn_sector(player))
        if before is not None:
            say.protection_ends(player, before, "the pawn now protects another animal", ev)
        self._after_ability(say)

    def _activate_animal(self, action: ActivateAnimal, say: Any) -> None:
        """Activate Animals: activate an animal of the pawn's sector by the Common Sector
        rules (D28); a meal among different piles stops for the team's choice."""
        player = self._spend()
        n = self.pawn_sector(player) or 0
        say.activate(player, action.token, self.kind[action.token], n)
        self._activate(action.token, n, say)
        self._proceed(say)

    # =============================================================================================
    # Legal actions
    # =============================================================================================

    def _legal_actions(self) -> list[Action]:
        stage = self.stage
        if stage == "roll":
            return [ROLL]
        if stage == "choose_first":
            return [ChooseFirst(t) for t in self.decision_options()]
        if stage == "choose_food":
            return [ChooseFood(t) for t in self.decision_options()]
        if stage == "actions":
            return self._ability_actions(self.active)
        return []

    def _ability_actions(self, player: int) -> list[Action]:
        """Every use of every ability ``player`` holds, from where their pawn stands."""
        marker = self.markers[player]
        held = HELD[marker]
        isle = self.island
        at = self.pawns[player]
        actions: list[Action] = list(studies_and_movements(isle, marker, at))
        if at.isdigit():
            n = int(at)
            row = self.board[n]
            kind, protecting, counts = self.kind, self.protecting, self.counts
            if len(row) < CAPACITY and STOCK["vegetation"] > counts[NT] + counts[IB]:
                actions.append(PLANT)
                if "advanced_botany" in held:
                    actions.append(ADVANCED_BOTANY)
            # One choice per distinct pile (D53): two bare Cats, or two Native Trees, are the
            # same choice, so each ability names the first such pile of the sector only.
            animals = []
            trees: list[int] = []
            bushes: list[int] = []
            shapes = set()
            for pile in row:
                top = pile[-1]
                species = kind[top]
                if species == NT:
                    trees.append(top)
                elif species == IB:
                    bushes.append(top)
                elif top not in protecting:
                    shape = species if len(pile) == 1 else tuple([kind[t] for t in pile])
                    if shape not in shapes:
                        shapes.add(shape)
                        animals.append(top)
            if animals:
                spaces = [m for m in isle.adjacent[n] if len(self.board[m]) < CAPACITY]
                if spaces and "animal_tracking" in held:
                    actions += [_animal_tracking(t) for t in animals]
                if spaces and "specialized_animal_tracking" in held:
                    actions += [_specialized_tracking(t, str(m)) for t in animals for m in spaces]
                if "veterinary" in held:
                    actions += [_veterinary(t) for t in animals if kind[t] == CT]
                if "protect_animal" in held:
                    actions += [_protect(t) for t in animals]
                if "activate_animals" in held:
                    actions += [_activate_animal(t) for t in animals]
            if trees or bushes:
                if "gardening" in held:
                    actions += [_gardening(t[0]) for t in (trees, bushes) if t]
                if "advanced_gardening" in held:
                    actions += gardening_choices(tuple(trees), tuple(bushes))
                if "transforming_plants" in held and bushes:
                    actions.append(_transform_plant(bushes[0]))
        if "move_another_pawn" in held:
            for other in range(self.players):
                if other != player:
                    others = self.held(other)
                    actions += other_movements(isle, other, self.pawns[other],
                                               "bicycle" in others, "motorcycle" in others)
        return actions

    def explain_illegal(self, action: Action) -> str:
        """Why an action is not legal now, naming the rule."""
        label = self.describe(action)
        if self.ended:
            return f"{label!r}: the game is over"
        allowed = PHASES.get(self.stage, ())
        if not isinstance(action, allowed):
            wanted = {
                "roll": "the active player must first roll the dice (Course of Play 1)",
                "choose_first": "the team must first choose which token is activated first",
                "choose_food": "the team must first choose which food the animal eats",
                "actions": "the dice are rolled; now the active player spends action points "
                           "(Course of Play 2)",
            }.get(self.stage, f"the stage is {self.stage}")
            return f"{label!r} is not allowed now: {wanted}"
        if isinstance(action, (ChooseFirst, ChooseFood)):
            return (f"{label!r}: token {getattr(action, 'token', '?')} is not one of the options "
                    f"{self.decision_options()}")
        ability = _ABILITY_OF.get(type(action))
        player = self.active
        if ability and ability not in self.held(player):
            return (f"{label!r}: {player_name(player)} does not hold "
                    f"{ABILITY_NAME[ability]} (Ability marker on {self.markers[player]})")
        if isinstance(action, Study):
            nexts = c.NEXT_SPACES[self.markers[player]]
            return (f"{label!r}: Study advances one space along the Ability map; from "
                    f"{self.markers[player]} it reaches {list(nexts) or 'nothing'}")
        if isinstance(action, (Move, Bicycle, Motorcycle)):
            return (f"{label!r}: not a {ABILITY_NAME[ability or 'move']} from "
                    f"{place(self.pawns[player])}")
        if isinstance(action, MoveOther):
            if not 0 <= action.player < self.players or action.player == player:
                return f"{label!r}: there is no other player {action.player}"
            if action.ability not in MOVEMENT or action.ability not in self.held(action.player):
                return (f"{label!r}: a pawn is moved with its owner's movement abilities, not "
                        f"yours, and {player_name(action.player)} does not hold "
                        f"{action.ability!r} (D31)")
            return (f"{label!r}: that is not a {ABILITY_NAME[action.ability]} of "
                    f"{player_name(action.player)}'s pawn from "
                    f"{place(self.pawns[action.player])}")
        n = self.pawn_sector(player)
        if n is None:
            return f"{label!r}: the pawn is in {place(self.pawns[player])}, not a common sector"
        if isinstance(action, (Plant, AdvancedBotany)):
            if not self._free(n):
                return f"{label!r}: sector {n} has no free space"
            return f"{label!r}: no Vegetation token is left in the supply (D9)"
        if isinstance(action, (AnimalTracking, SpecializedTracking)):
            return (f"{label!r}: the token must be an uncovered, unprotected animal in sector {n},"
                    " going to an orthogonally adjacent sector with space (D33)")
        named = getattr(action, "tokens", None) or (getattr(action, "token", None),)
        for token in named:
            first = self._first_alike(n, token)
            if first is not None and first != token:
                return (f"{label!r}: this pile is like the first such pile of sector {n} (token "
                        f"{first}), and identical piles are one choice: act on that one (D53)")
        return (f"{label!r}: the tokens named must be uncovered tokens of the right kind in sector "
                f"{n}, the pawn's sector (D19, D32, D34, D35)")

    def _first_alike(self, n: int, token: Any) -> int | None:
        """The top of the first pile of sector ``n`` that is the same as ``token``'s pile from
        bottom to top (``token`` itself when it comes first; None if it tops no pile there)."""
        row = self.board[n]
        kind = self.kind
        shape = next((tuple([kind[t] for t in p]) for p in row if p[-1] == token), None)
        if shape is None:
            return None
        return next(p[-1] for p in row if tuple([kind[t] for t in p]) == shape)

    # =============================================================================================
    # What is seen
    # =============================================================================================

    @property
    def current_player(self) -> int | None:
        return None if self.ended else self.active

    @property
    def phase(self) -> str:
        return "over" if self.ended else self.stage

    @property
    def outcome(self) -> Outcome | None:
        if self.ended is None:
            return None
        result, reason = self.ended
        winners = tuple(range(self.players)) if result == "victory" else ()
        return Outcome(winners, reason, data={"result": result})

    def view(self, player: int | None = None) -> dict[str, Any]:
        """Everything is public in Tori-Tori; the format is in docs/rules/toritori.md."""
        kind = self.kind
        guard = {t: p for p, t in enumerate(self.protecting) if t is not None}
        isle = self.island
        decision = None
        if self.stage in ("choose_first", "choose_food") and self.ended is None:
            options = self.decision_options()
            decision = {"kind": self.stage, "prompt": self._prompt(options), "options": options}
        return {
            "players": self.players,
            "difficulty": self.difficulty,
            "layout": self.layout,
            "squares": [
                {"id": f"r{r}c{col}", "row": r, "col": col,
                 "kind": c.SQUARE_KINDS[r, col].value, "sector": isle.number_of.get((r, col))}
                for r in range(c.GRID_ROWS) for col in range(c.GRID_COLS)
            ],
            "sectors": {
                str(n): {
                    "tokens": [{"id": p[-1], "species": kind[p[-1]],
                                "under": [kind[t] for t in p[:-1]],
                                "protected_by": guard.get(p[-1])} for p in self.board[n]],
                    "capacity": CAPACITY,
                }
                for n in range(1, 13)
            },
            "settlements": {"village": {"sustainable": self.village_ok},
                            "industry": {"sustainable": self.industry_ok}},
            "pawns": [{"player": i, "colour": c.RESEARCHER_COLOURS[i], "at": self.pawns[i],
                       "protecting": self.protecting[i]} for i in range(self.players)],
            "slots": [{"slot": face, "card": card_json(self.slots[i])}
                      for i, face in enumerate(FACES)],
            "pile": len(self.pile),
            "discard": len(self.discard),
            "discard_top": card_json(self.discard[-1]) if self.discard else None,
            "round": self.round,
            "defeat_round": c.DEFEAT_ROUND_SPACE[self.players],
            "dice": {"red": self.dice[0], "blue": self.dice[1]} if self.dice else None,
            "resolving": self.resolving,
            "active_player": self.active,
            "action_points": self.points,
            "stage": self.phase,
            "ability_map": {**_map_view(),  # fresh: a view shares nothing with others
                            "markers": {str(i): m for i, m in enumerate(self.markers)}},
            "abilities": {str(i): [a.value for a in Ability if a.value in self.held(i)]
                          for i in range(self.players)},
            "supply": {k: self.supply(k) for k in STOCK},
            "counts": dict(self.counts),
            "decision": decision,
            "outcome": ({"result": self.ended[0], "reason": self.ended[1]}
                        if self.ended else None),
        }

    def _prompt(self, options: Sequence[int]) -> str:
        if not options:
            return ""
        species = NAME[self.kind[options[0]]]
        spot = self.where(options[0])
        sector = spot[0] if spot else "?"
        if self.stage == "choose_first":
            return f"Which {species} of sector {sector} is activated first?"
        assert self.food is not None
        eater = self.food[0]
        who = "the Cat entering from the Village" if eater is None else self.token_phrase(eater)
        return f"Which {species} of sector {sector} does {who} eat?"

    def food_web(self) -> Any:
        """The food web as a networkx DiGraph (``graphs.food_web``)."""
        return c.food_web_graph()

    def board_graph(self) -> Any:
        """The island under this game's numbering as a networkx Graph (``graphs.board_graph``)."""
        return c.island_graph(self.island.number_of)

    # =============================================================================================
    # State: save, load, copy
    # =============================================================================================

    def _state(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "difficulty": self.difficulty,
            "layout": self.layout,
            "numbering": list(self.island.numbering),
            "first_player": self.first_player,
            "rng": self.rng.state,
            "next_token": self.next_token,
            "tokens": [[t, self.kind[t]] for t in sorted(self.kind)],
            "sectors": [[list(p) for p in self.board[n]] for n in range(1, 13)],
            "village_sustainable": self.village_ok,
            "industry_sustainable": self.industry_ok,
            "pawns": list(self.pawns),
            "protecting": list(self.protecting),
            "markers": list(self.markers),
            "slots": list(self.slots),
            "pile": list(self.pile),
            "discard": list(self.discard),
            "round": self.round,
            "active": self.active,
            "stage": self.stage,
            "turn_phase": self.turn_phase,
            "action_points": self.points,
            "dice": list(self.dice) if self.dice else None,
            "solving": list(self.solving),
            "resolving": self.resolving,
            "groups": [list(g) for g in self.groups],
            "food": (None if self.food is None else
                     {"eater": self.food[0], "sector": self.food[1],
                      "options": list(self.food[2])}),
            "outcome": (None if self.ended is None else
                        {"result": self.ended[0], "reason": self.ended[1]}),
        }

    @classmethod
    def _from_state(cls, data: Mapping[str, Any]) -> ToriTori:
        return _load(cls, data)

    def _copy(self) -> ToriTori:
        twin = object.__new__(ToriTori)
        d = twin.__dict__
        d.update(self.__dict__)
        rng = object.__new__(Rng)  # the state is already valid: no need to check it again
        rng.state = self.rng.state
        d["rng"] = rng
        d["board"] = self.board[:]
        d["kind"] = self.kind.copy()
        d["counts"] = self.counts.copy()
        d["pawns"] = self.pawns[:]
        d["protecting"] = self.protecting[:]
        d["markers"] = self.markers[:]
        d["slots"] = self.slots[:]
        d["pile"] = self.pile[:]
        d["discard"] = self.discard[:]
        return twin


# ---------------------------------------------------------------------------------------------
# Action values, made once (legal_actions is called very often by bots)
# ---------------------------------------------------------------------------------------------

ROLL = Roll()
PLANT = Plant()
ADVANCED_BOTANY = AdvancedBotany()
STUDIES = {space: tuple(Study(nxt) for nxt in c.NEXT_SPACES[space]) for space in c.MAP_SPACES}
_animal_tracking = lru_cache(maxsize=4096)(AnimalTracking)
_specialized_tracking = lru_cache(maxsize=16384)(SpecializedTracking)
_veterinary = lru_cache(maxsize=4096)(Veterinary)
_protect = lru_cache(maxsize=4096)(Protect)
_activate_animal = lru_cache(maxsize=4096)(ActivateAnimal)
_gardening = lru_cache(maxsize=4096)(Gardening)
_transform_plant = lru_cache(maxsize=4096)(TransformPlant)


@lru_cache(maxsize=4096)
def gardening_choices(trees: tuple[int, ...],
                      bushes: tuple[int, ...]) -> tuple[AdvancedGardening, ...]:
    """Advanced Gardening: every choice of one, two or three of the sector's Vegetation
    tokens, told apart by how many Native Trees and Invasive Bushes it removes (D53): the
    first ones of the sector, ids in ascending order."""
    choices = []
    for size in range(1, 4):
        for n_trees in range(min(size, len(trees)), -1, -1):
            n_bushes = size - n_trees
            if n_bushes <= len(bushes):
                choices.append(AdvancedGardening(tuple(sorted(trees[:n_trees]
                                                              + bushes[:n_bushes]))))
    return tuple(choices)


_move = lru_cache(maxsize=None)(Move)
_bicycle = lru_cache(maxsize=None)(Bicycle)
_motorcycle = lru_cache(maxsize=None)(Motorcycle)
_move_other = lru_cache(maxsize=None)(MoveOther)


@lru_cache(maxsize=4096)
def studies_and_movements(isle: Island, marker: str, at: str) -> tuple[Action, ...]:
    """Study from ``marker``, then the pawn's own movements from ``at`` (what the abilities
    held on ``marker`` allow)."""
    held = HELD[marker]
    return STUDIES[marker] + movements(isle, at, "bicycle" in held, "motorcycle" in held)


@lru_cache(maxsize=4096)
def movements(isle: Island, at: str, bicycle: bool, motorcycle: bool) -> tuple[Action, ...]:
    """Move (orthogonal), Bicycle (diagonal) and Motorcycle (one or two steps) from ``at``."""
    actions: list[Action] = [_move(to) for to in isle.steps[at]]
    if bicycle:
        actions += [_bicycle(to) for to in isle.diagonals[at]]
    if motorcycle:
        actions += [_motorcycle(path) for path in motorcycle_paths(isle, at)]
    return tuple(actions)


@lru_cache(maxsize=4096)
def other_movements(isle: Island, other: int, at: str, bicycle: bool,
                    motorcycle: bool) -> tuple[Action, ...]:
    """Move another pawn: the pawn of ``other`` by ``other``'s own movement abilities (D31)."""
    moves: list[Action] = [_move_other(other, "move", (to,)) for to in isle.steps[at]]
    if bicycle:
        moves += [_move_other(other, "bicycle", (to,)) for to in isle.diagonals[at]]
    if motorcycle:
        moves += [_move_other(other, "motorcycle", p) for p in motorcycle_paths(isle, at)]
    return tuple(moves)

_ABILITY_OF: dict[type[Action], str] = {
    Study: "study", Move: "move", Bicycle: "bicycle", Motorcycle: "motorcycle",
    Plant: "plant_native_tree", AdvancedBotany: "advanced_botany",
    AnimalTracking: "animal_tracking", SpecializedTracking: "specialized_animal_tracking",
    Veterinary: "veterinary", Gardening: "gardening", AdvancedGardening: "advanced_gardening",
    TransformPlant: "transforming_plants", Protect: "protect_animal",
    ActivateAnimal: "activate_animals", MoveOther: "move_another_pawn",
}


@lru_cache(maxsize=1024)
def motorcycle_paths(isle: Island, at: str) -> tuple[tuple[str, ...], ...]:
    """Motorcycle: every path of one or two steps, each orthogonal or diagonal (D30)."""
    paths: list[tuple[str, ...]] = []
    for first in isle.around[at]:
        paths.append((first,))
        paths.extend((first, second) for second in isle.around[first])
    return tuple(paths)


PLAIN_LABELS = frozenset({Roll, Study, Move, Bicycle, Motorcycle})
"""The actions whose own label is all there is to say (``describe`` adds nothing)."""
_DISPATCH: dict[type[Action], Any] = {
    kind: getattr(ToriTori, handler) for kind, handler in ToriTori._HANDLERS.items()}
"""Action type -> the handler that plays it (looked up once, not by name on every action)."""


def count_words(count: int, species: str) -> str:
    """'a Native Tree', 'an Invasive Bush', '2 Native Trees', 'no Native Tree'."""
    if count == 1:
        return a_(species)
    return f"no {NAME[species]}" if count == 0 else f"{count} {PLURAL[species]}"


def token_known(game: ToriTori, token: int) -> bool:
    return token in game.kind and game.where(token) is not None


def _map_view() -> dict[str, Any]:
    spaces = []
    for space in c.ABILITY_MAP:
        names = [c.ABILITIES[a].name for a in space.grants]
        spaces.append({"id": space.id, "label": ", ".join(names) if names else space.id,
                       "abilities": [a.value for a in space.grants]})
    return {"spaces": spaces, "edges": [list(e) for e in c.ABILITY_MAP_EDGES]}




# ---------------------------------------------------------------------------------------------
# Loading a state strictly (a save file is untrusted)
# ---------------------------------------------------------------------------------------------
#
# ``_load`` reads every field with its exact type (an int is an int: not a bool, a float or a
# text), refuses unknown and missing keys, and then checks that the state could have been
# reached by play: the components are conserved (57 tokens, 18 cards), the board keeps the
# rulebook's limits, the tiles and the outcome agree with the board, and a decision waiting
# for the team is the very one the engine would ask. Whatever it accepts, the game can go on
# from (legal_actions, view, apply, widget never raise).

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
VILLAGE_CARD = next(card.id for card in c.ACTIVATION_CARDS
                    if card.settlement is c.Settlement.VILLAGE)
VICTORY_REASON = "both Human Settlements are sustainable"


def _exact_keys(data: Any, keys: frozenset[str], where: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise SaveError(f"{where} must be an object, got {type(data).__name__}")
    unknown = sorted(map(str, set(data) - keys))
    missing = sorted(keys - set(data))
    if unknown:
        raise SaveError(f"{where} has unknown keys {unknown}")
    if missing:
        raise SaveError(f"{where} lacks {missing}")
    return data


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


def _load(cls: type[ToriTori], data: Mapping[str, Any]) -> ToriTori:
    _exact_keys(data, STATE_KEYS, "state")
    players = s.integer(data, "players", cls.min_players, cls.max_players)
    difficulty = _one_of(data, "difficulty", DIFFICULTIES)
    layout = _one_of(data, "layout", LAYOUTS)
    numbering = tuple(s.int_list(data, "numbering", 1, 12, max_len=12))
    if sorted(numbering) != list(range(1, 13)):
        raise SaveError("state.numbering must hold each number 1..12 once")
    if layout == "rulebook" and numbering != RULEBOOK_NUMBERING:
        raise SaveError("state.numbering is not the rulebook's numbering")
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
        _exact_keys(outcome, OUTCOME_KEYS, "state.outcome")
        result = _one_of(outcome, "result", ("victory", "defeat"), "state.outcome")
        game.ended = (result, s.field(outcome, "reason", str, "state.outcome"))
    _check_stage(game)
    _check_objective(game)
    _check_pending(game)
    return game


def _load_tokens(game: ToriTori, data: Mapping[str, Any]) -> None:
    """Components: the tokens on the island, listed by id; never more than the box holds."""
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
    for kind, stock in STOCK.items():
        if game.supply(kind) < 0:
            raise SaveError(f"more {kind} tokens on the board than the box holds ({stock})")


def _load_board(game: ToriTori, data: Mapping[str, Any]) -> None:
    """The island: 12 common sectors of at most 3 piles each, every token in exactly one pile,
    and only piles that eating can make (D17-D20, D24)."""
    sectors = s.field(data, "sectors", list)
    if len(sectors) != 12:
        raise SaveError("state.sectors must list the 12 common sectors")
    seen: set[int] = set()
    for n, row in enumerate(sectors, start=1):
        where = f"state.sectors[{n}]"
        if not isinstance(row, list) or len(row) > CAPACITY:
            raise SaveError(f"{where} must be a list of at most {CAPACITY} piles")
        piles = []
        for pile in row:
            if not isinstance(pile, list) or not pile:
                raise SaveError(f"{where} has an empty pile or a pile that is not a list")
            if len(pile) > c.SPECIES_TOKENS_TOTAL:
                raise SaveError(f"{where} has a pile of {len(pile)} tokens")
            for token in pile:
                _token_id(token, where, game.next_token)
                if token not in game.kind or token in seen:
                    raise SaveError(f"{where}: token {token} is unknown or placed twice")
                seen.add(token)
            _check_pile(game, tuple(pile), where)
            piles.append(tuple(pile))
        game.board[n] = tuple(piles)
    if seen != set(game.kind):
        raise SaveError("every token listed must be in a sector")


def _check_pile(game: ToriTori, pile: Pile, where: str) -> None:
    """A pile (bottom first) that the rules can make and leave:

    - only an animal lies on another token: a Vegetation token is at the bottom (Feeding);
    - nothing eats Cats or Foxes (the food table), so they are only ever on top;
    - a Guinea pig or Tori-tori on top holds only the plants it ate;
    - an animal on top holds fewer tokens than it needs to breed, as it breeds the moment it
      has enough (Breeding, D24), except a Cat the Village put on a Tori-tori that had eaten
      (it is placed, not activated: D26), which holds two.
    """
    kinds = [game.kind[t] for t in pile]
    if any(k not in ANIMALS for k in kinds[1:]):
        raise SaveError(f"{where}: only an animal lies on another token")
    if any(k in (CT, FX) for k in kinds[:-1]):
        raise SaveError(f"{where}: a Cat or a Fox lies under another token, but nothing eats "
                        "them")
    top, under = kinds[-1], kinds[:-1]
    if top not in ANIMALS:
        return
    if top in (TT, GP) and any(k not in VEGETATION for k in under):
        raise SaveError(f"{where}: a {NAME[top]} eats only plants, yet an animal lies under it")
    threshold = THRESHOLD[top] or 0
    placed_cat = top == CT and len(under) == threshold and under[-1] == TT
    if len(under) >= threshold and not placed_cat:
        raise SaveError(f"{where}: a {NAME[top]} with {len(under)} tokens under it would have "
                        f"bred (it breeds with {threshold})")


def _load_pawns(game: ToriTori, data: Mapping[str, Any]) -> None:
    """Researcher pawns, protections (D32) and Ability markers (D38, D39)."""
    players = game.players
    locations = set(game.island.locations)
    game.pawns = _player_list(data, "pawns", players,
                              lambda v: isinstance(v, str) and v in locations)
    start = c.DIFFICULTY_START[players, c.Difficulty(game.difficulty)]
    game.markers = _player_list(
        data, "markers", players,
        lambda v: isinstance(v, str) and v in c.MAP_SPACES and start in c.MAP_PATHS[v])
    game.protecting = _player_list(data, "protecting", players,
                                   lambda v: v is None or _is_int(v))
    guarded = [t for t in game.protecting if t is not None]
    if len(set(guarded)) != len(guarded):
        raise SaveError("two pawns protect the same token")
    for player, token in enumerate(game.protecting):
        if token is None:
            continue
        spot = game.where(token) if token in game.kind else None
        if (spot is None or game.kind[token] not in ANIMALS
                or str(spot[0]) != game.pawns[player]):
            raise SaveError(f"player {player} protects token {token}, which is not an uncovered "
                            "animal in their pawn's sector")


def _player_list(data: Mapping[str, Any], key: str, players: int, ok: Any) -> list[Any]:
    values = s.field(data, key, list)
    if len(values) != players or not all(ok(v) for v in values):
        how = (" (a marker only moves forward from the difficulty's start space)"
               if key == "markers" else "")
        raise SaveError(f"state.{key} must hold one valid entry per player{how}")
    return list(values)


def _load_cards(game: ToriTori, data: Mapping[str, Any]) -> None:
    """The 18 Activation cards, each once: in the six spaces, the pile or the discard pile."""
    cards = set(c.CARDS_BY_ID)
    slots = _strings(data, "slots", cards, none=True)
    pile = _strings(data, "pile", cards)
    discard = _strings(data, "discard", cards)
    if len(slots) != len(FACES):
        raise SaveError("state.slots must have the six card spaces A-F")
    placed = [x for x in slots if x is not None] + pile + discard
    if sorted(placed) != sorted(cards):
        raise SaveError("the 18 Activation cards must each be once in the spaces, the pile or "
                        "the discard pile")
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
    solving = tuple(_strings(data, "solving", FACES, max_len=2))
    if solving:
        red, blue = game.dice or ("", "")
        if solving not in {(red,), (blue,)} | ({(red, blue)} if red != blue else set()):
            raise SaveError("state.solving must be the faces of this turn's dice still to solve")
    game.solving = solving
    resolving = data["resolving"]
    if resolving is not None and (not isinstance(resolving, str) or not game.solving
                                  or resolving != game.slots[FACES.index(game.solving[0])]):
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
        _exact_keys(food, FOOD_KEYS, "state.food")
        eater = food["eater"]
        if eater is not None and (not _is_int(eater) or eater not in game.kind
                                  or game.where(eater) is None):
            raise SaveError("state.food.eater must be an uncovered token or null")
        sector = s.integer(food, "sector", 1, 12, "state.food")
        options = tuple(s.int_list(food, "options", 0, MAX_TOKEN_ID, "state.food", max_len=3))
        game.food = (eater, sector, options)


def _check_stage(game: ToriTori) -> None:
    """Course of Play: where the game can stop and wait, and what each stop looks like."""
    stage, phase, points = game.stage, game.turn_phase, game.points
    if (stage == "over") != (game.ended is not None):
        raise SaveError("state.stage is 'over' exactly when the game has an outcome")
    if stage == "actions" and (phase != 2 or points == 0):
        raise SaveError("the action stage needs phase 2 and action points")
    if stage == "roll" and (phase != 1 or game.dice is not None or points != 0):
        raise SaveError("the roll stage starts a turn: phase 1, no dice, no action points")
    if stage == "choose_first" and phase != 1:
        raise SaveError("the choose_first stage happens only while cards are solved")
    if stage in ("choose_first", "choose_food") and phase == 1 and (
            points != 0 or game.resolving is None):
        raise SaveError("a decision in phase 1 needs a card being solved and no action points")
    if stage == "choose_food" and phase == 2 and (points == POINTS or game.solving
                                                 or game.resolving is not None):
        raise SaveError("a decision in phase 2 follows Activate Animals, which costs a point")
    if stage in ("roll", "actions") and (game.solving or game.resolving is not None):
        raise SaveError("cards are solved only during the roll")
    if (stage == "choose_food") != (game.food is not None):
        raise SaveError("the choose_food stage needs a pending meal (state.food), and only it")
    if game.groups and stage not in ("choose_first", "choose_food", "over"):
        raise SaveError("state.groups lists tokens still to activate outside a card")
    if stage == "over" and (game.groups or game.food is not None):
        raise SaveError("a finished game has nothing left to activate")
    if None in game.slots and stage != "over":
        raise SaveError("every card space holds a card between turns")
    if not game.pile and stage != "over":
        raise SaveError("the Activation pile is turned over as soon as it runs out (D15)")


def _check_objective(game: ToriTori) -> None:
    """Game Objective and How to Transform Human Settlement tiles (D40, D41): the tiles and the
    outcome agree with the board."""
    counts = game.counts
    extinct = [species for species in NATIVE if counts[species] == 0]
    limit = c.DEFEAT_ROUND_SPACE[game.players]
    reported = any(m in REPORT_SPACES for m in game.markers)
    if game.village_ok and counts[CT] + counts[IB] > 0:
        raise SaveError("the Village is sustainable, yet Cats or Invasive Bushes are on the "
                        "island (after it turns, its card has no effect and none can come back)")
    if game.industry_ok and not reported:
        raise SaveError("the Industry is sustainable, yet no Ability marker has reached an "
                        "Environmental Report space")
    if game.ended is None:
        if extinct:
            raise SaveError(f"the {PLURAL[extinct[0]]} are extinct, yet the game goes on")
        if game.round >= limit:
            raise SaveError(f"the Round marker is on space {limit}, yet the game goes on")
        if game.village_ok and game.industry_ok:
            raise SaveError("both Human Settlements are sustainable, yet the game goes on")
        if not game.village_ok and counts[CT] + counts[IB] == 0:
            raise SaveError("no Cat nor Invasive Bush is left, yet the Village has not turned")
        if (not game.industry_ok and reported
                and counts[TT] >= c.INDUSTRY_TORI_TORI_MINIMUM):
            raise SaveError("four Tori-toris and an Environmental Report, yet the Industry has "
                            "not turned")
        return
    result, reason = game.ended
    if result == "victory":
        expected = VICTORY_REASON
        if not (game.village_ok and game.industry_ok) or extinct or game.round >= limit:
            raise SaveError("a victory needs both settlements sustainable and no defeat")
    elif extinct:
        expected = f"the {PLURAL[extinct[0]]} went extinct"
    elif game.round >= limit:
        expected = f"the Round marker reached space {limit}"
    else:
        raise SaveError("a defeat needs an extinct native species or the Round marker on the "
                        "last space")
    if reason != expected:
        raise SaveError(f"state.outcome.reason must be {expected!r} for this board")
    if result == "defeat" and game.village_ok and game.industry_ok:
        raise SaveError("both settlements sustainable: the game would have ended in victory")


def _check_pending(game: ToriTori) -> None:
    """An activation in the middle of a card (D21, D22) and a decision the team must make
    (D44): exactly what the engine would have left and asked."""
    if game.groups:
        _check_groups(game)
    if game.stage == "choose_first" and not (
            len(game.decision_options()) > 1
            and game._differ(game.groups[0][0], game.decision_options())):
        raise SaveError("the choose_first stage needs two or more different piles to choose "
                        "among")
    if game.food is not None:
        _check_food(game)


def _check_groups(game: ToriTori) -> None:
    card = c.CARDS_BY_ID[game.resolving] if game.resolving else None
    if card is None or card.kind is c.CardKind.SETTLEMENT:
        raise SaveError("state.groups lists tokens a Common Sector or Species card activates, "
                        "but no such card is being solved")
    ids = [t for g in game.groups for t in g[1:]]
    if len(set(ids)) != len(ids):
        raise SaveError("state.groups lists a token twice")
    if set(ids) & set(game.protecting):
        raise SaveError("state.groups lists a protected token, which no card activates (D32)")
    species = []
    for group in game.groups:
        kinds = {game.kind[t] for t in group[1:] if t in game.kind}
        if len(kinds) > 1 or not kinds <= set(ORDER):
            raise SaveError("each of state.groups is one activated species")
        species.append(next(iter(kinds)) if kinds else None)
    sectors = [g[0] for g in game.groups]
    if card.kind is c.CardKind.COMMON:
        ranks = [ORDER.index(sp) for sp in species if sp is not None]
        if set(sectors) != {card.sector} or ranks != sorted(set(ranks)):
            raise SaveError(f"the card {card.id} activates its sector's species in the order "
                            "Invasive Bush, Cat, Guinea pig, Fox, Tori-tori")
    else:
        own = card.species.value if card.species else None
        if sectors != sorted(set(sectors)) or any(sp not in (None, own) for sp in species):
            raise SaveError(f"the card {card.id} activates its species sector by sector, from "
                            "the lowest number")


def _check_food(game: ToriTori) -> None:
    assert game.food is not None
    eater, m, options = game.food
    if eater is None:
        if game.resolving != VILLAGE_CARD or game.village_ok or game.supply("cat") == 0:
            raise SaveError("a Cat waits to enter from the Village, but the Village card is not "
                            "being solved")
        expected = _village_meal(game)
    else:
        spot = game.where(eater)
        assert spot is not None
        if game.kind[eater] not in ANIMALS or eater in game.protecting:
            raise SaveError("state.food.eater must be an unprotected animal")
        if game.turn_phase == 1 and (game.resolving is None
                                     or game.resolving == VILLAGE_CARD):
            raise SaveError("an animal eats while a Common Sector or Species card is solved")
        found = game._find_food(spot[0], DIET[game.kind[eater]])
        expected = None if found is None else (found[0], game._food_tokens(*found))
    if expected != (m, list(options)) or len(options) < 2 or not game._differ(m, options):
        raise SaveError("state.food must be the meal the engine would ask about: the food it "
                        "finds, two or more different piles of it (D23, D26, D44)")


def _village_meal(game: ToriTori) -> tuple[int, list[int]] | None:
    """The sector and the food tokens the Village's Cat would choose among (D26)."""
    for m in game.island.village_sectors:
        for species in DIET[CT]:
            options = game._food_tokens(m, species)
            if options:
                return m, options
    return None
