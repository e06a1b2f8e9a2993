"""A hosted page's screen: the game's own widget, whose comm is a relay to websockets.

ipywidgets sends a widget's trait changes and custom messages through its comm
(``{"method": "update", "state": {...}}``, ``{"method": "custom", "content": {...}}``). Here that
comm hands them to the pages of one seat instead of to a Jupyter front end, and a page's message
enters through the widget's own dispatch (``_handle_msg``), exactly as a notebook's would. So a
page is a widget: the same traits, the same checks, the same bundle in the browser.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import anywidget

from ..core.game import Game
from ..core.registry import widget_class
from ..widget import GameWidget

Outbox = Callable[[dict[str, Any]], None]


class RelayComm:
    """Stands where ipywidgets keeps a widget's comm: what the widget sends goes to ``outbox``;
    nothing reaches a Jupyter front end."""

    def __init__(self, outbox: Outbox) -> None:
        self.comm_id = uuid.uuid4().hex
        self.outbox = outbox
        self._on_msg: Callable[[Any], Any] | None = None

    def send(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        if isinstance(data, dict):
            self.outbox(data)

    def on_msg(self, callback: Callable[[Any], Any]) -> None:
        self._on_msg = callback

    def on_close(self, callback: Callable[[Any], Any]) -> None:
        """ipywidgets may ask to be told of a close; a relay is closed only by its room."""

    def close(self, *args: Any, **kwargs: Any) -> None:
        self.outbox = _drop


def _drop(_data: dict[str, Any]) -> None:
    """Where a closed relay's messages go."""


def game_traits(widget_class: type[GameWidget]) -> frozenset[str]:
    """A widget class's game traits (the ones the kit reads): its synced traits, without the
    anywidget and DOM ones (``_esm``, ``layout``...) that a page has no use for."""
    base = set(anywidget.AnyWidget.class_trait_names(sync=True))
    return frozenset(n for n in widget_class.class_trait_names(sync=True) if n not in base)


_CLASSES: dict[type, type] = {}


def screen(game: Game, seat: int | None, outbox: Outbox) -> GameWidget:
    """The widget of ``game`` as ``seat`` sees it (None: the projector's public screen), with
    its messages sent to ``outbox`` as ipywidgets' comm messages."""
    shown: type[GameWidget] = widget_class(game)  # the game's own, else the generic one
    relay = _CLASSES.get(shown)
    if relay is None:
        relay = _CLASSES[shown] = type(f"Relay{shown.__name__}", (_RelayMixin, shown), {})
    _RelayMixin.outbox_for_next = outbox
    try:
        return relay(game, seat=seat)  # type: ignore[no-any-return]
    finally:
        _RelayMixin.outbox_for_next = None


class _RelayMixin:
    """Opens a :class:`RelayComm` instead of a kernel comm."""

    outbox_for_next: Outbox | None = None

    def open(self) -> None:
        if getattr(self, "comm", None) is None:
            outbox = _RelayMixin.outbox_for_next or _drop
            self.comm = RelayComm(outbox)  # type: ignore[attr-defined]

    def send_state(self, key: Any = None) -> None:
        """ipywidgets' ``send_state`` without its search for binary buffers (a game's traits
        hold none; the search took a fifth of the time of a move with seven screens)."""
        if getattr(self, "comm", None) is None:  # still being made: open() sends it all
            return
        state = self.get_state(key=key)  # type: ignore[attr-defined]
        if state:
            self.comm.send({"method": "update", "state": state,  # type: ignore[attr-defined]
                            "buffer_paths": []})
