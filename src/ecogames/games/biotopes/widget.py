"""The Biotopes widget: the kit plus the hex landscape, the Ecosystems, the rivers of cards
and the Environmental Conditions board (``js/src/entries/biotopes.ts``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...widget import GameWidget
from .components import BIOTOPE_CARDS, ENV_POINTS, SPECIES

_STATIC = (("players",), ("cycles",), ("board",), ("environment",))


class Widget(GameWidget):
    """Play Biotopes inline: click a highlighted hex to colonize it, a card in your hand to
    play it, an action space of your Ecosystem, a cube to pay with... Seats given to bots
    play on their own (the kit paces them; *Bot move* plays one step).

    >>> from ecogames.games import biotopes
    >>> biotopes.new_game(players=2, seed=1).widget(bots={1: "biotopes-greedy"})  # doctest: +SKIP
    """

    bundle = "biotopes"

    @property
    def static_view_paths(self) -> tuple[tuple[str, ...], ...]:  # type: ignore[override]
        """The players, the board side, the Environmental Conditions and (unless the players
        build the landscape, Landscape Construction) the tiles never change in a game."""
        game = getattr(self, "game", None)
        if game is not None and game.options.get("construction"):
            return _STATIC
        return (*_STATIC, ("tiles",))

    def drawing_layout(self) -> dict[str, Any]:
        """The printed faces of the cards, which the view names only by id: the 88 Species
        cards, the 20 Biotope cards, and what each Environmental Condition space scores."""
        return {"species": species_faces(), "biotope_cards": biotope_faces(),
                "environment": environment_faces()}

    food_web_changes = True
    """The food web panel shows the diets of the cards in play: it grows as cards are played."""

    def food_web_graph(self, game: Any) -> Any:
        """The diets of the Species cards in every Ecosystem (edges food -> eater, labelled
        with the cards; a type eating its own kind, a Peregrine Falcon, is a self-loop)."""
        from .graphs import food_web

        web = food_web(game)
        for _, _, data in web.edges(data=True):
            data["label"] = (f"{len(data['cards'])} card(s): "
                             + ", ".join(SPECIES[c].name for c in data["cards"]))
        return web

    def food_web_frame(self) -> Any:
        """The whole deck's food web: each type is drawn where it puts it, so the nodes
        stay put as cards arrive."""
        return _deck_web()


def species_faces() -> dict[str, dict[str, Any]]:
    """Each Species card as printed: name, deck, biotope, type, diet, VP and effect."""
    return {card.id: {
        "name": card.name, "deck": card.deck.value, "vp": card.vp,
        "biotope": card.biotope.value, "type": card.type.value,
        "diet": [t.value for t in card.diet], "keyword": card.effect.keyword,
        "kind": card.effect.kind.value, "icon": card.effect.icon, "text": card.effect.text,
    } for card in SPECIES.values()}


def biotope_faces() -> dict[str, dict[str, Any]]:
    """Each Biotope card: its biotope and, on the advanced side, its habitat and effect."""
    return {card.id: {"biotope": card.biotope.value, "habitat": card.habitat.value,
                      "name": card.habitat_name, "text": card.effect.text}
            for card in BIOTOPE_CARDS.values()}


def environment_faces() -> dict[str, Any]:
    """What the four Environmental Condition spaces score (Scoring): VP per territory of the
    1st token's biotope, per Species card of the 2nd's biotope, per Species card of the 3rd's
    type, per cube on Species cards of the 4th's type."""
    return {"points": list(ENV_POINTS),
            "per": ["territory", "species_biotope", "species_type", "cube_type"]}


@lru_cache(maxsize=1)
def _deck_web() -> Any:
    from .graphs import food_web

    return food_web()
