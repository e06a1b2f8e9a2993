"""The generic random-play suite, on Pond; every game runs the same checks."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ecogames.core import SaveError
from tests.support.invariants import random_playthrough
from tests.support.pond import SPECIES, SUPPLY, Pond


def pond_invariant(game: Pond) -> None:
    for sp in SPECIES:
        assert 0 <= game.population[sp] <= SUPPLY[sp]
    if game.is_over:
        assert game.phase == "over"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), players=st.integers(1, 4), play_seed=st.integers(0, 999))
def test_random_games_keep_every_invariant(seed, players, play_seed):
    game = Pond.new_game(players=players, seed=seed)
    finished = random_playthrough(game, play_seed, invariant=pond_invariant)
    assert finished.is_over


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(1, 400))
def test_any_truncation_of_a_save_is_refused(seed, cut):
    game = Pond.new_game(players=2, seed=seed)
    text = game.to_json()
    try:
        Pond.from_json(text[: max(0, len(text) - cut)])
    except SaveError:
        return
    raise AssertionError("a truncated save loaded")
