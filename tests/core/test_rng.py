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
