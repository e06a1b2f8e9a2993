"""Wildlife Web — the components, as data.

Everything in the box (rulebook, "Game Equipment"): 100 Wildlife cards (50 species, two cards
each), 50 Event cards, 24 Forage cards, 15 Offspring cards, 1 Day/Night card, 4 Highway
cards and 6 Game Play Reference cards. The card faces live in three JSON files beside this
module (``species.json``, ``events.json``, ``cards.json``), read and validated once at import
into frozen dataclasses. No rules run here: only data and small pure lookups.

Every ability and every event is a small closed set of effect *kinds* with parameters
(``ABILITY_KINDS``, ``EVENT_KINDS``), never free text: the text on a card is for people, the
effects are what the engine (``rules.py``) carries out. How the values were authored is
written in ``docs/rules/wildlifeweb.md``.

>>> ANIMALS["red_tailed_hawk"].power
16
>>> CARD_ANIMAL["w.yellow_bellied_marmot.2"].name
'Yellow-bellied Marmot'
>>> MATE_OF["w.elk.1"]
'w.elk.2'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import filterfalse
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from ...core.palette import OKABE_ITO, Palette, Swatch

HERE = Path(__file__).resolve().parent

# ---------------------------------------------------------------------------------------------
# Numbers printed in the rulebook
# ---------------------------------------------------------------------------------------------

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
PLAYER_NAMES: Final = tuple(f"Player {i + 1}" for i in range(MAX_PLAYERS))
"""Each seat's name for people (``WildlifeWeb.player_names``), formatted once."""
PACK_SIZES: Final = MappingProxyType({2: 4, 3: 3, 4: 3, 5: 2, 6: 2})
"""Game Setup: "2 players = 4 cards, 3 or 4 players = 3 cards, 5 or 6 players = 2 cards"."""
HABITAT_CARDS: Final = 20
"""Game Setup: "Shuffle and deal 20 Wildlife cards face up ... this is the central habitat"."""
ROADKILL: Final = 4
"""Game Setup: "Choose 4 animals ... and place them on the highway as roadkill"; Restock
Roadkill: "If there are less than 4 Wildlife cards on the highway"."""
OFFSPRING_TO_WIN: Final = 3
"""Objective: "Game play ends when a player has raised 3 Offspring, or any number
predetermined by the group"."""
MAX_OFFSPRING_TO_WIN: Final = MappingProxyType({
    players: 1 + (15 - 1) // players for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)})
"""The largest target the 15 Offspring cards allow (D30): a secured family keeps its card,
so once all 15 are secured someone must have reached the target, P x (target - 1) < 15:
8 for 2 players, 5 for 3, 4 for 4, 3 for 5 or 6."""
MATE_DRAWS: Final = 5
"""Taking a Mate: "draw up to 5 new Wildlife cards in hopes of drawing a mate"."""
DIE_FACES: Final = 6
FACES: Final = tuple(range(1, DIE_FACES + 1))
"""A die's faces, each a chance draw's outcome."""

HABITATS: Final = ("air", "trees", "ground", "underground", "water")
ACTIVITIES: Final = ("diurnal", "nocturnal", "both", "crepuscular")
"""Card icons: sun, moon and star, sun and moon, rising/setting sun. "Animals that are
crepuscular ... are treated as diurnal"."""
DIETS: Final = ("herbivore", "insectivore", "piscivore", "carnivore", "omnivore", "scavenger")
FORAGING_DIETS: Final = frozenset({"herbivore", "insectivore", "piscivore", "omnivore"})
""""Herbivores, insectivores, and other non-carnivores draw Forage cards"; "Omnivores may hunt,
scavenge, or draw a Forage card"."""
HUNTING_DIETS: Final = frozenset({"carnivore", "omnivore"})
SCAVENGING_DIETS: Final = frozenset({"scavenger", "omnivore"})
"""Scavenging Roadkill: "Scavengers and omnivores may consume carrion from the highway, whereas
strict carnivores may not"."""
TIMES: Final = ("diurnal", "nocturnal", "both")
"""When an Event card applies (Draw an Event Card)."""

ANIMAL_TAGS: Final = frozenset({
    "bird", "raptor", "corvid", "songbird", "game_bird", "waterbird", "mammal", "canid",
    "felid", "bear", "mustelid", "weasel", "badger", "rodent", "lagomorph", "ungulate",
    "cervid", "bat", "reptile", "snake", "amphibian", "furbearer", "hibernator", "pet",
})
"""Groups that abilities and events name ("snakes, weasels, and badgers", "any raptor")."""
EVENT_TAGS: Final = frozenset({
    "season", "weather", "cold", "drought", "fire", "flood", "disease", "poison", "traffic",
    "hunting", "people", "development", "pet",
})
ACTIONS: Final = frozenset({"forage", "hunt", "scavenge", "steal", "mate"})
"""What an Event can forbid for a turn ("mate" also stops raising Offspring)."""

FORAGE_GROUPS: Final = MappingProxyType({
    "grass": "plants", "forb": "plants", "browse": "plants", "berry": "plants",
    "seed": "plants", "root": "plants", "aquatic": "plants", "fungus": "plants",
    "insect": "invertebrates", "worm": "invertebrates", "fish": "fish",
})
DIET_FORAGE: Final = MappingProxyType({
    "herbivore": ("plants",),
    "insectivore": ("invertebrates",),
    "piscivore": ("fish",),
    "omnivore": ("plants", "invertebrates"),
})
"""The Forage cards' groups each diet icon eats ("Animals may only forage or hunt foods within
their normal dietary preferences"): the food web's forage links, and the arrows a meal of
Forage cards is told with."""
"""Forage card kinds and the food-web node each belongs to."""

# ---------------------------------------------------------------------------------------------
# Filters, abilities, events
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Filter:
    """Which animals a rule applies to. Every given condition must hold; within a list, any
    item may match ("snakes, weasels, and badgers": ``tags={snake, weasel, badger}``).

    ``lacks``: none of these habitats. ``mated``/``active``: the animal's state at the time
    (the rules pass it in).
    """

    species: frozenset[str] = frozenset()
    tags: frozenset[str] = frozenset()
    habitats: frozenset[str] = frozenset()
    lacks: frozenset[str] = frozenset()
    diets: frozenset[str] = frozenset()
    activity: frozenset[str] = frozenset()
    min_size: int | None = None
    max_size: int | None = None
    mated: bool | None = None
    active: bool | None = None

    def matches(self, animal: Animal, *, mated: bool = False, active: bool = True) -> bool:
        return ((not self.species or animal.id in self.species)
                and (not self.tags or not self.tags.isdisjoint(animal.tags))
                and (not self.habitats or not self.habitats.isdisjoint(animal.habitats))
                and self.lacks.isdisjoint(animal.habitats)
                and (not self.diets or not self.diets.isdisjoint(animal.diet))
                and (not self.activity or animal.activity in self.activity)
                and (self.min_size is None or animal.size >= self.min_size)
                and (self.max_size is None or animal.size <= self.max_size)
                and (self.mated is None or self.mated == mated)
                and (self.active is None or self.active == active))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in ("species", "tags", "habitats", "lacks", "diets", "activity"):
            value = getattr(self, name)
            if value:
                out[name] = sorted(value)
        for name in ("min_size", "max_size", "mated", "active"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out


ANY: Final = Filter()

ABILITY_KINDS: Final = MappingProxyType({
    # kind: (required parameters, optional parameters)
    "defence": ({"bonus"}, {"mated", "vs", "except"}),
    "attack": ({"bonus"}, {"mated", "vs"}),
    "reach": ({"size"}, {"mated", "vs"}),
    "reroll": (set(), {"mated", "vs"}),
    "immune": ({"except"}, set()),
    "hide": ({"on"}, set()),
    "forage": ({"count"}, {"mated"}),
    "steal": ({"from", "once", "contest", "food"}, set()),
    "scavenge": ({"bonus"}, set()),
    "surprise": ({"vs"}, set()),
    "sentinel": ({"bonus"}, set()),
    "shelter": ({"tags"}, set()),
})
"""The closed set of ability effects the engine implements:

- ``defence``: add ``bonus`` to the animal's total when it is hunted (only if it has a mate
  when ``mated``; only against predators matching ``vs``; never against one matching any
  filter of ``except``).
- ``attack``: add ``bonus`` when hunting prey matching ``vs``.
- ``reach``: may hunt prey up to ``size`` (larger than itself) matching ``vs``.
- ``reroll``: if the first attack on prey matching ``vs`` falls short, roll again (once).
- ``immune``: cannot be hunted except by predators matching a filter of ``except``.
- ``hide``: when hunted, roll one die first; on ``on`` or more the hunt fails.
- ``forage``: may forage, drawing ``count`` Forage cards.
- ``steal``: instead of another action, take one food card (``food``: any, forage or animal)
  from another player's animal matching ``from``; ``contest`` none, agility (Agility + die
  against the victim's Strength + die) or strength (Strength + die against Strength + die);
  ``once``: once per game.
- ``scavenge``: add ``bonus`` to the scavenging roll.
- ``surprise``: may hunt prey matching ``vs`` even when it is not active.
- ``sentinel``: while active, the owner's other animals add ``bonus`` for defence.
- ``shelter``: Events with any of ``tags`` do not affect the animal.
"""

CONTESTS: Final = ("none", "agility", "strength")
FOODS: Final = ("any", "forage", "animal")

EVENT_KINDS: Final = MappingProxyType({
    "forage": ({"scope", "filter", "count"}, set()),
    "lose_forage": ({"scope", "filter", "count"}, set()),
    "lose_food": ({"scope", "filter"}, set()),
    "kill": ({"scope", "filter", "to"}, set()),
    "restrict": ({"scope", "filter", "actions"}, set()),
    "activate": ({"scope", "filter"}, set()),
    "sleep": ({"scope", "filter"}, set()),
    "modify": ({"scope", "filter"}, {"attack", "defence"}),
    "roadkill": ({"count"}, set()),
    "clear_roadkill": (set(), {"count"}),
    "habitat_loss": ({"filter"}, set()),
    "migration": (set(), {"count", "filter"}),
    "pet": ({"pet"}, set()),
})
"""The closed set of Event effects the engine implements:

- ``forage`` / ``lose_forage``: each matching animal draws / returns ``count`` Forage cards.
- ``lose_food``: each matching animal discards all its food.
- ``kill``: one matching animal of yours (your choice) dies; ``to`` discard or highway.
- ``restrict``: this turn matching animals may not take ``actions``.
- ``activate`` / ``sleep``: this turn matching animals are / are not active.
- ``modify``: this turn matching animals add ``attack`` when hunting, ``defence`` when hunted.
- ``roadkill``: draw ``count`` Wildlife cards onto the highway.
- ``clear_roadkill``: discard ``count`` (all when absent) roadkill.
- ``habitat_loss``: discard the matching animals of the central habitat.
- ``migration``: draw ``count`` Wildlife cards into the central habitat, or move every
  matching card of the Wildlife deck and discard pile there.
- ``pet``: you may add the card to your Pack as a pet of kind ``pet``.

``scope``: ``you`` (the drawing player's Pack) or ``all`` (every Pack and the central
habitat).
"""
MODIFIER_KINDS: Final = frozenset({"restrict", "activate", "sleep", "modify"})
"""The Event effects that last for the turn they are drawn in (``restrict`` ... ``modify``)."""
SCOPES: Final = ("you", "all")
KILL_TO: Final = ("discard", "highway")


@dataclass(frozen=True, slots=True)
class Effect:
    """One machine-readable effect of an ability (see ``ABILITY_KINDS``)."""

    kind: str
    ability: str
    bonus: int = 0
    count: int = 0
    size: int = 0
    on: int = 0
    mated: bool = False
    vs: Filter | None = None
    unless: tuple[Filter, ...] = ()
    victim: Filter | None = None
    once: bool = False
    contest: str = "none"
    food: str = "any"
    tags: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Ability:
    name: str
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Animal:
    """A species of the Wildlife deck, or a pet of the Event deck."""

    id: str
    name: str
    scientific: str
    size: int
    strength: int
    speed: int
    agility: int
    habitats: frozenset[str]
    habitat_order: tuple[str, ...]
    power: int
    activity: str
    diet: frozenset[str]
    tags: frozenset[str]
    mass_kg: float
    about: str
    abilities: tuple[Ability, ...]
    pet: bool = False
    effects: Mapping[str, tuple[Effect, ...]] = field(default_factory=dict)
    day: bool = False
    night: bool = False
    can_forage: bool = False
    can_hunt: bool = False
    can_scavenge: bool = False

    def active_at(self, day: bool) -> bool:
        """Diurnal vs. Nocturnal: active under this face of the Day/Night card."""
        return self.day if day else self.night


@dataclass(frozen=True, slots=True)
class EventEffect:
    kind: str
    scope: str = "you"
    filter: Filter = ANY
    count: int | None = None
    to: str = "discard"
    actions: frozenset[str] = frozenset()
    attack: int = 0
    defence: int = 0
    pet: str = ""


@dataclass(frozen=True, slots=True)
class EventType:
    id: str
    name: str
    time: str
    text: str
    tags: frozenset[str]
    effects: tuple[EventEffect, ...]
    copies: int = 1

    def applies_at(self, day: bool) -> bool:
        return self.time == "both" or (self.time == "diurnal") == day


@dataclass(frozen=True, slots=True)
class ForageCard:
    id: str
    name: str
    kind: str
    group: str


# ---------------------------------------------------------------------------------------------
# Loading and validation
# ---------------------------------------------------------------------------------------------


class ContentError(ValueError):
    """A data file that breaks the components' own rules (a bug in the data)."""


def _need(cond: object, where: str, why: str) -> None:
    if not cond:
        raise ContentError(f"{where}: {why}")


def _names(data: Any, where: str, allowed: frozenset[str] | tuple[str, ...],
           key: str) -> frozenset[str]:
    _need(isinstance(data, list) and all(isinstance(x, str) for x in data), where,
          f"{key} must be a list of names")
    bad = sorted(set(data) - set(allowed))
    _need(not bad, where, f"unknown {key} {bad}")
    return frozenset(data)


def _filter(data: Any, where: str, known_animals: frozenset[str]) -> Filter:
    _need(isinstance(data, dict), where, "a filter must be an object")
    keys = {"species", "tags", "habitats", "lacks", "diets", "activity", "min_size",
            "max_size", "mated", "active"}
    _need(set(data) <= keys, where, f"unknown filter keys {sorted(set(data) - keys)}")
    sizes = {}
    for key in ("min_size", "max_size"):
        if key in data:
            _need(isinstance(data[key], int) and 1 <= data[key] <= 5, where, f"{key} 1-5")
            sizes[key] = data[key]
    flags = {}
    for key in ("mated", "active"):
        if key in data:
            _need(isinstance(data[key], bool), where, f"{key} must be true or false")
            flags[key] = data[key]
    return Filter(
        species=_names(data.get("species", []), where, known_animals, "species"),
        tags=_names(data.get("tags", []), where, ANIMAL_TAGS, "tags"),
        habitats=_names(data.get("habitats", []), where, HABITATS, "habitats"),
        lacks=_names(data.get("lacks", []), where, HABITATS, "lacks"),
        diets=_names(data.get("diets", []), where, DIETS, "diets"),
        activity=_names(data.get("activity", []), where, ACTIVITIES, "activity"),
        **sizes, **flags,
    )


def _int(data: Mapping[str, Any], key: str, low: int, high: int, where: str) -> int:
    value: Any = data.get(key)
    _need(isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
          where, f"{key} must be an integer from {low} to {high}, got {value!r}")
    return value


def _effect(data: Any, ability: str, where: str, known: frozenset[str]) -> Effect:
    _need(isinstance(data, dict) and data.get("kind") in ABILITY_KINDS, where,
          f"effect kind must be one of {sorted(ABILITY_KINDS)}, got {data!r:.80}")
    kind = data["kind"]
    required, optional = ABILITY_KINDS[kind]
    given = set(data) - {"kind"}
    _need(required <= given, where, f"{kind} needs {sorted(required - given)}")
    _need(given <= required | optional, where,
          f"{kind} does not take {sorted(given - required - optional)}")
    values: dict[str, Any] = {"kind": kind, "ability": ability}
    if "bonus" in data:
        low = 1
        values["bonus"] = _int(data, "bonus", low, 9, where)
    if "count" in data:
        values["count"] = _int(data, "count", 1, 3, where)
    if "size" in data:
        values["size"] = _int(data, "size", 2, 5, where)
    if "on" in data:
        values["on"] = _int(data, "on", 2, 6, where)
    for flag in ("mated", "once"):
        if flag in data:
            _need(isinstance(data[flag], bool), where, f"{flag} must be true or false")
            values[flag] = data[flag]
    if "vs" in data:
        values["vs"] = _filter(data["vs"], where, known)
    if "except" in data:
        _need(isinstance(data["except"], list) and data["except"], where,
              "except must be a non-empty list of filters")
        values["unless"] = tuple(_filter(f, where, known) for f in data["except"])
    if "from" in data:
        values["victim"] = _filter(data["from"], where, known)
    if "contest" in data:
        _need(data["contest"] in CONTESTS, where, f"contest must be one of {CONTESTS}")
        values["contest"] = data["contest"]
    if "food" in data:
        _need(data["food"] in FOODS, where, f"food must be one of {FOODS}")
        values["food"] = data["food"]
    if "tags" in data:
        values["tags"] = _names(data["tags"], where, EVENT_TAGS, "tags")
    return Effect(**values)


def _animal(data: Any, pet: bool, known: frozenset[str]) -> Animal:
    ident = data.get("id", "?") if isinstance(data, dict) else "?"
    where = f"{'pet' if pet else 'species'} {ident}"
    _need(isinstance(data, dict), where, "must be an object")
    keys = {"id", "name", "scientific", "size", "strength", "speed", "agility", "habitats",
            "power", "activity", "diet", "tags", "mass_kg", "about", "abilities"}
    _need(set(data) == keys, where, f"fields must be exactly {sorted(keys)}")
    for key in ("id", "name", "scientific", "about"):
        _need(isinstance(data[key], str), where, f"{key} must be text")
    _need(data["id"].isidentifier() and data["id"].islower(), where, "id must be snake_case")
    stats = {k: _int(data, k, 1, 5, where) for k in ("size", "strength", "speed", "agility")}
    habitats = data["habitats"]
    _names(habitats, where, HABITATS, "habitats")
    _need(1 <= len(habitats) == len(set(habitats)), where, "habitats: 1 to 5, no repeats")
    power = _int(data, "power", 1, 30, where)
    total = sum(stats.values()) + len(habitats)
    _need(power == total, where, f"POWER {power} is not Size + Strength + Speed + Agility + "
                                 f"habitats = {total}")
    _need(data["activity"] in ACTIVITIES, where, f"activity must be one of {ACTIVITIES}")
    diet = _names(data["diet"], where, DIETS, "diet")
    _need(bool(diet), where, "an animal must eat something")
    tags = _names(data["tags"], where, ANIMAL_TAGS, "tags")
    _need(("pet" in tags) == pet, where, "the pet tag is for the Event deck's pets only")
    _need(isinstance(data["mass_kg"], (int, float)) and data["mass_kg"] > 0, where, "mass_kg")
    abilities = []
    _need(isinstance(data["abilities"], list) and data["abilities"], where,
          "every card has at least one ability")
    for raw in data["abilities"]:
        _need(isinstance(raw, dict) and set(raw) == {"name", "text", "effects"}, where,
              "an ability is {name, text, effects}")
        _need(isinstance(raw["name"], str) and isinstance(raw["text"], str), where,
              "ability name and text are text")
        _need(isinstance(raw["effects"], list) and raw["effects"], where,
              f"ability {raw['name']!r} has no effects")
        effects = tuple(_effect(e, raw["name"], f"{where} / {raw['name']}", known)
                        for e in raw["effects"])
        abilities.append(Ability(raw["name"], raw["text"], effects))
    by_kind: dict[str, list[Effect]] = {}
    for ability in abilities:
        for effect in ability.effects:
            by_kind.setdefault(effect.kind, []).append(effect)
    activity = data["activity"]
    return Animal(
        id=data["id"], name=data["name"], scientific=data["scientific"], **stats,
        habitats=frozenset(habitats), habitat_order=tuple(habitats), power=power,
        activity=activity, diet=diet, tags=tags, mass_kg=float(data["mass_kg"]),
        about=data["about"], abilities=tuple(abilities), pet=pet,
        effects=MappingProxyType({k: tuple(v) for k, v in by_kind.items()}),
        day=activity in ("diurnal", "crepuscular", "both"),
        night=activity in ("nocturnal", "both"),
        can_forage=bool(diet & FORAGING_DIETS) or "forage" in by_kind,
        can_hunt=bool(diet & HUNTING_DIETS),
        can_scavenge=bool(diet & SCAVENGING_DIETS),
    )


def _event_effect(data: Any, where: str, known: frozenset[str],
                  pets: frozenset[str]) -> EventEffect:
    _need(isinstance(data, dict) and data.get("kind") in EVENT_KINDS, where,
          f"event effect kind must be one of {sorted(EVENT_KINDS)}")
    kind = data["kind"]
    required, optional = EVENT_KINDS[kind]
    given = set(data) - {"kind"}
    _need(required <= given, where, f"{kind} needs {sorted(required - given)}")
    _need(given <= required | optional, where,
          f"{kind} does not take {sorted(given - required - optional)}")
    values: dict[str, Any] = {"kind": kind}
    if "scope" in data:
        _need(data["scope"] in SCOPES, where, f"scope must be one of {SCOPES}")
        values["scope"] = data["scope"]
    if "filter" in data:
        values["filter"] = _filter(data["filter"], where, known)
    if "count" in data:
        values["count"] = _int(data, "count", 1, 5, where)
    if "to" in data:
        _need(data["to"] in KILL_TO, where, f"to must be one of {KILL_TO}")
        values["to"] = data["to"]
    if "actions" in data:
        values["actions"] = _names(data["actions"], where, ACTIONS, "actions")
    for key in ("attack", "defence"):
        if key in data:
            values[key] = _int(data, key, -5, 5, where)
    if "pet" in data:
        _need(data["pet"] in pets, where, f"pet must be one of {sorted(pets)}")
        values["pet"] = data["pet"]
    effect = EventEffect(**values)
    if kind == "kill":
        _need(effect.scope == "you", where, "a kill lets the owner choose: scope must be you")
    if kind in ("activate", "sleep"):
        _need(effect.filter.active is None, where, "activity cannot depend on activity")
    if kind == "modify":
        _need(bool(effect.attack or effect.defence), where, "modify changes nothing")
    if kind == "migration":
        _need(("count" in data) != ("filter" in data), where, "migration: count or filter")
    if kind in ("habitat_loss", "migration") and effect.filter is not ANY:
        _need(effect.filter.mated is None and effect.filter.active is None, where,
              "central-habitat cards are neither mated nor checked for activity")
    return effect


def _load(name: str) -> Any:
    return json.loads((HERE / name).read_text(encoding="utf-8"))


def _load_animals() -> tuple[dict[str, Animal], dict[str, Animal]]:
    raw = _load("species.json")
    ids = [s.get("id") for s in raw["species"] + raw["pets"]]
    _need(len(ids) == len(set(ids)), "species.json", "ids must be unique")
    known = frozenset(ids)
    species = {s["id"]: _animal(s, False, known) for s in raw["species"]}
    pets = {p["id"]: _animal(p, True, known) for p in raw["pets"]}
    _need(len(species) == 50, "species.json", f"50 species, found {len(species)}")
    names = [a.name for a in species.values()]
    _need(len(set(names)) == len(names), "species.json", "names must be unique")
    return species, pets


def _load_events(known: frozenset[str], pets: frozenset[str]) -> dict[str, EventType]:
    raw = _load("events.json")
    events: dict[str, EventType] = {}
    for data in raw["events"]:
        where = f"event {data.get('id', '?')}"
        keys = {"id", "name", "time", "text", "tags", "effects"}
        _need(keys <= set(data) <= keys | {"copies"}, where, f"fields must be {sorted(keys)}")
        _need(data["id"] not in events and data["id"].isidentifier(), where, "unique id")
        _need(data["time"] in TIMES, where, f"time must be one of {TIMES}")
        copies = data.get("copies", 1)
        _need(isinstance(copies, int) and 1 <= copies <= 4, where, "copies 1-4")
        effects = tuple(_event_effect(e, where, known, pets) for e in data["effects"])
        if any(e.kind == "pet" for e in effects):
            _need(len(effects) == 1 and copies >= 2, where,
                  "a pet card is only a pet, with a mate in the deck")
        events[data["id"]] = EventType(data["id"], data["name"], data["time"], data["text"],
                                       _names(data["tags"], where, EVENT_TAGS, "tags"),
                                       effects, copies)
    total = sum(e.copies for e in events.values())
    _need(total == 50, "events.json", f"50 Event cards, found {total}")
    return events


SPECIES, PETS = _load_animals()
"""The 50 species of the Wildlife deck and the pets of the Event deck, by id."""
ANIMALS: Final = MappingProxyType({**SPECIES, **PETS})
SPECIES_IDS: Final = tuple(SPECIES)
EVENTS: Final = MappingProxyType(_load_events(frozenset(ANIMALS), frozenset(PETS)))
SPECIES = MappingProxyType(SPECIES)  # type: ignore[assignment]
PETS = MappingProxyType(PETS)  # type: ignore[assignment]

_CARDS = _load("cards.json")
FORAGE: Final = MappingProxyType({
    f"f.{i + 1:02d}": ForageCard(f"f.{i + 1:02d}", c["name"], c["kind"], FORAGE_GROUPS[c["kind"]])
    for i, c in enumerate(_CARDS["forage"])
})
_need(len(FORAGE) == 24, "cards.json", "24 Forage cards")
OFFSPRING_CARDS: Final = tuple(f"o.{i + 1:02d}" for i in range(_CARDS["offspring"]))
_need(len(OFFSPRING_CARDS) == 15, "cards.json", "15 Offspring cards")
_need(all(p * (most - 1) < len(OFFSPRING_CARDS) <= p * most
          for p, most in MAX_OFFSPRING_TO_WIN.items()), "cards.json",
      "MAX_OFFSPRING_TO_WIN must follow the number of Offspring cards")
HIGHWAY_CARDS: Final = tuple(_CARDS["highway"])
_need(len(HIGHWAY_CARDS) == 4, "cards.json", "4 Highway cards")
DAY_NIGHT: Final = MappingProxyType(dict(_CARDS["day_night"]))
REFERENCE_CARD: Final = (_CARDS["reference"]["title"], tuple(_CARDS["reference"]["lines"]))
REFERENCE_COPIES: Final = _CARDS["reference"]["copies"]
_need(REFERENCE_COPIES == 6, "cards.json", "6 Game Play Reference cards")

# ---------------------------------------------------------------------------------------------
# Cards and lookups
# ---------------------------------------------------------------------------------------------

WILDLIFE_CARDS: Final = tuple(f"w.{s}.{n}" for s in SPECIES for n in (1, 2))
"""The Wildlife deck: two cards per species, ``w.<species>.<1|2>``."""
EVENT_CARDS: Final = tuple(f"e.{e.id}.{n}" for e in EVENTS.values()
                           for n in range(1, e.copies + 1))
FORAGE_CARDS: Final = tuple(FORAGE)
ALL_CARDS: Final = WILDLIFE_CARDS + EVENT_CARDS + FORAGE_CARDS + OFFSPRING_CARDS

CARD_EVENT: Final = MappingProxyType({c: EVENTS[c.split(".")[1]] for c in EVENT_CARDS})
CARD_ANIMAL: Final = MappingProxyType({
    **{c: SPECIES[c.split(".")[1]] for c in WILDLIFE_CARDS},
    **{c: PETS[e.effects[0].pet] for c, e in CARD_EVENT.items()
       if e.effects and e.effects[0].kind == "pet"},
})
"""Every card that can be an animal: the Wildlife cards and the pet Event cards."""


def _mates() -> dict[str, str]:
    by_kind: dict[str, list[str]] = {}
    for card, animal in CARD_ANIMAL.items():
        by_kind.setdefault(animal.id, []).append(card)
    out = {}
    for cards in by_kind.values():
        _need(len(cards) == 2, "cards", f"every animal has exactly two cards: {cards}")
        out[cards[0]], out[cards[1]] = cards[1], cards[0]
    return out


MATE_OF: Final = MappingProxyType(_mates())
"""The one card that can be each animal card's mate (the other card of its species)."""
FOOD_VALUE: Final = MappingProxyType({
    **{c: 1 for c in FORAGE_CARDS}, **{c: a.size for c, a in CARD_ANIMAL.items()},
})
"""Food Value: a Forage card is 1; an animal is its Size."""
CARD_KIND: Final = MappingProxyType({
    **{c: "wildlife" for c in WILDLIFE_CARDS}, **{c: "event" for c in EVENT_CARDS},
    **{c: "forage" for c in FORAGE_CARDS}, **{c: "offspring" for c in OFFSPRING_CARDS},
})


def card_name(card: str) -> str:
    """The name printed on a card, for people."""
    if card in CARD_ANIMAL:
        return CARD_ANIMAL[card].name
    if card in CARD_EVENT:
        return CARD_EVENT[card].name
    if card in FORAGE:
        return FORAGE[card].name
    if card in CARD_KIND:
        return "Offspring"
    return card


CARD_RANK: Final = {card: rank for rank, card in enumerate(ALL_CARDS)}
"""The cards' order (``ALL_CARDS``): a draw lists the cards left in it, so what comes never
depends on how a face-down pile happens to be stored."""
CARD_GROUP: Final = {card: card.split(".")[1] for card in ALL_CARDS}
"""Cards that are alike (the two cards of a species, two copies of an Event): one group."""
CARD_NAME: Final = {card: card_name(card) for card in ALL_CARDS}
"""Each card's printed name (``card_name``), looked up once."""


def _alike_before() -> dict[str, str]:
    """Each card whose kind has a card before it in the cards' order: that card."""
    first: dict[str, str] = {}
    out: dict[str, str] = {}
    for card in sorted(CARD_GROUP, key=CARD_RANK.__getitem__):
        before = first.setdefault(CARD_GROUP[card], card)
        if before != card:
            if before in out.values():
                raise ValueError(f"{card} is a third card of its kind: alike() keeps two apart")
            out[card] = before
    return out


ALIKE_BEFORE: Final = _alike_before()
"""The card alike to each card and before it in the cards' order (a kind has at most two
cards: a species' pair, an Event's two copies, a Forage card and its Offspring card)."""


ALIKE_AFTER: Final = {before: card for card, before in ALIKE_BEFORE.items()}
"""The card alike to each card and after it in the cards' order (``ALIKE_BEFORE``)."""


def alike(cards: Sequence[str]) -> list[str]:
    """One card of each kind among ``cards``, in their order: two cards of a species in the
    central habitat or on the highway are alike, so only the first (in the cards' order) is
    offered (D29, D33): a card goes when the card alike and before it is there too. (The
    cards that go are those among ``cards`` alike and after one of them: found by set and
    map, in C, where asking each card's twin was a Python loop over the habitat.)"""
    present = set(cards)  # (the twins looked up along the list: a set iterates slower)
    gone = present.intersection(map(ALIKE_AFTER.get, cards))
    return list(filterfalse(gone.__contains__, cards)) if gone else list(cards)


def _palette() -> Palette:
    o = OKABE_ITO
    diets = {"herbivores": (o["green"], "circle", "He"),
             "insectivores": (o["orange"], "triangle", "In"),
             "piscivores": (o["blue"], "diamond", "Pi"),
             "omnivores": (o["pink"], "hexagon", "Om"),
             "carnivores": (o["vermillion"], "triangle_down", "Ca"),
             "scavengers": ("#999999", "cross", "Sc"),
             "offspring raised": (o["black"], "star", "Of")}
    food = {"plants": o["green"], "invertebrates": o["orange"], "fish": o["blue"],
            "carrion": "#999999"}
    seats = ((o["blue"], "circle"), (o["orange"], "square"), (o["green"], "triangle"),
             (o["pink"], "diamond"), (o["sky"], "pentagon"), (o["vermillion"], "hexagon"))
    return Palette({
        "diets": {group: Swatch(colour, shape, code, group)
                  for group, (colour, shape, code) in diets.items()},
        "food": {name: Swatch(colour, "plus" if name == "carrion" else "square", code,
                              name.capitalize())
                 for (name, colour), code in zip(food.items(), ("PL", "IV", "FI", "CR"))},
        "players": {str(seat): Swatch(colour, shape, f"P{seat + 1}", f"Player {seat + 1}")
                    for seat, (colour, shape) in enumerate(seats)},
    }, together=(("diets", "players"), ("diets", "food")))


PALETTE: Final = _palette()
"""Each diet group's (a species takes its group's), basal food source's and seat's colour,
shape and code: the figures' and the widget's (Okabe-Ito; grey for the carrion eaters, told
apart from the omnivores by shape)."""
