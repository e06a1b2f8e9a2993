"""The food-web panel's data path: every game's widget sends ``food_web_graph`` laid out by
``core.graphs.food_web_json`` (sizes, label boxes), labels overlapping nothing, the layout
synced only when the web changes."""

from __future__ import annotations

import json
import random

import networkx as nx
import pytest

from ecogames.games import biotopes, tori, toritori, tulikko, wildlifeweb
from ecogames.games.wildlifeweb.graphs import food_web as wildlife_web
from ecogames.widget import GameWidget

GAMES = {"biotopes": biotopes, "toritori": toritori, "wildlifeweb": wildlifeweb,
         "tulikko": tulikko, "tori": tori}


def overlaps(data: dict) -> list[tuple[str, str]]:
    """Label boxes that overlap each other or meet a circle, read from the trait alone."""
    nodes = data["nodes"]
    found = []
    for i, a in enumerate(nodes):
        ax0, ay0, ax1, ay1 = a["box"]
        for b in nodes[i + 1:]:
            bx0, by0, bx1, by1 = b["box"]
            if ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1:
                found.append((a["id"], b["id"]))
        for b in nodes:
            nx_ = min(max(b["x"], ax0), ax1)
            ny_ = min(max(b["y"], ay0), ay1)
            if (nx_ - b["x"]) ** 2 + (ny_ - b["y"]) ** 2 < data["radius"] ** 2:
                found.append((a["id"], b["id"]))
    return found


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_widget_sends_its_web_laid_out_or_nothing(name):
    w = GAMES[name].new_game(players=2, seed=1).widget()
    if name in ("tulikko", "tori"):
        assert w.food_web == {} and w.food_web_graph(w.game) is None
        return
    web = w.food_web_graph(w.game)
    assert isinstance(web, nx.DiGraph)
    data = w.food_web
    assert {n["id"] for n in data["nodes"]} == {str(n) for n in web}
    assert data["width"] > 0 and data["height"] > 0 and overlaps(data) == []


class WholeWildlifeWeb(wildlifeweb.Widget):
    """All 50 species and the pets in play: the panel's worst case."""

    def food_web_graph(self, game):
        return wildlife_web()


def test_the_50_species_web_reads_and_its_bytes():
    w = WholeWildlifeWeb(wildlifeweb.new_game(players=2, seed=1))
    data = w.food_web
    assert len(data["nodes"]) >= 50 and overlaps(data) == []
    labels = {n["id"]: " ".join(n["lines"]) for n in data["nodes"]}
    assert labels["richardsons_ground_squirrel"] == "Richardson's Ground Squirrel"
    print(f"50-species food_web trait: {len(json.dumps(data)) / 1024:.1f} KB, "
          f"{len(data['edges'])} edges, {data['width']} x {data['height']}")


def test_the_web_is_synced_only_when_it_changes():
    w = wildlifeweb.new_game(players=2, seed=5).widget()
    sent = []
    w.observe(lambda change: sent.append(change["new"]), names="food_web")
    rng = random.Random(5)
    for _ in range(60):
        if w.game.is_over:
            break
        w.act(rng.choice(w.game.legal_actions()))
    assert len(sent) >= 1  # the Packs were chosen: the web grew
    webs = [json.dumps(d, sort_keys=True) for d in sent]
    assert len(webs) == len(set(webs))  # a move that leaves the web as it was sends nothing


def test_biotopes_types_stay_put_as_cards_arrive():
    w = biotopes.new_game(players=2, seed=2).widget()
    deck = biotopes.Widget.food_web_frame(w)
    from ecogames.core.graphs import food_web_json

    whole = {n["id"]: (n["x"], n["y"]) for n in food_web_json(deck)["nodes"]}
    for node in w.food_web["nodes"]:
        assert (node["x"], node["y"]) == whole[node["id"]]
    assert w.food_web["width"] == food_web_json(deck)["width"]


def test_a_biotopes_cannibal_is_sent_as_a_loop():
    class Deck(biotopes.Widget):
        def food_web_graph(self, game):
            return super().food_web_graph(game) if game.history else biotopes.graphs.food_web()

    w = Deck(biotopes.new_game(players=2, seed=2))
    assert any(e["source"] == e["target"] for e in w.food_web["edges"])


def test_the_base_widget_shows_the_games_own_web():
    game = toritori.new_game(seed=1)
    w = GameWidget(game)
    assert {n["id"] for n in w.food_web["nodes"]} == {str(n) for n in game.food_web()}
