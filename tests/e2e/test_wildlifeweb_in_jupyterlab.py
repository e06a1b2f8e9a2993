"""Wildlife Web end to end: the notebook in JupyterLab + Chromium, real clicks on the table,
the re-render only the kernel can cause, kernel-side state read back, screenshots saved."""

import json

from tests.e2e.helpers import (
    kernel_eval,
    lab_url,
    run_all_cells,
    screenshot,
    wait_for_idle_kernel,
    widget_errors,
)


def test_place_roadkill_then_hunt_with_dice_in_jupyterlab(lab, page):
    page.set_viewport_size({"width": 1400, "height": 3000})  # a whole table per screenshot
    page.goto(lab_url(lab, "wildlifeweb.ipynb"))
    wait_for_idle_kernel(page)
    run_all_cells(page)
    widgets = page.locator('[data-testid="ecogames"]')
    widgets.nth(1).locator('[data-testid="wildlifeweb-board"]').wait_for(timeout=60_000)
    wait_for_idle_kernel(page)
    start, jump = widgets.nth(0), widgets.nth(1)
    assert start.locator('[data-testid="wildlifeweb-board"]').get_attribute(
        "data-phase") == "setup_roadkill"
    screenshot(start, "wildlifeweb-start")

    # Set-up: click an animal of the central habitat; only the kernel puts it on the highway.
    tile = start.locator('.ww-tile[data-legal="true"]').first
    card = tile.get_attribute("data-card")
    tile.click()
    start.locator(f'[data-testid="roadkill-{card}"]').wait_for(timeout=15_000)
    assert start.locator('[data-testid="highway"]').get_attribute("data-count") == "1"
    state = json.loads(kernel_eval(
        page, "import json; print(json.dumps([widget.game.highway, len(widget.game.history)]))"))
    assert state == [[card], 1]

    # After the set-up: keep the Pack (the kernel draws the Event and opens feeding)...
    jump.locator('[data-testid="ww-keep_pack"]').click()
    jump.locator('[data-testid="wildlifeweb-board"][data-phase="feed"]').wait_for(
        timeout=15_000)
    # ...select an animal that can hunt (the kernel says which: the seed's Packs are not
    # hard-coded): a chooser of its actions, its prey marked on the table.
    hunter = json.loads(kernel_eval(page, (
        "import json; print(json.dumps(next(a.animal for a in jump_in.game.legal_actions() "
        "if a.type == 'hunt')))")))
    jump.locator(f'[data-testid="animal-{hunter}"]').click()
    chooser = jump.locator('[data-testid="chooser"]')
    chooser.wait_for(timeout=5_000)
    assert jump.locator('[data-option="true"]').count() > 0
    screenshot(jump, "wildlifeweb-chooser")
    hunt = chooser.locator('button[data-action-type="hunt"]').first
    label = hunt.get_attribute("data-label")
    hunt.click()

    # The dice duel (and its result) come only from the kernel's cascade.
    jump.locator('[data-testid="duel-result"]').wait_for(timeout=15_000)
    out = json.loads(kernel_eval(page, (
        "import json; g = jump_in.game; a = g.history[-1]; "
        "print(json.dumps([a.type, a.animal, g.last_cascade.label, "
        "[e['touched'].get('dice') for e in jump_in.cascade['events']], "
        "[x['food'] for x in g.packs[0] if x['card'] == a.animal][0]]))")))
    kind, animal, described, dice, food = out
    assert (kind, animal, described) == ("hunt", hunter, label)
    rolled = [d for d in dice if d]
    assert rolled, "a hunt rolls dice (a prey that hides rolls one)"
    duel = jump.locator('[data-testid="duel"]')
    if jump.locator('[data-testid="duel-roll"]').count():
        faces = [int(x) for x in
                 jump.locator('[data-testid="duel-hunter"]').evaluate_all(
                     "els => els.map(e => e.dataset.die)")]
        assert faces == [d[0] for d in rolled if len(d) == 2]
    fed = duel.get_attribute("data-result") == "fed"
    assert bool(food) == fed
    screenshot(jump, "wildlifeweb-hunt")

    # Replay the first step of the hunt: the board goes back to before the dice.
    jump.locator('[data-testid="cascade-back"]').click()
    jump.locator('[data-testid="board"][data-step]').first.wait_for()
    assert jump.locator('[data-testid="board"]').get_attribute("data-step") != "-1"
    assert jump.locator('[data-legal="true"]').count() == 0
    screenshot(jump, "wildlifeweb-replay")
    assert widget_errors(page) == []
