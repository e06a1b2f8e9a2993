"""ecogames.host: the pages, the linked screens, the tokens, the refusals, reconnecting, and
the teacher's controls, over real websockets on loopback."""

import json
import time

import pytest

import ecogames
from ecogames.classroom import host
from ecogames.core.errors import IllegalAction
from tests.support.pond import Pond
from tests.support.room_client import Page, get, ws_url


@pytest.fixture
def room():
    room = host(Pond.new_game(players=2, seed=4, rounds=3))
    room.bot_pause = 0.0
    yield room
    room.stop()


def eventually(condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.02)


def state_of(room):
    return room.game.to_json(), [s.timeline for s in room.screens.values()]


def test_host_is_ecogames_host_and_binds_loopback(room):
    assert ecogames.host is host
    assert room.url.startswith("http://127.0.0.1:") and room.server is not None
    assert set(room.seat_urls) == {0, 1}
    assert len({*room.seat_urls.values(), room.projector_url}) == 3
    assert all(len(url.rsplit("/", 1)[1]) >= 24 for url in room.seat_urls.values())


def test_the_server_serves_the_game_and_nothing_else(room):
    status, body, headers = get(room.url)
    assert status == 200 and "/play/" not in body  # the front door lists no seat
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"
    status, body, _ = get(room.seat_urls[1])
    assert status == 200 and "You play Player 2" in body and "<svg" in body
    assert "/static/generic.js" in body and "/ws/" in body
    status, body, _ = get(room.projector_url)
    assert status == 200 and "Projector" in body
    assert get(room.url + "static/generic.js")[0] == 200
    assert get(room.url + "classroom.js")[0] == 200
    for path in ["static/wildlifeweb.js", "static/../widget.py", "static/", "classroom.py",
                 "etc/passwd", "%2e%2e/pyproject.toml", "api/kernels", "ws", "play/",
                 "projector/" + room.seat_urls[0].rsplit("/", 1)[1]]:
        assert get(room.url + path)[0] in (403, 404), path
    forged = room.seat_urls[0][:-4] + "AAAA"
    status, body, _ = get(forged)
    assert status == 403 and "does not open a seat" in body


def test_a_page_sees_its_seat_and_plays_through_the_widgets_gate(room):
    game = room.game
    pages = {s: Page(ws_url(u)) for s, u in room.seat_urls.items()}
    projector = Page(ws_url(room.projector_url))
    in_the_notebook = game.widget()  # a hot-seat widget in the kernel, linked too
    for seat, page in [*pages.items(), (None, projector)]:
        page.wait(lambda p: p.room and "view" in p.traits)
        assert page.traits["view"] == game.view(seat)
    assert pages[0].traits["legal"] and not pages[1].traits["legal"]
    pages[0].send({"kind": "act", "action": {"type": "roll"}})
    for page in [*pages.values(), projector]:
        page.wait(lambda p: len(p.timeline) == 1 and p.traits["status"]["turn"] == 1)
    assert in_the_notebook.history == ["Player 1: Roll the die"] == \
        [e["label"] for e in projector.timeline]
    # Python's game.apply reaches every page
    room.apply(game.legal_actions()[0])
    for page in [projector, pages[1]]:  # each page is told on its own socket, in its own time
        page.wait(lambda p: len(p.timeline) == 2)
    assert projector.traits["view"] == game.view(None)
    assert pages[1].traits["view"] == game.view(1)


def test_a_token_acts_only_for_its_seat(room):
    game = room.game
    second = Page(ws_url(room.seat_urls[1]))
    second.wait(lambda p: "view" in p.traits)
    before = state_of(room)
    second.send({"kind": "act", "action": {"type": "roll"}})  # seat 0's turn
    second.wait(lambda p: "this screen plays Player 2" in p.traits.get("error", ""))
    projector = Page(ws_url(room.projector_url))
    projector.wait(lambda p: "view" in p.traits)
    projector.send({"kind": "act", "id": 0})
    projector.wait(lambda p: "only watches" in p.traits.get("error", ""))
    for kind in ["undo", "new_game", "bot", "hint"]:
        second.send({"kind": kind})
    second.wait(lambda p: "cannot send 'hint'" in p.traits.get("error", ""))
    assert state_of(room) == before and game.history == ()


def test_a_forged_or_missing_token_is_refused_before_the_socket_opens(room):
    root = room.url.replace("http://", "ws://")
    token = room.seat_urls[0].rsplit("/", 1)[1]
    for url in [f"{root}ws/{token[:-1]}x", f"{root}ws/", f"{root}ws/{'A' * 24}"]:
        with pytest.raises(Exception, match=r"403|404"):
            Page(url)
    with pytest.raises(Exception, match="403"):  # another site's page in a student's browser
        Page(ws_url(room.seat_urls[0]), origin="http://evil.example")
    assert room.sockets == set() and room.game.history == ()


