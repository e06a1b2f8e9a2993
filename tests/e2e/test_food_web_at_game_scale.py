"""The food-web panel at game scale, in Chromium (the e2e recipe's level 2: the built bundle on a
static page with a fake model; the traits come from the Python widgets themselves, so the web
is laid out by the same code as in a notebook).

Webs: a 6-player Wildlife Web game after the draft, and every species and pet of the game (56
nodes, 775 links, the panel's worst case). In each: 0 label overlaps (getBBox), every link has
an arrowhead, and no arrowhead lies under a circle or a label; the rows' legend is there;
hovering a species still lights its links and says its diet; the pop-out shows the web at its
full size and closes with Escape; 0 console errors. Screenshots in test-artifacts/."""

from __future__ import annotations

import json
import shutil

import pytest

from ecogames.bots import make_bot
from ecogames.games import wildlifeweb
from ecogames.games.wildlifeweb.graphs import food_web as wildlife_web
from tests.e2e.helpers import screenshot, static_site, widget_errors
from tests.e2e.servers import REPO
from tests.e2e.test_food_web_in_jupyterlab import MEASURE, overlaps

STATIC = REPO / "src" / "ecogames" / "static"
PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:;base64,="><link rel="stylesheet" href="wildlifeweb.css"></head>
<body style="margin:0; padding: 12px; width: 1300px"><div id="root"></div>
<script type="module">
const state = await (await fetch("state.json")).json();
const handlers = {};
window.sent = [];
const model = {
  get: (name) => state[name],
  set: (name, value) => { state[name] = value; },
  on: (event, cb) => { (handlers[event] ||= []).push(cb); },
  off: (event, cb) => { handlers[event] = (handlers[event] || []).filter((f) => f !== cb); },
  save_changes: () => {},
  send: (message) => { window.sent.push(message); },
};
const widget = (await import("./wildlifeweb.js")).default;
widget.render({ model, el: document.getElementById("root") });
document.body.dataset.ready = "true";
</script></body></html>"""

HEADS = """(panel) => {
    const svg = panel.querySelector('[data-testid="foodweb"]');
    const nums = (d) => d.match(/-?[0-9.]+/g).map(Number);
    const heads = [...svg.querySelectorAll('.eg-fw-arrowhead')].map((p) => {
        const v = nums(p.getAttribute('d'));
        const pts = [[v[0], v[1]], [v[2], v[3]], [v[4], v[5]]];
        const c = [(v[0] + v[2] + v[4]) / 3, (v[1] + v[3] + v[5]) / 3];
        // the corners pulled 5 % towards the middle, the sides' middles, the middle
        const inner = pts.map(([x, y]) => [x + (c[0] - x) * 0.05, y + (c[1] - y) * 0.05]);
        const sides = [0, 1, 2].map((i) => [(inner[i][0] + inner[(i + 1) % 3][0]) / 2,
                                             (inner[i][1] + inner[(i + 1) % 3][1]) / 2]);
        const style = getComputedStyle(p);
        return {id: p.dataset.testid, points: [...inner, ...sides, c],
                shown: style.display !== 'none' && style.visibility !== 'hidden'
                       && Number(style.fillOpacity) * Number(style.opacity) > 0.1};
    });
    const links = svg.querySelectorAll('.eg-fw-edge').length;
    return {heads, links};
}"""


def covered(heads: list[dict], measured: dict) -> list[tuple[str, str]]:
    """Arrowheads with a point inside a circle or a label's box."""
    found = []
    for head in heads:
        for x, y in head["points"]:
            for d in measured["dots"]:
                if (x - d["cx"]) ** 2 + (y - d["cy"]) ** 2 < d["r"] ** 2:
                    found.append((head["id"], d["id"]))
            for b in measured["labels"]:
                if b["x0"] < x < b["x1"] and b["y0"] < y < b["y1"]:
                    found.append((head["id"], "label " + b["id"]))
    return sorted(set(found))


