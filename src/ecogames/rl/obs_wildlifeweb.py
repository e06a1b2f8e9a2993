"""Wildlife Web's structured observation: Packs as slots of species features, the habitat,
the highway, the Event cards.

Hidden in Wildlife Web's view, so not here: the decks' order (their sizes) and another
player's upside-down Event card (only that they hold one).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ecogames.games.wildlifeweb import components as c
from ecogames.games.wildlifeweb import rules as r

from .layouts import MAX_PLAYERS
from .spaces import EncodingError
from .tensors import Encoder, Piece, TensorLayout, one_hot_index, set_ones, set_values

SEATS = MAX_PLAYERS
PACK_SLOTS = 8
MAX_FOOD = 8
"""A Pack animal's food cards are scaled by 8 and capped at 1 (it may hold more)."""
PHASES = tuple(r.PHASES)
ANIMALS = tuple(sorted(c.CARD_ANIMAL))
ANIMAL = one_hot_index(ANIMALS)
EVENTS = tuple(sorted(c.EVENT_CARDS))
EVENT = one_hot_index(EVENTS)
SPECIES = tuple(sorted({a.id for a in c.CARD_ANIMAL.values()}))
MOST_FOOD_VALUE = 10
MOST_TARGET = max(c.MAX_OFFSPRING_TO_WIN.values())
TRAITS = (("size", 5), ("strength", 5), ("speed", 5), ("agility", 5), ("power", 19))
FLAGS = ("pet", "can_forage", "can_hunt", "can_scavenge", "day", "night")
SPECIES_FEATURES = (*(f"{t} / {most}" for t, most in TRAITS),
                    *(f"habitat {h}" for h in c.HABITATS),
                    *(f"activity {a}" for a in c.ACTIVITIES),
                    *(f"diet {d}" for d in c.DIETS), *FLAGS,
                    *(f"species {s}" for s in SPECIES))
SLOT_STATE = ("present", "mated", f"food value / {MOST_FOOD_VALUE} (capped)",
              f"food cards / {MAX_FOOD} (capped)", "offspring", "mature", "active", "acted",
              "waiting")
SLOT = len(SLOT_STATE) + len(SPECIES_FEATURES)
DECKS = (("wdeck", len(c.WILDLIFE_CARDS)), ("edeck", len(c.EVENT_CARDS)),
         ("fdeck", len(c.FORAGE_CARDS)), ("odeck", len(c.OFFSPRING_CARDS)))


def _features(card: str) -> tuple[tuple[int, float], ...]:
    """A card's species features: (position in the slot, value), nonzero ones only."""
    a = c.CARD_ANIMAL[card]
    values = [getattr(a, t) / most for t, most in TRAITS]
    values += [h in a.habitats for h in c.HABITATS]
    values += [a.activity == x for x in c.ACTIVITIES]
    values += [d in a.diet for d in c.DIETS]
    values += [bool(getattr(a, f)) for f in FLAGS]
    values += [a.id == s for s in SPECIES]
    return tuple((len(SLOT_STATE) + i, float(v)) for i, v in enumerate(values) if v)


def _feature_vector(card: str) -> np.ndarray:
    vector = np.zeros(len(SPECIES_FEATURES), np.float32)
    for i, v in _features(card):
        vector[i - len(SLOT_STATE)] = v
    return vector


FEATURES = {card: _feature_vector(card) for card in ANIMALS}
"""Each animal card's species features, made once (a slot copies them in one go)."""
ACTIVE_BY_DAY = frozenset(card for card in ANIMALS if c.CARD_ANIMAL[card].day)
ACTIVE_BY_NIGHT = frozenset(card for card in ANIMALS if c.CARD_ANIMAL[card].night)

LAYOUT = TensorLayout((
    Piece("phase", (len(PHASES),), "one-hot: " + ", ".join(PHASES)),
    Piece("to_play", (SEATS,), "one-hot: the seat to play, relative to the observer"),
    Piece("day", (1,), "1 by day (Diurnal), 0 by night"),
    Piece("target", (1,), f"Offspring needed to win / {MOST_TARGET}"),
    Piece("packs", (SEATS, PACK_SLOTS, SLOT), "each seat's Pack, one slot per animal in "
          "Pack order: its state (" + ", ".join(SLOT_STATE) + "), then its species' features "
          "(" + ", ".join(SPECIES_FEATURES[:-len(SPECIES)]) + ", the species one-hot)"),
    Piece("secured", (SEATS,), f"families each seat has secured / {MOST_TARGET}"),
    Piece("habitat", (len(ANIMALS),), "the animal cards in the habitat (multi-hot over "
          "every animal card)"),
    Piece("habitat_active", (len(ANIMALS),), "1 where the habitat's animal is active now"),
    Piece("highway", (len(ANIMALS),), "the animal cards on the highway (roadkill)"),
    Piece("decks", (len(DECKS),), "cards left in the Wildlife, Event, Forage and Offspring "
          "decks / their sizes"),
    Piece("wildlife_discard", (len(ANIMALS),), "the discarded animal cards"),
    Piece("event_discard", (len(EVENTS),), "the discarded Event cards"),
    Piece("held_event", (len(EVENTS),), "the observer's upside-down Event card"),
    Piece("holds_event", (SEATS,), "1 if the seat holds an upside-down Event card"),
    Piece("turn_events", (len(EVENTS),), "the Event cards in force this turn"),
    Piece("decision", (len(EVENTS),), "the Event card whose choice is waiting"),
    Piece("candidates", (len(ANIMALS),), "the animals that choice is among"),
))


