"""Biotopes — the components, as data.

Everything the box holds and every number the rulebook prints
(``shared/rulebooks/biotopes.txt``, the source of truth), plus the project's decisions where
it is silent, each recorded with its reason in ``docs/rules/biotopes.md`` (``D1``...). The
long lists live in JSON files beside this module (``data/``) and are loaded into frozen
dataclasses and validated once, at import. No rules run here: only data and small pure
lookups.

>>> SPECIES["european_badger"].deck, SPECIES["european_badger"].vp
(<Deck.CARNIVORES: 'carnivores'>, 2)
>>> [t.value for t in SPECIES["crested_tit"].diet]
['plants', 'invertebrates']
>>> len(SPECIES), len(BIOTOPE_CARDS), len(BASIC_TILES), len(SPECIAL_TILES)
(88, 20, 10, 2)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from importlib import resources
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from ...core.palette import OKABE_ITO, Palette, Swatch

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    import networkx as nx

# ---------------------------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------------------------


class Biotope(str, Enum):
    """The four biotopes; each has one cube colour (Primary Production)."""

    MOUNTAINS = "mountains"
    FORESTS = "forests"
    GRASSLANDS = "grasslands"
    WETLANDS = "wetlands"

    @property
    def colour(self) -> str:
        return COLOURS[BIOTOPES.index(self)]

    @property
    def label(self) -> str:
        return self.value.capitalize()


BIOTOPES: Final = tuple(Biotope)
"""Row order of an Ecosystem, and the index of a colour: 0 gray, 1 green, 2 yellow, 3 blue."""

COLOURS: Final = ("gray", "green", "yellow", "blue")
"""Primary Production: "Gray: Mountains. Green: Forests. Yellow: Grasslands. Blue: Wetlands."
A cube's colour is an index into this tuple (and into BIOTOPES)."""

TILE_CODES: Final = {"Mo": Biotope.MOUNTAINS, "Fo": Biotope.FORESTS,
                     "Gr": Biotope.GRASSLANDS, "We": Biotope.WETLANDS}


class CubeType(str, Enum):
    """Glossary: "The cube types are: Plants, Invertebrates, Birds, Mammals, Reptiles &
    Amphibians." A cube's type is that of the card it lies on (Plants on Biotope cards)."""

    PLANTS = "plants"
    INVERTEBRATES = "invertebrates"
    REPTILES_AMPHIBIANS = "reptiles_amphibians"
    BIRDS = "birds"
    MAMMALS = "mammals"

    @property
    def label(self) -> str:
        return TYPE_LABELS[self]


TYPE_LABELS: Final = {
    CubeType.PLANTS: "Plants", CubeType.INVERTEBRATES: "Invertebrates",
    CubeType.REPTILES_AMPHIBIANS: "Reptiles & Amphibians", CubeType.BIRDS: "Birds",
    CubeType.MAMMALS: "Mammals",
}
TYPE_LETTERS: Final = {"P": CubeType.PLANTS, "I": CubeType.INVERTEBRATES,
                       "R": CubeType.REPTILES_AMPHIBIANS, "B": CubeType.BIRDS,
                       "M": CubeType.MAMMALS}
ANIMAL_TYPES: Final = (CubeType.INVERTEBRATES, CubeType.REPTILES_AMPHIBIANS, CubeType.BIRDS,
                       CubeType.MAMMALS)
"""Species Cards: "There are 4 types of Species"."""


class Deck(str, Enum):
    """Setup 3: three decks told apart by their backs: 0, 1 or 2 stars = the cards' VP."""

    HERBIVORES = "herbivores"
    INSECTIVORES = "insectivores"
    CARNIVORES = "carnivores"

    @property
    def vp(self) -> int:
        return DECKS.index(self)

    @property
    def label(self) -> str:
        return self.value.capitalize()


DECKS: Final = tuple(Deck)

DISTRIBUTION: Final[Mapping[CubeType, tuple[int, int, int]]] = MappingProxyType({
    CubeType.INVERTEBRATES: (16, 5, 1),
    CubeType.REPTILES_AMPHIBIANS: (0, 12, 7),
    CubeType.BIRDS: (9, 6, 9),
    CubeType.MAMMALS: (11, 5, 7),
})
"""The rulebook's last table, "Distribution of Species Across the 3 Decks": cards of each
type in the Herbivores, Insectivores and Carnivores decks."""

