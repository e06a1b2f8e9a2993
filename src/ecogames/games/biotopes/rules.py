"""Biotopes — the engine.

Every rule of ``shared/rulebooks/biotopes.txt`` (quoted as "RB", by section); where the
rulebook is silent, the decision is written in ``docs/rules/biotopes.md`` and cited here as
``D<n>``. The module reads top-down: constants, small pure helpers, the :class:`Biotopes`
game whose methods are named after the rulebook's sections, then its tables (the phases, the
tasks' handlers). The actions are in ``actions.py``; the set-up in ``setup.py``; Scoring
and Victory in ``scoring.py``; the landscape's geometry in ``hexes.py``; the views in
``view.py``; the save format and ``violations`` in ``save.py``; ids and keys in ``why.py``.

How a turn resolves: an action of the action phase queues *tasks* (``tasks.py``: pay the
cost, apply the effect, let others react, check hand limits, end the turn). Tasks that need
nobody's choice resolve at once; a task that needs a choice stops the queue and becomes the
phase (``pay``, ``draw``, ``react``, ``fallback``, ...), whose legal actions belong to the
player who must choose — on an opponent's turn too. The engine never chooses for a person: it
resolves a task by itself only when there is exactly one way to do it. ``PHASES`` (at the end)
says what each phase allows and dispatches its legal actions and its play; ``HANDLERS`` names
each task class's handlers. What each Action Phase action needs is in ``legal.py``: its
rule-named predicate (``can_adapt`` ... ``can_migrate``, ``can_use_card``), which the legal
actions and the why-not texts share.

>>> game = Biotopes.new_game(players=2, seed=7)
>>> game.phase, len(game.hands[0])
('redraw', 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ecogames.core import Action, EventLog, Game, Option, Outcome, Rng
from ecogames.core.provenance import OUTCOME, Question, chance_key, gone_key

from . import legal, setup, tasks
from . import why as ident
from .actions import (
    ACTION_TYPES,
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
    _hex,
)
from .components import (
    BIOTOPE_CARDS,
    BIOTOPES,
    COLOURS,
    CONFIGURATIONS,
    DECKS,
    EVOLUTION_MAX_CUBES,
    HAND_LIMIT,
    INITIAL_TERRITORIES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NEUTRAL,
    RIVER_SIZE,
    ROWS,
    SEAT_NAMES,
    SPECIES,
    SPECIES_CUBE_LIMIT,
    TERRITORY_TOKENS,
    TILES,
    BiotopeCard,
    BoardSide,
    CubeType,
    EffectKind,
    Hex,
    Reward,
    Species,
    Trigger,
    food_web_graph,
    landscape_graph,
)
from .hexes import construction_sites
from .legal import PAYS, SPACE_OF, diet_payable
from .setup import _card_name

# ---------------------------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------------------------

SPACES = ("reproduction", "transfer", "evolution", "expansion", "competition", "migration")
"""The spaces (markers) of an Ecosystem board, one per once-per-cycle action."""
COLONIZATIONS = ("expansion", "competition", "migration")
P, INV, R, B, M = (CubeType.PLANTS, CubeType.INVERTEBRATES, CubeType.REPTILES_AMPHIBIANS,
                 CubeType.BIRDS, CubeType.MAMMALS)
TYPES = tuple(CubeType)
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
DECK_NAMES = tuple(d.value for d in DECKS)
DECK_LABELS = tuple(d.label for d in DECKS)


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------


_FEEDS = {card.id: (card.type, card.effect.kind is EffectKind.POLLINATING)
          for card in SPECIES.values()}
"""Each Species card's cube type and whether its cubes also pay for Plants (Pollinating)."""
_TYPE_OF = {t.value: t for t in CubeType}
"""A cube type by its name (as a queued task names it)."""
_KIND = {card.id: card.effect.kind for card in SPECIES.values()}
"""Each Species card's effect kind."""
_DECK_OF = {card.id: DECKS.index(card.deck) for card in SPECIES.values()}
"""The index of each Species card's deck (and of its river and discard pile)."""
_DOUBLES = {card.id: card.effect.action.value for card in SPECIES.values()
            if card.effect.kind is EffectKind.DOUBLE and card.effect.action is not None}
"""The action a x2 card lets its owner play twice a cycle, by card."""
_DIET_NAMES = {card.id: tuple(t.value for t in card.diet) for card in SPECIES.values()}
"""Each Species card's diet, as a queued cost names it."""

_SHAPES = tuple(sorted({shape for shapes in CONFIGURATIONS.values() for shape in shapes}))
"""The names of the landscape configurations (D5), for the set-up options."""


def _cube_name(colour: str) -> str:
    return f"a {colour} cube"


_RIVER_DRAWS = tuple(tuple(Draw(name, slot) for slot in range(RIVER_SIZE))
                     for name in DECK_NAMES)
_DECK_DRAWS = tuple(Draw(name, -1) for name in DECK_NAMES)
"""The Draw actions of each deck: its river's slots (at most 3 cards, D8), and its top."""

ACTION_PHASE = (Adapt, Reproduce, Transfer, Evolve, Expand, Compete, Migrate, UseCard, Pass)
COST_TYPES: dict[str, tuple[CubeType, ...]] = {
    "reproduction": (INV, R), "transfer": TYPES, "evolution": TYPES,
    "expansion": (P,), "competition": (M, B), "migration": (B, R), "card": TYPES}
"""The Actions: the types of the cubes that pay each action's cost (a card's Action: any
cube of that card). Reproduction's cube comes from a Species card, as do Competition's and
Migration's; the colonizations' cube is of the colour of the territory."""
_COST_NAMES = {what: tuple(t.value for t in types) for what, types in COST_TYPES.items()}

SETUP_STAGES = ("tiles", "orient", "redraw", "placement", "draft")
TASK_KINDS = tasks.TASK_KINDS


# ---------------------------------------------------------------------------------------------
# Small pure helpers
# ---------------------------------------------------------------------------------------------


def _species_cubes(entry: list[Any]) -> int:
    return entry[1] + entry[2] + entry[3] + entry[4]


