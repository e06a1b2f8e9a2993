"""Tulikko end to end: notebooks/tulikko.ipynb in JupyterLab + Chromium, real clicks on the
board, the kernel's answers read back, screenshots at the start and after a move."""

from tests.e2e.helpers import (
    kernel_eval,
    open_widget,
    screenshot,
    widget_errors,
)

LEGAL_CELL = '[data-testid^="cell-0-"][data-legal="true"]'


def test_play_a_turn_against_the_bot_in_jupyterlab(lab, page):
    widget = open_widget(page, lab, "tulikko.ipynb", '[data-testid="tulikko-board"]',
                         viewport=(1400, 2000))  # the whole widget in view
    widget.scroll_into_view_if_needed()
    assert widget.locator('[data-testid="slot-center"]').get_attribute("data-tile") == "hidden"
    screenshot(widget, "tulikko-start")

    # 1. the starting tile: any space of Player 1's map
    cells = widget.locator(LEGAL_CELL)
    assert cells.count() == 20
    widget.locator('[data-testid="cell-0-9"]').click()
    # only the kernel can turn the arrows on: the bot placed its tile, Player 1's turn began
    north = widget.locator('[data-testid="slide-north"][data-legal="true"]')
    north.wait_for(timeout=20_000)
    assert widget.locator('[data-testid="cell-0-9"]').get_attribute("data-tile") != ""
    out = kernel_eval(page, "print(widget.game.phase, len(widget.game.history))")
    assert out.split() == ["slide", "2"]

    # 2. slide in from the north: the south tile comes out and waits to be placed
    north.click()
    widget.locator('[data-testid="held"]').wait_for(timeout=15_000)
    assert widget.locator('[data-testid="held"]').get_attribute("data-tile") == kernel_eval(
        page, "print(widget.game.held)").strip()
    # the spaces offered are exactly the empty moon spaces the kernel allows
    legal = kernel_eval(page, "print(sorted(a.cell for a in widget.game.legal_actions() "
                              "if a.type == 'place'))").strip()
    shown = sorted(int(c.get_attribute("data-cell")) for c in cells.all())
    assert str(shown) == legal and shown

    # 3. place the tile: the kernel answers with tokens to choose, or the bot's whole turn
    cell = shown[0]
    widget.locator(f'[data-testid="cell-0-{cell}"]').click()
    page.wait_for_function(
        f"document.querySelector('[data-testid=\"cell-0-{cell}\"]')?.dataset.tile !== ''",
        timeout=15_000)
    chooser = widget.locator('[data-testid="chooser"]')
    if kernel_eval(page, "print(widget.game.phase)").strip() == "tokens":
        chooser.wait_for(timeout=15_000)
        chooser.locator("button").first.click()
    # the bot's turn: the board offers nothing and says so, while the kit paces the bot
    widget.locator('[data-testid="prompt"][data-bot="true"]').wait_for(timeout=15_000)
    screenshot(widget.locator('[data-testid="tulikko-board"]'), "tulikko-bot-turn")
    page.wait_for_function(
        "document.querySelector('[data-testid=\"slide-north\"]')?.dataset.legal === 'true'",
        timeout=30_000)
    state = kernel_eval(page, "print(widget.game.turns, widget.game.current_player, "
                              "widget.game.phase)")
    assert state.strip() == "[1, 1] 0 slide"
    assert widget.locator('[data-testid="history"] li').count() == len(
        kernel_eval(page, "print('\\n'.join(widget.history))").strip().splitlines())
    screenshot(widget, "tulikko-after-move")

    # the graphs of the maps, drawn on demand
    widget.locator('[data-testid="tk-graphs-toggle"]').click()
    widget.locator('[data-testid="graphs-0"]').wait_for()
    screenshot(widget.locator('[data-testid="tulikko-board"]'), "tulikko-graphs")
    assert widget_errors(page) == []
