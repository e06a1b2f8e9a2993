"""The tasks of a resolution as frozen values (tasks.py): each converts to exactly the object
a save holds and back, strictly; every task class has its handlers and every phase its entry
in the phase table; the rule-named predicates agree with the legal actions."""

from __future__ import annotations

import pytest

from ecogames.core import Rng
from ecogames.core.errors import SaveError
from ecogames.games.biotopes import legal, tasks
from ecogames.games.biotopes.actions import Compete, Expand, Migrate
from ecogames.games.biotopes.rules import HANDLERS, PHASES, TASK_KINDS, Biotopes

SAMPLES = [
    tasks.Pay(0, "adaptation", "diet", "bag", req=("plants", "plants"), card="apollo",
              paid=(("plants",),)),
    tasks.Pay(1, "card", "one", "bag", types=("plants",), src=(2, 0), at=(2, 0)),
    tasks.Pay(0, "evolution", "evolution", "evolution", types=("plants", "birds"),
              paid=(("invertebrates", "plants"),)),
    tasks.Pay(0, "migration", "one", "migration", types=("birds",), colour=2, species=True,
              hex=(1, 2), origin=(0, 0)),
    tasks.Breed(0, ((1, 0), (1, 0))),
    tasks.Prey(0, "red_fox"),
    tasks.React(1, "apollo", "red_fox", fired=True, colour=3),
    tasks.Draw(0, 2),
    tasks.Cube(0, 1),
    tasks.Fallback(1, -1, (3, 4)),
    tasks.Move(0, 1),
    tasks.EvolutionDiscard(0, 3, 1),
    tasks.Discard(2),
    tasks.Colonize(0, "competition", (1, 1)),
    tasks.Colonize(0, "migration", (1, 1), (0, 1)),
    tasks.End(0),
]


@pytest.mark.parametrize("task", SAMPLES, ids=lambda t: f"{t.kind}")
def test_a_task_reads_back_what_it_saves_in_the_save_formats_key_order(task):
    saved = task.to_json()
    assert list(saved) == list(tasks.keys_of(saved))
    assert tasks.from_json(saved) == task
    assert tasks.from_json(saved).to_json() == saved


def test_the_save_format_of_a_cost_and_a_migration_is_the_one_the_engine_always_wrote():
    assert SAMPLES[3].to_json() == {
        "t": "pay", "p": 0, "for": "migration", "mode": "one", "req": [], "types": ["birds"],
        "colour": 2, "src": None, "species": True, "dest": "migration", "paid": [],
        "arg": {"hex": [1, 2], "origin": [0, 0]}}
    assert SAMPLES[1].to_json()["arg"] == {"row": 2, "col": 0}
    assert SAMPLES[14].to_json() == {"t": "colonize", "p": 0, "how": "migration",
                                     "hex": [1, 1], "origin": [0, 1]}


def test_the_cause_is_never_saved_nor_compared():
    task = tasks.Draw(0, 2, c=17)
    assert "c" not in task.to_json() and task == tasks.Draw(0, 2)


@pytest.mark.parametrize("saved, match", [
    ({"t": "draw", "p": 0, "n": 2, "c": 3}, "unknown keys"),
    ({"t": "draw", "p": 0}, "lacks"),
    ({"t": "draw", "p": 0, "n": True}, "must be int"),
    ({"t": "draw", "p": "0", "n": 1}, "must be int"),
    ({"t": "reproduce", "p": 0}, "not a task the engine queues"),
    (["draw", 0, 2], "not a task the engine queues"),
    ({"t": "fallback", "p": 1, "owner": 0, "hex": [1]}, "pair of integers"),
    ({"t": "colonize", "p": 0, "how": "migration", "hex": [1, 1]}, "lacks"),
    ({"t": "pay", **{k: v for k, v in SAMPLES[0].to_json().items() if k != "t"},
      "arg": {"card": "apollo", "hex": [0, 0]}}, "unknown keys"),
    ({**SAMPLES[0].to_json(), "for": "dancing"}, "not an action with a cost"),
    ({**SAMPLES[0].to_json(), "paid": [[1]]}, "list of names"),
])
def test_a_task_the_engine_cannot_have_written_is_refused(saved, match):
    with pytest.raises(SaveError, match=match):
        tasks.from_json(saved)


