"""ecogames.trophic (re-exported by ecogames.foodweb): the standard food-web properties on
hand-worked webs, the published webs against their published figures, and the niche and
cascade models."""

from __future__ import annotations

import json
import math
import statistics
from importlib import resources
from pathlib import Path

import networkx as nx
import pytest

from ecogames import foodweb, trophic

DOCS = Path(__file__).resolve().parents[1] / "docs" / "foodwebs.md"


def pond() -> nx.DiGraph:
    """Seven species worked by hand below. Alga and Detritus are basal; the Snail eats
    Alga; the Worm eats Detritus and the Beetle; the Beetle eats the Worm and Alga (a
    loop); the Fish eats Snail, Beetle and Alga; the Heron eats the Fish and other Herons.
    """
    web = nx.DiGraph()
    web.add_edges_from([("alga", "snail"), ("detritus", "worm"), ("beetle", "worm"),
                        ("worm", "beetle"), ("alga", "beetle"), ("snail", "fish"),
                        ("beetle", "fish"), ("alga", "fish"), ("fish", "heron"),
                        ("heron", "heron")])
    return web


def chain() -> nx.DiGraph:
    """grass -> rabbit -> fox, grass -> fox, and a lone flower (as in test_foodweb)."""
    web = nx.DiGraph([("grass", "rabbit"), ("rabbit", "fox"), ("grass", "fox")])
    web.add_node("flower")
    return web


# -- properties, each worked by hand on pond() ---------------------------------------------

def test_species_links_connectance():
    p = foodweb.properties(pond())
    assert (p["S"], p["L"]) == (7, 10)            # the heron's cannibal link counts
    assert p["C"] == pytest.approx(10 / 49)
    assert p["L/S"] == pytest.approx(10 / 7)


def test_top_intermediate_basal_herbivores_cannibals():
    p = foodweb.properties(pond())
    assert p["Bas"] == pytest.approx(2 / 7)       # alga, detritus
    assert p["Top"] == pytest.approx(1 / 7)       # the heron: only herons eat herons
    assert p["Int"] == pytest.approx(4 / 7)       # snail, worm, beetle, fish
    assert p["Herb"] == pytest.approx(1 / 7)      # only the snail eats only basal species
    assert p["Can"] == pytest.approx(1 / 7)       # the heron


def test_omnivores_eat_on_more_than_one_shortest_chain_level():
    # shortest levels: alga 1, detritus 1, snail 2, worm 2, beetle 2, fish 2, heron 3
    assert foodweb.shortest_trophic_levels(pond()) == {
        "alga": 1, "detritus": 1, "snail": 2, "worm": 2, "beetle": 2, "fish": 2, "heron": 3}
    # worm eats levels 1 and 2, beetle 2 and 1, fish 2, 2 and 1; the heron only 2
    assert trophic.properties(pond())["Omn"] == pytest.approx(3 / 7)


def test_loops_leave_cannibals_out():
    assert foodweb.properties(pond())["Loop"] == pytest.approx(2 / 7)   # worm <-> beetle
    assert foodweb.properties(chain())["Loop"] == 0


def test_food_chains_by_hand():
    # alga-snail-fish-heron 3, alga-beetle-worm 2 (the worm's only eater is on the path),
    # alga-beetle-fish-heron 3, alga-fish-heron 2, detritus-worm-beetle-fish-heron 4
    assert sorted(foodweb.food_chains(pond())) == [2, 2, 3, 3, 4]
    p = foodweb.properties(pond())
    assert p["ChLen"] == pytest.approx(14 / 5)
    assert p["ChSD"] == pytest.approx(math.sqrt(2.8 / 5))   # deviations .2 -.8 .2 -.8 1.2
    assert p["ChNum"] == pytest.approx(math.log(5))


def test_the_chain_limit_is_a_clear_error_or_nan():
    assert len(foodweb.food_chains(pond(), max_chains=5)) == 5
    with pytest.raises(foodweb.FoodChainLimit, match="more than 4 food chains"):
        foodweb.properties(pond(), max_chains=4)
    p = foodweb.properties(pond(), max_chains=4, on_limit="nan")
    assert math.isnan(p["ChLen"]) and math.isnan(p["ChNum"]) and p["S"] == 7
    with pytest.raises(ValueError, match="on_limit"):
        foodweb.properties(pond(), on_limit="skip")  # type: ignore[arg-type]


def test_generality_and_vulnerability_sd_are_normalised_by_links_per_species():
    p = foodweb.properties(pond())
    # foods: 0 0 1 2 2 3 2; times S/L = 0.7 -> deviations from 1: -1 -1 -.3 .4 .4 1.1 .4
    assert p["GenSD"] == pytest.approx(math.sqrt(3.78 / 7))
    # eaters: 3 1 1 1 2 1 1 -> deviations 1.1 -.3 -.3 -.3 .4 -.3 -.3
    assert p["VulSD"] == pytest.approx(math.sqrt(1.82 / 7))


