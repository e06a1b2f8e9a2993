"""Why things happened: the dependencies between the events of a whole game.

Each action's cascade already says why its own events happened (``Event.cause``). This module
links the cascades of a whole history together, from what each event says it *read* and
*wrote* (``Event.reads`` / ``Event.writes``, keys such as ``("pile", 4)``): an event that read
a key depends on the last event, in this action or any earlier one, that wrote it. A game only
annotates its events; everything else is derived here, once for every game:

- :class:`Provenance` — the recorded history and its dependency graph, built lazily (nothing
  is recorded until someone asks; ``push`` pays nothing) and extended as the game goes on;
- :func:`why` — a question answered as a causal chain, in words and as a networkx DiGraph;
- :func:`story` — every event that touched a thing or a species, in order;
- :func:`events_frame` — the whole log as a pandas DataFrame;
- :func:`cause_patterns` — chains reduced to their kinds and species, to count over games.

Keys with a meaning of their own:

- ``("chance", n)`` read by an event: it came from chance draw ``n`` of its own action (the
  draw, with its odds, becomes a root of the chain);
- ``("gone", id)`` written: the thing ``id`` left the game (died, was eaten, removed);
- ``("extinct", species)`` written: the species went extinct;
- ``("outcome",)`` written: the game ended.

Ids name things that keep their identity for the whole game (``"token:17"``). An event names
them in ``touched["ids"]``, or through the game's ``identities`` (a touched kind whose values
are ids: Tori-Tori's ``{"tokens": "token"}`` makes ``tokens=[17]`` name ``"token:17"``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import networkx as nx
    import pandas as pd

    from .chance import ChanceDraw
    from .events import Cascade, Event
    from .game import Game

Key = tuple[Any, ...]
Node = tuple[Any, ...]
"""A node of the dependency graph: ``("action", a)`` (a player's or bot's choice),
``("draw", a, n)`` (chance draw ``n`` of action ``a``) or ``("event", a, e)``."""

OUTCOME: Key = ("outcome",)
EVERYONE = "everyone"
"""The viewer who may see every chance draw's outcome (the Python API's answers); a seat
number (or ``None``, an onlooker) hides the outcomes of draws that seat did not see."""
SHOWN_LINKS = 6
"""How many links of a chain the words show; the rest unfold from the graph."""


def chance_key(number: int) -> Key:
    """The key an event reads when it came from chance draw ``number`` of its action."""
    return ("chance", number)


def gone_key(thing: str) -> Key:
    return ("gone", thing)


def extinct_key(species: str) -> Key:
    return ("extinct", species)


@dataclass(frozen=True)
class Question:
    """A question a game answers besides the generic ones: ``game.why(name, **asked)``.

    ``key(**asked)`` is the state key whose last write answers it (the event that last made it
    so); ``ask`` shows how to ask it, for error messages and docs.
    """

    name: str
    ask: str
    key: Callable[..., Key]
    help: str = ""


@dataclass(frozen=True)
class Link:
    """One node of an answer, for people and for the widget (``action`` jumps the timeline)."""

    node: Node
    kind: str
    text: str
    action: int
    step: int
    seat: int | None

    def to_json(self) -> dict[str, Any]:
        return {"node": list(self.node), "kind": self.kind, "text": self.text,
                "action": self.action, "step": self.step, "seat": self.seat}


@dataclass(frozen=True)
class Answer:
    """The answer to ``why``: the chain that decided it, in words and as a graph.

    ``chain`` runs from the target back to its root (a choice or a chance draw); ``roots``
    are the choices and draws each link of the chain came from; ``graph`` holds both, with
    edges from cause to effect; every node carries ``action``, ``step``, ``kind`` and
    ``text``."""

    question: str
    target: Link
    chain: tuple[Link, ...]
    roots: Mapping[Node, tuple[Link, ...]]
    graph: nx.DiGraph[Any] = field(repr=False, compare=False)
    step_name: str = "step"

    @property
    def text(self) -> str:
        return self.words()

    def words(self, links: int = SHOWN_LINKS) -> str:
        """The answer in words: the target, then the links that led to it, newest first."""
        lines = [f"Why? {self.target.text} ({self._when(self.target)})"]
        shown = self.chain[:links + 1]
        for i, link in enumerate(shown):
            older = shown[i + 1] if i + 1 < len(shown) else None
            # the choice and draws of an action are said once, at its oldest link shown
            roots = [] if older is not None and older.action == link.action else [
                r for r in self.roots.get(link.node, ()) if r.node != link.node]
            after = f"\n       (from: {'; '.join(r.text for r in roots)})" if roots else ""
            if i == 0:
                lines[0] += after
            else:
                lines.append(f"  <- {link.text} ({self._when(link)}){after}")
        hidden = len(self.chain) - 1 - links
        if hidden > 0:
            lines.append(f"  <- ... {hidden} more link(s) back to {self.chain[-1].text!r} "
                         "(answer.chain, answer.graph)")
        return "\n".join(lines)

    def _when(self, link: Link) -> str:
        return when(self.step_name, link)

    def to_json(self) -> dict[str, Any]:
        return {"question": self.question, "target": self.target.to_json(),
                "chain": [link.to_json() for link in self.chain],
                "roots": [[list(n), [r.to_json() for r in rs]] for n, rs in self.roots.items()],
                "text": self.text, "step_name": self.step_name}

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Story:
    """Every event that touched one thing or species, in order, and how it ends."""

    subject: str
    events: tuple[Link, ...]
    causes: tuple[Link | None, ...]
    """The direct cause of each event (its within-action cause, or the action itself)."""
    end: str
    """``"in play"``, or ``"gone"`` (the last event took it out of the game)."""
    step_name: str = "step"

    @property
    def text(self) -> str:
        lines = [f"The story of {self.subject}:"]
        for link, cause in zip(self.events, self.causes, strict=True):
            because = f" (because: {cause.text})" if cause is not None else ""
            lines.append(f"  {when(self.step_name, link)}: {link.text}{because}")
        lines.append(f"  ... {'gone' if self.end == 'gone' else 'still in play'}")
        return "\n".join(lines)

    def frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame([{"action": link.action, "step": link.step, "seat": link.seat,
                              "kind": link.kind, "text": link.text,
                              "cause": cause.text if cause is not None else None}
                             for link, cause in zip(self.events, self.causes, strict=True)],
                            columns=["action", "step", "seat", "kind", "text", "cause"])

    def to_json(self) -> dict[str, Any]:
        return {"subject": self.subject, "end": self.end, "text": self.text,
                "step_name": self.step_name,
                "events": [dict(link.to_json(), cause=cause.text if cause else None)
                           for link, cause in zip(self.events, self.causes, strict=True)]}

    def __str__(self) -> str:
        return self.text


class Provenance:
    """A game's recorded history and the dependencies between all its events.

    Built by replaying the history with telling on, through the unchecked door (the history
    is known to be legal); :meth:`update` tells only the actions played since. Everything is
    plain lists and dicts; networkx graphs are made when asked.
    """

    def __init__(self, game: Game) -> None:
        from .series import spec_of

        self._spec = spec_of(game)
        self.step_name = self._spec.step
        self.identities: Mapping[str, str] = type(game).identities
        replay = game.replay(0)
        replay.copy_forcing_from(game)  # a fork's forced outcomes, as the game played them
        self._replay = replay
        self.cascades: list[Cascade] = []
        self.seats: list[int | None] = []
        self.steps: list[int] = []
        self.parents: dict[Node, list[Node]] = {}
        """Each event's parents: its cause (or its action), then what it read, in order."""
        self.reads: dict[Node, list[tuple[Key, Node]]] = {}
        """Each event's reads that an earlier event wrote: (key, that event)."""
        self.last_write: dict[Key, Node] = {}
        self.ids: dict[str, list[Node]] = {}
        self.species: dict[str, list[Node]] = {}
        self.gone: dict[str, Node] = {}
        self.update(game)

    def __len__(self) -> int:
        return len(self.cascades)

    def update(self, game: Game) -> None:
        """Tell the actions of ``game``'s history not told yet."""
        history = game._actions
        for action in history[len(self.cascades):]:
            self._tell(action)

    def _tell(self, action: Any) -> None:
        replay = self._replay
        number = len(self.cascades)
        self.seats.append(replay.current_player)
        self.steps.append(self._spec.steps_done(replay) + 1)
        cascade = replay._resolve(action, record=True, views=False, perspective=None)
        self.cascades.append(cascade)
        root: Node = ("action", number)
        last_write = self.last_write
        for event in cascade.events:
            node: Node = ("event", number, event.index)
            parents: list[Node] = [root if event.cause is None
                                   else ("event", number, event.cause)]
            read: list[tuple[Key, Node]] = []
            for key in event.reads:
                if key[0] == "chance":
                    parents.append(("draw", number, key[1]))
                    continue
                writer = last_write.get(key)
                if writer is not None:
                    read.append((key, writer))
                    if writer not in parents:
                        parents.append(writer)
            self.parents[node] = parents
            if read:
                self.reads[node] = read
            for key in event.writes:
                last_write[key] = node
                if key[0] == "gone":
                    self.gone[key[1]] = node
            for thing in self.ids_of(event):
                self.ids.setdefault(thing, []).append(node)
            for species in event.touched.get("nodes", ()):
                self.species.setdefault(species, []).append(node)

    def ids_of(self, event: Event) -> list[str]:
        """The ids an event names: ``touched["ids"]`` and the game's identity kinds."""
        touched = event.touched
        found = list(touched.get("ids", ()))
        for kind, prefix in self.identities.items():
            found.extend(f"{prefix}:{value}" for value in touched.get(kind, ()))
        return found

    # -- nodes ---------------------------------------------------------------------------

    def event(self, node: Node) -> Event:
        return self.cascades[node[1]].events[node[2]]

    def draw(self, node: Node) -> ChanceDraw:
        return self.cascades[node[1]].chances[node[2]]

    def link(self, node: Node, viewer: Any = EVERYONE) -> Link:
        action = node[1]
        if node[0] == "event":
            event = self.event(node)
            kind, text = event.kind, event.text
        elif node[0] == "draw":
            draw = self.draw(node)
            shown = viewer == EVERYONE or draw.visible_to(viewer)
            kind, text = "chance", draw_text(draw) if shown else f"{draw.name} (a secret draw)"
        else:
            seat = self.seats[action]
            who = "the game" if seat is None else f"Player {seat + 1}"
            kind, text = "choice", f"{who} chose {self.cascades[action].label}"
        return Link(node, kind, text, action, self.steps[action], self.seats[action])

    def nodes(self) -> Iterable[Node]:
        for number, cascade in enumerate(self.cascades):
            yield ("action", number)
            for n in range(len(cascade.chances)):
                yield ("draw", number, n)
            for event in cascade.events:
                yield ("event", number, event.index)

    def graph(self) -> nx.DiGraph[Any]:
        """The whole dependency graph: edges from cause to effect (a node's cause within its
        action, the last writer of each key it read, the draws it came from)."""
        import networkx as nx

        g: nx.DiGraph[Any] = nx.DiGraph()
        for node in self.nodes():
            link = self.link(node)
            g.add_node(node, kind=link.kind, text=link.text, action=link.action,
                       step=link.step, seat=link.seat)
        for node, parents in self.parents.items():
            for parent in parents:
                g.add_edge(parent, node, via="read" if parent[0] == "event"
                           and parent[1] != node[1] else "cause")
        return g

    # -- the chain -----------------------------------------------------------------------

    def primary_parent(self, node: Node) -> Node | None:
        """The link the chain follows from ``node``: the most recent write it read (the
        latest change that fed it); failing that, its cause within its action."""
        if node[0] != "event":
            return None
        reads = self.reads.get(node)
        if reads:
            return max(writer for _key, writer in reads)
        parent = self.parents[node][0]
        return parent if parent[0] == "event" else None

    def roots_of(self, node: Node) -> list[Node]:
        """The choice and the draws an event came from: its action, and the draws it or its
        causes within the action read."""
        roots: list[Node] = []
        current: Node | None = node
        while current is not None and current[0] == "event":
            for parent in self.parents[current]:
                if parent[0] == "draw" and parent not in roots:
                    roots.append(parent)
            first = self.parents[current][0]
            current = first if first[0] == "event" else None
        roots.append(("action", node[1]))
        return roots

    def chain(self, target: Node) -> list[Node]:
        chain = [target]
        seen = {target}
        current = self.primary_parent(target)
        while current is not None and current not in seen:
            chain.append(current)
            seen.add(current)
            current = self.primary_parent(current)
        return chain

    def answer(self, question: str, target: Node, viewer: Any = EVERYONE) -> Answer:
        import networkx as nx

        chain = self.chain(target)
        roots = {node: tuple(self.link(r, viewer) for r in self.roots_of(node))
                 for node in chain}
        g: nx.DiGraph[Any] = nx.DiGraph()
        for node in chain:
            link = self.link(node)
            g.add_node(node, kind=link.kind, text=link.text, action=link.action,
                       step=link.step, seat=link.seat, chain=True)
        for effect, cause in pairwise(chain):
            g.add_edge(cause, effect)
        for node, links in roots.items():
            for root in links:
                if root.node not in g:
                    g.add_node(root.node, kind=root.kind, text=root.text, action=root.action,
                               step=root.step, seat=root.seat, chain=False)
                g.add_edge(root.node, node)
        return Answer(question, self.link(target), tuple(self.link(n) for n in chain), roots, g,
                      self.step_name)

    # -- finding what was asked about ----------------------------------------------------

    def last_writer(self, key: Key) -> Node | None:
        return self.last_write.get(key)

    def find_event(self, event: Any) -> Node:
        """An event given as ``(action, index)``, a node, or an Event of this game."""
        from .events import Event

        if isinstance(event, Event):
            for number in range(len(self.cascades) - 1, -1, -1):
                events = self.cascades[number].events
                if event.index < len(events) and events[event.index] == event:
                    return ("event", number, event.index)
            raise ValueError(f"{event.text!r} is not an event of this game's history")
        if isinstance(event, tuple) and len(event) == 3 and event[0] == "event":
            event = event[1:]
        if (isinstance(event, tuple) and len(event) == 2
                and all(isinstance(i, int) and not isinstance(i, bool) for i in event)):
            number, index = event
            if 0 <= number < len(self.cascades) and 0 <= index < len(
                    self.cascades[number].events):
                return ("event", number, index)
            raise ValueError(f"there is no event {index} in action {number} "
                             f"({len(self.cascades)} actions played)")
        raise ValueError(f"cannot ask why about {event!r:.60}")


