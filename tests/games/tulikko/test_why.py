"""Why (issue 20) in Tulikko: tile and token ids, what its events read and wrote, and its own
question "why could this objective not be met anymore" (D32 in docs/rules/tulikko.md).

The scenarios are the rulebook's examples (3B symbol cards, 3C aurora tiles, End of the
Game, the WARNING on discarding), each with its chain asserted link by link; random games
check what must hold in every game."""

from __future__ import annotations

import pytest

from ecogames.core import Rng
from ecogames.core.provenance import OUTCOME
from ecogames.games.tulikko import ClaimCard, Discard, Place, PlaceTokens, Slide, new_game
from ecogames.games.tulikko import components as c
from ecogames.games.tulikko.rules import SYMBOL_CELLS
from ecogames.games.tulikko.why import OBJECTIVES, border_token
from tests.support.why_checks import assert_points_back_in_time

from .helpers import FLORA, NATASHA, Table
from .test_3b_symbol_cards import covering_the_last
from .test_end_of_the_game import flora_about_to_place_her_last_token


def chain(answer) -> list[tuple[int, str]]:
    """The chain as (action, kind), target first."""
    return [(link.action, link.kind) for link in answer.chain]


def test_natasha_cannot_take_the_moon_card_once_flora_covered_her_moons():
    """3B EXAMPLE: "This objective is no longer available to other players": the answer is
    Flora taking the card, because she placed the tile on her last moon space."""
    game, _ = covering_the_last(FLORA, "fox", "moon")
    answer = game.why("objective", seat=NATASHA, objective="symbol-moon")
    last_moon = c.cell_of(*divmod(SYMBOL_CELLS["fox"]["moon"][4], c.COLS))
    assert chain(answer) == [(0, "symbol_card"), (0, "place")]
    assert answer.chain[0].text == ("Player 1 (fox) is the first to cover all five moon spaces "
                                    "and takes the moon symbol card")
    assert answer.chain[1].text.startswith("Player 1 (fox) places the neutral blue tile on "
                                           f"row {last_moon // c.COLS + 1}, column "
                                           f"{last_moon % c.COLS + 1} (moon)")
    assert [r.kind for r in answer.roots[answer.chain[1].node]] == ["choice"]
    # Flora met it: nothing made it impossible for her
    with pytest.raises(ValueError, match="nothing in this game answers"):
        game.why("objective", seat=FLORA, objective="symbol-moon")


def star(animal: str, avoid=()) -> int:
    return next(x for x in range(c.CELLS - 1, -1, -1)
                if c.MAPS[animal][x] == "star" and x not in avoid)


def settle(game) -> None:
    while game.phase == "tokens":
        game.apply(game.legal_actions()[0])


def test_taking_a_3_closes_it_to_the_others_and_its_4_to_the_taker():
    """3C: "the first player with three forest tiles of that color ... takes the '3'";
    "IMPORTANT! A player cannot have two aurora tiles of the same color"."""
    game = Table().art(FLORA, "BB..").finish(stage="place", held="blue", side="east")
    game.apply(Place(star("fox", avoid=(2,))))
    settle(game)
    answer = game.why("objective", seat=NATASHA, objective="blue-3")
    assert chain(answer) == [(0, "aurora_tile"), (0, "place")]
    assert answer.chain[0].text == 'Player 1 (fox) has 3 blue tiles and takes the blue "3" ' \
        'aurora tile'
    assert answer.chain[1].text.startswith("Player 1 (fox) places the neutral blue tile on ")
    # the same event closed the "4" to Flora herself
    assert game.why("objective", seat=FLORA, objective="blue-4").target == answer.target


