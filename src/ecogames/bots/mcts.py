"""A search bot for every game: Monte Carlo tree search (UCT) over the Game protocol.

One bot plays all five games and any other that implements the protocol. Each *playout*:

1. **Determinize.** ``game.determinize(seat, rng)`` deals what the seat to move cannot see
   (decks' order, others' hands, face-down tiles) anew from the bot's own generator and
   reseeds the game's generator, so chance is sampled, never known: a plain clone would
   replay the real future dice. The bot never reads the real state beyond what the seat
   sees; it searches only on determinized states (information-set MCTS by determinization,
   "single observer": one tree over many determinizations).
2. **Select** down the tree with UCB1. The tree is keyed on actions (small frozen
   dataclasses, hashable), so the same action under different dice or deals shares one
   node (open-loop search). A child counts how often it was *available* (legal in the
   determinization of the playouts that reached its parent) and UCB uses that count, so
   actions that are often illegal are not favoured.
3. **Expand** one action not tried yet (at a new node, the one the rollout policy would
   play: with a greedy rollout even a small budget plays at least as the greedy bot
   does), then **roll out** to the end with the random bot or
   the game's own greedy/heuristic bot (``rollout=``; ``"auto"`` starts random and turns
   greedy in a game whose random rollouts run long), at most ``max_rollout`` actions.
4. **Back up** the result, for each player: 0.9 for a win alone (0.9/k for a win shared by
   k players, 0 for a loss) plus 0.1 times the player's score normalised between the
   lowest and the highest score, oriented the way the winners' scores are (so a game where
   the fewest points win, as in Tulikko, is read right). In a cooperative game every
   player gets the team's result. A rollout cut off before the end is worth the same for
   every player (``1 / players``).

A budget is a number of playouts (``playouts=``; reproducible: same seed, same state, same
move), a time per move (``seconds=``, by the clock on the wall: what a person waits) or CPU
time per move (``cpu_seconds=``, the process's: what the ladder's budgets are, the same on a
busy machine), or several (whichever ends first).

**A game's own settings.** A game's spec (``core.registry.GameSpec``, written in its
package's ``__init__`` from its ``bots.py``) may give the search two things:

- ``estimate(game) -> list[float]``: each player's expected result in [0, 1], on the scale
  of :func:`rewards`, for a game that is not over. With it a rollout may stop early
  (``cutoff``) and be scored by the estimate: many short rollouts instead of few long ones.
- ``mcts``: a dict of the defaults of this bot in that game (``rollout``, ``cutoff``,
  ``exploration``, ``expand``, ``widening``, ``root_actions``, ``horizon``), the figures
  that game's ladder measured best. An argument given to :class:`MCTSBot` overrides them.

>>> from ecogames.games import wildlifeweb
>>> from ecogames.bots.mcts import MCTSBot
>>> game = wildlifeweb.new_game(players=2, seed=1)
>>> bot = MCTSBot(seed=3, playouts=20)
>>> bot.choose(game, game.legal_actions()) in game.legal_actions()
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import Action, Game, Outcome, Rng
from ..core.registry import find_spec

WIN_WEIGHT = 0.9
"""Of a result in [0, 1], the part the win gives; the score's tie-break gives the rest."""
DEFAULT_PLAYOUTS = 200
DEFAULT_EXPLORATION = 1.0
DEFAULT_MAX_ROLLOUT = 2_000
"""A rollout stops after this many actions (Tori's random games run thousands)."""
AUTO_RANDOM_LIMIT = 1_000
"""``rollout="auto"``: a random rollout that runs longer than this turns the bot's rollouts
in that game over to the game's greedy bot (with ``max_rollout`` at most this, "auto" is
random)."""



