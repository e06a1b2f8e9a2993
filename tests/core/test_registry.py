"""One spec per game (core.registry): every game registers one; the layers above core read it,
and nothing finds a game's parts by its module's name."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

import ecogames
from ecogames.bots import BOTS, bots_for
from ecogames.core import Rng
from ecogames.core.palette import palette_of
from ecogames.core.registry import GameSpec, UnregisteredGame, register, spec_of, specs
from ecogames.core.series import DEFAULT_SPEC
from ecogames.core.series import spec_of as series_spec
from ecogames.games import NAMES
from tests.support.pond import Pond

PACKAGE = Path(ecogames.__file__).resolve().parent


@pytest.fixture(scope="module", autouse=True)
def every_game():
    for name in NAMES:
        getattr(ecogames, name)


def test_every_game_package_registers_one_spec_for_its_engine():
    assert ecogames.GAMES == NAMES == tuple(sorted(specs()))
    for name, spec in specs().items():
        package = getattr(ecogames, name)
        assert spec.engine.__module__.startswith(package.__name__ + ".")
        assert spec_of(spec.engine) is spec and spec.name == spec.engine.name == name
        assert spec.widget is not None and spec.widget().__module__ == f"{package.__name__}.widget"
        assert spec.series is not None and series_spec(spec.engine) is spec.series()
        assert spec.determinize is not None and spec.observation is not None
        assert palette_of(spec.engine) is spec.palette and spec.palette.groups


def test_every_bot_a_game_package_defines_is_in_its_spec():
    for name, spec in specs().items():
        own = {bot for bot, factory in BOTS.items()
               if getattr(factory, "__module__", "").startswith(f"ecogames.games.{name}.")}
        assert own and own == set(spec.bots), name
        assert set(spec.bots) <= set(bots_for(name))
        assert not set(spec.bots) & {b for other in specs() if other != name
                                     for b in bots_for(other)}


def test_a_game_without_registration_raises_a_clear_error():
    game = Pond.new_game(players=2, seed=1)
    with pytest.raises(UnregisteredGame, match=r"Pond is not a registered game: .*register\("):
        spec_of(game)
    # what has a default needs no spec: the generic widget, a series that counts actions,
    # no palette
    assert game.widget().bundle == "generic"
    assert series_spec(game) is DEFAULT_SPEC and not palette_of(game).groups
    twin = game.determinize(0, Rng(3))  # a clone with its generator reseeded
    assert twin.view(0) == game.view(0) and twin.rng.state != game.rng.state


def test_a_notebook_subclass_of_a_game_uses_its_parents_spec():
    from ecogames.toritori import ToriTori
    from ecogames.toritori import Widget as ToriToriWidget

    class NoCat(ToriTori):  # a variant, as a lesson would write one
        pass

    parent = spec_of(ToriTori)
    assert spec_of(NoCat) is parent
    game = NoCat.new_game(players=2, seed=4)
    assert type(game) is NoCat and spec_of(game) is parent
    widget = game.widget()
    assert isinstance(widget, ToriToriWidget) and widget.game is game
    assert palette_of(game) is parent.palette and series_spec(game) is parent.series()
    seen = []
    register(replace(parent, determinize=lambda g, p, rng: seen.append(type(g)) or g.clone()))
    try:
        game.determinize(0, Rng(1))
    finally:
        register(parent)
    assert seen == [NoCat]


def test_a_variant_may_have_a_spec_of_its_own_and_another_game_may_not_take_a_name(monkeypatch):
    from ecogames.core import game as game_module
    from ecogames.core import registry
    from ecogames.toritori import ToriTori

    monkeypatch.setattr(registry, "_SPECS", dict(registry._SPECS))
    monkeypatch.setattr(game_module, "_REGISTRY", dict(game_module._REGISTRY))  # Impostor's

    class Tuned(ToriTori):
        pass

    own = register(replace(spec_of(ToriTori), engine=Tuned, mcts={"cutoff": 2}))
    assert spec_of(Tuned) is own and spec_of(ToriTori) is not own
    assert specs()["toritori"].engine is ToriTori  # a variant is not another game

    with pytest.raises(TypeError, match=r"a game called 'toritori' is already .*ToriTori"):
        class Impostor(Pond):  # would take over loading Tori-Tori's saves
            name = "toritori"

    assert game_module._REGISTRY["toritori"] is ToriTori

    class Impostor(Pond):
        pass

    Impostor.name = "toritori"  # named after the class statement: only the spec can refuse it
    with pytest.raises(ValueError, match="a game called 'toritori' is registered already"):
        register(GameSpec(engine=Impostor))
    assert spec_of(ToriTori).engine is ToriTori


@pytest.mark.parametrize(("fields", "message"), [
    ({"engine": int}, "engine is a Game subclass"),
    ({"engine": Pond, "bots": ["x"]}, "bots is a tuple"),
    ({"engine": Pond, "mcts": {"depth": 3}}, r"unknown keys \['depth'\]"),
])
def test_a_malformed_spec_is_refused(fields, message):
    with pytest.raises((TypeError, ValueError), match=message):
        GameSpec(**fields)
    with pytest.raises(TypeError, match="register takes a GameSpec"):
        register(Pond)  # type: ignore[arg-type]


def test_a_spec_is_frozen_all_the_way_down():
    spec = spec_of(ecogames.toritori.ToriTori)
    with pytest.raises(AttributeError):
        spec.bots = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        spec.mcts["cutoff"] = 99  # type: ignore[index]


BY_NAME = re.compile(r"import_module\(\s*(f[\"']|[^)\"']*[+%]|.*\.format\()|__import__\(|"
                     r"__module__\b.*(split|partition)")
"""How a part of a game was found by name: importlib on a string built at run time,
``__module__`` parsing."""
MAY_IMPORT_BY_NAME = {"__init__.py", "games/__init__.py"}
"""``ecogames.<game>`` and a save's game: a package imported by its public name."""


def test_nothing_finds_a_games_parts_by_name():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative in MAY_IMPORT_BY_NAME:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if BY_NAME.search(line):
                found.append(f"{relative}:{number}: {line.strip()}")
    assert not found, "found by name:\n" + "\n".join(found)
    assert not (PACKAGE / "core" / "discovery.py").exists()
