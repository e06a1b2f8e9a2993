"""Tori-Tori end to end: the index notebook in JupyterLab + Chromium. Roll, step through the
roll's cascade, move a pawn by clicking a sector, plant a tree, and read the kernel each time."""

from tests.e2e.helpers import (
    kernel_json,
    open_widget,
    screenshot,
    widget_errors,
)


def click_target(widget, selector: str) -> None:
    """Click a board target (a sector in its free bottom-right corner, away from its tokens);
    when it offers several actions, take the first choice shown."""
    widget.locator(selector).click(position={"x": 112, "y": 112})
    chooser = widget.locator('[data-testid="chooser"] button[data-testid^="choice-"]')
    if chooser.count():
        chooser.first.click()


def test_roll_replay_move_and_plant(lab, page):
    widget = open_widget(page, lab, "index.ipynb", '[data-testid="island"]')
    screenshot(widget, "toritori-start")

    widget.locator('[data-testid="roll"]').click()
    page.wait_for_function("document.querySelector('[data-testid=die-red]')?.dataset.face !== ''")
    assert kernel_json(page, "[widget.game.phase, widget.game.view()['action_points']]") == [
        "actions", 4]

    # the roll's cascade, step by step: the board shows each step, the kernel knows which
    events = kernel_json(page, "len(widget.cascade['events'])")
    widget.locator('[data-testid="cascade-back"]').click()
    widget.locator('[data-testid="cascade-back"]').click()
    shown = events - 3
    page.wait_for_function(
        f"document.querySelector('[data-testid=cascade-text]')?.dataset.step === '{shown}'")
    assert kernel_json(page, "widget.step") == shown
    assert widget.locator('[data-testid="board-replay"]').is_visible()
    screenshot(widget, "toritori-mid-cascade")
    while widget.locator('[data-testid="cascade-forward"]').is_enabled():
        widget.locator('[data-testid="cascade-forward"]').click()
    page.wait_for_function("document.querySelector('[data-testid=board]')?.dataset.step === '-1'")

    # move: a sector with room for a tree, reached by a Move the engine lists as legal
    target = kernel_json(page, """next(a.to for a in widget.game.legal_actions()
        if a.type == "move" and a.to.isdigit()
        and len(widget.game.view()["sectors"][a.to]["tokens"]) < 3)""")
    click_target(widget, f'[data-testid="sector-{target}"][data-legal="true"]')
    page.wait_for_function(
        "document.querySelector('[data-testid=action-points]')?.dataset.points === '3'")
    assert kernel_json(page, "widget.game.view()['pawns'][0]['at']") == target

    trees = kernel_json(page, "widget.game.view()['counts']['native_tree']")
    click_target(widget, f'[data-testid="sector-{target}"][data-legal="true"]')
    page.wait_for_function(
        "document.querySelector('[data-testid=action-points]')?.dataset.points === '2'")
    assert kernel_json(page, "widget.game.view()['counts']['native_tree']") == trees + 1
    assert kernel_json(page, "widget.game.history[-1].type") == "plant"
    screenshot(widget, "toritori-after-planting")
    assert widget_errors(page) == []
