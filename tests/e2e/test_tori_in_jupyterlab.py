"""Tori end to end: notebooks/tori.ipynb in JupyterLab + Chromium, real clicks on the board,
the bot's reply, kernel-side state read back, screenshots of the widget."""

from tests.e2e.helpers import (
    kernel_eval,
    open_widget,
    screenshot,
    widget_errors,
)


def open_tori(page, base_url: str):
    return open_widget(page, base_url, "tori.ipynb", '[data-testid="tori-board"]',
                       viewport=(1400, 2400))  # the whole widget in a picture


def test_draw_then_build_against_the_bot(lab, page):
    widget = open_tori(page, lab)
    widget.scroll_into_view_if_needed()
    assert "Helsinki (player 1) to play" in widget.locator(
        '[data-testid="tori-prompt"]').text_content()
    screenshot(widget, "tori-start")

    # 1. draw build cards: two clicks on face-up cards make one action
    first = widget.locator('[data-testid="display-0"]')
    zones = sorted(int(widget.locator(f'[data-testid="display-{i}"]').get_attribute("data-zone"))
                   for i in (0, 1))
    first.click()
    assert widget.locator('[data-testid="chooser"]').is_visible()
    widget.locator('[data-testid="display-1"]').click()
    # only the kernel can put the two cards in Helsinki's hand (shown on the bot's turn too:
    # the board keeps the person's eyes); then the bot (Turku) plays its turn on its own
    widget.locator('[data-testid="hand"][data-player="0"][data-size="2"]').wait_for(
        timeout=30_000)
    widget.locator('[data-testid="history-1"]').wait_for(timeout=30_000)
    widget.locator('[data-testid="tori-prompt"]').filter(
        has_text="Helsinki (player 1) to play").wait_for(timeout=30_000)
    out = kernel_eval(page, "g = widget.game\n"
                            "print(g.current_player, sum(g.build_hands[0]), len(g.history))\n"
                            "print(widget.history[0])")
    state, label = out.strip().splitlines()
    seat, cards, played = map(int, state.split())
    assert (seat, cards) == (0, 2) and played >= 2  # the bot played at least once
    assert label == f"Helsinki (player 1): Draw face-up build cards {zones[0]} and {zones[1]}"

    # 2. build a stall: a space marked + (the zones of the two cards), then the chooser
    space = widget.locator('rect.tm-cell[data-legal="true"]').first
    space.scroll_into_view_if_needed()
    space.click()
    chooser = widget.locator('[data-testid="chooser"]')
    if chooser.count():
        screenshot(widget, "tori-chooser")
        chooser.locator('button[data-testid^="choice-"]').first.click()
    widget.locator('[data-testid^="stall-0-"]').first.wait_for(timeout=30_000)
    stalls = kernel_eval(page, "print(sorted(g for p, g in widget.game.stalls if p == 0))")
    good = widget.locator('[data-testid^="stall-0-"]').first.get_attribute("data-good")
    assert stalls.strip() == f"['{good}']"
    widget.locator('[data-testid="hand"][data-player="0"]').wait_for(timeout=30_000)
    screenshot(widget, "tori-after-build")

    assert widget_errors(page) == []
