"""JupyterLab, Notebook 7 and Voila in Debian's Chromium, driven by Playwright.

The recipe (../shared/e2e-recipe.md): servers started from fixtures on free ports with
their own config/runtime/data folders, stopped by their own PID; Chromium launched with
the flags that keep it off the closed network. Screenshots land in test-artifacts/.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("ECOGAMES_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
    "--disable-dev-shm-usage",
]
BIN = Path(sys.executable).parent


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


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
    page.on("pageerror", lambda exc: errors.append(f"{exc}\n{exc.stack}"))
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


def _jupyter_env(base: Path) -> dict[str, str]:
    env = dict(os.environ)
    for name in ["JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR",
                 "JUPYTERLAB_WORKSPACES_DIR"]:
        folder = base / name.lower()
        folder.mkdir(parents=True, exist_ok=True)
        env[name] = str(folder)
    labconfig = base / "jupyter_config_dir" / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    # the kernels must find the venv's ipykernel and data (anywidget's lab extension lives
    # in the venv's share/jupyter, which stays on the path through sys.prefix)
    env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    return env


def _serve(command: list[str], ready_url: str, env: dict[str, str], log: Path,
           timeout: float = 60) -> subprocess.Popen:
    with log.open("w") as out:
        proc = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{command[0]} exited with {proc.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(ready_url, timeout=2):
                return proc
        except OSError:
            time.sleep(0.3)
    _stop(proc)
    raise RuntimeError(f"{command[0]} did not answer within {timeout}s:\n{log.read_text()}")


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="session")
def lab(notebook_root, tmp_path_factory) -> Iterator[str]:
    """A JupyterLab server on the notebooks; yields its base URL."""
    base = tmp_path_factory.mktemp("lab")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = _serve([str(BIN / "jupyter"), "lab", "--no-browser", "--allow-root",
                   "--ip=127.0.0.1", f"--port={port}", "--IdentityProvider.token=",
                   "--ServerApp.password=", f"--ServerApp.root_dir={notebook_root}",
                   "--LabApp.expose_app_in_browser=True"],
                  f"{url}/api", _jupyter_env(base), base / "lab.log")
    yield url
    _stop(proc)


@pytest.fixture(scope="session")
def notebook7(notebook_root, tmp_path_factory) -> Iterator[str]:
    base = tmp_path_factory.mktemp("nb7")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = _serve([str(BIN / "jupyter"), "notebook", "--no-browser", "--allow-root",
                   "--ip=127.0.0.1", f"--port={port}", "--IdentityProvider.token=",
                   "--ServerApp.password=", f"--ServerApp.root_dir={notebook_root}",
                   "--JupyterNotebookApp.expose_app_in_browser=True"],
                  f"{url}/api", _jupyter_env(base), base / "nb7.log")
    yield url
    _stop(proc)


@pytest.fixture(scope="session")
def voila_factory(notebook_root, tmp_path_factory):
    procs: list[subprocess.Popen] = []

    def start(name: str) -> str:
        base = tmp_path_factory.mktemp("voila")
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        procs.append(_serve([str(BIN / "voila"), str(notebook_root / name), "--no-browser",
                             "--Voila.ip=127.0.0.1", f"--port={port}"],
                            url, _jupyter_env(base), base / "voila.log", timeout=90))
        return url

    yield start
    for proc in procs:
        _stop(proc)
