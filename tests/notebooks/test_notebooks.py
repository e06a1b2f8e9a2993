"""Every notebook under notebooks/ runs top to bottom headless (no JavaScript runs here:
this proves the notebooks, not the widgets in a browser)."""

from __future__ import annotations

import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def test_there_are_notebooks_and_the_index_links_them_all():
    names = {nb.name for nb in NOTEBOOKS}
    assert "index.ipynb" in names
    index = (REPO / "notebooks" / "index.ipynb").read_text(encoding="utf-8")
    for name in names - {"index.ipynb"}:
        assert name in index, f"index.ipynb does not link {name}"


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[nb.stem for nb in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(path):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=True,
                            resources={"metadata": {"path": str(path.parent)}})
    started = time.perf_counter()
    client.execute()
    print(f"{path.name}: {time.perf_counter() - started:.1f} s")
    errors = [out for cell in nb.cells if cell.cell_type == "code"
              for out in cell.get("outputs", []) if out.get("output_type") == "error"]
    assert errors == []
    if any("Widget(" in cell.source for cell in nb.cells if cell.cell_type == "code"):
        state = nb.metadata["widgets"][WIDGET_STATE]["state"]
        assert any(m["model_name"] == "AnyModel" for m in state.values())
