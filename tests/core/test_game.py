"""The Game protocol, proved on Pond (tests/support/pond.py)."""

import json

import networkx as nx
import pytest

import ecogames
from ecogames.core import Game, IllegalAction, MalformedAction, SaveError
from ecogames.core.events import ROOT
from tests.support.pond import Feed, Pass, Pond, Release, Roll


def game_after(seed, moves):
    game = Pond.new_game(players=2, seed=seed)
    for move in moves:
        game.apply(move)
    return game


def find_seed(face_check, players=2):
    """A seed whose first roll satisfies face_check (rolling is the only randomness)."""
    for seed in range(500):
        game = Pond.new_game(players=players, seed=seed)
        cascade = game.apply(Roll())
        if face_check(cascade[0].touched["die"][0], game):
            return seed
    raise AssertionError("no seed found")


def test_new_game_is_in_set_up_state():
    game = Pond.new_game(players=3, seed=5)
    assert game.players == 3 and game.phase == "roll" and game.current_player == 0
    assert game.legal_actions() == [Roll()]
    assert game.history == () and not game.is_over and game.outcome is None


@pytest.mark.parametrize("players", [0, 5, "2", 2.0])
def test_player_count_is_checked(players):
    with pytest.raises(ValueError, match="1 to 4 players"):
        Pond.new_game(players=players, seed=1)


def test_same_seed_and_actions_give_the_same_game_bit_for_bit():
    seed = 11
    a = Pond.new_game(players=2, seed=seed)
    b = Pond.new_game(players=2, seed=seed)
    ecogames.play(a, ecogames.RandomBot(1))
    for action in a.history:
        b.apply(action.to_json())
    assert a.to_dict() == b.to_dict()


def test_illegal_action_raises_and_leaves_the_state_exactly_as_it_was():
    game = Pond.new_game(players=2, seed=3)
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="not allowed in the roll phase"):
        game.apply(Release("fish"))
    with pytest.raises(MalformedAction, match="unknown action type"):
        game.apply({"type": "teleport"})
    assert game.to_dict() == before


def test_release_beyond_the_supply_is_explained():
    game = Pond.from_state({**Pond.new_game(players=1, seed=1)._state(), "stage": "release",
                            "population": {"algae": 12, "snail": 1, "fish": 1}})
    with pytest.raises(IllegalAction, match="no algae is left in the supply"):
        game.apply(Release("algae"))


def test_nothing_is_legal_after_the_end_and_acting_says_why():
    game = Pond.new_game(players=1, seed=2, rounds=1)
    ecogames.play(game, ecogames.RandomBot(0))
    assert game.is_over and game.legal_actions() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply(Roll())


def test_a_rule_that_crashes_midway_tears_nothing(monkeypatch):
    game = Pond.new_game(players=2, seed=4)
    before = game.to_dict()

    def explode(self, log):
        self.population["algae"] = 99
        raise RuntimeError("bug")

    monkeypatch.setattr(Pond, "_roll", explode)
    with pytest.raises(RuntimeError):
        game.apply(Roll())
    assert game.to_dict() == before


def test_a_crash_after_a_history_restores_the_state_the_history_leads_to(monkeypatch):
    """apply keeps no copy of a game its history leads to: a crash replays the history. A
    determinization, whose hidden things its history does not give, is copied first."""
    from ecogames.core import Rng

    game = Pond.new_game(players=2, seed=0)
    bot = ecogames.RandomBot(2)
    for _ in range(9):
        game.apply(bot.choose(game, game.legal_actions()))
    assert not game.is_over
    twin = game.determinize(0, Rng(7))
    twin.population["algae"] = 11  # a state no replay of its history gives
    saved, twin_state = game.to_dict(), twin._state()
    legal = game.legal_actions()

    rules = Pond._play
    armed = []

    def explode(self, action, log):  # a bug on one action; the history played before
        if not armed:
            return rules(self, action, log)
        armed.clear()
        self.population["algae"] = 99
        self.rng = Rng(1)
        raise RuntimeError("bug")

    monkeypatch.setattr(Pond, "_play", explode)
    for broken, before in ((game, saved["state"]), (twin, twin_state)):
        armed.append(True)
        with pytest.raises(RuntimeError):
            broken.apply(broken.legal_actions()[0])
        assert broken._state() == before
        assert len(broken.history) == 9
    assert game.to_dict() == saved and game.legal_actions() == legal


