"""What the legal actions keep of a board from one option to the next (``legal.board_changed``)
is what they would work out afresh: the parts of the square customers walk in, patched as a
tile comes or goes (``walking.parts_after``); a customer's walk to a stall, kept until a tile
comes or goes where it could change it (``walking.WALKS``); each customer's stalls, worked
out again only for the goods an option touched (``legal._buyers``)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ecogames.games.tori import TearDown, Tori
from ecogames.games.tori.components import CUSTOMER_STARTS, GOODS, ZONE_OF
from ecogames.games.tori.legal import _buyer
from ecogames.games.tori.walking import (
    BIT,
    WALKABLE,
    closer_than,
    parts,
    parts_after,
    steps,
    walk_layers,
    walked_before,
)

CELLS = sorted(ZONE_OF)
SQUARE_CELLS = sorted(WALKABLE)


@pytest.mark.parametrize("seed", range(6))
def test_the_parts_of_the_square_follow_the_tiles(seed):
    """A tile placed or taken away, one at a time, on crowded and open boards: the patched
    parts are the parts walked afresh (fails when a taken cell is trusted to cut nothing)."""
    rng = random.Random(seed)
    blocked = 0
    kept = parts(blocked)
    for _ in range(400):
        cell = rng.choice(CELLS if rng.random() < 0.2 else SQUARE_CELLS)
        if rng.random() < 0.35 and blocked:  # take one away
            cell = rng.choice([c for c in CELLS if BIT[c] & blocked])
        blocked ^= BIT[cell]
        kept = parts_after(kept, blocked, BIT[cell])
        assert sorted(kept) == sorted(parts(blocked))


@pytest.mark.parametrize("seed", range(6))
def test_a_kept_walk_is_the_walk(seed):
    """Customers walk to a door past boards that change a tile at a time: the answer kept
    from an earlier board is the walk's on this one (fails when a tile beside a cell walked
    to is not counted as able to change it)."""
    rng = random.Random(seed)
    blocked = 0
    asked = [(rng.choice(CUSTOMER_STARTS), BIT[rng.choice(SQUARE_CELLS)],
              sum(BIT[c] for c in rng.sample(SQUARE_CELLS, rng.randint(0, 3))))
             for _ in range(12)]
    for _ in range(300):
        cell = rng.choice(SQUARE_CELLS)
        if all(cell != source for source, _, _ in asked):
            blocked ^= BIT[cell]
        for source, door, rivals in asked:
            assert closer_than(blocked, source, door, rivals) == _closer(blocked, source,
                                                                         door, rivals)


def _closer(blocked, source, door, rivals):
    """The rivals in the layers of the whole walk before the door's; None: out of reach."""
    layers = walk_layers(blocked, source)
    reached = steps(layers, door)
    return None if reached is None else (rivals & sum(layers[:reached])).bit_count()


@pytest.mark.parametrize("seed", range(3))
def test_a_walk_that_stops_at_the_last_rival(seed):
    """Walks to far doors past near rivals (all in reach, some not): the walk that stops
    once every rival is walked to, kept while the tiles change, answers as the whole walk
    (fails when a rival on the door's own step is counted, or when a part a tile gone
    joins is not walked again)."""
    rng = random.Random(seed)
    blocked = sum(BIT[c] for c in rng.sample(SQUARE_CELLS, 30))
    source = rng.choice(CUSTOMER_STARTS)
    blocked &= ~BIT[source]
    asked = []
    for _ in range(20):
        door = BIT[rng.choice(SQUARE_CELLS)]
        near = [c for c in SQUARE_CELLS if abs(c[0] - source[0]) + abs(c[1] - source[1]) < 5]
        asked.append((door, sum(BIT[c] for c in rng.sample(near, rng.randint(1, 3)))))
    for _ in range(200):
        cell = rng.choice(SQUARE_CELLS)
        if cell != source:
            blocked ^= BIT[cell]
        for door, rivals in asked:
            assert closer_than(blocked, source, door, rivals) == _closer(blocked, source,
                                                                         door, rivals)


@pytest.mark.parametrize("seed", [2, 5])
def test_the_kept_customers_are_worked_out_afresh(seed):
    """Along a random game and a copy that goes its own way, each customer's stalls and each
    player's tear-downs as the board keeps them are those worked out from the state now
    (fails when an option that moves a customer away from a stall's entrance does not work
    that stall's good out again, or when a build keeps its player's tear-downs)."""
    for g in _a_game_and_a_copy(seed, steps=3000, split=500):
        kept = g._board.get("buyers")
        if kept is not None:
            assert kept == [_buyer(g, good) for good in GOODS]
        for p, made in enumerate(g._board.get("tear_downs") or ()):
            if made is not None:  # each player's stalls without expansion tiles
                assert made == [TearDown(good) for good in GOODS if (p, good) in g.stalls
                                and not g.stalls[(p, good)].expansions]


def _a_game_and_a_copy(seed: int, steps: int, split: int) -> Iterator[Tori]:
    """Each position of a random game (2 to 4 players by ``seed``) and, after step ``split``,
    of a copy that goes its own way, step by step, until the game is over or ``steps``
    have gone: each pushes a random legal action once it has been looked at."""
    game = Tori.new_game(players=2 + seed % 3, seed=seed)
    rng = random.Random(seed)
    twin = None
    for step in range(steps):
        if game.is_over:
            break
        for g in (game, twin) if twin is not None else (game,):
            if g.is_over:
                continue
            yield g
            g.push(rng.choice(g.legal_actions()))
        if step == split:
            twin = game.clone()


@pytest.mark.parametrize("seed", range(3))
def test_walked_before_is_the_layers_before_the_door(seed):
    """Marketing's walk (``walked_before``, which ``Tori._closer_competitors`` reads) is the
    layers of the whole walk before the door's, ``None`` when the door is out of reach
    (fails when the door's own layer is counted as nearer)."""
    rng = random.Random(seed)
    for _ in range(200):
        blocked = sum(BIT[c] for c in rng.sample(SQUARE_CELLS, rng.randint(0, 50)))
        source, target = rng.choice(CUSTOMER_STARTS), BIT[rng.choice(SQUARE_CELLS)]
        if BIT[source] & blocked:
            continue
        layers = walk_layers(blocked, source)
        reached = steps(layers, target)
        expected = None if reached is None else sum(layers[:reached])
        assert walked_before(blocked, source, target) == expected


@pytest.mark.parametrize("seed", [1, 4])
def test_the_legal_actions_off_a_kept_board_are_worked_out_afresh(seed):
    """Along a random game and a copy that goes its own way, the legal actions read off what
    the board keeps (the customers' stalls, the parts of the square, the walks, the
    customers' cells, patched as options change them) are those a board worked out afresh
    lists (fails when a customer taken leaves the cells the customers stand on as they
    were)."""
    for g in _a_game_and_a_copy(seed, steps=2500, split=400):
        fresh = g.clone()
        fresh._board = {}
        assert g.legal_actions() == fresh.legal_actions()