def test_max_trophic_similarity_is_jaccard_on_foods_and_eaters():
    web = chain()
    # grass-rabbit: they share the fox as eater, union {rabbit, fox} + {grass}: 1/3
    assert trophic.trophic_similarity(web, "grass", "rabbit") == pytest.approx(1 / 3)
    # rabbit-fox share grass as food: 1 / (|{grass, rabbit}| + |{fox}|) = 1/3
    assert trophic.trophic_similarity(web, "rabbit", "fox") == pytest.approx(1 / 3)
    assert trophic.trophic_similarity(web, "grass", "fox") == 0
    # maxima: grass 1/3, rabbit 1/3, fox 1/3, flower 0
    assert foodweb.properties(web)["MxSim"] == pytest.approx(0.25)


def test_characteristic_path_length_is_undirected_and_skips_unreachable_pairs():
    # the 42 ordered pairs of pond() sum to 84 (worked row by row: 10 17 13 12 9 9 14)
    assert foodweb.properties(pond())["Path"] == pytest.approx(2.0)
    assert trophic.path_length(chain()) == 1          # the lone flower reaches nobody


def test_prey_averaged_and_short_weighted_trophic_levels():
    # worm = 1 + (1 + beetle)/2 and beetle = 1 + (worm + 1)/2 give 3 and 3;
    # fish = 1 + (2 + 3 + 1)/3 = 3; heron = 1 + 3 (its cannibal link left out)
    assert foodweb.prey_averaged_trophic_levels(pond()) == pytest.approx(
        {"alga": 1, "detritus": 1, "snail": 2, "worm": 3, "beetle": 3, "fish": 3, "heron": 4})
    assert foodweb.short_weighted_trophic_levels(pond()) == pytest.approx(
        {"alga": 1, "detritus": 1, "snail": 2, "worm": 2.5, "beetle": 2.5, "fish": 2.5,
         "heron": 3.5})
    p = foodweb.properties(pond())
    assert p["ShortTL"] == pytest.approx(13 / 7) and p["PreyTL"] == pytest.approx(17 / 7)
    assert p["SWTL"] == pytest.approx(15 / 7) and p["MaxSWTL"] == 3.5


def test_omnivory_index_mean_over_consumers():
    # variances of the foods' levels: snail 0, worm (1, 3) 1, beetle (3, 1) 1,
    # fish (2, 3, 1) 2/3, heron 0 -> mean 8/15
    assert foodweb.properties(pond())["OI"] == pytest.approx(8 / 15)


def test_r50_removes_the_most_connected_first():
    # beetle (4 links, before the fish by name) goes: nobody starves (1 of 7);
    # then the fish (3): the heron starves (3 of 7); then alga (ties of 1, by name):
    # the snail starves -> 5 of 7 gone after 3 removals
    curve = foodweb.robustness(pond(), "most-connected")
    assert curve.lost[:4] == pytest.approx((0, 1 / 7, 3 / 7, 5 / 7))
    assert foodweb.properties(pond())["R50"] == pytest.approx(3 / 7)
    assert math.isnan(foodweb.properties(pond(), robustness=False)["R50"])


def test_properties_keys_frame_and_bad_input():
    p = foodweb.properties(pond())
    assert list(p) == [prop.key for prop in foodweb.PROPERTIES]
    frame = foodweb.properties_frame(pond())
    assert frame.shape == (1, len(p)) and frame.loc["web", "L"] == 10
    two = foodweb.properties_frame({"pond": pond(), "chain": chain()})
    assert list(two.index) == ["pond", "chain"]
    with pytest.raises(ValueError, match="no species"):
        foodweb.properties(nx.DiGraph())
    with pytest.raises(ValueError, match="directed"):
        foodweb.properties(nx.Graph([(1, 2)]))


def test_every_property_is_documented_with_its_source():
    text = DOCS.read_text(encoding="utf-8")
    for prop in foodweb.PROPERTIES:
        assert prop.definition and prop.source
        assert f"| {prop.key} |" in text, f"docs/foodwebs.md lacks {prop.key}"


# -- trophic species --------------------------------------------------------------------------

def test_trophic_species_merge_identical_foods_and_eaters():
    web = pond()
    web.add_edges_from([("alga", "limpet"), ("limpet", "fish")])   # a second snail
    lumped = foodweb.trophic_species(web)
    assert lumped.number_of_nodes() == 7 and lumped.number_of_edges() == 10
    assert lumped.nodes["snail"]["members"] == ("snail", "limpet")
    assert lumped.nodes["snail"]["label"] == "snail (+1)"
    assert lumped.has_edge("alga", "snail") and lumped.has_edge("snail", "fish")
    assert nx.is_isomorphic(foodweb.trophic_species(pond()), pond())   # nothing to merge


