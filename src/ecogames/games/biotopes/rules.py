"""Biotopes — the engine.

Every rule of ``shared/rulebooks/biotopes.txt`` (quoted as "RB", by section); where the
rulebook is silent, the decision is written in ``docs/rules/biotopes.md`` and cited here as
``D<n>``. The module reads top-down: constants, the :class:`Biotopes`
game whose methods are named after the rulebook's sections, then its tables (the phases, the
tasks' handlers). The actions are in ``actions.py``; the set-up in ``setup.py``; how each
task resolves in ``resolution.py``; the cycle (Primary Production, End of Cycle, End of
Game) in ``cycle.py``; Scoring and Victory in ``scoring.py``; the landscape's
geometry in ``hexes.py``; the views in ``view.py``; the save format and ``violations`` in
``save.py``; ids and keys in ``why.py``.

How a turn resolves: an action of the action phase queues *tasks* (``tasks.py``: pay the
cost, apply the effect, let others react, check hand limits, end the turn). Tasks that need
nobody's choice resolve at once; a task that needs a choice stops the queue and becomes the
phase (``pay``, ``draw``, ``react``, ``fallback``, ...), whose legal actions belong to the
player who must choose — on an opponent's turn too. The engine never chooses for a person: it
resolves a task by itself only when there is exactly one way to do it. ``PHASES`` (at the end)
says what each phase allows and dispatches its legal actions and its play; ``HANDLERS`` names
each task class's handlers (``resolution.py``'s functions, and the choices' methods here).
What each Action Phase action needs is in ``legal.py``: its rule-named predicate
(``can_adapt`` ... ``can_migrate``, ``can_use_card``), which the legal actions and the why-not
texts share.

>>> game = Biotopes.new_game(players=2, seed=7)
>>> game.phase, len(game.hands[0])
('redraw', 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from ecogames.core import Action, EventLog, Game, Option, Outcome, Rng
from ecogames.core.chance import unkept
from ecogames.core.provenance import Question

from . import cycle, legal, resolution, setup, tasks
from . import why as ident
from .actions import (
    ACTION_TYPES,
    STATE_WORDED,
    Adapt,
    ChooseBiotope,
    Compete,
    Decline,
    Discard,
    Done,
    Draw,
    Evolve,
    Expand,
    Fallback,
    KeepHand,
    Migrate,
    Move,
    OrientTile,
    Pass,
    Pay,
    Place,
    PlaceTerritory,
    PlaceTile,
    Prey,
    PreyOnReserve,
    RedrawHand,
    Reproduce,
    Transfer,
    UseCard,
)
from .components import (
    BIOTOPE_CARDS,
    BIOTOPES,
    COLOURS,
    CONFIGURATIONS,
    DECK_NAMES,
    DECKS,
    INITIAL_TERRITORIES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RIVER_SIZE,
    ROWS,
    SEAT_NAMES,
    SPACES,
    SPECIES,
    SPECIES_CUBE_LIMIT,
    TERRITORY_TOKENS,
    TILES,
    BiotopeCard,
    BoardSide,
    CubeType,
    EffectKind,
    Hex,
    Species,
    food_web_graph,
    landscape_graph,
)
from .hexes import Grid, construction_sites
from .legal import _PAYING, CLASS, SPACE_OF
from .resolution import _KIND, _SPACE_INDEX, INTO_RIVER, _species_cubes
from .setup import _card_name

# ---------------------------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------------------------

COLONIZATIONS = ("expansion", "competition", "migration")
P, INV, R, B, M = (CubeType.PLANTS, CubeType.INVERTEBRATES, CubeType.REPTILES_AMPHIBIANS,
                 CubeType.BIRDS, CubeType.MAMMALS)
TYPES = tuple(CubeType)
DECK_LABELS = tuple(d.label for d in DECKS)


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------


_TYPE_OF = {t.value: t for t in CubeType}
"""A cube type by its name (as a queued task names it)."""
_DECK_OF = {card.id: DECKS.index(card.deck) for card in SPECIES.values()}
"""The index of each Species card's deck (and of its river and discard pile)."""
_DOUBLES = {card.id: card.effect.action.value for card in SPECIES.values()
            if card.effect.kind is EffectKind.DOUBLE and card.effect.action is not None}
"""The action a x2 card lets its owner play twice a cycle, by card."""
_DIET_NAMES = {card.id: tuple(t.value for t in card.diet) for card in SPECIES.values()}
"""Each Species card's diet, as a queued cost names it."""
_NEEDS = {tuple(t.value for t in diet): need for diet, need in legal.NEEDS.items()}
"""Each diet's needs (``legal.Needs``) as a queued cost names it."""
_PAID_CLASS: dict[tuple[str, ...], int] = {
    (t.value, P.value) if pol else (t.value,): c for (t, pol), c in CLASS.items()}
"""The class of a cube paid (``legal.CLASS``) by what it counts as (its type first, then
Plants for a Pollinating card's: ``resolution._PAID_AS``)."""


def _needs(req: tuple[str, ...]) -> legal.Needs:
    """A cost's diet's needs (a diet no card shows: worked out as asked)."""
    return legal.needs([_TYPE_OF[t] for t in req])


_DISCARDS = {card: Discard(card) for card in SPECIES}
_DONE = Done()
_FALLBACKS: dict[Hex, Fallback] = {}
_MOVES: dict[tuple[int, int, int, int, int], Move] = {}
_ENDS = tuple(tasks.End.make(p=p) for p in range(MAX_PLAYERS))
"""The end of each seat's action (a task with no cause: queued as it is, never changed)."""
"""Actions handed out as choices again and again, made once (they are frozen values)."""


_TYPES_OF: dict[tuple[str, ...], frozenset[CubeType]] = {}


def _types_of(names: tuple[str, ...]) -> frozenset[CubeType]:
    """The cube types a cost names (worked out once per cost)."""
    found = _TYPES_OF.get(names)
    if found is None:
        found = _TYPES_OF[names] = frozenset(_TYPE_OF[t] for t in names)
    return found


SEATS = resolution.SEATS
_PASS_WORDS = tuple(f"{name} passes until the next cycle" for name in SEAT_NAMES)
_SPACE_WORDS = tuple({SPACE_OF[type(a)]: f"{name} plays {a.label()}"
                      for a in (Reproduce(), Transfer(), Evolve())} for name in SEAT_NAMES)
"""The words of a pass, and of the Actions played on no hex (their label is their own),
by seat."""
_ADAPT_TOLD: dict[tuple[int, str], tuple[str, tuple[str], tuple[str]]] = {}
"""The words of an Adaptation, the card and its node, by seat and card."""

_SHAPES = tuple(sorted({shape for shapes in CONFIGURATIONS.values() for shape in shapes}))
"""The names of the landscape configurations (D5), for the set-up options."""


@cache
def _view() -> ModuleType:
    """view.py, imported on first use (it reads the engine); then found at once (a
    ``from . import view`` in a function runs importlib's Python code at every call)."""
    from . import view

    return view


