"""What the game widget asks for beside play: a hint from the search bot, and the experiment
form. ("What if…", the other beside play, is in ``experiments``: ``chance_options``,
``alternative``, ``play_on``.)

**A hint** (:class:`HintSearch`): the MCTS bot searches for the seat on turn, a person's, and
the browser is sent the three choices it played out most, with their estimated results. The
move is not played. The search runs in a background thread of the kernel, on a clone of the
game, and speaks to the browser only through custom messages (``widget.send``), never by
setting a trait:

- a thread leaves the kernel's shell loop free while it searches, so a "cancel" (or any other
  message, or a cell) is handled at once; steps scheduled on the IO loop would block every
  message for the length of each step (one Tori rollout runs thousands of actions), and the
  kernel's loop is not the same object from one ipykernel to the next;
- the thread touches nothing the kernel's thread uses: the search works on its own clone (the
  bot determinizes it for the seat, so it never searches on what the seat cannot see), and
  ipykernel hands every IOPub send from another thread to its IO thread, which is safe;
- where threads cannot start (Pyodide, JupyterLite), the search runs at once with a smaller
  budget and the browser is told so.

**The experiment form** (:class:`ExperimentForm`, ``ecogames.experiment_widget(game)``): a
small ipywidgets form over :func:`ecogames.experiment`. The game; its sweep built from the game
itself — the players (a range slider over the game's player counts), the bots (every bot that
plays it, ``bots_for``), each set-up option of ``option_specs`` (a range slider for a whole
number, a multiple choice for a menu); the number of games per setting; the series to plot
and the parameter to split it by. Several values are picked by clicking toggle buttons
(:class:`Choices`: no Ctrl-click), and a seat option ("First player") counts from 1, as the
game widget counts seats. **Run** plays the sweep with a progress bar (one tick per game),
then shows, in this order: a summary (the chosen outcome per setting, such as the team's win
rate, with its 95% interval and the number of games: ``experiments.summary``), the chosen
series' means with their 95% bands (``core.plots.plot_mean_bands``; the legend outside the
axes, where it covers no line), and, folded, the games table with only the columns that mean
something for the game (``experiments.readable_games``). All of it comes from the one
:class:`~ecogames.experiments.Experiment` that ran (``form.result``): nothing is played twice.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import TYPE_CHECKING, Any

import ipywidgets as w
import traitlets as t

from .bots import bots_for
from .bots.mcts import MCTSBot, Search, greedy_bot_name
from .core import Game, IllegalAction
from .core.options import Option
from .core.series import series, spec_of

if TYPE_CHECKING:  # pandas is imported when an experiment runs, not with the game widget
    import pandas as pd

    from .experiments import Experiment, GameSource

HINT_PLAYOUTS = 400
"""Playouts of a hint's search (it stops sooner at ``HINT_SECONDS``)."""
HINT_SECONDS = 10.0
"""The longest a hint searches, in seconds."""
HINT_SHOWN = 3
"""How many of the search's choices the browser is shown."""
PROGRESS_EVERY = 0.15
"""Seconds between two progress messages (the bot calls back every 10 playouts)."""
NO_THREAD_PLAYOUTS = 60
"""Where no thread can start (Pyodide), the search runs at once with this budget."""

Send = Callable[[dict[str, Any]], Any]


