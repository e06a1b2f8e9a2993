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

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from ecogames.core import EventLog
from ecogames.core.provenance import OUTCOME, chance_key, extinct_key

from .actions import place
from .components import ABILITIES, CARDS_BY_ID, MAP_SPACES, RESEARCHER_COLOURS, SPECIES
from .why import blocks, food, gone, searched, token_key


class _Island(Protocol):
    @property
    def adjacent(self) -> tuple[tuple[int, ...], ...]: ...


class Told(Protocol):
    """What the narrator reads of the game it tells (``rules.ToriTori``; named here so that
    this module, which the rules import, imports nothing from the rules)."""

    kind: dict[int, str]

    @property
    def island(self) -> _Island: ...

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


def pile_words(game: Told, token: int) -> str:
    """'Tori-tori (on a Native Tree)' for the pile topped by ``token``."""
    pile = game.pile_of(token)
    under = " on ".join(a_(game.kind[t]) for t in reversed(pile[:-1]))
    name = NAME[game.kind[token]]
    return f"{name} (on {under})" if under else name


def token_phrase(game: Told, token: int) -> str:
    """'the Tori-tori (on a Native Tree) of sector 5' ('token 9' if it tops no pile)."""
    spot = game.where(token)
    if spot is None or token not in game.kind:
        return f"token {token}"
    return f"the {pile_words(game, token)} of sector {spot[0]}"


def _listing(species: Iterable[str]) -> str:
    names = [NAME[s] for s in species]
    return ", ".join(names) if names else "nothing"


