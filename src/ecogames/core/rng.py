"""Seeded randomness whose whole state is one integer, so it saves, clones and replays exactly.

The generator is SplitMix64: small, fast in pure Python and well distributed for dice,
shuffles and draws. It is not for cryptography.

Its raw outputs are made ahead, a batch at a time (:func:`_raw`), and kept in an immutable
list that copies share: each raw output depends on the state alone (the state steps by the
same constant at every output), and a draw only decides which outputs it uses, so the
numbers are exactly those made one at a time. A batch is made with all its outputs packed
into one Python integer, 128 bits apiece, and mixed at once (a dozen operations on a long
integer in C instead of a dozen per output in Python); a generator's first batches are
short and each later one twice as long, so a short-lived generator makes few it never uses.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from struct import Struct
from sys import byteorder
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_SMALL = (1 << 30) - 1
"""The most a fast draw is below (one digit of a Python int: compared without a call)."""
_SAFE = (1 << 64) - (1 << 30)
"""A raw output below this is never rejected when drawing below ``n <= _SMALL`` (the limit of
rejection, ``2**64 - 1 - 2**64 % n``, is at least this): the fast path's one comparison."""
_FIRST = 8
"""The length of a generator's first batch (each later one is twice the last's, up to
:data:`_MOST`)."""
_MOST = 128


class Rng:
    """A deterministic random generator; ``Rng(seed).state`` is a JSON-safe int.

    ``state`` is read and set as an attribute (it is the state at the start of the kept
    batch, ``_base``, stepped on by the outputs used since, ``_pos``). Copies share the kept
    batch (never changed in place: a new one replaces it)."""

    __slots__ = ("_base", "_buf", "_pos")

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        if state is None:
            state = _mix(seed & _MASK)
        if not isinstance(state, int) or not 0 <= state <= _MASK:
            raise ValueError(f"random state must be an integer in [0, 2**64), got {state!r}")
        self._base = state
        self._buf: list[int] = _NONE
        self._pos = 0

    @property
    def state(self) -> int:
        return (self._base + self._pos * _GOLDEN) & _MASK

    @state.setter
    def state(self, state: int) -> None:
        self._base = state
        self._buf = _NONE
        self._pos = 0

    def _fill(self) -> list[int]:
        """The next batch, from the state now (the kept one used up): kept and returned."""
        pos = self._pos
        self._base = base = (self._base + pos * _GOLDEN) & _MASK
        self._buf = buf = _raw(base, min(2 * len(self._buf), _MOST) or _FIRST)
        self._pos = 0
        return buf

    def next64(self) -> int:
        pos = self._pos
        try:
            z = self._buf[pos]
        except IndexError:
            z = self._fill()[0]
            pos = 0
        self._pos = pos + 1
        return z

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling: no modulo bias)."""
        pos = self._pos
        try:
            z = self._buf[pos]
        except IndexError:
            return self._below(n)
        if z < _SAFE and 0 < n <= _SMALL:  # (nearly always: no rejection possible)
            self._pos = pos + 1
            return z % n
        return self._below(n)

    def _below(self, n: int) -> int:
        """:meth:`below` in full: a batch to make, a range over ``_SMALL``, or a raw output
        that may be rejected."""
        if n <= 0:
            raise ValueError(f"cannot draw below {n}")
        limit = _MASK - (_MASK + 1) % n
        while True:
            z = self.next64()
            if z <= limit:
                return z % n

    def choice(self, items: Sequence[T]) -> T:
        n = len(items)
        pos = self._pos
        try:
            z = self._buf[pos]
        except IndexError:
            return items[self._below(n)]
        if z < _SAFE and 0 < n <= _SMALL:
            self._pos = pos + 1
            return items[z % n]
        return items[self._below(n)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place (``below(i + 1)`` for each ``i`` from the last down to 1,
        inlined)."""
        buf, pos = self._buf, self._pos
        end = len(buf)
        for i in range(len(items) - 1, 0, -1):
            if pos == end:
                self._pos = pos
                buf, pos = self._fill(), 0
                end = len(buf)
            z = buf[pos]
            if z < _SAFE:
                pos += 1
                j = z % (i + 1)
            else:  # (one raw output in 2**34: maybe rejected)
                self._pos = pos
                j = self._below(i + 1)
                buf, pos = self._buf, self._pos
                end = len(buf)
            items[i], items[j] = items[j], items[i]
        self._pos = pos

    def copy(self) -> Rng:
        twin = _new_rng(Rng)
        twin._base, twin._buf, twin._pos = self._base, self._buf, self._pos
        return twin

    __copy__ = copy

    def __deepcopy__(self, memo: object) -> Rng:
        return self.copy()

    def __reduce__(self) -> tuple[Callable[[int], Rng], tuple[int]]:
        """Pickled as its state (never its batch)."""
        return _restored, (self.state,)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    __hash__ = None  # type: ignore[assignment]  # (as before: equal by a state that changes)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"


_new_rng = object.__new__


def _restored(state: int) -> Rng:
    """The generator pickled with ``state`` (:meth:`Rng.__reduce__`)."""
    return Rng(state=state)

_NONE: list[int] = []
"""A new generator's batch: none (the first draw makes one)."""


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class _Batch:
    """What :func:`_raw` needs for a batch of one length, made once: the state repeated in
    every 128-bit lane (``repeat``), each lane's steps from the base state (``steps``),
    the low 64 bits of every lane (``lanes``), and how to read the lanes back out (``read``,
    where a memoryview cannot: a machine whose bytes run the other way)."""

    __slots__ = ("lanes", "read", "repeat", "size", "steps")

    def __init__(self, size: int) -> None:
        self.size = size
        self.repeat = sum(1 << 128 * k for k in range(size))
        self.steps = sum((((k + 1) * _GOLDEN) & _MASK) << 128 * k for k in range(size))
        self.lanes = _MASK * self.repeat
        self.read = Struct("<" + "Q8x" * size).unpack


_BATCHES: dict[int, _Batch] = {}


def _raw(state: int, size: int) -> list[int]:
    """The ``size`` raw outputs that follow ``state``, in order: SplitMix64's mix of ``state
    + k * golden`` for k = 1 .. size, all at once in 128-bit lanes of one integer (a lane's
    product of two 64-bit numbers fits its lane; each step masked back to 64 bits a lane, but
    the last: what its shift brings into a lane's high half is never read)."""
    batch = _BATCHES.get(size)
    if batch is None:
        batch = _BATCHES[size] = _Batch(size)
    m = batch.lanes
    z = (state * batch.repeat + batch.steps) & m
    z = ((z ^ (z >> 30)) & m) * 0xBF58476D1CE4E5B9 & m
    z = ((z ^ (z >> 27)) & m) * 0x94D049BB133111EB & m
    raw = (z ^ (z >> 31)).to_bytes(16 * size, "little")
    if _LITTLE:  # each lane's low 8 bytes as a machine word, read in C
        return memoryview(raw).cast("Q")[::2].tolist()
    return list(batch.read(raw))


_LITTLE = byteorder == "little"
