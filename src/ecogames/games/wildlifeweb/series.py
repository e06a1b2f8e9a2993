"""Wildlife Web over time: the animals in the Packs by diet, and the Offspring raised.

A step is a *turn of the table*: every player has had a turn and play returns to the dealer,
where the Day/Night card turns (Between Turns; ``rules.WildlifeWeb.round``). Step 0 is the
deal, before the Packs are drafted.

The animals counted are those in the players' Packs, a mated pair counting two (the Wildlife
cards in the central habitat are not anyone's animals yet; those eaten lie under their
eater as food, and the roadkill on the highway is carrion). Each animal falls in one diet
group, named after the diets of ``components.DIETS``: one diet is its group; of several,
an animal that both hunts (carnivore) and draws Forage cards (herbivore, insectivore,
piscivore) is an omnivore, as is one marked omnivore; a carnivore that also scavenges is a
carnivore; a herbivore that also eats insects is a herbivore.

>>> from ecogames import wildlifeweb
>>> from ecogames.core.series import series
>>> game = wildlifeweb.new_game(players=2, seed=1)
>>> series(game).values["offspring raised"]
[0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecogames.core.series import SeriesSpec

from .components import ANIMALS, CARD_ANIMAL, FORAGING_DIETS, PALETTE, Animal

if TYPE_CHECKING:
    from .rules import WildlifeWeb

GROUPS = ("herbivores", "insectivores", "piscivores", "omnivores", "carnivores", "scavengers")
"""The diet groups, from the bottom of the food web up."""

COLOURS = {**{group: s.colour for group, s in PALETTE.groups["diets"].items()},
           **{f"offspring: {s.label}": s.colour for s in PALETTE.groups["players"].values()}}
"""The palette's diet-group colours, and each seat's for its Offspring (named by seat)."""
MARKERS = {**{group: s.marker for group, s in PALETTE.groups["diets"].items()},
           **{f"offspring: {s.label}": s.marker for s in PALETTE.groups["players"].values()}}


_ONE_DIET = {"carnivore": "carnivores", "herbivore": "herbivores",
             "insectivore": "insectivores", "piscivore": "piscivores",
             "scavenger": "scavengers"}
"""A diet -> its group, in the order that settles the remaining mixed diets (carnivore and
scavenger: carnivores; herbivore and insectivore: herbivores)."""


def diet_group(animal: Animal) -> str:
    """The one diet group of ``animal`` (see the module docstring)."""
    diet = animal.diet
    if "omnivore" in diet or ("carnivore" in diet and diet & FORAGING_DIETS):
        return "omnivores"
    for one, group in _ONE_DIET.items():
        if one in diet:
            return group
    raise ValueError(f"{animal.id} has no diet group: {sorted(diet)}")


GROUP_OF = {animal.id: diet_group(animal) for animal in ANIMALS.values()}
"""Every species and pet -> its diet group (computed once: the cards are data)."""


def rounds_done(game: WildlifeWeb) -> int:
    """Turns of the table played: the times play has returned to the dealer."""
    return game.round


def offspring_key(name: str) -> str:
    return f"offspring: {name}"


def quantities(game: WildlifeWeb) -> dict[str, int]:
    """Animals in the Packs by diet group, the Offspring raised (families secured, the
    points that win), and each player's."""
    counts = dict.fromkeys(GROUPS, 0)
    for pack in game.packs:
        for animal in pack:
            for card in (animal["card"], animal["mate"]):
                if card is not None:
                    counts[GROUP_OF[CARD_ANIMAL[card].id]] += 1
    raised = [len(families) for families in game.secured]
    counts["offspring raised"] = sum(raised)
    for name, n in zip(game.player_names, raised):
        counts[offspring_key(name)] = n
    return counts


SERIES = SeriesSpec(
    step="turn of the table",
    steps_done=rounds_done,
    quantities=quantities,
    colours=COLOURS,
    markers=MARKERS,
    title="Animals in the Packs by diet, and Offspring raised",
    unit="animals / Offspring",
    description="Animals in the players' Packs by diet group (a mated pair counts two), and "
                "the Offspring raised, in all and by player.",
)
