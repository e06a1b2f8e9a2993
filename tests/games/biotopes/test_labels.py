"""Issue 12 §7: what the players read. Every legal action has its own label; a cost names the
card it pays for; Landscape Construction shows the faces of the tiles to place and turn."""

from __future__ import annotations

import pytest

from ecogames.bots import RandomBot
from ecogames.games.biotopes import Adapt, UseCard, new_game
from ecogames.games.biotopes.components import TILE_SHAPE, TILES

from .scenario import blank, give_hand, put_species, ready, three_tiles

SET_UPS = [dict(players=2), dict(players=3, construction=True, special_tiles=True),
           dict(players=4, draft=True), dict(players=5), dict(players=1),
           dict(players=1, draft=True)]


@pytest.mark.parametrize("options", SET_UPS, ids=lambda o: "-".join(f"{k}" for k in o.items()))
def test_every_legal_action_has_its_own_label_at_every_step(options):
    for seed in range(3):
        game, bot = new_game(seed=seed, **options), RandomBot(seed)
        while not game.is_over:
            legal = game.legal_actions()
            labels = [game.describe(a) for a in legal]
            twice = sorted({x for x in labels if labels.count(x) > 1})
            assert not twice, f"step {len(game.history)} ({game.phase}): {twice}"
            game.apply(bot.choose(game, legal), record=False)


def test_an_adaptations_cost_names_the_card_at_every_cube():
    game = blank(players=2, tiles=three_tiles())
    put_species(game, 0, "two_tailed_pasha", green=2)  # Invertebrates
    give_hand(game, 0, "crested_tit")  # diet: Plants + Invertebrates
    game.biotope[0][1] += 1
    game.box[1] -= 1
    game = ready(game)
    game.apply(Adapt("crested_tit"))
    paid = 0
    while game.phase == "pay":
        decision = game.view(0)["decision"]
        assert decision["for"] == "adaptation" and decision["card"] == "crested_tit"
        game.apply(game.legal_actions()[0])
        paid += 1
    assert paid == 2 and game.view()["decision"] is None


def test_a_card_actions_cost_names_the_card():
    """The Hazel Dormouse (Adaptive Genius) holds a green and a gray cube: which one is
    recycled is Purple's choice, and the prompt names the card."""
    game = blank(players=2, tiles=three_tiles())
    col = put_species(game, 0, "hazel_dormouse", green=1, gray=1)
    game = ready(game)
    game.apply(UseCard(1, col))
    assert game.phase == "pay"
    decision = game.view(0)["decision"]
    assert decision["for"] == "card" and decision["card"] == "hazel_dormouse"


def test_landscape_construction_shows_the_faces_of_the_tiles_to_place_and_turn():
    game = new_game(players=2, seed=1, construction=True, first_player=0)
    faces = game.view()["tile_faces"]
    assert sorted(faces) == sorted(t for hand in game.tile_hands for t in hand)
    for tile, face in faces.items():
        assert face["names"] == {"A": f"A{tile}", "B": f"B{tile}"}
        for side in "AB":
            assert face[side] == [b.value for b in TILES[tile].sides[side]]
            assert len(face[side]) == len(TILE_SHAPE)
    game.apply(game.legal_actions()[0])  # a tile placed: still to turn
    placed = game.tiles[-1][0]
    assert game.phase == "orient" and placed in game.view()["tile_faces"]
    bot = RandomBot(1)
    while game.phase in ("tiles", "orient"):
        game.apply(bot.choose(game, game.legal_actions()))
    assert game.view()["tile_faces"] == {}
    assert new_game(players=2, seed=1).view()["tile_faces"] == {}
