"""Pond: a tiny game that lives only in the tests and exercises the whole Game protocol.

Algae feed snails, snails feed fish. Each turn the player rolls a die: 1-2 the algae bloom,
3-4 the snails feed, 5-6 the fish feed. An animal that finds no food starves and dies; when
fewer snails than hungry fish remain, the player decides which fish eats first (a decision
phase). Then the player releases one animal from the supply or passes. A secret goal
species per player (hidden from the others) scores its population at the end: after
``rounds`` rounds, or at once when a species dies out (everyone scores 0 then).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ecogames.core import Action, EventLog, Game, Option, Outcome, Rng
from ecogames.core import schema as s

SPECIES = ("algae", "snail", "fish")
FOOD = {"snail": "algae", "fish": "snail"}
SUPPLY = {"algae": 12, "snail": 8, "fish": 4}
START = {"algae": 4, "snail": 2, "fish": 1}
FACES = (1, 2, 3, 4, 5, 6)
DIE = {1: "algae bloom", 2: "algae bloom", 3: "snails feed", 4: "snails feed",
       5: "fish feed", 6: "fish feed"}
STATE_KEYS = {"players", "rng", "rounds", "turn", "active", "stage", "population", "fish_fed",
              "goals", "ended"}


@dataclass(frozen=True)
class Roll(Action):
    type = "roll"

    def label(self) -> str:
        return "Roll the die"


@dataclass(frozen=True)
class Feed(Action):
    """Decision: which fish (by index) eats next."""

    type = "feed"
    fish: int

    def label(self) -> str:
        return f"Fish {self.fish} eats first"


@dataclass(frozen=True)
class Release(Action):
    type = "release"
    species: str

    def label(self) -> str:
        return f"Release a {self.species}"


@dataclass(frozen=True)
class Pass(Action):
    type = "pass"

    def label(self) -> str:
        return "Pass"


PHASES = {"roll": (Roll,), "feed": (Feed,), "release": (Release, Pass)}
"""Which actions each phase allows."""


class Pond(Game):
    name = "pond"
    title = "Pond"
    action_types = (Roll, Feed, Release, Pass)
    min_players, max_players = 1, 4
    option_specs = (Option("rounds", "Rounds", 3, low=1, high=100,
                           help="The game ends after this many rounds."),)

    def __init__(self, players: int, rng: Rng, rounds: int) -> None:
        self.players = players
        self.rng = rng
        self.rounds = rounds
        self.turn = 0
        self.active = 0
        self.stage = "roll"
        self.population = dict(START)
        self.fish_fed: list[bool] = []
        self.goals: list[str] = []
        self.ended = ""

    @classmethod
    def _setup(cls, *, players: int, rng: Rng, rounds: int = 3) -> Pond:
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 100:
            raise ValueError(f"rounds must be a whole number from 1 to 100, not {rounds!r}")
        game = cls(players, rng, rounds)
        game.goals = [rng.choice(SPECIES) for _ in range(players)]
        return game

    @property
    def options(self) -> dict[str, Any]:
        return {"rounds": self.rounds}

    # -- rules -----------------------------------------------------------------------------

    def _legal_actions(self) -> list[Action]:
        if self.stage == "roll":
            return [Roll()]
        if self.stage == "feed":
            return [Feed(i) for i, fed in enumerate(self.fish_fed) if not fed]
        releases = [Release(sp) for sp in SPECIES if self.population[sp] < SUPPLY[sp]]
        return [*releases, Pass()]

    def explain_illegal(self, action: Action) -> str:
        if not isinstance(action, PHASES[self.stage]):
            return f"{action.label()!r} is not allowed in the {self.stage} phase"
        if isinstance(action, Release):
            return f"no {action.species} is left in the supply"
        return super().explain_illegal(action)

    def _play(self, action: Action, log: EventLog) -> None:
        if isinstance(action, Roll):
            self._roll(log)
        elif isinstance(action, Feed):
            self._feed_fish(action.fish, log, cause=None)
        elif isinstance(action, Release):
            self.population[action.species] += 1
            log.emit("release", f"A {action.species} is released", nodes=[action.species])
            self._end_turn(log)
        else:
            self._end_turn(log)

    def _roll(self, log: EventLog) -> None:
        face = self.chance("the die", FACES, label=lambda f: f"{f} ({DIE[f]})")
        rolled = log.emit("roll", f"The die shows {face}", die=[face])
        if face <= 2:
            self.population["algae"] = min(SUPPLY["algae"], self.population["algae"] + 2)
            log.emit("bloom", "The algae bloom", cause=rolled, nodes=["algae"])
            self.stage = "release"
        elif face <= 4:
            self._feed_snails(log, rolled)
        elif self.population["fish"] > self.population["snail"] and self.population["snail"]:
            self.fish_fed = [False] * self.population["fish"]
            self.stage = "feed"
            log.emit("decide", "More fish than snails: choose which fish eats first",
                     cause=rolled, nodes=["fish"])
        else:
            for i in range(self.population["fish"]):
                self._feed_fish_now(log, rolled, i)
            self._after_feeding(log)

    def _feed_snails(self, log: EventLog, cause: int | None) -> None:
        for _ in range(self.population["snail"]):
            if self.population["algae"]:
                self.population["algae"] -= 1
                log.emit("eat", "A snail eats algae", cause=cause, nodes=["algae", "snail"],
                         edges=[("algae", "snail")])
            else:
                self.population["snail"] -= 1
                log.emit("starve", "A snail finds no algae and starves", cause=cause,
                         nodes=["snail"])
        self._after_feeding(log)

    def _feed_fish(self, fish: int, log: EventLog, cause: int | None) -> None:
        self.fish_fed[fish] = True
        self._feed_fish_now(log, cause, fish)
        if self.population["snail"] == 0:
            for other, fed in enumerate(self.fish_fed):
                if not fed:
                    self._feed_fish_now(log, cause, other)
            self.fish_fed = []
            self._after_feeding(log)

    def _feed_fish_now(self, log: EventLog, cause: int | None, fish: int) -> None:
        if self.population["snail"]:
            self.population["snail"] -= 1
            log.emit("eat", f"Fish {fish} eats a snail", cause=cause, nodes=["snail", "fish"],
                     edges=[("snail", "fish")])
        else:
            self.population["fish"] -= 1
            log.emit("starve", f"Fish {fish} finds no snail and starves", cause=cause,
                     nodes=["fish"])

    def _after_feeding(self, log: EventLog) -> None:
        gone = [sp for sp in SPECIES if self.population[sp] == 0]
        if gone:
            self.ended = f"the {gone[0]} died out"
            log.emit("extinct", f"The {gone[0]} died out: the pond has collapsed",
                     nodes=[gone[0]])
        else:
            self.stage = "release"

    def _end_turn(self, log: EventLog) -> None:
        self.turn += 1
        self.active = (self.active + 1) % self.players
        self.stage = "roll"
        if self.turn >= self.rounds * self.players:
            self.ended = f"{self.rounds} rounds were played"
            log.emit("end", "The last round is over")

    # -- what is seen ---------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.ended else self.active

    @property
    def phase(self) -> str:
        return "over" if self.ended else self.stage

    @property
    def outcome(self) -> Outcome | None:
        if not self.ended:
            return None
        collapsed = any(self.population[sp] == 0 for sp in SPECIES)
        scores = tuple(0 if collapsed else self.population[g] for g in self.goals)
        best = max(scores)
        winners = () if collapsed else tuple(i for i, sc in enumerate(scores) if sc == best)
        return Outcome(winners, self.ended, scores)

    def view(self, player: int | None = None) -> dict[str, Any]:
        return {
            "population": dict(self.population),
            "turn": self.turn,
            "stage": self.stage,
            "goals": [g if i == player else None for i, g in enumerate(self.goals)],
        }

    def food_web(self) -> Any:
        import networkx as nx

        web = nx.DiGraph()
        web.add_nodes_from(SPECIES)
        web.add_edges_from((food, eater) for eater, food in FOOD.items())
        return web

    # -- state ------------------------------------------------------------------------------

    def _state(self) -> dict[str, Any]:
        return {
            "players": self.players, "rng": self.rng.state, "rounds": self.rounds,
            "turn": self.turn, "active": self.active, "stage": self.stage,
            "population": dict(self.population), "fish_fed": list(self.fish_fed),
            "goals": list(self.goals), "ended": self.ended,
        }

    @classmethod
    def _from_state(cls, data: Mapping[str, Any]) -> Pond:
        unknown = set(data) - STATE_KEYS
        if unknown:
            raise ValueError(f"unknown keys {sorted(unknown)}")
        players = s.integer(data, "players", cls.min_players, cls.max_players)
        game = cls(players, Rng(state=s.field(data, "rng", int)),
                   s.integer(data, "rounds", 1, 100))
        game.turn = s.integer(data, "turn", 0, 400)
        game.active = s.integer(data, "active", 0, players - 1)
        game.stage = s.choice(data, "stage", PHASES)
        population = s.field(data, "population", dict)
        if set(population) != set(SPECIES):
            raise ValueError(f"population must name exactly {SPECIES}")
        game.population = {sp: s.integer(population, sp, 0, SUPPLY[sp], "population")
                           for sp in SPECIES}
        game.fish_fed = list(s.field(data, "fish_fed", list))
        if not all(isinstance(fed, bool) for fed in game.fish_fed):
            raise ValueError("fish_fed holds true or false for each fish")
        game.goals = [s.choice({"goal": g}, "goal", SPECIES, "goals")
                      for g in s.field(data, "goals", list)]
        if len(game.goals) != players:
            raise ValueError("one goal per player")
        game.ended = s.field(data, "ended", str)
        return game

    def _copy(self) -> Pond:
        twin = object.__new__(Pond)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy()
        twin.population = dict(self.population)
        twin.fish_fed = list(self.fish_fed)
        twin.goals = list(self.goals)
        return twin
