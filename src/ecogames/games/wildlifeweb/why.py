"""Who is who in Wildlife Web, and the state keys its events read and write (issue 20, D34).

Ids (``core.provenance``):

- ``"animal:<n>"``: one animal's life on the table (the central habitat and the Packs, a mate
  included). A card that comes to the table (dealt, drawn, migrating, adopted) starts a new
  life with the next number; the life ends when the animal dies (eaten, struck by an Event,
  placed as roadkill, lost with its habitat) or its family is secured. A card eaten,
  discarded and drawn again later is a new animal with a new number. Moving within the table
  (drafted, taken, swapped back, taken as a mate) keeps the number.
- ``"family:<n>"``: a Pack slot: a Wildlife card in a Pack with its mate, food and Offspring,
  from the moment the card joins the Pack until it leaves it (dies, is swapped back, is taken
  as another Pack's mate, or the family is secured).

The numbers are not saved: :class:`Register` numbers the table of a loaded state in a fixed
order (the habitat, then each Pack in seat order, each card before its mate) and the rules
count on from there. A game's history always replays from its set-up, so save/load, undo,
fork and replay give every animal the same number.

Keys (what an event read and wrote):

- ``("animal", n)``: where animal ``n`` is (which Pack, or the habitat);
- ``("family", f)``: family ``f``'s pair and Offspring; ``("pair", f)``: only whether it is
  a pair (what hunts, steals and Events that strike it look at); ``("waits", f)``: its animal
  found no mate this turn and waits (D20);
- ``("food", f)``: the food under family ``f``;
- ``("highway",)``: the roadkill; ``("turn_events",)``: this turn's Event effects;
  ``("held", seat)``: an Event card held upside down;
- ``("offspring", seat)``: what set a Pack back on its way to its Offspring (an animal or food
  lost, a hunt or scavenge gone hungry, no mate found): ``game.why("offspring", seat=s)``;
- ``("secured", seat)``: its secured families; ``("gone", id)``, ``("extinct", species)``
  (the last living card of a species left the table by dying) and ``("outcome",)``.

The rules tell an event what it read and wrote with ``note`` and the helpers below it
(``slot_keys``, ``dies``, ``loss``, ``joins``...), only when a log records
(``log.record``): play without telling pays nothing for them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ecogames.core import EventLog, Question
from ecogames.core.provenance import chance_key, extinct_key, gone_key

from .components import CARD_ANIMAL, MATE_OF

if TYPE_CHECKING:
    from .rules import Pet, WildlifeWeb

Key = tuple[Any, ...]
HIGHWAY: Key = ("highway",)
TURN_EVENTS: Key = ("turn_events",)


def animal_key(n: int) -> Key:
    return ("animal", n)


def family_key(f: int) -> Key:
    return ("family", f)


def pair_key(f: int) -> Key:
    """Whether family ``f`` is a pair or a lone animal (what a hunt, a steal or an Event that
    strikes it looks at)."""
    return ("pair", f)


def family_keys(f: int) -> tuple[Key, Key]:
    """A family's pair changed (formed, joined by a mate, or broken)."""
    return family_key(f), pair_key(f)


def food_key(f: int) -> Key:
    return ("food", f)


def waits_key(f: int) -> Key:
    """Family ``f``'s animal waits for a mate (none found this turn, D20)."""
    return ("waits", f)


def held_key(seat: int) -> Key:
    return ("held", seat)


def setback_key(seat: int) -> Key:
    """What last set ``seat``'s Pack back on its way to raising Offspring."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ValueError(f"a seat is a whole number (0 for Player 1), not {seat!r:.20}")
    return ("offspring", seat)


def secured_key(seat: int) -> Key:
    return ("secured", seat)


def animal_id(n: int) -> str:
    return f"animal:{n}"


def family_id(f: int) -> str:
    return f"family:{f}"


class _Made(dict):  # type: ignore[type-arg]  # (of a number: its key or id)
    """A table of what ``make`` gives for a number, made when first asked for and kept:
    an event's keys and ids are the same tuples and strings each time, looked up in C
    (no call, no tuple or string made). The numbers are those of one game's animals,
    families and draws: a few hundred."""

    __slots__ = ("make",)

    def __init__(self, make: Any) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, n: int) -> Any:
        made = self[n] = self.make(n)
        return made


ANIMAL_KEY: dict[int, Key] = _Made(animal_key)
ANIMAL_ID: dict[int, str] = _Made(animal_id)
FAMILY_ID: dict[int, str] = _Made(family_id)
FAMILY_KEY: dict[int, Key] = _Made(family_key)
PAIR_KEY: dict[int, Key] = _Made(pair_key)
FOOD_KEY: dict[int, Key] = _Made(food_key)
WAITS_KEY: dict[int, Key] = _Made(waits_key)
GONE_ANIMAL: dict[int, Key] = _Made(lambda n: gone_key(animal_id(n)))
"""``gone_key(animal_id(n))``: animal ``n`` has left the table."""
GONE_FAMILY: dict[int, Key] = _Made(lambda f: gone_key(family_id(f)))
"""``gone_key(family_id(f))``: family ``f``'s Pack slot has ended."""
SETBACK_KEY: tuple[Key, ...] = tuple(("offspring", seat) for seat in range(8))
"""``setback_key(seat)`` by seat (a seat of the game: ``setback_key``'s check of it is the
rules' own)."""
_CHANCE_KEYS: tuple[Key, ...] = tuple(map(chance_key, range(1024)))
"""``chance_key(n)`` of the first draws of an action (an action makes a few)."""