def test_every_task_class_has_its_handlers_and_its_phase():
    assert set(HANDLERS) == set(tasks.TASK_TYPES)
    assert TASK_KINDS == {cls.kind for cls in tasks.TASK_TYPES} <= set(PHASES)
    waiting = {kind for kind, phase in PHASES.items() if phase.actions}
    assert set(tasks.SAVED) - {"colonize", "end"} <= waiting


def test_the_queue_of_every_state_of_random_games_round_trips_through_its_save():
    seen: set[str] = set()
    for players, seed in ((1, 3), (2, 5), (3, 8), (4, 2)):
        for game in _states(players, seed):
            saved = game._state()["queue"]
            assert [tasks.from_json(t) for t in saved] == game.queue
            seen.update(t.kind for t in game.queue)
    assert {"pay", "draw", "fallback", "end"} <= seen


def test_the_colonizations_predicates_agree_with_the_legal_actions():
    checked = 0
    for game in _states(3, 11):
        if game.phase != "action":
            continue
        p = game.active
        allowed = set(game.legal_actions())
        for h in game.adj:
            assert legal.can_expand(game, p, h) == (Expand(h) in allowed)
            assert legal.can_compete(game, p, h) == (Compete(h) in allowed)
            for origin in game.territories(p):
                assert legal.can_migrate(game, p, origin, h) == (Migrate(origin, h) in allowed)
        for action in allowed:
            assert legal.allows(game, p, action)
        checked += 1
    assert checked > 10


def test_a_refused_migration_says_why_in_the_words_of_its_rule():
    for game in _states(2, 4):
        if game.phase == "action" and game.territories(game.active):
            p = game.active
            origin = game.territories(p)[0]
            far = max(game.adj, key=lambda h: abs(h[0] - origin[0]) + abs(h[1] - origin[1]))
            if not legal.can_migrate(game, p, origin, far):
                text = game.explain_illegal(Migrate(origin, far))
                assert "Migration" in text
                return
    pytest.fail("no state with a refused migration")


def _states(players: int, seed: int, actions: int = 300) -> list[Biotopes]:
    """The states of the first ``actions`` random actions of a seeded game."""
    game = Biotopes.new_game(players=players, seed=seed)
    rng = Rng(seed)
    out = []
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal:
            break
        out.append(game.clone())
        game.apply(rng.choice(legal), record=False)
    return out


@pytest.mark.parametrize("task", SAMPLES, ids=lambda t: f"{t.kind}")
def test_a_task_but_some_fields_is_what_dataclasses_replace_gives(task):
    """Task.but: the engine's copy of a task with some fields changed (the cause too)."""
    from dataclasses import fields, replace

    changes = {f.name: getattr(SAMPLES[0], f.name) for f in fields(task)
               if f.name in ("p", "c")}
    changes["c"] = 7
    copy = task.but(**changes)
    assert copy == replace(task, **changes) and copy.c == 7 and type(copy) is type(task)
    assert task.c is None  # the original is unchanged
    with pytest.raises(TypeError, match="no field"):
        task.but(colour_of_the_sky=1)


@pytest.mark.parametrize("task", SAMPLES, ids=lambda t: f"{t.kind}")
def test_a_task_with_a_cause_or_a_cube_paid_is_what_but_gives(task):
    """Task.caused and Pay.with_paid: ``but(c=...)`` and ``but(paid=...)`` by place, a new
    task every time (a kept task is never changed: its copy takes the cause)."""
    copy = task.caused(5)
    assert copy is not task and copy == task.but(c=5) and vars(copy) == vars(task.but(c=5))
    assert copy.c == 5 and task.c is None and type(copy) is type(task)
    if isinstance(task, tasks.Pay):
        paid = task.with_paid(("plants",)).with_paid(("birds", "plants"))
        assert vars(paid) == vars(task.but(paid=(*task.paid, ("plants",), ("birds", "plants"))))