CARDS_PER_BIOTOPE: Final = {Deck.HERBIVORES: 9, Deck.INSECTIVORES: 7, Deck.CARNIVORES: 6}
"""shared/reference/biotopes.md: "Herbivores 36 (9 per biotope), Insectivores 28 (7 per
biotope), Carnivores 24 (6 per biotope)"."""


class Colonization(str, Enum):
    """Glossary, Colonize: "by means of an Expansion, Competition, or Migration action"."""

    EXPANSION = "expansion"
    COMPETITION = "competition"
    MIGRATION = "migration"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class BoardAction(str, Enum):
    """The seven actions of an Ecosystem board (The Actions)."""

    ADAPTATION = "adaptation"
    REPRODUCTION = "reproduction"
    TRANSFER = "transfer"
    EVOLUTION = "evolution"
    EXPANSION = "expansion"
    COMPETITION = "competition"
    MIGRATION = "migration"

    @property
    def label(self) -> str:
        return self.value.capitalize()


ONCE_PER_CYCLE: Final = tuple(a for a in BoardAction if a is not BoardAction.ADAPTATION)
"""The Actions: "Apart from the Adaptation action (which is not limited), you may only play
the actions on your Ecosystem board once per cycle"."""

EVOLUTION_MAX_CUBES: Final = 5
"""Evolution: "move 1 to 5 cubes of different types"."""

HAND_LIMIT: Final = 5
"""Evolution: "At the end of each of your actions, if you have more than 5 cards in hand,
you must discard until you have exactly 5 left"."""

SPECIES_CUBE_LIMIT: Final = 4
"""Reproduction: "Species cards can never hold more than 4 cubes." Biotope cards have no
limit (Game Aids, FAQ)."""

MIGRATION_RANGE: Final = 3
"""Migration: "an empty territory at a maximum distance of 3 hexagons"."""

FRAGMENTATION_PENALTY: Final = 3
"""Territory Fragmentation Penalty: "-3 VP per group of territories beyond the first"."""

BIODIVERSITY_STEP: Final = 2
"""Biodiversity Bonus: 2 VP for the 1st complete column, 4 for the 2nd, 6 for the 3rd..."""

ENV_POINTS: Final = (2, 2, 2, 1)
"""Environmental Conditions: 2 VP per territory of the 1st token's biotope, 2 per Species
card of the 2nd token's biotope, 2 per Species card of the 3rd token's type, 1 per cube on
Species cards of the 4th token's type."""


# ---------------------------------------------------------------------------------------------
# Box contents and set-up numbers
# ---------------------------------------------------------------------------------------------

MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 5
ECOSYSTEM_BOARDS: Final = 5
TERRITORY_TOKENS: Final = 12
"""Components: "60 Territory tokens (12 of each color)"."""
PLAYER_COLOURS: Final = ("purple", "orange", "red", "white", "black")
"""The Territory-token colours (the rulebook's examples show purple and orange; the other
three are a project decision, D2)."""
CUBES_PER_COLOUR: Final = 40
CUBES_TOTAL: Final = 160
BAGS: Final = 5
RESERVE_PER_COLOUR: Final = {1: 16, 2: 16, 3: 24, 4: 32, 5: 40}
"""Setup 2 (and Solo Mode 2: "a reserve of 16 cubes of each color, as for a 2-player
game")."""
STARTING_HAND: Final = 4
"""Setup 7: "4 cards of different colors from the Herbivores pile"."""
RIVER_SIZE: Final = 3
"""shared/reference/biotopes.md: "Each deck has a river of 3 face-up cards" (D8)."""
TILES_PER_PLAYER: Final = 2
SOLO_TILES: Final = 4
INITIAL_TERRITORIES: Final = 4
"""Setup 8: "you will have one token on each of the 4 biotopes"."""


class BoardSide(str, Enum):
    """The two-sided Environmental Conditions board (Setup 4)."""

    BUTTERFLY = "butterfly"
    ANT = "ant"

    @property
    def cycles(self) -> int:
        return 6 if self is BoardSide.BUTTERFLY else 5


