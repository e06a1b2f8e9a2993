"""Perturbed states: whatever a game's loader accepts must be a game that works.

A save file can be edited, truncated or written by another program. A game's
``from_state`` either refuses such a state with :class:`SaveError`, or the state it accepts
is exactly the one the file describes and plays like any other: ``legal_actions()``,
``view()`` for every seat, ``apply()`` of a legal action, save/load and ``widget()`` never
raise on it.

:func:`check_perturbed_states` takes a real state of a game, changes it in one place in one
of many ways (a number off by one or negative or turned into text, an item dropped or
doubled, a key removed or added, a value swapped for one from elsewhere in the state), and
checks that rule for each change.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

from ecogames.core import Game, IllegalAction, Rng, SaveError

Path = tuple[Any, ...]


def check_perturbed_states(game: Game, rng: Rng, count: int = 40, *, widget: bool = False,
                           actions_per_state: int = 3) -> int:
    """Check ``count`` one-place changes of ``game``'s state; returns how many were accepted.

    ``widget=True`` also builds the widget for every accepted state (slower).
    """
    state = game._state()
    paths = list(_paths(state))
    scalars = [value for _, value in _leaves(state)]
    accepted = 0
    for _ in range(count):
        path = rng.choice(paths)
        perturb = rng.choice(_PERTURBATIONS)
        changed, what = _apply_at(state, path, perturb, rng, scalars)
        if what is None:
            continue
        where = "/".join(map(str, path)) or "(the state)"
        if _accept(game, changed, f"{where}: {what}", rng, widget=widget,
                   actions_per_state=actions_per_state):
            accepted += 1
    return accepted


def _accept(game: Game, state: dict[str, Any], change: str, rng: Rng, *, widget: bool,
            actions_per_state: int) -> bool:
    cls = type(game)
    try:
        loaded = cls.from_state(copy.deepcopy(state))
    except SaveError as error:
        assert str(error), f"{change}: a SaveError without a message"
        return False
    except Exception as error:  # the rule under test: only SaveError may escape
        raise AssertionError(f"{change}: from_state raised {type(error).__name__}: {error} "
                             "instead of SaveError") from error
    try:
        _works(loaded, state, rng, widget=widget, actions_per_state=actions_per_state)
    except Exception as error:
        raise AssertionError(f"{change}: the loader accepted this state, then "
                             f"{type(error).__name__}: {error}") from error
    return True


def _works(game: Game, state: dict[str, Any], rng: Rng, *, widget: bool,
           actions_per_state: int) -> None:
    assert _canonical(game._state()) == _canonical(state), (
        "the loaded state is not the one the file describes (a value was silently converted "
        "or dropped)")
    _ = (game.phase, game.current_player, game.is_over, game.outcome)
    legal = game.legal_actions()
    for player in [None, *range(game.players)]:
        json.dumps(game.view(player))
    reloaded = type(game).from_json(game.to_json())
    assert reloaded == game, "save/load of the accepted state is not the same game"
    if widget:
        game.clone().widget()
    for _ in range(min(actions_per_state, len(legal))):
        action = rng.choice(legal)
        twin = game.clone()
        try:
            twin.apply(action)
        except IllegalAction as error:
            raise AssertionError(f"{action!r} is listed as legal but refused: {error}") from None
        twin.legal_actions()
        json.dumps(twin.view(twin.current_player))


def _canonical(value: Any) -> str:
    """Type-strict JSON text: 1, 1.0, True and "1" all differ."""
    return json.dumps(value, sort_keys=True)


# -- where and how to change a state -------------------------------------------------------

def _paths(value: Any, path: Path = ()) -> Iterator[Path]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _leaves(value: Any) -> Iterator[tuple[Path, Any]]:
    for path in _paths(value):
        item = _get(value, path)
        if not isinstance(item, (dict, list)):
            yield path, item


def _get(value: Any, path: Path) -> Any:
    for key in path:
        value = value[key]
    return value


Perturbation = Callable[[Any, Rng, list[Any]], tuple[Any, str] | None]
"""(value, rng, scalars elsewhere in the state) -> (new value, what was done), or None when
it does not apply to that value."""


def _number_changes(value: Any, rng: Rng, scalars: list[Any]) -> tuple[Any, str] | None:
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    new, what = rng.choice([
        (value + 1, "one more"), (value - 1, "one less"), (-1, "negative"),
        (value + 1000, "far too many"), (str(value), "number as text"),
        (float(value), "number as float"), (value % 2 == 1, "number as bool"),
    ])
    return new, f"{value!r} -> {new!r} ({what})"


def _text_changes(value: Any, rng: Rng, scalars: list[Any]) -> tuple[Any, str] | None:
    if not isinstance(value, str):
        return None
    others = [s for s in scalars if isinstance(s, str) and s != value]
    new = rng.choice(["", "no-such-thing", *others[:50]]) if others or rng.below(2) else ""
    return new, f"{value!r} -> {new!r}"


def _bool_changes(value: Any, rng: Rng, scalars: list[Any]) -> tuple[Any, str] | None:
    if not isinstance(value, bool):
        return None
    new = rng.choice([not value, int(value), "true"])
    return new, f"{value!r} -> {new!r}"


def _list_changes(value: Any, rng: Rng, scalars: list[Any]) -> tuple[Any, str] | None:
    if not isinstance(value, list):
        return None
    options: list[tuple[list[Any], str]] = [(value[::-1], "reversed")]
    if value:
        i = rng.below(len(value))
        options += [
            (value[:i] + value[i + 1:], f"item {i} dropped"),
            ([*value, copy.deepcopy(value[i])], f"item {i} doubled"),
            ([], "emptied"),
        ]
    if scalars:
        extra = rng.choice(scalars)
        options.append(([*value, extra], f"{extra!r} added"))
    new, what = rng.choice(options)
    return new, f"list {what}"


def _dict_changes(value: Any, rng: Rng, scalars: list[Any]) -> tuple[Any, str] | None:
    if not isinstance(value, dict):
        return None
    options: list[tuple[dict[str, Any], str]] = [({**value, "unknown-key": 0}, "unknown key")]
    if value:
        key = rng.choice(sorted(value, key=str))
        options.append(({k: v for k, v in value.items() if k != key}, f"key {key!r} removed"))
    new, what = rng.choice(options)
    return new, f"object {what}"


def _replaced(value: Any, rng: Rng, scalars: list[Any]) -> tuple[Any, str] | None:
    new = rng.choice([None, [], {}, *scalars[:50]]) if scalars else None
    if _canonical(new) == _canonical(value):
        return None
    return new, f"{_short(value)} replaced by {new!r}"


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


_PERTURBATIONS: tuple[Perturbation, ...] = (
    _number_changes, _number_changes, _text_changes, _bool_changes, _list_changes,
    _list_changes, _dict_changes, _replaced,
)


def _apply_at(state: dict[str, Any], path: Path, perturb: Perturbation, rng: Rng,
              scalars: list[Any]) -> tuple[dict[str, Any], str | None]:
    """A copy of ``state`` with the value at ``path`` perturbed (``None``: not applicable)."""
    changed = copy.deepcopy(state)
    done = perturb(_get(changed, path), rng, scalars)
    if done is None:
        return changed, None
    new, what = done
    if not path:
        if not isinstance(new, dict):
            return changed, None
        return new, what
    _get(changed, path[:-1])[path[-1]] = new
    return changed, what
