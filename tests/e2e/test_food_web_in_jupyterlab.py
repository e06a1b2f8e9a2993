"""The food-web panel in JupyterLab + Chromium: the 50-species Wildlife Web (every species and
pet in play) and Biotopes' whole-deck web, drawn from Python's layout; the browser measures
every label (getBBox) and circle and finds 0 overlaps; hovering a species lights its links
and says what it eats; screenshots saved under test-artifacts/screenshots."""

from __future__ import annotations

import json

from tests.e2e.helpers import (
    kernel_eval,
    lab_url,
    run_all_cells,
    screenshot,
    wait_for_idle_kernel,
    widget_errors,
)
from tests.e2e.servers import REPO

CELLS = [
    f"import sys\nsys.path.insert(0, {str(REPO)!r})\n"
    "from ecogames.games import biotopes, wildlifeweb\n"
    "from ecogames.games.biotopes.graphs import food_web as deck_web\n"
    "from ecogames.games.wildlifeweb.graphs import food_web as wildlife_web\n\n"
    "class AllSpecies(wildlifeweb.Widget):\n"
    "    def food_web_graph(self, game):\n"
    "        return wildlife_web()  # all 50 species and the pets in play\n\n"
    "class WholeDeck(biotopes.Widget):\n"
    "    def food_web_graph(self, game):\n"
    "        return deck_web()  # every type of the 88 Species cards",
    "ww = AllSpecies(wildlifeweb.new_game(players=2, seed=1))\nww",
    "bt = WholeDeck(biotopes.new_game(players=2, seed=2))\nbt",
]

MEASURE = """(panel) => {
    const svg = panel.querySelector('[data-testid="foodweb"]');
    const labels = [...svg.querySelectorAll('.eg-fw-label')].map((t) => {
        const b = t.getBBox();
        return {id: t.dataset.testid.slice(9), x0: b.x, y0: b.y, x1: b.x + b.width,
                y1: b.y + b.height};
    });
    const dots = [...svg.querySelectorAll('.eg-fw-dot')].map((c) => ({
        id: c.closest('[data-testid^="fw-node-"]').dataset.testid.slice(8),
        cx: c.cx.baseVal.value, cy: c.cy.baseVal.value, r: c.r.baseVal.value}));
    const rects = [...svg.querySelectorAll('.eg-fw-label')].map((t) => t.getBoundingClientRect());
    return {labels, dots, rects: rects.map((r) => [r.left, r.top, r.right, r.bottom]),
            width: svg.getBoundingClientRect().width};
}"""


def overlaps(measured) -> list:
    labels, dots = measured["labels"], measured["dots"]
    found = []
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            if a["x0"] < b["x1"] and b["x0"] < a["x1"] and a["y0"] < b["y1"] and b["y0"] < a["y1"]:
                found.append((a["id"], b["id"]))
        for d in dots:
            nx_ = min(max(d["cx"], a["x0"]), a["x1"])
            ny_ = min(max(d["cy"], a["y0"]), a["y1"])
            if (nx_ - d["cx"]) ** 2 + (ny_ - d["cy"]) ** 2 < d["r"] ** 2:
                found.append((a["id"], d["id"]))
    rects = measured["rects"]  # the same in page pixels
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                found.append(("rect", i))
    return found


def write_notebook(root) -> None:
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {},
                     "outputs": [], "source": c} for c in CELLS],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                      "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (root / "e2e_food_web.ipynb").write_text(json.dumps(nb), encoding="utf-8")


def full_web_screenshot(panel, name: str) -> None:
    """The whole web as one picture (the panel scrolls when the web is taller than it)."""
    scroll = panel.locator(".eg-fw-scroll")
    scroll.evaluate("(el) => { el.dataset.h = el.style.maxHeight; el.style.maxHeight = 'none'; }")
    screenshot(panel, name)
    scroll.evaluate("(el) => { el.style.maxHeight = el.dataset.h; }")


def test_the_50_species_web_and_biotopes_web_have_no_overlapping_labels(lab, page,
                                                                       notebook_root):
    write_notebook(notebook_root)
    page.set_viewport_size({"width": 1400, "height": 1400})
    page.goto(lab_url(lab, "e2e_food_web.ipynb"))
    wait_for_idle_kernel(page)
    run_all_cells(page)
    widgets = page.locator('[data-testid="ecogames"]')
    widgets.nth(1).locator('[data-testid="fw-node-plants"]').wait_for(timeout=60_000)
    ww, bt = widgets.nth(0), widgets.nth(1)
    expected = json.loads(kernel_eval(
        page, "import json; print(json.dumps([len(ww.food_web['nodes']), "
              "len(bt.food_web['nodes'])]))"))
    assert expected[0] >= 50

    for widget, count, name in [(ww, expected[0], "wildlifeweb"), (bt, expected[1], "biotopes")]:
        panel = widget.locator('[data-testid="foodweb-panel"]')
        panel.scroll_into_view_if_needed()
        measured = panel.evaluate(MEASURE)
        assert len(measured["labels"]) == len(measured["dots"]) == count
        assert overlaps(measured) == [], name
        # every link has its arrowhead, under no circle and no label (as at game scale)
        from tests.e2e.test_food_web_at_game_scale import HEADS, covered

        heads = panel.evaluate(HEADS)
        assert len(heads["heads"]) == heads["links"] > 0, name
        assert covered(heads["heads"], measured) == [], name
        screenshot(panel, f"foodweb-{name}-panel")
        full_web_screenshot(panel, f"foodweb-{name}-whole")

    # ask about a species: its links lit, its diet said, the rest faded; still no overlap
    node = ww.locator('[data-testid="fw-node-coyote"]')
    node.scroll_into_view_if_needed()
    node.locator(".eg-fw-dot").hover()
    info = ww.locator('[data-testid="fw-info"]')
    info.wait_for()
    assert info.inner_text().startswith("Coyote eats ")
    assert ww.locator('[data-testid="foodweb-panel"]').get_attribute("data-focus") == "species"
    assert ww.locator(".eg-fw-edge.eg-near").count() > 3
    assert overlaps(ww.locator('[data-testid="foodweb-panel"]').evaluate(MEASURE)) == []
    # a click keeps the question when the pointer leaves
    node.locator(".eg-fw-dot").click()
    page.mouse.move(5, 5)
    assert node.get_attribute("data-pinned") == "true"
    assert info.inner_text().startswith("Coyote eats ")
    full_web_screenshot(ww.locator('[data-testid="foodweb-panel"]'), "foodweb-wildlifeweb-coyote")

    # Biotopes: Birds eat Birds (a Peregrine Falcon), drawn as a loop
    assert bt.locator('path.eg-fw-loop[data-testid="fw-edge-birds-birds"]').count() == 1
    assert widget_errors(page) == []
