"""The Game protocol: what every engine exposes, and the machinery they all share.

A game subclasses :class:`Game` and writes only its rules:

- ``_setup(players, rng, **options)`` builds the set-up state (classmethod);
- ``_legal_actions()``, ``_play(action, log)``, ``view(player)``;
- ``_state()`` / ``_from_state(data)`` (the whole state as plain JSON, validated on load);
- ``_copy()`` (a fast copy of the state for search bots);
- ``current_player``, ``phase``, ``is_over``, ``outcome``.

This class gives them, once for all games: the one legality gate in ``apply``, the unchecked
``push`` for bots and replays, cascades, history, replay, undo, clone and save/load.
"""

from __future__ import annotations

import json
import logging
import weakref
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, TypeVar, cast

from .actions import Action, ActionCodec
from .chance import ChanceDraw, ChanceError, Drawn, Forced, chance, draws_from_pile
from .errors import IllegalAction, MalformedAction, SaveError
from .events import Cascade, EventLog, Told
from .options import Option
from .provenance import Answer, Provenance, Question, Story
from .rng import Rng
from .schema import first_difference, plain_json, read_json, read_json_file

if TYPE_CHECKING:
    import networkx as nx
    import pandas as pd

SAVE_FORMAT = "ecogames-save"
SAVE_VERSION = 2
"""2: the save holds the chance outcomes forced on its actions (a forked game's)."""
MAX_SAVED_ACTIONS = 100_000
MAX_FORCED_DRAW = 1_000
"""Draws of one action that can be forced (and saved) are numbered below this."""
SAVE_KEYS = ("format", "version", "game", "state_version", "initial", "actions", "chance",
             "state")
"""The keys of a save's envelope, all required, no others."""

G = TypeVar("G", bound="Game")

_REGISTRY: dict[str, type[Game]] = {}
_LISTENERS: dict[int, list[weakref.ref[Any]]] = {}
"""The games someone listens to (by ``id``), each with its listeners, weakly referenced. Kept
outside the games: a clone or an undo (which swap a game's attributes) neither copies nor
drops them, and a game nobody listens to pays one dict lookup per ``apply``."""
_UNTOLD = EventLog(record=False)
"""The log ``push`` (and ``apply(record=False)``) plays into: it keeps nothing, so every
push shares it."""
_NOTHING_FORCED: Forced = MappingProxyType({})
_new_object = object.__new__
_Told = Told
_WORDS: dict[type[Game], tuple[frozenset[type[Action]], frozenset[type[Action]]]] = {}
"""Each game class's ``_own_words`` and ``_told_words``, as ``apply`` reads them: a module
dict by class is cheaper to look up than a class attribute through an instance."""


class _NeverDrawn(IllegalAction):
    """An action that was forced a chance draw it never made (so the draw's outcome would be
    saved and never used)."""

    def __init__(self, label: str, action: Action, draw: int, made: int) -> None:
        super().__init__(f"{label!r} makes {made} chance draw{'' if made == 1 else 's'} "
                         f"(numbered from 0): draw {draw} was forced, which it never makes",
                         action=action, rule="chance")
        self.draw, self.made = draw, made


@dataclass(frozen=True)
class Change:
    """What a game tells its listeners: ``kind`` ``"act"`` (an action was played through
    ``apply``: ``cascade``, and ``seat``, who played it) or ``"undo"`` (the history was cut
    back to ``count`` actions)."""

    kind: str
    count: int
    cascade: Cascade | None = None
    seat: int | None = None