def when(step_name: str, link: Link) -> str:
    """'turn of the dice 3, action 12': actions counted from 1, as the widget's timeline
    counts them (``Link.action`` is the index in the history, from 0)."""
    if step_name == "action":
        return f"action {link.action + 1}"
    return f"{step_name} {link.step}, action {link.action + 1}"


def draw_text(draw: ChanceDraw) -> str:
    total = sum(draw.weights)
    weight = draw.weights[draw.outcomes.index(draw.outcome)]
    odds = Fraction(weight, total)
    chance = "certain" if odds == 1 else f"chance {odds.numerator} in {odds.denominator}"
    return f"{draw.name} came out {draw.label(draw.outcome)} ({chance})"


def draw_probability(draw: ChanceDraw) -> float:
    return draw.weights[draw.outcomes.index(draw.outcome)] / sum(draw.weights)


# -- the questions -----------------------------------------------------------------------


GENERIC_QUESTIONS = (
    Question("outcome", 'game.why("outcome")', lambda: OUTCOME,
             "why the game was won or lost (once it is over)"),
    Question("extinction", 'game.why("extinction", species="fox")', extinct_key,
             "why a species went extinct"),
)


def questions_of(game: Game) -> dict[str, Question]:
    return {q.name: q for q in (*GENERIC_QUESTIONS, *type(game).why_questions)}


