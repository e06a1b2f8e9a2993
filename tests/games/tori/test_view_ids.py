"""The view names each stall and customer by the id its story goes by (issue 20 §6: a click on
a stall or a customer in story mode asks ``game.story(id)``)."""

from __future__ import annotations

from ecogames.core import Rng
from ecogames.games import tori

from .test_random_play import _purposeful


def test_stalls_and_customers_are_shown_with_the_ids_their_stories_name():
    game = tori.new_game(3, seed=5)
    rng = Rng(55)
    for _ in range(120):
        if game.is_over:
            break
        game.apply(_purposeful(game, rng), record=False)
    prov = game.provenance()
    view = game.view(None)
    told = 0
    for st in view["stalls"]:
        if st["story"] in prov.ids:
            told += 1
            touched = [prov.event(e.node).touched.get("stalls", ())
                       for e in game.story(st["story"]).events if e.node[0] == "event"]
            assert any(st["id"] in stalls for stalls in touched), st
    assert told >= 2
    for good, thing in view["customer_ids"].items():
        touched = [prov.event(e.node).touched.get("customers", ())
                   for e in game.story(thing).events if e.node[0] == "event"]
        assert touched and all(good in customers for customers in touched if customers), good
