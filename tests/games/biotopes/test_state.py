"""Save, load, view and the legality gate: what a player may see and what a file may hold."""

import json

import pytest

from ecogames.core import IllegalAction, MalformedAction, SaveError
from ecogames.games.biotopes import Adapt, Biotopes, Pass, Reproduce, new_game

from .scenario import blank, give_hand, put_bag, put_biotope, ready, started, two_tiles


def test_save_and_load_round_trip_mid_game():
    game = started(players=3, seed=12)
    for _ in range(15):
        game.apply(game.legal_actions()[-2 if len(game.legal_actions()) > 1 else 0])
    loaded = Biotopes.from_json(game.to_json())
    assert loaded == game and loaded.history == game.history
    assert game.replay() == game


def test_same_seed_same_game():
    a, b = new_game(players=4, seed=99), new_game(players=4, seed=99)
    assert a == b
    assert new_game(players=4, seed=100) != a
    assert Biotopes.new_game(players=4, seed=99, **a.options) == a


def test_a_tampered_save_is_refused():
    game = started(players=2, seed=4)
    data = json.loads(game.to_json())
    data["state"]["reserve"][0] += 1  # a 161st cube
    with pytest.raises(SaveError):
        Biotopes.from_dict(data)
    data = json.loads(game.to_json())
    data["initial"]["ecosystems"][0]["hand"].append(data["initial"]["decks"][0][0])
    with pytest.raises(SaveError, match="exactly one place"):
        Biotopes.from_dict(data)
    data = json.loads(game.to_json())
    data["initial"]["stage"] = "dancing"
    with pytest.raises(SaveError, match="stage"):
        Biotopes.from_dict(data)
    data = json.loads(game.to_json())
    data["initial"]["ecosystems"][1]["rows"][0].append(["alpine_ibex", 5, 0, 0, 0])
    with pytest.raises(SaveError):
        Biotopes.from_dict(data)


def test_view_hides_hands_and_bags_of_the_others():
    game = blank(players=2, tiles=two_tiles())
    give_hand(game, 1, "apollo", "mute_swan")
    put_bag(game, 1, gray=2, blue=1)
    game = ready(game)
    mine, theirs = game.view(1), game.view(0)
    assert mine["ecosystems"][1]["hand"] == ["apollo", "mute_swan"]
    assert mine["ecosystems"][1]["bag"] == {"gray": 2, "green": 0, "yellow": 0, "blue": 1}
    assert theirs["ecosystems"][1]["hand"] is None and theirs["ecosystems"][1]["bag"] is None
    assert theirs["ecosystems"][1]["hand_size"] == 2 and theirs["ecosystems"][1]["bag_size"] == 3
    onlooker = json.dumps(game.view(None))
    assert "apollo" not in onlooker
    assert "decks" in theirs and isinstance(theirs["decks"]["herbivores"], int)


def test_illegal_actions_say_which_rule_and_change_nothing():
    game = blank(players=2, tiles=two_tiles())
    put_biotope(game, 0, "forests", 1)
    give_hand(game, 0, "crested_tit")
    game = ready(game)
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="diet"):
        game.apply(Adapt("crested_tit"))
    with pytest.raises(IllegalAction, match="not in your hand"):
        game.apply(Adapt("red_fox"))
    with pytest.raises(IllegalAction, match="Invertebrates or Reptiles"):
        game.apply(Reproduce())
    with pytest.raises(MalformedAction):
        game.apply({"type": "adapt"})
    assert game.to_dict() == before
    game.apply(Pass())
    game.apply(Pass())
    assert game.cycle == 2


def test_a_save_in_the_middle_of_placing_a_drawn_cube_loads():
    """A cube drawn from a bag waits in the pending decision: it is counted on load."""
    from ecogames.games.biotopes import Adapt

    from .scenario import put_species

    game = blank(players=2, tiles=two_tiles())
    put_biotope(game, 0, "mountains", 2)
    give_hand(game, 0, "apollo")
    put_species(game, 1, "pyrenean_desman", gray=1)
    put_bag(game, 1, gray=1)
    game = ready(game)
    game.apply(Adapt("apollo"))  # the Desman's Reaction draws the gray cube: where does it go
    assert game.phase == "react" and game.cube_count() == [40, 40, 40, 40]
    assert Biotopes.from_json(game.to_json()) == game
