"""The generic random-play suite (tests/support/invariants.random_playthrough), and the same
checks on games played with purpose (a random player who prefers to expand and to take
customers ends a game in hundreds of actions rather than thousands)."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecogames.core import Rng
from ecogames.games import tori
from ecogames.games.tori import (
    Build,
    DiscardBuild,
    DiscardGoods,
    DrawFaceUp,
    DrawPile,
    Expand,
    Refresh,
    TakeCustomer,
    TakeFaceUp,
    TakeFromPile,
    TearDown,
    Tori,
)
from ecogames.games.tori.components import (
    BUILD_CARDS_PER_ZONE,
    CUSTOMERS,
    EXPANSION_TILES,
    GOODS,
    GOODS_CARDS_PER_GOOD,
    HAND_LIMIT,
    INFORMATION_POINTS,
    NEIGHBOURS,
    SQUARE,
    STALLS_PER_PLAYER,
    VERSATILITY_GOODS,
    ZONES,
    expansion_terrain,
    stall_terrain,
)
from tests.support.invariants import (
    check_illegal_refused,
    check_round_trips,
    random_playthrough,
)


def tori_invariant(game: Tori) -> None:
    """Cards, tiles and customers are conserved; the hand limit holds; the board is legal."""
    # build cards: four of each zone, somewhere
    for z in ZONES:
        held = (game.pile.count(z) + game.display.count(z) + game.discard.count(z)
                + sum(h[z - 1] for h in game.build_hands))
        assert held == BUILD_CARDS_PER_ZONE
    assert len(game.display) <= 5
    # goods cards: ten of each good, in the pile or in hands
    for g in GOODS:
        assert game.goods_supply[g] + sum(h[g] for h in game.goods_hands) \
            == GOODS_CARDS_PER_GOOD
        assert game.goods_supply[g] >= 0
    # the hand limit: only the player deciding what to discard may hold more than eight
    for p in range(game.players):
        if not (game.phase == "discard" and p == game.current_player):
            assert game.hand_size(p) <= HAND_LIMIT
    # stall and expansion tiles
    for p in range(game.players):
        on_board = sum(1 for q, _ in game.stalls if q == p)
        assert on_board + len(game.stall_supply(p)) == STALLS_PER_PLAYER
    tiles = [t for s in game.stalls.values() for t in s.tiles]
    assert len(tiles) == len(set(tiles)) and not set(tiles) & set(INFORMATION_POINTS)
    entrances = [s.entrance for s in game.stalls.values()]
    assert len(entrances) == len(set(entrances)) and not set(entrances) & set(tiles)
    assert all(e in SQUARE for e in entrances)
    for g in GOODS:
        used = sum(len(s.expansions) for s in game.stalls.values() if s.good == g)
        assert used + game.expansion_supply(g) == EXPANSION_TILES[g]
        assert game.expansion_supply(g) >= 0
    owner_at = {t: (s.owner, s.good) for s in game.stalls.values() for t in s.tiles}
    for s in game.stalls.values():
        assert s.cell in stall_terrain(s.good)
        assert all(t in expansion_terrain(s.good) for t in s.expansions)
        for t in s.tiles:  # same-colour stalls never touch
            for n in NEIGHBOURS[t]:
                other = owner_at.get(n)
                assert other is None or other[1] != s.good or other[0] == s.owner
    # customers: six, one on the colour-change tile, the others on free square spaces
    assert sorted(game.customers) == sorted(CUSTOMERS)
    placed = [c for c in game.customers.values() if c is not None]
    assert len(placed) == 5 and len(set(placed)) == 5
    assert all(c in SQUARE and c not in tiles for c in placed)
    # majority cards follow the stalls' sizes
    for g in GOODS:
        sizes = {s.owner: s.size for s in game.stalls.values() if s.good == g}
        gold, silver = game.gold[g], game.silver[g]
        if gold is None:
            assert silver is None and all(v == 1 for v in sizes.values())
        else:
            assert sizes[gold] == max(sizes.values()) >= 2
            assert silver == gold or sizes[silver] == sizes[gold]
    # versatility cards: exactly the players who reached the threshold
    for p in range(game.players):
        groups = sum(1 for s in game.stalls.values() if s.owner == p and s.expansions)
        assert game.versatility[p] == (groups >= VERSATILITY_GOODS[game.players])
    # the game ends exactly when an end condition holds
    left = [game.expansion_supply(g) for g in GOODS]
    assert game.is_over == (0 in left or left.count(1) >= 2)


def test_random_games_from_the_start():
    """Fully random games are long (thousands of actions): one, checked sparsely."""
    for players, seed in ((2, 4),):
        game = random_playthrough(tori.new_game(players, seed=seed), seed,
                                  max_actions=60_000, check_every=2_500,
                                  invariant=tori_invariant)
        assert game.is_over


@settings(max_examples=4, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), players=st.integers(2, 4), play_seed=st.integers(0, 999))
def test_random_play_near_the_end(seed, players, play_seed):
    """The generic suite from a position near the end (some goods group down to its last
    tiles), reached by purposeful play and loaded as a new set-up.

    Derandomized: the length of a uniformly random game has a very long tail (a random
    player may draw, discard, build and tear down for 100 000 actions before expanding
    again), so the examples are the same on every run and the suite's time is known."""
    game = tori.new_game(players, seed=seed)
    rng = Rng(play_seed)
    while True:
        left = sorted(game.expansion_supply(g) for g in GOODS)
        if left[0] <= 1 or left[1] <= 2:
            break
        action = _purposeful(game, rng)
        twin = game.clone()
        twin.push(action)
        if twin.is_over:
            break
        game.push(action)
    start = Tori.from_state(game._state())
    finished = random_playthrough(start, play_seed, max_actions=60_000, check_every=1_500,
                                  invariant=tori_invariant)
    assert finished.is_over


