"""Wildlife Web — 3) Draw an Event Card: what the 50 Event cards do.

Rulebook sections ("RB", ``shared/rulebooks/wildlife-web.txt``): "Sequence of a Turn" 3),
"Event Cards" and the pets' Note; decisions ``D<n>`` in ``docs/rules/wildlifeweb.md`` (D4 a
card of the wrong time of day is held for the next turn, D21 pets, D22 whom an Event strikes,
D23 shelter, D27 the owner chooses the victim). Each card's effects are data
(``components.EVENTS``); the effects that last for the turn (``MODIFIER_KINDS``) are read by
``WildlifeWeb.is_active`` and the feeding step. Each function takes the game
(``rules.WildlifeWeb``) and tells what happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecogames.core import EventLog

from . import feeding
from .components import (
    CARD_ANIMAL,
    CARD_EVENT,
    FORAGE,
    MODIFIER_KINDS,
    PLAYER_NAMES,
    EventEffect,
    EventType,
)
from .why import (
    HIGHWAY,
    TURN_EVENTS,
    Key,
    animal_id,
    animal_key,
    chance_mark,
    dies,
    drawn_since,
    family_id,
    food_key,
    held_key,
    join_keys,
    loss,
    note,
    setback_key,
    slot_keys,
    slot_of,
    tell,
)

if TYPE_CHECKING:
    from .rules import Pet, WildlifeWeb


def _draw_event_card(game: WildlifeWeb) -> str | None:
    """3) Draw an Event Card: seen first by the player who draws it alone (a card of the
    wrong time of day is held upside down, unseen by the others; D32)."""
    if not game.edeck and game.ediscard:
        game.edeck, game.ediscard = game.ediscard, []
    if not game.edeck:
        return None
    return game._pick(game.edeck, "the Event card", seen_by=(game.active,))


def draw_an_event_card(game: WildlifeWeb, log: EventLog, cause: int | None) -> None:
    """3) Draw an Event Card. A card of the wrong time of day is turned upside down and
    applied on the player's following turn (D4); no other card is drawn."""
    p = game.active
    held = game.pending[p]
    if held is not None:
        game.pending[p] = None
        event = CARD_EVENT[held]
        e = None
        if log.record:
            e = log.told("event", f"{PLAYER_NAMES[p]} applies the held Event {event.name}: "
                                  f"{event.text}", cause, {"cards": (held,)}, (held_key(p),),
                         (held_key(p),))
        resolve_event(game, held, 0, log, e)
        return
    mark = chance_mark(game, log)
    card = _draw_event_card(game)
    if card is None:
        if log.record:
            log.emit("event", "The Event deck is empty: no Event this turn", cause=cause)
        return
    event = CARD_EVENT[card]
    if not event.applies_at(game.day):
        game.pending[p] = card
        if log.record:  # (told as a row: core's direct telling, no call)
            events = log.events
            events.append((len(events), "event_held", _HELD[p, event.time], cause, {},
                           drawn_since(game, mark), (HELD_KEY[p],)))
        return
    e = None
    if log.record:
        events = log.events  # (told as a row: core's direct telling, no call)
        e = len(events)
        events.append((e, "event", _EVENT_WORDS[card], cause,
                       {"cards": (card,)}, drawn_since(game, mark), ()))
    resolve_event(game, card, 0, log, e)


_EVENT_WORDS: dict[str, str] = {card: f"Event: {event.name}. {event.text}"
                                for card, event in CARD_EVENT.items()}
"""An Event card's words as drawn, by card."""
_HELD: dict[tuple[int, str], str] = {
    (p, time): f"{PLAYER_NAMES[p]} draws a {time} Event card in the "
               f"{'night' if time == 'diurnal' else 'day'}: it is turned upside down to "
               "apply next turn"
    for p in range(len(PLAYER_NAMES)) for time in ("diurnal", "nocturnal")}
"""An Event card of the wrong time of day, held (D4): its words by seat and the card's time
(drawn at the other time)."""
HELD_KEY: tuple[Key, ...] = tuple(map(held_key, range(len(PLAYER_NAMES))))
"""``held_key`` by seat."""


def resolve_event(game: WildlifeWeb, card: str, start: int, log: EventLog,
                  cause: int | None) -> None:
    """Carry out the Event card's effects from ``start`` on, stopping at a choice (a
    pet to adopt, several animals it may strike); then the card is discarded."""
    event = CARD_EVENT[card]
    for index in range(start, len(event.effects)):
        eff = event.effects[index]
        if eff.kind == "pet":
            game.decision = {"event": card, "effect": index, "candidates": []}
            game.stage = "adopt"
            return
        if eff.kind == "kill":  # the owner chooses among several (D27)
            victims = event_targets(game, event, eff)
            if len(victims) > 1:
                game.decision = {"event": card, "effect": index,
                                 "candidates": [a["card"] for _, a in victims]}
                game.stage = "victim"
                return
            if victims:
                event_kill(game, event, eff, *victims[0], log, cause)
            elif log.record:  # (told as a row: core's direct telling, no call)
                events = log.events
                events.append((len(events), "event_none", f"{event.name}: none of your animals "
                               "is affected", cause, {}, (), ()))
            continue
        apply_event_effect(game, card, index, log, cause)
    game.decision = None
    game._discard(card)
    game.stage = "feed"


