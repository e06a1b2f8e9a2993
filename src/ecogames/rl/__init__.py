"""Reinforcement learning: every game as a PettingZoo AEC environment (docs/rl.md).

>>> from ecogames import rl                          # doctest: +SKIP
>>> e = rl.env("tulikko", players=2, seed=1)         # doctest: +SKIP

Needs the optional extra: ``pip install ecogames[rl]`` (PettingZoo, Gymnasium, numpy).
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise ImportError(
        f"ecogames.rl needs PettingZoo and Gymnasium ({error.name} is not installed): "
        "pip install 'ecogames[rl]'") from error

from .env import EcoEnv, env, raw_env, render_text
from .layouts import layout_of
from .observe import OBSERVATION_SIZE, encode_view, structured_encoder
from .spaces import ActionLayout, EncodingError
from .versus import VersusBots

__all__ = [
    "OBSERVATION_SIZE",
    "ActionLayout",
    "EcoEnv",
    "EncodingError",
    "VersusBots",
    "encode_view",
    "env",
    "layout_of",
    "raw_env",
    "render_text",
    "structured_encoder",
]
