"""Tulikko's series (games/tulikko/series.py): points and tokens left, round by round."""

from __future__ import annotations

import doctest

import pytest

from ecogames.bots import make_bot
from ecogames.core.series import spec_of
from ecogames.games.tulikko import new_game
from ecogames.games.tulikko import series as tulikko_series
from ecogames.games.tulikko.components import ANIMAL_TOKENS, ANIMALS, RIVER_TOKENS
from tests.support.series_checks import check_played_series

SERIES = tulikko_series.SERIES


def from_the_view(view: dict) -> dict[str, int]:
    """End of the game: "2 points for each unplaced animal token and 1 point for each
    unplaced river token", from the supplies the view shows."""
    out = {}
    for seat, player in enumerate(view["players"]):
        animals, rivers = player["supply"]["animal"], player["supply"]["river"]
        name = f"Player {seat + 1}"
        out[f"points: {name}"] = 2 * animals + rivers
        out[f"animal tokens left: {name}"] = animals
        out[f"river tokens left: {name}"] = rivers
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_everyone_holds_every_token(players):
    game = new_game(players=players, seed=players)
    assert spec_of(game) is SERIES
    assert SERIES.steps_done(game) == 0
    quantities = SERIES.quantities(game)
    assert quantities == from_the_view(game.view())
    assert [quantities[f"points: Player {p + 1}"] for p in range(players)] == [
        2 * 12 + 6] * players
    assert set(quantities) <= set(SERIES.colours)  # the colours name all four seats


def test_the_names_do_not_change_when_the_maps_are_chosen():
    game = new_game(players=2, seed=1)
    names = list(SERIES.quantities(game))
    bot = make_bot("tulikko-greedy", 1)
    while game.phase == "choose_map":
        game.push(bot.choose(game, game.legal_actions()))
    assert game.player_names[0] != "Player 1"  # the map's animal joins the name
    assert list(SERIES.quantities(game)) == names


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 1, {}), (3, 2, {"beginner": True}), (4, 3, {"maps": list(ANIMALS)}),
])
def test_over_a_bot_game_every_token_is_in_a_supply_or_placed(players, seed, options):
    def conserved(game, quantities):
        view = game.view()
        assert quantities == from_the_view(view)
        for seat, player in enumerate(view["players"]):
            on_edges = [t["kind"] for t in player["tokens"]]
            on_cards = sum(card["tokens"][seat] for card in view["landscape_cards"])
            on_cards += sum(card["tokens"] for card in view["symbol_cards"]
                            if card["owner"] == seat)
            name = f"Player {seat + 1}"
            assert (quantities[f"animal tokens left: {name}"] + on_edges.count("animal")
                    + on_cards == ANIMAL_TOKENS)
            assert (quantities[f"river tokens left: {name}"] + on_edges.count("river")
                    == RIVER_TOKENS)

    game = new_game(players=players, seed=seed, **options)
    seen = check_played_series(game, make_bot("tulikko-greedy", seed), invariant=conserved)
    outcome = game.outcome
    assert outcome is not None
    last = tuple(float(seen.values[f"points: Player {p + 1}"][-1]) for p in range(players))
    assert last == outcome.scores
    assert len(seen) - 1 == max(p["turns"] for p in game.view()["players"])


def test_a_round_ends_when_the_last_seat_ends_its_turn():
    game = new_game(players=3, seed=4)
    bot = make_bot("tulikko-greedy", 4)
    while not game.is_over:
        before = SERIES.steps_done(game)
        cascade = game.apply(bot.choose(game, game.legal_actions()))
        ends = [e for e in cascade.events if e.kind == "end_turn"]
        last_seat = any(e.touched.get("players") == (2,) for e in ends)
        assert SERIES.steps_done(game) == before + last_seat, cascade.label


def test_the_docstring_examples_run():
    assert doctest.testmod(tulikko_series).failed == 0
