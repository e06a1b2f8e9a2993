"""The README's first command: `make demo` prints a URL that shows a playable Tori-Tori board
(Voila's app view of notebooks/index.ipynb, served by JupyterLab), with nothing to run; its
link opens the same notebook in JupyterLab, without Jupyter's news pop-up."""

import json
import os
import re
import subprocess
import time
import urllib.request

from tests.e2e.app_pages import WIDGET, record_console_errors
from tests.e2e.helpers import screenshot
from tests.e2e.servers import REPO, free_port, stop_group

URL = re.compile(r"(http://127\.0\.0\.1:\d+/voila/render/index\.ipynb\?token=\w+)")
NEWS = "@jupyterlab/apputils-extension:announcements"


def wait_until_served(url: str, seconds: float = 60) -> None:
    """The URL is printed as the server starts: wait until it answers."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def demo_env(tmp_path) -> dict[str, str]:
    """Private runtime and config folders, and nothing else: the news pop-up must be off
    through what the Makefile wrote into the venv, not through this test's config."""
    env = dict(os.environ)
    for name in ["JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTERLAB_WORKSPACES_DIR"]:
        (tmp_path / name.lower()).mkdir()
        env[name] = str(tmp_path / name.lower())
    return env


def test_make_demo_opens_a_playable_board(page, tmp_path):
    port = free_port()
    # (-o install: the package is installed already; reinstalling it would pull it from
    # under the other tests' kernels)
    proc = subprocess.Popen(["make", "-s", "-o", "install", "demo", f"PORT={port}"],
                            cwd=REPO, env=demo_env(tmp_path),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        url, seen, deadline = None, [], time.monotonic() + 120
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line and proc.poll() is not None:
                raise AssertionError("make demo exited:\n" + "".join(seen))
            seen.append(line)
            match = URL.search(line)
            url = match.group(1) if match else None
        assert url, "make demo printed no URL:\n" + "".join(seen)
        wait_until_served(url)

        errors = record_console_errors(page)
        start = time.monotonic()
        page.goto(url)  # as a person does it: nothing to run, the board comes up
        widget = page.locator(WIDGET).first
        widget.locator('[data-testid="island"]').wait_for(timeout=60_000)
        print(f"make demo: the board is on screen {time.monotonic() - start:.1f} s after "
              "the URL was opened")
        assert page.locator(".jp-CodeCell .jp-InputArea, .cm-editor").count() == 0
        screenshot(page, "demo-app")

        widget.locator('[data-testid="roll"]').click()  # the kernel answers: a roll happened
        widget.locator('[data-testid="history"] li').first.wait_for(timeout=30_000)
        assert errors == []

        # the same notebook in JupyterLab, one click away
        link = page.locator('[data-testid="open-in-lab"]')
        assert link.get_attribute("href").endswith("/lab/tree/index.ipynb")
        link.click()
        page.locator(".jp-Notebook .jp-CodeCell").first.wait_for(timeout=60_000)
        config = json.loads(page.locator("#jupyter-config-data").text_content())
        assert NEWS in config["disabledExtensions"], config["disabledExtensions"]
        page.wait_for_timeout(3_000)  # the pop-up would ask about news by now
        assert page.get_by_text("official Jupyter news").count() == 0
        screenshot(page, "demo-lab")
        assert errors == []
    finally:
        stop_group(proc)
