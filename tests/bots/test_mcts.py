"""The MCTS bot: seeded, budgeted, blind to what its seat cannot see, and better than random."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ecogames.bots import BOTS, RandomBot, bots_for, make_bot, play
from ecogames.bots.mcts import MCTSBot, greedy_bot_name, rewards
from ecogames.core import Outcome, Rng
from ecogames.core.registry import register, spec_of

from .conftest import GAMES, HIDDEN, new_game, states

FAST = {"max_rollout": 40}
"""Short rollouts where only the bot's bookkeeping is tested (Tori's random rollouts are
thousands of actions long)."""


def test_rewards_from_outcomes():
    assert rewards(Outcome((1,), "r", (3, 9)), 2) == [0.0, 1.0]
    assert rewards(Outcome((0, 1), "tie", (5, 5)), 2) == [0.5, 0.5]
    three = rewards(Outcome((0,), "r", (10, 4, 7)), 3)
    assert three == pytest.approx([1.0, 0.0, 0.05])  # the score breaks the losers' tie
    # the fewest points win (Tulikko): scores are read the way the winners' are
    fewest = rewards(Outcome((2,), "r", (21, 21, 13)), 3)
    assert fewest[2] == 1.0 and fewest[0] == fewest[1] == 0.0
    assert rewards(Outcome((0, 1), "won", ()), 2, cooperative=True) == pytest.approx([0.95] * 2)
    assert rewards(Outcome((), "lost", ()), 2, cooperative=True) == pytest.approx([0.05] * 2)


def test_logit_results():
    from ecogames.bots.mcts import logit_results

    level = logit_results([0.0, 0.0], [3, 3])
    assert level == pytest.approx([0.5, 0.5])
    ahead = logit_results([2.0, 0.0, 0.0], [9, 1, 5])
    assert sum(ahead) == pytest.approx(0.9 + 0.1 * (1 + 0 + 0.5))
    assert ahead[0] > ahead[2] > ahead[1] and all(0 <= x <= 1 for x in ahead)
    assert logit_results([500.0, 0.0], [0, 1])[0] == pytest.approx(0.9)  # no overflow


def test_mcts_is_registered_for_every_game_with_strengths():
    for name in GAMES:
        assert {"mcts", "mcts-strong"} <= set(bots_for(name))
    assert make_bot("mcts", 1).seconds < make_bot("mcts-strong", 1).seconds
    assert "mcts" in BOTS


def test_budgets():
    game = new_game("wildlifeweb", 2, 1)
    search = MCTSBot(1, playouts=30).search(game)
    assert search.playouts == 30
    assert sum(c.visits for c in search.choices) == 30
    assert {c.action for c in search.choices} == set(game.legal_actions())
    timed = MCTSBot(1, seconds=0.05).search(game)
    assert timed.playouts >= 1
    with pytest.raises(ValueError):
        MCTSBot(1, playouts=0)


def test_a_cpu_seconds_budget_reads_the_process_clock(monkeypatch):
    """cpu_seconds stops the search by the process's CPU clock (a fake one here, which
    advances 0.1 s each time it is read), whatever the wall clock says."""
    from ecogames.bots import mcts

    ticks = iter(range(10_000))
    monkeypatch.setattr(mcts.time, "process_time", lambda: next(ticks) / 10)
    game = new_game("wildlifeweb", 2, 1)
    search = MCTSBot(1, cpu_seconds=0.45).search(game)
    # read at the start (0.0), then once after each playout: 0.1 ... 0.5 >= 0.45 after the 5th
    assert search.playouts == 5
    assert repr(MCTSBot(1, cpu_seconds=0.45)) == "MCTSBot(cpu_seconds=0.45)"
    with pytest.raises(ValueError, match="cpu_seconds must be > 0"):
        MCTSBot(1, cpu_seconds=0)


def test_progress_can_stop_a_search():
    seen = []
    search = MCTSBot(1, playouts=500).search(
        new_game("tulikko", 2, 1), progress=lambda done, planned: seen.append(done) or done < 20)
    assert search.playouts == 20 and seen[0] == 10 and seen[-1] == 20


@pytest.mark.parametrize("name", GAMES)
def test_seeded_search_is_reproducible_and_leaves_the_game_alone(name):
    game = states(name, 2, 3, every=5)[2]
    before = game.to_dict()
    one = MCTSBot(4, playouts=12, **FAST).search(game)
    two = MCTSBot(4, playouts=12, **FAST).search(game)
    assert one == two
    assert game.to_dict() == before


@pytest.mark.parametrize("name", HIDDEN)
def test_states_differing_only_in_hidden_things_give_the_same_decision(name):
    decided = 0
    for game in states(name, 3, 6, every=13)[1:6]:
        legal = game.legal_actions()
        if len(legal) < 2:
            continue
        seat = game.current_player
        other = game.determinize(seat, Rng(99))  # what the seat sees kept, the rest dealt anew
        assert other != game
        a = MCTSBot(8, playouts=15, **FAST).choose(game, legal)
        b = MCTSBot(8, playouts=15, **FAST).choose(other, other.legal_actions())
        assert a == b
        decided += 1
    assert decided


@pytest.mark.parametrize("name", GAMES)
def test_the_search_never_sees_the_real_dice(name):
    """Chance is sampled from the bot's own generator: the real game's generator state
    changes nothing in the search."""
    game = states(name, 2, 8, every=9)[2]
    twin = game.clone()
    twin.rng = Rng(12345)
    bot = {"playouts": 15, **FAST}
    assert MCTSBot(2, **bot).search(game) == MCTSBot(2, **bot).search(twin)


AUTO = {"rollout": "auto", "cutoff": None, "expand": None}
"""Whole "auto" rollouts, whatever a game's own settings are."""


