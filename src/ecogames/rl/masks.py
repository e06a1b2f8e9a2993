"""The action mask, and an action space that samples from the environment's own mask fast.

PettingZoo's documented loop chooses with ``env.action_space(agent).sample(mask)``, the
mask being the observation's ``action_mask``. Gymnasium's ``Discrete.sample(mask)`` checks
the mask (``mask == 1``, ``mask == 0``, their ``logical_or``, ``all``, ``any``: five passes
over it), then draws ``np_random.choice(np.where(mask == 1)[0])``: with Biotopes' 84,968 or
Wildlife Web's 88,822 numbers (its layout then; 45,766 now) that was some 35 us a step, for
the 7 to 17 actions legal.

The environment knows those numbers already. :func:`legal_mask` builds the mask over an
immutable buffer (``bytes``: it cannot be made writeable again, so its contents are those
numbers for as long as it lives), and :meth:`LegalDiscrete.offer` hands the space the mask
with its sorted numbers. When ``sample`` is given that very array (an identity check), it
draws exactly what Gymnasium draws from it: numpy's ``Generator.choice(a)`` over a 1-D
array with replacement and no ``p`` is ``a[integers(0, len(a))]`` (numpy's
``_generator.pyx``), and ``np.where`` lists the legal numbers in increasing order, so
``numbers[np_random.integers(0, len(numbers))]`` is the same number, and the generator
moves on by the same draw. Any other mask (a copy, an edited copy, another step's), and
``probability``, go through Gymnasium's own ``Discrete.sample`` unchanged.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces


def legal_mask(size: int, numbers: list[int]) -> np.ndarray:
    """int8, ``size`` numbers, 1 at ``numbers``; read-only for good (over ``bytes``)."""
    buffer = bytearray(size)
    for n in numbers:
        buffer[n] = 1
    return np.frombuffer(bytes(buffer), np.int8)


class LegalDiscrete(spaces.Discrete):  # type: ignore[type-arg]  # gymnasium's generic
    """Gymnasium's ``Discrete(n)``, whose ``sample(mask)`` skips the passes over the mask
    when ``mask`` is the one the environment offered (:meth:`offer`), with the same result
    and the same random draws as Gymnasium's own."""

    def __init__(self, n: int, seed: int | None = None) -> None:
        super().__init__(n, seed)
        self._mask: np.ndarray | None = None
        self._numbers: list[int] = []

    def offer(self, mask: np.ndarray, numbers: list[int]) -> None:
        """``mask`` (read-only, from :func:`legal_mask`) is 1 exactly at ``numbers``,
        which are in increasing order."""
        self._mask = mask
        self._numbers = numbers

    def sample(self, mask: Any = None, probability: Any = None) -> Any:
        if mask is None or mask is not self._mask or probability is not None:
            return super().sample(mask, probability)
        numbers = self._numbers
        if not numbers:  # Gymnasium's answer to a mask of zeros
            return self.start
        return self.start + self.dtype.type(numbers[self.np_random.integers(0, len(numbers))])