@dataclass(frozen=True)
class Outcome:
    """How a game ended: who won (all players in a cooperative win, none in a loss), the
    scores where the game keeps them, and the reason in words."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": list(self.scores),
                "reason": self.reason, **self.data}


class Game(ABC):
    """Base of every engine. See the module docstring for what a game writes."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    state_version: ClassVar[int] = 1
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    cooperative: ClassVar[bool] = False
    """True when the players win or lose together (the outcome names all or none)."""
    option_specs: ClassVar[tuple[Option, ...]] = ()
    """The set-up options ``new_game`` takes besides players and seed, with their legal
    values (forms and sweeps read them; the set-up itself still checks what it is given)."""
    codec: ClassVar[ActionCodec]
    identities: ClassVar[Mapping[str, str]] = {}
    """Touched kinds whose values are ids of things that keep their identity all game:
    ``{"tokens": "token"}`` makes an event's ``tokens=[17]`` name ``"token:17"``."""
    why_questions: ClassVar[tuple[Question, ...]] = ()
    """The game's own questions for :meth:`why`, besides ``"outcome"`` and ``"extinction"``."""
    own_labels: ClassVar[frozenset[type[Action]]] = frozenset()
    """The action types whose words are their own: ``describe(action)`` is ``action.label()``
    whatever the state. ``apply`` does not ask for their words: the cascade's ``label`` is
    ``action.label()`` worked out when first read (lazy telling). A game whose ``describe``
    is core's names none: all its actions are. A game whose ``describe`` reads the state for
    some types lists the others here (tests/core/test_own_labels.py holds every game to
    its word: ``describe`` of each type listed is its ``label()``)."""
    told_labels: ClassVar[frozenset[type[Action]]] = frozenset()
    """The action types whose words (``describe``'s, from the state before the action) their
    rule tells as it plays, from what it reads anyway: while the log records it sets
    ``label_told`` to them, and ``apply`` asks no ``describe`` before the action
    (tests/core/test_own_labels.py holds every game to its word: the label of each type
    listed is what ``describe`` said before)."""
    _told_words: ClassVar[frozenset[type[Action]]] = frozenset()
    """``told_labels`` (where ``describe`` is the game's own)."""
    label_told: str | None = None
    """The words of a told action of a ``told_labels`` type, as its rule told them (set while
    the log records; ``apply`` takes them for the cascade's label)."""
    _own_words: ClassVar[frozenset[type[Action]]] = frozenset()
    """The action types whose cascade label ``apply`` does not ask ``describe`` for
    (``own_labels`` and ``told_labels``, or every type when ``describe`` is core's)."""

    players: int
    rng: Rng

    _set_up: _SetUp
    """The state the history starts from (``_initial`` reads it as JSON)."""
    _actions: list[Action]
    _forced: dict[int, Forced]
    """Chance outcomes forced on actions (by action number), played or to come, never changed
    in place: a fork or ``force`` makes a new dict. Written only here (``fork``, ``force``,
    ``copy_forcing_from``; tests/core/test_forcing.py holds every other module to that)."""
    _chance: list[Drawn] | None = None
    """The chance draws of the action being resolved, in the order made, each as its fields
    (``chance.Drawn``; its ChanceDraw is made when the cascade is read) (``None`` outside one,
    and in a ``push`` with nothing forced, which counts none)."""
    _forcing: Forced = _NOTHING_FORCED
    """The outcomes forced on the action being resolved, by draw number."""
    draws_are_kept: bool = False
    """Whether the action being resolved keeps its chance draws (``apply``, and a ``push``
    with outcomes forced on it). When not (a plain ``push``), nothing reads, counts or
    forces a draw, so a rule may draw straight from ``rng`` by the same ticket
    :meth:`chance` would take. An attribute that ``apply`` and ``push`` set, not a
    property: a rule reads it once or twice an action, and a property's call cost ~900
    instructions where the attribute costs ~60 (read only; rules never set it)."""
    _replayable: bool = True
    """The history leads to this state (False for a determinization, whose hidden things
    were dealt anew): a failed action can then be undone by replaying the history, and
    ``apply`` needs no copy of the state beforehand."""
    _legal: list[Action] | None = None
    """The legal actions now (none once the game is over), once worked out: a game asked
    twice (a bot's choice, then the gate of ``apply``) works them out, and whether it is
    over, once. ``None`` until asked: every action played (``push``, ``apply``) drops it, and
    ``clone`` and ``determinize`` start without."""
    last_cascade: Cascade | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name:
            cls.codec = ActionCodec(cls.action_types)
        cls._own_words = frozenset(cls.action_types) if cls.describe is Game.describe \
            else frozenset(cls.own_labels) | cls.told_labels
        cls._told_words = frozenset() if cls.describe is Game.describe else cls.told_labels
        _WORDS[cls] = (cls._own_words, cls._told_words)
        # only a class that names itself registers: a variant subclassed in a notebook does
        # not take its game's place (experiment("toritori") still plays Tori-Tori)
        if "name" in cls.__dict__ and cls.name:
            known = _REGISTRY.get(cls.name)
            if known is not None and _where(known) != _where(cls):  # a reload is the same
                raise TypeError(
                    f"a game called {cls.name!r} is already {_where(known)}: "
                    f"{_where(cls)} would take over its saves; give it another name")
            _REGISTRY[cls.name] = cls

    # -- construction ------------------------------------------------------------------

    @classmethod
    def new_game(cls: type[G], players: int = 2, seed: int | None = None, **options: Any) -> G:
        """A game in its set-up state. ``seed=None`` draws a fresh seed."""
        if not _is_int(players) or not cls.min_players <= players <= cls.max_players:
            raise ValueError(f"{cls.title or cls.name} is for {cls.min_players} to "
                             f"{cls.max_players} players, not {players!r:.20}")
        if seed is None:
            import secrets

            seed = secrets.randbits(63)
        elif not _is_int(seed):
            raise ValueError(f"a seed is a whole number, not {seed!r:.20}")
        game = cls._setup(players=players, rng=Rng(seed), **options)
        game._start_history()
        return game

    @classmethod
    def from_state(cls: type[G], state: Mapping[str, Any]) -> G:
        """A game that starts from a given state (a custom set-up, e.g. a rulebook example)."""
        game = cls._load_state(state)
        game._start_history()
        return game

    def _start_history(self) -> None:
        # the set-up is copied once here and never changes after: clones share it, and
        # it leaves the game only as a copy (to_dict) or into a fresh game (replay)
        self._set_up = _SetUp(self._copy())
        self._actions = []
        self._forced = {}
        self._replayable = True  # (the game's own: apply reads it at every action)
        self.draws_are_kept = False  # (the game's own: read as cheaply in a push)
        self.last_cascade = None

    # -- what a game writes --------------------------------------------------------------

    @classmethod
    @abstractmethod
    def _setup(cls: type[G], *args: Any, **options: Any) -> G:
        """Called as ``_setup(players=, rng=, **options)``; each game names its own options
        (a signature of ``*args: Any, **options: Any`` lets an override narrow it)."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]: ...

    @abstractmethod
    def _play(self, action: Action, log: EventLog) -> None: ...

    @abstractmethod
    def _state(self) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def _from_state(cls: type[G], data: Mapping[str, Any]) -> G: ...

    @abstractmethod
    def _copy(self: G) -> G: ...

    def violations(self) -> list[str]:
        """What makes this state impossible, one sentence each: ``[]`` for a state the game
        can be in (python-chess's ``Board.status()``). Each game writes its own, once, in its
        ``save.py``: the loader refuses a state that has any, and random play checks that no
        action ever makes one."""
        return []

    @abstractmethod
    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see, as JSON (``None``: an onlooker who sees public things)."""

    @property
    @abstractmethod
    def current_player(self) -> int | None: ...

    @property
    @abstractmethod
    def phase(self) -> str: ...

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None: ...

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now, in a player's words. Games refine this."""
        return f"{self.describe(action)!r} is not allowed now (phase: {self.phase})"

    def describe(self, action: Action) -> str:
        """A label for people. Games may use the state to say more than the action knows;
        those that do list the types whose words are their own in :attr:`own_labels`."""
        return action.label()

    @classmethod
    def setup_form(cls) -> dict[str, Any]:
        """What a form needs to set a game up: the player counts and every option."""
        return {"game": cls.name, "title": cls.title,
                "players": {"low": cls.min_players, "high": cls.max_players,
                            "default": max(2, cls.min_players) if cls.max_players >= 2
                            else cls.min_players},
                "options": [o.to_json() for o in cls.option_specs if o.in_forms]}

    @classmethod
    def option(cls, name: str) -> Option:
        """The option called ``name``; KeyError names the options there are."""
        for spec in cls.option_specs:
            if spec.name == name:
                return spec
        known = ", ".join(o.name for o in cls.option_specs) or "none"
        raise KeyError(f"{cls.title or cls.name} has no option {name!r} (its options: {known})")

    @property
    def options(self) -> dict[str, Any]:
        """The set-up options besides players and seed: ``new_game(**options)`` again."""
        return {}

    @property
    def player_names(self) -> list[str]:
        return [f"Player {i + 1}" for i in range(self.players)]

    def widget(self, **kwargs: Any) -> Any:
        """The widget that plays this game in Jupyter: the one its spec names
        (``core.registry``; a variant uses its game's), else ``ecogames.widget.GameWidget``.
        ``kwargs``: e.g. ``bots={1: "random"}``.

        The widget is imported when called: core imports none (the widget sits in a layer
        above core, docs/architecture.md, as the game packages do).
        """
        from .registry import widget_class

        return widget_class(self)(self, **kwargs)

    def food_web(self) -> nx.DiGraph[Any]:
        raise NotImplementedError(f"{self.title or self.name} has no food web")

    def board_graph(self) -> nx.Graph[Any]:
        raise NotImplementedError(f"{self.title or self.name} has no board graph")

    # -- playing -------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action legal now; empty once the game is over."""
        known = self._legal  # (_legal_now, inline: asked before nearly every action)
        if known is None:
            known = self._legal = [] if self.is_over else self._legal_actions()
        return list(known)

    def _legal_now(self) -> list[Action]:
        """The legal actions now, none once the game is over: worked out once per action.
        The game's own list, kept as it came (``_legal_actions`` makes it for core, which
        never changes it): never handed out, ``legal_actions`` gives a copy."""
        known = self._legal
        if known is not None:
            return known
        legal = self._legal = [] if self.is_over else self._legal_actions()
        return legal

    def parse_action(self, action: Action | Mapping[str, Any]) -> Action:
        """The action from its JSON form; raises :class:`MalformedAction`."""
        return self.codec.parse(action)

    def apply(self, action: Action | Mapping[str, Any], *, record: bool = True,
              views: bool = False, perspective: int | None = None) -> Cascade:
        """Play ``action`` (an Action or its JSON form) through the one legality gate.

        Raises :class:`MalformedAction` or :class:`IllegalAction` and leaves the game exactly
        as it was. ``views=True`` keeps the view after each event (as ``perspective`` sees
        it; ``None``, an onlooker) for step-by-step replay.
        """
        legal = self._legal  # _legal_now's, read here: a bot or a widget asked first
        if legal is None:
            legal = self._legal_now()
        # scanned by identity first (a bot or a widget plays one of the legal actions
        # themselves, which needs no parsing): `in` calls a dataclass __eq__ on each action
        # before the match, and this loop of `is` costs less than one such call, at any
        # length up to hundreds
        for parsed in legal:
            if parsed is action:
                break
        else:  # an equal action, or its JSON form
            parsed = action if type(action) in self.codec.classes \
                else self.parse_action(action)  # type: ignore[assignment]  # an Action's class
            if parsed not in legal:
                self._refuse(parsed)
        action = parsed
        # the action is played here, not in a method of its own: a call is ~450 instructions
        heard = id(self) in _LISTENERS if _LISTENERS else False  # (nobody: no id() asked)
        seat = self.current_player if heard else None
        # (what the hottest path reads of its class and of the game is looked up once, in a
        # module dict and the game's own attributes: Python 3.11 looks a class attribute up
        # through an instance the slow way, each time)
        own_words, told_words = _WORDS[type(self)]
        # the words of the action, from the state before it; none (read from the action when
        # asked) for an action whose words are its own, or when nothing is told
        label = self.describe(action) if record and type(action) not in own_words else None
        # a rule that fails leaves the game as it was: restored by replaying the history
        # (cheap enough for a failure, which is rare), or from a copy where that cannot be
        backup = None if self._replayable else self._copy()
        # told nothing (a save's replay, chances()): the log push plays into
        if not record:
            log: EventLog = _UNTOLD
        elif views:
            log = EventLog(True, lambda: self.view(perspective))
        else:
            log = _Told()
            log.record = True
            log.events = []
        forced = self._forced.get(len(self._actions), _NOTHING_FORCED) if self._forced \
            else _NOTHING_FORCED
        draws: list[Drawn] = []
        self._chance = draws
        self._forcing = forced  # (set at every action: chance() reads it as the game's own)
        self.draws_are_kept = True
        try:
            self._play(action, log)
        except ChanceError as error:
            self._restore(backup)
            raise IllegalAction(f"{self.describe(action)!r}: {error}", action=action,
                                rule="chance") from None
        except BaseException:
            self._restore(backup)
            raise
        finally:
            self._chance = None
            self.draws_are_kept = False
            if forced:
                self._forcing = _NOTHING_FORCED
        if forced and max(forced) >= len(draws):
            self._restore(backup)
            unused = min(n for n in forced if n >= len(draws))
            raise _NeverDrawn(self.describe(action), action, unused, len(draws))
        self._actions.append(action)
        self._legal = None
        # Cascade(...) made here at a third of the cost: its fields go straight into the new
        # instance's dict (a frozen dataclass's __init__ sets each by object.__setattr__);
        # a field left out is read from its class: the label is the action's own, worked
        # out when first read (own_labels), events and chances are made when first read of
        # what was told and drawn (``_told``, ``_drawn``; ``()`` without), views ``None``
        cascade: Cascade = _new_object(Cascade)
        fields = cascade.__dict__
        fields["action"] = action
        if label is not None:
            fields["label"] = label
        if record:
            if told_words and type(action) in told_words:  # the rule's words (told_labels)
                said = self.__dict__.pop("label_told", None)
                if said is not None:
                    fields["label"] = said
            told: Sequence[Any] = log.events
            if views:
                fields["views"] = tuple(log.views)  # type: ignore[arg-type]  # (kept: views)
                told = tuple(told)  # (a list that takes views, _Viewed, is not kept)
            if told:  # (a Telling's own list, kept as it is: the log is gone after this)
                fields["_told"] = told
        elif views:
            fields["views"] = ()
        if draws:  # the ChanceDraws made when first read (Cascade.chances), of their fields
            fields["_drawn"] = draws  # (the list itself: nothing else holds it after this)
        self.last_cascade = cascade
        if heard:
            self._tell(Change("act", len(self._actions), cascade, seat))
        return cascade

    def _refuse(self, action: Action) -> NoReturn:
        if self.is_over:
            raise IllegalAction(f"{self.describe(action)!r}: the game is over "
                                f"({self.outcome.reason if self.outcome else ''})",
                                action=action, rule="end of game")
        raise IllegalAction(self.explain_illegal(action), action=action)

    # -- listeners (every view of one game: linked widgets, hosted pages) -----------------

    def add_listener(self, listener: Callable[[Game, Change], Any]) -> None:
        """Call ``listener(game, change)`` after every action played through :meth:`apply`
        and every undo. Held weakly (a bound method lives as long as its object): a widget
        that is gone stops listening by itself. ``push`` tells nobody (the fast door)."""
        ref: weakref.ref[Any] = (weakref.WeakMethod(listener)
                                 if hasattr(listener, "__self__") else weakref.ref(listener))
        listeners = _LISTENERS.get(id(self))
        if listeners is None:
            listeners = _LISTENERS[id(self)] = []
            weakref.finalize(self, _LISTENERS.pop, id(self), None)
        listeners.append(ref)

    def remove_listener(self, listener: Callable[[Game, Change], Any]) -> None:
        """Stop telling ``listener`` (nothing happens if it was not listening)."""
        listeners = _LISTENERS.get(id(self), [])
        listeners[:] = [ref for ref in listeners if ref() not in (None, listener)]
        if not listeners:
            _LISTENERS.pop(id(self), None)

    def _tell(self, change: Change) -> None:
        """Tell every listener, in the order they came. The action stands whatever a
        listener does: one that fails is logged and the others are still told."""
        listeners = _LISTENERS.get(id(self), [])
        for ref in list(listeners):
            listener = ref()
            if listener is None:
                continue
            try:
                listener(self, change)
            except Exception:  # a broken view must not stop the others, nor undo the action
                logging.getLogger("ecogames").exception("a listener of %r failed", self)
        listeners[:] = [ref for ref in listeners if ref() is not None]
        if not listeners:  # everyone who listened is gone: apply is back to its fast path
            _LISTENERS.pop(id(self), None)

    def push(self, action: Action) -> None:
        """Play an action already known to be legal, without checking or telling.

        The fast door for bots and replays; a person's move goes through :meth:`apply`.
        """
        forced = self._forced.get(len(self._actions)) if self._forced else None
        if forced is None:  # nothing forced (nearly always): the draws need no counting
            self._play(action, _UNTOLD)
        else:
            self._chance, self._forcing, self.draws_are_kept = [], forced, True
            try:
                self._play(action, _UNTOLD)
            finally:
                self._chance, self._forcing, self.draws_are_kept = None, _NOTHING_FORCED, False
        self._actions.append(action)
        self._legal = None

    chance = chance
    """One chance draw of a rule (``core.chance.chance``, the method itself: see its words
    there; ``whole=True`` vouches that the weights are whole and positive, and ``ticket``
    that the rule finds a ticket's outcome itself)."""
    draws_from_pile = draws_from_pile
    """Chance draws from a pile, none put back (``core.chance.draws_from_pile``, the method
    itself): each the :meth:`chance` draw among the kinds left, by their counts."""

    def draws_so_far(self) -> int:
        """How many chance draws the action being resolved has made (0 outside one). An event
        that came from draw ``n`` reads ``core.provenance.chance_key(n)``."""
        draws = self._chance
        return len(draws) if draws is not None else 0

    def _resolve(self, action: Action, record: bool, views: bool,
                 perspective: int | None) -> Cascade:
        """:meth:`apply` of an action known to be legal (one of the history's, replayed):
        the gate is handed it as the legal actions, and does not list them."""
        self._legal = [action]
        return self.apply(action, record=record, views=views, perspective=perspective)

    def _restore(self, other: Game | None) -> None:
        """Back to ``other``'s state (``None``: the state the history leads to), keeping the
        history."""
        if other is None:
            other = self.replay()
        history = (self._set_up, self._actions, self._forced, self.last_cascade,
                   self._replayable)
        self.__dict__.clear()
        self.__dict__.update(other.__dict__)
        (self._set_up, self._actions, self._forced, self.last_cascade,
         self._replayable) = history

    # -- why: the dependencies between events, across the whole game ----------------------

    def provenance(self) -> Provenance:
        """The recorded history and its dependency graph (``core.provenance``): built on first
        use by replaying the history with telling on, then extended as the game goes on.
        ``push`` and the bots pay nothing for it until someone asks."""
        known: Provenance | None = self.__dict__.get("_provenance")
        if known is None or len(known) > len(self._actions):
            known = Provenance(self)
            self.__dict__["_provenance"] = known
        else:
            known.update(self)
        return known

    def why(self, question: Any, /, **asked: Any) -> Answer:
        """Why something happened, as a causal chain down to its roots (the choices and the
        chance draws it came from): ``why(event)`` (an Event of this game or ``(action,
        index)``), ``why("token:3")`` (why that thing left the game), ``why("outcome")``,
        ``why("extinction", species="fox")``, or one of the game's ``why_questions``. The
        answer prints as words; ``.graph`` is a networkx DiGraph (each node with its
        ``action`` index and ``text``). Raises ``ValueError`` saying what can be asked."""
        from .provenance import why

        return why(self, question, **asked)

    def story(self, subject: str) -> Story:
        """Every event that touched a thing (an id such as ``"token:3"``) or a species, in
        order, each with its cause and step: ``.text`` and ``.frame()``."""
        from .provenance import story

        return story(self, subject)

    def events_frame(self) -> pd.DataFrame:
        """The whole game's log, one row per event: action index, step, seat, kind, text, the
        ids and species touched, its cause within the action, the events it depends on
        (within and across actions) and, for an event that came from a chance draw, the
        draw, its outcome and the outcome's probability."""
        from .provenance import events_frame

        return events_frame(self)

    def dependency_graph(self) -> nx.DiGraph[Any]:
        """Every event, choice and chance draw of the game, with edges from cause to effect."""
        return self.provenance().graph()

    # -- history -------------------------------------------------------------------------

    @property
    def _initial(self) -> dict[str, Any]:
        """The set-up the history starts from, as plain JSON (the same dict every time, in
        every clone: never change it)."""
        return self._set_up.json()

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions played since the set-up, oldest first."""
        return tuple(self._actions)

    def replay(self: G, upto: int | None = None) -> G:
        """A new game: the same set-up with the first ``upto`` actions (all by default)."""
        if upto is not None and (not _is_int(upto) or not 0 <= upto <= len(self._actions)):
            raise IllegalAction(f"there is no step {upto!r:.20} to replay to: "
                                f"{len(self._actions)} actions played", rule="undo")
        actions = self._actions if upto is None else self._actions[:upto]
        game = self._set_up.start(type(self))
        game._set_up = self._set_up
        game._actions = []
        game._forced = {i: f for i, f in self._forced.items() if i < len(actions)}
        game._replayable = True
        game.draws_are_kept = False
        game.last_cascade = None
        for action in actions:
            game.push(action)
        return game

    def chances(self, step: int) -> tuple[ChanceDraw, ...]:
        """The chance draws of action ``step`` of the history (0: the first action), with
        every outcome that was possible: what :meth:`fork` may change."""
        self._check_step(step)
        return self._draws_on(self.replay(step), step)

    def _draws_on(self, earlier: Game, step: int) -> tuple[ChanceDraw, ...]:
        """The chance draws of action ``step`` played on ``earlier``, this game as it was
        before that action (a replay, which this changes)."""
        earlier.copy_forcing_from(self)  # this action's own forced outcomes too
        return earlier.apply(self._actions[step], record=False).chances

    def fork(self: G, step: int, *, chance: Any = None, action: Any = None,
             views: bool = False, perspective: int | None = None) -> G:
        """A new game that agrees with this one before action ``step`` (0: the first), then
        goes another way; it stands right after that action, its history shared with
        nothing.

        ``chance``: what that action's chance draw came out as instead (its first draw), or
        ``{draw number: outcome}`` for several; see :meth:`chances`; its other draws come out
        as they did here. ``action``: another action played in its place. Raises
        :class:`IllegalAction` for an outcome or an action that could not have happened
        there. ``views``/``perspective``: the new game's ``last_cascade`` keeps the view
        after each event, as :meth:`apply` does (telling costs nothing otherwise)."""
        self._check_step(step)
        if (chance is None) == (action is None):
            raise IllegalAction("fork changes either a chance outcome (chance=) or the "
                                "action played (action=)", rule="fork")
        game = self.replay(step)
        if action is None:
            forced = dict(chance) if isinstance(chance, Mapping) else {0: chance}
            if any(not _is_int(n) or n < 0 for n in forced):
                raise IllegalAction(f"chance draws are numbered 0, 1, ...: "
                                    f"{sorted(forced, key=str)}", rule="fork")
            made = len(self._draws_on(game.clone(), step))  # (not a second replay)
            if any(n >= made for n in forced):
                raise IllegalAction(f"action {step} ({self.describe(self._actions[step])!r}) "
                                    f"made {made} chance draw(s), numbered from 0", rule="fork")
            game._forced = {**game._forced, step: {**self._forced.get(step, {}), **forced}}
            action = self._actions[step]
        game.apply(action, record=views, views=views, perspective=perspective)
        return game

    # -- forcing chance outcomes -------------------------------------------------------------

    def forced_outcomes(self) -> dict[int, dict[int, Any]]:
        """The chance outcomes forced on this game's actions, played or to come: ``{action
        number: {draw number: outcome}}`` (a copy; numbers count from 0). A save holds those
        of the actions played (its ``chance``)."""
        return {step: dict(forced) for step, forced in self._forced.items()}

    def force(self, outcomes: Any, *, action: int | None = None) -> None:
        """Force the chance draws of an action not played yet: ``action`` is its number in the
        history (the next one, ``len(history)``, by default); ``outcomes`` the outcome of its
        first draw, or ``{draw number: outcome}``. Outcomes forced on that action before stay
        unless named again. The action, when played, raises :class:`IllegalAction` (and
        changes nothing) if a draw could not come out so or if it makes no such draw; the
        game's generator is used up as without forcing, so only those outcomes differ.

        >>> game.force(6)                      # doctest: +SKIP
        >>> game.apply({"type": "roll"}).chances[0].outcome    # doctest: +SKIP
        6
        """
        played = len(self._actions)
        step = played if action is None else action
        if not _is_int(step) or step < played:
            raise IllegalAction(f"only an action not played yet can be forced: action "
                                f"{step!r:.20} is not after the {played} played (fork changes "
                                "one that was)", rule="chance")
        draws = dict(outcomes) if isinstance(outcomes, Mapping) else {0: outcomes}
        if not draws or any(not _is_int(n) or not 0 <= n < MAX_FORCED_DRAW for n in draws):
            raise IllegalAction(f"chance draws are numbered 0 to {MAX_FORCED_DRAW - 1}, not "
                                f"{sorted(draws, key=str)!r:.60}", rule="chance")
        self._forced = {**self._forced, step: {**self._forced.get(step, {}), **draws}}

    def copy_forcing_from(self, other: Game) -> None:
        """Force this game's coming actions as ``other`` forced them: for a replay of
        ``other`` (``other.replay(n)``) that plays ``other``'s history on, as it was played.
        ``other`` is the same game with this one's history as the start of its own; anything
        else raises ``ValueError`` and changes nothing."""
        played = len(self._actions)
        if type(other) is not type(self) or other._actions[:played] != self._actions:
            raise ValueError("copy_forcing_from takes the game this one was replayed from: "
                             f"{other!r:.80} does not start with this game's {played} actions")
        if {s: f for s, f in other._forced.items() if s < played} != \
                {s: f for s, f in self._forced.items() if s < played}:
            raise ValueError("copy_forcing_from: the two games forced the actions they share "
                             "differently, so they are not the same game")
        self._forced = other._forced  # never changed in place: sharing it is safe

    def _check_step(self, step: Any) -> None:
        if not _is_int(step) or not 0 <= step < len(self._actions):
            raise IllegalAction(f"there is no action {step!r:.20} in the history: "
                                f"{len(self._actions)} actions played", rule="fork")

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` actions (the set-up cannot be undone)."""
        if not _is_int(steps) or not 0 < steps <= len(self._actions):
            raise IllegalAction(f"cannot undo {steps!r} action(s): "
                                f"{len(self._actions)} played so far", rule="undo")
        self.undo_to(len(self._actions) - steps)

    def undo_to(self, count: int) -> None:
        """Return to the state after the first ``count`` actions (time travel)."""
        if not _is_int(count) or not 0 <= count <= len(self._actions):
            raise IllegalAction(f"there is no step {count!r} to return to: "
                                f"{len(self._actions)} actions played", rule="undo")
        earlier = self.replay(count)
        self.__dict__.clear()
        self.__dict__.update(earlier.__dict__)
        if id(self) in _LISTENERS:
            self._tell(Change("undo", count))

    def clone(self: G) -> G:
        """An independent copy that shares no mutable state (cheap: for search bots; the
        set-up, which nothing changes, is shared, not copied)."""
        twin = self._copy()
        twin._set_up = self._set_up
        twin._actions = list(self._actions)
        twin._forced = self._forced
        twin._replayable = self._replayable  # (a determinization's history is not its own)
        twin._legal = None  # a determinization changes hidden things under the same history
        twin.draws_are_kept = False
        twin.last_cascade = None
        return twin

    def determinize(self: G, player: int | None, rng: Rng) -> G:
        """A full state consistent with everything ``player`` sees (``None``: an onlooker),
        for information-set search: what is hidden from that seat (decks' order, others'
        hands, face-down tiles) is dealt anew from ``rng``, and the game's own generator is
        reseeded from ``rng``, so the future dice are sampled, never known.

        The view is kept: ``determinize(p, rng).view(p) == view(p)``. A game with hidden
        information writes ``determinize(game, player, rng)`` in ``games/<game>/hidden.py``
        and names it in its spec (``core.registry``); without one, the result is a clone
        with its generator reseeded. The history is the real one's: a determinized game is
        for searching, not for replay or saving.
        """
        from .registry import find_spec

        spec = find_spec(self)
        if spec is not None and spec.determinize is not None:
            twin: G = spec.determinize(self, player, rng)
        else:
            twin = self.clone()
            twin.rng = Rng(rng.next64())
        twin._replayable = False
        return twin

    # -- save and load -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole game as plain JSON: set-up, actions since, and the state they lead to.

        A copy: changing it changes nothing in the game (it equals ``json.loads(to_json())``).
        """
        return cast("dict[str, Any]", _json_copy({
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.name,
            "state_version": self.state_version,
            "initial": self._initial,
            "actions": [a.to_json() for a in self._actions],
            "chance": {str(step): {str(n): outcome for n, outcome in forced.items()}
                       for step, forced in self._forced.items() if step < len(self._actions)},
            "state": self._state(),
        }))

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def from_dict(cls: type[G], data: Any) -> G:
        """Load a save strictly: the set-up is validated, every action replayed through the
        legality gate, and the result must equal the saved state. Raises :class:`SaveError`
        for anything else, whatever ``data`` holds; the game shares nothing with ``data``.

        Strict means JSON-strict: the set-up and the final state must read back as exactly
        the JSON the file holds (``1.0`` or ``true`` is not ``1``, no key is dropped)."""
        data = plain_json(data)
        _check_envelope(data, expected=cls.name or None)
        game_cls = _REGISTRY[data["game"]]
        if not issubclass(game_cls, cls):
            raise SaveError(f"this save is a {data['game']!r} game, not {cls.name!r}")
        if data["state_version"] != game_cls.state_version:
            raise SaveError(f"this save has state version {data['state_version']!r}; this "
                            f"version of ecogames reads version {game_cls.state_version}")
        try:
            return game_cls._replay_save(data)
        except SaveError:
            raise
        except Exception as error:  # a rule that fails on what the file set up
            raise SaveError(f"the save cannot be replayed: the rules failed on it "
                            f"({type(error).__name__}: {error})") from error

    @classmethod
    def _replay_save(cls: type[G], data: dict[str, Any]) -> G:
        game = cls.from_state(data["initial"])
        difference = first_difference(data["initial"], game._initial, "initial")
        if difference:
            raise SaveError(f"the saved set-up does not read back exactly: {difference}")
        actions = data["actions"]
        game._forced = _read_forced(data["chance"], len(actions))
        for number, raw in enumerate(actions, start=1):
            try:
                game.apply(raw, record=False)
            except _NeverDrawn as error:
                raise SaveError(f"the save forces chance draw {error.draw} of action {number}, "
                                f"which made {error.made} chance "
                                f"draw{'' if error.made == 1 else 's'} (numbered from 0): the "
                                "file was edited or corrupted") from None
            except (MalformedAction, IllegalAction) as error:
                raise SaveError(f"action {number} of {len(actions)} in the save cannot be "
                                f"replayed: {error}") from None
            except Exception as error:
                raise SaveError(f"action {number} of {len(actions)} in the save cannot be "
                                f"replayed: the rules failed on it ({type(error).__name__}: "
                                f"{error})") from error
        try:
            saved = _json_copy(cls._load_state(data["state"])._state())
        except SaveError as error:
            raise SaveError(f"the saved final state is invalid: {error}") from None
        difference = first_difference(data["state"], saved, "state")
        if difference:
            raise SaveError(f"the saved final state does not read back exactly: {difference}")
        if first_difference(saved, _json_copy(game._state())):
            raise SaveError("the saved state does not match its own history: the file was "
                            "edited or corrupted")
        return game

    @classmethod
    def from_json(cls: type[G], text: str | bytes) -> G:
        return cls.from_dict(read_json(text))

    @classmethod
    def load(cls: type[G], path: str | Path) -> G:
        return cls.from_dict(read_json_file(path))

    @classmethod
    def _load_state(cls: type[G], data: Any) -> G:
        """The game in state ``data``, read from a copy (the game shares nothing with it)."""
        if not isinstance(data, Mapping):
            raise SaveError(f"a {cls.name} state must be an object, got {type(data).__name__}")
        data = plain_json(data, f"the {cls.name} state")
        try:
            game = cls._from_state(data)
            problems = game.violations()
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            what = f"missing {error}" if isinstance(error, KeyError) else str(error)
            raise SaveError(f"invalid {cls.name} state: {what}") from None
        except Exception as error:  # a reader that fails on a state it should have refused
            raise SaveError(f"invalid {cls.name} state: its reader failed "
                            f"({type(error).__name__}: {error})") from error
        if problems:
            raise SaveError(problems[0])
        return game

    # -- comparison ----------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Two games are equal when their states are (history is not compared)."""
        if type(other) is not type(self):
            return False
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        status = self.outcome.reason if self.outcome else f"phase {self.phase}"
        played = len(self._actions)
        return f"<{type(self).__name__} {self.players} players, {played} actions, {status}>"




