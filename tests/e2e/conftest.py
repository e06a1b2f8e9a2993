"""JupyterLab, Notebook 7 and Voila in Debian's Chromium, driven by Playwright.

The recipe (../shared/e2e-recipe.md): servers started from fixtures on free ports with
their own config/runtime/data folders, stopped by their own PID; Chromium launched with
the flags that keep it off the closed network. Screenshots land in test-artifacts/.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.servers import (
    BIN,
    CHROMIUM,
    CHROMIUM_ARGS,
    REPO,
    free_port,
    jupyter_env,
    serve,
    stop,
)


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make chromium` installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        print(f"chromium {chromium.version}")
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    # every uncaught exception and every console error, from any host, fails a test
    page.on("pageerror", lambda exc: errors.append(f"{exc}\n{exc.stack}"))
    page.on("console", lambda msg: errors.append(f"console.error: {msg.text} at {msg.location}")
            if msg.type == "error" else None)
    page.js_errors = errors  # type: ignore[attr-defined]
    yield page
    context.close()


@pytest.fixture(scope="session")
def notebook_root(tmp_path_factory) -> Path:
    """A temporary copy of notebooks/ plus the e2e notebooks, with the repo on sys.path."""
    root = tmp_path_factory.mktemp("notebooks")
    for source in [REPO / "notebooks", Path(__file__).parent / "notebooks"]:
        for nb in source.glob("*.ipynb"):
            text = nb.read_text(encoding="utf-8").replace("__REPO__", json.dumps(str(REPO))[1:-1])
            (root / nb.name).write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def lab(notebook_root, tmp_path_factory) -> Iterator[str]:
    """A JupyterLab server on the notebooks; yields its base URL."""
    base = tmp_path_factory.mktemp("lab")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = serve([str(BIN / "jupyter"), "lab", "--no-browser", "--allow-root",
                   "--ip=127.0.0.1", f"--port={port}", "--IdentityProvider.token=",
                   "--ServerApp.password=", f"--ServerApp.root_dir={notebook_root}",
                   "--LabApp.expose_app_in_browser=True"],
                  f"{url}/api", jupyter_env(base), base / "lab.log")
    yield url
    stop(proc)


@pytest.fixture(scope="session")
def notebook7(notebook_root, tmp_path_factory) -> Iterator[str]:
    base = tmp_path_factory.mktemp("nb7")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = serve([str(BIN / "jupyter"), "notebook", "--no-browser", "--allow-root",
                   "--ip=127.0.0.1", f"--port={port}", "--IdentityProvider.token=",
                   "--ServerApp.password=", f"--ServerApp.root_dir={notebook_root}",
                   "--JupyterNotebookApp.expose_app_in_browser=True"],
                  f"{url}/api", jupyter_env(base), base / "nb7.log")
    yield url
    stop(proc)


@pytest.fixture(scope="session")
def voila_factory(notebook_root, tmp_path_factory):
    procs: list[subprocess.Popen] = []

    def start(name: str) -> str:
        base = tmp_path_factory.mktemp("voila")
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        procs.append(serve([str(BIN / "voila"), str(notebook_root / name), "--no-browser",
                             "--Voila.ip=127.0.0.1", f"--port={port}"],
                            url, jupyter_env(base), base / "voila.log", timeout=90))
        return url

    yield start
    for proc in procs:
        stop(proc)
