"""The classroom end to end: a Wildlife Web game hosted from a JupyterLab kernel, played from
two seat pages and watched on a projector page, each in a browser context of its own (as on
three devices); one page reloads mid-game and rejoins, the projector loses its connection
and comes back by itself; a forged token is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    ARTIFACTS,
    kernel_json,
    lab_url,
    run_all_cells,
    screenshot,
    wait_for_idle_kernel,
)
from tests.support.room_client import Page as Socket

BOARD = '[data-testid="wildlifeweb-board"]'
HISTORY = "ol.eg-history > li"


def open_page(browser: Any, url: str, errors: list[str], name: str) -> Any:
    context = browser.new_context(viewport={"width": 1400, "height": 1100})
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(f"{name}: {exc}\n{exc.stack}"))
    page.on("console", lambda msg: errors.append(f"{name} console.error: {msg.text} at "
                                                 f"{msg.location}") if msg.type == "error"
            else None)
    page.goto(url)
    return page


def shot(page: Any, name: str) -> None:
    """The whole page, top to bottom, under test-artifacts/screenshots."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def ready(page: Any) -> None:
    page.locator('body[data-ready="true"]').wait_for(timeout=30_000)
    page.locator(BOARD).wait_for(timeout=30_000)


def play_one(page: Any) -> None:
    """The seat on turn clicks one of its legal actions (opening a folded group first)."""
    buttons = page.locator('[data-testid="actions"] button[data-testid^="action-"]')
    buttons.first.wait_for(state="attached", timeout=15_000)
    visible = page.locator('[data-testid="actions"] button[data-testid^="action-"]:visible')
    if visible.count() == 0:
        page.locator('[data-testid^="actions-fold-"]').first.click()
    visible.first.click()


def history_shows(page: Any, count: int) -> None:
    # (the pages' Content-Security-Policy forbids eval: Playwright's wait_for_function too)
    expect(page.locator(HISTORY)).to_have_count(count, timeout=15_000)


def test_two_seats_and_a_projector_play_wildlife_web(lab, page, browser):
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(lab_url(lab, "e2e_classroom.ipynb"))
    wait_for_idle_kernel(page)
    run_all_cells(page)
    page.get_by_text("Wildlife Web: the classroom").wait_for(timeout=60_000)
    wait_for_idle_kernel(page)
    urls = kernel_json(page, "{'seats': room.seat_urls, 'projector': room.projector_url, "
                             "'thread': room.loop.thread is None}")
    assert urls["thread"] is True  # the server runs in the kernel's own event loop
    errors: list[str] = []
    seats = {int(s): open_page(browser, u, errors, f"seat {s}") for s, u in urls["seats"].items()}
    projector = open_page(browser, urls["projector"], errors, "projector")
    for p in [*seats.values(), projector]:
        ready(p)
    assert "You play Player 1" in seats[0].locator('[data-testid="room-role"]').inner_text()

    played = 0
    for move in range(8):
        on_turn = kernel_json(page, "game.current_player")
        other = seats[1 - on_turn]
        assert other.locator('[data-testid="actions"] button[data-testid^="action-"]').count() \
            == 0, "a seat off turn was offered moves"
        play_one(seats[on_turn])
        played += 1
        for p in [*seats.values(), projector]:
            history_shows(p, played)
        assert kernel_json(page, "len(game.history)") == played
        if move == 5:  # the projector loses its connection: it comes back by itself
            kernel_json(page, "[room.loop.soon(p.close, 1012, 'gone') for p in "
                              "list(room.sockets) if p.seat is None] and 0")
            expect(projector.locator('[data-testid="room-status"]')).to_have_text(
                "connected", timeout=15_000)
        if move == 3:  # mid-game, seat 1's page reloads and rejoins its seat
            seats[1].reload()
            ready(seats[1])
            history_shows(seats[1], played)
            shot(seats[1], "classroom-seat-2-after-reload")
    state = kernel_json(page, "{'history': len(game.history), 'hand0': game.view(0), "
                              "'public': game.view(None)}")
    assert state["history"] == played
    shot(seats[0], "classroom-seat-1")
    shot(projector, "classroom-projector")
    page.get_by_text("Wildlife Web: the classroom").scroll_into_view_if_needed()
    screenshot(page, "classroom-teacher-panel")

    # a forged token opens nothing, and its socket is refused: nothing changes
    forged = urls["seats"]["0"][:-4] + ("AAAA" if not urls["seats"]["0"].endswith("AAAA")
                                        else "BBBB")
    response = projector.request.get(forged)
    assert response.status == 403 and "does not open a seat" in response.text()
    with pytest.raises(Exception, match="403"):  # its socket (a browser would log the 403)
        Socket(forged.replace("http://", "ws://").replace("/play/", "/ws/"))
    assert kernel_json(page, "len(game.history)") == played
    kernel_json(page, "room.stop() or 0")
    assert errors == [], "\n".join(errors)
    assert json.dumps(state)
