"""Determinization: a full state consistent with what one seat sees (information-set MCTS).

For every game and seat: the seat's view is kept; the state is one the strict loader accepts
(every component in exactly one place, the games' own conservation checks); the game's
generator is reseeded (the future dice are not the real ones); and the result depends only on
what the seat sees: two states that differ only in hidden things determinize the same.
"""

from __future__ import annotations

import pytest

from ecogames.core import Rng

from .conftest import GAMES, HIDDEN, states

CASES = [(name, players, seed) for name in GAMES for players, seed in ((2, 1), (3, 2), (4, 3))]


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_determinize_keeps_what_the_seat_sees_and_conserves_components(name, players, seed):
    rng = Rng(seed)
    for game in states(name, players, seed):
        for seat in [None, *range(players)]:
            twin = game.determinize(seat, rng)
            assert twin.view(seat) == game.view(seat), (name, seat, game)
            assert twin.rng != game.rng
            # the strict loader checks every component is in exactly one place
            reread = type(game)._load_state(twin._state())
            assert reread == twin
            if seat == game.current_player:  # a seat knows what it may do
                assert twin.legal_actions() == game.legal_actions()
            assert game.determinize(seat, Rng(7)) == game.determinize(seat, Rng(7))


@pytest.mark.parametrize("name", HIDDEN)
def test_determinize_changes_what_the_seat_cannot_see(name):
    """Hidden things do get dealt anew (not only the generator)."""
    changed = 0
    for game in states(name, 3, 4)[1:]:
        twin = game.determinize(0, Rng(11))
        twin.rng = game.rng
        changed += twin != game
    assert changed > 0


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_states_differing_only_in_hidden_things_determinize_alike(name, players, seed):
    for game in states(name, players, seed, every=11):
        for seat in range(players):
            other = game.determinize(seat, Rng(seed + 100))  # same view, other hidden things
            assert other.view(seat) == game.view(seat)
            assert game.determinize(seat, Rng(5)) == other.determinize(seat, Rng(5))


def test_wildlife_web_keeps_the_forage_cards_put_back_under_the_deck():
    """They come back in the order they went (D32): the table knows them."""
    checked = 0
    for game in states("wildlifeweb", 3, 5, every=3):
        if game.fknown:
            twin = game.determinize(0, Rng(3))
            assert twin.fdeck[:game.fknown] == game.fdeck[:game.fknown]
            assert sorted(twin.fdeck) == sorted(game.fdeck)
            checked += 1
    assert checked
