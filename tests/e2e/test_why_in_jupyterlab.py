"""Issue 20 §6 in a real browser: a token's story in story mode, a line of it that jumps the
timeline to its moment (the board and the cascade player show that action), and Why? beside
the outcome walking the causal chain, in JupyterLab; the same answers in Notebook 7 and Voila.
Everything shown is checked against what the kernel says."""

from tests.e2e.helpers import (
    WIDGET,
    kernel_eval,
    kernel_json,
    open_widget,
    run_all_cells,
    screenshot,
    wait_for_idle_kernel,
    widget_errors,
)

VIEWPORT = (1400, 1800)


def longest_story(page) -> dict:
    """The token on the board with the longest story, and that story as the kernel tells it."""
    return kernel_json(page, """(lambda g: max(({"id": i, "events": [
            {"action": e.action, "step": e.step, "text": e.text,
             "event": e.node[2] if e.node[0] == "event" else None}
            for e in g.story(i).events]}
        for i in (f"token:{t['id']}" for s in g.view()["sectors"].values() for t in s["tokens"])
        if i in g.provenance().ids), key=lambda s: len(s["events"])))(w.game)""")


def wait_shown(page, action: int | str) -> None:
    """Until the board and the cascade player both show ``action`` ('' for now), loaded."""
    page.wait_for_function(
        """([a]) => document.querySelector('[data-testid=board]')?.dataset.shown === a &&
            document.querySelector('[data-testid=cascade]')?.dataset.shown === a &&
            document.querySelector('[data-testid=cascade-position]').textContent !== 'loading…'""",
        arg=[str(action)])


def cascade_text(page, action: int, event: int | None) -> str:
    """What the cascade player should say at ``event`` of ``action`` (its first step if None)."""
    return kernel_json(page, f"w.cascade_of({action})[0]['events'][{event or 0}]['text']")


def ask_story(widget, subject: str) -> None:
    widget.locator('[data-testid="story-mode"]').click()
    assert widget.locator('[data-testid="story-mode"]').get_attribute("aria-pressed") == "true"
    widget.locator(f'[data-story="{subject}"]').click()
    widget.locator('[data-testid="why-panel"][data-answer="story"]').wait_for()


