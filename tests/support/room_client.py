"""A page of a hosted room, without a browser: a websocket client that keeps every message it
is sent and the model a page would build from them (traits, timeline), in a loop thread of its
own so a test can drive it synchronously."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from tornado.websocket import WebSocketClientConnection, websocket_connect

_LOOP: asyncio.AbstractEventLoop | None = None


def _loop() -> asyncio.AbstractEventLoop:
    global _LOOP
    if _LOOP is None:
        _LOOP = asyncio.new_event_loop()
        threading.Thread(target=_LOOP.run_forever, daemon=True, name="room-clients").start()
    return _LOOP


def _run(coro: Any, timeout: float = 20) -> Any:
    return asyncio.run_coroutine_threadsafe(coro, _loop()).result(timeout)


def get(url: str) -> tuple[int, str, dict[str, str]]:
    """An HTTP GET: status, body, headers (an error status is returned, not raised)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), dict(error.headers)


class Page:
    """One connected page: ``messages`` (every one received, parsed), ``traits`` (the model
    a page holds), ``timeline`` (its History), ``room`` (the last room message),
    ``refusals`` (the errors the server refused its messages with)."""

    def __init__(self, ws_url: str, origin: str | None = None) -> None:
        self.messages: list[dict[str, Any]] = []
        self.traits: dict[str, Any] = {}
        self.timeline: list[dict[str, Any]] = []
        self.room: dict[str, Any] = {}
        self.refusals: list[str] = []
        self.closed: tuple[int | None, str | None] | None = None
        self._changed = threading.Condition()
        self.ws: WebSocketClientConnection = _run(self._connect(ws_url, origin))

    async def _connect(self, url: str, origin: str | None) -> WebSocketClientConnection:
        from tornado.httpclient import HTTPRequest

        host = url.split("/")[2]
        request = HTTPRequest(url, headers={"Origin": origin or f"http://{host}"})
        ws = await websocket_connect(request, on_message_callback=self._on_message)
        return ws

    def _on_message(self, text: str | bytes | None) -> None:
        with self._changed:
            if text is None:
                self.closed = (self.ws.close_code, self.ws.close_reason)
            else:
                self._take(json.loads(text))
            self._changed.notify_all()

    def _take(self, data: dict[str, Any]) -> None:
        self.messages.append(data)
        if data.get("method") == "update":
            self.traits.update(data["state"])
            return
        content = data.get("content", {})
        if content.get("kind") == "history":
            self.timeline[content["from"]:] = content["entries"]
        elif content.get("kind") == "room":
            self.room = content
        elif content.get("kind") == "refused":
            self.refusals.append(content["error"])

    def send(self, content: Any) -> None:
        text = content if isinstance(content, (str, bytes)) else json.dumps(content)

        async def write() -> None:
            await self.ws.write_message(text, binary=isinstance(text, bytes))

        _run(write())

    def wait(self, until: Callable[[Page], bool], timeout: float = 20) -> None:
        """Wait until ``until(self)`` holds (AssertionError after ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not until(self):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"the page never got there; last messages: "
                                         f"{[str(m)[:200] for m in self.messages[-3:]]}")
                self._changed.wait(left)

    def settle(self, quiet: float = 0.3) -> None:
        """Wait until nothing has arrived for ``quiet`` seconds (a refusal that changes
        nothing sends nothing more)."""
        count = -1
        while count != len(self.messages):
            count = len(self.messages)
            time.sleep(quiet)

    def close(self) -> None:
        _run(_close(self.ws))


async def _close(ws: WebSocketClientConnection) -> None:
    ws.close()


def ws_url(page_url: str) -> str:
    """The websocket of the page at ``page_url`` (``/play/<token>`` -> ``/ws/<token>``)."""
    base, token = page_url.rsplit("/", 1)
    root = base.rsplit("/", 1)[0].replace("http://", "ws://", 1)
    return f"{root}/ws/{token}"
