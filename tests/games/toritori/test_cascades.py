"""Every effect is an Event with its cause: an ecological chain is a path in the cascade."""

from __future__ import annotations

from ecogames.games.toritori import Roll
from tests.games.toritori.scenario import build, path, sector


def test_cascade_the_bush_spread_so_the_guinea_pig_ate_it_so_the_fox_followed():
    start = {1: ["TT", "GP", "FX"], 7: ["NT"], 11: ["IB"], 8: ["NT"], 5: ["GP", "FX"]}
    game = build(start, slots={"A": "sector_11", "B": "sector_5"}, dice=("A", "B"))
    cascade = game.apply(Roll())
    spread, gp_eats, gp_breeds, fox_eats = cascade.of_kind("spread", "eat", "breed")[:4]
    assert spread.touched["sectors"] == (8, 11)
    assert gp_eats.touched["edges"] == (("invasive_bush", "guinea_pig"),)
    assert fox_eats.touched["edges"] == (("guinea_pig", "fox"),)
    assert gp_eats.cause == spread.index and fox_eats.cause in (gp_eats.index, gp_breeds.index)
    assert path(cascade, "action", spread.index, gp_eats.index, fox_eats.index)
    assert sector(game, 8) == ["FX>GP", "GP"]
    assert set(spread.touched["nodes"]) == {"invasive_bush", "native_tree"}


def test_cascade_the_industry_removed_the_trees_so_the_guinea_pig_died_so_the_fox_moved():
    start = {6: ["GP"], 12: ["NT", "TT"], 10: ["GP", "FX", "NT"], 4: ["NT"], 5: ["NT"],
             11: ["TT"], 2: ["IB"]}
    game = build(start, slots={"A": "industry", "B": "sector_10"}, dice=("A", "B"))
    cascade = game.apply(Roll())
    disasters = cascade.of_kind("disaster")
    (dies,) = cascade.of_kind("dies")
    (fox_eats,) = cascade.of_kind("eat")
    assert dies.cause in {d.index for d in disasters}
    assert fox_eats.cause == dies.index
    assert fox_eats.touched["sectors"] == (10, 11)
    assert path(cascade, "action", disasters[0].index - 1, dies.cause, dies.index,
                fox_eats.index)
    graph = cascade.graph()
    assert graph.nodes[dies.index]["kind"] == "dies"


def test_cascade_events_name_what_they_touched():
    start = {1: ["TT", "GP", "FX"], 7: ["NT"], 3: ["TT"], 5: ["NT"], 2: ["IB"]}
    game = build(start, slots={"A": "sector_3"}, dice=("A", "A"))
    cascade = game.apply(Roll())
    roll_event, card = cascade[0], cascade[1]
    assert roll_event.touched == {"cards": ("sector_3",)}
    assert card.touched == {"cards": ("sector_3",), "sectors": (3,)}
    (eat,) = cascade.of_kind("eat")
    assert set(eat.touched) == {"sectors", "tokens", "nodes", "edges"}
    assert all(isinstance(t, int) for t in eat.touched["tokens"])
    (phase,) = cascade.of_kind("phase")
    assert phase.touched == {"players": (0,)}
    assert cascade.to_json()["events"][2]["touched"]["edges"] == [["native_tree", "tori_tori"]]


def test_events_told_with_and_without_step_views_are_the_same():
    from ecogames.games.toritori import new_game
    from tests.support.why_checks import assert_events_told_alike_with_and_without_step_views

    kinds = {"roll", "card", "eat", "pawn_moves", "refill"}
    assert_events_told_alike_with_and_without_step_views(new_game, kinds)