def test_a_kept_task_is_found_again_and_a_full_table_starts_again():
    """tasks.kept: a table of tasks made once, emptied when it reaches KEPT_MAX."""
    table: dict[int, tasks.Task] = {}
    first = tasks.kept(table, 0, tasks.Draw.make(p=0, n=1))
    assert table[0] is first and tasks.kept(table, 1, SAMPLES[0]) is SAMPLES[0]
    for key in range(2, tasks.KEPT_MAX):
        tasks.kept(table, key, first)
    assert len(table) == tasks.KEPT_MAX
    tasks.kept(table, -1, first)
    assert table == {-1: first}


@pytest.mark.parametrize("task", SAMPLES, ids=lambda t: f"{t.kind}")
def test_a_task_made_by_name_is_what_its_init_makes(task):
    """Task.make: the engine's way to make a task, without the frozen __init__."""
    from dataclasses import MISSING, fields

    given = {f.name: getattr(task, f.name) for f in fields(task)}
    made = type(task).make(**given, **({"c": 3} if "c" not in given else {}))
    assert made == task and type(made) is type(task) and made.to_json() == task.to_json()
    assert made.__dict__ == {**task.__dict__, "c": made.c}
    required = {f.name: given[f.name] for f in fields(task) if f.default is MISSING}
    least = type(task).make(**required)  # the others at their defaults
    assert least == type(task)(**required) and vars(least) == vars(type(task)(**required))
    with pytest.raises(TypeError, match="fields"):
        type(task).make(**given, colour_of_the_sky=1)
    with pytest.raises(TypeError, match="required"):
        type(task).make(c=None)


def _payable_by_trying(diet, paid, pool):
    """Adaptation's cost by trying every way: each cube paid on a slot it may count as, the
    other slots on distinct cubes of the pool."""
    from itertools import permutations

    cubes = [opts for opts, n in pool.items() for _ in range(n)]
    for taken in permutations(range(len(diet)), len(paid)):
        if all(diet[j] in paid[i] for i, j in enumerate(taken)):
            rest = [t for j, t in enumerate(diet) if j not in taken]
            if any(all(t in c for t, c in zip(rest, chosen))
                   for chosen in permutations(cubes, len(rest))):
                return True
    return False


def test_the_diet_cost_counted_by_class_agrees_with_trying_every_way():
    """legal.fits (a pool of cubes by class: each type's own cubes first, then its two-way
    cubes, those left over paying for Plants) against every way of paying, on random diets,
    cubes paid and pools, with and without Pollinating cubes."""
    import random

    types = sorted(legal.CubeType, key=lambda t: t.value)
    kinds = sorted(set(legal.PAYS.values()), key=lambda o: sorted(t.value for t in o))
    class_of = {legal.PAYS[t, pol]: c for (t, pol), c in legal.CLASS.items()}
    choose = random.Random(25)
    for _ in range(3000):
        diet = [choose.choice(types) for _ in range(choose.randint(1, 4))]
        pollinating = choose.random() < 0.6
        usable = [o for o in kinds if pollinating or len(o) == 1]
        paid = [choose.choice(usable) for _ in range(choose.randint(0, 3))]
        pool = {o: choose.randint(0, 3) for o in choose.sample(usable, choose.randint(0, 5))}
        by_class = [0] * legal.POOL_SIZE
        for opts, n in pool.items():
            by_class[class_of[opts]] += n
        assert legal.fits(legal.needs(diet), tuple(class_of[o] for o in paid),
                          by_class) == _payable_by_trying(diet, paid, pool), (diet, paid, pool)
