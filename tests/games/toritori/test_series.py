"""Tori-Tori's series (games/toritori/series.py): tokens per species after each turn's dice."""

from __future__ import annotations

import doctest
from collections import Counter

import pytest

from ecogames.bots import make_bot, play
from ecogames.core.series import series, spec_of
from ecogames.games.toritori import Roll, new_game, plots
from ecogames.games.toritori import series as toritori_series
from ecogames.games.toritori.components import SPECIES, SPECIES_TOKENS_TOTAL, Species
from tests.support.series_checks import check_played_series

NAMES = [SPECIES[s].name for s in Species]


def counted_on_the_island(view: dict) -> dict[str, int]:
    """Every token of the view's sectors, covered ones included, by species name."""
    found: Counter[str] = Counter()
    for sector in view["sectors"].values():
        for pile in sector["tokens"]:
            found.update([pile["species"], *pile["under"]])
    return {SPECIES[Species(value)].name: n for value, n in found.items()}


def test_the_spec_is_found_and_names_every_species_in_the_components_order():
    game = new_game(players=2, seed=1)
    assert spec_of(game) is toritori_series.SERIES
    assert list(toritori_series.SERIES.quantities(game)) == NAMES
    assert toritori_series.SERIES.colours == plots.COLOURS
    assert set(plots.COLOURS) == set(NAMES)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_counts_every_token_on_the_island(players):
    game = new_game(players=players, seed=players, difficulty="expert")
    quantities = toritori_series.SERIES.quantities(game)
    assert quantities == {name: counted_on_the_island(game.view()).get(name, 0)
                          for name in NAMES}
    assert sum(quantities.values()) == 12 * 2 + 1  # Game Setup 5 and 7: 2 per sector, a Cat


def test_a_step_closes_when_the_roll_is_solved_not_while_the_team_chooses():
    """Course of Play 2 begins (the "phase" event) or the game ends: the dice are done."""
    spec = toritori_series.SERIES
    chose = 0
    for seed in range(6):
        game = new_game(players=2, seed=seed)
        bot = make_bot("toritori-heuristic", seed)
        dice = False
        while not game.is_over:
            before = spec.steps_done(game)
            action = bot.choose(game, game.legal_actions())
            cascade = game.apply(action)
            kinds = {e.kind for e in cascade.events}
            dice = dice or action == Roll()
            chose += dice and action.type in ("choose_first", "choose_food")
            closed = dice and ("phase" in kinds or game.is_over)
            assert spec.steps_done(game) == before + closed, (seed, cascade.label)
            dice = dice and not closed
    assert chose, "no game made the team choose in the middle of a roll"


@pytest.mark.parametrize(("players", "seed", "bot"), [
    (2, 3, "toritori-heuristic"), (4, 5, "toritori-heuristic"), (3, 8, "toritori-hands-off"),
])
def test_over_a_bot_game_and_57_tokens_on_the_island_or_in_the_supply(players, seed, bot):
    def conserved(game, quantities):
        supply = game.view()["supply"]
        assert sum(quantities.values()) + sum(supply.values()) == SPECIES_TOKENS_TOTAL == 57
        assert quantities == {name: counted_on_the_island(game.view()).get(name, 0)
                              for name in NAMES}

    game = new_game(players=players, seed=seed)
    seen = check_played_series(game, make_bot(bot, seed), invariant=conserved)
    assert len(seen) - 1 in (game.history.count(Roll()), game.history.count(Roll()) + 1)


def test_plots_populations_is_the_series():
    game = new_game(players=2, seed=4)
    play(game, make_bot("toritori-heuristic", 4))
    assert plots.populations(game) == series(game).values
    assert all(isinstance(v, int) for column in plots.populations(game).values()
               for v in column)
    ax = plots.plot_populations(game)
    assert ax.get_xlabel() == toritori_series.SERIES.step
    assert [line.get_label() for line in ax.get_lines()] == NAMES


def test_rounds_done_follows_the_round_marker():
    game = new_game(players=2, seed=2)
    assert toritori_series.rounds_done(game) == 0
    play(game, make_bot("toritori-heuristic", 2))
    assert toritori_series.rounds_done(game) == game.round - 1 >= 1


def test_the_docstring_examples_run():
    assert doctest.testmod(toritori_series).failed == 0