class HintSearch:
    """One hint being searched for ``game``'s seat on turn, in a thread; ``cancel()`` stops it.

    Messages sent (``send``): ``{"kind": "hint", "status": "searching", "turn", "seat",
    "done", "planned", "seconds"}`` while it runs, then ``"done"`` with ``"choices"`` (the
    best first: ``{"id", "label", "visits", "value", "action"}``), ``"cancelled"`` or
    ``"error"`` (with ``"error"``)."""

    def __init__(self, game: Game, send: Send, *, playouts: int | None = None,
                 seconds: float | None = None, seed: int | None = None) -> None:
        seat = game.current_player
        if game.is_over or seat is None:
            raise IllegalAction("there is nothing to hint: the game is over" if game.is_over
                                else "no seat is on turn: there is nothing to hint")
        self.turn = len(game.history)
        self.seat = seat
        self.legal = game.legal_actions()
        self.game = game.clone()  # the search's own: the widget's game plays on beside it
        self.send = send
        self.playouts = HINT_PLAYOUTS if playouts is None else playouts  # read at each hint
        self.seconds = HINT_SECONDS if seconds is None else seconds
        self.seed = self.turn if seed is None else seed
        self.cancelled = threading.Event()
        self.finished = threading.Event()
        self.result: Search | None = None
        self.threaded = True
        self._last = 0.0
        self.thread = threading.Thread(target=self._run, name="ecogames-hint", daemon=True)

    def start(self) -> HintSearch:
        try:
            self.thread.start()
        except RuntimeError:  # no threads here (Pyodide): a short search, at once
            self.threaded = False
            self.playouts = min(self.playouts, NO_THREAD_PLAYOUTS)
            self._run()
        return self

    def cancel(self) -> None:
        self.cancelled.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the search has ended; True if it has."""
        return self.finished.wait(timeout)

    @property
    def running(self) -> bool:
        return not self.finished.is_set()

    def _message(self, status: str, **fields: Any) -> dict[str, Any]:
        return {"kind": "hint", "status": status, "turn": self.turn, "seat": self.seat,
                "threaded": self.threaded, **fields}

    def _progress(self, done: int, planned: int) -> bool:
        if self.cancelled.is_set():
            return False
        now = time.monotonic()
        if now - self._last >= PROGRESS_EVERY:
            self._last = now
            self.send(self._message("searching", done=done, planned=planned,
                                    seconds=self.seconds))
        return True

    def _run(self) -> None:
        try:
            self.send(self._message("searching", done=0, planned=self.playouts,
                                    seconds=self.seconds))
            bot = MCTSBot(self.seed, playouts=self.playouts, seconds=self.seconds)
            search = bot.search(self.game, self.legal, progress=self._progress)
            if self.cancelled.is_set():
                self.send(self._message("cancelled", done=search.playouts))
                return
            self.result = search
            self.send(self._message("done", **hint_json(self.game, self.legal, search)))
        except Exception as error:  # a hint must never take the kernel down
            self.send(self._message("error", error=f"{type(error).__name__}: {error}"))
        finally:
            self.finished.set()


def hint_json(game: Game, legal: list[Any], search: Search,
              shown: int = HINT_SHOWN) -> dict[str, Any]:
    """The search's best ``shown`` choices for the browser: each with its legal id (the
    position in ``legal``), the game's label, the playouts it got and its mean result
    (``value``, 0..1: about the win rate, a tenth of it the score's tie-break)."""
    index = {action: i for i, action in enumerate(legal)}
    choices = []
    for choice in search.choices[:shown]:
        choices.append({**choice.to_json(), "id": index.get(choice.action),
                        "label": game.describe(choice.action)})
    return {"choices": choices, "playouts": search.playouts,
            "seconds": round(search.seconds, 2), "cooperative": type(game).cooperative,
            "done": search.playouts, "planned": search.playouts}


# -- the experiment form ----------------------------------------------------------------------

GAMES_MAX = 200
"""The most games per setting the slider offers."""
AUTO = "(auto)"
"""Split by: one line per value of the parameter the sweep varies (when it varies one)."""


class _Counting(Executor):
    """Plays each submitted chunk at once, in this process, and counts the games done: the
    progress bar's source (``experiment(executor=...)`` hands it one game per chunk)."""

    _max_workers = 1

    def __init__(self, tick: Callable[[int], None]) -> None:
        self.tick = tick

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            result = fn(*args, **kwargs)
        except BaseException as error:  # an interrupt stops the sweep, as experiment() says
            if isinstance(error, KeyboardInterrupt):
                raise
            future.set_exception(error)
        else:
            future.set_result(result)
            self.tick(len(result) if isinstance(result, list) else 1)
        return future


class Choices(w.HBox):
    """Several values picked by clicking: one toggle button per option, pressed when chosen
    (a multiple choice that needs no Ctrl-click). ``options``: values, or (label, value)
    pairs, as ``SelectMultiple`` takes them; ``value``: the chosen values, in their order."""

    value = t.Tuple(help="The chosen values, in the options' order.")

    def __init__(self, options: list[Any], value: tuple[Any, ...] = (), *, description: str = "",
                 tooltip: str = "") -> None:
        self.options = list(options)
        self._showing = False
        self._values = [o[1] if isinstance(o, tuple) else o for o in self.options]
        self.buttons = [
            w.ToggleButton(description=str(o[0] if isinstance(o, tuple) else o),
                           tooltip=tooltip, layout=w.Layout(width="auto"))
            for o in self.options]
        # right-aligned like the descriptions of the sliders and menus above and below
        label = w.HTML(f"<div title='{_escape(tooltip)}' style='text-align:right; "
                       f"padding-right:8px'>{_escape(description)}</div>",
                       layout=w.Layout(width="148px", flex="0 0 auto"))
        super().__init__([label, w.HBox(self.buttons, layout=w.Layout(flex_flow="row wrap"))],
                         layout=w.Layout(width="640px", align_items="center"))
        self.description = description
        self.add_class("eg-choices")
        self.observe(self._show, names="value")
        self.value = tuple(v for v in self._values if v in value)
        self._show()
        for button in self.buttons:
            button.observe(self._clicked, names="value")

    def _clicked(self, _change: Any) -> None:
        if not self._showing:
            self.value = tuple(v for v, b in zip(self._values, self.buttons) if b.value)

    def _show(self, _change: Any = None) -> None:
        self._showing = True  # the buttons follow the value: their changes are not clicks
        try:
            for v, button in zip(self._values, self.buttons):
                button.value = v in self.value
                button.button_style = "info" if button.value else ""
        finally:
            self._showing = False


class _SeatRange(w.IntRangeSlider):
    """A range of seats shown counted from 1 (``Player 1``), as the widget counts seats."""


def _control(option: Option) -> w.Widget:
    """A sweep control for one set-up option: a range for a whole number (a seat counted
    from 1), else toggle buttons."""
    layout = w.Layout(width="420px")
    style = {"description_width": "140px"}
    if not option.choices:
        assert option.low is not None and option.high is not None
        shift = 1 if option.counts_seats else 0
        kind = _SeatRange if option.counts_seats else w.IntRangeSlider
        return kind(value=(option.default + shift, option.default + shift),
                    min=option.low + shift, max=option.high + shift,
                    description=option.label,
                    tooltip=option.help, style=style, layout=layout)
    labels = option.choice_labels or tuple(str(c) for c in option.choices)
    return Choices(list(zip(labels, option.choices)), (option.default,),
                   description=option.label, tooltip=option.help)


def _values(control: w.Widget) -> list[Any]:
    if isinstance(control, w.IntRangeSlider):
        low, high = control.value
        shift = 1 if isinstance(control, _SeatRange) else 0
        return list(range(low - shift, high + 1 - shift))
    return list(control.value)


class ExperimentForm(w.VBox):
    """The form: ``ExperimentForm("toritori")`` (a game's name, class or a game). Set its
    controls (``form.players``, ``form.bots``, ``form.options[name]``, ``form.games``,
    ``form.quantities``, ``form.by``) by hand or in code, then ``form.run()`` (the Run
    button). ``form.result`` is the :class:`Experiment`; ``form.figure`` its plot and
    ``form.table`` its games frame."""

    def __init__(self, game: GameSource | Game = "toritori") -> None:
        from . import GAMES
        from .experiments import game_class

        cls = type(game) if isinstance(game, Game) else game_class(game)
        style = {"description_width": "140px"}
        wide = w.Layout(width="420px")
        names = list(GAMES) if cls.name in GAMES else [cls.name, *GAMES]
        self.game = w.Dropdown(options=names, value=cls.name, description="Game",
                               style=style, layout=wide)
        self.games = w.IntSlider(value=10, min=1, max=GAMES_MAX, description="Games per setting",
                                 style=style, layout=wide)
        self.run_button = w.Button(description="Run", button_style="primary", icon="play",
                                   tooltip="Play every setting with every seed")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Games",
                                      style=style, layout=w.Layout(width="420px"),
                                      bar_style="info")
        self.message = w.HTML()
        self.outcome = w.Dropdown(options=[], description="Summary of", style=style,
                                  layout=wide, disabled=True,
                                  tooltip="The outcome counted per setting in the summary")
        self.summary_html = w.HTML()
        self.summary_box = w.VBox([self.outcome, self.summary_html])
        self.summary_box.layout.display = "none"
        self.plot_output = w.Output()
        self.table_output = w.Output()
        self.table_box = w.Accordion([self.table_output], selected_index=None)
        self.table_box.set_title(0, "Every game (a table)")
        self.table_box.layout.display = "none"
        self.sweep = w.VBox()
        self.result: Experiment | None = None
        self.figure: Any = None
        self.table: Any = None
        self._quiet = False
        self.summary: pd.DataFrame | None = None
        """The last summary shown (``experiments.summary``): settings, games, value, low, high."""
        self._cls: type[Game] = cls
        self._build(cls)
        self.game.observe(lambda change: self._build(game_class(change["new"])), names="value")
        self.run_button.on_click(lambda _button: self.run())
        self.outcome.observe(lambda _change: self._show_summary(), names="value")
        super().__init__([self.game, self.sweep, self.games, w.HBox([self.run_button]),
                          self.progress, self.message, self.summary_box, self.plot_output,
                          self.table_box])

    def _build(self, cls: type[Game]) -> None:
        """The sweep controls of game ``cls``."""
        self._cls = cls
        style = {"description_width": "140px"}
        wide = w.Layout(width="420px")
        low, high = cls.min_players, cls.max_players
        default = max(2, low) if high >= 2 else low
        self.players = w.IntRangeSlider(value=(default, default), min=low, max=max(high, low),
                                        description="Players", style=style, layout=wide,
                                        disabled=low == high)
        bots = bots_for(cls.name)
        self.bots = Choices(bots, (greedy_bot_name(cls.name) or "random",),
                            description="Bots (every seat)",
                            tooltip="Each bot chosen plays every seat, in a setting of its own")
        self.options = {o.name: _control(o) for o in cls.option_specs if o.in_forms}
        quantities = list(spec_of(cls).colours) or list(series(cls.new_game(
            players=default, seed=0)).values)
        self.quantities = Choices(quantities, tuple(quantities[:3]),
                                  description="Series to plot")
        self.by = w.Dropdown(options=[("(what the sweep varies)", AUTO),
                                      ("(none: all games together)", "(none)"),
                                      ("Players", "players"),
                                      ("Bots", "bots"),
                                      *((o.label, o.name) for o in cls.option_specs
                                        if o.name in self.options)],
                             value=AUTO, description="Split by", style=style, layout=wide,
                             tooltip="One line per value of this parameter (by default the "
                                     "one the sweep varies, when it varies one)")
        self.sweep.children = [self.players, self.bots, *self.options.values(),
                               self.quantities, self.by]

    def grid(self) -> dict[str, list[Any]]:
        """The sweep as ``experiment(grid=...)`` takes it, from the controls."""
        grid: dict[str, list[Any]] = {"players": _values(self.players),
                                      "bots": list(self.bots.value) or ["random"]}
        for name, control in self.options.items():
            grid[name] = _values(control) or [self._cls.option(name).default]
        return grid

    def run(self) -> Experiment:
        """Play the sweep (the progress bar ticks once a game), then plot and tabulate it."""
        from .core.plots import plot_mean_bands
        from .experiments import experiment, readable_games

        grid = self.grid()
        settings = 1
        for values in grid.values():
            settings *= len(values)
        self.progress.max = settings * self.games.value
        self.progress.value = 0
        self.progress.bar_style = "info"
        self.message.value = f"Playing {self.progress.max} games…"
        self.run_button.disabled = True

        def tick(n: int) -> None:
            self.progress.value += n

        try:
            result = experiment(self._cls, grid=grid, seeds=self.games.value,
                                executor=_Counting(tick), chunksize=1, progress=False)
        except Exception as error:
            self.progress.bar_style = "danger"
            self.message.value = f"<b>Could not run:</b> {_escape(str(error))}"
            raise
        finally:
            self.run_button.disabled = False
        self.result = result
        self.progress.bar_style = "success"
        broken = len(result.errors)
        self.message.value = (f"{len(result.results)} games played" +
                              (f"; {broken} raised an error (see the table)" if broken else ""))
        by = self._split_by(result)
        frame = result.series
        quantities = list(self.quantities.value) or None
        import matplotlib.pyplot as plt
        from IPython.display import display

        self.plot_output.clear_output()
        self.table_output.clear_output()
        self.figure = None
        self._offer_outcomes(result)
        with self.plot_output:
            if frame.empty:
                display(w.HTML("This game records no series to plot."))
            else:
                figure, ax = plt.subplots(figsize=(7, 4))
                # the default title counts the games behind each line
                plot_mean_bands(frame, quantities, by=by, ax=ax, xlabel=result.step,
                                colours=dict(spec_of(self._cls).colours) if by is None
                                else None)
                _legend_outside(ax)
                figure.tight_layout()
                display(_png(figure))  # a picture whatever the kernel's backend (Agg too)
                plt.close(figure)  # shown once, in the form (not again below the cell)
                self.figure = figure
        self.table = readable_games(result)
        self.table_box.set_title(0, f"Every game ({len(self.table)}): the table")
        self.table_box.layout.display = ""
        with self.table_output:
            display(self.table.style.hide(axis="index"))
        return result

    def _split_by(self, result: Experiment) -> str | None:
        """The plot's ``by``: the parameter chosen, or (AUTO) the one the sweep varied."""
        from .experiments import settings

        if self.by.value == AUTO:
            varied = settings(result.games)
            return varied[0] if len(varied) == 1 else None
        return None if self.by.value == "(none)" else self.by.value

    def _offer_outcomes(self, result: Experiment) -> None:
        """The outcomes this experiment can be summarised by; the one chosen is kept."""
        from .experiments import outcomes

        labels = [o.label for o in outcomes(result)]
        chosen = self.outcome.value if self.outcome.value in labels else labels[0]
        self._quiet = True  # the summary is drawn once, below
        try:
            self.outcome.options = labels
            self.outcome.value = chosen
        finally:
            self._quiet = False
        self.outcome.disabled = False
        self._show_summary()

    def _show_summary(self) -> None:
        """The summary table of the outcome chosen, per setting (``experiments.summary``)."""
        from .experiments import summary

        if self.result is None or not self.outcome.value or self._quiet:
            return
        self.summary = summary(self.result, self.outcome.value)
        self.summary_html.value = summary_html(self.result, self.summary, self.outcome.value)
        self.summary_box.layout.display = ""


