"""Issue 12 in JupyterLab + Chromium: the live plot grows as bots play, a bot's roll replayed
step by step, History showing an old action without changing the game (the kernel says so),
Play from here, and the new-game form starting a 4-player expert Tori-Tori game."""

from tests.e2e.helpers import (
    kernel_eval,
    kernel_json,
    open_widget,
    screenshot,
    widget_errors,
)


def open_bots(page, lab):
    return open_widget(page, lab, "e2e_toritori_bots.ipynb", '[data-testid="island"]')


def points(widget) -> int:
    return int(widget.locator('[data-testid="plot"]').get_attribute("data-points") or 0)


def test_the_plot_grows_as_bots_play_and_a_bots_roll_replays_step_by_step(lab, page):
    widget = open_bots(page, lab)
    assert points(widget) == 1  # the set-up
    widget.locator('[data-testid="bot-speed"]').select_option("200")
    page.wait_for_function(
        "Number(document.querySelector('[data-testid=plot]')?.dataset.points) >= 3",
        timeout=120_000)
    screenshot(widget, "timeline-plot-growing")
    widget.locator('[data-testid="pause"]').click()
    page.wait_for_timeout(800)
    played = kernel_json(page, "len(w.game.history)")
    assert kernel_json(page, "len(w.series['steps'])") == points(widget) >= 3
    # the plotted values are the game's own series; colours, markers, title and unit are
    # the game's palette and series spec
    assert kernel_json(page, "{k: w.series[k] for k in ('step', 'steps', 'values')} == "
                             "__import__('ecogames').core.series.series(w.game).to_json()")

    # the last roll a bot made before the latest action (the latest is the current state,
    # not a past one to show), and its events as the kernel recomputes them
    roll = kernel_json(page, "max(i for i, a in enumerate(w.game.history[:-1]) "
                             "if a.type == 'roll')")
    texts = kernel_json(page, f"[e['text'] for e in w.cascade_of({roll})[0]['events']]")
    assert kernel_json(page, f"w.timeline[{roll}]['bot']") == "toritori-heuristic"
    widget.locator(f'[data-testid="history-{roll}"]').click()
    cascade = widget.locator('[data-testid="cascade"]')
    page.wait_for_function(
        f"document.querySelector('[data-testid=cascade]')?.dataset.shown === '{roll}' && "
        "document.querySelector('[data-testid=cascade-position]').textContent !== 'loading…'")
    seen = [widget.locator('[data-testid="cascade-text"]').inner_text()]
    while len(seen) < len(texts):
        widget.locator('[data-testid="cascade-forward"]').click()
        page.wait_for_function(
            "([n]) => document.querySelector('[data-testid=cascade-position]').textContent"
            ".startsWith(`step ${n} `)", arg=[len(seen) + 1])
        seen.append(widget.locator('[data-testid="cascade-text"]').inner_text())
        if len(seen) == 3:
            assert widget.locator('[data-testid="board-replay"]').is_visible()
            assert widget.locator('[data-testid="plot-mark"]').count() == 1
            screenshot(widget, "timeline-bot-roll-step-3")
    assert seen == texts
    assert cascade.get_attribute("data-shown") == str(roll)
    assert kernel_json(page, "len(w.game.history)") == played  # watching changed nothing
    assert widget_errors(page) == []


def test_history_shows_an_old_action_and_changes_nothing_until_play_from_here(lab, page):
    widget = open_bots(page, lab)
    widget.locator('[data-testid="bot-speed"]').select_option("200")
    page.wait_for_function(
        "Number(document.querySelector('[data-testid=turn]')?.textContent.split(': ')[1]) >= 8",
        timeout=90_000)
    widget.locator('[data-testid="pause"]').click()
    page.wait_for_timeout(800)
    before = kernel_eval(page, "print(w.game.to_json())").strip()
    played = kernel_json(page, "len(w.game.history)")

    widget.locator('[data-testid="history-2"]').click()
    page.wait_for_function(
        "document.querySelector('[data-testid=board]')?.dataset.shown === '2' && "
        "document.querySelector('[data-testid=cascade-position]').textContent !== 'loading…'")
    label = kernel_json(page, "w.history[2]")
    assert widget.locator('[data-testid="cascade-label"]').inner_text() == (
        f"Action 3 of {played}: {label}")
    assert widget.locator('[data-testid="board-replay"]').is_visible()
    screenshot(widget, "timeline-history-shows-action-3")
    # the kernel: the same game, the same history; only `shown` says what was looked at
    assert kernel_eval(page, "print(w.game.to_json())").strip() == before
    assert kernel_json(page, "[len(w.game.history), w.shown]") == [played, 2]

    widget.locator('[data-testid="cascade-play-from"]').click()
    page.wait_for_function(
        "document.querySelector('[data-testid=turn]')?.textContent === 'Moves played: 3'")
    assert kernel_json(page, "len(w.game.history)") == 3
    # after the undo the panel says where the game is: the action that led here
    assert widget.locator('[data-testid="cascade-label"]').inner_text() == f"Last action: {label}"
    assert widget.locator('[data-testid="cascade-text"]').inner_text() != (
        "Nothing has happened yet.")
    assert widget_errors(page) == []


def test_the_new_game_form_starts_a_four_player_expert_game(lab, page):
    widget = open_bots(page, lab)
    widget.locator('[data-testid="pause"]').click()
    widget.locator('[data-testid="new-game"]').click()
    form = widget.locator('[data-testid="setup-form"]')
    form.wait_for()
    form.locator('[data-testid="setup-players"]').evaluate(
        "el => { el.value = '4'; el.dispatchEvent(new Event('input')); }")
    difficulty = form.locator('[data-testid="setup-difficulty"]')
    difficulty.select_option(label="Expert")
    form.locator('[data-testid="setup-seat-0"]').select_option("")
    for seat in (1, 2, 3):
        form.locator(f'[data-testid="setup-seat-{seat}"]').select_option("toritori-heuristic")
    form.locator('[data-testid="setup-seed"]').fill("21")
    screenshot(widget, "setup-form-four-expert")
    form.locator('[data-testid="setup-start"]').click()
    page.wait_for_function(
        "document.querySelectorAll('[data-testid=players] li').length === 4")
    game = kernel_json(page, "[w.game.players, w.game.options['difficulty'], w.bots, w.error]")
    assert game[:2] == [4, "expert"] and game[3] == ""
    assert game[2] == {"1": "toritori-heuristic", "2": "toritori-heuristic",
                       "3": "toritori-heuristic"}
    assert kernel_eval(page, "print(w.game.to_json() == type(w.game).new_game(players=4, "
                             "seed=21, **w.game.options).to_json())").strip() == "True"
    screenshot(widget, "setup-four-expert-started")
    assert widget_errors(page) == []
