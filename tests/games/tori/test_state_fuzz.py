"""Issue 11, item 8: whatever ``Tori.from_state`` accepts plays like a real game. Real
states from random play (with purpose, so they reach expansions, majority cards and the
end), changed in one place in many ways (tests/support/state_fuzz.py): each change is
refused with SaveError, or the loaded game's legal actions, views, moves, saves and widget
never raise."""

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from ecogames.core import Rng
from ecogames.games import tori
from ecogames.games.tori import Expand, TakeCustomer, Tori
from tests.support.state_fuzz import check_perturbed_states

NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
"""Whole games are long: a failing example is reported as found (its seeds name it) rather
than shrunk by replaying games for minutes."""


def played(players: int, seed: int, steps: int) -> Tori:
    game = tori.new_game(players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal:
            break
        preferred = [a for a in legal if isinstance(a, (Expand, TakeCustomer))]
        game.apply(rng.choice(preferred if preferred and rng.below(4) else legal),
                   record=False)
    return game


@settings(max_examples=25, deadline=None, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), steps=st.integers(0, 600))
def test_perturbed_states_are_refused_or_work(players, seed, steps):
    game = played(players, seed, steps)
    check_perturbed_states(game, Rng(seed), count=60)


@settings(max_examples=4, deadline=None, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), steps=st.integers(50, 400))
def test_perturbed_states_make_a_widget(players, seed, steps):
    game = played(players, seed, steps)
    check_perturbed_states(game, Rng(seed), count=10, widget=True)
