"""The rule each kind of action is played by, and the card each feed action names."""

from ecogames.games.wildlifeweb import ACTION_TYPES, Forage, Hunt, Scavenge, Steal
from ecogames.games.wildlifeweb.rules import _PLAYS


def test_every_kind_of_action_has_its_rule() -> None:
    assert set(_PLAYS) == set(ACTION_TYPES)


def test_a_feed_action_names_its_target() -> None:
    assert Forage("w.fox.1").target is None
    assert Hunt("w.fox.1", "w.mouse.1").target == "w.mouse.1"
    assert Scavenge("w.fox.1", "w.deer.1").target == "w.deer.1"
    assert Steal("w.fox.1", "f.03").target == "f.03"
