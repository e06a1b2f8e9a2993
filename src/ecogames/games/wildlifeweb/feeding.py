"""Wildlife Web — 4) Forage, Hunt, or Scavenge: the feeding step, one action per animal.

Rulebook sections ("RB", ``shared/rulebooks/wildlife-web.txt``): "Forage, Hunt, or Scavenge",
"Hunting", "Hunting Mated Animals", "Scavenging Roadkill" and the steal abilities (Swipe,
Trickster...); decisions ``D<n>`` in ``docs/rules/wildlifeweb.md``. Each function takes the
game (``rules.WildlifeWeb``), reads and changes it as the rule says, and tells what happened
(with what each event read and wrote, ``why.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from itertools import repeat
from typing import TYPE_CHECKING, Any

from ecogames.core import Action, EventLog
from ecogames.core.chance import unkept
from ecogames.core.provenance import chance_key

from .actions import Forage, Hunt, Scavenge, Steal
from .components import (
    ALIKE_AFTER,
    ANIMALS,
    CARD_ANIMAL,
    CARD_EVENT,
    CARD_NAME,
    CARD_RANK,
    DIE_FACES,
    DIET_FORAGE,
    FACES,
    FORAGE,
    PLAYER_NAMES,
    Animal,
    Effect,
    alike,
    card_name,
)
from .why import (
    ANIMAL_ID,
    ANIMAL_KEY,
    FAMILY_ID,
    FOOD_KEY,
    HIGHWAY,
    PAIR_KEY,
    SETBACK_KEY,
    TURN_EVENTS,
    Key,
    animal_id,
    chance_keys,
    chance_mark,
    dies,
    drawn_since,
    family_id,
    food_key,
    loss,
    note,
    setback_key,
    slot_keys,
    slot_of,
    tell,
)

if TYPE_CHECKING:
    from .rules import Pet, WildlifeWeb


Gone = tuple[str, ...] | None
"""What a feed action changed that the other animals' feed actions read (``rules._fed``):
the cards whose actions are gone and nothing else (``()``: nothing they read changed), or
``None``: more than that, they are listed anew."""

Side = tuple[tuple[str, int], ...]
"""A side of a duel: its parts by name, (name, points), Power first."""

_hunt = cache(Hunt)
"""A Hunt of the legal actions, made once per (hunter, prey) card pair: actions are
immutable values, and a legal list makes many."""


def _sum_text(parts: list[tuple[str, int]], die: int | None = None) -> str:
    """A side of a duel in words, every bonus named: "Power 11 + 3 Burrow + die 5"."""
    terms = [f"{parts[0][0]} {parts[0][1]}"] if parts else []
    for name, value in parts[1:]:
        terms.append(f"{'-' if value < 0 else '+'} {abs(value)} {name}")
    return " ".join(terms) if die is None else _with_die(" ".join(terms), die)


@lru_cache(maxsize=4096)
def _side_text(parts: tuple[tuple[str, int], ...]) -> str:
    """:func:`_sum_text` of a side without its die: a pure function of its parts (the
    species' own, this turn's Events', an alarm call), kept for the sides met lately."""
    return _sum_text(list(parts))


@lru_cache(maxsize=4096)
def _side_pre(who: str, parts: tuple[tuple[str, int], ...], before: str = "") -> str:
    """A side of a duel in words up to its die's face, as a roll tells it:
    "Fox: Power 11 + 3 Burrow + die " (``before`` it: "; " for the second side)."""
    text = _side_text(parts)
    return f"{before}{who}: {text} + die " if text else f"{before}{who}: die "


@cache
def _die_name(who: str) -> str:
    """The name of the draw of the die rolled by or for ``who`` (a side of a duel)."""
    return "the die for the highway" if who == "Highway" else f"the {who}'s die"


def _with_die(text: str, die: int) -> str:
    """A side of a duel in words (:func:`_sum_text` without its die) and its die."""
    return f"{text} + die {die}" if text else f"die {die}"


@cache
def hunt_block(pred_id: str, pred_mated: bool, prey_id: str, prey_mated: bool,
               prey_active: bool) -> str | None:
    """Hunting: why ``pred`` may not hunt ``prey`` (None: it may). They must share a
    habitat, the prey must be active and the same Size or smaller, unless an ability says
    otherwise (surprise, reach; D19); an immune prey is safe from all but those it names.
    A pure function of the two species and their state, so it is cached."""
    pred, prey = ANIMALS[pred_id], ANIMALS[prey_id]
    if pred.habitats.isdisjoint(prey.habitats):
        return (f"Carnivores may only hunt animals that share at least one habitat: "
                f"{pred.name} ({', '.join(pred.habitat_order)}) and {prey.name} "
                f"({', '.join(prey.habitat_order)}) share none")
    if not prey_active and not any(_applies(e, pred_mated, prey, prey_mated, False)
                                   for e in pred.effects.get("surprise", ())):
        return f"the {prey.name} is not active now: prey must be active at that time of day"
    if prey.size > pred.size and not any(
            e.size >= prey.size and _applies(e, pred_mated, prey, prey_mated, prey_active)
            for e in pred.effects.get("reach", ())):
        return (f"the {prey.name} (Size {prey.size}) is larger than the {pred.name} "
                f"(Size {pred.size}): prey must be the same Size or smaller")
    for e in prey.effects.get("immune", ()):
        if not any(f.matches(pred, mated=pred_mated) for f in e.unless):
            return f"{e.ability}: the {prey.name} is safe from the {pred.name}"
    return None


def _applies(e: Effect, mated: bool, other: Animal, other_mated: bool,
             other_active: bool = True) -> bool:
    """An ability effect that applies against ``other`` (and needs a mate if it says so)."""
    return ((not e.mated or mated)
            and (e.vs is None or e.vs.matches(other, mated=other_mated, active=other_active)))


def forage_count(game: WildlifeWeb, a: Pet) -> int:
    """Foraging: one Forage card, or as many as an ability says (a mated one if it
    says so)."""
    counts = [e.count for e in CARD_ANIMAL[a["card"]].effects.get("forage", ())
              if not e.mated or a["mate"] is not None]
    return max(counts, default=1)


def draw_forage(game: WildlifeWeb, a: Pet, count: int) -> list[str]:
    """Forage cards from the deck: a chance draw among the face-down cards left; once
    they are gone, the cards put back under it come in the order they went (D32)."""
    got = []
    deck = game.fdeck
    for _ in range(count):
        if not deck:
            break
        known = game.fknown
        if len(deck) > known:
            in_order = game._forage_in_order is deck
            if in_order and not game.draws_are_kept:  # a plain push: the ticket chance()
                # would take, a place among the face-down cards (in the cards' order)
                size = len(deck) - known
                card: str = deck.pop(known + game.rng.below(size) if size > 1 else known)
            else:
                hidden = deck[known:]
                if not in_order:
                    ordered = sorted(hidden, key=CARD_RANK.__getitem__)
                    if ordered == hidden:
                        game._forage_in_order = deck
                    hidden = ordered
                if not game.draws_are_kept:
                    card = unkept(game.rng, hidden)
                else:
                    card = game.chance(f"a Forage card for the {CARD_ANIMAL[a['card']].name}",
                                       hidden, label=CARD_NAME.__getitem__)
                deck.remove(card)
        else:
            card = deck.pop()
            game.fknown -= 1
        a["food"].append(card)
        got.append(card)
    return got


def all_prey(game: WildlifeWeb) -> list[tuple[str, Animal, int | None, bool, bool]]:
    """Every animal that could be hunted: (card, kind, owner, mated, active); of two
    alike cards in the central habitat, one (D33)."""
    out: list[tuple[str, Animal, int | None, bool, bool]] = [
        (c, CARD_ANIMAL[c], None, False, game.is_active(CARD_ANIMAL[c], None))
        for c in game.habitat_kinds()]
    for p, a in _in_other_packs(game):
        kind, mated = CARD_ANIMAL[a["card"]], a["mate"] is not None
        out.append((a["card"], kind, p, mated, game.is_active(kind, p, mated)))
    return out


def _in_other_packs(game: WildlifeWeb) -> Iterator[tuple[int, Pet]]:
    """Hunting: the animals in the other players' Packs, (owner, animal): a player's own
    are never prey (D10)."""
    for p, pack in enumerate(game.packs):
        if p == game.active:
            continue
        for a in pack:
            yield p, a


PAIRED: dict[str, str] = {c: f"{c}+mate" for c in CARD_ANIMAL}
"""A Pack animal's key among the prey (:func:`_hunts_by_prey`) when it has a mate: its card's
own when it has none."""


@cache
def _hunts_by_prey(card: str, mated: bool, day: bool) -> dict[str, Hunt]:
    """The Hunts of the animal whose card is ``card`` while no Event of this turn is in
    play, by prey: a lone prey (every animal in the central habitat, a Pack animal without a
    mate) by its card, a Pack animal with a mate by ``PAIRED[card]``. There the time of day
    alone says whether an animal is active (:func:`hunt_block`), so this is a pure function
    of the cards, worked out once."""
    pred = CARD_ANIMAL[card]
    hunts: dict[str, Hunt] = {}
    for c, q in CARD_ANIMAL.items():
        active = q.active_at(day)
        if hunt_block(pred.id, mated, q.id, False, active) is None:
            hunts[c] = _hunt(card, c)
        if hunt_block(pred.id, mated, q.id, True, active) is None:
            hunts[PAIRED[c]] = _hunt(card, c)
    return hunts


STATE_KEY: dict[tuple[str, bool, bool], str] = {
    (c, mated, active): f"{c}{'+mate' if mated else ''}{'' if active else ' asleep'}"
    for c in CARD_ANIMAL for mated in (False, True) for active in (True, False)}
"""A prey's key by (card, mated, active) (:func:`_hunts_by_state`)."""


@cache
def _hunts_by_state(card: str, mated: bool) -> dict[str, Hunt]:
    """The Hunts of the animal whose card is ``card`` by its prey's key in ``STATE_KEY``
    (card, mated, active): what :func:`hunt_block` allows, for a turn whose Events change who
    is active; a pure function of the cards and their state, worked out once."""
    pred = CARD_ANIMAL[card].id
    return {key: _hunt(card, c) for (c, q_mated, q_active), key in STATE_KEY.items()
            if hunt_block(pred, mated, CARD_ANIMAL[c].id, q_mated, q_active) is None}


_scavenge = cache(Scavenge)
_forage = cache(Forage)
_steal = cache(Steal)


def feed_actions(game: WildlifeWeb) -> list[Action]:
    """Every Forage, Hunt, Scavenge and Steal open now: of each animal of the active Pack
    that may still act, its Forage, hunts (the central habitat's, then the other Packs'),
    scavenges and steals. Each animal's are read from its feeding plan (:data:`_PLANS`, by
    its card and whether it has a mate). While no Event of this turn changes who is active,
    the time of day alone says who is, and the hunts are read from each hunter's table
    (:func:`_hunts_by_prey`); otherwise every prey is asked anew, once."""
    out: list[Action] = []
    shifts, bans = _turn_event_kinds(game.mods)
    # (with an Event that changes who is active, each animal is asked, and the plans are
    # those of an active animal, hunts by the prey's state)
    plans = _PLANS[None if shifts else game.round % 2 == 0]
    acted, active = game.acted, game.active
    prey_keys: list[str] | None = None  # the prey's keys (the hunts' tables'), once asked
    carrion: list[str] | None = None
    for a in game.packs[active]:
        card = a["card"]
        if card in acted:  # One Action Per Animal (a pair is one animal, D16)
            continue
        plan = plans[card][a["mate"] is not None]
        # only active animals may feed
        if plan is None or (shifts and not game._pet_active(active, a)):
            continue
        forage, hunts, scavenges, steals = plan
        if forage is not None and game.fdeck and not (bans and game._restricted(a, "forage")):
            out.append(forage)
        if hunts is not None and not (bans and game._restricted(a, "hunt")):
            if prey_keys is None:
                prey_keys = _prey_keys(game, shifts)
            # the hunts of them in their order, looked up in C
            out.extend(filter(None, map(hunts.get, prey_keys)))
        if scavenges is not None and game.highway and not (
                bans and game._restricted(a, "scavenge")):
            if carrion is None:
                carrion = alike(game.highway)  # one of each kind (D33)
            out.extend(map(scavenges.__getitem__, carrion))
        if steals and not (bans and game._restricted(a, "steal")):
            out.extend(_steals(game, a))
    return out


def _prey_keys(game: WildlifeWeb, shifts: bool) -> list[str]:
    """The prey's keys in the hunts' tables (:data:`_PLANS`), in the order the hunts are
    listed: one of each kind in the central habitat (D33), then the other Packs' animals.
    While no Event of this turn changes who is active, a lone prey by its card and a pair
    by its own key (:func:`_hunts_by_prey`); otherwise by its state (:data:`STATE_KEY`)."""
    if shifts:  # an Event changes who is active: each prey's state asked once
        return [STATE_KEY[c, q_mated, q_active] for c, _, _, q_mated, q_active in all_prey(game)]
    keys = [*game.habitat_kinds()]  # (a list of its own: the other Packs' join it)
    active = game.active
    for p, pack in enumerate(game.packs):
        if p != active:
            keys += [q["card"] if q["mate"] is None else PAIRED[q["card"]] for q in pack]
    return keys


Plan = tuple[Forage | None, dict[str, Hunt] | None, dict[str, Scavenge] | None, bool]
"""What an animal may do to feed (:func:`feed_actions`): its Forage (None: it does not
forage), its hunts by the prey's key (None: it does not hunt), its Scavenges by the
carrion's card (None: it does not scavenge), and whether it may steal."""


class _Plans(dict[str, tuple["Plan | None", "Plan | None"]]):
    """The feeding plans of the animals, by card, lone and with a mate, at one time of day
    (None for an animal asleep then) or, where an Event changes who is active (``day``
    None), of every animal as if active, hunts by the prey's state: made on first use."""

    def __init__(self, day: bool | None) -> None:
        super().__init__()
        self.day = day

    def __missing__(self, card: str) -> tuple[Plan | None, Plan | None]:
        kind, day = CARD_ANIMAL[card], self.day
        if day is not None and not kind.active_at(day):
            plans: tuple[Plan | None, Plan | None] = (None, None)
        else:
            plans = (self._plan(card, False), self._plan(card, True))
        self[card] = plans
        return plans

    def _plan(self, card: str, mated: bool) -> Plan:
        kind, day = CARD_ANIMAL[card], self.day
        hunts = None
        if kind.can_hunt:
            hunts = _hunts_by_state(card, mated) if day is None else \
                _hunts_by_prey(card, mated, day)
        return (_forage(card) if kind.can_forage else None, hunts,
                _Scavenges(card) if kind.can_scavenge else None, "steal" in kind.effects)


class _Scavenges(dict[str, Scavenge]):
    """The Scavenges of one animal, by the carrion's card, made on first use."""

    def __init__(self, card: str) -> None:
        super().__init__()
        self.card = card

    def __missing__(self, carrion: str) -> Scavenge:
        action = self[carrion] = _scavenge(self.card, carrion)
        return action


_PLANS: dict[bool | None, _Plans] = {day: _Plans(day) for day in (True, False, None)}
"""The animals' feeding plans by the time of day (:class:`_Plans`), None where an Event
changes who is active."""


def _turn_event_kinds(mods: list[list[Any]]) -> tuple[bool, bool]:
    """Whether this turn's Events (``WildlifeWeb.mods``) change who is active (Full Moon,
    Heat Wave: ``WildlifeWeb.is_active`` reads them), and whether any forbids an action
    (Blizzard: ``WildlifeWeb._restricted``); an attack or defence bonus does neither."""
    if not mods:
        return False, False
    kinds = {CARD_EVENT[card].effects[index].kind for card, index in mods}
    return not kinds.isdisjoint(("activate", "sleep")), "restrict" in kinds


def usable_steals(game: WildlifeWeb, a: Pet) -> list[Effect]:
    """The thief's steal abilities it may still use (D25): a once-per-game one only
    until it has been used."""
    out = []
    for e in CARD_ANIMAL[a["card"]].effects.get("steal", ()):
        if e.once and f"{a['card']}:{e.ability}" in game.once:
            continue
        out.append(e)
    return out


def _steals_food(e: Effect, food: str) -> bool:
    """The steal ability takes this kind of food (any, Forage cards, or animals)."""
    return not ((e.food == "forage" and food not in FORAGE)
                or (e.food == "animal" and food not in CARD_ANIMAL))


def steal_effect(game: WildlifeWeb, a: Pet, food: str, victim: Animal, victim_mated: bool,
                 victim_active: bool) -> Effect | None:
    """The first of the thief's steal abilities that fits this meal (D25)."""
    for e in usable_steals(game, a):
        if _steals_food(e, food) and (e.victim is None or e.victim.matches(
                victim, mated=victim_mated, active=victim_active)):
            return e
    return None


def steal_targets(game: WildlifeWeb, a: Pet) -> list[str]:
    """The meals ``a`` may steal: the food under other players' animals that one of
    its steal abilities names (two alike cards under one animal are one meal, D33)."""
    return [s.food for s in _steals(game, a)]


_TAKES: dict[tuple[object, ...], str] = {}
""":func:`_victim_takes` by (thief, its usable steal abilities by identity, victim, mated,
active): a pure function of them (the abilities are the cards' own constant objects), so
kept; emptied when it grows past 8,192."""


def _steals(game: WildlifeWeb, a: Pet) -> list[Steal]:
    """The Steals of ``a`` (:func:`steal_targets`): of each victim, one of each kind of its
    food (D33) that the abilities naming it take (:func:`_victim_takes`, kept while the
    victim's state stays the same)."""
    card, me = a["card"], game.active
    named = _named_victims(card)  # (most listings have no one to rob: asked first, cheaply)
    robbed = [(p, v) for p, pack in enumerate(game.packs) if p != me
              for v in pack if v["food"] and v["card"] in named]
    out: list[Steal] = []
    if not robbed:
        return out
    effects = usable_steals(game, a)
    if not effects:
        return out
    usable = tuple(map(id, effects))
    mods, day = game.mods, game.round % 2 == 0
    for p, v in robbed:
        food = v["food"]
        kind, mated = CARD_ANIMAL[v["card"]], v["mate"] is not None
        # (no Event this turn: the time of day alone, as is_active says)
        active = game.is_active(kind, p, mated) if mods else \
            kind.day if day else kind.night
        key = (card, usable, v["card"], mated, active)
        takes = _TAKES.get(key)
        if takes is None:
            if len(_TAKES) >= 8192:
                _TAKES.clear()
            takes = _TAKES[key] = _victim_takes(effects, kind, mated, active)
        if takes == "none":
            continue
        meals = alike(food)
        if takes == "forage":
            meals = [f for f in meals if f in FORAGE]
        elif takes == "animal":
            meals = [f for f in meals if f in CARD_ANIMAL]
        out.extend(map(_steal, repeat(card, len(meals)), meals))
    return out


@cache
def _named_victims(card: str) -> frozenset[str]:
    """The animal cards some steal ability of the animal ``card`` names (its victim filter,
    mated or not, active or not): any other has no meal :func:`_steals` could offer (a pure
    function of the card, worked out once)."""
    effects = CARD_ANIMAL[card].effects.get("steal", ())
    return frozenset(c for c, kind in CARD_ANIMAL.items() if any(
        e.victim is None or e.victim.matches(kind, mated=mated, active=active)
        for e in effects for mated in (False, True) for active in (False, True)))


def _victim_takes(effects: list[Effect], victim: Animal, mated: bool, active: bool) -> str:
    """The food the steal abilities ``effects`` that name an animal of kind ``victim``
    take from under it (:func:`_steals_food`): "any", "forage" (Forage cards), "animal"
    (animals) or "none" (no ability names it)."""
    foods = {e.food for e in effects
             if e.victim is None or e.victim.matches(victim, mated=mated, active=active)}
    if "any" in foods or {"forage", "animal"} <= foods:
        return "any"
    return foods.pop() if foods else "none"


def duel(game: WildlifeWeb, parts_a: list[tuple[str, int]], parts_b: list[tuple[str, int]],
         log: EventLog, cause: int | None, who_a: str,
         who_b: str) -> tuple[bool, int | None]:
    """One duel: both roll one die; ties are rolled again ("the chase is on"). Each side
    is its score's parts (Power, then every bonus by name), told one by one."""
    base_a = base_b = 0  # (loops: a side is a part or a few, fewer than map and sum cost)
    for _, points in parts_a:
        base_a += points
    for _, points in parts_b:
        base_b += points
    kept = game.draws_are_kept
    below = game.rng.below
    if kept:  # each die's draw named once a duel (a roll again adds its number)
        die_a, die_b = _die_name(who_a), _die_name(who_b)
    # each side in words before its die's face, worked out once a duel when telling:
    # "Fox: Power 11 + 3 Burrow + die " (_sum_text's, then the die, then the total)
    record = log.record
    if record:
        pre_a, pre_b = _side_pre(who_a, tuple(parts_a)), _side_pre(who_b, tuple(parts_b), "; ")
        events = log.events
        drawn = game.draws_so_far()  # (two draws a roll: counted on here)
    roll = 1
    while True:
        if kept:  # a die: a chance draw of its six faces (WildlifeWeb._roll's)
            if roll == 1:
                da, db = game.chance(die_a, FACES), game.chance(die_b, FACES)
            else:
                again = f" (roll {roll})"
                da, db = game.chance(die_a + again, FACES), game.chance(die_b + again, FACES)
        else:  # a plain push: the dice by the tickets _roll's draws would take, unnamed
            da, db = below(DIE_FACES) + 1, below(DIE_FACES) + 1
        ta, tb = base_a + da, base_b + db
        e = None
        if record:  # (told as a row: core's direct telling, no call)
            drawn += 2
            e = len(events)
            events.append((e, "roll", f"{pre_a}{da} = {ta}{pre_b}{db} = {tb}", cause,
                           {"dice": (da, db)}, chance_keys(drawn - 2, drawn), ()))
        if ta != tb:
            return ta > tb, e
        cause = None
        if record:
            cause = len(events)
            events.append((cause, "tie", "Tie. The chase is on: roll again", e, {}, (), ()))
        roll += 1


def hunt(game: WildlifeWeb, action: Hunt, log: EventLog) -> Gone:
    """Hunting: Power + abilities + one die against the prey's Power + abilities + the
    other die; the player to the left rolls for central-habitat animals. What changed for
    the other animals' feed actions (:data:`Gone`): nothing when the hunter went hungry;
    the actions naming the prey when it was eaten, and those naming the food of a lone
    Pack prey (gone with it), unless more changed: a card alike the prey in the habitat
    now offered in its place (D33), a pair split, or Forage cards back in an empty deck."""
    p = game.active
    a = game.own(action.animal)
    pred, pred_mated = CARD_ANIMAL[a["card"]], a["mate"] is not None
    card, prey, owner, prey_mated, prey_active, victim = _prey_of(game, action.prey)
    start = None
    if log.record:  # the action's words (describe's), of where the prey was found here
        game.label_told = hunt_label(action.animal, card, owner)
        roller = game.left_of(p) if owner is None else owner
        reads, named = _hunt_reads(game, a, card, victim)
        events = log.events  # (told as a row: core's direct telling, no call)
        start = len(events)
        events.append((start, "hunt", _hunt_words(p, a["card"], card, owner, roller),
                       None, {"cards": (a["card"], card), "nodes": (pred.id, prey.id),
                              "edges": ((prey.id, pred.id),), "ids": named},
                       reads, ()))
    game.acted.append(a["card"])
    for e in prey.effects.get("hide", ()):  # before the duel (D28)
        die = game._roll(f"the {prey.name}'s die ({e.ability}: it hides on {e.on} or more)")
        if die >= e.on:
            if log.record:
                _hungry(game, log, p, a, "hide", f"{e.ability}: the {prey.name} rolls {die} "
                        f"and hides; the {pred.name} goes hungry", start,
                        {"dice": (die,), "nodes": (prey.id,)}, hid=True)
            return ()
        if log.record:
            tell(log, "hide_fail", f"{e.ability}: the {prey.name} rolls {die} and cannot hide",
                 start, [chance_key(game.draws_so_far() - 1)], dice=[die], nodes=[prey.id])
    won, last = hunt_duel(game, pred, pred_mated, card, prey, owner, prey_mated,
                                prey_active, log, start)
    if not won:
        if log.record:
            _hungry(game, log, p, a, "escape",
                    f"The {prey.name} escapes; the {pred.name} goes hungry", last,
                    {"nodes": (prey.id,)})
        return ()
    told: tuple[list[Key], list[Key], list[str]] | None = None
    gone: Gone
    if owner is None:
        game._from_habitat(card)
        eaten = card
        if log.record:
            told = ([], dies(game, card), [ANIMAL_ID[game.register.animals[card]]])
        game.register.depart(card)
        gone = None if ALIKE_AFTER.get(card) in game.habitat else (card,)
    else:
        assert victim is not None  # (a Pack's animal)
        if log.record:
            told = loss(game, owner, victim)
        food, refill = tuple(victim["food"]), not game.fdeck
        eaten = game._remove_one(owner, victim, log, last)
        gone = None if prey_mated or (refill and game.fdeck) else (card, *food)
    a["food"].append(eaten)
    if told is not None:
        reg, mine = game.register, a["card"]
        f = reg.families[mine]
        _, writes, eaten_named = told
        events = log.events  # (told as a row: core's direct telling, no call)
        events.append((len(events), "eat", _eat_words(card, mine), last,
                       {"cards": (eaten,), "nodes": (prey.id, pred.id),
                        "edges": ((prey.id, pred.id),),
                        "ids": (ANIMAL_ID[reg.animals[mine]], FAMILY_ID[f], *eaten_named)},
                       (), (FOOD_KEY[f], *writes)))
    return gone


@lru_cache(maxsize=4096)
def _hunt_words(p: int, hunter: str, prey: str, owner: int | None, roller: int) -> str:
    """A hunt told: who hunts what, where the prey is and who rolls for it (a pure function
    of the cards and seats, kept for the hunts met lately)."""
    return (f"{PLAYER_NAMES[p]}'s {CARD_ANIMAL[hunter].name} hunts the "
            f"{CARD_ANIMAL[prey].name} {_HUNT_WHERE[owner, roller]}")


@lru_cache(maxsize=4096)
def _eat_words(prey: str, hunter: str) -> str:
    """A prey eaten, told (a pure function of the two cards, kept for the meals met
    lately)."""
    kind = CARD_ANIMAL[prey]
    return (f"The {kind.name} is eaten and placed as food under the "
            f"{CARD_ANIMAL[hunter].name} (food value {kind.size})")


def _prey_of(game: WildlifeWeb,
             card: str) -> tuple[str, Animal, int | None, bool, bool, Pet | None]:
    """The legal hunt's prey ``card`` as :func:`all_prey` lists it: (card, kind, owner,
    mated, active), and its Pack slot (None in the central habitat)."""
    kind = CARD_ANIMAL[card]
    if card in game.habitat:
        # (no Event this turn: the time of day alone, as is_active says)
        return card, kind, None, False, game.is_active(kind, None) if game.mods else \
            kind.day if game.round % 2 == 0 else kind.night, None
    owner, a = game.find(card)  # type: ignore[misc]
    mated = a["mate"] is not None
    return card, kind, owner, mated, game.is_active(kind, owner, mated) if game.mods else \
        kind.day if game.round % 2 == 0 else kind.night, a


@lru_cache(maxsize=4096)
def hunt_label(animal: str, prey: str, owner: int | None) -> str:
    """A hunt in words, as ``view.describe`` says it before the hunt: the hunter's card, and
    the prey's and where it is (the central habitat, or its owner's Pack); a pure function
    of the cards and seat, kept for the hunts met lately."""
    hunted = f"the {CARD_ANIMAL[prey].name} in the habitat" if owner is None else \
        f"{PLAYER_NAMES[owner]}'s {CARD_ANIMAL[prey].name}"
    return f"{CARD_ANIMAL[animal].name} hunts {hunted}"


def _hunt_reads(game: WildlifeWeb, a: Pet, card: str,
                victim: Pet | None) -> tuple[tuple[Key, ...], tuple[str, ...]]:
    """What the hunt reads, and the ids it names: the hunter and its prey (where they are,
    whether paired), and the Events of this turn that change attacks, defences and who is
    active."""
    reg = game.register
    animals, mine, mate = reg.animals, a["card"], a["mate"]
    n, f = animals[mine], reg.families[mine]
    named: tuple[str, ...] = (ANIMAL_ID[n], FAMILY_ID[f]) if mate is None else \
        (ANIMAL_ID[n], ANIMAL_ID[animals[mate]], FAMILY_ID[f])
    if victim is None:
        prey = animals[card]
        reads: tuple[Key, ...] = (ANIMAL_KEY[n], PAIR_KEY[f], ANIMAL_KEY[prey])
        named += (ANIMAL_ID[prey],)
    else:
        more, prey_named = slot_keys(game, victim)
        reads = (ANIMAL_KEY[n], PAIR_KEY[f], *more)
        named += (*prey_named,)
    if game.mods:
        reads += (TURN_EVENTS,)
    return reads, named


_HUNT_WHERE: dict[tuple[int | None, int], str] = {
    (owner, roller): ("in the central habitat" if owner is None
                      else f"in {PLAYER_NAMES[owner]}'s Pack")
    + f" ({PLAYER_NAMES[roller]} rolls for the prey)"
    for owner in (None, *range(len(PLAYER_NAMES))) for roller in range(len(PLAYER_NAMES))}
"""A hunt's words after its prey: where the prey is, and who rolls for it, by (the prey's
owner, the roller)."""


def _hungry(game: WildlifeWeb, log: EventLog, p: int, a: Pet, kind: str, text: str,
            cause: int | None, touched: dict[str, tuple[Any, ...]], hid: bool = False) -> None:
    """Tell (while the log records) the event ``kind``: ``p``'s animal ``a`` goes hungry
    (a setback for its Pack); ``hid``: the prey's hide die, just rolled, decided it.
    ``touched``: the event's own, but its ids (added here, last)."""
    reg, card = game.register, a["card"]
    touched["ids"] = (ANIMAL_ID[reg.animals[card]], FAMILY_ID[reg.families[card]])
    reads: tuple[Key, ...] = ()
    if hid:
        now = game.draws_so_far()
        reads = chance_keys(now - 1, now)
    events = log.events  # (told as a row: core's direct telling, no call)
    events.append((len(events), kind, text, cause, touched, reads, (SETBACK_KEY[p],)))


@cache
def duel_sides(pred_id: str, pred_mated: bool, prey_id: str, prey_mated: bool,
               prey_active: bool) -> tuple[Side, Side, tuple[Effect, ...]]:
    """A hunt's attack and defence by the two animals' own abilities (before this turn's
    Events and the alarm calls of the prey's Pack), and the predator's rerolls: a pure
    function of the two species and their state, so it is cached."""
    pred, prey = ANIMALS[pred_id], ANIMALS[prey_id]
    attack = [("Power", pred.power)]
    attack += [(e.ability, e.bonus) for e in pred.effects.get("attack", ())
               if _applies(e, pred_mated, prey, prey_mated, prey_active)]
    defence = [("Power", prey.power)]
    defence += [(e.ability, e.bonus) for e in prey.effects.get("defence", ())
                if (not e.mated or prey_mated)
                and (e.vs is None or e.vs.matches(pred, mated=pred_mated))
                and not any(f.matches(pred, mated=pred_mated) for f in e.unless)]
    rerolls = tuple(e for e in pred.effects.get("reroll", ())
                    if _applies(e, pred_mated, prey, prey_mated, prey_active))
    return tuple(attack), tuple(defence), rerolls


def hunt_duel(game: WildlifeWeb, pred: Animal, pred_mated: bool, card: str, prey: Animal,
              owner: int | None, prey_mated: bool, prey_active: bool, log: EventLog,
              start: int | None) -> tuple[bool, int | None]:
    """Hunting: "the carnivore adds its Power plus any special abilities, plus a roll of
    one dice. The prey adds its Power, plus any special abilities, plus a roll of the
    other dice"; every bonus is told by name (Events by theirs)."""
    p = game.active
    own_attack, own_defence, rerolls = duel_sides(pred.id, pred_mated, prey.id, prey_mated,
                                                  prey_active)
    attack, defence = list(own_attack), list(own_defence)
    if game.mods:
        attack += game._modifier_parts(pred, p, pred_mated, "attack")
        defence += game._modifier_parts(prey, owner, prey_mated, "defence")
    if owner is not None:  # the largest alarm call of the prey's Pack (D24)
        alarms = [(e.bonus, f"{e.ability} ({game._kind(v).name})")
                  for v in game.packs[owner] if v["card"] != card
                  for e in CARD_ANIMAL[v["card"]].effects.get("sentinel", ())
                  if game._pet_active(owner, v)]  # (asked of a sentinel alone)
        if alarms:
            bonus, why = max(alarms, key=lambda x: x[0])
            defence.append((why, bonus))
    won, last = duel(game, attack, defence, log, start, pred.name, prey.name)
    if not won and rerolls:
        again = None
        if log.record:
            again = log.emit("reroll", f"{rerolls[0].ability}: the first attack falls short; "
                                       "roll the dice and try again", cause=last)
        won, last = duel(game, attack, defence, log, again, pred.name, prey.name)
    return won, last


def scavenge(game: WildlifeWeb, action: Scavenge, log: EventLog) -> Gone:
    """Scavenging Roadkill: Agility + one die against the highway's die, rolled by the
    player to the left; ties are rolled again (D11). Size doesn't matter. What changed for
    the other animals' feed actions (:data:`Gone`): once the carrion is taken, the
    actions naming it are gone (all are listed anew if a card alike it on the highway is
    now offered in its place, D33)."""
    p = game.active
    a = game.own(action.animal)
    kind = CARD_ANIMAL[a["card"]]
    carrion = CARD_ANIMAL[action.carcass]
    game.acted.append(a["card"])
    bonus = [(e.ability, e.bonus) for e in kind.effects.get("scavenge", ())]
    start = None
    if log.record:
        reads, named = slot_keys(game, a)
        events = log.events  # (told as a row: core's direct telling, no call)
        start = len(events)
        events.append((start, "scavenge", f"{PLAYER_NAMES[p]}'s {kind.name} tries to scavenge "
                                          f"the {carrion.name} from the highway "
                                          f"({PLAYER_NAMES[(p + 1) % game.players]} rolls for "
                                          "the highway)", None,
                       {"cards": (a["card"], action.carcass), "nodes": (kind.id,),
                        "ids": tuple(named)}, (*reads, HIGHWAY), ()))
    won, last = duel(game, [("Agility", kind.agility), *bonus], [], log, start,
                           kind.name, "Highway")
    if not won:
        if log.record:
            _hungry(game, log, p, a, "traffic", f"The {kind.name} is not agile enough to "
                    "dodge the traffic; the roadkill stays on the highway", last, {})
        return ()
    game.highway.remove(action.carcass)
    a["food"].append(action.carcass)
    if log.record:
        reg, mine = game.register, a["card"]
        f = reg.families[mine]
        events = log.events  # (told as a row: core's direct telling, no call)
        events.append((len(events), "eat", f"The {kind.name} takes the {carrion.name} as "
                                           f"carrion (food value {carrion.size})", last,
                       {"cards": (action.carcass,), "nodes": ("carrion", kind.id),
                        "edges": (("carrion", kind.id),),
                        "ids": (ANIMAL_ID[reg.animals[mine]], FAMILY_ID[f])},
                       (), (FOOD_KEY[f], HIGHWAY)))
    return None if ALIKE_AFTER.get(action.carcass) in game.highway else (action.carcass,)


def steal(game: WildlifeWeb, action: Steal, log: EventLog) -> Gone:
    """A steal ability (Swipe, Trickster...): take one food card from another player's
    animal, after a duel when the ability says so (D25); the thief has acted. What changed
    for the other animals' feed actions (:data:`Gone`): nothing if the victim kept its
    meal; its food if not (listed anew)."""
    p = game.active
    a = game.own(action.animal)
    thief = game._kind(a)
    owner, victim = game.holder_of_food(action.food)
    vkind, vmated = game._kind(victim), victim["mate"] is not None
    eff = steal_effect(game, a, action.food, vkind, vmated,
                             game.is_active(vkind, owner, vmated))
    assert eff is not None
    game.acted.append(a["card"])
    if eff.once:
        game.once.append(f"{a['card']}:{eff.ability}")
    start = log.emit("steal", f"{eff.ability}: {PLAYER_NAMES[p]}'s {thief.name} goes "
                              f"for the {card_name(action.food)} under "
                              f"{PLAYER_NAMES[owner]}'s {vkind.name}",
                     cards=[a["card"], victim["card"], action.food],
                     nodes=[thief.id, vkind.id]) if log.record else None
    if log.record:
        reads, named = slot_keys(game, a)
        more, victim_named = slot_keys(game, victim)
        vf = slot_of(game, victim)[0]
        note(log, start, [*reads, *more, food_key(vf)], named=[*named, *victim_named])
    last = start
    if eff.contest != "none":
        mine = ("Agility", thief.agility) if eff.contest == "agility" else \
            ("Strength", thief.strength)
        won, last = duel(game, [mine], [("Strength", vkind.strength)], log, start,
                               thief.name, vkind.name)
        if not won:
            if log.record:
                _hungry(game, log, p, a, "escape", f"The {vkind.name} keeps its meal", last, {})
            return ()
    victim["food"].remove(action.food)
    a["food"].append(action.food)
    e = log.emit("eat", f"The {thief.name} takes the {card_name(action.food)}", cause=last,
                 cards=[action.food], nodes=[thief.id]) if log.record else None
    if log.record:
        (f, n), (vf, vn) = slot_of(game, a), slot_of(game, victim)
        note(log, e, [], [food_key(f), food_key(vf), setback_key(owner)],
                   [animal_id(n), family_id(f), animal_id(vn), family_id(vf)])
    return None


def forage(game: WildlifeWeb, action: Forage, log: EventLog) -> Gone:
    """Foraging: draw one Forage card (or as many as an ability says) as food. What
    changed for the other animals' feed actions (:data:`Gone`): nothing, unless it emptied
    the Forage deck (no one else may forage now: listed anew); a forager's own food is no
    other animal of its Pack's business."""
    p = game.active
    a = game.own(action.animal)
    kind = CARD_ANIMAL[a["card"]]
    game.acted.append(a["card"])
    mark = chance_mark(game, log)
    got = draw_forage(game, a, forage_count(game, a))
    if log.record:
        names, nodes, edges = _forage_words(kind.id, tuple(got))
        reg, mine = game.register, a["card"]
        f = reg.families[mine]
        events = log.events  # (told as a row: core's direct telling, no call)
        events.append((len(events), "forage", f"{PLAYER_NAMES[p]}'s {kind.name} forages: {names}",
                       None, {"cards": (mine, *got), "nodes": nodes, "edges": edges,
                              "ids": (ANIMAL_ID[reg.animals[mine]], FAMILY_ID[f])},
                       drawn_since(game, mark), (FOOD_KEY[f],)))
    return () if game.fdeck else None


@lru_cache(maxsize=4096)
def _forage_words(species: str, got: tuple[str, ...]
                  ) -> tuple[str, tuple[str, ...], tuple[tuple[str, str], ...]]:
    """A forage's words (the cards drawn, by name) and its part of the food web: the
    groups the species' diet eats among the cards' (a Forage card drawn outside them, an
    elk's grasshoppers, is 1 food all the same but no arrow of the web), then the species,
    and the arrows from those groups to it. A pure function of the species and the cards,
    kept for those met lately."""
    groups = sorted(_forage_groups(species).intersection([FORAGE[c].group for c in got]))
    return (", ".join(map(CARD_NAME.__getitem__, got)), (*groups, species),
            tuple([(g, species) for g in groups]))


@cache
def _forage_groups(species: str) -> frozenset[str]:
    """The Forage groups a species' diet eats (the food web's arrows from them)."""
    return frozenset(g for d in ANIMALS[species].diet for g in DIET_FORAGE.get(d, ()))
