"""Build exact Biotopes situations for the tests (the rulebook's worked examples).

``blank()`` is a game in the Action Phase with nothing in play: every cube in the reserve or
the box, every card in its deck (or river), no token on the landscape. The ``put_*`` and
``give_*`` helpers then lay out a situation, taking cubes from the box and cards from the
decks, so that the 160 cubes and 88 cards stay accounted for; ``ready()`` reloads the state
through the strict loader, which checks exactly that.
"""

from __future__ import annotations

from typing import Any

from ecogames.games.biotopes import Biotopes, new_game
from ecogames.games.biotopes.components import (
    BASIC_BIOTOPE_CARD,
    BIOTOPES,
    COLOURS,
    SPECIES,
    TERRITORY_TOKENS,
    U,
    V,
)
from ecogames.games.biotopes.hexes import edge_hexes, landscape_of
from ecogames.games.biotopes.rules import DECK_NAMES

C = {name: k for k, name in enumerate(COLOURS)}
ROW = {b.value: i for i, b in enumerate(BIOTOPES)}


def blank(players: int = 2, seed: int = 0, tiles: list[list[Any]] | None = None,
          **options: Any) -> Biotopes:
    game = new_game(players=players, seed=seed, **options)
    for p in range(players):
        for card in game.hands[p]:
            game.decks[0].append(card)
        game.hands[p] = []
        for k in range(4):
            game.box[k] += game.bags[p][k]
            game.bags[p][k] = 0
        if not game.bcards[p][0]:
            game.bcards[p] = [BASIC_BIOTOPE_CARD[b][p] for b in BIOTOPES]
    if not any(game.rivers):
        for d in range(3):
            for _ in range(3):
                game.rivers[d].insert(0, game.decks[d].pop())
    if tiles is not None:  # some tiles of the configuration, or built (construction=True)
        game.tiles = [list(t) for t in tiles]
        game.tile_hands = [[] for _ in range(players)]
    game.landscape, game.tile_of = landscape_of(game.tiles)
    game.edges = edge_hexes(game.landscape)
    game.owner = {}
    game.tokens = [TERRITORY_TOKENS] * players
    game.stage, game.order, game.queue = "play", [], []
    game.first = game.initiative = game.active = 0
    game.cycle = 1
    return game


def two_tiles() -> list[list[Any]]:
    """Tile A1 at the centre and tile A3 to its lower right (hexes printed in the tests)."""
    return [["1", "A", 0, 0, 0], ["3", "A", 0, U[0], U[1]]]


def three_tiles() -> list[list[Any]]:
    return [["1", "A", 0, 0, 0], ["3", "A", 0, U[0], U[1]], ["6", "A", 0, V[0], V[1]]]


def take_card(game: Biotopes, card: str) -> None:
    """Take ``card`` out of wherever it is (deck, river, discard pile)."""
    for piles in (game.decks, game.rivers, game.discards):
        for pile in piles:
            if card in pile:
                pile.remove(card)
                if piles is game.rivers:
                    d = DECK_NAMES.index(SPECIES[card].deck.value)
                    game.rivers[d].insert(0, game.decks[d].pop())
                return
    raise AssertionError(f"{card} is not in a deck, river or discard pile")


def _from_box(game: Biotopes, k: int, n: int) -> None:
    if game.box[k] < n:
        game.reserve[k] -= n - game.box[k]
        game.box[k] = 0
    else:
        game.box[k] -= n
    assert game.reserve[k] >= 0, "not enough cubes for this scenario"


def put_species(game: Biotopes, p: int, card: str, **cubes: int) -> int:
    """Play ``card`` into ``p``'s Ecosystem with ``cubes`` (by colour name; default: none).
    Returns its column."""
    take_card(game, card)
    spec = SPECIES[card]
    entry = [card, 0, 0, 0, 0]
    for colour, n in cubes.items():
        _from_box(game, C[colour], n)
        entry[1 + C[colour]] += n
    game.rows[p][spec.row].append(entry)
    return len(game.rows[p][spec.row]) - 1


def put_biotope(game: Biotopes, p: int, biotope: str, n: int) -> None:
    k = ROW[biotope]
    _from_box(game, k, n)
    game.biotope[p][k] += n


def put_bag(game: Biotopes, p: int, **cubes: int) -> None:
    for colour, n in cubes.items():
        _from_box(game, C[colour], n)
        game.bags[p][C[colour]] += n


def give_hand(game: Biotopes, p: int, *cards: str) -> None:
    for card in cards:
        take_card(game, card)
        game.hands[p].append(card)


def put_token(game: Biotopes, p: int, *hexes: tuple[int, int]) -> None:
    for h in hexes:
        assert h in game.landscape, h
        game.owner[h] = p
        if p >= 0:
            game.tokens[p] -= 1


def empty_reserve(game: Biotopes, colour: str) -> None:
    k = C[colour]
    game.box[k] += game.reserve[k]
    game.reserve[k] = 0


def ready(game: Biotopes) -> Biotopes:
    """The situation as a fresh game, through the strict loader (conservation checked)."""
    return Biotopes.from_state(game._state())


def play(game: Biotopes, *actions: Any) -> list[Any]:
    """Apply actions through the legality gate; the cascades."""
    return [game.apply(a) for a in actions]


def texts(cascades: Any) -> list[str]:
    if not isinstance(cascades, list):
        cascades = [cascades]
    return [e.text for c in cascades for e in c]


def kinds(cascade: Any) -> list[str]:
    return [e.kind for e in cascade]


def cubes_on(game: Biotopes, p: int, card: str) -> dict[str, int]:
    spec = SPECIES[card]
    for e in game.rows[p][spec.row]:
        if e[0] == card:
            return {c: n for c, n in zip(COLOURS, e[1:]) if n}
    raise AssertionError(f"{card} is not in play for player {p}")


def total_on(game: Biotopes, p: int, card: str) -> int:
    return sum(cubes_on(game, p, card).values())


def started(players: int = 2, seed: int = 0, **options: Any) -> Biotopes:
    """A real game played through its set-up with the first legal choice each time."""
    game = new_game(players=players, seed=seed, **options)
    while game.phase != "action":
        game.apply(game.legal_actions()[0])
    return game
