"""Sådan kommer du i gang (getting started)."""

import pytest

from ecogames.games import tori
from ecogames.games.tori.components import (
    BUILD_CARDS_PER_ZONE,
    CUSTOMER_STARTS,
    GOODS,
    GOODS_CARDS_PER_GOOD,
    ZONES,
)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_set_up(players):
    game = tori.new_game(players=players, seed=11)
    assert game.name == "tori" and game.phase == "turn" and game.current_player == 0
    # five build cards face up, the rest in the pile beside them
    assert len(game.display) == 5 and len(game.pile) == 36 - 5 and not game.discard
    assert sorted(game.pile + game.display) == sorted(
        z for z in ZONES for _ in range(BUILD_CARDS_PER_ZONE))
    # five customers on the square, the last on the colour-change tile
    on_square = {g: c for g, c in game.customers.items() if c is not None}
    assert sorted(on_square.values()) == sorted(CUSTOMER_STARTS)
    assert len(game.customers) == 6 and len(on_square) == 5
    # six stall tiles each, none on the board; goods cards in their piles; empty hands
    assert all(game.stall_supply(p) == list(GOODS) for p in range(players))
    assert game.goods_supply == dict.fromkeys(GOODS, GOODS_CARDS_PER_GOOD)
    assert all(game.hand_size(p) == 0 for p in range(players))
    # one area and one colour bonus card each, all different
    assert len(set(game.area_bonus)) == len(set(game.colour_bonus)) == players
    assert all(game.gold[g] is None and game.silver[g] is None for g in GOODS)


def test_the_set_up_depends_only_on_the_seed():
    assert tori.new_game(3, seed=5) == tori.new_game(3, seed=5)
    assert tori.new_game(3, seed=5) != tori.new_game(3, seed=6)


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        tori.new_game(players=players, seed=1)


def test_the_first_turn_can_only_draw():
    game = tori.new_game(2, seed=3)
    kinds = {a.type for a in game.legal_actions()}
    assert kinds == {"draw_face_up", "draw_pile", "refresh"}


def test_every_action_belongs_to_one_phase():
    from ecogames.games.tori import PHASES, Tori

    listed = [a for actions in PHASES.values() for a in actions]
    assert sorted(a.type for a in listed) == sorted(a.type for a in Tori.action_types)
    assert len(listed) == len(set(listed))


def test_a_fresh_seed_when_none_is_given():
    game = tori.new_game(2)
    assert game.phase == "turn" and len(game.legal_actions()) > 0


def test_the_build_cards_customers_and_bonus_cards_are_shuffled():
    """The pile is shuffled (the five face up come from it), the customers are placed in
    shuffled order (D21) and the bonus cards are shuffled before one of each is dealt: each
    differs from seed to seed."""
    games = [tori.new_game(4, seed=seed) for seed in range(6)]
    assert len({tuple(g.pile) for g in games}) > 1  # what is left after the five face up
    assert len({tuple(g.display) for g in games}) > 1
    assert len({tuple(sorted(g.customers.items(), key=str)) for g in games}) > 1
    assert len({g.area_bonus for g in games}) > 1
    assert len({g.colour_bonus for g in games}) > 1
    # face down, the pile has no order: it is the cards left, lowest first, and which one
    # comes next is a chance draw (D31)
    assert all(g.pile == sorted(g.pile) for g in games)