def test_legal_actions_are_worked_out_once_per_state_and_never_shared(monkeypatch):
    game = Pond.new_game(players=2, seed=4)
    calls = []
    original = Pond._legal_actions
    monkeypatch.setattr(Pond, "_legal_actions", lambda self: calls.append(1) or original(self))
    first = game.legal_actions()
    first.append("junk")  # the caller's list is its own
    assert game.legal_actions() == [Roll()] and len(calls) == 1
    game.apply(Roll())  # the gate asks again, of the cache
    assert len(calls) == 1
    game.legal_actions()
    assert len(calls) == 2  # a new state: worked out again
    twin = game.clone()
    twin.legal_actions()
    assert len(calls) == 3  # a clone (a determinization) works its own out
    game.undo()
    assert game.legal_actions() == [Roll()]


def test_the_gate_of_a_long_list_takes_an_equal_action_and_refuses_one_not_in_it(monkeypatch):
    many = [Feed(fish) for fish in range(20)] + [Roll()]
    monkeypatch.setattr(Pond, "_legal_actions", lambda self: list(many))
    game = Pond.new_game(players=2, seed=4)
    with pytest.raises(IllegalAction):
        game.apply(Feed(20))  # equal to none of the 21
    assert game.history == ()
    game.apply({"type": "roll"})  # read from JSON: equal to the last one, not the same object
    assert game.history == (Roll(),)


def test_the_fast_cascade_and_chance_draw_have_every_field():
    from dataclasses import fields

    from ecogames.core.chance import ChanceDraw
    from ecogames.core.events import Cascade

    game = Pond.new_game(players=2, seed=4)
    for cascade in (game.clone().apply(Roll()), game.clone().apply(Roll(), record=False),
                    game.clone().apply(Roll(), views=True),
                    game.clone().apply(Roll(), record=False, views=True)):
        (draw,) = cascade.chances
        assert list(vars(draw)) == [f.name for f in fields(ChanceDraw)]
        assert vars(draw) == vars(ChanceDraw(**vars(draw)))
        assert cascade.label == "Roll the die"  # (worked out when read: it joins the fields)
        assert isinstance(cascade.events, tuple)  # (made when read: they join the fields)
        assert cascade.views is None or isinstance(cascade.views, tuple)  # (likewise)
        assert sorted(vars(cascade)) == sorted(f.name for f in fields(Cascade))
        assert vars(cascade) == vars(Cascade(**vars(cascade)))


def test_decision_mid_resolution_is_a_phase_with_its_own_actions():
    for seed in range(2000):
        game = Pond.from_state({**Pond.new_game(players=1, seed=seed)._state(),
                                "population": {"algae": 4, "snail": 1, "fish": 3}})
        cascade = game.apply(Roll())
        if game.phase == "feed":
            break
    else:
        raise AssertionError("no seed rolled 5 or 6")
    assert cascade[-1].kind == "decide"
    assert game.legal_actions() == [Feed(0), Feed(1), Feed(2)]
    with pytest.raises(IllegalAction):
        game.apply(Pass())
    cascade = game.apply(Feed(2))
    assert [e.text for e in cascade] == ["Fish 2 eats a snail", "Fish 0 finds no snail and starves",
                                         "Fish 1 finds no snail and starves",
                                         "The snail died out: the pond has collapsed"]
    assert game.phase == "over"  # the snails died out
    assert game.outcome.reason == "the snail died out"