@dataclass(frozen=True, slots=True)
class EnvToken:
    """An Environmental Condition token. Gray backs name a biotope, black backs a species
    type (D4): the 1st and 2nd spaces score biotopes, the 3rd and 4th types."""

    id: str
    back: str
    biotope: Biotope | None = None
    type: CubeType | None = None

    @property
    def label(self) -> str:
        return self.biotope.label if self.biotope else TYPE_LABELS[self.type]  # type: ignore[index]


ENV_TOKENS: Final = (
    *(EnvToken(b.value, "gray", biotope=b) for b in BIOTOPES),
    *(EnvToken(t.value, "black", type=t) for t in ANIMAL_TYPES),
)
"""Components: "8 Environmental Condition tokens"; Setup 5: "2 with a gray back and 2 with a
black back"."""
ENV_TOKEN_BY_ID: Final = MappingProxyType({t.id: t for t in ENV_TOKENS})

SOLO_RANKS: Final = ((120, "Red Fox"), (90, "Purple Heron"), (60, "Sand Lizard"),
                     (30, "Rose Chafer"), (0, "Plant"))
"""Solo Mode: "where to place your solo score on the food chain" (lowest score of each
rank). The names are ranks of a food chain, not Species cards (D3)."""


def solo_rank(score: int) -> str:
    """The Solo Mode rank of a score.

    >>> solo_rank(119), solo_rank(120), solo_rank(-3)
    ('Purple Heron', 'Red Fox', 'Plant')
    """
    for low, name in SOLO_RANKS:
        if score >= low:
            return name
    return SOLO_RANKS[-1][1]


# ---------------------------------------------------------------------------------------------
# Effects: a closed set of kinds, each implemented by the engine
# ---------------------------------------------------------------------------------------------


class EffectKind(str, Enum):
    """Every effect a Species or advanced Biotope card can have (Card Icons)."""

    ACTION_DRAW = "action_draw"
    """Action: recycle a cube from this card, draw ``count`` card(s) (Adaptive Genius)."""
    ACTION_MOVE = "action_move"
    """Action: recycle a cube from this card, move ``count`` cube(s) from one of your cards
    to another of your cards, possibly on another row, Biotope cards included (Discreet
    Species, D21)."""
    POLLINATING = "pollinating"
    """Cubes on this card may pay for Plants in a diet."""
    PRODUCTION = "production"
    """Primary Production: draw ``count`` extra cube(s) from your bag."""
    COLONIZE = "colonize"
    """When you colonize (by ``action``, or a territory of ``biotope``): ``reward``."""
    FECUND = "fecund"
    """Reproduction places one extra cube on this card."""
    R_SELECTED = "r_selected"
    """Transfer places up to two cubes on this card instead of one."""
    DOUBLE = "double"
    """x2: you may play ``action`` a second time each cycle."""
    PREDATORY = "predatory"
    """After playing this card, recycle an opponent's cube of a diet type into your bag."""
    DEFENSIVE = "defensive"
    """The cards of this card's row and column are protected from Predatory Species."""
    REACTION = "reaction"
    """When ``trigger`` happens (a card of ``type`` is played, or a Predatory Species card is
    played) by any player: ``reward`` for this card's owner."""
    END_BONUS = "end_bonus"
    """End of game: ``count`` VP per card of ``type``, per territory of ``biotope``, or per
    Species card in this row (``per``)."""
    PROTECT_ROW = "protect_row"
    """(Advanced Biotope) the cards of this row are protected from Predatory Species."""
    EXTRA_CUBE = "extra_cube"
    """(Advanced Biotope) a Species card played into this row receives one extra cube."""


class Reward(str, Enum):
    CARD = "card"
    """Card Icons, "Draw a card": from a river or the top of a deck."""
    CUBE = "cube"
    """Card Icons: "Draw a cube from your bag and place it on one of your cards. This card
    must be the same color as the cube."""


class Trigger(str, Enum):
    PLAYED = "played"
    PREDATORY = "predatory"


