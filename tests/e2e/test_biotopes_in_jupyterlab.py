"""Biotopes end to end: notebooks/biotopes.ipynb in JupyterLab + Chromium. Keep the hand,
place the four Territory tokens by clicking hexes, expand, replay the expansion step by
step, let the bot answer; the kernel's state is read back each time, screenshots saved."""

from tests.e2e.helpers import (
    kernel_json,
    open_widget,
    screenshot,
    widget_errors,
)

LEGAL_HEX = '[data-testid^="hex-"][data-legal="true"]'


def moves_played(widget) -> int:
    return widget.locator('[data-testid="history"] li').count()


def wait_for_moves(page, n: int) -> None:
    """Until the history shows ``n`` moves: only the kernel's answer can add one."""
    page.wait_for_function(
        f"document.querySelectorAll('[data-testid=history] li').length >= {n}", timeout=20_000)


def bot_until_purple(page, widget) -> None:
    """Press Step (a bot move) until Purple (seat 0, the person) decides again."""
    for _ in range(40):
        if kernel_json(page, "widget.game.current_player") == 0:
            return
        before = moves_played(widget)
        widget.locator('[data-testid="bot"]').click()
        wait_for_moves(page, before + 1)
    raise AssertionError("the bot never gave the turn back")


def test_place_expand_replay_against_the_bot_in_jupyterlab(lab, page):
    widget = open_widget(page, lab, "biotopes.ipynb", '[data-testid="biotopes-board"]',
                         viewport=(1400, 3400))  # the whole widget in view
    widget.scroll_into_view_if_needed()
    # Pause: the bot waits for "Step", every step below is ours to trigger
    widget.locator('[data-testid="pause"]').click()
    hand = widget.locator('[data-testid="hand"] [data-card]')
    assert hand.count() == 4 and kernel_json(page, "sorted(widget.game.hands[0])") == sorted(
        hand.nth(i).get_attribute("data-card") for i in range(4))
    screenshot(widget, "biotopes-start")

    # 1. keep the starting hand; the bot keeps its own
    widget.locator('[data-testid="bt-keep"]').click()
    wait_for_moves(page, 1)
    assert widget.locator('[data-testid="prompt"]').get_attribute("data-bot") == "true"
    bot_until_purple(page, widget)

    # 2. the four Territory tokens, each on a hex the kernel allows
    for placed in range(4):
        widget.locator(LEGAL_HEX).first.wait_for(timeout=20_000)
        shown = sorted(h.get_attribute("data-hex") for h in widget.locator(LEGAL_HEX).all())
        legal = kernel_json(page, "sorted(f'{a.hex[0]},{a.hex[1]}' for a in "
                                  "widget.game.legal_actions())")
        assert shown == legal
        target = widget.locator(LEGAL_HEX).first
        testid = target.get_attribute("data-testid")
        target.click()
        page.wait_for_function(
            f"document.querySelector('[data-testid=\"{testid}\"]')?.dataset.owner === '0'",
            timeout=20_000)
        assert len(kernel_json(page, "widget.game.territories(0)")) == placed + 1
        bot_until_purple(page, widget)
    assert kernel_json(page, "[widget.game.phase, widget.game.cycle]") == ["action", 1]
    widget.locator('[data-testid="space-0-transfer"][data-legal="true"]').wait_for()
    screenshot(widget, "biotopes-cycle-1")

    # 3. Expansion: a hex marked +, then the cube that pays for it (if there is a choice)
    expand = widget.locator('[data-testid^="hex-"][data-mark="+"][data-legal="true"]').first
    testid = expand.get_attribute("data-testid")
    hex_ = expand.get_attribute("data-hex")
    moves = moves_played(widget)
    expand.click()
    chooser = widget.locator('[data-testid="chooser"] button[data-testid^="choice-"]')
    wait_for_moves(page, moves + 1)
    if chooser.count():
        chooser.first.click()
    if kernel_json(page, "widget.game.phase") == "pay":
        card = widget.locator('[data-testid^="card-0-"][data-legal="true"]').first
        card.click()
    page.wait_for_function(
        f"document.querySelector('[data-testid=\"{testid}\"]')?.dataset.owner === '0'",
        timeout=20_000)
    assert hex_ in [f"{q},{r}" for q, r in kernel_json(page, "widget.game.territories(0)")]
    assert kernel_json(page, "widget.game.uses[0][3]") == 1  # the Expansion space is used
    assert widget.locator('[data-testid="space-0-expansion"]').get_attribute("data-used") == "1"
    screenshot(widget.locator('[data-testid="biotopes-board"]'), "biotopes-after-expansion")

    # 4. replay the expansion's cascade: the board shows the step, the kernel knows which
    events = kernel_json(page, "len(widget.cascade['events'])")
    assert events >= 2
    widget.locator('[data-testid="cascade-back"]').click()
    page.wait_for_function(
        f"document.querySelector('[data-testid=cascade-text]')?.dataset.step === '{events - 2}'")
    assert kernel_json(page, "widget.step") == events - 2
    assert widget.locator('[data-testid="board-replay"]').is_visible()
    assert widget.locator(LEGAL_HEX).count() == 0  # nothing to play while replaying
    screenshot(widget, "biotopes-replay")
    widget.locator('[data-testid="cascade-forward"]').click()
    page.wait_for_function("document.querySelector('[data-testid=board]')?.dataset.step === '-1'")

    # 5. the bot's turn: the board says so and offers nothing; Bot move plays it
    assert kernel_json(page, "widget.game.current_player") == 1
    assert widget.locator('[data-testid="prompt"]').get_attribute("data-bot") == "true"
    assert widget.locator('[data-legal="true"]').count() == 0
    bot_until_purple(page, widget)
    assert widget.locator('[data-testid="history"] li').count() == len(
        kernel_json(page, "widget.history"))
    widget.locator('[data-testid="prompt"][data-bot="false"]').wait_for()
    screenshot(widget, "biotopes-after-bot")
    assert widget_errors(page) == []
