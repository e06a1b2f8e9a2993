"""foodweb.trophic_levels_with: the game's levels, and levels with the basal food groups
held where they feed in the real world (a stated assumption)."""

import networkx as nx
import pytest

from ecogames import foodweb
from ecogames.games.wildlifeweb import graphs


def test_with_every_basal_node_at_level_1_it_is_networkx_trophic_levels():
    web = graphs.food_web(pets=False)
    ours = foodweb.trophic_levels_with(web, {n: 1.0 for n in graphs.BASAL})
    theirs = nx.trophic_levels(web)
    assert all(ours[n] == pytest.approx(theirs[n]) for n in web)


def test_fish_and_invertebrate_eaters_rise_above_the_grazers():
    web = graphs.food_web(pets=False)
    game = foodweb.trophic_levels(web)
    real = foodweb.trophic_levels_with(web, graphs.REAL_WORLD_LEVELS)
    eat_fish_or_invertebrates = ["osprey", "big_brown_bat", "columbia_spotted_frog",
                                 "house_wren"]
    for n in [*eat_fish_or_invertebrates, "turkey_vulture", "elk"]:
        assert game[n] == pytest.approx(2.0), n   # the game: all level 2, like Elk
    assert real["osprey"] == pytest.approx(4.0)   # eats fish only, fish held at 3
    for n in ["big_brown_bat", "columbia_spotted_frog", "house_wren", "turkey_vulture"]:
        assert real[n] == pytest.approx(3.0), n
    assert real["elk"] == pytest.approx(2.0)
    assert all(real[n] >= game[n] - 1e-9 for n in web)


def test_weights_and_chains_follow_the_held_levels():
    web = nx.DiGraph()
    web.add_edge("fish", "heron", weight=1)
    web.add_edge("frog", "heron", weight=3)
    web.add_edge("bugs", "frog", weight=1)
    levels = foodweb.trophic_levels_with(web, {"fish": 3.0, "bugs": 2.0})
    assert levels["frog"] == pytest.approx(3.0)
    assert levels["heron"] == pytest.approx(1 + (1 * 3.0 + 3 * 3.0) / 4)


def test_bad_levels_are_refused_and_change_nothing():
    web = nx.DiGraph([("fish", "osprey")])
    with pytest.raises(ValueError, match="not in the food web"):
        foodweb.trophic_levels_with(web, {"trout": 3.0})
    with pytest.raises(ValueError, match="at least 1"):
        foodweb.trophic_levels_with(web, {"fish": 0.5})
    assert list(web.edges) == [("fish", "osprey")]