class BonusBasis(str, Enum):
    TYPE = "type"
    TERRITORIES = "territories"
    ROW = "row"


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect with its parameters. ``keyword`` is the name printed on the card."""

    kind: EffectKind
    keyword: str
    count: int = 1
    action: Colonization | None = None
    biotope: Biotope | None = None
    type: CubeType | None = None
    reward: Reward | None = None
    trigger: Trigger | None = None
    per: BonusBasis | None = None

    @property
    def icon(self) -> str | None:
        """Species Cards, "Action icon": ``"action"``, ``"reaction"`` or None."""
        if self.kind in (EffectKind.ACTION_DRAW, EffectKind.ACTION_MOVE):
            return "action"
        if self.kind is EffectKind.REACTION:
            return "reaction"
        return None

    @property
    def text(self) -> str:
        """The effect in words, as a card would print it."""
        k, n = self.kind, self.count
        reward = {Reward.CARD: "draw a card",
                  Reward.CUBE: "draw a cube from your bag and place it on one of your cards "
                               "of its colour", None: ""}[self.reward]
        if k is EffectKind.ACTION_DRAW:
            return f"Action: recycle a cube from this card and draw {_n(n, 'card')}."
        if k is EffectKind.ACTION_MOVE:
            return (f"Action: recycle a cube from this card, then move {_n(n, 'cube')} from "
                    "one of your cards to another of your cards (any row).")
        if k is EffectKind.POLLINATING:
            return "Cubes on this card may pay for Plants when you play a Species card."
        if k is EffectKind.PRODUCTION:
            return f"Primary Production: draw {'one' if n == 1 else n} extra " \
                   f"cube{'' if n == 1 else 's'} from your bag."
        if k is EffectKind.COLONIZE:
            what = f"by {self.action.label}" if self.action else \
                f"a {self.biotope.label if self.biotope else 'matching'} territory"
            return f"When you colonize {what}: {reward}."
        if k is EffectKind.FECUND:
            return "Reproduction places one extra cube on this card."
        if k is EffectKind.R_SELECTED:
            return "Transfer places up to two cubes on this card instead of one."
        if k is EffectKind.DOUBLE:
            return f"x2: you may play {self.action.label if self.action else ''} twice " \
                   "each cycle."
        if k is EffectKind.PREDATORY:
            return ("Predatory Species: after playing this card, recycle a cube of a type of "
                    "its diet from an opponent's card into your bag.")
        if k is EffectKind.DEFENSIVE:
            return ("Defensive Species: the cards of this row and this column are protected "
                    "from Predatory Species.")
        if k is EffectKind.REACTION:
            when = ("a Predatory Species card is played" if self.trigger is Trigger.PREDATORY
                    else f"an {self.type.label} card is played"
                    if self.type is CubeType.INVERTEBRATES
                    else f"a {self.type.label if self.type else ''} card is played")
            return f"Reaction: when {when} by any player, {reward}."
        if k is EffectKind.END_BONUS:
            if self.per is BonusBasis.TYPE:
                return f"End of game: {n} VP per {self.type.label if self.type else ''} " \
                       "card in your Ecosystem."
            if self.per is BonusBasis.TERRITORIES:
                return f"End of game: {n} VP per {self.biotope.label if self.biotope else ''}" \
                       " territory you control."
            return f"End of game: {n} VP per Species card in this row."
        if k is EffectKind.PROTECT_ROW:
            return "The cards of this row are protected from Predatory Species."
        return "A Species card played into this row receives one extra cube."


def _n(count: int, noun: str) -> str:
    return f"{'a' if count == 1 else count} {noun}{'' if count == 1 else 's'}"


_REQUIRED: Final[Mapping[EffectKind, frozenset[str]]] = MappingProxyType({
    EffectKind.COLONIZE: frozenset({"reward"}),
    EffectKind.DOUBLE: frozenset({"action"}),
    EffectKind.REACTION: frozenset({"trigger", "reward"}),
    EffectKind.END_BONUS: frozenset({"per"}),
})


def _effect(raw: Mapping[str, Any], where: str, row: Biotope | None = None) -> Effect:
    allowed = {"kind", "keyword", "count", "action", "biotope", "type", "reward", "trigger",
               "per"}
    if set(raw) - allowed:
        raise ValueError(f"{where}: unknown effect fields {sorted(set(raw) - allowed)}")
    kind = EffectKind(raw["kind"])
    biotope = raw.get("biotope")
    effect = Effect(
        kind=kind,
        keyword=str(raw["keyword"]),
        count=int(raw.get("count", 1)),
        action=Colonization(raw["action"]) if "action" in raw else None,
        biotope=(row if biotope == "self" else Biotope(biotope)) if biotope else None,
        type=CubeType(raw["type"]) if "type" in raw else None,
        reward=Reward(raw["reward"]) if "reward" in raw else None,
        trigger=Trigger(raw["trigger"]) if "trigger" in raw else None,
        per=BonusBasis(raw["per"]) if "per" in raw else None,
    )
    missing = [f for f in _REQUIRED.get(kind, ()) if getattr(effect, f) is None]
    if missing:
        raise ValueError(f"{where}: a {kind.value} effect needs {missing}")
    if kind is EffectKind.COLONIZE and (effect.action is None) == (effect.biotope is None):
        raise ValueError(f"{where}: a colonize effect names an action or a biotope, not both")
    if kind is EffectKind.REACTION and (effect.trigger is Trigger.PLAYED) != (
            effect.type is not None):
        raise ValueError(f"{where}: a 'played' reaction names the type played, only it")
    if kind is EffectKind.END_BONUS and (
            (effect.per is BonusBasis.TYPE and effect.type is None)
            or (effect.per is BonusBasis.TERRITORIES and effect.biotope is None)):
        raise ValueError(f"{where}: an end bonus per {effect.per} names what it counts")
    if effect.count < 1:
        raise ValueError(f"{where}: count must be at least 1")
    return effect


# ---------------------------------------------------------------------------------------------
# Species cards
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Species:
    """A Species card (Game Aids, Species Cards): biotope (its row and cube colour), type
    (the type of the cubes on it), diet (the cubes recycled to play it), effect, VP."""

    id: str
    name: str
    deck: Deck
    biotope: Biotope
    type: CubeType
    diet: tuple[CubeType, ...]
    effect: Effect
    aka: str = ""

    @property
    def vp(self) -> int:
        return self.deck.vp

    @property
    def row(self) -> int:
        return BIOTOPES.index(self.biotope)

    @property
    def colour(self) -> str:
        return self.biotope.colour


def _load_json(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath("data", name).read_text("utf-8"))


def _load_species() -> dict[str, Species]:
    data = _load_json("species.json")
    cards: dict[str, Species] = {}
    for deck in DECKS:
        for biotope_name, entries in data[deck.value].items():
            biotope = Biotope(biotope_name)
            for entry in entries:
                card_id, name, aka, letter, diet, effect = entry
                where = f"species {card_id!r}"
                if card_id in cards:
                    raise ValueError(f"{where} appears twice")
                cards[card_id] = Species(
                    id=card_id, name=name, deck=deck, biotope=biotope,
                    type=TYPE_LETTERS[letter], diet=tuple(TYPE_LETTERS[c] for c in diet),
                    effect=_effect(effect, where), aka=aka)
    return cards


SPECIES: Final[Mapping[str, Species]] = MappingProxyType(_load_species())
"""The 88 Species cards by id."""


def validate_species(cards: Mapping[str, Species]) -> None:
    """The checks the box must pass (run at import; the tests call it on altered lists)."""
    if len(cards) != 88:
        raise ValueError(f"88 Species cards, not {len(cards)}")
    for t, counts in DISTRIBUTION.items():
        for deck, expected in zip(DECKS, counts):
            got = sum(1 for c in cards.values() if c.deck is deck and c.type is t)
            if got != expected:
                raise ValueError(f"{deck.label} holds {got} {t.label} cards; the rulebook's "
                                 f"table says {expected}")
    for deck, per in CARDS_PER_BIOTOPE.items():
        for b in BIOTOPES:
            got = sum(1 for c in cards.values() if c.deck is deck and c.biotope is b)
            if got != per:
                raise ValueError(f"{deck.label} holds {got} {b.label} cards, not {per}")
    for c in cards.values():
        if c.type is CubeType.PLANTS:
            raise ValueError(f"{c.id}: a Species card has an animal type")
        if not c.diet or len(c.diet) > 4:
            raise ValueError(f"{c.id}: a diet of 1 to 4 cubes")
        if c.deck is Deck.HERBIVORES and c.diet != (CubeType.PLANTS, CubeType.PLANTS):
            raise ValueError(f"{c.id}: Herbivores cost two Plants cubes")
        if c.deck is not Deck.HERBIVORES and all(t is CubeType.PLANTS for t in c.diet):
            raise ValueError(f"{c.id}: only Herbivores live on Plants alone")
        if c.effect.kind in (EffectKind.PROTECT_ROW, EffectKind.EXTRA_CUBE) or (
                c.effect.kind is EffectKind.END_BONUS and c.effect.per is BonusBasis.ROW):
            raise ValueError(f"{c.id}: {c.effect.kind.value} is an advanced Biotope effect")


validate_species(SPECIES)

SPECIES_BY_DECK: Final = MappingProxyType({
    deck: tuple(sorted(c.id for c in SPECIES.values() if c.deck is deck)) for deck in DECKS})
"""The ids of each deck, sorted (the engine shuffles them with the game's generator)."""


# ---------------------------------------------------------------------------------------------
# Biotope cards
# ---------------------------------------------------------------------------------------------


class Habitat(str, Enum):
    """Game Aids, Biotope Cards: the advanced sides."""

    PRESERVED = "preserved"
    ADAPTED = "adapted"
    FAVORABLE = "favorable"
    ABUNDANT = "abundant"
    POPULOUS = "populous"


@dataclass(frozen=True, slots=True)
class BiotopeCard:
    """A two-sided Biotope card: the basic side only produces Plants cubes; the advanced side
    names a habitat with its own effect."""

    id: str
    biotope: Biotope
    habitat: Habitat
    habitat_name: str
    effect: Effect

    @property
    def row(self) -> int:
        return BIOTOPES.index(self.biotope)


def _load_biotope_cards() -> dict[str, BiotopeCard]:
    data = _load_json("biotope_cards.json")["habitats"]
    if set(data) != {h.value for h in Habitat}:
        raise ValueError("biotope_cards.json must describe the five habitats")
    cards = {}
    for b in BIOTOPES:
        for h in Habitat:
            card_id = f"{b.value}_{h.value}"
            cards[card_id] = BiotopeCard(card_id, b, h, data[h.value]["name"],
                                         _effect(data[h.value]["effect"], card_id, row=b))
    return cards


BIOTOPE_CARDS: Final[Mapping[str, BiotopeCard]] = MappingProxyType(_load_biotope_cards())
"""Components: "20 Biotope cards", five per biotope, one per habitat."""
BASIC_BIOTOPE_CARD: Final = MappingProxyType({
    b: tuple(c.id for c in BIOTOPE_CARDS.values() if c.biotope is b) for b in BIOTOPES})


# ---------------------------------------------------------------------------------------------
# Landscape tiles and the hex grid
# ---------------------------------------------------------------------------------------------

Hex = tuple[int, int]
"""Axial coordinates (q, r) of a pointy-top hex; r grows downwards."""

DIRECTIONS: Final = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
TILE_SHAPE: Final[tuple[Hex, ...]] = ((0, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1),
                                      (0, 1))
"""A tile's seven hexes around its centre, in the order of the data: rows of 2-3-2, each
left to right."""


_NEIGHBOURS: dict[Hex, tuple[Hex, ...]] = {}
"""The six neighbours of each hex asked for so far (the rules ask for the same few often)."""


def neighbours(h: Hex) -> tuple[Hex, ...]:
    found = _NEIGHBOURS.get(h)
    if found is None:
        q, r = h
        found = _NEIGHBOURS[h] = tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)
    return found


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(h: Hex, turns: int) -> Hex:
    """``h`` turned by ``turns`` sixths of a turn around the origin."""
    q, r = h
    for _ in range(turns % 6):
        q, r = -r, q + r
    return q, r


