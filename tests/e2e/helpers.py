"""What the browser tests do to a notebook page: wait, run, ask the kernel, take pictures."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "screenshots"


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


def widget_errors(page) -> list[str]:
    """Every uncaught exception and console error the page logged, whatever script or host
    it came from (nothing is filtered: Jupyter's own errors fail a test too)."""
    return list(page.js_errors)


def lab_url(base: str, notebook: str) -> str:
    """The notebook in a workspace of its own: Lab would otherwise reopen the notebooks of
    earlier tests, and 'run all cells' could run in one of those."""
    import uuid

    return f"{base}/lab/workspaces/e2e-{uuid.uuid4().hex[:8]}/tree/{notebook}?reset"