_CHANCE_KEYS = ident.CHANCE_KEYS
_KEPT_DRAWS = len(_CHANCE_KEYS)
RESERVE = ident.RESERVE
CUBE_IDS = ident.CUBE_IDS
_RESERVE_KEYS = tuple(ident.key_of(RESERVE, k) for k in range(ROWS))
"""The state key of the reserve's cubes of each colour (``why.key_of``)."""
_NO_GRID = Grid({})
"""The grid of a landscape with no tile yet (shared: it has no hex, so nothing to fill)."""
_BAG_DRAWS = tuple(f"a cube from {name}'s bag" for name in SEAT_NAMES)
"""The name of a draw from each seat's bag (Primary Production draws one per cube)."""


def _cube_name(colour: str) -> str:
    return f"a {colour} cube"


def _bag_ticket(rng: Rng, bag: list[int]) -> int:
    """The colour a draw from ``bag`` gives (-1: the bag is empty) by the ticket
    ``Game.chance`` would take for it (``core.chance``): none when a single colour is left,
    else one below the cubes' number, landing on the colour whose running total passes it."""
    total = bag[0] + bag[1] + bag[2] + bag[3]
    if not total:
        return -1
    if total in bag:  # a single colour left: a certain outcome, nothing drawn
        return bag.index(total)
    ticket = rng.below(total) - bag[0]
    if ticket < 0:
        return 0
    ticket -= bag[1]
    if ticket < 0:
        return 1
    return 2 if ticket < bag[2] else 3


_RIVER_DRAWS = tuple(tuple(Draw(name, slot) for slot in range(RIVER_SIZE))
                     for name in DECK_NAMES)
_DECK_DRAWS = tuple(Draw(name, -1) for name in DECK_NAMES)
"""The Draw actions of each deck: its river's slots (at most 3 cards, D8), and its top."""
_ALL_DRAWS = tuple(a for d in range(len(DECK_NAMES)) for a in (*_RIVER_DRAWS[d], _DECK_DRAWS[d]))
_FULL_RIVERS = [RIVER_SIZE] * len(DECK_NAMES)
"""Every Draw action, in the order of ``Biotopes.draw_options`` (each river full, each deck
holding cards: nearly always), and the rivers' sizes then."""
_CLOCKWISE = tuple(tuple(tuple((start + i) % n for i in range(n)) for start in range(n))
                   for n in range(MAX_PLAYERS + 1))
"""The seats clockwise from each seat, by number of players."""

ACTION_PHASE = (Adapt, Reproduce, Transfer, Evolve, Expand, Compete, Migrate, UseCard, Pass)
COST_TYPES: dict[str, tuple[CubeType, ...]] = {
    "reproduction": (INV, R), "transfer": TYPES, "evolution": TYPES,
    "expansion": (P,), "competition": (M, B), "migration": (B, R), "card": TYPES}
"""The Actions: the types of the cubes that pay each action's cost (a card's Action: any
cube of that card). Reproduction's cube comes from a Species card, as do Competition's and
Migration's; the colonizations' cube is of the colour of the territory."""
_COST_NAMES = {what: tuple(t.value for t in types) for what, types in COST_TYPES.items()}
_ANY_TYPE = _COST_NAMES["transfer"]
"""Every type, as a cost names it (Transfer's, Evolution's: a cost that names these very
types takes a cube of any)."""
_SPACE_COSTS = tuple({space: tasks.Pay.make(
    p=p, what=space, mode="evolution" if space == "evolution" else "one", dest=space,
    types=_COST_NAMES[space], species=space == "reproduction")
    for space in ("reproduction", "transfer", "evolution")} for p in range(MAX_PLAYERS))
"""The cost of each Action played on no hex (Reproduction, Transfer, Evolution), by seat:
the same task every time (frozen values, shared like ``_ENDS``; a told action queues a
copy with its cause, ``Task.caused``)."""
_ADAPT_COSTS: dict[tuple[int, str], tasks.Pay] = {}
"""The cost of an Adaptation (its diet, recycled into the bag), by seat and card (made
once, shared as ``_SPACE_COSTS``)."""


_HEX_COSTS: dict[tuple[int, str, int, Hex, Hex | None], tuple[tasks.Pay, str]] = {}
"""The cost of a colonization (Expansion, Competition, Migration: a cube of the hex's
colour, to the action's space) and the words of the action played, by seat, action,
colour, hex and origin (``tasks.kept``)."""


def _hex_cost(key: tuple[int, str, int, Hex, Hex | None], words: str
              ) -> tuple[tasks.Pay, str]:
    """A colonization's cost and words, kept in ``_HEX_COSTS``."""
    p, space, colour, h, origin = key
    return tasks.kept(_HEX_COSTS, key, (tasks.Pay.make(
        p=p, what=space, mode="one", dest=space, types=_COST_NAMES[space], colour=colour,
        species=space != "expansion", hex=h, origin=origin), words))


def _adapt_cost(p: int, card: str) -> tasks.Pay:
    """The cost of ``p``'s Adaptation of ``card`` (``_ADAPT_COSTS``)."""
    task = _ADAPT_COSTS[p, card] = tasks.Pay.make(
        p=p, what="adaptation", mode="diet", dest="bag", req=_DIET_NAMES[card], card=card)
    return task


SETUP_STAGES = ("tiles", "orient", "redraw", "placement", "draft")
TASK_KINDS = tasks.TASK_KINDS


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


