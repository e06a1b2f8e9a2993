"""Biotopes — what each action needs: the rule-named predicates, and why an action is refused.

Each Action Phase action has a predicate named after its rule (RB 2. Action Phase, The
Actions, Species Card Actions): :func:`can_adapt`, :func:`can_reproduce`,
:func:`can_transfer`, :func:`can_evolve`, :func:`can_expand`, :func:`can_compete`,
:func:`can_migrate`, :func:`can_use_card`, :func:`can_pass`. The legal actions
(:func:`action_phase_options`, ``Biotopes.legal_actions``) and the why-not texts
(:func:`why_not`, ``Biotopes.explain_illegal``) both use them. A colonization's rule is
written once, as the list of what it may reach now (:func:`expansions`,
:func:`competitions`, :func:`migrations`), which its predicate asks.

The engine (``rules.py``) plays what these allow; this module reads the game and changes
nothing.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from ecogames.core import Action

from .actions import (
    Adapt,
    Compete,
    Evolve,
    Expand,
    Migrate,
    Pass,
    Pay,
    Reproduce,
    Transfer,
    UseCard,
)
from .components import COLOURS, ROWS, SPACES, SPECIES, CubeType, EffectKind, Hex
from .hexes import Grid, indices

if TYPE_CHECKING:
    from .rules import Biotopes

_A = TypeVar("_A")

P, INV, R, B, M = (CubeType.PLANTS, CubeType.INVERTEBRATES, CubeType.REPTILES_AMPHIBIANS,
                 CubeType.BIRDS, CubeType.MAMMALS)
PAYS = {(t, pol): frozenset({t, CubeType.PLANTS}) if pol else frozenset({t})
        for t in CubeType for pol in (False, True)}
"""The types a cube may pay for, by its type and whether its card is Pollinating (D24)."""
TYPE_INDEX = {P: 0, INV: 1, R: 2, B: 3, M: 4}
"""Each cube type's place in a diet's needs and a pool (:func:`fits`)."""
CLASS = {(t, pol): TYPE_INDEX[t] + (4 if pol and t is not P else 0)
         for t in CubeType for pol in (False, True)}
"""The class of a cube by its type and whether its card is Pollinating, its place in a pool
(``Means.pool``): 0 Plants; 1-4 a cube of one type (Invertebrates, Reptiles & Amphibians,
Birds, Mammals); 5-8 a cube of that type that may also pay for Plants (D24, ``PAYS``)."""
POOL_SIZE = 9
_PAYING = {card.id: (card.type, card.effect.kind is EffectKind.POLLINATING,
                     CLASS[card.type, card.effect.kind is EffectKind.POLLINATING],
                     card.type in (M, B), card.type in (B, R), card.type in (INV, R))
           for card in SPECIES.values()}
"""Each Species card's cubes: their type, whether Pollinating (they also pay for Plants,
D24), their class (what they may pay for: ``CLASS``), and whether they pay a Competition
(Mammals or Birds), a Migration (Birds or Reptiles & Amphibians) and a Reproduction
(Invertebrates or Reptiles & Amphibians)."""
_DIET_OF = {card.id: card.diet for card in SPECIES.values()}
ACTION_CARDS = frozenset(card.id for card in SPECIES.values() if card.effect.icon == "action")
"""The Species cards with an Action icon (Species Card Actions)."""
SPACE_OF: dict[type[Action], str] = {
    Reproduce: "reproduction", Transfer: "transfer", Evolve: "evolution",
    Expand: "expansion", Compete: "competition", Migrate: "migration"}
"""The Ecosystem board's space of each once-per-cycle action (The Actions)."""
_REP, _TRA, _EVO, _EXP, _COM, _MIG = (SPACES.index(SPACE_OF[a]) for a in (
    Reproduce, Transfer, Evolve, Expand, Compete, Migrate))
"""The index of each once-per-cycle action's space (``Biotopes.uses``)."""
_COLONIZATIONS = ("expansion", "competition", "migration")
_DOUBLES = frozenset(card.id for card in SPECIES.values()
                    if card.effect.kind is EffectKind.DOUBLE and card.effect.action is not None)
