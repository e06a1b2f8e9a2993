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

from .layouts import MAX_FOOD, MAX_PLAYERS
from .spaces import EncodingError
from .tensors import Encoder, Piece, TensorLayout, one_hot_index, set_ones, set_values

SEATS = MAX_PLAYERS
PACK_SLOTS = 8
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


def fill(game: Any, seat: int, out: np.ndarray, at: dict[str, int]) -> None:
    n = game.players
    hot = [at["phase"] + PHASES.index(game.stage)]
    if game.current_player is not None:
        hot.append(at["to_play"] + (game.current_player - seat) % n)
    if game.day:
        hot.append(at["day"])
    index = [at["target"]]
    values = [game.target / MOST_TARGET]
    for p in range(n):
        row = (p - seat) % n
        _fill_pack(game, p, at["packs"] + row * PACK_SLOTS * SLOT, out, hot, index, values)
        index.append(at["secured"] + row)
        values.append(min(len(game.secured[p]), MOST_TARGET) / MOST_TARGET)
        if game.pending[p] is not None:
            hot.append(at["holds_event"] + row)
    hot.extend(at["habitat"] + ANIMAL[card] for card in game.habitat)
    if game.mods:  # this turn's Events may change who is active
        active = [card for card in game.habitat if game.is_active(c.CARD_ANIMAL[card], None)]
    else:  # the engine's own rule without Events: by day the diurnal, by night the nocturnal
        awake = ACTIVE_BY_DAY if game.day else ACTIVE_BY_NIGHT
        active = [card for card in game.habitat if card in awake]
    hot.extend(at["habitat_active"] + ANIMAL[card] for card in active)
    hot.extend(at["highway"] + ANIMAL[card] for card in game.highway)
    hot.extend(at["wildlife_discard"] + ANIMAL[card] for card in game.wdiscard)
    hot.extend(at["event_discard"] + EVENT[card] for card in game.ediscard)
    for i, (deck, size) in enumerate(DECKS):
        index.append(at["decks"] + i)
        values.append(len(getattr(game, deck)) / size)
    if game.pending[seat] is not None:
        hot.append(at["held_event"] + EVENT[game.pending[seat]])
    hot.extend(at["turn_events"] + EVENT[card] for card, _i in game.mods)
    if game.decision is not None:
        hot.append(at["decision"] + EVENT[game.decision["event"]])
        hot.extend(at["candidates"] + ANIMAL[card] for card in game.decision["candidates"])
    set_ones(out, hot)
    set_values(out, index, values)


def _fill_pack(game: Any, p: int, base: int, out: np.ndarray, hot: list[int],
               index: list[int], values: list[float]) -> None:
    pack = game.packs[p]
    if len(pack) > PACK_SLOTS:
        raise EncodingError(f"a Pack of {len(pack)} animals: the observation has "
                            f"{PACK_SLOTS} slots")
    acted = game.acted if p == game.active else ()
    awake = None if game.mods else ACTIVE_BY_DAY if game.day else ACTIVE_BY_NIGHT
    for k, a in enumerate(pack):
        at = base + k * SLOT
        card, food = a["card"], a["food"]
        value = r.food_value(food)
        hot.append(at)  # present
        if a["mate"] is not None:
            hot.append(at + 1)
        if a["offspring"] is not None:
            hot.append(at + 4)
            if value >= c.CARD_ANIMAL[card].size:  # mature (the engine's is_mature)
                hot.append(at + 5)
        if (card in awake) if awake is not None else game._pet_active(p, a):
            hot.append(at + 6)
        if card in acted:
            hot.append(at + 7)
        if a["waiting"] is not None:
            hot.append(at + 8)
        if food:
            index += (at + 2, at + 3)
            values += (min(value, MOST_FOOD_VALUE) / MOST_FOOD_VALUE,
                       min(len(food), MAX_FOOD) / MAX_FOOD)
        out[at + len(SLOT_STATE):at + SLOT] = FEATURES[card]


ENCODER = Encoder(LAYOUT, fill)
