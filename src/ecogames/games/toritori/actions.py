"""Tori-Tori actions: small frozen values with a JSON form ``{"type": ..., fields}``.

Locations are strings: ``"1"``..``"12"`` for the common sectors, ``"village"`` and
``"industry"`` for the Human Settlements. Tokens are named by their stable integer id.
Each ``label()`` reads like the rulebook without the state; ``ToriTori.describe`` says more
("Plant a Native Tree in sector 5").
"""

from __future__ import annotations

from dataclasses import dataclass

from ecogames.core import Action

from .components import ABILITIES, MAP_SPACES, Ability


def place(location: str) -> str:
    """'5' -> 'sector 5'; 'village' -> 'the Village'."""
    known = _PLACES.get(location)
    if known is not None:
        return known
    if location.isdigit():
        return f"sector {location}"
    return f"the {location.capitalize()}"


def _space(space: str) -> str:
    known = _SPACES.get(space)
    if known is not None:
        return known
    info = MAP_SPACES.get(space)
    if info is None or not info.grants or len(info.grants) > 1:
        return space
    return f"{space} ({ABILITIES[info.grants[0]].name})"


_PLACES: dict[str, str] = {}
_PLACES.update({location: place(location)
                for location in (*map(str, range(1, 13)), "village", "industry")})
"""Every location of the island in words, made once (labels name them on every action)."""
_SPACES: dict[str, str] = {}
_SPACES.update({space: _space(space) for space in MAP_SPACES})
"""Every Ability-map space in words, made once."""


# -- Phase 1 ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll(Action):
    """Course of Play 1: roll the two letter dice and solve their Activation cards."""

    type = "roll"

    def label(self) -> str:
        return "Roll the two dice"


@dataclass(frozen=True)
class ChooseFirst(Action):
    """Common Sector Activation cards, Note: "If a sector with more than one token of the
    same species is activated, it is up to the team to choose which is activated first"."""

    type = "choose_first"
    token: int

    def label(self) -> str:
        return f"Token {self.token} is activated first"


@dataclass(frozen=True)
class ChooseFood(Action):
    """Which of several different food tokens of the same species an animal lies on
    (docs/rules/toritori.md, D23, D26): the rulebook leaves it to the team."""

    type = "choose_food"
    token: int

    def label(self) -> str:
        return f"Eat token {self.token}"


# -- Phase 2: the abilities ---------------------------------------------------------------------


@dataclass(frozen=True)
class Study(Action):
    type = "study"
    space: str

    def label(self) -> str:
        return f"Study: advance to {_space(self.space)}"


@dataclass(frozen=True)
class Move(Action):
    type = "move"
    to: str

    def label(self) -> str:
        return f"Move to {place(self.to)}"


@dataclass(frozen=True)
class Bicycle(Action):
    type = "bicycle"
    to: str

    def label(self) -> str:
        return f"Bicycle to {place(self.to)}"


@dataclass(frozen=True)
class Motorcycle(Action):
    type = "motorcycle"
    path: tuple[str, ...]

    def label(self) -> str:
        via = f" via {place(self.path[0])}" if len(self.path) > 1 else ""
        return f"Motorcycle to {place(self.path[-1])}{via}"


@dataclass(frozen=True)
class Plant(Action):
    type = "plant"

    def label(self) -> str:
        return "Plant a Native Tree"


@dataclass(frozen=True)
class AdvancedBotany(Action):
    type = "advanced_botany"

    def label(self) -> str:
        return "Advanced Botany: plant Native Trees in every free space"


@dataclass(frozen=True)
class AnimalTracking(Action):
    type = "animal_tracking"
    token: int

    def label(self) -> str:
        return f"Animal Tracking: move token {self.token}"


@dataclass(frozen=True)
class SpecializedTracking(Action):
    type = "specialized_tracking"
    token: int
    to: str

    def label(self) -> str:
        return f"Specialized Animal Tracking: move token {self.token} to {place(self.to)}"


@dataclass(frozen=True)
class Veterinary(Action):
    type = "veterinary"
    token: int

    def label(self) -> str:
        return f"Veterinary: remove Cat token {self.token}"


@dataclass(frozen=True)
class Gardening(Action):
    type = "gardening"
    token: int

    def label(self) -> str:
        return f"Gardening: remove Vegetation token {self.token}"


@dataclass(frozen=True)
class AdvancedGardening(Action):
    type = "advanced_gardening"
    tokens: tuple[int, ...]

    def label(self) -> str:
        return f"Advanced Gardening: remove Vegetation tokens {', '.join(map(str, self.tokens))}"


@dataclass(frozen=True)
class TransformPlant(Action):
    type = "transform_plant"
    token: int

    def label(self) -> str:
        return f"Transforming Plants: turn Invasive Bush {self.token} into a Native Tree"


@dataclass(frozen=True)
class Protect(Action):
    type = "protect"
    token: int

    def label(self) -> str:
        return f"Protect Animal: protect token {self.token}"


@dataclass(frozen=True)
class ActivateAnimal(Action):
    type = "activate_animal"
    token: int

    def label(self) -> str:
        return f"Activate Animals: activate token {self.token}"


@dataclass(frozen=True)
class MoveOther(Action):
    """Move another pawn: ``player``'s pawn moves by one of ``player``'s own movement
    abilities (``move``, ``bicycle`` or ``motorcycle``) along ``path``."""

    type = "move_other"
    player: int
    ability: str
    path: tuple[str, ...]

    def label(self) -> str:
        name = ABILITIES[Ability(self.ability)].name if self.ability in _MOVEMENT else self.ability
        return (f"Move another pawn: player {self.player + 1}'s pawn to "
                f"{place(self.path[-1]) if self.path else '?'} ({name})")


_MOVEMENT = {"move", "bicycle", "motorcycle"}

ACTION_TYPES: tuple[type[Action], ...] = (
    Roll, ChooseFirst, ChooseFood, Study, Move, Bicycle, Motorcycle, Plant, AdvancedBotany,
    AnimalTracking, SpecializedTracking, Veterinary, Gardening, AdvancedGardening,
    TransformPlant, Protect, ActivateAnimal, MoveOther,
)

ABILITY_OF_ACTION: dict[type[Action], Ability] = {
    Study: Ability.STUDY,
    Move: Ability.MOVE,
    Bicycle: Ability.BICYCLE,
    Motorcycle: Ability.MOTORCYCLE,
    Plant: Ability.PLANT_NATIVE_TREE,
    AdvancedBotany: Ability.ADVANCED_BOTANY,
    AnimalTracking: Ability.ANIMAL_TRACKING,
    SpecializedTracking: Ability.SPECIALIZED_ANIMAL_TRACKING,
    Veterinary: Ability.VETERINARY,
    Gardening: Ability.GARDENING,
    AdvancedGardening: Ability.ADVANCED_GARDENING,
    TransformPlant: Ability.TRANSFORMING_PLANTS,
    Protect: Ability.PROTECT_ANIMAL,
    ActivateAnimal: Ability.ACTIVATE_ANIMALS,
    MoveOther: Ability.MOVE_ANOTHER_PAWN,
}
"""The ability each phase-2 action uses (one action point each)."""