@dataclass(frozen=True, slots=True)
class Tile:
    """A Landscape tile: its id and its faces (side name -> the 7 biotopes in TILE_SHAPE
    order). Basic tiles are numbered A1-A10 on one side and B1-B10 on the other."""

    id: str
    sides: Mapping[str, tuple[Biotope, ...]]
    special: bool = False

    def face(self, side: str) -> str:
        return f"{side}{self.id}" if not self.special else f"{self.id}{side}"

    def hexes(self, side: str, rotation: int, centre: Hex) -> dict[Hex, Biotope]:
        """The tile's hexes on the landscape, turned by ``rotation`` sixths."""
        cq, cr = centre
        out = {}
        for offset, biotope in zip(TILE_SHAPE, self.sides[side]):
            q, r = rotate(offset, rotation)
            out[(cq + q, cr + r)] = biotope
        return out


def _load_tiles() -> tuple[dict[str, Tile], dict[str, Tile]]:
    data = _load_json("landscape.json")
    out: list[dict[str, Tile]] = []
    for group, special in (("basic", False), ("special", True)):
        tiles = {}
        for tile_id, sides in data[group].items():
            faces = {}
            for side, text in sides.items():
                codes = text.replace("/", " ").split()
                rows = [len(part.split()) for part in text.split("/")]
                if rows != [2, 3, 2]:
                    raise ValueError(f"tile {tile_id}{side}: rows of 2-3-2, got {rows}")
                faces[side] = tuple(TILE_CODES[c] for c in codes)
            if set(faces) != {"A", "B"}:
                raise ValueError(f"tile {tile_id} must have sides A and B")
            tiles[tile_id] = Tile(tile_id, MappingProxyType(faces), special)
        out.append(tiles)
    return out[0], out[1]


