"""The view names what a click in story mode asks about (issue 20 §6): each border token by
the id its story goes by (``token:<n>``, the place it lies on, D32); a tile's id is its number
(``tile:<n>``), which the view already shows."""

from __future__ import annotations

from .test_why import random_games


def test_tokens_and_tiles_are_shown_with_the_ids_their_stories_name():
    game = next(random_games(1))
    prov = game.provenance()
    view = game.view(None)
    tokens = [(p["seat"], t) for p in view["players"] for t in p["tokens"]]
    assert tokens
    for seat, token in tokens:
        placed = [prov.event(e.node) for e in game.story(token["story"]).events
                  if e.node[0] == "event" and e.kind == "token"]
        edge = (seat, *token["cells"])
        assert [e.touched["edges"] for e in placed] == [(edge,)], token  # laid there, once
    tiles = [c["tile"]["id"] for p in view["players"] for c in p["map"] or [] if c["tile"]]
    assert tiles and all(game.story(f"tile:{t}").events for t in tiles)
