"""The Wildlife Web widget: the kit plus the table (``js/src/entries/wildlifeweb.ts``)."""

from __future__ import annotations

from functools import cache
from typing import Any

from ...widget import GameWidget
from .components import ANIMALS, CARD_ANIMAL, CARD_EVENT, DAY_NIGHT, EVENTS, FORAGE
from .graphs import food_web
from .rules import WildlifeWeb


class Widget(GameWidget):
    """Play Wildlife Web inline: click the habitat, the highway and your Pack, step through
    every hunt's dice.

    >>> from ecogames.games import wildlifeweb
    >>> wildlifeweb.Widget(wildlifeweb.new_game(players=2, seed=1))  # doctest: +SKIP
    """

    bundle = "wildlifeweb"
    static_view_paths = (("players",), ("target",), ("pack_size",), ("highway_cards",),
                         ("reference",))

    def drawing_layout(self) -> dict[str, Any]:
        return {"cards": card_faces()}

    food_web_changes = True

    def food_web_graph(self, game: Any) -> Any:
        """The food web of the animals in the Packs and what they ate, with short names where
        they stay distinct: it grows as the Packs are chosen (``food_web_changes``); the
        panel lays out and wraps the rows, so it reads with all 50 species in it too."""
        if not isinstance(game, WildlifeWeb):  # pragma: no cover - the widget's game
            return super().food_web_graph(game)
        web = food_web(species_in_packs(game))
        short = {n: str(d["label"]).split()[-1] for n, d in web.nodes(data=True)}
        taken = list(short.values())
        for node, data in web.nodes(data=True):  # "Chickadee", unless two would read alike
            if taken.count(short[node]) == 1:
                data["label"] = short[node]
        return web


def species_in_packs(game: WildlifeWeb) -> list[str]:
    """The species of the Packs: their cards, mates and the animals they ate."""
    cards = [c for pack in game.packs for a in pack
             for c in (a["card"], a["mate"], *a["food"]) if c]
    return sorted({CARD_ANIMAL[c].id for c in cards if c in CARD_ANIMAL})


@cache
def card_faces() -> dict[str, Any]:
    """What is printed on the cards, for drawing them: the view names cards by id only.

    ``species``: every animal (the 50 species and the pets) with its stats, habitats,
    activity, diet and abilities; ``pets``: the Event cards that are animals, by species;
    ``events``: every Event by id; ``forage``: every Forage card; ``day_night``: both faces.
    """
    species = {
        a.id: {
            "name": a.name, "scientific": a.scientific, "size": a.size,
            "strength": a.strength, "speed": a.speed, "agility": a.agility, "power": a.power,
            "habitats": list(a.habitat_order), "activity": a.activity,
            "diet": sorted(a.diet), "pet": a.pet, "about": a.about,
            "abilities": [{"name": b.name, "text": b.text} for b in a.abilities],
        }
        for a in ANIMALS.values()
    }
    pets = {card: kind.id for card, kind in CARD_ANIMAL.items() if card in CARD_EVENT}
    events = {e.id: {"name": e.name, "time": e.time, "text": e.text} for e in EVENTS.values()}
    forage = {card: {"name": f.name, "kind": f.kind, "group": f.group}
              for card, f in FORAGE.items()}
    return {"species": species, "pets": pets, "events": events, "forage": forage,
            "day_night": dict(DAY_NIGHT)}
