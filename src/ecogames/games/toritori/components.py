"""Tori-Tori: Endangered Species — the components, as data.

Everything the box holds and every number the rulebook prints, plus the project's decisions
where the rulebook is silent (the island's picture, the species printed on each sector, the
token split, the Ability map). Each decision and its reason is written in
``docs/rules/toritori.md``; the rulebook (``shared/rulebooks/tori-tori-endangered-species.txt``)
is the source of truth. No rules run here: only data, and small pure lookups computed once at
import.

>>> SPECIES[Species.FOX].diet
(<Species.GUINEA_PIG: 'guinea_pig'>, <Species.TORI_TORI: 'tori_tori'>)
>>> sectors_by_number(RULEBOOK_LAYOUT, square_of(RULEBOOK_LAYOUT, 5))
(3, 8, 10)
>>> sorted(a.value for a in ABILITIES_AT["W1"])
['animal_tracking', 'move', 'plant_native_tree', 'study']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from ecogames.core.palette import OKABE_ITO, Palette, Swatch

if TYPE_CHECKING:  # networkx is imported only inside the *_graph() functions
    import networkx as nx

# ---------------------------------------------------------------------------------------------
# Numbers printed in the rulebook
# ---------------------------------------------------------------------------------------------

PLAYER_COUNTS: Final = (2, 3, 4)
"""A cooperative game for 2 to 4 researchers (one Researcher pawn and Ability marker each)."""

ACTION_POINTS_PER_TURN: Final = 4
"""Course of Play, phase 2: "The active player spends his or her 4 Action points"."""

SECTOR_CAPACITY: Final = 3
"""Components: "There is room for 3 Species by sector". A pile (an animal with the tokens it
has eaten underneath) fills one space (docs/rules/toritori.md, D17)."""

SPECIES_TOKENS_TOTAL: Final = 57
"""Components: "57 Species tokens"."""

NUMBER_TOKENS: Final = 12
"""Game Setup 3: "Take the 12 Numbered tokens", one per common sector, dealt at random."""

SETUP_CATS: Final = 1
"""Game Setup 7: one Cat token, on the sector named by a random leftover Common sector card."""

INDUSTRY_TORI_TORI_MINIMUM: Final = 4
"""Game Objective a): "at least four Tori-tori on the Island board"."""

RESEARCHER_COLOURS: Final = ("red", "blue", "green", "yellow")
"""The four Researcher pawns / Ability markers; the colours are those of the rulebook's
examples (Bastian red, Blas blue, Matilde green, Inara yellow)."""


# ---------------------------------------------------------------------------------------------
# Species and tokens
# ---------------------------------------------------------------------------------------------


class Species(str, Enum):
    """The six species of the Species tokens."""

    TORI_TORI = "tori_tori"
    GUINEA_PIG = "guinea_pig"
    FOX = "fox"
    CAT = "cat"
    NATIVE_TREE = "native_tree"
    INVASIVE_BUSH = "invasive_bush"


class Origin(str, Enum):
    """Components: native species, and introduced ones ("tokens have a red outline")."""

    NATIVE = "native"
    INTRODUCED = "introduced"


class LifeForm(str, Enum):
    ANIMAL = "animal"
    PLANT = "plant"


class TrophicRole(str, Enum):
    """Ecology Concepts 2: producers, primary consumers, secondary consumers."""

    PRODUCER = "producer"
    PRIMARY_CONSUMER = "primary_consumer"
    SECONDARY_CONSUMER = "secondary_consumer"


class TokenKind(str, Enum):
    """The physical tokens. A Vegetation token is double-sided: Native Tree on one face and
    Invasive Bush on the other (an Invasive Bush "turns over a Native Tree token";
    Transforming Plants "turn[s] over a Vegetation token")."""

    VEGETATION = "vegetation"
    TORI_TORI = "tori_tori"
    GUINEA_PIG = "guinea_pig"
    FOX = "fox"
    CAT = "cat"


@dataclass(frozen=True, slots=True)
class SpeciesInfo:
    """What the rulebook says about one species.

    ``activation_order`` is the number printed below the token (lowest activates first; the
    Native Tree has none). ``diet`` lists the food preferences, first preference first.
    ``breed_threshold`` is the number printed at the top of an animal token: how many tokens,
    of any species, it must have underneath to breed. ``dies_of_hunger`` is False only for
    Cats ("Cats are the only animals that do not die for lack of food").
    """

    species: Species
    name: str
    plural: str
    code: str
    origin: Origin
    life_form: LifeForm
    trophic_role: TrophicRole
    token: TokenKind
    activation_order: int | None
    diet: tuple[Species, ...]
    breed_threshold: int | None
    dies_of_hunger: bool

    @property
    def is_native(self) -> bool:
        return self.origin is Origin.NATIVE

    @property
    def is_animal(self) -> bool:
        return self.life_form is LifeForm.ANIMAL


_S = Species

SPECIES: Final[Mapping[Species, SpeciesInfo]] = MappingProxyType(
    {
        info.species: info
        for info in (
            SpeciesInfo(
                species=_S.INVASIVE_BUSH,
                name="Invasive Bush",
                plural="Invasive Bushes",
                code="IB",
                origin=Origin.INTRODUCED,
                life_form=LifeForm.PLANT,
                trophic_role=TrophicRole.PRODUCER,
                token=TokenKind.VEGETATION,
                activation_order=1,
                diet=(),
                breed_threshold=None,
                dies_of_hunger=False,
            ),
            SpeciesInfo(
                species=_S.CAT,
                name="Cat",
                plural="Cats",
                code="CT",
                origin=Origin.INTRODUCED,
                life_form=LifeForm.ANIMAL,
                trophic_role=TrophicRole.SECONDARY_CONSUMER,
                token=TokenKind.CAT,
                activation_order=2,
                diet=(_S.TORI_TORI, _S.GUINEA_PIG),
                breed_threshold=2,
                dies_of_hunger=False,
            ),
            SpeciesInfo(
                species=_S.GUINEA_PIG,
                name="Guinea pig",
                plural="Guinea pigs",
                code="GP",
                origin=Origin.NATIVE,
                life_form=LifeForm.ANIMAL,
                trophic_role=TrophicRole.PRIMARY_CONSUMER,
                token=TokenKind.GUINEA_PIG,
                activation_order=3,
                diet=(_S.NATIVE_TREE, _S.INVASIVE_BUSH),
                breed_threshold=1,
                dies_of_hunger=True,
            ),
            SpeciesInfo(
                species=_S.FOX,
                name="Fox",
                plural="Foxes",
                code="FX",
                origin=Origin.NATIVE,
                life_form=LifeForm.ANIMAL,
                trophic_role=TrophicRole.SECONDARY_CONSUMER,
                token=TokenKind.FOX,
                activation_order=4,
                diet=(_S.GUINEA_PIG, _S.TORI_TORI),
                breed_threshold=3,
                dies_of_hunger=True,
            ),
            SpeciesInfo(
                species=_S.TORI_TORI,
                name="Tori-tori",
                plural="Tori-toris",
                code="TT",
                origin=Origin.NATIVE,
                life_form=LifeForm.ANIMAL,
                trophic_role=TrophicRole.PRIMARY_CONSUMER,
                token=TokenKind.TORI_TORI,
                activation_order=5,
                diet=(_S.NATIVE_TREE, _S.INVASIVE_BUSH),
                breed_threshold=2,
                dies_of_hunger=True,
            ),
            SpeciesInfo(
                species=_S.NATIVE_TREE,
                name="Native Tree",
                plural="Native Trees",
                code="NT",
                origin=Origin.NATIVE,
                life_form=LifeForm.PLANT,
                trophic_role=TrophicRole.PRODUCER,
                token=TokenKind.VEGETATION,
                activation_order=None,
                diet=(),
                breed_threshold=None,
                dies_of_hunger=False,
            ),
        )
    }
)
"""Species -> what the rulebook says of it (Components, the food table, Breeding, Dying)."""

ACTIVATION_ORDER: Final[tuple[Species, ...]] = tuple(
    sorted(
        (s for s, info in SPECIES.items() if info.activation_order is not None),
        key=lambda s: SPECIES[s].activation_order or 0,
    )
)
"""Common Sector Activation cards: Invasive Bush, Cat, Guinea pig, Fox, Tori-tori."""

ANIMALS: Final = tuple(s for s in Species if SPECIES[s].is_animal)
PLANTS: Final = tuple(s for s in Species if not SPECIES[s].is_animal)
NATIVE_SPECIES: Final = tuple(s for s in Species if SPECIES[s].is_native)
"""The species whose extinction loses the game: Tori-toris, Guinea pigs, Foxes, Native Trees."""
INTRODUCED_SPECIES: Final = tuple(s for s in Species if not SPECIES[s].is_native)
"""Cats and Invasive Bushes: none may remain for the Village to become sustainable."""

SPECIES_BY_CODE: Final[Mapping[str, Species]] = MappingProxyType(
    {info.code: s for s, info in SPECIES.items()}
)
"""Two-letter codes used in docs/rules/toritori-examples.md (TT, GP, FX, CT, NT, IB)."""

FOOD_WEB_EDGES: Final[tuple[tuple[Species, Species, int], ...]] = tuple(
    (food, eater, rank)
    for eater, info in SPECIES.items()
    for rank, food in enumerate(info.diet, start=1)
)
"""(food, eater, preference rank) for every diet link; edges point food -> eater."""

TOKEN_FACES: Final[Mapping[TokenKind, tuple[Species, ...]]] = MappingProxyType(
    {kind: tuple(s for s in Species if SPECIES[s].token is kind) for kind in TokenKind}
)

TOKEN_SUPPLY: Final[Mapping[TokenKind, int]] = MappingProxyType(
    {
        TokenKind.VEGETATION: 24,
        TokenKind.TORI_TORI: 9,
        TokenKind.GUINEA_PIG: 10,
        TokenKind.FOX: 6,
        TokenKind.CAT: 8,
    }
)
"""Decision (the box's split is not published): 57 tokens in all. 16 Vegetation tokens and
25 tokens in all go onto the island at set-up (docs/rules/toritori.md, D8)."""


# ---------------------------------------------------------------------------------------------
# The island: a 4 x 4 grid of squares (decision; the rulebook's picture is not published)
# ---------------------------------------------------------------------------------------------

Pos = tuple[int, int]
"""A square of the island as (row, col), row 0 at the top, col 0 at the left."""


class SquareKind(str, Enum):
    SEA = "sea"
    VILLAGE = "village"
    INDUSTRY = "industry"
    COMMON = "common"


class Settlement(str, Enum):
    """The two Human Settlements (special sectors); no species may be in them."""

    VILLAGE = "village"
    INDUSTRY = "industry"


class TileSide(str, Enum):
    """Human Settlement tiles start Non-sustainable side up (Game Setup 2)."""

    NON_SUSTAINABLE = "non_sustainable"
    SUSTAINABLE = "sustainable"


_PICTURE: Final = (
    "~ ~ V .",
    ". . . .",
    ". . . I",
    ". . . .",
)
_KIND_OF_MARK: Final = {
    "~": SquareKind.SEA,
    "V": SquareKind.VILLAGE,
    "I": SquareKind.INDUSTRY,
    ".": SquareKind.COMMON,
}

SQUARE_KINDS: Final[Mapping[Pos, SquareKind]] = MappingProxyType(
    {
        (row, col): _KIND_OF_MARK[mark]
        for row, line in enumerate(_PICTURE)
        for col, mark in enumerate(line.split())
    }
)
GRID_ROWS: Final = len(_PICTURE)
GRID_COLS: Final = len(_PICTURE[0].split())

COMMON_SQUARES: Final[tuple[Pos, ...]] = tuple(
    p for p, k in SQUARE_KINDS.items() if k is SquareKind.COMMON
)
"""The twelve common sectors, row by row."""
SEA_SQUARES: Final[tuple[Pos, ...]] = tuple(
    p for p, k in SQUARE_KINDS.items() if k is SquareKind.SEA
)
SETTLEMENT_SQUARES: Final[Mapping[Settlement, Pos]] = MappingProxyType(
    {
        settlement: next(p for p, k in SQUARE_KINDS.items() if k.value == settlement.value)
        for settlement in Settlement
    }
)
VILLAGE_SQUARE: Final = SETTLEMENT_SQUARES[Settlement.VILLAGE]
INDUSTRY_SQUARE: Final = SETTLEMENT_SQUARES[Settlement.INDUSTRY]
SECTOR_SQUARES: Final[tuple[Pos, ...]] = tuple(
    p for p, k in SQUARE_KINDS.items() if k is not SquareKind.SEA
)
"""The 14 sectors (12 common + Village + Industry): where Researcher pawns may stand."""

_ORTHOGONAL_STEPS: Final = ((-1, 0), (0, -1), (0, 1), (1, 0))
_DIAGONAL_STEPS: Final = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def _neighbours(steps: tuple[tuple[int, int], ...]) -> Mapping[Pos, tuple[Pos, ...]]:
    return MappingProxyType(
        {
            (r, c): tuple(
                (r + dr, c + dc) for dr, dc in steps if (r + dr, c + dc) in SECTOR_SQUARES
            )
            for r, c in SECTOR_SQUARES
        }
    )


ORTHOGONAL_NEIGHBOURS: Final = _neighbours(_ORTHOGONAL_STEPS)
"""Sector -> orthogonally adjacent sectors (sea squares are not sectors)."""
DIAGONAL_NEIGHBOURS: Final = _neighbours(_DIAGONAL_STEPS)
"""Sector -> diagonally adjacent sectors (Bicycle, Motorcycle)."""
SURROUNDING_NEIGHBOURS: Final = _neighbours(_ORTHOGONAL_STEPS + _DIAGONAL_STEPS)
"""Sector -> sectors around it orthogonally and diagonally (the Industry's disaster)."""


# ---------------------------------------------------------------------------------------------
# Set-up: printed species and the named numbering
# ---------------------------------------------------------------------------------------------

PRINTED_SPECIES: Final[Mapping[Pos, Species]] = MappingProxyType(
    {
        (0, 3): _S.GUINEA_PIG,
        (1, 0): _S.TORI_TORI,
        (1, 1): _S.INVASIVE_BUSH,
        (1, 2): _S.GUINEA_PIG,
        (1, 3): _S.NATIVE_TREE,
        (2, 0): _S.TORI_TORI,
        (2, 1): _S.INVASIVE_BUSH,
        (2, 2): _S.FOX,
        (3, 0): _S.INVASIVE_BUSH,
        (3, 1): _S.TORI_TORI,
        (3, 2): _S.GUINEA_PIG,
        (3, 3): _S.FOX,
    }
)
"""Decision: the species printed on each common square (Game Setup 5 puts that species and a
Native Tree in every common sector, leaving one space empty). 3 Tori-toris, 3 Guinea pigs,
2 Foxes, 3 Invasive Bushes and 1 Native Tree (docs/rules/toritori.md, D6)."""

RULEBOOK_LAYOUT: Final[Mapping[Pos, int]] = MappingProxyType(
    {
        (0, 3): 1,
        (1, 0): 2,
        (1, 1): 9,
        (1, 2): 4,
        (1, 3): 7,
        (2, 0): 12,
        (2, 1): 11,
        (2, 2): 10,
        (3, 0): 6,
        (3, 1): 8,
        (3, 2): 5,
        (3, 3): 3,
    }
)
"""The numbering on which all the rulebook's worked examples happen (shared reference)::

     ~~  ~~  VI   1
      2   9   4   7
     12  11  10  IN
      6   8   5   3
"""

NAMED_LAYOUTS: Final[Mapping[str, Mapping[Pos, int]]] = MappingProxyType(
    {"rulebook": RULEBOOK_LAYOUT}
)
"""Fixed numberings by name; a normal game deals the 12 numbers at random instead."""


def square_of(numbering: Mapping[Pos, int], number: int) -> Pos:
    """The square that carries ``number`` in ``numbering``."""
    for pos, n in numbering.items():
        if n == number:
            return pos
    raise KeyError(f"no common sector is numbered {number!r}")


def sectors_by_number(
    numbering: Mapping[Pos, int], square: Pos, *, diagonal: bool = False
) -> tuple[int, ...]:
    """Numbers of the common sectors adjacent to ``square``, lowest number first.

    Orthogonal neighbours only, unless ``diagonal`` (then also the diagonal ones: the
    Industry's five surrounding sectors). Settlements and sea are never listed.
    """
    around = SURROUNDING_NEIGHBOURS if diagonal else ORTHOGONAL_NEIGHBOURS
    return tuple(sorted(numbering[p] for p in around[square] if p in numbering))


# ---------------------------------------------------------------------------------------------
# Activation cards and dice
# ---------------------------------------------------------------------------------------------


class CardKind(str, Enum):
    COMMON = "common"
    SETTLEMENT = "settlement"
    SPECIES = "species"


@dataclass(frozen=True, slots=True)
class ActivationCard:
    """One of the 18 Activation cards. Exactly one of sector/settlement/species is set."""

    id: str
    name: str
    kind: CardKind
    sector: int | None = None
    settlement: Settlement | None = None
    species: Species | None = None


ACTIVATION_CARDS: Final[tuple[ActivationCard, ...]] = (
    *(
        ActivationCard(f"sector_{n}", f"Sector {n}", CardKind.COMMON, sector=n)
        for n in range(1, NUMBER_TOKENS + 1)
    ),
    ActivationCard("village", "Village", CardKind.SETTLEMENT, settlement=Settlement.VILLAGE),
    ActivationCard("industry", "Industry", CardKind.SETTLEMENT, settlement=Settlement.INDUSTRY),
    ActivationCard("cats", "Cats", CardKind.SPECIES, species=_S.CAT),
    ActivationCard("foxes", "Foxes", CardKind.SPECIES, species=_S.FOX),
    ActivationCard("guinea_pigs", "Guinea pigs", CardKind.SPECIES, species=_S.GUINEA_PIG),
    ActivationCard("tori_toris", "Tori-toris", CardKind.SPECIES, species=_S.TORI_TORI),
)
CARDS_BY_ID: Final[Mapping[str, ActivationCard]] = MappingProxyType(
    {card.id: card for card in ACTIVATION_CARDS}
)
COMMON_CARD_IDS: Final = tuple(c.id for c in ACTIVATION_CARDS if c.kind is CardKind.COMMON)

CARD_SLOTS: Final = ("A", "B", "C", "D", "E", "F")
"""The six card spaces at the left side of the Island board, one per die face."""


class Die(str, Enum):
    """The two letter dice, in the order their cards are solved: red first, then sky-blue."""

    RED = "red"
    SKY_BLUE = "sky_blue"


DIE_FACES: Final = CARD_SLOTS


# ---------------------------------------------------------------------------------------------
# Abilities
# ---------------------------------------------------------------------------------------------


class Ability(str, Enum):
    """The 16 abilities, in the order the rulebook's "Abilities" section lists them."""

    STUDY = "study"
    MOVE = "move"
    PLANT_NATIVE_TREE = "plant_native_tree"
    ANIMAL_TRACKING = "animal_tracking"
    BICYCLE = "bicycle"
    ADVANCED_BOTANY = "advanced_botany"
    VETERINARY = "veterinary"
    GARDENING = "gardening"
    PROTECT_ANIMAL = "protect_animal"
    MOVE_ANOTHER_PAWN = "move_another_pawn"
    ACTIVATE_ANIMALS = "activate_animals"
    SPECIALIZED_ANIMAL_TRACKING = "specialized_animal_tracking"
    ENVIRONMENTAL_REPORT = "environmental_report"
    MOTORCYCLE = "motorcycle"
    TRANSFORMING_PLANTS = "transforming_plants"
    ADVANCED_GARDENING = "advanced_gardening"


@dataclass(frozen=True, slots=True)
class AbilityInfo:
    """An ability: its name as the rulebook lists it, its cost in action points, the
    rulebook's own sentence, and other spellings the rulebook's examples use."""

    ability: Ability
    name: str
    cost: int
    rule: str
    aliases: tuple[str, ...] = ()


_A = Ability

ABILITIES: Final[Mapping[Ability, AbilityInfo]] = MappingProxyType(
    {
        info.ability: info
        for info in (
            AbilityInfo(
                ability=_A.STUDY,
                name="Study",
                cost=1,
                rule=(
                    "It allows you to advance your Ability marker one space on the Ability map."
                    " The new Ability is learned immediately and you can use it in the same turn"
                    " (as long as you have action points)."
                ),
                aliases=("Studying",),
            ),
            AbilityInfo(
                ability=_A.MOVE,
                name="Move",
                cost=1,
                rule=(
                    "It allows you to move your Researcher pawn on the Island board to any"
                    " orthogonally adjacent sector using an action point. [...] Researcher pawns"
                    " do not occupy space in the sectors."
                ),
            ),
            AbilityInfo(
                ability=_A.PLANT_NATIVE_TREE,
                name="Plant Native Tree",
                cost=1,
                rule=(
                    "It allows you to add a Native Tree token in the sector where your Researcher"
                    " pawn is located, using an action point. There must be space available in the"
                    " sector for the new token."
                ),
                aliases=("Plant",),
            ),
            AbilityInfo(
                ability=_A.ANIMAL_TRACKING,
                name="Animal Tracking",
                cost=1,
                rule=(
                    "It allows you to move an Animal token located in the same sector as your"
                    " Researcher pawn, to the adjacent sector with the lowest number and available"
                    " space, using an action point. In case there is no adjacent sector with"
                    " space available, this ability cannot be used."
                ),
            ),
            AbilityInfo(
                ability=_A.BICYCLE,
                name="Bicycle",
                cost=1,
                rule=(
                    "It allows you to move your Researcher pawn diagonally in the sectors of the"
                    " Island board using only one action point."
                ),
            ),
            AbilityInfo(
                ability=_A.ADVANCED_BOTANY,
                name="Advanced Botany",
                cost=1,
                rule=(
                    "It allows you to plant Native Trees in all the available spaces of the sector"
                    " where your Researcher pawn is located using only one action point."
                ),
            ),
            AbilityInfo(
                ability=_A.VETERINARY,
                name="Veterinary",
                cost=1,
                rule=(
                    "It allows you to remove a Cat token that is in the same sector as your"
                    " Researcher pawn, using an action point. Note: this ability is the only way"
                    " to remove Cats from the Island Board."
                ),
                aliases=("Veterinarian",),
            ),
            AbilityInfo(
                ability=_A.GARDENING,
                name="Gardening",
                cost=1,
                rule=(
                    "It allows you to remove a Vegetation token (Invasive Bush or Native Tree),"
                    " which is in the same sector as your Researcher pawn, using an action point."
                ),
            ),
            AbilityInfo(
                ability=_A.PROTECT_ANIMAL,
                name="Protect Animal",
                cost=1,
                rule=(
                    "It allows you to put your Researcher pawn over an Animal Species token that is"
                    " in the same sector as your Researcher pawn, using an action point. This"
                    " Animal Species token is under your protection until the second phase of"
                    " your next turn. When an animal is protected, it will not be activated nor"
                    " will it be eaten by their predators."
                ),
                aliases=("Protecting Animals",),
            ),
            AbilityInfo(
                ability=_A.MOVE_ANOTHER_PAWN,
                name="Move another pawn",
                cost=1,
                rule=(
                    "It allows you to move the Researcher pawn of other participants. You can move"
                    " others' pawns by using their own movement Abilities, but not yours."
                ),
                aliases=("Move another Pawn",),
            ),
            AbilityInfo(
                ability=_A.ACTIVATE_ANIMALS,
                name="Activate Animals",
                cost=1,
                rule=(
                    "It allows you to activate a Species token that is in the same sector as your"
                    " Researcher pawn using one action point. The species is activated by"
                    " following the rules [...] (Common Sector Activation cards)."
                ),
                aliases=("Activate Animal",),
            ),
            AbilityInfo(
                ability=_A.SPECIALIZED_ANIMAL_TRACKING,
                name="Specialized Animal Tracking",
                cost=1,
                rule=(
                    "It allows you to move an Animal Token that is in the same sector as your"
                    " Researcher pawn to an adjacent sector by choice, using an action point. If"
                    " there is no adjacent sector with space available, you cannot use this"
                    " Ability."
                ),
            ),
            AbilityInfo(
                ability=_A.ENVIRONMENTAL_REPORT,
                name="Environmental Report",
                cost=0,
                rule=(
                    "It is the ability that will allow you to turn the Industry Tile over."
                    " [...] For it to have effect there must be at least four Tori-tori on the"
                    " Island Board. This is the only ability that does not require an action"
                    " point to be used."
                ),
            ),
            AbilityInfo(
                ability=_A.MOTORCYCLE,
                name="Motorcycle",
                cost=1,
                rule=(
                    "It allows you to move your Researcher pawn up to two times with only one"
                    " action point. They can be orthogonal or diagonal movements or a combination"
                    " of both."
                ),
            ),
            AbilityInfo(
                ability=_A.TRANSFORMING_PLANTS,
                name="Transforming Plants",
                cost=1,
                rule=(
                    "It allows you to turn over a Vegetation token that is in the same sector as"
                    " your Researcher pawn, turning the Invasive Bush into Native Trees, using one"
                    " action point."
                ),
            ),
            AbilityInfo(
                ability=_A.ADVANCED_GARDENING,
                name="Advanced Gardening",
                cost=1,
                rule=(
                    "It allows the removal of up to three Vegetation tokens (Invasive Bush or"
                    " Native Tree) that are located in the same sector as your Researcher pawn,"
                    " using an action point."
                ),
            ),
        )
    }
)

BASIC_ABILITIES: Final = (_A.STUDY, _A.MOVE, _A.PLANT_NATIVE_TREE)
"""Abilities: "The three basic Abilities with which everyone starts the game"."""

MOVEMENT_ABILITIES: Final = (_A.MOVE, _A.BICYCLE, _A.MOTORCYCLE)
"""The pawn's own movement abilities, which Move another pawn borrows from the pawn's owner."""

ABILITY_BY_NAME: Final[Mapping[str, Ability]] = MappingProxyType(
    {
        name.casefold(): info.ability
        for info in ABILITIES.values()
        for name in (info.name, *info.aliases)
    }
)
"""Every spelling the rulebook uses, case-folded -> Ability."""


# ---------------------------------------------------------------------------------------------
# The Ability map (decision: its drawing is not published; see docs/rules/toritori.md)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MapSpace:
    """One space of the Ability map: the abilities it grants, the space it follows (None for
    the first space) and the branch it belongs to."""

    id: str
    grants: tuple[Ability, ...]
    parent: str | None
    branch: str


ABILITY_MAP: Final[tuple[MapSpace, ...]] = (
    # The trunk A..E: the difficulty table's start spaces. Only the basic abilities.
    MapSpace("A", BASIC_ABILITIES, None, "trunk"),
    MapSpace("B", (), "A", "trunk"),
    MapSpace("C", (), "B", "trunk"),
    MapSpace("D", (), "C", "trunk"),
    MapSpace("E", (), "D", "trunk"),
    # Botany & travel: plant, then get about fast, then the veterinary and the report.
    MapSpace("N1", (_A.ADVANCED_BOTANY,), "E", "botany"),
    MapSpace("N2", (_A.BICYCLE,), "N1", "botany"),
    MapSpace("N3", (_A.MOTORCYCLE,), "N2", "botany"),
    MapSpace("N4", (_A.SPECIALIZED_ANIMAL_TRACKING,), "N3", "botany"),
    MapSpace("N5", (_A.VETERINARY,), "N4", "botany"),
    MapSpace("N6", (_A.ENVIRONMENTAL_REPORT,), "N5", "botany"),
    # Wildlife: handle animals; forks at W3 (Gardening).
    MapSpace("W1", (_A.ANIMAL_TRACKING,), "E", "wildlife"),
    MapSpace("W2", (_A.PROTECT_ANIMAL,), "W1", "wildlife"),
    MapSpace("W3", (_A.GARDENING,), "W2", "wildlife"),
    MapSpace("W4", (_A.ACTIVATE_ANIMALS,), "W3", "wildlife"),
    MapSpace("W5", (_A.ENVIRONMENTAL_REPORT,), "W4", "wildlife"),
    # Restoration: the longer way from W3, clearing invasive plants and cats.
    MapSpace("G4", (_A.TRANSFORMING_PLANTS,), "W3", "restoration"),
    MapSpace("G5", (_A.ADVANCED_GARDENING,), "G4", "restoration"),
    MapSpace("G6", (_A.VETERINARY,), "G5", "restoration"),
    MapSpace("G7", (_A.ENVIRONMENTAL_REPORT,), "G6", "restoration"),
    # Community: teamwork, and the earliest Veterinary.
    MapSpace("S1", (_A.MOVE_ANOTHER_PAWN,), "E", "community"),
    MapSpace("S2", (_A.VETERINARY,), "S1", "community"),
    MapSpace("S3", (_A.GARDENING,), "S2", "community"),
    MapSpace("S4", (_A.BICYCLE,), "S3", "community"),
    MapSpace("S5", (_A.ENVIRONMENTAL_REPORT,), "S4", "community"),
)
"""A tree rooted at A. Study moves a marker one space along an edge (the player picks the
branch at a fork); a marker holds every ability granted on the path from A to its space.
The trunk A..E holds only the basic abilities (docs/rules/toritori.md, D37, D38)."""

MAP_SPACES: Final[Mapping[str, MapSpace]] = MappingProxyType({s.id: s for s in ABILITY_MAP})
MAP_ROOT: Final = "A"
TRUNK: Final = ("A", "B", "C", "D", "E")
ABILITY_MAP_EDGES: Final[tuple[tuple[str, str], ...]] = tuple(
    (s.parent, s.id) for s in ABILITY_MAP if s.parent is not None
)
NEXT_SPACES: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {s.id: tuple(b for a, b in ABILITY_MAP_EDGES if a == s.id) for s in ABILITY_MAP}
)
"""Space -> the spaces one Study can reach from it (empty at the end of a branch)."""


def _path_from_root(space: str) -> tuple[str, ...]:
    path: list[str] = []
    current: str | None = space
    while current is not None:
        path.append(current)
        current = MAP_SPACES[current].parent
    return tuple(reversed(path))


MAP_PATHS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {s.id: _path_from_root(s.id) for s in ABILITY_MAP}
)
"""Space -> the spaces from A to it, inclusive (the only way a marker can have come)."""

