"""Why in Biotopes: the ids of cubes and Territory tokens, the state keys that events read
and write (``core.provenance``), and the key that answers the game's own why question.

Species and Biotope cards have ids of their own (``"card:<id>"``). Cubes and Territory tokens
do not: the state keeps how many cubes of each colour lie in each place and which player holds
each hex, as the rules need. Their ids (``"cube:<n>"``, ``"territory:<n>"``) are given here:

- the state where a history starts (``Game._initial``) is numbered in a fixed order
  (:meth:`Identities.of`), and each told action moves the numbers with the cubes and tokens it
  moves; so the ids follow from the saved set-up and actions alone, and are the same after
  save/load, undo, fork and replay, which all replay that history (the save format is
  unchanged);
- cubes of one colour in one place are alike to the rules: the one that leaves is the one that
  came last (a stack), a faithful choice among cubes nobody can tell apart;
- the numbering is kept only while actions are told (``log.record``): ``push`` pays nothing. A
  told action after untold ones first renumbers by replaying the history told
  (``Biotopes._identities``).

State keys (each a tuple): ``("reserve", colour)``, ``("bag", seat)``, ``("biotope", seat,
row)`` (the cubes on a Biotope card), ``("cubes", "card:<id>")`` (the cubes on a Species card),
``("space", seat, i)`` (an Action space of the Ecosystem board), ``("drawn", seat)`` (a cube
drawn from a bag, waiting to be placed), ``("emptied", "card:<id>")`` (a card's last cube
taken), ``("hex", q, r)`` (who holds a hex), ``("land", q, r)`` (its biotope),
``("territories", seat)`` (a player's territories), ``("ecosystem", seat)`` (the Species
cards of an Ecosystem), ``("hand", seat)``, ``("river", deck)``, ``("card", "card:<id>")``
(where a Species card is), ``("won", seat)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ecogames.core.provenance import chance_key

from .components import BIOTOPE_CARDS, MAX_PLAYERS, ROWS, SPACES, SPECIES

if TYPE_CHECKING:
    from .rules import Biotopes

Key = tuple[Any, ...]
Place = tuple[Any, ...]
"""Where cubes lie: ``("reserve",)``, ``("box",)`` or one of the cube keys above."""

RESERVE: Place = ("reserve",)
BOX: Place = ("box",)
CUBE_IDS = [f"cube:{n}" for n in range(160)]
"""The ids of the 160 cubes (40 of each colour), written once (a numbering of more, which no
state the rules reach holds, writes the others in: :meth:`Identities.of`)."""
TOKEN_IDS = [f"territory:{n}" for n in range(100)]
"""The ids of the Territory tokens (as :data:`CUBE_IDS`)."""
CHANCE_KEYS = tuple(chance_key(n) for n in range(64))
"""The keys of an action's first chance draws (``core.provenance.chance_key``), made once:
an event that came from draws ``a`` to ``b`` reads ``CHANCE_KEYS[a:b]`` (:func:`draws`)."""


def draws(start: int, end: int) -> tuple[Key, ...]:
    """The keys of chance draws ``start`` to ``end`` (not included) of an action."""
    if end <= len(CHANCE_KEYS):
        return CHANCE_KEYS[start:end]
    return tuple(chance_key(n) for n in range(start, end))


def card(card_id: str) -> str:
    """The id of a card (``"card:alpine_ibex"``); an id given already stays as it is."""
    found = _CARD_IDS.get(card_id)
    if found is None:
        return card_id if card_id.startswith("card:") else f"card:{card_id}"
    return found


_CARD_IDS = CARD_IDS = {c: f"card:{c}" for c in (*SPECIES, *BIOTOPE_CARDS)}
"""The ids of the Species and Biotope cards, written once."""


def cubes(card_id: str) -> Key:
    return _CUBES.get(card_id) or ("cubes", card(card_id))


def emptied(card_id: str) -> Key:
    return _EMPTIED.get(card_id) or ("emptied", card(card_id))


_CUBES = CUBES = {c: ("cubes", i) for c, i in _CARD_IDS.items()}
_EMPTIED = {c: ("emptied", i) for c, i in _CARD_IDS.items()}
_PLACES = PLACES = {c: ("card", i) for c, i in _CARD_IDS.items()}
"""The keys of each card's cubes, of its last cube taken and of where it is, made once."""


