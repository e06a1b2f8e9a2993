"""graphs.py: the landscape as a networkx graph (fragmentation = connected components) and
the food web (species types and Plants linked by diets, edges food -> eater)."""

import random
import subprocess
import sys

from ecogames.bots import RandomBot
from ecogames.core.graphs import trophic_levels
from ecogames.games.biotopes import new_game
from ecogames.games.biotopes.components import SPECIES, distance
from ecogames.games.biotopes.graphs import board_graph, food_web, fragments
from ecogames.games.biotopes.hexes import group_count, groups

from .scenario import blank, put_species, put_token, ready, started, three_tiles


def test_board_graph_hexes_biotopes_and_owners():
    game = started(players=3, seed=2)
    g = board_graph(game)
    assert set(g.nodes) == set(game.landscape)
    for h, data in g.nodes(data=True):
        assert data["biotope"] == ("mountains", "forests", "grasslands", "wetlands")[
            game.landscape[h]]
        assert data["owner"] == game.owner.get(h)
        assert data["edge"] == (h in game.edges)
    # an edge exactly between the hexes that share a side (distance 1), none other
    expected = {frozenset((h, n)) for h in game.landscape for n in game.landscape
                if distance(h, n) == 1}
    assert {frozenset(e) for e in g.edges} == expected
    assert g.number_of_edges() == len(expected) > 0
    inner = [h for h in game.landscape if h not in game.edges]
    assert inner and all(g.degree(h) == 6 for h in inner)  # a hex inside: six neighbours
    assert all(g.degree(h) < 6 for h in game.edges)  # a hex at the edge: fewer (Setup 8)
    assert g is not game.board_graph() and set(game.board_graph().edges) == set(g.edges)


def test_fragmentation_is_the_connected_components():
    game = blank(players=2, tiles=three_tiles())
    put_token(game, 0, (-1, 0), (-1, 1), (3, 0), (3, 1), (-2, 3))
    game = ready(game)
    parts = fragments(game, 0)
    assert len(parts) == 3
    assert sorted(map(sorted, parts)) == sorted(map(sorted, groups(game.territories(0))))
    assert game.score(0)["fragmentation"] == -6


def test_group_count_counts_the_groups_of_any_hexes():
    """hexes.group_count (scoring's count, on a mask over the landscape's grid) finds as many
    groups as hexes.groups, for random sets of hexes of random landscapes."""
    rng = random.Random(7)
    for seed in range(30):
        players = 1 + seed % 5
        game = new_game(players=players, seed=seed, construction=players > 1 and seed % 3 == 1)
        while game.stage in ("tiles", "orient"):
            game.push(rng.choice(game.legal_actions()))
        grid = game.grid
        for _ in range(20):
            chosen = [h for h in grid.hexes if rng.random() < rng.random()]
            bits = sum(1 << grid.index[h] for h in chosen)
            assert group_count(grid, bits) == len(groups(chosen))


def test_food_web_of_the_box_points_food_to_eater():
    web = food_web()
    assert set(web.nodes) == {"plants", "invertebrates", "reptiles_amphibians", "birds",
                              "mammals"}
    assert web.in_degree("plants") == 0
    assert web["plants"]["invertebrates"]["weight"] == 18  # 16 Herbivores + 2 Insectivores
    assert "european_badger" in web["plants"]["mammals"]["cards"]
    assert web.has_edge("birds", "birds")  # the Peregrine Falcon eats Birds
    levels = trophic_levels(web)
    assert levels["plants"] == 1 and all(v > 1 for k, v in levels.items() if k != "plants")


def test_food_web_of_the_cards_in_play():
    """Only the types of the cards in play are nodes, with Plants: the Crested Tit's diet
    names Invertebrates, but no Invertebrates card is in play to feed it (issue 13 §5)."""
    game = blank(players=2, tiles=three_tiles())
    put_species(game, 0, "crested_tit", green=1)
    put_species(game, 1, "peregrine_falcon", gray=1)
    game = ready(game)
    web = game.food_web()
    assert set(web) == {"plants", "birds"}
    assert sorted(web.edges) == [("birds", "birds"), ("plants", "birds")]
    assert web["birds"]["birds"]["cards"] == ["peregrine_falcon"]
    assert sorted(food_web(game, player=0).edges) == [("plants", "birds")]
    assert set(food_web(game, player=1)) == {"plants"}  # the Falcon alone is fed by nothing
    assert set(food_web(blank(players=2, tiles=three_tiles()))) == {"plants"}


def test_no_type_but_plants_sits_at_trophic_level_1():
    """Issue 13 §5: a type with no card in play was drawn at level 1 beside Plants (the
    notebook's bot game had no Reptiles & Amphibians card). Plants are the only producers,
    in play and at the end (after the cards with no cube are discarded)."""
    for seed in (11, 19, 21, 3, 5):
        game = new_game(players=2 + seed % 3, seed=seed)
        bot = RandomBot(seed)
        while not game.is_over:
            game.apply(bot.choose(game, game.legal_actions()), record=False)
            if game.phase == "action" or game.is_over:
                web = game.food_web()
                levels = trophic_levels(web)
                assert {n for n, v in levels.items() if v < 1.5} == {"plants"}
                played = {SPECIES[e[0]].type.value for rows in game.rows for row in rows
                          for e in row}
                assert set(web) <= played | {"plants"}
                assert [n for n in web if web.in_degree(n) == 0] == ["plants"]


def test_import_ecogames_does_not_import_networkx():
    code = ("import sys, ecogames, ecogames.games.biotopes as b; b.new_game(2, seed=1); "
            "assert 'networkx' not in sys.modules, 'networkx imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_engine_builds_its_graphs_without_the_graphs_module():
    """Layers point one way (components -> rules -> graphs -> widget): ``game.food_web()``
    and ``game.board_graph()`` import none of ``graphs``, ``widget`` or ``plots``."""
    code = ("import sys; from ecogames.games.biotopes.rules import Biotopes; "
            "g = Biotopes.new_game(players=2, seed=1); g.food_web(); g.board_graph(); "
            "up = [m for m in ('graphs', 'widget', 'plots') "
            "if 'ecogames.games.biotopes.' + m in sys.modules]; assert not up, up")
    subprocess.run([sys.executable, "-c", code], check=True)
