"""The docs say what the code does: every widget message is listed, every rule path resolves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ecogames.widget import _HANDLERS

ROOT = Path(__file__).resolve().parents[1]
ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text()
GAMES = ROOT / "src" / "ecogames" / "games"

# "| ... | `toritori/rules.py` -> `ToriTori._village()` ..." : a file and a function in it
_RULE_PATH = re.compile(r"`(\w+/\w+\.py)` -> `(?:\w+\.)?(\w+)\(\)`")


def _rule_rows() -> list[str]:
    table = ARCHITECTURE.split("**Finding a rule: two hops**", 1)[1].split("\n\n", 2)[1]
    return [line for line in table.splitlines() if line.startswith("| ") and "->" in line]


def test_architecture_lists_every_widget_message() -> None:
    protocol = (ROOT / "docs" / "widget-protocol.md").read_text()
    for kind in _HANDLERS:
        assert f"`{kind}`" in ARCHITECTURE, f"architecture.md does not name the {kind} message"
        assert f'"kind": "{kind}"' in protocol, f"widget-protocol.md does not show {kind}"
    count = re.search(r"The browser sends (\w+) messages", ARCHITECTURE)
    assert count is not None
    words = {"fourteen": 14, "fifteen": 15, "sixteen": 16}
    assert words[count.group(1)] == len(_HANDLERS)


def test_three_rules_of_every_game_in_two_hops() -> None:
    rows = _rule_rows()
    games = {path.split("/")[0] for row in rows for path, _ in _RULE_PATH.findall(row)}
    assert games == {p.name for p in GAMES.iterdir() if (p / "rules.py").exists()}
    assert len(rows) >= 3 * len(games)


@pytest.mark.parametrize("row", _rule_rows())
def test_each_rule_path_names_a_function_in_that_file(row: str) -> None:
    found = _RULE_PATH.findall(row)
    assert found, f"no `file` -> `function()` in {row!r}"
    for path, function in found:
        source = (GAMES / path).read_text()
        assert re.search(rf"^\s*def {function}\(", source, re.M), f"{path} has no {function}()"
