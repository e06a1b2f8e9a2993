"""The widget every game plays in: Python holds the truth, the browser draws and asks.

This layer sits above ``core`` (the Game protocol) and ``bots`` (its players), and below the
games, whose ``widget.py`` subclass it: it is handed a game and finds the bots that can play
it, and neither core nor the bots know it exists.

Traits sync one way (Python -> browser); the browser sends intentions as custom messages
(``act``, ``undo``, ``bot``, ``seat``, ``new_game``, ``step``), which are validated against
the engine and applied, with every trait updated in one ``hold_sync()``. The protocol is
written down in ``docs/widget-protocol.md``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from .bots import RandomBot, bot_game, bots_for, make_bot
from .core.actions import Action
from .core.errors import EcogamesError, IllegalAction, MalformedAction
from .core.game import Game
from .core.graphs import food_web_json
from .core.patch import diff, split

STATIC = Path(__file__).resolve().parent / "static"
MAX_MESSAGE_BYTES = 64 * 1024
MAX_LOG = 60


def _bundle(name: str, suffix: str) -> str:
    """The built bundle's text (read at each widget's creation, so a rebuild shows at once)."""
    path = STATIC / f"{name}.{suffix}"
    if path.exists():
        return path.read_text(encoding="utf-8")
    if suffix == "css":
        return ""
    raise FileNotFoundError(
        f"the widget bundle {path} is missing: build it with `make build` "
        "(or `pip install -e .`, which runs `npm run build` in js/)")


class GameWidget(anywidget.AnyWidget):
    """Plays a :class:`Game` inline. Games subclass it only to name their JS bundle.

    >>> w = GameWidget(game, bots={1: "random"})   # doctest: +SKIP
    """

    bundle = "generic"
    """The JS entry in ``js/src/entries/`` (built into ``ecogames/static``)."""

    static_view_paths: tuple[tuple[str, ...], ...] = ()
    """Parts of the view that never change during a game (board geometry): sent once in
    ``layout["static_view"]`` instead of with every move and every cascade step."""

    food_web_changes = False
    """True when ``food_web_data()`` changes during a game (recomputed after every move)."""

    game_id = t.Unicode(help="The game's id, e.g. 'toritori'.").tag(sync=True)
    title = t.Unicode(help="The game's name for people.").tag(sync=True)
    view = t.Dict(help="The current view, as the seat on turn may see it.").tag(sync=True)
    status = t.Dict(help="Players, current player, phase, outcome, turn.").tag(sync=True)
    legal = t.List(help="Every legal action: {id, label, action}.").tag(sync=True)
    cascade = t.Dict(help="The last action's events, with the view after each.").tag(sync=True)
    step = t.Int(-1, help="The cascade step shown (-1: the current state).").tag(sync=True)
    food_web = t.Dict(help="Food-web nodes (laid out by networkx) and edges.").tag(sync=True)
    error = t.Unicode(help="The last error, in words ('' when none).").tag(sync=True)
    log = t.List(t.Unicode(), help="The latest events' sentences, oldest first.").tag(sync=True)
    history = t.List(t.Unicode(), help="Labels of the actions played, oldest first.").tag(sync=True)
    bots = t.Dict(help="Seats played by bots: {'seat': 'bot name'}.").tag(sync=True)
    bot_names = t.List(t.Unicode(), help="Bots that can take a seat.").tag(sync=True)
    layout = t.Dict(help="Static drawing data laid out in Python (graph positions, board "
                    "geometry); games fill it in drawing_layout().").tag(sync=True)

    def __init__(self, game: Game, *, bots: Mapping[int, str] | None = None,
                 **kwargs: Any) -> None:
        if kwargs:
            raise TypeError(f"{type(self).__name__} got unexpected arguments {sorted(kwargs)}; "
                            "it takes a game and optionally bots={seat: 'random'}")
        if not isinstance(game, Game):
            raise TypeError(f"GameWidget needs a Game, got {type(game).__name__}")
        if bots is not None and not isinstance(bots, Mapping):
            raise TypeError("bots must map seats to bot names, e.g. bots={1: 'random'}; got "
                            f"{type(bots).__name__}")
        # anywidget turns these instance attributes into synced traits in __init__
        self._esm = _bundle(self.bundle, "js")
        self._css = _bundle(self.bundle, "css")
        super().__init__()
        self.game = game
        self._log: list[tuple[int, str]] = []
        self._labels: list[str] = []
        self._bot_players: dict[int, Any] = {}
        self._food_web = self.food_web_data()
        with self.hold_sync():
            self.game_id = game.name
            self.title = game.title
            self.bot_names = bots_for(game.name)
            self.layout = self.drawing_layout()
            for seat, name in (bots or {}).items():
                self.set_bot(seat, name)
            self._sync()
        self.on_msg(self._on_custom_message)

    # -- the Python API (the messages call these; errors raise) ---------------------------

    def act(self, action: Action | Mapping[str, Any]) -> None:
        """Apply an action (or its JSON form) and show its cascade."""
        seat = self.game.current_player
        cascade = self.game.apply(action, views=True, perspective=self.viewer())
        turn = len(self.game.history) - 1
        label = cascade.label
        if seat is not None and self.game.players > 1:
            label = f"{self.game.player_names[seat]}: {label}"
        self._labels.append(label)
        self._log.extend((turn, e.text) for e in cascade.events)
        data = {**cascade.to_json(views=False), "label": label}
        data["patches"] = self._step_patches(cascade.views or ())
        self._sync(data)

    def viewer(self) -> int | None:
        """Whose eyes the board uses: the seat on turn when a person sits there, else the
        first person's seat (a bot's hidden cards are never sent to the browser), else an
        onlooker's (None)."""
        seat = self.game.current_player
        if seat is not None and seat not in self._bot_players:
            return seat
        people = [s for s in range(self.game.players) if s not in self._bot_players]
        return people[0] if people else None

    def _step_patches(self, views: Sequence[dict[str, Any]]) -> list[list[Any]]:
        """The views after each event as patches backwards from the current view, so each
        step costs what it changed (see core/patch.py and js/src/kit/patch.ts)."""
        later = self._dynamic(self.game.view(self.viewer()))
        patches = []
        for view in reversed(views):
            earlier = self._dynamic(view)
            patches.append(diff(later, earlier))
            later = earlier
        return patches[::-1]

    def _dynamic(self, view: dict[str, Any]) -> dict[str, Any]:
        return split(view, self.static_view_paths)[1] if self.static_view_paths else view

    def act_by_id(self, action_id: int) -> None:
        legal = self.game.legal_actions()
        if not 0 <= action_id < len(legal):
            raise IllegalAction(f"there is no legal action number {action_id} "
                                f"({len(legal)} are legal now)")
        self.act(legal[action_id])

    def undo(self, to: int | None = None) -> None:
        """Take back the last action, or return to the state after the first ``to``."""
        if to is None:
            self.game.undo()
        else:
            self.game.undo_to(to)
        count = len(self.game.history)
        del self._labels[count:]
        self._log = [(turn, text) for turn, text in self._log if turn < count]
        self._sync()

    def bot_move(self) -> None:
        """The bot in the current seat (a random one if the seat is a person's) plays once."""
        legal = self.game.legal_actions()
        if not legal:
            raise IllegalAction("there is nothing to play: the game is over")
        seat = self.game.current_player
        bot = self._bot_players.get(0 if seat is None else seat)
        if bot is None:
            bot = RandomBot(len(self.game.history))
        self.act(bot.choose(self.game, legal))

    def set_bot(self, seat: int, name: str) -> None:
        """Give ``seat`` to the bot called ``name`` ('' gives it back to a person). Only a
        bot that plays this game (or any game) takes a seat; otherwise nothing changes."""
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < self.game.players:
            raise MalformedAction(f"there is no seat {seat!r:.20} in a {self.game.players}-player "
                                  "game")
        if not isinstance(name, str):
            raise MalformedAction(f"a bot's name is a string, got {type(name).__name__}")
        player = None
        if name:
            owner = bot_game(name)
            if owner is not None and owner != self.game.name:
                raise IllegalAction(
                    f"the bot {name!r} plays {owner}, not {self.game.name}: a seat in "
                    f"{self.game.title or self.game.name} takes "
                    f"{', '.join(repr(b) for b in bots_for(self.game.name))}", rule="seat")
            player = make_bot(name, seed=seat)
        viewer = self.viewer()
        bots = dict(self.bots)
        if player is not None:
            self._bot_players[seat] = player
            bots[str(seat)] = name
        else:
            self._bot_players.pop(seat, None)
            bots.pop(str(seat), None)
        self.bots = bots
        if self.viewer() != viewer:  # the board now shows another seat's cards
            self._sync()

    def new_game(self, seed: int | None = None) -> None:
        """Start again with the same players and options (a new seed unless given)."""
        game = type(self.game).new_game(players=self.game.players, seed=seed,
                                        **self.game.options)
        self.game = game
        self._labels, self._log = [], []
        self._food_web = self.food_web_data()
        self._sync()

    def step_to(self, index: int) -> None:
        """Show cascade step ``index`` (-1: the current state)."""
        count = len(self.cascade.get("events", []))
        if not isinstance(index, int) or isinstance(index, bool) or not -1 <= index < count:
            raise MalformedAction(f"there is no step {index!r}: the cascade has {count} steps")
        self.step = index

    # -- browser messages -------------------------------------------------------------------

    def _handle_msg(self, msg: Any) -> None:
        """ipywidgets' comm dispatch: a message the browser sends. Whatever it holds, the
        kernel gets no exception: a malformed one is reported in ``error``."""
        try:
            method = msg["content"]["data"]["method"]
            if method not in ("update", "request_state", "custom"):
                raise ValueError(f"unknown method {method!r:.40}")
            super()._handle_msg(msg)
        except Exception as error:  # the kernel must survive anything a browser sends
            self.error = (f"a malformed message from the browser was ignored "
                          f"({type(error).__name__}: {str(error)[:80]})")

    def set_state(self, sync_data: Any) -> None:
        """Refuse state from the front end: every trait here is Python's.

        ipywidgets applies a front end's ``update`` message to any synced trait (this is the
        one method through which it does). The browser only sends intentions as custom
        messages, so an update is dropped whole, ``error`` names what it tried to change, and
        the browser's copy of those traits is sent back as Python holds it."""
        names = sorted(str(k) for k in sync_data) if isinstance(sync_data, Mapping) else []
        owned = [name for name in names if name in self.keys]
        if owned:
            self.send_state(owned)
        shown = ", ".join(n[:40] for n in names[:8]) + (", ..." if len(names) > 8 else "")
        self.error = (f"the browser cannot change {shown or 'the widget state'}: Python owns "
                      "every trait of this widget (the board sends messages instead)")

    def _on_custom_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self._dispatch(content)
            self.error = ""
        except (EcogamesError, ValueError, TypeError) as error:
            self.error = str(error)
        except Exception as error:  # the kernel must survive anything a browser sends
            self.error = f"internal error ({type(error).__name__}): {error}"

    def _dispatch(self, content: Any) -> None:
        if not isinstance(content, Mapping):
            raise MalformedAction(f"a message must be an object, got {type(content).__name__}")
        size = len(json.dumps(content, default=str))
        if size > MAX_MESSAGE_BYTES:
            raise MalformedAction(f"message too large ({size} bytes; the limit is "
                                  f"{MAX_MESSAGE_BYTES})")
        kind = content.get("kind")
        fields = {k: v for k, v in content.items() if k != "kind"}
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise MalformedAction(f"unknown message kind {kind!r:.40}; known: "
                                  f"{', '.join(sorted(_HANDLERS))}")
        spec, call = handler
        for name, value in fields.items():
            if name not in spec:
                raise MalformedAction(f"message {kind!r} has an unknown field {name!r:.40}")
            kinds, _required = spec[name]
            if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
                raise MalformedAction(f"message {kind!r}: field {name!r} must be "
                                      f"{' or '.join(k.__name__ for k in kinds)}")
        missing = [name for name, (_, required) in spec.items() if required and name not in fields]
        if missing:
            raise MalformedAction(f"message {kind!r} needs the field(s) {missing}")
        call(self, **fields)

    # -- traits -----------------------------------------------------------------------------

    def _sync(self, cascade: dict[str, Any] | None = None) -> None:
        game = self.game
        legal = game.legal_actions()
        outcome = game.outcome
        static, dynamic = split(game.view(self.viewer()), self.static_view_paths)
        if self.food_web_changes:
            self._food_web = self.food_web_data()
        with self.hold_sync():
            if static != self.layout.get("static_view", {}):
                self.layout = {**self.layout, "static_view": static}
            self.view = dynamic
            self.status = {
                "players": game.player_names,
                "cooperative": game.cooperative,
                "current_player": game.current_player,
                "phase": game.phase,
                "is_over": outcome is not None,
                "outcome": outcome.to_json() if outcome else None,
                "turn": len(game.history),
            }
            # a bot's moves are its own: listing them would show the browser its cards
            bot_turn = game.current_player in self._bot_players
            self.legal = [] if bot_turn else [
                {"id": i, "label": game.describe(a), "action": a.to_json()}
                for i, a in enumerate(legal)]
            self.cascade = cascade or {}
            self.step = -1
            self.food_web = self._food_web
            self.error = ""
            self.log = [text for _, text in self._log[-MAX_LOG:]]
            self.history = list(self._labels)

    @property
    def full_log(self) -> list[str]:
        """Every event sentence since the set-up (the ``log`` trait holds the latest)."""
        return [text for _, text in self._log]

    def drawing_layout(self) -> dict[str, Any]:
        """Static data the board needs to draw but the view does not carry (e.g. positions
        of an Ability map laid out by networkx). Games override it; computed once."""
        return {}

    def food_web_data(self) -> dict[str, Any]:
        """The ``food_web`` trait: the game's food web laid out by networkx. Games may send
        a part of it (and set ``food_web_changes`` when that part changes in play)."""
        try:
            web = self.game.food_web()
        except NotImplementedError:
            return {}
        return food_web_json(web)

    def traits_json(self) -> dict[str, Any]:
        """Every synced trait as plain JSON: the fixtures the JS tests render."""
        names = ["game_id", "title", "view", "status", "legal", "cascade", "step", "food_web",
                 "error", "log", "history", "bots", "bot_names", "layout"]
        return {name: getattr(self, name) for name in names}


def _act(w: GameWidget, action: Any = None, id: Any = None) -> None:  # noqa: A002
    if (action is None) == (id is None):
        raise MalformedAction("an 'act' message needs either 'action' or 'id'")
    seat = w.game.current_player
    if seat in w._bot_players:
        raise IllegalAction(f"it is {w.game.player_names[seat]}'s turn, and a bot plays that "
                            "seat: press 'Bot move' (or give the seat back to a person)")
    if id is not None:
        w.act_by_id(id)
    else:
        w.act(action)


_HANDLERS: dict[str, tuple[dict[str, tuple[tuple[type, ...], bool]], Any]] = {
    "act": ({"action": ((dict,), False), "id": ((int,), False)}, _act),
    "undo": ({"to": ((int,), False)}, lambda w, to=None: w.undo(to)),
    "bot": ({}, lambda w: w.bot_move()),
    "seat": ({"player": ((int,), True), "bot": ((str,), True)},
             lambda w, player, bot: w.set_bot(player, bot)),
    "new_game": ({"seed": ((int,), False)}, lambda w, seed=None: w.new_game(seed)),
    "step": ({"index": ((int,), True)}, lambda w, index: w.step_to(index)),
}
"""Message kind -> ({field: (JSON types, required)}, handler)."""
