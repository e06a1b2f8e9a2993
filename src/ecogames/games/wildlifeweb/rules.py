"""Wildlife Web — the engine.

Source of truth: ``shared/rulebooks/wildlife-web.txt`` (quoted as "RB"); every decision
where it is silent is in ``docs/rules/wildlifeweb.md`` (cited as ``D<n>``). The rule
functions are named after the rulebook's sections.

A turn (RB "Sequence of a Turn", "Between Turns", "Instructions for Swapping"):

====================  ==========================================================
stage                 what happens / who decides
====================  ==========================================================
setup_roadkill        Game Setup: the dealer places 4 habitat animals on the highway
draft                 Game Setup: players pick their Pack, clockwise, no duplicate species
restock               Restock Roadkill: at daybreak the dealer refills the highway to 4
(secure)              Secure Mature Offspring: automatic, when the family is active
swap                  Swapping: swap one Wildlife card, or keep the Pack
replace               1) Replace missing cards: from the habitat or the Wildlife deck
(event)               3) Draw an Event card (automatic); wrong time: held for next turn
victim / adopt        an Event's choice: which animal it strikes; adopt a pet or not
feed                  4) Forage, Hunt, Scavenge (or steal): one action per animal
mate                  5) Take a mate, raise Offspring; 6) end the turn
====================  ==========================================================

Day/Night (step 2) turns when play returns to the dealer.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product
from typing import Any

from ecogames.core import Action, EventLog, Game, Option, Outcome, Rng, SaveError
from ecogames.core import schema as s
from ecogames.core.provenance import OUTCOME, chance_key, extinct_key, gone_key

from . import identity as ids
from .components import (
    ALL_CARDS,
    ANIMALS,
    CARD_ANIMAL,
    CARD_EVENT,
    CARD_KIND,
    DIE_FACES,
    DIET_FORAGE,
    EVENT_CARDS,
    FOOD_VALUE,
    FORAGE,
    FORAGE_CARDS,
    HABITAT_CARDS,
    HIGHWAY_CARDS,
    MATE_DRAWS,
    MATE_OF,
    MAX_OFFSPRING_TO_WIN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OFFSPRING_CARDS,
    OFFSPRING_TO_WIN,
    PACK_SIZES,
    REFERENCE_CARD,
    ROADKILL,
    WILDLIFE_CARDS,
    Animal,
    Effect,
    EventEffect,
    EventType,
    card_name,
)
from .identity import (
    HIGHWAY,
    TURN_EVENTS,
    Register,
    animal_id,
    animal_key,
    family_id,
    family_key,
    family_keys,
    food_key,
    held_key,
    pair_key,
    secured_key,
    setback_key,
    waits_key,
)

DEALER = 0
"""Game Setup: the dealer (seat 0) places the Day/Night card, deals and starts."""
MODIFIER_KINDS = frozenset({"restrict", "activate", "sleep", "modify"})

# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------


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


PHASES: dict[str, tuple[type[Action], ...]] = {
    "setup_roadkill": (PlaceRoadkill,),
    "draft": (Draft,),
    "restock": (PlaceRoadkill,),
    "swap": (Swap, KeepPack),
    "replace": (TakeFromHabitat, DrawWildlife),
    "victim": (ChooseVictim,),
    "adopt": (AdoptPet, DeclinePet),
    "feed": (Forage, Hunt, Scavenge, Steal, EndFeeding),
    "mate": (TakeMate, RaiseOffspring, EndTurn),
    "over": (),
}
"""Which actions each stage allows. Stages between them (secure, event) run by themselves."""

ACTION_TYPES = (PlaceRoadkill, Draft, Swap, KeepPack, TakeFromHabitat, DrawWildlife,
                ChooseVictim, AdoptPet, DeclinePet, Forage, Hunt, Scavenge, Steal, EndFeeding,
                TakeMate, RaiseOffspring, EndTurn)

# ---------------------------------------------------------------------------------------------
# Small pure helpers
# ---------------------------------------------------------------------------------------------

Pet = dict[str, Any]
"""An animal in a Pack: ``{"card", "mate", "food", "offspring", "waiting"}``."""
Key = ids.Key


def food_value(food: list[str]) -> int:
    """Food Value: Forage cards count 1, animals their Size."""
    return sum(map(FOOD_VALUE.__getitem__, food))


def discard_options(food: list[str] | tuple[str, ...], need: int) -> list[tuple[str, ...]]:
    """Discard Food: every way to give up "requisite food" of at least ``need``, keeping the
    surplus (no card can be spared). Forage cards are interchangeable (D14): the earliest
    are given first; so are animals of equal Size."""
    return list(_discard_options(tuple(food), need))


@lru_cache(maxsize=8192)
def _discard_options(food: tuple[str, ...], need: int) -> tuple[tuple[str, ...], ...]:
    """:func:`discard_options` of a tuple, cached (a bounded cache): a pure function of the
    food and the need, asked at every mating step until the animal's food changes."""
    forage = [c for c in food if c in FORAGE]
    by_size: dict[int, list[str]] = {}
    for c in food:
        if c not in FORAGE:
            by_size.setdefault(FOOD_VALUE[c], []).append(c)
    sizes = sorted(by_size)
    options = []
    for counts in product(*(range(len(by_size[v]) + 1) for v in sizes)):
        meat = sum(v * k for v, k in zip(sizes, counts))
        extra = max(0, need - meat)
        if extra > len(forage):
            continue
        total = meat + extra
        used = [v for v, k in zip(sizes, counts) if k] + ([1] if extra else [])
        if not used or any(total - v >= need for v in used):
            continue
        chosen = set(forage[:extra])
        for v, k in zip(sizes, counts):
            chosen.update(by_size[v][:k])
        options.append(tuple(c for c in food if c in chosen))
    return tuple(options)


CARD_RANK = {card: rank for rank, card in enumerate(ALL_CARDS)}
"""The cards' order (``components.ALL_CARDS``): a draw lists the cards left in it, so what
comes never depends on how a face-down pile happens to be stored."""
CARD_GROUP = {card: card.split(".")[1] for card in ALL_CARDS}
"""Cards that are alike (the two cards of a species, two copies of an Event): one group."""
FACES = tuple(range(1, DIE_FACES + 1))
NAME = {card: card_name(card) for card in ALL_CARDS}


def alike(cards: list[str]) -> list[str]:
    """One card of each kind among ``cards``, in their order: two cards of a species in the
    central habitat or on the highway are alike, so only the first (in the cards' order) is
    offered (D29, D33)."""
    return list(_alike(tuple(cards)))


