"""Biotopes' series (games/biotopes/series.py): cubes of each type per cycle."""

from __future__ import annotations

import doctest
from collections import Counter

import pytest

from ecogames.bots import make_bot
from ecogames.core.series import spec_of
from ecogames.games.biotopes import new_game
from ecogames.games.biotopes import series as biotopes_series
from ecogames.games.biotopes.components import CUBES_TOTAL, SPECIES, TYPE_LABELS, CubeType
from tests.support.series_checks import check_played_series

SERIES = biotopes_series.SERIES
NAMES = [TYPE_LABELS[t] for t in CubeType]


def counted_on_the_cards(view: dict) -> dict[str, int]:
    """The view's cubes: Plants on the Biotope cards, the card's type on a Species card."""
    found: Counter[str] = Counter()
    for eco in view["ecosystems"]:
        for biotope in eco["biotopes"]:
            found["Plants"] += sum(biotope["colours"].values())
        for row in eco["rows"]:
            for card in row:
                found[SPECIES[card["card"]].type.label] += sum(card["cubes"].values())
    return {name: found[name] for name in NAMES}


def off_the_cards(game) -> int:
    """Cubes in the reserve, the box, the bags, on the action spaces and in hand."""
    pending = sum(1 for task in game.queue if task.drawn >= 0)
    return (sum(game.reserve) + sum(game.box) + sum(map(sum, game.bags))
            + sum(sum(space) for spaces in game.spaces for space in spaces) + pending)


def test_the_spec_names_the_five_types_in_the_glossary_order():
    game = new_game(players=2, seed=1)
    assert spec_of(game) is SERIES
    assert list(SERIES.quantities(game)) == NAMES == [
        "Plants", "Invertebrates", "Reptiles & Amphibians", "Birds", "Mammals"]
    assert set(SERIES.colours) == set(NAMES)


@pytest.mark.parametrize("players", [1, 3, 5])
def test_setup_no_cube_lies_on_a_card_yet(players):
    game = new_game(players=players, seed=players)
    assert SERIES.steps_done(game) == 0
    assert SERIES.quantities(game) == counted_on_the_cards(game.view()) == dict.fromkeys(
        NAMES, 0)
    assert off_the_cards(game) == CUBES_TOTAL


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 1, {}), (5, 2, {}), (1, 3, {}), (3, 4, {"board": "ant", "draft": True}),
])
def test_over_a_bot_game_160_cubes_are_on_the_cards_or_off_them(players, seed, options):
    def conserved(game, quantities):
        assert quantities == counted_on_the_cards(game.view())
        assert sum(quantities.values()) + off_the_cards(game) == CUBES_TOTAL == 160

    game = new_game(players=players, seed=seed, **options)
    seen = check_played_series(game, make_bot("biotopes-greedy", seed), invariant=conserved)
    assert seen.steps == list(range(game.cycles + 1))
    assert sum(seen.values["Plants"]) > 0


def test_a_cube_a_discreet_species_moved_onto_a_biotope_card_counts_as_plants():
    """Glossary: a cube's type is its card's; D21: a Discreet Species may move a cube of
    another colour onto a Biotope card."""
    game = new_game(players=2, seed=1)
    bot = make_bot("biotopes-greedy", 1)
    while game.cycle < 3:
        game.push(bot.choose(game, game.legal_actions()))
    state = game._state()
    before = SERIES.quantities(game)
    state["box"][2] -= 1  # a yellow cube onto the gray (Mountains) Biotope card
    state["ecosystems"][0]["foreign"][0][2] += 1
    moved = type(game).from_state(state)
    assert SERIES.quantities(moved) == {**before, "Plants": before["Plants"] + 1}
    assert SERIES.quantities(moved) == counted_on_the_cards(moved.view())
    assert sum(moved.cube_count()) == CUBES_TOTAL


def test_a_step_closes_with_the_end_of_each_cycle():
    game = new_game(players=2, seed=6)
    bot = make_bot("biotopes-greedy", 6)
    while not game.is_over:
        before = SERIES.steps_done(game)
        cascade = game.apply(bot.choose(game, game.legal_actions()))
        ended = [e for e in cascade.events if e.kind == "cycle_end"]
        assert SERIES.steps_done(game) == before + len(ended), cascade.label
    assert SERIES.steps_done(game) == game.cycles == 6


def test_the_docstring_examples_run():
    assert doctest.testmod(biotopes_series).failed == 0
