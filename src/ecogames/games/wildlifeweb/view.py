"""Wildlife Web for people: the view of a seat, the words for each action, and why an action
is not allowed now (naming the rule it breaks). Pure functions of a game
(``rules.WildlifeWeb``, whose ``view``, ``describe`` and ``explain_illegal`` call them).
"""

from __future__ import annotations

from typing import Any

from ecogames.core import Action, Game

from . import feeding
from .actions import (
    AdoptPet,
    ChooseVictim,
    DeclinePet,
    Draft,
    DrawWildlife,
    EndFeeding,
    EndTurn,
    Forage,
    Hunt,
    KeepPack,
    PlaceRoadkill,
    RaiseOffspring,
    Scavenge,
    Steal,
    Swap,
    TakeFromHabitat,
    TakeMate,
)
from .components import (
    CARD_ANIMAL,
    CARD_GROUP,
    HIGHWAY_CARDS,
    MATE_OF,
    PLAYER_NAMES,
    REFERENCE_CARD,
    alike,
    card_name,
)
from .rules import PHASES, Pet, WildlifeWeb, discard_options, food_value
from .why import animal_id, family_id


def explain_illegal(game: WildlifeWeb, action: Action) -> str:
    """Why ``action`` is not allowed now: the step that allows other actions, or the rule
    it breaks (``why_not``)."""
    label = describe(game, action)
    allowed = PHASES.get(game.stage, ())
    if not isinstance(action, allowed):
        names = ", ".join(a.type for a in allowed) or "nothing"
        return (f"{label!r} is not allowed now: the {game.stage} step allows {names} "
                f"({PLAYER_NAMES[game.active]} to play)")
    reason = why_not(game, action)
    return f"{label!r}: {reason}" if reason else Game.explain_illegal(game, action)


def why_not(game: WildlifeWeb, action: Action) -> str | None:
    """Why a well-typed action of this stage is illegal, naming the rule."""
    same = alike_one(game, action)
    if same is not None:
        return same
    if isinstance(action, PlaceRoadkill):
        if action.card not in game.habitat:
            return "roadkill is chosen from the animals of the central habitat"
        if game.stage == "restock" and action.card not in game._restock_choices():
            return ("Restock Roadkill: check each player's Wildlife cards to avoid losing "
                    "potential mates as roadkill")
        return None
    if isinstance(action, Draft):
        if action.card not in game.habitat:
            return "Packs are selected from the central habitat"
        if action.card not in game._draft_choices(game.active):
            return "Game Setup: do not select two of the same species for your Pack"
        return None
    if isinstance(action, Swap):
        found = game.find(action.card)
        if found is None or found[0] != game.active:
            return "Swapping: you may only swap a Wildlife card of your own Pack"
        if found[1] not in game._swappable():
            return "Swapping: only one unmated Wildlife card without Offspring, and a " \
                   "card must be left to draw (D8)"
        return None
    if isinstance(action, TakeFromHabitat):
        return None if action.card in game.habitat else \
            "Replace missing cards from the central habitat (except roadkill)"
    if isinstance(action, DrawWildlife):
        return None if game.wdeck or game.wdiscard else "the Wildlife deck is empty"
    if isinstance(action, ChooseVictim):
        return (None if action.card in game.decision["candidates"]  # type: ignore[index]
                else "the Event strikes one of the animals it names")
    if isinstance(action, (AdoptPet, DeclinePet, KeepPack, EndFeeding)):
        return None
    if isinstance(action, (Forage, Hunt, Scavenge, Steal)):
        return why_not_feed(game, action)
    if isinstance(action, (TakeMate, RaiseOffspring)):
        return why_not_breed(game, action)
    if isinstance(action, EndTurn):
        due = [x for x in game._mate_actions() if isinstance(x, RaiseOffspring)]
        return ("Raising Offspring: a mated pair with sufficient food exchanges it for an "
                "Offspring card first") if due else None
    return None