"""The x2 cards (``rules._DOUBLES`` says which action each doubles)."""
_NOT_TWICE = [False, False, False]
_SPECIAL = ACTION_CARDS | _DOUBLES
"""The cards an Action Phase listing looks at in an Ecosystem (an Action icon, or x2)."""
RULE_TEXT: dict[type[Action], str] = {
    Adapt: "Adaptation: you cannot recycle the cubes of its diet",
    Reproduce: "Reproduction costs an Invertebrates or Reptiles & Amphibians cube",
    Transfer: "you have no cube to pay with",
    Evolve: "you have no cube to pay with",
    Expand: ("Expansion colonizes an empty hex adjacent to one of your territories, paying a "
             "Plants cube of its colour"),
    Compete: ("Competition colonizes an opponent's hex adjacent to one of yours, paying a "
              "Mammals or Birds cube of its colour"),
    Migrate: ("Migration moves one of your tokens to an empty hex at most 3 hexes away, paying "
              "a Birds or Reptiles & Amphibians cube of its colour"),
    UseCard: ("Species Card Actions: the card must be yours, have an Action, and hold a cube "
              "to recycle"),
}
"""Each Action Phase action's rule in words: why it is refused (:func:`why_not`)."""


# ---------------------------------------------------------------------------------------------
# Paying: Adaptation's diet, and what a player can pay with
# ---------------------------------------------------------------------------------------------


Source = tuple[int, int, int, CubeType, bool, int, Pay]
"""A cube source (:class:`Means`: a card's cubes of one colour): row, column (-1: the Biotope
card), colour, type, whether Pollinating, class (``CLASS``) and the choice to pay with one of
its cubes (:func:`pay_choice`)."""
PAY_CHOICES: dict[tuple[int, int, int], Pay] = {}
"""The choices to pay with a cube, by row, column and colour, made once (frozen values)."""


def pay_choice(row: int, col: int, k: int) -> Pay:
    """The choice to pay with a cube of colour ``k`` from a card (made once)."""
    found = PAY_CHOICES.get((row, col, k))
    if found is None:
        found = PAY_CHOICES[row, col, k] = Pay(row, col, COLOURS[k])
    return found


_SOURCES: dict[tuple[int, int, int, str], Source] = {}
"""The cube sources, by row, column, colour and card ("": a Biotope card), made once
(:meth:`Means.move`; a few thousand at most)."""


@dataclass(slots=True)
class Means:
    """What a player can pay with now (:func:`means`): every cube source on their cards
    (``Biotopes._cube_sources``: a card's cubes of one colour) and by what the cubes may pay
    for (``pool``); the colours of the cubes that pay an Expansion (Plants: a Biotope
    card's), a Competition (Mammals or Birds) and a Migration (Birds or Reptiles &
    Amphibians: a Species card's); whether a cube pays a Reproduction (Invertebrates or
    Reptiles & Amphibians). Kept in ``Biotopes.means_of`` and patched in place as a cube of
    theirs moves (:meth:`move`); a copy of the game holds copies (:meth:`copy`). ``held``
    counts the sources behind the colours: those of a Biotope card by colour (0-3), of a
    Mammals or Birds card (4-7), of a Birds or Reptiles & Amphibians card (8-11), and those
    of an Invertebrates or Reptiles & Amphibians card (12)."""

    sources: list[Source]
    pool: list[int]
    plants: int
    mammals_birds: int
    birds_reptiles: int
    breeders: bool
    held: list[int]

    def copy(self) -> Means:
        """These means, to be patched apart (a copy of the game's)."""
        return Means(self.sources.copy(), self.pool.copy(), self.plants, self.mammals_birds,
                     self.birds_reptiles, self.breeders, self.held.copy())

    def move(self, row: int, col: int, k: int, by: int, after: int, card: str = "") -> None:
        """``by`` cubes of colour ``k`` more (or fewer) on the card at ``row``, ``col``
        (``card``: the Species card there, or "" for the Biotope card), which now holds
        ``after`` of them."""
        if col < 0:
            self.pool[0] += by  # a Biotope card's cubes: of the Plants type (Glossary)
            if after and after != by:  # it keeps cubes of that colour: the same colours pay
                return
            t, pol, cls = P, False, 0
        else:
            t, pol, cls, pays_mb, pays_br, breeds = _PAYING[card]
            self.pool[cls] += by
            if after and after != by:
                return
        # a source gone (none left), or a new one (none before): the sources counted
        sources = self.sources
        i = bisect_left(sources, (row, col, k))  # in order of row, card and colour
        if after:
            source = _SOURCES.get((row, col, k, card))
            if source is None:
                source = _SOURCES[row, col, k, card] = (row, col, k, t, pol, cls,
                                                         pay_choice(row, col, k))
            sources.insert(i, source)
            step = 1
        else:
            del sources[i]
            step = -1
        held = self.held
        bit = 1 << k
        if col < 0:
            held[k] += step
            self.plants = self.plants | bit if held[k] else self.plants & ~bit
            return
        if pays_mb:
            held[4 + k] += step
            self.mammals_birds = self.mammals_birds | bit if held[4 + k] \
                else self.mammals_birds & ~bit
        if pays_br:
            held[8 + k] += step
            self.birds_reptiles = self.birds_reptiles | bit if held[8 + k] \
                else self.birds_reptiles & ~bit
        if breeds:
            held[12] += step
            self.breeders = held[12] > 0


