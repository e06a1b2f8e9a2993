"""A game's time series: its populations at each of its steps.

Each game says what one *step* is (Tori-Tori a turn of the dice, Biotopes a cycle, Wildlife
Web a turn of the table) and which quantities it has at a state (tokens per species, cubes
per type, ...), in ``games/<game>/series.py`` as ``SERIES = SeriesSpec(...)``, handed over by
the game's spec (``core.registry``). Everything that
plots or tabulates a game over time reads this one series: the widget's live plot,
``ecogames.experiment()``'s series frame and the lessons' plots.

The value at step ``k`` is the state after ``k`` completed steps (step 0: the set-up). The
end of the game closes the step in progress, so the final state is always the last entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

    from .game import Game

Measure = Callable[["Game"], float]
"""A user's own quantity: a number computed from a game at each step."""


@dataclass(frozen=True)
class SeriesSpec:
    """How a game is measured over time."""

    step: str
    """What one step is, for people and axis labels ("turn of the dice", "cycle")."""
    steps_done: Callable[[Any], int]
    """How many steps are complete in this state (never decreases as the game goes on)."""
    quantities: Callable[[Any], Mapping[str, float]]
    """The game's populations at this state, by name, in a fixed order."""
    colours: Mapping[str, str] = field(default_factory=dict)
    """A colour per quantity for plots (the widget's colours, from the game's palette)."""
    description: str = ""
    """One sentence on what the quantities are."""
    title: str = "Populations"
    """What the quantities are, as a plot's title ("Points and tokens left")."""
    unit: str = "tokens on the board"
    """What the y axis counts."""
    markers: Mapping[str, str] = field(default_factory=dict)
    """A matplotlib marker per quantity (the palette's shapes)."""


def per_player(measures: Sequence[str], players: Sequence[str],
               values: Sequence[Sequence[Any]]) -> dict[str, Any]:
    """Quantities (or colours) measured for each player, named ``"<measure>: <player>"``:
    ``values[p][m]`` is player ``p``'s ``measures[m]``; by player, then measure."""
    return {f"{measure}: {name}": value for name, row in zip(players, values, strict=True)
            for measure, value in zip(measures, row, strict=True)}


def _actions_done(game: Game) -> int:
    return len(game.history)


DEFAULT_SPEC = SeriesSpec(step="action", steps_done=_actions_done, quantities=lambda game: {},
                          description="This game has no populations of its own.")


def spec_of(game: Game | type[Game]) -> SeriesSpec:
    """The game's ``SeriesSpec``, from its registered spec (``core.registry``; a variant
    subclassed elsewhere uses its game's), or one that counts actions."""
    from .registry import find_spec

    found = find_spec(game)
    return DEFAULT_SPEC if found is None or found.series is None else found.series()


@dataclass
class Series:
    """The quantities of one game at each recorded step (columns of equal length)."""

    step: str
    steps: list[int] = field(default_factory=list)
    values: dict[str, list[float]] = field(default_factory=dict)

    def rows(self) -> list[tuple[int, str, float]]:
        """Tidy rows: (step, quantity, value)."""
        return [(step, name, column[i]) for name, column in self.values.items()
                for i, step in enumerate(self.steps)]

    def to_frame(self) -> pd.DataFrame:
        """One row per step x quantity: columns ``step``, ``quantity``, ``value``."""
        import pandas as pd

        return pd.DataFrame(self.rows(), columns=["step", "quantity", "value"])

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "steps": list(self.steps),
                "values": {name: list(column) for name, column in self.values.items()}}

    def __len__(self) -> int:
        return len(self.steps)


class SeriesRecorder:
    """Records a game's series while it is played: call :meth:`observe` after every action.

    ``collect``: the user's own measures, ``{"name": fn(game) -> number}``, recorded beside
    the game's quantities at every step.
    """

    def __init__(self, game: Game, *, collect: Mapping[str, Measure] | None = None,
                 spec: SeriesSpec | None = None) -> None:
        self.spec = spec or spec_of(game)
        self.collect = dict(collect or {})
        self.series = Series(self.spec.step)
        self._last = self.spec.steps_done(game)
        self._closed = False
        self._record(game, self._last)

    def observe(self, game: Game) -> bool:
        """Record ``game`` if the last action completed a step or ended it; True if it did."""
        if self._closed:
            return False
        done = self.spec.steps_done(game)
        if game.is_over:
            self._closed = True
            self._record(game, done if done > self._last else self._last + 1)
            return True
        if done > self._last:
            self._last = done
            self._record(game, done)
            return True
        return False

    def _record(self, game: Game, step: int) -> None:
        measured = {**self.spec.quantities(game),
                    **{name: fn(game) for name, fn in self.collect.items()}}
        values = self.series.values
        for name in measured:
            if name not in values:  # a quantity that appears later was 0 before
                values[name] = [0] * len(self.series.steps)
        self.series.steps.append(step)
        for name, column in values.items():
            column.append(measured.get(name, 0))


def record_history(game: Game, *, collect: Mapping[str, Measure] | None = None,
                   ) -> tuple[Game, SeriesRecorder]:
    """A replay of ``game`` (its outcomes forced by a fork kept) and a recorder that has
    seen its whole history; the replay may play on with the recorder observing it. The game
    itself is not changed."""
    replay = game.replay(0)
    replay.copy_forcing_from(game)
    recorder = SeriesRecorder(replay, collect=collect)
    for action in game.history:
        replay.push(action)
        recorder.observe(replay)
    return replay, recorder


def series(game: Game, *, collect: Mapping[str, Measure] | None = None) -> Series:
    """The series of ``game`` so far, replayed from its history (the game is not changed)."""
    return record_history(game, collect=collect)[1].series
