"""The JupyterLite site of `make lite` (build/lite), in Chromium, with no internet.

The site is served as built by a static server in a thread; only where Pyodide comes from
changes: its `pyodideUrl` (Pyodide's online distribution) points at a local copy, made of
the npm `pyodide` package of the same version (the interpreter, its standard library, its
lockfile) and, beside it, the pure-Python wheels of that lockfile that the Lite kernel loads
as it starts (micropip, IPython and jedi with their dependencies) or that ecogames needs
(networkx, tqdm...), taken from PyPI at the versions the lockfile names (the lockfile's
sha256 is set to theirs).

What cannot run offline, and why: Pyodide's compiled packages (numpy, scipy, pandas,
matplotlib...) are built by Pyodide and published only in its online distribution, not on
PyPI nor npm. So, offline:
- the site's first cell (`%pip install ecogames`) stops at the first of them ecogames
  requires: the test checks it names one;
- ecogames and its pure-Python dependencies install from the site's wheels (by URL, without
  dependencies): the engine plays (a roll, a move, a cascade replayed) in the browser;
- the widgets render from the site's bundles (their food webs are laid out in pure Python,
  ecogames.core.graphs.trophic_levels), a click rolls the dice and the kernel in the browser
  answers;
- a cell that needs pandas or matplotlib (an experiment, a plot) prints one sentence instead
  of a traceback (the test checks it).
Online, `%pip install ecogames` takes numpy, scipy, pandas and matplotlib from Pyodide's
distribution and the notebooks run as in Jupyter."""

from __future__ import annotations

import hashlib
import http.server
import json
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.e2e.app_pages import WIDGET, record_console_errors
from tests.e2e.helpers import kernel_eval, screenshot
from tests.e2e.servers import REPO

SITE = REPO / "build" / "lite"
CACHE = REPO / "build" / "lite-offline-cache"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: what the Lite kernel loads from Pyodide's lockfile as it starts, and the pure-Python
#: dependencies of ecogames that the lockfile has too (micropip takes them from there)
FROM_THE_LOCK = ["micropip", "ipython", "jedi", "networkx", "tqdm", "typing-extensions",
                 "traitlets", "packaging"]

def pyodide_version() -> str:
    config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    url = config["litePluginSettings"][KERNEL_PLUGIN]["pyodideUrl"]
    return url.split("/pyodide/v")[1].split("/")[0]


def canonical(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def local_pyodide(version: str) -> Path:
    """Pyodide's interpreter from npm and the lockfile's pure wheels the kernel starts with
    (cached in build/lite-offline-cache: fetched once from npm and PyPI)."""
    folder = CACHE / f"pyodide-{version}"
    if (folder / "ready").exists():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    (CACHE / "npm").mkdir(parents=True, exist_ok=True)
    subprocess.run(["npm", "pack", f"pyodide@{version}", "--silent"], cwd=CACHE / "npm",
                   check=True, capture_output=True)
    subprocess.run(["tar", "xzf", f"pyodide-{version}.tgz"], cwd=CACHE / "npm", check=True)
    shutil.copytree(CACHE / "npm" / "package", folder)
    lock_path = folder / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    packages = lock["packages"]
    key = {canonical(name): name for name in packages}
    wanted, todo = set(), list(FROM_THE_LOCK)
    while todo:  # pure-Python packages only: compiled ones exist only online
        name = key[canonical(todo.pop())]
        if name not in wanted and packages[name]["file_name"].endswith("-none-any.whl"):
            wanted.add(name)
            todo.extend(packages[name]["depends"])
    wheels = CACHE / "wheels"
    wheels.mkdir(exist_ok=True)
    for name in sorted(wanted):
        entry = packages[name]
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
             "--no-deps", "--only-binary=:all:", "--platform", "any", "--implementation",
             "py", "--python-version", "3.14", "--abi", "none", "-d", str(wheels),
             f"{entry['name']}=={entry['version']}"], check=True, capture_output=True)
        stem = canonical(entry["file_name"].split("-")[0])
        found = [w for w in wheels.glob("*.whl") if canonical(w.name.split("-")[0]) == stem
                 and w.name.split("-")[1] == entry["version"]]
        assert found, f"no wheel of {name} {entry['version']} on PyPI"
        shutil.copy2(found[0], folder / entry["file_name"])
        entry["sha256"] = hashlib.sha256(found[0].read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock))
    (folder / "ready").write_text("\n".join(sorted(wanted)))
    return folder


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json"}

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def offline_site(tmp_path_factory):
    if not (SITE / "jupyter-lite.json").exists():
        pytest.fail("build/lite is missing: `make lite` builds the JupyterLite site")
    root = tmp_path_factory.mktemp("lite") / "site"
    shutil.copytree(SITE, root)
    shutil.copytree(local_pyodide(pyodide_version()), root / "pyodide")
    config_path = root / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    data = config["jupyter-config-data"]
    data["litePluginSettings"][KERNEL_PLUGIN]["pyodideUrl"] = "./pyodide/pyodide.mjs"
    data["litePluginSettings"][KERNEL_PLUGIN]["disablePyPIFallback"] = True
    data["exposeAppInBrowser"] = True
    config_path.write_text(json.dumps(config))
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), lambda *a, **k: Quiet(*a, directory=str(root), **k))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def open_index(site: str, page) -> None:
    start = time.monotonic()
    page.goto(f"{site}/lab/index.html?path=index.ipynb")
    page.wait_for_function(
        "window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel?.status"
        " === 'idle'", timeout=240_000)
    print(f"lite: the kernel in the browser is ready {time.monotonic() - start:.1f} s after "
          "the page was opened")