def means(game: Biotopes, p: int) -> Means:
    """What ``p`` can pay with now (The Actions): the cubes on their cards, and the colours
    of the cubes that pay each colonization (kept until a cube of theirs moves)."""
    found = game.means_of[p]
    if found is None:
        found = game.means_of[p] = _work_out_means(game, p)
    return found


def _work_out_means(game: Biotopes, p: int) -> Means:
    """:func:`means` counted from the cards, in one pass: each cube source (:data:`Source`:
    row, col, colour, type, pollinating, class and Pay choice; col -1 is the Biotope card,
    whose cubes are of the Plants type: Glossary), in order of row, card and colour."""
    sources: list[Source] = []
    pool = [0] * POOL_SIZE
    plants = mb = br = 0
    held = [0] * 13
    biotope, foreign, rows = game.biotope[p], game.foreign[p], game.rows[p]
    for r in range(ROWS):
        here = foreign[r]
        # another colour only where a Discreet Species moved one (nearly never)
        for k in range(ROWS) if any(here) else (r,):
            n = biotope[r] if k == r else here[k]
            if n:
                sources.append((r, -1, k, P, False, 0, pay_choice(r, -1, k)))
                pool[0] += n
                plants |= 1 << k
                held[k] += 1
        for c, e in enumerate(rows[r]):
            n = e[1 + r]
            if n == e[1] + e[2] + e[3] + e[4]:  # only the row's colour (nearly always)
                if not n:
                    continue
                cubes: Iterable[tuple[int, int]] = ((r, n),)
            else:
                cubes = [(k, e[1 + k]) for k in range(ROWS) if e[1 + k]]
            t, pol, key, pays_mb, pays_br, breeds = _PAYING[e[0]]
            for k, n in cubes:
                sources.append((r, c, k, t, pol, key, pay_choice(r, c, k)))
                pool[key] += n
                if pays_mb:
                    mb |= 1 << k
                    held[4 + k] += 1
                if pays_br:
                    br |= 1 << k
                    held[8 + k] += 1
                if breeds:
                    held[12] += 1
    return Means(sources, pool, plants, mb, br, held[12] > 0, held)


class Territories:
    """The tokens on the landscape as bits (``hexes.Grid``, ``grid``): ``taken``, the hexes
    that hold a token; ``mine``, each owner's (by seat; index -1, ``NEUTRAL``: the neutral
    tokens'); ``spots``, the same hexes by index in order; ``near``, the hexes next to each
    player's territories (-1: not worked out yet); ``colours``, the hexes of each set of
    colours (by its bits: bit k for colour k). Kept in ``Biotopes.colonies`` and patched in
    place as a token claims or vacates a hex (:meth:`claim`, :meth:`vacate`; a copy of the
    game holds a copy, :meth:`copy`); worked out anew (:func:`territories`) when the
    landscape is built or a state loaded. The colonizations' rules read them:
    :func:`expand_bits`, :func:`compete_bits`, :func:`migration_actions`."""

    __slots__ = ("colours", "grid", "mine", "near", "spots", "taken")

    def __init__(self, grid: Grid, colours: tuple[int, ...], taken: int, mine: list[int],
                 spots: list[tuple[int, ...]], near: list[int]) -> None:
        self.grid = grid
        self.colours = colours
        self.taken = taken
        self.mine = mine
        self.spots = spots
        self.near = near

    def copy(self) -> Territories:
        """These territories, to be patched apart (a copy of the game's)."""
        return Territories(self.grid, self.colours, self.taken, self.mine.copy(),
                           self.spots.copy(), self.near.copy())

    def claim(self, h: Hex, o: int) -> None:
        """A token of ``o`` (a seat, or ``NEUTRAL``) onto ``h``."""
        i = self.grid.index[h]
        bit = 1 << i
        self.taken |= bit
        self.mine[o] |= bit
        self.spots[o] = tuple(sorted((*self.spots[o], i)))
        near = self.near
        if o >= 0 and near[o] >= 0:
            near[o] |= self.grid.adj[i]

    def vacate(self, h: Hex, o: int) -> None:
        """The token of ``o`` gone from ``h``."""
        i = self.grid.index[h]
        bit = 1 << i
        self.taken &= ~bit
        self.mine[o] &= ~bit
        self.spots[o] = tuple([j for j in self.spots[o] if j != i])
        if o >= 0:
            self.near[o] = -1


