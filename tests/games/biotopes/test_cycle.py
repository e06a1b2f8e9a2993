"""Playing a Round: 1. Primary Production, 2. Action Phase, 3. End of Cycle; End of Game."""

import pytest

from ecogames.core import IllegalAction
from ecogames.games.biotopes import Pass, Pay, Reproduce, Transfer

from .scenario import (
    blank,
    put_bag,
    put_biotope,
    put_species,
    put_token,
    ready,
    three_tiles,
)


def florence() -> object:
    """Florence (player 0) has 4 territories and the Rose Chafer; her bag holds 7 cubes."""
    game = blank(players=2, tiles=three_tiles())
    put_token(game, 0, (0, -1), (1, -1), (-1, 0), (0, 0))
    put_token(game, 1, (2, 1))
    put_species(game, 0, "rose_chafer", green=1)
    put_bag(game, 0, gray=2, green=2, yellow=2, blue=1)
    put_bag(game, 1, gray=3)
    return ready(game)


def test_primary_production_florence_draws_5_cubes():
    """"there are 4 empty spaces on Florence's board, and she has played the Rose Chafer,
    which grants her a +1 cube bonus. She will therefore draw 5 cubes in total"."""
    game = florence()
    assert game.tokens[0] == 8  # 4 empty spaces among the 12 of her board
    game.apply(Pass())
    cascade = game.apply(Pass())
    production = cascade.of_kind("production")
    # cycle 2: Orange holds the Initiative and draws first, then Florence (Purple)
    assert [e.touched["players"] for e in production] == [(1,), (0,)]
    drawn = ", ".join(f"{n} {c}" for c, n in zip(("gray", "green", "yellow", "blue"),
                                                  game.biotope[0]) if n)
    assert production[1].text == (f"Purple draws 5 cube(s) from the bag ({drawn}) onto the "
                                  "Biotope cards (+1 from cards)")
    assert production[0].text == ("Orange draws 1 cube(s) from the bag (1 gray) onto the "
                                  "Biotope cards")
    assert sum(game.biotope[0]) == 5 and sum(game.bags[0]) == 2
    # Player 1: one territory, no bonus: one cube.
    assert sum(game.biotope[1]) == 1 and game.biotope[1][0] == 1


def test_primary_production_cubes_go_onto_the_biotope_card_of_their_colour():
    game = florence()
    game.apply(Pass())
    game.apply(Pass())
    drawn = [game.biotope[0][k] for k in range(4)]
    left = game.bags[0]
    assert [d + bag for d, bag in zip(drawn, left)] == [2, 2, 2, 1]


def test_primary_production_draws_what_the_bag_holds():
    game = blank(players=2, tiles=three_tiles())
    put_token(game, 0, (0, -1), (1, -1), (-1, 0))
    put_token(game, 1, (2, 1))
    put_bag(game, 0, blue=2)
    game = ready(game)
    game.apply(Pass())
    cascade = game.apply(Pass())
    assert game.biotope[0] == [0, 0, 0, 2] and game.bags[0] == [0, 0, 0, 0]
    assert any("held only 2" in e.text for e in cascade.of_kind("production"))


def test_action_phase_turns_go_clockwise_and_passing_is_final():
    game = blank(players=3, tiles=three_tiles())
    for p in range(3):
        put_species(game, p, ["apollo", "rose_chafer", "spanish_festoon"][p], **{
            ["gray", "green", "yellow"][p]: 2})
        put_biotope(game, p, "forests", 1)
    game = ready(game)
    assert game.current_player == 0
    game.apply(Transfer())
    assert game.phase == "pay" and game.current_player == 0  # which cube: a choice
    game.apply(Pay(1, -1, "green"))
    assert game.current_player == 1
    game.apply(Pass())
    assert game.current_player == 2
    game.apply(Transfer())
    game.apply(Pay(2, 0, "yellow"))
    assert game.current_player == 0  # player 1 has passed for the cycle
    game.apply(Reproduce())  # the one Invertebrates cube pays: no choice to make
    assert game.current_player == 2
    with pytest.raises(IllegalAction, match="at most 1 time"):
        game.apply(Transfer())
    game.apply(Pass())
    assert game.current_player == 0 and game.cycle == 1
    game.apply(Pass())
    assert game.cycle == 2


def test_end_of_cycle_recycles_the_board_rivers_cycle_and_initiative():
    game = blank(players=2, tiles=three_tiles())
    put_species(game, 0, "apollo", gray=3)
    put_biotope(game, 0, "mountains", 2)
    game = ready(game)
    rivers = [list(r) for r in game.rivers]
    game.apply(Transfer())  # moves a cube to the Transfer space
    game.apply(Pay(0, 0, "gray"))
    assert sum(game.spaces[0][1]) == 1
    on_cards = game.biotope[0][0] + sum(game.rows[0][0][0][1:])
    game.apply(Pass())
    cascade = game.apply(Pass())
    assert game.spaces[0] == [[0] * 4] * 6 and sum(game.bags[0]) == 1
    assert game.biotope[0][0] + sum(game.rows[0][0][0][1:]) == on_cards  # cards keep cubes
    for old, new in zip(rivers, game.rivers):
        assert new[1:] == old[:2] and new[0] not in old  # rightmost discarded, new at left
    assert [len(d) for d in game.discards] == [1, 1, 1]
    assert game.cycle == 2 and game.initiative == 1 and game.current_player == 1
    assert game.uses[0] == [0] * 6
    assert cascade.of_kind("cycle_end") and cascade.of_kind("river")


@pytest.mark.parametrize("board, cycles", [("butterfly", 6), ("ant", 5)])
def test_end_of_game_after_the_last_cycle(board, cycles):
    game = ready(blank(players=2, tiles=three_tiles(), board=board))
    for cycle in range(1, cycles + 1):
        assert game.cycle == cycle and not game.is_over
        game.apply(Pass())
        game.apply(Pass())
    assert game.is_over and game.phase == "over" and game.current_player is None
    assert game.legal_actions() == []
    assert game.outcome is not None and game.outcome.scores == (0, 0)
