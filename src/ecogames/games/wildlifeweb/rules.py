"""Wildlife Web — the engine.

Source of truth: ``shared/rulebooks/wildlife-web.txt`` (quoted as "RB"); every decision
where it is silent is in ``docs/rules/wildlifeweb.md`` (cited as ``D<n>``). The rule
functions are named after the rulebook's sections. The game's other modules: ``actions``
(the moves), ``feeding`` (4) Forage, Hunt, or Scavenge), ``view`` (views, descriptions and
why a move is not allowed), ``save`` (the strict loader and ``violations``), ``why`` (who is
who, and what each event read and wrote).

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

from collections import Counter, deque
from collections.abc import Callable, Iterator, Mapping
from functools import cache, lru_cache, partial
from itertools import product
from operator import itemgetter
from typing import Any, cast

from ecogames.core import Action, EventLog, Game, Option, Outcome, Rng
from ecogames.core.provenance import OUTCOME, gone_key

from . import events, feeding
from . import why as ids
from .actions import (
    ACTION_TYPES,
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
    ALIKE_AFTER,
    ALIKE_BEFORE,
    CARD_ANIMAL,
    CARD_EVENT,
    CARD_GROUP,
    CARD_KIND,
    CARD_NAME,
    CARD_RANK,
    EVENT_CARDS,
    FACES,
    FOOD_VALUE,
    FORAGE,
    FORAGE_CARDS,
    HABITAT_CARDS,
    MATE_DRAWS,
    MATE_OF,
    MAX_OFFSPRING_TO_WIN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OFFSPRING_CARDS,
    OFFSPRING_TO_WIN,
    PACK_SIZES,
    PLAYER_NAMES,
    ROADKILL,
    WILDLIFE_CARDS,
    Animal,
    EventEffect,
    EventType,
    alike,
)
from .why import (
    ANIMAL_ID,
    ANIMAL_KEY,
    FAMILY_ID,
    FAMILY_KEY,
    FOOD_KEY,
    GONE_FAMILY,
    HIGHWAY,
    PAIR_KEY,
    SETBACK_KEY,
    WAITS_KEY,
    Register,
    animal_id,
    animal_key,
    chance_keys,
    chance_mark,
    dies,
    drawn_since,
    family_id,
    family_key,
    food_key,
    note,
    secured_key,
    setback_key,
    slot_named,
)

DEALER = 0
"""Game Setup: the dealer (seat 0) places the Day/Night card, deals and starts."""
_TURNS_TO_DAY = "Play returns to the dealer: the Day/Night card turns to Day"
_TURNS_TO_NIGHT = "Play returns to the dealer: the Day/Night card turns to Night"
"""Between Turns: the Day/Night card's turning, told."""


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


# ---------------------------------------------------------------------------------------------
# Small pure helpers
# ---------------------------------------------------------------------------------------------

Pet = dict[str, Any]
"""An animal in a Pack: ``{"card", "mate", "food", "offspring", "waiting"}``."""
Key = ids.Key


def food_value(food: list[str]) -> int:
    """Food Value: Forage cards count 1, animals their Size."""
    value = 0  # (a loop: a card or a few, fewer than map and sum cost to set up)
    for card in food:
        value += FOOD_VALUE[card]
    return value


def discard_options(food: list[str] | tuple[str, ...], need: int) -> list[tuple[str, ...]]:
    """Discard Food: every way to give up "requisite food" of at least ``need``, keeping the
    surplus (no card can be spared). Forage cards are interchangeable (D14): the earliest
    are given first; so are animals of equal Size."""
    return list(_discard_options(tuple(food), need))


def _discard_options(food: tuple[str, ...], need: int) -> tuple[tuple[str, ...], ...]:
    """:func:`discard_options` of a tuple: the cards at the places :func:`_discard_places`
    gives for the food's shape (a Forage card or an animal's Size at each place)."""
    get = food.__getitem__
    return tuple([tuple(map(get, places))
                  for places in _discard_places(tuple(map(_SHAPE.__getitem__, food)), need)])


_SHAPE: dict[str, int] = {c: 0 if c in FORAGE else v for c, v in FOOD_VALUE.items()}
"""A food card's part in the food's shape: 0 for a Forage card, an animal's Size."""


@lru_cache(maxsize=4096)
def _discard_places(shape: tuple[int, ...], need: int) -> tuple[tuple[int, ...], ...]:
    """Each way :func:`_discard_plans` gives to discard food of the shape ``shape`` (a
    Forage card, 0, or an animal's Size at each place), taking the earliest Forage cards
    and the earliest animals of each Size: the places discarded, in order. A pure
    function of the shape, so kept for the shapes met lately (the cards of one shape
    differ from meal to meal)."""
    forage = [i for i, v in enumerate(shape) if not v]
    by_size: dict[int, list[int]] = {}
    for i, v in enumerate(shape):
        if v:
            by_size.setdefault(v, []).append(i)
    sizes = sorted(by_size)
    options = []
    for extra, counts in _discard_plans(len(forage), tuple(len(by_size[v]) for v in sizes),
                                        tuple(sizes), need):
        chosen = set(forage[:extra])
        for v, k in zip(sizes, counts):
            chosen.update(by_size[v][:k])
        options.append(tuple(sorted(chosen)))
    return tuple(options)


