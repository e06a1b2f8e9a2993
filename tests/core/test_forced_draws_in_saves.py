"""Issue 21 §6.6: a save that forces a chance draw its action never made is refused."""

from __future__ import annotations

import json

import pytest

from ecogames import tulikko
from ecogames.core import SaveError
from tests.core.test_chance import first_roll, pond_after
from tests.support.pond import Pond, Roll


def reloaded(data: dict) -> dict:
    return json.loads(json.dumps(data))


def test_a_forced_draw_beyond_the_actions_draws_is_refused():
    game = pond_after(6)
    step = first_roll(game)
    data = game.to_dict()
    real = game.chances(step)[0].outcome
    data["chance"] = {str(step): {"0": real, "1": 2}}  # a roll makes one draw: never a draw 1
    with pytest.raises(SaveError, match=rf"draw 1 of action {step + 1}, which made 1 chance draw "):
        Pond.from_dict(reloaded(data))


def test_a_forced_draw_on_an_action_that_draws_nothing_is_refused():
    game = pond_after(8)
    step = next(i for i, a in enumerate(game.history) if not isinstance(a, Roll))
    data = game.to_dict()
    data["chance"] = {str(step): {"0": 1}}
    with pytest.raises(SaveError, match="made 0 chance draws"):
        Pond.from_dict(reloaded(data))


def test_every_forced_draw_a_fork_made_still_loads():
    game = pond_after(12)
    fork = game.fork(first_roll(game), chance=6)
    assert Pond.from_dict(reloaded(fork.to_dict())) == fork


def test_an_unused_forced_draw_in_a_real_games_save_is_refused():
    game = tulikko.new_game(players=2, seed=3)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    step = next(i for i in range(len(game.history)) if game.chances(i))
    made = len(game.chances(step))
    fork = game.fork(step, chance={0: game.chances(step)[0].outcomes[0]})
    data = fork.to_dict()
    assert type(fork).from_dict(reloaded(data)) == fork
    data["chance"][str(step)][str(made)] = game.chances(step)[0].outcomes[0]
    with pytest.raises(SaveError, match=f"made {made} chance draw"):
        type(fork).from_dict(reloaded(data))
