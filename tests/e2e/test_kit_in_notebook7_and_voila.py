"""The same widget in Notebook 7 and Voila: rendered, clicked, the kernel answers."""

from tests.e2e.helpers import (
    kernel_eval,
    run_all_cells,
    screenshot,
    wait_for_idle_kernel,
    widget_errors,
)

WIDGET = '[data-testid="ecogames"]'


def test_notebook7_renders_and_plays(notebook7, page):
    page.goto(f"{notebook7}/notebooks/e2e_pond.ipynb")
    wait_for_idle_kernel(page)
    run_all_cells(page)
    widget = page.locator(WIDGET).first
    widget.wait_for(timeout=60_000)
    widget.locator('[data-testid="action-0"]').click()
    widget.locator('[data-testid="cascade"]').filter(has_text="The die shows").wait_for(
        timeout=15_000)
    assert kernel_eval(page, "print(len(w.game.history))").strip() == "1"
    screenshot(widget, "kit-pond-notebook7")
    assert widget_errors(page) == []


def test_voila_renders_and_the_kernel_answers_a_click(voila_factory, page):
    url = voila_factory("e2e_pond.ipynb")
    page.goto(url)
    widget = page.locator(WIDGET).first
    widget.wait_for(timeout=90_000)
    assert widget.locator('[data-testid="turn"]').inner_text().strip().endswith("0")
    widget.locator('[data-testid="action-0"]').click()
    # the history entry and the event log are filled only by the kernel's answer
    widget.locator('[data-testid="history"]').filter(has_text="Roll the die").wait_for(
        timeout=15_000)
    widget.locator('[data-testid="log"]').filter(has_text="The die shows").wait_for()
    screenshot(widget, "kit-pond-voila")
    assert widget_errors(page) == []