class AllSpecies(wildlifeweb.Widget):
    """Every species and pet of the game in the web: 56 nodes, the panel's worst case."""

    def food_web_graph(self, game):
        return wildlife_web()


def six_players() -> wildlifeweb.Widget:
    game = wildlifeweb.new_game(players=6, seed=2026)
    bot = make_bot("wildlifeweb-greedy", seed=1)
    while game.phase in ("setup_roadkill", "draft"):
        game.apply(bot.choose(game, game.legal_actions()))
    return game.widget()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("foodweb-site")
    for name in ["wildlifeweb.js", "wildlifeweb.css"]:
        shutil.copy(STATIC / name, root / name)
    (root / "index.html").write_text(PAGE, encoding="utf-8")
    with static_site(root) as address:
        yield root, f"{address}/index.html"


def open_web(page, site, widget) -> object:
    root, url = site
    state = {k: v for k, v in widget.get_state().items() if k not in ("_esm", "_css")}
    (root / "state.json").write_text(json.dumps(state, default=str), encoding="utf-8")
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]")
    panel = page.locator('[data-testid="foodweb-panel"]')
    panel.locator(".eg-fw-dot").first.wait_for()
    return panel


@pytest.mark.parametrize("name", ["six-players", "all-species"])
def test_the_web_reads_at_game_scale(name, page, site):
    widget = six_players() if name == "six-players" else AllSpecies(
        wildlifeweb.new_game(players=2, seed=1))
    web = widget.food_web
    panel = open_web(page, site, widget)
    measured = panel.evaluate(MEASURE)
    assert len(measured["dots"]) == len(web["nodes"])
    assert overlaps(measured) == []
    heads = panel.evaluate(HEADS)
    assert len(heads["heads"]) == heads["links"] == len(web["edges"])
    assert all(h["shown"] for h in heads["heads"])
    assert covered(heads["heads"], measured) == []
    rows = {round(n["level"]) for n in web["nodes"]}
    assert panel.locator('[data-testid^="fw-row-"]').count() == len(rows)
    assert "trophic levels" in panel.locator('[data-testid="fw-legend"]').inner_text()
    print(f"{name}: {len(web['nodes'])} species, {len(web['edges'])} links, "
          f"{web['width']} x {web['height']} units")
    screenshot(panel, f"foodweb-scale-{name}")

    # hover keeps working: the species' links lit, its diet said, the rest faded
    eater = max(web["nodes"], key=lambda n: sum(e["target"] == n["id"] for e in web["edges"]))
    node = panel.locator(f'[data-testid="fw-node-{eater["id"]}"]')
    node.locator(".eg-fw-dot").hover()
    info = panel.locator('[data-testid="fw-info"]').inner_text()
    assert info.startswith(f"{eater['label']} eats "), info
    assert panel.locator(".eg-fw-arrowhead.eg-near").count() == panel.locator(
        ".eg-fw-edge.eg-near").count() > 0
    assert covered(panel.evaluate(HEADS)["heads"], panel.evaluate(MEASURE)) == []
    node.locator(".eg-fw-dot").click()  # pinned: it stays asked when the pointer leaves
    page.mouse.move(2, 2)
    assert node.get_attribute("data-pinned") == "true"
    screenshot(panel, f"foodweb-scale-{name}-asked")
    node.locator(".eg-fw-dot").click()

    # the pop-out: the web at its natural size over the page; Escape brings it back
    page.mouse.move(2, 2)
    panel.locator('[data-testid="fw-enlarge"]').click()
    dialog = page.locator('[data-testid="fw-dialog"]')
    dialog.wait_for(state="visible")
    big = dialog.locator('[data-testid="foodweb"]').bounding_box()
    assert big["width"] > web["width"] and big["height"] > web["height"]  # larger than 1:1
    assert big["y"] + big["height"] <= 1000 and big["x"] + big["width"] <= 1400  # all in view
    screenshot(page, f"foodweb-scale-{name}-enlarged")
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert panel.locator('.eg-fw-body [data-testid="foodweb"]').count() == 1
    assert widget_errors(page) == []
