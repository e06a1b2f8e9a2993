"""The Biotopes bots: the greedy bot's measures, and what the search takes from this game
(``bots.estimate`` and ``bots.MCTS_SETTINGS``)."""

from __future__ import annotations

import pytest

from ecogames.bots import RandomBot, make_bot
from ecogames.bots.mcts import MCTSBot, game_settings, rewards
from ecogames.games.biotopes import Biotopes, new_game
from ecogames.games.biotopes import bots as biotopes_bots
from ecogames.games.biotopes.actions import Pass
from ecogames.games.biotopes.bots import MCTS_SETTINGS, GreedyBot, estimate
from ecogames.games.biotopes.components import SPECIES, SPECIES_BY_DECK, Deck
from ecogames.games.biotopes.legal import means

from .scenario import blank, put_biotope, put_species, put_token, ready


def random_states(players: int, seed: int, every: int = 9) -> list[Biotopes]:
    game, bot, out = new_game(players=players, seed=seed), RandomBot(seed), []
    while not game.is_over:
        if len(game.history) % every == 0:
            out.append(game.clone())
        game.push(bot.choose(game, game.legal_actions()))
    return out


@pytest.mark.parametrize(("players", "seed"), [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)])
def test_estimate_gives_each_player_a_result_in_0_1(players, seed):
    for game in random_states(players, seed):
        values = estimate(game)
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values), values


def test_estimate_is_on_the_scale_of_the_search_results():
    """Two players: the chances to win add up to the win's part (0.9) and the one ahead
    takes the score's part (0.1), as ``rewards`` shares them at the end: 1 in all."""
    game = new_game(players=2, seed=6)
    bot = RandomBot(6)
    while not game.is_over:
        assert sum(estimate(game)) == pytest.approx(1.0)
        game.push(bot.choose(game, game.legal_actions()))
    assert outcome_sum(game) == pytest.approx(1.0)


def outcome_sum(game: Biotopes) -> float:
    assert game.outcome is not None
    return sum(rewards(game.outcome, game.players))


def level_field() -> Biotopes:
    """Two Ecosystems alike: two territories and two Herbivores with cubes each."""
    game = blank(players=2, seed=3)
    hexes = sorted(game.landscape)
    put_token(game, 0, hexes[0], hexes[1])
    put_token(game, 1, hexes[-1], hexes[-2])
    herbivores = SPECIES_BY_DECK[Deck.HERBIVORES]
    for p, cards in ((0, herbivores[:2]), (1, herbivores[2:4])):
        for card in cards:
            put_species(game, p, card, **{_colour(card): 1})
    return game


def _colour(card: str) -> str:
    return SPECIES[card].colour


def test_estimate_ranks_a_clearly_better_ecosystem_higher():
    level = ready(level_field())
    ahead = level_field()
    for card in SPECIES_BY_DECK[Deck.CARNIVORES][:3]:  # three Carnivores with cubes: 6 VP
        put_species(ahead, 0, card, **{_colour(card): 2})
    put_biotope(ahead, 0, "forests", 3)
    ahead = ready(ahead)
    assert GreedyBot.value(ahead, 0) > GreedyBot.value(level, 0)
    assert estimate(ahead)[0] > estimate(level)[0]
    assert estimate(ahead)[0] > estimate(ahead)[1]
    assert estimate(ahead)[1] < estimate(level)[1]


def test_estimate_of_a_level_field_is_even():
    game = ready(level_field())
    values = estimate(game)
    if GreedyBot.value(game, 0) == GreedyBot.value(game, 1):
        assert values[0] == values[1] == pytest.approx(0.5)
    else:  # a card's biotope meets an Environmental Condition: the lead is small
        assert abs(values[0] - values[1]) < 0.5


