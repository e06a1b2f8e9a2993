"""End of the Game: a player places all their tokens (finish the round) or twelve turns
pass; 2 points per animal token left and 1 per river token, lowest wins; ties go to the
largest uninterrupted zone of one colour, then the victory is shared."""

import pytest

from ecogames.bots import RandomBot, play
from ecogames.core import IllegalAction
from ecogames.games.tulikko import ClaimCard, Place, PlaceTokens, Slide, new_game
from ecogames.games.tulikko import components as c

from .helpers import FLORA, NATASHA, Table


def test_after_twelve_turns_the_lowest_score_wins_five_against_four():
    """EXAMPLE: Flora keeps two animal tokens and one river token (5 points), Natasha one
    animal and two river tokens (4 points). Natasha wins!"""
    table = Table(cards=("shape-5", "river-8", "color-9"))
    table.art(FLORA, "GGOO",
                     "ggoO",
                     "BBP.",
                     "B.P.")
    table.spend(FLORA, animal=8, river=5).fulfil(FLORA, "shape-5")
    table.art(NATASHA, "GGOO",
                       "gGoO",
                       "BB..")
    table.spend(NATASHA, animal=5, river=4).fulfil(NATASHA, "shape-5")
    table.fulfil(NATASHA, "color-9").symbol(NATASHA, "moon")
    table.aurora(FLORA, "green-3", used=True).aurora(NATASHA, "green-4", used=True)
    table.aurora(FLORA, "orange-3", used=True).aurora(NATASHA, "orange-4", used=True)
    table.aurora(FLORA, "blue-3", used=True)
    game = table.finish(active=NATASHA, stage="place", held="blue", side="north",
                        turns={FLORA: 12, NATASHA: 11})
    assert game.supply == [[2, 1], [1, 2]]
    assert game.turns == [12, 11] and game.piles == [[], []]
    cascade = game.apply(Place(c.cell_of(4, 3)))  # a sun space with no neighbour
    assert game.is_over and game.phase == "over" and game.current_player is None
    outcome = game.outcome
    assert outcome.winners == (NATASHA,) and outcome.scores == (5.0, 4.0)
    assert "12 turns" in outcome.reason
    assert cascade[-1].kind == "game_end"
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply(Slide("north"))


def flora_about_to_place_her_last_token():
    table = Table(cards=("shape-5", "river-8", "color-9"))
    table.art(FLORA, "GGGO",
                     "ggOO",
                     "BBB.")
    table.spend(FLORA, animal=2, river=5)
    for card in ("shape-5", "river-8", "color-9"):
        table.fulfil(FLORA, card)
    table.symbol(FLORA, "sun").symbol(FLORA, "star")
    for aurora in ("green-3", "blue-3", "orange-3"):
        table.aurora(FLORA, aurora)
    table.art(NATASHA, "GGO.",
                       "GgB.",
                       "OBPO")
    table.spend(NATASHA, animal=2, river=6).fulfil(NATASHA, "shape-5")
    table.fulfil(NATASHA, "river-8").symbol(NATASHA, "moon").symbol(NATASHA, "cloud")
    table.aurora(NATASHA, "green-4").board(north="orange")
    return table.finish(stage="place", held="blue", side="south",
                        turns={FLORA: 11, NATASHA: 11})


def test_placing_all_tokens_ends_the_game_when_the_round_is_finished_tie_by_zone():
    """EXAMPLE: Flora, the first player, places her last tokens; Natasha finishes the round
    and places the last of hers too. Flora's zone of five beats Natasha's four."""
    game = flora_about_to_place_her_last_token()
    assert game.supply == [[0, 1], [2, 0]]
    x = c.cell_of(2, 3)
    game.apply(Place(x))
    assert game.legal_actions() == [PlaceTokens((c.cell_of(1, 3),)), PlaceTokens(())]
    cascade = game.apply(PlaceTokens((c.cell_of(1, 3),)))
    assert game.supply[FLORA] == [0, 0] and game.final_round
    assert cascade.of_kind("final_round")[0].touched["players"] == (FLORA,)
    assert not game.is_over and game.current_player == NATASHA  # finish the round
    game.apply(ClaimCard("color-9"))  # Natasha places her last two tokens
    assert game.supply[NATASHA] == [0, 0]
    game.apply(Slide("south"))  # the orange tile comes out of the north side (sun)
    cascade = game.apply(Place(c.cell_of(4, 3)))
    assert game.is_over and game.turns == [12, 12]
    assert game.largest_zones() == (5, 4)
    outcome = game.outcome
    assert outcome.winners == (FLORA,) and outcome.scores == (0.0, 0.0)
    assert "placed all their tokens" in outcome.reason and "zone" in outcome.reason
    assert outcome.data["zones"] == [5, 4]