def test_auto_rollouts_turn_greedy_where_random_play_runs_long():
    bot = MCTSBot(1, playouts=2, **AUTO)
    bot.search(new_game("tori", 2, 1))
    assert bot._long_games == {"tori"}
    assert type(bot._rollout_bots["tori"]).__name__ == "GreedyBot"
    short = MCTSBot(1, playouts=2, **AUTO)
    short.search(new_game("tulikko", 2, 1))
    assert short._long_games == set() and isinstance(short._rollout_bots["tulikko"], RandomBot)


def test_auto_rollouts_in_a_cooperative_game_are_the_games_own_team():
    bot = MCTSBot(1, playouts=2, **AUTO)
    bot.search(new_game("toritori", 2, 1))
    assert not isinstance(bot._rollout_bots["toritori"], RandomBot)
    cut = MCTSBot(1, playouts=2, rollout="auto", cutoff=3)  # cut rollouts too
    cut.search(new_game("toritori", 2, 1))
    assert not isinstance(cut._rollout_bots["toritori"], RandomBot)


def test_rollout_policies():
    assert greedy_bot_name("tori") == "tori-greedy"
    assert greedy_bot_name("toritori") == "toritori-heuristic"
    assert greedy_bot_name("pond") is None
    game = new_game("tulikko", 2, 1)
    for rollout in ("auto", "random", "greedy", "tulikko-greedy", RandomBot):
        assert MCTSBot(1, playouts=3, rollout=rollout).choose(game, game.legal_actions()) \
            in game.legal_actions()


@pytest.fixture
def tulikko_spec():
    """Change Tulikko's registered spec for one test: ``tulikko_spec(mcts=...)``."""
    game = new_game("tulikko", 2, 1)
    original = spec_of(game)
    yield lambda **fields: register(replace(original, **fields))
    register(original)


def test_a_games_settings_are_the_defaults_and_arguments_override_them(tulikko_spec):
    tulikko_spec(mcts={"rollout": "greedy", "cutoff": 3, "exploration": 0.5})
    game = new_game("tulikko", 2, 1)
    own = MCTSBot(1).settings(game)
    assert (own.rollout, own.cutoff, own.exploration, own.expand) == ("greedy", 3, 0.5, None)
    given = MCTSBot(1, rollout="random", cutoff=None).settings(game)
    assert (given.rollout, given.cutoff, given.exploration) == ("random", None, 0.5)
    with pytest.raises(ValueError, match="unknown keys"):
        tulikko_spec(mcts={"depth": 3})
    with pytest.raises(ValueError, match="cutoff"):
        MCTSBot(1, cutoff=-1)


