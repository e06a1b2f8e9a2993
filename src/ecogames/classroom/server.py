"""Transport: the room's tornado application, and the event loop it runs in.

The handlers only carry messages. A seat's token names its screen; a page's message goes to
that screen's widget (``Room.receive``), and the room decides. What is served: the front door,
the seat and projector pages (by token), the game's bundle and the room's own two files;
every other path is a 404. No file is read from a path a browser names.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import tornado.web
import tornado.websocket
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.netutil import bind_sockets

from . import pages

if TYPE_CHECKING:
    from .room import Room

MAX_FRAME_BYTES = 1024 * 1024
"""Tornado closes a connection whose frame is larger (a page's messages are under 64 KiB,
the widget's limit, which the room checks with a clear error)."""


class RateLimit:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.last = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class _Handler(tornado.web.RequestHandler):
    def initialize(self, room: Room) -> None:
        self.room = room

    def set_default_headers(self) -> None:
        for name, value in pages.SECURITY_HEADERS.items():
            self.set_header(name, value)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        reason = "There is nothing here." if status_code == 404 else self._reason
        self.finish(pages.message_page(f"{status_code}", reason))


class FrontDoor(_Handler):
    def get(self) -> None:
        self.write(pages.message_page(
            self.room.game.title or self.room.game.name,
            "This is a classroom game. Open the link (or scan the QR code) your teacher gave "
            "your team: each link plays one seat."))


class GamePage(_Handler):
    def get(self, kind: str, token: str) -> None:
        page = self.room.page(kind, token)
        if page is None:
            self.set_status(403)
            self.finish(pages.message_page(
                "This link does not open a seat",
                "The link is wrong or no longer valid (the teacher may have given the seat a new "
                "link). "
                "Ask your teacher for your team's link."))
            return
        self.write(page)


class Asset(_Handler):
    def get(self, name: str) -> None:
        text, kind = self.room.asset(name)
        if text is None:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", kind)
        self.write(text)


class NotFound(_Handler):
    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


class Socket(tornado.websocket.WebSocketHandler):
    """One page's connection. Its token is checked before the upgrade; then every message goes
    to the room, which answers on this socket or on every socket of the seat."""

    def initialize(self, room: Room) -> None:
        self.room = room
        self.seat: int | None = None
        self.token = ""
        self.since = time.time()
        self.limit = RateLimit(room.rate, room.burst)

    def check_origin(self, origin: str) -> bool:
        # a page of this room only: another site's page in a student's browser cannot connect
        return urlsplit(origin).netloc == self.request.host

    async def get(self, *args: Any, **kwargs: Any) -> None:
        token = args[0] if args else ""
        if not self.room.knows(token):
            self.set_status(403)
            self.finish("this link's token is not valid")
            return
        await super().get(*args, **kwargs)

    def open(self, *args: Any, **kwargs: Any) -> None:
        self.token = args[0] if args else ""
        self.room.join(self)

    def on_message(self, message: str | bytes) -> None:
        self.room.receive(self, message)

    def on_close(self) -> None:
        self.room.leave(self)

    @property
    def who(self) -> str:
        """A short word for the teacher: the address the page connects from."""
        return str(self.request.remote_ip or "?")


def application(room: Room) -> tornado.web.Application:
    token = r"([A-Za-z0-9_\-]{16,64})"
    args = {"room": room}
    return tornado.web.Application(
        [(r"/", FrontDoor, args),
         (rf"/(play|projector)/{token}", GamePage, args),
         (rf"/ws/{token}", Socket, args),
         (r"/(classroom\.(?:js|css)|static/[a-z]+\.(?:js|css))", Asset, args)],
        default_handler_class=NotFound, default_handler_args=args,
        websocket_max_message_size=MAX_FRAME_BYTES, websocket_ping_interval=20,
        compress_response=True)


class Loop:
    """Where the server runs: the running event loop (a kernel's), or one of its own in a
    background thread when none runs (a script, a test)."""

    def __init__(self) -> None:
        try:
            self.asyncio = asyncio.get_running_loop()
            self.thread: threading.Thread | None = None
        except RuntimeError:
            self.asyncio = asyncio.new_event_loop()
            self.thread = threading.Thread(target=self.asyncio.run_forever,
                                           name="ecogames-classroom", daemon=True)
            self.thread.start()
        self.ioloop = self.run(IOLoop.current)

    def run(self, call: Callable[[], Any]) -> Any:
        """``call()`` on the loop's thread; its result (waits when that is another thread)."""
        if self.thread is None or threading.current_thread() is self.thread:
            return call()

        async def run() -> Any:
            return call()

        return asyncio.run_coroutine_threadsafe(run(), self.asyncio).result(timeout=30)

    def soon(self, call: Callable[..., Any], *args: Any) -> None:
        """``call(*args)`` on the loop's thread, later, from any thread."""
        self.ioloop.add_callback(call, *args)

    def later(self, seconds: float, call: Callable[[], Any]) -> None:
        self.soon(lambda: self.ioloop.call_later(seconds, call))

    def serve(self, app: tornado.web.Application, address: str, port: int) -> HTTPServer:
        sockets = bind_sockets(port, address)

        def start() -> HTTPServer:
            server = HTTPServer(app, xheaders=False)
            server.add_sockets(sockets)
            return server

        return self.run(start)  # type: ignore[no-any-return]

    def close(self) -> None:
        if self.thread is not None:
            self.asyncio.call_soon_threadsafe(self.asyncio.stop)
            self.thread.join(timeout=10)
            self.asyncio.close()