@dataclass(frozen=True)
class Settings:
    """How the search plays one game: the bot's arguments over the game's MCTS settings
    over these defaults."""

    rollout: str | Callable[[int], Any] = "auto"
    cutoff: int | None = None
    """Rollout actions after which the game's ``estimate`` scores the rollout (``None``: to
    the end; 0: the estimate of the new node itself). Ignored without an estimate."""
    exploration: float = DEFAULT_EXPLORATION
    expand: str | Callable[[int], Any] | None = None
    """The policy whose choice a new node expands first (``None``: the rollout policy's);
    e.g. ``"greedy"`` with random rollouts."""
    widening: float | None = None
    """Progressive widening below the root (``None``: off, every action is tried before any
    is tried again): a node visited ``n`` times gains a child only while it has fewer than
    ``1 + widening * sqrt(n)`` (or none its state allows), so its value follows its best
    few replies, not the mean of all of them."""
    root_actions: Callable[[Game, list[Action]], Sequence[Action]] | None = field(
        default=None, compare=False)
    """The game's own pruning of the root: ``root_actions(state, legal)`` gives the actions
    worth searching (a non-empty part of ``legal``), from a determinized ``state`` (the seat's
    view, never the real hidden things). ``None``: every legal action."""
    estimate: Callable[[Game], Sequence[float]] | None = field(default=None, compare=False)
    horizon: Callable[[Game], bool] | None = field(default=None, compare=False)
    """The game's own end of the tree: a playout whose descent reaches a state below the root
    where ``horizon(state)`` is true stops there and is scored from it (rollout and
    ``cutoff`` as at a new node), and no node grows below it; e.g. the end of a turn, so
    that the search plans the turn's own moves and never samples the next turn's dice.
    ``None``: the tree grows to the game's end."""
    default_margin: float | None = None
    """Keep the default move at the root unless the search's pick beats it by this margin:
    the default move is the expand policy's own choice at the root (the first action
    expanded, e.g. the game's heuristic with ``rollout="greedy"``), and the most played action
    replaces it only where its mean value exceeds the default's by more than
    ``default_margin``; where the root's values lie closer than the estimate can tell, the
    pick among them is noise. ``None``: off, the most played action (as before). A bot's
    argument only (``MCTSBot(default_margin=)``), not yet a game's setting: at 0.05 CPU s a
    move in Tori-Tori a margin of 0.002 played as the heuristic does (see docs/bots.md)."""

    def __post_init__(self) -> None:
        if self.cutoff is not None and (not isinstance(self.cutoff, int) or self.cutoff < 0):
            raise ValueError(f"cutoff must be a whole number >= 0 or None, not "
                             f"{self.cutoff!r:.20}")
        if not self.exploration >= 0:
            raise ValueError(f"exploration must be >= 0, not {self.exploration!r:.20}")
        if self.widening is not None and not self.widening > 0:
            raise ValueError(f"widening must be > 0 or None, not {self.widening!r:.20}")
        if self.default_margin is not None and not self.default_margin >= 0:
            raise ValueError(f"default_margin must be >= 0 or None, not "
                             f"{self.default_margin!r:.20}")


_UNSET: Any = object()


def game_settings(game: type[Game] | Game, **given: Any) -> Settings:
    """The settings of a search in ``game``: ``given`` (not ``_UNSET``) over the MCTS
    settings of the game's spec (``core.registry``; checked there) over the defaults, with
    the spec's ``estimate``."""
    spec = find_spec(game)
    own = {} if spec is None else dict(spec.mcts)
    own.update({k: v for k, v in given.items() if v is not _UNSET})
    return Settings(**own, estimate=None if spec is None else spec.estimate)


Progress = Callable[[int, int], Any]
"""``progress(playouts_done, playouts_planned)`` during a search (``0`` planned: a time
budget); returning ``False`` stops the search (a person pressed Cancel)."""


def rewards(outcome: Outcome, players: int, cooperative: bool = False) -> list[float]:
    """Each player's result in [0, 1] from a game's ``Outcome`` (see the module docstring)."""
    winners = set(outcome.winners)
    scores = list(outcome.scores)[:players]
    tie_break = [0.5] * players
    if len(scores) == players and max(scores) > min(scores):
        low, high = min(scores), max(scores)
        norm = [(s - low) / (high - low) for s in scores]
        won = [norm[p] for p in range(players) if p in winners]
        lost = [norm[p] for p in range(players) if p not in winners]
        if won and lost and sum(won) / len(won) < sum(lost) / len(lost):
            norm = [1.0 - x for x in norm]  # the fewest points win
        tie_break = norm
    if cooperative:
        team = WIN_WEIGHT * bool(winners) + (1 - WIN_WEIGHT) * sum(tie_break) / players
        return [team] * players
    return [(WIN_WEIGHT / len(winners) if p in winners else 0.0)
            + (1 - WIN_WEIGHT) * tie_break[p] for p in range(players)]