@pytest.mark.parametrize("message, refusal", [
    ("not json", "must be JSON"),
    ("[1, 2]", "must be a JSON object, not list"),
    ("x" * 70_000, "message too large"),
    (b"\xff\xfe", "must be JSON"),
])
def test_malformed_messages_are_refused_and_change_nothing(room, message, refusal):
    page = Page(ws_url(room.seat_urls[0]))
    page.wait(lambda p: "view" in p.traits)
    before = state_of(room)
    page.send(message)
    page.wait(lambda p: p.refusals)
    assert refusal in page.refusals[0] and state_of(room) == before


@pytest.mark.parametrize("content, error", [
    ({"kind": "act"}, "needs either 'action' or 'id'"),
    ({"kind": "act", "action": {"type": "fly"}}, "fly"),
    ({"kind": "act", "id": 99}, "no legal action number 99"),
    ({"kind": "act", "action": {"type": "roll"}, "extra": 1}, "unknown field"),
    ({"kind": "eval", "code": "import os"}, "unknown message kind"),
    ({"kind": "act", "action": {"type": "roll", "__class__": "x"}}, ""),
])
def test_widget_messages_are_checked_as_the_widget_checks_them(room, content, error):
    page = Page(ws_url(room.seat_urls[0]))
    page.wait(lambda p: "view" in p.traits)
    before = state_of(room)
    page.send(content)
    page.wait(lambda p: p.traits.get("error"))
    assert error in page.traits["error"] and state_of(room) == before


def test_too_frequent_messages_are_refused_per_connection():
    room = host(Pond.new_game(players=2, seed=4), rate=1.0, burst=3)
    try:
        noisy, calm = Page(ws_url(room.seat_urls[1])), Page(ws_url(room.seat_urls[0]))
        for page in (noisy, calm):
            page.wait(lambda p: "view" in p.traits)
        for _ in range(10):
            noisy.send({"kind": "hello"})
        noisy.wait(lambda p: len(p.refusals) >= 6)
        assert "too many messages: at most 1 a second" in noisy.refusals[0]
        calm.send({"kind": "act", "action": {"type": "roll"}})  # its own bucket is full
        calm.wait(lambda p: len(p.timeline) == 1)
        assert calm.refusals == []
    finally:
        room.stop()


def test_a_page_that_reloads_rejoins_its_seat_with_the_history(room):
    page = Page(ws_url(room.seat_urls[0]))
    page.wait(lambda p: "view" in p.traits)
    page.send({"kind": "act", "action": {"type": "roll"}})
    page.wait(lambda p: len(p.timeline) == 1)
    page.close()
    room.apply(room.game.legal_actions()[0])  # the game went on while it was away
    again = Page(ws_url(room.seat_urls[0]))
    again.wait(lambda p: len(p.timeline) == 2 and p.room)
    assert again.traits["view"] == room.game.view(0)
    assert again.traits["status"]["turn"] == 2 and again.room["seat"] == 0
    late = Page(ws_url(room.projector_url))  # a late joiner sees the game as it stands
    late.wait(lambda p: len(p.timeline) == 2)
    assert late.traits["view"] == room.game.view(None)


def test_a_gone_seat_is_shown_and_a_bot_takes_it(room):
    page = Page(ws_url(room.seat_urls[0]))
    page.wait(lambda p: "view" in p.traits)
    assert room.waiting_for() is None  # seat 0 is on turn and connected
    page.close()
    eventually(lambda: room.waiting_for() == 0)  # the server saw the page go
    from ecogames.classroom.panel import seat_table
    assert "nobody plays it" in seat_table(room)
    room.give_to_bot(0, "random")
    room.give_to_bot(1, "random")
    watcher = Page(ws_url(room.projector_url))
    watcher.wait(lambda p: p.traits.get("status", {}).get("is_over")
                 and len(p.timeline) == len(room.game.history), timeout=60)
    assert room.game.is_over
    assert {entry["bot"] for entry in watcher.timeline} == {"random"}  # marked as the bot's
    with pytest.raises(ValueError, match="does not play"):
        room.give_to_bot(0, "tori-greedy")