class Narrator:
    """Tells one action's events into an :class:`EventLog` (see the module docstring)."""

    def __init__(self, game: Told, log: EventLog) -> None:
        self.game = game
        self.log = log
        self.root: int | None = None
        """The roll: the cause of the cards it solves."""
        self.trigger: int | None = None
        """The event that set off the activations now resolving (a card, Activate Animals)."""
        self.arrived: dict[int, int] = {}
        """Token -> the event that put it on top of a pile where it now is."""
        self.gone: dict[tuple[int, str], int] = {}
        """(sector, species) -> the last event that took an uncovered token of that species
        away from that sector (eaten, moved, removed, turned over)."""
        self.drawn = game.draws_so_far()
        """The chance draws of this action already read by an event."""

    # -- helpers ---------------------------------------------------------------------------

    def _emit(self, kind: str, text: str, cause: int | None, reads: Sequence[Any] = (),
              writes: Sequence[Any] = (), **touched: Sequence[Any]) -> int:
        return self.log.event(kind, text, cause, touched, reads,  # type: ignore[return-value]
                              writes)

    def _new_draws(self) -> list[tuple[str, int]]:
        """The chance draws made since the last event that read one: what this event came
        from."""
        now = self.game.draws_so_far()
        keys = [chance_key(n) for n in range(self.drawn, now)]
        self.drawn = now
        return keys

    def describe(self, token: int) -> str:
        """'the Tori-tori (on a Native Tree) of sector 5'."""
        return token_phrase(self.game, token)

    def search_cause(self, sector: int, diet: Sequence[str], hit: tuple[int, str] | None,
                     food: int | None) -> int | None:
        adjacent = self.game.island.adjacent[sector]
        order = [(sector, sp) for sp in diet] + [(m, sp) for sp in diet for m in adjacent]
        if hit is not None:
            order = order[: order.index(hit)]
        found = [self.gone[p] for p in order if p in self.gone]
        if food is not None and food in self.arrived:
            found.append(self.arrived[food])
        return max(found) if found else self.trigger

    # -- Phase 1: dice and cards --------------------------------------------------------------

    def roll(self, red: str, blue: str, cards: Sequence[str | None]) -> int:
        names = [CARDS_BY_ID[c].name if c else "an empty space" for c in cards]
        if red == blue:
            text = f"Both dice show {red}: only {names[0]} is solved"
        else:
            text = (f"The red die shows {red} ({names[0]}) and the sky-blue die {blue} "
                    f"({names[1]}): {names[0]} is solved first")
        self.root = self._emit("roll", text, None, reads=self._new_draws(),
                               cards=[c for c in cards if c])
        return self.root

    def card(self, card: str) -> int:
        info = CARDS_BY_ID[card]
        sectors = [info.sector] if info.sector else []
        self.trigger = self._emit("card", f"{info.name} is activated", self.root,
                                  reads=[("card", card)], cards=[card], sectors=sectors)
        return self.trigger

    def no_effect(self, card: str, why: str, cause: int | None) -> int:
        return self._emit("no_effect", f"{CARDS_BY_ID[card].name} has no effect: {why}", cause,
                          cards=[card])

    def discard(self, card: str, cause: int | None) -> int:
        name = CARDS_BY_ID[card].name
        return self._emit("discard", f"The {name} card goes onto the discard pile",
                          cause, cards=[card])

    def refill(self, slot: str, card: str, cause: int | None) -> int:
        name = CARDS_BY_ID[card].name
        return self._emit("refill", f"The {name} card is drawn onto space {slot}",
                          cause, reads=self._new_draws(), writes=[("card", card)], cards=[card])

    def turn_over(self, round_space: int, cause: int | None) -> int:
        return self._emit("turn_over", "The Activation pile has run out: the discard pile is "
                          f"turned over; the Round marker advances to space {round_space}",
                          cause)

    # -- Activation: Invasive Bushes ----------------------------------------------------------

    def spread(self, bush: int, sector: int, tree: int, where: int) -> int:
        there = "in its own sector" if where == sector else f"in sector {where}"
        ev = self._emit("spread", f"The Invasive Bush of sector {sector} turns over a Native "
                        f"Tree {there} into an Invasive Bush", self.trigger,
                        reads=[food(where, "native_tree"), token_key(bush)],
                        writes=[food(where, "native_tree"), food(where, "invasive_bush"),
                                token_key(tree), *blocks(["invasive_bush"])],
                        sectors=sorted({sector, where}), tokens=[bush, tree],
                        nodes=["invasive_bush", "native_tree"])
        self.gone[where, "native_tree"] = ev
        self.arrived[tree] = ev
        return ev

    def no_tree(self, bush: int, sector: int) -> int:
        return self._emit("no_effect", f"The Invasive Bush of sector {sector} finds no Native "
                          "Tree here or next door: no effect", self.trigger,
                          reads=[food(m, "native_tree")
                                 for m in (sector, *self.game.island.adjacent[sector])],
                          sectors=[sector],
                          tokens=[bush], nodes=["invasive_bush"])

    # -- Activation: animals ------------------------------------------------------------------

    def meal(self, pile: Sequence[int]) -> str:
        """'a Tori-tori (with a Native Tree underneath)': the food pile ``pile``, bottom
        first, as the eater finds it."""
        kind = self.game.kind
        top = a_(kind[pile[-1]])
        under = " on ".join(a_(kind[t]) for t in reversed(pile[:-1]))
        return f"{top} (with {under} underneath)" if under else top

    def eat(self, eater: int, species: str, sector: int, food_pile: Sequence[int],
            where: int, diet: Sequence[str]) -> int:
        prey = food_pile[-1]
        food_species = self.game.kind[prey]
        cause = self.search_cause(sector, diet, (where, food_species), prey)
        moves = f" moves to sector {where} and" if where != sector else ""
        eater_name = NAME[species]
        # Feeding: the eater is put over the food token, which stays on the island (and in
        # the count) until the eater breeds or goes hungry
        eaten = {1: "its token goes", 2: "both tokens go"}.get(len(food_pile),
                                                               f"the {len(food_pile)} tokens go")
        text = (f"The {eater_name} of sector {sector}{moves} eats {self.meal(food_pile)}: "
                f"{eaten} under the {eater_name}, still on the island (and counted) until the "
                f"{eater_name} breeds or goes hungry")
        adjacent = self.game.island.adjacent[sector]
        moved = [food(sector, species)] if where != sector else []
        ev = self._emit("eat", text, cause,
                        reads=[*searched(sector, diet, adjacent, (where, food_species)),
                               token_key(eater)],
                        writes=[food(where, food_species), food(where, species), *moved,
                                token_key(eater), token_key(prey), *blocks([food_species])],
                        sectors=sorted({sector, where}),
                        tokens=[eater, prey], nodes=[food_species, species],
                        edges=[(food_species, species)])
        self.gone[where, food_species] = ev
        if where != sector:
            self.gone[sector, species] = ev
        self.arrived[eater] = ev
        return ev

    def breed(self, eater: int, species: str, sector: int, newborn: int, where: int,
              used: Sequence[int], used_species: Sequence[str], cause: int | None) -> int:
        there = "beside it" if where == sector else f"in sector {where} (sector {sector} is full)"
        needed = ("the token underneath it needed to breed ({}) is removed" if len(used) == 1
                  else f"the {len(used)} tokens underneath it needed to breed ({{}}) are removed")
        ev = self._emit("breed", f"The {NAME[species]} of sector {sector} breeds: a new "
                        f"{NAME[species]} {there}; " + needed.format(_listing(used_species)),
                        cause, reads=[token_key(eater)],
                        writes=[food(where, species), token_key(newborn), token_key(eater),
                                *(gone(t) for t in used), *blocks([species]),
                                *blocks(used_species)],
                        sectors=sorted({sector, where}), tokens=[eater, newborn, *used],
                        nodes=sorted({species, *used_species}))
        self.arrived[newborn] = ev
        return ev

    def breed_fails(self, eater: int, species: str, sector: int, lost: Sequence[int],
                    lost_species: Sequence[str], why: str, cause: int | None) -> int:
        return self._emit("breed_fails", f"The {NAME[species]} of sector {sector} cannot breed "
                          f"({why}): it loses the tokens underneath it "
                          f"({_listing(lost_species)})", cause, reads=[token_key(eater)],
                          writes=[token_key(eater), *(gone(t) for t in lost),
                                  *blocks(lost_species)],
                          sectors=[sector], tokens=[eater, *lost],
                          nodes=sorted({species, *lost_species}))

    def starve(self, token: int, species: str, sector: int, lost: int | None,
               lost_species: str | None, where: int | None, diet: Sequence[str]) -> int:
        cause = self.search_cause(sector, diet, None, None)
        loses = f", loses {a_(lost_species)} from underneath it" if lost_species else ""
        if where is None:
            moves = " and stays: no sector next door has space"
        else:
            moves = f" and moves to sector {where}"
        moved = ([] if where is None else [food(sector, species), food(where, species)])
        lost_keys = [] if lost is None else [gone(lost), *blocks([lost_species or ""])]
        ev = self._emit("starve", f"The {NAME[species]} of sector {sector} finds no food"
                        f"{loses}{moves}", cause,
                        reads=searched(sector, diet, self.game.island.adjacent[sector]),
                        writes=[token_key(token), *moved, *lost_keys],
                        sectors=sorted({sector, where or sector}),
                        tokens=[token] + ([lost] if lost is not None else []),
                        nodes=[species] + ([lost_species] if lost_species else []))
        if where is not None:
            self.gone[sector, species] = ev
            self.arrived[token] = ev
        return ev

    def dies(self, token: int, species: str, sector: int, diet: Sequence[str]) -> int:
        cause = self.search_cause(sector, diet, None, None)
        ev = self._emit("dies", f"The {NAME[species]} of sector {sector} finds no food and has "
                        "nothing underneath it: it dies", cause,
                        reads=searched(sector, diet, self.game.island.adjacent[sector]),
                        writes=[food(sector, species), gone(token), *blocks([species])],
                        sectors=[sector], tokens=[token], nodes=[species])
        self.gone[sector, species] = ev
        return ev

    def ask_first(self, species: str, sector: int, options: Sequence[int]) -> int:
        return self._emit("decide", f"The team chooses which {NAME[species]} of sector "
                          f"{sector} is activated first", self.trigger, sectors=[sector],
                          tokens=list(options), nodes=[species])

    def ask_food(self, eater: int | None, species: str, sector: int, food_species: str,
                 options: Sequence[int]) -> int:
        who = "the Cat entering from the Village" if eater is None else self.describe(eater)
        return self._emit("decide", f"The team chooses which {NAME[food_species]} of sector "
                          f"{sector} {who} eats", self.trigger, sectors=[sector],
                          tokens=list(options), nodes=[food_species, species])

    # -- Activation: Human Settlements ---------------------------------------------------------

    def cat_enters(self, cat: int, sector: int, food_pile: Sequence[int],
                   cause: int | None) -> int:
        prey = food_pile[-1] if food_pile else None
        food_species = self.game.kind[prey] if prey is not None else None
        if prey is None or food_species is None:
            text = (f"A Cat leaves the Village and settles in sector {sector}: no sector next to "
                    "the Village has its food")
            ev = self._emit("cat_enters", text, cause,
                            writes=[food(sector, "cat"), token_key(cat), *blocks(["cat"])],
                            sectors=[sector], tokens=[cat], nodes=["cat"])
        else:
            text = (f"A Cat leaves the Village to hunt and lies on {self.meal(food_pile)} of "
                    f"sector {sector}")
            ev = self._emit("cat_enters", text, cause,
                            reads=[food(sector, food_species)],
                            writes=[food(sector, food_species), food(sector, "cat"),
                                    token_key(cat), token_key(prey), *blocks(["cat"])],
                            sectors=[sector], tokens=[cat, prey],
                            nodes=[food_species, "cat"], edges=[(food_species, "cat")])
            self.gone[sector, food_species] = ev
        self.arrived[cat] = ev
        return ev

    def disaster(self, sector: int, tree: int, above: int | None, cause: int | None) -> int:
        """A Native Tree removed by the Industry; ``above``: the top of the pile it lay under
        (D27)."""
        where = (f"from under {token_phrase(self.game, above)}" if above is not None
                 else f"from sector {sector}")
        ev = self._emit("disaster", f"The Industry's disaster removes a Native Tree {where}",
                        cause, reads=[food(sector, "native_tree")],
                        writes=[food(sector, "native_tree"), gone(tree)],
                        sectors=[sector], tokens=[tree], nodes=["native_tree"])
        self.gone[sector, "native_tree"] = ev
        return ev

    # -- Winning and losing --------------------------------------------------------------------

    def extinct(self, species: str, cause: int | None) -> int:
        return self._emit("extinct", f"The last {NAME[species]} token has left the Island: the "
                          f"{PLURAL[species]} are extinct", cause,
                          writes=[extinct_key(species)], nodes=[species])

    def tile(self, settlement: str, cause: int | None) -> int:
        why = ("no Cat and no Invasive Bush remain on the Island" if settlement == "village"
               else "there are at least four Tori-toris and an Environmental Report")
        return self._emit("sustainable", f"The {settlement.capitalize()} turns over to its "
                          f"Sustainable side: {why}", cause,
                          writes=[("sustainable", settlement)], settlements=[settlement])

    def end(self, result: str, reason: str, cause: int | None) -> int:
        text = (f"Victory! {reason[0].upper()}{reason[1:]}" if result == "victory"
                else f"Defeat: {reason}")
        return self._emit(result, text, cause, writes=[OUTCOME])

    # -- Turns ---------------------------------------------------------------------------------

    def actions_start(self, player: int, cause: int | None) -> int:
        return self._emit("phase", f"{player_name(player)} has 4 action points to spend",
                          cause, players=[player])

    def protection_ends(self, player: int, token: int, why: str, cause: int | None) -> int:
        return self._emit("protection_ends", f"{player_name(player)}'s pawn steps off "
                          f"{self.describe(token)}: {why}", cause, players=[player],
                          tokens=[token])

    def turn(self, player: int) -> int:
        return self._emit("turn", f"{player_name(player)}'s turn begins: roll the dice", None,
                          players=[player])

    # -- Phase 2: abilities ---------------------------------------------------------------------

    def study(self, player: int, space: str) -> int:
        grants = GRANTS[space]
        learned = f" and learns {ABILITY_NAMES[grants[0]]}" if len(grants) == 1 else ""
        return self._emit("study", f"{player_name(player)} studies: the Ability marker "
                          f"advances to {space}{learned}", None, players=[player],
                          abilities=grants)

    def pawn_moves(self, player: int, mover: int, ability: str, path: Sequence[str]) -> int:
        name = ABILITY_NAMES[ability]
        via = f" via {place(path[0])}" if len(path) > 1 else ""
        whose = "their pawn" if mover == player else f"{player_name(mover)}'s pawn"
        by = f" with Move another pawn ({name})" if mover != player else f" ({name})"
        sectors = [int(p) for p in path if p.isdigit()]
        return self._emit("pawn_moves", f"{player_name(player)} moves {whose} to "
                          f"{place(path[-1])}{via}{by}", None, players=sorted({player, mover}),
                          sectors=sectors)

    def plant(self, player: int, sector: int, trees: Sequence[int], ability: str) -> int:
        count = "a Native Tree" if len(trees) == 1 else f"{len(trees)} Native Trees"
        ev = self._emit("plant", f"{player_name(player)} plants {count} in sector {sector} "
                        f"({ability})", None,
                        writes=[food(sector, "native_tree"), *(token_key(t) for t in trees)],
                        players=[player], sectors=[sector],
                        tokens=list(trees), nodes=["native_tree"])
        for tree in trees:
            self.arrived[tree] = ev
        return ev

    def track(self, player: int, token: int, species: str, sector: int, where: int,
              ability: str) -> int:
        ev = self._emit("track", f"{player_name(player)} moves the {NAME[species]} of sector "
                        f"{sector} to sector {where} ({ability})", None,
                        reads=[token_key(token)],
                        writes=[food(sector, species), food(where, species), token_key(token)],
                        players=[player], sectors=[sector, where], tokens=[token],
                        nodes=[species])
        self.gone[sector, species] = ev
        self.arrived[token] = ev
        return ev

    def remove(self, player: int, tokens: Sequence[int], species: Sequence[str], sector: int,
               ability: str, uncovered: int | None) -> int:
        ev = self._emit("remove", f"{player_name(player)} removes {_listing(species)} from "
                        f"sector {sector} ({ability})", None,
                        reads=[token_key(t) for t in tokens],
                        writes=[*(food(sector, sp) for sp in sorted(set(species))),
                                *(gone(t) for t in tokens), *blocks(species)],
                        players=[player], sectors=[sector], tokens=list(tokens),
                        nodes=sorted(set(species)))
        for sp in species:
            self.gone[sector, sp] = ev
        if uncovered is not None:
            self.arrived[uncovered] = ev
        return ev

    def transform(self, player: int, token: int, sector: int) -> int:
        ev = self._emit("transform", f"{player_name(player)} turns the Invasive Bush of sector "
                        f"{sector} over into a Native Tree (Transforming Plants)", None,
                        reads=[token_key(token)],
                        writes=[food(sector, "invasive_bush"), food(sector, "native_tree"),
                                token_key(token)],
                        players=[player], sectors=[sector], tokens=[token],
                        nodes=["invasive_bush", "native_tree"])
        self.gone[sector, "invasive_bush"] = ev
        self.arrived[token] = ev
        return ev

    def protect(self, player: int, token: int, sector: int) -> int:
        return self._emit("protect", f"{player_name(player)} puts their pawn over "
                          f"{self.describe(token)}: it is protected until their next action "
                          "phase", None, reads=[token_key(token)],
                          writes=[("protected", token)], players=[player], sectors=[sector],
                          tokens=[token], nodes=[self.game.kind[token]])

    def activate(self, player: int, token: int, species: str, sector: int) -> int:
        self.trigger = self._emit("activate", f"{player_name(player)} activates the "
                                  f"{NAME[species]} of sector {sector} (Activate Animals)", None,
                                  reads=[token_key(token)],
                                  players=[player], sectors=[sector], tokens=[token],
                                  nodes=[species])
        return self.trigger


def _quiet(*_args: Any, **_kwargs: Any) -> None:
    return None


class Silent:
    """A narrator that tells nothing (simulations): every method returns ``None``."""

    root: int | None = None
    trigger: int | None = None


for _name in dir(Narrator):
    if not _name.startswith("_") and callable(getattr(Narrator, _name)):
        setattr(Silent, _name, staticmethod(_quiet))

SILENT: Any = Silent()