def event_targets(game: WildlifeWeb, event: EventType, eff: EventEffect) -> list[tuple[int, Pet]]:
    """The animals an effect strikes: its filter, in your Pack or everyone's (scope, D22),
    not sheltered from the Event (D23); owners from the drawing player on."""
    owners = [game.active] if eff.scope == "you" else \
        [(game.active + k) % game.players for k in range(game.players)]
    out = []
    struck = (id(event), id(eff))
    mods, day = game.mods, game.round % 2 == 0
    for p in owners:
        for a in game.packs[p]:
            kind, mated = CARD_ANIMAL[a["card"]], a["mate"] is not None
            # (no Event this turn: the time of day alone, as is_active says)
            active = game.is_active(kind, p, mated) if mods else \
                kind.day if day else kind.night
            key = (struck, kind.id, mated, active)
            hit = _STRIKES.get(key)
            if hit is None:
                hit = _STRIKES[key] = (eff.filter.matches(kind, mated=mated, active=active)
                                       and not game._sheltered(kind, event))
            if hit:
                out.append((p, a))
    return out


_STRIKES: dict[tuple[tuple[int, int], str, bool, bool], bool] = {}
"""Whether an Event's effect strikes an animal (its filter, and no shelter from the Event,
D23) by (the Event and the effect, by identity: the cards' own constant objects, the
species, mated, active): a pure function of them, so kept (a few thousand at most)."""


def event_kill(game: WildlifeWeb, event: EventType, eff: EventEffect, owner: int, a: Pet,
               log: EventLog, cause: int | None) -> None:
    """An Event kills one animal (its mate first, D12) to the discard pile or the
    highway."""
    kind = game._kind(a)
    told = loss(game, owner, a) if log.record else None
    card = game._remove_one(owner, a, log, cause)
    if eff.to == "highway":
        game.highway.append(card)
        where = "is placed on the highway as roadkill"
    else:
        game._discard(card)
        where = "is discarded"
    e = None
    if log.record:
        e = log.emit("event_kill", f"{event.name}: {PLAYER_NAMES[owner]}'s {kind.name} "
                                   f"{where}", cause=cause, cards=[card], nodes=[kind.id])
    if told is not None:
        reads, writes, named = told
        note(log, e, [*reads, TURN_EVENTS] if game.mods else reads,
                   [*writes, HIGHWAY] if eff.to == "highway" else writes, named)


