"""core.graphs: trophic levels solved in plain Python agree with networkx's."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecogames.core.graphs import trophic_levels


def assert_same_levels(web):
    ours = trophic_levels(web)
    theirs = nx.trophic_levels(web)
    assert set(ours) == set(theirs)
    for node, level in theirs.items():
        assert ours[node] == pytest.approx(float(level), abs=1e-9), node


def test_a_chain_an_omnivore_and_a_cannibal():
    web = nx.DiGraph([("grass", "hare"), ("hare", "fox"), ("grass", "fox"), ("fox", "fox")])
    assert_same_levels(web)
    assert trophic_levels(web)["hare"] == 2


def test_weights_count():
    web = nx.DiGraph()
    web.add_edge("algae", "fish", weight=3)
    web.add_edge("snail", "fish", weight=1)
    web.add_edge("algae", "snail", weight=1)
    assert_same_levels(web)
    assert trophic_levels(web)["fish"] == pytest.approx(1 + (3 * 1 + 1 * 2) / 4)


def test_an_eater_no_producer_reaches_is_level_1():
    web = nx.DiGraph([("grass", "hare"), ("owl", "owl")])
    assert trophic_levels(web)["owl"] == 1.0


@pytest.mark.parametrize("name", ["toritori", "wildlifeweb", "biotopes"])
def test_the_games_webs(name):
    import importlib

    web = importlib.import_module(f"ecogames.games.{name}.graphs").food_web()
    reachable = set()
    for node in web:
        if web.in_degree(node) == 0:
            reachable |= {node} | nx.descendants(web, node)
    assert_same_levels(web.subgraph(reachable).copy())


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 12).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(1, n - 1)),
                         min_size=1, max_size=3 * n))))
def test_random_webs_with_one_producer(case):
    size, edges = case
    web = nx.DiGraph()
    web.add_nodes_from(range(size))
    web.add_edges_from((a, b) for a, b in edges)  # node 0 is the only one nothing can eat
    reachable = {0} | nx.descendants(web, 0)
    assert_same_levels(web.subgraph(reachable).copy())