def test_natasha_takes_the_orange_4_so_the_third_player_cannot():
    """3C EXAMPLE (with a third player): Flora, who holds the orange "3", places her fourth
    orange tile and nothing happens; Natasha places hers and takes the "4": closed to the
    third player by her placing the tile her slide ejected."""
    table = Table(players=3).art(FLORA, "OOO.").art(NATASHA, "....", "....", "....", "OOO.")
    table.aurora(FLORA, "orange-3").board(south="orange")
    game = table.finish(stage="place", held="orange", side="east",
                        turns={FLORA: 5, NATASHA: 4, 2: 4})
    game.apply(Place(star("fox", avoid=(3,))))
    settle(game)
    game.apply(Slide("north"))  # the orange tile comes out of the south side (moon)
    game.apply(Place(next(x for x in range(c.CELLS - 1, -1, -1)
                          if c.MAPS["owl"][x] == "moon" and x not in range(12, 16))))
    settle(game)
    assert game.aurora_holder["orange-4"] == NATASHA
    answer = game.why("objective", seat=2, objective="orange-4")
    assert chain(answer) == [(3, "aurora_tile"), (2, "place"), (1, "eject"), (1, "slide"),
                             (0, "reveal")]
    assert answer.chain[0].text == 'Player 2 (owl) has 4 orange tiles and takes the orange ' \
        '"4" aurora tile'
    assert answer.chain[2].text.startswith("The neutral orange tile comes out of the south "
                                           "side (moon)")
    assert answer.chain[3].text.startswith("Player 2 (owl) slides")
    # the tile she slid in was turned over from her pile at the end of Flora's turn: a draw
    reveal = answer.chain[4]
    assert reveal.text.startswith("Player 2 (owl) turns over")
    assert [r.kind for r in answer.roots[reveal.node]] == ["chance", "choice"]
    # Flora's fourth orange tile changed nothing: her "4" was closed before this history
    with pytest.raises(ValueError, match="nothing in this game answers"):
        game.why("objective", seat=FLORA, objective="orange-4")


def test_natasha_could_not_meet_an_objective_once_flora_placed_her_last_token():
    """End of the Game EXAMPLE: Flora, the first player, places her last tokens: the round
    is finished. Natasha's last turn is over when it ends; an aurora tile she never took was
    closed to her by Flora placing her last token, which needed the tile placed before."""
    game = flora_about_to_place_her_last_token()
    game.apply(Place(c.cell_of(2, 3)))
    game.apply(PlaceTokens((c.cell_of(1, 3),)))
    game.apply(ClaimCard("color-9"))
    game.apply(Slide("south"))
    game.apply(Place(c.cell_of(4, 3)))
    assert game.is_over
    answer = game.why("objective", seat=NATASHA, objective="purple-3")
    assert chain(answer) == [(4, "end_turn"), (1, "final_round"), (1, "token"), (0, "place")]
    assert [link.text for link in answer.chain] == [
        "Player 2 (owl) ends turn 12",
        "Player 1 (fox) has placed all their tokens: the round is finished, then the game ends",
        "Player 1 (fox) places a river token between row 3, column 4 and row 2, column 4",
        "Player 1 (fox) places the neutral blue tile on row 3, column 4 (moon)",
    ]
    # Flora's own last turn closed hers
    flora = game.why("objective", seat=FLORA, objective="purple-3")
    assert chain(flora)[0] == (1, "end_turn")
    # the outcome: a tie on points broken by the zones, so it read both maps; the last
    # change among them is Natasha's last tile
    outcome = game.why("outcome")
    assert chain(outcome)[:2] == [(4, "game_end"), (4, "place")]
    assert outcome.chain[1].text == ("Player 2 (owl) places the fox's purple tile on row 5, "
                                     "column 4 (sun)")


def test_a_discarded_tile_leaves_the_game_because_its_symbol_was_all_covered():
    """2 WARNING: "If you do not have any empty spaces with the correct symbol ... you must
    discard the forest tile": Flora covers her last moon space; on her next turn a tile
    comes out of the moon side, and why it left reads her five moon spaces."""
    moons = SYMBOL_CELLS["fox"]["moon"]
    table = Table()
    for cell, colour in zip(moons[:4], ("green", "orange", "blue", "purple")):
        table.lay(FLORA, cell, colour)
    game = table.finish(stage="place", held="blue", side="south")
    game.apply(Place(moons[4]))
    while not (game.current_player == FLORA and game.phase == "slide"):
        game.apply(game.legal_actions()[0])
    game.apply(Slide("north"))  # out of the south side: a moon
    assert game.legal_actions() == [Discard()]
    tile = game.held
    game.apply(Discard())
    answer = game.why(f"tile:{tile}")
    assert answer.chain[0].text.startswith("Player 1 (fox) has no empty moon space and "
                                           "discards the")
    discard = answer.target.node
    read = {key for key, _ in game.provenance().reads[discard]}
    assert read == {("cell", FLORA, moons[4]), ("tile", tile)}  # the others were laid
    assert [kind for _, kind in chain(answer)][:3] == ["discard", "eject", "slide"]
    story = game.story(f"tile:{tile}")
    assert story.end == "gone" and story.events[-1].kind == "discard"


