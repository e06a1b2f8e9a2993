"""The README's first command: `make demo` serves the index notebook and its widget renders."""

import os
import re
import signal
import subprocess
import time
import urllib.request

from tests.e2e.helpers import screenshot, widget_errors
from tests.e2e.servers import REPO, free_port, jupyter_env

URL = re.compile(r"(http://127\.0\.0\.1:\d+/lab/tree/index\.ipynb\?token=\w+)")


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


def test_make_demo_serves_the_index_notebook(page, tmp_path):
    port = free_port()
    env = jupyter_env(tmp_path)  # private runtime folders; the command itself is the README's
    # (-o install: the package is installed already; reinstalling it would pull it from
    # under the other tests' kernels)
    proc = subprocess.Popen(["make", "-s", "-o", "install", "demo", f"PORT={port}"],
                            cwd=REPO, env=env,
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
        page.goto(url)
        # as a person does it: the demo server exposes no test hooks
        page.locator(".jp-Notebook .jp-CodeCell").first.wait_for(timeout=60_000)
        # a first start in a fresh environment is slow: run the cells once the kernel is idle
        page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').first.wait_for(
            timeout=120_000)
        island = page.locator('[data-testid="island"]').first
        for attempt in range(3):  # as a person would: nothing yet? run the cells again
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_text("Run All Cells", exact=True).click()
            try:
                island.wait_for(timeout=60_000)
                break
            except Exception:
                screenshot(page, f"demo-not-rendered-{attempt}")
        island.wait_for(timeout=1_000)
        screenshot(page.locator('[data-testid="ecogames"]').first, "demo-index")
        assert widget_errors(page) == []
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
