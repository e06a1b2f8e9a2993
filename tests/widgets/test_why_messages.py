"""The widget's ``story`` and ``why`` messages (issue 20 §6): answers go to the browser, bad
questions get the error banner, and the game never changes."""

from __future__ import annotations

from typing import Any

import pytest

from ecogames.games.toritori import Roll
from tests.games.toritori.scenario import build, token
from tests.games.toritori.test_why import START, study_until_the_next_roll
from tests.support.messages import send, snapshot


@pytest.fixture
def board(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[dict[str, Any]]]:
    game = build(START, players=2, slots={"A": "village", "B": "foxes"},
                 dice=("A", "A", "B", "B"))
    game.apply(Roll())
    study_until_the_next_roll(game)
    game.apply(Roll())
    widget = game.widget()
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(widget, "send", lambda content, buffers=None: sent.append(content))
    return widget, sent


def test_a_story_message_answers_with_every_event_and_its_action(board) -> None:
    widget, sent = board
    guinea_pig = token(build(START, players=2), 1, "GP")
    before = snapshot(widget)
    send(widget, {"kind": "story", "subject": f"token:{guinea_pig}"})
    (message,) = sent
    assert message["kind"] == "story"
    assert [(e["action"], e["kind"]) for e in message["story"]["events"]] == [(0, "cat_enters")]
    assert message["story"]["end"] == "in play"
    assert message["story"]["step_name"] == "turn of the dice"  # each line says when in it
    assert widget.error == "" and snapshot(widget) == before


def test_why_the_game_ended_walks_the_chain_back_to_the_dice(board) -> None:
    widget, sent = board
    send(widget, {"kind": "why", "question": "outcome"})
    (message,) = sent
    chain = message["answer"]["chain"]
    assert [(link["action"], link["kind"]) for link in chain] == [
        (5, "defeat"), (5, "extinct"), (5, "dies"), (0, "cat_enters"), (0, "card"), (0, "roll")]
    assert message["answer"]["step_name"] == "turn of the dice"
    send(widget, {"kind": "why", "question": "extinction", "asked": {"species": "fox"}})
    assert sent[-1]["answer"]["target"]["kind"] == "extinct"
    send(widget, {"kind": "why", "event": [0, 2]})
    assert sent[-1]["answer"]["target"]["text"].startswith("A Cat leaves the Village")


@pytest.mark.parametrize("message", [
    {"kind": "story", "subject": "token:999"},
    {"kind": "story", "subject": "lynx"},
    {"kind": "story"},
    {"kind": "story", "subject": 3},
    {"kind": "why", "question": "weather"},
    {"kind": "why", "question": "extinction", "asked": {"species": "lynx"}},
    {"kind": "why", "question": "outcome", "event": [0, 0]},
    {"kind": "why", "event": [0]},
    {"kind": "why", "event": [0, True]},
    {"kind": "why", "event": [99, 0]},
    {"kind": "why", "question": "outcome", "asked": {"a b": 1}},
    {"kind": "why", "question": "outcome", "asked": {"x": [1]}},
])
def test_a_bad_question_gets_the_error_banner_and_changes_nothing(board, message) -> None:
    widget, sent = board
    before = snapshot(widget)
    send(widget, message)
    assert widget.error
    assert sent == [] and snapshot(widget) == before


def test_an_unfinished_game_has_no_outcome_to_explain_yet() -> None:
    widget = build(START, players=2, slots={"A": "village"}, dice=("A", "A")).widget()
    send(widget, {"kind": "why", "question": "outcome"})
    assert "not over yet" in widget.error


def test_an_answer_asked_before_the_board_is_drawn_reaches_it(monkeypatch) -> None:
    """`w.explain("outcome")` in the cell that shows `w` runs before the browser draws it: the
    view's hello gets the answer after its timeline, while the game stands as it was asked."""
    from ecogames import toritori
    from ecogames.bots import make_bot

    game = toritori.new_game(players=2, seed=10)
    bot = make_bot("toritori-heuristic", 0)
    for _ in range(25):
        game.apply(bot.choose(game, game.legal_actions()))
    widget = game.widget()
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(widget, "send", lambda content, buffers=None: sent.append(content))
    send(widget, {"kind": "hello"})
    assert [m["kind"] for m in sent] == ["history"]  # nothing asked yet
    answer = widget.explain(event=[len(game.history) - 1, 0])
    sent.clear()
    send(widget, {"kind": "hello"})
    assert [m["kind"] for m in sent] == ["history", "why"]
    assert sent[1]["answer"] == answer.to_json()
    widget.act(bot.choose(game, game.legal_actions()))
    sent.clear()
    send(widget, {"kind": "hello"})  # the game moved on: the old answer is not shown again
    assert [m["kind"] for m in sent] == ["history"]


def test_a_thing_nothing_has_touched_yet_is_told_so_in_words(board) -> None:
    """Story mode on a token dealt at the set-up and never touched: the banner says it has no
    story yet (not the model's list of ids), and nothing changes."""
    widget, sent = board
    untouched = next(f"token:{t['id']}" for s in widget.game.view()["sectors"].values()
                     for t in s["tokens"] if f"token:{t['id']}" not in widget.game.provenance().ids)
    before = snapshot(widget)
    send(widget, {"kind": "story", "subject": untouched})
    assert sent == [] and widget.error == (f"Nothing has happened to this token ({untouched}) "
                                           "yet: it has no story so far.")
    send(widget, {"kind": "story", "subject": "lynx"})  # not a thing of this game at all
    assert "neither an id nor a species" in widget.error
    assert snapshot(widget) == before