ABILITIES_AT: Final[Mapping[str, frozenset[Ability]]] = MappingProxyType(
    {
        s.id: frozenset(a for step in MAP_PATHS[s.id] for a in MAP_SPACES[step].grants)
        for s in ABILITY_MAP
    }
)
"""Space -> every ability a marker standing there holds (abilities accumulate)."""

REPORT_SPACES: Final = tuple(s.id for s in ABILITY_MAP if _A.ENVIRONMENTAL_REPORT in s.grants)
VETERINARY_SPACES: Final = tuple(s.id for s in ABILITY_MAP if _A.VETERINARY in s.grants)
GARDENING_SPACES: Final = tuple(s.id for s in ABILITY_MAP if _A.GARDENING in s.grants)


def ability_map_graph() -> nx.DiGraph:
    """The Ability map as a networkx DiGraph: edges point the way Study moves a marker.

    Node attributes: ``grants`` and ``abilities`` (held there) as tuples of ability values,
    and ``branch``.
    """
    import networkx as nx

    graph: nx.DiGraph[Any] = nx.DiGraph(name="Tori-Tori Ability map")
    for space in ABILITY_MAP:
        graph.add_node(
            space.id,
            grants=tuple(a.value for a in space.grants),
            abilities=tuple(sorted(a.value for a in ABILITIES_AT[space.id])),
            branch=space.branch,
        )
    graph.add_edges_from(ABILITY_MAP_EDGES)
    return graph