def apply_event_effect(game: WildlifeWeb, card: str, index: int, log: EventLog,
                       cause: int | None) -> None:
    """One effect of an Event card other than a kill or a pet (``components.EVENT_KINDS``)."""
    event = CARD_EVENT[card]
    eff = event.effects[index]
    kind = eff.kind
    mark = chance_mark(game, log)
    if kind in MODIFIER_KINDS:
        game.mods.append([card, index])
        if log.record:  # (told as a row: core's direct telling, no call)
            events = log.events
            events.append((len(events), "event_turn", f"{event.name} lasts for this turn", cause,
                           {"cards": (card,)}, (), (TURN_EVENTS,)))
    elif kind == "forage":
        for p, a in event_targets(game, event, eff):
            got = feeding.draw_forage(game, a, eff.count or 1)
            if got:
                e = log.emit("forage", f"{event.name}: {PLAYER_NAMES[p]}'s "
                                       f"{game._kind(a).name} draws {len(got)} Forage "
                                       "card(s)", cause=cause, cards=got,
                             nodes=[game._kind(a).id]) if log.record else None
                if log.record:
                    f, n = slot_of(game, a)
                    note(log, e, drawn_since(game, mark), [food_key(f)],
                               [animal_id(n), family_id(f)])
                    mark = game.draws_so_far()
    elif kind in ("lose_forage", "lose_food"):
        for p, a in event_targets(game, event, eff):
            lost = (list(a["food"]) if kind == "lose_food" else
                    [c for c in a["food"] if c in FORAGE][-(eff.count or 1):])
            if lost:
                game._discard_food(a, lost)
                what = ("loses all its food" if kind == "lose_food" else
                        f"returns {len(lost)} Forage card(s)")
                e = log.emit("lose_food", f"{event.name}: {PLAYER_NAMES[p]}'s "
                                          f"{game._kind(a).name} {what}", cause=cause,
                             cards=lost, nodes=[game._kind(a).id]) if log.record else None
                if log.record:
                    f, n = slot_of(game, a)
                    note(log, e, [food_key(f)], [food_key(f), setback_key(p)],
                               [animal_id(n), family_id(f)])
    elif kind == "roadkill":
        for n in range(eff.count or 1):
            drawn = game._draw_wildlife(log, cause, f"{event.name}: Wildlife card {n + 1} "
                                                    "hit on the highway")
            if drawn is None:
                break
            game.highway.append(drawn)
            if log.record:  # (told as a row: core's direct telling, no call)
                hit = CARD_ANIMAL[drawn]
                events = log.events
                events.append((len(events), "roadkill", f"{event.name}: a {hit.name} is hit on "
                               "the highway", cause, {"cards": (drawn,), "nodes": (hit.id,)},
                               drawn_since(game, mark), (HIGHWAY,)))
                mark = game.draws_so_far()
    elif kind == "clear_roadkill":
        gone = game.highway[:eff.count] if eff.count else list(game.highway)
        for c in gone:
            game.highway.remove(c)
            game._discard(c)
        e = log.emit("clear_roadkill", f"{event.name}: {len(gone)} roadkill removed",
                     cause=cause, cards=gone) if log.record else None
        note(log, e, [HIGHWAY], [HIGHWAY])
    elif kind == "habitat_loss":
        gone = [c for c in game.habitat if eff.filter.matches(CARD_ANIMAL[c])]
        told: list[Key] = []
        for c in gone:
            game._from_habitat(c)
            game._discard(c)
            if log.record:
                told += dies(game, c)
            game.register.depart(c)
        e = log.emit("habitat_loss", f"{event.name}: {len(gone)} animal(s) leave the central "
                                     "habitat", cause=cause, cards=gone,
                     nodes=sorted({CARD_ANIMAL[c].id for c in gone})) if log.record else None
        if log.record:
            animals = [k for k in told if k[0] == "animal"]
            note(log, e, animals, told, [animal_id(k[1]) for k in animals])
    elif kind == "migration":
        if eff.count:
            moved = []
            for n in range(eff.count):
                drawn = game._draw_wildlife(log, cause, f"{event.name}: Wildlife card "
                                                        f"{n + 1} joining the habitat")
                if drawn is None:
                    break
                game._to_habitat(drawn)
                moved.append(drawn)
        else:
            moved = [c for c in game.wdeck + game.wdiscard
                     if eff.filter.matches(CARD_ANIMAL[c])]
            from_deck = [c for c in moved if c in game.wdeck]
            for c in moved:
                (game.wdeck if c in from_deck else game.wdiscard).remove(c)
                game._to_habitat(c)
        numbers = [game.register.arrive(c) for c in moved]
        e = log.emit("migration", f"{event.name}: {len(moved)} animal(s) join the central "
                                  "habitat", cause=cause, cards=moved,
                     nodes=sorted({CARD_ANIMAL[c].id for c in moved})) if log.record else None
        if log.record:
            note(log, e, drawn_since(game, mark), [*map(animal_key, numbers)],
                       [*map(animal_id, numbers)])


def choose_victim(game: WildlifeWeb, card: str, log: EventLog) -> None:
    """The owner chooses which of the animals the Event strikes dies (D27); the rest of
    the card's effects follow."""
    decision = game.decision
    assert decision is not None
    event = CARD_EVENT[decision["event"]]
    eff = event.effects[decision["effect"]]
    owner, a = game.find(card)  # type: ignore[misc]
    e = log.emit("choose", f"{PLAYER_NAMES[owner]} chooses the "
                           f"{game._kind(a).name}", cards=[card]) if log.record else None
    if log.record:
        reads, named = slot_keys(game, a)
        note(log, e, reads, named=named)
    event_kill(game, event, eff, owner, a, log, e)
    game.stage = "feed"
    resolve_event(game, decision["event"], decision["effect"] + 1, log, e)
    game._advance(log, e)


def adopt_pet(game: WildlifeWeb, adopt: bool, log: EventLog) -> None:
    """Pets (D21): the drawing player adopts the pet into the Pack, or discards it."""
    decision = game.decision
    assert decision is not None
    card = decision["event"]
    pet = CARD_ANIMAL[card]
    p = game.active
    if adopt:
        game.register.arrive(card)
        game._add_to_pack(p, card, log, None)
        if log.record:
            tell(log, "adopt", f"{PLAYER_NAMES[p]} adopts the {pet.name} as a pet", None,
                 *join_keys(game, p, card), cards=[card], nodes=[pet.id])
    else:
        game._discard(card)
        if log.record:
            log.emit("decline", f"{PLAYER_NAMES[p]} leaves the {pet.name}", cards=[card])
    game.decision = None
    game.stage = "feed"
    game._advance(log, None)
