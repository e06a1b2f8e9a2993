"""Chance made explicit: every face-down tile the rules take at random is a chance draw.

The tiles drawn are the tile turned over from a personal pile (1A), and at the set-up the
five neutral tiles slid into the central board and each player's starting neutral tile. Tiles
of one colour and back are alike, so a draw's outcomes are the colours left, weighted by how
many tiles of each are left. The landscape cards stay on the generator (set-up, never forked).
"""

from __future__ import annotations

from collections import Counter

import pytest

from ecogames.bots import RandomBot
from ecogames.core import IllegalAction
from ecogames.games.tulikko import ChooseMap, PlaceStart, new_game
from ecogames.games.tulikko import components as c
from ecogames.games.tulikko.rules import Tulikko

SETUP_DRAWS = ["the neutral tile slid into the north side of the central board",
               "the neutral tile slid into the east side of the central board",
               "the neutral tile slid into the south side of the central board",
               "the neutral tile slid into the west side of the central board",
               "the neutral tile hidden in the middle of the central board"]


def colours_of(tiles) -> Counter:
    return Counter(c.TILES[t].colour for t in tiles)


def chosen(seed: int = 4, players: int = 3) -> Tulikko:
    """A game whose maps were chosen in play: its last choice makes the set-up draws."""
    game = new_game(players=players, seed=seed)
    for animal in c.ANIMALS[:players]:
        game.apply(ChooseMap(animal))
    return game


def test_the_set_up_draws_the_board_then_the_starting_tiles_in_order():
    game = new_game(players=3, seed=4)
    game.apply(ChooseMap("fox"))
    game.apply(ChooseMap("owl"))
    cascade = game.apply(ChooseMap("lynx"))
    names = [d.name for d in cascade.chances]
    assert names == SETUP_DRAWS + [f"the neutral tile {game.player_names[p]} draws to start "
                                   "their map" for p in range(3)]
    tiles = [game.board[s] for s in c.SLOTS] + list(game.start)
    left = Counter({colour: 3 for colour in c.COLOURS})
    for draw, tile in zip(cascade.chances, tiles):
        # the colours left, weighted by how many of each are left
        assert dict(zip(draw.outcomes, draw.weights)) == {k: n for k, n in left.items() if n}
        assert draw.outcome == c.TILES[tile].colour
        left[draw.outcome] -= 1
    assert colours_of(game.box) == +left


def test_the_middle_tile_is_drawn_unseen_by_everyone():
    cascade = chosen().last_cascade
    assert cascade is not None
    middle = cascade.chances[4]
    assert middle.seen_by == ()
    for player in (None, 0, 1, 2):
        shown = middle.to_json(player)
        assert shown["secret"] is True and shown["outcome"] is None
        assert all(d.to_json(player)["outcome"] is not None for d in cascade.chances
                   if d is not middle)


def test_each_turn_turns_over_a_tile_drawn_by_colour_from_what_the_pile_holds():
    game, bot = new_game(players=2, seed=5, maps=["fox", "owl"]), RandomBot(5)
    reveals = 0
    while not game.is_over:
        cascade = game.apply(bot.choose(game, game.legal_actions()))
        shown = cascade.of_kind("reveal")
        turn_draws = [d for d in cascade.chances if "turns over" in d.name]
        assert len(turn_draws) == len(shown) <= 1
        if shown:
            reveals += 1
            draw = turn_draws[0]
            assert draw.name == f"the tile {game.player_names[game.active]} turns over from " \
                                "their pile"
            pile = colours_of([*game.piles[game.active], game.hand])
            assert dict(zip(draw.outcomes, draw.weights)) == dict(pile)
            assert draw.outcome == c.TILES[game.hand].colour
            assert draw.labels == tuple(f"{'an' if k == 'orange' else 'a'} {k} tile"
                                        for k in draw.outcomes)
            # the lowest-numbered tile of that colour still in the pile is taken
            assert game.hand == min(t for t in [*game.piles[game.active], game.hand]
                                    if c.TILES[t].colour == draw.outcome)
    assert reveals == sum(game.turns)  # the first is turned over after the starting tiles


