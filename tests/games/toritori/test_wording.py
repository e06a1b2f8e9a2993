"""Issue 21 §6.7: the log says what happened when it happened, with the rulebook's reason."""

from ecogames import toritori
from ecogames.games.toritori.actions import Roll
from ecogames.games.toritori.narration import SILENT, Narrator


def test_the_action_points_are_announced_not_spent_after_the_roll():
    game = toritori.new_game(players=2, seed=3)
    for _ in range(40):
        cascade = game.apply(game.legal_actions()[0])
        phase = [e.text for e in cascade.events if e.kind == "phase"]
        if phase:
            break
    assert phase == ["Player 1 (red) has 4 action points to spend"]
    assert not any("spends" in e.text for e in cascade.events)
    assert Roll() in game.history


def test_an_eaten_token_is_said_to_stay_on_the_island_under_its_eater():
    """Feeding: "you must put its token over the food token" — the count does not drop."""
    game = toritori.new_game(players=2, seed=3)
    while True:
        cascade = game.apply(game.legal_actions()[0])
        meals = cascade.of_kind("eat")
        if meals:
            break
    text = meals[0].text
    assert ": its token goes under the " in text or ": both tokens go under the " in text
    assert "still on the island (and counted) until the" in text
    assert text.endswith("breeds or goes hungry")


def test_the_silent_narrator_has_every_method_of_the_narrator_and_tells_nothing():
    methods = [name for name in dir(Narrator)
               if not name.startswith("_") and callable(getattr(Narrator, name))]
    assert "eat" in methods and "roll" in methods
    for name in methods:
        said = getattr(SILENT, name)(1, "two", (3,), cause=None)
        assert said == "", name
