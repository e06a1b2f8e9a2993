"""Widget fixtures for the JS tests: the synced traits of real widgets in chosen situations.

``python -m tests.support.fixtures`` (``make fixtures``) writes them to js/tests/fixtures/;
``tests/widgets/test_fixtures.py`` fails when a committed fixture no longer matches what
the engine produces, so the JS tests always render what Python really sends.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from ecogames.widget import GameWidget

FIXTURES = Path(__file__).resolve().parents[2] / "js" / "tests" / "fixtures"

Scenario = Callable[[], GameWidget]
SCENARIOS: dict[str, Scenario] = {}
"""File stem (``<game>-<situation>``) -> a function building the widget in that situation."""


def scenario(name: str) -> Callable[[Scenario], Scenario]:
    def register(fn: Scenario) -> Scenario:
        SCENARIOS[name] = fn
        return fn
    return register


def render(name: str) -> str:
    widget = SCENARIOS[name]()
    return json.dumps(widget.traits_json(), indent=1, sort_keys=True) + "\n"


def load_all() -> None:
    """Import every module that registers scenarios."""
    from tests.support import fixture_scenarios  # noqa: F401


def write_all(folder: Path = FIXTURES) -> list[Path]:
    load_all()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in sorted(SCENARIOS):
        path = folder / f"{name}.json"
        path.write_text(render(name), encoding="utf-8")
        written.append(path)
    return written


def main() -> None:
    # run as __main__, this file is a second module: register into the importable one
    from tests.support import fixtures

    for path in fixtures.write_all():
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
