"""core.provenance: the dependencies between the events of a whole game, and why / story /
events_frame over them, on a small game whose chains are worked out by hand here.

Warren: grass, rabbits with ids, and a fox. ``grow`` adds grass; ``graze`` a rabbit eats
grass; ``hunt`` the fox eats a rabbit; ``wait`` starves every rabbit when no grass is left,
and the game ends when the last rabbit is gone (the rabbits are extinct). ``roll`` is a chance
draw: on 6 a new rabbit is born.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import networkx as nx
import pytest

from ecogames.core import Action, EventLog, Game, Outcome, Rng
from ecogames.core import schema as s
from ecogames.core.provenance import OUTCOME, Question, chance_key, extinct_key, gone_key


@dataclass(frozen=True)
class Grow(Action):
    type = "grow"


@dataclass(frozen=True)
class Graze(Action):
    type = "graze"
    rabbit: int


@dataclass(frozen=True)
class Hunt(Action):
    type = "hunt"
    rabbit: int


@dataclass(frozen=True)
class Wait(Action):
    type = "wait"


@dataclass(frozen=True)
class Roll(Action):
    type = "roll"


class Warren(Game):
    name = "test_warren"
    title = "Warren"
    action_types = (Grow, Graze, Hunt, Wait, Roll)
    min_players, max_players = 1, 2
    identities = {"rabbits": "rabbit"}
    why_questions = (Question("grass", 'game.why("grass")', lambda: ("grass",),
                              "what last changed the grass"),)

    def __init__(self, players: int, rng: Rng) -> None:
        self.players, self.rng = players, rng
        self.grass = 1
        self.rabbits = [0, 1]
        self.next_rabbit = 2
        self.over = False

    @classmethod
    def _setup(cls, *, players: int, rng: Rng) -> Warren:
        return cls(players, rng)

    def _legal_actions(self) -> list[Action]:
        return [Grow(), Wait(), Roll(), *(Graze(r) for r in self.rabbits if self.grass),
                *(Hunt(r) for r in self.rabbits)]

    def _play(self, action: Action, log: EventLog) -> None:
        if isinstance(action, Grow):
            self.grass += 1
            log.emit("grow", "The grass grows", writes=[("grass",)], nodes=["grass"])
        elif isinstance(action, Graze):
            self.grass -= 1
            log.emit("graze", f"Rabbit {action.rabbit} eats grass",
                     reads=[("grass",), ("rabbit", action.rabbit)],
                     writes=[("grass",), ("rabbit", action.rabbit)],
                     rabbits=[action.rabbit], nodes=["grass", "rabbit"])
        elif isinstance(action, Hunt):
            self._remove(action.rabbit, log, "hunted",
                         f"The fox eats rabbit {action.rabbit}", None, ("rabbit", action.rabbit))
        elif isinstance(action, Roll):
            face = self.chance("the die", (1, 2, 3, 4, 5, 6))
            rolled = log.emit("roll", f"The die shows {face}", reads=[chance_key(0)])
            if face == 6:
                born = self.next_rabbit
                self.next_rabbit += 1
                self.rabbits.append(born)
                log.emit("born", f"Rabbit {born} is born", cause=rolled,
                         writes=[("rabbit", born)], rabbits=[born], nodes=["rabbit"])
        else:
            waited = log.emit("wait", "Time passes")
            if not self.grass:
                for rabbit in list(self.rabbits):
                    self._remove(rabbit, log, "starve", f"Rabbit {rabbit} finds no grass",
                                 waited, ("grass",))
            if self.over:
                return

    def _remove(self, rabbit: int, log: EventLog, kind: str, text: str, cause: int | None,
                read: tuple[Any, ...]) -> None:
        self.rabbits.remove(rabbit)
        ev = log.emit(kind, text, cause=cause, reads=[read, ("rabbit", rabbit)],
                      writes=[gone_key(f"rabbit:{rabbit}")], rabbits=[rabbit],
                      nodes=["rabbit"])
        if not self.rabbits:
            self.over = True
            ex = log.emit("extinct", "The rabbits are extinct", cause=ev,
                          writes=[extinct_key("rabbit")], nodes=["rabbit"])
            log.emit("end", "The warren is empty", cause=ex, writes=[OUTCOME])

    def food_web(self) -> nx.DiGraph:
        return nx.DiGraph([("grass", "rabbit"), ("rabbit", "fox")])

    @property
    def current_player(self) -> int | None:
        return None if self.over else 0

    @property
    def phase(self) -> str:
        return "over" if self.over else "play"

    @property
    def outcome(self) -> Outcome | None:
        return Outcome((), "the rabbits are extinct") if self.over else None

    def view(self, player: int | None = None) -> dict[str, Any]:
        return self._state()

    def _state(self) -> dict[str, Any]:
        return {"players": self.players, "rng": self.rng.state, "grass": self.grass,
                "rabbits": list(self.rabbits), "next_rabbit": self.next_rabbit,
                "over": self.over}

    @classmethod
    def _from_state(cls, data: Mapping[str, Any]) -> Warren:
        game = cls(s.integer(data, "players", 1, 2), Rng(state=s.field(data, "rng", int)))
        game.grass = s.integer(data, "grass", 0, 99)
        game.rabbits = list(s.field(data, "rabbits", list))
        game.next_rabbit = s.integer(data, "next_rabbit", 0, 99)
        game.over = s.field(data, "over", bool)
        return game

    def _copy(self) -> Warren:
        twin = object.__new__(Warren)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy()
        twin.rabbits = list(self.rabbits)
        return twin


def played(*actions: Action, seed: int = 1) -> Warren:
    game = Warren.new_game(players=1, seed=seed)
    for action in actions:
        game.apply(action)
    return game


def chain_nodes(answer: Any) -> list[tuple[Any, ...]]:
    return [link.node for link in answer.chain]


# -- the dependency graph ---------------------------------------------------------------------


def test_a_read_depends_on_the_last_write_in_any_earlier_action() -> None:
    game = played(Grow(), Graze(0), Graze(1), Wait())
    graph = game.dependency_graph()
    # rabbit 1's graze read the grass that rabbit 0's graze wrote, one action before
    assert graph.has_edge(("event", 1, 0), ("event", 2, 0))
    assert graph.edges[("event", 1, 0), ("event", 2, 0)]["via"] == "read"
    # the starving rabbits read the grass the last graze wrote
    assert graph.has_edge(("event", 2, 0), ("event", 3, 1))
    assert graph.nodes[("event", 3, 1)]["action"] == 3
    assert graph.nodes[("event", 3, 1)]["text"] == "Rabbit 0 finds no grass"
    # within an action, the cause tree is kept: the wait set off the starving
    assert graph.has_edge(("action", 3), ("event", 3, 0))
    assert graph.has_edge(("event", 3, 0), ("event", 3, 1))


def test_every_dependency_points_back_in_time() -> None:
    game = played(Grow(), Roll(), Graze(0), Hunt(1), Wait(), Graze(0), Wait())
    for cause, effect in game.dependency_graph().edges:
        assert cause[1:] < effect[1:] or cause[0] in ("action", "draw")
        assert cause[1] <= effect[1]


# -- why ---------------------------------------------------------------------------------


def test_why_a_rabbit_starved_names_the_graze_that_ate_the_last_grass() -> None:
    game = played(Grow(), Graze(0), Graze(1), Wait())
    answer = game.why("rabbit:1")
    assert chain_nodes(answer) == [("event", 3, 2), ("event", 2, 0), ("event", 1, 0),
                                   ("event", 0, 0)]
    assert [link.text for link in answer.chain] == [
        "Rabbit 1 finds no grass", "Rabbit 1 eats grass", "Rabbit 0 eats grass",
        "The grass grows"]
    # the roots of each link: the choice that played it
    assert [r.text for r in answer.roots[("event", 2, 0)]] == [
        "Player 1 chose graze(rabbit=1)"]
    assert isinstance(answer.graph, nx.DiGraph)
    assert all({"action", "text"} <= set(data) for _n, data in answer.graph.nodes(data=True))
    assert answer.graph.has_edge(("event", 2, 0), ("event", 3, 2))
    assert answer.text.splitlines()[:2] == [
        "Why? Rabbit 1 finds no grass (action 4)",
        "       (from: Player 1 chose wait)"]
    assert str(answer) == answer.text


def test_why_the_outcome_and_the_extinction_follow_the_cause_to_the_last_removal() -> None:
    game = played(Hunt(0), Graze(1), Wait())
    assert game.is_over
    outcome = game.why("outcome")
    assert [link.kind for link in outcome.chain] == ["end", "extinct", "starve", "graze"]
    extinction = game.why("extinction", species="rabbit")
    assert chain_nodes(extinction) == chain_nodes(outcome)[1:]


def test_a_chance_draw_is_a_root_with_its_odds() -> None:
    game = Warren.new_game(players=1, seed=0)
    for _ in range(40):  # until a 6 comes
        game.apply(Roll())
        if len(game.last_cascade) == 2:
            break
    born = game.last_cascade[1]
    answer = game.why(born)
    assert answer.chain[0].text == born.text
    roots = answer.roots[answer.chain[0].node]
    assert roots[0].kind == "chance"
    assert roots[0].text == "the die came out 6 (chance 1 in 6)"
    row = game.events_frame().iloc[-2]
    assert (row["draw"], row["outcome"], row["probability"]) == ("the die", 6, 1 / 6)
    assert Fraction(row["probability"]).limit_denominator(6) == Fraction(1, 6)


def test_a_game_question_answers_with_the_last_write_of_its_key() -> None:
    game = played(Grow(), Graze(0))
    assert game.why("grass").chain[0].text == "Rabbit 0 eats grass"


@pytest.mark.parametrize(("ask", "says"), [
    (("rabbit:9",), "no event of this game has named"),
    (("rabbit:0",), "still in play"),
    (("outcome",), "not over"),
    (("extinction",), "ask it as"),
    (("nonsense",), "is not a question"),
    ((("event", 9, 0),), "no event 0 in action 9"),
    ((3.5,), "cannot ask why"),
])
def test_a_question_the_game_cannot_answer_says_what_can_be_asked(ask: Any, says: str) -> None:
    game = played(Grow(), Graze(0))
    with pytest.raises(ValueError, match=says):
        game.why(*ask)


def test_an_extinction_that_did_not_happen_or_a_species_not_in_the_game() -> None:
    game = played(Grow())
    with pytest.raises(ValueError, match="has not gone extinct"):
        game.why("extinction", species="fox")
    with pytest.raises(ValueError, match="not a species of this game"):
        game.why("extinction", species="lynx")


# -- story and the frame ---------------------------------------------------------------------


def test_a_story_tells_every_event_of_a_thing_and_how_it_ends() -> None:
    game = played(Grow(), Graze(1), Graze(0), Hunt(1))
    story = game.story("rabbit:1")
    assert [link.text for link in story.events] == ["Rabbit 1 eats grass",
                                                     "The fox eats rabbit 1"]
    assert [c.text if c else None for c in story.causes] == [
        "Player 1 chose graze(rabbit=1)", "Player 1 chose hunt(rabbit=1)"]
    assert story.end == "gone"
    assert game.story("rabbit:0").end == "in play"
    frame = story.frame()
    assert list(frame["action"]) == [1, 3]
    assert "still in play" in game.story("rabbit:0").text
    species = game.story("rabbit")
    assert len(species.events) == 3 and species.end == "in play"
    with pytest.raises(ValueError, match=r"Nothing has happened to this rabbit \(rabbit:7\)"):
        game.story("rabbit:7")
    with pytest.raises(ValueError, match="neither an id nor a species"):
        game.story("lynx")


def test_the_events_frame_has_one_row_per_event_with_its_dependencies() -> None:
    game = played(Grow(), Graze(0), Graze(1), Wait())
    frame = game.events_frame()
    # grow; graze; graze; wait, two rabbits starve, the rabbits are extinct, the end
    assert len(frame) == 8
    assert list(frame.columns) == ["action", "event", "step", "seat", "kind", "text", "ids",
                                   "species", "cause", "depends_on", "draw", "outcome",
                                   "probability"]
    starved = frame.iloc[5]
    assert starved["text"] == "Rabbit 1 finds no grass"
    assert starved["ids"] == ("rabbit:1",)
    # its cause (the wait), the grass the last graze wrote, rabbit 1 as its own graze left it
    assert starved["depends_on"] == ((3, 0), (2, 0))
    assert starved["seat"] == 0 and starved["step"] == 4


# -- laziness and identity ----------------------------------------------------------------------


def test_nothing_is_recorded_until_someone_asks_and_it_follows_the_game() -> None:
    game = Warren.new_game(players=1, seed=2)
    game.push(Grow())
    game.push(Graze(0))
    assert "_provenance" not in game.__dict__
    assert len(game.provenance()) == 2
    game.apply(Graze(1))
    assert len(game.provenance()) == 3  # extended, not rebuilt
    game.undo()
    assert "_provenance" not in game.__dict__
    assert len(game.provenance()) == 2


def test_ids_and_answers_survive_save_load_and_replay() -> None:
    game = played(Grow(), Roll(), Graze(0), Hunt(1), Wait())
    loaded = Warren.from_json(game.to_json())
    assert loaded.why("rabbit:1").text == game.why("rabbit:1").text
    assert game.replay().events_frame().equals(game.events_frame())
    assert game.fork(1, chance=6).story("rabbit:2").events[0].text == "Rabbit 2 is born"