def territories(game: Biotopes) -> Territories:
    """The tokens on the landscape as bits (:class:`Territories`: kept, patched as tokens
    move)."""
    found = game.colonies
    if found is None:
        found = game.colonies = _work_out_territories(game)
    return found


def _work_out_territories(game: Biotopes) -> Territories:
    grid = game.grid
    index = grid.index
    by_colour = [0] * ROWS
    for h, k in game.landscape.items():
        by_colour[k] |= 1 << index[h]
    colours = [0] * (1 << ROWS)  # each set of colours: its lowest colour's and the rest's
    for bits in range(1, 1 << ROWS):
        low = bits & -bits
        colours[bits] = colours[bits ^ low] | by_colour[low.bit_length() - 1]
    mine = [0] * (game.players + 1)  # the last: NEUTRAL's (-1)
    for h, o in game.owner.items():
        mine[o] |= 1 << index[h]
    taken = 0
    for bits in mine:
        taken |= bits
    return Territories(grid, tuple(colours), taken, mine, [indices(bits) for bits in mine],
                       [-1] * game.players)


def territories_of(game: Biotopes, p: int) -> list[Hex]:
    """``p``'s territories, in order."""
    grid = game.grid
    return [grid.hexes[i] for i in territories(game).spots[p]]


def near_bits(col: Territories, p: int) -> int:
    """The hexes next to ``p``'s territories (kept until one of their tokens leaves)."""
    bits = col.near[p]
    if bits < 0:
        bits = 0
        adj = col.grid.adj
        for i in col.spots[p]:
            bits |= adj[i]
        col.near[p] = bits
    return bits


# ---------------------------------------------------------------------------------------------
# The rule-named predicates
# ---------------------------------------------------------------------------------------------


def can_adapt(game: Biotopes, p: int, card: str, paying: Means | None = None) -> bool:
    """Adaptation: play a card of your hand, recycling cubes that pay its diet."""
    return card in game.hands[p] and affords(paying or means(game, p), card)


def affords(m: Means, card: str) -> bool:
    """Adaptation's cost: can the cubes of ``m`` pay ``card``'s diet?"""
    return fits(_NEEDS_OF[card], (), m.pool)


Needs = tuple[tuple[tuple[int, int], ...], int, tuple[int, int, int, int, int]]
"""A diet as the cube types it needs, by their place in a pool (``TYPE_INDEX``): (type,
how many) for each type but Plants, how many Plants, and how many of each type."""


def needs(diet: Iterable[CubeType]) -> Needs:
    """A diet's :data:`Needs`."""
    counts = [0] * 5
    for t in diet:
        counts[TYPE_INDEX[t]] += 1
    return (tuple([(i, n) for i, n in enumerate(counts) if n and i]), counts[0],
            (counts[0], counts[1], counts[2], counts[3], counts[4]))


NEEDS: dict[tuple[CubeType, ...], Needs] = {card.diet: needs(card.diet)
                                            for card in SPECIES.values()}
"""Each Species card's diet's :data:`Needs`."""
_NEEDS_OF = {card.id: NEEDS[card.diet] for card in SPECIES.values()}
"""Each Species card's diet's :data:`Needs`, by card."""


