"""What the tests of the app pages (Voila, the demo, Binder, JupyterLite) share: every console
error of the page, and one move played the way a newcomer would."""

from __future__ import annotations

WIDGET = '[data-testid="ecogames"]'


def record_console_errors(page) -> list[str]:
    """Every console error and uncaught exception of ``page`` from now on, whatever its
    source (nothing is filtered)."""
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(
        f"console.error: {msg.text} ({msg.location.get('url')})") if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}\n{exc.stack}"))
    return errors


def history_length(widget) -> int:
    return widget.locator('[data-testid="history"] li').count()


def play_first_action(widget, timeout: float = 30_000) -> str:
    """Click the first legal action of the kit's list (opening its group when it is folded)
    and wait for the history entry that only the kernel's answer adds. Returns its label."""
    before = history_length(widget)
    buttons = widget.locator('[data-testid="actions"] button[data-testid^="action-"]')
    buttons.first.wait_for(state="attached", timeout=timeout)
    if not buttons.first.is_visible():
        widget.locator('[data-testid^="actions-fold-"]').first.click()
    label = buttons.first.inner_text()
    buttons.first.click()
    widget.page.wait_for_function(
        """([root, n]) => root.querySelectorAll('[data-testid="history"] li').length > n""",
        arg=[widget.element_handle(), before], timeout=timeout)
    return label
