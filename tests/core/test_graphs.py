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


# -- the food-web panel's layout ------------------------------------------------------------

def game_webs():
    from ecogames.games import biotopes, toritori, wildlifeweb
    from ecogames.games.biotopes.graphs import food_web as biotopes_web
    from ecogames.games.toritori.graphs import food_web as toritori_web
    from ecogames.games.wildlifeweb.graphs import food_web as wildlife_web
    from ecogames.games.wildlifeweb.widget import species_in_packs

    game = biotopes.new_game(players=2, seed=3)
    return {"wildlifeweb": wildlife_web(), "wildlifeweb-no-pets": wildlife_web(pets=False),
            "biotopes": biotopes_web(), "biotopes-in-play": biotopes_web(game),
            "toritori": toritori_web(), "toritori-game": toritori.new_game(seed=1).food_web(),
            "wildlifeweb-few": wildlife_web(["coyote", "deer_mouse", "gray_wolf"]),
            "wildlifeweb-game": wildlife_web(
                species_in_packs(wildlifeweb.new_game(players=2, seed=1)))}


def assert_readable(drawing, web, labels_above=False):
    assert drawing.overlaps() == []
    assert set(drawing.centres) == set(web)
    for node, box in drawing.labels.items():
        cx, cy = drawing.centres[node]
        assert 0 <= box.x0 < box.x1 <= drawing.width, node
        assert 0 <= box.y0 < box.y1 <= drawing.height, node
        assert drawing.radius <= cx <= drawing.width - drawing.radius, node
        if labels_above:
            assert box.y1 < cy - drawing.radius, node  # the label above its own circle
        else:
            assert box.y0 > cy, node  # the label under its own circle
    for level, nodes in drawing.rows.items():  # a trophic row: above the lower rows
        for lower in (lv for lv in drawing.rows if lv < level):
            assert max(drawing.centres[n][1] for n in nodes) < min(
                drawing.centres[m][1] for m in drawing.rows[lower]), (level, lower)


@pytest.mark.parametrize("name", ["wildlifeweb", "wildlifeweb-no-pets", "biotopes",
                                  "biotopes-in-play", "toritori", "toritori-game",
                                  "wildlifeweb-few", "wildlifeweb-game"])
def test_no_label_overlaps_another_label_or_a_node(name):
    from ecogames.core.graphs import food_web_drawing

    web = game_webs()[name]
    assert_readable(food_web_drawing(web), web)


def test_the_50_species_web_wraps_its_rows_within_the_panel():
    from ecogames.core.graphs import WIDTH, food_web_drawing
    from ecogames.games.wildlifeweb.graphs import food_web

    web = food_web()
    drawing = food_web_drawing(web)
    assert len(web) >= 50
    assert drawing.width == WIDTH
    ys = {round(y) for _, y in drawing.centres.values()}
    assert len(ys) > len(drawing.rows)  # wide rows wrapped into sub-rows
    assert all(len(line) <= 16 for lines in drawing.lines.values() for line in lines)


@pytest.mark.parametrize("name", ["wildlifeweb", "biotopes", "toritori", "wildlifeweb-game"])
def test_the_panel_keeps_room_for_arrows_under_each_row(name):
    """The widget's layout: labels above their circles, and under each circle the room where
    its arrows come in (as far as an arrowhead reaches, at any inlet angle) free of every
    label and every other circle."""
    from ecogames.core.graphs import ARROW_ROOM, CROWDED, WIDE, WIDTH, Box, food_web_drawing

    web = game_webs()[name]
    drawing = food_web_drawing(web, panel=True)
    assert_readable(drawing, web, labels_above=True)
    assert drawing.width == (WIDE if len(web) > CROWDED else WIDTH)
    r = drawing.radius
    for node, (cx, cy) in drawing.centres.items():
        room = Box(cx - r - 4, cy + r, cx + r + 4, cy + r + ARROW_ROOM - 4)
        for other, box in drawing.labels.items():
            assert not room.overlaps(box), (node, other)
        for other, (ox, oy) in drawing.centres.items():
            assert other == node or not room.meets_circle(ox, oy, r), (node, other)
    tops = [drawing.bands[level][0] for level in sorted(drawing.bands)]  # level 1 lowest
    assert len(drawing.bands) == len(drawing.rows) and tops == sorted(tops, reverse=True)


def test_barycentre_sweeps_cut_crossings():
    from ecogames.core.graphs import _order_rows, crossings, trophic_levels
    from ecogames.games.wildlifeweb.graphs import food_web

    web = food_web()
    levels = trophic_levels(web)
    rows: dict[int, list] = {}
    for n in sorted(web, key=str):
        rows.setdefault(round(levels[n]), []).append(n)
    before = crossings(web, rows)
    _order_rows(web, rows)
    assert crossings(web, rows) < before * 0.8


def test_overlaps_are_found_when_there_are_some():
    from ecogames.core.graphs import Box, food_web_drawing

    web = nx.DiGraph([("grass", "hare"), ("grass", "vole"), ("hare", "fox")])
    drawing = food_web_drawing(web)
    assert drawing.overlaps() == []
    drawing.labels["vole"] = drawing.labels["hare"]
    assert ("hare", "vole") in drawing.overlaps()
    x, y = drawing.centres["fox"]
    drawing.labels["grass"] = Box(x - 2, y - 2, x + 2, y + 2)
    assert ("grass", "fox") in drawing.overlaps()


def test_the_json_keeps_a_frame_and_is_laid_out_once(monkeypatch):
    from ecogames.core import graphs
    from ecogames.games.biotopes.graphs import food_web

    deck = food_web()
    part = deck.subgraph(["plants", *list(deck.successors("plants"))[:1]]).copy()
    whole = {n["id"]: n for n in graphs.food_web_json(deck)["nodes"]}
    shown = graphs.food_web_json(part, frame=deck)
    assert {n["id"] for n in shown["nodes"]} == {str(n) for n in part}
    for node in shown["nodes"]:
        assert (node["x"], node["y"], node["box"]) == (
            whole[node["id"]]["x"], whole[node["id"]]["y"], whole[node["id"]]["box"])
    calls = []
    monkeypatch.setattr(graphs, "food_web_drawing", lambda *a, **k: calls.append(a))
    assert graphs.food_web_json(part, frame=deck) == shown  # cached: no new layout
    assert calls == []


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=4 * n),
    st.lists(st.text("abcdefghij KLMNOW'-", min_size=1, max_size=34), min_size=n,
             max_size=n))))
def test_random_webs_read(case):
    from ecogames.core.graphs import food_web_drawing

    size, edges, names = case
    web = nx.DiGraph()
    for i in range(size):
        web.add_node(i, label=names[i].strip() or "x")
    web.add_edges_from((a, b) for a, b in edges if a < b or a == b)  # no cycle but loops
    assert_readable(food_web_drawing(web), web)
    assert_readable(food_web_drawing(web, panel=True), web, labels_above=True)
