"""The JS tests render fixtures exported from real widgets; they must match the engines."""

import pytest

from tests.support.fixtures import FIXTURES, SCENARIOS, load_all, render

load_all()


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_committed_fixture_matches_what_the_engine_sends(name):
    path = FIXTURES / f"{name}.json"
    assert path.exists(), f"{path.name} is missing: run `make fixtures`"
    assert path.read_text(encoding="utf-8") == render(name), (
        f"{path.name} is stale: run `make fixtures` and commit the result")
