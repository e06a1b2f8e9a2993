"""What-if experiments: sweep a game's options, players, bots and seeds; get tables back.

>>> import ecogames
>>> ex = ecogames.experiment("toritori", grid={"difficulty": ["basic", "expert"]},
...                          bots="toritori-heuristic", seeds=20, progress=False)
>>> ex.games.groupby("difficulty")["won"].mean()            # doctest: +SKIP
>>> ex.series.query("quantity == 'Guinea pig'")               # doctest: +SKIP

Every (parameter set, seed) pair is one *run*: a game built with those parameters and that
seed, played to its end by bots seeded from the same seed. Two tidy pandas DataFrames come
back: ``games`` (one row per run: the parameters, the seed, the outcome, the scores, the
length) and ``series`` (one row per run x step x quantity: the game's own series, see
:mod:`ecogames.core.series`, plus the user's ``collect`` measures). The same arguments give
identical frames on any executor, and every row's seed replays its game (:meth:`Experiment.replay`).

``what_if(game, step, chance=...)`` plays a game's two futures from a fork (as it happened,
and what if); ``alternative`` and ``play_on`` are the game widget's "What if…", one draw of one
action at a time.

Runs go serially, on a process pool (``n_jobs > 1``), or on any ``concurrent.futures``
executor, a Dask ``distributed.Client`` included (``executor=client``; :func:`local_cluster`
makes a cluster on this machine set for games). pandas, and Dask when used, are imported only
here, never by the engines.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import os
import pickle
import traceback
import warnings
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .bots import bots_for, make_bot, play
from .core import Cascade, Game, IllegalAction, MalformedAction, Rng
from .core.provenance import cause_patterns
from .core.series import Measure, SeriesRecorder, record_history, spec_of

if TYPE_CHECKING:
    import pandas as pd

GameSource = str | type[Game] | Any
"""A game's name ("toritori"), its Game class, or its package (``ecogames.toritori``)."""

RESERVED = ("players", "bots")
"""Parameters every game has; all others are the game's own options."""

MAX_ACTIONS = 100_000


class ExperimentError(ValueError):
    """The experiment's arguments are wrong: nothing has run."""


@dataclass(frozen=True)
class Run:
    """One game to play: everything a worker needs, and nothing that does not pickle."""

    run: int
    game: type[Game]
    players: int
    options: tuple[tuple[str, Any], ...]
    bots: tuple[str, ...]
    seed: int
    max_actions: int = MAX_ACTIONS
    causes: bool = False
    """Keep the causal patterns behind the outcome and each extinction (``core.provenance``)."""

    def new_game(self) -> Game:
        return self.game.new_game(players=self.players, seed=self.seed, **dict(self.options))

    def seats(self) -> list[Any]:
        return [make_bot(name, seat_seed(self.seed, seat)) for seat, name in
                enumerate(self.bots)]