def test_cascade_graph_is_the_cause_tree():
    seed = find_seed(lambda face, g: face in (3, 4))
    game = Pond.new_game(players=2, seed=seed)
    cascade = game.apply(Roll())
    graph = cascade.graph()
    assert isinstance(graph, nx.DiGraph) and nx.is_arborescence(graph)
    assert list(graph.successors(ROOT)) == [0]
    assert all(graph.has_edge(0, e.index) for e in cascade.events[1:3])
    assert cascade.causes(1) == [cascade[0], cascade[1]]
    assert [e.kind for e in cascade.of_kind("eat")] == ["eat"] * len(cascade.of_kind("eat"))
    assert cascade[1].touched["edges"] == (("algae", "snail"),)


def test_views_are_recorded_only_when_asked():
    game = Pond.new_game(players=2, seed=5)
    assert game.clone().apply(Roll()).views is None
    cascade = game.apply(Roll(), views=True)
    assert len(cascade.views) == len(cascade.events)
    assert cascade.views[-1]["population"] == game.view(None)["population"]
    assert cascade.views[0]["population"] == Pond.new_game(players=2, seed=5).view()["population"]
    quiet = game.clone()
    quiet.apply(game.legal_actions()[0], record=False)
    assert game.clone().apply(game.legal_actions()[0], record=False).events == ()


def test_an_untold_action_keeps_its_label_and_draws_and_no_events_or_views():
    told, untold = Pond.new_game(players=2, seed=5), Pond.new_game(players=2, seed=5)
    cascade = told.apply(Roll())
    quiet = untold.apply(Roll(), record=False)
    assert (quiet.label, quiet.chances, quiet.events, quiet.views) == \
        (cascade.label, cascade.chances, (), None)
    assert untold.to_dict() == told.to_dict()
    action = untold.legal_actions()[0]
    assert untold.clone().apply(action, record=False, views=True).views == ()
    assert untold.clone().apply(action, views=True).views != ()


def test_view_hides_other_players_secrets():
    game = Pond.new_game(players=3, seed=9)
    assert game.view(1)["goals"][1] in ("algae", "snail", "fish")
    assert game.view(1)["goals"][0] is None and game.view(None)["goals"] == [None] * 3


def test_undo_and_time_travel():
    game = Pond.new_game(players=2, seed=8)
    states = [game.to_dict()["state"]]
    while len(game.history) < 6 and not game.is_over:
        game.apply(game.legal_actions()[-1])
        states.append(game.to_dict()["state"])
    game.undo()
    assert game.to_dict()["state"] == states[-2]
    game.undo_to(1)
    assert game.to_dict()["state"] == states[1] and len(game.history) == 1
    with pytest.raises(IllegalAction, match="cannot undo 2"):
        game.undo(2)
    with pytest.raises(IllegalAction, match="no step 7"):
        game.undo_to(7)


def test_a_replay_starts_from_the_set_up_and_keeps_a_variants_class():
    """A replay (undo, fork, chances, why) copies the set-up the game keeps instead of
    loading its JSON: the same games as from the JSON, each sharing nothing with the kept
    set-up; a variant's replay is still of its class (Pond._copy names Pond)."""

    class SlowPond(Pond):
        pass

    for cls in (Pond, SlowPond):
        game = cls.new_game(players=2, seed=8)
        while len(game.history) < 6 and not game.is_over:
            game.apply(game.legal_actions()[-1])
        for upto in range(len(game.history) + 1):
            replayed = game.replay(upto)
            loaded = cls.from_state(game._initial)
            for action in game.history[:upto]:
                loaded.push(action)
            assert type(replayed) is cls
            assert replayed._state() == loaded._state()
        game.undo_to(2)
        assert type(game) is cls and len(game.history) == 2


def test_clone_is_independent():
    game = Pond.new_game(players=2, seed=1)
    twin = game.clone()
    assert twin == game
    twin.apply(Roll())
    assert twin != game and game.history == ()


def test_save_and_load_round_trip(tmp_path):
    game = Pond.new_game(players=2, seed=21)
    for _ in range(4):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
    path = tmp_path / "pond.json"
    game.save(path)
    loaded = Pond.load(path)
    assert loaded == game and loaded.history == game.history
    assert ecogames.load(path) == game
    assert ecogames.load(path.read_text()) == game
    assert Game.from_dict(game.to_dict()) == game