def _escape(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("'", "&#39;"))


def _png(figure: Any) -> Any:
    """The figure as a PNG image for ``display``, cut to what it draws (the legend beside the
    axes included)."""
    import io

    from IPython.display import Image

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    return Image(buffer.getvalue(), format="png")


def _legend_outside(ax: Any) -> None:
    """Move the axes' legend to the right of the plot, where it covers no line."""
    handles, labels = ax.get_legend_handles_labels()
    if ax.get_legend() is not None and handles:
        ax.legend(handles, labels, loc="upper left", bbox_to_anchor=(1.02, 1.0),
                  borderaxespad=0.0, frameon=False, fontsize=10)


def summary_html(result: Experiment, table: pd.DataFrame, label: str) -> str:
    """The summary as a small HTML table: each setting, its games, the outcome (a rate in
    percent) with its 95% interval; above it, the settings all games shared."""
    from .experiments import _outcome, _parameter_words, parameters, settings

    games = result.games
    outcome = _outcome(result, label)
    varied = settings(games)
    words = {name: _parameter_words(result.game, name) for name in parameters(games)}
    common = ", ".join(f"{words[name][0].lower()}: {words[name][1](games[name].iloc[0])}"
                       for name in words if name not in varied)

    def number(value: float) -> str:
        if value != value:  # NaN: one game has no interval
            return "?"
        return f"{100 * value:.0f}%" if outcome.rate else f"{value:.1f}"

    head = [_escape(words[name][0]) for name in varied]
    rows = []
    for row in table.to_dict("records"):  # each column keeps its type (iterrows: floats)
        shown = [_escape(str(words[name][1](row[name]))) for name in varied] or ["all games"]
        rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in shown) +
                    f"<td><b>{number(row['value'])}</b></td>"
                    f"<td>{number(row['low'])} to {number(row['high'])}</td>"
                    f"<td>{int(row['games'])}</td></tr>")
    header = "".join(f"<th>{c}</th>" for c in (head or ["Setting"]))
    note = ("Wilson's 95% interval: an interval made this way from this many games holds the "
            "true rate 19 times in 20" if outcome.rate else
            "95% interval: the mean ± 1.96 standard errors")
    return (f"<div class='eg-summary'><p><b>{_escape(label)}</b>, per setting"
            f"{' (every game: ' + _escape(common) + ')' if common else ''}</p>"
            "<style>.eg-summary-table th, .eg-summary-table td {padding: 3px 14px 3px 0; "
            "text-align: left}</style>"
            f"<table class='eg-summary-table' style='border-collapse:collapse'>"
            f"<thead><tr>{header}<th>{_escape(label)}</th><th>95% interval</th>"
            f"<th>Games</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
            f"<p style='font-size:90%;color:#555'>{note}.</p></div>")



def experiment_widget(game: GameSource | Game = "toritori") -> ExperimentForm:
    """The experiment form for ``game`` (see :class:`ExperimentForm`)."""
    return ExperimentForm(game)
