"""The generic random-play suite: legal random play keeps every invariant — 160 cubes, the
4-cube limit, the hand limit, 88 cards, 12 tokens a player — and save/load, clone, replay
and refusals hold throughout."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from ecogames.bots import RandomBot, play
from ecogames.games.biotopes import Biotopes, new_game
from ecogames.games.biotopes.components import SPECIES
from tests.support.invariants import random_playthrough


def biotopes_invariant(game: Biotopes) -> None:
    assert game.cube_count() == [40, 40, 40, 40]
    assert min(game.reserve) >= 0 and min(game.box) >= 0
    for p in range(game.players):
        assert all(n >= 0 for n in game.bags[p]) and min(game.biotope[p]) >= 0
        for row in game.rows[p]:
            for entry in row:
                assert 0 <= sum(entry[1:]) <= 4, entry
        on_land = sum(1 for o in game.owner.values() if o == p)
        assert game.tokens[p] + on_land == 12
        if game.phase == "action" and len(game.hands[p]) > 5:
            # only a Reaction drawing on another player's turn goes past the limit, until
            # the end of its owner's next action (D17)
            assert any(SPECIES[e[0]].effect.kind.value == "reaction"
                       and SPECIES[e[0]].effect.reward.value == "card"
                       for row in game.rows[p] for e in row), game.hands[p]
    cards = [c for piles in (game.decks, game.rivers, game.discards) for pile in piles
             for c in pile]
    cards += [c for hand in game.hands for c in hand]
    cards += [e[0] for rows in game.rows for row in rows for e in row]
    assert sorted(cards) == sorted(SPECIES)
    seen = json.loads(json.dumps(game.view(game.current_player)))
    for p, eco in enumerate(seen["ecosystems"]):
        assert (eco["hand"] is None) == (p != game.current_player)
    if game.is_over:
        assert game.phase == "over" and game.outcome is not None
        for rows in game.rows:
            assert all(sum(e[1:]) for row in rows for e in row)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), players=st.integers(1, 5),
       play_seed=st.integers(0, 10_000), draft=st.booleans(), ant=st.booleans())
def test_random_games_keep_every_invariant(seed, players, play_seed, draft, ant):
    options = {"draft": draft} if players == 1 else {
        "draft": draft, "board": "ant" if ant else "butterfly"}
    game = new_game(players=players, seed=seed, **options)
    finished = random_playthrough(game, play_seed, check_every=40,
                                  invariant=biotopes_invariant)
    assert finished.is_over


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), play_seed=st.integers(0, 999))
def test_random_landscape_construction_games(seed, players, play_seed):
    game = new_game(players=players, seed=seed, construction=True,
                    special_tiles=seed % 2 == 0)
    assert random_playthrough(game, play_seed, check_every=60,
                              invariant=biotopes_invariant).is_over


def test_bots_play_whole_games():
    for seed in range(6):
        outcome = play(new_game(players=1 + seed % 5, seed=seed), RandomBot(seed))
        assert outcome.scores