PREFERENCE_LABEL: Final[Mapping[int, str]] = MappingProxyType({1: "1st choice", 2: "2nd choice"})


def food_web_graph() -> nx.DiGraph:
    """The food table as a DiGraph: edges point food -> eater (energy flow), with the
    attribute ``preference`` (1 or 2) and a ``label``; nodes are species ids with ``label``
    (the rulebook's name), ``origin`` (native / introduced), ``role`` (Ecology Concepts 2) and
    ``level`` (``nx.trophic_levels``: producers 1, herbivores 2, carnivores 3)."""
    import networkx as nx

    from ...core.graphs import trophic_levels

    web: nx.DiGraph[Any] = nx.DiGraph(name="Tori-Tori food web")
    for species, info in SPECIES.items():
        web.add_node(species.value, label=info.name, origin=info.origin.value,
                     role=info.trophic_role.value)
    for food, eater, rank in FOOD_WEB_EDGES:
        web.add_edge(food.value, eater.value, preference=rank, label=PREFERENCE_LABEL[rank])
    for node, level in trophic_levels(web).items():
        web.nodes[node]["level"] = float(level)
    return web


def island_graph(numbering: Mapping[Pos, int]) -> nx.Graph:
    """The island's 14 sectors under ``numbering`` (common square -> number): nodes are
    locations ("1".."12", "village", "industry") with ``kind``, ``sector`` (number or None),
    ``row``, ``col``; edges join neighbouring sectors, ``kind`` "orthogonal" or "diagonal"."""
    import networkx as nx

    def location(square: Pos) -> str:
        number = numbering.get(square)
        return str(number) if number is not None else SQUARE_KINDS[square].value

    graph: nx.Graph[Any] = nx.Graph(name="Tori-Tori island")
    for square in SECTOR_SQUARES:
        graph.add_node(location(square), kind=SQUARE_KINDS[square].value,
                       sector=numbering.get(square), row=square[0], col=square[1])
    for table, kind in ((ORTHOGONAL_NEIGHBOURS, "orthogonal"), (DIAGONAL_NEIGHBOURS, "diagonal")):
        for square, others in table.items():
            for other in others:
                graph.add_edge(location(square), location(other), kind=kind)
    return graph


