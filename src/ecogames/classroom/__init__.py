"""The classroom: one game in the teacher's kernel, played from many screens.

>>> room = ecogames.host(game)            # doctest: +SKIP
>>> room.seat_urls, room.projector_url    # doctest: +SKIP
>>> room.panel()                          # doctest: +SKIP  (the teacher's panel)
>>> room.stop()                           # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.game import Game
from .room import PROJECTOR, Presence, Room

__all__ = ["PROJECTOR", "Presence", "Room", "host"]


def host(game: Game, *, host: str = "127.0.0.1", port: int = 0,
         bots: Mapping[int, str] | None = None, rate: float = 10.0, burst: int = 40,
         announce: bool = True, **options: Any) -> Room:
    """Serve ``game`` to a room from this kernel: a page per seat, reached by a link that
    carries the seat's token (``room.seat_urls``, ``room.qr_codes()``), and a projector page
    (``room.projector_url``) with the public board, the food web, the plot and the timeline.

    The server runs in the kernel's own event loop (in a script or a test, in a thread of its
    own). It listens on 127.0.0.1 unless ``host`` names another interface (``"0.0.0.0"``:
    every one), and then prints the links to give the room. ``port=0`` picks a free port.
    ``bots``: seats played by bots from the start, ``{seat: bot name}``. ``rate`` and
    ``burst``: how many messages a second one page may send. ``room.panel()`` is the teacher's
    panel; ``room.stop()`` ends it all.
    """
    if options:
        raise TypeError(f"host() got unexpected arguments {sorted(options)}")
    return Room(game, host=host, port=port, bots=bots, rate=rate, burst=burst,
                announce=announce)
