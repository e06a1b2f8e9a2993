"""Every link of every page works, in each way the README offers, or is not shown; and a
notebook that JupyterLab saved and that is opened again says "run this cell to play" instead
of "Error displaying widget: model not found", with no console error.

The ways: `make demo` (JupyterLab serving Voila's app view), `voila notebooks/index.ipynb`
(the README's command: one notebook), `voila notebooks/` (every notebook) and JupyterLab
itself. From each start page every shown link is followed; app pages are opened in Chromium
(and their links followed in turn), anything else is requested; none may answer 4xx or 5xx,
and no page may log a console error."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
import urllib.parse
import urllib.request

import pytest

from ecogames.notebook_saving import RUN_TO_PLAY, WIDGET_VIEW
from tests.e2e.app_pages import WIDGET, record_console_errors
from tests.e2e.helpers import lab_url, run_all_cells, screenshot, wait_for_idle_kernel
from tests.e2e.servers import BIN, REPO, free_port, jupyter_env, serve, stop, stop_group
from tests.e2e.test_demo_command import demo_env, wait_until_served

NOTEBOOKS = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
LESSONS = [name for name in NOTEBOOKS if name != "index.ipynb"]
SHOWN_LINKS = """() => [...document.querySelectorAll('a[href]')]
    .filter((a) => a.getClientRects().length > 0 && getComputedStyle(a).visibility !== 'hidden')
    .map((a) => ({href: a.href, text: a.textContent.trim()}))"""
LAB_WORDS = re.compile(r"Run All|in JupyterLab choose|section \d")
"""What the app view must not say: it has no Run menu, and the lesson's sections are not on
the page."""
DEMO_URL = re.compile(r"(http://127\.0\.0\.1:\d+)/voila/render/index\.ipynb\?token=(\w+)")


def status(page, url: str) -> int:
    """The HTTP status of ``url``, asked with the page's cookies (a login too)."""
    return page.request.get(url, timeout=120_000).status


def is_app_page(url: str) -> bool:
    path = urllib.parse.urlparse(url).path
    return path.endswith(".ipynb") or path.rstrip("/").endswith("/voila/tree") or path == "/"


def wait_for_page(page) -> None:
    """A Voila page shows its cells when every one has run (the tree page has none), and
    its widgets once their models have come from the kernel."""
    page.wait_for_load_state("load", timeout=120_000)
    if page.locator("#rendered_cells").count():
        page.locator("#rendered_cells").wait_for(state="visible", timeout=120_000)
        page.wait_for_function(
            "!document.querySelector('#rendered_cells').innerText.includes('Loading widget')",
            timeout=60_000)


def lab_path_exists(page, url: str) -> int:
    """A JupyterLab URL answers 200 whatever follows /lab/tree/: ask for the file itself."""
    parts = urllib.parse.urlparse(url)
    base, _, path = parts.path.partition("/lab/tree/")
    return status(page, f"{parts.scheme}://{parts.netloc}{base}/api/contents/{path}")


def follow_every_link(page, start: str, name: str) -> dict[str, int]:
    """Open ``start`` and every app page it links to (and theirs, on the same server);
    request every other link. Returns each link followed with its status."""
    origin = urllib.parse.urlparse(start).netloc
    queue, opened, followed = [start], set(), {}
    while queue:
        url = queue.pop(0)
        key = url.split("#")[0]
        if key in opened:
            continue
        opened.add(key)
        response = page.goto(url, timeout=120_000)
        followed[url] = response.status
        wait_for_page(page)
        path = urllib.parse.urlparse(page.url).path.strip("/").replace("/", "-") or "root"
        screenshot(page, f"links-{name}-{path}")
        if page.locator("#rendered_cells").count():
            said = LAB_WORDS.findall(page.locator("#rendered_cells").inner_text())
            assert said == [], f"{url}: the app view says {said}"
        for href in [link["href"] for link in page.evaluate(SHOWN_LINKS)]:
            target = urllib.parse.urlparse(href)
            if target.scheme not in ("http", "https") or href.split("#")[0] == key:
                continue
            assert target.netloc == origin, f"{url}: {href} leaves the server"
            if "/lab/" in target.path:
                followed[href] = lab_path_exists(page, href)
            elif is_app_page(href):
                queue.append(href)
            else:
                followed[href] = status(page, href)
    return followed


def voila(tmp_path, target: str):
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    return serve([str(BIN / "voila"), target, "--no-browser", "--Voila.ip=127.0.0.1",
                  f"--port={port}"], f"{url}voila/static/voila.js", jupyter_env(tmp_path),
                 tmp_path / "voila.log", timeout=90, cwd=REPO), url


