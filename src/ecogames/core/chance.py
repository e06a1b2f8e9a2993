"""Chance made explicit: every roll, shuffle or draw a rule makes is a *chance draw*.

A rule asks for one with ``game.chance(name, outcomes, weights)``, instead of calling the
generator itself. The game's own seeded generator picks the outcome, exactly as before, unless
the outcome was *forced*: that is how ``game.fork(step, chance=...)`` asks "what if the die had
shown B?". The draw is recorded with every outcome that was possible and its probability, as
OpenSpiel's chance nodes are, so a cascade tells what else could have happened.

A forced draw still uses up the generator exactly as the natural one did, so everything after
it (the next dice, the next shuffles) comes out as it would have: only the forced outcome
differs. Weights are whole numbers (cards of a kind left in a deck, faces of a die), so a draw
is exact and the same on every machine.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import accumulate, compress
from operator import sub
from typing import Any, Protocol

from .rng import _SAFE, _SMALL, Rng

Forced = Mapping[int, Any]
"""Forced outcomes of one action's draws: draw number (0 = its first) -> outcome."""


@dataclass(frozen=True)
class ChanceDraw:
    """One chance draw of an action: what was possible, how likely, and what came out."""

    name: str
    """What was drawn, for people: "the die", "a card from the Event deck"."""
    outcomes: tuple[Any, ...]
    """Every outcome that was possible (JSON values), each once."""
    weights: tuple[int, ...]
    """How many ways each outcome could come out (its probability is weight / total)."""
    outcome: Any
    """What came out."""
    natural: Any
    """What the game's generator drew (differs from ``outcome`` when it was forced)."""
    seen_by: tuple[int, ...] | None = None
    """The seats that may see what came out (a card drawn into a hand); ``None``: everyone."""
    describe: Callable[[Any], str] | None = field(default=None, compare=False, repr=False)
    """The rule's ``label``: an outcome in words (asked only when someone reads it: a
    shuffle has many outcomes, and most draws are never shown)."""

    @property
    def labels(self) -> tuple[str, ...]:
        """Each outcome in words (``()`` where the rule gave no words)."""
        describe = self.describe
        return () if describe is None else tuple(describe(o) for o in self.outcomes)

    @property
    def probabilities(self) -> tuple[Fraction, ...]:
        total = sum(self.weights)
        return tuple(Fraction(w, total) for w in self.weights)

    @property
    def forced(self) -> bool:
        return bool(self.outcome != self.natural)

    def label(self, outcome: Any) -> str:
        return str(outcome) if self.describe is None else self.describe(outcome)

    def visible_to(self, player: int | None) -> bool:
        return self.seen_by is None or (player is not None and player in self.seen_by)

    def to_json(self, player: int | None = None) -> dict[str, Any]:
        """The draw as ``player`` may see it (``None``: an onlooker): a secret outcome is
        ``None`` for the others, who still see what was possible."""
        shown = self.visible_to(player)
        return {
            "name": self.name,
            "outcomes": [
                {"outcome": o, "label": self.label(o), "probability": float(p)}
                for o, p in zip(self.outcomes, self.probabilities)
            ],
            "outcome": self.outcome if shown else None,
            "forced": self.forced if shown else None,
            "secret": self.seen_by is not None,
        }


class ChanceError(ValueError):
    """A forced outcome that the draw could not have given."""


Drawn = tuple[str, Any, "tuple[int, ...] | None", Any, Any, "tuple[int, ...] | None",
              "Callable[[Any], str] | None"]
"""A draw as :func:`draw` keeps it: a :class:`ChanceDraw`'s seven fields in order (the
ChanceDraw is made of them when the cascade's ``chances`` are first read: :func:`made`), but
that a draw by its odds (:func:`chance`'s ``odds``) keeps the rule's ``odds`` for its
outcomes and None for its weights (made of ``odds()`` with the ChanceDraw)."""


def made(drawn: Drawn) -> ChanceDraw:
    """The :class:`ChanceDraw` of a draw kept as its fields (``ChanceDraw(*drawn)``, at a
    third of the cost: the fields go straight into the new instance's dict, where a frozen
    dataclass's ``__init__`` sets each by ``object.__setattr__``)."""
    chance: ChanceDraw = _new_object(ChanceDraw)
    fields = chance.__dict__
    (fields["name"], fields["outcomes"], fields["weights"], fields["outcome"],
     fields["natural"], fields["seen_by"], fields["describe"]) = drawn
    if drawn[2] is None:  # a draw by its odds (chance's ``odds``): its outcomes and weights now
        outcomes, weights = drawn[1]()
        fields["outcomes"], fields["weights"] = tuple(outcomes), tuple(weights)
    return chance


