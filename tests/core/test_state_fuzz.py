"""The perturbed-state check (tests/support/state_fuzz.py) itself: it must catch a lax loader."""

from __future__ import annotations

import pytest

from ecogames.core import Rng
from tests.support.pond import Pond
from tests.support.state_fuzz import check_perturbed_states


def played_pond(seed: int) -> Pond:
    game = Pond.new_game(players=2, seed=seed)
    rng = Rng(seed)
    for _ in range(6):
        game.push(rng.choice(game.legal_actions()))
    return game


class LaxPond(Pond):
    """A pond whose loader turns any fish_fed entry into a bool: [1] loads as [True]."""

    name = "lax-pond"

    @classmethod
    def _from_state(cls, data):
        return super()._from_state({**data, "fish_fed": [bool(f) for f in data["fish_fed"]]})


def test_a_strict_loader_passes():
    # some one-place changes are states the game can be in (another die state, a turn); the
    # check raises for any accepted state that misbehaves
    assert check_perturbed_states(played_pond(1), Rng(1), 200) > 0


def test_a_loader_that_converts_values_silently_is_caught():
    game = LaxPond.from_state(played_pond(1)._state())
    with pytest.raises(AssertionError, match="not the one the file describes"):
        for seed in range(50):
            check_perturbed_states(game, Rng(seed), 40)


class CrashingPond(Pond):
    """A pond whose view fails on a population the loader lets through."""

    name = "crashing-pond"

    def view(self, player=None):
        if self.population["fish"] > 3:
            raise ZeroDivisionError("a view that cannot draw four fish")
        return super().view(player)


def test_a_state_that_loads_but_breaks_the_view_is_caught():
    game = CrashingPond.from_state(played_pond(2)._state())
    with pytest.raises(AssertionError, match="ZeroDivisionError"):
        for seed in range(200):
            check_perturbed_states(game, Rng(seed), 40)