def logit_results(strengths: Sequence[float], standing: Sequence[float]) -> list[float]:
    """An ``estimate`` from each player's strength and standing, on the scale of
    :func:`rewards`: ``WIN_WEIGHT`` times the chance to win, a conditional logit (player
    ``p`` wins with probability ``exp(s_p) / sum(exp(s_q))``), plus the tie-break share of
    the player's ``standing`` (higher is better: the score, or minus the points where the
    fewest win) between the lowest (0) and the highest (1), one half each when all are level.
    """
    top = max(strengths)
    odds = [math.exp(s - top) for s in strengths]
    total = sum(odds)
    low, high = min(standing), max(standing)
    return [WIN_WEIGHT * odd / total
            + (1 - WIN_WEIGHT) * ((x - low) / (high - low) if high > low else 0.5)
            for odd, x in zip(odds, standing, strict=True)]


@dataclass(frozen=True)
class Choice:
    """One root action after a search: how often it was played out and what it won."""

    action: Action
    visits: int
    value: float
    """The mean result for the seat that chooses (0..1; about the win rate)."""

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.to_json(), "label": self.action.label(),
                "visits": self.visits, "value": round(self.value, 4)}


@dataclass(frozen=True)
class Search:
    """What a search found: the choices best first, and how much it did."""

    choices: tuple[Choice, ...]
    playouts: int
    seconds: float = field(compare=False)
    """Wall-clock time the search took (not compared: two equal searches may differ)."""

    @property
    def best(self) -> Action:
        return self.choices[0].action


class _Node:
    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0
        """Sum of the results of the seat that chose the action leading here."""