@cache
def _discard_plans(forage: int, have: tuple[int, ...], sizes: tuple[int, ...],
                   need: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The ways to give up food of at least ``need`` from ``forage`` Forage cards and
    ``have[i]`` animals of Size ``sizes[i]``, none of it surplus: (Forage cards, animals of
    each Size) given. A pure function of the food's shape, so worked out once per shape."""
    plans = []
    for counts in product(*(range(k + 1) for k in have)):
        meat = sum(v * k for v, k in zip(sizes, counts))
        extra = max(0, need - meat)
        if extra > forage:
            continue
        total = meat + extra
        used = [v for v, k in zip(sizes, counts) if k] + ([1] if extra else [])
        if not used or any(total - v >= need for v in used):
            continue
        plans.append((extra, counts))
    return tuple(plans)


@lru_cache(maxsize=8192)
def _mate_moves(move: type[TakeMate] | type[RaiseOffspring], card: str, food: tuple[str, ...],
                need: int) -> tuple[Action, ...]:
    """``move`` (taking a mate, raising an Offspring) of the animal ``card`` for each way
    to discard the requisite food (:func:`discard_options`): actions are immutable values,
    asked for at every mating step until the animal's food changes (a bounded cache)."""
    return tuple(move(card, d) for d in _discard_options(food, need))


# the legal lists' actions, made once each (actions are immutable values; the set-up,
# restock, draft and replace lists offer the whole habitat, about 17 actions, each time)
_PLACE = cache(PlaceRoadkill)
_DRAFT = cache(Draft)
_TAKE = cache(TakeFromHabitat)
_SWAP = cache(Swap)
_KEEP, _DRAW, _END_FEEDING, _END_TURN = KeepPack(), DrawWildlife(), EndFeeding(), EndTurn()
_CARD = itemgetter("card")
"""A Pack animal's bottom card."""
_IS_PET = {card: kind.pet for card, kind in CARD_ANIMAL.items()}
"""Whether each animal card is a pet (not counted for the Pack size)."""
_CARD_NAME_OF = CARD_NAME.__getitem__
"""A drawn card's name (a draw's label), bound once."""




def kinds_left(pile: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The kinds of card in a face-down pile, a draw's odds (``WildlifeWeb._pick``, made
    when read): each kind's first card left in the cards' order, in that order, and how
    many of each kind are left."""
    ordered = sorted(pile, key=CARD_RANK.__getitem__)
    groups = [*map(CARD_GROUP.__getitem__, ordered)]
    first: dict[str, str] = {}
    deque(map(first.setdefault, groups, ordered), 0)  # each kind's first card (in C)
    count = Counter(groups)  # (counted in C)
    return tuple(first.values()), tuple(map(count.__getitem__, first))


def _ranked(pile: list[str]) -> list[str]:
    """A face-down pile's cards in the cards' order, for draws from it (``WildlifeWeb._pick``):
    the pile itself if it is in that order (as dealt), else a sorted copy."""
    ranked = sorted(pile, key=CARD_RANK.__getitem__)
    return pile if ranked == pile else ranked


def first_of_kind(ranked: list[str], ticket: int) -> str:
    """The card a ticket gives of a draw from a pile's cards in the cards' order, ``ranked``
    (a kind holds as many places as it has cards, in a row, as its tickets): the first card
    of the kind at the ticket's place."""
    card = ranked[ticket]
    if ticket and ranked[ticket - 1] == ALIKE_BEFORE.get(card):
        return ranked[ticket - 1]  # the second card of its kind: the first comes
    return card


EVENT_KINDS: tuple[tuple[str, ...], tuple[int, ...]] = kinds_left(EVENT_CARDS)
"""The kinds of the full Event deck (set-up's), worked out once."""


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
    """``game.why("offspring", seat=s)`` besides the generic questions (``why.py``, D34)."""
    own_labels = frozenset(ACTION_TYPES) - {Hunt, ChooseVictim, Steal}
    """The actions whose words are their own ``label()``: all but those that say where an
    animal is (``describe``, ``view.py``)."""
    told_labels = frozenset({Hunt})
    """A hunt's words are told by the hunt (``feeding.hunt_label``, of where it found the
    prey), made when read."""
    _listed: tuple[int, str, list[Action]] | None = None
    """The actions open in the stage the last action stopped at, where working them out
    decided whether it stops there (``_advance``, ``_fed``, ``_next_drafter``): the feed
    actions (without ending the feeding), the swaps (and keeping the Pack), the restock's
    and the draft's; keyed like ``Game._legal`` by the number of actions played once it is,
    and by the stage: the legal list does not work them out again. Not saved; a copy of the
    game shares it (its state is the same); a determinization drops it."""

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
        """The ids of the animals on the table and of the families (``why.py``; not
        saved: numbered anew from a loaded table, counted on in play)."""
        self._in_order: dict[str, tuple[list[str], int, list[str]]] = {}
        """The Wildlife and Event decks' cards in the cards' order, for the next draw from
        each (``_pick``; not saved), kept from the last: (the deck, its size, its cards in
        order), good while it is that same list of that size (cards only ever leave a deck
        in place; a new deck is a new list). The cards in order are the deck itself while
        it is in order (as dealt), else a sorted copy. Sorting the deck for each draw was a
        tenth of ``push``."""

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
        for which, deck in (("wildlife", game.wdeck), ("event", game.edeck)):  # (in order)
            game._in_order[which] = (deck, len(deck), deck)
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
        count = 0  # (a loop: a Pack is a few animals, fewer than map and sum cost to set up)
        for a in self.packs[player]:
            if not _IS_PET[a["card"]]:
                count += 1
        return count

    def is_mature(self, a: Pet) -> bool:
        """A family whose Offspring has been fed its Size."""
        return a["offspring"] is not None and food_value(a["food"]) >= CARD_ANIMAL[a["card"]].size

    @staticmethod
    def _kind(a: Pet) -> Animal:
        return CARD_ANIMAL[a["card"]]


    _kinds: tuple[list[str], list[str]] | None = None
    """The central habitat's kinds (:meth:`habitat_kinds`): (the habitat list they are of,
    ``alike`` of it), kept as cards come and go (:meth:`_to_habitat`, :meth:`_from_habitat`,
    the rules' only ways to change the habitat in place). A new habitat list (set-up, a
    load, a copy of the game) has them worked out anew when first asked. Not saved."""

    def habitat_kinds(self) -> list[str]:
        """``alike(self.habitat)``: one card of each kind in the central habitat, in its
        order (D33), as the listings offer it (prey, replacements, roadkill). Kept as the
        habitat changes, where working it out anew for each listing was a twentieth of
        ``apply``. Shared: copy it before changing it."""
        habitat, known = self.habitat, self._kinds
        if known is None or known[0] is not habitat:
            known = self._kinds = (habitat, alike(habitat))
        return known[1]

    def _to_habitat(self, card: str) -> None:
        """``card`` joins the central habitat, last; its kinds kept: it is one unless the
        card alike and before it is there, and then the card alike and after it is none."""
        habitat, known = self.habitat, self._kinds
        if known is not None and known[0] is habitat and ALIKE_BEFORE.get(card) not in habitat:
            kinds = known[1]
            after = ALIKE_AFTER.get(card)
            if after is not None and after in kinds:
                kinds.remove(after)
            kinds.append(card)
        habitat.append(card)

    def _from_habitat(self, card: str) -> None:
        """``card`` leaves the central habitat; its kinds kept: it is none of them now, and
        the card alike and after it, if there, becomes one, in its place among them (before
        the first of them after it in the habitat)."""
        habitat, known = self.habitat, self._kinds
        habitat.remove(card)
        if known is None or known[0] is not habitat or card not in known[1]:
            return
        kinds = known[1]
        kinds.remove(card)
        after = ALIKE_AFTER.get(card)
        if after is not None and after in habitat:
            place = len(kinds)
            for later in habitat[habitat.index(after) + 1:]:
                if later in kinds:
                    place = kinds.index(later)
                    break
            kinds.insert(place, after)

    def holder_of_food(self, food: str) -> tuple[int, Pet]:
        """The Pack animal with ``food`` under it: (owner, animal)."""
        for p, pack in enumerate(self.packs):
            for a in pack:
                if food in a["food"]:
                    return p, a
        raise KeyError(food)



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
        return self.is_active(CARD_ANIMAL[a["card"]], owner, a["mate"] is not None)

    def _restricted(self, a: Pet, what: str) -> bool:
        """An Event of this turn forbids ``what`` (Blizzard, Thunderstorm)."""
        if not self.mods:
            return False
        animal, mated = CARD_ANIMAL[a["card"]], a["mate"] is not None
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

    # -- cards moving ----------------------------------------------------------------------

    def _pick(self, pile: list[str], name: str, seen_by: tuple[int, ...] | None = None) -> str:
        """A card drawn from a face-down pile (D32): a chance draw over the kinds of card left
        (the two cards of a species are one kind), weighted by how many of each are left, in
        the cards' order, so no stored order matters and any card left can be forced by a
        fork. Of a kind, the first card left in the cards' order comes (they are alike).
        The draw takes a ticket, a place among the pile's cards in the cards' order (a kind
        holds as many places as it has cards, in a row), and the kind there gives its first
        card (:func:`first_of_kind`); a kept draw tells its odds, the kinds and how many of
        each, worked out when read (:func:`kinds_left` of the pile as it was)."""
        which = "wildlife" if pile is self.wdeck else "event"
        known = self._in_order.get(which)
        ranked = known[2] if known is not None and known[0] is pile and \
            known[1] == len(pile) else _ranked(pile)
        size = len(ranked)  # (more than one kind: a ticket is drawn)
        several = size > 2 or (size == 2 and ALIKE_BEFORE.get(ranked[1]) != ranked[0])
        if self.draws_are_kept:
            card: str = self.chance(
                name, (), label=_CARD_NAME_OF, seen_by=seen_by, whole=True,
                ticket=(size, partial(first_of_kind, ranked)),
                odds=partial(kinds_left, tuple(ranked))) if several else \
                self.chance(name, (ranked[0],), (size,), label=_CARD_NAME_OF,
                            seen_by=seen_by, whole=True)  # (one kind: certain, still told)
            ranked.remove(card)
        else:  # a plain push: chance()'s draw by the same ticket, nothing kept
            i = 0
            if several:
                i = self.rng.below(size)
                if i and ranked[i - 1] == ALIKE_BEFORE.get(ranked[i]):
                    i -= 1  # the second card of its kind: the first comes
            card = ranked.pop(i)
        if ranked is not pile:
            pile.remove(card)
        self._in_order[which] = (pile, len(pile), ranked)
        return card

    def _take_from(self, pile: list[str], card: str) -> None:
        """``card`` leaves the face-down pile ``pile`` (found, not drawn); the pile's cards in
        order kept for the next draw (``_pick``) are kept through it."""
        which = "wildlife" if pile is self.wdeck else "event"
        known = self._in_order.get(which)
        pile.remove(card)
        if known is not None and known[0] is pile and known[1] == len(pile) + 1:
            ranked = known[2]
            if ranked is not pile:
                ranked.remove(card)
            self._in_order[which] = (pile, len(pile), ranked)

    def _draw_wildlife(self, log: EventLog, cause: int | None,
                       name: str = "a card from the Wildlife deck") -> str | None:
        """A card from the Wildlife deck; an empty deck is rebuilt from the discard pile
        (D9)."""
        if not self.wdeck and self.wdiscard:
            self.wdeck, self.wdiscard = self.wdiscard, []
            if log.record:
                log.emit("reshuffle", "The Wildlife discard pile is shuffled into a new deck",
                         cause=cause)
        return self._pick(self.wdeck, name) if self.wdeck else None

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

    def _add_to_pack(self, player: int, card: str, log: EventLog, cause: int | None) -> Pet:
        """Taking a Mate: "If player has two cards from one species already ... the two cards
        are stacked together as mates", keeping the food already gathered (D7, D21). The
        Pack animal the card is now (of its own, or as a mate)."""
        mate = MATE_OF[card]
        for a in self.packs[player]:
            if a["card"] == mate and a["mate"] is None:
                a["mate"] = card
                a["waiting"] = None
                if log.record:  # (told as a row: core's direct telling, no call)
                    kind, reg = CARD_ANIMAL[card], self.register
                    n, f = reg.animals[card], reg.families[mate]
                    events = log.events
                    events.append((len(events), "mate", f"{PLAYER_NAMES[player]}'s {kind.name} "
                                                        "gets a mate: the two cards are stacked "
                                                        "together", cause,
                                   {"cards": (mate, card), "nodes": (kind.id,),
                                    "ids": (ANIMAL_ID[reg.animals[mate]], ANIMAL_ID[n],
                                            FAMILY_ID[f])},
                                   (ANIMAL_KEY[n],), (ANIMAL_KEY[n], FAMILY_KEY[f], PAIR_KEY[f])))
                return a
        slot: Pet = {"card": card, "mate": None, "food": [], "offspring": None, "waiting": None}
        self.packs[player].append(slot)
        self.register.found(card)
        return slot

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
                         cards=[a["offspring"]], nodes=[self._kind(a).id]) if log.record else None
            note(log, e, [], [family_key(f), setback_key(owner)], [family_id(f)])
        return a["card"]

    # -- legality ----------------------------------------------------------------------------

    def _legal_actions(self) -> list[Action]:
        stage = self.stage  # the stages in the order random play lists them most
        known = self._listed
        if known is not None and known[0] == len(self._actions) and known[1] == stage:
            return [*known[2], _END_FEEDING] if stage == "feed" else known[2]
        if stage == "feed":  # the player may stop feeding (D18)
            return [*feeding.feed_actions(self), _END_FEEDING]
        if stage == "mate":
            actions, due = self._mate_listing()
            if not due:
                actions.append(_END_TURN)
            return actions
        if stage == "swap":
            return [*map(_SWAP, map(_CARD, self._swappable())), _KEEP]
        if stage == "replace":
            out: list[Action] = [*map(_TAKE, self.habitat_kinds())]
            if self.wdeck or self.wdiscard:
                out.append(_DRAW)
            return out
        if stage == "draft":
            return [*map(_DRAFT, self._draft_choices(self.active, self.habitat_kinds()))]
        if stage == "restock":
            return [*map(_PLACE, self._restock_choices(self.habitat_kinds()))]
        if stage == "setup_roadkill":
            return [*map(_PLACE, self.habitat_kinds())]
        if stage == "victim":
            return [ChooseVictim(c) for c in self.decision["candidates"]]  # type: ignore[index]
        if stage == "adopt":
            return [AdoptPet(), DeclinePet()]
        return []



    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is not allowed now, naming the rule (``view.py``)."""
        from .view import explain_illegal

        return explain_illegal(self, action)



    # -- Game Setup --------------------------------------------------------------------------

    def _draft_choices(self, player: int, among: list[str] | None = None) -> list[str]:
        """Game Setup: the habitat animals ``player`` may draft, of a species not in their
        Pack; ``among``: of those cards of the habitat alone (its kinds, for the listing:
        a species is left out with both its cards, so these are ``alike`` of the choices)."""
        taken = {CARD_ANIMAL[a["card"]].id for a in self.packs[player]}
        cards = self.habitat if among is None else among
        return [c for c in cards if CARD_ANIMAL[c].id not in taken]

    def _place_roadkill(self, card: str, log: EventLog) -> None:
        """Game Setup and Restock Roadkill: the dealer places a habitat animal (D2)."""
        self._from_habitat(card)
        self.highway.append(card)
        if log.record:
            kind, n = CARD_ANIMAL[card], self.register.animals[card]
            events = log.events  # (told as a row: core's direct telling, no call)
            events.append((len(events), "roadkill", f"The {kind.name} is placed on the highway "
                                                    "as roadkill", None,
                           {"cards": (card,), "nodes": (kind.id,), "ids": (ANIMAL_ID[n],)},
                           (ANIMAL_KEY[n],), (*dies(self, card), HIGHWAY)))
        self.register.depart(card)
        if self.stage == "setup_roadkill":
            if len(self.highway) >= ROADKILL:
                self.stage = "draft"
                self.active = DEALER
                choices = self._draft_choices(DEALER, self.habitat_kinds())
                if choices:  # (the legal list once this action is played: made once)
                    self._listed = (len(self._actions) + 1, "draft", [*map(_DRAFT, choices)])
                else:
                    self._next_drafter(log)
        else:
            self._advance(log, None)

    def _draft(self, card: str, log: EventLog) -> None:
        """Game Setup: "each player selects one Wildlife card from the central habitat"."""
        self._from_habitat(card)
        slot = self._add_to_pack(self.active, card, log, None)
        if log.record:
            kind, reg = CARD_ANIMAL[card], self.register
            n, f = reg.animals[card], reg.families[slot["card"]]
            events = log.events  # (told as a row: core's direct telling, no call)
            events.append((len(events), "draft", f"{PLAYER_NAMES[self.active]} selects the "
                                                 f"{kind.name}", None,
                           {"cards": (card,), "nodes": (kind.id,),
                            "ids": (ANIMAL_ID[n], FAMILY_ID[f])},
                           (ANIMAL_KEY[n],), (ANIMAL_KEY[n], FAMILY_KEY[f], PAIR_KEY[f])))
        self._next_drafter(log)

    def _next_drafter(self, log: EventLog) -> None:
        for _ in range(self.players):
            self.active = self.left_of(self.active)
            if len(self.packs[self.active]) < self.pack_size:
                choices = self._draft_choices(self.active, self.habitat_kinds())
                if choices:  # (the legal list once this action is played: made once)
                    self._listed = (len(self._actions) + 1, "draft", [*map(_DRAFT, choices)])
                    return
        self.active = DEALER
        self.turn = 1
        if log.record:
            log.emit("start", "The Packs are chosen: the dealer starts, in daylight")
        self.stage = "secure"
        self._advance(log, None)

    # -- the turn's automatic steps ----------------------------------------------------------

    def _advance(self, log: EventLog, cause: int | None) -> None:
        """Run the turn until a player has something to decide, in the order of D5."""
        while True:
            stage = self.stage
            if stage == "restock":
                choices = self._restock_choices(self.habitat_kinds())
                if choices:  # the legal actions once this action is played: made once
                    self._listed = (len(self._actions) + 1, stage, [*map(_PLACE, choices)])
                    return
                self.stage = "secure"
            elif stage == "secure":
                self._secure_mature_offspring(log, cause)
                if self.winner is not None:
                    self.stage = "over"
                    return
                self.stage = "swap"
            elif stage == "swap":
                swappable = self._swappable()
                if swappable:
                    self._listed = (len(self._actions) + 1, stage,
                                    [*map(_SWAP, map(_CARD, swappable)), _KEEP])
                    return
                self.stage = "replace"
            elif stage == "replace":
                if (self.wildlife_count(self.active) < PACK_SIZES[self.players]
                        and (self.habitat or self.wdeck or self.wdiscard)):
                    return
                self.stage = "event"
            elif stage == "event":
                self.stage = "feed"
                events.draw_an_event_card(self, log, cause)
                if self.stage != "feed":
                    return
            elif stage == "feed":
                feed = feeding.feed_actions(self)
                if feed:  # the legal actions once this action is played: worked out once
                    self._listed = (len(self._actions) + 1, stage, feed)
                    return
                self.stage = "mate"
            else:
                return

    def _fed(self, action: Forage | Hunt | Scavenge | Steal, gone: feeding.Gone,
             log: EventLog) -> None:
        """After a feed action: while it changed no more than which cards the other
        animals' feed actions may name (``gone``, ``feeding.Gone``: none when it went
        hungry or foraged and left cards in the deck; the prey eaten, the carrion taken),
        the feed actions open are those open before it but its animal's own (it has acted)
        and those naming a card gone; otherwise they are worked out anew (``_advance``)."""
        known = self._listed
        played = len(self._actions)
        if gone is None or known is None or known[0] != played or known[1] != "feed":
            self._advance(log, None)
            return
        me = action.animal
        feed: list[Action]
        if gone:  # (each feed action's fields read as attributes: every one names its animal,
            # and the card it names besides, its target, if any)
            feeds = cast("list[Forage | Hunt | Scavenge | Steal]", known[2])
            feed = [x for x in feeds if x.animal != me and x.target not in gone]
        else:  # the others' actions (every feed action names its animal; a comprehension's
            # specialized attribute reads cost half of compress over attrgetter and __ne__)
            feeds = cast("list[Forage | Hunt | Scavenge | Steal]", known[2])
            feed = [x for x in feeds if x.animal != me]
        if feed:
            self._listed = (played + 1, "feed", feed)
        else:
            self.stage = "mate"

    def _end_turn(self, action: EndTurn, log: EventLog) -> None:
        """Between Turns (``action``: ending the turn): pass the dice clockwise; when play
        returns to the dealer the Day/Night card flips (D3), and at daybreak the roadkill is
        restocked."""
        self.mods = []
        self.acted = []
        self.active = (self.active + 1) % self.players  # (left_of, inline)
        self.turn += 1
        self.stage = "secure"
        if self.active == DEALER:
            self.round += 1
            flip = None
            if log.record:
                events = log.events  # (told as a row: core's direct telling, no call)
                flip = len(events)
                events.append((flip, "daynight", _TURNS_TO_DAY if self.round % 2 == 0
                               else _TURNS_TO_NIGHT, None, {}, (), ()))
            if self.day and len(self.highway) < ROADKILL:
                self.stage = "restock"
            self._advance(log, None)
            # the dealer restocks when there are animals to place: _advance stops at once
            # for their choice, telling nothing (told here, after it: no second look)
            if log.record and self.stage == "restock":
                events = log.events  # (told as a row: core's direct telling, no call)
                events.append((len(events), "restock", "Daybreak: fewer than 4 animals on "
                               "the highway; the dealer restocks it from the central habitat",
                               flip, {}, (), ()))
            return
        self._advance(log, None)

    def _restock_choices(self, among: list[str] | None = None) -> list[str]:
        """Restock Roadkill: habitat animals, avoiding potential mates of the players'
        unmated animals (D6) unless nothing else is left; ``among``: of those cards of the
        habitat alone (its kinds, for the listing: a potential mate's alike card is the
        unmated animal itself, in a Pack, so these are ``alike`` of the choices)."""
        if len(self.highway) >= ROADKILL or not self.habitat:
            return []
        cards = self.habitat if among is None else among
        wanted = {MATE_OF[a["card"]] for pack in self.packs for a in pack if a["mate"] is None}
        safe = [c for c in cards if c not in wanted]
        return safe or list(cards)

    def _secure_mature_offspring(self, log: EventLog, cause: int | None) -> None:
        """Secure Mature Offspring: at the beginning of the turn, active families whose
        Offspring is mature leave the game as a point; their food is discarded (D26)."""
        p = self.active
        for a in list(self.packs[p]):
            if a["offspring"] is None or not self.is_mature(a) or not self._pet_active(p, a):
                continue
            kind = self._kind(a)
            self.packs[p].remove(a)
            self._discard_food(a, list(a["food"]))
            cards = [a["card"]] + ([a["mate"]] if a["mate"] else [])
            self.secured[p].append({"cards": cards, "offspring": a["offspring"]})
            e = None
            if log.record:
                e = log.emit("secure", f"{PLAYER_NAMES[p]}'s {kind.name} family is secured: "
                                       f"{len(self.secured[p])} Offspring raised",
                             cause=cause, cards=[*cards, a["offspring"]], nodes=[kind.id])
            f = self.register.end(a["card"])
            numbers = [self.register.depart(c) for c in cards]
            if log.record:  # the family leaves the game safe: gone, but no species dies out
                note(log, e, [food_key(f), family_key(f)],
                           [food_key(f), family_key(f), gone_key(family_id(f)),
                            *(k for n in numbers for k in (animal_key(n),
                                                           gone_key(animal_id(n)))),
                            secured_key(p)],
                           [*map(animal_id, numbers), family_id(f)])
            if len(self.secured[p]) >= self.target and self.winner is None:
                self.winner, self.is_over = p, True
                e = log.emit("win", f"{PLAYER_NAMES[p]} has raised "
                                    f"{len(self.secured[p])} Offspring and wins the game",
                             cause=cause) if log.record else None
                note(log, e, [secured_key(p)], [OUTCOME])
                return

    # -- Swapping and replacing ------------------------------------------------------------

    def _swappable(self) -> list[Pet]:
        """Swapping (D8): one unmated Wildlife card without Offspring, if a card can be
        drawn to replace it."""
        if not (self.wdeck or self.wdiscard):
            return []
        return [a for a in self.packs[self.active] if a["mate"] is None
                and a["offspring"] is None and not CARD_ANIMAL[a["card"]].pet]

    def _swap(self, action: Swap, log: EventLog) -> None:
        """Instructions for Swapping Wildlife Cards: discard the card to the central
        habitat, its food to the discard piles, and draw a replacement from the deck."""
        p, card = self.active, action.card
        a = self.own(card)  # (a swap is of the active Pack's card)
        self.packs[p].remove(a)
        self._discard_food(a, list(a["food"]))
        self._to_habitat(card)
        e = None
        reg = self.register
        if log.record:
            kind = CARD_ANIMAL[card]
            n, f = reg.animals[card], reg.families[card]
            animal = ANIMAL_KEY[n]
            events = log.events  # (told as a row: core's direct telling, no call)
            e = len(events)
            events.append((e, "swap", f"{PLAYER_NAMES[p]} swaps the {kind.name} back into the "
                                      "central habitat", None,
                           {"cards": (card,), "nodes": (kind.id,),
                            "ids": (ANIMAL_ID[n], FAMILY_ID[f]) if a["mate"] is None
                            else slot_named(self, a)},
                           (animal, PAIR_KEY[f], FAMILY_KEY[f]),
                           (animal, FOOD_KEY[f], FAMILY_KEY[f], PAIR_KEY[f], GONE_FAMILY[f])))
        reg.end(card)
        mark = chance_mark(self, log)
        drawn = self._draw_wildlife(log, e, "the Wildlife card drawn for the swap")
        if drawn is not None:
            n = reg.arrive(drawn)
            slot = self._add_to_pack(p, drawn, log, e)
            if log.record:
                kind = CARD_ANIMAL[drawn]
                f, animal = reg.families[slot["card"]], ANIMAL_KEY[n]
                events = log.events  # (told as a row: core's direct telling, no call)
                events.append((len(events), "draw", f"...and draws a {kind.name}", e,
                               {"cards": (drawn,), "nodes": (kind.id,),
                                "ids": (ANIMAL_ID[n], FAMILY_ID[f])},
                               (*drawn_since(self, mark), animal),
                               (animal, FAMILY_KEY[f], PAIR_KEY[f])))
        self.stage = "replace"
        self._advance(log, None)

    def _replace(self, card: str | None, log: EventLog) -> None:
        """Replace missing Wildlife cards: from the habitat (except roadkill) or the deck."""
        p = self.active
        mark = chance_mark(self, log)
        if card is None:
            card = self._draw_wildlife(log, None, "the Wildlife card drawn to replace a missing "
                                                  "one")
            if card is None:  # pragma: no cover - guarded by legality
                return
            self.register.arrive(card)
            text = f"{PLAYER_NAMES[p]} draws a {CARD_ANIMAL[card].name} from the deck"
        else:
            self._from_habitat(card)
            text = f"{PLAYER_NAMES[p]} takes the {CARD_ANIMAL[card].name} from the habitat"
        e = None
        if log.record:  # (told as a row: core's direct telling, no call; its keys and ids
            # once the card has joined the Pack)
            events = log.events
            e = len(events)
            events.append((e, "replace", text, None,
                           {"cards": (card,), "nodes": (CARD_ANIMAL[card].id,)}, (), ()))
        slot = self._add_to_pack(p, card, log, e)
        if log.record:
            reg = self.register
            n, f = reg.animals[card], reg.families[slot["card"]]
            events[e] = (e, "replace", text, None,  # type: ignore[index]  # (e is set)
                         {"cards": (card,), "nodes": (CARD_ANIMAL[card].id,),
                          "ids": (ANIMAL_ID[n], FAMILY_ID[f])},
                         (*drawn_since(self, mark), ANIMAL_KEY[n]),
                         (ANIMAL_KEY[n], FAMILY_KEY[f], PAIR_KEY[f]))
        self._advance(log, e)

    # -- 3) Draw an Event Card: ``events.py``; 4) Forage, Hunt, or Scavenge: ``feeding.py`` --

    # -- Mating and Offspring --------------------------------------------------------------

    def _mate_source(self, a: Pet) -> str | None:
        """Taking a Mate: where the mate is, in the rulebook's order of search (D20).
        Another player's animal that is raising an Offspring stays with its family (D13).
        After a failed search the animal "waits until the following turn": no source at all
        this turn, even if its mate has since turned up (D20)."""
        if self._waits(a):
            return None
        mate = MATE_OF[a["card"]]
        if CARD_ANIMAL[a["card"]].pet:
            if mate in self.edeck:
                return "event_deck"
            if mate in self.ediscard:
                return "event_discard"
            return "pack" if self._mate_in_a_pack(mate) else None
        if mate in self.register.animals:  # on the table: in the habitat or a Pack (why.py)
            if mate in self.habitat:
                return "habitat"
            if self._mate_in_a_pack(mate):
                return "pack"
        if mate in self.wdiscard:
            return "discard"
        if not self.wdeck:
            return None
        return "draw" if a["waiting"] is None else "search"

    def _mate_in_a_pack(self, mate: str) -> bool:
        """The card ``mate`` is an animal of another player's Pack that may be taken as a
        mate: not one raising an Offspring (D13). (A card is in one place only: where the
        rest of :meth:`_mate_source` looks, it is not in a Pack.)"""
        active = self.active
        for p, pack in enumerate(self.packs):
            if p != active:
                for other in pack:
                    if other["card"] == mate:
                        return other["offspring"] is None
        return False

    def own(self, card: str) -> Pet:
        """The active player's Pack animal whose bottom card is ``card`` (the animal a
        feed or mating action names)."""
        for a in self.packs[self.active]:
            if a["card"] == card:
                return a
        raise KeyError(card)

    def _waits(self, a: Pet) -> bool:
        """No mate was found this turn: the animal waits until the following turn."""
        return a["waiting"] is not None and a["waiting"] >= self.turn

    def _mate_actions(self) -> list[Action]:
        """Step 5: mates are optional, an Offspring due is not (D17)."""
        return self._mate_listing()[0]

    def _mate_listing(self) -> tuple[list[Action], bool]:
        """:meth:`_mate_actions`, and whether an Offspring is due (a RaiseOffspring among
        them: the turn may not end)."""
        out: list[Action] = []
        due = False
        mods, day = self.mods, self.round % 2 == 0
        no_offspring, wdeck = not self.odeck, self.wdeck
        for a in self.packs[self.active]:
            food = a["food"]
            if not food or a["offspring"] is not None:
                continue  # nothing to discard; a family raising its Offspring
            mate = a["mate"]
            if mate is not None and no_offspring:
                continue  # no Offspring card left to raise
            card = a["card"]
            kind = CARD_ANIMAL[card]
            if mods:
                if not self._pet_active(self.active, a) or self._restricted(a, "mate"):
                    continue
            elif not (kind.day if day else kind.night):
                continue  # with no Event in play, the time of day says who is active
            need = kind.size
            value = 0  # (food_value: a loop costs less than map and sum over a card or two)
            for c in food:
                value += FOOD_VALUE[c]
            if value < need:
                continue
            if mate is None:
                # a Wildlife card that has not waited finds a mate source while the deck has
                # cards (_mate_source, asked only otherwise)
                if (wdeck and a["waiting"] is None and not kind.pet) \
                        or self._mate_source(a) is not None:
                    out.extend(_mate_moves(TakeMate, card, tuple(food), need))
            else:
                moves = _mate_moves(RaiseOffspring, card, tuple(food), need)
                due = due or bool(moves)
                out.extend(moves)
        return out, due



    def _take_mate(self, action: TakeMate, log: EventLog) -> None:
        p = self.active
        a = self.own(action.animal)
        kind = self._kind(a)
        mate = MATE_OF[a["card"]]
        source = self._mate_source(a)
        start, fam, me = None, 0, 0  # (the family and animal numbers: read when telling)
        if log.record:
            reg = self.register
            fam, me = reg.families[a["card"]], reg.animals[a["card"]]
            seen = reg.animals.get(mate)  # the mate alive on the table
            events = log.events  # (told as a row: core's direct telling, no call)
            start = len(events)
            events.append((start, "seek_mate", f"{PLAYER_NAMES[p]}'s {kind.name} looks for a "
                                               "mate", None,
                           {"cards": (a["card"],), "nodes": (kind.id,),
                            "ids": (ANIMAL_ID[me], FAMILY_ID[fam])},
                           (FOOD_KEY[fam], FAMILY_KEY[fam], WAITS_KEY[fam], ANIMAL_KEY[me])
                           if seen is None else
                           (FOOD_KEY[fam], FAMILY_KEY[fam], WAITS_KEY[fam], ANIMAL_KEY[me],
                            ANIMAL_KEY[seen]), ()))
        mark = chance_mark(self, log)
        found = True
        extra: list[str] = []
        lost: tuple[int, int] | None = None  # (seat, family) of a Pack that loses the mate
        if source == "habitat":
            self._from_habitat(mate)
            where = "in the central habitat"
        elif source == "pack":
            owner, other = self.find(mate)  # type: ignore[misc]
            self.packs[owner].remove(other)
            lost = owner, self.register.end(mate)
            extra = list(other["food"])
            where = f"in {PLAYER_NAMES[owner]}'s Pack (with {len(extra)} food card(s))"
        elif source == "discard":
            self.wdiscard.remove(mate)
            where = "in the Wildlife discard pile"
        elif source == "event_deck":
            self._take_from(self.edeck, mate)  # no order of the deck is known (D32)
            where = "in the Event deck"
        elif source == "event_discard":
            self.ediscard.remove(mate)
            where = "in the Event discard pile"
        elif source == "search":
            found = mate in self.wdeck
            if found:
                self._take_from(self.wdeck, mate)
            where = "by looking through the entire Wildlife deck"
        else:
            found = False
            drawn = []
            kept = self.draws_are_kept  # (a draw's name is read when it is kept)
            for n in range(MATE_DRAWS):
                if not self.wdeck:
                    break
                card = self._pick(self.wdeck, f"Wildlife card {n + 1} of {MATE_DRAWS} drawn "
                                              f"for the {kind.name}'s mate" if kept else "")
                drawn.append(card)
                if card == mate:
                    found = True
                    break
                self._to_habitat(card)
                self.register.arrive(card)
            where = f"after drawing {len(drawn)} Wildlife card(s)"
            others = [c for c in drawn if c != mate]
            if others and log.record:
                numbers = [*map(self.register.animals.__getitem__, others)]
                first = self.draws_so_far() - len(drawn)
                events = log.events  # (told as a row: core's direct telling, no call)
                events.append((len(events), "draw", f"{len(others)} non-matching card(s) join "
                                                    "the central habitat", start,
                               {"cards": tuple(others),
                                "nodes": tuple(sorted({CARD_ANIMAL[c].id for c in others})),
                                "ids": tuple(map(ANIMAL_ID.__getitem__, numbers))},
                               chance_keys(first, first + len(others)),
                               tuple(map(ANIMAL_KEY.__getitem__, numbers))))
        if not found:
            a["waiting"] = self.turn
            if log.record:
                events = log.events  # (told as a row: core's direct telling, no call)
                events.append((len(events), "no_mate",
                               f"No mate found {where}: the {kind.name} waits until the "
                               "following turn, then looks through the entire deck",
                               start, {"ids": (ANIMAL_ID[me], FAMILY_ID[fam])},
                               drawn_since(self, mark), (WAITS_KEY[fam], SETBACK_KEY[p])))
            return
        if source not in ("habitat", "pack"):
            self.register.arrive(mate)
        self._discard_food(a, action.discard)
        a["mate"] = mate
        a["waiting"] = None
        a["food"].extend(extra)
        if log.record:
            m = self.register.animals[mate]
            writes: tuple[Key, ...] = (FAMILY_KEY[fam], PAIR_KEY[fam], FOOD_KEY[fam],
                                       ANIMAL_KEY[m])
            named: tuple[str, ...] = (ANIMAL_ID[me], ANIMAL_ID[m], FAMILY_ID[fam])
            if lost is not None:
                f = lost[1]
                writes += (FOOD_KEY[f], FAMILY_KEY[f], PAIR_KEY[f], GONE_FAMILY[f],
                           SETBACK_KEY[lost[0]])
                named += (FAMILY_ID[f],)
            now = self.draws_so_far()
            events = log.events  # (told as a row: core's direct telling, no call)
            events.append((len(events), "mate", f"The {kind.name} takes a mate found {where}; "
                                                f"it discards {len(action.discard)} food "
                                                "card(s)", start,
                           {"cards": (a["card"], mate, *action.discard), "nodes": (kind.id,),
                            "ids": named},
                           chance_keys(now - 1, now) if source == "draw" else (), writes))

    def _raise_offspring(self, action: RaiseOffspring, log: EventLog) -> None:
        """Instructions for Raising Offspring: the requisite food is exchanged for an
        Offspring card; it matures when the pair gathers its Size again."""
        p = self.active
        a = self.own(action.animal)
        kind = self._kind(a)
        self._discard_food(a, action.discard)
        a["offspring"] = self.odeck.pop()
        if log.record:
            f = self.register.families[a["card"]]
            keys = (FOOD_KEY[f], FAMILY_KEY[f])
            events = log.events  # (told as a row: core's direct telling, no call)
            events.append((len(events), "offspring", f"{PLAYER_NAMES[p]}'s {kind.name} pair "
                                                     f"exchanges {len(action.discard)} food "
                                                     "card(s) for an Offspring card", None,
                           {"cards": (a["card"], a["offspring"], *action.discard),
                            "nodes": (kind.id,), "ids": slot_named(self, a)}, keys, keys))

    # -- playing -----------------------------------------------------------------------------

    def _play(self, action: Action, log: EventLog) -> None:
        # each kind of action played by its rule (_PLAYS: one look-up, where a chain of
        # isinstance asks before the match were paid by every action)
        _PLAYS[type(action)](self, action, log)

    def _hunt(self, action: Hunt, log: EventLog) -> None:
        self._fed(action, feeding.hunt(self, action, log), log)

    def _forage(self, action: Forage, log: EventLog) -> None:
        self._fed(action, feeding.forage(self, action, log), log)

    def _scavenge(self, action: Scavenge, log: EventLog) -> None:
        self._fed(action, feeding.scavenge(self, action, log), log)

    def _steal(self, action: Steal, log: EventLog) -> None:
        self._fed(action, feeding.steal(self, action, log), log)

    def _end_feeding(self, action: EndFeeding, log: EventLog) -> None:
        self.stage = "mate"

    def _keep_pack(self, action: KeepPack, log: EventLog) -> None:
        self.stage = "replace"
        self._advance(log, None)

    def describe(self, action: Action) -> str:
        """``action`` in words, saying where its cards are (``view.py``, D33)."""
        return _view.describe(self, action)



    # -- what is seen --------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.winner is not None else self.active

    @property
    def phase(self) -> str:
        return self.stage

    @property
    def player_names(self) -> list[str]:
        return list(PLAYER_NAMES[:self.players])  # (Game's, not formatted anew each time)

    _forage_in_order: list[str] | None = None
    """The Forage deck (``fdeck``) once its face-down cards (``fdeck[fknown:]``) were seen in
    the cards' order (``feeding.draw_forage``; not saved): they stay so while it is that same
    list (cards only leave them, in place; the cards put back go under them, known), so a
    plain push draws a place among them, with no sorting. A new deck is a new list."""

    is_over = False
    """Whether the game has a winner (``winner`` is not None): asked at least twice an
    action (by core before listing, by every player's loop), so kept as a plain value where
    a winner is set (``_secure_mature_offspring``, ``save.load``) rather than a property
    worked out at each ask."""

    @property
    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome((self.winner,), f"{PLAYER_NAMES[self.winner]} raised "
                                       f"{len(self.secured[self.winner])} Offspring",
                       tuple(float(len(f)) for f in self.secured))

    def view(self, player: int | None = None) -> dict[str, Any]:
        """Everything on the table is face up; the decks' order and another player's
        upside-down Event card are hidden (``view.py``)."""
        return _view.view(self, player)



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
        """A state read strictly (``save.load``, D31); ``violations`` is asked next."""
        from .save import load

        return load(cls, data)

    def violations(self) -> list[str]:
        """What makes this state impossible, a sentence each (``save.violations``, D31)."""
        from .save import violations

        return violations(self)



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
        twin._in_order = {}  # the decks in order, for the twin's own decks (same cards)
        for which, mine, its in (("wildlife", self.wdeck, twin.wdeck),
                                 ("event", self.edeck, twin.edeck)):
            known = self._in_order.get(which)
            if known is not None and known[0] is mine and known[1] == len(mine):
                ranked = known[2]  # (a list of its own)
                twin._in_order[which] = (its, known[1], its if ranked is mine else ranked[:])
        if self.decision is not None:
            twin.decision = {**self.decision, "candidates": list(self.decision["candidates"])}
        return twin


_PLAYS: dict[type[Action], Callable[[WildlifeWeb, Any, EventLog], None]] = {
    Hunt: WildlifeWeb._hunt,
    EndTurn: WildlifeWeb._end_turn,
    Swap: WildlifeWeb._swap,
    Forage: WildlifeWeb._forage,
    TakeMate: WildlifeWeb._take_mate,
    EndFeeding: WildlifeWeb._end_feeding,
    KeepPack: WildlifeWeb._keep_pack,
    PlaceRoadkill: lambda game, action, log: game._place_roadkill(action.card, log),
    TakeFromHabitat: lambda game, action, log: game._replace(action.card, log),
    Draft: lambda game, action, log: game._draft(action.card, log),
    Scavenge: WildlifeWeb._scavenge,
    RaiseOffspring: WildlifeWeb._raise_offspring,
    ChooseVictim: lambda game, action, log: events.choose_victim(game, action.card, log),
    AdoptPet: lambda game, action, log: events.adopt_pet(game, True, log),
    DeclinePet: lambda game, action, log: events.adopt_pet(game, False, log),
    Steal: WildlifeWeb._steal,
    DrawWildlife: lambda game, action, log: game._replace(None, log),
}
"""The rule that plays each kind of action (``WildlifeWeb._play``)."""


def new_game(players: int = 2, seed: int | None = None, **options: Any) -> WildlifeWeb:
    """A Wildlife Web game in its set-up state (the dealer chooses the roadkill first)."""
    return WildlifeWeb.new_game(players=players, seed=seed, **options)


# read by every label and view; imported last, as it reads this module's names (an import
# inside the methods cost a label about a microsecond)
from . import view as _view  # noqa: E402
