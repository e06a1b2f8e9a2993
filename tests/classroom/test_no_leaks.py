"""No page ever receives what its seat may not see: every message the room sends to every
page, over whole games of all five games at every player count, checked as it is sent.

- every view a page is sent (the board, its static part, each step of each cascade) is that
  seat's ``view(seat)`` at that moment; the projector's is the public ``view(None)``;
- legal actions (which can name a hand's cards) go only to the seat on turn;
- everything else a page is sent (status, timeline, events, series, food web) is the same for
  every page, the projector's included: nothing in it belongs to one seat.

The pages act as students do: the seat on turn picks one of the legal actions it was sent and
sends ``act`` through the room, as its browser would.
"""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

import pytest

from ecogames.bots import make_bot
from ecogames.bots.mcts import greedy_bot_name
from ecogames.classroom.room import PROJECTOR, Room
from ecogames.classroom.server import RateLimit
from ecogames.core.game import registered_games
from ecogames.core.patch import apply_patch, split

GAMES = ("toritori", "wildlifeweb", "tulikko", "biotopes", "tori")
SECRET_DRAWS = ("wildlifeweb",)
"""Games whose played actions surely make secret draws (an Event card drawn into a hand):
there the pages must have asked about some. (Tori and Tulikko draw in secret too, but mostly
in the set-up, which is no action; when their actions do, the pages ask about those.)"""
SEAT_OWN = ("view", "legal", "cascade", "drawing", "setup", "bots", "error", "step")
"""Traits that may differ from seat to seat (each checked against that seat's view)."""
MAX_ACTIONS = 3000
LOOKS = 3
"""Old actions each page asks to see again (``show``, ``chances``) at the end."""


class Recorder(Room):
    """A room whose pages are recorded instead of written to, each message checked as it
    goes out (the game stands as it did when the page was told)."""

    def _broadcast(self, seat: int | None, data: dict[str, Any]) -> None:
        if not self.sockets:  # as the room does: no page, nobody to tell
            return
        self.checked += 1
        json.dumps(data, allow_nan=False)  # what goes out is JSON a browser reads
        if data["method"] == "update":
            check_update(self, seat, data["state"])
        elif data["content"].get("kind") in ("shown", "chances"):
            check_looking_back(self, seat, data["content"])
        elif data["content"].get("kind") != "room":  # a room message names its page's seat
            turn = self.shared.setdefault(len(self.game.history), {})
            turn[seat] = [*turn.get(seat, []), data["content"]]


    def _send(self, page: Any, data: dict[str, Any]) -> None:
        self._broadcast(page.seat, data)  # what a page is sent when it joins


class FakePage:
    """What ``Room.receive`` needs of a page: its seat and its rate limit."""

    ws_connection = None

    def __init__(self, room: Room, seat: int | None) -> None:
        self.seat = seat
        self.token = room._token_of[seat]
        self.limit = RateLimit(1e9, 10**9)
        self.who, self.since = "test", 0.0

    def close(self, *_args: Any) -> None:
        """Nothing to close: the page was never connected."""


def dynamic(room: Room, seat: int | None, view: dict[str, Any]) -> tuple[dict, dict]:
    return split(view, room.screens[seat].static_view_paths)


def check_update(room: Recorder, seat: int | None, state: dict[str, Any]) -> None:
    game = room.game
    static, now = dynamic(room, seat, game.view(seat))
    if "view" in state:
        assert state["view"] == now, f"seat {seat} was sent a view that is not view({seat})"
    if "static_view" in state.get("drawing", {}):
        assert state["drawing"]["static_view"] == static
    if state.get("legal"):
        assert seat is not None and seat == game.current_player, \
            f"seat {seat} was sent the legal actions of {game.current_player}"
    if state.get("cascade", {}).get("patches"):
        room.cascades[seat] = state["cascade"]
    shared = {k: v for k, v in state.items() if k not in SEAT_OWN}
    if "cascade" in state:
        shared["events"] = [e["text"] for e in state["cascade"].get("events", [])]
    if shared:
        turn = room.shared.setdefault(len(game.history), {})
        turn[seat] = [*turn.get(seat, []), shared]


def check_looking_back(room: Recorder, seat: int | None, content: dict[str, Any]) -> None:
    """An old action shown again (``show``) is shown as the seat saw it then; its chance
    draws (``chances``) hide what the seat may not see."""
    index = content["action"]
    room.looked += 1
    if content["kind"] == "shown":
        then = room.game.replay(index + 1)
        assert content["view"] == dynamic(room, seat, then.view(seat))[1], \
            f"seat {seat} was shown action {index} with a view that is not view({seat})"
        return
    for sent, draw in zip(content["draws"], room.game.chances(index), strict=True):
        if not draw.visible_to(seat):
            assert sent["outcome"] is None and sent["forced"] is None, \
                f"seat {seat} was told a draw secret to it (action {index}: {draw.name})"


