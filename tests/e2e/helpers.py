"""What the browser tests do to a notebook page: wait, run, ask the kernel, take pictures."""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "screenshots"
WIDGET = '[data-testid="ecogames"]'
"""Every ecogames widget's root element."""


def screenshot(target, name: str) -> Path:
    """Save a screenshot under test-artifacts/screenshots (a page or an element)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    target.screenshot(path=str(path))
    return path


def wait_for_idle_kernel(page, timeout: float = 60_000) -> None:
    page.wait_for_function(
        "window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel?.status"
        " === 'idle'", timeout=timeout)


def run_all_cells(page) -> None:
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


def kernel_eval(page, code: str, timeout: float = 30_000) -> str:
    """Run ``code`` in the notebook's kernel and return what it printed (stdout)."""
    return page.evaluate(
        """async ([code, timeout]) => {
            const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
            let out = '';
            const future = kernel.requestExecute({code, silent: false, store_history: false});
            future.onIOPub = (msg) => {
                if (msg.header.msg_type === 'stream') out += msg.content.text;
                if (msg.header.msg_type === 'error') out += 'ERROR: ' + msg.content.evalue;
            };
            await Promise.race([future.done, new Promise((_, reject) =>
                setTimeout(() => reject(new Error('kernel timeout')), timeout))]);
            return out;
        }""", [code, timeout])


def kernel_json(page, expression: str) -> Any:
    """The value of a Python ``expression`` in the notebook's kernel (it must be JSON)."""
    return json.loads(kernel_eval(page, f"import json; print(json.dumps({expression}))"))


def open_widget(page, base: str, notebook: str, ready: str, *,
                viewport: tuple[int, int] | None = None, timeout: float = 60_000):
    """Open ``notebook`` in a Lab workspace of its own, run all its cells and return its
    first ecogames widget once the element ``ready`` shows inside it. ``viewport``: (width,
    height) first, where a test needs the whole widget in view."""
    if viewport is not None:
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    page.goto(lab_url(base, notebook))
    wait_for_idle_kernel(page)
    run_all_cells(page)
    widget = page.locator(WIDGET).first
    widget.locator(ready).wait_for(timeout=timeout)
    return widget


def widget_errors(page) -> list[str]:
    """Every uncaught exception and console error the page logged, whatever script or host
    it came from (nothing is filtered: Jupyter's own errors fail a test too)."""
    return list(page.js_errors)


def lab_url(base: str, notebook: str) -> str:
    """The notebook in a workspace of its own: Lab would otherwise reopen the notebooks of
    earlier tests, and 'run all cells' could run in one of those."""
    import uuid

    return f"{base}/lab/workspaces/e2e-{uuid.uuid4().hex[:8]}/tree/{notebook}?reset"


@contextlib.contextmanager
def static_site(root: Path) -> Iterator[str]:
    """Serve the folder ``root`` on a free loopback port from a thread (``.js`` as
    text/javascript): a page that loads the built bundles with no Jupyter around them.
    Yields the site's address."""

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript"}

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(root), **kwargs)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