@dataclass
class RunResult:
    run: int
    outcome: dict[str, Any] | None
    length: int
    steps: list[int] = field(default_factory=list)
    values: dict[str, list[float]] = field(default_factory=dict)
    error: str | None = None
    causes: dict[str, list[str]] = field(default_factory=dict)
    """What :meth:`Experiment.causes` counts: ``core.provenance.cause_patterns`` of the game."""


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the run with ``seed`` (each seat its own stream)."""
    return Rng(seed * 64 + seat + 1).next64() >> 1


def game_class(source: GameSource) -> type[Game]:
    """The Game class of a name, a class or a game package."""
    if isinstance(source, type) and issubclass(source, Game):
        return source
    name = source if isinstance(source, str) else getattr(source, "__name__", "")
    name = name.rpartition(".")[2]
    import ecogames

    from .core import registered_games

    if name in ecogames.GAMES:
        getattr(ecogames, name)  # imports the game, which registers it
    games = registered_games()
    if name not in games:
        raise ExperimentError(f"unknown game {source!r}; the games are {list(ecogames.GAMES)}")
    return games[name]


# -- playing ---------------------------------------------------------------------------------

def play_run(run: Run, collect: Mapping[str, Measure] | None = None) -> RunResult:
    """Play one run to its end, recording its series; an error is reported, not raised."""
    length = 0
    try:
        game = run.new_game()
        recorder = SeriesRecorder(game, collect=collect)
        outcome = play(game, run.seats(), max_actions=run.max_actions, observe=recorder.observe)
        length = len(game.history)
        series = recorder.series
        causes = cause_patterns(game) if run.causes else {}
        return RunResult(run.run, outcome.to_json(), length, series.steps, series.values,
                         causes=causes)
    except Exception as error:  # a failing game is a result of the experiment
        where = traceback.extract_tb(error.__traceback__)[-1]
        return RunResult(run.run, None, length,
                         error=f"{type(error).__name__}: {error} "
                               f"({os.path.basename(where.filename)}:{where.lineno})")


def play_chunk(runs: Sequence[Run], collect: bytes | Mapping[str, Measure] | None
               ) -> list[RunResult]:
    """Play several runs in one task (a worker's unit of work)."""
    measures = _unpickle(collect) if isinstance(collect, bytes) else collect
    return [play_run(run, measures) for run in runs]


def _pickle(collect: Mapping[str, Measure] | None) -> bytes | Mapping[str, Measure] | None:
    """The measures, ready for another process (cloudpickle, where it is installed, also
    takes lambdas and functions defined in a notebook)."""
    if not collect:
        return None
    try:
        import cloudpickle
    except ImportError:
        try:
            return pickle.dumps(dict(collect))
        except (pickle.PicklingError, AttributeError, TypeError) as error:
            raise ExperimentError(
                f"the collect measures cannot be sent to other processes ({error}): define "
                "them as module-level functions, install cloudpickle, or use n_jobs=1"
            ) from None
    return cloudpickle.dumps(dict(collect))


def _unpickle(blob: bytes) -> Mapping[str, Measure]:
    return pickle.loads(blob)


# -- the experiment --------------------------------------------------------------------------

@dataclass
class Experiment:
    """The result of :func:`experiment`: the two frames and how to replay any row."""

    game: type[Game]
    runs: list[Run]
    results: list[RunResult]
    interrupted: bool = False

    def __post_init__(self) -> None:
        self._games: pd.DataFrame | None = None
        self._series: pd.DataFrame | None = None

    @property
    def games(self) -> pd.DataFrame:
        """One row per finished run: parameters, seed, outcome, scores, length, error."""
        if self._games is None:
            self._games = _games_frame(self)
        return self._games

    @property
    def series(self) -> pd.DataFrame:
        """One row per run x step x quantity (``value``), with the run's parameters."""
        if self._series is None:
            self._series = _series_frame(self)
        return self._series

    @property
    def errors(self) -> pd.DataFrame:
        """The runs whose game raised, with their error and seed."""
        frame = self.games
        return frame[frame["error"].notna()]

    @property
    def step(self) -> str:
        """What one step of the series is for this game ("round", "cycle")."""
        return spec_of(self.game).step

    def causes(self, question: str = "outcome", *, species: str | None = None,
               ) -> CauseCounts:
        """The causal patterns behind ``question`` over every run, counted with Wilson's 95%
        intervals (needs ``experiment(..., causes=True)``).

        ``question``: ``"outcome"`` (how the games ended, and why) or ``"extinction"`` (which
        species went extinct, and why; ``species=`` for one). A pattern is a chain by the
        kinds and species of its links, not its ids (``core.provenance.pattern``), so the
        same story told in different games counts once."""
        return count_causes(self, question, species)

    def replay(self, run: int) -> Game:
        """The game of run ``run`` played again from its seed (the same game, bit for bit)."""
        spec = self.runs[run]
        game = spec.new_game()
        play(game, spec.seats(), max_actions=spec.max_actions)
        return game

    def __repr__(self) -> str:
        done = len(self.results)
        broken = sum(r.error is not None for r in self.results)
        note = ", interrupted" if self.interrupted else ""
        return (f"<Experiment {self.game.name}: {done} of {len(self.runs)} runs"
                f"{f', {broken} raised' if broken else ''}{note}>")


def experiment(game: GameSource, *, grid: Mapping[str, Any] | None = None,
               params: Sequence[Mapping[str, Any]] | None = None,
               seeds: int | Iterable[int] = 10, players: int | None = None,
               bots: str | Sequence[str] | Mapping[int, str] | None = None,
               collect: Mapping[str, Measure] | None = None, n_jobs: int = 1,
               executor: Executor | Any | None = None, chunksize: int | None = None,
               max_actions: int = MAX_ACTIONS, progress: bool = True,
               causes: bool = False) -> Experiment:
    """Play every parameter set with every seed and return the :class:`Experiment`.

    - ``grid``: ``{name: [values]}``, every combination (a single value is a list of one);
      ``params``: a list of parameter dicts instead. A name is ``players``, ``bots`` or one
      of the game's options (``difficulty``, ``offspring_to_win``, ...).
    - ``players`` and ``bots``: the defaults for parameter sets that do not name them
      (2 players, or the game's fewest; the ``random`` bot in every seat). ``bots`` is a
      bot's name for every seat, a list by seat, or ``{seat: name}`` for every seat.
    - ``seeds``: a number of seeds (``range(n)``) or the seeds themselves.
    - ``collect``: your own measures, ``{"name": fn(game) -> number}``, recorded at every
      step beside the game's populations.
    - ``n_jobs``: processes to use (``-1``: one per core); or ``executor``: any
      ``concurrent.futures.Executor`` or a Dask ``distributed.Client``.
    - ``causes``: keep, from each game, the causal chains behind its outcome and each
      extinction, for :meth:`Experiment.causes` (each game is told once more at its end:
      the runs take longer).

    Bad parameters raise :class:`ExperimentError` before any game runs. A game that raises
    is a row with its ``error``; an interrupt (Ctrl-C, the kernel's stop button) stops the
    workers and returns the runs that finished, with ``interrupted=True``.
    """
    cls = game_class(game)
    runs = _plan(cls, grid=grid, params=params, seeds=seeds, players=players, bots=bots,
                 max_actions=max_actions)
    if causes:
        runs = [dataclasses.replace(run, causes=True) for run in runs]
    if collect is not None:
        _check_collect(collect)
    if executor is not None and n_jobs != 1:
        raise ExperimentError("give either n_jobs or an executor, not both")
    if not isinstance(n_jobs, int) or isinstance(n_jobs, bool) or n_jobs == 0 or n_jobs < -1:
        raise ExperimentError(f"n_jobs must be a positive number of processes or -1, "
                              f"not {n_jobs!r}")
    jobs = (os.cpu_count() or 1) if n_jobs == -1 else n_jobs
    results, interrupted = _execute(runs, collect, jobs=jobs, executor=executor,
                                    chunksize=chunksize, progress=progress)
    done = Experiment(cls, runs, results, interrupted)
    broken = sum(r.error is not None for r in results)
    if broken:
        warnings.warn(f"{broken} of {len(results)} games raised an error; see .errors",
                      RuntimeWarning, stacklevel=2)
    if interrupted:
        warnings.warn(f"interrupted: {len(results)} of {len(runs)} games finished",
                      RuntimeWarning, stacklevel=2)
    return done


# -- counterfactual forks ----------------------------------------------------------------------

@dataclass
class WhatIf:
    """Two futures of one game from one action on: as it happened, and what if."""

    step: int
    actual: Game
    alternative: Game
    series: pd.DataFrame
    """Both series from the set-up, one row per future x step x quantity (``future`` is
    "as it happened" or "what if")."""


def what_if(game: Game, step: int, *, chance: Any = None, action: Any = None,
            bots: str | Sequence[str] | Mapping[int, str] | None = None, seed: int = 0,
            collect: Mapping[str, Measure] | None = None,
            max_actions: int = MAX_ACTIONS) -> WhatIf:
    """Fork ``game`` at action ``step`` (see :meth:`Game.fork`), then let the same bots with
    the same seeds play both futures to their end: the one that happened and the other.

    >>> w = what_if(game, 3, chance="B", bots="toritori-heuristic")   # doctest: +SKIP
    >>> w.series.pivot_table("value", ["step"], ["future", "quantity"])  # doctest: +SKIP
    """
    import pandas as pd

    from .core.series import series as series_of

    cls = type(game)
    seats = _resolve_bots(cls, bots, game.players)
    alternative = game.fork(step, chance=chance, action=action)
    actual = game.replay(step + 1)
    frames = []
    for label, future in (("as it happened", actual), ("what if", alternative)):
        play(future, [make_bot(name, seat_seed(seed, seat)) for seat, name in enumerate(seats)],
             max_actions=max_actions)
        frame = series_of(future, collect=collect).to_frame()
        frame.insert(0, "future", label)
        frames.append(frame)
    both = pd.concat(frames, ignore_index=True)
    both["future"] = pd.Categorical(both["future"], ["as it happened", "what if"])
    return WhatIf(step, actual, alternative, both)


# -- what if, one draw at a time (the widget's What if…) -----------------------------------------

def chance_options(game: Game, action: int, viewer: int | None) -> dict[str, Any]:
    """The ``chances`` message: action ``action``'s chance draws as ``viewer`` may see them,
    numbered; a draw whose outcome ``viewer`` may not see cannot be changed (``open`` false):
    comparing the futures would tell what it was."""
    draws = game.chances(_check_action(game, action))
    return {"kind": "chances", "action": action, "draws": [
        {**draw.to_json(viewer), "number": n, "open": draw.visible_to(viewer)}
        for n, draw in enumerate(draws)]}


def _check_action(game: Game, action: Any) -> int:
    count = len(game.history)
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < count:
        raise MalformedAction(f"there is no action {action!r:.20} to ask 'what if' of: "
                              f"{count} played")
    return action


@dataclass(frozen=True)
class Alternative:
    """One action played again with one of its draws coming out otherwise."""

    outcome: Any
    """The outcome the draw was forced to."""
    before: Game
    """The game right before the action."""
    cascade: Cascade
    """The action's cascade, with the views after each event as the viewer sees them."""
    after: Game
    """The game right after the action (a fork: the real game is not changed)."""


def alternative(game: Game, action: int, draw: int, choice: int,
                viewer: int | None) -> Alternative:
    """Action ``action`` played again with its draw ``draw`` coming out as outcome number
    ``choice``, by :meth:`Game.fork` (its other draws come out as they did), the cascade's
    views as ``viewer`` sees them. A draw secret to ``viewer`` cannot be changed."""
    draws = game.chances(_check_action(game, action))
    if isinstance(draw, bool) or not isinstance(draw, int) or not 0 <= draw < len(draws):
        raise MalformedAction(f"action {action} made {len(draws)} chance draw(s); there is "
                              f"no draw {draw!r:.20}")
    chosen = draws[draw]
    if not chosen.visible_to(viewer):
        raise IllegalAction(f"{chosen.name} was drawn in secret: you may not see what came "
                            "out, so it cannot be changed from here", rule="what_if")
    if isinstance(choice, bool) or not isinstance(choice, int) \
            or not 0 <= choice < len(chosen.outcomes):
        raise MalformedAction(f"{chosen.name} had {len(chosen.outcomes)} possible outcomes; "
                              f"there is no outcome {choice!r:.20}")
    outcome = chosen.outcomes[choice]
    after = game.fork(action, chance={draw: outcome}, views=True, perspective=viewer)
    assert after.last_cascade is not None  # fork with views keeps the action's cascade
    return Alternative(outcome, game.replay(action), after.last_cascade, after)


def play_on(game: Game, seats: Mapping[int, str], actions: int, seed: int) -> SeriesRecorder:
    """Let each seat's bot (``seats``; the random bot elsewhere) play ``game`` on for at most
    ``actions`` actions, recording its series from its set-up."""
    replay, recorder = record_history(game)
    if actions > 0 and not replay.is_over:
        bots = {seat: make_bot(seats.get(seat, "random"), seed + seat)
                for seat in range(game.players)}
        for _ in range(actions):
            legal = replay.legal_actions()
            if replay.is_over or not legal:
                break
            seat = replay.current_player
            replay.push(bots[0 if seat is None else seat].choose(replay, legal))
            recorder.observe(replay)
    return recorder


# -- checking the arguments --------------------------------------------------------------------

def _plan(cls: type[Game], *, grid: Mapping[str, Any] | None,
          params: Sequence[Mapping[str, Any]] | None, seeds: int | Iterable[int],
          players: int | None, bots: Any, max_actions: int) -> list[Run]:
    if grid is not None and params is not None:
        raise ExperimentError("give either grid or params, not both")
    sets = _expand_grid(grid) if params is None else _check_params(params)
    seed_list = _check_seeds(seeds)
    if not isinstance(max_actions, int) or isinstance(max_actions, bool) or max_actions < 1:
        raise ExperimentError(f"max_actions must be a positive integer, not {max_actions!r}")
    default_players = players if players is not None else max(2, cls.min_players)
    resolved = [_resolve(cls, p, default_players, bots) for p in sets]
    for number_of_players, options, _ in resolved:
        _dry_run(cls, number_of_players, options)
    runs: list[Run] = []
    for (number_of_players, options, seats), seed in itertools.product(resolved, seed_list):
        runs.append(Run(len(runs), cls, number_of_players, options, seats, seed, max_actions))
    return runs


def _expand_grid(grid: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    if grid is None:
        return [{}]
    if not isinstance(grid, Mapping):
        raise ExperimentError(f"grid must be a dict of parameter -> values, not {grid!r:.60}")
    names = list(grid)
    columns = []
    for name in names:
        values = grid[name]
        if isinstance(values, (list, tuple, range)) and not (name == "bots"
                                                               and _is_seat_list(values)):
            if not values:
                raise ExperimentError(f"grid[{name!r}] has no values")
            columns.append(list(values))
        else:
            columns.append([values])
    return [dict(zip(names, combo)) for combo in itertools.product(*columns)]


def _is_seat_list(values: Any) -> bool:
    """A bots entry that is one list of names by seat, not a list of alternatives."""
    return isinstance(values, tuple) and all(isinstance(v, str) for v in values)


def _check_params(params: Any) -> list[dict[str, Any]]:
    if isinstance(params, Mapping) or not isinstance(params, Sequence) or not params:
        raise ExperimentError("params must be a non-empty list of parameter dicts")
    for entry in params:
        if not isinstance(entry, Mapping):
            raise ExperimentError(f"each params entry must be a dict, not {entry!r:.60}")
    return [dict(entry) for entry in params]


def _check_seeds(seeds: Any) -> list[int]:
    if isinstance(seeds, int) and not isinstance(seeds, bool):
        if seeds < 1:
            raise ExperimentError(f"seeds must be at least 1, not {seeds}")
        return list(range(seeds))
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Iterable):
        raise ExperimentError(f"seeds must be a count or a list of seeds, not {seeds!r:.60}")
    values = list(seeds)
    bad = [s for s in values if isinstance(s, bool) or not isinstance(s, int) or s < 0]
    if bad or not values:
        raise ExperimentError(f"seeds must be non-negative integers; got {bad[:3] or values}")
    return values


def _resolve(cls: type[Game], entry: Mapping[str, Any], default_players: int, default_bots: Any
             ) -> tuple[int, tuple[tuple[str, Any], ...], tuple[str, ...]]:
    number_of_players = entry.get("players", default_players)
    if (isinstance(number_of_players, bool) or not isinstance(number_of_players, int)
            or not cls.min_players <= number_of_players <= cls.max_players):
        raise ExperimentError(f"{cls.title} is for {cls.min_players} to {cls.max_players} "
                              f"players, not {number_of_players!r}")
    options = tuple(sorted((k, v) for k, v in entry.items() if k not in RESERVED))
    seats = _resolve_bots(cls, entry.get("bots", default_bots), number_of_players)
    return number_of_players, options, seats


def _resolve_bots(cls: type[Game], bots: Any, players: int) -> tuple[str, ...]:
    if bots is None:
        bots = "random"
    if isinstance(bots, str):
        names = [bots] * players
    elif isinstance(bots, Mapping):
        if set(bots) != set(range(players)):
            raise ExperimentError(f"bots by seat must name every seat 0..{players - 1}, "
                                  f"got seats {sorted(bots, key=str)}")
        names = [bots[seat] for seat in range(players)]
    elif isinstance(bots, Sequence):
        names = list(bots)
        if len(names) != players:
            raise ExperimentError(f"{len(names)} bots given for {players} seats")
    else:
        raise ExperimentError(f"bots must be a bot's name, a list or a dict, not {bots!r:.60}")
    playable = bots_for(cls.name)
    for name in names:
        if name not in playable:
            raise ExperimentError(f"{name!r} cannot play {cls.title}; its bots are {playable}")
    return tuple(names)


def _dry_run(cls: type[Game], players: int, options: tuple[tuple[str, Any], ...]) -> None:
    """Each option against its declared values, then the engine judges them itself: one game
    is set up with them before anything runs."""
    for name, value in options:
        if not cls.option_specs:
            break
        try:
            cls.option(name).check(value)
        except KeyError as error:
            raise ExperimentError(error.args[0]) from None
        except ValueError as error:
            raise ExperimentError(f"{cls.title}: {error}") from None
    try:
        cls.new_game(players=players, seed=0, **dict(options))
    except TypeError as error:
        known = ", ".join(option_names(cls)) or "none"
        raise ExperimentError(f"{cls.title} cannot be set up with {dict(options)}: {error} "
                              f"(its options: {known})") from None
    except ValueError as error:
        raise ExperimentError(f"{cls.title} cannot be set up with players={players}, "
                              f"{dict(options)}: {error}") from None


def option_names(cls: type[Game]) -> list[str]:
    """The names of a game's set-up options (declared, or else the keywords of its
    ``_setup``)."""
    import inspect

    if cls.option_specs:
        return [o.name for o in cls.option_specs]
    parameters = inspect.signature(cls._setup).parameters.values()
    return [p.name for p in parameters if p.name not in ("players", "rng")
            and p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)]


