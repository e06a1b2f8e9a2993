"""ecogames.foodweb: structure, secondary extinctions and robustness of the games' webs."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from ecogames import foodweb
from ecogames.games.biotopes.graphs import food_web as biotopes_web
from ecogames.games.toritori.graphs import food_web as toritori_web
from ecogames.games.wildlifeweb.graphs import food_web as wildlife_web


def chain() -> nx.DiGraph:
    """grass -> rabbit -> fox, grass -> fox (an omnivore), and a lone flower."""
    web = nx.DiGraph()
    web.add_edges_from([("grass", "rabbit"), ("rabbit", "fox"), ("grass", "fox")])
    web.add_node("flower")
    return web


def test_summary_of_a_small_web_by_hand():
    s = foodweb.summary(chain())
    assert (s["species"], s["links"]) == (4, 3)
    assert s["connectance"] == pytest.approx(3 / 16)
    assert s["basal fraction"] == 0.5 and s["intermediate fraction"] == 0.25
    assert s["top fraction"] == 0.25
    assert s["highest trophic level"] == pytest.approx(2.5)
    assert s["omnivores"] == pytest.approx(0.5)  # the fox eats at levels 1 and 2


def test_omnivory_index_is_the_variance_of_the_food_levels():
    index = foodweb.omnivory_index(chain())
    assert index["rabbit"] == 0
    assert index["fox"] == pytest.approx(0.25)  # food at 1 and 2, mean 1.5


@pytest.mark.parametrize("web", [toritori_web(), wildlife_web(pets=False), biotopes_web()],
                         ids=["toritori", "wildlifeweb", "biotopes"])
def test_trophic_levels_are_networkx_numbers_and_fractions_add_up(web):
    s = foodweb.summary(web)
    assert s["basal fraction"] + s["intermediate fraction"] + s["top fraction"] == \
        pytest.approx(1)
    levels = nx.trophic_levels(web)
    assert s["highest trophic level"] == pytest.approx(max(levels.values()))


def test_secondary_extinctions_cascade_and_ignore_a_self_loop():
    web = chain()
    assert foodweb.secondary_extinctions(web, "grass") == ["rabbit", "fox"]
    assert foodweb.secondary_extinctions(web, "rabbit") == []
    web.add_edge("fox", "fox")
    assert foodweb.secondary_extinctions(web, "grass") == ["rabbit", "fox"]
    with pytest.raises(ValueError, match="not in the food web"):
        foodweb.secondary_extinctions(web, "wolf")


def test_tori_tori_has_two_producers_so_no_single_loss_starves_anyone():
    web = toritori_web()
    assert all(lost == [] for _, lost in foodweb.keystones(web))
    assert len(foodweb.secondary_extinctions(web, ["native_tree", "invasive_bush"])) == 4


def test_keystones_rank_the_biggest_cascades_first():
    ranked = foodweb.keystones(wildlife_web(pets=False))
    assert ranked[0][1]
    assert all(len(a[1]) >= len(b[1]) for a, b in itertools.pairwise(ranked))


def test_robustness_curves_run_from_nothing_to_everything():
    web = wildlife_web(pets=False)
    for order in ("random", "most-connected"):
        curve = foodweb.robustness(web, order, trials=20)
        assert curve.removed[0] == curve.lost[0] == 0
        assert curve.lost[-1] == pytest.approx(1)
        assert all(b >= a - 1e-9 for a, b in zip(curve.lost, curve.lost[1:]))
        assert all(lost >= removed - 1e-9 for removed, lost in zip(curve.removed, curve.lost))
        assert 0 < curve.r50 <= 0.5


def test_most_connected_first_breaks_a_web_faster_than_random():
    web = wildlife_web(pets=False)
    random_order = foodweb.robustness(web, "random", trials=50)
    hubs = foodweb.robustness(web, "most-connected")
    assert hubs.r50 < random_order.r50


def test_robustness_is_reproducible_and_rejects_an_unknown_order():
    web = toritori_web()
    assert foodweb.robustness(web, trials=10, seed=3) == foodweb.robustness(web, trials=10,
                                                                            seed=3)
    with pytest.raises(ValueError):
        foodweb.robustness(web, "alphabetical")  # type: ignore[arg-type]


def test_compare_makes_one_column_per_web():
    table = foodweb.compare({"chain": chain(), "island": toritori_web()})
    assert list(table.columns) == ["chain", "island"]
    assert table.loc["species", "island"] == 6