_BASIC, _SPECIAL = _load_tiles()
BASIC_TILES: Final[Mapping[str, Tile]] = MappingProxyType(_BASIC)
"""Components: "10 basic Landscape tiles", double-sided."""
SPECIAL_TILES: Final[Mapping[str, Tile]] = MappingProxyType(_SPECIAL)
"""Components: "2 special Landscape tiles" (faces: a project decision, D6)."""
TILES: Final[Mapping[str, Tile]] = MappingProxyType({**_BASIC, **_SPECIAL})

# Tile centres of the set-up configurations, on the lattice of tiles that fit edge to edge
# (generated by U and V: two tiles whose centres differ by U or V share three hex edges).
U: Final = (2, 1)
V: Final = (-1, 3)


def _lattice(points: tuple[tuple[int, int], ...]) -> tuple[Hex, ...]:
    return tuple((a * U[0] + b * V[0], a * U[1] + b * V[1]) for a, b in points)


def _band(n: int) -> tuple[Hex, ...]:
    top = (n + 1) // 2
    return _lattice(tuple((i, 0) for i in range(top)) + tuple((i, 1) for i in range(n - top)))


_RING = ((0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
CONFIGURATIONS: Final[Mapping[int, Mapping[str, tuple[Hex, ...]]]] = MappingProxyType({
    4: MappingProxyType({"band": _band(4), "line": _lattice(((0, 0), (1, 0), (2, 0), (3, 0)))}),
    6: MappingProxyType({"band": _band(6), "cluster": _lattice(_RING[:6])}),
    8: MappingProxyType({"band": _band(8), "cluster": _lattice((*_RING, (1, 1)))}),
    10: MappingProxyType({"band": _band(10),
                          "cluster": _lattice((*_RING, (1, 1), (-1, 2), (2, -1)))}),
})
"""Setup 6: "place them ... to form one of the configurations shown below" — the pictures are
not in the text; these are the project's (D5): tile centres by number of tiles. The first of
each is the default; Solo Mode uses the 4-tile "band" (a rhombus)."""


# ---------------------------------------------------------------------------------------------
# Networks of the components (networkx is imported when one is built)
# ---------------------------------------------------------------------------------------------


def food_web_graph(cards: Iterable[Species] | None = None) -> nx.DiGraph:
    """Species types and Plants linked by diets: an edge ``food -> eater`` for every type of
    a card's diet, weighted by the number of ``cards`` (default: all 88) with that link
    (``cards`` lists them). Birds eating Birds (a Peregrine Falcon) is a self-loop.

    Plants are the only producers ("All Biotope cards produce Plants-type cubes"); every
    other node is a type of the ``cards``, fed by Plants through them (issue 13 §5). A type
    no card is of has no node, and no link comes from it: its cubes exist only on its cards
    ("A cube's type depends on the card it is placed on"), so it feeds nothing now. A type
    left with no food that way (the cards it ate were discarded before scoring) is left out
    too, rather than drawn at trophic level 1 beside Plants."""
    import networkx as nx

    web: nx.DiGraph[Any] = nx.DiGraph()
    for t in CubeType:
        web.add_node(t.value, label=TYPE_LABELS[t], producer=t is CubeType.PLANTS)
    for card in SPECIES.values() if cards is None else cards:
        for food in sorted(set(card.diet), key=lambda t: t.value):
            a, b = food.value, card.type.value
            if web.has_edge(a, b):
                web[a][b]["weight"] += 1
                web[a][b]["cards"].append(card.id)
            else:
                web.add_edge(a, b, weight=1, cards=[card.id])
    # a type with no card has no link into it: it is not fed from Plants, and goes
    fed = {CubeType.PLANTS.value} | nx.descendants(web, CubeType.PLANTS.value)
    web.remove_nodes_from([n for n in list(web) if n not in fed])
    for _, _, data in web.edges(data=True):
        data["label"] = str(data["weight"])
    return web


def landscape_graph(landscape: Mapping[Hex, int], tile_of: Mapping[Hex, int],
                    tiles: Sequence[Sequence[Any]], owner: Mapping[Hex, int],
                    edges: Iterable[Hex]) -> nx.Graph:
    """A central landscape: one node per hex ``(q, r)`` with its ``biotope`` (``landscape``:
    hex -> index in BIOTOPES), ``owner`` (``owner.get``: None when empty), ``edge`` (in
    ``edges``), ``tile`` and ``side`` (of ``tiles[tile_of[hex]]``); an edge between adjacent
    hexes."""
    import networkx as nx

    at_edge = set(edges)
    g: nx.Graph[Any] = nx.Graph()
    for h, b in sorted(landscape.items()):
        tile = tiles[tile_of[h]]
        g.add_node(h, biotope=BIOTOPES[b].value, owner=owner.get(h), edge=h in at_edge,
                   tile=tile[0], side=tile[1])
    for h in landscape:
        for n in neighbours(h):
            if n in landscape:
                g.add_edge(h, n)
    return g


def _palette() -> Palette:
    o = OKABE_ITO
    types = {CubeType.PLANTS: (o["green"], "square", "P"),
             CubeType.INVERTEBRATES: (o["orange"], "triangle", "I"),
             CubeType.REPTILES_AMPHIBIANS: (o["vermillion"], "diamond", "R"),
             CubeType.BIRDS: (o["sky"], "triangle_down", "B"),
             CubeType.MAMMALS: (o["pink"], "circle", "M")}
    seats = {"purple": (o["pink"], "circle"), "orange": (o["orange"], "square"),
             "red": (o["vermillion"], "diamond"), "white": ("#FFFFFF", "triangle"),
             "black": (o["black"], "pentagon")}
    return Palette({
        "species": {kind.value: Swatch(colour, shape, code, TYPE_LABELS[kind])
                    for kind, (colour, shape, code) in types.items()},
        "players": {name: Swatch(colour, shape, "K" if name == "black" else name[0].upper(),
                                 name.capitalize())
                    for name, (colour, shape) in seats.items()},
    })


PALETTE: Final = _palette()
"""Each species type's and player colour's colour, shape and code: the figures' and the
widget's (Okabe-Ito; purple is drawn in its pink, white with a black outline)."""


NEUTRAL = -1
"""Owner of the Solo Mode's tokens "of a single color" at the centre of the landscape."""
ROWS = 4
SEAT_NAMES = tuple(colour.capitalize() for colour in PLAYER_COLOURS)
"""Each seat's name, its Territory-token colour (``Biotopes.player_names``)."""
SPACES = ("reproduction", "transfer", "evolution", "expansion", "competition", "migration")
"""The spaces (markers) of an Ecosystem board, one per once-per-cycle action."""
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
DECK_NAMES = tuple(d.value for d in DECKS)
