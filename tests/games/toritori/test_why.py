"""Why did it happen (issue 20): Tori-Tori's chains across actions, asserted link by link.

The boards are written as in docs/rules/toritori-examples.md (``scenario.build``): on the
rulebook numbering sector 7 touches sectors 1 and 4, and the Village's sectors are 1 and 4.
"""

from __future__ import annotations

import re

import pytest

from ecogames.games.toritori import Roll
from ecogames.games.toritori.rules import ToriTori
from tests.games.toritori.scenario import build, token

# A Guinea pig alone in sector 1 (next to the Village), the only Fox in sector 7 next to it,
# the other species far away; an Invasive Bush keeps the Village Non-sustainable.
START = {1: ["GP"], 7: ["FX"], 3: ["TT"], 5: ["NT"], 12: ["GP"], 11: ["NT"], 10: ["NT"],
         6: ["IB"]}


def study_until_the_next_roll(game: ToriTori) -> None:
    """The active researcher spends their action points studying (nothing on the board)."""
    while game.phase == "actions":
        game.apply(next(a for a in game.legal_actions() if a.type == "study"))


@pytest.fixture
def fox_starves() -> ToriTori:
    """Roll 1 (Village, Village): a Cat leaves the Village and lies on the Guinea pig of sector
    1. Three studies. Roll 2 (Foxes, Foxes): the Fox of sector 7 finds no food (its Guinea pig
    lies under the Cat) and, alone, dies: the last Fox, so the team loses."""
    game = build(START, players=2, slots={"A": "village", "B": "foxes"},
                 dice=("A", "A", "B", "B"))
    game.apply(Roll())
    study_until_the_next_roll(game)
    game.apply(Roll())
    assert game.is_over
    return game


def test_why_the_fox_died_names_the_cats_arrival_and_the_roll_that_brought_it(
        fox_starves: ToriTori) -> None:
    fox = token(build(START, players=2), 7, "FX")
    answer = fox_starves.why(f"token:{fox}")
    assert [(link.action, link.kind) for link in answer.chain] == [
        (5, "dies"), (0, "cat_enters"), (0, "card"), (0, "roll")]
    assert answer.chain[0].text == ("The Fox of sector 7 finds no food and has nothing "
                                    "underneath it: it dies")
    assert answer.chain[1].text == ("A Cat leaves the Village to hunt and lies on a Guinea pig "
                                    "of sector 1")
    dice = [r.text for r in answer.roots[answer.chain[-1].node]]
    assert dice == ["the red die came out A (Village) (chance 1 in 6)",
                    "the sky-blue die came out A (Village) (chance 1 in 6)",
                    "Player 1 chose Roll the two dice"]
    # the Fox's own roll, its root: the Foxes card came up on both dice
    assert [r.kind for r in answer.roots[answer.chain[0].node]] == ["chance", "chance",
                                                                    "choice"]


def test_why_the_team_lost_runs_through_the_foxes_extinction(fox_starves: ToriTori) -> None:
    outcome = fox_starves.why("outcome")
    assert [link.kind for link in outcome.chain] == ["defeat", "extinct", "dies", "cat_enters",
                                                     "card", "roll"]
    assert outcome.chain[0].text == "Defeat: the Foxes went extinct"
    extinction = fox_starves.why("extinction", species="fox")
    assert [link.node for link in extinction.chain] == [link.node for link in outcome.chain[1:]]
    assert "A Cat leaves the Village to hunt" in outcome.text


def test_why_the_village_is_not_sustainable_names_the_cat(fox_starves: ToriTori) -> None:
    answer = fox_starves.why("unsustainable", settlement="village")
    assert [(link.action, link.kind) for link in answer.chain] == [
        (0, "cat_enters"), (0, "card"), (0, "roll")]
    asked = re.escape('game.why("unsustainable", settlement="village")')
    with pytest.raises(ValueError, match=asked):
        fox_starves.why("unsustainable", settlement="industry")


def test_the_story_of_the_guinea_pig_and_the_cat(fox_starves: ToriTori) -> None:
    guinea_pig = token(build(START, players=2), 1, "GP")
    story = fox_starves.story(f"token:{guinea_pig}")
    assert [link.text for link in story.events] == [
        "A Cat leaves the Village to hunt and lies on a Guinea pig of sector 1"]
    assert story.end == "in play"  # eaten tokens go underneath: it is still on the Island
    fox = fox_starves.story("fox")
    assert fox.end == "gone"
    assert [link.kind for link in fox.events] == ["dies", "extinct"]
    frame = fox_starves.events_frame()
    (dies,) = frame[frame["kind"] == "dies"].itertuples()
    assert (0, 2) in dies.depends_on  # the Cat's arrival, one turn of the dice before
    assert dies.step == 2 and dies.action == 5


def test_a_fork_that_rolls_otherwise_tells_another_story(fox_starves: ToriTori) -> None:
    # had the first roll solved the Foxes card, the Fox would have eaten the Guinea pig
    forked = fox_starves.fork(0, chance={0: "B", 1: "B"})
    assert not forked.is_over
    (meal,) = forked.story("fox").events
    assert meal.text.startswith("The Fox of sector 7 moves to sector 1 and eats a Guinea pig: ")
    assert forked.story("fox").end == "in play"