def fits(need: Needs, paid: tuple[int, ...], pool: list[int]) -> bool:
    """Adaptation's cost counted (from a pool of cubes by class, ``CLASS``): can the cubes
    already ``paid`` (by class) be matched to distinct slots of the diet, and the remaining
    slots be paid from ``pool``? A Plants slot takes a Plants cube or a cube that may also
    pay for Plants (D24); another type's slot, a cube of that type (of either class): each
    type's own cubes first, its two-way cubes then, those left over go to Plants."""
    if paid:
        return _fits_paid(need[2], paid, pool)
    short = 0  # each type's shortfall, paid by its two-way cubes (the rest pay for Plants)
    for i, n in need[0]:
        lack = n - pool[i]
        if lack > 0:
            if lack > pool[i + 4]:
                return False
            short += lack
    return pool[0] + pool[5] + pool[6] + pool[7] + pool[8] - short >= need[1]


def _fits_paid(need: tuple[int, int, int, int, int], paid: tuple[int, ...],
               pool: list[int]) -> bool:
    """:func:`fits` with cubes already paid: each takes a slot of its type; a paid two-way
    cube goes to its type's slots as far as that type's own cubes fall short, else to
    Plants."""
    counts = list(need)
    twofold: list[int] | None = None  # paid cubes that count as their type or as Plants
    for c in paid:
        if c < 5:
            if not counts[c]:
                return False
            counts[c] -= 1
        elif twofold is None:
            twofold = [0] * 5
            twofold[c - 4] = 1
        else:
            twofold[c - 4] += 1
    if twofold is None:  # as fits: the slots left, each type's shortfall from its two-way
        short = 0
        for t in range(1, 5):
            lack = counts[t] - pool[t]
            if lack > 0:
                if lack > pool[t + 4]:
                    return False
                short += lack
        return pool[0] + pool[5] + pool[6] + pool[7] + pool[8] - short >= counts[0]
    plants, spare, room = counts[0], pool[0], 0
    for t in range(1, 5):
        n, own, two, e = counts[t], pool[t], pool[t + 4], twofold[t]
        x = n - own  # the paid two-way cubes that go to this type's slots
        x = 0 if x < 0 else (e if x > e else x)
        plants -= e - x
        room += (e if e < n else n) - x  # more of them could go to this type's slots
        n -= x
        if own + two < n:
            return False
        left = own + two - n
        spare += two if two < left else left
    if plants < 0:  # more paid two-way cubes than Plants slots: some to their own type
        return room >= -plants
    return spare >= plants


def can_reproduce(game: Biotopes, p: int, paying: Means | None = None) -> bool:
    """Reproduction: once a cycle, moving an Invertebrates or Reptiles & Amphibians cube of a
    Species card to its space."""
    return game._may_play(p, "reproduction") and (paying or means(game, p)).breeders


def can_transfer(game: Biotopes, p: int, paying: Means | None = None) -> bool:
    """Transfer: once a cycle, moving a cube of any card to its space."""
    return game._may_play(p, "transfer") and bool((paying or means(game, p)).sources)


def can_evolve(game: Biotopes, p: int, paying: Means | None = None) -> bool:
    """Evolution: once a cycle, moving 1 to 5 cubes of different types to its space."""
    return game._may_play(p, "evolution") and bool((paying or means(game, p)).sources)


def can_expand(game: Biotopes, p: int, h: Hex, paying: Means | None = None) -> bool:
    """Expansion: may ``p`` expand to ``h`` now (see :func:`expansions`)?"""
    return h in expansions(game, p, paying)


def expansions(game: Biotopes, p: int, paying: Means | None = None) -> list[Hex]:
    """Expansion: a Territory token of your board onto an empty hex adjacent to one of your
    territories, paying a Plants cube (a Biotope card's) of the hex's colour: the hexes ``p``
    may expand to now, sorted (:func:`expansion_actions`)."""
    return [a.hex for a in expansion_actions(game, p, paying)]


def expansion_actions(game: Biotopes, p: int, paying: Means | None = None) -> list[Expand]:
    """Expansion's rule (:func:`expansions`): the actions ``p`` may play now, in order."""
    if not game.tokens[p] or not game._may_play(p, "expansion"):
        return []
    plants = (paying or means(game, p)).plants
    if not plants:
        return []
    return list(_expand_all(territories(game), p, plants))


def expand_bits(col: Territories, p: int, colours: int) -> int:
    """Expansion's hexes: the empty hexes next to ``p``'s territories, of ``colours``."""
    return near_bits(col, p) & ~col.taken & col.colours[colours]


