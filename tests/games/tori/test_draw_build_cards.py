"""Træk byggekort (draw build cards): two face up (then refill to five), two from the pile,
or a new five and then only one card."""

import pytest

from ecogames.core import IllegalAction
from ecogames.games.tori import DrawFaceUp, DrawPile, Refresh, TakeFaceUp, TakeFromPile, Tori

from .scenario import next_draws, scenario, scenario_state, types_of


def with_pile(display: list[int], pile: list[int]) -> Tori:
    """A position whose face-down pile holds the cards ``pile`` and no draw forced yet: each
    action below is forced the draws it makes, and no more (an action forced a draw it never
    makes is refused)."""
    return Tori.from_state(scenario_state(display=display, pile_top=pile))


def test_take_two_face_up_then_refill_from_the_pile():
    game = scenario(display=[1, 2, 3, 4, 5], pile_top=[9, 8])
    cascade = game.apply(DrawFaceUp(2, 4))
    assert game.build_hands[0][1] == 1 and game.build_hands[0][3] == 1
    assert sorted(game.display) == [1, 3, 5, 8, 9]
    assert types_of(cascade) == ["draw", "refill", "turn"]
    assert game.current_player == 1


def test_take_a_pair_only_if_two_lie_face_up():
    game = scenario(display=[6, 6, 2, 3, 4])
    assert DrawFaceUp(6, 6) in game.legal_actions()
    assert DrawFaceUp(2, 2) not in game.legal_actions()
    with pytest.raises(IllegalAction, match="no build card 7"):
        game.apply(DrawFaceUp(3, 7))


def test_take_two_from_the_pile():
    game = scenario(display=[1, 2, 3, 4, 5], pile_top=[7, 9])
    game.apply(DrawPile())
    assert game.build_hands[0][6] == 1 and game.build_hands[0][8] == 1
    assert game.display == [1, 2, 3, 4, 5]


def test_no_mixing_face_up_and_pile():
    game = with_pile([1, 2, 2, 6, 9], [4, 7, 3, 5, 8, 1])
    # both from the display (every pair of what lies there), both from the pile, or a
    # refresh: no action takes one face-up card and one from the pile
    assert set(game.legal_actions()) == {
        DrawFaceUp(1, 2), DrawFaceUp(1, 6), DrawFaceUp(1, 9), DrawFaceUp(2, 2),
        DrawFaceUp(2, 6), DrawFaceUp(2, 9), DrawFaceUp(6, 9), DrawPile(), Refresh()}
    twin = game.clone()
    next_draws(twin, 4, 7)
    twin.apply(DrawFaceUp(2, 9))  # both cards from the display, none from the pile
    assert twin.build_hands[0] == [0, 1, 0, 0, 0, 0, 0, 0, 1]
    assert sorted(twin.display) == [1, 2, 4, 6, 7]  # refilled with the pile's 4 and 7
    twin = game.clone()
    next_draws(twin, 4, 7)
    twin.apply(DrawPile())  # both from the pile, the display untouched
    assert twin.build_hands[0] == [0, 0, 0, 1, 0, 0, 1, 0, 0]
    assert twin.display == [1, 2, 2, 6, 9]
    # one from each is only the refresh's single card: one card in all
    next_draws(game, 4, 7, 3, 5, 8)
    game.apply(Refresh())
    assert sorted(game.display) == [3, 4, 5, 7, 8]
    assert set(game.legal_actions()) == {TakeFaceUp(z) for z in (3, 4, 5, 7, 8)} | {
        TakeFromPile()}
    twin = game.clone()
    next_draws(twin, 1)
    twin.apply(TakeFaceUp(5))
    assert twin.build_hands[0] == [0, 0, 0, 0, 1, 0, 0, 0, 0] and twin.current_player == 1
    next_draws(game, 1)
    game.apply(TakeFromPile())
    assert game.build_hands[0] == [1, 0, 0, 0, 0, 0, 0, 0, 0] and game.current_player == 1
    assert sorted(game.display) == [3, 4, 5, 7, 8]


def test_refresh_lays_out_five_new_cards_then_only_one_is_taken():
    game = with_pile([1, 1, 2, 2, 3], [9, 9, 8, 8, 7, 6])
    next_draws(game, 9, 9, 8, 8, 7)
    cascade = game.apply(Refresh())
    assert game.phase == "refresh" and game.current_player == 0
    assert sorted(game.display) == [7, 8, 8, 9, 9]
    assert sorted(game.discard) == [1, 1, 2, 2, 3]
    assert types_of(cascade) == ["clear", "refill", "decide"]
    with pytest.raises(IllegalAction, match="must take one build card"):
        game.apply(DrawPile())
    next_draws(game, 6)
    game.apply(TakeFaceUp(8))
    assert game.hand_size(0) == 1 and game.build_hands[0][7] == 1
    assert sorted(game.display) == [6, 7, 8, 9, 9]  # refilled to five
    assert game.current_player == 1 and game.phase == "turn"


def test_refresh_then_take_from_the_pile():
    game = with_pile([1, 1, 2, 2, 3], [9, 9, 8, 8, 7, 6])
    next_draws(game, 9, 9, 8, 8, 7)
    game.apply(Refresh())
    next_draws(game, 6)
    game.apply(TakeFromPile())
    assert game.build_hands[0][5] == 1 and game.hand_size(0) == 1


def test_an_empty_pile_is_made_from_the_shuffled_discard_pile():
    game = scenario(display=[1, 2, 3, 4, 5])
    state = game._state()
    state["discard"], state["pile"] = state["pile"][:-1], state["pile"][-1:]
    game = type(game).from_state(state)
    cascade = game.apply(DrawPile())
    assert "reshuffle" in types_of(cascade)
    assert game.hand_size(0) == 2 and not game.discard
    assert len(game.pile) == 36 - 5 - 2


def test_a_refresh_needs_five_new_cards():
    # four players holding 28 build cards between them leave three to draw
    game = scenario(4, display=[1, 2, 3, 4, 5], build={
        0: [6, 6, 6, 6, 7, 7, 7], 1: [7, 8, 8, 8, 8, 9, 9], 2: [9, 9, 1, 1, 1, 2, 2],
        3: [2, 3, 3, 3, 4, 4, 4]})
    assert sorted(game.pile) == [5, 5, 5] and not game.discard
    assert Refresh() not in game.legal_actions() and DrawPile() in game.legal_actions()
    with pytest.raises(IllegalAction, match="fewer than five"):
        game.apply(Refresh())