def _can_ask(game: Game) -> str:
    asks = [q.ask for q in questions_of(game).values()]
    return ("you can ask game.why(event) (an Event of this game, or (action, index)), "
            "game.why(id) (an id such as 'token:3': why it left the game), or "
            + ", ".join(asks))


def why(game: Game, question: Any, *, viewer: Any = EVERYONE, **asked: Any) -> Answer:
    """See :meth:`ecogames.core.Game.why`; ``viewer``: whose eyes the chance draws are told
    with (a widget passes its seat, so a card drawn in secret stays secret)."""
    prov = game.provenance()
    if isinstance(question, str):
        if ":" in question and not asked:
            return _why_gone(game, prov, question, viewer)
        questions = questions_of(game)
        if question not in questions:
            raise ValueError(f"{question!r} is not a question {game.title or game.name} "
                             f"answers: {_can_ask(game)}")
        spec = questions[question]
        if question == "outcome" and not game.is_over:
            raise ValueError(f"the game is not over yet: ask why(\"outcome\") at its end; "
                             f"{_can_ask(game)}")
        try:
            key = spec.key(**asked)
        except TypeError:
            raise ValueError(f"ask it as {spec.ask}") from None
        target = prov.last_writer(key)
        if target is None:
            raise ValueError(_unanswered(game, spec, asked))
        shown = ", ".join(f"{k}={v!r}" for k, v in asked.items())
        return prov.answer(f"{question}({shown})" if shown else question, target, viewer)
    try:
        target = prov.find_event(question)
    except ValueError as error:
        raise ValueError(f"{error}; {_can_ask(game)}") from None
    return prov.answer(f"event {target[1]}.{target[2]}", target, viewer)


