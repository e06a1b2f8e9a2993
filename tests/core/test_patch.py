from hypothesis import given
from hypothesis import strategies as st

from ecogames.core.patch import apply_patch, diff, merge, split

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.sampled_from("abcd"), children, max_size=4),
    max_leaves=12,
)


@given(json_values, json_values)
def test_a_diff_applied_gives_the_new_value_and_leaves_the_old_alone(old, new):
    snapshot = repr(old)
    assert apply_patch(old, diff(old, new)) == new
    assert repr(old) == snapshot


def test_only_what_changed_is_sent():
    old = {"sectors": {"1": [1, 2], "2": [3]}, "round": 1}
    new = {"sectors": {"1": [1, 2], "2": [3, 4]}, "round": 1, "dice": "A"}
    assert diff(old, new) == [[["sectors", "2"], [3, 4]], [["dice"], "A"]]
    assert diff(new, old) == [[["dice"]], [["sectors", "2"], [3]]]


def test_split_and_merge_round_trip():
    view = {"squares": [1, 2], "map": {"spaces": ["A"], "markers": {"0": "A"}}, "round": 2}
    static, dynamic = split(view, [["squares"], ["map", "spaces"]])
    assert static == {"squares": [1, 2], "map": {"spaces": ["A"]}}
    assert dynamic == {"map": {"markers": {"0": "A"}}, "round": 2}
    assert merge(static, dynamic) == view
