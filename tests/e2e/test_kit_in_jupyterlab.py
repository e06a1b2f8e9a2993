"""The widget kit end to end: JupyterLab + Chromium, real clicks, kernel-side state read back."""

from tests.e2e.helpers import (
    kernel_eval,
    lab_url,
    run_all_cells,
    screenshot,
    wait_for_idle_kernel,
    widget_errors,
)


def open_notebook(page, base_url: str, name: str):
    page.goto(lab_url(base_url, name))
    wait_for_idle_kernel(page)
    run_all_cells(page)
    widget = page.locator('[data-testid="ecogames"]').first
    widget.wait_for(timeout=60_000)
    return widget


def test_click_an_action_step_the_cascade_and_read_the_kernel(lab, page):
    widget = open_notebook(page, lab, "e2e_pond.ipynb")
    screenshot(widget, "kit-pond-start")
    widget.locator('[data-testid="action-0"]').click()
    # only the kernel can put the roll's events into the cascade player
    cascade = widget.locator('[data-testid="cascade"]')
    cascade.filter(has_text="The die shows").wait_for(timeout=15_000)
    played = kernel_eval(page, "print(len(w.game.history), w.history[0])").strip()
    assert played == "1 Player 1: Roll the die"

    widget.locator('[data-testid="cascade-back"]').click()
    page.wait_for_function(
        "document.querySelector('[data-testid=cascade-text]')?.dataset.step === '0'")
    for _ in range(50):
        if kernel_eval(page, "print(w.step)").strip() == "0":
            break
    assert kernel_eval(page, "print(w.step)").strip() == "0"
    assert widget.locator('[data-testid="foodweb"]').is_visible()
    screenshot(widget, "kit-pond-mid-cascade")

    widget.locator('[data-testid="undo"]').click()
    page.wait_for_function(
        "!document.querySelector('[data-testid=cascade]')?.textContent.includes('die shows')")
    assert kernel_eval(page, "print(len(w.game.history))").strip() == "0"
    assert widget_errors(page) == []


def test_a_bad_message_from_the_page_keeps_the_kernel_alive(lab, page):
    open_notebook(page, lab, "e2e_pond.ipynb")
    out = kernel_eval(page, "w._handle_msg({'content': {'data': {'method': 'custom', "
                            "'content': {'kind': 'act', 'id': 99}}}, 'buffers': []})\n"
                            "print(w.error); print(len(w.game.history))")
    assert "no legal action number 99" in out and out.strip().endswith("0")
    error = page.locator('[data-testid="error"]')
    error.filter(has_text="no legal action number 99").wait_for(timeout=10_000)
    screenshot(error, "kit-pond-error")
    assert kernel_eval(page, "print(1 + 1)").strip() == "2"