class Register:
    """The numbers of the animals living on the table and of the Pack families (by card)."""

    __slots__ = ("animals", "born", "families", "founded")

    def __init__(self) -> None:
        self.animals: dict[str, int] = {}
        self.families: dict[str, int] = {}
        self.born = 0
        self.founded = 0

    @classmethod
    def of_table(cls, habitat: Iterable[str], packs: Iterable[Iterable[dict[str, Any]]]
                 ) -> Register:
        """A loaded table numbered in a fixed order (habitat; Packs by seat, card, mate)."""
        register = cls()
        for card in habitat:
            register.arrive(card)
        for pack in packs:
            for a in pack:
                register.arrive(a["card"])
                if a["mate"] is not None:
                    register.arrive(a["mate"])
                register.found(a["card"])
        return register

    def copy(self) -> Register:
        twin = Register()
        twin.animals, twin.families = dict(self.animals), dict(self.families)
        twin.born, twin.founded = self.born, self.founded
        return twin

    def arrive(self, card: str) -> int:
        """A card comes to the table: a new animal."""
        self.born += 1
        self.animals[card] = self.born
        return self.born

    def depart(self, card: str) -> int:
        """A card's animal leaves the table (its number)."""
        return self.animals.pop(card)

    def found(self, card: str) -> int:
        """A card starts a Pack slot: a new family."""
        self.founded += 1
        self.families[card] = self.founded
        return self.founded

    def end(self, card: str) -> int:
        """The Pack slot of ``card`` ends (its family's number)."""
        return self.families.pop(card)


# -- what an event read and wrote, told only when recording (``log.record``) -----------------


def note(log: EventLog, index: int | None, reads: Iterable[Key] = (),
         writes: Iterable[Key] = (), named: Iterable[str] = ()) -> None:
    """Say what event ``index`` read and wrote, and the ids it names (``touched["ids"]``).
    Its kind, text, cause and the rest of what it touched stay as told."""
    if index is None:
        return
    event = log.events[index]  # (an Event, or a row of its fields: core's direct telling)
    touched = event[4]
    named = tuple(named)
    if named:
        touched = {**touched, "ids": named}
    # made from all its fields at once, as it was (a NamedTuple's _replace is Python)
    log.events[index] = tuple.__new__(type(event), (*event[:4], touched, tuple(reads),
                                                    tuple(writes)))


def tell(log: EventLog, kind: str, text: str, cause: int | None = None,
         reads: Iterable[Key] = (), writes: Iterable[Key] = (), named: Iterable[str] = (),
         **touched: Iterable[Any]) -> int | None:
    """``log.emit`` and :func:`note` at once, while the log records: the event is made once,
    with what it read and wrote and the ids it names last in ``touched`` (``"ids"``), as
    ``note`` would give it."""
    for key, value in touched.items():
        if type(value) is not tuple:
            touched[key] = tuple(value)
    named = tuple(named)
    if named:
        touched["ids"] = named
    return log.told(kind, text, cause, touched,  # type: ignore[arg-type]  # tuples now
                    tuple(reads), tuple(writes))


def chance_mark(game: WildlifeWeb, log: EventLog) -> int:
    """The chance draws made so far in this action (when telling)."""
    if not log.record:
        return 0
    draws = game._chance  # (Game.draws_so_far written out: a method call costs ~450)
    return len(draws) if draws is not None else 0


def drawn_since(game: WildlifeWeb, mark: int) -> tuple[Key, ...]:
    """The keys of the chance draws made in this action since the ``mark``-th."""
    draws = game._chance  # (Game.draws_so_far written out)
    now = len(draws) if draws is not None else 0
    if now <= len(_CHANCE_KEYS):  # (sliced in C from the keys made once)
        return _CHANCE_KEYS[mark:now]
    return tuple(map(chance_key, range(mark, now)))