def test_a_tokens_story_jumps_the_timeline_and_why_walks_the_chain(lab, page):
    widget = open_widget(page, lab, "e2e_toritori_why.ipynb", '[data-testid="island"]',
                         viewport=VIEWPORT)
    story = longest_story(page)
    assert len(story["events"]) >= 2
    played = kernel_json(page, "len(w.game.history)")

    ask_story(widget, story["id"])
    species = kernel_json(page, f"[t['species'] for s in w.game.view()['sectors'].values() "
                                f"for t in s['tokens'] if 'token:' + str(t['id']) == "
                                f"{story['id']!r}][0]")
    name = f"{species.replace('_', ' ').capitalize()} (token {story['id'].split(':')[1]})"
    assert widget.locator('[data-testid="why-title"]').inner_text().lower() == (
        f"the story of {name}".lower())
    lines = widget.locator('[data-testid="why-lines"] li')
    assert lines.count() == len(story["events"])
    for i, event in enumerate(story["events"]):  # when, in the game's own step
        assert lines.nth(i).locator("button").inner_text() == (
            f"turn of the dice {event['step']}, action {event['action'] + 1}: {event['text']}")
    assert widget.locator('[data-testid="story-end"]').inner_text() == "… still in play"
    # asking is no move: story mode ends, the game stands as it was
    assert widget.locator('[data-testid="story-mode"]').get_attribute("aria-pressed") == "false"
    assert kernel_json(page, "[len(w.game.history), w.error]") == [played, ""]
    screenshot(widget, "why-story-of-a-token")

    # a line jumps the timeline to its moment: that action's cascade, at that event
    first = story["events"][0]
    widget.locator('[data-testid="why-line-0"]').click()
    wait_shown(page, first["action"])
    assert widget.locator('[data-testid="cascade-text"]').inner_text() == cascade_text(
        page, first["action"], first["event"])
    assert widget.locator('[data-testid="board-replay"]').is_visible()
    assert "eg-why-current" in (lines.nth(0).get_attribute("class") or "")
    assert kernel_json(page, "[len(w.game.history), w.shown]") == [played, first["action"]]
    screenshot(widget, "why-story-line-jumps-the-timeline")
    widget.locator('[data-testid="why-close"]').click()
    widget.locator('[data-testid="cascade-now"]').click()
    wait_shown(page, "")

    # a token nothing has happened to yet: the banner says so, and nothing changes
    quiet = kernel_json(page, """next(f"token:{t['id']}" for s in w.game.view()["sectors"]
        .values() for t in s["tokens"] if f"token:{t['id']}" not in w.game.provenance().ids)""")
    widget.locator('[data-testid="story-mode"]').click()
    widget.locator(f'[data-story="{quiet}"]').click()
    banner = widget.locator('[data-testid="error"]')
    banner.wait_for()
    assert banner.locator('[data-testid="error-text"]').inner_text() == (
        f"Nothing has happened to this token ({quiet}) yet: it has no story so far.")
    screenshot(widget.locator('[data-testid="error"]'), "why-story-of-an-untouched-token")
    assert kernel_json(page, "len(w.game.history)") == played
    banner.locator('[data-testid="error-dismiss"]').click()

    # the bots play on to the end in the kernel; Why? beside the outcome asks for the chain
    kernel_eval(page, "finish()")
    outcome = widget.locator('[data-testid="outcome"][data-over="true"]')
    outcome.wait_for()
    chain = kernel_json(page, """[{"action": l.action, "text": l.text,
        "event": l.node[2] if l.node[0] == "event" else None}
        for l in w.game.why("outcome").chain]""")
    assert len(chain) >= 4 and len({link["action"] for link in chain}) >= 3
    why = outcome.locator('[data-testid="why-outcome"]')
    assert why.is_visible()
    why.click()
    widget.locator('[data-testid="why-panel"][data-answer="why"]').wait_for()
    assert widget.locator('[data-testid="why-title"]').inner_text() == f"Why? {chain[0]['text']}"
    assert [lines.nth(i).locator("button").inner_text().split(": ", 1)[1]
            for i in range(lines.count())] == [link["text"] for link in chain]
    screenshot(widget, "why-outcome-chain")

    # the walk: forward starts at the root and steps towards the outcome, back steps back
    last = len(chain) - 1
    walked = []
    for _ in range(3):
        widget.locator('[data-testid="why-walk-next"]').click()
        walked.append(chain[last - len(walked)])
        link = walked[-1]
        index = last - len(walked) + 1
        page.wait_for_function(
            "([i]) => document.querySelectorAll('[data-testid=why-lines] li')[i]"
            "?.classList.contains('eg-why-current')", arg=[index])
        wait_shown(page, link["action"])
        assert widget.locator('[data-testid="cascade-text"]').inner_text() == cascade_text(
            page, link["action"], link["event"])
        if len(walked) == 1:
            screenshot(widget, "why-walk-at-the-root")
    widget.locator('[data-testid="why-walk-back"]').click()
    page.wait_for_function(
        "([i]) => document.querySelectorAll('[data-testid=why-lines] li')[i]"
        "?.classList.contains('eg-why-current')", arg=[last - 1])
    wait_shown(page, chain[last - 1]["action"])
    assert kernel_json(page, "w.error") == ""
    assert kernel_json(page, "w.game.is_over") is True
    assert widget_errors(page) == []


def finished_widget_answers(page, widget) -> None:
    """On a finished game's widget: a token's story, then Why? beside the outcome."""
    widget.locator('[data-testid="why-outcome"]').click()
    widget.locator('[data-testid="why-panel"][data-answer="why"]').wait_for()
    assert widget.locator('[data-testid="why-title"]').inner_text() == (
        "Why? Defeat: the Tori-toris went extinct")
    assert widget.locator('[data-testid="why-lines"] li').count() >= 4
    widget.locator('[data-testid="why-walk-next"]').click()
    page.wait_for_function(
        "document.querySelector('[data-testid=board]')?.dataset.shown !== '' && "
        "document.querySelector('[data-testid=cascade-position]').textContent !== 'loading…'")
    assert widget.locator('[data-testid="board-replay"]').is_visible()


