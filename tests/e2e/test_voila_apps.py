"""Each notebook as Voila's app view, started as the README says: `voila notebooks/<name>`
from the repo root (./voila.json picks the app template of share/jupyter/voila/templates).

The page shows the title, how to play and the board, no code and none of the lesson's cells
(tagged lab-only); it loads with 0 console errors, and the kernel answers a first move."""

import json
import time

import pytest

from tests.e2e.app_pages import WIDGET, play_first_action, record_console_errors
from tests.e2e.helpers import screenshot
from tests.e2e.servers import BIN, REPO, free_port, jupyter_env, serve, stop

NOTEBOOKS = ["index.ipynb", "toritori.ipynb", "tulikko.ipynb", "wildlifeweb.ipynb",
             "tori.ipynb", "biotopes.ipynb"]


def app_cells(name: str) -> tuple[list[dict], int]:
    """The cells the app view keeps, and how many it leaves to JupyterLab."""
    cells = json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
    kept = [c for c in cells if "lab-only" not in c["metadata"].get("tags", [])]
    return kept, len(cells) - len(kept)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_voila_app_page(name, page, tmp_path):
    kept, skipped = app_cells(name)
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    proc = serve([str(BIN / "voila"), f"notebooks/{name}", "--no-browser",
                  "--Voila.ip=127.0.0.1", f"--port={port}"],
                 f"{url}voila/static/voila.js", jupyter_env(tmp_path), tmp_path / "voila.log",
                 timeout=90, cwd=REPO)
    try:
        errors = record_console_errors(page)
        start = time.monotonic()
        page.goto(url)
        widget = page.locator(WIDGET).first
        widget.wait_for(timeout=60_000)
        print(f"{name}: first widget {time.monotonic() - start:.1f} s after the request")

        header = page.locator('[data-testid="app-header"]')
        assert "ecogames" in header.inner_text()
        code = ".jp-CodeCell .jp-InputArea, .jp-InputPrompt, .cm-editor, .highlight"
        assert page.locator(code).count() == 0
        # the markdown kept is on the page; what the lesson says is not
        markdown = [c for c in kept if c["cell_type"] == "markdown"]
        assert page.locator(".jp-RenderedMarkdown").count() == len(markdown)
        widgets = [c for c in kept if c["cell_type"] == "code"]
        page.locator(WIDGET).nth(len(widgets) - 1).wait_for()
        assert page.locator(WIDGET).count() == len(widgets)
        assert page.locator('[data-testid="app-footer"]').inner_text().count(str(skipped)) == 1
        # standalone Voila has no JupyterLab to open the notebook in
        assert page.locator('[data-testid="open-in-lab"]').is_hidden()

        label = play_first_action(widget)
        print(f"{name}: played {label!r}")
        screenshot(page, f"voila-app-{name.removesuffix('.ipynb')}")
        assert errors == []
    finally:
        stop(proc)
