"""Why (issue 20) in Tori: stall and customer ids, what its events read and wrote, and its own
question "why did this customer go to that stall" (D35 in docs/rules/tori.md).

The scenarios are the rulebook's (Take a customer, Marketing, the swap with the colour-change
tile, Tear down a stall, The end of Tori), each chain asserted link by link; purposeful random
games check what must hold in every game."""

from __future__ import annotations

import pytest

from ecogames.core import Rng
from ecogames.core.provenance import OUTCOME
from ecogames.games import tori
from ecogames.games.tori import Build, DrawPile, Expand, TakeCustomer, TearDown
from tests.support.why_checks import assert_points_back_in_time

from .scenario import scenario, stall
from .test_random_play import _purposeful

MINE = stall(0, "lemonade", (6, 2), "E")        # entrance (6, 3), zone 7
THIRD = stall(2, "lemonade", (4, 5), "S")       # entrance (5, 5)
AT = {"lemonade": (6, 5), "fish": None}         # lemonade customer; fish on the tile
LEMONADE, FISH = "customer:4", "customer:3"
MY_LEMONADE = "stall:4"                         # 6 * player 0 + lemonade (4)


def chain(answer) -> list[tuple[int, str]]:
    return [(link.action, link.kind) for link in answer.chain]


def test_two_closer_stalls_one_just_built_make_the_customer_cost_two_cards():
    """Markedsføring: "If two stalls are closer to the customer than yours, you must spend
    two build cards". Player 2 builds the closer rival; Player 1 pays for both and the
    customer comes: its walk read the rival stall Player 2 had just built."""
    game = scenario(3, active=1, stalls=[MINE, THIRD], customers=AT,
                    build={0: [7, 7, 7], 1: [8]})
    game.apply(Build("lemonade", 6, 7, "W"))     # entrance (6, 6): one step away
    game.apply(DrawPile())
    cascade = game.apply(TakeCustomer("lemonade"))
    marketing = cascade.events[0]
    assert marketing.kind == "marketing" and marketing.touched["cards"] == ("build:7",) * 2
    answer = game.why("customer", customer=LEMONADE, stall=MY_LEMONADE)
    assert chain(answer) == [(2, "customer"), (0, "build")]
    assert [link.text for link in answer.chain] == [
        "The lemonade customer walks 2 steps to Helsinki (player 1)'s lemonade stall",
        "Turku (player 2) builds a lemonade stall in zone 8, entrance at (6, 6)",
    ]
    prov = game.provenance()
    walk = answer.target.node
    read = [key for key, _ in prov.reads.get(walk, [])]
    # the only parts of what the walk read that changed in this game: the rival's stall
    assert read == [("stall", "stall:10"), ("door", "stall:10")]
    assert {("stall", "stall:16"), ("door", "stall:16"), ("stall", "stall:10"),
            ("customer", LEMONADE)} <= set(prov.event(walk).reads)
    # the marketing paid for the same two stalls
    paid = game.why((2, 0))
    assert chain(paid) == [(2, "marketing"), (0, "build")]
    assert set(prov.event(paid.target.node).touched["ids"]) == {LEMONADE, "stall:10",
                                                                "stall:16"}
    # asked by the customer's goods or number, the same answer
    assert game.why("customer", customer="lemonade").target == answer.target
    assert game.why("customer", customer=4).target == answer.target


def test_the_customer_swapped_in_walks_on_because_of_the_swap():
    """Tag en kunde: "Then swap this customer with the customer standing on the
    colour-change tile. This simulates the customer's needs changing": the fish customer
    came to Player 1's entrance by that swap, and from there walks to Player 2's boat."""
    boat = stall(1, "fish", (9, 6), "N")
    game = scenario(stalls=[MINE, boat], customers=AT)
    game.apply(TakeCustomer("lemonade"))
    assert game.customers["fish"] == (6, 3)
    game.apply(TakeCustomer("fish"))
    answer = game.why("customer", customer=FISH)
    assert chain(answer) == [(1, "customer"), (0, "swap"), (0, "customer")]
    assert [link.text for link in answer.chain] == [
        "The fish customer walks 5 steps to Turku (player 2)'s fish stall",
        "The lemonade customer swaps with the fish customer of the colour-change tile",
        "The lemonade customer walks 2 steps to Helsinki (player 1)'s lemonade stall",
    ]
    walk = game.provenance().event(answer.target.node)
    assert ("door", MY_LEMONADE) in walk.writes  # it left Player 1's entrance empty
    assert walk.touched["ids"] == (FISH, "stall:9")
    story = game.story(FISH)
    assert [link.kind for link in story.events] == ["swap", "customer", "swap"]
    assert story.end == "in play"
    with pytest.raises(ValueError, match="nothing in this game answers"):
        game.why("customer", customer=FISH, stall=MY_LEMONADE)


def test_a_stall_torn_down_and_built_again_is_the_same_stall():
    """Riv en bod ned: "You may remove one of your stall tiles if it has no expansion
    tiles": it goes back to its owner and can be built again, the same tile, the same id;
    the customer's walk then reads the stall as rebuilt."""
    game = scenario(stalls=[MINE], customers=AT, build={0: [7]})
    game.apply(TearDown("lemonade"))
    game.apply(DrawPile())
    game.apply(Build("lemonade", 6, 2, "E"))
    game.apply(DrawPile())
    game.apply(TakeCustomer("lemonade"))
    story = game.story(MY_LEMONADE)
    assert [link.kind for link in story.events] == ["tear_down", "build", "customer", "goods"]
    assert story.end == "in play"
    answer = game.why("customer", customer=LEMONADE)
    assert chain(answer) == [(4, "customer"), (2, "build"), (0, "tear_down")]
    assert answer.chain[1].text == ("Helsinki (player 1) builds a lemonade stall in zone 7, "
                                    "entrance at (6, 3)")
    again = type(game).from_json(game.to_json())
    assert again.story(MY_LEMONADE).text == story.text


