"""The room: one authoritative game, a screen per seat and one for the projector, and who is
connected where. ``ecogames.host(game)`` makes one.

A screen is the game's own widget (``GameWidget(game, seat=k)``; ``seat=None`` for the
projector) whose comm relays to that seat's pages (``relay``). The game tells every screen of
every action (``Game.add_listener``), so a page acts through the one gate and every view is
told. The room adds what a table needs besides the rules: seat tokens, pause, bots in empty
seats, revealing the hands at the end, restart.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import socket
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tornado.websocket import WebSocketClosedError

from ..bots import bots_for, make_bot
from ..core.errors import IllegalAction
from ..core.game import Change, Game
from ..widget import MAX_MESSAGE_BYTES, GameWidget, _bundle
from . import pages, relay
from .server import Loop, application

if TYPE_CHECKING:
    from .server import Socket

PROJECTOR = None
"""The projector's seat: it sees what an onlooker sees (``view(None)``)."""
CHANGES = frozenset({"act"})
"""What a page may send that changes the game (a pause holds them)."""
BOT_PAUSE = 0.8
"""Seconds a bot waits before it moves, so the room can follow."""


@dataclass(frozen=True)
class Presence:
    """One connected page, as the teacher's panel lists it."""

    seat: int | None
    address: str
    since: float


