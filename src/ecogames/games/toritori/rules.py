"""Tori-Tori: Endangered Species — the rules engine.

Source of truth: ``shared/rulebooks/tori-tori-endangered-species.txt``; every decision where
it is silent is in ``docs/rules/toritori.md``, cited here by its id (D1, D2, ...). Rule
functions are named after the rulebook's sections and cite them.

The package around this engine: ``components`` (the data), ``actions`` (the action values),
``island`` (the board's adjacency under one numbering), ``abilities`` (Course of Play 2: each
ability, when it can be used and what it does), ``narration`` (how the rules tell each event),
``why`` (the ids and keys of "why"), ``view`` (the state, an action and why an action is not
legal, in words) and ``save`` (the strict reader and ``violations``); ``view`` and ``save``
read this module's tables and are imported only when asked.

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
from operator import itemgetter
from types import MappingProxyType
from typing import Any

from ecogames.core import Action, EventLog, Game, Option, Outcome, Rng
from ecogames.core.chance import unkept

from . import components as c
from .abilities import HELD, PLAYS, ability_actions
from .actions import (
    ACTION_TYPES,
    Bicycle,
    ChooseFirst,
    ChooseFood,
    Motorcycle,
    Move,
    Roll,
    Study,
)
from .components import Ability
from .island import RULEBOOK_NUMBERING, island
from .narration import NAME, PLURAL, SILENT, Narrator, player_name
from .why import IDENTITIES, QUESTIONS

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
NATIVE_COUNTS = itemgetter(*NATIVE)
"""counts -> the counts of the native species (0 among them: one is extinct)."""
DIET = {sp.value: tuple(f.value for f in info.diet) for sp, info in c.SPECIES.items()}
THRESHOLD = {sp.value: info.breed_threshold for sp, info in c.SPECIES.items()}
ORDER = tuple(sp.value for sp in c.ACTIVATION_ORDER)
TOKEN_KIND = {sp.value: info.token.value for sp, info in c.SPECIES.items()}
STOCK = {kind.value: n for kind, n in c.TOKEN_SUPPLY.items()}
CAPACITY = c.SECTOR_CAPACITY
FACES = c.CARD_SLOTS
FACE_INDEX = {face: i for i, face in enumerate(FACES)}
"""A card space's letter -> its index in ``slots``."""
POINTS = c.ACTION_POINTS_PER_TURN
REPORT_SPACES = frozenset(c.REPORT_SPACES)
INDUSTRY_MINIMUM = c.INDUSTRY_TORI_TORI_MINIMUM
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
DRAW_NAME = {face: f"the card for space {face}" for face in FACES}
"""A card space's letter -> the name of the draw that refills it."""
DIFFICULTIES = tuple(d.value for d in c.Difficulty)
START_SPACE = {(players, level.value): space
               for (players, level), space in c.DIFFICULTY_START.items()}