def _expand_all(col: Territories, p: int, colours: int) -> tuple[Expand, ...]:
    """The Expansions to :func:`expand_bits`, in order (kept by hexes)."""
    return _spell(expand_bits(col, p, colours), _by_bit(col.grid.expand_at, col.grid, _expand))


def can_compete(game: Biotopes, p: int, h: Hex, paying: Means | None = None) -> bool:
    """Competition: may ``p`` compete for ``h`` now (see :func:`competitions`)?"""
    return h in competitions(game, p, paying)


def competitions(game: Biotopes, p: int, paying: Means | None = None) -> list[Hex]:
    """Competition: a Territory token of your board onto an opponent's hex (or a neutral one)
    adjacent to one of yours, paying a Mammals or Birds cube (a Species card's) of the hex's
    colour: the hexes ``p`` may compete for now, sorted (:func:`competition_actions`)."""
    return [a.hex for a in competition_actions(game, p, paying)]


def competition_actions(game: Biotopes, p: int, paying: Means | None = None
                        ) -> list[Compete]:
    """Competition's rule (:func:`competitions`): the actions ``p`` may play now, in
    order."""
    colours = (paying or means(game, p)).mammals_birds
    if not game.tokens[p] or not colours or not game._may_play(p, "competition"):
        return []
    return list(_compete_all(territories(game), p, colours))


def compete_bits(col: Territories, p: int, colours: int) -> int:
    """Competition's hexes: the hexes of others (or neutral) next to ``p``'s territories,
    of ``colours``."""
    return near_bits(col, p) & col.taken & ~col.mine[p] & col.colours[colours]


def _compete_all(col: Territories, p: int, colours: int) -> tuple[Compete, ...]:
    """The Competitions for :func:`compete_bits`, in order (kept by hexes)."""
    return _spell(compete_bits(col, p, colours),
                  _by_bit(col.grid.compete_at, col.grid, _compete))


def _by_bit(at: dict[int, _A], grid: Grid, make: Callable[[Hex], _A]) -> dict[int, _A]:
    """``at``, a grid's table of one colonization's action to each hex by its bit, filled
    with ``make(hex)`` when first asked."""
    if not at:
        at.update({1 << i: make(h) for i, h in enumerate(grid.hexes)})
    return at


def can_migrate(game: Biotopes, p: int, origin: Hex, h: Hex,
                paying: Means | None = None) -> bool:
    """Migration: may ``p`` migrate from ``origin`` to ``h`` now (see :func:`migrations`)?"""
    return (origin, h) in migrations(game, p, paying)


def migrations(game: Biotopes, p: int, paying: Means | None = None) -> list[tuple[Hex, Hex]]:
    """Migration: one of your tokens to an empty hex at most 3 hexes away over the landscape
    (D16), paying a Birds or Reptiles & Amphibians cube (a Species card's) of the hex's
    colour: the (origin, destination) pairs ``p`` may play now, in order
    (:func:`migration_actions`)."""
    return [(a.origin, a.hex) for a in migration_actions(game, p, paying)]


def migration_actions(game: Biotopes, p: int, paying: Means | None = None) -> list[Migrate]:
    """Migration's rule (:func:`migrations`): the actions ``p`` may play now, by origin in
    order, then by destination in the landscape's order."""
    colours = (paying or means(game, p)).birds_reptiles
    if not colours or not game._may_play(p, "migration"):
        return []
    return migrate_all(territories(game), p, colours)


def migrate_all(col: Territories, p: int, colours: int) -> list[Migrate]:
    """Migration's candidates: from each territory of ``p`` in order, to each empty hex of
    ``colours`` within reach (``Grid.reach``) in the landscape's order."""
    free = col.colours[colours] & ~col.taken
    out: list[Migrate] = []
    if not free:
        return out
    grid = col.grid
    within, ats = grid.reach, grid.migrate_at
    for i in col.spots[p]:
        bits = within[i] & free
        if bits:
            at = ats[i]
            if not at:
                origin = grid.hexes[i]
                at.update({1 << j: _migrate(origin, h) for j, h in enumerate(grid.hexes)})
            while bits:
                low = bits & -bits
                out.append(at[low])
                bits ^= low
    return out


def _spell(bits: int, at: dict[int, _A]) -> tuple[_A, ...]:
    """The actions of the hexes of a mask, in order (``at``: each hex's by its bit)."""
    out: list[_A] = []
    _spell_into(out, bits, at)
    return tuple(out)