def alike_one(game: WildlifeWeb, action: Action) -> str | None:
    """A card of the habitat or highway offered as its alike twin (D33), or None."""
    card, pile = None, game.habitat
    if isinstance(action, (PlaceRoadkill, Draft, TakeFromHabitat)):
        card = action.card
    elif isinstance(action, Scavenge):
        card, pile = action.carcass, game.highway
    elif isinstance(action, Hunt):
        card = action.prey
    if card is None or card not in pile or card in alike(pile):
        return None
    twin = next(c for c in alike(pile) if CARD_GROUP[c] == CARD_GROUP[card])
    return (f"the two {card_name(card)} cards there are alike: the choice is offered once, "
            f"as {twin} (D33)")
def why_not_feed(game: WildlifeWeb, action: Forage | Hunt | Scavenge | Steal) -> str | None:
    found = game.find(action.animal)
    if found is None or found[0] != game.active:
        return "you may only feed the animals of your own Pack"
    a = found[1]
    kind = game._kind(a)
    if a["card"] in game.acted:
        return "One Action Per Animal: this animal has already acted this turn"
    if not game._pet_active(game.active, a):
        return (f"the {kind.name} is {kind.activity} and not active now: only active "
                "animals may feed")
    if isinstance(action, Forage):
        if not kind.can_forage:
            return f"the {kind.name} does not forage: a strict carnivore hunts"
        if game._restricted(a, "forage"):
            return "an Event stops this animal from foraging this turn"
        return None if game.fdeck else "the Forage deck is empty"
    if isinstance(action, Hunt):
        if not kind.can_hunt:
            return f"the {kind.name} is not a carnivore or omnivore: it does not hunt"
        if game._restricted(a, "hunt"):
            return "an Event stops this animal from hunting this turn"
        target = [t for t in feeding.all_prey(game) if t[0] == action.prey]
        mine = game.find(action.prey)
        if mine is not None and mine[0] == game.active:
            return "a carnivore hunts the central habitat or other players' animals (D10)"
        if not target:
            return ("the prey must be an animal of the central habitat or of another "
                    "player's Pack (roadkill is scavenged, not hunted)")
        _, q, _owner, q_mated, q_active = target[0]
        return feeding.hunt_block(kind.id, a["mate"] is not None, q.id, q_mated, q_active)
    if isinstance(action, Scavenge):
        if not kind.can_scavenge:
            return ("Scavenging Roadkill: scavengers and omnivores may consume carrion, "
                    "strict carnivores may not")
        if game._restricted(a, "scavenge"):
            return "an Event stops this animal from scavenging this turn"
        return None if action.carcass in game.highway else "that card is not roadkill"
    if "steal" not in kind.effects:
        return f"the {kind.name} has no ability to steal a meal"
    if game._restricted(a, "steal"):
        return "an Event stops this animal from stealing this turn"
    if action.food not in feeding.steal_targets(game, a):
        return ("the meal must lie under another player's animal that the ability names "
                "(and a once-per-game ability works once)")
    return None


def why_not_breed(game: WildlifeWeb, action: TakeMate | RaiseOffspring) -> str | None:
    found = game.find(action.animal)
    if found is None or found[0] != game.active:
        return "only the animals of your own Pack take mates and raise Offspring"
    a = found[1]
    kind = game._kind(a)
    if not game._pet_active(game.active, a):
        return (f"the {kind.name} is not active now: strictly diurnal or nocturnal animals "
                "may only take mates or have Offspring when active")
    if game._restricted(a, "mate"):
        return "an Event stops this animal from mating this turn"
    if food_value(a["food"]) < kind.size:
        return (f"Food Requirement: the {kind.name} needs food worth its Size "
                f"({kind.size}); it has {food_value(a['food'])}")
    if isinstance(action, TakeMate):
        if a["mate"] is not None or a["offspring"] is not None:
            return f"the {kind.name} already has a mate"
        if game._waits(a):
            return ("no mate was found this turn: the animal waits until the following "
                    "turn, then looks through the entire deck")
        if game._mate_source(a) is None:
            return ("no mate can be found now: not in the habitat, another Pack or the "
                    "discard pile, and the Wildlife deck is empty")
    else:
        if a["mate"] is None:
            return "Raising Offspring needs a mated pair"
        if a["offspring"] is not None:
            return "this pair is already raising an Offspring"
        if not game.odeck:
            return "the Offspring deck is empty (D15)"
    if action.discard not in discard_options(a["food"], kind.size):
        return (f"Discard Food: give up requisite food worth at least {kind.size}, no card "
                "more than needed; Forage cards go earliest first (D14)")
    return None


