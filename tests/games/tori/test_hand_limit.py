"""OBS: at most eight cards in hand (build and goods cards together); with more, the player
discards at once, cards of their choice (a decision phase: the engine never chooses)."""

import pytest

from ecogames.core import IllegalAction
from ecogames.games.tori import DiscardBuild, DiscardGoods, DrawPile, Refresh, TakeFromPile

from .scenario import scenario, types_of


def test_the_eighth_card_is_kept():
    game = scenario(build={0: [1, 2, 3]}, goods={0: {"fish": 3}}, pile_top=[9, 9])
    cascade = game.apply(DrawPile())
    assert game.hand_size(0) == 8 and game.phase == "turn" and game.current_player == 1
    assert "hand_limit" not in types_of(cascade)


def test_a_ninth_card_must_be_discarded_and_the_player_chooses_which():
    game = scenario(build={0: [1, 2, 3, 4]}, goods={0: {"fish": 3}}, pile_top=[9, 9])
    cascade = game.apply(DrawPile())
    assert game.hand_size(0) == 9 and game.phase == "discard" and game.current_player == 0
    assert types_of(cascade) == ["draw", "hand_limit"]
    legal = set(game.legal_actions())
    assert legal == {DiscardBuild(z) for z in (1, 2, 3, 4, 9)} | {DiscardGoods("fish")}
    with pytest.raises(IllegalAction, match="must discard down to 8"):
        game.apply(DrawPile())
    with pytest.raises(IllegalAction, match="no build card 5"):
        game.apply(DiscardBuild(5))
    cascade = game.apply(DiscardGoods("fish"))
    assert game.hand_size(0) == 8 and game.goods_supply["fish"] == 8
    assert types_of(cascade) == ["discard", "turn"] and game.current_player == 1


def test_discarded_build_cards_go_to_the_discard_pile():
    game = scenario(build={0: [1, 2, 3, 4, 5, 6, 7]}, pile_top=[9, 9])
    game.apply(DrawPile())
    assert game.view(0)["must_discard"] == 1
    game.apply(DiscardBuild(9))
    assert game.discard == [9] and game.build_hands[0][8] == 1


def test_two_over_means_two_decisions():
    game = scenario(build={0: [1, 2, 3, 4, 5, 6, 7, 8]}, pile_top=[9, 9])
    game.apply(DrawPile())
    game.apply(DiscardBuild(1))
    assert game.phase == "discard" and game.current_player == 0
    game.apply(DiscardBuild(2))
    assert game.phase == "turn" and game.current_player == 1


def test_the_one_card_after_a_refresh_counts_too():
    game = scenario(build={0: [1, 2, 3, 4, 5, 6, 7, 8]})
    game.apply(Refresh())
    game.apply(TakeFromPile())
    assert game.phase == "discard"
