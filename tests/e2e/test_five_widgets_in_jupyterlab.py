"""Issue 12 §5: the five games on one JupyterLab page. Each widget's CSS stays inside its own
root (Wildlife Web's legal-target outline no longer draws rectangles over the other boards),
`widget.layout` is ipywidgets' Layout again, and the page logs no error at all."""

import json

from tests.e2e.helpers import (
    kernel_eval,
    lab_url,
    run_all_cells,
    screenshot,
    wait_for_idle_kernel,
    widget_errors,
)

GAMES = ["toritori", "wildlifeweb", "tulikko", "biotopes", "tori"]

OUTLINED = """() => {
  // legal targets drawn in SVG, outside Wildlife Web, that carry a solid outline
  const out = [];
  for (const root of document.querySelectorAll('.ecogames[data-game]')) {
    if (root.dataset.game === 'wildlifeweb') continue;
    for (const el of root.querySelectorAll('svg [data-legal="true"]')) {
      if (el === document.activeElement) continue;
      const style = getComputedStyle(el);
      if (style.outlineStyle !== 'none') out.push(root.dataset.game + ': ' + style.outline);
    }
  }
  return out;
}"""


def test_five_widgets_on_one_page_none_disturbs_another(lab, page):
    # tall enough for all five widgets at once (Lab draws only the cells in view)
    page.set_viewport_size({"width": 1400, "height": 11000})
    page.goto(lab_url(lab, "e2e_five.ipynb"))
    wait_for_idle_kernel(page)
    run_all_cells(page)
    for game in GAMES:
        page.locator(f'.ecogames[data-game="{game}"] [data-testid="board"] > *').first.wait_for(
            timeout=90_000)
    wait_for_idle_kernel(page)
    # every game has legal targets on its board at the start, some of them in SVG
    counts = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '.ecogames[data-game]')].map((r) => [r.dataset.game,
        r.querySelectorAll('[data-legal="true"]').length]))""")
    assert set(counts) == set(GAMES)
    assert page.evaluate(OUTLINED) == []
    # Wildlife Web still outlines its own targets
    ww = page.evaluate("""() => [...document.querySelectorAll(
        '.ecogames[data-game="wildlifeweb"] [data-legal="true"]')].map(
        (el) => getComputedStyle(el).outlineStyle)""")
    assert ww and set(ww) == {"solid"}

    # ipywidgets' own layout trait works on a game widget (the setLayout TypeError is gone)
    kernel_eval(page, "tori_widget.layout.width = '900px'")
    page.wait_for_function(
        """() => [...document.querySelectorAll('.ecogames[data-game="tori"]')].some(
            (r) => r.closest('.jupyter-widgets, .widget-output, .lm-Widget')
            && getComputedStyle(r.closest('.jupyter-widgets') || r).width === '900px')""",
        timeout=15_000)
    names = json.loads(kernel_eval(page, "import json; print(json.dumps(["
                                         "type(tori_widget.layout).__name__]))"))
    assert names == ["Layout"]
    screenshot(page, "five-widgets-page")
    for i, game in enumerate(GAMES):
        screenshot(page.locator(f'.ecogames[data-game="{game}"]'), f"five-widgets-{i + 1}-{game}")
    assert widget_errors(page) == []
