"""How the Tori-Tori rules tell what they do: one method per kind of event.

The rules call ``say.<event>(...)`` after changing the state. A :class:`Narrator` writes the
sentence, names what the event touched (``sectors``, ``tokens``, food-web ``nodes`` and
``edges``, ``cards``, ``players``) and finds its **cause**, so that "the bush spread, so the
guinea pig went hungry, so the fox moved" is a path in ``cascade.graph()``:

- an animal's meal or hunger is caused by the latest event of this action that took food away
  from a place its search looked at before it found food (or in vain), or that brought the
  food it eats; failing both, by what activated it (the card, or Activate Animals);
- breeding is caused by the meal, a removal by what removed it, an extinction or a tile
  turning by the removal or arrival that made it so, the end of the game by that.

Across actions, each event says what it read and wrote (``core.provenance``), by the keys of
``why.py``.

This is the engine's voice, not its view (``view.py`` words a state for a person; this module
words what just happened, at the moment it happens, and is called by every rule), and not
"why" itself (``why.py`` holds the ids, keys and question that the dependencies are read by).
It also holds the words both of them use: species names, ``a_``, ``player_name``.

In simulations (``EventLog(record=False)``) the rules get :data:`SILENT` instead, whose
methods do nothing: no sentence is formatted and no bookkeeping is done.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from ecogames.core import EventLog
from ecogames.core.provenance import OUTCOME, chance_key, extinct_key

from .actions import place
from .components import (
    ABILITIES,
    CARD_SLOTS,
    CARDS_BY_ID,
    MAP_SPACES,
    RESEARCHER_COLOURS,
    SPECIES,
)
from .why import GONE, blocks


class _Island(Protocol):
    @property
    def adjacent(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def searches(self) -> dict[tuple[int, tuple[str, ...]], tuple[Any, ...]]: ...



class Told(Protocol):
    """What the narrator reads of the game it tells (``rules.ToriTori``; named here so that
    this module, which the rules import, imports nothing from the rules)."""

    kind: dict[int, str]
    slots: list[str | None]
    board: list[tuple[tuple[int, ...], ...]]

    @property
    def island(self) -> _Island: ...

    _chance: Any
    """The action's chance draws so far (``Game.draws_so_far`` is their count): a list
    while an action is told."""

    def draws_so_far(self) -> int: ...

    def where(self, token: int) -> tuple[int, int] | None: ...

    def pile_of(self, token: int) -> tuple[int, ...]: ...

NAME = {sp.value: info.name for sp, info in SPECIES.items()}
ABILITY_NAMES = {a.value: info.name for a, info in ABILITIES.items()}
GRANTS = {space: tuple(a.value for a in info.grants) for space, info in MAP_SPACES.items()}
"""Ability-map space -> the ability ids it grants (read once: enum values are slow to reach)."""
PLURAL = {sp.value: info.plural for sp, info in SPECIES.items()}


def a_(species: str) -> str:
    name = NAME[species]
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"


def player_name(player: int) -> str:
    return f"Player {player + 1} ({RESEARCHER_COLOURS[player]})"


def pile_words(kind: dict[int, str], pile: tuple[int, ...]) -> str:
    """'Tori-tori (on a Native Tree)' for ``pile`` (bottom first)."""
    name = NAME[kind[pile[-1]]]
    if len(pile) == 1:
        return name
    return f"{name} (on {' on '.join([A_[kind[t]] for t in reversed(pile[:-1])])})"


def token_phrase(game: Told, token: int) -> str:
    """'the Tori-tori (on a Native Tree) of sector 5' ('token 9' if it tops no pile)."""
    spot = game.where(token)
    if spot is None or token not in game.kind:
        return f"token {token}"
    return spot_phrase(game, spot)


def spot_phrase(game: Told, spot: tuple[int, int]) -> str:
    """'the Tori-tori (on a Native Tree) of sector 5' for the pile at ``spot`` (sector, pile
    index)."""
    n, i = spot
    return f"the {pile_words(game.kind, game.board[n][i])} of sector {n}"


def _listing(species: Iterable[str]) -> str:
    names = [NAME[s] for s in species]
    return ", ".join(names) if names else "nothing"


# -- words and keys made once (the narrator tells an action's events from these tables) --------

A_ = {species: a_(species) for species in NAME}
PLAYER_NAME = tuple(player_name(p) for p in range(len(RESEARCHER_COLOURS)))
POINTS_TEXT = tuple(f"{name} has 4 action points to spend" for name in PLAYER_NAME)
TURN_TEXT = tuple(f"{name}'s turn begins: roll the dice" for name in PLAYER_NAME)
CARD_NAME = {card: info.name for card, info in CARDS_BY_ID.items()}
CARD_KEY = {card: ("card", card) for card in CARDS_BY_ID}
DISCARD_TEXT = {card: f"The {name} card goes onto the discard pile"
                for card, name in CARD_NAME.items()}
REFILL_TEXT = {(card, face): f"The {name} card is drawn onto space {face}"
               for card, name in CARD_NAME.items() for face in CARD_SLOTS}
CARD_TOLD = {card: (f"{info.name} is activated", (CARD_KEY[card],), (card,),
                    (info.sector,) if info.sector else ())
             for card, info in CARDS_BY_ID.items()}
"""Card -> an activation's text, reads, ``cards`` and ``sectors``."""
BLOCKS = {species: tuple(blocks([species])) for species in (*NAME, "")}
"""Species -> the keys its arrival (or loss) writes: ``why.blocks`` of that one species."""
_CARDS_NAMED: dict[str | None, str] = {None: "an empty space"}
_CARDS_NAMED.update(CARD_NAME)
"""A card space's card, or nothing, in words."""
BOTH_DICE_TEXT = {(face, card): f"Both dice show {face}: only {name} is solved"
                  for face in CARD_SLOTS for card, name in _CARDS_NAMED.items()}
