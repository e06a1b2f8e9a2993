"""One colour per species, diet group and player in the browser too (issue 21 §1), in
Chromium (the e2e recipe's level 2: the built bundle on a static page with a fake model fed
the Python widget's own traits).

For a played game of Tori-Tori, Wildlife Web and Tulikko: every food-web node is filled with
its palette colour (a Wildlife Web species with its diet group's), every live-plot line has
the series colour the matplotlib figures use, the plot is titled with what it shows, the
Tori-Tori tokens and pawns have their palette fills, and no console error. Screenshots in
test-artifacts/screenshots/palette-*.png."""

from __future__ import annotations

import json
import shutil

import pytest

from ecogames.bots import make_bot
from ecogames.core.palette import palette_of
from ecogames.games import toritori, tulikko, wildlifeweb
from tests.e2e.helpers import screenshot, static_site, widget_errors
from tests.e2e.servers import REPO

STATIC = REPO / "src" / "ecogames" / "static"
PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:;base64,="><link rel="stylesheet" href="{game}.css"></head>
<body style="margin:0; padding: 12px; width: 1300px"><div id="root"></div>
<script type="module">
const state = await (await fetch("state.json")).json();
const handlers = {{}};
const model = {{
  get: (name) => state[name],
  set: (name, value) => {{ state[name] = value; }},
  on: (event, cb) => {{ (handlers[event] ||= []).push(cb); }},
  off: (event, cb) => {{ handlers[event] = (handlers[event] || []).filter((f) => f !== cb); }},
  save_changes: () => {{}},
  send: () => {{}},
}};
const widget = (await import("./{game}.js")).default;
widget.render({{ model, el: document.getElementById("root") }});
document.body.dataset.ready = "true";
</script></body></html>"""

RGB = """(els) => els.map((e) => getComputedStyle(e).fill)"""


def _played(name: str):
    if name == "toritori":
        game = toritori.new_game(players=2, seed=11)
        bot = make_bot("toritori-heuristic", 11)
        for _ in range(40):
            game.apply(bot.choose(game, game.legal_actions()))
    elif name == "wildlifeweb":
        game = wildlifeweb.new_game(players=3, seed=5)
        bots = [make_bot("wildlifeweb-greedy", seed=s) for s in range(3)]
        for _ in range(60):
            game.apply(bots[game.current_player].choose(game, game.legal_actions()))
    else:
        game = tulikko.new_game(players=2, seed=11, maps=["fox", "owl"])
        bots = [make_bot("tulikko-greedy", seed=s) for s in range(2)]
        for _ in range(12):
            game.apply(bots[game.current_player].choose(game, game.legal_actions()))
    return game.widget()


def _rgb(hex_: str) -> str:
    r, g, b = (int(hex_.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgb({r}, {g}, {b})"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("palette-site")
    for path in STATIC.glob("*"):
        if path.suffix in (".js", ".css"):
            shutil.copy(path, root / path.name)
    with static_site(root) as address:
        yield root, address


@pytest.mark.parametrize("name", ["toritori", "wildlifeweb", "tulikko"])
def test_the_widget_draws_the_palette(name, page, site):
    root, base = site
    widget = _played(name)
    state = {k: v for k, v in widget.get_state().items() if k not in ("_esm", "_css")}
    (root / "state.json").write_text(json.dumps(state, default=str), encoding="utf-8")
    (root / f"{name}.html").write_text(PAGE.format(game=name), encoding="utf-8")
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(f"{base}/{name}.html")
    page.wait_for_selector("body[data-ready=true]")
    palette = palette_of(widget.game)

    plot = page.locator('[data-testid="plot"]')
    assert plot.locator("h4").inner_text() == widget.series["title"] != "Populations"
    for quantity, colour in widget.series["colours"].items():
        line = plot.locator(f'[data-quantity="{quantity}"] polyline')
        if line.count():
            assert line.first.get_attribute("stroke") == colour, quantity

    for node in widget.food_web.get("nodes", []):
        dot = page.locator(f'[data-testid="fw-node-{node["id"]}"] .eg-fw-dot').first
        assert dot.evaluate("e => getComputedStyle(e).fill") == _rgb(node["colour"]), node
    if name == "wildlifeweb":
        groups = {n: d.get("group") for n, d in widget.food_web_graph(widget.game)
                  .nodes(data=True)}
        for node in widget.food_web["nodes"]:
            key = groups[node["id"]] or node["id"]
            assert node["colour"] == palette.colour(key), node
    if name == "toritori":
        species = palette.groups["species"]
        for key, swatch in species.items():
            shapes = page.locator(f'[data-species="{key}"] .tt-token-shape')
            if shapes.count():
                assert set(shapes.evaluate_all(RGB)) == {_rgb(swatch.colour)}, key
        pawns = page.locator(".tt-pawn-head").evaluate_all(RGB)
        assert set(pawns) <= {_rgb(s.colour) for s in palette.groups["players"].values()}
    screenshot(page.locator('[data-testid="ecogames"]').first, f"palette-{name}")
    assert widget_errors(page) == []
