"""The widget every game plays in: Python holds the truth, the browser draws and asks.

This layer sits above ``core`` (the Game protocol) and ``bots`` (its players), and below the
games, whose ``widget.py`` subclass it: it is handed a game and finds the bots that can play
it, and neither core nor the bots know it exists.

Traits sync one way (Python -> browser); the browser sends intentions as custom messages
(``act``, ``undo``, ``bot``, ``seat``, ``new_game``, ...), which are validated against
the engine and applied, with every trait updated in one ``hold_sync()``. The cascade step a
view shows is the browser's own: it tells Python (``step``), and Python only records it
(:attr:`GameWidget.step`). The protocol is written down in ``docs/widget-protocol.md``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets as t

from .bots import RandomBot, bot_game, bots_for, make_bot
from .bots.mcts import greedy_bot_name
from .core.actions import Action
from .core.errors import EcogamesError, IllegalAction, MalformedAction
from .core.events import Cascade
from .core.game import Change, Game
from .core.graphs import food_web_json
from .core.palette import palette_of
from .core.patch import diff, split
from .core.provenance import Answer, Story, story, why
from .core.series import SeriesRecorder, record_history, spec_of
from .experiments import alternative, chance_options, play_on
from .lab_widgets import HintSearch

if TYPE_CHECKING:
    import networkx as nx

STATIC = Path(__file__).resolve().parent / "static"
MAX_MESSAGE_BYTES = 64 * 1024
HOT_SEAT = "hot-seat"
"""``seat=HOT_SEAT`` (the default): one screen for the whole table, showing the seat on turn."""
SEAT_SCREEN_CLASS = "ecogames-seat-screen"
SEAT_SCREEN_CSS = """
/* a seat's or an onlooker's screen: the table's controls are the hot-seat widget's */
.ecogames-seat-screen .eg-buttons, .ecogames-seat-screen .eg-seats,
.ecogames-seat-screen [data-testid="setup-form"], .ecogames-seat-screen [data-testid="bot-speed"],
.ecogames-seat-screen [data-testid="bot-status"], .ecogames-seat-screen [data-testid="hint-panel"],
.ecogames-seat-screen [data-testid="cascade-play-from"],
.ecogames-seat-screen .eg-what-if-ask { display: none !important; }
"""
"""Hides, on a seat's screen (its DOM class ``SEAT_SCREEN_CLASS``), the buttons of messages it
may not send (``_SEAT_SCREEN``): scoped by the class, so a hot-seat widget beside it keeps
them."""
MAX_MESSAGE_DEPTH = 32
"""The deepest nesting of lists and objects a browser message may have (an action is two)."""


class _Dropped(Exception):
    """A message that arrived too late to mean anything (an undo at the start, Step on a
    person's turn after the seat changed): it is dropped quietly, and nothing changes."""


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
    ``drawing["static_view"]`` instead of with every move and every cascade step."""

    food_web_changes = False
    """True when ``food_web_data()`` changes during a game (recomputed after every move)."""

    game_id = t.Unicode(help="The game's id, e.g. 'toritori'.").tag(sync=True)
    title = t.Unicode(help="The game's name for people.").tag(sync=True)
    view = t.Dict(help="The current view, as the seat on turn may see it.").tag(sync=True)
    status = t.Dict(help="Players, current player, phase, outcome, turn.").tag(sync=True)
    legal: t.List[Any] = t.List(help="Every legal action: [label, action] by id.").tag(sync=True)
    cascade = t.Dict(help="The last action's events, with the view after each.").tag(sync=True)
    food_web = t.Dict(help="Food-web nodes (laid out by networkx) and edges.").tag(sync=True)
    _shown_step = -1  # see the step property: the browser's, recorded
    error = t.Unicode(help="The last error, in words ('' when none).").tag(sync=True)
    bots = t.Dict(help="Seats played by bots: {'seat': 'bot name'}.").tag(sync=True)
    bot_names = t.List(t.Unicode(), help="Bots that can take a seat.").tag(sync=True)
    drawing = t.Dict(help="Static drawing data laid out in Python (graph positions, board "
                     "geometry); games fill it in drawing_layout().").tag(sync=True)
    series = t.Dict(help="The game's populations at each of its steps (core.series), with "
                    "the colours of its quantities.").tag(sync=True)
    setup = t.Dict(help="The new-game form: Game.setup_form() and the game as set up now."
                   ).tag(sync=True)

    def __init__(self, game: Game, *, bots: Mapping[int, str] | None = None,
                 seat: int | str | None = HOT_SEAT, **kwargs: Any) -> None:
        if kwargs:
            raise TypeError(f"{type(self).__name__} got unexpected arguments {sorted(kwargs)}; "
                            "it takes a game and optionally bots={seat: 'random'} and seat=")
        if not isinstance(game, Game):
            raise TypeError(f"GameWidget needs a Game, got {type(game).__name__}")
        self.seat = _check_view_seat(game, seat)
        """Whose screen this is: ``HOT_SEAT`` (everyone's, the seat on turn shown), a seat
        (only what it may see; it plays only that seat) or None (an onlooker: public only)."""
        if self.seat != HOT_SEAT and bots:
            raise TypeError("bots= is for the hot-seat widget; a seat's or an onlooker's "
                            "screen only shows the game (bots play through the table's host)")
        if bots is not None and not isinstance(bots, Mapping):
            raise TypeError("bots must map seats to bot names, e.g. bots={1: 'random'}; got "
                            f"{type(bots).__name__}")
        # anywidget turns these instance attributes into synced traits in __init__
        self._esm = _bundle(self.bundle, "js")
        self._css = _bundle(self.bundle, "css") + (SEAT_SCREEN_CSS if seat != HOT_SEAT else "")
        super().__init__()
        if self.seat != HOT_SEAT:
            self.add_class(SEAT_SCREEN_CLASS)
        self.game = game
        self._by = ""  # the bot whose action this widget is applying ('' a person)
        self._told: tuple[tuple[Any, ...], dict[str, Any]] | None = None  # last answer (_tell)
        self._shadow: Game | None = None  # the game one action behind: cascades as we see them
        self._entries: list[dict[str, Any]] = []
        self._bot_players: dict[int, Any] = {}
        self.shown: int | None = None
        """The action whose cascade the browser last asked to see (``show``), if any."""
        self.hint_search: HintSearch | None = None
        """The last hint asked for (``hint``); it is cancelled when the game changes."""
        with self.hold_sync():
            self.game_id = game.name
            self.title = game.title
            self.bot_names = bots_for(game.name)
            self.drawing = self._drawing()
            for seat, name in (bots or {}).items():
                player = self._check_seat(game, seat, name)
                if player is not None:
                    self._bot_players[seat] = player
                    self.bots = {**self.bots, str(seat): name}
            self._start()
        game.add_listener(self._on_game)
        self.on_msg(self._on_custom_message)

    # -- what was played ---------------------------------------------------------------------

    @property
    def history(self) -> list[str]:
        """Labels of the actions played, oldest first, each naming who played it in a game
        of several players ("Player 2: Roll the dice")."""
        return [entry["label"] for entry in self._entries]

    @property
    def timeline(self) -> list[dict[str, Any]]:
        """Every action played: ``{"label", "seat", "bot" ('' for a person), "step" (the
        series' steps done after it), "log" (its events' sentences)}``, oldest first."""
        return [dict(entry) for entry in self._entries]

    @property
    def event_log(self) -> list[str]:
        """Every event sentence since the set-up, oldest first."""
        return [text for entry in self._entries for text in entry["log"]]

    full_log = event_log

    def _entry(self, game: Game, cascade: Cascade, seat: int | None, bot: str) -> dict[str, Any]:
        label = cascade.label
        if seat is not None and game.players > 1:
            label = f"{game.player_names[seat]}: {label}"
        return {"label": label, "seat": seat, "bot": bot,
                "step": self._spec.steps_done(game), "log": [e.text for e in cascade.events],
                "chances": len(cascade.chances)}

    def _start(self) -> None:
        """Read the game as it stands (a new one, or one in the middle of play): the timeline
        replayed from its set-up, the series, the last action's cascade."""
        game = self.game
        self._spec = spec_of(game)
        actors = [entry["bot"] for entry in self._entries]
        self._entries = []
        if not game.history:  # a game at its set-up: nothing to replay
            self._recorder = SeriesRecorder(game)
            self._food_web = self.food_web_data()
            self.shown = None
            self._sync()
            self._send_history(0)
            return
        replay = game.replay(0)
        replay.copy_forcing_from(game)  # the history's forced chance outcomes
        self._recorder = SeriesRecorder(replay)
        for i, action in enumerate(game.history):
            seat = replay.current_player
            cascade = replay.apply(action)
            self._entries.append(self._entry(replay, cascade, seat,
                                             actors[i] if i < len(actors) else ""))
            self._recorder.observe(replay)
        self._food_web = self.food_web_data()
        self.shown = None
        last = len(self._entries) - 1
        self._sync(self.cascade_of(last)[0] if last >= 0 else None)
        self._send_history(0)

    # -- the Python API (the messages call these; errors raise) ---------------------------

    def act(self, action: Action | Mapping[str, Any], *, by: str = "") -> None:
        """Apply an action (or its JSON form) and show its cascade; ``by``: the bot that
        chose it ('' for a person). Every view of the game is told (``_on_game``), this
        one too. A seat's screen plays only on its seat's turn; an onlooker's never."""
        if self.seat != HOT_SEAT and not self.plays(self.game.current_player):
            raise IllegalAction(self._not_yours(), rule="seat")
        self._by = by
        try:
            self.game.apply(action)
        finally:
            self._by = ""

    def plays(self, seat: int | None) -> bool:
        """Whether this screen may act for ``seat`` (the hot-seat screen: any person's)."""
        if self.seat == HOT_SEAT:
            return seat not in self._bot_players
        return self.seat is not None and seat == self.seat

    def _not_yours(self) -> str:
        if self.seat is None:
            return "this screen only watches the game: play on your own seat's screen"
        game = self.game
        if self.seat == HOT_SEAT:  # a bot's seat
            return (f"it is {game.player_names[game.current_player or 0]}'s turn, and a bot "
                    "plays that seat: press 'Go' or 'Step' (or give the seat back to a person)")
        turn = "nobody's" if game.current_player is None else \
            f"{game.player_names[game.current_player]}'s"
        return (f"this screen plays {game.player_names[int(self.seat)]}, and it is {turn} "
                "turn: wait for yours")

    def _on_game(self, game: Game, change: Change) -> None:
        """This widget's game changed, from anywhere (this widget, another view of the same
        game, ``game.apply`` in Python): the timeline, series and traits follow."""
        if game is not self.game:
            return
        by, self._by = self._by, ""
        if change.kind == "undo":
            self._after_undo(change.count)
            return
        index = change.count - 1
        if index != len(self._entries):  # changed behind our back (push): read it anew
            self._start()
            return
        cascade = self._own_cascade(index)
        self._entries.append(self._entry(self.game, cascade, change.seat, by))
        self._recorder.observe(self.game)
        # the patches run back from the view the browser is sent (the seat now on turn's)
        data = self._cascade_json(cascade, index, self._dynamic(self.game.view(self.viewer())))
        self._sync(data)
        self._send_history(index)

    def _own_cascade(self, index: int) -> Cascade:
        """Action ``index`` played again with its views as this screen sees them, on a copy
        of the game kept one action behind (replayed only when it fell behind)."""
        shadow = self._shadow
        if shadow is None or len(shadow.history) != index:
            shadow = self.game.replay(index)
        shadow.copy_forcing_from(self.game)
        cascade = shadow.apply(self.game.history[index], views=True,
                               perspective=self.viewer(shadow))
        self._shadow = shadow
        return cascade

    def follow(self, game: Game) -> None:
        """Show ``game`` instead (a restart of the table): read as it stands, and listened to."""
        if not isinstance(game, Game) or type(game) is not type(self.game):
            raise TypeError(f"a {self.game.title} screen follows a {self.game.title} game")
        self.seat = _check_view_seat(game, self.seat)
        self.game.remove_listener(self._on_game)
        self.game = game
        self._entries = []
        self._shadow = None
        with self.hold_sync():
            self._start()
        game.add_listener(self._on_game)

    def viewer(self, game: Game | None = None) -> int | None:
        """Whose eyes the board uses: a seat's screen, its seat's; an onlooker's, nobody's
        (None); the hot-seat screen, the seat on turn when a person sits there, else the
        first person's seat (a bot's hidden cards are never sent to the browser), else an
        onlooker's. ``game``: this widget's game at another moment (default: now)."""
        if self.seat != HOT_SEAT:
            return None if self.seat is None else int(self.seat)
        game = self.game if game is None else game
        seat = game.current_player
        if seat is not None and seat not in self._bot_players:
            return seat
        people = [s for s in range(game.players) if s not in self._bot_players]
        return people[0] if people else None

    def cascade_of(self, index: int) -> tuple[dict[str, Any], dict[str, Any], Game]:
        """Action ``index``'s cascade recomputed by replay, as the ``cascade`` trait holds one,
        with the view (its dynamic part) and the game right after that action. Nothing in
        this widget's game changes."""
        history = self.game.history
        if isinstance(index, bool) or not isinstance(index, int) \
                or not 0 <= index < len(history):
            raise MalformedAction(f"there is no action {index!r:.20} to show: "
                                  f"{len(history)} played")
        earlier = self.game.replay(index)
        earlier.copy_forcing_from(self.game)  # this action's own forced outcomes too
        viewer = self.viewer()
        cascade = earlier.apply(history[index], views=True, perspective=viewer)
        view = self._dynamic(earlier.view(viewer))
        return self._cascade_json(cascade, index, view), view, earlier

    def _cascade_json(self, cascade: Cascade, index: int,
                      later: dict[str, Any]) -> dict[str, Any]:
        return {**cascade.to_json(views=False), "label": self._entries[index]["label"],
                "index": index, "patches": self._step_patches(cascade.views or (), later)}

    def _step_patches(self, views: Sequence[dict[str, Any]],
                      later: dict[str, Any]) -> list[list[Any]]:
        """The views after each event as patches backwards from the view after the action
        (``later``), so each step costs what it changed (core/patch.py, js/src/kit/patch.ts)."""
        patches = []
        for view in reversed(views):
            earlier = self._dynamic(view)
            patches.append(diff(later, earlier))
            later = earlier
        return patches[::-1]

    def _dynamic(self, view: dict[str, Any]) -> dict[str, Any]:
        return split(view, self.static_view_paths)[1] if self.static_view_paths else view

    def show(self, index: int) -> None:
        """Send the browser action ``index``'s cascade with the board (and the food web) as
        they were then, for the History and the timeline player; the game does not change."""
        cascade, view, earlier = self.cascade_of(index)
        message: dict[str, Any] = {"kind": "shown", "action": index, "cascade": cascade,
                                   "view": view}
        if self.food_web_changes:  # sent only when it differs from the current web's
            then = self.food_web_data(earlier)
            if then != self._food_web:
                message["food_web"] = then
        self.shown = index
        self.send(message)

    def tell_story(self, subject: str) -> Story:
        """Send the browser the story of a thing (``"token:3"``) or a species: every event
        that touched it, each with the action to jump the timeline to. Nothing changes."""
        told = story(self.game, subject)
        self._tell({"kind": "story", "story": told.to_json()})
        return told

    def explain(self, question: str | None = None, asked: Mapping[str, Any] | None = None,
                event: Sequence[int] | None = None) -> Answer:
        """Send the browser why something happened (``game.why``), told as this board's
        viewer may see it: a question (``"outcome"``, ``"extinction"`` with ``asked``
        ``{"species": ...}``, an id) or an ``event`` ``[action, index]``. Nothing changes."""
        asked = dict(asked or {})
        if len(asked) > 4 or not all(isinstance(k, str) and k.isidentifier()
                                     and isinstance(v, str | int) and not isinstance(v, bool)
                                     for k, v in asked.items()):
            raise MalformedAction("a why message's 'asked' holds up to 4 names, each with a "
                                  "string or a whole number")
        if (question is None) == (event is None):
            raise MalformedAction("a why message names a question or an event, not both")
        if event is not None:
            if len(event) != 2 or not all(isinstance(i, int) and not isinstance(i, bool)
                                          for i in event):
                raise MalformedAction("a why message's event is [action, index]")
            answer = why(self.game, (event[0], event[1]), viewer=self.viewer())
        else:
            answer = why(self.game, question, viewer=self.viewer(), **asked)
        self._tell({"kind": "why", "answer": answer.to_json()})
        return answer

    def _tell(self, message: dict[str, Any]) -> None:
        """Send an answer, and keep it for a view drawn later: ``w.explain(...)`` in the cell
        that shows ``w`` runs before the browser draws it, and would otherwise be lost."""
        self._told = (tuple(self.game.history), message)
        self.send(message)

    def _hello(self) -> None:
        """A view was drawn: its timeline, and the last answer while the game stands as then."""
        self._send_history(0)
        if self._told is not None and self._told[0] == tuple(self.game.history):
            self.send(self._told[1])

    def hint(self, *, playouts: int | None = None, seconds: float | None = None,
             wait: bool = False) -> HintSearch:
        """Ask the MCTS bot what the person on turn might play (see ``lab_widgets``): it
        searches in a background thread and sends the browser ``hint`` messages (progress,
        then its three best choices). Nothing is played. ``wait``: return once it is done."""
        seat = self.game.current_player
        if seat in self._bot_players:
            raise IllegalAction(f"{self.game.player_names[seat]} is a bot's seat: a hint is "
                                "for a person's turn", rule="hint")
        self.cancel_hint()
        options: dict[str, Any] = {k: v for k, v in (("playouts", playouts), ("seconds", seconds))
                   if v is not None}
        self.hint_search = HintSearch(self.game, self.send, **options).start()
        if wait:
            self.hint_search.wait()
        return self.hint_search

    def cancel_hint(self) -> None:
        """Stop the hint being searched, if any (the browser is told ``cancelled``)."""
        if self.hint_search is not None and self.hint_search.running:
            self.hint_search.cancel()

    def chance_options(self, index: int) -> dict[str, Any]:
        """Action ``index``'s chance draws as the board's seat may see them; sent to the
        browser as the ``chances`` message (the What if… form)."""
        message = chance_options(self.game, index, self.viewer())
        self.send(message)
        return message

    def what_if(self, index: int, draw: int, choice: int) -> dict[str, Any]:
        """What if draw ``draw`` of action ``index`` had come out as its outcome number
        ``choice``: that action's cascade played again so, with the board after it, and the
        populations as the seats' bots (a person's seat: the game's greedy bot) play on for as
        many actions as really followed. Sent as the ``what_if`` message; this widget's game
        does not change."""
        viewer = self.viewer()
        other = alternative(self.game, index, draw, choice, viewer)
        outcome, cascade, after = other.outcome, other.cascade, other.after
        real = self.game.chances(index)[draw]
        stand_in = greedy_bot_name(self.game.name) or "random"
        seats = {s: self.bots.get(str(s), stand_in) for s in range(self.game.players)}
        later = len(self.game.history) - index - 1
        recorder = play_on(after, seats, later, seed=index)
        message = {
            "kind": "what_if", "action": index, "draw": draw, "choice": choice,
            "name": real.name, "outcome": real.label(outcome), "real": real.label(real.outcome),
            "cascade": self._cascade_json(cascade, index, self._dynamic(after.view(viewer))),
            "view": self._dynamic(after.view(viewer)),
            "series": self._series_json(recorder),
            "played_on": later, "stand_in": stand_in,
            "from_step": self._spec.steps_done(other.before),
        }
        self.send(message)
        return message

    def _send_history(self, start: int) -> None:
        """The timeline from action ``start`` on (the browser drops what it held from there):
        sent as a message, so each move costs its own entry, not the whole history again."""
        self.send({"kind": "history", "from": start, "entries": self._entries[start:]})

    def act_by_id(self, action_id: int, *, by: str = "") -> None:
        legal = self.game.legal_actions()
        if not 0 <= action_id < len(legal):
            raise IllegalAction(f"there is no legal action number {action_id} "
                                f"({len(legal)} are legal now)")
        self.act(legal[action_id], by=by)

    def undo(self, to: int | None = None) -> None:
        """Take back the last action, or return to the state after the first ``to`` (play
        from there): the panel then shows the action that led to that state."""
        if to is None:
            self.game.undo()
        else:
            self.game.undo_to(to)

    def _after_undo(self, count: int) -> None:
        """The game went back to its first ``count`` actions (``_on_game``)."""
        self._shadow = None
        del self._entries[count:]
        self._recorder = record_history(self.game)[1]
        self.shown = None
        self._sync(self.cascade_of(count - 1)[0] if count else None)
        self._send_history(count)

    def bot_move(self) -> None:
        """The bot in the current seat (a random one if the seat is a person's) plays once."""
        legal = self.game.legal_actions()
        if not legal:
            raise IllegalAction("there is nothing to play: the game is over")
        seat = self.game.current_player
        bot = self._bot_players.get(0 if seat is None else seat)
        name = self.bots.get(str(0 if seat is None else seat), "random")
        if bot is None:
            bot = RandomBot(len(self.game.history))
        self.act(bot.choose(self.game, legal), by=name)

    def set_bot(self, seat: int, name: str) -> None:
        """Give ``seat`` to the bot called ``name`` ('' gives it back to a person). Only a
        bot that plays this game (or any game) takes a seat; otherwise nothing changes."""
        player = self._check_seat(self.game, seat, name)
        viewer = self.viewer()
        bots = dict(self.bots)
        if player is not None:
            self._bot_players[seat] = player
            bots[str(seat)] = name
        else:
            self._bot_players.pop(seat, None)
            bots.pop(str(seat), None)
        self.bots = bots
        self._sync_setup()  # the New game form seats whoever sits here now
        if self.viewer() != viewer:  # the board now shows another seat's cards
            self._sync(self.cascade_of(len(self._entries) - 1)[0] if self._entries else None)

    @staticmethod
    def _check_seat(game: Game, seat: Any, name: Any) -> Any:
        """The bot for ``seat`` (None for a person); raises when either is wrong."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise MalformedAction(f"there is no seat {seat!r:.20} in a {game.players}-player "
                                  "game")
        if not isinstance(name, str):
            raise MalformedAction(f"a bot's name is a string, got {type(name).__name__}")
        if not name:
            return None
        owner = bot_game(name)
        if owner is not None and owner != game.name:
            raise IllegalAction(
                f"the bot {name!r} plays {owner}, not {game.name}: a seat in "
                f"{game.title or game.name} takes "
                f"{', '.join(repr(b) for b in bots_for(game.name))}", rule="seat")
        return make_bot(name, seed=seat)

    def new_game(self, seed: int | None = None, *, players: int | None = None,
                 options: Mapping[str, Any] | None = None,
                 seats: Mapping[str | int, str] | None = None) -> None:
        """Start again: the same players and options unless given (a new seed unless given).

        ``options``: set-up options by name, each checked against ``Game.option_specs``;
        ``seats``: ``{seat: bot name}`` ('' a person) for the new game; seats not named keep
        their player when the number of players stays. Every field is checked before the
        game changes: a bad one raises and nothing changes."""
        cls = type(self.game)
        players = self.game.players if players is None else players
        if isinstance(players, bool) or not isinstance(players, int) \
                or not cls.min_players <= players <= cls.max_players:
            raise MalformedAction(f"{cls.title or cls.name} is for {cls.min_players} to "
                                  f"{cls.max_players} players, not {players!r:.20}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                                 or not 0 <= seed < 2**63):
            raise MalformedAction(f"a seed is a whole number from 0 to 2**63 - 1, not "
                                  f"{seed!r:.30}")
        chosen = dict(options or {})
        for name, value in chosen.items():
            try:
                spec = cls.option(name)
            except KeyError as error:
                raise MalformedAction(error.args[0]) from None
            if not spec.in_forms:
                raise MalformedAction(f"the option {name!r} cannot be set from the form")
            spec.check(value)
        kept = self.game.options if players == self.game.players else {
            name: value for name, value in self.game.options.items()
            if any(o.name == name and o.in_forms for o in cls.option_specs)}
        seating = {s: self.bots.get(str(s), "") for s in range(players)
                   if players == self.game.players}
        for key, name in (seats or {}).items():
            seat = int(key) if isinstance(key, str) and key.isdigit() else key
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
                raise MalformedAction(f"there is no seat {key!r:.20} in a {players}-player game")
            seating[seat] = name
        game = cls.new_game(players=players, seed=seed, **{**kept, **chosen})
        made = {seat: self._check_seat(game, seat, name) for seat, name in seating.items()}
        self.game.remove_listener(self._on_game)
        game.add_listener(self._on_game)
        self._shadow = None
        self.game = game
        self._entries = []
        self._bot_players = {seat: bot for seat, bot in made.items() if bot is not None}
        with self.hold_sync():
            self.bots = {str(seat): seating[seat] for seat in self._bot_players}
            drawing = self._drawing()
            if drawing != {k: v for k, v in self.drawing.items() if k != "static_view"}:
                self.drawing = {**drawing, **({"static_view": self.drawing["static_view"]}
                                              if "static_view" in self.drawing else {})}
            self._start()

    @property
    def step(self) -> int:
        """The step of the last action's cascade the browser says it shows (-1: the current
        state, as after every new cascade). The browser owns the shown step (it steps and
        plays the cascade without asking); Python never sets it, only records what the
        ``step`` message reports (docs/widget-protocol.md)."""
        return self._shown_step

    def shows_step(self, index: int) -> None:
        """The browser reports that it shows cascade step ``index`` (the ``step`` message)."""
        count = len(self.cascade.get("events", []))
        if not isinstance(index, int) or isinstance(index, bool) or not -1 <= index < count:
            raise MalformedAction(f"there is no step {index!r}: the cascade has {count} steps")
        self._shown_step = index

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
            kind = self._dispatch(content)
            if kind in _CHANGES_THE_GAME:
                self.error = ""
        except _Dropped:
            pass
        except (EcogamesError, ValueError, TypeError) as error:
            self.error = str(error)
        except Exception as error:  # the kernel must survive anything a browser sends
            self.error = f"internal error ({type(error).__name__}): {error}"

    def _dispatch(self, content: Any) -> str:
        if not isinstance(content, Mapping):
            raise MalformedAction(f"a message must be an object, got {type(content).__name__}")
        if _deeper_than(content, MAX_MESSAGE_DEPTH):  # json.dumps would recurse too deep
            raise MalformedAction(f"message nested too deeply (more than {MAX_MESSAGE_DEPTH} "
                                  "levels of lists and objects)")
        size = len(json.dumps(content, default=str))
        if size > MAX_MESSAGE_BYTES:
            raise MalformedAction(f"message too large ({size} bytes; the limit is "
                                  f"{MAX_MESSAGE_BYTES})")
        kind: Any = content.get("kind")
        fields = {k: v for k, v in content.items() if k != "kind"}
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise MalformedAction(f"unknown message kind {kind!r:.40}; known: "
                                  f"{', '.join(sorted(_HANDLERS))}")
        spec, call = handler
        if self.seat != HOT_SEAT and kind not in _SEAT_SCREEN:
            whose = "an onlooker's" if self.seat is None else "a seat's"
            raise IllegalAction(f"{whose} screen cannot send {kind!r}: it plays its own turn "
                                f"and looks back ({', '.join(sorted(_SEAT_SCREEN))}); the "
                                "table's host or the hot-seat widget does the rest",
                                rule="seat")
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
        return kind

    # -- traits -----------------------------------------------------------------------------

    def _sync(self, cascade: dict[str, Any] | None = None) -> None:
        self.cancel_hint()  # the game changed: a hint searched before would be stale
        game = self.game
        legal = game.legal_actions()
        outcome = game.outcome
        static, dynamic = split(game.view(self.viewer()), self.static_view_paths)
        if self.food_web_changes:
            self._food_web = self.food_web_data()
        series = self._series_json(self._recorder)
        with self.hold_sync():
            if static != self.drawing.get("static_view", {}):
                self.drawing = {**self.drawing, "static_view": static}
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
            # (and another seat's moves are that seat's, for the same reason)
            mine = self.plays(game.current_player)
            self.legal = [[game.describe(a), a.to_json()] for a in legal] if mine else []
            self.cascade = cascade or {}
            self._shown_step = -1  # a new cascade: the browser shows its end
            self.food_web = self._food_web
            self.error = ""
            if series != self.series:
                self.series = series
            self._sync_setup()

    def _sync_setup(self) -> None:
        """The ``setup`` trait: the form, and the game as set up now (its seats included)."""
        game = self.game
        setup = {**type(game).setup_form(), "current": {
            "players": game.players, "options": _json_options(game.options),
            "seats": {str(s): self.bots.get(str(s), "") for s in range(game.players)}}}
        if setup != self.setup:
            self.setup = setup

    def legal_entries(self) -> list[dict[str, Any]]:
        """The ``legal`` trait as ``{"id", "label", "action"}`` (the trait sends
        ``[label, action]`` pairs: the id is the position)."""
        return [{"id": i, "label": label, "action": action}
                for i, (label, action) in enumerate(self.legal)]

    def drawing_layout(self) -> dict[str, Any]:
        """Static data the board needs to draw but the view does not carry (e.g. positions
        of an Ability map laid out by networkx). Games override it; computed once."""
        return {}

    def _drawing(self) -> dict[str, Any]:
        """The ``drawing`` trait: the game's layout and its palette (``core.palette``), the
        one source of the board's, the food web's and the plot's colours."""
        return {**self.drawing_layout(), "palette": palette_of(self.game).to_json()}

    def _series_json(self, recorder: SeriesRecorder) -> dict[str, Any]:
        """The ``series`` trait: the recorded series with its colours and title."""
        spec = recorder.spec
        return {**recorder.series.to_json(), "colours": dict(spec.colours),
                "markers": dict(spec.markers), "title": spec.title, "unit": spec.unit}

    def food_web_graph(self, game: Game) -> nx.DiGraph | None:
        """The web the panel shows for ``game``: by default the game's own
        (``Game.food_web()``), None when it has none. A game's widget overrides this to
        show another web (the species in the Packs, the cards in play)."""
        try:
            return game.food_web()
        except NotImplementedError:
            return None

    def food_web_frame(self) -> nx.DiGraph | None:
        """A larger web whose layout the panel keeps while ``food_web_graph`` grows in it
        (nodes stay put as they arrive); None lays out the web shown itself."""
        return None

    def food_web_data(self, game: Game | None = None) -> dict[str, Any]:
        """The ``food_web`` trait: ``food_web_graph`` of ``game`` (by default this widget's)
        laid out in Python (``core.graphs.food_web_json``: rows, label boxes). Each distinct
        web is laid out once; set ``food_web_changes`` when the web changes in play."""
        web = self.food_web_graph(game or self.game)
        if web is None:
            return {}
        data = food_web_json(web, frame=self.food_web_frame())
        palette = palette_of(self.game)
        for node in data["nodes"]:
            swatch = palette.swatch(str(web.nodes[_node_id(web, node["id"])].get("group",
                                                                                node["id"])))
            if swatch is not None:
                node.update(colour=swatch.colour, shape=swatch.shape)
        return data

    def traits_json(self) -> dict[str, Any]:
        """Every synced trait as plain JSON, and the timeline the browser is sent as a
        message (``history``): the fixtures the JS tests render."""
        names = ["game_id", "title", "view", "status", "legal", "cascade", "food_web",
                 "error", "bots", "bot_names", "drawing", "series", "setup"]
        # "step": where the browser stood (not a trait; the JS tests' mount goes there)
        return {**{name: getattr(self, name) for name in names}, "step": self.step,
                "history": self.timeline}


def _json_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as JSON (a tuple of maps becomes a list)."""
    return json.loads(json.dumps(options, default=list))



def _check_view_seat(game: Game, seat: Any) -> int | str | None:
    """``seat`` as a widget's ``seat=`` takes it: HOT_SEAT, None or one of the game's seats."""
    if seat is None or seat == HOT_SEAT:
        return seat  # type: ignore[no-any-return]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise ValueError(f"seat= is one of the game's seats (0 to {game.players - 1}), None "
                         f"(an onlooker) or {HOT_SEAT!r}, not {seat!r:.20}")
    return seat


def _act(w: GameWidget, action: Any = None, id: Any = None) -> None:  # noqa: A002
    if (action is None) == (id is None):
        raise MalformedAction("an 'act' message needs either 'action' or 'id'")
    if not w.plays(w.game.current_player):
        raise IllegalAction(w._not_yours(), rule="seat")
    if id is not None:
        w.act_by_id(id)
    else:
        w.act(action)


def _undo(w: GameWidget, to: Any = None) -> None:
    if to is None and not w.game.history:
        raise _Dropped  # a click sent before the browser saw the game back at its start
    w.undo(to)


def _bot(w: GameWidget) -> None:
    """Step: the bot in the seat on turn plays once. On a person's turn the browser offers no
    Step (it would play the person's move), so a late click is dropped."""
    seat = w.game.current_player
    if not w.game.is_over and (0 if seat is None else seat) not in w._bot_players:
        raise _Dropped
    w.bot_move()


def _deeper_than(content: Any, limit: int) -> bool:
    """Whether lists and objects nest more than ``limit`` deep (walked without recursion)."""
    stack = [(content, 1)]
    while stack:
        node, depth = stack.pop()
        children = node.values() if isinstance(node, Mapping) else \
            node if isinstance(node, list | tuple) else ()
        for child in children:
            if isinstance(child, Mapping | list | tuple):
                if depth + 1 > limit:
                    return True
                stack.append((child, depth + 1))
    return False


def _new_game(w: GameWidget, seed: Any = None, players: Any = None, options: Any = None,
              seats: Any = None) -> None:
    w.new_game(seed, players=players, options=options, seats=seats)


_HANDLERS: dict[str, tuple[dict[str, tuple[tuple[type, ...], bool]], Any]] = {
    "act": ({"action": ((dict,), False), "id": ((int,), False)}, _act),
    "undo": ({"to": ((int,), False)}, _undo),
    "bot": ({}, _bot),
    "seat": ({"player": ((int,), True), "bot": ((str,), True)},
             lambda w, player, bot: w.set_bot(player, bot)),
    "new_game": ({"seed": ((int,), False), "players": ((int,), False),
                  "options": ((dict,), False), "seats": ((dict,), False)}, _new_game),
    "step": ({"index": ((int,), True)}, lambda w, index: w.shows_step(index)),
    "show": ({"action": ((int,), True)}, lambda w, action: w.show(action)),
    "hello": ({}, lambda w: w._hello()),
    "hint": ({}, lambda w: w.hint()),
    "story": ({"subject": ((str,), True)}, lambda w, subject: w.tell_story(subject)),
    "why": ({"question": ((str,), False), "asked": ((dict,), False),
             "event": ((list,), False)},
            lambda w, question=None, asked=None, event=None: w.explain(question, asked, event)),
    "hint_cancel": ({}, lambda w: w.cancel_hint()),
    "chances": ({"action": ((int,), True)}, lambda w, action: w.chance_options(action)),
    "what_if": ({"action": ((int,), True), "draw": ((int,), True), "choice": ((int,), True)},
                lambda w, action, draw, choice: w.what_if(action, draw, choice)),
}
"""Message kind -> ({field: (JSON types, required)}, handler)."""

_SEAT_SCREEN = frozenset({"act", "step", "show", "hello", "chances", "story", "why"})
"""What a seat's or an onlooker's screen may send: its own moves (``act`` only on its turn)
and looking back (a story or a why tells the events ``show`` would, and a chance draw as that
seat saw it). Undo, bots, seats, new games, hints and what-ifs are the table's."""

_CHANGES_THE_GAME = frozenset({"act", "undo", "bot", "seat", "new_game", "step"})
"""The messages after which an old error no longer applies (cleared when they succeed);
``show``, ``hello``, ``hint``, ``hint_cancel``, ``chances``, ``what_if``, ``story`` and
``why`` only read, and leave the error shown."""


def _node_id(web: nx.DiGraph, name: str) -> Any:
    """The node of ``web`` whose ``str`` is ``name`` (the JSON names nodes by their str)."""
    return name if name in web else next(n for n in web if str(n) == name)
