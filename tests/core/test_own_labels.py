"""Lazy telling of an action's words: ``Game.own_labels`` and the label a cascade works out
when first read."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from collections.abc import Iterator

import pytest

from ecogames.core import Action, EventLog, Game, IllegalAction, registered_games
from ecogames.core.events import Cascade
from ecogames.games import biotopes, tori, toritori, tulikko, wildlifeweb  # noqa: F401
from tests.support.pond import Pass, Pond, Release, Roll


class WordyPond(Pond):
    """Pond whose Roll is told with the state (the round it is rolled in); Release and Pass
    say their own words."""

    own_labels = frozenset({Release, Pass})

    def describe(self, action: Action) -> str:
        if isinstance(action, Roll):
            return f"Roll the die in round {self.turn + 1}"
        return action.label()


class Counted(WordyPond):
    """WordyPond counting the calls of describe."""

    asked = 0

    def describe(self, action: Action) -> str:
        type(self).asked += 1
        return super().describe(action)


def test_a_game_with_cores_describe_leaves_every_label_to_be_read() -> None:
    assert Pond._own_words == frozenset(Pond.action_types)
    assert WordyPond._own_words == frozenset({Release, Pass})
    cascade = Pond.new_game(players=2, seed=5).apply(Roll())
    assert "label" not in vars(cascade)
    assert cascade.label == "Roll the die" and vars(cascade)["label"] == "Roll the die"


def _at_release() -> Pond:
    game = Pond.new_game(players=2, seed=5)
    game.apply(Roll())
    while game.stage == "feed":
        game.apply(game.legal_actions()[0])
    return game


def test_a_label_left_out_reads_as_one_given_in_every_way() -> None:
    game = _at_release()
    lazy = game.clone().apply(Pass())
    given = Cascade(Pass(), "Pass", lazy.events, lazy.views, lazy.chances)
    assert "label" not in vars(lazy) and lazy.chances == ()
    assert pickle.loads(pickle.dumps(game.clone().apply(Pass()))) == given
    assert copy.copy(game.clone().apply(Pass())) == given
    assert copy.deepcopy(game.clone().apply(Pass())) == given
    assert lazy == given and hash(lazy) == hash(given) and repr(lazy) == repr(given)
    assert lazy.to_json() == given.to_json()
    assert dataclasses.asdict(lazy) == dataclasses.asdict(given)
    assert dataclasses.replace(game.clone().apply(Pass()), events=()).label == "Pass"
    with pytest.raises(AttributeError, match="no attribute 'labels'"):
        lazy.labels  # type: ignore[attr-defined]  # noqa: B018  # (it must raise)


def test_state_words_are_told_before_the_move_and_own_words_when_read() -> None:
    game = WordyPond.new_game(players=2, seed=5)
    told = game.apply(Roll())
    assert vars(told)["label"] == "Roll the die in round 1"
    while game.stage == "feed":
        game.apply(game.legal_actions()[0])
    release = game.legal_actions()[0]
    assert type(release) in (Release, Pass)
    cascade = game.apply(release)
    assert "label" not in vars(cascade) and cascade.label == release.label()


def test_an_untold_action_asks_for_no_words() -> None:
    game = Counted.new_game(players=2, seed=5)
    Counted.asked = 0
    quiet = game.apply(Roll(), record=False)
    assert Counted.asked == 0 and quiet.label == "Roll the die"
    assert Counted.new_game(players=2, seed=5).apply(Roll()).label == "Roll the die in round 1"
    assert Counted.asked == 1


def test_an_untold_failure_still_names_the_action_in_the_states_words() -> None:
    game = WordyPond.new_game(players=2, seed=5)
    game.force(9)
    with pytest.raises(IllegalAction, match=r"'Roll the die in round 1': .*cannot come out"):
        game.apply(Roll(), record=False)
    game.force({0: 1, 3: 1})
    with pytest.raises(IllegalAction, match="'Roll the die in round 1' makes 1 chance draw"):
        game.apply(Roll(), record=False)
    assert game.history == ()


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_every_game_says_its_own_labels_truly(name: str) -> None:
    """``describe`` of each action of a type a game names in ``own_labels`` is its own
    ``label()``, in every position of a few random games."""
    cls: type[Game] = registered_games()[name]
    for game, action in _open_actions(cls, cls.own_labels, seeds=3, actions=300):
        assert game.describe(action) == action.label(), (name, action)


def _open_actions(cls: type[Game], types: frozenset[type[Action]], *, seeds: int,
                  actions: int) -> Iterator[tuple[Game, Action]]:
    """Each legal action of one of ``types`` open in random 2-player games of ``cls``, with
    the game in the position where it is open (seeds ``range(seeds)``, at most ``actions``
    actions a game)."""
    if not types:
        return
    for seed in range(seeds):
        game = cls.new_game(players=2, seed=seed)
        choose = random.Random(seed).choice
        for _ in range(actions):
            if game.is_over:
                break
            legal = game.legal_actions()
            for action in legal:
                if type(action) in types:
                    yield game, action
            game.push(choose(legal))



class ToldPond(WordyPond):
    """WordyPond whose Roll's words are told by the roll itself (of the round it reads)."""

    told_labels = frozenset({Roll})

    def _roll(self, log: EventLog) -> None:
        if log.record:
            self.label_told = f"Roll the die in round {self.turn + 1}"
        super()._roll(log)


def test_words_a_rule_tells_are_the_label_and_describe_is_not_asked() -> None:
    assert ToldPond._own_words == frozenset({Release, Pass, Roll})
    assert ToldPond._told_words == frozenset({Roll}) and Pond._told_words == frozenset()
    game = ToldPond.new_game(players=2, seed=5)
    said = game.describe(Roll())
    cascade = game.apply(Roll())
    assert vars(cascade)["label"] == said == "Roll the die in round 1"
    assert "label_told" not in vars(game)  # (taken: the next action's words are its own)
    given = Cascade(Roll(), said, cascade.events, cascade.views, cascade.chances)
    assert cascade == given and copy.deepcopy(cascade) == given
    viewed = ToldPond.new_game(players=2, seed=5).apply(Roll(), views=True)
    assert viewed.label == said and len(viewed.views) == len(viewed.events)
    quiet = ToldPond.new_game(players=2, seed=5)
    assert quiet.apply(Roll(), record=False).label == "Roll the die"  # (as every untold one)
    assert "label_told" not in vars(quiet)


class SilentPond(ToldPond):
    """A ToldPond whose roll forgets to tell its words."""

    def _roll(self, log: EventLog) -> None:
        WordyPond._roll(self, log)


def test_a_rule_that_tells_no_words_leaves_the_actions_own() -> None:
    cascade = SilentPond.new_game(players=2, seed=5).apply(Roll())
    assert "label" not in vars(cascade) and cascade.label == "Roll the die"


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_every_game_tells_its_told_labels_truly(name: str) -> None:
    """The label of each action of a type a game names in ``told_labels`` is what
    ``describe`` said before it, for every such action open in a few random games."""
    cls: type[Game] = registered_games()[name]
    if not cls.told_labels:
        return
    told = 0
    for game, action in _open_actions(cls, cls.told_labels, seeds=4, actions=400):
        said = game.describe(action)
        assert vars(game.clone().apply(action))["label"] == said, (name, action)
        told += 1
    assert told > 20
