"""Game Setup (steps 1-12) and Difficulty Levels (SU1-SU12, DL1-DL2, D2, D6, D10, D11)."""

from __future__ import annotations

from collections import Counter

import pytest

import ecogames
from ecogames.games.toritori import ToriTori, new_game
from ecogames.games.toritori import components as c
from ecogames.games.toritori.island import RULEBOOK_NUMBERING


def test_game_setup_board_tiles_round_pawns_markers():
    game = new_game(players=3, seed=7)
    assert not game.village_ok and not game.industry_ok  # 2. Non-sustainable side up
    assert game.round == 1  # 4. the Round marker on the track's first space (D11)
    assert game.pawns == ["village"] * 3  # 10. pawns in the Village
    assert game.markers == ["D"] * 3  # 12. 3 players, Basic: D
    assert [p["colour"] for p in game.view()["pawns"]] == ["red", "blue", "green"]  # 9.
    assert game.stage == "roll" and game.active == 0
    assert len([sq for sq in game.view()["squares"] if sq["kind"] != "sea"]) == 14  # 1.


def test_game_setup_numbered_tokens_at_random_and_the_rulebook_numbering():
    numberings = {new_game(players=2, seed=seed).island.numbering for seed in range(20)}
    assert len(numberings) > 15  # 3. dealt at random
    assert all(sorted(n) == list(range(1, 13)) for n in numberings)
    assert new_game(players=2, seed=1, layout="rulebook").island.numbering == RULEBOOK_NUMBERING


def test_game_setup_species_tokens_and_native_trees():
    game = new_game(players=4, seed=11)
    number_of = game.island.number_of
    cat_sectors = [n for n in range(1, 13) for p in game.board[n] if game.kind[p[0]] == "cat"]
    assert len(cat_sectors) == 1
    for square, printed in c.PRINTED_SPECIES.items():
        n = number_of[square]
        expected = Counter([printed.value, "native_tree"] + (["cat"] if n in cat_sectors else []))
        assert Counter(game.kind[p[0]] for p in game.board[n]) == expected  # 5. and 7.
        assert all(len(p) == 1 for p in game.board[n])
    assert sum(game.counts.values()) == 25
    assert sum(game.supply(k.value) for k in c.TokenKind) == 57 - 25


def test_game_setup_activation_cards_slots_cat_and_pile():
    game = new_game(players=2, seed=5)
    assert len(game.slots) == 6 and all(card.startswith("sector_") for card in game.slots)
    assert len(game.pile) == 12 and game.discard == []  # 8.
    assert Counter(c.CARDS_BY_ID[card].kind.value for card in game.pile) == {
        "common": 6, "settlement": 2, "species": 4}
    (cat_sector,) = [n for n in range(1, 13) for p in game.board[n] if game.kind[p[0]] == "cat"]
    assert f"sector_{cat_sector}" in game.pile  # 7. the Cat's card goes into the pile
    piles = {tuple(new_game(players=2, seed=s).pile) for s in range(10)}
    assert len(piles) == 10  # the Common cards left over for the pile are drawn at random
    # 8. shuffled face down: no order is known, so the pile is kept in the cards' order and
    # each card is drawn from it by chance (D52, test_chance.py)
    order = [card.id for card in c.ACTIVATION_CARDS]
    assert game.pile == sorted(game.pile, key=order.index)


@pytest.mark.parametrize(("players", "levels"), [(2, "CBA"), (3, "DCB"), (4, "EDC")])
def test_difficulty_levels_start_spaces(players, levels):
    for level, space in zip(("basic", "medium", "expert"), levels):
        game = new_game(players=players, difficulty=level, seed=3)
        assert game.markers == [space] * players
        assert game.view()["abilities"]["0"] == ["study", "move", "plant_native_tree"]
    # DL1: only the markers differ.
    basic = new_game(players=players, difficulty="basic", seed=3)
    expert = new_game(players=players, difficulty="expert", seed=3)
    assert basic.board == expert.board and basic.pile == expert.pile


def test_game_setup_options_and_errors():
    game = new_game(players=4, seed=2, difficulty="expert", layout="rulebook", first_player=2)
    assert game.options == {"difficulty": "expert", "layout": "rulebook", "first_player": 2}
    assert game.active == 2  # the last person to see a bird starts (D13)
    again = ToriTori.new_game(players=4, seed=2, **game.options)
    assert again == game
    assert new_game(players=2, seed=9) == new_game(players=2, seed=9)
    assert new_game(players=2, seed=9) != new_game(players=2, seed=10)
    for bad in ({"players": 1}, {"players": 5}, {"difficulty": "hard"}, {"layout": "x"},
                {"first_player": 3, "players": 2}):
        with pytest.raises(ValueError):
            new_game(**{"players": 2, "seed": 1, **bad})
    assert game.name == "toritori" and game.title == "Tori-Tori: Endangered Species"


def test_game_setup_options_are_declared_with_their_legal_values():
    specs = {o.name: o for o in ToriTori.option_specs}
    assert set(specs) == set(new_game(players=2, seed=1).options)  # one per set-up option
    assert specs["difficulty"].values() == ("basic", "medium", "expert")
    assert specs["layout"].values() == ("random", "rulebook")
    assert specs["first_player"].values() == (0, 1, 2, 3)
    for players in (2, 3, 4):
        for name, spec in specs.items():
            for value in spec.values():
                if name == "first_player" and value >= players:
                    # the legal seats depend on the player count: the set-up checks
                    with pytest.raises(ValueError, match=f"seat from 0 to {players - 1}"):
                        new_game(players=players, seed=1, first_player=value)
                    continue
                game = new_game(players=players, seed=1, **{name: value})
                assert game.options[name] == value
    for value in (True, 1.0, "1", None):  # what Option.check refuses, the set-up refuses
        with pytest.raises(ValueError):
            specs["first_player"].check(value)
        with pytest.raises(ValueError):
            new_game(players=3, seed=1, first_player=value)
    form = ToriTori.setup_form()
    assert form["players"] == {"low": 2, "high": 4, "default": 2}
    assert [o["name"] for o in form["options"]] == ["difficulty", "layout", "first_player"]
    assert form["options"][0]["choices"][2] == {"value": "expert", "label": "Expert"}


def test_the_package_is_exposed_as_ecogames_toritori():
    assert ecogames.toritori.new_game is new_game
