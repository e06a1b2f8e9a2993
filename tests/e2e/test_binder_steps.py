"""Binder as Binder builds it: what repo2docker runs for this repo, in a fresh virtualenv
made from a copy of the working tree (git's tracked and unignored files):
`pip install -r binder/requirements.txt`, then `binder/postBuild`, both from the repo root.
Then the server Binder starts, opened at the README's two links: JupyterLab on
notebooks/index.ipynb (run, one move) and Voila's app view (one move).

Cheap enough for CI: pip's own cache serves the wheels (and npm's the widgets' packages); the
time of each step is printed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.app_pages import WIDGET, record_console_errors
from tests.e2e.helpers import run_all_cells, screenshot, wait_for_idle_kernel
from tests.e2e.servers import REPO, free_port, serve, stop


def working_tree_copy(target: Path) -> Path:
    """The repo as a fresh clone of this working tree would be (uncommitted edits included)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=REPO, check=True, capture_output=True).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = REPO / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def timed(label: str, command: list[str], **kwargs) -> None:
    start = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    print(f"binder step {label}: {time.monotonic() - start:.1f} s")
    assert done.returncode == 0, f"{label} failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"


@pytest.fixture(scope="module")
def binder_server(tmp_path_factory):
    """The repo built the Binder way and its Jupyter server, started from the repo root like
    Binder's; yields the server's base URL."""
    base = tmp_path_factory.mktemp("binder")
    repo = working_tree_copy(base / "repo")
    venv = base / "venv"
    timed("python -m venv", [sys.executable, "-m", "venv", str(venv)])
    env = {key: value for key, value in os.environ.items()
           if key not in ("VIRTUAL_ENV", "PYTHONPATH") and not key.startswith("JUPYTER")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
    for name in ["JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR",
                 "JUPYTERLAB_WORKSPACES_DIR"]:
        (base / name.lower()).mkdir()
        env[name] = str(base / name.lower())  # nothing from this machine's own Jupyter
    timed("pip install -r binder/requirements.txt",
          [str(venv / "bin" / "pip"), "install", "--disable-pip-version-check", "-q", "-r",
           "binder/requirements.txt"], cwd=repo, env=env)
    timed("binder/postBuild", ["bash", "binder/postBuild"], cwd=repo, env=env)

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = serve([str(venv / "bin" / "jupyter"), "lab", "--no-browser", "--allow-root",
                  "--ip=127.0.0.1", f"--port={port}", "--IdentityProvider.token=",
                  "--ServerApp.password=", "--LabApp.expose_app_in_browser=True"],
                 f"{url}/api", env, base / "server.log", timeout=90, cwd=repo)
    yield url
    stop(proc)


def test_binder_lab_link_plays_a_move(binder_server, page):
    """?urlpath=lab/tree/notebooks/index.ipynb: the notebook in JupyterLab, all its cells
    run, a roll of the dice answered by the kernel."""
    errors = record_console_errors(page)
    page.goto(f"{binder_server}/lab/tree/notebooks/index.ipynb")
    config = page.locator("#jupyter-config-data").text_content()
    assert "@jupyterlab/apputils-extension:announcements" in config  # the pop-up is off
    wait_for_idle_kernel(page, timeout=120_000)
    run_all_cells(page)
    widget = page.locator(WIDGET).first
    try:
        widget.locator('[data-testid="island"]').wait_for(timeout=60_000)
    finally:
        screenshot(page, "binder-lab-run")
    widget.locator('[data-testid="roll"]').click()
    widget.locator('[data-testid="history"] li').first.wait_for(timeout=30_000)
    screenshot(page, "binder-lab")
    assert errors == []


def test_binder_voila_link_plays_a_move(binder_server, page):
    """?urlpath=voila/render/notebooks/index.ipynb: the app view, a roll of the dice."""
    errors = record_console_errors(page)
    start = time.monotonic()
    page.goto(f"{binder_server}/voila/render/notebooks/index.ipynb")
    widget = page.locator(WIDGET).first
    widget.locator('[data-testid="island"]').wait_for(timeout=60_000)
    print(f"binder voila: the board {time.monotonic() - start:.1f} s after the request")
    assert page.locator('[data-testid="app-header"]').is_visible()
    assert page.locator(".jp-CodeCell .jp-InputArea, .cm-editor").count() == 0
    assert page.locator('[data-testid="open-in-lab"]').get_attribute("href") == (
        "/lab/tree/notebooks/index.ipynb")
    widget.locator('[data-testid="roll"]').click()
    widget.locator('[data-testid="history"] li').first.wait_for(timeout=30_000)
    screenshot(page, "binder-voila")
    assert errors == []