class _SetUp:
    """The state a history starts from: a copy of the game made when it was set up, read as
    JSON only when someone asks (a save). Most games, a bot's or a simulation's, never ask:
    the JSON copy was 8-25% of a short game's cost. A replay (undo, fork, chances, why)
    starts from a copy of it, not from the JSON: loading and checking a state cost 2-4 ms,
    the copy a few microseconds."""

    __slots__ = ("_game", "_json")

    def __init__(self, game: Game) -> None:
        self._game = game
        self._json: dict[str, Any] | None = None

    def json(self) -> dict[str, Any]:
        if self._json is None:
            self._json = cast("dict[str, Any]", _json_copy(self._game._state()))
        return self._json

    def start(self, cls: type[G]) -> G:
        """A new game of ``cls`` in the set-up state, sharing nothing with the one kept."""
        game = self._game._copy()
        if type(game) is cls:
            return game
        return cls._load_state(self.json())  # a variant whose game's _copy names its class



def _is_int(value: Any) -> bool:
    """A whole number, and not a bool (which Python counts as an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _json_copy(value: Any) -> Any:
    """A deep copy as plain JSON (tuples become lists), of data the game itself made."""
    return json.loads(json.dumps(value))


def _check_envelope(data: Any, expected: str | None) -> None:
    if not isinstance(data, dict):
        raise SaveError(f"a save must be a JSON object, got {type(data).__name__}")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"not an ecogames save (format {data.get('format')!r:.40})")
    version = data.get("version")
    if type(version) is int and version == 1:
        raise SaveError("this save has format version 1, from an ecogames before chance "
                        "outcomes were saved; this ecogames reads version 2 only (replay the "
                        "game's actions into a new game to bring it over)")
    if type(version) is not int or version != SAVE_VERSION:
        raise SaveError(f"save format version {version!r:.20} is not readable by this "
                        f"ecogames (reads version {SAVE_VERSION}, an integer)")
    game = data.get("game")
    if not isinstance(game, str) or game not in _REGISTRY:
        raise SaveError(f"unknown game {game!r:.40} in the save")
    if expected is not None and game != expected:
        raise SaveError(f"this save is a {game!r} game, not {expected!r}")
    unknown = sorted(set(data) - set(SAVE_KEYS))
    if unknown:
        raise SaveError(f"the save has unknown key(s) {unknown}: a save holds only "
                        f"{list(SAVE_KEYS)}")
    missing = [key for key in SAVE_KEYS if key not in data]
    if missing:
        raise SaveError(f"the save lacks {missing}")
    if type(data["state_version"]) is not int:
        raise SaveError(f"the save's state version must be an integer, got "
                        f"{data['state_version']!r:.20}")
    actions = data["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_SAVED_ACTIONS:
        raise SaveError("the save's actions must be a list of at most "
                        f"{MAX_SAVED_ACTIONS} actions")


def _read_forced(data: Any, actions: int) -> dict[int, Forced]:
    """The save's forced chance outcomes: {"action number": {"draw number": outcome}}."""
    if not isinstance(data, dict):
        raise SaveError("the save's chance must be an object of action number -> outcomes")
    forced: dict[int, Forced] = {}
    for step, draws in data.items():
        number = _index(step, actions, "an action number")
        if not isinstance(draws, dict) or not draws:
            raise SaveError(f"the chance outcomes of action {step} must be a non-empty object")
        forced[number] = {_index(n, MAX_FORCED_DRAW, "a draw number"): value
                          for n, value in draws.items()}
    return forced