def look_back(room: Recorder, pages: dict, rng: random.Random) -> None:
    """Every page asks to see old actions again, and their chance draws: those with a draw
    secret to it first (the ones a leak would show), then any."""
    timeline = room.screens[PROJECTOR].timeline
    drawn = [i for i, entry in enumerate(timeline) if entry["chances"]]
    rng.shuffle(drawn)
    draws: dict[int, Any] = {}
    for i in drawn[:300]:  # until every page has draws secret to it to ask about
        draws[i] = room.game.chances(i)
        if all(sum(any(not d.visible_to(seat) for d in found) for found in draws.values())
               >= LOOKS for seat in pages):
            break
    for seat, page in pages.items():
        secret = [i for i, found in draws.items() if any(not d.visible_to(seat) for d in found)]
        chosen = rng.sample(secret, min(LOOKS, len(secret)))
        others = [i for i in range(len(timeline)) if i not in chosen]
        chosen += rng.sample(others, min(LOOKS - len(chosen), len(others)))
        for index in chosen:
            for kind in ("show", "chances"):
                room.receive(page, json.dumps({"kind": kind, "action": index}))
                assert room.screens[seat].error == "", room.screens[seat].error
        room.secrets_asked += len(set(chosen) & set(secret))


def check_cascades(room: Recorder, shadows: dict, action: Any) -> None:
    """Each page's last cascade, step by step as its browser rebuilds it from the patches,
    is what its seat saw at each step (an independent replay from that seat's eyes)."""
    for seat, shadow in shadows.items():
        shadow.copy_forcing_from(room.game)
        views = shadow.apply(action, views=True, perspective=seat).views or ()
        cascade = room.cascades.pop(seat, None)
        if not views:
            continue
        assert cascade is not None, f"seat {seat} got no cascade"
        later, rebuilt = room.screens[seat].view, []
        for patch in reversed(cascade["patches"]):
            later = apply_patch(later, patch)
            rebuilt.append(later)
        expected = [dynamic(room, seat, v)[1] for v in views]
        assert rebuilt[::-1] == expected, f"seat {seat}: a cascade step is not its view"


def check_shared(room: Recorder) -> None:
    """What is not a seat's own is the same for every page, the projector's included."""
    for turn, by_seat in room.shared.items():
        first = by_seat.get(PROJECTOR)
        for seat, sent in by_seat.items():
            assert sent == first, f"after action {turn}, seat {seat} was sent {str(sent)[:300]}"
    room.shared.clear()


def choose(game: Any, legal: list, bot: Any, rng: random.Random) -> int:
    """The number of the page's legal action the student picks: mostly the game's greedy
    bot's choice (so games end, as students' do), sometimes any."""
    if rng.random() < 0.2:
        return rng.randrange(len(legal))
    wanted = bot.choose(game, game.legal_actions()).to_json()
    return next(i for i, (_label, action) in enumerate(legal) if action == wanted)


def play_a_whole_game(name: str, players: int, seed: int) -> Recorder:
    game = game_class(name).new_game(players=players, seed=seed)
    room = Recorder.__new__(Recorder)
    room.checked, room.shared, room.cascades = 0, {}, {}
    room.looked = room.secrets_asked = 0
    Room.__init__(room, game)
    try:
        pages = {seat: FakePage(room, seat) for seat in room.screens}
        for page in pages.values():
            room.join(page)  # type: ignore[arg-type]
        rng = random.Random(seed)
        bot = make_bot(greedy_bot_name(name) or "random", seed=seed)
        shadows = {seat: game.replay(0) for seat in room.screens}
        check_shared(room)
        while not game.is_over and len(game.history) < MAX_ACTIONS:
            seat = game.current_player
            before = len(game.history)
            if seat is None:  # nobody's turn (a chance point): the teacher's Python plays
                action = rng.choice(game.legal_actions())
                room.apply(action)
            else:
                legal = room.screens[seat].legal
                assert legal, f"seat {seat} is on turn but was sent no legal action"
                number = choose(game, legal, bot, rng)
                room.receive(pages[seat], json.dumps({"kind": "act", "id": number}))  # type: ignore[arg-type]
                assert room.screens[seat].error == "", room.screens[seat].error
                action = game.history[-1]
            assert len(game.history) == before + 1
            check_cascades(room, shadows, action)
            check_shared(room)
        assert game.is_over, f"{name} did not end in {MAX_ACTIONS} actions"
        look_back(room, pages, rng)
        assert room.looked == 2 * len(pages) * min(LOOKS, len(game.history))
        return room
    finally:
        room.stop()


def game_class(name: str) -> Any:
    importlib.import_module(f"ecogames.games.{name}")
    return registered_games()[name]


CASES = [(name, players) for name in GAMES
         for players in range(game_class(name).min_players, game_class(name).max_players + 1)]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_no_page_receives_what_its_seat_may_not_see(name, players):
    room = play_a_whole_game(name, players, seed=players)
    assert room.checked > 0
    if name in SECRET_DRAWS:  # the pages asked about draws secret to them, and were not told
        assert room.secrets_asked > 0