def test_lite_site_plays_offline(offline_site, page):
    """Everything but Pyodide's compiled packages, with 0 console errors and no request off
    the local server."""
    errors = record_console_errors(page)
    offline = []  # every request that leaves the local server
    page.on("request", lambda r: None if r.url.startswith((offline_site, "data:", "blob:"))
            else offline.append(r.url))
    open_index(offline_site, page)
    # ecogames and the pure-Python wheels the site holds, by their URLs: by name, micropip
    # would take networkx from Pyodide's lockfile, whose numpy and matplotlib come with it
    wheels = [f"{offline_site}/pypi/{w.name}" for w in sorted((SITE / "pypi").glob("*.whl"))]
    installed = kernel_eval(page, f"""
import micropip
await micropip.install({wheels!r}, deps=False)
import ecogames_lite, ecogames
print("ecogames", ecogames.__file__)
""", timeout=120_000)
    assert "ecogames /lib/python" in installed, installed

    # the engine plays: a roll, a move, and the roll's cascade replayed from the start
    played = kernel_eval(page, """
from ecogames import toritori
game = toritori.new_game(players=2, difficulty="basic", seed=2026)
roll = game.apply({"type": "roll"})
move = next(a for a in game.legal_actions() if a.type == "move")
moved = game.apply(move)
again = game.replay(0)
replayed = again.apply(game.history[0])
print("roll", len(roll), "events;", roll[0].text)
print("move", game.describe(move), "->", moved[-1].text)
print("replayed", [e.text for e in replayed] == [e.text for e in roll], len(game.history))
""", timeout=60_000)
    print(f"lite: {played.strip()}")
    assert "replayed True 2" in played, played

    # the widget, from the site's bundles, with a real click
    # the index's own board cell (its second cell), run in the notebook
    page.evaluate("""() => {
        const panel = window.jupyterapp.shell.currentWidget;
        panel.content.activeCellIndex = 2;
        return window.jupyterapp.commands.execute('notebook:run-cell');
    }""")
    widget = page.locator(WIDGET).first
    widget.locator('[data-testid="island"]').wait_for(timeout=60_000)
    widget.locator('[data-testid="roll"]').click()
    widget.locator('[data-testid="history"] li').first.wait_for(timeout=60_000)
    answer = kernel_eval(page, "print(widget.game.history[0].type)")
    assert answer.strip() == "roll", answer
    # replay the roll's cascade on the board: back to its first step
    widget.locator('[data-testid="cascade-back"]').click()
    page.wait_for_function(
        "document.querySelector('[data-testid=board]')?.dataset.step !== '-1'")
    screenshot(page, "lite-offline")
    assert offline == [], offline
    assert errors == []


def test_lite_site_says_what_needs_the_internet(offline_site, page):
    """The site's own first cell offline: ecogames installs, its compiled dependencies do
    not; a cell that needs one prints one sentence, not a traceback. The console errors are
    Pyodide's own reports of those packages it could not fetch, and nothing else."""
    errors = record_console_errors(page)
    open_index(offline_site, page)
    cells = json.loads((SITE / "files" / "index.ipynb").read_text())["cells"]
    assert cells[0]["metadata"]["tags"] == ["lite-only"]
    setup = "".join(cells[0]["source"])
    assert "%pip install -q ecogames" in setup
    kernel_eval(page, setup, timeout=120_000)
    installed = kernel_eval(page, "import micropip; print(sorted(micropip.list()))")
    assert "'ecogames'" in installed and "'numpy'" not in installed, installed

    board = kernel_eval(page, "".join(cells[2]["source"]), timeout=60_000)  # the board
    assert "Traceback" not in board and "needs" not in board, board  # the board is made
    blocked = kernel_eval(page, "import ecogames\n"
                                "ecogames.experiment('toritori', seeds=2, progress=False).games",
                          timeout=60_000)
    print(f"lite: an experiment's cell offline says: {blocked.strip()}")
    assert blocked.startswith("This cell needs pandas") and "Traceback" not in blocked, blocked
    compiled = {"numpy", "scipy", "pandas", "matplotlib", "contourpy", "kiwisolver", "pillow",
                "fonttools", "cycler", "pyparsing", "python-dateutil", "pytz", "setuptools",
                "packaging", "networkx", "tqdm", "typing-extensions", "six"}
    unexpected = [e for e in errors if not (
        "Failed to fetch" in e or any(f"error occurred while loading {name}:" in e.lower()
                                      for name in compiled))]
    assert errors and unexpected == [], errors
