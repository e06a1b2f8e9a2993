"""Wildlife Web's series (games/wildlifeweb/series.py): animals in the Packs by diet group
and Offspring raised, after each turn of the table."""

from __future__ import annotations

import doctest

import pytest

from ecogames.bots import make_bot, play
from ecogames.core.series import series, spec_of
from ecogames.games.wildlifeweb import new_game
from ecogames.games.wildlifeweb import series as ww_series
from ecogames.games.wildlifeweb.components import ANIMALS, OFFSPRING_CARDS
from tests.games.wildlifeweb.helpers import E, O, W, animal, scenario
from tests.support.series_checks import check_played_series

SERIES = ww_series.SERIES


@pytest.mark.parametrize(("species", "group"), [
    ("elk", "herbivores"), ("deer_mouse", "herbivores"),           # herbivore (+ insects)
    ("big_brown_bat", "insectivores"), ("osprey", "piscivores"),
    ("black_bear", "omnivores"), ("bald_eagle", "omnivores"),      # omnivore; hunts + forages
    ("great_blue_heron", "omnivores"), ("short_tailed_shrew", "omnivores"),
    ("red_tailed_hawk", "carnivores"), ("gray_wolf", "carnivores"),  # carnivore (+ carrion)
    ("turkey_vulture", "scavengers"), ("house_cat", "carnivores"), ("dog", "omnivores"),
])
def test_each_animal_falls_in_one_diet_group(species, group):
    assert ww_series.GROUP_OF[species] == group
    assert set(ww_series.GROUP_OF) == set(ANIMALS)


def test_the_packs_are_counted_by_diet_a_mated_pair_counts_two():
    game = scenario(players=3, packs=[
        [animal(W("elk"), mate=True), animal(W("red_tailed_hawk"))],
        [animal(W("black_bear")), animal(E("house_cat", 1))],
        [animal(W("turkey_vulture"), mate=True, offspring=O(1))],
    ], secured=[[], [{"cards": [W("moose", 1), W("moose", 2)], "offspring": O(2)}], []],
        habitat=[W("osprey")], highway=[W("big_brown_bat")], turn=1)
    assert SERIES.quantities(game) == {
        "herbivores": 2, "insectivores": 0, "piscivores": 0, "omnivores": 1,
        "carnivores": 2, "scavengers": 2, "offspring raised": 1,
        "offspring: Player 1": 0, "offspring: Player 2": 1, "offspring: Player 3": 0,
    }


def animals_in_the_packs(view: dict) -> int:
    return sum(1 + (a["mate"] is not None) for pack in view["packs"] for a in pack)


def test_setup_and_after_the_draft_the_counts_match_the_view():
    game = new_game(players=4, seed=3)
    assert spec_of(game) is SERIES
    assert SERIES.steps_done(game) == 0
    zero = SERIES.quantities(game)
    assert list(zero) == [*ww_series.GROUPS, "offspring raised",
                          *(f"offspring: Player {i}" for i in range(1, 5))]
    assert set(zero.values()) == {0}  # nothing drafted yet
    bot = make_bot("wildlifeweb-greedy", 3)
    while game.phase in ("setup_roadkill", "draft"):
        game.push(bot.choose(game, game.legal_actions()))
    view = game.view()
    quantities = SERIES.quantities(game)
    groups = [ww_series.GROUP_OF[a["species"]] for pack in view["packs"] for a in pack]
    assert sum(quantities[g] for g in ww_series.GROUPS) == animals_in_the_packs(view) == 12
    assert all(quantities[g] == groups.count(g) for g in ww_series.GROUPS)
    assert SERIES.steps_done(game) == 0


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (6, 0)])
def test_over_a_bot_game_offspring_cards_are_conserved(players, seed):
    raised = [0]

    def conserved(game, quantities):
        view = game.view()
        assert sum(quantities[g] for g in ww_series.GROUPS) == animals_in_the_packs(view)
        secured = [len(families) for families in view["secured"]]
        assert [quantities[f"offspring: Player {p + 1}"] for p in range(players)] == secured
        assert quantities["offspring raised"] == sum(secured) >= raised[-1]
        raised.append(sum(secured))
        growing = sum(a["offspring"] is not None for pack in view["packs"] for a in pack)
        assert view["decks"]["offspring"] + growing + sum(secured) == len(OFFSPRING_CARDS)

    game = new_game(players=players, seed=seed)
    seen = check_played_series(game, make_bot("wildlifeweb-greedy", seed), invariant=conserved)
    outcome = game.outcome
    assert outcome is not None
    last = [seen.values[f"offspring: Player {p + 1}"][-1] for p in range(players)]
    assert tuple(float(n) for n in last) == outcome.scores
    assert max(last) >= game.target


def test_a_turn_of_the_table_ends_when_play_returns_to_the_dealer():
    game = new_game(players=3, seed=5)
    bot = make_bot("wildlifeweb-greedy", 5)
    turns = []
    while not game.is_over and SERIES.steps_done(game) < 2:
        turns.append((game.turn, SERIES.steps_done(game)))
        game.push(bot.choose(game, game.legal_actions()))
    # turn 1 is the dealer's first; each step is three turns
    assert {step for turn, step in turns if turn in (1, 2, 3)} == {0}
    assert {step for turn, step in turns if turn in (4, 5, 6)} == {1}


def test_played_to_the_end_the_series_has_a_point_per_turn_of_the_table():
    game = new_game(players=2, seed=7)
    play(game, make_bot("wildlifeweb-greedy", 7))
    assert series(game).steps[-1] in (game.round, game.round + 1)


def test_the_docstring_examples_run():
    assert doctest.testmod(ww_series).failed == 0