@pytest.mark.parametrize("target", ["notebooks/index.ipynb", "notebooks/"])
def test_every_voila_link_works(target, page, tmp_path):
    proc, url = voila(tmp_path, target)
    try:
        errors = record_console_errors(page)
        name = "voila-file" if target.endswith(".ipynb") else "voila-dir"
        followed = follow_every_link(page, url, name)
        print(json.dumps(followed, indent=1))
        assert {u: s for u, s in followed.items() if s >= 400} == {}
        opened = sorted({u.rsplit("/", 1)[-1].split("?")[0] for u in followed
                         if ".ipynb" in u})
        if name == "voila-file":  # one notebook: its lesson names are not links
            page.goto(url)
            wait_for_page(page)
            assert page.locator('[data-testid="unlinked-notebook"]').count() >= 6
            assert "voila notebooks/" in page.locator('[data-testid="unlinked-note"]').inner_text()
            assert opened == []
        else:  # every notebook opens as an app; no JupyterLab to open it in
            assert opened == NOTEBOOKS, followed
            assert not any("/lab/" in u for u in followed)
        assert errors == [], "\n".join(errors)
    finally:
        stop(proc)


def test_every_link_of_make_demo_works(page, tmp_path):
    port = free_port()
    proc = subprocess.Popen(["make", "-s", "-o", "install", "demo", f"PORT={port}"],
                            cwd=REPO, env=demo_env(tmp_path), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        match, seen, deadline = None, [], time.monotonic() + 120
        while match is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            assert line or proc.poll() is None, "make demo exited:\n" + "".join(seen)
            seen.append(line)
            match = DEMO_URL.search(line)
        assert match, "make demo printed no URL:\n" + "".join(seen)
        base, token = match.groups()
        wait_until_served(match.group(0))
        errors = record_console_errors(page)
        page.goto(f"{base}/lab?token={token}")  # logs in (a cookie), as the printed URL does
        followed = follow_every_link(page, f"{base}/voila/render/index.ipynb", "demo")
        print(json.dumps(followed, indent=1))
        assert {u: s for u, s in followed.items() if s >= 400} == {}
        # each app page the index links opens its notebook in Lab
        apps = {u.rsplit("/", 1)[-1] for u in followed if "/voila/render/" in u}
        assert {u.rsplit("/", 1)[-1] for u in followed if "/lab/tree/" in u} == apps
        assert len(apps) >= 7, followed
        assert errors == [], "\n".join(errors)
    finally:
        stop_group(proc)


def test_every_link_in_jupyterlab_opens_a_notebook(lab, page):
    followed = {}
    for nb in sorted((REPO / "notebooks").glob("*.ipynb")):
        page.goto(lab_url(lab, nb.name))
        page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
        page.locator(".jp-RenderedMarkdown").first.wait_for(timeout=60_000)
        for link in page.evaluate(SHOWN_LINKS):
            href = link["href"]  # Lab makes a relative link /files/<path>, and opens it itself
            if href.split("#")[0] != page.url.split("#")[0]:
                followed[href] = status(page, href)
    print(json.dumps(followed, indent=1))
    assert len([u for u in followed if ".ipynb" in u]) >= 6
    assert {u: s for u, s in followed.items() if s >= 400} == {}
    # a lesson link opens that lesson in Lab
    page.goto(lab_url(lab, "index.ipynb"))
    page.locator(".jp-RenderedMarkdown a").filter(has_text="toritori.ipynb").click()
    page.locator('.jp-mod-current[data-type="document-title"], .lm-TabBar-tab.jp-mod-current') \
        .filter(has_text="toritori.ipynb").first.wait_for(timeout=30_000)
    assert page.js_errors == []


def test_a_saved_notebook_reopens_saying_run_the_cell(lab, notebook_root, page):
    """Lab saves the board's cell as one line; opened again: no error, no console error; run
    again: the board is back."""
    shutil.copy(notebook_root / "index.ipynb", notebook_root / "reopened.ipynb")
    page.goto(lab_url(lab, "reopened.ipynb"))
    wait_for_idle_kernel(page)
    run_all_cells(page)
    page.locator(WIDGET).first.locator('[data-testid="island"]').wait_for(timeout=60_000)
    page.evaluate("window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function(
        "!window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=30_000)
    saved = json.loads((notebook_root / "reopened.ipynb").read_text(encoding="utf-8"))
    outputs = [o for c in saved["cells"] for o in c.get("outputs", [])]
    assert not any(WIDGET_VIEW in o.get("data", {}) for o in outputs)
    assert any("".join(o.get("data", {}).get("text/plain", "")) == RUN_TO_PLAY for o in outputs)

    page.goto(lab_url(lab, "reopened.ipynb"))  # opened again, in a new page
    wait_for_idle_kernel(page)
    note = page.locator(".jp-OutputArea-output").filter(has_text="Run this cell to play")
    note.first.wait_for(timeout=30_000)
    page.wait_for_timeout(2_000)  # the widget manager has restored what it could by now
    assert page.get_by_text("Error displaying widget").count() == 0
    screenshot(page, "lab-reopened-saved-notebook")
    run_all_cells(page)
    page.locator(WIDGET).first.locator('[data-testid="island"]').wait_for(timeout=60_000)
    assert page.js_errors == []
