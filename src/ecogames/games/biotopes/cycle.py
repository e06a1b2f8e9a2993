"""Biotopes — the cycle: RB 1. Primary Production, the turn order of 2. Action Phase,
3. End of Cycle and the End of Game, as functions of the game.

Set-up ends with the first cycle's :func:`primary_production` (``setup.py``); a pass or the
end of an action (``resolution.auto_end``) hands the turn on (:func:`next_turn`), and when
everyone has passed the cycle ends (:func:`end_of_cycle`), after the last one the game
(:func:`end_of_game`, then ``scoring.py``).
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any

from ecogames.core import EventLog
from ecogames.core.provenance import OUTCOME, gone_key

from . import why as ident
from .components import (
    COLOURS,
    DECK_NAMES,
    MAX_PLAYERS,
    ROWS,
    SEAT_NAMES,
    SPACES,
    SPECIES,
    CubeType,
    EffectKind,
)
from .legal import territories
from .resolution import _species_cubes, effect_cards

if TYPE_CHECKING:
    from .rules import Biotopes

P = CubeType.PLANTS
_PLANTS_NODE = (P.value,)
_BAG_KEYS = tuple(("bag", p) for p in range(MAX_PLAYERS))
CUBE_IDS = ident.CUBE_IDS
_BIOTOPE_KEYS = tuple(tuple(("biotope", p, k) for k in range(ROWS)) for p in range(MAX_PLAYERS))
_PRODUCTION_READS = tuple((("bag", p), ("territories", p), ("ecosystem", p))
                          for p in range(MAX_PLAYERS))
"""The state keys of each seat's Biotope cards' cubes, and what Primary Production reads
beside the draws."""
_EMPTY_SPACES = ((0,) * ROWS,) * len(SPACES)
"""An Ecosystem board's spaces with no cube, by colour (each copied as a list)."""
_SPACE_KEYS = tuple(tuple(("space", p, i) for i in range(len(SPACES)))
                    for p in range(MAX_PLAYERS))
"""The state keys of each seat's Ecosystem board spaces."""


_RIVER_LEFT = tuple({card: (f"{SPECIES[card].name} leaves the {name} river", (card,),
                            (("river", d), ident.place(card)))
                     for card in SPECIES} for d, name in enumerate(DECK_NAMES))
"""What the event of a card leaving a river at the end of a cycle says, names and writes, by
deck and card."""


def primary_production(game: Biotopes, log: EventLog, cause: int | None = None) -> None:
    """RB 1. Primary Production: draw as many cubes as occupied territories, plus card
    bonuses, and put each on the Biotope card of its colour."""
    spots = territories(game).spots
    effects = game.effects
    for p in game._clockwise(game.initiative):
        bonus = (effects[p] or effect_cards(game, p))[2]  # the Production cards' (kept)
        if game.opts["draft"]:
            bonus += sum(c.effect.count for c in game._advanced(p, EffectKind.PRODUCTION))
        wanted = len(spots[p]) + bonus
        drawn = game._draws_from_bag(p, wanted)  # (kept or not, as the game's draws are)
        biotope = game.biotope[p]
        kept = game.means_of[p]
        for k in range(ROWS):
            n = drawn[k]
            if n:
                biotope[k] += n
                if kept is not None:  # the cubes join the Biotope card of their colour
                    kept.move(k, -1, k, n, biotope[k])
        if log.record:
            told_production(game, p, drawn, bonus, wanted, log, cause)


