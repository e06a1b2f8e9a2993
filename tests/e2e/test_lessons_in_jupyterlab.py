"""Every lesson rendered in JupyterLab, as a teacher opens it: Run All Cells, then the whole
notebook photographed screen by screen (test-artifacts/screenshots/lesson-<name>-<nn>.png).
The run ends with no error output, every figure drawn, and no console error."""

from __future__ import annotations

import json

import pytest

from tests.e2e.helpers import (
    REPO,
    kernel_eval,
    lab_url,
    run_all_cells,
    screenshot,
    wait_for_idle_kernel,
    widget_errors,
)

LESSONS = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))

SCROLLER = "document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')"

ALL_RUN = """(count) => {
  // the notebook's model, not the DOM: Lab renders only the cells in view
  const model = window.jupyterapp.shell.currentWidget.content.model;
  const counts = [];
  for (let i = 0; i < model.cells.length; i++) {
    const cell = model.cells.get(i);
    if (cell.type === 'code') counts.push(cell.executionCount);
  }
  return counts.length === count && counts.every((n) => n !== null && n > 0);
}"""


def code_cells(name: str) -> int:
    nb = json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))
    return sum(cell["cell_type"] == "code" for cell in nb["cells"])


def figures(name: str) -> int:
    """The figures the notebook draws, counted in its code (a cell that calls one of the
    package's plot_/draw_ functions, or plt.subplots)."""
    nb = json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))
    sources = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    return sum(("plot_" in s or "draw_cascade(" in s) for s in sources)


@pytest.mark.parametrize("name", LESSONS, ids=[n.removesuffix(".ipynb") for n in LESSONS])
def test_lesson_runs_in_lab_and_is_photographed(lab, page, name):
    page.set_viewport_size({"width": 1300, "height": 1000})
    page.goto(lab_url(lab, name))
    wait_for_idle_kernel(page)
    # the test process sets MPLBACKEND=Agg (tests/conftest.py) and the server passes it on;
    # a teacher's kernel draws inline
    kernel_eval(page, "%matplotlib inline")
    run_all_cells(page)
    count = code_cells(name)
    page.wait_for_function(ALL_RUN, arg=count, timeout=150_000)
    wait_for_idle_kernel(page, timeout=120_000)
    page.evaluate(f"{SCROLLER}.scrollTop = 0")
    page.wait_for_timeout(500)
    shots, images, text = 0, 0, ""
    while True:
        screenshot(page, f"lesson-{name.removesuffix('.ipynb')}-{shots:02d}")
        shots += 1
        images = max(images, page.evaluate(
            "document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) "
            ".jp-OutputArea-output img').length"))
        text += page.evaluate(f"{SCROLLER}.innerText")
        # Lab sizes the cells out of view by estimate: the end is where scrolling stops
        # moving three times in a row, as the cells below are measured
        stuck = 0
        while stuck < 3:
            moved = page.evaluate(f"(() => {{ const s = {SCROLLER}; const before = s.scrollTop;"
                                  " s.scrollTop += 900; return s.scrollTop !== before; })()")
            if moved:
                break
            stuck += 1
            page.wait_for_timeout(700)
        if stuck == 3 or shots >= 80:
            break
        page.wait_for_timeout(400)
    assert "Traceback" not in text and "Error:" not in text.replace("ExperimentError", "")
    assert shots >= 2
    if figures(name):
        assert "Reading it" in text
        assert images >= 1, "the figures are not drawn"
    assert widget_errors(page) == []