# -- the published webs --------------------------------------------------------------------

def test_published_lists_the_webs_and_loads_them_food_to_eater():
    names = foodweb.published()
    assert len(names) >= 5 and {"ythan", "skipwith", "chesapeake"} <= set(names)
    ythan = foodweb.published("ythan")
    assert isinstance(ythan, nx.DiGraph)
    assert ythan.has_edge("Anguilla anguilla", "Lutra lutra")     # the otter eats eels
    assert not ythan.has_edge("Lutra lutra", "Anguilla anguilla")
    assert ythan.graph["title"] == "Ythan Estuary" and "Hall" in ythan.graph["citation"]
    assert "BSD-2-Clause" in ythan.graph["licence"]
    assert foodweb.published("Ythan Estuary").number_of_nodes() == 79
    with pytest.raises(ValueError, match="no published web called 'atlantis'"):
        foodweb.published("atlantis")


def test_raw_webs_are_the_source_files_unchanged():
    # taxa and links as SOURCES.md tabulates them from cheddar
    counts = {"skipwith": (37, 381), "ythan": (92, 417), "chesapeake": (33, 73),
              "benguela": (29, 203), "broadstone": (37, 132), "tuesday84": (56, 269),
              "tuesday86": (57, 241)}
    for name, (taxa, links) in counts.items():
        raw = foodweb.published(name, raw=True)
        assert (raw.number_of_nodes(), raw.number_of_edges()) == (taxa, links), name


def test_no_data_file_without_its_source_and_licence():
    data = resources.files("ecogames.trophic").joinpath("data")
    sources = data.joinpath("SOURCES.md").read_text(encoding="utf-8")
    registry = json.loads(data.joinpath("webs.json").read_text(encoding="utf-8"))
    assert "BSD 2-Clause" in sources and "Redistribution and use" in sources
    files = [f.name for f in data.iterdir() if f.name.endswith(".csv")]
    assert len(files) == 2 * len(registry)
    for name in files:
        key = name.rsplit("-", 1)[0]
        assert key in registry and f"`{key}`" in sources, name
    for key, info in registry.items():
        assert info["citation"] and info["cheddar"] in sources, key
    assert list(foodweb.sources().index) == list(registry)


# Williams, Berlow, Dunne, Barabasi & Martinez (2002), PNAS 99:12913, Table 1
# ("Properties of empirical and niche model food webs": Taxa, S, C = L/S^2, observed D,
# model D), the same seven webs as Williams & Martinez (2000) Nature 404:180, Table 1.

def test_chesapeake_bay_matches_its_published_figures():
    web = foodweb.published("chesapeake")
    p = foodweb.properties(web)
    assert foodweb.published("chesapeake", raw=True).number_of_nodes() == 33   # Taxa 33
    assert p["S"] == 31                                  # S 31
    assert round(p["C"], 3) == 0.072                     # C 0.072 (69 / 31^2 = 0.0718)
    assert p["L"] == 69            # the only L that S 31 and C 0.072 allow (68.7 to 69.7)
    assert p["Path"] == pytest.approx(2.71, abs=0.03)    # observed D 2.71 (here 2.735)


def test_skipwith_pond_matches_its_published_species_count():
    web = foodweb.published("skipwith")
    taxa = foodweb.published("skipwith", raw=True).number_of_nodes() - len(web.graph["excluded"])
    assert taxa == 35                                    # Taxa 35 (Detritus left out)
    assert web.number_of_nodes() == 25                   # S 25
    # C: the table gives 0.32 (about 200 links); cheddar's copy of Warren's web has 187
    # links among the same 25 trophic species (C 0.299). The copy, not the method,
    # differs: the test pins the copy so that a change to it is noticed.
    assert web.number_of_edges() == 187


def test_ythan_estuary_matches_its_published_figures_within_the_revised_copy():
    web = foodweb.published("ythan")
    p = foodweb.properties(web)
    assert foodweb.published("ythan", raw=True).number_of_nodes() == 92        # Taxa 92
    # cheddar's copy carries Emmerson & Raffaelli's (2004) link revisions: 79 trophic
    # species where the table, from Hall & Raffaelli (1991), has 78, and C 0.0617 for 0.061
    assert abs(p["S"] - 78) <= 1
    assert p["C"] == pytest.approx(0.061, abs=0.001)
    assert p["Path"] == pytest.approx(2.20, abs=0.015)  # observed D 2.20 (here 2.189)


@pytest.mark.parametrize("name", ["skipwith", "ythan", "chesapeake", "benguela",
                                  "broadstone", "tuesday84", "tuesday86"])