def told_production(game: Biotopes, p: int, drawn: list[int], bonus: int, wanted: int,
                    log: EventLog, cause: int | None) -> None:
    """The event of ``p``'s Primary Production: ``drawn`` cubes of each colour from the bag
    onto the Biotope cards (their ids moved with them: ``Identities.move``, written out)."""
    identity = game._identity
    places = identity.cubes
    bag = _BAG_KEYS[p]
    from_bag = places.get(bag) or identity._stacks(bag)
    numbers: list[int] = []
    biotopes = _BIOTOPE_KEYS[p]
    for k in range(ROWS):
        n = drawn[k]
        if n:
            stack = from_bag[k]
            cut = len(stack) - n
            if cut < 0:
                raise AssertionError(f"no {n} cube(s) of colour {k} to move from {bag}")
            moved = stack[cut:]
            del stack[cut:]
            onto = biotopes[k]
            (places.get(onto) or identity._stacks(onto))[k] += moved
            numbers += moved
    events: list[Any] = log.events  # told directly (a row: EventLog)
    # (its words made when read: EventLog's words made when read; the cards and places of
    # the colours drawn picked by compress, in C)
    events.append((len(events), "production", (_production_words, p, len(numbers),
                                               tuple(drawn), bonus, wanted), cause,
                   {"players": (p,), "nodes": _PLANTS_NODE,
                    "cards": tuple(compress(game.bcards[p], drawn)),
                    "ids": tuple(map(CUBE_IDS.__getitem__, numbers))},
                   (*game._draws(), *_PRODUCTION_READS[p]), (bag, *compress(biotopes, drawn))))


def _production_words(p: int, got: int, drawn: tuple[int, ...], bonus: int, wanted: int
                      ) -> str:
    """The words of ``p``'s Primary Production: ``got`` cubes of ``wanted`` (``bonus`` from
    cards), ``drawn`` by colour."""
    parts = ", ".join(f"{n} {COLOURS[k]}" for k, n in enumerate(drawn) if n)
    return (f"{SEAT_NAMES[p]} draws {got} cube(s) from the bag ({parts or 'none'})"
            " onto the Biotope cards" + (f" (+{bonus} from cards)" if bonus else "")
            + (f"; the bag held only {got}" if got < wanted else ""))


def next_turn(game: Biotopes, log: EventLog) -> None:
    """RB 2. Action Phase: "Then it is the turn of the next person clockwise" — skipping
    those who passed; "Once everyone has passed their turn, the cycle ends"."""
    for i in range(1, game.players + 1):
        q = (game.active + i) % game.players
        if not game.passed[q]:
            game.active = q
            return
    end_of_cycle(game, log)


# -- 3. End of Cycle -----------------------------------------------------------------


def end_of_cycle(game: Biotopes, log: EventLog) -> None:
    """RB 3. End of Cycle: recycle the Ecosystem boards' cubes into the bags, discard the
    rightmost card of each river and replace it, advance the Cycle token, pass the
    Initiative token; after the last cycle, the game ends."""
    telling = log.record
    events: list[Any] = log.events  # told directly while telling (a row: EventLog)
    cause = None
    if telling:
        cause = len(events)
        events.append((cause, "cycle_end", f"Everyone has passed: cycle {game.cycle} ends",
                       None, {}, (), ()))
    for p in range(game.players):
        back = list(map(sum, zip(*game.spaces[p])))  # by colour
        game.spaces[p] = list(map(list, _EMPTY_SPACES))
        bag = game.bags[p]
        for k in range(ROWS):
            bag[k] += back[k]
        game.uses[p] = [0] * len(SPACES)
        if telling:
            total = back[0] + back[1] + back[2] + back[3]
            if total:
                spaces = _SPACE_KEYS[p]
                events.append((len(events), "recycle", (_RECYCLE_WORDS, total, SEAT_NAMES[p]),
                               cause,
                               {"players": (p,), "ids": _recycled(game._identity, spaces,
                                                                  _BAG_KEYS[p])},
                               spaces, (*spaces, _BAG_KEYS[p])))
    if game.cycle >= game.cycles:
        end_of_game(game, log, cause)
        return
    rivers = [list(r) for r in game.rivers] if telling else []
    for d in range(len(DECK_NAMES)):
        if game.rivers[d]:
            gone = game.rivers[d].pop()
            game._discard_card(gone)
            if telling:
                told = _RIVER_LEFT[d][gone]
                events.append((len(events), "river", told[0], cause, {"cards": told[1]}, (),
                               told[2]))
        game._refill_river(d)
    game.cycle += 1
    game.initiative = (game.initiative + 1) % game.players
    game.passed = [False] * game.players
    if telling:
        reads, writes, ids = refilled(game, rivers)
        begins = len(events)
        events.append((begins, "cycle", f"Cycle {game.cycle} begins; "
                       f"{SEAT_NAMES[game.initiative]} holds the Initiative token",
                       cause, {"ids": ids}, reads, writes))
    else:
        begins = None
    primary_production(game, log, begins)
    game.active = game.initiative


