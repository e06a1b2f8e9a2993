"""The classroom's pages: a seat's, the projector's and the front door, with QR codes.

Each page loads the game's own widget bundle (``ecogames/static/<bundle>.js``, the one the
notebook loads) and ``classroom.js``, which gives the bundle a model that speaks the widget's
message protocol over a websocket. Nothing is fetched from anywhere but the room's server.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

import segno

HERE = Path(__file__).resolve().parent
ASSETS = {"classroom.js": "text/javascript; charset=utf-8",
          "classroom.css": "text/css; charset=utf-8"}
"""The room's own files, served beside the game's bundle (and nothing else)."""

SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; img-src 'self' data:; "
                                "style-src 'self' 'unsafe-inline'; connect-src 'self'; "
                                "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # a seat's link (its token) never leaves in a Referer
    "Cache-Control": "no-store",
}


def asset(name: str) -> str:
    """The text of one of the room's own files (``ASSETS``)."""
    if name not in ASSETS:
        raise KeyError(name)
    return (HERE / name).read_text(encoding="utf-8")


def qr_svg(url: str, scale: int = 4) -> str:
    """``url`` as a QR code, an inline SVG (no file, nothing fetched)."""
    return str(segno.make(url, error="m").svg_inline(scale=scale, dark="#111", light="#fff"))


def game_page(*, title: str, role: str, kind: str, bundle: str, socket: str,
              join_url: str | None) -> str:
    """A seat's page (``kind="seat"``) or the projector's (``kind="projector"``).
    ``join_url``: this page's own link, offered as a QR code for a phone."""
    join = "" if join_url is None else (
        '<details class="room-join"><summary>Join this seat on a phone</summary>'
        f'<div class="room-qr">{qr_svg(join_url)}</div>'
        '<p>Everyone who opens this link plays this seat.</p></details>')
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}: {escape(role)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/{bundle}.css">
<link rel="stylesheet" href="/classroom.css">
</head>
<body class="room room-{kind}">
<header class="room-bar">
<h1>{escape(title)}</h1>
<span class="room-role" data-testid="room-role">{escape(role)}</span>
<span class="room-status" id="room-status" data-testid="room-status"
 role="status">connecting…</span>
</header>
<div class="room-notice" id="room-notice" data-testid="room-notice" role="alert" hidden></div>
<main id="game" data-testid="room-game"></main>
{join}
<script type="module" src="/classroom.js" data-bundle="/static/{bundle}.js"
 data-socket="{escape(socket)}" data-kind="{kind}"></script>
</body>
</html>
"""


def message_page(title: str, text: str) -> str:
    """A page that only says something (the front door, a refused link)."""
    return f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/classroom.css"></head>
<body class="room room-message"><main class="room-message-box">
<h1>{escape(title)}</h1><p data-testid="room-message">{escape(text)}</p></main></body>
</html>
"""
