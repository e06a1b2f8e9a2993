"""The package's public doors: every game as ``ecogames.<game>``, in every import form."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import ecogames

FORMS = {
    "import-submodule-first": """
        import importlib
        import ecogames.{game}
        import ecogames.games.{game}
        assert ecogames.{game} is ecogames.games.{game}
        assert importlib.import_module("ecogames.{game}") is ecogames.games.{game}
    """,
    "from-import-first": """
        from ecogames import {game} as first
        import ecogames.{game}
        import ecogames.games.{game}
        assert first is ecogames.{game} is ecogames.games.{game}
    """,
    "games-package-first": """
        import ecogames.games.{game} as inner
        import ecogames.{game} as outer
        from ecogames import {game}
        assert inner is outer is {game}
        assert {game}.new_game(players=2, seed=1).name == "{game}"
    """,
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_every_game_imports_as_ecogames_dot_game_in_a_fresh_interpreter(form):
    script = "\n".join(textwrap.dedent(FORMS[form]).format(game=game)
                       for game in ecogames.GAMES)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_game_modules_are_registered_once():
    import ecogames.games.toritori
    import ecogames.toritori

    assert sys.modules["ecogames.toritori"] is ecogames.games.toritori
    assert ecogames.toritori.ToriTori.__module__ == "ecogames.games.toritori.rules"
