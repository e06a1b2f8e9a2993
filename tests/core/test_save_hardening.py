"""Save files are untrusted: any bytes load or raise SaveError, types are strict, and a save
shares nothing with the game it came from or went into."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ecogames
from ecogames.bots import RandomBot
from ecogames.core import Game, SaveError, registered_games
from ecogames.core.game import SAVE_VERSION
from ecogames.core.schema import MAX_SAVE_BYTES, MAX_SAVE_DEPTH
from tests.support.pond import Pond, Roll

VERSION = f'"version": {SAVE_VERSION}'


def pond_save() -> dict[str, Any]:
    game = Pond.new_game(players=2, seed=6)
    game.apply(Roll())
    return json.loads(game.to_json())


def played(name: str, seed: int = 3, actions: int = 12) -> Game:
    """A game of ``name`` after up to ``actions`` random legal moves."""
    if name == "pond":
        game: Game = Pond.new_game(players=2, seed=seed)
    else:
        game = getattr(ecogames, name).new_game(players=2, seed=seed)
    bot = RandomBot(seed)
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal:
            break
        game.push(bot.choose(game, legal))
    return game


ALL_GAMES = ["pond", *ecogames.GAMES]


# -- item 9: any bytes load or raise SaveError ------------------------------------------------

def test_deeply_nested_brackets_are_a_save_error_not_a_recursion_error():
    with pytest.raises(SaveError, match="nested"):
        ecogames.load(b"[" * 100_000 + b"]" * 100_000)
    with pytest.raises(SaveError, match="nested"):
        ecogames.load(b'{"a":' * 100_000 + b"1" + b"}" * 100_000)


def test_nesting_deeper_than_the_limit_is_refused_even_below_the_parser_limit():
    data = pond_save()
    deep: Any = 1
    for _ in range(MAX_SAVE_DEPTH + 1):
        deep = [deep]
    data["state"]["goals"] = deep
    with pytest.raises(SaveError, match="nested"):
        ecogames.load(json.dumps(data).encode())
    with pytest.raises(SaveError, match="nested"):
        ecogames.load(data)


def test_a_five_thousand_digit_number_is_a_save_error():
    with pytest.raises(SaveError, match="number"):
        ecogames.load(b"9" * 5000)
    data = pond_save()
    text = json.dumps(data).replace(VERSION, '"version": ' + "1" * 5000)
    with pytest.raises(SaveError, match="number"):
        ecogames.load(text.encode())


def test_a_long_number_inside_a_state_is_a_save_error():
    data = pond_save()
    data["state"]["rng"] = 10 ** 60
    with pytest.raises(SaveError, match="number"):
        ecogames.load(data)
    with pytest.raises(SaveError, match="number"):
        ecogames.load(json.dumps(data).encode())


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_numbers_are_refused_as_not_json(constant):
    text = json.dumps(pond_save()).replace(VERSION, f'"version": {constant}', 1)
    with pytest.raises(SaveError, match="finite"):
        ecogames.load(text.encode())


def test_a_save_larger_than_the_limit_is_refused_before_parsing():
    with pytest.raises(SaveError, match="too large"):
        ecogames.load(b" " * (MAX_SAVE_BYTES + 1))


@pytest.mark.parametrize("value", [float(SAVE_VERSION), True, str(SAVE_VERSION), None,
                                   [SAVE_VERSION], 1])
def test_the_format_version_must_be_the_integer_of_this_format(value):
    data = pond_save()
    data["version"] = value
    with pytest.raises(SaveError, match="format version"):
        ecogames.load(data)
    with pytest.raises(SaveError, match="format version"):
        ecogames.load(json.dumps(data).encode())


@pytest.mark.parametrize("value", [1.0, True, "1", None])
def test_the_state_version_must_be_an_integer(value):
    data = pond_save()
    data["state_version"] = value
    with pytest.raises(SaveError, match="state version"):
        ecogames.load(data)


@pytest.mark.parametrize("where", ["envelope", "initial", "state"])
def test_an_unknown_key_anywhere_in_the_save_is_refused(where):
    data = pond_save()
    target = data if where == "envelope" else data[where]
    target["comment"] = "hello"
    with pytest.raises(SaveError, match="comment"):
        ecogames.load(data)


def test_a_duplicate_key_is_refused_not_silently_dropped():
    text = json.dumps(pond_save())
    text = text.replace(f"{VERSION},", f'{VERSION}, "version": 3,', 1)
    with pytest.raises(SaveError, match="twice"):
        ecogames.load(text.encode())


@pytest.mark.parametrize("game", [["pond"], {"a": 1}, 3, None])
def test_a_game_name_that_is_not_a_string_is_refused(game):
    data = pond_save()
    data["game"] = game
    with pytest.raises(SaveError, match="unknown game"):
        ecogames.load(data)


@pytest.mark.parametrize("entry", [["roll"], "roll", 3, None, True])
def test_actions_that_are_not_objects_are_refused(entry):
    data = pond_save()
    data["actions"].append(entry)
    with pytest.raises(SaveError, match="action 2 of 2"):
        ecogames.load(data)


@pytest.mark.parametrize("part", ["initial", "state"])
@pytest.mark.parametrize(("key", "value"), [("players", 2.0), ("active", False),
                                            ("turn", 0.0), ("comment", "hi")])
def test_a_lax_game_reader_cannot_let_a_different_file_pass(monkeypatch, part, key, value):
    """Python calls 0 == 0.0 == False; a save that says 2.0 or false describes another file,
    and an unknown key is not to be dropped. Even when a game's reader were lax (coercing, or
    ignoring unknown keys), the core compares the exact JSON it read back."""
    from tests.support.pond import STATE_KEYS

    original = Pond._from_state.__func__

    def lax(cls, data):
        return original(cls, {k: int(v) if isinstance(v, (bool, float)) else v
                              for k, v in data.items() if k in STATE_KEYS})

    monkeypatch.setattr(Pond, "_from_state", classmethod(lax))
    data = pond_save()
    ecogames.load(data)  # the lax reader loads the honest save
    assert key == "comment" or data[part][key] == value
    data[part][key] = value
    with pytest.raises(SaveError, match="exactly"):
        ecogames.load(data)


def test_a_python_mapping_with_foreign_objects_is_refused():
    data = pond_save()
    data["state"]["goals"] = {object()}
    with pytest.raises(SaveError, match="set"):
        ecogames.load(data)
    data = pond_save()
    data["initial"] = {1: 2}
    with pytest.raises(SaveError, match="key"):
        ecogames.load(data)


def test_a_rule_that_crashes_on_a_loaded_set_up_is_a_save_error(monkeypatch):
    def explode(self):
        raise ZeroDivisionError("bug")

    save = pond_save()
    monkeypatch.setattr(Pond, "_legal_actions", explode)
    with pytest.raises(SaveError, match=r"action 1 of 1 .*ZeroDivisionError"):
        ecogames.load(save)


def json_values(max_leaves: int = 12) -> st.SearchStrategy[Any]:
    scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
               | st.text(max_size=8))
    return st.recursive(
        scalars, lambda inner: st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=max_leaves)


def only_save_errors(source: Any) -> None:
    try:
        result = ecogames.load(source)
    except SaveError:
        return
    assert isinstance(result, Game)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_load_or_raise_save_error(data):
    only_save_errors(data)


@settings(max_examples=300, deadline=None)
@given(json_values())
def test_arbitrary_json_loads_or_raises_save_error(value):
    only_save_errors(json.dumps(value).encode())
    if isinstance(value, dict):
        only_save_errors(value)


def subtrees(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    paths = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            paths += subtrees(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            paths += subtrees(child, (*path, index))
    return paths


@functools.cache
def real_save(name: str) -> str:
    return played(name, seed=5, actions=6).to_json()


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ALL_GAMES), st.data())
def test_a_real_save_with_any_part_replaced_loads_or_raises_save_error(name, data):
    save = json.loads(real_save(name))
    paths = [p for p in subtrees(save) if p]
    path = data.draw(st.sampled_from(paths))
    parent = save
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = data.draw(json_values(max_leaves=6))
    only_save_errors(json.dumps(save).encode())


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ALL_GAMES), st.data())
def test_a_real_save_with_bytes_changed_loads_or_raises_save_error(name, data):
    text = bytearray(real_save(name).encode())
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text) - 1))
        how = data.draw(st.sampled_from(["flip", "insert", "delete", "cut"]))
        if how == "flip":
            text[at] = data.draw(st.sampled_from(b'{}[]",:0123456789-.etfn ax'))
        elif how == "insert":
            text[at:at] = data.draw(st.binary(min_size=1, max_size=8))
        elif how == "delete":
            del text[at:at + data.draw(st.integers(1, 8))]
        else:
            del text[at:]
        if not text:
            break
    only_save_errors(bytes(text))


# -- item 10: to_dict() shares nothing with the game ------------------------------------------

def scribble(value: Any) -> None:
    """Change every container in ``value`` in place."""
    if isinstance(value, dict):
        for key in list(value):
            if isinstance(value[key], (dict, list)):
                scribble(value[key])
            else:
                value[key] = 12345
        value["scribbled"] = True
    elif isinstance(value, list):
        for index, child in enumerate(value):
            if isinstance(child, (dict, list)):
                scribble(child)
            else:
                value[index] = 12345
        value.append(12345)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_changing_to_dict_output_changes_nothing_in_the_game(name):
    game = played(name)
    assert game.history, "the game should have a history to undo"
    before = game.to_json()
    after_undo = game.replay(len(game.history) - 1).to_json()
    data = game.to_dict()
    data["initial"]["rng"] = 12345
    scribble(data)
    assert game.to_json() == before
    game.undo()
    assert game.to_json() == after_undo


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_loaded_game_shares_nothing_with_the_save_it_came_from(name):
    original = played(name)
    data = original.to_dict()
    game = Game.from_dict(data)
    before = game.to_json()
    after_undo = game.replay(len(game.history) - 1).to_json()
    scribble(data)
    assert game.to_json() == before
    game.undo()
    assert game.to_json() == after_undo


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_game_from_a_state_shares_nothing_with_that_state(name):
    state = played(name).to_dict()["state"]
    game = registered_games()[name].from_state(state)
    before = game.to_json()
    scribble(state)
    assert game.to_json() == before


def test_clone_still_shares_the_immutable_set_up_and_costs_no_copy_of_it():
    game = played("pond")
    assert game.clone()._initial is game._initial


@pytest.mark.parametrize("name", ALL_GAMES)
def test_the_set_up_read_late_is_the_set_up_and_not_the_state_now(name):
    """The set-up is read as JSON only when asked (a save, a replay): by then the game, its
    clones and its undos have played on, and none of that may reach it."""
    new_game = Pond.new_game if name == "pond" else getattr(ecogames, name).new_game
    eager = json.loads(json.dumps(new_game(players=2, seed=5)._state()))
    game = new_game(players=2, seed=5)
    twin = game.clone()
    for played_on, bot in ((game, RandomBot(1)), (twin, RandomBot(2))):
        for _ in range(30):
            legal = played_on.legal_actions()
            if not legal:
                break
            played_on.push(bot.choose(played_on, legal))
    game.undo()
    assert game.to_dict()["initial"] == eager
    assert twin._initial == eager and twin._initial is game._initial
    assert game.replay(0)._state() == eager


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_view_and_a_cascades_views_share_nothing_with_the_game(name):
    """(A guard beside item 10: the widget keeps views, so they must be copies.)"""
    game = played(name, seed=4, actions=4)
    before = game.to_json()
    for seat in [None, *range(game.players)]:
        first = json.loads(json.dumps(game.view(seat)))
        scribble(game.view(seat))
        assert game.view(seat) == first, "a view shares something with the next one"
    assert game.to_json() == before
    cascade = game.apply(game.legal_actions()[0], views=True, perspective=0)
    after = game.to_json()
    for view in cascade.views or ():
        scribble(view)
    assert game.to_json() == after


def test_a_file_larger_than_the_limit_is_refused_before_it_is_read(tmp_path, monkeypatch):
    import ecogames.core.schema as schema

    path = tmp_path / "big.json"
    path.write_bytes(b" " * 2000)
    monkeypatch.setattr(schema, "MAX_SAVE_BYTES", 1000)
    read = []
    monkeypatch.setattr(type(path), "read_bytes", lambda self: read.append(self) or b"")
    with pytest.raises(SaveError, match="too large"):
        ecogames.load(path)
    with pytest.raises(SaveError, match="too large"):
        Pond.load(path)
    assert read == []


def test_json_text_that_is_not_an_object_is_a_save_error_not_a_missing_file():
    with pytest.raises(SaveError, match="must be a JSON object"):
        ecogames.load("[1, 2]")
    with pytest.raises(SaveError, match="must be a JSON object"):
        ecogames.load('  "a string"')


# -- item 7: what the game's own doors let in must save and load ------------------------------

@pytest.mark.parametrize("players", [True, False])
def test_a_bool_is_not_a_player_count(players):
    with pytest.raises(ValueError, match="players"):
        Pond.new_game(players=players, seed=1)


@pytest.mark.parametrize("seed", [True, 1.5, "7", [1]])
def test_a_seed_is_an_integer(seed):
    with pytest.raises(ValueError, match="seed"):
        Pond.new_game(players=2, seed=seed)


def test_a_huge_or_negative_seed_still_gives_a_game_that_saves_and_loads():
    for seed in (-1, 2 ** 200):
        game = Pond.new_game(players=2, seed=seed)
        assert Game.from_dict(game.to_dict()) == game


@pytest.mark.parametrize("call", [lambda g: g.undo(True), lambda g: g.undo_to(True),
                                  lambda g: g.replay(True), lambda g: g.replay(-1),
                                  lambda g: g.replay(99)])
def test_undo_and_replay_take_a_whole_number_of_actions(call):
    from ecogames.core import IllegalAction

    game = played("pond", actions=2)
    before = game.to_json()
    with pytest.raises(IllegalAction):
        call(game)
    assert game.to_json() == before


@pytest.mark.parametrize("value", [["roll"], {"a": 1}, True, 1.0])
def test_a_choice_is_one_of_its_options_exactly(value):
    from ecogames.core import schema

    with pytest.raises(SaveError, match="must be one of"):
        schema.choice({"stage": value}, "stage", {"roll", 1})


def test_exact_keys_names_the_unknown_and_the_missing_keys() -> None:
    from ecogames.core.schema import exact_keys

    assert exact_keys({"a": 1, "b": 2}, {"a", "b"}) == {"a": 1, "b": 2}
    with pytest.raises(SaveError, match=r"state.food has unknown keys \['c'\]"):
        exact_keys({"a": 1, "b": 2, "c": 3}, {"a", "b"}, "state.food")
    with pytest.raises(SaveError, match=r"state lacks \['b'\]"):
        exact_keys({"a": 1}, ("a", "b"))
    with pytest.raises(SaveError, match="must be an object, got list"):
        exact_keys([], {"a"})
