"""The checks every game's series passes over a bot game (``games/<game>/series.py``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ecogames.bots import Bot
from ecogames.core import Game
from ecogames.core.series import Series, SeriesRecorder, series, spec_of


def check_played_series(game: Game, bot: Bot, *,
                        invariant: Callable[[Game, Mapping[str, float]], Any] | None = None,
                        max_actions: int = 5000) -> Series:
    """Let ``bot`` play ``game`` to its end (as ``ecogames.play`` does) while a
    :class:`SeriesRecorder` observes every action, and check that

    - ``steps_done`` never decreases, and the recorder records exactly when it grows or the
      game ends;
    - ``quantities`` has the same names in the same order at every state, and measuring
      changes nothing (the state, its generator included, is the same after);
    - ``invariant(game, quantities)`` holds after every action (a conservation law);
    - the steps are 0, 1, 2, ... and the last entry is the final state;
    - ``series(game)`` replayed afterwards equals what the recorder saw, and leaves the game
      unchanged.
    """
    spec = spec_of(game)
    names = list(spec.quantities(game))
    recorder = SeriesRecorder(game)
    done = spec.steps_done(game)
    assert done == 0, f"the set-up has {done} steps done"
    for _ in range(max_actions):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.push(bot.choose(game, legal))
        state = game._state()
        now = spec.steps_done(game)
        quantities = spec.quantities(game)
        assert game._state() == state, "measuring the game changed it"
        assert spec.steps_done(game) == now and spec.quantities(game) == quantities
        assert now >= done, f"steps_done went back from {done} to {now}"
        assert list(quantities) == names, "the quantities changed names or order"
        recorded = recorder.observe(game)
        assert recorded == (now > done or game.is_over), (done, now, game.is_over)
        done = now
        if invariant is not None:
            invariant(game, quantities)
    assert game.is_over, f"{game!r} did not end within {max_actions} actions"
    assert not recorder.observe(game), "a finished series records nothing more"
    seen = recorder.series
    assert seen.step == spec.step
    assert seen.steps == list(range(len(seen.steps))), seen.steps
    assert len(seen) >= 2, "a whole game has at least the set-up and its end"
    final = spec.quantities(game)
    assert {name: column[-1] for name, column in seen.values.items()} == final
    before = game.to_dict()
    replayed = series(game)
    assert game.to_dict() == before, "series() changed the game"
    assert replayed == seen, "series() replayed differs from what was recorded during play"
    return seen