def stories(game) -> dict[str, str]:
    return {thing: game.story(thing).text for thing in game.provenance().ids}


def test_ids_come_from_the_state_and_survive_save_undo_fork_and_replay():
    """A tile is its number, a token the place it lies on: the same stories after a save and
    load, an undo, a fork that plays the same action, and a replay."""
    game = new_game(2, seed=4)
    rng = Rng(9)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()), record=False)
    told = stories(game)
    assert {thing.split(":")[0] for thing in told} == {"tile", "token"}
    assert stories(type(game).from_json(game.to_json())) == told
    assert stories(game.replay()) == told
    placed = next(e for cascade in game.provenance().cascades for e in cascade.events
                  if e.kind == "token")
    (seat, a, b), = placed.touched["edges"]
    assert placed.touched["ids"] == (border_token(seat, a, b),)
    kept = len(game.history) - 20
    earlier = stories(game.replay(kept))
    same = game.fork(kept - 1, action=game.history[kept - 1])
    assert stories(same) == earlier
    game.undo(20)
    assert stories(game) == earlier


def test_bad_questions_are_refused_with_what_can_be_asked():
    game = new_game(2, seed=1, maps=["fox", "owl"])
    with pytest.raises(ValueError, match="seat must be a seat number"):
        game.why("objective", seat=7, objective="symbol-moon")
    with pytest.raises(ValueError, match="objective must be a landscape card"):
        game.why("objective", seat=0, objective="moon")
    with pytest.raises(ValueError, match="not over yet"):
        game.why("outcome")
    with pytest.raises(ValueError, match="has not left the game"):
        game.why("tile:999")


# -- random games ------------------------------------------------------------------------


def random_games(count: int = 30):
    for seed in range(count):
        game = new_game(2 + seed % 3, seed=seed, maps=None if seed % 2 else
                        list(c.ANIMALS[:2 + seed % 3]))
        rng = Rng(seed + 100)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()), record=False)
        yield game


def test_random_games_keep_every_why_invariant():
    for game in random_games():
        prov = game.provenance()
        assert_points_back_in_time(prov)
        for thing, node in prov.gone.items():  # every removal has a cause, and is last
            assert prov.reads.get(node), f"{thing} left with nothing read"
            assert prov.ids[thing][-1] == node
        discarded = {f"tile:{t}" for t in game.discarded}
        for thing in prov.ids:  # every story ends in exactly one state
            end = game.story(thing).end
            assert end in ("in play", "gone")
            assert (end == "gone") == (thing in discarded)
        assert game.why("outcome").target.kind == "game_end"
        assert prov.last_write[OUTCOME] == ("event", len(prov.cascades) - 1,
                                            len(prov.cascades[-1].events) - 1)
        check_objectives(game)


def check_objectives(game) -> None:
    """At the end, each objective of the game is either met by a seat or closed to it, by
    exactly one event."""
    prov = game.provenance()
    writes: dict = {}
    for cascade in prov.cascades:
        for event in cascade.events:
            for key in event.writes:
                if key[0] == "objective":
                    writes[key] = writes.get(key, 0) + 1
    objectives = [o for o in OBJECTIVES if o in game.cards or not o.startswith(
        ("shape", "river", "color"))]
    for seat in range(game.players):
        for name in objectives:
            met = (name in game.fulfilled[seat]
                   or game.symbol_owner.get(name.removeprefix("symbol-")) == seat
                   or game.aurora_holder.get(name) == seat)
            assert writes.get(("objective", seat, name), 0) == (0 if met else 1), (seat, name)
            if not met:
                answer = game.why("objective", seat=seat, objective=name)
                if answer.target.kind == "end_turn" and not game.final_round:
                    # twelve turns: the pile ran out with the twelfth tile turned over
                    assert answer.chain[1].kind == "reveal"
                    assert answer.chain[1].text.endswith("(turn 12)")


def test_events_told_with_and_without_step_views_are_the_same():
    from ecogames.games.tulikko import new_game
    from tests.support.why_checks import assert_events_told_alike_with_and_without_step_views

    kinds = {"reveal", "slide", "eject", "place", "token", "check", "end_turn"}
    assert_events_told_alike_with_and_without_step_views(new_game, kinds)