def describe(game: WildlifeWeb, action: Action) -> str:
    """``action`` in words: its own (``label()``) unless it names an animal whose place the
    state says (a hunt's prey, an Event's victim, the animal robbed of a meal)."""
    if isinstance(action, Hunt):  # every label names where the prey is (D33)
        return f"{card_name(action.animal)} hunts {whose(game, action.prey)}"
    if isinstance(action, ChooseVictim):
        return f"The Event strikes {whose(game, action.card)}"
    if isinstance(action, Steal):
        n = card_name
        try:
            owner, victim = game.holder_of_food(action.food)
        except KeyError:
            return f"{n(action.animal)} steals the {n(action.food)}"
        return (f"{n(action.animal)} steals the {n(action.food)} from "
                f"{PLAYER_NAMES[owner]}'s {n(victim['card'])}")
    return action.label()


def whose(game: WildlifeWeb, card: str) -> str:
    """An animal and where it is: "Player 2's Mouse", "the Mouse in the habitat"."""
    if card in game.habitat:  # (a card is in one place: the habitat or a Pack, or neither)
        return f"the {card_name(card)} in the habitat"
    found = game.find(card)
    if found is not None:
        return f"{PLAYER_NAMES[found[0]]}'s {card_name(card)}"
    return f"the {card_name(card)}"


def animal_view(game: WildlifeWeb, owner: int, a: Pet) -> dict[str, Any]:
    kind = game._kind(a)
    reg = game.register
    return {
        # ids (D34) name the animal, its mate and the family in game.story and Why?
        "id": animal_id(reg.animals[a["card"]]), "family": family_id(reg.families[a["card"]]),
        "mate_id": None if a["mate"] is None else animal_id(reg.animals[a["mate"]]),
        "card": a["card"], "species": kind.id, "name": kind.name, "mate": a["mate"],
        "food": list(a["food"]), "food_value": food_value(a["food"]), "need": kind.size,
        "offspring": a["offspring"], "mature": game.is_mature(a),
        "active": game._pet_active(owner, a), "pet": kind.pet,
        "acted": owner == game.active and a["card"] in game.acted,
        "waiting": a["waiting"] is not None,
    }


def view(game: WildlifeWeb, player: int | None = None) -> dict[str, Any]:
    """Everything on the table is face up; the decks' order and another player's
    upside-down Event card are hidden."""
    decision = None
    if game.decision is not None:
        decision = {"event": game.decision["event"],
                    "candidates": list(game.decision["candidates"])}
    return {
        "players": game.players, "you": player, "active": game.current_player,
        "phase": game.phase, "day": game.day, "round": game.round, "turn": game.turn,
        "target": game.target, "pack_size": game.pack_size,
        "habitat": [{"card": c, "species": CARD_ANIMAL[c].id,
                     "id": animal_id(game.register.animals[c]),
                     "active": game.is_active(CARD_ANIMAL[c], None),
                     "pair": MATE_OF[c] in game.habitat} for c in game.habitat],
        "highway": list(game.highway),
        "decks": {"wildlife": len(game.wdeck), "event": len(game.edeck),
                  "forage": len(game.fdeck), "offspring": len(game.odeck)},
        "discards": {"wildlife": list(game.wdiscard), "event": list(game.ediscard)},
        "packs": [[animal_view(game, p, a) for a in pack]
                  for p, pack in enumerate(game.packs)],
        "secured": [[dict(f, cards=list(f["cards"])) for f in fams]
                    for fams in game.secured],
        "held_event": [c if i == player else (None if c is None else "hidden")
                       for i, c in enumerate(game.pending)],
        "turn_events": [[c, i] for c, i in game.mods],
        "decision": decision,
        "highway_cards": list(HIGHWAY_CARDS),
        "reference": {"title": REFERENCE_CARD[0], "lines": list(REFERENCE_CARD[1])},
        "outcome": None if game.outcome is None else game.outcome.to_json(),
    }