class Room:
    """A game hosted for a room. Made by :func:`host`; see its docstring."""

    def __init__(self, game: Game, *, host: str = "127.0.0.1", port: int = 0,
                 bots: Mapping[int, str] | None = None, rate: float = 10.0, burst: int = 40,
                 bot_pause: float = BOT_PAUSE, announce: bool = True) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"host() needs a Game, got {type(game).__name__}")
        if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port < 65536:
            raise ValueError(f"port is a whole number from 0 (any free port) to 65535, not "
                             f"{port!r:.20}")
        if rate <= 0 or burst < 1:
            raise ValueError("rate (messages a second) and burst must be positive")
        self.game = game
        self.rate, self.burst, self.bot_pause = float(rate), int(burst), float(bot_pause)
        self.paused = False
        self.stopped = False
        self.lock = threading.RLock()
        """Held while the game changes: pages, bots and the panel take turns."""
        self.sockets: set[Socket] = set()
        self.bots: dict[int, tuple[str, Any]] = {}
        self._tokens: dict[str, int | None] = {}
        self._token_of: dict[int | None, str] = {}
        self._panels: list[Callable[[], None]] = []
        self._bot_due = False
        for seat in [*range(game.players), PROJECTOR]:
            self._new_token(seat)
        self._traits = relay.game_traits(GameWidget)
        self.loop = Loop()
        self.screens: dict[int | None, GameWidget] = {
            seat: relay.screen(game, seat, self._outbox(seat))
            for seat in [*range(game.players), PROJECTOR]}
        for seat, name in (bots or {}).items():
            self.give_to_bot(seat, name)
        game.add_listener(self._on_game)
        self.host = host
        self.server = self.loop.serve(application(self), host, port)
        self.port = next(iter(self.server._sockets.values())).getsockname()[1]
        self.address = _address_for(host)
        if announce and host not in ("127.0.0.1", "localhost", "::1"):
            print(self.announcement())
        self._schedule_bot()

    # -- addresses ------------------------------------------------------------------------

    @property
    def url(self) -> str:
        """The room's front door (it lists no seat: a seat is reached by its own link)."""
        return f"http://{self.address}:{self.port}/"

    @property
    def seat_urls(self) -> dict[int, str]:
        """Each seat's link: whoever opens it plays that seat."""
        return {seat: f"{self.url}play/{self._token_of[seat]}" for seat in range(self.game.players)}

    @property
    def projector_url(self) -> str:
        return f"{self.url}projector/{self._token_of[PROJECTOR]}"

    def announcement(self) -> str:
        """The links to give the room, one a line."""
        names = self.game.player_names
        lines = [f"{self.game.title} is hosted on {self.address}:{self.port}",
                 f"  projector: {self.projector_url}"]
        lines += [f"  {names[s]}: {url}" for s, url in self.seat_urls.items()]
        return "\n".join(lines)

    def panel(self) -> Any:
        """The teacher's panel (an ipywidget): who is connected to which seat, seats to bots
        or freed, pause and resume, reveal at the end, restart, stop."""
        from .panel import TeacherPanel

        return TeacherPanel(self)

    def qr_codes(self) -> Any:
        """Every seat's link as a QR code with its name, for the notebook (an ipywidgets
        HTML): students scan their team's."""
        import ipywidgets

        cards = "".join(
            f'<figure style="display:inline-block;margin:8px;text-align:center">'
            f"{pages.qr_svg(url, scale=4)}<figcaption><b>{self.game.player_names[seat]}</b>"
            f'<br><a href="{url}" target="_blank" style="font-size:11px">{url}</a>'
            f"</figcaption></figure>" for seat, url in self.seat_urls.items())
        return ipywidgets.HTML(f"<div>{cards}</div>")

    # -- tokens and pages -----------------------------------------------------------------

    def _new_token(self, seat: int | None) -> None:
        old = self._token_of.get(seat, None) if seat in self._token_of else None
        if old is not None:
            self._tokens.pop(old, None)
        token = secrets.token_urlsafe(18)
        self._tokens[token] = seat
        self._token_of[seat] = token

    def knows(self, token: str) -> bool:
        return token in self._tokens

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` opens; KeyError for a token this room never gave (or took
        back). The projector's is ``PROJECTOR`` (None)."""
        for known, seat in self._tokens.items():
            if secrets.compare_digest(known, token):
                return seat
        raise KeyError("unknown token")

    def page(self, kind: str, token: str) -> str | None:
        """The HTML of the page ``token`` opens, None when it opens none of ``kind``."""
        try:
            seat = self.seat_of(token)
        except KeyError:
            return None
        if (kind == "projector") != (seat is PROJECTOR):
            return None
        game = self.game
        role = "Projector" if seat is None else f"You play {game.player_names[seat]}"
        return pages.game_page(
            title=game.title or game.name, role=role, kind="projector" if seat is None else "seat",
            bundle=self.screens[seat].bundle, socket=f"/ws/{token}",
            join_url=None if seat is None else self.seat_urls[seat])

    def asset(self, name: str) -> tuple[str | None, str]:
        """One of the files a page may load: the game's bundle or the room's own two."""
        bundle = self.screens[PROJECTOR].bundle
        if name in (f"static/{bundle}.js", f"static/{bundle}.css"):
            suffix = name.rsplit(".", 1)[1]
            kind = "text/javascript" if suffix == "js" else "text/css"
            return _bundle(bundle, suffix), f"{kind}; charset=utf-8"
        if name in pages.ASSETS:
            return pages.asset(name), pages.ASSETS[name]
        return None, ""

    # -- connections ------------------------------------------------------------------------

    def _outbox(self, seat: int | None) -> Callable[[dict[str, Any]], None]:
        def outbox(data: dict[str, Any]) -> None:
            if data.get("method") == "update":  # only the game's traits reach a page
                state = {k: v for k, v in data.get("state", {}).items() if k in self._traits}
                if not state:
                    return
                data = {"method": "update", "state": state}
            self._broadcast(seat, data)
        return outbox

    def _broadcast(self, seat: int | None, data: dict[str, Any]) -> None:
        if not self.sockets:
            return
        text = json.dumps(data, separators=(",", ":"), default=str)
        self.loop.soon(self._write_all, seat, text)

    def _write_all(self, seat: int | None, text: str) -> None:
        for page in list(self.sockets):
            if page.seat == seat:
                _write_one(page, text)

    def _send(self, page: Socket, data: dict[str, Any]) -> None:
        text = json.dumps(data, separators=(",", ":"), default=str)
        self.loop.soon(_write_one, page, text)

    def join(self, page: Socket) -> None:
        """A page connected: it is sent its screen as it stands (a late joiner, a reload)."""
        try:
            page.seat = self.seat_of(page.token)
        except KeyError:
            page.close(4403, "this link's token is not valid")
            return
        with self.lock:
            self.sockets.add(page)
            screen = self.screens[page.seat]
            state = {name: getattr(screen, name) for name in self._traits}
            self._send(page, {"method": "update", "state": state})
            self._send(page, {"method": "custom", "content": {
                "kind": "history", "from": 0, "entries": screen.timeline}})
            self._send(page, {"method": "custom", "content": self._room_message(page.seat)})
        self._changed()

    def leave(self, page: Socket) -> None:
        self.sockets.discard(page)
        self._changed()

    def receive(self, page: Socket, raw: str | bytes) -> None:
        """A page's message: checked for size, rate and form here, then handed to its
        screen's widget, which checks it as it checks a notebook's (and says why in its
        ``error``). A refusal here is told to that page only; nothing changes."""
        if len(raw) > MAX_MESSAGE_BYTES:
            self._refuse(page, f"message too large ({len(raw)} bytes; the limit is "
                               f"{MAX_MESSAGE_BYTES})")
            return
        if not page.limit.allow():
            self._refuse(page, f"too many messages: at most {self.rate:g} a second (after a "
                               f"burst of {self.burst}); this one was ignored")
            return
        try:
            content = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            self._refuse(page, "a message must be JSON; this one was ignored")
            return
        if not isinstance(content, dict):
            self._refuse(page, f"a message must be a JSON object, not {type(content).__name__}")
            return
        if self.paused and content.get("kind") in CHANGES:
            self._refuse(page, "the teacher has paused the game: wait a moment")
            return
        if page.seat in self.bots and content.get("kind") in CHANGES:
            self._refuse(page, f"a bot ({self.bots[page.seat][0]}) plays this seat for now: "
                               "ask the teacher to give it back")
            return
        if page.seat not in self.screens or page not in self.sockets:
            self._refuse(page, "this page no longer holds a seat")
            return
        with self.lock:
            self.screens[page.seat]._handle_msg(
                {"content": {"data": {"method": "custom", "content": content}}, "buffers": []})

    def _refuse(self, page: Socket, error: str) -> None:
        self._send(page, {"method": "custom", "content": {"kind": "refused", "error": error}})

    def _room_message(self, seat: int | None) -> dict[str, Any]:
        return {"kind": "room", "seat": seat, "paused": self.paused,
                "bots": {str(s): name for s, (name, _) in self.bots.items()},
                "players": self.game.player_names, "connected": self.connected_seats()}

    def _tell_rooms(self) -> None:
        for seat in self.screens:
            self._broadcast(seat, {"method": "custom", "content": self._room_message(seat)})

    # -- what the teacher sees and does ---------------------------------------------------

    def presence(self) -> list[Presence]:
        """Every connected page: its seat, where it connects from, since when."""
        return sorted((Presence(p.seat, p.who, p.since) for p in list(self.sockets)),
                      key=lambda p: (p.seat is None, p.seat or 0, p.since))

    def connected_seats(self) -> list[int]:
        return sorted({p.seat for p in list(self.sockets) if p.seat is not None})

    def waiting_for(self) -> int | None:
        """The seat on turn when nobody plays it (no page, no bot): the game waits for it."""
        seat = self.game.current_player
        if seat is None or self.game.is_over or seat in self.bots:
            return None
        return None if seat in self.connected_seats() else seat

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when who is connected, or the game, changes (the panel)."""
        self._panels.append(callback)

    def _changed(self) -> None:
        for callback in list(self._panels):
            callback()

    def give_to_bot(self, seat: int, name: str) -> None:
        """Let the bot called ``name`` play ``seat`` (the seat's pages still watch)."""
        self._check_seat(seat)
        if name not in bots_for(self.game.name):
            raise ValueError(f"{name!r:.40} does not play {self.game.title}: one of "
                             f"{', '.join(bots_for(self.game.name))}")
        with self.lock:
            self.bots[seat] = (name, make_bot(name, seed=seat))
        self._tell_rooms()
        self._changed()
        self._schedule_bot()

    def free(self, seat: int, *, new_link: bool = False) -> None:
        """Give ``seat`` back to people (no bot). ``new_link``: the old link stops working and
        its pages are closed (another team takes the seat)."""
        self._check_seat(seat)
        with self.lock:
            self.bots.pop(seat, None)
            if new_link:
                self._new_token(seat)
                for page in [p for p in list(self.sockets) if p.seat == seat]:
                    self.sockets.discard(page)
                    self.loop.soon(page.close, 4403, "the teacher gave this seat a new link")
        self._tell_rooms()
        self._changed()

    def pause(self) -> None:
        """Hold the game: pages' moves are refused and bots wait, until :meth:`resume`."""
        self.paused = True
        self._tell_rooms()
        self._changed()

    def resume(self) -> None:
        self.paused = False
        self._tell_rooms()
        self._changed()
        self._schedule_bot()

    def reveal(self, seat: int | None, *, before_the_end: bool = False) -> None:
        """Show ``seat``'s hidden things (its hand, secret cards) on the projector; None hides
        them again. Only once the game is over, unless ``before_the_end``."""
        if seat is not None:
            self._check_seat(seat)
            if not self.game.is_over and not before_the_end:
                raise IllegalAction("the game is not over: revealing a seat's hidden things now "
                                    "would give them away (before_the_end=True to insist)",
                                    rule="reveal")
        with self.lock:
            projector = self.screens[PROJECTOR]
            projector.seat = seat
            projector.follow(self.game)
        self._changed()

    @property
    def revealed(self) -> int | None:
        """The seat whose hidden things the projector shows (None: only public things)."""
        return self.screens[PROJECTOR].seat  # type: ignore[return-value]

    def restart(self, seed: int | None = None) -> None:
        """A new game with the same players and options; every page follows it."""
        with self.lock:
            old = self.game
            game = type(old).new_game(players=old.players, seed=seed, **old.options)
            old.remove_listener(self._on_game)
            self.game = game
            self.screens[PROJECTOR].seat = PROJECTOR
            for screen in self.screens.values():
                screen.follow(game)
            game.add_listener(self._on_game)
        self._tell_rooms()
        self._changed()
        self._schedule_bot()

    def stop(self) -> None:
        """Close every page and the server (and its thread, when it has its own)."""
        if self.stopped:
            return
        self.stopped = True
        self.game.remove_listener(self._on_game)

        def shut() -> None:
            for page in list(self.sockets):
                page.close(1001, "the teacher stopped the game")
            self.sockets.clear()
            self.server.stop()

        self.loop.run(shut)
        for screen in self.screens.values():
            screen.game.remove_listener(screen._on_game)
            screen.close()
        self.loop.close()
        self._changed()

    def _check_seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < self.game.players:
            raise ValueError(f"there is no seat {seat!r:.20} in a {self.game.players}-player "
                             "game")

    # -- the game -------------------------------------------------------------------------

    def apply(self, action: Any) -> Any:
        """``game.apply(action)`` while the pages wait their turn (from a script, where the
        server runs in its own thread, play through this rather than the game)."""
        with self.lock:
            return self.game.apply(action)

    def _on_game(self, _game: Game, _change: Change) -> None:
        self._changed()
        self._schedule_bot()

    def _schedule_bot(self) -> None:
        if self._bot_due or self.stopped:
            return
        seat = self.game.current_player
        if self.paused or self.game.is_over or seat not in self.bots:
            return
        self._bot_due = True
        self.loop.later(self.bot_pause, self._bot_turn)

    def _bot_turn(self) -> None:
        self._bot_due = False
        if self.stopped or self.paused:
            return
        with self.lock:
            game = self.game
            seat = game.current_player
            if game.is_over or seat not in self.bots:
                return
            name, bot = self.bots[seat]
            action = bot.choose(game, game.legal_actions())
            for screen in self.screens.values():  # every timeline marks it as the bot's
                screen._by = name
            try:
                game.apply(action)
            finally:
                for screen in self.screens.values():
                    screen._by = ""

    def __repr__(self) -> str:
        state = "stopped" if self.stopped else f"serving {self.url}"
        return f"<Room {self.game.title}: {state}, {len(self.sockets)} page(s) connected>"


def _write_one(page: Socket, text: str) -> None:
    """Send ``text`` to one page; a page that has just gone is skipped (it left)."""
    if page.ws_connection is None:
        return
    with contextlib.suppress(WebSocketClosedError):
        page.write_message(text)


def _address_for(host: str) -> str:
    """The address to put in links: the host asked for, or this machine's address on the
    network when listening on every interface."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:  # no packet is sent: connecting a UDP socket only picks the outgoing interface
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostbyname(socket.gethostname())
    finally:
        probe.close()