RED_DIE_TEXT = {(face, card): f"The red die shows {face} ({name}) and the sky-blue die "
                for face in CARD_SLOTS for card, name in _CARDS_NAMED.items()}
BLUE_DIE_TEXT = {(face, card): f"{face} ({name}): "
                 for face in CARD_SLOTS for card, name in _CARDS_NAMED.items()}
SOLVED_FIRST_TEXT = {card: f"{name} is solved first" for card, name in _CARDS_NAMED.items()}
"""A roll's words, by die and card (made once): 'The red die shows C (Sector 3) and the
sky-blue die E (Village): Sector 3 is solved first'."""
EATEN = {1: "its token goes", 2: "both tokens go"}
FACE_INDEX = {face: i for i, face in enumerate(CARD_SLOTS)}
"""A card space's letter -> its index in the game's ``slots``."""
_GONE = GONE.__getitem__
"""Token number -> its ``gone`` key (``why.GONE``, read in C)."""
CHANCE_KEYS = tuple(chance_key(n) for n in range(64))
CHANCE_KEPT = len(CHANCE_KEYS)
"""The keys of an action's first 64 chance draws (a few are made; more are built)."""


def _two(sector: int, other: int) -> tuple[int, ...]:
    """``sorted({sector, other})`` as a tuple."""
    if sector == other:
        return (sector,)
    return (sector, other) if sector < other else (other, sector)


def _pawn_moves(player: int, mover: int, ability: str,
                path: Sequence[str]) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """A pawn's move: its text, ``players`` and ``sectors``."""
    name = ABILITY_NAMES[ability]
    via = f" via {place(path[0])}" if len(path) > 1 else ""
    whose = "their pawn" if mover == player else f"{player_name(mover)}'s pawn"
    by = f" with Move another pawn ({name})" if mover != player else f" ({name})"
    return (f"{player_name(player)} moves {whose} to {place(path[-1])}{via}{by}",
            tuple(sorted({player, mover})), tuple([int(p) for p in path if p.isdigit()]))


