"""Click to re-rendered board, in JupyterLab + Chromium, against a trivial anywidget.

A trivial counter widget (a button; Python adds one; the browser shows the new number) gives
the round trip of the machinery itself. The game widget's figure is the same path plus the
engine, the trait updates and the board's re-render (the Step button: the kernel's bot plays
one action and every part of the widget is redrawn). Both are measured in the page with
performance.now(), from the click to the DOM change that only the kernel's answer causes,
in alternating blocks. The limit (issue 12): at most 1.2 times the trivial round trip.
Needs `make chromium`; run with `make bench` or directly.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import nbformat
from nbformat.v4 import new_code_cell, new_notebook

from tests.e2e.servers import BIN, CHROMIUM, CHROMIUM_ARGS, free_port, jupyter_env, serve, stop

TRIVIAL = '''
import anywidget, traitlets

class Counter(anywidget.AnyWidget):
    _esm = """
    export default { render({ model, el }) {
      const b = document.createElement("button");
      b.dataset.testid = "trivial";
      const show = () => { b.textContent = String(model.get("value")); };
      b.onclick = () => model.send({ add: 1 });
      model.on("change:value", show); show(); el.append(b);
    } };"""
    value = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda _w, content, _b: setattr(self, "value", self.value + content["add"]))

Counter()
'''

GAME = '''
from ecogames import toritori
game_widget = toritori.new_game(players=2, seed=3).widget()  # two people: Step plays on
game_widget
'''

MEASURE = """async ([selector, watch, n]) => {
  const times = [];
  for (let i = 0; i < n; i++) {
    const target = document.querySelector(watch);
    const before = target.textContent;
    const button = document.querySelector(selector);
    const t0 = performance.now();
    const changed = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const now = document.querySelector(watch);
        if (now && now.textContent !== before) { observer.disconnect(); resolve(); }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    button.click();
    await changed;
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
  return times;
}"""


def main(rounds: int = 30) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        nb = new_notebook(cells=[new_code_cell(TRIVIAL), new_code_cell(GAME)],
                          metadata={"kernelspec": {"name": "python3", "language": "python",
                                                   "display_name": "Python 3"}})
        nbformat.write(nb, root / "bench.ipynb")
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        proc = serve([str(BIN / "jupyter"), "lab", "--no-browser", "--allow-root",
                      "--ip=127.0.0.1", f"--port={port}", "--IdentityProvider.token=",
                      "--ServerApp.password=", f"--ServerApp.root_dir={root}",
                      "--LabApp.expose_app_in_browser=True"],
                     f"{url}/api", jupyter_env(root / "jupyter"), root / "lab.log")
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.goto(f"{url}/lab/tree/bench.ipynb")
                page.wait_for_function("window.jupyterapp?.shell.currentWidget?.sessionContext"
                                       "?.session?.kernel?.status === 'idle'", timeout=60_000)
                page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
                page.wait_for_selector('[data-testid="trivial"]', timeout=60_000)
                page.wait_for_selector('[data-testid="island"]', timeout=60_000)
                # in alternating blocks, so that a busy moment of the machine weighs on both
                trivial, game = [], []
                for _ in range(3):
                    trivial += page.evaluate(MEASURE, ['[data-testid="trivial"]',
                                                       '[data-testid="trivial"]', rounds // 3])
                    game += page.evaluate(MEASURE, ['[data-testid="bot"]',
                                                    '[data-testid="turn"]', rounds // 3])
                print(f"  chromium {browser.version}, {rounds} clicks each")
                print(f"  trivial anywidget round trip: median {statistics.median(trivial):.0f} ms")
                print(f"  Tori-Tori bot move to re-rendered board: median "
                      f"{statistics.median(game):.0f} ms "
                      f"({statistics.median(game) / statistics.median(trivial):.2f}x)")
                browser.close()
        finally:
            stop(proc)


if __name__ == "__main__":
    main()
