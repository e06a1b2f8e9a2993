"""One spec per game: the parts of a game that the layers above core use, named explicitly.

Each game package ends with one ``register(GameSpec(...))``: its engine class, and the parts
the bots, widgets, experiments and RL ask for (its widget, its series, its determinization,
its bots and MCTS settings, its observation encoder, its palette). Everything that needs one
of them reads :func:`spec_of`; nothing finds a part of a game by its module's name.

>>> from ecogames import toritori
>>> spec_of(toritori.ToriTori).name
'toritori'

A variant subclassed in a notebook uses the spec of the game it derives from
(:func:`spec_of` walks the class's ancestry). Loaders are zero-argument functions defined in
the game package, so a heavy part (anywidget, numpy) is imported only when someone asks.

Core imports no game and no widget: it keeps the specs the games hand it. Two things come
from the layers above: :func:`set_finder`'s function (``ecogames.games``), which imports a game
by its public name when a save names one not imported yet, and :func:`set_generic_widget`'s
(``ecogames``), the widget of a game that has none of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .errors import EcogamesError
from .palette import EMPTY, Palette

if TYPE_CHECKING:
    from .game import Game
    from .rng import Rng
    from .series import SeriesSpec

Determinize = Callable[[Any, "int | None", "Rng"], Any]
"""``determinize(game, player, rng)``: a full state consistent with what ``player`` sees
(the game's ``hidden.py``; see :meth:`Game.determinize`)."""
Estimate = Callable[["Game"], Sequence[float]]
"""Each player's expected result in [0, 1] from a state (the MCTS cut-off's score)."""

MCTS_KEYS = frozenset({"rollout", "cutoff", "exploration", "expand", "widening",
                       "root_actions", "horizon"})
"""The MCTS settings a game may give (``bots.mcts.Settings``)."""


class UnregisteredGame(EcogamesError, LookupError):
    """A game class that no registered spec covers (neither it nor any of its ancestors)."""


@dataclass(frozen=True)
class GameSpec:
    """What a game hands the layers above core, once, in its package's ``__init__``."""

    engine: type[Game]
    """The Game subclass: its ``name`` is the game's name."""
    widget: Callable[[], type[Any]] | None = None
    """Returns the game's ``GameWidget`` subclass (imports anywidget: called on use only)."""
    series: Callable[[], SeriesSpec] | None = None
    """Returns the game's ``SeriesSpec`` (``core.series``); without: one that counts actions."""
    determinize: Determinize | None = None
    """Deals anew what a seat cannot see; without: a clone with its generator reseeded."""
    bots: tuple[str, ...] = ()
    """The names of the game's own bots (``ecogames.bots.register_bot``): they take seats in
    this game only."""
    mcts: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """How the MCTS bot searches this game, over its defaults (keys of ``MCTS_KEYS``)."""
    estimate: Estimate | None = None
    """Scores a state cut off mid-rollout (``mcts["cutoff"]``)."""
    observation: Callable[[], Any] | None = None
    """Returns the game's structured RL observation encoder (``ecogames.rl.tensors.Encoder``;
    imports numpy: called on use only)."""
    action_layout: Callable[[], Any] | None = None
    """Returns how every action the game can ever have is numbered for RL
    (``ecogames.rl.spaces.ActionLayout``; called on use only)."""
    palette: Palette = EMPTY
    """Every species, group, player and component kind's colour, shape and code."""

    def __post_init__(self) -> None:
        from .game import Game

        engine = self.engine
        if not (isinstance(engine, type) and issubclass(engine, Game) and engine.name):
            raise TypeError(f"a GameSpec's engine is a Game subclass with a name, not "
                            f"{engine!r:.60}")
        if not isinstance(self.bots, tuple) or not all(isinstance(b, str) for b in self.bots):
            raise TypeError(f"{engine.name}: bots is a tuple of bot names, not "
                            f"{self.bots!r:.60}")
        unknown = sorted(set(self.mcts) - MCTS_KEYS)
        if unknown:
            raise ValueError(f"{engine.name}'s MCTS settings have unknown keys {unknown} "
                             f"(known: {sorted(MCTS_KEYS)})")
        # a copy no one else holds: the spec is frozen all the way down
        object.__setattr__(self, "mcts", MappingProxyType(dict(self.mcts)))

    @property
    def name(self) -> str:
        """The game's name (its engine's)."""
        return self.engine.name


_SPECS: dict[type[Any], GameSpec] = {}
_FINDER: list[Callable[[str], None]] = []
_GENERIC_WIDGET: list[Callable[[], type[Any]]] = []


def register(spec: GameSpec) -> GameSpec:
    """Make ``spec`` the spec of its engine class and every subclass without one of its own.
    Registering a game's engine again replaces its spec (its module reloaded); a variant (a
    subclass of a registered engine) may have a spec of its own; an unrelated engine under
    a name already registered is refused."""
    if not isinstance(spec, GameSpec):
        raise TypeError(f"register takes a GameSpec, not {type(spec).__name__}")
    engine = spec.engine
    for known in [e for e, s in _SPECS.items() if s.name == spec.name]:
        if _path(known) == _path(engine):
            del _SPECS[known]  # the same game's class, its module reloaded
        elif not (issubclass(engine, known) or issubclass(known, engine)):
            raise ValueError(f"a game called {spec.name!r} is registered already "
                             f"({_path(known)})")
    _SPECS[engine] = spec
    return spec


def _path(cls: type[Any]) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def find_spec(game: Game | type[Game]) -> GameSpec | None:
    """The spec of ``game`` (a game or its class): its class's, else the nearest ancestor's;
    ``None`` when none is registered."""
    cls = game if isinstance(game, type) else type(game)
    for ancestor in cls.__mro__:
        spec = _SPECS.get(ancestor)
        if spec is not None:
            return spec
    return None


def spec_of(game: Game | type[Game]) -> GameSpec:
    """The spec of ``game`` (see :func:`find_spec`); :class:`UnregisteredGame` says what to do
    when there is none."""
    spec = find_spec(game)
    if spec is None:
        cls = game if isinstance(game, type) else type(game)
        raise UnregisteredGame(
            f"{cls.__qualname__} is not a registered game: its package registers it with "
            f"ecogames.core.registry.register(GameSpec(engine={cls.__qualname__}, ...)), "
            "or it subclasses a registered game")
    return spec


def specs() -> dict[str, GameSpec]:
    """Every registered game's spec by its name (the games imported so far; a variant that
    keeps its game's name is not another game)."""
    return {spec.name: spec for engine, spec in _SPECS.items() if "name" in vars(engine)}


def widget_class(game: Game | type[Game]) -> type[Any]:
    """The widget class that plays ``game``: its spec's, else the generic widget (which the
    package above core names, :func:`set_generic_widget`). ``LookupError`` when neither is
    known (core alone, without the package above it)."""
    spec = find_spec(game)
    if spec is not None and spec.widget is not None:
        return spec.widget()
    if not _GENERIC_WIDGET:
        raise LookupError("no widget is known for this game: import ecogames")
    return _GENERIC_WIDGET[0]()


def set_generic_widget(loader: Callable[[], type[Any]]) -> None:
    """``loader()`` returns the widget of a game whose spec names none (or that has no spec):
    set once by ``ecogames`` (its ``GameWidget``, which core may not import)."""
    _GENERIC_WIDGET[:] = [loader]


def set_finder(finder: Callable[[str], None]) -> None:
    """``finder(name)`` imports the game called ``name`` if there is one (its package then
    registers it). Set once by the package that holds the games (``ecogames.games``)."""
    _FINDER[:] = [finder]


def find_game(name: str) -> None:
    """Import the game called ``name`` if it exists and is not registered yet."""
    if _FINDER and name not in specs():
        _FINDER[0](name)
