"""ecogames.rl.spaces: the numbers of actions, remembered or worked out afresh, agree."""

from __future__ import annotations

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
