"""Wildlife Web actions: small frozen values with a JSON form ``{"type": ..., fields}``.

Cards are named by their ids (``components.ALL_CARDS``: ``"w.elk.1"``, ``"f.03"``...); an
animal in a Pack by its bottom card. ``WildlifeWeb.describe`` (``view.py``) says more than
``label()`` ("Golden Eagle hunts Player 2's Cooper's Hawk").
"""

from __future__ import annotations

from dataclasses import dataclass

from ecogames.core import Action


@dataclass(frozen=True)
class PlaceRoadkill(Action):
    """Set-up and Restock Roadkill: move a central-habitat animal to the highway."""

    type = "place_roadkill"
    card: str


@dataclass(frozen=True)
class Draft(Action):
    """Set-up: select one Wildlife card from the central habitat for your Pack."""

    type = "draft"
    card: str


@dataclass(frozen=True)
class Swap(Action):
    """Swapping: discard one Wildlife card to the habitat and draw a replacement."""

    type = "swap"
    card: str


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


@dataclass(frozen=True)
class Hunt(Action):
    type = "hunt"
    animal: str
    prey: str


@dataclass(frozen=True)
class Scavenge(Action):
    type = "scavenge"
    animal: str
    carcass: str


@dataclass(frozen=True)
class Steal(Action):
    """A steal ability (Swipe, Trickster...): take one food card from another animal."""

    type = "steal"
    animal: str
    food: str


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


@dataclass(frozen=True)
class RaiseOffspring(Action):
    """Raising Offspring: exchange the requisite food for an Offspring card."""

    type = "raise_offspring"
    animal: str
    discard: tuple[str, ...]


@dataclass(frozen=True)
class EndTurn(Action):
    type = "end_turn"

    def label(self) -> str:
        return "End the turn (pass the dice)"


ACTION_TYPES = (PlaceRoadkill, Draft, Swap, KeepPack, TakeFromHabitat, DrawWildlife,
                ChooseVictim, AdoptPet, DeclinePet, Forage, Hunt, Scavenge, Steal, EndFeeding,
                TakeMate, RaiseOffspring, EndTurn)
"""Every action of the game, in the order of a turn."""