# ---------------------------------------------------------------------------------------------
# Difficulty and the round track
# ---------------------------------------------------------------------------------------------


class Difficulty(str, Enum):
    BASIC = "basic"
    MEDIUM = "medium"
    EXPERT = "expert"


DIFFICULTY_START: Final[Mapping[tuple[int, Difficulty], str]] = MappingProxyType(
    {
        (players, level): space
        for players, row in ((2, "CBA"), (3, "DCB"), (4, "EDC"))
        for level, space in zip(Difficulty, row)
    }
)
"""Difficulty Levels: (players, level) -> the Ability-map space every marker starts on."""

ROUND_TRACK_SPACES: Final = 4
"""Decision: the track needs only the spaces a game can reach (the 4th loses 3-4 players)."""
ROUND_START_SPACE: Final = 1
"""Decision: the Round marker starts on the track's first space (Game Setup 4; D11)."""
DEFEAT_ROUND_SPACE: Final[Mapping[int, int]] = MappingProxyType({2: 3, 3: 4, 4: 4})
"""Players -> the space whose reaching ends the game in defeat ("the fourth space in games of
3 or 4 participants or the third space in games of 2 participants")."""


def _palette() -> Palette:
    o = OKABE_ITO
    species = {Species.NATIVE_TREE: (o["green"], "triangle", "NT"),
               Species.INVASIVE_BUSH: (o["yellow"], "triangle", "IB"),
               Species.GUINEA_PIG: (o["orange"], "circle", "GP"),
               Species.TORI_TORI: (o["sky"], "diamond", "TT"),
               Species.FOX: (o["pink"], "pentagon", "FX"),
               Species.CAT: (o["black"], "square", "CT")}
    pawns = {"red": o["vermillion"], "blue": o["blue"], "green": o["green"],
             "yellow": o["yellow"]}
    return Palette({
        "species": {s.value: Swatch(colour, shape, code, SPECIES[s].name)
                    for s, (colour, shape, code) in species.items()},
        "players": {name: Swatch(pawns[name], "pawn", name[0].upper(), f"{name} researcher")
                    for name in RESEARCHER_COLOURS},
    }, together=(("species", "players"),))


PALETTE: Final = _palette()
"""Each species' and Researcher pawn's colour, shape and code: the figures' and the
widget's (Okabe-Ito; the pawns' colours are those of the rulebook). Vermillion is left to
the outline of the introduced species (their physical tokens' red rim)."""