def test_custom_set_up_saves_and_loads():
    state = {**Pond.new_game(players=1, seed=1)._state(),
             "population": {"algae": 1, "snail": 1, "fish": 1}}
    game = Pond.from_state(state)
    game.apply(Roll())
    assert Pond.from_dict(game.to_dict()) == game


def corrupt(mutate):
    game = Pond.new_game(players=2, seed=6)
    game.apply(Roll())
    data = json.loads(game.to_json())
    mutate(data)
    return data


@pytest.mark.parametrize(("mutate", "words"), [
    (lambda d: d.update(format="chess-pgn"), "not an ecogames save"),
    (lambda d: d.update(version=99), "format version 99"),
    (lambda d: d.update(game="monopoly"), "unknown game 'monopoly'"),
    (lambda d: d.update(state_version=2), "state version 2"),
    (lambda d: d.pop("initial"), "lacks \\['initial'\\]"),
    (lambda d: d.update(actions="roll"), "must be a list"),
    (lambda d: d["actions"].append({"type": "fly"}), "action 2 of 2 .* unknown action type"),
    (lambda d: d["actions"].append({"type": "roll"}), "action 2 of 2 .* not allowed"),
    (lambda d: d["state"]["population"].update(fish=4), "does not match its own history"),
    (lambda d: d["state"]["population"].update(fish=-1), "population.fish must be between"),
    (lambda d: d["state"].update(rng="seed"), "state.rng must be int"),
    (lambda d: d["initial"].update(players=True), "state.players must be int"),
    (lambda d: d["initial"].pop("rng"), "lacks 'rng'"),
    (lambda d: d["initial"].update(stage="party"), "stage must be one of"),
    (lambda d: d.update(initial=[]), "must be an object"),
])
def test_tampered_or_foreign_saves_are_refused_clearly(mutate, words):
    with pytest.raises(SaveError, match=words):
        Pond.from_dict(corrupt(mutate))


@pytest.mark.parametrize("text", ["", "{", '{"format": "ecogames-save"', "[1, 2]", "null",
                                  b"\xff\xfe"])
def test_truncated_or_non_json_files_are_refused(text):
    with pytest.raises(SaveError):
        Pond.from_json(text)


def test_truncated_file_on_disk(tmp_path):
    game = Pond.new_game(players=2, seed=2)
    path = tmp_path / "save.json"
    path.write_text(game.to_json()[:-20])
    with pytest.raises(SaveError, match="truncated"):
        ecogames.load(path)


# -- EventLog: every event is made by one method --------------------------------------------

def test_every_way_of_telling_makes_the_same_event():
    from ecogames.core import EventLog

    logs = [EventLog() for _ in range(3)]
    logs[0].emit("eat", "the fox eats", reads=[("pile", 1)], writes=[("pile", 2)], nodes=["fox"])
    logs[1].event("eat", "the fox eats", None, {"nodes": ["fox"]}, [("pile", 1)], [("pile", 2)])
    logs[2].told("eat", "the fox eats", None, {"nodes": ("fox",)}, (("pile", 1),), (("pile", 2),))
    assert logs[0].events == logs[1].events == logs[2].events
    assert type(logs[2].events[0].touched["nodes"]) is tuple


def test_told_checks_its_cause_keeps_step_views_and_is_silent_when_not_recording():
    from ecogames.core import EventLog

    views = iter(range(10))
    log = EventLog(snapshot=lambda: next(views))
    first = log.told("roll", "a roll", None, {})
    assert log.told("card", "a card", first, {}) == 1 and log.views == [0, 1]
    with pytest.raises(ValueError, match="cannot be caused by event 5"):
        log.told("card", "a card", 5, {})
    assert len(log.events) == 2  # the refused event left nothing behind
    assert EventLog(record=False).told("roll", "a roll", None, {}) is None
