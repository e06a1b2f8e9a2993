"""The notebooks are the source (no generator): edited in Jupyter, kept without outputs, with
stable cell ids, and each one is a lesson a teacher can use as it stands."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
LESSONS = [nb for nb in NOTEBOOKS if nb.name != "index.ipynb"]
GAMES = [nb for nb in LESSONS if nb.name != "foodwebs.ipynb"]
MAX_LINES = 12
LAB_ONLY = "lab-only"
ORDER = ["Learning objectives", "Level", "Time", "Run All Cells", "Play and look",
         "Questions", "Teacher notes"]


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def ids(path: Path) -> list[str]:
    return [cell.get("id", "") for cell in cells(path)]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[nb.stem for nb in NOTEBOOKS])
def test_no_outputs_are_stored(path):
    """Outputs would go stale when the engines change; Run All Cells makes them."""
    for cell in cells(path):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"{path.name} keeps outputs: clear them"
            assert cell["execution_count"] is None
    meta = json.loads(path.read_text(encoding="utf-8"))["metadata"]
    assert "widgets" not in meta, f"{path.name} keeps widget state"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[nb.stem for nb in NOTEBOOKS])
def test_every_cell_has_a_unique_id_named_after_its_notebook(path):
    found = ids(path)
    assert all(found), f"{path.name}: a cell without an id"
    assert len(set(found)) == len(found), f"{path.name}: two cells share an id"
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{1,64}", i) for i in found)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[nb.stem for nb in NOTEBOOKS])
def test_no_code_cell_is_longer_than_twelve_lines(path):
    for i, cell in enumerate(cells(path)):
        if cell["cell_type"] == "code":
            lines = text(cell).rstrip("\n").splitlines()
            assert len(lines) <= MAX_LINES, f"{path.name} cell {i}: {len(lines)} lines"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[nb.stem for nb in NOTEBOOKS])
def test_the_app_view_is_the_title_and_the_first_widget(path):
    """Voila's app view runs the cells not tagged lab-only: the first cells, from the title to
    a board (Wildlife Web has a second one), so a board shows before anything long runs."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["metadata"].get("title")
    tagged = [LAB_ONLY in cell.get("metadata", {}).get("tags", []) for cell in nb["cells"]]
    app = tagged.index(True)
    assert app >= 2 and all(tagged[app:]), f"{path.name}: a cell after the app view untagged"
    assert nb["cells"][app - 1]["cell_type"] == "code"
    assert nb["cells"][0]["cell_type"] == "markdown" and nb["cells"][1]["cell_type"] == "code"
    if path in GAMES or path.name == "index.ipynb":
        assert "widget" in text(nb["cells"][1])


@pytest.mark.parametrize("path", LESSONS, ids=[nb.stem for nb in LESSONS])
def test_each_lesson_has_its_parts_in_order(path):
    whole = "\n".join(text(c) for c in cells(path) if c["cell_type"] == "markdown")
    places = [whole.find(part) for part in ORDER]
    assert -1 not in places, f"{path.name} lacks {[p for p, i in zip(ORDER, places) if i < 0]}"
    assert places == sorted(places), f"{path.name}: the parts are out of order"
    questions = whole[whole.find("Questions"):whole.find("Teacher notes")]
    count = len(re.findall(r"^\d+\. ", questions, flags=re.MULTILINE))
    assert 3 <= count <= 6, f"{path.name}: {count} questions"
    assert questions.count("<details>") == count, "every question has an answer to unfold"
    assert "Try this" in whole


@pytest.mark.parametrize("path", LESSONS, ids=[nb.stem for nb in LESSONS])
def test_every_plot_is_read_in_words_and_every_experiment_says_its_games(path):
    found = cells(path)
    for i, cell in enumerate(found):
        source = text(cell)
        if cell["cell_type"] != "code" or i == 1:
            continue
        if re.search(r"\b(plot_\w+|draw_cascade)\(", source):
            after = next((c for c in found[i + 1:] if c["cell_type"] == "markdown"), None)
            assert after is not None and "Reading" in text(after), \
                f"{path.name} cell {i}: a plot with no sentence reading it"
        if "experiment(" in source:
            assert "seeds=" in source, f"{path.name} cell {i}: how many games?"
            assert "simulate(" not in source


def test_the_generator_is_gone_and_the_lessons_say_how_to_edit_them():
    assert not (REPO / "notebooks" / "make_notebooks.py").exists()
    guide = (REPO / "docs" / "lessons.md").read_text(encoding="utf-8")
    assert "lab-only" in guide and "Clear All Outputs" in guide


def test_the_index_links_every_lesson():
    index = text(cells(REPO / "notebooks" / "index.ipynb")[0])
    for path in LESSONS:
        assert f"]({path.name})" in index, f"index.ipynb does not link {path.name}"