def _spell_into(out: list[Any], bits: int, at: dict[int, _A], grid: Grid | None = None,
                make: Callable[[Hex], _A] | None = None) -> None:
    """The actions of the hexes of a mask added to ``out``, in order (``at``: each hex's by
    its bit; filled first with ``make(hex)`` for each hex of ``grid`` when empty)."""
    if bits and not at and grid is not None and make is not None:
        _by_bit(at, grid, make)
    while bits:
        low = bits & -bits
        out.append(at[low])
        bits ^= low


def reach(game: Biotopes, origin: Hex) -> tuple[tuple[Hex, Migrate], ...]:
    """Migration's destinations from ``origin`` over the landscape (D16), in the landscape's
    order, each with its action (``Grid.reach``)."""
    grid = game.grid
    return tuple([(grid.hexes[j], _migrate(origin, grid.hexes[j]))
                  for j in indices(grid.reach[grid.index[origin]])])


def can_use_card(game: Biotopes, p: int, row: int, col: int) -> bool:
    """Species Card Actions: a card of your Ecosystem with an Action icon and a cube to
    recycle."""
    if not (0 <= row < len(game.rows[p]) and 0 <= col < len(game.rows[p][row])):
        return False
    return usable(game.rows[p][row][col])


def usable(entry: list[Any]) -> bool:
    """Species Card Actions: may the card of an Ecosystem's ``entry`` be used (an Action
    icon, and a cube to recycle)?"""
    return entry[0] in ACTION_CARDS and sum(entry[1:]) > 0


def can_pass(game: Biotopes, p: int) -> bool:
    """2. Action Phase: a player may always pass (and then waits for the next cycle)."""
    return True


def allows(game: Biotopes, p: int, a: Action) -> bool:
    """Does the rule of Action Phase action ``a`` allow ``p`` to play it now?"""
    m = means(game, p)
    if isinstance(a, Adapt):
        return can_adapt(game, p, a.card, m)
    if isinstance(a, Reproduce):
        return can_reproduce(game, p, m)
    if isinstance(a, Transfer):
        return can_transfer(game, p, m)
    if isinstance(a, Evolve):
        return can_evolve(game, p, m)
    if isinstance(a, Expand):
        return can_expand(game, p, a.hex, m)
    if isinstance(a, Compete):
        return can_compete(game, p, a.hex, m)
    if isinstance(a, Migrate):
        return can_migrate(game, p, a.origin, a.hex, m)
    if isinstance(a, UseCard):
        return can_use_card(game, p, a.row, a.col)
    return isinstance(a, Pass) and can_pass(game, p)


# ---------------------------------------------------------------------------------------------
# The legal actions and the why-not texts
# ---------------------------------------------------------------------------------------------


_ADAPT = {card: Adapt(card) for card in SPECIES}
_ADAPTING = {card: (_NEEDS_OF[card][0], _NEEDS_OF[card][1], _ADAPT[card]) for card in SPECIES}
"""Each card's diet's needs but Plants, its Plants, and its Adaptation (the listing's)."""
_REPRODUCE, _TRANSFER, _EVOLVE, _PASS = Reproduce(), Transfer(), Evolve(), Pass()
_EXPAND: dict[Hex, Expand] = {}
_COMPETE: dict[Hex, Compete] = {}
_MIGRATE: dict[tuple[Hex, Hex], Migrate] = {}
_USE_CARD: dict[tuple[int, int], UseCard] = {}
"""The Action Phase's actions, made once and handed out again (they are frozen values): the
legal actions are listed at every turn, mostly the same ones."""


def _expand(h: Hex) -> Expand:
    return _EXPAND.get(h) or _EXPAND.setdefault(h, Expand(h))


def _compete(h: Hex) -> Compete:
    return _COMPETE.get(h) or _COMPETE.setdefault(h, Compete(h))


def _migrate(origin: Hex, h: Hex) -> Migrate:
    return _MIGRATE.get((origin, h)) or _MIGRATE.setdefault((origin, h), Migrate(origin, h))