def test_a_stall_torn_down_opens_the_customers_way():
    """Riv en bod ned, and Tag en kunde's "closer": a customer walks around the stalls. Player
    2's flowers stall stands between the lemonade customer and Player 1's entrance; Player 2
    tears it down, and the customer walks straight through the cell it freed."""
    wall = stall(1, "flowers", (6, 4), "N")       # between (6, 5) and the entrance (6, 3)
    game = scenario(active=1, stalls=[MINE, wall], customers=AT)
    game.apply(TearDown("flowers"))
    cascade = game.apply(TakeCustomer("lemonade"))
    assert cascade.events[0].touched["cells"] == ((6, 5), (6, 4), (6, 3))
    answer = game.why("customer", customer=LEMONADE)
    assert chain(answer) == [(1, "customer"), (0, "tear_down")]
    assert answer.chain[1].text == "Turku (player 2) tears down the flowers stall"
    read = [key for key, _ in game.provenance().reads[answer.target.node]]
    assert read == [("cell", (6, 4))]


FISH_FLEET = [stall(0, "fish", (9, 1), "N", [(10, 1), (10, 2)]),
              stall(1, "fish", (9, 6), "N", [(10, 6), (10, 7)])]


def test_the_last_fish_tile_ends_tori_and_the_outcome_reads_the_scores():
    """Tori afsluttes: "The game ends the moment ... All expansion tiles of any one goods
    group have been used"; Point: the majority cards decide it."""
    game = scenario(stalls=FISH_FLEET, customers=AT, build={0: [7]},
                    goods={0: {"fish": 4}}, majority={"fish": (0, 1)})
    game.apply(Expand("fish", 10, 3, 7))
    assert game.is_over
    answer = game.why("outcome")
    assert chain(answer) == [(0, "end"), (0, "majority"), (0, "expand")]
    assert [link.text for link in answer.chain] == [
        "Tori ends: all fish expansion tiles are used",
        "Helsinki (player 1) takes the silver majority card of fish from Turku (player 2)",
        "Helsinki (player 1) expands the fish stall to 4 tiles (build card 7, 4 goods cards)",
    ]
    end = game.provenance().event(answer.target.node)
    assert end.writes == (OUTCOME,)
    assert ("supply", "fish") in end.reads and ("majority", "gold", "fish") in end.reads
    assert ("majority", "silver", "fish") in end.reads  # Player 1 took silver back
    assert ("stall", "stall:3") in end.reads and ("stall", "stall:9") in end.reads


def test_bad_questions_are_refused_with_what_can_be_asked():
    game = scenario(stalls=[MINE], customers=AT)
    with pytest.raises(ValueError, match="customer must be a customer's id"):
        game.why("customer", customer="customer:9")
    with pytest.raises(ValueError, match="stall must be a stall's id"):
        game.why("customer", customer=LEMONADE, stall="my stall")
    with pytest.raises(ValueError, match="nothing in this game answers"):
        game.why("customer", customer=LEMONADE)
    with pytest.raises(ValueError, match="ask it as"):
        game.why("customer", shopper=1)


# -- random games ------------------------------------------------------------------------


def stories(game) -> dict[str, str]:
    return {thing: game.story(thing).text for thing in game.provenance().ids}


def test_ids_come_from_the_state_and_survive_save_undo_fork_and_replay():
    game = tori.new_game(3, seed=11)
    rng = Rng(3)
    while len(game.history) < 150 and not game.is_over:
        game.apply(_purposeful(game, rng), record=False)
    told = stories(game)
    assert any(t.startswith("stall:") for t in told) and any(
        t.startswith("customer:") for t in told)
    assert stories(type(game).from_json(game.to_json())) == told
    assert stories(game.replay()) == told
    kept = len(game.history) - 30
    earlier = stories(game.replay(kept))
    assert stories(game.fork(kept - 1, action=game.history[kept - 1])) == earlier
    game.undo(30)
    assert stories(game) == earlier


def random_games(count: int = 20):
    for seed in range(count):
        game = tori.new_game(2 + seed % 3, seed=seed)
        rng = Rng(seed + 50)
        while not game.is_over:
            game.apply(_purposeful(game, rng), record=False)
        yield game


def test_random_games_keep_every_why_invariant():
    stalls = {f"stall:{n}" for n in range(24)}
    customers = {f"customer:{n}" for n in range(6)}
    for game in random_games():
        prov = game.provenance()
        assert_points_back_in_time(prov)
        assert prov.gone == {}  # nothing leaves Tori (D35)
        assert set(prov.ids) <= stalls | customers
        for thing in prov.ids:  # every story ends in exactly one state: still in play
            assert game.story(thing).end == "in play"
        answer = game.why("outcome")
        assert answer.target.kind == "end"
        assert prov.event(answer.target.node).writes == (OUTCOME,)
        for key, node in prov.last_write.items():
            if key[0] == "visit" and len(key) == 3:
                walk = prov.event(node)
                assert walk.kind == "customer" and walk.touched["ids"] == key[1:]
                assert game.why("customer", customer=key[1], stall=key[2]).target.node == node
