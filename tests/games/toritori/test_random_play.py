"""Random play: the generic suite (tests/support/invariants.py) and Tori-Tori's invariants.

Most games run a fast loop that checks the invariants after every action; fewer run the full
round-trip checker (save/load, clone, replay, illegal actions refused) every few actions;
some record their cascades (with views) so that every sentence the rules tell is exercised.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ecogames.bots import make_bot, play
from ecogames.core import Rng
from ecogames.games.toritori import ToriTori, new_game
from ecogames.games.toritori import components as c
from ecogames.games.toritori.rules import (
    ANIMALS,
    CT,
    IB,
    NATIVE,
    REPORT_SPACES,
    SPECIES_IDS,
    STAGES,
    STOCK,
    TT,
)
from tests.support.invariants import random_playthrough

games = st.fixed_dictionaries({
    "players": st.integers(2, 4),
    "seed": st.integers(0, 2**63 - 1),
    "difficulty": st.sampled_from(["basic", "medium", "expert"]),
    "layout": st.sampled_from(["random", "rulebook"]),
})


def invariant(game: ToriTori) -> None:
    """What must hold after every action."""
    kind = game.kind
    seen: list[int] = []
    for n in range(1, 13):
        row = game.board[n]
        assert len(row) <= c.SECTOR_CAPACITY, f"sector {n} holds {len(row)} piles"
        for pile in row:
            assert pile and all(kind[t] in ANIMALS for t in pile[1:]), pile
            seen.extend(pile)
    assert sorted(seen) == sorted(kind), "every token on the board exactly once"
    assert all(t < game.next_token for t in kind)
    counts = Counter(kind.values())
    assert all(game.counts[s] == counts.get(s, 0) for s in SPECIES_IDS)
    supply = {k: game.supply(k) for k in STOCK}
    assert all(v >= 0 for v in supply.values())
    assert len(kind) + sum(supply.values()) == c.SPECIES_TOKENS_TOTAL == 57
    guarded = [t for t in game.protecting if t is not None]
    assert len(guarded) == len(set(guarded))
    for player, token in enumerate(game.protecting):
        if token is not None:
            spot = game.where(token)
            assert spot and str(spot[0]) == game.pawns[player] and kind[token] in ANIMALS
    if game.village_ok:
        assert game.counts[CT] == game.counts[IB] == 0
    extinct = [s for s in NATIVE if game.counts[s] == 0]
    out_of_time = game.round >= c.DEFEAT_ROUND_SPACE[game.players]
    if extinct or out_of_time:
        assert game.ended is not None and game.ended[0] == "defeat", (extinct, game.round)
    if game.ended is not None:
        result, reason = game.ended
        assert game.stage == "over" and game.legal_actions() == []
        if result == "defeat":
            assert extinct or out_of_time
            assert ("extinct" in reason) == bool(extinct) or out_of_time
        else:
            assert game.village_ok and game.industry_ok
    else:
        assert game.stage in STAGES and game.stage != "over"
        assert not (game.village_ok and game.industry_ok)
        assert game.village_ok or game.counts[CT] + game.counts[IB] > 0
        assert (game.industry_ok or game.counts[TT] < 4
                or not any(m in REPORT_SPACES for m in game.markers))
        assert (game.stage == "actions") == (game.turn_phase == 2 and game.points > 0) or (
            game.stage in ("choose_food",) and game.turn_phase == 2)
        assert game.legal_actions()


def fast_playthrough(game: ToriTori, seed: int, *, record: bool = False) -> ToriTori:
    rng = Rng(seed)
    numbering = game.island.numbering
    for _ in range(5000):
        invariant(game)
        legal = game.legal_actions()
        if not legal:
            assert game.island.numbering == numbering  # "will not change at any time"
            return game
        action = legal[rng.below(len(legal))]
        if record:
            cascade = game.apply(action, views=True)
            assert cascade.views is not None and len(cascade.views) == len(cascade.events)
            assert all(e.text for e in cascade)
        else:
            game.push(action)
    raise AssertionError("the game did not end")


@settings(max_examples=1000, deadline=None, database=None)
@given(options=games, play_seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(options, play_seed):
    finished = fast_playthrough(new_game(**options), play_seed)
    assert finished.is_over


@settings(max_examples=60, deadline=None, database=None)
@given(options=games, play_seed=st.integers(0, 2**32))
def test_random_games_tell_every_event(options, play_seed):
    game = fast_playthrough(new_game(**options), play_seed, record=True)
    assert game.last_cascade is not None and game.last_cascade.events[-1].kind in (
        "victory", "defeat")


@settings(max_examples=60, deadline=None, database=None)
@given(options=games, play_seed=st.integers(0, 999))
def test_random_games_pass_the_generic_suite(options, play_seed):
    game = new_game(**options)
    finished = random_playthrough(game, play_seed, check_every=5, invariant=invariant)
    assert finished.is_over
    assert ToriTori.from_json(finished.to_json()) == finished


@settings(max_examples=30, deadline=None, database=None)
@given(options=games, bot_seed=st.integers(0, 999))
def test_heuristic_bot_games_keep_every_invariant(options, bot_seed):
    game = new_game(**options)
    bot = make_bot("toritori-heuristic", bot_seed)
    for _ in range(2000):
        invariant(game)
        legal = game.legal_actions()
        if not legal:
            break
        game.push(bot.choose(game, legal))
    assert game.is_over
    assert play(new_game(**options), bot).reason  # the core's play() drives it too