def _purposeful(game: Tori, rng: Rng):
    legal = game.legal_actions()
    for kind in (Expand, TakeCustomer):
        chosen = [a for a in legal if isinstance(a, kind)]
        if chosen and rng.below(4):
            return rng.choice(chosen)
    return rng.choice(legal)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), players=st.integers(2, 4),
       play_seed=st.integers(0, 10_000))
def test_purposeful_games_keep_every_invariant(seed, players, play_seed):
    """Every step: the invariants, the checked door agreeing with the legal actions; every
    100 steps: save/load, clone, replay, and illegal actions refused without a trace."""
    game = tori.new_game(players, seed=seed)
    rng = Rng(play_seed)
    kinds: Counter[str] = Counter()
    for step in range(20_000):
        tori_invariant(game)
        legal = game.legal_actions()
        if game.is_over:
            assert legal == []
            break
        assert legal and len(set(legal)) == len(legal)
        assert all(game.why_not(a) is None for a in rng_sample(legal, rng, 6))
        if step % 100 == 0:
            check_round_trips(game)
            check_illegal_refused(game, rng)
        if step % 200 == 50:
            check_checked_door_agrees(game)
        action = _purposeful(game, rng)
        kinds[action.type] += 1
        game.apply(action, record=step % 10 == 0)
    assert game.is_over
    assert kinds["expand"] >= 5


def check_checked_door_agrees(game: Tori) -> None:
    """Every action of every type the phase allows: ``why_not`` is None exactly for the
    legal ones (the fast generator and the checked door's words agree)."""
    legal = set(game.legal_actions())
    cells = [(r, c) for r in range(11) for c in range(12)]
    candidates = [
        *(DrawFaceUp(a, b) for a in ZONES for b in ZONES), DrawPile(), Refresh(),
        *(TakeFaceUp(z) for z in ZONES), TakeFromPile(),
        *(Build(g, r, c, f) for g in GOODS for r, c in cells for f in "NESW"),
        *(Expand(g, r, c, z) for g in GOODS for r, c in cells for z in ZONES),
        *(TearDown(g) for g in GOODS), *(TakeCustomer(g) for g in GOODS),
        *(DiscardBuild(z) for z in ZONES), *(DiscardGoods(g) for g in GOODS),
    ]
    for action in candidates:
        assert (game.why_not(action) is None) == (action in legal), action


def rng_sample(items, rng, n):
    return [rng.choice(items) for _ in range(min(n, len(items)))]
