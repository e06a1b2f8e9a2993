"""Every number a lesson quotes from an experiment is one its own run prints: the lesson's
code cells are run here as they are in the notebook, and each number in the sentences that
read them must be among the numbers printed (a rerun with other engines would change the
prints, and this test says which sentence went stale)."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

REPO = Path(__file__).resolve().parents[2]
NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")
QUOTED = {
    "toritori.ipynb": (["toritori-08", "toritori-09", "toritori-11"],
                       ["toritori-10", "toritori-12"]),
    "wildlifeweb.ipynb": (["wildlifeweb-07", "wildlifeweb-levels-1"],
                          ["wildlifeweb-levels-2"]),
}
"""A lesson -> (the code cells of its run, in order; the cells that quote it)."""


def _cells(name: str) -> dict[str, str]:
    cells = json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
    return {c["id"]: "".join(c["source"]) for c in cells}


def numbers(text: str) -> set[float]:
    return {float(n) for n in NUMBER.findall(text)}


def printed_by(sources: list[str]) -> str:
    out = io.StringIO()
    namespace: dict = {}
    with contextlib.redirect_stdout(out):
        for source in sources:
            exec(compile(source, "<lesson cell>", "exec"), namespace)
    import matplotlib.pyplot as plt

    plt.close("all")
    return out.getvalue()


def test_numbers_finds_whole_decimal_and_percent_numbers():
    assert numbers("from 13.0 to 1.3 (91%, 86-94%) in 104 games") == {
        13.0, 1.3, 91, 86, 94, 104}


@pytest.mark.parametrize("name", sorted(QUOTED))
def test_every_number_a_lesson_quotes_is_printed_by_its_run(name):
    cells = _cells(name)
    run, readings = QUOTED[name]
    printed = numbers(printed_by([cells[i] for i in run]))
    for cell in readings:
        stale = numbers(cells[cell]) - printed
        assert not stale, f"{name} {cell} quotes {sorted(stale)}, which its run does not print"