class Drawing(Protocol):
    """What a draw reads of the game it is made in (``Game``'s generator and the action's
    draws so far and forced outcomes)."""

    rng: Rng
    _chance: list[Drawn] | None
    _forcing: Forced


Ticket = tuple[int, Callable[[int], Any]]
"""A vouched draw's tickets (:func:`chance`'s ``ticket``): how many there are (the weights'
sum), and the outcome that holds each (below that sum)."""
Odds = Callable[[], tuple[Sequence[Any], Sequence[int]]]
"""A draw's outcomes and weights, made when read (:func:`chance`'s ``odds``)."""


def chance(game: Drawing, name: str, outcomes: Sequence[Any],
           weights: Sequence[int] | None = None, label: Callable[[Any], str] | None = None,
           seen_by: Sequence[int] | None = None, whole: bool = False,
           ticket: Ticket | None = None, odds: Odds | None = None) -> Any:
    """One chance draw of a rule: an outcome of ``outcomes`` (JSON values, each once),
    ``weights`` whole numbers (uniform by default), picked by the game's generator unless
    a fork forced it. ``label(outcome)`` says an outcome in words; ``seen_by``: the seats
    that may see what came out (a card drawn into a hand), everyone by default. The draw,
    with all its possible outcomes and their probabilities, joins the action's cascade.

    ``whole=True``: the rule vouches that its weights are whole and positive (``int``s
    above 0: the counts of the cards of each kind left in a pile, kept so), and the draw
    skips its look at each weight (one per outcome is still checked). The same draw, the
    same outcome and generator; a weight that breaks the vow is then not caught here.

    ``ticket`` (with ``whole``): ``(total, outcome_of)``, where the rule knows the outcome
    that holds a ticket cheaper than the running totals of the weights would find it (a
    deck kept in the cards' order: the card at the ticket's place gives its kind): the
    weights' sum, and ``outcome_of(ticket)``, the outcome whose stretch of
    ``range(total)`` holds the ticket (outcome ``i`` holds ``weights[i]`` tickets, after
    those of the ones before). The rule vouches for both; the draw, its record and the
    generator are the same as without.

    ``odds`` (with ``ticket``, for a draw of two outcomes or more): the outcomes and the
    weights, ``odds() -> (outcomes, weights)``, made only when read, where making them at
    each draw cost more than the draw (a rule that keeps a pile in the cards' order finds a
    ticket's card in the pile itself, and its kinds and their counts are read only when a
    cascade's draws are read); ``outcomes`` and ``weights`` are then not read (``()``).
    ``odds`` must give the same whenever called: it may read only what it closed over (a
    copy of the pile), never the live game. The outcome, the generator and the draw, once
    made (:func:`made`), are the same as with the outcomes and weights given; a forced
    outcome is checked against ``odds()``'s outcomes.

    This is ``Game.chance`` itself (the method, written here: one Python call a draw). The
    draws so far (``game._chance``, ``None``: not counted) get this one as its fields
    (:data:`Drawn`: :func:`made` makes the ChanceDraw), unless ``game._forcing`` (by draw
    number) gives the outcome."""
    if odds is not None:  # (vouched: two outcomes or more, the ticket's found by the rule)
        natural = ticket[1](game.rng.below(ticket[0]))  # type: ignore[index]  # (given)
        draws = game._chance
        if draws is None:
            return natural
        outcome = natural
        forced = game._forcing
        if forced and len(draws) in forced:
            outcome = _forced(name, forced[len(draws)], odds()[0])
        draws.append((name, odds, None, outcome, natural,
                      tuple(seen_by) if seen_by is not None else None, label))
        return outcome
    size = len(outcomes)
    if size == 0:
        raise ValueError(f"a chance draw ({name}) needs at least one outcome")
    if weights is None:  # uniform (unkept's ticket, inline: rules draw often)
        natural = outcomes[game.rng.below(size)] if size > 1 else outcomes[0]
    else:
        if len(weights) != size or (not whole and (not _INT.issuperset(map(type, weights))
                                                   or min(weights) <= 0)):
            raise ValueError(f"chance draw {name!r}: one whole, positive weight per outcome")
        if size == 1:  # a certain outcome: nothing to draw (_weighted_index, inline)
            natural = outcomes[0]
        elif ticket is not None:  # (vouched: the rule finds the ticket's outcome itself)
            natural = ticket[1](game.rng.below(ticket[0]))
        elif size <= _SHORT:  # the running totals in a loop (_weighted_index, inline)
            left = game.rng.below(sum(weights))
            index = 0
            for weight in weights:
                if left < weight:
                    break
                left -= weight
                index += 1
            natural = outcomes[index]
        else:
            totals = list(accumulate(weights))
            natural = outcomes[bisect_right(totals, game.rng.below(totals[-1]))]
    draws = game._chance
    if draws is None:  # the set-up, a push with nothing forced, a rule outside an action
        return natural
    outcome = natural
    forced = game._forcing
    if forced:
        number = len(draws)
        if number in forced:
            outcome = _forced(name, forced[number], outcomes)
    # kept as its fields: the ChanceDraw is made only when the cascade's draws are read
    draws.append((name, tuple(outcomes),
                  (tuple(weights) if weights is not None else
                   _UNIFORM[size] if size < _UNIFORM_KEPT else (1,) * size),
                  outcome, natural, tuple(seen_by) if seen_by is not None else None, label))
    return outcome