def action_phase_options(game: Biotopes, p: int) -> list[Action]:
    """RB 2. Action Phase and The Actions: every action ``p`` may take now, by its rule (the
    predicates ``can_adapt`` ... ``can_pass``, worked out here in one pass: the legal
    actions are listed at every turn)."""
    m = game.means_of[p] or means(game, p)  # (means, inline when kept)
    # can_adapt, for the cards of the hand
    out: list[Action] = []
    pool = m.pool
    spare = pool[0] + pool[5] + pool[6] + pool[7] + pool[8]  # what may pay for Plants
    for card in sorted(game.hands[p]):
        # fits(_NEEDS_OF[card], (), pool), written out: a call per card of the hand
        typed, plants, adapt = _ADAPTING[card]
        short = 0
        for i, n in typed:
            lack = n - pool[i]
            if lack > 0:
                if lack > pool[i + 4]:
                    break
                short += lack
        else:
            if spare - short >= plants:
                out.append(adapt)
    # the Ecosystem's cards with an Action or x2 (kept: Biotopes.specials): those whose
    # Action may be used (can_use_card), and whether an x2 card is among them
    specials = game.specials[p]
    if specials is None:
        specials = game.specials[p] = special_cards(game.rows[p])
    usable_cards: list[Action] = []
    x2 = False
    if specials:
        rows = game.rows[p]
        for r, c, action, double in specials:
            if action and usable(rows[r][c]):
                usable_cards.append(_USE_CARD.get((r, c))
                                    or _USE_CARD.setdefault((r, c), UseCard(r, c)))
            x2 = x2 or double
    uses = game.uses[p]
    # a colonization's second use this cycle needs its x2 card (Biotopes._space_limit)
    twice = [game._space_limit(p, space) > 1 for space in _COLONIZATIONS] \
        if x2 and (uses[_EXP] or uses[_COM] or uses[_MIG]) else _NOT_TWICE
    # can_reproduce, can_transfer, can_evolve: once a cycle (no x2 for these)
    if not uses[_REP] and m.breeders:
        out.append(_REPRODUCE)
    if m.sources:
        if not uses[_TRA]:
            out.append(_TRANSFER)
        if not uses[_EVO]:
            out.append(_EVOLVE)
    # the colonizations (expansion_actions, competition_actions, migration_actions)
    tokens = game.tokens[p]
    col = game.colonies or territories(game)
    colours = m.plants
    if tokens and colours and (not uses[_EXP] or (twice[0] and uses[_EXP] < 2)):
        _spell_into(out, expand_bits(col, p, colours), col.grid.expand_at, col.grid, _expand)
    colours = m.mammals_birds
    if tokens and colours and (not uses[_COM] or (twice[1] and uses[_COM] < 2)):
        _spell_into(out, compete_bits(col, p, colours), col.grid.compete_at, col.grid,
                    _compete)
    colours = m.birds_reptiles
    if colours and (not uses[_MIG] or (twice[2] and uses[_MIG] < 2)):
        out += migrate_all(col, p, colours)
    out += usable_cards  # can_use_card, for the cards there
    out.append(_PASS)  # can_pass: always
    return out


def special_cards(rows: list[list[list[Any]]]) -> tuple[tuple[int, int, bool, bool], ...]:
    """The cards of an Ecosystem's ``rows`` that the Action Phase listing looks at: (row,
    column, whether it has an Action icon, whether it is a x2 card), in order (kept in
    ``Biotopes.specials`` until a card joins or leaves the rows)."""
    return tuple([(r, c, e[0] in ACTION_CARDS, e[0] in _DOUBLES)
                  for r, row in enumerate(rows) for c, e in enumerate(row)
                  if e[0] in _SPECIAL])


def why_not(game: Biotopes, p: int, a: Action) -> str:
    """The rule an Action Phase action breaks: when its predicate refuses it, the first of
    its requirements that fails (your hand, the space's limit, a token left), else the rule
    in full (``RULE_TEXT``)."""
    space = SPACE_OF.get(type(a))
    if not allows(game, p, a):
        if isinstance(a, Adapt) and a.card not in game.hands[p]:
            return "Adaptation: that card is not in your hand"
        if space is not None and not game._may_play(p, space):
            return (f"{space.capitalize()} is played at most "
                    f"{game._space_limit(p, space)} time(s) per cycle (The Actions)")
        if isinstance(a, (Expand, Compete)) and not game.tokens[p]:
            return "you have no Territory token left on your Ecosystem board"
    return RULE_TEXT.get(type(a), "not allowed now")