@lru_cache(maxsize=4096)
def _alike(cards: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`alike` of a tuple, cached (a bounded cache: a long search sees many habitats):
    the habitat changes far less often than it is asked for its prey."""
    groups = [CARD_GROUP[card] for card in cards]
    if len(set(groups)) == len(groups):  # nothing alike (the usual case)
        return cards
    first: dict[str, str] = {}
    for card in cards:
        group = CARD_GROUP[card]
        if group not in first or CARD_RANK[card] < CARD_RANK[first[group]]:
            first[group] = card
    chosen = set(first.values())
    return tuple(card for card in cards if card in chosen)


def kinds_left(pile: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The kinds of card in a face-down pile, for a draw from it (``WildlifeWeb._pick``):
    each kind's first card left in the cards' order, in that order, and how many of each
    kind are left."""
    first: dict[str, str] = {}
    count: dict[str, int] = {}
    for c in sorted(pile, key=CARD_RANK.__getitem__):
        group = CARD_GROUP[c]
        if group in count:
            count[group] += 1
        else:
            count[group], first[group] = 1, c
    return tuple(first.values()), tuple(count.values())


def _sum_text(parts: list[tuple[str, int]], die: int | None = None) -> str:
    """A side of a duel in words, every bonus named: "Power 11 + 3 Burrow + die 5"."""
    terms = [f"{parts[0][0]} {parts[0][1]}"] if parts else []
    for name, value in parts[1:]:
        terms.append(f"{'-' if value < 0 else '+'} {abs(value)} {name}")
    if die is not None:
        terms.append(f"+ die {die}" if terms else f"die {die}")
    return " ".join(terms)


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


STATE_KEYS = frozenset({
    "players", "rng", "target", "round", "turn", "active", "stage", "wdeck", "wdiscard",
    "habitat", "highway", "edeck", "ediscard", "fdeck", "fknown", "odeck", "packs", "secured",
    "pending", "once", "mods", "acted", "decision", "winner",
})
"""The keys of a saved state, exactly."""
PET_KEYS = frozenset({"card", "mate", "food", "offspring", "waiting"})


def _keys(data: Any, keys: frozenset[str], where: str) -> None:
    """A saved object has exactly these keys: none missing, none unknown."""
    if not isinstance(data, Mapping):
        raise SaveError(f"{where} must be an object, got {type(data).__name__}")
    unknown, missing = sorted(map(str, set(data) - keys)), sorted(keys - set(data))
    if unknown or missing:
        raise SaveError(f"{where}: unknown keys {unknown[:3]}, missing keys {missing[:3]}")


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise SaveError(f"{where} holds {value!r:.40}: text expected")
    return value


def _once_ok(entry: str) -> bool:
    """A ``once`` entry: ``card:ability`` of a once-per-game steal ability."""
    card, _, ability = entry.partition(":")
    return card in CARD_ANIMAL and any(
        e.once and e.ability == ability for e in CARD_ANIMAL[card].effects.get("steal", ()))


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------


class WildlifeWeb(Game):
    """Wildlife Web (Thomas J. Elpel, HOPS Press 2019): eat, mate, stay alive, reproduce."""

    name = "wildlifeweb"
    title = "Wildlife Web"
    action_types = ACTION_TYPES
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    option_specs = (
        Option("offspring_to_win", "Offspring to win", OFFSPRING_TO_WIN, low=1,
               high=max(MAX_OFFSPRING_TO_WIN.values()),
               help="Game play ends when a player has raised 3 Offspring, or any number "
                    "predetermined by the group; the 15 Offspring cards allow at most 8 for "
                    "2 players, 5 for 3, 4 for 4 and 3 for 5 or 6 (D30), which the set-up "
                    "checks."),
    )
    why_questions = ids.QUESTIONS
    """``game.why("offspring", seat=s)`` besides the generic questions (``identity``, D34)."""

    def __init__(self, players: int, rng: Rng, target: int = OFFSPRING_TO_WIN) -> None:
        self.players = players
        self.rng = rng
        self.target = target
        self.round = 0
        self.turn = 0
        self.active = DEALER
        self.stage = "setup_roadkill"
        self.wdeck: list[str] = []
        self.wdiscard: list[str] = []
        self.habitat: list[str] = []
        self.highway: list[str] = []
        self.edeck: list[str] = []
        self.ediscard: list[str] = []
        self.fdeck: list[str] = []
        self.fknown = 0
        """Forage cards put back under the deck in play: ``fdeck[:fknown]``, in the order
        everyone saw them go under (D9, D32); the cards above them are face down."""
        self.odeck: list[str] = []
        self.packs: list[list[Pet]] = [[] for _ in range(players)]
        self.secured: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.pending: list[str | None] = [None] * players
        self.once: list[str] = []
        self.mods: list[list[Any]] = []
        self.acted: list[str] = []
        self.decision: dict[str, Any] | None = None
        self.winner: int | None = None
        self.register = Register()
        """The ids of the animals on the table and of the families (``identity``; not
        saved: numbered anew from a loaded table, counted on in play)."""

    # -- set-up ----------------------------------------------------------------------------

    @classmethod
    def _setup(cls, *, players: int, rng: Rng,
               offspring_to_win: int = OFFSPRING_TO_WIN) -> WildlifeWeb:
        """Game Setup: shuffle the decks, deal 20 Wildlife cards face up as the central
        habitat; the dealer then chooses 4 roadkill and the players draft their Packs."""
        most = MAX_OFFSPRING_TO_WIN.get(players, 1)
        if (not isinstance(offspring_to_win, int) or isinstance(offspring_to_win, bool)
                or not 1 <= offspring_to_win <= most):
            raise ValueError(
                f"offspring_to_win must be 1 to {most} for {players} players (the group's "
                f"agreed number; the rulebook's is 3): a secured family keeps its card, and "
                f"the 15 Offspring cards must let someone reach the target (D30), not "
                f"{offspring_to_win!r}")
        game = cls(players, rng, offspring_to_win)
        deck = list(WILDLIFE_CARDS)
        rng.shuffle(deck)
        game.habitat = deck[-HABITAT_CARDS:][::-1]
        # the face-down piles are kept in the cards' order: every card drawn from them in play
        # is a chance draw among the cards left (D32), so no stored order means anything
        game.wdeck = sorted(deck[:-HABITAT_CARDS], key=CARD_RANK.__getitem__)
        game.edeck = list(EVENT_CARDS)
        game.fdeck = list(FORAGE_CARDS)
        game.odeck = list(OFFSPRING_CARDS)
        game.register = Register.of_table(game.habitat, game.packs)
        return game

    @property
    def options(self) -> dict[str, Any]:
        return {"offspring_to_win": self.target}

    @property
    def pack_size(self) -> int:
        return PACK_SIZES[self.players]

    @property
    def day(self) -> bool:
        """Diurnal vs. Nocturnal: Day in the first round, then Night, and so on."""
        return self.round % 2 == 0

    def left_of(self, player: int) -> int:
        """The player to the left: the next one clockwise."""
        return (player + 1) % self.players

    # -- where things are --------------------------------------------------------------------

    def find(self, card: str) -> tuple[int, Pet] | None:
        """The Pack animal whose bottom card is ``card``: (owner, animal)."""
        for p, pack in enumerate(self.packs):
            for a in pack:
                if a["card"] == card:
                    return p, a
        return None

    def wildlife_count(self, player: int) -> int:
        """Cards counted for the Pack size: Wildlife cards, not mates, not pets."""
        return sum(1 for a in self.packs[player] if not CARD_ANIMAL[a["card"]].pet)

    def is_mature(self, a: Pet) -> bool:
        """A family whose Offspring has been fed its Size."""
        return a["offspring"] is not None and food_value(a["food"]) >= self._kind(a).size

    @staticmethod
    def _kind(a: Pet) -> Animal:
        return CARD_ANIMAL[a["card"]]

    # -- activity, scope and shelter ---------------------------------------------------------

    def _mod_effects(self) -> Iterator[tuple[EventType, EventEffect]]:
        for card, index in self.mods:
            event = CARD_EVENT[card]
            yield event, event.effects[index]

    def _in_scope(self, scope: str, owner: int | None) -> bool:
        """Event scope: the drawing player's Pack, or everything (D22)."""
        return scope == "all" or owner == self.active

    @staticmethod
    def _sheltered(animal: Animal, event: EventType) -> bool:
        """Shelter abilities (Hibernate...) keep an Event away entirely (D23)."""
        return any(not e.tags.isdisjoint(event.tags) for e in animal.effects.get("shelter", ()))

    def is_active(self, animal: Animal, owner: int | None, mated: bool = False) -> bool:
        """Diurnal vs. Nocturnal, as changed by this turn's Events (Full Moon, Heat Wave)."""
        active = animal.day if self.round % 2 == 0 else animal.night
        if not self.mods:
            return active
        for card, index in self.mods:
            event = CARD_EVENT[card]
            eff = event.effects[index]
            if (eff.kind in ("activate", "sleep") and self._in_scope(eff.scope, owner)
                    and eff.filter.matches(animal, mated=mated)
                    and not self._sheltered(animal, event)):
                active = eff.kind == "activate"
        return active

    def _pet_active(self, owner: int, a: Pet) -> bool:
        return self.is_active(self._kind(a), owner, a["mate"] is not None)

    def _restricted(self, a: Pet, what: str) -> bool:
        """An Event of this turn forbids ``what`` (Blizzard, Thunderstorm)."""
        if not self.mods:
            return False
        animal, mated = self._kind(a), a["mate"] is not None
        active = self.is_active(animal, self.active, mated)
        return any(eff.kind == "restrict" and what in eff.actions
                   and self._in_scope(eff.scope, self.active)
                   and eff.filter.matches(animal, mated=mated, active=active)
                   and not self._sheltered(animal, event)
                   for event, eff in self._mod_effects())

    def _modifier_parts(self, animal: Animal, owner: int | None, mated: bool,
                        field: str) -> list[tuple[str, int]]:
        """This turn's Events that change an attack or defence, by name: (name, points)."""
        out = []
        for event, eff in self._mod_effects():
            if (eff.kind == "modify" and getattr(eff, field)
                    and self._in_scope(eff.scope, owner)
                    and eff.filter.matches(animal, mated=mated,
                                           active=self.is_active(animal, owner, mated))
                    and not self._sheltered(animal, event)):
                out.append((event.name, getattr(eff, field)))
        return out

    # -- what events read and wrote (issue 20, ``identity``): told only when recording --

    @staticmethod
    def _note(log: EventLog, index: int | None, reads: Iterable[Key] = (),
              writes: Iterable[Key] = (), named: Iterable[str] = ()) -> None:
        """Say what event ``index`` read and wrote, and the ids it names (``touched["ids"]``).
        Its kind, text, cause and the rest of what it touched stay as told."""
        if index is None:
            return
        event = log.events[index]
        touched = dict(event.touched)
        named = tuple(named)
        if named:
            touched["ids"] = named
        log.events[index] = event._replace(touched=touched, reads=tuple(reads),
                                           writes=tuple(writes))

    def _mark(self, log: EventLog) -> int:
        """The chance draws made so far in this action (when telling)."""
        return self.draws_so_far() if log.record else 0

    def _drawn_since(self, mark: int) -> list[Key]:
        return [chance_key(n) for n in range(mark, self.draws_so_far())]

    def _slot(self, a: Pet) -> tuple[int, int]:
        """(family, animal) numbers of a Pack slot and its bottom card."""
        reg = self.register
        return reg.families[a["card"]], reg.animals[a["card"]]

    def _slot_keys(self, a: Pet) -> tuple[list[Key], list[str]]:
        """A Pack animal as read by what acts on it (where it is, its pair), and its ids."""
        f, n = self._slot(a)
        named = [animal_id(n), family_id(f)]
        if a["mate"] is not None:
            named.insert(1, animal_id(self.register.animals[a["mate"]]))
        return [animal_key(n), pair_key(f)], named

    def _dies(self, card: str) -> list[Key]:
        """The keys written when the living ``card`` dies (before it leaves the register):
        its animal gone, and its species extinct on the table if no other card of it lives
        there (D34)."""
        n = self.register.animals[card]
        out = [animal_key(n), gone_key(animal_id(n))]
        if MATE_OF[card] not in self.register.animals:
            out.append(extinct_key(CARD_ANIMAL[card].id))
        return out

    def _loss(self, owner: int, a: Pet) -> tuple[list[Key], list[Key], list[str]]:
        """What taking one card of Pack slot ``a`` (its mate first, D12) reads, writes and
        names, told before the card goes."""
        card = a["mate"] if a["mate"] is not None else a["card"]
        f = self.register.families[a["card"]]
        reads, named = self._slot_keys(a)
        writes = [*self._dies(card), family_key(f), pair_key(f)]
        if a["mate"] is None:
            writes += [food_key(f), gone_key(family_id(f))]
        if a["mate"] is not None or a["offspring"] is None:  # else the orphan event says it
            writes.append(setback_key(owner))
        return reads, writes, named

    # -- cards moving ----------------------------------------------------------------------

    def _pick(self, pile: list[str], name: str, seen_by: tuple[int, ...] | None = None) -> str:
        """A card drawn from a face-down pile (D32): a chance draw over the kinds of card left
        (the two cards of a species are one kind), weighted by how many of each are left, in
        the cards' order, so no stored order matters and any card left can be forced by a
        fork. Of a kind, the first card left in the cards' order comes (they are alike)."""
        cards, counts = kinds_left(tuple(pile))
        card: str = self.chance(name, cards, counts, label=NAME.__getitem__, seen_by=seen_by)
        pile.remove(card)
        return card

    def _draw_wildlife(self, log: EventLog, cause: int | None,
                       name: str = "a card from the Wildlife deck") -> str | None:
        """A card from the Wildlife deck; an empty deck is rebuilt from the discard pile
        (D9)."""
        if not self.wdeck and self.wdiscard:
            self.wdeck, self.wdiscard = self.wdiscard, []
            log.emit("reshuffle", "The Wildlife discard pile is shuffled into a new deck",
                     cause=cause)
        return self._pick(self.wdeck, name) if self.wdeck else None

    def _draw_event_card(self) -> str | None:
        """3) Draw an Event Card: seen first by the player who draws it alone (a card of the
        wrong time of day is held upside down, unseen by the others; D32)."""
        if not self.edeck and self.ediscard:
            self.edeck, self.ediscard = self.ediscard, []
        if not self.edeck:
            return None
        return self._pick(self.edeck, "the Event card", seen_by=(self.active,))

    def _roll(self, name: str) -> int:
        """One die rolled: a chance draw of its six faces."""
        face: int = self.chance(name, FACES)
        return face

    def _discard(self, card: str) -> None:
        """Discard a card where it belongs: Forage cards back to (the bottom of) the Forage
        deck, Wildlife to the Wildlife discard pile, pets to the Event discard pile,
        Offspring back to the Offspring deck."""
        kind = CARD_KIND[card]
        if kind == "forage":  # under the deck, face up as it goes (D9)
            self.fdeck.insert(0, card)
            self.fknown += 1
        elif kind == "wildlife":
            self.wdiscard.append(card)
        elif kind == "event":
            self.ediscard.append(card)
        else:
            self.odeck.append(card)

    def _discard_food(self, a: Pet, cards: list[str] | tuple[str, ...]) -> None:
        for c in cards:
            a["food"].remove(c)
            self._discard(c)

    def _add_to_pack(self, player: int, card: str, log: EventLog, cause: int | None) -> None:
        """Taking a Mate: "If player has two cards from one species already ... the two cards
        are stacked together as mates", keeping the food already gathered (D7, D21)."""
        mate = MATE_OF[card]
        for a in self.packs[player]:
            if a["card"] == mate and a["mate"] is None:
                a["mate"] = card
                a["waiting"] = None
                kind = CARD_ANIMAL[card]
                e = log.emit("mate", f"{self.player_names[player]}'s {kind.name} gets a mate: "
                                     "the two cards are stacked together",
                             cause=cause, cards=[mate, card], nodes=[kind.id])
                if log.record:
                    n = self.register.animals[card]
                    self._note(log, e, [animal_key(n)],
                               [animal_key(n), *family_keys(self._slot(a)[0])],
                               self._slot_keys(a)[1])
                return
        self.packs[player].append(
            {"card": card, "mate": None, "food": [], "offspring": None, "waiting": None})
        self.register.found(card)

    def _joins(self, log: EventLog, index: int | None, player: int, card: str,
               reads: Iterable[Key] = ()) -> None:
        """Tell event ``index``: ``card`` came to ``player``'s Pack (its own slot, or as a
        mate), reading ``reads`` and where it was."""
        n = self.register.animals[card]
        slot = next(a for a in self.packs[player] if card in (a["card"], a["mate"]))
        f = self._slot(slot)[0]
        self._note(log, index, [*reads, animal_key(n)], [animal_key(n), *family_keys(f)],
                   [animal_id(n), family_id(f)])

    def _remove_one(self, owner: int, a: Pet, log: EventLog, cause: int | None) -> str:
        """Hunting Mated Animals: an attack (or an Event) takes one card. A mate is taken
        first and the survivor keeps the food and Offspring (D12); a lone animal leaves the
        Pack, its food is discarded and an Offspring goes back to the Offspring deck."""
        if a["mate"] is not None:
            card, a["mate"] = a["mate"], None
            self.register.depart(card)
            return card
        self.packs[owner].remove(a)
        self.register.depart(a["card"])
        f = self.register.end(a["card"])
        self._discard_food(a, list(a["food"]))
        if a["offspring"] is not None:
            self._discard(a["offspring"])
            e = log.emit("orphan", f"Both parents are gone: the {self._kind(a).name}'s "
                                   "Offspring returns to the Offspring deck", cause=cause,
                         cards=[a["offspring"]], nodes=[self._kind(a).id])
            self._note(log, e, [], [family_key(f), setback_key(owner)], [family_id(f)])
        return a["card"]

    # -- legality ----------------------------------------------------------------------------

    def _legal_actions(self) -> list[Action]:
        stage = self.stage
        if stage == "setup_roadkill":
            return [PlaceRoadkill(c) for c in alike(self.habitat)]
        if stage == "restock":
            return [PlaceRoadkill(c) for c in alike(self._restock_choices())]
        if stage == "draft":
            return [Draft(c) for c in alike(self._draft_choices(self.active))]
        if stage == "swap":
            return [*(Swap(a["card"]) for a in self._swappable()), KeepPack()]
        if stage == "replace":
            out: list[Action] = [TakeFromHabitat(c) for c in alike(self.habitat)]
            if self.wdeck or self.wdiscard:
                out.append(DrawWildlife())
            return out
        if stage == "victim":
            return [ChooseVictim(c) for c in self.decision["candidates"]]  # type: ignore[index]
        if stage == "adopt":
            return [AdoptPet(), DeclinePet()]
        if stage == "feed":  # the player may stop feeding (D18)
            return [*self._feed_actions(), EndFeeding()]
        if stage == "mate":
            actions = self._mate_actions()
            if not any(isinstance(x, RaiseOffspring) for x in actions):
                actions.append(EndTurn())
            return actions
        return []

    def explain_illegal(self, action: Action) -> str:
        label = self.describe(action)
        allowed = PHASES.get(self.stage, ())
        if not isinstance(action, allowed):
            names = ", ".join(a.type for a in allowed) or "nothing"
            return (f"{label!r} is not allowed now: the {self.stage} step allows {names} "
                    f"({self.player_names[self.active]} to play)")
        reason = self._why_not(action)
        return f"{label!r}: {reason}" if reason else super().explain_illegal(action)

    def _why_not(self, action: Action) -> str | None:
        """Why a well-typed action of this stage is illegal, naming the rule."""
        same = self._alike_one(action)
        if same is not None:
            return same
        if isinstance(action, PlaceRoadkill):
            if action.card not in self.habitat:
                return "roadkill is chosen from the animals of the central habitat"
            if self.stage == "restock" and action.card not in self._restock_choices():
                return ("Restock Roadkill: check each player's Wildlife cards to avoid losing "
                        "potential mates as roadkill")
            return None
        if isinstance(action, Draft):
            if action.card not in self.habitat:
                return "Packs are selected from the central habitat"
            if action.card not in self._draft_choices(self.active):
                return "Game Setup: do not select two of the same species for your Pack"
            return None
        if isinstance(action, Swap):
            found = self.find(action.card)
            if found is None or found[0] != self.active:
                return "Swapping: you may only swap a Wildlife card of your own Pack"
            if found[1] not in self._swappable():
                return "Swapping: only one unmated Wildlife card without Offspring, and a " \
                       "card must be left to draw (D8)"
            return None
        if isinstance(action, TakeFromHabitat):
            return None if action.card in self.habitat else \
                "Replace missing cards from the central habitat (except roadkill)"
        if isinstance(action, DrawWildlife):
            return None if self.wdeck or self.wdiscard else "the Wildlife deck is empty"
        if isinstance(action, ChooseVictim):
            return (None if action.card in self.decision["candidates"]  # type: ignore[index]
                    else "the Event strikes one of the animals it names")
        if isinstance(action, (AdoptPet, DeclinePet, KeepPack, EndFeeding)):
            return None
        if isinstance(action, (Forage, Hunt, Scavenge, Steal)):
            return self._why_not_feed(action)
        if isinstance(action, (TakeMate, RaiseOffspring)):
            return self._why_not_breed(action)
        if isinstance(action, EndTurn):
            due = [x for x in self._mate_actions() if isinstance(x, RaiseOffspring)]
            return ("Raising Offspring: a mated pair with sufficient food exchanges it for an "
                    "Offspring card first") if due else None
        return None

    def _alike_one(self, action: Action) -> str | None:
        """A card of the habitat or highway offered as its alike twin (D33), or None."""
        card, pile = None, self.habitat
        if isinstance(action, (PlaceRoadkill, Draft, TakeFromHabitat)):
            card = action.card
        elif isinstance(action, Scavenge):
            card, pile = action.carcass, self.highway
        elif isinstance(action, Hunt):
            card = action.prey
        if card is None or card not in pile or card in alike(pile):
            return None
        twin = next(c for c in alike(pile) if CARD_GROUP[c] == CARD_GROUP[card])
        return (f"the two {card_name(card)} cards there are alike: the choice is offered once, "
                f"as {twin} (D33)")

    # -- Game Setup --------------------------------------------------------------------------

    def _draft_choices(self, player: int) -> list[str]:
        taken = {self._kind(a).id for a in self.packs[player]}
        return [c for c in self.habitat if CARD_ANIMAL[c].id not in taken]

    def _place_roadkill(self, card: str, log: EventLog) -> None:
        """Game Setup and Restock Roadkill: the dealer places a habitat animal (D2)."""
        self.habitat.remove(card)
        self.highway.append(card)
        kind = CARD_ANIMAL[card]
        e = log.emit("roadkill", f"The {kind.name} is placed on the highway as roadkill",
                     cards=[card], nodes=[kind.id])
        if log.record:
            n = self.register.animals[card]
            self._note(log, e, [animal_key(n)], [*self._dies(card), HIGHWAY], [animal_id(n)])
        self.register.depart(card)
        if self.stage == "setup_roadkill":
            if len(self.highway) >= ROADKILL:
                self.stage = "draft"
                self.active = DEALER
                if not self._draft_choices(DEALER):
                    self._next_drafter(log)
        else:
            self._advance(log, None)

    def _draft(self, card: str, log: EventLog) -> None:
        """Game Setup: "each player selects one Wildlife card from the central habitat"."""
        self.habitat.remove(card)
        self._add_to_pack(self.active, card, log, None)
        kind = CARD_ANIMAL[card]
        e = log.emit("draft", f"{self.player_names[self.active]} selects the {kind.name}",
                     cards=[card], nodes=[kind.id])
        if log.record:
            self._joins(log, e, self.active, card)
        self._next_drafter(log)

    def _next_drafter(self, log: EventLog) -> None:
        for _ in range(self.players):
            self.active = self.left_of(self.active)
            if (len(self.packs[self.active]) < self.pack_size
                    and self._draft_choices(self.active)):
                return
        self.active = DEALER
        self.turn = 1
        log.emit("start", "The Packs are chosen: the dealer starts, in daylight")
        self.stage = "secure"
        self._advance(log, None)

    # -- the turn's automatic steps ----------------------------------------------------------

    def _advance(self, log: EventLog, cause: int | None) -> None:
        """Run the turn until a player has something to decide, in the order of D5."""
        while True:
            stage = self.stage
            if stage == "restock":
                if self._restock_choices():
                    return
                self.stage = "secure"
            elif stage == "secure":
                self._secure_mature_offspring(log, cause)
                if self.winner is not None:
                    self.stage = "over"
                    return
                self.stage = "swap"
            elif stage == "swap":
                if self._swappable():
                    return
                self.stage = "replace"
            elif stage == "replace":
                if (self.wildlife_count(self.active) < self.pack_size
                        and (self.habitat or self.wdeck or self.wdiscard)):
                    return
                self.stage = "event"
            elif stage == "event":
                self.stage = "feed"
                self._draw_an_event_card(log, cause)
                if self.stage != "feed":
                    return
            elif stage == "feed":
                if self._can_feed():
                    return
                self.stage = "mate"
            else:
                return

    def _end_turn(self, log: EventLog) -> None:
        """Between Turns: pass the dice clockwise; when play returns to the dealer the
        Day/Night card flips (D3), and at daybreak the roadkill is restocked."""
        self.mods = []
        self.acted = []
        self.active = self.left_of(self.active)
        self.turn += 1
        self.stage = "secure"
        if self.active == DEALER:
            self.round += 1
            flip = log.emit("daynight", f"Play returns to the dealer: the Day/Night card turns "
                                        f"to {'Day' if self.day else 'Night'}")
            if self.day and len(self.highway) < ROADKILL:
                self.stage = "restock"
                if self._restock_choices():
                    log.emit("restock", "Daybreak: fewer than 4 animals on the highway; the "
                                        "dealer restocks it from the central habitat",
                             cause=flip)
        self._advance(log, None)

    def _restock_choices(self) -> list[str]:
        """Restock Roadkill: habitat animals, avoiding potential mates of the players'
        unmated animals (D6) unless nothing else is left."""
        if len(self.highway) >= ROADKILL or not self.habitat:
            return []
        wanted = {MATE_OF[a["card"]] for pack in self.packs for a in pack if a["mate"] is None}
        safe = [c for c in self.habitat if c not in wanted]
        return safe or list(self.habitat)

    def _secure_mature_offspring(self, log: EventLog, cause: int | None) -> None:
        """Secure Mature Offspring: at the beginning of the turn, active families whose
        Offspring is mature leave the game as a point; their food is discarded (D26)."""
        p = self.active
        for a in list(self.packs[p]):
            if not self.is_mature(a) or not self._pet_active(p, a):
                continue
            kind = self._kind(a)
            self.packs[p].remove(a)
            self._discard_food(a, list(a["food"]))
            cards = [a["card"]] + ([a["mate"]] if a["mate"] else [])
            self.secured[p].append({"cards": cards, "offspring": a["offspring"]})
            e = log.emit("secure", f"{self.player_names[p]}'s {kind.name} family is secured: "
                                   f"{len(self.secured[p])} Offspring raised",
                         cause=cause, cards=[*cards, a["offspring"]], nodes=[kind.id])
            f = self.register.end(a["card"])
            numbers = [self.register.depart(c) for c in cards]
            if log.record:  # the family leaves the game safe: gone, but no species dies out
                self._note(log, e, [food_key(f), family_key(f)],
                           [food_key(f), family_key(f), gone_key(family_id(f)),
                            *(k for n in numbers for k in (animal_key(n),
                                                           gone_key(animal_id(n)))),
                            secured_key(p)],
                           [*map(animal_id, numbers), family_id(f)])
            if len(self.secured[p]) >= self.target and self.winner is None:
                self.winner = p
                e = log.emit("win", f"{self.player_names[p]} has raised "
                                    f"{len(self.secured[p])} Offspring and wins the game",
                             cause=cause)
                self._note(log, e, [secured_key(p)], [OUTCOME])
                return

    # -- Swapping and replacing ------------------------------------------------------------

    def _swappable(self) -> list[Pet]:
        """Swapping (D8): one unmated Wildlife card without Offspring, if a card can be
        drawn to replace it."""
        if not (self.wdeck or self.wdiscard):
            return []
        return [a for a in self.packs[self.active] if a["mate"] is None
                and a["offspring"] is None and not self._kind(a).pet]

    def _swap(self, card: str, log: EventLog) -> None:
        """Instructions for Swapping Wildlife Cards: discard the card to the central
        habitat, its food to the discard piles, and draw a replacement from the deck."""
        p, a = self.find(card)  # type: ignore[misc]
        self.packs[p].remove(a)
        self._discard_food(a, list(a["food"]))
        self.habitat.append(card)
        e = log.emit("swap", f"{self.player_names[p]} swaps the {self._kind(a).name} back "
                             "into the central habitat", cards=[card], nodes=[self._kind(a).id])
        if log.record:
            reads, named = self._slot_keys(a)
            f = self._slot(a)[0]
            self._note(log, e, [*reads, family_key(f)],
                       [reads[0], food_key(f), *family_keys(f), gone_key(family_id(f))], named)
        self.register.end(card)
        mark = self._mark(log)
        drawn = self._draw_wildlife(log, e, "the Wildlife card drawn for the swap")
        if drawn is not None:
            self.register.arrive(drawn)
            self._add_to_pack(p, drawn, log, e)
            e = log.emit("draw", f"...and draws a {CARD_ANIMAL[drawn].name}", cause=e,
                         cards=[drawn], nodes=[CARD_ANIMAL[drawn].id])
            if log.record:
                self._joins(log, e, p, drawn, self._drawn_since(mark))
        self.stage = "replace"
        self._advance(log, None)

    def _replace(self, card: str | None, log: EventLog) -> None:
        """Replace missing Wildlife cards: from the habitat (except roadkill) or the deck."""
        p = self.active
        mark = self._mark(log)
        if card is None:
            card = self._draw_wildlife(log, None, "the Wildlife card drawn to replace a missing "
                                                  "one")
            if card is None:  # pragma: no cover - guarded by legality
                return
            self.register.arrive(card)
            text = f"{self.player_names[p]} draws a {CARD_ANIMAL[card].name} from the deck"
        else:
            self.habitat.remove(card)
            text = f"{self.player_names[p]} takes the {CARD_ANIMAL[card].name} from the habitat"
        e = log.emit("replace", text, cards=[card], nodes=[CARD_ANIMAL[card].id])
        self._add_to_pack(p, card, log, e)
        if log.record:
            self._joins(log, e, p, card, self._drawn_since(mark))
        self._advance(log, e)

    # -- Draw an Event Card ----------------------------------------------------------------

    def _draw_an_event_card(self, log: EventLog, cause: int | None) -> None:
        """3) Draw an Event Card. A card of the wrong time of day is turned upside down and
        applied on the player's following turn (D4); no other card is drawn."""
        p = self.active
        held = self.pending[p]
        if held is not None:
            self.pending[p] = None
            event = CARD_EVENT[held]
            e = log.emit("event", f"{self.player_names[p]} applies the held Event "
                                  f"{event.name}: {event.text}", cause=cause, cards=[held])
            self._note(log, e, [held_key(p)], [held_key(p)])
            self._resolve_event(held, 0, log, e)
            return
        mark = self._mark(log)
        card = self._draw_event_card()
        if card is None:
            log.emit("event", "The Event deck is empty: no Event this turn", cause=cause)
            return
        event = CARD_EVENT[card]
        if not event.applies_at(self.day):
            self.pending[p] = card
            e = log.emit("event_held", f"{self.player_names[p]} draws a {event.time} Event card "
                                       f"in the {'day' if self.day else 'night'}: it is turned "
                                       "upside down to apply next turn", cause=cause)
            if log.record:
                self._note(log, e, self._drawn_since(mark), [held_key(p)])
            return
        e = log.emit("event", f"Event: {event.name}. {event.text}", cause=cause, cards=[card])
        if log.record:
            self._note(log, e, self._drawn_since(mark))
        self._resolve_event(card, 0, log, e)

    def _resolve_event(self, card: str, start: int, log: EventLog, cause: int | None) -> None:
        event = CARD_EVENT[card]
        for index in range(start, len(event.effects)):
            eff = event.effects[index]
            if eff.kind == "pet":
                self.decision = {"event": card, "effect": index, "candidates": []}
                self.stage = "adopt"
                return
            if eff.kind == "kill":  # the owner chooses among several (D27)
                victims = self._event_targets(event, eff)
                if len(victims) > 1:
                    self.decision = {"event": card, "effect": index,
                                     "candidates": [a["card"] for _, a in victims]}
                    self.stage = "victim"
                    return
                if victims:
                    self._event_kill(event, eff, *victims[0], log, cause)
                else:
                    log.emit("event_none", f"{event.name}: none of your animals is affected",
                             cause=cause)
                continue
            self._apply_event_effect(card, index, log, cause)
        self.decision = None
        self._discard(card)
        self.stage = "feed"

    def _event_targets(self, event: EventType, eff: EventEffect) -> list[tuple[int, Pet]]:
        owners = [self.active] if eff.scope == "you" else \
            [(self.active + k) % self.players for k in range(self.players)]
        out = []
        for p in owners:
            for a in self.packs[p]:
                kind, mated = self._kind(a), a["mate"] is not None
                if (eff.filter.matches(kind, mated=mated,
                                       active=self.is_active(kind, p, mated))
                        and not self._sheltered(kind, event)):
                    out.append((p, a))
        return out

    def _event_kill(self, event: EventType, eff: EventEffect, owner: int, a: Pet,
                    log: EventLog, cause: int | None) -> None:
        kind = self._kind(a)
        told = self._loss(owner, a) if log.record else None
        card = self._remove_one(owner, a, log, cause)
        if eff.to == "highway":
            self.highway.append(card)
            where = "is placed on the highway as roadkill"
        else:
            self._discard(card)
            where = "is discarded"
        e = log.emit("event_kill", f"{event.name}: {self.player_names[owner]}'s {kind.name} "
                                   f"{where}", cause=cause, cards=[card], nodes=[kind.id])
        if told is not None:
            reads, writes, named = told
            self._note(log, e, [*reads, TURN_EVENTS] if self.mods else reads,
                       [*writes, HIGHWAY] if eff.to == "highway" else writes, named)

    def _apply_event_effect(self, card: str, index: int, log: EventLog,
                            cause: int | None) -> None:
        event = CARD_EVENT[card]
        eff = event.effects[index]
        kind = eff.kind
        mark = self._mark(log)
        if kind in MODIFIER_KINDS:
            self.mods.append([card, index])
            e = log.emit("event_turn", f"{event.name} lasts for this turn", cause=cause,
                         cards=[card])
            self._note(log, e, writes=[TURN_EVENTS])
        elif kind == "forage":
            for p, a in self._event_targets(event, eff):
                got = self._draw_forage(a, eff.count or 1)
                if got:
                    e = log.emit("forage", f"{event.name}: {self.player_names[p]}'s "
                                           f"{self._kind(a).name} draws {len(got)} Forage "
                                           "card(s)", cause=cause, cards=got,
                                 nodes=[self._kind(a).id])
                    if log.record:
                        f, n = self._slot(a)
                        self._note(log, e, self._drawn_since(mark), [food_key(f)],
                                   [animal_id(n), family_id(f)])
                        mark = self.draws_so_far()
        elif kind in ("lose_forage", "lose_food"):
            for p, a in self._event_targets(event, eff):
                lost = (list(a["food"]) if kind == "lose_food" else
                        [c for c in a["food"] if c in FORAGE][-(eff.count or 1):])
                if lost:
                    self._discard_food(a, lost)
                    what = ("loses all its food" if kind == "lose_food" else
                            f"returns {len(lost)} Forage card(s)")
                    e = log.emit("lose_food", f"{event.name}: {self.player_names[p]}'s "
                                              f"{self._kind(a).name} {what}", cause=cause,
                                 cards=lost, nodes=[self._kind(a).id])
                    if log.record:
                        f, n = self._slot(a)
                        self._note(log, e, [food_key(f)], [food_key(f), setback_key(p)],
                                   [animal_id(n), family_id(f)])
        elif kind == "roadkill":
            for n in range(eff.count or 1):
                drawn = self._draw_wildlife(log, cause, f"{event.name}: Wildlife card {n + 1} "
                                                        "hit on the highway")
                if drawn is None:
                    break
                self.highway.append(drawn)
                e = log.emit("roadkill", f"{event.name}: a {CARD_ANIMAL[drawn].name} is hit on "
                                         "the highway", cause=cause, cards=[drawn],
                             nodes=[CARD_ANIMAL[drawn].id])
                if log.record:
                    self._note(log, e, self._drawn_since(mark), [HIGHWAY])
                    mark = self.draws_so_far()
        elif kind == "clear_roadkill":
            gone = self.highway[:eff.count] if eff.count else list(self.highway)
            for c in gone:
                self.highway.remove(c)
                self._discard(c)
            e = log.emit("clear_roadkill", f"{event.name}: {len(gone)} roadkill removed",
                         cause=cause, cards=gone)
            self._note(log, e, [HIGHWAY], [HIGHWAY])
        elif kind == "habitat_loss":
            gone = [c for c in self.habitat if eff.filter.matches(CARD_ANIMAL[c])]
            told: list[Key] = []
            for c in gone:
                self.habitat.remove(c)
                self._discard(c)
                if log.record:
                    told += self._dies(c)
                self.register.depart(c)
            e = log.emit("habitat_loss", f"{event.name}: {len(gone)} animal(s) leave the central "
                                         "habitat", cause=cause, cards=gone,
                         nodes=sorted({CARD_ANIMAL[c].id for c in gone}))
            if log.record:
                animals = [k for k in told if k[0] == "animal"]
                self._note(log, e, animals, told, [animal_id(k[1]) for k in animals])
        elif kind == "migration":
            if eff.count:
                moved = []
                for n in range(eff.count):
                    drawn = self._draw_wildlife(log, cause, f"{event.name}: Wildlife card "
                                                            f"{n + 1} joining the habitat")
                    if drawn is None:
                        break
                    self.habitat.append(drawn)
                    moved.append(drawn)
            else:
                moved = [c for c in self.wdeck + self.wdiscard
                         if eff.filter.matches(CARD_ANIMAL[c])]
                from_deck = [c for c in moved if c in self.wdeck]
                for c in moved:
                    (self.wdeck if c in from_deck else self.wdiscard).remove(c)
                    self.habitat.append(c)
            numbers = [self.register.arrive(c) for c in moved]
            e = log.emit("migration", f"{event.name}: {len(moved)} animal(s) join the central "
                                      "habitat", cause=cause, cards=moved,
                         nodes=sorted({CARD_ANIMAL[c].id for c in moved}))
            if log.record:
                self._note(log, e, self._drawn_since(mark), [*map(animal_key, numbers)],
                           [*map(animal_id, numbers)])

    def _choose_victim(self, card: str, log: EventLog) -> None:
        decision = self.decision
        assert decision is not None
        event = CARD_EVENT[decision["event"]]
        eff = event.effects[decision["effect"]]
        owner, a = self.find(card)  # type: ignore[misc]
        e = log.emit("choose", f"{self.player_names[owner]} chooses the "
                               f"{self._kind(a).name}", cards=[card])
        if log.record:
            reads, named = self._slot_keys(a)
            self._note(log, e, reads, named=named)
        self._event_kill(event, eff, owner, a, log, e)
        self.stage = "feed"
        self._resolve_event(decision["event"], decision["effect"] + 1, log, e)
        self._advance(log, e)

    def _adopt(self, adopt: bool, log: EventLog) -> None:
        decision = self.decision
        assert decision is not None
        card = decision["event"]
        pet = CARD_ANIMAL[card]
        p = self.active
        if adopt:
            self.register.arrive(card)
            self._add_to_pack(p, card, log, None)
            e = log.emit("adopt", f"{self.player_names[p]} adopts the {pet.name} as a pet",
                         cards=[card], nodes=[pet.id])
            if log.record:
                self._joins(log, e, p, card)
        else:
            self._discard(card)
            log.emit("decline", f"{self.player_names[p]} leaves the {pet.name}", cards=[card])
        self.decision = None
        self.stage = "feed"
        self._advance(log, None)

    # -- Forage, Hunt, or Scavenge ---------------------------------------------------------

    def _can_act(self, a: Pet) -> bool:
        """One Action Per Animal (a pair is one animal, D16), and "only active animals may
        feed"."""
        return a["card"] not in self.acted and self._pet_active(self.active, a)

    def _forage_count(self, a: Pet) -> int:
        counts = [e.count for e in self._kind(a).effects.get("forage", ())
                  if not e.mated or a["mate"] is not None]
        return max(counts, default=1)

    def _draw_forage(self, a: Pet, count: int) -> list[str]:
        """Forage cards from the deck: a chance draw among the face-down cards left; once
        they are gone, the cards put back under it come in the order they went (D32)."""
        got = []
        for _ in range(count):
            if not self.fdeck:
                break
            if len(self.fdeck) > self.fknown:
                hidden = sorted(self.fdeck[self.fknown:], key=CARD_RANK.__getitem__)
                card: str = self.chance(f"a Forage card for the {self._kind(a).name}", hidden,
                                        label=NAME.__getitem__)
                self.fdeck.remove(card)
            else:
                card = self.fdeck.pop()
                self.fknown -= 1
            a["food"].append(card)
            got.append(card)
        return got

    def _prey(self) -> list[tuple[str, Animal, int | None, bool, bool]]:
        """Every animal that could be hunted: (card, kind, owner, mated, active); of two
        alike cards in the central habitat, one (D33)."""
        out: list[tuple[str, Animal, int | None, bool, bool]] = []
        for c in alike(self.habitat):
            kind = CARD_ANIMAL[c]
            out.append((c, kind, None, False, self.is_active(kind, None)))
        for p, pack in enumerate(self.packs):
            if p == self.active:
                continue
            for a in pack:
                kind, mated = self._kind(a), a["mate"] is not None
                out.append((a["card"], kind, p, mated, self.is_active(kind, p, mated)))
        return out

    def _feed_actions(self) -> list[Action]:
        """Every Forage, Hunt, Scavenge and Steal open now."""
        return list(self._generate_feed_actions())

    def _can_feed(self) -> bool:
        """Some animal may still Forage, Hunt, Scavenge or steal (the first found will do)."""
        return next(self._generate_feed_actions(), None) is not None

    def _generate_feed_actions(self) -> Iterator[Action]:
        prey = None
        for a in self.packs[self.active]:
            if not self._can_act(a):
                continue
            card, kind, mated = a["card"], self._kind(a), a["mate"] is not None
            if kind.can_forage and self.fdeck and not self._restricted(a, "forage"):
                yield Forage(card)
            if kind.can_hunt and not self._restricted(a, "hunt"):
                if prey is None:
                    prey = self._prey()
                for c, q, _owner, q_mated, q_active in prey:
                    if hunt_block(kind.id, mated, q.id, q_mated, q_active) is None:
                        yield Hunt(card, c)
            if kind.can_scavenge and self.highway and not self._restricted(a, "scavenge"):
                yield from (Scavenge(card, c) for c in alike(self.highway))
            if "steal" in kind.effects and not self._restricted(a, "steal"):
                yield from (Steal(card, f) for f in self._steal_targets(a))

    def _why_not_feed(self, action: Forage | Hunt | Scavenge | Steal) -> str | None:
        found = self.find(action.animal)
        if found is None or found[0] != self.active:
            return "you may only feed the animals of your own Pack"
        a = found[1]
        kind = self._kind(a)
        if a["card"] in self.acted:
            return "One Action Per Animal: this animal has already acted this turn"
        if not self._pet_active(self.active, a):
            return (f"the {kind.name} is {kind.activity} and not active now: only active "
                    "animals may feed")
        if isinstance(action, Forage):
            if not kind.can_forage:
                return f"the {kind.name} does not forage: a strict carnivore hunts"
            if self._restricted(a, "forage"):
                return "an Event stops this animal from foraging this turn"
            return None if self.fdeck else "the Forage deck is empty"
        if isinstance(action, Hunt):
            if not kind.can_hunt:
                return f"the {kind.name} is not a carnivore or omnivore: it does not hunt"
            if self._restricted(a, "hunt"):
                return "an Event stops this animal from hunting this turn"
            target = [t for t in self._prey() if t[0] == action.prey]
            mine = self.find(action.prey)
            if mine is not None and mine[0] == self.active:
                return "a carnivore hunts the central habitat or other players' animals (D10)"
            if not target:
                return ("the prey must be an animal of the central habitat or of another "
                        "player's Pack (roadkill is scavenged, not hunted)")
            _, q, _owner, q_mated, q_active = target[0]
            return hunt_block(kind.id, a["mate"] is not None, q.id, q_mated, q_active)
        if isinstance(action, Scavenge):
            if not kind.can_scavenge:
                return ("Scavenging Roadkill: scavengers and omnivores may consume carrion, "
                        "strict carnivores may not")
            if self._restricted(a, "scavenge"):
                return "an Event stops this animal from scavenging this turn"
            return None if action.carcass in self.highway else "that card is not roadkill"
        if "steal" not in kind.effects:
            return f"the {kind.name} has no ability to steal a meal"
        if self._restricted(a, "steal"):
            return "an Event stops this animal from stealing this turn"
        if action.food not in self._steal_targets(a):
            return ("the meal must lie under another player's animal that the ability names "
                    "(and a once-per-game ability works once)")
        return None

    def _steal_effect(self, a: Pet, food: str, victim: Animal, victim_mated: bool,
                      victim_active: bool) -> Effect | None:
        """The first of the thief's steal abilities that fits this meal (D25)."""
        for e in self._kind(a).effects.get("steal", ()):
            if e.once and f"{a['card']}:{e.ability}" in self.once:
                continue
            if e.food == "forage" and food not in FORAGE:
                continue
            if e.food == "animal" and food not in CARD_ANIMAL:
                continue
            if e.victim is not None and not e.victim.matches(victim, mated=victim_mated,
                                                             active=victim_active):
                continue
            return e
        return None

    def _steal_targets(self, a: Pet) -> list[str]:
        out: list[str] = []
        for p, pack in enumerate(self.packs):
            if p == self.active:
                continue
            for v in pack:
                kind, mated = self._kind(v), v["mate"] is not None
                active = self.is_active(kind, p, mated)
                out.extend(f for f in alike(v["food"])
                           if self._steal_effect(a, f, kind, mated, active) is not None)
        return out

    def _duel(self, parts_a: list[tuple[str, int]], parts_b: list[tuple[str, int]],
              log: EventLog, cause: int | None, who_a: str,
              who_b: str) -> tuple[bool, int | None]:
        """One duel: both roll one die; ties are rolled again ("the chase is on"). Each side
        is its score's parts (Power, then every bonus by name), told one by one."""
        base_a, base_b = sum(v for _, v in parts_a), sum(v for _, v in parts_b)
        die_b = "the die for the highway" if who_b == "Highway" else f"the {who_b}'s die"
        roll = 1
        while True:
            again = "" if roll == 1 else f" (roll {roll})"
            da = self._roll(f"the {who_a}'s die{again}")
            db = self._roll(f"{die_b}{again}")
            ta, tb = base_a + da, base_b + db
            e = log.emit("roll", f"{who_a}: {_sum_text(parts_a, da)} = {ta}; "
                                 f"{who_b}: {_sum_text(parts_b, db)} = {tb}",
                         cause=cause, dice=[da, db])
            if log.record:
                drawn = self.draws_so_far()
                self._note(log, e, [chance_key(drawn - 2), chance_key(drawn - 1)])
            if ta != tb:
                return ta > tb, e
            cause = log.emit("tie", "Tie. The chase is on: roll again", cause=e)
            roll += 1

    def _hunt(self, action: Hunt, log: EventLog) -> None:
        """Hunting: Power + abilities + one die against the prey's Power + abilities + the
        other die; the player to the left rolls for central-habitat animals."""
        p = self.active
        _, a = self.find(action.animal)  # type: ignore[misc]
        pred, pred_mated = self._kind(a), a["mate"] is not None
        target = next(t for t in self._prey() if t[0] == action.prey)
        card, prey, owner, prey_mated, prey_active = target
        roller = self.left_of(p) if owner is None else owner
        where = "in the central habitat" if owner is None else \
            f"in {self.player_names[owner]}'s Pack"
        start = log.emit("hunt", f"{self.player_names[p]}'s {pred.name} hunts the {prey.name} "
                                 f"{where} ({self.player_names[roller]} rolls for the prey)",
                         cards=[a["card"], card], nodes=[pred.id, prey.id],
                         edges=[(prey.id, pred.id)])
        if log.record:
            self._tell_hunt(log, start, a, card, owner)
        self.acted.append(a["card"])
        for e in prey.effects.get("hide", ()):  # before the duel (D28)
            die = self._roll(f"the {prey.name}'s die ({e.ability}: it hides on {e.on} or more)")
            if die >= e.on:
                i = log.emit("hide", f"{e.ability}: the {prey.name} rolls {die} and hides; "
                                     f"the {pred.name} goes hungry", cause=start, dice=[die],
                             nodes=[prey.id])
                self._hungry(log, i, p, a, hid=True)
                return
            i = log.emit("hide_fail", f"{e.ability}: the {prey.name} rolls {die} and cannot "
                                      "hide", cause=start, dice=[die], nodes=[prey.id])
            if log.record:
                self._note(log, i, [chance_key(self.draws_so_far() - 1)])
        won, last = self._hunt_duel(pred, pred_mated, card, prey, owner, prey_mated,
                                    prey_active, log, start)
        if not won:
            i = log.emit("escape", f"The {prey.name} escapes; the {pred.name} goes hungry",
                         cause=last, nodes=[prey.id])
            self._hungry(log, i, p, a)
            return
        told: tuple[list[Key], list[Key], list[str]] | None = None
        if owner is None:
            self.habitat.remove(card)
            eaten = card
            if log.record:
                told = ([], self._dies(card), [animal_id(self.register.animals[card])])
            self.register.depart(card)
        else:
            _, victim = self.find(card)  # type: ignore[misc]
            if log.record:
                told = self._loss(owner, victim)
            eaten = self._remove_one(owner, victim, log, last)
        a["food"].append(eaten)
        i = log.emit("eat", f"The {prey.name} is eaten and placed as food under the {pred.name} "
                            f"(food value {prey.size})", cause=last, cards=[eaten],
                     nodes=[prey.id, pred.id], edges=[(prey.id, pred.id)])
        if told is not None:
            f, n = self._slot(a)
            _, writes, named = told
            self._note(log, i, [], [food_key(f), *writes],
                       [animal_id(n), family_id(f), *named])

    def _tell_hunt(self, log: EventLog, start: int | None, a: Pet, card: str,
                   owner: int | None) -> None:
        """The hunt reads the hunter and its prey (where they are, whether paired), and the
        Events of this turn that change attacks, defences and who is active."""
        reads, named = self._slot_keys(a)
        if owner is None:
            n = self.register.animals[card]
            reads.append(animal_key(n))
            named.append(animal_id(n))
        else:
            more, prey_named = self._slot_keys(self.find(card)[1])  # type: ignore[index]
            reads += more
            named += prey_named
        if self.mods:
            reads.append(TURN_EVENTS)
        self._note(log, start, reads, named=named)

    def _hungry(self, log: EventLog, index: int | None, p: int, a: Pet,
                hid: bool = False) -> None:
        """Event ``index``: ``p``'s animal ``a`` goes hungry (a setback for its Pack);
        ``hid``: the prey's hide die, just rolled, decided it."""
        if log.record:
            f, n = self._slot(a)
            reads = [chance_key(self.draws_so_far() - 1)] if hid else []
            self._note(log, index, reads, [setback_key(p)], [animal_id(n), family_id(f)])

    def _hunt_duel(self, pred: Animal, pred_mated: bool, card: str, prey: Animal,
                   owner: int | None, prey_mated: bool, prey_active: bool, log: EventLog,
                   start: int | None) -> tuple[bool, int | None]:
        """Hunting: "the carnivore adds its Power plus any special abilities, plus a roll of
        one dice. The prey adds its Power, plus any special abilities, plus a roll of the
        other dice"; every bonus is told by name (Events by theirs)."""
        p = self.active
        attack = [("Power", pred.power)]
        attack += [(e.ability, e.bonus) for e in pred.effects.get("attack", ())
                   if _applies(e, pred_mated, prey, prey_mated, prey_active)]
        attack += self._modifier_parts(pred, p, pred_mated, "attack")
        defence = [("Power", prey.power)]
        defence += [(e.ability, e.bonus) for e in prey.effects.get("defence", ())
                    if (not e.mated or prey_mated)
                    and (e.vs is None or e.vs.matches(pred, mated=pred_mated))
                    and not any(f.matches(pred, mated=pred_mated) for f in e.unless)]
        defence += self._modifier_parts(prey, owner, prey_mated, "defence")
        if owner is not None:  # the largest alarm call of the prey's Pack (D24)
            alarms = [(e.bonus, f"{e.ability} ({self._kind(v).name})")
                      for v in self.packs[owner] if v["card"] != card
                      and self._pet_active(owner, v)
                      for e in self._kind(v).effects.get("sentinel", ())]
            if alarms:
                bonus, why = max(alarms, key=lambda x: x[0])
                defence.append((why, bonus))
        rerolls = [e for e in pred.effects.get("reroll", ())
                   if _applies(e, pred_mated, prey, prey_mated, prey_active)]
        won, last = self._duel(attack, defence, log, start, pred.name, prey.name)
        if not won and rerolls:
            again = log.emit("reroll", f"{rerolls[0].ability}: the first attack falls short; "
                                       "roll the dice and try again", cause=last)
            won, last = self._duel(attack, defence, log, again, pred.name, prey.name)
        return won, last

    def _scavenge(self, action: Scavenge, log: EventLog) -> None:
        """Scavenging Roadkill: Agility + one die against the highway's die, rolled by the
        player to the left; ties are rolled again (D11). Size doesn't matter."""
        p = self.active
        _, a = self.find(action.animal)  # type: ignore[misc]
        kind = self._kind(a)
        carrion = CARD_ANIMAL[action.carcass]
        self.acted.append(a["card"])
        bonus = [(e.ability, e.bonus) for e in kind.effects.get("scavenge", ())]
        start = log.emit("scavenge", f"{self.player_names[p]}'s {kind.name} tries to scavenge "
                                     f"the {carrion.name} from the highway "
                                     f"({self.player_names[self.left_of(p)]} rolls for the "
                                     "highway)", cards=[a["card"], action.carcass],
                         nodes=[kind.id])
        if log.record:
            reads, named = self._slot_keys(a)
            self._note(log, start, [*reads, HIGHWAY], named=named)
        won, last = self._duel([("Agility", kind.agility), *bonus], [], log, start,
                               kind.name, "Highway")
        if not won:
            e = log.emit("traffic", f"The {kind.name} is not agile enough to dodge the "
                                    "traffic; the roadkill stays on the highway", cause=last)
            self._hungry(log, e, p, a)
            return
        self.highway.remove(action.carcass)
        a["food"].append(action.carcass)
        e = log.emit("eat", f"The {kind.name} takes the {carrion.name} as carrion (food value "
                            f"{carrion.size})", cause=last, cards=[action.carcass],
                     nodes=["carrion", kind.id], edges=[("carrion", kind.id)])
        if log.record:
            f, n = self._slot(a)
            self._note(log, e, [], [food_key(f), HIGHWAY], [animal_id(n), family_id(f)])

    def _steal(self, action: Steal, log: EventLog) -> None:
        p = self.active
        _, a = self.find(action.animal)  # type: ignore[misc]
        thief = self._kind(a)
        owner, victim = self.holder_of_food(action.food)
        vkind, vmated = self._kind(victim), victim["mate"] is not None
        eff = self._steal_effect(a, action.food, vkind, vmated,
                                 self.is_active(vkind, owner, vmated))
        assert eff is not None
        self.acted.append(a["card"])
        if eff.once:
            self.once.append(f"{a['card']}:{eff.ability}")
        start = log.emit("steal", f"{eff.ability}: {self.player_names[p]}'s {thief.name} goes "
                                  f"for the {card_name(action.food)} under "
                                  f"{self.player_names[owner]}'s {vkind.name}",
                         cards=[a["card"], victim["card"], action.food],
                         nodes=[thief.id, vkind.id])
        if log.record:
            reads, named = self._slot_keys(a)
            more, victim_named = self._slot_keys(victim)
            vf = self._slot(victim)[0]
            self._note(log, start, [*reads, *more, food_key(vf)], named=[*named, *victim_named])
        last = start
        if eff.contest != "none":
            mine = ("Agility", thief.agility) if eff.contest == "agility" else \
                ("Strength", thief.strength)
            won, last = self._duel([mine], [("Strength", vkind.strength)], log, start,
                                   thief.name, vkind.name)
            if not won:
                e = log.emit("escape", f"The {vkind.name} keeps its meal", cause=last)
                self._hungry(log, e, p, a)
                return
        victim["food"].remove(action.food)
        a["food"].append(action.food)
        e = log.emit("eat", f"The {thief.name} takes the {card_name(action.food)}", cause=last,
                     cards=[action.food], nodes=[thief.id])
        if log.record:
            (f, n), (vf, vn) = self._slot(a), self._slot(victim)
            self._note(log, e, [], [food_key(f), food_key(vf), setback_key(owner)],
                       [animal_id(n), family_id(f), animal_id(vn), family_id(vf)])

    def holder_of_food(self, food: str) -> tuple[int, Pet]:
        for p, pack in enumerate(self.packs):
            for a in pack:
                if food in a["food"]:
                    return p, a
        raise KeyError(food)

    def _forage(self, action: Forage, log: EventLog) -> None:
        """Foraging: draw one Forage card (or as many as an ability says) as food."""
        p = self.active
        _, a = self.find(action.animal)  # type: ignore[misc]
        kind = self._kind(a)
        self.acted.append(a["card"])
        mark = self._mark(log)
        got = self._draw_forage(a, self._forage_count(a))
        names = ", ".join(FORAGE[c].name for c in got)
        # the arrows of the food web: the groups its diet eats (a Forage card drawn outside
        # them, an elk's grasshoppers, is 1 food all the same but no arrow of the web)
        eaten = {g for d in kind.diet for g in DIET_FORAGE.get(d, ())}
        groups = sorted({FORAGE[c].group for c in got} & eaten)
        e = log.emit("forage", f"{self.player_names[p]}'s {kind.name} forages: {names}",
                     cards=[a["card"], *got], nodes=[*groups, kind.id],
                     edges=[(g, kind.id) for g in groups])
        if log.record:
            f, n = self._slot(a)
            self._note(log, e, self._drawn_since(mark), [food_key(f)],
                       [animal_id(n), family_id(f)])

    # -- Mating and Offspring --------------------------------------------------------------

    def _mate_source(self, a: Pet) -> str | None:
        """Taking a Mate: where the mate is, in the rulebook's order of search (D20).
        Another player's animal that is raising an Offspring stays with its family (D13).
        After a failed search the animal "waits until the following turn": no source at all
        this turn, even if its mate has since turned up (D20)."""
        if self._waits(a):
            return None
        mate = MATE_OF[a["card"]]
        found = self.find(mate)
        in_pack = (found is not None and found[0] != self.active
                   and found[1]["offspring"] is None)
        if self._kind(a).pet:
            if mate in self.edeck:
                return "event_deck"
            if mate in self.ediscard:
                return "event_discard"
            return "pack" if in_pack else None
        if mate in self.habitat:
            return "habitat"
        if in_pack:
            return "pack"
        if mate in self.wdiscard:
            return "discard"
        if not self.wdeck:
            return None
        return "draw" if a["waiting"] is None else "search"

    def _waits(self, a: Pet) -> bool:
        """No mate was found this turn: the animal waits until the following turn."""
        return a["waiting"] is not None and a["waiting"] >= self.turn

    def _mate_actions(self) -> list[Action]:
        """Step 5: mates are optional, an Offspring due is not (D17)."""
        out: list[Action] = []
        for a in self.packs[self.active]:
            need = self._kind(a).size
            if food_value(a["food"]) < need or not self._pet_active(self.active, a) \
                    or self._restricted(a, "mate"):
                continue
            if a["mate"] is None and a["offspring"] is None:
                if self._mate_source(a) is not None:
                    out.extend(TakeMate(a["card"], d) for d in discard_options(a["food"], need))
            elif a["mate"] is not None and a["offspring"] is None and self.odeck:
                out.extend(RaiseOffspring(a["card"], d)
                           for d in discard_options(a["food"], need))
        return out

    def _why_not_breed(self, action: TakeMate | RaiseOffspring) -> str | None:
        found = self.find(action.animal)
        if found is None or found[0] != self.active:
            return "only the animals of your own Pack take mates and raise Offspring"
        a = found[1]
        kind = self._kind(a)
        if not self._pet_active(self.active, a):
            return (f"the {kind.name} is not active now: strictly diurnal or nocturnal animals "
                    "may only take mates or have Offspring when active")
        if self._restricted(a, "mate"):
            return "an Event stops this animal from mating this turn"
        if food_value(a["food"]) < kind.size:
            return (f"Food Requirement: the {kind.name} needs food worth its Size "
                    f"({kind.size}); it has {food_value(a['food'])}")
        if isinstance(action, TakeMate):
            if a["mate"] is not None or a["offspring"] is not None:
                return f"the {kind.name} already has a mate"
            if self._waits(a):
                return ("no mate was found this turn: the animal waits until the following "
                        "turn, then looks through the entire deck")
            if self._mate_source(a) is None:
                return ("no mate can be found now: not in the habitat, another Pack or the "
                        "discard pile, and the Wildlife deck is empty")
        else:
            if a["mate"] is None:
                return "Raising Offspring needs a mated pair"
            if a["offspring"] is not None:
                return "this pair is already raising an Offspring"
            if not self.odeck:
                return "the Offspring deck is empty (D15)"
        if action.discard not in discard_options(a["food"], kind.size):
            return (f"Discard Food: give up requisite food worth at least {kind.size}, no card "
                    "more than needed; Forage cards go earliest first (D14)")
        return None

    def _take_mate(self, action: TakeMate, log: EventLog) -> None:
        p = self.active
        _, a = self.find(action.animal)  # type: ignore[misc]
        kind = self._kind(a)
        mate = MATE_OF[a["card"]]
        source = self._mate_source(a)
        start = log.emit("seek_mate", f"{self.player_names[p]}'s {kind.name} looks for a mate",
                         cards=[a["card"]], nodes=[kind.id])
        fam, me = self._slot(a)
        if log.record:
            seen = self.register.animals.get(mate)  # the mate alive on the table
            self._note(log, start, [food_key(fam), family_key(fam), waits_key(fam),
                                    animal_key(me),
                                    *([] if seen is None else [animal_key(seen)])],
                       named=[animal_id(me), family_id(fam)])
        mark = self._mark(log)
        found = True
        extra: list[str] = []
        lost: tuple[int, int] | None = None  # (seat, family) of a Pack that loses the mate
        if source == "habitat":
            self.habitat.remove(mate)
            where = "in the central habitat"
        elif source == "pack":
            owner, other = self.find(mate)  # type: ignore[misc]
            self.packs[owner].remove(other)
            lost = owner, self.register.end(mate)
            extra = list(other["food"])
            where = f"in {self.player_names[owner]}'s Pack (with {len(extra)} food card(s))"
        elif source == "discard":
            self.wdiscard.remove(mate)
            where = "in the Wildlife discard pile"
        elif source == "event_deck":
            self.edeck.remove(mate)  # shuffled after: no order of it is known (D32)
            where = "in the Event deck"
        elif source == "event_discard":
            self.ediscard.remove(mate)
            where = "in the Event discard pile"
        elif source == "search":
            found = mate in self.wdeck
            if found:
                self.wdeck.remove(mate)
            where = "by looking through the entire Wildlife deck"
        else:
            found = False
            drawn = []
            for n in range(MATE_DRAWS):
                if not self.wdeck:
                    break
                card = self._pick(self.wdeck, f"Wildlife card {n + 1} of {MATE_DRAWS} drawn "
                                              f"for the {kind.name}'s mate")
                drawn.append(card)
                if card == mate:
                    found = True
                    break
                self.habitat.append(card)
                self.register.arrive(card)
            where = f"after drawing {len(drawn)} Wildlife card(s)"
            others = [c for c in drawn if c != mate]
            if others:
                e = log.emit("draw", f"{len(others)} non-matching card(s) join the central "
                                     "habitat", cause=start, cards=others,
                             nodes=sorted({CARD_ANIMAL[c].id for c in others}))
                if log.record:
                    numbers = [self.register.animals[c] for c in others]
                    self._note(log, e, [chance_key(self.draws_so_far() - len(drawn) + i)
                                        for i in range(len(others))],
                               [*map(animal_key, numbers)], [*map(animal_id, numbers)])
        if not found:
            a["waiting"] = self.turn
            e = log.emit("no_mate", f"No mate found {where}: the {kind.name} waits until the "
                                    "following turn, then looks through the entire deck",
                         cause=start)
            if log.record:
                self._note(log, e, self._drawn_since(mark),
                           [waits_key(fam), setback_key(p)], [animal_id(me), family_id(fam)])
            return
        if source not in ("habitat", "pack"):
            self.register.arrive(mate)
        self._discard_food(a, action.discard)
        a["mate"] = mate
        a["waiting"] = None
        a["food"].extend(extra)
        e = log.emit("mate", f"The {kind.name} takes a mate found {where}; it discards "
                             f"{len(action.discard)} food card(s)", cause=start,
                     cards=[a["card"], mate, *action.discard], nodes=[kind.id])
        if log.record:
            m = self.register.animals[mate]
            writes = [*family_keys(fam), food_key(fam), animal_key(m)]
            named = [animal_id(me), animal_id(m), family_id(fam)]
            if lost is not None:
                writes += [food_key(lost[1]), *family_keys(lost[1]),
                           gone_key(family_id(lost[1])),
                           setback_key(lost[0])]
                named.append(family_id(lost[1]))
            self._note(log, e, self._drawn_since(self.draws_so_far() - 1)
                       if source == "draw" else [], writes, named)

    def _raise_offspring(self, action: RaiseOffspring, log: EventLog) -> None:
        """Instructions for Raising Offspring: the requisite food is exchanged for an
        Offspring card; it matures when the pair gathers its Size again."""
        p = self.active
        _, a = self.find(action.animal)  # type: ignore[misc]
        kind = self._kind(a)
        self._discard_food(a, action.discard)
        a["offspring"] = self.odeck.pop()
        e = log.emit("offspring", f"{self.player_names[p]}'s {kind.name} pair exchanges "
                                  f"{len(action.discard)} food card(s) for an Offspring card",
                     cards=[a["card"], a["offspring"], *action.discard], nodes=[kind.id])
        if log.record:
            f = self._slot(a)[0]
            self._note(log, e, [food_key(f), family_key(f)], [food_key(f), family_key(f)],
                       self._slot_keys(a)[1])

    # -- playing -----------------------------------------------------------------------------

    def _play(self, action: Action, log: EventLog) -> None:
        if isinstance(action, PlaceRoadkill):
            self._place_roadkill(action.card, log)
        elif isinstance(action, Draft):
            self._draft(action.card, log)
        elif isinstance(action, Swap):
            self._swap(action.card, log)
        elif isinstance(action, KeepPack):
            self.stage = "replace"
            self._advance(log, None)
        elif isinstance(action, TakeFromHabitat):
            self._replace(action.card, log)
        elif isinstance(action, DrawWildlife):
            self._replace(None, log)
        elif isinstance(action, ChooseVictim):
            self._choose_victim(action.card, log)
        elif isinstance(action, (AdoptPet, DeclinePet)):
            self._adopt(isinstance(action, AdoptPet), log)
        elif isinstance(action, Forage):
            self._forage(action, log)
            self._advance(log, None)
        elif isinstance(action, Hunt):
            self._hunt(action, log)
            self._advance(log, None)
        elif isinstance(action, Scavenge):
            self._scavenge(action, log)
            self._advance(log, None)
        elif isinstance(action, Steal):
            self._steal(action, log)
            self._advance(log, None)
        elif isinstance(action, EndFeeding):
            self.stage = "mate"
        elif isinstance(action, TakeMate):
            self._take_mate(action, log)
        elif isinstance(action, RaiseOffspring):
            self._raise_offspring(action, log)
        elif isinstance(action, EndTurn):
            self._end_turn(log)

    def describe(self, action: Action) -> str:
        n = card_name
        if isinstance(action, PlaceRoadkill):
            return f"Place the {n(action.card)} on the highway"
        if isinstance(action, Draft):
            return f"Select the {n(action.card)}"
        if isinstance(action, Swap):
            return f"Swap the {n(action.card)}"
        if isinstance(action, TakeFromHabitat):
            return f"Take the {n(action.card)} from the habitat"
        if isinstance(action, ChooseVictim):
            return f"The Event strikes {self._whose(action.card)}"
        if isinstance(action, Forage):
            return f"{n(action.animal)} forages"
        if isinstance(action, Hunt):  # every label names where the prey is (D33)
            return f"{n(action.animal)} hunts {self._whose(action.prey)}"
        if isinstance(action, Scavenge):
            return f"{n(action.animal)} scavenges the {n(action.carcass)}"
        if isinstance(action, Steal):
            try:
                owner, victim = self.holder_of_food(action.food)
            except KeyError:
                return f"{n(action.animal)} steals the {n(action.food)}"
            return (f"{n(action.animal)} steals the {n(action.food)} from "
                    f"{self.player_names[owner]}'s {n(victim['card'])}")
        if isinstance(action, TakeMate):
            food = ", ".join(n(c) for c in action.discard)
            return f"{n(action.animal)} takes a mate (discarding {food})"
        if isinstance(action, RaiseOffspring):
            food = ", ".join(n(c) for c in action.discard)
            return f"{n(action.animal)} pair raises Offspring (discarding {food})"
        return action.label()

    def _whose(self, card: str) -> str:
        """An animal and where it is: "Player 2's Mouse", "the Mouse in the habitat"."""
        found = self.find(card)
        if found is not None:
            return f"{self.player_names[found[0]]}'s {card_name(card)}"
        if card in self.habitat:
            return f"the {card_name(card)} in the habitat"
        return f"the {card_name(card)}"

    # -- what is seen --------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.winner is not None else self.active

    @property
    def phase(self) -> str:
        return self.stage

    @property
    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome((self.winner,), f"{self.player_names[self.winner]} raised "
                                       f"{len(self.secured[self.winner])} Offspring",
                       tuple(float(len(f)) for f in self.secured))

    def _animal_view(self, owner: int, a: Pet) -> dict[str, Any]:
        kind = self._kind(a)
        reg = self.register
        return {
            # ids (D34) name the animal, its mate and the family in game.story and Why?
            "id": animal_id(reg.animals[a["card"]]), "family": family_id(reg.families[a["card"]]),
            "mate_id": None if a["mate"] is None else animal_id(reg.animals[a["mate"]]),
            "card": a["card"], "species": kind.id, "name": kind.name, "mate": a["mate"],
            "food": list(a["food"]), "food_value": food_value(a["food"]), "need": kind.size,
            "offspring": a["offspring"], "mature": self.is_mature(a),
            "active": self._pet_active(owner, a), "pet": kind.pet,
            "acted": owner == self.active and a["card"] in self.acted,
            "waiting": a["waiting"] is not None,
        }

    def view(self, player: int | None = None) -> dict[str, Any]:
        """Everything on the table is face up; the decks' order and another player's
        upside-down Event card are hidden."""
        decision = None
        if self.decision is not None:
            decision = {"event": self.decision["event"],
                        "candidates": list(self.decision["candidates"])}
        return {
            "players": self.players, "you": player, "active": self.current_player,
            "phase": self.phase, "day": self.day, "round": self.round, "turn": self.turn,
            "target": self.target, "pack_size": self.pack_size,
            "habitat": [{"card": c, "species": CARD_ANIMAL[c].id,
                         "id": animal_id(self.register.animals[c]),
                         "active": self.is_active(CARD_ANIMAL[c], None),
                         "pair": MATE_OF[c] in self.habitat} for c in self.habitat],
            "highway": list(self.highway),
            "decks": {"wildlife": len(self.wdeck), "event": len(self.edeck),
                      "forage": len(self.fdeck), "offspring": len(self.odeck)},
            "discards": {"wildlife": list(self.wdiscard), "event": list(self.ediscard)},
            "packs": [[self._animal_view(p, a) for a in pack]
                      for p, pack in enumerate(self.packs)],
            "secured": [[dict(f, cards=list(f["cards"])) for f in fams]
                        for fams in self.secured],
            "held_event": [c if i == player else (None if c is None else "hidden")
                           for i, c in enumerate(self.pending)],
            "turn_events": [[c, i] for c, i in self.mods],
            "decision": decision,
            "highway_cards": list(HIGHWAY_CARDS),
            "reference": {"title": REFERENCE_CARD[0], "lines": list(REFERENCE_CARD[1])},
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    # -- state -------------------------------------------------------------------------------

    def _state(self) -> dict[str, Any]:
        return {
            "players": self.players, "rng": self.rng.state, "target": self.target,
            "round": self.round, "turn": self.turn, "active": self.active,
            "stage": self.stage,
            "wdeck": list(self.wdeck), "wdiscard": list(self.wdiscard),
            "habitat": list(self.habitat), "highway": list(self.highway),
            "edeck": list(self.edeck), "ediscard": list(self.ediscard),
            "fdeck": list(self.fdeck), "fknown": self.fknown, "odeck": list(self.odeck),
            "packs": [[{**a, "food": list(a["food"])} for a in pack] for pack in self.packs],
            "secured": [[{"cards": list(f["cards"]), "offspring": f["offspring"]} for f in fams]
                        for fams in self.secured],
            "pending": list(self.pending), "once": list(self.once),
            "mods": [list(m) for m in self.mods], "acted": list(self.acted),
            "decision": None if self.decision is None else
            {**self.decision, "candidates": list(self.decision["candidates"])},
            "winner": self.winner,
        }

    @classmethod
    def _from_state(cls, data: Mapping[str, Any]) -> WildlifeWeb:
        """Load a state strictly (a save file is untrusted): exact keys and types (an int is
        an int, never a bool, a float or text), every card exactly once, and every invariant
        that play keeps (``_check_state``). Raises ``SaveError`` with the reason."""
        _keys(data, STATE_KEYS, "state")
        players = s.integer(data, "players", MIN_PLAYERS, MAX_PLAYERS)
        game = cls(players, Rng(state=s.integer(data, "rng", 0, 2**64 - 1)),
                   s.integer(data, "target", 1, MAX_OFFSPRING_TO_WIN[players]))
        game.round = s.integer(data, "round", 0, 10**6)
        game.turn = s.integer(data, "turn", 0, 10**7)
        game.active = s.integer(data, "active", 0, players - 1)
        game.stage = _text(data["stage"], "stage")
        if game.stage not in PHASES:
            raise SaveError(f"state.stage must be one of {sorted(PHASES)}, got "
                            f"{game.stage!r:.40}")
        seen: list[str] = []

        def cards(holder: Mapping[str, Any], key: str, kinds: tuple[str, ...],
                  where: str = "state") -> list[str]:
            values = s.field(holder, key, list, where)
            for x in values:
                if not isinstance(x, str) or CARD_KIND.get(x) not in kinds:
                    raise SaveError(f"{where}.{key} holds {x!r:.40}, not a "
                                    f"{'/'.join(kinds)} card")
            seen.extend(values)
            return list(values)

        game.wdeck = cards(data, "wdeck", ("wildlife",))
        game.wdiscard = cards(data, "wdiscard", ("wildlife",))
        game.habitat = cards(data, "habitat", ("wildlife",))
        game.highway = cards(data, "highway", ("wildlife", "event"))
        if any(x not in CARD_ANIMAL for x in game.highway):
            raise SaveError("only animals lie on the highway")
        game.edeck = cards(data, "edeck", ("event",))
        game.ediscard = cards(data, "ediscard", ("event",))
        game.fdeck = cards(data, "fdeck", ("forage",))
        game.fknown = s.integer(data, "fknown", 0, len(game.fdeck))
        game.odeck = cards(data, "odeck", ("offspring",))
        packs = s.field(data, "packs", list)
        if len(packs) != players:
            raise SaveError("one Pack per player")
        game.packs = []
        for p, pack in enumerate(packs):
            if not isinstance(pack, list):
                raise SaveError("a Pack is a list of animals")
            animals = []
            for a in pack:
                where = f"packs[{p}]"
                _keys(a, PET_KEYS, f"an animal of {where}")
                card = _text(a["card"], f"{where} card")
                if card not in CARD_ANIMAL:
                    raise SaveError(f"{card!r:.40} is not an animal card")
                mate = a["mate"]
                if mate is not None and mate != MATE_OF[card]:
                    raise SaveError(f"{mate!r:.40} cannot be the mate of {card}")
                food = cards(a, "food", ("wildlife", "event", "forage"), where)
                if any(x not in FOOD_VALUE for x in food):
                    raise SaveError("food is Forage cards and animals")
                offspring = a["offspring"]
                if offspring is not None and (not isinstance(offspring, str)
                                              or CARD_KIND.get(offspring) != "offspring"):
                    raise SaveError("offspring must be an Offspring card or null")
                waiting = a["waiting"]
                if waiting is not None and (isinstance(waiting, bool)
                                            or not isinstance(waiting, int)):
                    raise SaveError(f"{card}: waiting is a turn number or null, not "
                                    f"{waiting!r:.20}")
                seen.extend(x for x in (card, mate, offspring) if x is not None)
                animals.append({"card": card, "mate": mate, "food": food,
                                "offspring": offspring, "waiting": waiting})
            game.packs.append(animals)
        secured = s.field(data, "secured", list)
        if len(secured) != players:
            raise SaveError("one list of secured families per player")
        game.secured = []
        for fams in secured:
            if not isinstance(fams, list):
                raise SaveError("secured families are a list")
            out = []
            for f in fams:
                _keys(f, frozenset({"cards", "offspring"}), "a secured family")
                members = cards(f, "cards", ("wildlife", "event"), "a secured family")
                if not 1 <= len(members) <= 2 or any(x not in CARD_ANIMAL for x in members) \
                        or (len(members) == 2 and MATE_OF[members[0]] != members[1]):
                    raise SaveError("a family is one or two mated animal cards")
                if not isinstance(f["offspring"], str) \
                        or CARD_KIND.get(f["offspring"]) != "offspring":
                    raise SaveError("a family holds an Offspring card")
                seen.append(f["offspring"])
                out.append({"cards": members, "offspring": f["offspring"]})
            game.secured.append(out)
        pending = s.field(data, "pending", list)
        if len(pending) != players or any(
                x is not None and (not isinstance(x, str) or CARD_KIND.get(x) != "event"
                                   or CARD_EVENT[x].time == "both") for x in pending):
            raise SaveError("pending holds, per player, an Event card of one time of day "
                            "(held upside down) or null")
        game.pending = list(pending)
        seen.extend(x for x in pending if x is not None)
        game.once = [_text(x, "once") for x in s.field(data, "once", list)]
        game.mods = []
        for m in s.field(data, "mods", list):
            if (not isinstance(m, list) or len(m) != 2 or not isinstance(m[0], str)
                    or m[0] not in CARD_EVENT or isinstance(m[1], bool)
                    or not isinstance(m[1], int)
                    or not 0 <= m[1] < len(CARD_EVENT[m[0]].effects)
                    or CARD_EVENT[m[0]].effects[m[1]].kind not in MODIFIER_KINDS):
                raise SaveError(f"mods holds {m!r:.60}, not [event card, modifier index]")
            game.mods.append([m[0], m[1]])
        game.acted = [_text(x, "acted") for x in s.field(data, "acted", list)]
        decision = data["decision"]
        if decision is not None:
            _keys(decision, frozenset({"event", "effect", "candidates"}), "decision")
            event, effect = decision["event"], decision["effect"]
            if (not isinstance(event, str) or event not in CARD_EVENT
                    or isinstance(effect, bool) or not isinstance(effect, int)
                    or not 0 <= effect < len(CARD_EVENT[event].effects)
                    or not isinstance(decision["candidates"], list)):
                raise SaveError("decision is {event card, effect index, candidates}")
            seen.append(event)
            game.decision = {"event": event, "effect": effect,
                             "candidates": [_text(x, "decision candidates")
                                            for x in decision["candidates"]]}
        winner = data["winner"]
        if winner is not None and (isinstance(winner, bool) or not isinstance(winner, int)
                                   or not 0 <= winner < players):
            raise SaveError("winner is a seat or null")
        game.winner = winner
        if len(seen) != len(ALL_CARDS) or set(seen) != set(ALL_CARDS):
            missing = sorted(set(ALL_CARDS) - set(seen))[:3]
            doubled = sorted({x for x in seen if seen.count(x) > 1})[:3]
            raise SaveError(f"every card must be somewhere exactly once (missing {missing}, "
                            f"twice {doubled})")
        game._check_state()
        game.register = Register.of_table(game.habitat, game.packs)
        return game

    def _check_state(self) -> None:
        """The invariants of play and of the rulebook, on a loaded state (SaveError)."""
        def need(cond: bool, why: str) -> None:
            if not cond:
                raise SaveError(f"impossible Wildlife Web state: {why}")

        stage, p = self.stage, self.active
        setup = stage in ("setup_roadkill", "draft")
        # Game Setup; Between Turns: the dice pass clockwise, the card turns at the dealer
        if setup:
            need(self.turn == 0 and self.round == 0,
                 "the set-up comes before the first turn (turn and round 0)")
            need(not any(self.secured) and not self.mods and not self.acted
                 and not self.once and self.pending == [None] * self.players,
                 "nothing has been played during the set-up")
        else:
            need(self.turn == 1 + self.round * self.players + p,
                 f"turn {self.turn} is not turn 1 + round {self.round} x {self.players} "
                 f"players + seat {p} (the dealer starts; play passes clockwise)")
        if stage == "setup_roadkill":
            need(p == DEALER and not any(self.packs) and len(self.highway) < ROADKILL
                 and bool(self.habitat), "the dealer places the roadkill before the draft")
        if stage == "draft":
            need(len(self.highway) == ROADKILL, "the draft starts with 4 roadkill")
            need(len(self.packs[p]) < self.pack_size and bool(self._draft_choices(p)),
                 "the drafting player has a card to select")
        # Game Setup, Taking a Mate: the Pack size, two cards of a species are mates
        for q, pack in enumerate(self.packs):
            need(self.wildlife_count(q) <= self.pack_size,
                 f"Player {q + 1}'s Pack holds more than {self.pack_size} Wildlife cards")
            kinds = [self._kind(a).id for a in pack]
            need(len(kinds) == len(set(kinds)),
                 "two cards of one species in a Pack are stacked together as mates")
            for a in pack:
                if setup:
                    need(not self._kind(a).pet and a["mate"] is None and not a["food"]
                         and a["offspring"] is None and a["waiting"] is None,
                         "the drafted cards have not played yet")
                w = a["waiting"]
                if w is not None:  # Taking a Mate: "waits until the following turn" (D20)
                    need(a["mate"] is None and a["offspring"] is None
                         and not self._kind(a).pet,
                         f"{a['card']}: waiting, but only an unmated Wildlife animal waits "
                         "for a mate")
                    need(1 <= w <= self.turn and (w - 1) % self.players == q,
                         f"{a['card']}: waiting {w} is not one of its owner's turns so far")
        # Objective: the first to the target wins at once
        for q, fams in enumerate(self.secured):
            need(len(fams) <= self.target, f"Player {q + 1} has more families than the target")
            need(len(fams) < self.target or q == self.winner,
                 f"Player {q + 1} reached the target of {self.target} but did not win")
        need((self.winner is not None) == (stage == "over"),
             "a game is over exactly when it has a winner")
        if self.winner is not None:
            need(len(self.secured[self.winner]) == self.target,
                 "the winner has raised exactly the target number of Offspring")
        # One Action Per Animal; the Event of this turn
        feeding = stage in ("feed", "mate")
        need(len(self.acted) == len(set(self.acted)),
             "acted names each animal once: one action per animal per turn")
        own = {a["card"] for a in self.packs[p]}
        need(all(x in own for x in self.acted) and (feeding or not self.acted),
             "acted names animals of the active player's Pack during feeding and mating")
        mod_cards = {m[0] for m in self.mods}
        need(len(mod_cards) <= 1 and len(self.mods) == len({tuple(m) for m in self.mods}),
             "the effects of this turn come from this turn's one Event card")
        need(not self.mods or stage in ("feed", "mate", "victim", "adopt"),
             "an Event's effects last for the turn it is drawn in")
        decided = None if self.decision is None else self.decision["event"]
        need(mod_cards <= {decided, *self.ediscard},
             "this turn's effects come from the Event card drawn this turn")
        need(len(self.once) == len(set(self.once)) and all(
            _once_ok(x) for x in self.once), "once names a once-per-game steal ability "
                                             "as 'card:ability', each once")
        # an Event's choice, and stages that always offer something to do
        if stage in ("victim", "adopt"):
            need(self.decision is not None, f"the {stage} stage needs its pending decision")
            assert self.decision is not None
            event = CARD_EVENT[self.decision["event"]]
            eff = event.effects[self.decision["effect"]]
            if stage == "adopt":
                need(eff.kind == "pet" and self.decision["candidates"] == [],
                     "an adopt decision is a pet card's")
            else:
                targets = [a["card"] for _, a in self._event_targets(event, eff)]
                need(eff.kind == "kill" and len(targets) > 1
                     and self.decision["candidates"] == targets,
                     "a victim decision lists the animals the Event strikes")
        else:
            need(self.decision is None, f"the {stage} stage has no pending decision")
        if stage == "restock":
            need(p == DEALER and self.day and bool(self._restock_choices()),
                 "the dealer restocks the highway at daybreak")
        if stage == "replace":
            need(self.wildlife_count(p) < self.pack_size
                 and bool(self.habitat or self.wdeck or self.wdiscard),
                 "a missing card is replaced from the habitat or the deck")
        if stage == "swap":
            need(bool(self._swappable()), "a swap needs a card to swap")

    def _copy(self) -> WildlifeWeb:
        twin = object.__new__(WildlifeWeb)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy()
        twin.wdeck, twin.wdiscard = self.wdeck[:], self.wdiscard[:]
        twin.habitat, twin.highway = self.habitat[:], self.highway[:]
        twin.edeck, twin.ediscard = self.edeck[:], self.ediscard[:]
        twin.fdeck, twin.odeck = self.fdeck[:], self.odeck[:]
        twin.pending, twin.once, twin.acted = self.pending[:], self.once[:], self.acted[:]
        twin.packs = [[{**a, "food": list(a["food"])} for a in pack] for pack in self.packs]
        twin.secured = [list(f) for f in self.secured]
        twin.mods = [list(m) for m in self.mods]
        twin.register = self.register.copy()
        if self.decision is not None:
            twin.decision = {**self.decision, "candidates": list(self.decision["candidates"])}
        return twin


def new_game(players: int = 2, seed: int | None = None, **options: Any) -> WildlifeWeb:
    """A Wildlife Web game in its set-up state (the dealer chooses the roadkill first)."""
    return WildlifeWeb.new_game(players=players, seed=seed, **options)