def draws_from_pile(game: Drawing, name: str, outcomes: Sequence[Any], counts: list[int],
                    n: int, label: Callable[[Any], str] | None = None) -> list[int]:
    """``n`` chance draws from a pile, one thing at a time and none put back (fewer if the
    pile runs out): ``counts[i]`` things of kind ``outcomes[i]`` (whole, 0 or more: the
    rule vouches for them, as :func:`chance`'s ``whole``), taken from ``counts`` in place as
    they come out. How many of each kind came out, by kind.

    Each draw is exactly the :func:`chance` call ``chance(game, name, <the kinds left>,
    <their counts>, label, None, True)``: the same ticket from the generator (none once one
    kind is left: a certain outcome), the same outcome, the same record kept (``game._chance``
    a list: one each, numbered on) and the same forced outcome (``game._forcing``, by draw
    number: the pile loses the kind forced). Written out here, not a call a draw (a bag of
    cubes drawn a cube at a time cost a call to :func:`chance` each), and so is the
    generator's ``below`` (as ``Rng.shuffle`` writes it out: its kept batch read here)."""
    total = sum(counts)
    if n > total:
        n = total
    if n <= 0:
        return [0] * len(counts)
    before = counts.copy()
    rng = game.rng
    wide = len(counts) > _SHORT  # (running totals bisected, as chance() does, past a few)
    buf, pos = rng._buf, rng._pos
    end = len(buf) if total <= _SMALL else 0  # (a ticket below more: drawn by rng.below)
    draws = game._chance
    if draws is None:  # nothing kept: the tickets alone (a plain push)
        while True:
            if total in counts:  # one kind left: the rest are certain, nothing drawn
                counts[counts.index(total)] -= n
                break
            # rng.below(total), written out: the next raw output of the batch
            if pos < end and (z := buf[pos]) < _SAFE:
                left = z % total
                pos += 1
            else:  # (a batch to make, or a raw output maybe rejected)
                rng._pos = pos
                left = rng.below(total)
                buf, pos = rng._buf, rng._pos
                end = len(buf) if total <= _SMALL else 0
            if wide:  # the kind whose running total passes the ticket
                k = bisect_right(list(accumulate(counts)), left)
            else:
                k = 0
                for count in counts:
                    if left < count:
                        break
                    left -= count
                    k += 1
            counts[k] -= 1
            n -= 1
            if not n:
                break
            total -= 1
        rng._pos = pos
        return list(map(sub, before, counts))
    forced = game._forcing
    append = draws.append
    present = tuple(compress(outcomes, counts))  # the kinds left (remade when one runs out)
    every = len(present) == len(counts)
    certain = len(present) == 1
    while True:
        if certain:  # one kind left: nothing drawn
            k = counts.index(total)
        else:
            if pos < end and (z := buf[pos]) < _SAFE:  # (rng.below, as above)
                left = z % total
                pos += 1
            else:
                rng._pos = pos
                left = rng.below(total)
                buf, pos = rng._buf, rng._pos
                end = len(buf) if total <= _SMALL else 0
            if wide:
                k = bisect_right(list(accumulate(counts)), left)
            else:
                k = 0
                for count in counts:
                    if left < count:
                        break
                    left -= count
                    k += 1
        natural = outcome = outcomes[k]
        if forced and len(draws) in forced:
            rng._pos = pos
            outcome = _forced(name, forced[len(draws)], present)
            k = present.index(outcome)  # (the kind forced, by its place among all)
            k = [i for i, count in enumerate(counts) if count][k]
        append((name, present, tuple(counts) if every else tuple(filter(None, counts)),
                outcome, natural, None, label))
        counts[k] -= 1
        n -= 1
        if not n:
            break
        total -= 1
        if not counts[k]:
            present = tuple(compress(outcomes, counts))
            every, certain = False, len(present) == 1
    rng._pos = pos
    return list(map(sub, before, counts))


