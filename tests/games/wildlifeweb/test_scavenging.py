"""Scavenging Roadkill."""

from __future__ import annotations

import pytest

from ecogames.core import IllegalAction
from ecogames.games.wildlifeweb import EndFeeding, Hunt, Scavenge
from tests.games.wildlifeweb.helpers import W, animal, dice, kinds, scenario

COYOTE, BEAR = W("coyote"), W("black_bear")


def test_coyote_wins_a_free_roadkill_meal_even_a_size_5_bear() -> None:
    """RB: "Coyote has an Agility of 3 and rolls a 4 for a total of 7, while the highway
    rolls a 6. Coyote wins a free roadkill meal." and "A Size 4 coyote may take a Size 5
    bear" (size doesn't matter when consuming carrion)."""
    deer = W("white_tailed_deer")
    game = scenario(packs=[[animal(COYOTE)], []], highway=[deer, BEAR], rng=dice(4, 6))
    legal = game.legal_actions()
    assert {Scavenge(COYOTE, deer), Scavenge(COYOTE, BEAR)} <= set(legal)  # player chooses
    cascade = game.apply(Scavenge(COYOTE, BEAR))
    assert kinds(cascade) == ["scavenge", "roll", "eat"]
    assert cascade[1].text == "Coyote: Agility 3 + die 4 = 7; Highway: die 6 = 6"
    assert "Player 2 rolls for the highway" in cascade[0].text
    assert game.packs[0][0]["food"] == [BEAR] and game.highway == [deer]
    assert "food value 5" in cascade[2].text
    assert cascade[2].touched["edges"] == (("carrion", "coyote"),)


def test_a_scavenger_that_loses_leaves_the_roadkill_on_the_highway() -> None:
    game = scenario(packs=[[animal(COYOTE)], []], highway=[BEAR], rng=dice(1, 6))
    cascade = game.apply(Scavenge(COYOTE, BEAR))
    assert kinds(cascade) == ["scavenge", "roll", "traffic"]
    assert game.highway == [BEAR] and game.packs[0][0]["food"] == []


def test_a_tie_with_the_highway_is_rolled_again() -> None:
    """D11: ties are rolled again, as in hunting."""
    game = scenario(packs=[[animal(COYOTE)], []], highway=[BEAR], rng=dice(3, 6, 5, 1))
    assert kinds(game.apply(Scavenge(COYOTE, BEAR))) == ["scavenge", "roll", "tie", "roll",
                                                          "eat"]


def test_strict_carnivores_may_not_scavenge() -> None:
    hawk = W("red_tailed_hawk")
    game = scenario(packs=[[animal(hawk)], []], highway=[BEAR])
    with pytest.raises(IllegalAction, match="strict carnivores may not"):
        game.apply(Scavenge(hawk, BEAR))
    with pytest.raises(IllegalAction, match="roadkill is scavenged"):
        game.apply(Hunt(hawk, BEAR))


def test_omnivores_may_scavenge_and_keen_nose_adds_to_the_roll() -> None:
    vulture, raven = W("turkey_vulture"), W("common_raven")
    game = scenario(packs=[[animal(vulture), animal(raven)], []], highway=[BEAR, COYOTE],
                    rng=dice(1, 6, 1, 6))
    cascade = game.apply(Scavenge(vulture, BEAR))
    assert cascade[1].text == ("Turkey Vulture: Agility 3 + 3 Keen Nose + die 1 = 7; "
                               "Highway: die 6 = 6")
    cascade = game.apply(Scavenge(raven, COYOTE))
    assert kinds(cascade)[-1] == "traffic"


def test_no_roadkill_no_scavenging() -> None:
    vulture = W("turkey_vulture")
    game = scenario(packs=[[animal(vulture)], []], highway=[])
    assert game.legal_actions() == [EndFeeding()]
    with pytest.raises(IllegalAction, match="not roadkill"):
        game.apply(Scavenge(vulture, BEAR))
