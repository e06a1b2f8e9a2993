"""Each game's action layout: how every action it can ever have is numbered.

They live here, beside the environment, rather than in the game packages: they are pure
declarations over the games' components, needed only by reinforcement learning, and keeping
them above the games keeps the engines free of anything RL needs (docs/rl.md). Each game's
spec names its layout (``GameSpec.action_layout``, imported on use), and :func:`layout_of`
reads the spec: nothing here picks a game by its name.
"""

from __future__ import annotations

import itertools
from typing import Any

from ecogames.core import Action, Game, registered_games
from ecogames.core.registry import find_spec

from .spaces import ActionLayout, Box2, EncodingError, Relative, Span, vocabulary

MAX_PLAYERS = 6


def tori_layout() -> ActionLayout:
    from ecogames.games.tori import components as c
    from ecogames.games.tori.rules import Tori

    zones = vocabulary(c.ZONES)
    goods = vocabulary(c.GOODS)
    return ActionLayout(Tori.action_types, {
        "first": zones, "second": zones, "zone": zones, "good": goods,
        "row": Span(0, c.ROWS), "col": Span(0, c.COLS), "facing": vocabulary("NESW"),
    })


# -- Tori-Tori: tokens by where they lie ------------------------------------------------------

SECTORS = 12
PILES_PER_SECTOR = 6
PILE_HEIGHT = 4
TOKEN_SLOTS = SECTORS * PILES_PER_SECTOR * PILE_HEIGHT


def _token_slot(game: Any, token: int) -> int:
    """A token numbered by its sector, its pile in the sector and its height in the pile."""
    for n in range(1, SECTORS + 1):
        for i, pile in enumerate(game.board[n]):
            if token in pile:
                h = pile.index(token)
                if i >= PILES_PER_SECTOR or h >= PILE_HEIGHT:
                    raise EncodingError(f"token {token} lies beyond the layout's piles")
                return ((n - 1) * PILES_PER_SECTOR + i) * PILE_HEIGHT + h
    raise EncodingError(f"token {token} is not on the island")


_GARDEN_SETS = tuple(combo for size in range(1, 4)
                     for combo in itertools.combinations(range(PILES_PER_SECTOR), size))


def _garden(game: Any, action: Action, tokens: Any) -> int:
    """Advanced Gardening: the sector and which of its piles (one to three)."""
    spots = [game.where(t) for t in tokens]
    if any(s is None for s in spots) or len({s[0] for s in spots}) != 1:  # type: ignore[index]
        raise EncodingError(f"advanced gardening of tokens {tokens!r}: not tops of one sector")
    sector = spots[0][0]  # type: ignore[index]
    piles = tuple(sorted(s[1] for s in spots))  # type: ignore[index]
    return (sector - 1) * len(_GARDEN_SETS) + _GARDEN_SETS.index(piles)


def toritori_layout() -> ActionLayout:
    from ecogames.games.toritori import components as c
    from ecogames.games.toritori.rules import ToriTori

    places = (*(str(n) for n in range(1, SECTORS + 1)), "village", "industry")
    place = vocabulary(places)
    paths = vocabulary([(p,) for p in places] + [(p, q) for p in places for q in places])
    token = Relative(TOKEN_SLOTS, lambda g, a, v: _token_slot(g, v), "sector, pile, height")
    return ActionLayout(ToriTori.action_types, {
        "token": token, "space": vocabulary(c.MAP_SPACES), "to": place, "path": paths,
        "tokens": Relative(SECTORS * len(_GARDEN_SETS), _garden, "sector, piles"),
        "player": Span(0, 4), "ability": vocabulary(("move", "bicycle", "motorcycle")),
    })


# -- Tulikko ----------------------------------------------------------------------------------


def tulikko_layout() -> ActionLayout:
    from ecogames.games.tulikko import components as c
    from ecogames.games.tulikko.rules import Tulikko

    def at(game: Any, action: Action, cells: Any) -> int:
        """The neighbours of the new tile that get a token, as bits N, E, S, W."""
        cell = game.pending["cell"]
        steps = (-c.COLS, 1, c.COLS, -1)
        bits = 0
        for other in cells:
            if other - cell not in steps:
                raise EncodingError(f"cell {other} is not next to cell {cell}")
            bits |= 1 << steps.index(other - cell)
        return bits

    cell = Span(0, c.CELLS)
    return ActionLayout(Tulikko.action_types, {
        "animal": vocabulary(c.ANIMALS), "cell": cell, "source": cell, "target": cell,
        "side": vocabulary(c.SIDES), "at": Relative(16, at, "N, E, S, W bits"),
        "card": vocabulary(sorted(c.CARDS)),
    })


# -- Biotopes ---------------------------------------------------------------------------------

