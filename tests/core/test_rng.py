import copy
import pickle

import pytest

from ecogames.core import Rng


def test_same_seed_same_sequence():
    a, b = Rng(42), Rng(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    assert Rng(42).next64() != Rng(43).next64()


def test_state_round_trips_and_copy_is_independent():
    rng = Rng(7)
    rng.below(6)
    twin = Rng(state=rng.state)
    copy = rng.copy()
    assert [twin.below(6) for _ in range(20)] == [rng.below(6) for _ in range(20)]
    copy.next64()
    assert copy != rng


def test_below_covers_every_face_uniformly_enough():
    rng = Rng(1)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(800 < c < 1200 for c in counts), counts


def test_shuffle_is_a_permutation():
    items = list(range(30))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))


@pytest.mark.parametrize("state", [-1, 2**64, "12", 1.5])
def test_bad_state_is_refused(state):
    with pytest.raises(ValueError):
        Rng(state=state)


def test_below_refuses_empty_range():
    with pytest.raises(ValueError):
        Rng(0).below(0)


_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class _OneAtATime:
    """SplitMix64 made one output at a time, as Rng was before its batches: the reference."""

    def __init__(self, state: int) -> None:
        self.state = state

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = _MASK - (_MASK + 1) % n
        while True:
            z = self.next64()
            if z <= limit:
                return z % n

    def shuffle(self, items: list[int]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def _unshift(z: int, by: int) -> int:
    """The x with ``x ^ (x >> by) == z``."""
    x = z
    for _ in range(64 // by + 1):
        x = z ^ (x >> by)
    return x


def _state_before(output: int) -> int:
    """The state whose next raw output is ``output`` (SplitMix64's mix undone)."""
    z = _unshift(output, 31)
    z = _unshift(z * pow(0x94D049BB133111EB, -1, 1 << 64) & _MASK, 27)
    z = _unshift(z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & _MASK, 30)
    return (z - _GOLDEN) & _MASK


def test_batches_give_the_numbers_made_one_at_a_time() -> None:
    import random

    choose = random.Random(5)
    for trial in range(60):
        state = choose.getrandbits(64)
        old, rng = _OneAtATime(state), Rng(state=state)
        twins: list[tuple[_OneAtATime, Rng]] = []
        for _ in range(choose.randrange(1, 300)):
            step = choose.randrange(6)
            if step == 0:
                n = choose.choice([1, 2, 6, 2**32, 2**32 + 1, 2**64 - 3,
                                   choose.getrandbits(64) + 1])
                assert rng.below(n) == old.below(n)
            elif step == 1:
                assert rng.next64() == old.next64()
            elif step == 2:
                items = list(range(choose.randrange(200)))
                mine = items[:]
                old.shuffle(items)
                rng.shuffle(mine)
                assert mine == items
            elif step == 3:
                assert rng.choice("abcde") == "abcde"[old.below(5)]
            elif step == 4:
                twins.append((_OneAtATime(old.state), rng.copy()))
            else:
                rng = pickle.loads(pickle.dumps(rng)) if trial % 2 else copy.deepcopy(rng)
            assert rng.state == old.state
        for old_twin, twin in twins:
            assert [twin.below(7) for _ in range(40)] == [old_twin.below(7) for _ in range(40)]


@pytest.mark.parametrize("output", [_MASK, _MASK - 1, (1 << 64) - (1 << 30), 2**63])
def test_a_rejected_raw_output_is_skipped_as_before(output: int) -> None:
    before = (_state_before(output) - _GOLDEN) & _MASK  # (one output earlier: drawn first,
    assert _OneAtATime(_state_before(output)).next64() == output  # so the batch is made)
    for n in (3, 7, 2**30 - 1, 2**30, 2**32 - 1, 2**33 + 1):
        old, rng = _OneAtATime(before), Rng(state=before)
        assert rng.next64() == old.next64()
        assert rng.below(n) == old.below(n) and rng.state == old.state
        old, rng = _OneAtATime(before), Rng(state=before)
        assert rng.next64() == old.next64()
        assert rng.choice(range(n)) == old.below(n) and rng.state == old.state
        old, rng = _OneAtATime(before), Rng(state=before)
        items = list(range(n if n < 100 else 9))
        mine = items[:]
        old.shuffle(items)
        rng.shuffle(mine)
        assert mine == items and rng.state == old.state


def test_a_state_set_on_a_bare_generator_draws_from_it() -> None:
    rng = object.__new__(Rng)  # (as a game's own copy makes one)
    rng.state = 12345
    assert rng == Rng(state=12345) and rng.below(6) == Rng(state=12345).below(6)


def test_batches_read_alike_on_a_machine_whose_bytes_run_the_other_way(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ecogames.core import rng as module

    old = _OneAtATime(9)
    made = [old.next64() for _ in range(64)]
    assert module._raw(9, 64) == made
    monkeypatch.setattr(module, "_LITTLE", not module._LITTLE)
    assert module._raw(9, 64) == made
