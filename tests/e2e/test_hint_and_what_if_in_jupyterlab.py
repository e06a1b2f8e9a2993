"""Issue 15 §2 and issue 14 §3 in JupyterLab + Chromium: a Hint searched while the kernel stays
free (progress, cancel, three choices, nothing played), and What if… from the History (another
die face, the alternative's cascade in the player and its populations dashed on the plot; the
real game unchanged, as the kernel says)."""

import json

from tests.e2e.helpers import (
    kernel_eval,
    kernel_json,
    open_widget,
    screenshot,
    widget_errors,
)

NOTEBOOK = "e2e_hint_and_what_if.ipynb"
SETUP = """\
import ecogames.lab_widgets as lab
from ecogames import toritori

lab.HINT_PLAYOUTS, lab.HINT_SECONDS = 10**6, 120  # a long search: time to see it and cancel
w = toritori.new_game(players=2, seed=3).widget(bots={1: "toritori-heuristic"})
# a person's turn, after some rolls, with at least three moves to choose from
while len(w.game.history) < 8 or w.game.current_player != 0 or len(w.game.legal_actions()) < 3:
    w.bot_move()
w"""


def write_notebook(root) -> None:
    cells = [{"cell_type": "code", "execution_count": None, "id": "setup", "metadata": {},
              "outputs": [], "source": SETUP}]
    notebook = {"cells": cells, "metadata": {"kernelspec": {
        "display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}
    (root / NOTEBOOK).write_text(json.dumps(notebook), encoding="utf-8")


def open_hint_widget(page, lab, notebook_root):
    write_notebook(notebook_root)
    widget = open_widget(page, lab, NOTEBOOK, '[data-testid="island"]')
    page.wait_for_function(
        "!document.querySelector('[data-testid=hint]')?.disabled", timeout=30_000)
    return widget


def test_a_hint_shows_progress_can_be_cancelled_and_gives_three_choices(lab, page,
                                                                        notebook_root):
    widget = open_hint_widget(page, lab, notebook_root)
    before = kernel_json(page, "w.game.to_json()")
    widget.locator('[data-testid="hint"]').click()
    page.wait_for_function(
        "Number(document.querySelector('[data-testid=hint-progress]')?.value) > 0",
        timeout=30_000)
    assert widget.locator('[data-testid="hint-progress"]').is_visible()
    assert "playouts" in widget.locator('[data-testid="hint-status"]').inner_text()
    # the kernel runs a cell while the search goes on: it searches in a thread
    assert kernel_json(page, "w.hint_search.running") is True
    screenshot(widget, "hint-searching")
    widget.locator('[data-testid="hint-cancel"]').click()
    page.wait_for_function(
        "document.querySelector('[data-testid=hint-status]')?.textContent === 'Hint cancelled.'",
        timeout=30_000)
    assert kernel_json(page, "w.hint_search.running") is False

    kernel_eval(page, "lab.HINT_PLAYOUTS = 150")
    widget.locator('[data-testid="hint"]').click()
    page.wait_for_function(
        "document.querySelectorAll('[data-testid=hint-choices] li').length === 3",
        timeout=120_000)
    choices = widget.locator('[data-testid="hint-choices"] li')
    texts = [choices.nth(i).inner_text() for i in range(3)]
    legal = kernel_json(page, "[e['label'] for e in w.legal_entries()]")
    for text in texts:
        assert "estimated win rate ≈" in text and "%" in text
        assert any(label in text for label in legal)
    screenshot(widget, "hint-three-choices")
    assert kernel_json(page, "w.game.to_json()") == before  # the hint played nothing
    assert widget_errors(page) == []


def test_what_if_another_die_shows_the_alternative_beside_what_happened(lab, page,
                                                                        notebook_root):
    widget = open_hint_widget(page, lab, notebook_root)
    before = kernel_json(page, "w.game.to_json()")
    k = kernel_json(page, "next(i for i, e in enumerate(w.timeline) if e['chances'])")
    real = kernel_json(page, f"w.game.chances({k})[0].outcome")
    other = kernel_json(page, f"next(j for j, o in enumerate(w.game.chances({k})[0].outcomes)"
                              f" if o != {json.dumps(real)})")
    widget.locator(f'[data-testid="what-if-{k}"]').click()
    widget.locator('[data-testid="what-if-draw-0"]').wait_for(timeout=30_000)
    widget.locator(f'[data-testid="what-if-choice-0-{other}"]').click()
    widget.locator('[data-testid="what-if-events"]').wait_for(timeout=60_000)
    expected = kernel_json(page, f"[e['text'] for e in w.what_if({k}, 0, {other})"
                                 "['cascade']['events']]")
    events = widget.locator('[data-testid="what-if-events"] li')
    assert [events.nth(i).inner_text() for i in range(events.count())] == expected
    assert widget.locator('[data-future="what if"] polyline').count() >= 1
    widget.locator('[data-testid="what-if-compare"]').click()
    page.wait_for_function(
        "([text]) => document.querySelector('[data-testid=cascade-text]')?.textContent"
        ".includes(text)", arg=[expected[0]], timeout=10_000)
    screenshot(widget, "what-if-alternative")
    assert kernel_json(page, "w.game.to_json()") == before  # the real game is not changed
    widget.locator('[data-testid="what-if-compare"]').click()
    widget.locator('[data-testid="what-if-close"]').click()
    assert widget_errors(page) == []
