"""ecogames.rl.spaces: the numbers of actions, remembered or worked out afresh, agree."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

pytest.importorskip("pettingzoo")

from ecogames import rl
from ecogames.core import Action
from ecogames.rl.spaces import ActionLayout, Relative, vocabulary
from tests.bots.conftest import GAMES, states


@pytest.mark.parametrize("name", GAMES)
def test_remembered_numbers_are_the_numbers_worked_out_afresh(name):
    layout = rl.layout_of(name)
    for game in states(name, 3 if name != "tori" else 2, 8, every=3, most=600):
        legal = game.legal_actions()
        numbered = layout.numbered(game, legal)
        assert list(numbered.values()) == legal
        assert list(numbered) == [layout._number(game, a) for a in legal]
        assert [layout.index(game, a) for a in legal] == list(numbered)


def test_two_actions_sharing_a_number_are_an_error():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Pick(Action):
        type = "pick"
        colour: str
        spot: int

    layout = ActionLayout([Pick], {"colour": vocabulary(("red", "blue")),
                                   "spot": Relative(3, lambda g, a, v: 0, "always 0")})
    with pytest.raises(rl.EncodingError, match="share action number 0"):
        layout.numbered(None, [Pick("red", 1), Pick("red", 2)])  # type: ignore[arg-type]
    assert layout.numbered(None, [Pick("red", 1), Pick("blue", 1)]) == {  # type: ignore[arg-type]
        0: Pick("red", 1), 3: Pick("blue", 1)}


def _wildlifeweb_food():
    from hypothesis import strategies as st

    from ecogames.games.wildlifeweb import components as c

    return st.lists(st.sampled_from(sorted({*c.CARD_ANIMAL, *c.FORAGE_CARDS})),
                    min_size=1, max_size=30, unique=True)


def test_a_wildlifeweb_discard_is_numbered_however_much_food_the_animal_holds():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from ecogames.games.wildlifeweb import components as c
    from ecogames.games.wildlifeweb.actions import RaiseOffspring, TakeMate
    from ecogames.games.wildlifeweb.rules import discard_options

    layout = rl.layout_of("wildlifeweb")
    sizes = sorted({a.size for a in c.CARD_ANIMAL.values()})

    @settings(max_examples=300, deadline=None)
    @given(food=_wildlifeweb_food(), need=st.sampled_from(sizes))
    def numbered(food, need):
        # an animal may hold any number of food cards: its discard's number must not depend
        # on where in its food the cards given up lie (it once gave up only its first eight)
        game = SimpleNamespace(packs=[[{"card": "w.grizzly_bear.1", "food": food}]])
        for move in (TakeMate, RaiseOffspring):
            actions = [move("w.grizzly_bear.1", d) for d in discard_options(food, need)]
            numbers = [layout.index(game, a) for a in actions]  # type: ignore[arg-type]
            assert len(set(numbers)) == len(numbers)
            assert all(0 <= n < layout.size for n in numbers)

    numbered()