def _colour(name: str) -> int:
    return COLOUR_INDEX[name]


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
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    identities = {"cards": "card"}
    why_questions = (
        Question("cubes", 'game.why("cubes", card="red_fox")', ident.why_cubes,
                 "why a Species (or Biotope) card lost its last cube"),
        Question("win", 'game.why("win", seat=0)', lambda seat: ("won", seat),
                 "why a player won (seat: a winner's index)"),
    )

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
        self.reach: dict[Hex, frozenset[Hex]] = {}
        self.owner: dict[Hex, int] = {}
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
        self._asked: tuple[tasks.Pay, list[Action]] | None = None
        """The cost at the head of the queue and the cubes that may pay it, as worked out
        when the cost stopped the resolution for a choice (asked again at once, by
        ``legal_actions``; a copy starts without)."""

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
        return [(start + i) % self.players for i in range(self.players)]

    def placement_options(self, p: int) -> list[Hex]:
        """RB Setup 8: where ``p`` may place an initial token now (``setup``, D10)."""
        return setup.placement_options(self, p)

    def draft_options(self) -> list[str]:
        """Advanced Biotopes Draft: the cards the player may choose now (``setup``)."""
        return setup.draft_options(self)

    # -- Cards and rivers ------------------------------------------------------------------

    def _refill_river(self, d: int) -> None:
        card = self._take_from_deck(d, "into the river")
        if card is not None:
            self.rivers[d].insert(0, card)

    def _take_from_deck(self, d: int, where: str,
                        seen_by: tuple[int, ...] | None = None) -> str | None:
        """The top card of deck ``d``: a chance draw among the cards it holds, each as likely
        (the deck is shuffled, its order secret: D39); ``seen_by`` the seats that see it. An
        empty deck is first remade from its discard pile, shuffled (D12)."""
        deck = self.decks[d]
        if not deck:
            if not self.discards[d]:
                return None
            deck = self.decks[d] = self.discards[d]
            self.discards[d] = []
        card: str = self.chance(f"a card from the {DECK_LABELS[d]} deck {where}", deck,
                                label=_card_name, seen_by=seen_by)
        deck.remove(card)
        return card

    def _discard_card(self, card: str) -> None:
        self.discards[_DECK_OF[card]].append(card)

    def draw_options(self) -> list[Draw]:
        out: list[Draw] = []
        for d in range(len(DECK_NAMES)):
            out.extend(_RIVER_DRAWS[d][:len(self.rivers[d])])
            if self.decks[d] or self.discards[d]:
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

    def _cube_sources(self, p: int) -> list[tuple[int, int, int, CubeType, bool, int]]:
        """Every cube of ``p`` on a card: (row, col, colour, type, pollinating, count); col -1
        is the Biotope card, whose cubes are of the Plants type (Glossary)."""
        out = []
        biotope, foreign, rows = self.biotope[p], self.foreign[p], self.rows[p]
        for r in range(ROWS):
            here = foreign[r]
            if not any(here):  # no cube of another colour (only a Discreet Species moves one here)
                if biotope[r]:
                    out.append((r, -1, r, P, False, biotope[r]))
            else:
                for k in range(ROWS):
                    n = biotope[r] if k == r else here[k]
                    if n:
                        out.append((r, -1, k, P, False, n))
            for c, e in enumerate(rows[r]):
                kind, pol = _FEEDS[e[0]]
                for k in range(ROWS):
                    n = e[1 + k]
                    if n:
                        out.append((r, c, k, kind, pol, n))
        return out

    def _take_cube(self, p: int, row: int, col: int, k: int) -> None:
        if col < 0 and k == row:
            self.biotope[p][row] -= 1
        elif col < 0:
            self.foreign[p][row][k] -= 1
        else:
            self.rows[p][row][col][1 + k] -= 1

    def _put_cube(self, p: int, row: int, col: int, k: int) -> None:
        if col < 0 and k == row:
            self.biotope[p][row] += 1
        elif col < 0:
            self.foreign[p][row][k] += 1
        else:
            self.rows[p][row][col][1 + k] += 1

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
        used = self.uses[p][SPACES.index(space)]
        return used < 1 or used < self._space_limit(p, space)

    def _space_limit(self, p: int, space: str) -> int:
        """x2: "you may play the indicated action ... a second time during each cycle"."""
        if space in COLONIZATIONS and any(_DOUBLES.get(e[0]) == space
                                          for row in self.rows[p] for e in row):
            return 2
        return 1

    def territories(self, p: int) -> list[Hex]:
        return sorted(h for h, o in self.owner.items() if o == p)

    # -- why: ids, and what told events read and wrote (why.py) --------------------------

    def _identities(self) -> ident.Identities:
        """The ids of cubes and tokens now (told actions only): kept from the last told
        action, or numbered anew from the history (why.py)."""
        known: ident.Identities | None = self.__dict__.get("_identity")
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
            self._identity: ident.Identities = known
        return known

    def _draws(self) -> list[tuple[str, int]]:
        """The chance draws made since the last event that read one: what it came from."""
        ids = self._identity
        now = self.draws_so_far()
        keys = [chance_key(n) for n in range(ids.drawn, now)]
        ids.drawn = now
        return keys

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
        if emptied and not self._identity.count(src):
            writes.append(ident.emptied(emptied))
        return {"reads": [*reads, ident.key_of(src, k)], "writes": writes, "ids": ids}

    def _token_keys(self, *players: int) -> list[Any]:
        return [("territories", p) for p in players]

    # -- 1. Primary Production -------------------------------------------------------------

    def _primary_production(self, log: EventLog, cause: int | None = None) -> None:
        """RB 1. Primary Production: draw as many cubes as occupied territories, plus card
        bonuses, and put each on the Biotope card of its colour."""
        for p in self._clockwise(self.initiative):
            bonus = sum(card.effect.count for _, _, card in
                        self._has_effect(p, EffectKind.PRODUCTION))
            bonus += sum(c.effect.count for c in self._advanced(p, EffectKind.PRODUCTION))
            wanted = len(self.territories(p)) + bonus
            drawn = [0] * ROWS
            for _ in range(wanted):
                k = self._draw_from_bag(p)
                if k is None:
                    break
                drawn[k] += 1
                self.biotope[p][k] += 1
            if not log.record:
                continue
            got = sum(drawn)
            what = ", ".join(f"{n} {COLOURS[k]}" for k, n in enumerate(drawn) if n) or "none"
            ids = [c for k in range(ROWS) if drawn[k] for c in self._identity.move(
                ("bag", p), ("biotope", p, k), k, drawn[k])]
            log.emit("production", f"{SEAT_NAMES[p]} draws {got} cube(s) from the bag "
                     f"({what}) onto the Biotope cards"
                     + (f" (+{bonus} from cards)" if bonus else "")
                     + (f"; the bag held only {got}" if got < wanted else ""), cause=cause,
                     players=[p], nodes=[P.value],
                     cards=[self.bcards[p][k] for k in range(ROWS) if drawn[k]],
                     reads=[*self._draws(), ("bag", p), ("territories", p), ("ecosystem", p)],
                     writes=[("bag", p), *(("biotope", p, k) for k in range(ROWS) if drawn[k])],
                     ids=ids)

    def _draw_from_bag(self, p: int) -> int | None:
        """Glossary, Draw (from the bag): a cube at random — a chance draw among the colours
        in the bag, weighted by its cubes of each colour (D39); everyone sees it come out."""
        bag = self.bags[p]
        colours = [COLOURS[k] for k in range(ROWS) if bag[k]]
        if not colours:
            return None
        k = COLOUR_INDEX[self.chance(f"a cube from {SEAT_NAMES[p]}'s bag", colours,
                                     [n for n in bag if n], label=_cube_name)]
        bag[k] -= 1
        return k

    # -- 2. Action Phase: what is legal ----------------------------------------------------

    def _legal_actions(self) -> list[Action]:
        """Every action legal now: the phase's own (``PHASES``)."""
        return PHASES[self.phase].legal(self)

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
        return [PlaceTerritory(h) for h in self.placement_options(self.order[0])]

    def _draft_actions(self) -> list[Action]:
        return [ChooseBiotope(c) for c in self.draft_options()]

    def _action_options(self) -> list[Action]:
        """RB 2. Action Phase: the active player's actions, each allowed by its rule's
        predicate (``legal.py``)."""
        return legal.action_phase_options(self, self.active)

    def _task_options(self) -> list[Action]:
        """A decision in the middle of a resolution: the choices of the task waiting."""
        return self._decision_options(self.queue[0])

    def _no_actions(self) -> list[Action]:
        return []

    def _adjacent(self, hexes: Iterable[Hex]) -> list[Hex]:
        """The landscape hexes next to any of ``hexes``, sorted."""
        near: set[Hex] = set()
        for h in hexes:
            near.update(self.adj[h])
        return [h for h in self.adj if h in near]  # the landscape's hexes in sorted order

    @staticmethod
    def _pool(sources: list[tuple[int, int, int, CubeType, bool, int]]
              ) -> dict[frozenset[CubeType], int]:
        pool: dict[frozenset[CubeType], int] = {}
        for _, _, _, t, pol, n in sources:
            key = PAYS[t, pol]
            pool[key] = pool.get(key, 0) + n
        return pool

    # -- decisions ---------------------------------------------------------------------------

    def _decision_options(self, task: tasks.Task) -> list[Action]:
        """The choices of the task heading the queue (its handler's ``options``)."""
        return HANDLERS[type(task)].options(self, task)

    def _pay_choices(self, task: tasks.Pay) -> list[Action]:
        asked = self._asked
        if asked is not None and asked[0] is task:
            return list(asked[1])
        return self._pay_options(task)

    def _draw_choices(self, task: tasks.Draw | tasks.React) -> list[Action]:
        return list(self.draw_options())

    def _fallback_choices(self, task: tasks.Fallback) -> list[Action]:
        return [Fallback(h) for h in self._fallback_options(task)]

    def _move_choices(self, task: tasks.Move) -> list[Action]:
        return self._move_options(task.p)

    def _evo_discard_options(self, task: tasks.EvolutionDiscard) -> list[Action]:
        return [*(Discard(c) for c in sorted(self.hands[task.p])), Done()]

    def _discard_options(self, task: tasks.Discard) -> list[Action]:
        return [Discard(c) for c in sorted(self.hands[task.p])]

    def _no_choice(self, task: tasks.Task) -> list[Action]:
        """A task that never waits for anyone has no choices."""
        return []

    def _pay_options(self, task: tasks.Pay) -> list[Action]:
        p = task.p
        mode = task.mode
        sources = self._cube_sources(p)
        paid = task.paid
        out: list[Action] = []
        if mode == "diet":
            diet = [_TYPE_OF[t] for t in task.req]
            paid_opts = [frozenset(_TYPE_OF[x] for x in opts) for opts in paid]
            pool = self._pool(sources)
            payable: dict[frozenset[CubeType], bool] = {}  # alike for cubes that pay alike
            for r, c, k, t, pol, _ in sources:
                opts = PAYS[t, pol]
                ok = payable.get(opts)
                if ok is None:
                    pool[opts] -= 1
                    ok = payable[opts] = diet_payable(diet, [*paid_opts, opts], pool)
                    pool[opts] += 1
                if ok:
                    out.append(Pay(r, c, COLOURS[k]))
            return out
        allowed = {_TYPE_OF[t] for t in task.types}
        if mode == "evolution":
            used = {_TYPE_OF[opts[0]] for opts in paid}
            out = [Pay(r, c, COLOURS[k]) for r, c, k, t, _, _ in sources
                   if t not in used]
            if paid:
                out.append(Done())
            return out
        colour, src = task.colour, task.src
        return [Pay(r, c, COLOURS[k]) for r, c, k, t, _, _ in sources
                if t in allowed and (colour < 0 or k == colour)
                and (src is None or (r, c) == src)
                and (not task.species or c >= 0)]

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
            for r, c, k, t, _, _ in self._cube_sources(q):
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
        for r, c, k, _, _, _ in self._cube_sources(p):
            for tr, tc in targets:
                if (tr, tc) != (r, c):
                    out.append(Move(r, c, COLOURS[k], tr, tc))
        return out

    # -- playing -----------------------------------------------------------------------------

    def _play(self, action: Action, log: EventLog) -> None:
        if log.record:
            self._identities().drawn = 0
        PHASES[self.phase].play(self, action, log)
        if log.record:
            self._identity.upto = len(self._actions) + 1
            if any(t.c is not None for t in self.queue):
                self.queue = [replace(t, c=None) for t in self.queue]

    def _take_action(self, a: Action, log: EventLog) -> None:
        """RB 2. Action Phase: the action, then its resolution."""
        self._act(a, log)
        self._run(log)

    def _take_decision(self, a: Action, log: EventLog) -> None:
        """A choice of the task waiting, then the rest of the resolution."""
        self._decide(self.queue[0], a, log)
        self._run(log)

    def _act(self, a: Action, log: EventLog) -> None:
        """RB 2. Action Phase: the active player's one action (or passing)."""
        p = self.active
        name = SEAT_NAMES[p]
        if isinstance(a, Pass):
            self.passed[p] = True
            log.emit("pass", f"{name} passes until the next cycle", players=[p])
            self._next_turn(log)
            return
        cause = None
        if isinstance(a, Adapt):
            card = SPECIES[a.card]
            if log.record:
                cause = log.emit("adaptation", f"{name} plays Adaptation: {card.name} "
                                 f"({'+'.join(t.label for t in card.diet)})", players=[p],
                                 cards=[a.card], nodes=[card.type.value])
            self._push(tasks.Pay(p, "adaptation", "diet", "bag", req=_DIET_NAMES[a.card],
                                 card=a.card, c=cause))
        elif isinstance(a, UseCard):
            if log.record:
                card = SPECIES[self.rows[p][a.row][a.col][0]]
                cause = log.emit("card_action", f"{name} uses {card.name}'s Action "
                                 f"({card.effect.keyword})", players=[p], cards=[card.id])
            self._push(tasks.Pay(p, "card", "one", "bag", types=_COST_NAMES["card"],
                                 src=(a.row, a.col), at=(a.row, a.col), c=cause))
        else:
            space = SPACE_OF[type(a)]
            self.uses[p][SPACES.index(space)] += 1
            types = _COST_NAMES[space]
            if isinstance(a, (Expand, Compete, Migrate)):
                if log.record:
                    cause = log.emit(space, f"{name} plays {a.label()}", players=[p],
                                     hexes=[list(a.hex)])
                self._push(tasks.Pay(p, space, "one", space, types=types,
                                     colour=self.landscape[a.hex],
                                     species=space != "expansion", hex=a.hex,
                                     origin=a.origin if isinstance(a, Migrate) else None,
                                     c=cause))
            else:
                if log.record:
                    cause = log.emit(space, f"{name} plays {a.label()}", players=[p])
                self._push(tasks.Pay(p, space, "evolution" if space == "evolution" else "one",
                                     space, types=types, species=space == "reproduction",
                                     c=cause))
        self.queue.append(tasks.End(p))

    def _push(self, *queued: tasks.Task) -> None:
        """Put tasks at the front of the queue, in order."""
        self.queue[0:0] = queued

    def _run(self, log: EventLog) -> None:
        """Resolve tasks until one needs a person's choice, or none is left."""
        while self.queue:
            task = self.queue[0]
            if not HANDLERS[type(task)].auto(self, task, log):
                return

    def _decide(self, task: tasks.Task, a: Action, log: EventLog) -> None:
        HANDLERS[type(task)].decide(self, task, a, log)

    # -- paying costs ---------------------------------------------------------------------

    def _auto_pay(self, task: tasks.Pay, log: EventLog) -> bool:
        """Costs (The Actions): cubes move from the cards to the bag (Adaptation, card
        Actions: "recycle") or to the action's space on the Ecosystem board ("move")."""
        while True:
            mode = task.mode
            done = (len(task.paid) == len(task.req) if mode == "diet"
                    else len(task.paid) == (EVOLUTION_MAX_CUBES if mode == "evolution"
                                               else 1))
            if done:
                self.queue.pop(0)
                self._after_pay(task, log)
                return True
            options = self._pay_options(task)
            pays = [o for o in options if isinstance(o, Pay)]
            self._asked = (task, options)
            if mode == "evolution":
                if pays:
                    return False
                self.queue.pop(0)  # nothing left to pay with: the cost is what was paid
                self._after_pay(task, log)
                return True
            if not pays:
                raise AssertionError(f"a cost with no way to pay it: {task}")
            if mode == "one" and len(pays) > 1:
                return False
            if mode == "diet":
                left = len(task.req) - len(task.paid)
                total = sum(self._count_at(task.p, o.row, o.col, _colour(o.colour))
                            for o in pays)
                if total != left:
                    return False
                for o in pays:
                    for _ in range(self._count_at(task.p, o.row, o.col, _colour(o.colour))):
                        task = self._pay_one(task, o, log)
                continue
            task = self._pay_one(task, pays[0], log)

    def _count_at(self, p: int, row: int, col: int, k: int) -> int:
        if col < 0:
            return self.biotope[p][row] if k == row else self.foreign[p][row][k]
        return self.rows[p][row][col][1 + k]

    def _pay_one(self, task: tasks.Pay, o: Pay, log: EventLog) -> tasks.Pay:
        p = task.p
        k = _colour(o.colour)
        card_type, pol = (P, False) if o.col < 0 else _FEEDS[self.rows[p][o.row][o.col][0]]
        where = self._where(p, o.row, o.col) if log.record else ""
        card_id = self.card_at(p, o.row, o.col)
        src = self._place_of(p, o.row, o.col) if log.record else None
        self._take_cube(p, o.row, o.col, k)
        dest = task.dest
        if dest == "bag":
            self.bags[p][k] += 1
        else:
            self.spaces[p][SPACES.index(dest)][k] += 1
        if log.record:
            text = (f"{SEAT_NAMES[p]} recycles a {o.colour} {card_type.label} cube from "
                    f"{where} into the bag" if dest == "bag" else
                    f"{SEAT_NAMES[p]} moves a {o.colour} {card_type.label} cube from "
                    f"{where} to the {dest.capitalize()} space")
            assert src is not None
            log.emit("pay", text, cause=task.c, cards=[card_id], cubes=[o.colour],
                     nodes=[card_type.value], players=[p],
                     **self._cubes_moved(src, ("bag", p) if dest == "bag" else (
                         "space", p, SPACES.index(dest)), k, emptied=card_id))
        # What the cube may pay for: its type first, then Plants for a Pollinating card.
        opts = (card_type.value, P.value) if pol else (card_type.value,)
        new = replace(task, paid=(*task.paid, opts))
        self.queue[0] = new
        return new

    def _decide_pay(self, task: tasks.Pay, a: Action, log: EventLog) -> None:
        if isinstance(a, Done):
            self.queue.pop(0)
            self._after_pay(task, log)
        else:
            assert isinstance(a, Pay)
            self._pay_one(task, a, log)

    def _after_pay(self, task: tasks.Pay, log: EventLog) -> None:
        """The effect of the action whose cost is paid (The Actions)."""
        p, what, cause = task.p, task.what, task.c
        if what == "adaptation":
            self._adaptation(p, task.card, log, cause)
        elif what == "card":
            assert task.at is not None
            card = SPECIES[self.rows[p][task.at[0]][task.at[1]][0]]
            if card.effect.kind is EffectKind.ACTION_DRAW:
                self._push(tasks.Draw(p, card.effect.count, c=cause))
            else:
                self._push(tasks.Move(p, card.effect.count, c=cause))
        elif what == "reproduction":
            self._push(tasks.Reproduce(p, c=cause))
        elif what == "transfer":
            self._push(tasks.Transfer(p, c=cause))
        elif what == "evolution":
            self._push(tasks.EvolutionDiscard(p, len(task.paid), c=cause))
        else:
            assert task.hex is not None
            colonize = tasks.Colonize(p, what, task.hex, task.origin, c=cause)
            if what == "competition":
                o = self.owner[task.hex]
                chooser = p if o == NEUTRAL else o
                self._push(tasks.Fallback(chooser, o, task.hex, c=cause), colonize)
            else:
                self._push(colonize)

    # -- Adaptation -------------------------------------------------------------------------

    def _adaptation(self, p: int, card_id: str, log: EventLog, cause: int | None) -> None:
        """RB Adaptation: "play a Species card from your hand into your Ecosystem (to the right
        of the row dedicated to its biotope). Then take a cube of the color matching that
        card's biotope from the reserve and place it on the newly played Species card." A
        Predatory Species then preys; Reactions of every player follow."""
        card = SPECIES[card_id]
        self.hands[p].remove(card_id)
        row = self.rows[p][card.row]
        row.append([card_id, 0, 0, 0, 0])
        col = len(row) - 1
        played = log.emit("play", f"{card.name} enters {SEAT_NAMES[p]}'s "
                          f"{card.biotope.label} row", cause=cause, cards=[card_id],
                          nodes=[card.type.value], players=[p],
                          reads=[ident.place(card_id)],
                          writes=[ident.place(card_id), ("hand", p), ("ecosystem", p),
                                  ident.cubes(card_id)]) if log.record else None
        cubes = [(card.row, col)]
        if any(c.row == card.row for c in self._advanced(p, EffectKind.EXTRA_CUBE)):
            cubes.append((card.row, col))
        queued: list[tasks.Task] = [tasks.Breed(p, tuple(cubes), c=played)]
        if card.effect.kind is EffectKind.PREDATORY:
            queued.append(tasks.Prey(p, card_id, c=played))
        for q in self._clockwise(p):
            for r in range(ROWS):
                for c, e in enumerate(self.rows[q][r]):
                    if _KIND[e[0]] is not EffectKind.REACTION or (
                            q == p and (r, c) == (card.row, col)):
                        continue
                    eff = SPECIES[e[0]].effect
                    if (eff.trigger is Trigger.PLAYED and eff.type is card.type) or (
                            eff.trigger is Trigger.PREDATORY
                            and card.effect.kind is EffectKind.PREDATORY):
                        queued.append(tasks.React(q, e[0], card_id, c=played))
        self._push(*queued)

    def _auto_breed(self, task: tasks.Breed, log: EventLog) -> bool:
        """Place cubes on Species cards (Adaptation, Reproduction): from the reserve; "if the
        reserve is empty you may take a cube of the matching color from your bag"; never more
        than 4 on a card. The player orders the placements when it matters (RB FAQ)."""
        p = task.p
        cards = [x for x in task.cards
                 if _species_cubes(self.rows[p][x[0]][x[1]]) < SPECIES_CUBE_LIMIT]
        changed = True
        while changed:
            changed = False
            for k in range(ROWS):
                pending = [x for x in cards if x[0] == k]
                if not pending:
                    continue
                distinct = {x[1] for x in pending}
                if self.reserve[k] and (self.reserve[k] >= len(pending) or len(distinct) == 1):
                    x = pending[0]
                    cards.remove(x)
                    self._breed_cube(p, x[0], x[1], False, log, task.c)
                    cards = [y for y in cards if _species_cubes(
                        self.rows[p][y[0]][y[1]]) < SPECIES_CUBE_LIMIT]
                    changed = True
                elif not self.reserve[k] and not self.bags[p][k]:
                    cards = [y for y in cards if y[0] != k]
                    log.emit("no_cube", f"No {COLOURS[k]} cube is left in the reserve or in "
                             f"{SEAT_NAMES[p]}'s bag", cause=task.c,
                             cubes=[COLOURS[k]], reads=[("reserve", k), ("bag", p)])
                    changed = True
        if not cards:
            self.queue.pop(0)
            return True
        self.queue[0] = replace(task, cards=tuple(cards))
        return False

    def _breed_cube(self, p: int, row: int, col: int, from_bag: bool, log: EventLog,
                    cause: int | None) -> None:
        if from_bag:
            self.bags[p][row] -= 1
        else:
            self.reserve[row] -= 1
        self.rows[p][row][col][1 + row] += 1
        if log.record:
            card = SPECIES[self.rows[p][row][col][0]]
            log.emit("cube", f"A {COLOURS[row]} cube from the "
                     f"{'bag' if from_bag else 'reserve'} goes onto {SEAT_NAMES[p]}'s "
                     f"{card.name}", cause=cause, cards=[card.id], cubes=[COLOURS[row]],
                     nodes=[card.type.value], players=[p],
                     **self._cubes_moved(("bag", p) if from_bag else ident.RESERVE,
                                         ident.cubes(card.id), row,
                                         reads=[ident.cubes(card.id)]))

    def _decide_breed(self, task: tasks.Breed, a: Action, log: EventLog) -> None:
        p = task.p
        cards = list(task.cards)
        if isinstance(a, Decline):
            log.emit("decline", f"{SEAT_NAMES[p]} takes no cube from the bag",
                     cause=task.c, players=[p])
            self.queue.pop(0)
            return
        assert isinstance(a, Place)
        cards.remove((a.row, a.col))
        self._breed_cube(p, a.row, a.col, not self.reserve[a.row], log, task.c)
        self.queue[0] = replace(task, cards=tuple(cards))

    # -- Predatory Species --------------------------------------------------------------

    def _auto_prey(self, task: tasks.Prey, log: EventLog) -> bool:
        """Card Icons, Predatory Species: "recycle a cube from an opponent's card, of the type
        matching your card's diet, and place that cube in your bag. You may play your card
        even if there is no target." Solo: "take a cube of the color of your choice directly
        from the reserve"."""
        options = self._prey_options(task)
        if not options:
            log.emit("no_prey", f"{SPECIES[task.card].name} finds no prey",
                     cause=task.c, cards=[task.card])
            self.queue.pop(0)
            return True
        if len(options) == 1:
            self._decide_prey(task, options[0], log)
            return True
        return False

    def _decide_prey(self, task: tasks.Prey, a: Action, log: EventLog) -> None:
        p = task.p
        hunter = SPECIES[task.card]
        self.queue.pop(0)
        if isinstance(a, PreyOnReserve):
            k = _colour(a.colour)
            self.reserve[k] -= 1
            self.bags[p][k] += 1
            if log.record:
                log.emit("prey", f"{hunter.name} hunts: a {a.colour} cube goes from the "
                         f"reserve into {SEAT_NAMES[p]}'s bag", cause=task.c,
                         cards=[hunter.id], cubes=[a.colour], nodes=[hunter.type.value],
                         **self._cubes_moved(ident.RESERVE, ("bag", p), k))
            return
        assert isinstance(a, Prey)
        k = _colour(a.colour)
        prey_node = self._node(a.player, a.row, a.col)
        where = self._where(a.player, a.row, a.col)
        prey_card = self.card_at(a.player, a.row, a.col)
        self._take_cube(a.player, a.row, a.col, k)
        self.bags[p][k] += 1
        if log.record:
            src = self._place_of(a.player, a.row, a.col)
            log.emit("prey", f"{hunter.name} preys on a {a.colour} cube of {where}: it goes "
                     f"into {SEAT_NAMES[p]}'s bag", cause=task.c,
                     cards=[hunter.id, prey_card], cubes=[a.colour], players=[p, a.player],
                     nodes=[prey_node, hunter.type.value],
                     edges=[(prey_node, hunter.type.value)],
                     **self._cubes_moved(src, ("bag", p), k, emptied=prey_card))

    # -- Reactions ----------------------------------------------------------------------

    def _auto_react(self, task: tasks.React, log: EventLog) -> bool:
        """Species Cards, Reaction icon: "react to an action triggered by another card,
        including an opponent's card, outside your turn"; FAQ: "The action of a Reaction card
        triggers automatically when its activation conditions are met". It fires by itself;
        its owner is asked only what the card leaves open — which card to draw, which card
        takes the cube drawn from the bag — and only when there is more than one way (D19).
        A Reaction that could do nothing is skipped."""
        p = task.p
        card = SPECIES[task.card]
        reward = card.effect.reward
        if not task.fired:
            if (reward is Reward.CARD and not self.draw_options()) or (
                    reward is Reward.CUBE and not sum(self.bags[p])):
                log.emit("no_reaction", f"{card.name}'s Reaction has nothing to do",
                         cause=task.c, cards=[card.id], players=[p])
                self.queue.pop(0)
                return True
            played = SPECIES[task.played]
            cause = log.emit("reaction", f"{SEAT_NAMES[p]}'s {card.name} reacts to "
                             f"{played.name} ({card.effect.keyword})", cause=task.c,
                             cards=[card.id, played.id], players=[p],
                             nodes=[card.type.value, played.type.value])
            task = replace(task, fired=True, c=cause)
            if reward is Reward.CUBE:
                k = self._draw_from_bag(p)
                assert k is not None
                drew = log.emit("bag_draw", f"{SEAT_NAMES[p]} draws a {COLOURS[k]} cube "
                                "from the bag", cause=cause, cubes=[COLOURS[k]], players=[p],
                                **self._cubes_moved(("bag", p), ("drawn", p), k,
                                                    reads=self._draws())
                                ) if log.record else None
                task = replace(task, colour=k, c=drew)
            self.queue[0] = task
        options = self._react_options(task)
        if len(options) == 1:
            self._decide_react(task, options[0], log)
            return True
        return False

    def _react_options(self, task: tasks.React) -> list[Action]:
        if SPECIES[task.card].effect.reward is Reward.CARD:
            return list(self.draw_options())
        return self._cube_options(task)

    def _decide_react(self, task: tasks.React, a: Action, log: EventLog) -> None:
        if isinstance(a, Draw):
            self._draw_card(task.p, a, log, task.c)
        else:
            assert isinstance(a, Place)
            self._place_drawn_cube(task.p, task.colour, a, log, task.c)
        self.queue.pop(0)

    @staticmethod
    def _reward(p: int, reward: Reward | None, n: int, cause: int | None) -> tasks.Task:
        if reward is Reward.CARD:
            return tasks.Draw(p, n, c=cause)
        return tasks.Cube(p, c=cause)

    # -- drawing cards and cubes -------------------------------------------------------------

    def _auto_draw(self, task: tasks.Draw, log: EventLog) -> bool:
        """Draw a card: "from one or more rivers or from the top of the decks", one at a
        time (Evolution)."""
        if task.n <= 0:
            self.queue.pop(0)
            return True
        options = self.draw_options()
        if not options:
            log.emit("no_card", "No card is left to draw", cause=task.c)
            self.queue.pop(0)
            return True
        if len(options) == 1:
            self._decide_draw(task, options[0], log)
            return True
        return False

    def _decide_draw(self, task: tasks.Draw, a: Action, log: EventLog) -> None:
        assert isinstance(a, Draw)
        self._draw_card(task.p, a, log, task.c)
        self.queue[0] = replace(task, n=task.n - 1)

    def _draw_card(self, p: int, a: Draw, log: EventLog, cause: int | None) -> None:
        d = DECK_NAMES.index(a.deck)
        if a.slot < 0:
            card = self._take_from_deck(d, f"into {SEAT_NAMES[p]}'s hand", (p,))
            assert card is not None
        else:
            card = self.rivers[d].pop(a.slot)
            size = len(self.rivers[d])
            self._refill_river(d)
        self.hands[p].append(card)
        if log.record:
            where = f"the top of the {a.deck} deck" if a.slot < 0 else f"the {a.deck} river"
            refill = [self.rivers[d][0]] if a.slot >= 0 and len(self.rivers[d]) > size else []
            # a card drawn face down is named by no id (hidden), only its place is written
            log.emit("draw", f"{SEAT_NAMES[p]} draws "
                     f"{SPECIES[card].name if a.slot >= 0 else 'a card'} from {where}",
                     cause=cause, players=[p], cards=[card] if a.slot >= 0 else [],
                     reads=[*self._draws(), *([("river", d)] if a.slot >= 0 else [])],
                     writes=[("hand", p), ident.place(card), *(ident.place(c) for c in refill),
                             *([("river", d)] if a.slot >= 0 else [])],
                     ids=[ident.card(c) for c in refill])

    def _auto_cube(self, task: tasks.Cube, log: EventLog) -> bool:
        """Card Icons: "Draw a cube from your bag and place it on one of your cards. This card
        must be the same color as the cube." """
        p = task.p
        if task.colour < 0:
            k = self._draw_from_bag(p)
            if k is None:
                log.emit("no_cube", f"{SEAT_NAMES[p]}'s bag is empty", cause=task.c)
                self.queue.pop(0)
                return True
            cause = log.emit("bag_draw", f"{SEAT_NAMES[p]} draws a {COLOURS[k]} cube "
                             "from the bag", cause=task.c, cubes=[COLOURS[k]], players=[p],
                             **self._cubes_moved(("bag", p), ("drawn", p), k,
                                                 reads=self._draws())
                             ) if log.record else None
            task = replace(task, colour=k, c=cause)
            self.queue[0] = task
        options = self._cube_options(task)
        if len(options) == 1:
            self._decide_cube(task, options[0], log)
            return True
        return False

    def _decide_cube(self, task: tasks.Cube, a: Action, log: EventLog) -> None:
        assert isinstance(a, Place)
        self._place_drawn_cube(task.p, task.colour, a, log, task.c)
        self.queue.pop(0)

    def _place_drawn_cube(self, p: int, k: int, a: Place, log: EventLog,
                          cause: int | None) -> None:
        self._put_cube(p, a.row, a.col, k)
        if log.record:
            log.emit("cube", f"The {COLOURS[k]} cube goes onto "
                     f"{self._where(p, a.row, a.col)}", cause=cause,
                     cards=[self.card_at(p, a.row, a.col)], cubes=[COLOURS[k]],
                     nodes=[self._node(p, a.row, a.col)], players=[p],
                     **self._cubes_moved(("drawn", p), self._place_of(p, a.row, a.col), k))

    # -- Reproduction ------------------------------------------------------------------------

    def _auto_reproduce(self, task: tasks.Reproduce, log: EventLog) -> bool:
        """RB Reproduction: "place an extra cube from the reserve on every Species card of
        yours that already has two or three cubes on it (this cube is the same color as the
        card it is placed on)". Fecund cards take one more (D22)."""
        p = task.p
        cards = []
        for r in range(ROWS):
            for c, e in enumerate(self.rows[p][r]):
                if 2 <= _species_cubes(e) <= 3:
                    cards.append((r, c))
                    if SPECIES[e[0]].effect.kind is EffectKind.FECUND:
                        cards.append((r, c))
        if log.record:
            log.emit("reproduce", f"{len(set(cards))} Species card(s) of "
                     f"{SEAT_NAMES[p]} reproduce", cause=task.c, players=[p],
                     cards=[self.rows[p][r][c][0] for r, c in cards],
                     reads=[ident.cubes(self.rows[p][r][c][0]) for r, c in cards])
        self.queue[0] = tasks.Breed(p, tuple(cards), c=task.c)
        return True

    # -- Transfer --------------------------------------------------------------------------

    def _auto_transfer(self, task: tasks.Transfer, log: EventLog) -> bool:
        """RB Transfer: "take the cubes present on each Biotope card of your Ecosystem, and
        place one cube on each Species card of the same row, starting with the one furthest to
        the left. Then, if any cubes remain, place them back on their matching Biotope card."
        Cards with 4 cubes are skipped; r-selected cards take up to two (D23)."""
        p = task.p
        for r in range(ROWS):
            # the row's own colour leaves first, then cubes a Discreet Species brought (D37)
            order = [r, *(k for k in range(ROWS) if k != r)]
            taken = [k for k in order for _ in range(self._count_at(p, r, -1, k))]
            left = len(taken)
            given = []
            moved: list[int] = []
            for e in self.rows[p][r]:
                if not left:
                    break
                cap = 2 if SPECIES[e[0]].effect.kind is EffectKind.R_SELECTED else 1
                n = min(cap, left, SPECIES_CUBE_LIMIT - _species_cubes(e))
                for _ in range(max(0, n)):
                    k = taken[len(moved)]
                    self._take_cube(p, r, -1, k)
                    e[1 + k] += 1
                    moved.append(k)
                if n > 0:
                    left -= n
                    given.append((e[0], n))
            if taken and log.record:
                text = ", ".join(f"{n} on {SPECIES[c].name}" for c, n in given) or "none"
                log.emit("transfer", f"{BIOTOPES[r].label}: {len(moved)} cube(s) move from "
                         f"the Biotope card ({text}); {left} go back", cause=task.c,
                         players=[p], cards=[self.bcards[p][r], *(c for c, _ in given)],
                         cubes=[COLOURS[k] for k in moved],
                         edges=[(P.value, SPECIES[c].type.value) for c, _ in given],
                         **self._transferred(p, r, moved, given))
        self.queue.pop(0)
        return True

    def _transferred(self, p: int, r: int, moved: list[int],
                     given: list[tuple[str, int]]) -> dict[str, Any]:
        """What a row's Transfer read, wrote and named: its cubes, card by card."""
        src: ident.Place = ("biotope", p, r)
        ids: list[str] = []
        writes: list[Any] = [src]
        i = 0
        for card_id, n in given:
            for k in moved[i:i + n]:
                ids.extend(self._identity.move(src, ident.cubes(card_id), k))
            i += n
            writes.append(ident.cubes(card_id))
        if moved and not self._identity.count(src):
            writes.append(ident.emptied(self.bcards[p][r]))
        return {"reads": [src, *(ident.cubes(c) for c, _ in given)], "writes": writes,
                "ids": ids}

    # -- Evolution -------------------------------------------------------------------------

    def _auto_evo_discard(self, task: tasks.EvolutionDiscard, log: EventLog) -> bool:
        if not self.hands[task.p]:
            self._decide_evo_discard(task, Done(), log)
            return True
        return False

    def _decide_evo_discard(self, task: tasks.EvolutionDiscard, a: Action, log: EventLog) -> None:
        """RB Evolution: "discard as many cards as you wish ... draw as many new Species cards
        as the total number of cubes moved and cards discarded"."""
        p = task.p
        if isinstance(a, Discard):
            self.hands[p].remove(a.card)
            self._discard_card(a.card)
            log.emit("discard", f"{SEAT_NAMES[p]} discards {SPECIES[a.card].name}",
                     cause=task.c, cards=[a.card], players=[p],
                     writes=[("hand", p), ident.place(a.card)])
            self.queue[0] = replace(task, d=task.d + 1)
            return
        n = task.n + task.d
        cause = log.emit("evolution", f"{SEAT_NAMES[p]} draws {n} card(s) "
                         f"({task.n} cube(s), {task.d} discard(s))", cause=task.c,
                         players=[p])
        self.queue[0] = tasks.Draw(p, n, c=cause)

    # -- Expansion, Competition, Migration ---------------------------------------------

    def _auto_fallback(self, task: tasks.Fallback, log: EventLog) -> bool:
        """RB Competition: "The opponent must fall back their token to an empty, adjacent
        territory. If this is not possible, the token is returned to their Ecosystem board."
        Solo: "You choose ... If there is no space available, the token is simply removed
        from the game." """
        options = self._fallback_options(task)
        if len(options) == 1:
            self._decide_fallback(task, Fallback(options[0]), log)
            return True
        if options:
            return False
        h, o = task.hex, task.owner
        del self.owner[h]
        told: dict[str, Any] = {}
        if log.record:
            token = self._identity.return_token(o, h)
            told = {"reads": [ident.hex_key(h)], "ids": [token],
                    "writes": [ident.hex_key(h), ("territories", o),
                               *([gone_key(token)] if o == NEUTRAL else [])]}
        if o == NEUTRAL:
            self.neutral_removed += 1
            log.emit("removed", f"The neutral token on {_hex(h)} has nowhere to fall back: "
                     "it leaves the game", cause=task.c, hexes=[list(h)], **told)
        else:
            self.tokens[o] += 1
            log.emit("returned", f"{SEAT_NAMES[o]}'s token on {_hex(h)} has nowhere "
                     "to fall back: it returns to the Ecosystem board", cause=task.c,
                     hexes=[list(h)], players=[o], **told)
        self.queue.pop(0)
        return True

    def _decide_fallback(self, task: tasks.Fallback, a: Action, log: EventLog) -> None:
        assert isinstance(a, Fallback)
        h, o = task.hex, task.owner
        del self.owner[h]
        self.owner[a.hex] = o
        who = "The neutral token" if o == NEUTRAL else f"{SEAT_NAMES[o]}'s token"
        if log.record:
            log.emit("fallback", f"{who} falls back from {_hex(h)} to {_hex(a.hex)}",
                     cause=task.c, hexes=[list(h), list(a.hex)],
                     reads=[ident.hex_key(h)],
                     writes=[ident.hex_key(h), ident.hex_key(a.hex), ("territories", o)],
                     ids=[self._identity.move_token(h, a.hex)])
        self.queue.pop(0)

    def _auto_colonize(self, task: tasks.Colonize, log: EventLog) -> bool:
        """RB Expansion / Competition / Migration: the token, then "take a cube of the color
        of the colonized territory from the reserve and add it to your bag" (none when the
        reserve has none, D14); then the card effects that colonizing sets off."""
        p, how, h = task.p, task.how, task.hex
        k = self.landscape[h]
        name = SEAT_NAMES[p]
        if how == "migration":
            assert task.origin is not None
            cause = self.colonize_by_migration(p, task.origin, h, log, task.c)
        else:
            cause = self.colonize_with_token(p, h, log, task.c)
        if self.reserve[k]:
            self.reserve[k] -= 1
            self.bags[p][k] += 1
            if log.record:
                log.emit("bag", f"A {COLOURS[k]} cube goes from the reserve into {name}'s "
                         "bag", cause=cause, cubes=[COLOURS[k]], players=[p],
                         **self._cubes_moved(ident.RESERVE, ("bag", p), k))
        else:
            log.emit("no_cube", f"The reserve has no {COLOURS[k]} cube", cause=cause,
                     reads=[("reserve", k)])
        rewards = []
        for r in range(ROWS):
            for e in self.rows[p][r]:
                if _KIND[e[0]] is not EffectKind.COLONIZE:
                    continue
                eff = SPECIES[e[0]].effect
                if eff.kind is EffectKind.COLONIZE and (
                        (eff.action is not None and eff.action.value == how)
                        or (eff.biotope is not None and BIOTOPES.index(eff.biotope) == k)):
                    why = log.emit("effect", f"{SPECIES[e[0]].name} ({eff.keyword}) rewards "
                                   "the colonization", cause=cause, cards=[e[0]], players=[p])
                    rewards.append(self._reward(p, eff.reward, eff.count, why))
        for bc in self._advanced(p, EffectKind.COLONIZE):
            if bc.effect.biotope is not None and BIOTOPES.index(bc.effect.biotope) == k:
                why = log.emit("effect", f"{bc.habitat_name} ({bc.biotope.label}) rewards the "
                               "colonization", cause=cause, cards=[bc.id], players=[p])
                rewards.append(self._reward(p, bc.effect.reward, bc.effect.count, why))
        self.queue.pop(0)
        self._push(*rewards)
        return True

    def colonize_by_migration(self, p: int, origin: Hex, h: Hex, log: EventLog,
                              cause: int | None) -> int | None:
        """RB Migration: "move one of your Territory tokens to an empty territory" (paid
        for and checked by :meth:`can_migrate`); the event told, if any."""
        del self.owner[origin]
        self.owner[h] = p
        if not log.record:
            return None
        return log.emit("colonize", f"{SEAT_NAMES[p]}'s token migrates from {_hex(origin)} "
                        f"to the {BIOTOPES[self.landscape[h]].label} at {_hex(h)}",
                        cause=cause, hexes=[list(origin), list(h)], players=[p],
                        reads=[ident.hex_key(origin), ident.hex_key(h), ident.land(h)],
                        writes=[ident.hex_key(origin), ident.hex_key(h), ("territories", p)],
                        ids=[self._identity.move_token(origin, h)])

    def colonize_with_token(self, p: int, h: Hex, log: EventLog,
                            cause: int | None) -> int | None:
        """RB Expansion and Competition: "Take one of the tokens from your Ecosystem board and
        place it" on ``h`` (checked by :meth:`can_expand` / :meth:`can_compete`; a
        competed token has fallen back first); the event told, if any."""
        self.tokens[p] -= 1
        self.owner[h] = p
        if not log.record:
            return None
        return log.emit("colonize", f"{SEAT_NAMES[p]} colonizes the "
                        f"{BIOTOPES[self.landscape[h]].label} at {_hex(h)}", cause=cause,
                        hexes=[list(h)], players=[p], reads=[ident.hex_key(h), ident.land(h)],
                        writes=[ident.hex_key(h), ("territories", p)],
                        ids=[self._identity.place_token(p, h)])

    # -- Discreet Species ----------------------------------------------------------------

    def _auto_move(self, task: tasks.Move, log: EventLog) -> bool:
        """Card Icons, Discreet Species: "Move a cube from one of your cards to another card.
        This card may be located on a different row." (D21)"""
        if task.n <= 0:
            self.queue.pop(0)
            return True
        options = self._move_options(task.p)
        if not options:
            log.emit("no_move", "There is no cube to move", cause=task.c)
            self.queue.pop(0)
            return True
        if len(options) == 1:
            self._decide_move(task, options[0], log)
            return True
        return False

    def _decide_move(self, task: tasks.Move, a: Action, log: EventLog) -> None:
        assert isinstance(a, Move)
        p = task.p
        k = _colour(a.colour)
        src, dst = self._where(p, a.row, a.col), self._where(p, a.to_row, a.to_col)
        cards = [self.card_at(p, a.row, a.col), self.card_at(p, a.to_row, a.to_col)]
        self._take_cube(p, a.row, a.col, k)
        self._put_cube(p, a.to_row, a.to_col, k)
        if log.record:
            log.emit("move", f"A {a.colour} cube moves from {src} to {dst}",
                     cause=task.c, cards=cards, cubes=[a.colour], players=[p],
                     nodes=[self._node(p, a.row, a.col), self._node(p, a.to_row, a.to_col)],
                     **self._cubes_moved(self._place_of(p, a.row, a.col),
                                         self._place_of(p, a.to_row, a.to_col), k,
                                         emptied=cards[0]))
        self.queue[0] = replace(task, n=task.n - 1)

    # -- hand limit and the end of a turn ----------------------------------------------------

    def _auto_end(self, task: tasks.End, log: EventLog) -> bool:
        """RB Evolution: "At the end of each of your actions, if you have more than 5 cards in
        hand, you must discard until you have exactly 5 left": the acting player's own
        action (cards a Reaction drew during another player's action wait for the end of
        their owner's next action: D17). Then the next turn."""
        if len(self.hands[task.p]) > HAND_LIMIT:
            self._push(tasks.Discard(task.p, c=task.c))
            return True
        self.queue.pop(0)
        self._next_turn(log)
        return True

    def _auto_discard(self, task: tasks.Discard, log: EventLog) -> bool:
        if len(self.hands[task.p]) <= HAND_LIMIT:
            self.queue.pop(0)
            return True
        return False

    def _decide_discard(self, task: tasks.Discard, a: Action, log: EventLog) -> None:
        assert isinstance(a, Discard)
        p = task.p
        self.hands[p].remove(a.card)
        self._discard_card(a.card)
        log.emit("discard", f"{SEAT_NAMES[p]} discards {SPECIES[a.card].name} "
                 f"(hand limit {HAND_LIMIT})", cause=task.c, cards=[a.card], players=[p],
                 writes=[("hand", p), ident.place(a.card)])

    def _next_turn(self, log: EventLog) -> None:
        """RB 2. Action Phase: "Then it is the turn of the next person clockwise" — skipping
        those who passed; "Once everyone has passed their turn, the cycle ends"."""
        for i in range(1, self.players + 1):
            q = (self.active + i) % self.players
            if not self.passed[q]:
                self.active = q
                return
        self._end_of_cycle(log)

    # -- 3. End of Cycle -----------------------------------------------------------------

    def _end_of_cycle(self, log: EventLog) -> None:
        """RB 3. End of Cycle: recycle the Ecosystem boards' cubes into the bags, discard the
        rightmost card of each river and replace it, advance the Cycle token, pass the
        Initiative token; after the last cycle, the game ends."""
        telling = log.record
        cause = log.emit("cycle_end", f"Everyone has passed: cycle {self.cycle} ends")
        for p in range(self.players):
            back = [0] * ROWS
            for space in self.spaces[p]:
                for k in range(ROWS):
                    back[k] += space[k]
                    space[k] = 0
            for k in range(ROWS):
                self.bags[p][k] += back[k]
            self.uses[p] = [0] * len(SPACES)
            if telling and sum(back) != 0:
                spaces = [("space", p, i) for i in range(len(SPACES))]
                log.emit("recycle", f"{sum(back)} cube(s) on {SEAT_NAMES[p]}'s "
                         "Ecosystem board return to the bag", cause=cause, players=[p],
                         reads=spaces, writes=[*spaces, ("bag", p)],
                         ids=[c for where in spaces for k in range(ROWS) for c in
                              self._identity.move(where, ("bag", p), k,
                                                  len(self._identity.stack(where, k)))])
        if self.cycle >= self.cycles:
            self._end_of_game(log, cause)
            return
        rivers = [list(r) for r in self.rivers] if telling else []
        for d, name in enumerate(DECK_NAMES):
            if self.rivers[d]:
                gone = self.rivers[d].pop()
                self._discard_card(gone)
                if telling:
                    log.emit("river", f"{SPECIES[gone].name} leaves the {name} river",
                             cause=cause, cards=[gone],
                             writes=[("river", d), ident.place(gone)])
            self._refill_river(d)
        self.cycle += 1
        self.initiative = (self.initiative + 1) % self.players
        self.passed = [False] * self.players
        begins = log.emit("cycle", f"Cycle {self.cycle} begins; "
                          f"{SEAT_NAMES[self.initiative]} holds the Initiative token",
                          cause=cause, **self._refilled(rivers)) if telling else None
        self._primary_production(log, begins)
        self.active = self.initiative

    def _refilled(self, before: list[list[str]]) -> dict[str, Any]:
        """The cards the rivers took at the end of a cycle (told by the next cycle's
        start): read from the draws, written to the rivers."""
        new = [(d, river[0]) for d, river in enumerate(self.rivers)
               if len(river) > len(before[d]) - (1 if before[d] else 0)]
        return {"reads": self._draws(),
                "writes": [*sorted({("river", d) for d, _ in new}),
                           *(ident.place(c) for _, c in new)],
                "ids": [ident.card(c) for _, c in new]}

    # -- 4-5. End of Game and Scoring --------------------------------------------------

    def _end_of_game(self, log: EventLog, cause: int | None) -> None:
        """RB End of Game: "Before scoring, discard Species cards with no cubes and shift the
        remaining cards to the left"; then score."""
        for p in range(self.players):
            for r in range(ROWS):
                keep = []
                for e in self.rows[p][r]:
                    if _species_cubes(e):
                        keep.append(e)
                    else:
                        self._discard_card(e[0])
                        log.emit("dies_out", f"{SPECIES[e[0]].name} has no cube left in "
                                 f"{SEAT_NAMES[p]}'s Ecosystem: discarded",
                                 cause=cause, cards=[e[0]], players=[p],
                                 reads=[ident.cubes(e[0])],
                                 writes=[ident.place(e[0]), ("ecosystem", p),
                                         gone_key(ident.card(e[0]))])
                self.rows[p][r] = keep
        self.scores = [self.score(p) for p in range(self.players)]
        self.stage = "over"
        outcome = self.outcome
        if log.record:
            log.emit("end", f"The game is over: {outcome.reason if outcome else ''}",
                     cause=cause, reads=self._scored(),
                     writes=[OUTCOME, *(("won", w) for w in (outcome.winners
                                                             if outcome else ()))])

    def _scored(self) -> list[Any]:
        """What the final scoring reads of each Ecosystem: its territories, its cards and
        the cubes on them (Scoring)."""
        return [key for p in range(self.players)
                for key in (("territories", p), ("ecosystem", p),
                            *(ident.cubes(e[0]) for row in self.rows[p] for e in row))]

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
        from . import view  # view.py reads the engine: imported when an action is told

        return view.describe(self, action)

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
        twin.__dict__.pop("_identity", None)
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
    tasks.Pay: Handler(Biotopes._auto_pay, Biotopes._pay_choices, Biotopes._decide_pay),
    tasks.Breed: Handler(Biotopes._auto_breed, Biotopes._breed_options, Biotopes._decide_breed),
    tasks.Prey: Handler(Biotopes._auto_prey, Biotopes._prey_options, Biotopes._decide_prey),
    tasks.React: Handler(Biotopes._auto_react, Biotopes._react_options, Biotopes._decide_react),
    tasks.Draw: Handler(Biotopes._auto_draw, Biotopes._draw_choices, Biotopes._decide_draw),
    tasks.Cube: Handler(Biotopes._auto_cube, Biotopes._cube_options, Biotopes._decide_cube),
    tasks.Fallback: Handler(Biotopes._auto_fallback, Biotopes._fallback_choices,
                            Biotopes._decide_fallback),
    tasks.Move: Handler(Biotopes._auto_move, Biotopes._move_choices, Biotopes._decide_move),
    tasks.EvolutionDiscard: Handler(Biotopes._auto_evo_discard, Biotopes._evo_discard_options,
                                    Biotopes._decide_evo_discard),
    tasks.Discard: Handler(Biotopes._auto_discard, Biotopes._discard_options,
                           Biotopes._decide_discard),
    tasks.Reproduce: Handler(Biotopes._auto_reproduce, Biotopes._no_choice, _never),
    tasks.Transfer: Handler(Biotopes._auto_transfer, Biotopes._no_choice, _never),
    tasks.Colonize: Handler(Biotopes._auto_colonize, Biotopes._no_choice, _never),
    tasks.End: Handler(Biotopes._auto_end, Biotopes._no_choice, _never),
}
"""Each task class's handlers (``Biotopes._run`` and ``_decide`` dispatch through it)."""