def test_every_published_web_has_every_property(name):
    p = foodweb.properties(foodweb.published(name))
    assert p["Top"] + p["Int"] + p["Bas"] == pytest.approx(1)
    assert all(not math.isnan(v) for v in p.values()), name


# -- the models ------------------------------------------------------------------------------

def connectance(web: nx.DiGraph) -> float:
    return web.number_of_edges() / web.number_of_nodes() ** 2


@pytest.mark.parametrize(("S", "C"), [(25, 0.3), (54, 0.2)])
def test_niche_model_connectance_over_many_draws_is_c(S, C):  # noqa: N803
    found = [connectance(foodweb.niche_model(S, C, seed=s)) for s in range(300)]
    assert statistics.mean(found) == pytest.approx(C, rel=0.03)


def test_niche_model_webs_are_as_the_paper_describes():
    for seed in range(30):
        web = foodweb.niche_model(20, 0.15, seed=seed)
        assert sorted(web) == list(range(20))
        assert web.in_degree(0) == 0                       # the lowest niche eats nothing
        assert nx.is_weakly_connected(web)
        keys = {(frozenset(web.predecessors(n)), frozenset(web.successors(n))) for n in web}
        assert len(keys) == 20                             # no duplicate trophic species
        for node in web:                                   # a contiguous run of niches
            food = sorted(web.predecessors(node))
            assert food == list(range(food[0], food[-1] + 1)) if food else True


def test_niche_model_is_seeded_and_checks_its_input():
    assert nx.utils.graphs_equal(foodweb.niche_model(30, 0.1, seed=4),
                                 foodweb.niche_model(30, 0.1, seed=4))
    web = foodweb.niche_model(30, 0.1, seed=4, tolerance=0.03)
    assert abs(connectance(web) - 0.1) <= 0.003
    with pytest.raises(ValueError, match=r"C must lie between 0 and 0\.5"):
        foodweb.niche_model(10, 0.7, seed=1)
    with pytest.raises(ValueError, match="at least 2"):
        foodweb.niche_model(1, 0.1, seed=1)
    with pytest.raises(ValueError, match="in 3 draws"):
        foodweb.niche_model(4, 0.01, seed=1, tries=3)


def test_niche_model_mean_path_length_is_where_the_paper_puts_it_for_ythan():
    # PNAS 99:12913 Table 1: Ythan Estuary, S 78, C 0.061, model D 2.32 (mean of 1,000
    # niche-model webs). 100 webs here, connectance within 3% of C; their D has an SD of
    # about 0.05, so the mean's standard error is about 0.005.
    found = [trophic.path_length(foodweb.niche_model(78, 0.061, seed=s, tolerance=0.03))
             for s in range(100)]
    assert statistics.mean(found) == pytest.approx(2.32, abs=0.02)


def test_cascade_model_connectance_and_shape():
    found = [connectance(foodweb.cascade_model(40, 0.1, seed=s)) for s in range(300)]
    assert statistics.mean(found) == pytest.approx(0.1, rel=0.02)
    web = foodweb.cascade_model(40, 0.1, seed=2)
    assert all(food < eater for food, eater in web.edges)     # only lower ranks are eaten
    assert nx.utils.graphs_equal(web, foodweb.cascade_model(40, 0.1, seed=2))
    with pytest.raises(ValueError, match=r"C must lie between 0 and 0\.45"):
        foodweb.cascade_model(10, 0.5, seed=1)


# -- the lesson's comparison ---------------------------------------------------------------

def test_realism_puts_each_game_beside_niche_webs_of_its_s_and_c():
    table = foodweb.realism({"chain": pond()}, webs=["chesapeake"], draws=3)
    assert list(table["kind"]) == ["game", "niche model", "published"]
    niche = table.loc["chain (niche)"]
    assert niche["S"] == 7 and niche["C"] == pytest.approx(10 / 49, rel=0.03)
    assert niche["Top sd"] >= 0
    dense = foodweb.realism({"dense": nx.complete_graph(4, nx.DiGraph)}, webs=[], draws=2)
    assert math.isnan(dense.loc["dense (niche)", "Top"])   # C 0.75: beyond the model


def test_the_realism_figure_fits_a_notebook_column_with_readable_text():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from ecogames.core.plots import small_texts

    table = foodweb.realism({"pond": pond(), "dense": nx.complete_graph(4, nx.DiGraph)},
                            webs=["chesapeake", "ythan"], draws=2)
    fig = foodweb.plot_realism(table)
    assert fig.get_figwidth() <= 9.5 and small_texts(fig) == []
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels == ["pond", "pond (niche)", "dense", "dense (niche)", "Chesapeake Bay",
                      "Ythan Estuary"]
    plt.close(fig)