AT = LAYOUT.offset
FEATURE_ROWS = np.stack([FEATURES[card] for card in ANIMALS])
"""Row ``ANIMAL[card]``: the card's species features."""


def _at(piece: str, index: dict[Any, int]) -> dict[Any, int]:
    """Each value's number in the tensor, where ``piece`` one-hot codes ``index``."""
    return {value: AT[piece] + i for value, i in index.items()}


HABITAT_AT = _at("habitat", ANIMAL)
ACTIVE_AT = _at("habitat_active", ANIMAL)
HIGHWAY_AT = _at("highway", ANIMAL)
WDISCARD_AT = _at("wildlife_discard", ANIMAL)
EDISCARD_AT = _at("event_discard", EVENT)
TURN_EVENT_AT = _at("turn_events", EVENT)
CANDIDATE_AT = _at("candidates", ANIMAL)
PHASE_AT = _at("phase", one_hot_index(PHASES))
EVENT_AT = _at("held_event", EVENT)
DECISION_AT = _at("decision", EVENT)
DECKS_AT = tuple(AT["decks"] + i for i in range(len(DECKS)))
SIZE = {card: c.CARD_ANIMAL[card].size for card in ANIMALS}
"""Each animal card's Size (an Offspring is mature once its food value reaches it)."""
food_value = r.food_value


def fill(game: Any, seat: int, out: np.ndarray, at: dict[str, int]) -> None:
    # numbers in the tensor come from tables made once (AT: this layout's offsets, which
    # are ``at``), so that a card list is turned into them in C (map over a dict)
    n = game.players
    hot = [PHASE_AT[game.stage]]
    player = game.current_player
    if player is not None:
        hot.append(AT["to_play"] + (player - seat) % n)
    day = game.day
    if day:
        hot.append(AT["day"])
    index = [AT["target"]]
    values = [game.target / MOST_TARGET]
    slots: list[int] = []
    cards: list[int] = []
    mods = game.mods
    # the engine's own rule without Events: by day the diurnal, by night the nocturnal
    awake = None if mods else ACTIVE_BY_DAY if day else ACTIVE_BY_NIGHT
    pending = game.pending
    for p in range(n):
        row = (p - seat) % n
        _fill_pack(game, p, row, awake, hot, index, values, slots, cards)
        index.append(AT["secured"] + row)
        values.append(min(len(game.secured[p]), MOST_TARGET) / MOST_TARGET)
        if pending[p] is not None:
            hot.append(AT["holds_event"] + row)
    habitat = game.habitat
    hot += map(HABITAT_AT.__getitem__, habitat)
    if awake is None:  # this turn's Events may change who is active
        hot += [ACTIVE_AT[card] for card in habitat
                if game.is_active(c.CARD_ANIMAL[card], None)]
    else:
        hot += map(ACTIVE_AT.__getitem__, filter(awake.__contains__, habitat))
    hot += map(HIGHWAY_AT.__getitem__, game.highway)
    hot += map(WDISCARD_AT.__getitem__, game.wdiscard)
    hot += map(EDISCARD_AT.__getitem__, game.ediscard)
    index += DECKS_AT
    values += (len(game.wdeck) / DECKS[0][1], len(game.edeck) / DECKS[1][1],
               len(game.fdeck) / DECKS[2][1], len(game.odeck) / DECKS[3][1])
    if pending[seat] is not None:
        hot.append(EVENT_AT[pending[seat]])
    if mods:
        hot += [TURN_EVENT_AT[card] for card, _i in mods]
    decision = game.decision
    if decision is not None:
        hot.append(DECISION_AT[decision["event"]])
        hot += map(CANDIDATE_AT.__getitem__, decision["candidates"])
    set_ones(out, hot)
    set_values(out, index, values)
    if slots:  # every animal's species features in one store
        packs = AT["packs"]
        out[packs:packs + SEATS * PACK_SLOTS * SLOT].reshape(SEATS * PACK_SLOTS, SLOT)[
            slots, len(SLOT_STATE):] = FEATURE_ROWS[cards]


def _fill_pack(game: Any, p: int, row: int, awake: frozenset[str] | None, hot: list[int],
               index: list[int], values: list[float], slots: list[int],
               cards: list[int]) -> None:
    """Seat ``p``'s Pack in row ``row``: the animals' state; their slots and cards go to
    ``slots`` and ``cards`` (the features are stored at once). ``awake``: the cards active
    now, or None when this turn's Events decide it animal by animal."""
    pack = game.packs[p]
    if len(pack) > PACK_SLOTS:
        raise EncodingError(f"a Pack of {len(pack)} animals: the observation has "
                            f"{PACK_SLOTS} slots")
    acted = game.acted if p == game.active else ()
    slot = row * PACK_SLOTS
    at = AT["packs"] + slot * SLOT
    for a in pack:
        card, food = a["card"], a["food"]
        slots.append(slot)
        cards.append(ANIMAL[card])
        hot.append(at)  # present
        if a["mate"] is not None:
            hot.append(at + 1)
        if food:
            value = food_value(food)
            index += (at + 2, at + 3)
            values += (min(value, MOST_FOOD_VALUE) / MOST_FOOD_VALUE,
                       min(len(food), MAX_FOOD) / MAX_FOOD)
        else:
            value = 0
        if a["offspring"] is not None:
            hot.append(at + 4)
            if value >= SIZE[card]:  # mature (is_mature)
                hot.append(at + 5)
        if (card in awake) if awake is not None else game._pet_active(p, a):
            hot.append(at + 6)
        if card in acted:
            hot.append(at + 7)
        if a["waiting"] is not None:
            hot.append(at + 8)
        slot += 1
        at += SLOT


ENCODER = Encoder(LAYOUT, fill)