_RECYCLE_WORDS = "{} cube(s) on {}'s Ecosystem board return to the bag".format
"""The words of an Ecosystem board's cubes recycled (made when read: EventLog's words made
when read)."""


def _recycled(identity: ident.Identities, spaces: tuple[ident.Place, ...],
              bag: ident.Place) -> tuple[str, ...]:
    """Every cube of ``spaces`` goes to ``bag``, space by space and colour by colour
    (``Identities.move_all`` of each, written out): their ids."""
    cubes = identity.cubes
    into = cubes.get(bag) or identity._stacks(bag)
    numbers: list[int] = []
    for where in spaces:
        stacks = cubes.get(where)
        if stacks is None or not any(stacks):  # (a space not played this cycle: bare)
            continue
        for stack, onto in zip(stacks, into):  # colour by colour (onto: the bag's stack)
            if stack:
                numbers += stack
                onto += stack  # (extends the bag's list in place)
                stack.clear()
    return tuple(map(CUBE_IDS.__getitem__, numbers))


def refilled(game: Biotopes, before: list[list[str]]
             ) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[str, ...]]:
    """The cards the rivers took at the end of a cycle (told by the next cycle's
    start): read from the draws, written to the rivers (the reads, the writes and the
    ids)."""
    new = [(d, river[0]) for d, river in enumerate(game.rivers)
           if len(river) > len(before[d]) - (1 if before[d] else 0)]
    return (tuple(game._draws()),
            (*sorted({("river", d) for d, _ in new}), *[ident.place(c) for _, c in new]),
            tuple([ident.card(c) for _, c in new]))


# -- 4-5. End of Game and Scoring --------------------------------------------------


def end_of_game(game: Biotopes, log: EventLog, cause: int | None) -> None:
    """RB End of Game: "Before scoring, discard Species cards with no cubes and shift the
    remaining cards to the left"; then score."""
    for p in range(game.players):
        for r in range(ROWS):
            keep = []
            for e in game.rows[p][r]:
                if _species_cubes(e):
                    keep.append(e)
                else:
                    game._discard_card(e[0])
                    if log.record:
                        events: list[Any] = log.events  # told directly (a row: EventLog)
                        events.append((len(events), "dies_out", f"{SPECIES[e[0]].name} has "
                                       f"no cube left in {SEAT_NAMES[p]}'s Ecosystem: "
                                       "discarded", cause, {"cards": (e[0],), "players": (p,)},
                                       (ident.cubes(e[0]),),
                                       (ident.place(e[0]), ("ecosystem", p),
                                        gone_key(ident.card(e[0])))))
            game.rows[p][r] = keep
        game.means_of[p] = None
        game.specials[p] = None
        game.effects[p] = None
    game.scores = [game.score(p) for p in range(game.players)]
    game.stage = "over"
    game.is_over = True
    if log.record:
        outcome = game.outcome
        log.emit("end", f"The game is over: {outcome.reason if outcome else ''}",
                 cause=cause, reads=scored(game),
                 writes=[OUTCOME, *(("won", w) for w in (outcome.winners
                                                         if outcome else ()))])


def scored(game: Biotopes) -> list[Any]:
    """What the final scoring reads of each Ecosystem: its territories, its cards and
    the cubes on them (Scoring)."""
    return [key for p in range(game.players)
            for key in (("territories", p), ("ecosystem", p),
                        *(ident.cubes(e[0]) for row in game.rows[p] for e in row))]