def test_a_cutoff_rollout_is_scored_by_the_games_estimate(tulikko_spec):
    seen = []

    def estimate(state):
        seen.append(len(state.history))
        return [1.0, 0.0] if state.current_player == 0 else [0.0, 1.0]

    tulikko_spec(estimate=estimate)
    game = new_game("tulikko", 2, 1)
    start = len(game.history)
    search = MCTSBot(2, playouts=20, rollout="random", cutoff=2).search(game)
    assert len(seen) == 20  # every rollout was cut: a Tulikko game lasts longer than that
    # the first rollout starts at the root's new child and plays 2 actions; later ones start
    # deeper in the tree, and none plays fewer
    assert seen[0] == start + 3 and min(seen) == start + 3 and max(seen) > start + 3
    assert 0 < search.choices[0].value <= 1
    whole = []
    tulikko_spec(estimate=lambda s: whole.append(1) or [0.5, 0.5])
    MCTSBot(2, playouts=3, rollout="random", cutoff=None).search(game)
    assert whole == []  # rollouts to the end need no estimate
    tulikko_spec(estimate=lambda s: [2.0, 0.0])
    with pytest.raises(ValueError, match="in \\[0, 1\\]"):
        MCTSBot(2, playouts=1, rollout="random", cutoff=0).search(game)


class LastBot:
    def __init__(self, seed):
        pass

    def choose(self, game, legal):
        return legal[-1]


def test_expand_tries_the_named_policy_first():
    game = new_game("tulikko", 2, 1)
    search = MCTSBot(3, playouts=1, rollout="random", expand=LastBot).search(game)
    assert [c.action for c in search.choices if c.visits] == [game.legal_actions()[-1]]
    assert MCTSBot(3, playouts=1, rollout="random", expand="tulikko-greedy").choose(
        game, game.legal_actions()) in game.legal_actions()


def test_a_default_margin_keeps_the_expand_policys_move_unless_beaten_by_it():
    game = new_game("tulikko", 2, 1)
    last = game.legal_actions()[-1]
    plain = MCTSBot(3, playouts=80, rollout="random", expand=LastBot, **FAST).search(game)
    assert plain.best != last  # the search's own pick is another move
    kept = MCTSBot(3, playouts=80, rollout="random", expand=LastBot, default_margin=1.0,
                   **FAST).search(game)
    assert kept.best == last  # no value beats the default move by 1
    assert sorted(kept.choices, key=str) == sorted(plain.choices, key=str)  # the same search
    default = next(c for c in plain.choices if c.action == last)
    gap = plain.choices[0].value - default.value
    assert gap > 0
    beaten = MCTSBot(3, playouts=80, rollout="random", expand=LastBot, default_margin=gap / 2,
                     **FAST).search(game)
    assert beaten.choices == plain.choices  # beaten by more than the margin: the search's pick
    off = MCTSBot(3, playouts=80, rollout="random", expand=LastBot, default_margin=None,
                  **FAST).search(game)
    assert off.choices == plain.choices
    with pytest.raises(ValueError, match="default_margin"):
        MCTSBot(1, default_margin=-0.1)


def _nodes(node, depth=0):
    yield node, depth
    for child in node.children.values():
        yield from _nodes(child, depth + 1)