def _unanswered(game: Game, spec: Question, asked: Mapping[str, Any]) -> str:
    if spec.name == "extinction":
        species = asked.get("species")
        known = _species_of(game)
        if known and species not in known:
            return (f"{species!r} is not a species of this game (its species: "
                    f"{', '.join(sorted(known))})")
        return f"{species!r} has not gone extinct in this game"
    shown = ", ".join(f"{k}={v!r}" for k, v in asked.items())
    return (f"nothing in this game answers {spec.name}({shown}) yet ({spec.help}); "
            f"ask it as {spec.ask}")


def _species_of(game: Game) -> set[str]:
    try:
        return {str(n) for n in game.food_web().nodes}
    except NotImplementedError:
        return set()


def _why_gone(game: Game, prov: Provenance, thing: str, viewer: Any) -> Answer:
    node = prov.gone.get(thing)
    if node is not None:
        return prov.answer(f"why {thing} left the game", node, viewer)
    if thing in prov.ids:
        raise ValueError(f"{thing} is still in play: ask game.story({thing!r}) for its life so "
                         "far, or game.why(event) about one of its events")
    raise ValueError(f"no event of this game has named {thing!r}, so it has not left the game "
                     f"(if it is a thing of this game at all); {_can_ask(game)}")


def story(game: Game, subject: str) -> Story:
    prov = game.provenance()
    if not isinstance(subject, str):
        raise ValueError(f"a story is told of an id ('token:3') or a species, not {subject!r:.40}")
    nodes = prov.ids.get(subject)
    is_species = False
    if nodes is None:
        nodes = prov.species.get(subject)
        is_species = nodes is not None
    if nodes is None:
        known = _species_of(game)
        if subject in known:
            nodes, is_species = [], True
        else:
            kind, colon, _ = subject.partition(":")
            kinds = {i.partition(":")[0] for i in prov.ids} | set(prov.identities.values())
            if colon and kind in kinds:  # a thing on the board that nothing has touched yet
                raise ValueError(f"Nothing has happened to this {kind} ({subject}) yet: it has "
                                 "no story so far.")
            sample = ", ".join(sorted(prov.ids)[:5])
            raise ValueError(f"{subject!r} is neither an id nor a species that an event of this "
                             "game has named: nothing has happened to it so far, or it is not "
                             f"in this game (ids look like {sample or 'none yet'}; species: "
                             f"{', '.join(sorted(known)) or 'none'})")
    unique = sorted(set(nodes))
    links = tuple(prov.link(n) for n in unique)
    causes = tuple(prov.link(prov.parents[n][0]) for n in unique)
    if is_species:  # a species can come back after dying out (Wildlife Web: from the deck)
        extinct = prov.last_write.get(extinct_key(subject))
        end = "gone" if extinct is not None and (not unique or extinct >= unique[-1]) \
            else "in play"
    else:
        end = "gone" if subject in prov.gone else "in play"
    return Story(subject, links, causes, end, prov.step_name)


