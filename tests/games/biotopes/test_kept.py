"""What the engine keeps between actions instead of working it out again (each player's
territories as bits, ``Biotopes.colonies``; what each player can pay with,
``Biotopes.means_of``; the cards with an Action or x2, ``Biotopes.specials``; those with a
Reaction, a colonization reward or a Production bonus, ``Biotopes.effects``) is what a
fresh count of the same state finds: after playing on, on a clone, after an undo and after a
determinization."""

import random

from ecogames.core import Rng
from ecogames.games.biotopes import Biotopes, legal, new_game, resolution


def fresh(game: Biotopes) -> Biotopes:
    """The same state loaded anew: nothing kept."""
    return Biotopes.from_state(game._state())


def assert_kept_right(game: Biotopes) -> None:
    again = fresh(game)
    assert game._legal_actions() == again._legal_actions()
    kept = game.colonies  # patched as tokens moved: the same bits as counted anew
    if kept is not None:
        counted = legal.territories(again)
        assert kept.grid is counted.grid and kept.colours == counted.colours
        assert (kept.taken, kept.mine, kept.spots) == (counted.taken, counted.mine,
                                                        counted.spots)
        for p, near in enumerate(kept.near):
            assert near in (-1, legal.near_bits(counted, p))

    for p, kept_specials in enumerate(game.specials):  # the cards with an Action or x2
        assert kept_specials in (None, legal.special_cards(again.rows[p]))

    for p, kept_effects in enumerate(game.effects):  # the cards with a Reaction or reward
        assert kept_effects in (None, resolution.effect_cards(again, p))

    for p, kept_means in enumerate(game.means_of):
        if kept_means is None:
            continue
        new_means = legal.means(again, p)
        for name in ("sources", "pool", "plants", "mammals_birds", "birds_reptiles",
                     "breeders", "held"):
            assert getattr(kept_means, name) == getattr(new_means, name), name


def test_what_is_kept_equals_a_fresh_count_as_the_game_goes_on():
    for seed in range(6):
        choose = random.Random(seed).choice
        game = new_game(players=2 + seed % 3, seed=seed)
        steps = 0
        while not game.is_over and steps < 400:
            if game.phase == "action" and steps % 3 == 0:
                assert_kept_right(game)
                twin = game.clone()  # the clone plays on: the game keeps its own
                legal_now = twin.legal_actions()
                twin.push(legal_now[-1])
                assert_kept_right(game)
                assert_kept_right(twin)
                seen = game.determinize(game.active, Rng(seed))
                assert_kept_right(seen)
            game.push(choose(game.legal_actions()))
            steps += 1
        assert_kept_right(game)


def test_what_is_kept_is_right_after_an_undo():
    choose = random.Random(3).choice
    game = new_game(players=3, seed=3)
    for _ in range(150):
        game.push(choose(game.legal_actions()))
    for back in (1, 5, 20):
        game.undo(back)
        assert_kept_right(game)
        for _ in range(back + 3):
            if game.is_over:
                break
            game.push(choose(game.legal_actions()))
        assert_kept_right(game)