def test_the_draws_follow_the_generator():
    """Same seed, same draws; another seed soon draws other tiles."""
    a, b = chosen(seed=9), chosen(seed=9)
    assert [d.outcome for d in a.last_cascade.chances] == \
        [d.outcome for d in b.last_cascade.chances]
    others = {tuple(d.outcome for d in chosen(seed=s).last_cascade.chances)
              for s in range(12)}
    assert len(others) > 6


def first_reveal(game: Tulikko) -> int:
    """The step whose cascade turns over the first player's first tile."""
    for seat in range(game.players):
        game.apply(PlaceStart(seat))
    return len(game.history) - 1


@pytest.mark.parametrize("players", [2, 4])
def test_a_fork_with_the_same_outcome_is_the_same_game(players):
    game = chosen(seed=players, players=players)
    step = first_reveal(game)
    bot = RandomBot(3)
    for _ in range(30):
        game.apply(bot.choose(game, game.legal_actions()))
    for at in range(len(game.history)):
        draws = game.chances(at)
        if not draws:
            continue
        same = game.fork(at, chance={i: d.outcome for i, d in enumerate(draws)})
        assert same == game.replay(at + 1)
    assert game.chances(step)[0].name.startswith("the tile Player 1")


def test_a_fork_with_another_tile_turned_over_shows_it_and_shares_everything_before():
    game = chosen(seed=2, players=2)
    step = first_reveal(game)
    bot = RandomBot(8)
    for _ in range(12):
        game.apply(bot.choose(game, game.legal_actions()))
    real = game.chances(step)[0]
    other = next(k for k in real.outcomes if k != real.outcome)
    fork = game.fork(step, chance=other)
    assert fork.hand is not None and c.TILES[fork.hand].colour == other
    assert fork.last_cascade is not None
    assert fork.last_cascade.chances[0].forced and fork.last_cascade.chances[0].outcome == other
    assert fork.history == game.history[:step + 1]
    assert fork.replay(step) == game.replay(step)
    # the tile went from the pile: every tile is still in exactly one place
    Tulikko.from_state(fork._state())
    # the generator was used up as by the natural draw: what follows is drawn the same
    assert fork.rng == game.replay(step + 1).rng


def test_a_fork_of_the_set_up_draws_the_hidden_middle_and_a_starting_tile_anew():
    game = chosen(seed=6, players=3)
    step = len(game.history) - 1
    draws = game.chances(step)
    middle, start = draws[4].outcome, draws[6].outcome
    other_middle = next(k for k in draws[4].outcomes if k != middle)
    # (forcing the middle takes one more tile of its colour: avoid that one for the start)
    other_start = next(k for k in draws[6].outcomes if k not in (start, other_middle))
    fork = game.fork(step, chance={4: other_middle, 6: other_start})
    assert c.TILES[fork.board[c.CENTER]].colour == other_middle
    assert c.TILES[fork.start[1]].colour == other_start
    assert [fork.board[s] for s in c.SIDES] == [game.board[s] for s in c.SIDES]
    Tulikko.from_state(fork._state())


def test_an_impossible_outcome_is_refused():
    game = chosen(seed=1, players=2)
    step = first_reveal(game)
    with pytest.raises(IllegalAction, match="cannot come out as 'red'"):
        game.fork(step, chance="red")
    with pytest.raises(IllegalAction, match="made 1 chance draw"):
        game.fork(step, chance={1: "green"})
    # a colour the pile no longer holds: play until one is gone from the first pile
    bot = RandomBot(1)
    while not game.is_over:
        cascade = game.apply(bot.choose(game, game.legal_actions()))
        draw = next((d for d in cascade.chances if "Player 1" in d.name), None)
        if draw is not None and len(draw.outcomes) < len(c.COLOURS):
            gone = next(k for k in c.COLOURS if k not in draw.outcomes)
            with pytest.raises(IllegalAction, match=f"cannot come out as '{gone}'"):
                game.fork(len(game.history) - 1, chance=gone)
            break
    else:
        pytest.fail("the first pile never ran out of a colour")


def test_a_turn_with_no_tile_to_draw_makes_no_draw():
    """The game's last action turns nothing over: its cascade has no chance draw."""
    game, bot = new_game(players=2, seed=3, maps=["fox", "owl"]), RandomBot(3)
    while not game.is_over:
        cascade = game.apply(bot.choose(game, game.legal_actions()))
    assert cascade.chances == ()
    assert sum(game.turns) == 2 * c.TURNS or game.final_round