def why_cubes(card: Any) -> Key:
    """The key that answers why("cubes", card=...): a Species or Biotope card's id, with
    or without its "card:" prefix."""
    name = card[5:] if isinstance(card, str) and card.startswith("card:") else card
    if not isinstance(name, str) or (name not in SPECIES and name not in BIOTOPE_CARDS):
        raise ValueError(f"{card!r:.40} is not a Species or Biotope card of Biotopes: ask "
                         "about one by its id, e.g. game.why(\"cubes\", card=\"red_fox\")")
    return emptied(name)


def place(card_id: str) -> Key:
    return _PLACES.get(card_id) or ("card", card(card_id))


def hex_key(h: Any) -> Key:
    return ("hex", h[0], h[1])


def land(h: Any) -> Key:
    """The biotope of a hex (set when its tile is turned, in Landscape Construction)."""
    return ("land", h[0], h[1])


def key_of(where: Place, colour: int) -> Key:
    """The state key of the cubes of ``colour`` in ``where`` (the reserve by colour: an empty
    reserve of one colour is what a rule looks at)."""
    return ("reserve", colour) if where == RESERVE else where


def cube_places(game: Biotopes) -> list[tuple[Place, list[int]]]:
    """Every place that holds cubes, in a fixed order, with its cubes by colour (a place
    with none is left out: numbered, it gives no id)."""
    out: list[tuple[Place, list[int]]] = []
    if any(game.reserve):
        out.append((RESERVE, list(game.reserve)))
    if any(game.box):
        out.append((BOX, list(game.box)))
    for p in range(game.players):
        bag_key, biotope_keys, space_keys = _SEAT_PLACES[p]
        bag = game.bags[p]
        if bag[0] or bag[1] or bag[2] or bag[3]:
            out.append((bag_key, list(bag)))
        biotope, foreign, ecosystem = game.biotope[p], game.foreign[p], game.rows[p]
        for r in range(len(foreign)):
            here = list(foreign[r])  # (Biotopes.biotope_cubes: its own colour in biotope)
            here[r] = biotope[r]
            if here[0] or here[1] or here[2] or here[3]:
                out.append((biotope_keys[r], here))
            for e in ecosystem[r]:
                if e[1] or e[2] or e[3] or e[4]:
                    out.append((cubes(e[0]), e[1:]))
        for i, space in enumerate(game.spaces[p]):
            if space[0] or space[1] or space[2] or space[3]:
                out.append((space_keys[i], list(space)))
    drawn: dict[int, list[int]] = {}
    for task in game.queue:
        if task.drawn >= 0:
            drawn.setdefault(task.p, [0, 0, 0, 0])[task.drawn] += 1
    out.extend((("drawn", p), drawn[p]) for p in range(game.players) if p in drawn)
    return out


_SEAT_PLACES = tuple((("bag", p), tuple(("biotope", p, r) for r in range(ROWS)),
                      tuple(("space", p, i) for i in range(len(SPACES))))
                     for p in range(MAX_PLAYERS))
"""Each seat's bag, Biotope cards and Ecosystem board spaces as places, made once."""