def test_widening_keeps_nodes_below_the_root_narrow(monkeypatch):
    import ecogames.bots.mcts as mcts

    roots = []
    real = mcts._Node

    def node():
        made = real()
        if not roots:
            roots.append(made)
        return made

    game = new_game("tulikko", 2, 1)
    monkeypatch.setattr(mcts, "_Node", node)
    MCTSBot(4, playouts=300, rollout="random", cutoff=None, widening=0.5, **FAST).search(game)
    inner = [(n, d) for n, d in _nodes(roots[0]) if d > 0 and n.children]
    # a node gains a child while it has fewer than 1 + 0.5 sqrt(its visits so far)
    assert inner and all(len(n.children) <= 2 + 0.5 * n.visits ** 0.5 for n, _ in inner)
    assert len(roots[0].children) == len(game.legal_actions())  # the root is not widened
    roots.clear()
    MCTSBot(4, playouts=300, rollout="random", cutoff=None, **FAST).search(game)
    assert any(len(n.children) > 2 + 0.5 * n.visits ** 0.5
               for n, d in _nodes(roots[0]) if d > 0)  # unwidened, they are wider
    with pytest.raises(ValueError, match="widening"):
        MCTSBot(1, widening=0)


def test_widening_off_is_the_search_of_before():
    game = new_game("tulikko", 2, 1)
    plain = MCTSBot(5, playouts=60, **FAST).search(game)
    off = MCTSBot(5, playouts=60, widening=None, **FAST).search(game)
    assert plain.choices == off.choices


def test_a_games_root_actions_are_the_only_ones_searched(tulikko_spec):
    game = new_game("tulikko", 2, 1)
    legal = game.legal_actions()
    seen = []

    def last_two(state, actions):
        seen.append(state)
        return actions[-2:]

    tulikko_spec(mcts={"root_actions": last_two})
    search = MCTSBot(6, playouts=40, **FAST).search(game)
    assert {c.action for c in search.choices if c.visits} <= set(legal[-2:])
    assert search.best in legal[-2:]
    assert seen[0] is not game  # a determinized state, never the real one
    tulikko_spec(mcts={"root_actions": lambda state, actions: []})
    with pytest.raises(ValueError, match="root_actions"):
        MCTSBot(6, playouts=5, **FAST).search(game)


def test_the_roots_pruning_is_paid_from_the_budget(tulikko_spec, monkeypatch):
    from ecogames.bots import mcts

    clock = [0.0]
    monkeypatch.setattr(mcts.time, "process_time", lambda: clock[0])

    def slow(state, actions):
        clock[0] += 0.4  # the pruning takes 0.4 of the 0.45 CPU s
        return actions

    def playout(*args, **kwargs):
        clock[0] += 0.1

    tulikko_spec(mcts={"root_actions": slow})
    bot = MCTSBot(7, cpu_seconds=0.45)
    monkeypatch.setattr(bot, "_playout", playout)
    assert bot.search(new_game("tulikko", 2, 1)).playouts == 1


MATCHES = {
    "biotopes": (8, {"playouts": 6}),
    "tulikko": (10, {"playouts": 12}),
    "wildlifeweb": (8, {"playouts": 8}),
    # a Tori game against a random player runs 1,000 to 3,500 actions: greedy rollouts cut
    # short, for a test of seconds (the MCTS bot then plays at least as its greedy policy)
    "tori": (3, {"playouts": 2, "rollout": "greedy", "max_rollout": 20}),
}
"""Games and the bot's budget in the small match against random (competitive games)."""


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_mcts_beats_random(name):
    games, budget = MATCHES[name]
    wins = 0
    for seed in range(games):
        seat = seed % 2
        game = new_game(name, 2, 200 + seed)
        outcome = play(game, {seat: MCTSBot(seed, **budget), 1 - seat: RandomBot(seed)})
        wins += outcome.winners == (seat,)
    assert wins > games / 2, f"MCTS won {wins} of {games} games of {name} against random"


def test_an_mcts_team_saves_more_tori_toris_than_a_random_team():
    games = 10
    mcts = sum(bool(play(new_game("toritori", 2, 300 + s), MCTSBot(s, playouts=4,
                                                                   rollout="greedy")).winners)
               for s in range(games))
    random = sum(bool(play(new_game("toritori", 2, 300 + s), RandomBot(s)).winners)
                 for s in range(games))
    assert mcts > random, (mcts, random)