def _index(text: str, limit: int, what: str) -> int:
    if not (text.isdigit() and text.isascii()) or len(text) > 6 or (text != "0"
                                                                    and text[0] == "0"):
        raise SaveError(f"the save's chance names {text!r:.20}, not {what}")
    number = int(text)
    if number >= limit:
        raise SaveError(f"the save's chance names {what} {number}, out of range")
    return number


def _where(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def registered_games() -> dict[str, type[Game]]:
    """Every game class by its name (games register themselves when imported)."""
    return dict(_REGISTRY)


def load(source: str | Path | bytes | Mapping[str, Any]) -> Game:
    """Load a save of any game: a path, the JSON text (a str starting with ``{``, ``[``, ``"``) or
    bytes, or the parsed dict.

    Whatever the text or dict holds, the result is a game or a :class:`SaveError`."""
    if isinstance(source, Mapping):
        data: Any = source
    elif isinstance(source, (bytes, bytearray)) or (
            isinstance(source, str) and source.lstrip()[:1] in ("{", "[", '"')):
        data = read_json(source)
    else:
        data = read_json_file(source)
    if isinstance(data, Mapping):
        name = data.get("game")
        if isinstance(name, str) and name not in _REGISTRY:
            from .registry import find_game

            find_game(name)  # games register on import; a save may name one not imported yet
    return Game.from_dict(data)