def events_frame(game: Game) -> pd.DataFrame:
    """One row per event of the whole game (see :meth:`ecogames.core.Game.events_frame`)."""
    import pandas as pd

    prov = game.provenance()
    rows = []
    for number, cascade in enumerate(prov.cascades):
        for event in cascade.events:
            node = ("event", number, event.index)
            parents = prov.parents[node]
            draws = [prov.draw(p) for p in parents if p[0] == "draw"]
            rows.append({
                "action": number, "event": event.index, "step": prov.steps[number],
                "seat": prov.seats[number], "kind": event.kind, "text": event.text,
                "ids": tuple(prov.ids_of(event)),
                "species": tuple(event.touched.get("nodes", ())),
                "cause": event.cause,
                "depends_on": tuple((p[1], p[2]) for p in parents if p[0] == "event"),
                "draw": draws[0].name if draws else None,
                "outcome": draws[0].outcome if draws else None,
                "probability": draw_probability(draws[0]) if draws else None,
            })
    columns = ["action", "event", "step", "seat", "kind", "text", "ids", "species", "cause",
               "depends_on", "draw", "outcome", "probability"]
    return pd.DataFrame(rows, columns=columns)


# -- across many games -------------------------------------------------------------------


def pattern(prov: Provenance, chain: Sequence[Node]) -> str:
    """A chain by the kinds and species of its links, not its ids: ``"extinct(fox) <-
    dies(fox) <- cat_enters(guinea_pig>cat)"`` reads the same in every game where it
    happened."""
    parts = []
    for node in chain:
        if node[0] != "event":
            continue
        parts.append(_link_pattern(prov.event(node)))
    return " <- ".join(_squeeze(parts))


