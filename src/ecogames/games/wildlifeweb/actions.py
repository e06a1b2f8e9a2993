"""Wildlife Web actions: small frozen values with a JSON form ``{"type": ..., fields}``.

Cards are named by their ids (``components.ALL_CARDS``: ``"w.elk.1"``, ``"f.03"``...); an
animal in a Pack by its bottom card. An action's ``label()`` is its words for people, the
cards by their printed names; ``WildlifeWeb.describe`` (``view.py``) says the same, and for a
hunt, a steal and an Event's victim it says more, from the state: where the animal is
("Golden Eagle hunts Player 2's Cooper's Hawk").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ecogames.core import Action

from .components import CARD_NAME

_name = CARD_NAME.get
"""A card's printed name (``_name(card, card)``: an id that names no card is said as it
is, as ``components.card_name`` says it)."""


def _food(cards: tuple[str, ...]) -> str:
    return ", ".join(_name(c, c) for c in cards)


@dataclass(frozen=True)
class PlaceRoadkill(Action):
    """Set-up and Restock Roadkill: move a central-habitat animal to the highway."""

    type = "place_roadkill"
    card: str

    def label(self) -> str:
        return f"Place the {_name(self.card, self.card)} on the highway"


@dataclass(frozen=True)
class Draft(Action):
    """Set-up: select one Wildlife card from the central habitat for your Pack."""

    type = "draft"
    card: str

    def label(self) -> str:
        return f"Select the {_name(self.card, self.card)}"


@dataclass(frozen=True)
class Swap(Action):
    """Swapping: discard one Wildlife card to the habitat and draw a replacement."""

    type = "swap"
    card: str

    def label(self) -> str:
        return f"Swap the {_name(self.card, self.card)}"


@dataclass(frozen=True)
class KeepPack(Action):
    type = "keep_pack"

    def label(self) -> str:
        return "Keep the Pack (no swap)"


@dataclass(frozen=True)
class TakeFromHabitat(Action):
    """Replace missing Wildlife cards: choose one from the central habitat."""

    type = "take_from_habitat"
    card: str

    def label(self) -> str:
        return f"Take the {_name(self.card, self.card)} from the habitat"


@dataclass(frozen=True)
class DrawWildlife(Action):
    """Replace missing Wildlife cards: draw one from the Wildlife deck."""

    type = "draw_wildlife"

    def label(self) -> str:
        return "Draw a Wildlife card"


@dataclass(frozen=True)
class ChooseVictim(Action):
    """An Event strikes "one of your" animals: the owner chooses which."""

    type = "choose_victim"
    card: str


@dataclass(frozen=True)
class AdoptPet(Action):
    type = "adopt_pet"

    def label(self) -> str:
        return "Adopt the pet"


@dataclass(frozen=True)
class DeclinePet(Action):
    type = "decline_pet"

    def label(self) -> str:
        return "Leave the pet (discard the card)"


@dataclass(frozen=True)
class Forage(Action):
    type = "forage"
    animal: str
    target: ClassVar[str | None] = None
    """The card a feed action names besides its animal (``rules.WildlifeWeb._fed`` drops
    the actions naming a card gone): none for a forage; a hunt's prey, a scavenge's carrion,
    a steal's food (set as each is made; not a field)."""

    def label(self) -> str:
        return f"{_name(self.animal, self.animal)} forages"


@dataclass(frozen=True)
class Hunt(Action):
    type = "hunt"
    animal: str
    prey: str
    target: ClassVar[str | None] = None
    """The prey (:attr:`Forage.target`)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "target", self.prey)


@dataclass(frozen=True)
class Scavenge(Action):
    type = "scavenge"
    animal: str
    carcass: str
    target: ClassVar[str | None] = None
    """The carrion (:attr:`Forage.target`)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "target", self.carcass)

    def label(self) -> str:
        return (f"{_name(self.animal, self.animal)} scavenges the "
                f"{_name(self.carcass, self.carcass)}")


@dataclass(frozen=True)
class Steal(Action):
    """A steal ability (Swipe, Trickster...): take one food card from another animal."""

    type = "steal"
    animal: str
    food: str
    target: ClassVar[str | None] = None
    """The food (:attr:`Forage.target`)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "target", self.food)


@dataclass(frozen=True)
class EndFeeding(Action):
    type = "end_feeding"

    def label(self) -> str:
        return "Done feeding"


@dataclass(frozen=True)
class TakeMate(Action):
    """Taking a Mate; ``discard`` is the requisite food given up when the mate is found."""

    type = "take_mate"
    animal: str
    discard: tuple[str, ...]

    def label(self) -> str:
        return (f"{_name(self.animal, self.animal)} takes a mate "
                f"(discarding {_food(self.discard)})")


@dataclass(frozen=True)
class RaiseOffspring(Action):
    """Raising Offspring: exchange the requisite food for an Offspring card."""

    type = "raise_offspring"
    animal: str
    discard: tuple[str, ...]

    def label(self) -> str:
        return (f"{_name(self.animal, self.animal)} pair raises Offspring "
                f"(discarding {_food(self.discard)})")


@dataclass(frozen=True)
class EndTurn(Action):
    type = "end_turn"

    def label(self) -> str:
        return "End the turn (pass the dice)"


ACTION_TYPES = (PlaceRoadkill, Draft, Swap, KeepPack, TakeFromHabitat, DrawWildlife,
                ChooseVictim, AdoptPet, DeclinePet, Forage, Hunt, Scavenge, Steal, EndFeeding,
                TakeMate, RaiseOffspring, EndTurn)
"""Every action of the game, in the order of a turn."""