def _eat_told(species: str, sector: int, where: int, food_species: str, size: int,
              diet: tuple[str, ...]) -> tuple[Any, ...]:
    """What a meal of ``species`` in ``sector`` on a pile of ``size`` tokens topped by
    ``food_species`` in ``where`` says that depends on no token and no numbering: for an
    eater that stays, the places of its own sector searched before the food was found and
    the keys read there with the key of the food eaten (one that moves searched next door:
    ``Narrator.eat`` reads its search's start); the sentence (``None`` when a pile of two or
    more tokens words it: then its head and tail, either side of ``Narrator.meal``), its
    ``sectors``, ``nodes`` and ``edges``, the keys it writes but the tokens', and the
    ``blocks`` its food's loss writes."""
    searched = tuple([(sector, sp) for sp in diet[:diet.index(food_species)]])
    moves = "" if where == sector else f" moves to sector {where} and"
    eater_name = NAME[species]
    # Feeding: the eater is put over the food token, which stays on the island (and in the
    # count) until the eater breeds or goes hungry
    eaten = EATEN.get(size) or f"the {size} tokens go"
    head = f"The {eater_name} of sector {sector}{moves} eats "
    tail = (f": {eaten} under the {eater_name}, still on the island (and counted) until the "
            f"{eater_name} breeds or goes hungry")
    eaten_key = ("food", where, food_species)
    writes = ((eaten_key, ("food", where, species), ("food", sector, species))
              if where != sector else (eaten_key, ("food", where, species)))
    return (searched, (*[("food", m, sp) for m, sp in searched], eaten_key),
            f"{head}{A_[food_species]}{tail}" if size == 1 else None, head, tail,
            _two(sector, where), (food_species, species), ((food_species, species),), writes,
            BLOCKS[food_species])


def _searched(sector: int, diet: tuple[str, ...],
              adjacent: tuple[int, ...]) -> tuple[tuple[tuple[int, str], ...], tuple[Any, ...]]:
    """``Narrator._search`` for a sector with these neighbours."""
    places = ((*[(sector, sp) for sp in diet], *[(m, sp) for sp in diet for m in adjacent]))
    return places, tuple([("food", m, sp) for m, sp in places])


def _breed_told(species: str, sector: int, where: int,
                used_species: Sequence[str]) -> tuple[Any, ...]:
    """What a birth says that depends on no token: its sentence, ``sectors`` and ``nodes``,
    the key of the newborn's food place, and the ``blocks`` it writes."""
    there = "beside it" if where == sector else f"in sector {where} (sector {sector} is full)"
    listing = _listing(used_species)
    needed = (f"the token underneath it needed to breed ({listing}) is removed"
              if len(used_species) == 1 else
              f"the {len(used_species)} tokens underneath it needed to breed ({listing}) are "
              "removed")
    name = NAME[species]
    return (f"The {name} of sector {sector} breeds: a new {name} {there}; " + needed,
            _two(sector, where), tuple(sorted({species, *used_species})),
            ("food", where, species), (*BLOCKS[species], *blocks(used_species)))


_BREED_TOLD: dict[tuple[Any, ...], tuple[Any, ...]] = {}
"""(species, its sector, the newborn's sector, the species used up...) -> what
``_breed_told`` says (a few thousand at most)."""
_EAT_TOLD: dict[tuple[str, int, int, str, int], tuple[Any, ...]] = {}
"""(eater's species, its sector, the food's sector, the food's species, tokens in the food
pile) -> what ``_eat_told`` says (a few thousand at most: it reads no numbering)."""
_PAWN_MOVES: dict[tuple[int, int, str, tuple[str, ...]], tuple[str, tuple[int, ...],
                                                                tuple[int, ...]]] = {}
"""(player, mover, ability, path) -> what ``_pawn_moves`` says (a few thousand at most)."""
_STUDY_TEXT: dict[tuple[int, str], str] = {}


