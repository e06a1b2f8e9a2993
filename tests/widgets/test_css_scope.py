"""Issue 12 §5: each game's CSS applies inside its own widget root only (and the kit's
inside an ecogames root): a rule that would reach another game's board is a bug."""

import re
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "js" / "src"
GAMES = sorted(p.name for p in (JS / "games").iterdir() if list(p.glob("*.css")))


def selectors(css: str) -> list[str]:
    """Every selector of every style rule (inside @media / @container blocks too)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = []
    for prelude in re.findall(r"([^{};]+)\{", css):
        prelude = prelude.strip()
        if prelude.startswith("@") or re.fullmatch(r"(from|to|\d+%)(\s*,\s*(from|to|\d+%))*",
                                                   prelude):
            continue
        found += [s.strip() for s in prelude.split(",")]
    return found


def test_there_are_five_game_stylesheets():
    assert GAMES == ["biotopes", "tori", "toritori", "tulikko", "wildlifeweb"]


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_of_a_game_is_scoped_to_its_own_widget(game):
    rules = [s for css in (JS / "games" / game).glob("*.css") for s in selectors(css.read_text())]
    assert rules
    scope = f'.ecogames[data-game="{game}"]'
    wrong = [s for s in rules if not (s.startswith(scope) and s[len(scope):][:1] in " .:[>")]
    assert wrong == []


def test_every_rule_of_the_kit_is_inside_an_ecogames_root():
    rules = selectors((JS / "kit" / "styles.css").read_text())
    assert rules and [s for s in rules if not re.match(r"\.ecogames(?![\w-])", s)] == []
    assert not any(re.search(r"@keyframes|:root|\bhtml\b|\bbody\b", s) for s in rules)