class Biotopes(Game):
    """Biotopes for 1 to 5 players (1: Solo Mode). Options of ``new_game``:

    - ``board``: ``"butterfly"`` (6 cycles, the default) or ``"ant"`` (5 cycles);
    - ``configuration``: the landscape configuration (``components.CONFIGURATIONS``);
    - ``construction``: the Landscape Construction variant (players place the tiles);
    - ``draft``: the Advanced Biotopes Draft variant (advanced Biotope cards);
    - ``special_tiles``: Landscape Construction with the 2 special tiles among the tiles
      dealt (it turns ``construction`` on, D40);
    - ``first_player``: the first player (``None``: drawn at random).
    """

    name = "biotopes"
    title = "Biotopes"
    option_specs = (
        Option("board", "Environmental Conditions board", None,
               choices=(None, BoardSide.BUTTERFLY.value, BoardSide.ANT.value),
               choice_labels=("Butterfly side (Solo Mode: the ant side in advanced mode)",
                              "Butterfly side (6 cycles)", "Ant side (5 cycles)"),
               help="Use the Environmental Conditions board with the butterfly side up (6 "
                    "cycles) for your first games, then flip it to the ant side (5 cycles); "
                    "Solo Mode plays the butterfly side, the ant side in advanced mode."),
        Option("configuration", "Landscape configuration", None,
               choices=(None, *_SHAPES),
               choice_labels=("The first for the number of tiles",
                              *(f"{c.capitalize()} of tiles" for c in _SHAPES)),
               help="Place the Landscape tiles at the center of the table to form one of the "
                    "configurations (D5): band for any number of tiles, line for 4 (2 players "
                    "and Solo Mode), cluster for 6 or more; the set-up checks the number."),
        Option("construction", "Landscape Construction", False, choices=(False, True),
               choice_labels=("Tiles placed as a configuration",
                              "Players place the tiles (Landscape Construction)"),
               help="Deal 2 Landscape tiles to each player; taking turns clockwise, each "
                    "player places a tile (not in Solo Mode)."),
        Option("draft", "Advanced Biotopes Draft", False, choices=(False, True),
               choice_labels=("Basic Biotope cards", "Advanced Biotopes Draft"),
               help="Lay out all the Biotope cards advanced side up; each player chooses one "
                    "of the type of each territory they place (Solo Mode: its advanced mode)."),
        Option("special_tiles", "Special Landscape tiles", False, choices=(False, True),
               choice_labels=("Basic tiles only",
                              "Landscape Construction with the 2 special tiles"),
               help="The 2 special Landscape tiles join the tiles dealt in Landscape "
                    "Construction, which this turns on (not in Solo Mode)."),
        Option("first_player", "First player", None, choices=(None, *range(MAX_PLAYERS)),
               choice_labels=("Drawn at random",
                              *(f"Player {p + 1}" for p in range(MAX_PLAYERS))),
               help="Determine a first player using the method of your choice; the set-up "
                    "checks the player is one of the players."),
    )
    action_types = ACTION_TYPES
    own_labels = frozenset(t for t in ACTION_TYPES if t not in STATE_WORDED)
    """The actions whose words are their own ``label()`` (``describe``; ``Game.own_labels``:
    a told action's label is then worked out when read)."""
    told_labels = frozenset({Pay})
    """A Pay choice's words (``view.describe``'s) are told by its payment's event
    (``resolution.decide_pay``): ``apply`` asks no ``describe`` before it."""
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    identities = {"cards": "card"}
    why_questions = (
        Question("cubes", 'game.why("cubes", card="red_fox")', ident.why_cubes,
                 "why a Species (or Biotope) card lost its last cube"),
        Question("win", 'game.why("win", seat=0)', lambda seat: ("won", seat),
                 "why a player won (seat: a winner's index)"),
    )

    _identity: ident.Identities = None  # type: ignore[assignment]  # (None until numbered)
    """The ids of the cubes and tokens (why.py), kept from the last told action (None: not
    numbered yet; a copy starts without: ``_identities``)."""

    def __init__(self, players: int, rng: Rng, opts: dict[str, Any]) -> None:
        self.players = players
        self.rng = rng
        self.opts = opts
        self.board = BoardSide(opts["board"])
        self.cycles = self.board.cycles
        self.first = 0
        self.cycle = 1
        self.initiative = 0
        self.active = 0
        self.stage = "redraw"
        self.order: list[int] = []
        self.tiles: list[list[Any]] = []
        self.tile_hands: list[list[str]] = [[] for _ in range(players)]
        self.landscape: dict[Hex, int] = {}
        self.tile_of: dict[Hex, int] = {}
        self.edges: frozenset[Hex] = frozenset()
        self.adj: dict[Hex, tuple[Hex, ...]] = {}
        self.grid = _NO_GRID
        self.owner: dict[Hex, int] = {}
        self.colonies: legal.Territories | None = None
        """The tokens on the landscape as bits (``legal.Territories``), worked out when first
        asked (``legal.territories``), then patched in place as a token moves (``_claim``,
        ``_vacate``; a copy holds a copy); None again whenever the landscape is built or a
        state loaded."""
        self.means_of: list[legal.Means | None] = [None] * players
        """What each player can pay with (``legal.means``), worked out when first asked and
        patched in place as a cube on their cards moves (``_take_cube``, ``_put_cube``,
        Primary Production; the End of Game sets theirs back to None); a copy holds
        copies."""
        self.specials: list[tuple[tuple[int, int, bool, bool], ...] | None] = [None] * players
        """The cards with an Action icon or x2 in each Ecosystem (``legal.special_cards``),
        worked out when first asked and kept until a card joins or leaves the rows
        (Adaptation, the End of Game set theirs back to None); a copy shares them."""
        self.effects: list[resolution.EffectCards | None] = [None] * players
        """The cards with a Reaction or a colonization reward in each Ecosystem, and its
        Production cards' bonus (``resolution.effect_cards``), kept as ``specials`` are (an
        Adaptation of such a card, the End of Game set theirs back to None); a copy shares
        them."""
        self.neutral_removed = 0
        self.draft_biotope = -1
        self.reserve = [0] * ROWS
        self.box = [0] * ROWS
        self.env: list[str] = []
        self.decks: list[list[str]] = [[], [], []]
        self.rivers: list[list[str]] = [[], [], []]
        self.discards: list[list[str]] = [[], [], []]
        self.bags = [[0] * ROWS for _ in range(players)]
        self.bcards: list[list[str]] = [[""] * ROWS for _ in range(players)]
        self.biotope = [[0] * ROWS for _ in range(players)]
        self.foreign = [[[0] * ROWS for _ in range(ROWS)] for _ in range(players)]
        """Cubes of another colour on a Biotope card (only a Discreet Species puts them there,
        D21): ``foreign[p][row][colour]``, 0 for the row's own colour (in ``biotope``)."""
        self.rows: list[list[list[list[Any]]]] = [[[] for _ in range(ROWS)]
                                                  for _ in range(players)]
        self.spaces = [[[0] * ROWS for _ in SPACES] for _ in range(players)]
        self.uses = [[0] * len(SPACES) for _ in range(players)]
        self.tokens = [TERRITORY_TOKENS] * players
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.passed = [False] * players
        self.queue: list[tasks.Task] = []
        self.scores: list[dict[str, int]] | None = None
        self._asked: tuple[tasks.Task, list[Action]] | None = None
        """The task at the head of the queue and its choices (a cost and the cubes that may
        pay it, a draw and the cards to draw), as worked out when it stopped the resolution
        for a choice (asked again at once, by ``legal_actions``; a copy starts without)."""

    # -- Setup -----------------------------------------------------------------------------

    @classmethod
    def _setup(cls, *, players: int, rng: Rng, board: str | None = None,
               configuration: str | None = None, construction: bool = False,
               draft: bool = False, special_tiles: bool = False,
               first_player: int | None = None) -> Biotopes:
        """RB Setup 1-8 (``setup.new``)."""
        return setup.new(cls, players=players, rng=rng, board=board,
                         configuration=configuration, construction=construction, draft=draft,
                         special_tiles=special_tiles, first_player=first_player)

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.opts)

    @property
    def solo(self) -> bool:
        return self.players == 1

    def _clockwise(self, start: int) -> list[int]:
        return list(_CLOCKWISE[self.players][start])

    def placement_options(self, p: int) -> list[Hex]:
        """RB Setup 8: where ``p`` may place an initial token now (``setup``, D10)."""
        return setup.placement_options(self, p)

    def draft_options(self) -> list[str]:
        """Advanced Biotopes Draft: the cards the player may choose now (``setup``)."""
        return setup.draft_options(self)

    # -- Cards and rivers ------------------------------------------------------------------

    def _refill_river(self, d: int) -> None:
        card = self._take_from_deck(d, INTO_RIVER[d])
        if card is not None:
            self.rivers[d].insert(0, card)

    def _take_from_deck(self, d: int, drawn: str,
                        seen_by: tuple[int, ...] | None = None) -> str | None:
        """The top card of deck ``d``: a chance draw among the cards it holds, each as likely
        (the deck is shuffled, its order secret: D39), named ``drawn`` (``INTO_RIVER``,
        ``INTO_HAND``); ``seen_by`` the seats that see it. An empty deck is first remade
        from its discard pile, shuffled (D12)."""
        deck = self.decks[d]
        if not deck:
            if not self.discards[d]:
                return None
            deck = self.decks[d] = self.discards[d]
            self.discards[d] = []
        if self.draws_are_kept:
            # (uniform, its label and who sees it, given by place: no keywords to match)
            card: str = self.chance(drawn, deck, None, _card_name, seen_by)
        else:  # nobody reads this draw (a plain push): the ticket chance() would take
            card = unkept(self.rng, deck)
        deck.remove(card)
        return card

    def _discard_card(self, card: str) -> None:
        self.discards[_DECK_OF[card]].append(card)

    def draw_options(self) -> list[Draw]:
        decks, discards = self.decks, self.discards
        if list(map(len, self.rivers)) == _FULL_RIVERS and all(decks):
            return list(_ALL_DRAWS)  # (the loop's list, as it nearly always is)
        out: list[Draw] = []
        for d, river in enumerate(self.rivers):
            if river:
                out += _RIVER_DRAWS[d][:len(river)]
            if decks[d] or discards[d]:
                out.append(_DECK_DRAWS[d])
        return out

    # -- Cubes -----------------------------------------------------------------------------

    def cube_count(self) -> list[int]:
        """Cubes of each colour everywhere (160 in all: 40 of each colour)."""
        total = [self.reserve[k] + self.box[k] for k in range(ROWS)]
        for p in range(self.players):
            for k in range(ROWS):
                total[k] += self.bags[p][k]
                for space in self.spaces[p]:
                    total[k] += space[k]
            for r in range(ROWS):
                total[r] += self.biotope[p][r]
                for k in range(ROWS):
                    total[k] += self.foreign[p][r][k]
                for e in self.rows[p][r]:
                    for k in range(ROWS):
                        total[k] += e[1 + k]
        for task in self.queue:  # a cube drawn from a bag, waiting to be placed
            if task.drawn >= 0:
                total[task.drawn] += 1
        return total

    def _cube_sources(self, p: int) -> list[legal.Source]:
        """Every cube source of ``p`` on a card (a card's cubes of one colour): (row, col,
        colour, type, pollinating, class, Pay choice: ``legal.Source``); col -1 is the
        Biotope card, whose cubes are of the Plants type (Glossary). Kept, patched as a cube
        of theirs moves (``legal.means``): read only."""
        return (self.means_of[p] or legal.means(self, p)).sources

    def _take_cube(self, p: int, row: int, col: int, k: int) -> None:
        card = ""
        if col < 0:
            if k == row:
                self.biotope[p][row] -= 1
                after = self.biotope[p][row]
            else:
                self.foreign[p][row][k] -= 1
                after = self.foreign[p][row][k]
        else:
            e = self.rows[p][row][col]
            e[1 + k] -= 1
            after, card = e[1 + k], e[0]
        kept = self.means_of[p]
        if kept is not None:
            if after:  # the card keeps cubes of that colour: its class counts one fewer
                kept.pool[_PAYING[card][2] if col >= 0 else 0] -= 1  # (Means.move's first step)
            else:
                kept.move(row, col, k, -1, after, card)

    def _put_cube(self, p: int, row: int, col: int, k: int) -> None:
        card = ""
        if col < 0:
            if k == row:
                self.biotope[p][row] += 1
                after = self.biotope[p][row]
            else:
                self.foreign[p][row][k] += 1
                after = self.foreign[p][row][k]
        else:
            e = self.rows[p][row][col]
            e[1 + k] += 1
            after, card = e[1 + k], e[0]
        kept = self.means_of[p]
        if kept is not None:
            if after > 1:  # the card held cubes of that colour: its class counts one more
                kept.pool[_PAYING[card][2] if col >= 0 else 0] += 1  # (Means.move's first step)
            else:
                kept.move(row, col, k, 1, after, card)

    def biotope_cubes(self, p: int, row: int) -> list[int]:
        """The cubes on ``p``'s Biotope card of ``row``, by colour (its own colour, and any
        other a Discreet Species moved there)."""
        return [self.biotope[p][row] if k == row else self.foreign[p][row][k]
                for k in range(ROWS)]

    def card_at(self, p: int, row: int, col: int) -> str:
        return self.bcards[p][row] if col < 0 else self.rows[p][row][col][0]

    def _where(self, p: int, row: int, col: int) -> str:
        if col < 0:
            return f"{SEAT_NAMES[p]}'s {BIOTOPES[row].label} Biotope card"
        return f"{SEAT_NAMES[p]}'s {SPECIES[self.rows[p][row][col][0]].name}"

    def _node(self, p: int, row: int, col: int) -> str:
        return P.value if col < 0 else SPECIES[self.rows[p][row][col][0]].type.value

    def _has_effect(self, p: int, kind: EffectKind) -> list[tuple[int, int, Species]]:
        out = []
        for r in range(ROWS):
            for c, e in enumerate(self.rows[p][r]):
                if _KIND[e[0]] is kind:
                    out.append((r, c, SPECIES[e[0]]))
        return out

    def _advanced(self, p: int, kind: EffectKind) -> list[BiotopeCard]:
        if not self.opts["draft"]:
            return []
        return [BIOTOPE_CARDS[c] for c in self.bcards[p]
                if c and BIOTOPE_CARDS[c].effect.kind is kind]

    def _may_play(self, p: int, space: str) -> bool:
        """The Actions: a space's action is played once per cycle (twice with x2)."""
        used = self.uses[p][_SPACE_INDEX[space]]
        return used < 1 or used < self._space_limit(p, space)

    def _space_limit(self, p: int, space: str) -> int:
        """x2: "you may play the indicated action ... a second time during each cycle" (the
        x2 cards read among the kept ``specials``)."""
        if space in COLONIZATIONS:
            rows = self.rows[p]
            specials = self.specials[p]
            if specials is None:
                specials = self.specials[p] = legal.special_cards(rows)
            for r, c, _, double in specials:
                if double and _DOUBLES[rows[r][c][0]] == space:
                    return 2
        return 1

    def territories(self, p: int) -> list[Hex]:
        """``p``'s territories, in order (``legal.territories_of``)."""
        return legal.territories_of(self, p)

    def _claim(self, h: Hex, o: int) -> None:
        """A token of ``o`` (a player, or ``NEUTRAL``) onto ``h``."""
        self.owner[h] = o
        if self.colonies is not None:
            self.colonies.claim(h, o)

    def _vacate(self, h: Hex) -> None:
        """The token on ``h`` leaves it."""
        o = self.owner.pop(h)
        if self.colonies is not None:
            self.colonies.vacate(h, o)

    # -- why: ids, and what told events read and wrote (why.py) --------------------------

    def _identities(self) -> ident.Identities:
        """The ids of cubes and tokens now (told actions only): kept from the last told
        action, or numbered anew from the history (why.py)."""
        known = self._identity
        done = len(self._actions)
        if known is None or known.upto != done:
            if done == 0 or not self._replayable:
                # a determinized state is not what its history leads to: numbered as it is
                known = ident.Identities.of(self)
                known.upto = done
            else:
                twin = self.replay(0)
                twin.copy_forcing_from(self)
                for action in self._actions:
                    twin._resolve(action, record=True, views=False, perspective=None)
                known = twin._identity
            self._identity = known
        return known

    def _draws(self) -> tuple[tuple[str, int], ...]:
        """The chance draws made since the last event that read one: what it came from."""
        ids = self._identity
        start = ids.drawn
        draws = self._chance  # (Game.draws_so_far, written out: a list while told)
        now = ids.drawn = len(draws) if draws is not None else 0
        # (ident.draws, written out for an action's first draws: all but a few)
        return _CHANCE_KEYS[start:now] if now <= _KEPT_DRAWS else ident.draws(start, now)

    def _place_of(self, p: int, row: int, col: int) -> ident.Place:
        """Where the cubes of a card lie (why.py's keys)."""
        return ("biotope", p, row) if col < 0 else ident.cubes(self.rows[p][row][col][0])

    def _cubes_moved(self, src: ident.Place, dst: ident.Place, k: int, n: int = 1,
                     emptied: str | None = None, reads: Iterable[Any] = ()
                     ) -> dict[str, Any]:
        """What an event that moved cubes reads, writes and names; ``emptied``: the card
        they left, if none is left on it."""
        ids = self._identity.move(src, dst, k, n)
        writes = [ident.key_of(src, k), ident.key_of(dst, k)]
        if emptied and not self._identity.holds(src):
            writes.append(ident.emptied(emptied))
        return {"reads": [*reads, ident.key_of(src, k)], "writes": writes, "ids": ids}

    def _cubes_told(self, src: ident.Place, dst: ident.Place, k: int, n: int = 1,
                    emptied: str | None = None, reads: tuple[Any, ...] = ()
                    ) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[str, ...]]:
        """:meth:`_cubes_moved` as the tuples ``EventLog.told`` takes: the reads, the writes
        and the ids."""
        identity = self._identity
        cubes = identity.cubes
        stacks = cubes.get(src) or identity._stacks(src)
        if n == 1:  # nearly always: one cube (Identities.move, written out)
            c = stacks[k].pop()
            (cubes.get(dst) or identity._stacks(dst))[k].append(c)
            ids: tuple[str, ...] = (CUBE_IDS[c],)
        else:
            ids = tuple(identity.move(src, dst, k, n))
        # ident.key_of, written out: the reserve by colour, any other place as it is
        source = _RESERVE_KEYS[k] if src == RESERVE else src
        target = _RESERVE_KEYS[k] if dst == RESERVE else dst
        if emptied and not (stacks[0] or stacks[1] or stacks[2] or stacks[3]):
            # the cubes moved left the card bare
            writes: tuple[Any, ...] = (source, target, ident.emptied(emptied))
        else:
            writes = (source, target)
        return (*reads, source) if reads else (source,), writes, ids

    def _token_keys(self, *players: int) -> list[Any]:
        return [("territories", p) for p in players]

    # -- Glossary: Draw (from the bag) -----------------------------------------------------

    def _draw_from_bag(self, p: int) -> int | None:
        """Glossary, Draw (from the bag): a cube at random — a chance draw among the colours
        in the bag, weighted by its cubes of each colour (D39); everyone sees it come out."""
        if self.draws_are_kept:  # (one kept draw: _draws_from_bag's)
            drawn = self._draws_from_bag(p, 1)
            return drawn.index(1) if 1 in drawn else None
        # nobody reads this draw (a plain push): the ticket chance() would take
        bag = self.bags[p]
        k = _bag_ticket(self.rng, bag)
        if k < 0:
            return None
        bag[k] -= 1
        return k

    def _draws_from_bag(self, p: int, wanted: int) -> list[int]:
        """``wanted`` cubes drawn from ``p``'s bag one at a time (fewer if it empties), each
        a chance draw among the colours in the bag, weighted by its cubes of each colour
        (:meth:`_draw_from_bag`; Primary Production draws many in one call), kept when draws
        are kept: the cubes drawn, by colour."""
        return self.draws_from_pile(_BAG_DRAWS[p], COLOURS, self.bags[p], wanted, _cube_name)

    # -- 2. Action Phase: what is legal ----------------------------------------------------

    def _legal_actions(self) -> list[Action]:
        """Every action legal now: the phase's own (``PHASES``; in play, the Action Phase's
        or the choices of the task waiting, without the table's step)."""
        if self.stage == "play":
            queue = self.queue
            if not queue:
                return legal.action_phase_options(self, self.active)
            task = queue[0]
            return _OPTIONS[type(task)](self, task)
        return PHASES[self.stage].legal(self)

    def _tile_options(self) -> list[Action]:
        """Landscape Construction: a tile of your hand at a construction site (D15)."""
        sites = construction_sites(self.landscape, self.tile_of)
        return [PlaceTile(t, c) for t in sorted(set(self.tile_hands[self.order[0]]))
                for c in sites]

    def _orient_options(self) -> list[Action]:
        tile = TILES[self.tiles[-1][0]]
        return [OrientTile(side, rot) for side in sorted(tile.sides) for rot in range(6)]

    def _redraw_options(self) -> list[Action]:
        return [KeepHand(), RedrawHand()]

    def _placement_actions(self) -> list[Action]:
        return setup.placement_actions(self, self.order[0])  # type: ignore[return-value]

    def _draft_actions(self) -> list[Action]:
        return [ChooseBiotope(c) for c in self.draft_options()]

    def _action_options(self) -> list[Action]:
        """RB 2. Action Phase: the active player's actions, each allowed by its rule's
        predicate (``legal.py``)."""
        return legal.action_phase_options(self, self.active)

    def _task_options(self) -> list[Action]:
        """A decision in the middle of a resolution: the choices of the task waiting (its
        handler's ``options``)."""
        task = self.queue[0]
        return _OPTIONS[type(task)](self, task)

    def _no_actions(self) -> list[Action]:
        return []

    # -- decisions ---------------------------------------------------------------------------

    def _pay_choices(self, task: tasks.Pay) -> list[Action]:
        asked = self._asked
        if asked is not None and asked[0] is task:
            return list(asked[1])
        return self._pay_options(task)

    def _draw_choices(self, task: tasks.Draw | tasks.React) -> list[Action]:
        asked = self._asked
        if asked is not None and asked[0] is task:
            return list(asked[1])
        return self.draw_options()  # type: ignore[return-value]  # a new list, read only

    def _fallback_choices(self, task: tasks.Fallback) -> list[Action]:
        return [_FALLBACKS.get(h) or _FALLBACKS.setdefault(h, Fallback(h))
                for h in self._fallback_options(task)]

    def _move_choices(self, task: tasks.Move) -> list[Action]:
        return self._move_options(task.p)

    def _evo_discard_options(self, task: tasks.EvolutionDiscard) -> list[Action]:
        return [*map(_DISCARDS.__getitem__, sorted(self.hands[task.p])), _DONE]

    def _discard_options(self, task: tasks.Discard) -> list[Action]:
        return [_DISCARDS[c] for c in sorted(self.hands[task.p])]

    def _no_choice(self, task: tasks.Task) -> list[Action]:
        """A task that never waits for anyone has no choices."""
        return []

    def _pay_options(self, task: tasks.Pay) -> list[Action]:
        p = task.p
        mode = task.mode
        m = self.means_of[p] or legal.means(self, p)  # (legal.means, inline when kept)
        sources = m.sources
        paid = task.paid
        out: list[Action] = []
        if mode == "diet":
            need = _NEEDS.get(task.req) or _needs(task.req)
            paid_classes = tuple([_PAID_CLASS[opts] for opts in paid])
            pool = m.pool.copy()
            payable: dict[int, bool] = {}  # alike for cubes of one class
            for source in sources:  # (row, col, colour, type, pollinating, class, choice)
                cls = source[5]
                ok = payable.get(cls)
                if ok is None:
                    pool[cls] -= 1
                    # (legal.fits with cubes paid: its _fits_paid at once)
                    ok = payable[cls] = legal._fits_paid(need[2], (*paid_classes, cls), pool)
                    pool[cls] += 1
                if ok:
                    out.append(source[6])
            return out
        if mode == "evolution":
            if not paid:  # the first cube: any
                return [source[6] for source in sources]
            used = {_TYPE_OF[opts[0]] for opts in paid}
            out = [pay for _, _, _, t, _, _, pay in sources
                   if t not in used]
            out.append(_DONE)
            return out
        colour, src, species = task.colour, task.src, task.species
        if task.types is _ANY_TYPE and colour < 0 and src is None and not species:
            return [source[6] for source in sources]  # any cube (Transfer)
        allowed = _TYPES_OF.get(task.types) or _types_of(task.types)
        # (each source: row, col, colour, type, pollinating, class, choice)
        return [source[6] for source in sources
                if (colour < 0 or source[2] == colour) and source[3] in allowed
                and (src is None or source[:2] == src) and (not species or source[1] >= 0)]

    def _breed_options(self, task: tasks.Breed) -> list[Action]:
        p = task.p
        out: list[Action] = []
        for r, c in sorted(set(task.cards)):
            if self.reserve[r] or self.bags[p][r]:
                out.append(Place(r, c))
        if not any(self.reserve[r] for r, _ in task.cards):
            out.append(Decline())
        return out

    def protected(self, q: int, row: int, col: int) -> bool:
        """Defensive Species: "all cards on this row and this column are protected from the
        Predatory Species effect" (a Biotope card is on its row, in no column: D18); and a
        Preserved Habitat protects its row (D25)."""
        for r in range(ROWS):
            for c, e in enumerate(self.rows[q][r]):
                if SPECIES[e[0]].effect.kind is EffectKind.DEFENSIVE and (
                        r == row or (col >= 0 and c == col)):
                    return True
        return any(card.row == row for card in self._advanced(q, EffectKind.PROTECT_ROW))

    def _prey_options(self, task: tasks.Prey) -> list[Action]:
        p = task.p
        if self.solo:
            return [PreyOnReserve(COLOURS[k]) for k in range(ROWS) if self.reserve[k]]
        diet = set(SPECIES[task.card].diet)
        out: list[Action] = []
        for q in self._clockwise(p)[1:]:
            for r, c, k, t, _, _, _ in self._cube_sources(q):
                if t in diet and not self.protected(q, r, c):
                    out.append(Prey(q, r, c, COLOURS[k]))
        return out

    def _cube_options(self, task: tasks.Cube | tasks.React) -> list[Action]:
        p, k = task.p, task.colour
        return [Place(k, -1), *(Place(k, c) for c, e in enumerate(self.rows[p][k])
                                if _species_cubes(e) < SPECIES_CUBE_LIMIT)]

    def _fallback_options(self, task: tasks.Fallback) -> list[Hex]:
        return [n for n in self.adj[task.hex] if n not in self.owner]

    def _move_options(self, p: int) -> list[Action]:
        """Discreet Species: a cube of one of your cards to another of your cards, Biotope
        cards included (no limit there), Species cards within the 4-cube limit (D21)."""
        targets = [(r, -1) for r in range(ROWS)] + [
            (r, c) for r in range(ROWS) for c, e in enumerate(self.rows[p][r])
            if _species_cubes(e) < SPECIES_CUBE_LIMIT]
        out: list[Action] = []
        moves = _MOVES
        for r, c, k, _, _, _, _ in self._cube_sources(p):
            for tr, tc in targets:
                if tr != r or tc != c:
                    key = (r, c, k, tr, tc)
                    move = moves.get(key)
                    if move is None:
                        move = moves[key] = Move(r, c, COLOURS[k], tr, tc)
                    out.append(move)
        return out

    # -- playing -----------------------------------------------------------------------------

    def _play(self, action: Action, log: EventLog) -> None:
        """The phase's play (``PHASES``; in play, the choice of the task waiting or the
        Action Phase's action, then the rest of the resolution: ``_take_decision`` and
        ``_take_action`` written out, without the table's step); a told action also moves
        the ids with what it moves and drops the causes it leaves in the queue."""
        told = log.record
        if told:
            done = len(self._actions)
            known = self._identity  # _identities, kept from the last action (None: not yet)
            if known is None or known.upto != done:
                known = self._identities()
            known.drawn = 0
        if self.stage == "play":
            queue = self.queue
            if queue:
                task = queue[0]
                _DECIDE[type(task)](self, task, action, log)
            else:
                self._act(action, log)
            self._run(log)
        else:
            PHASES[self.stage].play(self, action, log)
        if told:
            known.upto = done + 1
            for task in self.queue:
                if task.c is not None:  # causes live in the told action only
                    task.__dict__["c"] = None  # (Task.forget_cause, written out)

    def _take_action(self, a: Action, log: EventLog) -> None:
        """RB 2. Action Phase: the action, then its resolution."""
        self._act(a, log)
        self._run(log)

    def _take_decision(self, a: Action, log: EventLog) -> None:
        """A choice of the task waiting (its handler's ``decide``), then the rest of the
        resolution."""
        task = self.queue[0]
        _DECIDE[type(task)](self, task, a, log)
        self._run(log)

    def _act(self, a: Action, log: EventLog) -> None:
        """RB 2. Action Phase: the active player's one action (or passing)."""
        p = self.active
        name = SEAT_NAMES[p]
        events: list[Any] = log.events  # told directly while recording (a row: EventLog)
        if isinstance(a, Pass):
            self.passed[p] = True
            if log.record:
                events.append((len(events), "pass", _PASS_WORDS[p], None,
                               {"players": SEATS[p]}, (), ()))
            cycle.next_turn(self, log)
            return
        cause = None
        if isinstance(a, Adapt):
            if log.record:
                told = _ADAPT_TOLD.get((p, a.card))
                if told is None:
                    card = SPECIES[a.card]
                    told = _ADAPT_TOLD[p, a.card] = (
                        f"{name} plays Adaptation: {card.name} "
                        f"({'+'.join(t.label for t in card.diet)})", (a.card,),
                        (card.type.value,))
                cause = len(events)
                events.append((cause, "adaptation", told[0], None,
                               {"players": SEATS[p], "cards": told[1], "nodes": told[2]},
                               (), ()))
            task = _ADAPT_COSTS.get((p, a.card)) or _adapt_cost(p, a.card)
            if cause is not None:
                task = task.caused(cause)
        elif isinstance(a, UseCard):
            if log.record:
                card = SPECIES[self.rows[p][a.row][a.col][0]]
                cause = log.emit("card_action", f"{name} uses {card.name}'s Action "
                                 f"({card.effect.keyword})", players=[p], cards=[card.id])
            task = tasks.Pay.make(p=p, what="card", mode="one", dest="bag",
                                  types=_COST_NAMES["card"], src=(a.row, a.col),
                                  at=(a.row, a.col), c=cause)
        else:
            space = SPACE_OF[type(a)]
            self.uses[p][_SPACE_INDEX[space]] += 1
            if isinstance(a, (Expand, Compete, Migrate)):
                h = a.hex
                origin = a.origin if isinstance(a, Migrate) else None
                key = (p, space, self.landscape[h], h, origin)
                task, words = _HEX_COSTS.get(key) or _hex_cost(key, f"{name} plays {a.label()}")
                if log.record:
                    cause = len(events)
                    events.append((cause, space, words, None,
                                   {"players": SEATS[p], "hexes": (list(h),)}, (), ()))
                    task = task.caused(cause)
            else:
                task = _SPACE_COSTS[p][space]
                if log.record:
                    cause = len(events)
                    events.append((cause, space, _SPACE_WORDS[p][space], None,
                                   {"players": SEATS[p]}, (), ()))
                    task = task.caused(cause)
        self.queue += (task, _ENDS[p])  # (empty in the Action Phase) the cost, then the end

    def _run(self, log: EventLog) -> None:
        """Resolve tasks until one needs a person's choice, or none is left."""
        queue = self.queue
        while queue:
            task = queue[0]
            if not _AUTO[type(task)](self, task, log):
                return
            queue = self.queue  # a rule may have put a new list in its place

    _next_turn = cycle.next_turn
    """RB 2. Action Phase: the next player's turn, or the End of Cycle (``cycle.next_turn``
    itself, as a method: one call)."""

    def score(self, p: int) -> dict[str, int]:
        """RB Scoring: ``p``'s score sheet (``scoring.score``)."""
        from . import scoring  # scoring.py reads the engine: imported when a game is scored

        return scoring.score(self, p)

    # -- what is seen -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self.stage == "over":
            return None
        if self.stage in SETUP_STAGES:
            if self.stage == "draft":
                return self._draft_player()
            # empty only for a moment, between the last set-up choice and the next stage
            # (a view taken for an event then, as the widget does, has no one to play)
            return self.order[0] if self.order else None
        if self.queue:
            return self.queue[0].p
        return self.active

    def _draft_player(self) -> int:
        # The player who just placed: the one before the next in the placement order.
        placed = INITIAL_TERRITORIES * self.players - len(self.order)
        return (self.first + placed - 1) % self.players

    @property
    def phase(self) -> str:
        if self.stage == "play":
            return self.queue[0].kind if self.queue else "action"
        return self.stage

    is_over = False
    """``outcome is not None`` (``Game.is_over``: the game is scored and over), asked at
    least twice an action (by core before listing, by every player's loop), so kept as a
    plain value where the game is scored (``cycle.end_of_game``, ``save.load``) rather than
    a property worked out at each ask."""

    @property
    def outcome(self) -> Outcome | None:
        if self.stage != "over" or self.scores is None:
            return None
        from . import scoring

        return scoring.outcome(self)

    @property
    def player_names(self) -> list[str]:
        return list(SEAT_NAMES[:self.players])

    def describe(self, action: Action) -> str:
        """The action in words, naming the cards it points at (``view.describe``)."""
        if type(action) not in STATE_WORDED:  # its words are its own (every action is told)
            return action.label()
        return _view().describe(self, action)

    def explain_illegal(self, action: Action) -> str:
        phase = self.phase
        label = self.describe(action)
        if self.stage == "over":
            return f"{label!r}: the game is over"
        allowed = PHASES[phase].actions if phase in PHASES else ()
        if not isinstance(action, allowed):
            who = self.current_player
            name = SEAT_NAMES[who] if who is not None else "nobody"
            return (f"{label!r} is not allowed now: it is {name}'s {phase!r} decision, "
                    f"which allows {', '.join(a.type for a in allowed)}")
        p = self.current_player
        assert p is not None
        if phase == "action":
            return f"{label!r}: {legal.why_not(self, p, action)}"
        if phase == "placement":
            return (f"{label!r}: Setup 8 — an initial token goes on an empty hex at the edge of "
                    "the landscape, of a biotope you do not hold yet, adjacent to none of your "
                    "tokens")
        if phase == "pay":
            paying = self.queue[0]
            assert isinstance(paying, tasks.Pay)
            return f"{label!r}: that cube cannot pay this cost ({paying.what})"
        if phase in ("discard", "evo_discard"):
            return f"{label!r}: that card is not in your hand"
        if phase == "draw":
            return f"{label!r}: there is no such card to draw"
        if phase == "breed":
            return f"{label!r}: that card is not waiting for a cube, or no cube can reach it"
        if phase == "prey":
            return (f"{label!r}: Predatory Species take a cube of a type of their diet from an "
                    "opponent's card that no Defensive Species protects")
        if phase == "fallback":
            return f"{label!r}: the token falls back to an empty hex adjacent to its own"
        if phase == "move":
            return (f"{label!r}: move a cube of one of your cards to another of your cards (a "
                    f"Species card holds at most {SPECIES_CUBE_LIMIT} cubes)")
        if phase == "react":
            return (f"{label!r}: your Reaction draws a card (from a river or a deck's top) or "
                    "puts the cube drawn from your bag on one of your cards of its colour")
        return f"{label!r} is not allowed now (phase: {phase})"

    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` sees: everything public, plus their own hand and bag; others'
        hands and bags show only their size (``view.view``)."""
        from . import view

        return view.view(self, player)

    # -- graphs -----------------------------------------------------------------------------

    def food_web(self) -> Any:
        """The diets of the Species cards in every Ecosystem as a networkx DiGraph, food ->
        eater (``components.food_web_graph``; ``graphs.food_web`` for one player's)."""
        return food_web_graph(SPECIES[e[0]] for rows in self.rows for row in rows for e in row)

    def board_graph(self) -> Any:
        """The central landscape as a networkx Graph (``components.landscape_graph``)."""
        return landscape_graph(self.landscape, self.tile_of, self.tiles, self.owner,
                               self.edges)

    # -- state ---------------------------------------------------------------------------

    def _state(self) -> dict[str, Any]:
        from . import save  # the save format, written and read in one place

        return save.dump(self)

    @classmethod
    def _from_state(cls, data: Mapping[str, Any]) -> Biotopes:
        from . import save  # save.py reads the engine: imported when a state is loaded

        return save.load(cls, data)

    def violations(self) -> list[str]:
        """What makes this state impossible (``save.violations``)."""
        from . import save

        return save.violations(self)

    def _copy(self) -> Biotopes:
        twin = object.__new__(Biotopes)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy()
        if self.stage in SETUP_STAGES:
            # the landscape and the Biotope cards change only during the set-up: shared after
            twin.order = list(self.order)
            twin.tiles = list(map(list, self.tiles))
            twin.tile_hands = list(map(list, self.tile_hands))
            twin.bcards = list(map(list, self.bcards))
        twin.owner = dict(self.owner)
        twin.colonies = None if self.colonies is None else self.colonies.copy()
        twin.means_of = [None if m is None else m.copy() for m in self.means_of]
        twin.specials = list(self.specials)
        twin.effects = list(self.effects)
        twin.reserve = list(self.reserve)
        twin.box = list(self.box)
        twin.decks = list(map(list, self.decks))
        twin.rivers = list(map(list, self.rivers))
        twin.discards = list(map(list, self.discards))
        twin.bags = list(map(list, self.bags))
        twin.biotope = list(map(list, self.biotope))
        twin.foreign = [list(map(list, rows)) for rows in self.foreign]
        twin.rows = [[list(map(list, row)) for row in rows] for rows in self.rows]
        twin.spaces = [list(map(list, spaces)) for spaces in self.spaces]
        twin.uses = list(map(list, self.uses))
        twin.tokens = list(self.tokens)
        twin.hands = list(map(list, self.hands))
        twin.passed = list(self.passed)
        twin.queue = list(self.queue)  # tasks are replaced, never changed in place
        twin._asked = None
        twin.scores = None if self.scores is None else list(map(dict, self.scores))
        # a told game's ids are not copied (search bots clone often and never tell): a
        # told action on the twin numbers them anew from the history
        twin._identity = None  # type: ignore[assignment]  # (numbered when first told)
        return twin


# ---------------------------------------------------------------------------------------------
# The phases, and the tasks' handlers
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Phase:
    """A phase: the actions it allows, the ones legal now (``legal``), and how the engine
    plays one (``play``)."""

    actions: tuple[type[Action], ...]
    legal: Callable[[Biotopes], list[Action]]
    play: Callable[[Biotopes, Any, EventLog], None]


def _over(game: Biotopes, action: Action, log: EventLog) -> None:
    raise AssertionError("nothing is played once the game is over")


_TASK_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "pay": (Pay, Done),
    "breed": (Place, Decline),
    "prey": (Prey, PreyOnReserve),
    "react": (Draw, Place),
    "draw": (Draw,),
    "cube": (Place,),
    "fallback": (Fallback,),
    "move": (Move,),
    "evo_discard": (Discard, Done),
    "discard": (Discard,),
    "reproduce": (), "transfer": (), "colonize": (), "end": (),  # these never wait
}
PHASES: dict[str, Phase] = {
    "tiles": Phase((PlaceTile,), Biotopes._tile_options, setup.place_tile),
    "orient": Phase((OrientTile,), Biotopes._orient_options, setup.orient_tile),
    "redraw": Phase((KeepHand, RedrawHand), Biotopes._redraw_options, setup.redraw),
    "placement": Phase((PlaceTerritory,), Biotopes._placement_actions,
                       setup.place_territory),
    "draft": Phase((ChooseBiotope,), Biotopes._draft_actions, setup.choose_biotope),
    "action": Phase(ACTION_PHASE, Biotopes._action_options, Biotopes._take_action),
    **{kind: Phase(allowed, Biotopes._task_options, Biotopes._take_decision)
       for kind, allowed in _TASK_ACTIONS.items()},
    "over": Phase((), Biotopes._no_actions, _over),
}
"""The phases: set-up phases first; ``action`` is the Action Phase; the others are the tasks
of a resolution, a phase while one waits for a choice (``Biotopes.phase`` names the task at
the head of the queue). A Reaction triggers by itself (FAQ); ``react`` is its owner's choice
of what the card leaves open: the card to draw, or the card to put the drawn cube on (D19).
``Biotopes._legal_actions`` and ``_play`` dispatch through this table."""


@dataclass(frozen=True)
class Handler:
    """How the engine resolves a task of one class: ``auto`` resolves what needs nobody's
    choice and says whether the queue may go on (False: the task waits for its player);
    while it waits, ``options`` are its player's choices and ``decide`` plays the one
    chosen."""

    auto: Callable[[Biotopes, Any, EventLog], bool]
    options: Callable[[Biotopes, Any], list[Action]]
    decide: Callable[[Biotopes, Any, Action, EventLog], None]


def _never(game: Biotopes, task: tasks.Task, action: Action, log: EventLog) -> None:
    raise AssertionError(f"a {task.kind!r} task never waits for a choice")


HANDLERS: dict[type[tasks.Task], Handler] = {
    tasks.Pay: Handler(resolution.auto_pay, Biotopes._pay_choices, resolution.decide_pay),
    tasks.Breed: Handler(resolution.auto_breed, Biotopes._breed_options,
                         resolution.decide_breed),
    tasks.Prey: Handler(resolution.auto_prey, Biotopes._prey_options, resolution.decide_prey),
    tasks.React: Handler(resolution.auto_react, resolution.react_options,
                         resolution.decide_react),
    tasks.Draw: Handler(resolution.auto_draw, Biotopes._draw_choices, resolution.decide_draw),
    tasks.Cube: Handler(resolution.auto_cube, Biotopes._cube_options, resolution.decide_cube),
    tasks.Fallback: Handler(resolution.auto_fallback, Biotopes._fallback_choices,
                            resolution.decide_fallback),
    tasks.Move: Handler(resolution.auto_move, Biotopes._move_choices, resolution.decide_move),
    tasks.EvolutionDiscard: Handler(resolution.auto_evo_discard, Biotopes._evo_discard_options,
                                    resolution.decide_evo_discard),
    tasks.Discard: Handler(resolution.auto_discard, Biotopes._discard_options,
                           resolution.decide_discard),
    tasks.Reproduce: Handler(resolution.auto_reproduce, Biotopes._no_choice, _never),
    tasks.Transfer: Handler(resolution.auto_transfer, Biotopes._no_choice, _never),
    tasks.Colonize: Handler(resolution.auto_colonize, Biotopes._no_choice, _never),
    tasks.End: Handler(resolution.auto_end, Biotopes._no_choice, _never),
}
"""Each task class's handlers (``Biotopes._run``, ``_task_options`` and ``_take_decision``
dispatch through the tables below)."""
_AUTO = {cls: handler.auto for cls, handler in HANDLERS.items()}
"""Each task class's ``auto`` handler (``Biotopes._run`` calls it for every task)."""
_OPTIONS = {cls: handler.options for cls, handler in HANDLERS.items()}
_DECIDE = {cls: handler.decide for cls, handler in HANDLERS.items()}
"""Each task class's ``options`` and ``decide`` handlers (``Biotopes._task_options`` and
``_take_decision``)."""