def _link_pattern(event: Event) -> str:
    """``eat(guinea_pig>fox)`` for a link of the web, ``starve(fox)`` for one species, the
    kind alone where an event touched several (a breeding that used up three kinds)."""
    edges = event.touched.get("edges", ())
    if edges:
        return f"{event.kind}({','.join(f'{a}>{b}' for a, b in edges)})"
    species = event.touched.get("nodes", ())
    return f"{event.kind}({species[0]})" if len(species) == 1 else event.kind


def _squeeze(parts: list[str]) -> list[str]:
    """Runs of the same link said once (a Fox that starves three turns running is one
    ``starve(fox)``), so patterns group the same story told at different lengths."""
    squeezed: list[str] = []
    for part in parts:
        if not squeezed or squeezed[-1] != part:
            squeezed.append(part)
    return squeezed


def cause_patterns(game: Game, links: int = 4) -> dict[str, list[str]]:
    """The patterns behind what a game counts across runs: ``"outcome"``, and
    ``"extinction:<species>"`` for each species that went extinct, each the first ``links``
    links of its chain (what a person would read)."""
    prov = game.provenance()
    found: dict[str, list[str]] = {}
    for key, node in prov.last_write.items():
        if key == OUTCOME:
            name = "outcome"
        elif key[0] == "extinct":
            name = f"extinction:{key[1]}"
        else:
            continue
        found[name] = [pattern(prov, prov.chain(node)[:links])]
    return found