def _check_collect(collect: Any) -> None:
    if not isinstance(collect, Mapping):
        raise ExperimentError("collect must be a dict of name -> function(game)")
    for name, fn in collect.items():
        if not isinstance(name, str) or not callable(fn):
            raise ExperimentError(f"collect[{name!r}] must be a function of a game")


# -- running -----------------------------------------------------------------------------------

def _execute(runs: list[Run], collect: Mapping[str, Measure] | None, *, jobs: int,
             executor: Any, chunksize: int | None, progress: bool
             ) -> tuple[list[RunResult], bool]:
    bar = _progress(len(runs)) if progress else None
    results: list[RunResult] = []
    interrupted = False
    try:
        if executor is None and jobs == 1:
            interrupted = _run_serially(runs, collect, results, bar)
        else:
            interrupted = _run_on_executor(runs, collect, results, bar, jobs=jobs,
                                           executor=executor, chunksize=chunksize)
    finally:
        if bar is not None:
            bar.close()
    results.sort(key=lambda r: r.run)
    return results, interrupted


def _run_serially(runs: list[Run], collect: Mapping[str, Measure] | None,
                  results: list[RunResult], bar: Any) -> bool:
    try:
        for run in runs:
            results.append(play_run(run, collect))
            if bar is not None:
                bar.update(1)
    except KeyboardInterrupt:
        return True
    return False


