"""Why, over random play of every game (issue 20): the dependency graph only points back in
time, every removal has a cause, every story ends in exactly one state, and ``why`` answers
on every finished game."""

from __future__ import annotations

import importlib

import pytest

import ecogames
from ecogames.core import Game
from ecogames.core.provenance import OUTCOME
from tests.support.why_checks import assert_points_back_in_time

GAMES = [("toritori", 2), ("toritori", 4), ("wildlifeweb", 2), ("wildlifeweb", 6),
         ("tulikko", 2), ("tulikko", 4), ("biotopes", 1), ("biotopes", 3), ("tori", 2),
         ("tori", 4)]
SEEDS = range(3)
MAX_ACTIONS = 3_000


def random_game(name: str, players: int, seed: int) -> Game:
    game = importlib.import_module(f"ecogames.{name}").new_game(players=players, seed=seed)
    bot = ecogames.RandomBot(seed)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        game.push(bot.choose(game, game.legal_actions()))
    return game


@pytest.fixture(scope="module", params=[(n, p, s) for n, p in GAMES for s in SEEDS],
                ids=lambda v: f"{v[0]}-{v[1]}p-seed{v[2]}")
def played(request: pytest.FixtureRequest) -> Game:
    return random_game(*request.param)


def test_every_dependency_points_back_in_time(played: Game) -> None:
    assert_points_back_in_time(played.provenance())


def test_every_removal_has_a_cause_and_happens_once(played: Game) -> None:
    prov = played.provenance()
    removed: dict[str, tuple[int, ...]] = {}
    for number, cascade in enumerate(prov.cascades):
        for event in cascade.events:
            for key in event.writes:
                if key[0] == "gone":
                    assert key[1] not in removed, f"{key[1]} left the game twice"
                    removed[key[1]] = (number, event.index)
    for thing in removed:
        answer = played.why(thing)
        assert answer.chain[0].node == ("event", *removed[thing])
        root = answer.chain[-1]
        assert answer.roots[root.node], f"why {thing} left has no root"


def test_every_story_ends_in_exactly_one_state(played: Game) -> None:
    prov = played.provenance()
    for thing in prov.ids:
        story = played.story(thing)
        assert story.end in ("in play", "gone")
        if story.end == "gone":
            gone_at = prov.gone[thing]
            # nothing happens to a thing after it left the game
            assert story.events[-1].node == gone_at, thing
        else:
            assert thing not in prov.gone


def test_why_answers_on_every_finished_game(played: Game) -> None:
    if not played.is_over:
        pytest.skip(f"the random game did not end in {MAX_ACTIONS} actions")
    assert OUTCOME in played.provenance().last_write
    answer = played.why("outcome")
    assert answer.chain and answer.text
    assert len(played.events_frame()) == sum(len(c) for c in played.provenance().cascades)