def test_notebook7_tells_why(notebook7, page):
    page.set_viewport_size({"width": VIEWPORT[0], "height": VIEWPORT[1]})
    page.goto(f"{notebook7}/notebooks/e2e_toritori_why_over.ipynb")
    wait_for_idle_kernel(page)
    run_all_cells(page)
    widget = page.locator(WIDGET).first
    widget.locator('[data-testid="island"]').wait_for(timeout=60_000)
    finished_widget_answers(page, widget)
    screenshot(widget, "why-outcome-notebook7")
    assert kernel_json(page, "w.error") == ""
    assert widget_errors(page) == []


def test_voila_tells_why(voila_factory, page):
    page.set_viewport_size({"width": VIEWPORT[0], "height": VIEWPORT[1]})
    page.goto(voila_factory("e2e_toritori_why_over.ipynb"))
    widget = page.locator(WIDGET).first
    widget.locator('[data-testid="island"]').wait_for(timeout=90_000)
    finished_widget_answers(page, widget)
    screenshot(widget, "why-outcome-voila")
    assert widget_errors(page) == []


def test_the_lessons_chain_opens_in_the_why_panel(lab, page):
    """toritori.ipynb §5b shows one of its 200 games at its end with w.explain('outcome') in
    the cell that displays it: the answer, sent before the browser drew the widget, opens."""
    from tests.e2e.helpers import lab_url

    page.set_viewport_size({"width": VIEWPORT[0], "height": VIEWPORT[1]})
    page.goto(lab_url(lab, "toritori.ipynb"))
    wait_for_idle_kernel(page)
    run_all_cells(page)
    panel = page.locator('[data-testid="why-panel"][data-answer="why"]')
    panel.wait_for(timeout=240_000)
    chain = kernel_json(page, "[l.text for l in chain_game.why('outcome').chain]")
    widget = page.locator(WIDGET).filter(has=panel)
    widget.scroll_into_view_if_needed()  # Lab hides the cells out of view from layout
    assert widget.locator('[data-testid="why-title"]').text_content() == f"Why? {chain[0]}"
    assert widget.locator('[data-testid="why-lines"] li').count() == len(chain)
    screenshot(widget, "why-lesson-chain")
    assert widget_errors(page) == []


BOARDS = ["wildlifeweb", "tulikko", "biotopes", "tori"]


def test_story_mode_on_the_other_four_boards(lab, page):
    """Each board names its things by the ids its engine's view gives: a click in story mode
    on the one with the longest story shows that story, line for line as the kernel tells it."""
    from tests.e2e.helpers import lab_url

    page.set_viewport_size({"width": 1400, "height": 9000})  # Lab draws only cells in view
    page.goto(lab_url(lab, "e2e_why_boards.ipynb"))
    wait_for_idle_kernel(page)
    run_all_cells(page)
    for game in BOARDS:
        root = page.locator(f'.ecogames[data-game="{game}"]')
        root.locator('[data-testid="board"] [data-story]').first.wait_for(timeout=60_000)
        subjects = root.evaluate(
            "r => [...new Set([...r.querySelectorAll('[data-testid=board] [data-story]')]"
            ".map((e) => e.dataset.story))]")
        told = kernel_json(page, f"""(lambda g: sorted(((len(g.story(s).events), s)
            for s in {subjects!r} if s in g.provenance().ids), reverse=True)[0])(
            widgets[{game!r}].game)""")
        events, subject = told
        root.locator('[data-testid="story-mode"]').click()
        root.locator(f'[data-testid="board"] [data-story="{subject}"]').first.click(
            position={"x": 6, "y": 6})
        root.locator('[data-testid="why-panel"][data-answer="story"]').wait_for()
        lines = root.locator('[data-testid="why-lines"] li')
        assert lines.count() == events > 0, (game, subject)
        label = root.locator(f'[data-testid="board"] [data-story="{subject}"]').first \
            .get_attribute("data-story-label")
        assert root.locator('[data-testid="why-title"]').inner_text() == (
            f"The story of {label or subject}")
        root.scroll_into_view_if_needed()
        screenshot(root, f"why-story-{game}")
    assert kernel_json(page, "[w.error for w in widgets.values()]") == [""] * 4
    assert widget_errors(page) == []
