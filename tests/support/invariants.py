"""The random-play checks every game passes (the generic suite, as in OpenSpiel)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ecogames.core import Action, Game, IllegalAction, MalformedAction, Rng


def random_playthrough(game: Game, seed: int, *, max_actions: int = 5000,
                       check_every: int = 1,
                       invariant: Callable[[Game], Any] | None = None) -> Game:
    """Play random legal actions to the end, checking at every step that

    - the game's own invariant holds,
    - save/load round-trips to an equal game,
    - a clone is equal and independent,
    - an illegal action (a legal one from elsewhere, or nonsense) is refused and changes nothing.
    """
    rng = Rng(seed)
    for step in range(max_actions):
        if invariant is not None:
            invariant(game)
        if step % check_every == 0:
            assert game.violations() == [], f"an impossible state: {game.violations()}"
            check_round_trips(game)
            check_illegal_refused(game, rng)
        legal = game.legal_actions()
        if game.is_over:
            assert legal == [], "a finished game offers actions"
            return game
        assert legal, f"{game!r} is stuck: not over, nothing legal"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        game.apply(rng.choice(legal), record=False)
    raise AssertionError(f"{game!r} did not end within {max_actions} actions")


def check_round_trips(game: Game) -> None:
    data = game.to_dict()
    loaded = type(game).from_json(game.to_json())
    assert loaded == game
    assert loaded.to_dict() == data
    twin = game.clone()
    assert twin == game
    assert game.replay() == game


def check_illegal_refused(game: Game, rng: Rng) -> None:
    before = game.to_dict()
    legal = set(game.legal_actions())
    for candidate in _candidates(game, rng):
        if isinstance(candidate, Action) and candidate in legal:
            continue
        try:
            game.apply(candidate)
        except (IllegalAction, MalformedAction) as error:
            assert str(error), "an error without a message"
        else:
            raise AssertionError(f"illegal {candidate!r} was accepted")
        assert game.to_dict() == before, f"refusing {candidate!r} changed the game"


def _candidates(game: Game, rng: Rng) -> list[Action | dict[str, Any]]:
    """Actions of every type with field values from elsewhere in the game, plus nonsense."""
    probes: list[Action | dict[str, Any]] = [
        {"type": "no-such-action"}, {"nonsense": True},
    ]
    twin = game.clone()
    for _ in range(3):  # legal actions of a few moves ahead are usually illegal now
        legal = twin.legal_actions()
        if not legal:
            break
        probes.extend(legal[:8])
        twin.push(rng.choice(legal))
    return probes