def test_a_lead_counts_for_more_as_the_game_runs_out():
    """The same lead in points is a surer win in the last cycle than in the first."""
    early = ready(level_field())
    for card in SPECIES_BY_DECK[Deck.CARNIVORES][:1]:
        put_species(early, 0, card, **{_colour(card): 2})
    early = ready(early)
    late = early.clone()
    late.cycle = late.cycles
    assert estimate(late)[0] > estimate(early)[0] > 0.5


def test_estimate_refuses_another_game():
    from ecogames.games import tulikko

    with pytest.raises(TypeError):
        estimate(tulikko.new_game(players=2, seed=1))


def test_the_search_takes_the_games_own_settings():
    settings = game_settings(Biotopes)
    for key, value in MCTS_SETTINGS.items():
        assert getattr(settings, key) == value
    assert settings.estimate is biotopes_bots.estimate


def test_the_search_with_its_settings_plays_legal_moves():
    game = new_game(players=2, seed=8)
    bot = MCTSBot(4, playouts=40)
    for _ in range(30):
        if game.is_over:
            break
        legal = game.legal_actions()
        action = bot.choose(game, legal)
        assert action in legal
        game.push(action)


def test_card_value_with_the_pool_given_is_the_same():
    for game in random_states(2, 9)[5:]:
        me = game.current_player
        if me is None:
            continue
        paying = means(game, me)
        for card in game.rivers[1] + game.hands[me]:
            assert GreedyBot.card_value(game, me, card, paying) == \
                GreedyBot.card_value(game, me, card)


def test_greedy_bot_is_seeded():
    def run(seed: int) -> tuple[int, ...]:
        game = new_game(players=2, seed=11)
        bots = [make_bot("biotopes-greedy", seed + p) for p in range(2)]
        while not game.is_over:
            game.push(bots[game.current_player].choose(game, game.legal_actions()))
        return tuple(game.outcome.scores)

    assert run(1) == run(1)


def _action_phases(seed: int, most: int = 12):
    """Clones of a greedy 2-player game at its first ``most`` Action Phase turns."""
    game = new_game(players=2, seed=seed)
    bot = GreedyBot(seed)
    found = []
    while not game.is_over and len(found) < most:
        legal = game.legal_actions()
        if game.phase == "action" and len(legal) > 1:
            found.append(game.clone())
        game.push(legal[0] if len(legal) == 1 else bot.choose(game, legal))
    return found


def test_the_search_passes_only_when_the_greedy_bot_would():
    plays = passes = 0
    for game in _action_phases(3):
        legal = game.legal_actions()
        me = game.current_player
        kept = biotopes_bots.root_actions(game, legal)
        would = GreedyBot(0).would_pass(game, legal, me)
        assert would == isinstance(GreedyBot(0).choose(game, legal), Pass)
        if would:
            passes += 1
            assert kept == legal
        else:
            plays += 1
            assert kept == [a for a in legal if not isinstance(a, Pass)]
            assert not isinstance(MCTSBot(2, playouts=30).choose(game, legal), Pass)
    assert plays and passes


def test_root_actions_keep_every_decision_outside_the_action_phase():
    game = new_game(players=2, seed=8)
    while game.phase == "action" or len(game.legal_actions()) < 2:
        game.push(game.legal_actions()[0])
    assert biotopes_bots.root_actions(game, game.legal_actions()) == game.legal_actions()
    from ecogames.games import tulikko

    with pytest.raises(TypeError):
        biotopes_bots.root_actions(tulikko.new_game(players=2, seed=1), [])


def test_a_search_given_root_actions_none_weighs_every_legal_action_pass_included():
    game = next(g for g in _action_phases(3)
                if not GreedyBot(0).would_pass(g, g.legal_actions(), g.current_player))
    legal = game.legal_actions()
    budget = 2 * len(legal)
    pruned = MCTSBot(2, playouts=budget).search(game, legal)
    whole = MCTSBot(2, playouts=budget, root_actions=None).search(game, legal)
    assert [c.visits for c in pruned.choices if isinstance(c.action, Pass)] == [0]
    assert all(c.visits for c in whole.choices)
    assert {c.action for c in whole.choices} == set(legal)