@dataclass
class Identities:
    """The ids of a game's cubes and Territory tokens after its first ``upto`` actions."""

    upto: int
    cubes: dict[Place, list[list[int]]]
    """Each place's cubes: a stack of cube numbers per colour (the last one leaves first)."""
    hexes: dict[tuple[int, int], int]
    """The Territory token on each hex that holds one."""
    supply: dict[int, list[int]]
    """Each player's tokens off the landscape, on the Ecosystem board."""
    drawn: int = 0
    """The chance draws of the action being told already read by an event."""

    @classmethod
    def of(cls, game: Biotopes) -> Identities:
        """The state's cubes and tokens numbered in a fixed order: cubes place by place
        (:func:`cube_places`), colour by colour; tokens player by player, those on the
        landscape (hex order) before those in the supply, then the neutral ones (Solo). In
        each place the lowest number is on top: a player's first token placed is their
        lowest."""
        stacks: dict[Place, list[list[int]]] = {}
        n = 0
        # (a place with no cube is not listed: its stacks are made when one comes)
        for where, (a, b, c, d) in cube_places(game):  # (4 colours)
            # top of each stack (the end of its list) first: the lowest number leaves first
            n1 = n + a
            n2 = n1 + b
            n3 = n2 + c
            n4 = n3 + d
            stacks[where] = [list(range(n1 - 1, n - 1, -1)), list(range(n2 - 1, n1 - 1, -1)),
                             list(range(n3 - 1, n2 - 1, -1)), list(range(n4 - 1, n3 - 1, -1))]
            n = n4
        CUBE_IDS.extend(f"cube:{c}" for c in range(len(CUBE_IDS), n))
        hexes: dict[tuple[int, int], int] = {}
        supply: dict[int, list[int]] = {}
        t = 0
        for p in [*range(game.players), -1]:
            for h in sorted(h for h, o in game.owner.items() if o == p):
                hexes[h] = t
                t += 1
            if p >= 0:
                supply[p] = list(range(t + game.tokens[p] - 1, t - 1, -1))
                t += game.tokens[p]
        TOKEN_IDS.extend(f"territory:{n}" for n in range(len(TOKEN_IDS), t))
        return cls(0, stacks, hexes, supply)

    # -- cubes -----------------------------------------------------------------------------

    def stack(self, where: Place, colour: int) -> list[int]:
        return (self.cubes.get(where) or self._stacks(where))[colour]

    def _stacks(self, where: Place) -> list[list[int]]:
        """A place that held no cube yet: an empty stack of each colour."""
        found = self.cubes[where] = [[], [], [], []]  # (4 colours)
        return found

    def move(self, src: Place, dst: Place, colour: int, n: int = 1) -> list[str]:
        """``n`` cubes of ``colour`` go from ``src`` to ``dst``: their ids."""
        cubes = self.cubes
        source = (cubes.get(src) or self._stacks(src))[colour]
        target = (cubes.get(dst) or self._stacks(dst))[colour]
        if len(source) < n:
            raise AssertionError(f"no {n} cube(s) of colour {colour} to move from {src}")
        if n == 1:  # nearly every move: one cube
            c = source.pop()
            target.append(c)
            return [CUBE_IDS[c]]
        moved = source[len(source) - n:]
        del source[len(source) - n:]
        target.extend(moved)
        return [CUBE_IDS[c] for c in moved]

    def one(self, src: Place, dst: Place, colour: int) -> str:
        """One cube of ``colour`` goes from ``src`` to ``dst``: its id (:meth:`move` of one
        cube, at half the cost)."""
        cubes = self.cubes
        c = (cubes.get(src) or self._stacks(src))[colour].pop()
        (cubes.get(dst) or self._stacks(dst))[colour].append(c)
        return CUBE_IDS[c]

    def move_all(self, src: Place, dst: Place) -> list[str]:
        """Every cube of ``src`` goes to ``dst``, colour by colour: their ids."""
        out: list[str] = []
        for k, stack in enumerate(self.cubes.get(src, ())):
            if stack:
                out.extend(self.move(src, dst, k, len(stack)))
        return out

    def count(self, where: Place) -> int:
        return sum(len(s) for s in self.cubes.get(where, []))

    def holds(self, where: Place) -> bool:
        """Does ``where`` hold a cube (of any colour)?"""
        return any(self.cubes.get(where, ()))

    # -- Territory tokens ------------------------------------------------------------------

    def token_at(self, h: tuple[int, int]) -> str:
        return TOKEN_IDS[self.hexes[h]]

    def place_token(self, p: int, h: tuple[int, int]) -> str:
        """One of ``p``'s tokens goes from the supply onto ``h``."""
        t = self.hexes[h] = self.supply[p].pop()
        return TOKEN_IDS[t]

    def move_token(self, src: tuple[int, int], dst: tuple[int, int]) -> str:
        t = self.hexes[dst] = self.hexes.pop(src)
        return TOKEN_IDS[t]

    def return_token(self, p: int, h: tuple[int, int]) -> str:
        """The token of ``h`` goes back to ``p``'s supply (or, ``p`` None, out of the
        game)."""
        t = self.hexes.pop(h)
        if p is not None and p >= 0:
            self.supply[p].append(t)
        return TOKEN_IDS[t]