def test_if_only_one_player_places_all_their_tokens_they_win():
    game = flora_about_to_place_her_last_token()
    game.apply(Place(c.cell_of(2, 3)))
    game.apply(PlaceTokens((c.cell_of(1, 3),)))
    game.apply(Slide("south"))
    game.apply(Place(c.cell_of(4, 3)))
    if game.phase == "end":
        game.apply({"type": "end_turn"})
    assert game.is_over and game.outcome.winners == (FLORA,)
    assert game.outcome.scores == (0.0, 4.0)


def test_a_tie_on_points_and_zones_is_a_shared_victory():
    table = Table(cards=("shape-5", "river-8", "color-9")).art(FLORA, "GG..").art(NATASHA, "OO..")
    game = table.finish(stage="over", turns={FLORA: 1, NATASHA: 1})
    assert game.outcome.winners == (FLORA, NATASHA)
    assert "shared" in game.outcome.reason


def test_the_round_is_finished_so_everyone_plays_the_same_number_of_turns():
    table = Table(players=3, cards=("shape-5", "river-8", "color-9"))
    # Player 1 placed all their tokens, then got some back with the purple aurora (D24)
    table.art(0, "PPP.").aurora(0, "purple-3", used=True)
    game = table.finish(active=1, hand="green", final_round=True,
                        turns={0: 4, 1: 3, 2: 3})
    game.apply(Slide("north"))
    while game.current_player == 1:
        game.apply(game.legal_actions()[0])
    assert not game.is_over and game.current_player == 2
    while not game.is_over:
        assert game.current_player == 2
        game.apply(game.legal_actions()[0])
    assert game.turns == [4, 4, 4]


def test_random_games_last_twelve_turns_each_at_most():
    for seed in range(5):
        game = new_game(players=2 + seed % 3, seed=seed)
        play(game, RandomBot(seed))
        assert all(t == 12 for t in game.turns) or game.final_round
        assert len(set(game.turns)) == 1
        assert all(pile == [] for pile in game.piles) or game.final_round


def test_the_last_animal_token_with_a_river_token_left_is_not_the_end():
    """End of the Game 1: all their animal tokens *and* river tokens."""
    table = Table(cards=("shape-6", "river-8", "color-9"))
    table.art(FLORA, "GGg.",
                     "OOo.",
                     "BBb.",
                     "PP..").spend(FLORA, animal=7, river=5)
    table.fulfil(FLORA, "shape-6").fulfil(FLORA, "color-9").aurora(FLORA, "green-3")
    for aurora in ("orange-3", "blue-3"):
        table.aurora(FLORA, aurora, used=True)
    game = table.finish(stage="place", held="purple", side="west")
    assert game.supply[FLORA] == [1, 1] and ClaimCard("river-8") in game.legal_actions()
    x = c.cell_of(3, 2)
    game.apply(Place(x))
    game.apply(PlaceTokens((c.cell_of(3, 1),)))  # the animal token; the river withheld
    assert game.supply[FLORA] == [0, 1] and not game.final_round
    # D20: the green aurora tile has no animal token left to place on a card
    assert game.phase == "end" and game.current_player == FLORA  # the purple "3" is new
    assert not any(isinstance(a, ClaimCard) for a in game.legal_actions())


def test_a_zone_of_one_colour_is_joined_side_by_side_not_diagonally():
    from ecogames.games.tulikko import patterns

    grid = [-1] * 20
    for cell in (0, 5, 10):  # a green diagonal
        grid[cell] = c.COLOUR_INDEX["green"]
    grid[1] = c.COLOUR_INDEX["green"]
    assert patterns.largest_zone(grid) == 3  # 0, 1 and 5; 10 touches 5 by a corner only
    assert sorted(map(len, patterns.zones(grid))) == [1, 3]


def test_the_fast_largest_zone_is_the_largest_networkx_zone():
    """largest_zone (a flood fill, asked at every end and view) agrees with zones (the
    connected components networkx finds) on random maps."""
    from ecogames.core import Rng
    from ecogames.games.tulikko import patterns

    rng = Rng(3)
    for _ in range(2000):
        fill = rng.below(21)
        grid = [rng.below(4) if rng.below(20) < fill else patterns.EMPTY for _ in range(20)]
        found = patterns.zones(grid)
        assert patterns.largest_zone(grid) == (len(found[0]) if found else 0)