def test_pause_holds_moves_and_resume_lets_them_through(room):
    page = Page(ws_url(room.seat_urls[0]))
    page.wait(lambda p: "view" in p.traits)
    room.pause()
    page.wait(lambda p: p.room.get("paused") is True)
    page.send({"kind": "act", "action": {"type": "roll"}})
    page.wait(lambda p: p.refusals)
    assert "paused" in page.refusals[0] and room.game.history == ()
    room.resume()
    page.send({"kind": "act", "action": {"type": "roll"}})
    page.wait(lambda p: len(p.timeline) == 1)


def test_a_seat_given_to_a_bot_refuses_its_pages_moves(room):
    page = Page(ws_url(room.seat_urls[0]))
    page.wait(lambda p: "view" in p.traits)
    room.bot_pause = 60.0  # the bot thinks for a minute
    room.give_to_bot(0, "random")
    page.wait(lambda p: p.room.get("bots") == {"0": "random"})
    page.send({"kind": "act", "action": {"type": "roll"}})
    page.wait(lambda p: p.refusals)
    assert "a bot (random) plays this seat" in page.refusals[0] and room.game.history == ()
    room.free(0)  # the team has its seat back (the bot's turn, when it comes, is dropped)
    page.send({"kind": "act", "action": {"type": "roll"}})
    page.wait(lambda p: len(p.timeline) == 1)


def test_reveal_at_the_end_only_and_restart(room):
    projector = Page(ws_url(room.projector_url))
    projector.wait(lambda p: "view" in p.traits)
    with pytest.raises(IllegalAction, match="not over"):
        room.reveal(1)
    while not room.game.is_over:
        room.apply(room.game.legal_actions()[-1])
    room.reveal(1)
    projector.wait(lambda p: p.traits["view"]["goals"][1] is not None)
    assert projector.traits["view"] == room.game.view(1)
    room.reveal(None)
    projector.wait(lambda p: p.traits["view"]["goals"] == [None, None])
    old = room.game
    room.restart(seed=7)
    projector.wait(lambda p: p.timeline == [] and p.traits["status"]["turn"] == 0)
    assert room.game is not old and not room.game.history
    assert all(s.game is room.game for s in room.screens.values())


def test_a_freed_seat_gets_a_new_link_and_the_old_one_stops(room):
    old_url = room.seat_urls[1]
    page = Page(ws_url(old_url))
    page.wait(lambda p: "view" in p.traits)
    room.free(1, new_link=True)
    page.wait(lambda p: p.closed is not None)
    assert page.closed[0] == 4403 and room.seat_urls[1] != old_url
    assert get(old_url)[0] == 403
    with pytest.raises(Exception, match="403"):
        Page(ws_url(old_url))
    Page(ws_url(room.seat_urls[1])).wait(lambda p: "view" in p.traits)


def test_the_teacher_panel(room):
    panel = room.panel()
    assert "Player 1" in panel.seats.value and "nobody connected" in panel.seats.value
    panel.pause_button.value = True
    assert room.paused and panel.pause_button.description == "Resume"
    panel.pause_button.value = False
    panel.bot_choices[1].value = "random"
    assert room.bots[1][0] == "random" and "bot: random" in panel.seats.value
    panel.bot_choices[1].value = "a person"
    assert 1 not in room.bots
    page = Page(ws_url(room.seat_urls[0]))
    page.wait(lambda p: "view" in p.traits)
    eventually(lambda: "127.0.0.1" in panel.seats.value)
    panel.stop_button.click()
    assert room.stopped and "closed" in panel.seats.value


def test_a_network_address_only_when_asked_and_then_announced(capsys):
    room = host(Pond.new_game(players=2, seed=1), host="0.0.0.0")
    try:
        printed = capsys.readouterr().out
        assert "Player 1: http://" in printed and "projector:" in printed
        assert not room.url.startswith("http://0.0.0.0")
        assert get(room.seat_urls[0].replace(room.address, "127.0.0.1"))[0] == 200
    finally:
        room.stop()
    quiet = host(Pond.new_game(players=2, seed=1))
    quiet.stop()
    assert capsys.readouterr().out == ""


def test_bad_arguments_are_refused():
    with pytest.raises(TypeError, match="needs a Game"):
        host("wildlifeweb")
    with pytest.raises(ValueError, match="port"):
        host(Pond.new_game(players=2, seed=1), port=70_000)
    with pytest.raises(TypeError, match="unexpected"):
        host(Pond.new_game(players=2, seed=1), seats=3)


def test_every_message_is_json_a_browser_reads(room):
    page = Page(ws_url(room.seat_urls[0]))
    page.send({"kind": "act", "action": {"type": "roll"}})
    page.wait(lambda p: len(p.timeline) == 1)
    for message in page.messages:
        json.dumps(message, allow_nan=False)