def _forced(name: str, outcome: Any, outcomes: Sequence[Any]) -> Any:
    """A forced ``outcome`` of the draw ``name``, if it is one of ``outcomes``."""
    if outcome not in outcomes:
        shown = ", ".join(map(repr, list(outcomes)[:12]))
        raise ChanceError(f"{name} cannot come out as {outcome!r}; it could be {shown}")
    return outcome


class _Loose:
    """The generator, draws and forced outcomes of a draw made outside a game (:func:`draw`)."""

    __slots__ = ("_chance", "_forcing", "rng")
    rng: Rng
    _chance: list[Drawn] | None
    _forcing: Forced


def draw(rng: Rng, draws: list[Drawn] | None, forced: Forced, name: str,
         outcomes: Sequence[Any], weights: Sequence[int] | None = None,
         label: Callable[[Any], str] | None = None,
         seen_by: Sequence[int] | None = None, whole: bool = False,
         ticket: Ticket | None = None, odds: Odds | None = None) -> Any:
    """:func:`chance` with its generator, its draws so far (``None``: not counted) and its
    forced outcomes (by draw number) given, not read from a game."""
    loose = _new_object(_Loose)
    loose.rng, loose._chance, loose._forcing = rng, draws, forced
    return chance(loose, name, outcomes, weights, label, seen_by, whole, ticket, odds)


_new_object = object.__new__
_INT = frozenset({int})
"""The one type a weight may have (``issuperset`` checks them in C, making no set)."""
_SHORT = 8
"""The most weights whose running totals a draw finds in a Python loop: up to here it
costs less than ``list(accumulate(...))`` and ``bisect_right``, three C calls of ~1,000
instructions each (the loop ~350 an outcome passed)."""
_UNIFORM_KEPT = 65
_UNIFORM = tuple((1,) * size for size in range(_UNIFORM_KEPT))
"""A uniform draw's weights by its number of outcomes, made once (up to 64)."""


def unkept(rng: Rng, outcomes: Sequence[Any], weights: Sequence[int] | None = None) -> Any:
    """The outcome of a draw of ``outcomes`` (``weights``: whole, positive, one each; uniform
    by default) by the very ticket :func:`draw` takes, straight from ``rng`` and kept nowhere:
    for a rule whose draws nobody reads, counts or forces (``Game.draws_are_kept`` is False),
    so that a plain push and a told apply draw the same. One outcome draws nothing."""
    if weights is None:  # uniform: the common case, kept cheap (rules draw often)
        return outcomes[rng.below(len(outcomes))] if len(outcomes) > 1 else outcomes[0]
    return outcomes[_weighted_index(rng, weights)]


def _weighted_index(rng: Rng, weights: Sequence[int]) -> int:
    """The outcome whose stretch of ``range(sum(weights))`` holds a ticket drawn uniformly
    from it (outcome ``i`` holds ``weights[i]`` tickets, after those of the ones before): the
    first whose running total passes the ticket, found by a loop over a few weights, by
    bisection over more (a deck has ~30 kinds)."""
    size = len(weights)
    if size == 1:  # a certain outcome: nothing to draw
        return 0
    if size <= _SHORT:
        left = rng.below(sum(weights))
        index = 0
        for weight in weights:
            if left < weight:
                break
            left -= weight
            index += 1
        return index
    totals = list(accumulate(weights))
    return bisect_right(totals, rng.below(totals[-1]))