HEX_LOW, HEX_HIGH = -12, 20
"""The box the landscape's hex coordinates lie in."""
MIGRATION_BOX = 7
"""Migration targets are numbered relative to the origin: offsets -3..3 on both axes."""


def biotopes_layout() -> ActionLayout:
    from ecogames.games.biotopes import components as c
    from ecogames.games.biotopes.rules import DECK_NAMES, Biotopes

    half = MIGRATION_BOX // 2

    def reach(game: Any, action: Action, hex_: Any) -> int:
        dq, dr = hex_[0] - action.origin[0], hex_[1] - action.origin[1]  # type: ignore[attr-defined]
        if not (-half <= dq <= half and -half <= dr <= half):
            raise EncodingError(f"migration to {hex_!r} is beyond the layout's reach")
        return (dq + half) * MIGRATION_BOX + dr + half

    hexes = Box2(HEX_LOW, HEX_HIGH)
    cards = vocabulary(sorted({*c.SPECIES, *c.BIOTOPE_CARDS}))
    colour = vocabulary(c.COLOURS)
    col = Span(-1, 15)
    row = Span(0, 4)
    return ActionLayout(Biotopes.action_types, {
        "tile": vocabulary(sorted(c.TILES)), "centre": hexes, "hex": hexes, "origin": hexes,
        "side": vocabulary(("A", "B")), "rotation": Span(0, 6), "card": cards,
        "row": row, "col": col, "to_row": row, "to_col": col, "colour": colour,
        "deck": vocabulary(DECK_NAMES), "slot": Span(-1, 3), "player": Span(0, 5),
    }, {("migrate", "hex"): Relative(MIGRATION_BOX ** 2, reach, "offset from the origin",
                                     reads_state=False)})


# -- Wildlife Web -----------------------------------------------------------------------------

def discard_plans() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every way Discard Food can give up requisite food, whatever the animal holds: the
    Forage cards given and the animals of each Size given, as the rules' own
    ``_discard_plans`` plans them. An animal's need is its Size, and no card given may be
    surplus, so none gives more Forage cards than its need nor more animals of a Size than
    its need: a hand of ``need`` of each holds every plan."""
    from ecogames.games.wildlifeweb.components import CARD_ANIMAL
    from ecogames.games.wildlifeweb.rules import _discard_plans

    sizes = tuple(sorted({a.size for a in CARD_ANIMAL.values()}))
    return tuple(sorted({plan for need in sizes
                         for plan in _discard_plans(need, (need,) * len(sizes), sizes, need)}))


def wildlifeweb_layout() -> ActionLayout:
    from ecogames.games.wildlifeweb import components as c
    from ecogames.games.wildlifeweb.rules import WildlifeWeb

    sizes = tuple(sorted({a.size for a in c.CARD_ANIMAL.values()}))
    plan_number = {plan: n for n, plan in enumerate(discard_plans())}

    def discard(game: Any, action: Action, cards: Any) -> int:
        """A discard numbered by its plan: how many Forage cards, and animals of each
        Size, it gives up. The rules give the earliest cards of each kind (D14), so the
        plan names the cards, however many the animal holds."""
        forage = sum(card in c.FORAGE for card in cards)
        counts = tuple(sum(c.FOOD_VALUE[card] == v and card not in c.FORAGE for card in cards)
                       for v in sizes)
        number = plan_number.get((forage, counts))
        if number is None:
            raise EncodingError(f"{cards!r:.60} is no way to give up requisite food")
        return number

    animals = vocabulary(sorted(c.CARD_ANIMAL))
    food = vocabulary(sorted({*c.CARD_ANIMAL, *c.FORAGE_CARDS}))
    return ActionLayout(WildlifeWeb.action_types, {
        "card": animals, "animal": animals, "prey": animals, "carcass": animals, "food": food,
        "discard": Relative(len(plan_number), discard,
                            "Forage cards and animals of each Size given up",
                            reads_state=False),
    })


_MADE: dict[str, ActionLayout] = {}


def layout_of(game: Game | str) -> ActionLayout:
    """The action layout of a game (by name or instance), made once: its spec's
    ``action_layout`` (``core.registry``)."""
    name = game if isinstance(game, str) else game.name
    if name not in _MADE:
        engine = registered_games().get(name) if isinstance(game, str) else type(game)
        spec = find_spec(engine) if engine is not None else None
        if spec is None or spec.action_layout is None:
            known = sorted(n for n, cls in registered_games().items() if _has_layout(cls))
            raise ValueError(f"no action layout for {name!r:.40}; known: {known}")
        _MADE[name] = spec.action_layout()
    return _MADE[name]


def _has_layout(cls: type[Game]) -> bool:
    spec = find_spec(cls)
    return spec is not None and spec.action_layout is not None
