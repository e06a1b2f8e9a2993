"""The teacher's panel: an ipywidget in the notebook that runs the room.

It lists each seat with who is connected to it (and whether the game waits for it), hands
seats to bots or frees them, pauses and resumes, reveals a seat's hidden things on the
projector at the end, restarts and stops. Everything it does is a method of the room.
"""

from __future__ import annotations

import time
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..bots import bots_for
from ..core.errors import EcogamesError

if TYPE_CHECKING:
    from .room import Room

PERSON = "a person"


class TeacherPanel(w.VBox):
    """``Room.panel()``: the room's controls (see the module docstring)."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.seats = w.HTML()
        self.links = w.HTML()
        self.message = w.HTML()
        self.pause_button = w.ToggleButton(description="Pause", icon="pause",
                                           tooltip="Hold every seat's moves and the bots")
        self.restart_button = w.Button(description="Restart", icon="refresh")
        self.stop_button = w.Button(description="Stop", icon="stop", button_style="danger")
        self.reveal_choice = w.Dropdown(description="Projector shows", options=[],
                                        style={"description_width": "initial"})
        game = room.game
        names = bots_for(game.name)
        self.bot_choices = [w.Dropdown(options=[PERSON, *names], value=PERSON,
                                       description=game.player_names[s],
                                       layout=w.Layout(width="280px"))
                            for s in range(game.players)]
        self.new_link_buttons = [w.Button(description="New link", icon="unlink",
                                          tooltip="The old link stops working")
                                 for _ in range(game.players)]
        for seat, (choice, button) in enumerate(zip(self.bot_choices, self.new_link_buttons)):
            choice.observe(lambda change, s=seat: self._seat_to(s, change["new"]), "value")
            button.on_click(lambda _b, s=seat: self._act(self.room.free, s, new_link=True))
        self.pause_button.observe(self._toggle_pause, "value")
        self.restart_button.on_click(lambda _b: self._act(self.room.restart))
        self.stop_button.on_click(lambda _b: self._act(self.room.stop))
        self.reveal_choice.observe(self._reveal, "value")
        super().__init__([
            w.HTML(f"<b>{escape(game.title)}: the classroom</b>"),
            self.seats,
            w.VBox([w.HBox([c, b]) for c, b in zip(self.bot_choices, self.new_link_buttons)]),
            w.HBox([self.pause_button, self.reveal_choice, self.restart_button,
                    self.stop_button]),
            self.message, self.links])
        room.on_change(self.refresh)
        self.refresh()

    # -- what it shows --------------------------------------------------------------------

    def refresh(self) -> None:
        """Draw the room as it stands (called by the room whenever something changes)."""
        room = self.room
        game = room.game
        if room.stopped:
            self.seats.value = "<p>The room is closed.</p>"
            for child in (*self.bot_choices, *self.new_link_buttons, self.pause_button,
                          self.restart_button, self.stop_button, self.reveal_choice):
                child.disabled = True
            return
        self.seats.value = seat_table(room)
        self.links.value = ("<small>Projector: "
                            f'<a href="{room.projector_url}" target="_blank">'
                            f"{room.projector_url}</a></small>")
        for seat, choice in enumerate(self.bot_choices):
            wanted = room.bots[seat][0] if seat in room.bots else PERSON
            if choice.value != wanted:
                choice.value = wanted
        if self.pause_button.value != room.paused:
            self.pause_button.value = room.paused
        self.pause_button.description = "Resume" if room.paused else "Pause"
        options = [("the public board", -1)] + (
            [(f"{name}'s hidden things", s) for s, name in enumerate(game.player_names)]
            if game.is_over else [])
        if list(self.reveal_choice.options) != options:
            self.reveal_choice.options = options
        revealed = -1 if room.revealed is None else room.revealed
        if self.reveal_choice.value != revealed:
            self.reveal_choice.value = revealed

    # -- what it does ---------------------------------------------------------------------

    def _act(self, call: Any, *args: Any, **kwargs: Any) -> None:
        try:
            call(*args, **kwargs)
            self.message.value = ""
        except (EcogamesError, ValueError) as error:
            self.message.value = f'<span style="color:#a33">{escape(str(error))}</span>'

    def _seat_to(self, seat: int, name: str) -> None:
        current = self.room.bots[seat][0] if seat in self.room.bots else PERSON
        if name == current:
            return
        if name == PERSON:
            self._act(self.room.free, seat)
        else:
            self._act(self.room.give_to_bot, seat, name)

    def _toggle_pause(self, change: dict[str, Any]) -> None:
        if change["new"] != self.room.paused:
            self._act(self.room.pause if change["new"] else self.room.resume)

    def _reveal(self, change: dict[str, Any]) -> None:
        seat = None if change["new"] in (-1, None) else change["new"]
        if seat != self.room.revealed:
            self._act(self.room.reveal, seat)


def seat_table(room: Room) -> str:
    """Each seat: who plays it (a bot, or the pages connected), and whether the game waits."""
    game = room.game
    waiting = room.waiting_for()
    now = time.time()
    rows = []
    for seat, name in enumerate(game.player_names):
        pages = [p for p in room.presence() if p.seat == seat]
        if seat in room.bots:
            who = f"bot: {escape(room.bots[seat][0])}"
        elif pages:
            who = ", ".join(f"{escape(p.address)} ({_ago(now - p.since)})" for p in pages)
        else:
            who = '<span style="color:#a33">nobody connected</span>'
        turn = "on turn" if game.current_player == seat and not game.is_over else ""
        if seat == waiting:
            turn = ('<b style="color:#a33">on turn, and nobody plays it: give it to a bot, or '
                    "wait</b>")
        rows.append(f"<tr><td><b>{escape(name)}</b></td><td>{who}</td><td>{turn}</td></tr>")
    projector = sum(1 for p in room.presence() if p.seat is None)
    state = ("over: " + escape(game.outcome.reason)) if game.outcome else (
        "paused" if room.paused else f"turn {len(game.history)}")
    return ("<table style='border-collapse:collapse' cellpadding='4'>"
            "<tr><th align='left'>seat</th><th align='left'>connected</th><th></th></tr>"
            + "".join(rows) + "</table>"
            f"<p>Projector pages: {projector} · game: {state}</p>")


def _ago(seconds: float) -> str:
    minutes = int(seconds // 60)
    return f"{minutes} min" if minutes else "just now"
