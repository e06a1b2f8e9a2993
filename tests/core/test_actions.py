import typing
from dataclasses import dataclass
from enum import Enum

import pytest

from ecogames.core import Action, ActionCodec, MalformedAction


class Colour(str, Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Move(Action):
    type = "move"
    to: int
    via: tuple[int, ...] = ()


@dataclass(frozen=True)
class Pick(Action):
    type = "pick"
    colour: Colour
    note: str | None
    quick: bool


codec = ActionCodec([Move, Pick])


def test_json_form_round_trips():
    for action in [Move(4, (1, 2)), Pick(Colour.RED, None, True), Pick(Colour.BLUE, "x", False)]:
        data = action.to_json()
        assert data["type"] == action.type
        assert codec.parse(data) == action
        assert codec.parse(action) is action


def test_label_names_type_and_fields():
    assert Move(4).label() == "move(to=4, via=())"


@pytest.mark.parametrize(("data", "words"), [
    ("move", "must be an object"),
    (["move"], "must be an object"),
    ({"to": 3}, "unknown action type None"),
    ({"type": "fly", "to": 3}, "unknown action type 'fly'"),
    ({"type": "move"}, "needs the field 'to'"),
    ({"type": "move", "to": 3, "via": [], "speed": 2}, "unknown fields"),
    ({"type": "move", "to": "3", "via": []}, "move.to must be int"),
    ({"type": "move", "to": True, "via": []}, "move.to must be int"),
    ({"type": "move", "to": 3, "via": [1, "2"]}, "move.via must be int"),
    ({"type": "move", "to": 3, "via": 5}, "must be a list"),
    ({"type": "pick", "colour": "green", "note": None, "quick": True}, "pick.colour"),
    ({"type": "pick", "colour": "red", "note": 5, "quick": True}, "pick.note"),
    ({"type": "pick", "colour": "red", "note": None, "quick": 1}, "pick.quick must be bool"),
    ({"type": "move", "to": 3, "via": list(range(5000))}, "must be a list"),
])
def test_malformed_actions_are_refused_with_a_clear_message(data, words):
    with pytest.raises(MalformedAction, match=words.replace("(", r"\(").replace(")", r"\)")):
        codec.parse(data)


def test_an_action_of_another_game_is_refused():
    @dataclass(frozen=True)
    class Other(Action):
        type = "move"
        to: int

    with pytest.raises(MalformedAction, match="not an action of this game"):
        codec.parse(Other(3))


def test_two_actions_with_one_name_are_a_programming_error():
    @dataclass(frozen=True)
    class Again(Action):
        type = "move"

    with pytest.raises(TypeError):
        ActionCodec([Move, Again])


@dataclass(frozen=True)
class Choose(Action):
    type = "choose"
    count: typing.Literal[1, 2]
    side: typing.Literal["N", "S"]


strict = ActionCodec([Move, Choose])


@pytest.mark.parametrize("kind", [["move"], {"move": 1}, 3, True, None])
def test_an_action_type_that_is_not_a_string_is_malformed_not_a_crash(kind):
    with pytest.raises(MalformedAction, match="unknown action type"):
        strict.parse({"type": kind, "to": 3})


@pytest.mark.parametrize(("count", "side"), [(True, "N"), (1.0, "N"), (2.0, "S"), (1, ["N"]),
                                             (1, {"N": 1})])
def test_a_literal_field_takes_its_own_values_only_not_equal_ones(count, side):
    """Python calls True == 1 == 1.0: an action read from 1.0 would save as another file."""
    with pytest.raises(MalformedAction, match="choose"):
        strict.parse({"type": "choose", "count": count, "side": side})


def test_a_literal_field_round_trips():
    action = strict.parse({"type": "choose", "count": 2, "side": "S"})
    assert action == Choose(2, "S") and type(action.count) is int
    assert strict.parse(action.to_json()) == action
