"""Issue 21 §5 and §6.7 in JupyterLab + Chromium: the experiment form after a Basic + Expert
sweep of 20 games (picked by plain clicks), and four researchers in the Tori-Tori Village."""

from __future__ import annotations

from tests.e2e.helpers import (
    kernel_json,
    lab_url,
    run_all_cells,
    screenshot,
    wait_for_idle_kernel,
    widget_errors,
)

FORM = ".widget-vbox:has(> .widget-dropdown)"


def boxes_overlap(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def test_a_basic_and_expert_sweep_reads_summary_first_and_table_folded(lab, page):
    page.set_viewport_size({"width": 1300, "height": 1900})
    page.goto(lab_url(lab, "e2e_experiment_form.ipynb"))
    wait_for_idle_kernel(page)
    run_all_cells(page)
    form = page.locator(".jp-OutputArea-output .eg-choices").first
    form.wait_for(timeout=60_000)
    # multiple choice by plain clicks (no Ctrl): Expert joins Basic
    page.locator(".eg-choices button", has_text="Expert").click()
    page.wait_for_function(
        "document.querySelectorAll('.eg-choices button.mod-active').length >= 3")
    assert kernel_json(page, "form.grid()['difficulty']") == ["basic", "expert"]
    first_player = page.locator(".widget-slider", has_text="First player")
    assert first_player.locator(".widget-readout").inner_text().startswith("1")  # Player 1
    kernel_json(page, "setattr(form.games, 'value', 20) or 1")
    page.locator("button", has_text="Run").click()
    summary = page.locator(".eg-summary-table")
    summary.wait_for(timeout=120_000)
    assert kernel_json(page, "len(form.result.games)") == 40
    rows = summary.locator("tbody tr")
    assert rows.count() == 2
    assert [rows.nth(i).locator("td").first.inner_text() for i in range(2)] == ["Basic",
                                                                                "Expert"]
    assert all(rows.nth(i).locator("td").last.inner_text() == "20" for i in range(2))
    # the summary comes before the plot, the table after it, folded
    summary_y = summary.bounding_box()["y"]
    plot = page.locator(".jp-OutputArea-output img").first
    plot.wait_for()
    assert summary_y < plot.bounding_box()["y"]
    table = page.locator(".jp-OutputArea-output table:not(.eg-summary-table)")
    assert table.count() == 0 or not table.first.is_visible()
    output = page.locator(".jp-OutputArea-output").first
    output.scroll_into_view_if_needed()
    screenshot(output, "experiment-form-basic-expert-20")
    page.locator(".jupyter-widget-Collapse-header, .p-Collapse-header, .lm-Collapse-header",
                 has_text="Every game").first.click()
    table.first.wait_for(state="visible")
    headers = table.first.locator("thead th").all_inner_texts()
    assert "Team won" in headers and "Difficulty" in headers
    assert not any(h.startswith("score_") or h in ("winner", "winners") for h in headers)
    screenshot(output, "experiment-form-table-open")
    assert widget_errors(page) == []


def test_four_pawns_leave_the_village_name_readable(lab, page):
    page.goto(lab_url(lab, "e2e_toritori_four.ipynb"))
    wait_for_idle_kernel(page)
    run_all_cells(page)
    widget = page.locator('[data-testid="ecogames"]').first
    village = widget.locator('[data-testid="square-village"]')
    village.wait_for(timeout=60_000)
    square = village.locator("xpath=..")
    name = square.locator("text.tt-settlement-name").bounding_box()
    state = square.locator("text.tt-settlement-state").bounding_box()
    pawns = [widget.locator(f'[data-testid="pawn-{p}"]').bounding_box() for p in range(4)]
    assert all(p is not None for p in pawns)
    for i, pawn in enumerate(pawns):
        assert not boxes_overlap(pawn, name) and not boxes_overlap(pawn, state), i
        for other in pawns[i + 1:]:
            assert not boxes_overlap(pawn, other)
    widget.locator('[data-testid="island"]').scroll_into_view_if_needed()
    screenshot(widget.locator('[data-testid="island"]'), "toritori-four-pawns-village")
    assert widget_errors(page) == []