"""(players, difficulty) -> the Ability markers' start space (read once: enum calls are slow)."""


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
    own_labels = frozenset({Roll, Study, Move, Bicycle, Motorcycle})
    """The actions whose words are their own: ``describe`` says no more than ``label()``
    (``view.describe`` words the others from the state). ``apply`` leaves their cascade's
    label to be read (core's lazy telling)."""
    identities = IDENTITIES
    """Every token keeps its number all game (``next_token`` counts them), so events'
    ``tokens`` name ``"token:<n>"``; Activation cards are ``"card:<id>"`` (``why.py``)."""
    why_questions = QUESTIONS
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

    def __init__(self, players: int, rng: Rng, *, difficulty: str, layout: str,
                 numbering: tuple[int, ...], first_player: int = 0) -> None:
        self.players = players
        self.rng = rng
        self.difficulty = difficulty
        self.layout = layout
        self.island = island(numbering)
        self.first_player = first_player
        self.board: list[tuple[Pile, ...]] = [()] * 13
        self.kind: dict[int, str] = {}
        self.counts: dict[str, int] = dict.fromkeys(SPECIES_IDS, 0)
        self.next_token = 0
        self.village_ok = False
        self.industry_ok = False
        self.pawns = ["village"] * players
        self.protecting: list[int | None] = [None] * players
        start = START_SPACE[players, difficulty]
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
        # (the tokens are numbered as _new_token numbers them, in this loop without its call)
        kind, counts, board = game.kind, game.counts, game.board
        token = game.next_token
        for k in sorted(range(len(numbering)), key=numbering.__getitem__):
            species = PRINTED[k]
            kind[token] = species
            kind[token + 1] = NT
            counts[species] += 1
            board[numbering[k]] = ((token,), (token + 1,))
            token += 2
        counts[NT] += len(numbering)
        game.next_token = token
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
        if self.draws_are_kept:
            slots = tuple(self.slots)  # (a die's words are asked when read, if ever)

            def label(face: str) -> str:
                return FACE_LABEL[face, slots[FACE_INDEX[face]]]

            red = self.chance("the red die", FACES, label=label)
            blue = self.chance("the sky-blue die", FACES, label=label)
        else:  # a plain push: nothing reads, counts or forces a draw; chance()'s own tickets
            below = self.rng.below
            red = FACES[below(len(FACES))]
            blue = FACES[below(len(FACES))]
        self.dice = (red, blue)
        self.solving = (red,) if red == blue else (red, blue)
        self.stage = "cards"
        say.roll(red, blue)
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
        if not self.draws_are_kept:  # a plain push: the ticket chance() would take
            card = unkept(self.rng, left)
        else:
            card = self.chance(DRAW_NAME[face], left, label=CARD_NAME.__getitem__)
        self.pile.remove(card)
        return card

    def _proceed(self, say: Any) -> None:
        """Go on with the activation in progress until it is done or the team must choose."""
        while self.ended is None:
            if self.food is not None:
                self._ask_food(say)
                return
            groups = self.groups
            if groups:
                group = groups[0]
                n = group[0]
                ready = self._ready(group)
                if not ready:
                    self.groups = groups[1:]
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
                self._solve_card(self.slots[FACE_INDEX[self.solving[0]]], say)
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
        # (the group's first token, nearly always: it is activated first)
        rest = first[:1] + first[2:] if first[1] == token else (
            n, *[t for t in first[1:] if t != token])
        self.groups = (rest, *groups[1:])
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
            i = FACE_INDEX[face]
            card = self.slots[i]
            if card is not None:
                self.discard.append(card)
                self.slots[i] = None
                say.discard(card, say.root)
        for face in faces:
            i = FACE_INDEX[face]
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
        kind, protecting, board = self.kind, self.protecting, self.board
        groups = []
        for n in range(1, 13):  # plain loops: no comprehension made for each sector
            group = None
            for p in board[n]:
                top = p[-1]
                if kind[top] == species and top not in protecting:
                    if group is None:
                        group = [n, top]
                    else:
                        group.append(top)
            if group is not None:
                groups.append(tuple(group))
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

    def _food_tokens(self, n: int, species: str) -> list[int]:
        """Uncovered, unprotected tokens of ``species`` in sector ``n`` (D19, D32)."""
        kind, protecting = self.kind, self.protecting
        return [p[-1] for p in self.board[n] if kind[p[-1]] == species and p[-1] not in protecting]

    def _find_food(self, n: int, diet: tuple[str, ...]) -> tuple[int, str] | None:
        """Feeding and Moving (D23, as the rulebook's examples require): in its own sector an
        animal takes its 1st preference, else its 2nd; if its sector has neither, it searches
        the orthogonally adjacent sectors in ascending number for its 1st preference, and only
        if none has it, in ascending number for its 2nd."""
        # plain loops, with no call per sector: this is the hottest path of the rules
        board, kind, protecting = self.board, self.kind, self.protecting
        row = board[n]
        for species in diet:
            for p in row:
                top = p[-1]
                if kind[top] == species and top not in protecting:
                    return n, species
        adjacent = self.island.adjacent[n]
        for species in diet:
            for m in adjacent:
                for p in board[m]:
                    top = p[-1]
                    if kind[top] == species and top not in protecting:
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
        free = self._first_free(self.island.village_sectors)
        if free is None:
            say.no_effect(card, "no sector next to the Village has food or space", cause)
            return
        cat = self._new_token(CT)
        self._add_pile(free, (cat,))
        say.cat_enters(cat, free, (), cause)

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
                ev = say.disaster(m, tree, pile[1:], cause)
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
        if 0 in NATIVE_COUNTS(counts):
            for species in NATIVE:
                if counts[species] == 0:
                    ev = say.extinct(species, cause)
                    self._end("defeat", f"the {PLURAL[species]} went extinct", say, ev)
                    return True
        if not self.village_ok and counts[CT] == 0 and counts[IB] == 0:
            self.village_ok = True
            cause = say.tile("village", cause)
        if (not self.industry_ok and counts[TT] >= INDUSTRY_MINIMUM
                and not REPORT_SPACES.isdisjoint(self.markers)):
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
    # Course of Play 2: use 4 action points (each ability, its use and effect: abilities.py)
    # =============================================================================================

    def _after_ability(self, say: Any) -> None:
        """After an ability (its effects and any decision they asked for), the turn ends once
        the 4 action points are spent."""
        if self.points == 0 and self.ended is None and self.stage == "actions":
            self._end_turn(say)

    # =============================================================================================
    # Legal actions
    # =============================================================================================

    def _legal_actions(self) -> list[Action]:
        stage = self.stage
        if stage == "actions":  # (four in five positions)
            return ability_actions(self, self.active)
        if stage == "roll":
            return [ROLL]
        if stage == "choose_first":
            return [ChooseFirst(t) for t in self.decision_options()]
        if stage == "choose_food":
            return [ChooseFood(t) for t in self.decision_options()]
        return []

    # =============================================================================================
    # What is seen
    # =============================================================================================

    @property
    def is_over(self) -> bool:
        """``outcome is not None``, without making the outcome (asked after every action)."""
        return self.ended is not None

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

    # The state in words: functions of view.py, imported when first asked (the engine plays
    # without them)

    def view(self, player: int | None = None) -> dict[str, Any]:
        """Everything is public in Tori-Tori (the format is in docs/rules/toritori.md)."""
        if _VIEW is None:
            _import_view()
        return _VIEW.view(self, player)

    def describe(self, action: Action) -> str:
        """A label with what the state knows: 'Plant a Native Tree in sector 5'."""
        if _VIEW is None:
            _import_view()
        return _VIEW.describe(self, action)

    def explain_illegal(self, action: Action) -> str:
        """Why an action is not legal now, naming the rule."""
        from .view import explain_illegal

        return explain_illegal(self, action)

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
        from .save import load

        return load(cls, data)

    def violations(self) -> list[str]:
        """What makes this state impossible, one sentence each (``save.violations``)."""
        from .save import violations

        return violations(self)

    def _copy(self) -> ToriTori:
        twin = object.__new__(ToriTori)
        d = twin.__dict__
        d.update(self.__dict__)
        d["rng"] = self.rng.copy()  # shares the kept batch of numbers: none made twice
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


_VIEW: Any = None
"""``view.py``, once imported (it imports this module): an import statement in ``describe``
cost more than the label itself, on every action ``apply`` plays."""


def _import_view() -> None:
    global _VIEW
    from . import view

    _VIEW = view


# ---------------------------------------------------------------------------------------------
# Made once: the roll (legal_actions is called very often by bots) and the dispatch table
# ---------------------------------------------------------------------------------------------

ROLL = Roll()

_DISPATCH: dict[type[Action], Any] = {
    Roll: ToriTori._roll, ChooseFirst: ToriTori._choose_first, ChooseFood: ToriTori._choose_food,
    **PLAYS}
"""Action type -> the handler that plays it, as ``handler(game, action, say)``: Course of Play
1 and the team's decisions here, the abilities of Course of Play 2 in ``abilities.py``."""