def _run_on_executor(runs: list[Run], collect: Mapping[str, Measure] | None,
                     results: list[RunResult], bar: Any, *, jobs: int, executor: Any,
                     chunksize: int | None) -> bool:
    owned = executor is None
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=_context()) if owned else \
        _as_executor(executor)
    workers = jobs if owned else _worker_count(executor)
    size = chunksize or max(1, min(64, math.ceil(len(runs) / (workers * 8))))
    blob = _pickle(collect)
    # a chunk's future is let go once read: a Dask worker keeps a result while its future
    # lives, and thousands of games' results kept alive slow its garbage collector
    pending: set[Future[list[RunResult]]] = set()
    try:
        for start in range(0, len(runs), size):
            pending.add(pool.submit(play_chunk, runs[start:start + size], blob))
        for future in as_completed(pending):
            pending.discard(future)
            chunk = future.result()
            results.extend(chunk)
            if bar is not None:
                bar.update(len(chunk))
            del future
    except KeyboardInterrupt:
        for future in pending:
            future.cancel()
        if owned:
            _stop_workers(pool)
        return True
    finally:
        if owned:
            pool.shutdown(wait=True, cancel_futures=True)
    return False


def _context() -> Any:
    """forkserver where the platform has it: safe from a kernel with threads, and fast."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["ecogames.experiments"])  # workers start imported
    return context


def _as_executor(executor: Any) -> Executor:
    """A Dask ``distributed.Client`` gives its own concurrent.futures executor."""
    if isinstance(executor, Executor):
        return executor
    if hasattr(executor, "get_executor"):
        return executor.get_executor()
    raise ExperimentError(f"executor must be a concurrent.futures.Executor or a Dask Client, "
                          f"not {type(executor).__name__}")


def _worker_count(executor: Any) -> int:
    client = getattr(executor, "_client", executor)
    if hasattr(client, "nthreads"):
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:  # a client that cannot say: assume a couple of workers
            return 2
    return getattr(executor, "_max_workers", 2) or 2


def _stop_workers(pool: Executor) -> None:
    """An interrupt stops the workers now, not after the games already handed to them."""
    for process in list(getattr(pool, "_processes", {}).values()):
        process.terminate()


GAME_CLUSTER_SETTINGS: Mapping[str, Any] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "200ms",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
}
"""Dask settings for workers that play games: no statistical profiler (it walks the playing
thread's stack every 10 ms), and the event loops' housekeeping a tenth as often. With Dask's
defaults an idle 2-worker cluster keeps about a tenth of a core busy, which on a 2-core laptop
comes out of the games."""


def local_cluster(n_workers: int | None = None, **options: Any) -> Any:
    """A Dask ``LocalCluster`` made for game sweeps: one single-threaded worker process per
    core (or ``n_workers``), no dashboard, and :data:`GAME_CLUSTER_SETTINGS`. ``options`` go
    to ``LocalCluster`` over these (``dashboard_address=":8787"`` to see it work).

    >>> from dask.distributed import Client                          # doctest: +SKIP
    >>> with local_cluster(2) as cluster, Client(cluster) as client:  # doctest: +SKIP
    ...     ex = experiment("toritori", seeds=1000, executor=client)
    """
    import dask
    from distributed import LocalCluster

    arguments = {"n_workers": n_workers or os.cpu_count() or 1, "threads_per_worker": 1,
                 "processes": True, "dashboard_address": None, **options}
    with dask.config.set(GAME_CLUSTER_SETTINGS):  # the nannies hand them to their workers
        return LocalCluster(**arguments)


def _progress(total: int) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, desc="games", unit="game")


# -- the frames --------------------------------------------------------------------------------

def _parameter_columns(ex: Experiment) -> list[str]:
    names: list[str] = []
    for run in ex.runs:
        for name, _ in run.options:
            if name not in names:
                names.append(name)
    return ["players", *names, "bots"]


def _parameters(run: Run, option_names: Sequence[str]) -> dict[str, Any]:
    options = dict(run.options)
    row: dict[str, Any] = {"players": run.players}
    for name in option_names:
        value = options.get(name)
        row[name] = tuple(value) if isinstance(value, list) else value
    row["bots"] = ", ".join(run.bots)
    return row


def _games_frame(ex: Experiment) -> pd.DataFrame:
    import pandas as pd

    columns = _parameter_columns(ex)
    options = columns[1:-1]
    most = max((run.players for run in ex.runs), default=0)
    rows = []
    for result in ex.results:
        run = ex.runs[result.run]
        outcome = result.outcome or {}
        winners = tuple(outcome.get("winners", ())) if result.outcome else None
        scores = list(outcome.get("scores", ()))
        row = {"run": run.run, "seed": run.seed, **_parameters(run, options)}
        row.update({
            "won": _won(ex.game, winners, run.players),
            "winners": winners,
            "winner": winners[0] if winners is not None and len(winners) == 1 else None,
            "reason": outcome.get("reason"),
            **{f"score_{seat}": scores[seat] if seat < len(scores) else math.nan
               for seat in range(most)},
            "length": result.length,
            "steps": result.steps[-1] if result.steps else 0,
            "error": result.error,
        })
        rows.append(row)
    frame = pd.DataFrame(rows, columns=["run", "seed", *columns, "won", "winners", "winner",
                                        "reason", *[f"score_{s}" for s in range(most)],
                                        "length", "steps", "error"])
    frame["winner"] = frame["winner"].astype("Int64")
    frame["won"] = frame["won"].astype("boolean")
    return frame


def _won(cls: type[Game], winners: tuple[int, ...] | None, players: int) -> bool | None:
    """Cooperative: the team won. Competitive: the game has a winner (not all tied out)."""
    if winners is None:
        return None
    if cls.cooperative:
        return len(winners) == players
    return len(winners) > 0


def _series_frame(ex: Experiment) -> pd.DataFrame:
    import numpy as np
    import pandas as pd

    columns = _parameter_columns(ex)
    options = columns[1:-1]
    runs, seeds, steps, quantities, values = [], [], [], [], []
    parameters: dict[str, list[Any]] = {name: [] for name in columns}
    for result in ex.results:
        run = ex.runs[result.run]
        run_parameters = _parameters(run, options)
        for name, column in result.values.items():
            count = len(column)
            runs.extend([run.run] * count)
            seeds.extend([run.seed] * count)
            steps.extend(result.steps)
            quantities.extend([name] * count)
            values.extend(column)
            for key in columns:
                parameters[key].extend([run_parameters[key]] * count)
    frame = pd.DataFrame({
        "run": np.asarray(runs, dtype=np.int32), "seed": np.asarray(seeds, dtype=np.int64),
        **{name: pd.Categorical(parameters[name]) if name != "players"
           else np.asarray(parameters[name], dtype=np.int8) for name in columns},
        "step": np.asarray(steps, dtype=np.int32),
        "quantity": pd.Categorical(quantities),
        "value": np.asarray(values, dtype=np.float64),
    })
    spec = spec_of(ex.game)  # the plots' colours, markers and axis: the game's palette's
    frame.attrs.update(colours=dict(spec.colours), markers=dict(spec.markers), unit=spec.unit)
    return frame


# -- what a student reads first: one outcome per setting, and the games in words ---------------

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class Outcome:
    """One outcome :func:`summary` can give per setting: a ``rate`` (the share of games it
    happened in, with Wilson's 95% score interval, which stays inside 0..1 for rare events)
    or a mean (with mean ± 1.96 standard errors, as ``core.plots.mean_bands``)."""

    label: str
    """For people: "Team wins", "Player 2 wins", "Rounds per game"."""
    column: str
    """The ``games`` column it reads."""
    rate: bool
    seat: int | None = None
    """For "Player k wins": the seat (from 0) whose wins are counted."""


def outcomes(ex: Experiment) -> list[Outcome]:
    """The outcomes worth summarising for this experiment's game: the team's wins
    (cooperative) or each seat's wins and scores (competitive), then its length."""
    games, cls = ex.games, ex.game
    found: list[Outcome] = []
    if cls.cooperative:
        found.append(Outcome("Team wins", "won", rate=True))
    else:
        seats = int(games["players"].max()) if len(games) else cls.min_players
        found += [Outcome(f"Player {s + 1} wins", "winners", rate=True, seat=s)
                  for s in range(seats)]
        found += [Outcome(f"Player {s + 1}'s score", f"score_{s}", rate=False)
                  for s in range(seats)
                  if f"score_{s}" in games and games[f"score_{s}"].notna().any()]
    found += [Outcome(f"{steps_words(cls)} per game", "steps", rate=False),
              Outcome("Actions per game", "length", rate=False)]
    return found



def parameters(games: pd.DataFrame) -> list[str]:
    """The games frame's parameter columns (players, the options, bots)."""
    columns = list(games.columns)
    return columns[columns.index("seed") + 1:columns.index("won")]


def settings(games: pd.DataFrame) -> list[str]:
    """The parameters the sweep varied: those with more than one value in the games."""
    return [name for name in parameters(games) if games[name].nunique(dropna=False) > 1]


def outcome_values(games: pd.DataFrame, outcome: Outcome) -> pd.Series:
    """One number per game (1.0/0.0 for a rate); NaN where it does not apply (a game that
    raised, a seat the game did not have)."""
    import pandas as pd

    broken = games["error"].notna()
    if outcome.seat is not None:
        values = pd.Series([float(outcome.seat in w) if isinstance(w, tuple) else math.nan
                            for w in games["winners"]], index=games.index)
        values[games["players"] <= outcome.seat] = math.nan
    else:
        values = games[outcome.column].astype("Float64").astype(float)
    values[broken] = math.nan
    return values


def interval(values: Sequence[float], rate: bool) -> tuple[float, float, float]:
    """(estimate, low, high) of a 95% interval: Wilson's score interval for a rate of 0/1
    values, mean ± 1.96 standard errors otherwise (NaN when there is nothing to say)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if rate:
        z2 = Z95 * Z95
        centre = (mean + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(mean * (1 - mean) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return mean, max(0.0, centre - half), min(1.0, centre + half)
    if n < 2:
        return mean, math.nan, math.nan
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, mean - Z95 * sd / math.sqrt(n), mean + Z95 * sd / math.sqrt(n)


def summary(ex: Experiment, outcome: Outcome | str | None = None) -> pd.DataFrame:
    """``outcome`` (by default the first of :func:`outcomes`, or named by its label) per
    setting of the sweep, in the sweep's order: the settings that varied, then ``games``
    (the games it counts), ``value`` (the rate or mean), ``low`` and ``high`` (its 95%
    interval). A sweep of one setting gives one row."""
    import pandas as pd

    chosen = _outcome(ex, outcome)
    games = ex.games
    values = outcome_values(games, chosen)
    keys = settings(games)
    groups = ((key, block.index) for key, block in games.groupby(keys, sort=False,
                                                                 dropna=False)) if keys \
        else [((), games.index)]
    rows = []
    for key, index in groups:  # a list of keys: each key a tuple
        counted = [float(v) for v in values[index] if not math.isnan(v)]
        value, low, high = interval(counted, chosen.rate)
        rows.append({**dict(zip(keys, key)), "games": len(counted), "value": value,
                     "low": low, "high": high})
    return pd.DataFrame(rows, columns=[*keys, "games", "value", "low", "high"])


def _outcome(ex: Experiment, outcome: Outcome | str | None) -> Outcome:
    if isinstance(outcome, Outcome):
        return outcome
    found = outcomes(ex)
    if outcome is None:
        return found[0]
    for candidate in found:
        if candidate.label == outcome:
            return candidate
    raise ExperimentError(f"no outcome {outcome!r:.40}; this experiment has "
                          f"{', '.join(repr(o.label) for o in found)}")


def readable_games(ex: Experiment) -> pd.DataFrame:
    """The games frame for people: only the columns that mean something for this game, named
    in words, seats counted from 1 ("Player 2", as the widget counts them), the settings
    the sweep varied as their options' labels; ``run`` stays (``ex.replay(run)``)."""
    import pandas as pd

    games, cls = ex.games, ex.game
    table = pd.DataFrame({"Game": games["run"], "Seed": games["seed"]})
    for name in settings(games):
        label, shown = _parameter_words(cls, name)
        table[label] = games[name].map(shown)
    if cls.cooperative:
        table["Team won"] = games["won"].map(lambda v: "" if pd.isna(v) else
                                             ("yes" if v else "no"))
    else:
        table["Winner"] = games["winners"].map(_winners_words)
    for column in [c for c in games.columns if c.startswith("score_")]:
        if games[column].notna().any():
            table[f"Player {int(column[6:]) + 1}'s score"] = games[column]
    table["How it ended"] = games["reason"]
    table[steps_words(cls)] = games["steps"]
    table["Actions"] = games["length"]
    if games["error"].notna().any():
        table["Error"] = games["error"]
    return table


def steps_words(cls: type[Game]) -> str:
    """The game's steps counted, in words: "Rounds", "Turns of the dice"."""
    first, _, rest = spec_of(cls).step.partition(" ")
    return f"{first.capitalize()}s{' ' + rest if rest else ''}"


def _winners_words(winners: Any) -> str:
    if not isinstance(winners, tuple):
        return ""
    if not winners:
        return "nobody"
    return " and ".join(f"Player {s + 1}" for s in winners) + (" (tie)" if len(winners) > 1
                                                                else "")


def _bots_words(bots: str) -> str:
    """The seats' bots: one name when every seat has the same ("greedy in every seat")."""
    names = bots.split(", ")
    return f"{names[0]} in every seat" if len(set(names)) == 1 and len(names) > 1 else bots


def _parameter_words(cls: type[Game], name: str) -> tuple[str, Any]:
    """A parameter's column label and how to show its values (option labels, seats from 1)."""
    if name == "bots":
        return "Bots", _bots_words
    if name in RESERVED:
        return name.capitalize(), lambda value: value
    option = cls.option(name)
    labels = dict(zip(option.choices, option.choice_labels)) if option.choice_labels else {}
    if option.counts_seats:
        return option.label, lambda value: f"Player {value + 1}"
    return option.label, lambda value: labels.get(value, value)


# -- causes counted over many games ----------------------------------------------------------


@dataclass(frozen=True)
class CauseCounts:
    """What :meth:`Experiment.causes` answers: one row per (what happened, pattern)."""

    question: str
    frame: pd.DataFrame
    """Columns ``what`` (the outcome's reason, or the species that went extinct),
    ``happened`` (games where it did), ``runs`` (games counted), ``pattern``, ``games`` (games
    with this pattern), ``share`` of ``happened`` with ``low`` and ``high`` (Wilson 95%)."""

    @property
    def text(self) -> str:
        lines = []
        for what, rows in self.frame.groupby("what", sort=False):
            first = rows.iloc[0]
            lines.append(f"{what}: in {first['happened']:,} of {first['runs']:,} games")
            for row in rows.itertuples():
                lines.append(f"  {row.share:.0%} [{row.low:.0%}-{row.high:.0%}] "
                             f"({row.games:,}): {row.pattern}")
        return "\n".join(lines) if lines else f"no game answers {self.question!r}"

    def __str__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        import html

        return f"<pre>{html.escape(self.text)}</pre>{self.frame.to_html(index=False)}"


def count_causes(ex: Experiment, question: str, species: str | None) -> CauseCounts:
    import pandas as pd

    if question not in ("outcome", "extinction"):
        raise ExperimentError(f"causes answers 'outcome' or 'extinction', not {question!r:.40}")
    if any(run.causes is False for run in ex.runs):
        raise ExperimentError("this experiment kept no causes: run experiment(..., "
                              "causes=True)")
    results = [r for r in ex.results if r.error is None]
    found: dict[str, list[str]] = {}
    for result in results:
        for name, patterns in result.causes.items():
            kind, _, what = name.partition(":")
            if kind != question or (species is not None and what != species):
                continue
            label = _what(result, kind, what, ex.game.cooperative)
            found.setdefault(label, []).extend(patterns[:1])
    rows = []
    for what, patterns in sorted(found.items(), key=lambda item: -len(item[1])):
        counted: dict[str, int] = {}
        for pattern in patterns:
            counted[pattern] = counted.get(pattern, 0) + 1
        for pattern, games in sorted(counted.items(), key=lambda item: -item[1]):
            share, low, high = interval([1.0] * games + [0.0] * (len(patterns) - games),
                                        rate=True)
            rows.append({"what": what, "happened": len(patterns), "runs": len(results),
                         "pattern": pattern, "games": games, "share": share, "low": low,
                         "high": high})
    columns = ["what", "happened", "runs", "pattern", "games", "share", "low", "high"]
    return CauseCounts(question if species is None else f"{question} of {species}",
                       pd.DataFrame(rows, columns=columns))


def _what(result: RunResult, kind: str, what: str, cooperative: bool) -> str:
    """What happened, for grouping: a species' extinction; a cooperative game's reason (the
    team won, or lost because ...); a competitive game's end (its reason names scores)."""
    if kind == "extinction":
        return f"{what} went extinct"
    reason = (result.outcome or {}).get("reason", "")
    return f"the game ended: {reason}" if reason and cooperative else "the game ended"
