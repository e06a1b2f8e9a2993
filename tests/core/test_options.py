"""Set-up options declared once, for forms and sweeps."""

from __future__ import annotations

import pytest

import ecogames
from ecogames.core import Option
from tests.support.pond import Pond


def test_a_menu_and_a_range():
    menu = Option("difficulty", "Difficulty", "basic", choices=("basic", "expert"))
    assert menu.values() == ("basic", "expert")
    assert Option("n", "N", 2, low=1, high=3).values() == (1, 2, 3)
    menu.check("expert")
    with pytest.raises(ValueError, match="one of 'basic', 'expert'"):
        menu.check("hard")


@pytest.mark.parametrize("value", [0, 101, True, 3.0, "3", None])
def test_a_range_takes_whole_numbers_inside_it_only(value):
    with pytest.raises(ValueError, match="from 1 to 100"):
        Pond.option("rounds").check(value)


def test_an_option_is_a_menu_or_a_range_and_its_default_is_legal():
    with pytest.raises(ValueError, match="either choices or low and high"):
        Option("x", "X", 1)
    with pytest.raises(ValueError, match="either choices"):
        Option("x", "X", 1, choices=(1,), low=1, high=2)
    with pytest.raises(ValueError, match="must be"):
        Option("x", "X", 5, low=1, high=2)
    with pytest.raises(ValueError, match="one label per choice"):
        Option("x", "X", 1, choices=(1, 2), choice_labels=("one",))


def test_the_setup_form_names_players_and_options():
    form = Pond.setup_form()
    assert form["players"] == {"low": 1, "high": 4, "default": 2}
    assert form["options"] == [{"name": "rounds", "label": "Rounds", "default": 3,
                                "help": "The game ends after this many rounds.",
                                "low": 1, "high": 100}]


def test_an_unknown_option_names_the_ones_there_are():
    with pytest.raises(KeyError, match=r"no option 'colour' \(its options: rounds\)"):
        Pond.option("colour")


@pytest.mark.parametrize("name", ecogames.GAMES)
def test_every_declared_default_sets_a_game_up(name):
    cls = type(getattr(ecogames, name).new_game(seed=1))
    defaults = {o.name: o.default for o in cls.option_specs}
    game = cls.new_game(seed=1, **defaults)
    for option in cls.option_specs:
        for value in option.values():
            # a value whose legality depends on the player count sets up with one of them
            assert any(_sets_up(cls, players, option.name, value)
                       for players in range(cls.min_players, cls.max_players + 1)), (
                f"{option.name}={value!r} sets up no game")
    assert game.options.keys() >= {o.name for o in cls.option_specs if o.in_forms}


def _sets_up(cls, players, name, value):
    try:
        cls.new_game(players=players, seed=2, **{name: value})
    except ValueError:
        return False
    return True