def chance_keys(first: int, last: int) -> tuple[Key, ...]:
    """The keys of the chance draws ``first`` to ``last - 1`` of this action."""
    if last <= len(_CHANCE_KEYS):
        return _CHANCE_KEYS[first:last]
    return tuple(map(chance_key, range(first, last)))


def slot_of(game: WildlifeWeb, a: Pet) -> tuple[int, int]:
    """(family, animal) numbers of a Pack slot and its bottom card."""
    reg = game.register
    return reg.families[a["card"]], reg.animals[a["card"]]


def slot_keys(game: WildlifeWeb, a: Pet) -> tuple[list[Key], list[str]]:
    """A Pack animal as read by what acts on it (where it is, its pair), and its ids."""
    reg, card, mate = game.register, a["card"], a["mate"]
    f, n = reg.families[card], reg.animals[card]  # slot_of, and the ids and keys inline
    named = [ANIMAL_ID[n], FAMILY_ID[f]] if mate is None else \
        [ANIMAL_ID[n], ANIMAL_ID[reg.animals[mate]], FAMILY_ID[f]]
    return [ANIMAL_KEY[n], PAIR_KEY[f]], named


def slot_named(game: WildlifeWeb, a: Pet) -> tuple[str, ...]:
    """:func:`slot_keys`' ids alone, as a tuple."""
    reg, card, mate = game.register, a["card"], a["mate"]
    if mate is None:
        return ANIMAL_ID[reg.animals[card]], FAMILY_ID[reg.families[card]]
    return (ANIMAL_ID[reg.animals[card]], ANIMAL_ID[reg.animals[mate]],
            FAMILY_ID[reg.families[card]])


def dies(game: WildlifeWeb, card: str) -> list[Key]:
    """The keys written when the living ``card`` dies (before it leaves the register):
    its animal gone, and its species extinct on the table if no other card of it lives
    there (D34)."""
    animals = game.register.animals
    n = animals[card]
    if MATE_OF[card] not in animals:
        return [ANIMAL_KEY[n], GONE_ANIMAL[n], EXTINCT_KEY[card]]
    return [ANIMAL_KEY[n], GONE_ANIMAL[n]]


EXTINCT_KEY: dict[str, Key] = {card: extinct_key(kind.id) for card, kind in CARD_ANIMAL.items()}
"""``extinct_key`` of each animal card's species."""


def loss(game: WildlifeWeb, owner: int, a: Pet) -> tuple[list[Key], list[Key], list[str]]:
    """What taking one card of Pack slot ``a`` (its mate first, D12) reads, writes and
    names, told before the card goes."""
    mate = a["mate"]
    card = mate if mate is not None else a["card"]
    f = game.register.families[a["card"]]
    reads, named = slot_keys(game, a)
    writes = dies(game, card)
    writes += (FAMILY_KEY[f], PAIR_KEY[f])
    if mate is None:
        writes += (FOOD_KEY[f], GONE_FAMILY[f])
    if mate is not None or a["offspring"] is None:  # else the orphan event says it
        writes.append(SETBACK_KEY[owner])
    return reads, writes, named


def joins(game: WildlifeWeb, log: EventLog, index: int | None, player: int, card: str,
          reads: Iterable[Key] = ()) -> None:
    """Tell event ``index``: ``card`` came to ``player``'s Pack (its own slot, or as a
    mate), reading ``reads`` and where it was."""
    note(log, index, *join_keys(game, player, card, reads))


def join_keys(game: WildlifeWeb, player: int, card: str, reads: Iterable[Key] = ()
              ) -> tuple[tuple[Key, ...], tuple[Key, ...], tuple[str, ...]]:
    """What :func:`joins` tells: reads, writes and the ids named (for :func:`tell`)."""
    for slot in game.packs[player]:
        if slot["card"] == card or slot["mate"] == card:
            return slot_join_keys(game, slot, card, reads)
    raise KeyError(card)


def slot_join_keys(game: WildlifeWeb, slot: Pet, card: str, reads: Iterable[Key] = ()
                   ) -> tuple[tuple[Key, ...], tuple[Key, ...], tuple[str, ...]]:
    """:func:`join_keys` of ``card`` come to the Pack animal ``slot`` (its own, or as its
    mate)."""
    reg = game.register
    n, f = reg.animals[card], reg.families[slot["card"]]
    return ((*reads, ANIMAL_KEY[n]), (ANIMAL_KEY[n], FAMILY_KEY[f], PAIR_KEY[f]),
            (ANIMAL_ID[n], FAMILY_ID[f]))


QUESTIONS = (
    Question("offspring", 'game.why("offspring", seat=1)', setback_key,
             "why a Pack (seat 0 is Player 1) did not raise its Offspring, or no more of "
             "them: the last thing that set it back (an animal or its food lost, a hunt gone "
             "hungry, no mate found), and what led to it"),
)