class Narrator:
    """Tells one action's events into an :class:`EventLog` (see the module docstring).

    Each event is made at once, its ``touched``, ``reads`` and ``writes`` as tuples, with the
    words that depend on no state (a card's name, a player's name, a place) read from tables
    made once. The events told most (a roll, a card, a refill, a meal, a pawn's move...) go
    into the log as rows, with no call (direct telling, ``core.EventLog``: their Events are
    made when the cascade is read); the rarer ones through ``EventLog.told``."""

    __slots__ = ("_emit", "arrived", "drawn", "events", "game", "gone", "root", "trigger")

    def __init__(self, game: Told, log: EventLog) -> None:
        self.game = game
        self.events: list[Any] = log.events
        """The log's events, where the most told events go as rows, with no call (direct
        telling, ``EventLog``: the narrator tells only while the log records, and each
        row's cause is an event it told before)."""
        self._emit: Callable[..., int] = log.told  # type: ignore[assignment]
        """Tell one event: ``EventLog.told(kind, text, cause, touched, reads, writes)``,
        called straight (``touched``'s values, ``reads`` and ``writes`` are tuples already),
        for the rarer events."""
        self.root: int | None = None
        """The roll: the cause of the cards it solves."""
        self.trigger: int | None = None
        """The event that set off the activations now resolving (a card, Activate Animals)."""
        self.arrived: dict[int, int] = {}
        """Token -> the event that put it on top of a pile where it now is."""
        self.gone: dict[tuple[int, str], int] = {}
        """(sector, species) -> the last event that took an uncovered token of that species
        away from that sector (eaten, moved, removed, turned over)."""
        self.drawn = 0
        """The chance draws of this action already read by an event (none yet: the rules make
        their narrator as the action starts, before its first draw)."""

    # -- helpers ---------------------------------------------------------------------------

    def _new_draws(self) -> tuple[tuple[str, int], ...]:
        """The chance draws made since the last event that read one: what this event came
        from."""
        now = len(self.game._chance)  # (Game.draws_so_far written out: a list while told)
        drawn = self.drawn
        self.drawn = now
        if now <= CHANCE_KEPT:
            return CHANCE_KEYS[drawn:now]
        return tuple([chance_key(n) for n in range(drawn, now)])

    def describe(self, token: int) -> str:
        """'the Tori-tori (on a Native Tree) of sector 5'."""
        return token_phrase(self.game, token)

    def _search(self, sector: int, diet: tuple[str, ...]) -> tuple[tuple[tuple[int, str], ...],
                                                                    tuple[Any, ...]]:
        """An animal's search for food (Feeding and Moving, D23), in its order: the (sector,
        species) places it looks at, its own sector for each food, then the sectors next
        door, and the ``("food", sector, species)`` keys it reads there (``why.py``)."""
        island = self.game.island
        known = island.searches.get((sector, diet))
        if known is None:
            known = island.searches[sector, diet] = _searched(sector, diet,
                                                              island.adjacent[sector])
        return known

    def _cause_of_search(self, places: Sequence[tuple[int, str]], food: int | None) -> int | None:
        """The latest event that took food away from one of ``places`` (searched in vain
        before the food was found) or brought ``food``; else what activated the animal."""
        gone = self.gone
        found = -1
        if gone:
            for place_ in places:
                ev = gone.get(place_)
                if ev is not None and ev > found:
                    found = ev
        if food is not None:
            ev = self.arrived.get(food)
            if ev is not None and ev > found:
                found = ev
        return self.trigger if found < 0 else found

    # -- Phase 1: dice and cards --------------------------------------------------------------

    def roll(self, red: str, blue: str) -> int:
        """The dice, and the cards they solve (read here: a silent narrator never asks)."""
        slots = self.game.slots
        red_card = slots[FACE_INDEX[red]]
        if red == blue:
            text = BOTH_DICE_TEXT[red, red_card]
            cards: tuple[str, ...] = (red_card,) if red_card else ()
        else:
            blue_card = slots[FACE_INDEX[blue]]
            text = f"{RED_DIE_TEXT[red, red_card]}{BLUE_DIE_TEXT[blue, blue_card]}" \
                   f"{SOLVED_FIRST_TEXT[red_card]}"
            cards = ((red_card, blue_card) if red_card and blue_card else
                     tuple([c for c in (red_card, blue_card) if c]))
        events = self.events
        root = self.root = len(events)
        events.append((root, "roll", text, None, {"cards": cards}, self._new_draws(), ()))
        return root

    def card(self, card: str) -> int:
        text, reads, cards, sectors = CARD_TOLD[card]
        events = self.events
        trigger = self.trigger = len(events)
        events.append((trigger, "card", text, self.root, {"cards": cards, "sectors": sectors},
                       reads, ()))
        return trigger

    def no_effect(self, card: str, why: str, cause: int | None) -> int:
        events = self.events
        ev = len(events)
        events.append((ev, "no_effect", f"{CARD_NAME[card]} has no effect: {why}", cause,
                       {"cards": (card,)}, (), ()))
        return ev

    def discard(self, card: str, cause: int | None) -> int:
        events = self.events
        ev = len(events)
        events.append((ev, "discard", DISCARD_TEXT[card], cause, {"cards": (card,)}, (), ()))
        return ev

    def refill(self, slot: str, card: str, cause: int | None) -> int:
        events = self.events
        ev = len(events)
        events.append((ev, "refill", REFILL_TEXT[card, slot], cause, {"cards": (card,)},
                       self._new_draws(), (CARD_KEY[card],)))
        return ev

    def turn_over(self, round_space: int, cause: int | None) -> int:
        return self._emit("turn_over", "The Activation pile has run out: the discard pile is "
                          f"turned over; the Round marker advances to space {round_space}",
                          cause, {})

    # -- Activation: Invasive Bushes ----------------------------------------------------------

    def spread(self, bush: int, sector: int, tree: int, where: int) -> int:
        there = "in its own sector" if where == sector else f"in sector {where}"
        lost = ("food", where, "native_tree")
        events = self.events
        ev = len(events)
        events.append((ev, "spread", f"The Invasive Bush of sector {sector} turns over a "
                       f"Native Tree {there} into an Invasive Bush", self.trigger,
                       {"sectors": _two(sector, where), "tokens": (bush, tree),
                        "nodes": ("invasive_bush", "native_tree")},
                       (lost, ("token", bush)),
                       (lost, ("food", where, "invasive_bush"), ("token", tree),
                        *BLOCKS["invasive_bush"])))
        self.gone[where, "native_tree"] = ev
        self.arrived[tree] = ev
        return ev

    def no_tree(self, bush: int, sector: int) -> int:
        return self._emit("no_effect", f"The Invasive Bush of sector {sector} finds no Native "
                          "Tree here or next door: no effect", self.trigger,
                          {"sectors": (sector,), "tokens": (bush,), "nodes": ("invasive_bush",)},
                          tuple([("food", m, "native_tree")
                                 for m in (sector, *self.game.island.adjacent[sector])]))

    # -- Activation: animals ------------------------------------------------------------------

    def meal(self, pile: Sequence[int]) -> str:
        """'a Tori-tori (with a Native Tree underneath)': the food pile ``pile``, bottom
        first, as the eater finds it."""
        kind = self.game.kind
        top = A_[kind[pile[-1]]]
        if len(pile) == 1:
            return top
        under = " on ".join([A_[kind[t]] for t in reversed(pile[:-1])])
        return f"{top} (with {under} underneath)"

    def eat(self, eater: int, species: str, sector: int, food_pile: Sequence[int],
            where: int, diet: tuple[str, ...]) -> int:
        prey = food_pile[-1]
        food_species = self.game.kind[prey]
        key = (species, sector, where, food_species, len(food_pile))
        told = _EAT_TOLD.get(key)
        if told is None:
            told = _EAT_TOLD[key] = _eat_told(*key, diet)
        searched, reads, text, head, tail, sectors, nodes, edges, writes, blocked = told
        if where != sector:  # it moved: its search went next door, as far as its food
            places, keys = self._search(sector, diet)
            found = places.index((where, food_species))
            searched, reads = places[:found], keys[:found + 1]
        if text is None:
            text = f"{head}{self.meal(food_pile)}{tail}"
        events = self.events
        ev = len(events)
        events.append((ev, "eat", text, self._cause_of_search(searched, prey),
                       {"sectors": sectors, "tokens": (eater, prey), "nodes": nodes,
                        "edges": edges},
                       (*reads, ("token", eater)),
                       (*writes, ("token", eater), ("token", prey), *blocked)))
        self.gone[where, food_species] = ev
        if where != sector:
            self.gone[sector, species] = ev
        self.arrived[eater] = ev
        return ev

    def breed(self, eater: int, species: str, sector: int, newborn: int, where: int,
              used: Sequence[int], used_species: Sequence[str], cause: int | None) -> int:
        key = (species, sector, where, *used_species)
        told = _BREED_TOLD.get(key)
        if told is None:
            told = _BREED_TOLD[key] = _breed_told(species, sector, where, used_species)
        text, sectors, nodes, born, blocked = told
        events = self.events
        ev = len(events)
        events.append((ev, "breed", text, cause,
                       {"sectors": sectors, "tokens": (eater, newborn, *used), "nodes": nodes},
                       (("token", eater),),
                       (born, ("token", newborn), ("token", eater), *map(_GONE, used),
                        *blocked)))
        self.arrived[newborn] = ev
        return ev

    def breed_fails(self, eater: int, species: str, sector: int, lost: Sequence[int],
                    lost_species: Sequence[str], why: str, cause: int | None) -> int:
        return self._emit("breed_fails", f"The {NAME[species]} of sector {sector} cannot breed "
                          f"({why}): it loses the tokens underneath it "
                          f"({_listing(lost_species)})", cause,
                          {"sectors": (sector,), "tokens": (eater, *lost),
                           "nodes": tuple(sorted({species, *lost_species}))},
                          (("token", eater),),
                          (("token", eater), *map(_GONE, lost), *blocks(lost_species)))

    def starve(self, token: int, species: str, sector: int, lost: int | None,
               lost_species: str | None, where: int | None, diet: tuple[str, ...]) -> int:
        search, reads = self._search(sector, diet)
        cause = self._cause_of_search(search, None)
        loses = f", loses {A_[lost_species]} from underneath it" if lost_species else ""
        if where is None:
            moves = " and stays: no sector next door has space"
            moved: tuple[Any, ...] = ()
        else:
            moves = f" and moves to sector {where}"
            moved = (("food", sector, species), ("food", where, species))
        lost_keys = () if lost is None else (GONE[lost], *BLOCKS[lost_species or ""])
        ev = self._emit("starve", f"The {NAME[species]} of sector {sector} finds no food"
                        f"{loses}{moves}", cause,
                        {"sectors": _two(sector, where or sector),
                         "tokens": (token,) if lost is None else (token, lost),
                         "nodes": (species, lost_species) if lost_species else (species,)},
                        reads, (("token", token), *moved, *lost_keys))
        if where is not None:
            self.gone[sector, species] = ev
            self.arrived[token] = ev
        return ev

    def dies(self, token: int, species: str, sector: int, diet: tuple[str, ...]) -> int:
        search, reads = self._search(sector, diet)
        cause = self._cause_of_search(search, None)
        ev = self._emit("dies", f"The {NAME[species]} of sector {sector} finds no food and has "
                        "nothing underneath it: it dies", cause,
                        {"sectors": (sector,), "tokens": (token,), "nodes": (species,)},
                        reads, (("food", sector, species), GONE[token], *BLOCKS[species]))
        self.gone[sector, species] = ev
        return ev

    def ask_first(self, species: str, sector: int, options: Sequence[int]) -> int:
        return self._emit("decide", f"The team chooses which {NAME[species]} of sector "
                          f"{sector} is activated first", self.trigger,
                          {"sectors": (sector,), "tokens": tuple(options), "nodes": (species,)})

    def ask_food(self, eater: int | None, species: str, sector: int, food_species: str,
                 options: Sequence[int]) -> int:
        who = "the Cat entering from the Village" if eater is None else self.describe(eater)
        return self._emit("decide", f"The team chooses which {NAME[food_species]} of sector "
                          f"{sector} {who} eats", self.trigger,
                          {"sectors": (sector,), "tokens": tuple(options),
                           "nodes": (food_species, species)})

    # -- Activation: Human Settlements ---------------------------------------------------------

    def cat_enters(self, cat: int, sector: int, food_pile: Sequence[int],
                   cause: int | None) -> int:
        prey = food_pile[-1] if food_pile else None
        food_species = self.game.kind[prey] if prey is not None else None
        if prey is None or food_species is None:
            text = (f"A Cat leaves the Village and settles in sector {sector}: no sector next to "
                    "the Village has its food")
            ev = self._emit("cat_enters", text, cause,
                            {"sectors": (sector,), "tokens": (cat,), "nodes": ("cat",)}, (),
                            (("food", sector, "cat"), ("token", cat), *BLOCKS["cat"]))
        else:
            text = (f"A Cat leaves the Village to hunt and lies on {self.meal(food_pile)} of "
                    f"sector {sector}")
            eaten = ("food", sector, food_species)
            ev = self._emit("cat_enters", text, cause,
                            {"sectors": (sector,), "tokens": (cat, prey),
                             "nodes": (food_species, "cat"), "edges": ((food_species, "cat"),)},
                            (eaten,),
                            (eaten, ("food", sector, "cat"),
                             ("token", cat), ("token", prey), *BLOCKS["cat"]))
            self.gone[sector, food_species] = ev
        self.arrived[cat] = ev
        return ev

    def disaster(self, sector: int, tree: int, above: tuple[int, ...],
                 cause: int | None) -> int:
        """A Native Tree removed by the Industry; ``above``: the pile it lay under, left in
        its place (D27; empty when it lay under nothing)."""
        where = (f"from under the {pile_words(self.game.kind, above)} of sector {sector}"
                 if above else f"from sector {sector}")
        trees = ("food", sector, "native_tree")
        events = self.events
        ev = len(events)
        events.append((ev, "disaster", f"The Industry's disaster removes a Native Tree {where}",
                       cause, {"sectors": (sector,), "tokens": (tree,),
                               "nodes": ("native_tree",)},
                       (trees,), (trees, GONE[tree])))
        self.gone[sector, "native_tree"] = ev
        return ev

    # -- Winning and losing --------------------------------------------------------------------

    def extinct(self, species: str, cause: int | None) -> int:
        return self._emit("extinct", f"The last {NAME[species]} token has left the Island: the "
                          f"{PLURAL[species]} are extinct", cause, {"nodes": (species,)}, (),
                          (extinct_key(species),))

    def tile(self, settlement: str, cause: int | None) -> int:
        why = ("no Cat and no Invasive Bush remain on the Island" if settlement == "village"
               else "there are at least four Tori-toris and an Environmental Report")
        return self._emit("sustainable", f"The {settlement.capitalize()} turns over to its "
                          f"Sustainable side: {why}", cause, {"settlements": (settlement,)}, (),
                          (("sustainable", settlement),))

    def end(self, result: str, reason: str, cause: int | None) -> int:
        text = (f"Victory! {reason[0].upper()}{reason[1:]}" if result == "victory"
                else f"Defeat: {reason}")
        return self._emit(result, text, cause, {}, (), (OUTCOME,))

    # -- Turns ---------------------------------------------------------------------------------

    def actions_start(self, player: int, cause: int | None) -> int:
        events = self.events
        ev = len(events)
        events.append((ev, "phase", POINTS_TEXT[player], cause, {"players": (player,)}, (), ()))
        return ev

    def protection_ends(self, player: int, token: int, why: str, cause: int | None) -> int:
        return self._emit("protection_ends", f"{PLAYER_NAME[player]}'s pawn steps off "
                          f"{self.describe(token)}: {why}", cause,
                          {"players": (player,), "tokens": (token,)})

    def turn(self, player: int) -> int:
        events = self.events
        ev = len(events)
        events.append((ev, "turn", TURN_TEXT[player], None, {"players": (player,)}, (), ()))
        return ev

    # -- Phase 2: abilities ---------------------------------------------------------------------

    def study(self, player: int, space: str) -> int:
        text = _STUDY_TEXT.get((player, space))
        if text is None:
            grants = GRANTS[space]
            learned = f" and learns {ABILITY_NAMES[grants[0]]}" if len(grants) == 1 else ""
            text = _STUDY_TEXT[player, space] = (f"{player_name(player)} studies: the Ability "
                                                 f"marker advances to {space}{learned}")
        events = self.events
        ev = len(events)
        events.append((ev, "study", text, None, {"players": (player,), "abilities": GRANTS[space]},
                       (), ()))
        return ev

    def pawn_moves(self, player: int, mover: int, ability: str, path: tuple[str, ...]) -> int:
        key = (player, mover, ability, path)
        told = _PAWN_MOVES.get(key)
        if told is None:
            told = _PAWN_MOVES[key] = _pawn_moves(player, mover, ability, path)
        text, players, sectors = told
        events = self.events
        ev = len(events)
        events.append((ev, "pawn_moves", text, None, {"players": players, "sectors": sectors},
                       (), ()))
        return ev

    def plant(self, player: int, sector: int, trees: Sequence[int], ability: str) -> int:
        count = "a Native Tree" if len(trees) == 1 else f"{len(trees)} Native Trees"
        events = self.events
        ev = len(events)
        events.append((ev, "plant", f"{PLAYER_NAME[player]} plants {count} in sector {sector} "
                       f"({ability})", None,
                       {"players": (player,), "sectors": (sector,), "tokens": tuple(trees),
                        "nodes": ("native_tree",)}, (),
                       (("food", sector, "native_tree"), *[("token", t) for t in trees])))
        for tree in trees:
            self.arrived[tree] = ev
        return ev

    def track(self, player: int, token: int, species: str, sector: int, where: int,
              ability: str) -> int:
        ev = self._emit("track", f"{PLAYER_NAME[player]} moves the {NAME[species]} of sector "
                        f"{sector} to sector {where} ({ability})", None,
                        {"players": (player,), "sectors": (sector, where), "tokens": (token,),
                         "nodes": (species,)},
                        (("token", token),),
                        (("food", sector, species), ("food", where, species), ("token", token)))
        self.gone[sector, species] = ev
        self.arrived[token] = ev
        return ev

    def remove(self, player: int, tokens: Sequence[int], species: Sequence[str], sector: int,
               ability: str, uncovered: int | None) -> int:
        kinds = sorted(set(species))
        ev = self._emit("remove", f"{PLAYER_NAME[player]} removes {_listing(species)} from "
                        f"sector {sector} ({ability})", None,
                        {"players": (player,), "sectors": (sector,), "tokens": tuple(tokens),
                         "nodes": tuple(kinds)},
                        tuple([("token", t) for t in tokens]),
                        (*[("food", sector, sp) for sp in kinds], *map(_GONE, tokens),
                         *blocks(species)))
        for sp in species:
            self.gone[sector, sp] = ev
        if uncovered is not None:
            self.arrived[uncovered] = ev
        return ev

    def transform(self, player: int, token: int, sector: int) -> int:
        ev = self._emit("transform", f"{PLAYER_NAME[player]} turns the Invasive Bush of sector "
                        f"{sector} over into a Native Tree (Transforming Plants)", None,
                        {"players": (player,), "sectors": (sector,), "tokens": (token,),
                         "nodes": ("invasive_bush", "native_tree")},
                        (("token", token),),
                        (("food", sector, "invasive_bush"), ("food", sector, "native_tree"),
                         ("token", token)))
        self.gone[sector, "invasive_bush"] = ev
        self.arrived[token] = ev
        return ev

    def protect(self, player: int, token: int, sector: int) -> int:
        return self._emit("protect", f"{PLAYER_NAME[player]} puts their pawn over "
                          f"{self.describe(token)}: it is protected until their next action "
                          "phase", None,
                          {"players": (player,), "sectors": (sector,), "tokens": (token,),
                           "nodes": (self.game.kind[token],)},
                          (("token", token),), (("protected", token),))

    def activate(self, player: int, token: int, species: str, sector: int) -> int:
        self.trigger = self._emit("activate", f"{PLAYER_NAME[player]} activates the "
                                  f"{NAME[species]} of sector {sector} (Activate Animals)", None,
                                  {"players": (player,), "sectors": (sector,), "tokens": (token,),
                                   "nodes": (species,)},
                                  (("token", token),))
        return self.trigger


_quiet: Callable[..., str] = "".format
"""Takes any arguments and tells nothing (it returns ''): a builtin, so a silent event costs
no Python call (a random push tells two, on average)."""


class Silent:
    """A narrator that tells nothing (simulations): every method of :class:`Narrator` takes
    any arguments and returns a falsy nothing (``''``) that the rules only hand back to it as
    a cause. Written out, not copied at import (tests/games/toritori/test_wording.py holds it
    to every method the narrator has)."""

    root: int | None = None
    trigger: int | None = None
    actions_start = activate = ask_first = ask_food = breed = breed_fails = card = \
        cat_enters = describe = dies = disaster = discard = eat = end = extinct = meal = \
        no_effect = no_tree = pawn_moves = plant = protect = protection_ends = refill = \
        remove = roll = spread = starve = study = tile = track = transform = turn = \
        turn_over = staticmethod(_quiet)


SILENT: Any = Silent()
