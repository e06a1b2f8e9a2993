"""Observations: what an agent sees, as a fixed-shape numpy array.

One encoder serves every game, and it reads nothing but ``game.view(seat)``, the JSON the
game already gives that seat (its widget draws the same): so an observation can never hold
what the seat may not see, whatever the game.

A view is a tree of objects, lists and values, of a length that changes as the game goes
on; the array has a fixed length, ``OBSERVATION_SIZE``. Each leaf of the view becomes one
*feature* by the hashing trick (Weinberger et al. 2009):

- its *path* is the keys and list positions from the root, e.g. ``players/0/goods/fish``;
- a number (or ``true``/``false``) adds ``sign * value`` at ``bucket(path)``;
- a string or ``null`` adds ``sign * 1`` at ``bucket(path + "=" + value)`` (one feature per
  value, as a one-hot code would);

where ``bucket`` and ``sign`` (+1 or -1) come from a BLAKE2 hash of the text (stable across
runs and machines, unlike Python's ``hash``). Distinct features can share a bucket; the
random signs make such collisions cancel on average. Sentences for people (the view's
labels, texts and names) are left out: they repeat what the other leaves say.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import numpy as np

from ecogames.core import Game
from ecogames.core.registry import spec_of

OBSERVATION_SIZE = 4096
SKIPPED_KEYS = frozenset({"label", "text", "name", "phase_text", "reference", "title",
                          "lines", "highway_cards", "ability_map", "effect"})
"""Keys whose values are words for people (or fixed reference tables), not state."""


@lru_cache(maxsize=1 << 16)
def _slot(text: str) -> tuple[int, float]:
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    number = int.from_bytes(digest, "little")
    return number % OBSERVATION_SIZE, 1.0 if number >> 63 else -1.0


def encode_view(view: Any, out: np.ndarray | None = None) -> np.ndarray:
    """The hashed features of ``view`` (a game's ``view(seat)``), float32."""
    if out is None:
        out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    _walk(view, "", out)
    return out


def _walk(value: Any, path: str, out: np.ndarray) -> None:
    if isinstance(value, Mapping):
        for key, item in value.items():
            if key not in SKIPPED_KEYS:
                _walk(item, f"{path}/{key}", out)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _walk(item, f"{path}/{i}", out)
    elif isinstance(value, (bool, int, float)):
        slot, sign = _slot(path)
        out[slot] += sign * float(value)
    else:
        slot, sign = _slot(f"{path}={value}")
        out[slot] += sign


def structured_encoder(game: str | Game | type[Game], kind: str = "structured") -> Any:
    """The structured :class:`~ecogames.rl.tensors.Encoder` of ``game`` (a name, a game or its
    class), which its spec's ``observation`` gives (``core.registry``)."""
    if kind != "structured":
        raise ValueError(f"observation must be 'structured' or 'hashed', not {kind!r:.40}")
    if isinstance(game, str):
        from .env import game_class

        game = game_class(game)
    spec = spec_of(game)
    if spec.observation is None:
        raise ValueError(f"no structured observation for {spec.name!r:.40}")
    return spec.observation()