class MCTSBot:
    """UCT with determinization: ``MCTSBot(seed, playouts=200)``, ``seconds=1.0`` or
    ``cpu_seconds=1.0``.

    ``rollout``: ``"random"`` (uniform legal actions), ``"greedy"`` (the game's own greedy or
    heuristic bot; random for a game without one), ``"auto"`` (random, until a random
    rollout runs past ``AUTO_RANDOM_LIMIT`` actions: greedy from then on in that game, as in
    Tori; greedy from the start in a cooperative game, where random teams never win), a bot
    name, or a ``seed -> Bot`` factory. ``cutoff``: rollout actions before the game's
    ``estimate`` scores the rollout. ``exploration``: UCB1's constant. ``expand``: the
    policy a new node tries first. ``widening``: progressive widening below the root (see
    :class:`Settings`). ``root_actions``: the game's pruning of the root (``None``: search
    every legal action). ``horizon``: where the tree ends (``None``: at the game's end; see
    :class:`Settings`). ``default_margin``: keep the expand policy's move at the root unless
    the search's pick beats it by this much (``None``: off). Each of the others left out
    is the game's own setting (its spec's ``mcts``), else the default of :class:`Settings`.
    ``max_rollout``: actions per rollout at most.
    """

    name = "mcts"

    def __init__(self, seed: int = 0, *, playouts: int | None = None,
                 seconds: float | None = None, cpu_seconds: float | None = None,
                 rollout: str | Callable[[int], Any] = _UNSET,
                 cutoff: int | None = _UNSET, exploration: float = _UNSET,
                 expand: str | Callable[[int], Any] | None = _UNSET,
                 widening: float | None = _UNSET,
                 root_actions: Callable[[Game, list[Action]], Sequence[Action]] | None = _UNSET,
                 horizon: Callable[[Game], bool] | None = _UNSET,
                 default_margin: float | None = _UNSET,
                 max_rollout: int = DEFAULT_MAX_ROLLOUT) -> None:
        if playouts is None and seconds is None and cpu_seconds is None:
            playouts = DEFAULT_PLAYOUTS
        if playouts is not None and (not isinstance(playouts, int) or playouts < 1):
            raise ValueError(f"playouts must be a whole number >= 1, not {playouts!r:.20}")
        for what, limit in (("seconds", seconds), ("cpu_seconds", cpu_seconds)):
            if limit is not None and not limit > 0:
                raise ValueError(f"{what} must be > 0, not {limit!r:.20}")
        self.rng = Rng(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.cpu_seconds = cpu_seconds
        self.given: dict[str, Any] = {"rollout": rollout, "cutoff": cutoff,
                                      "exploration": exploration, "expand": expand,
                                      "widening": widening, "root_actions": root_actions,
                                      "horizon": horizon,
                                      "default_margin": default_margin}
        Settings(**{k: v for k, v in self.given.items() if v is not _UNSET})  # checks them
        self.max_rollout = max_rollout
        self._settings: dict[type, Settings] = {}
        self._rollout_bots: dict[str, Any] = {}
        self._expand_bots: dict[str, Any] = {}
        self._long_games: set[str] = set()
        """Games whose random rollouts ran past ``AUTO_RANDOM_LIMIT`` (``rollout="auto"``)."""

    def __repr__(self) -> str:
        budget = ", ".join(f"{name}={value}" for name, value in (
            ("playouts", self.playouts), ("seconds", self.seconds),
            ("cpu_seconds", self.cpu_seconds)) if value is not None)
        given = "".join(f", {k}={v!r}" for k, v in self.given.items() if v is not _UNSET)
        return f"MCTSBot({budget}{given})"

    def settings(self, game: type[Game] | Game) -> Settings:
        """How this bot searches ``game``: its own arguments over the game's settings."""
        cls = game if isinstance(game, type) else type(game)
        found = self._settings.get(cls)
        if found is None:
            found = self._settings[cls] = game_settings(cls, **self.given)
        return found

    # -- the Bot protocol ------------------------------------------------------------------

    def choose(self, game: Game, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.search(game, legal).best

    # -- the search ------------------------------------------------------------------------

    def search(self, game: Game, legal: Sequence[Action] | None = None, *,
               progress: Progress | None = None) -> Search:
        """Search from ``game`` for its current seat; the root's choices, best first (most
        played out, then the higher value, then the earlier expanded: at equal figures the
        rollout policy's own choice comes first)."""
        legal = list(game.legal_actions() if legal is None else legal)
        if not legal:
            raise ValueError(f"{game!r} has no legal action to search")
        seat = game.current_player
        players = game.players
        cooperative = type(game).cooperative
        settings = self.settings(game)
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        cpu_deadline = (None if self.cpu_seconds is None
                        else time.process_time() + self.cpu_seconds)
        searched = self._root_actions(game, seat, legal, settings)  # within the budget
        root = _Node()
        planned = self.playouts or 0
        done = 0
        while True:
            self._playout(game, seat, root, players, cooperative, settings, searched)
            done += 1
            if self.playouts is not None and done >= self.playouts:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if cpu_deadline is not None and time.process_time() >= cpu_deadline:
                break
            if progress is not None and done % 10 == 0 and progress(done, planned) is False:
                break
        allowed = set(legal)
        choices = [Choice(action, node.visits, node.total / node.visits if node.visits else 0.0)
                   for action, node in root.children.items() if action in allowed]
        choices += [Choice(action, 0, 0.0) for action in legal if action not in root.children]
        # ties go to the earlier expanded: the rollout policy's own choice first
        choices.sort(key=lambda c: (-c.visits, -c.value))
        if settings.default_margin is not None:
            choices = _kept_default(choices, next(iter(root.children), None),
                                    settings.default_margin)
        if progress is not None:
            progress(done, planned)
        return Search(tuple(choices), done, time.perf_counter() - start)

    def _root_actions(self, game: Game, seat: int | None, legal: list[Action],
                      settings: Settings) -> frozenset[Action] | None:
        """The root's actions the game's ``root_actions`` keeps (``None``: all of them)."""
        if settings.root_actions is None:
            return None
        kept = frozenset(settings.root_actions(game.determinize(seat, self.rng), legal))
        if not kept or not kept <= set(legal):
            raise ValueError(f"{game.name}'s root_actions must keep some of the legal "
                             f"actions and nothing else, not {sorted(map(str, kept))!r:.80}")
        return None if len(kept) == len(legal) else kept

    def _playout(self, game: Game, seat: int | None, root: _Node, players: int,
                 cooperative: bool, settings: Settings,
                 searched: frozenset[Action] | None = None) -> None:
        state = game.determinize(seat, self.rng)
        path: list[tuple[_Node, int]] = []  # (node, the seat whose choice led there)
        node = root
        c = settings.exploration
        rng = self.rng
        horizon = settings.horizon
        while True:
            if state.is_over or (horizon is not None and node is not root and horizon(state)):
                break
            legal = state.legal_actions()
            if searched is not None and node is root:
                legal = [a for a in legal if a in searched] or legal
            mover = state.current_player
            mover = 0 if mover is None else mover
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.available += 1
            if untried and (node is root or settings.widening is None
                            or len(untried) == len(legal)
                            or len(children) < 1 + settings.widening * math.sqrt(node.visits)):
                if not children:  # a new node: first the rollout policy's own choice
                    action = self._expand_bot(state, settings).choose(state, legal)
                else:
                    action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = children[action] = _Node()
                child.available = 1
                state.push(action)
                path.append((child, mover))
                break
            best = None
            best_score = -math.inf
            for a in legal:
                child = children.get(a)
                if child is None:  # not expanded yet (progressive widening)
                    continue
                score = (child.total / child.visits
                         + c * math.sqrt(math.log(child.available) / child.visits))
                if score > best_score:
                    best, best_score = a, score
            assert best is not None
            state.push(best)
            node = children[best]
            path.append((node, mover))
        result = self._rollout(state, players, cooperative, settings)
        root.visits += 1
        for child, mover in path:
            child.visits += 1
            child.total += result[mover]

    def _rollout(self, state: Game, players: int, cooperative: bool,
                 settings: Settings) -> list[float]:
        estimate = settings.estimate
        auto = settings.rollout == "auto"
        if auto and cooperative and state.name not in self._long_games:
            # a team of random players never wins a cooperative game: random rollouts would
            # tell the search nothing but the score, so the game's own team plays them out
            self._long_games.add(state.name)
            self._rollout_bots.pop(state.name, None)
        if estimate is not None and settings.cutoff is not None:
            outcome = self._play_out(state, self._rollout_bot(state, settings), settings.cutoff)
            if outcome is not None:
                return rewards(outcome, players, cooperative)
            return _checked_estimate(estimate(state), players, state)
        left = self.max_rollout
        if auto and state.name not in self._long_games and left > AUTO_RANDOM_LIMIT:
            outcome = self._play_out(state, self._rollout_bot(state, settings),
                                     AUTO_RANDOM_LIMIT)
            if outcome is not None:
                return rewards(outcome, players, cooperative)
            # random play of this game runs long: its greedy bot rolls out from now on
            self._long_games.add(state.name)
            self._rollout_bots.pop(state.name, None)
            left -= AUTO_RANDOM_LIMIT
        outcome = self._play_out(state, self._rollout_bot(state, settings), left)
        if outcome is not None:
            return rewards(outcome, players, cooperative)
        if estimate is not None:
            return _checked_estimate(estimate(state), players, state)
        return [1.0 / players] * players

    @staticmethod
    def _play_out(state: Game, bot: Any, limit: int) -> Outcome | None:
        for _ in range(limit):
            outcome = state.outcome
            if outcome is not None:
                return outcome
            legal = state.legal_actions()
            state.push(legal[0] if len(legal) == 1 else bot.choose(state, legal))
        return state.outcome

    def _rollout_bot(self, game: Game, settings: Settings) -> Any:
        bot = self._rollout_bots.get(game.name)
        if bot is None:
            rollout = settings.rollout
            if rollout == "auto":
                rollout = "greedy" if game.name in self._long_games else "random"
            bot = self._rollout_bots[game.name] = _make_rollout_bot(
                rollout, game.name, self.rng.next64())
        return bot

    def _expand_bot(self, game: Game, settings: Settings) -> Any:
        if settings.expand is None:
            return self._rollout_bot(game, settings)
        bot = self._expand_bots.get(game.name)
        if bot is None:
            bot = self._expand_bots[game.name] = _make_rollout_bot(
                settings.expand, game.name, self.rng.next64())
        return bot


def _kept_default(choices: list[Choice], default: Action | None,
                  margin: float) -> list[Choice]:
    """``choices`` with the ``default`` move first unless the first choice's value beats
    the default's by more than ``margin`` (see ``Settings.default_margin``)."""
    kept = next((c for c in choices if c.action == default), None)
    if kept is None or kept is choices[0] or choices[0].value > kept.value + margin:
        return choices
    return [kept] + [c for c in choices if c is not kept]


def _checked_estimate(values: Sequence[float], players: int, game: Game) -> list[float]:
    result = [float(v) for v in values]
    if len(result) != players or not all(0.0 <= v <= 1.0 for v in result):
        raise ValueError(f"{game.name}'s estimate must give each of the {players} players a "
                         f"result in [0, 1], not {values!r:.80}")
    return result


def greedy_bot_name(game: str) -> str | None:
    """The game's own greedy or heuristic bot (``"tori-greedy"``), or ``None``."""
    from . import bot_game, bots_for

    own = [name for name in bots_for(game) if bot_game(name) == game]
    for suffix in ("-greedy", "-heuristic"):
        for name in own:
            if name.endswith(suffix):
                return name
    return None


def _make_rollout_bot(rollout: str | Callable[[int], Any], game: str, seed: int) -> Any:
    from . import RandomBot, make_bot

    if callable(rollout):
        return rollout(seed)
    if rollout == "random":
        return RandomBot(seed)
    if rollout == "greedy":
        name = greedy_bot_name(game)
        return RandomBot(seed) if name is None else make_bot(name, seed)
    return make_bot(rollout, seed)
