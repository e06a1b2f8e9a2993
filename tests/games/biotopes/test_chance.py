"""Chance made explicit (D39): every random draw the rules make during an action is a chance
draw, so a fork can ask "what if the card (the cube) had been another?".

The draws: a Species card from a deck (into a river, face up; into a hand, seen by its
holder alone), a starting hand's card of each colour (in play only in Landscape
Construction, where hands are dealt once the last tile is turned), and a cube from a bag
(Primary Production, a Reaction's or a card's "draw a cube"). A deck's order is secret, so a
card is drawn among the cards it holds, each once; a cube among the colours in the bag,
weighted by its cubes of each colour.
"""

from __future__ import annotations

import pytest

from ecogames.bots import RandomBot
from ecogames.core import IllegalAction
from ecogames.games.biotopes import Biotopes, KeepHand, new_game
from ecogames.games.biotopes.components import BIOTOPES, COLOURS, SPECIES

DECK_LABELS = ("Herbivores", "Insectivores", "Carnivores")


def placed(seed: int = 3, players: int = 2) -> Biotopes:
    """A game whose set-up is over: hands kept, every Territory token placed."""
    game = new_game(players=players, seed=seed, first_player=0)
    bot = RandomBot(seed)
    while game.phase != "action":
        game.apply(bot.choose(game, game.legal_actions()))
    return game


def played(seed: int, steps: int, players: int = 2) -> Biotopes:
    game, bot = placed(seed, players), RandomBot(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(bot.choose(game, game.legal_actions()))
    return game


def find(game: Biotopes, words: str) -> tuple[int, int]:
    """The first (step, draw number) whose draw's name holds ``words`` and that had more
    than one possible outcome."""
    for step in range(len(game.history)):
        for i, draw in enumerate(game.chances(step)):
            if words in draw.name and len(draw.outcomes) > 1:
                return step, i
    raise AssertionError(f"no draw {words!r} in {len(game.history)} actions")


def test_the_rivers_are_drawn_from_the_decks_once_hands_are_settled():
    game = new_game(players=2, seed=2)
    game.apply(KeepHand())
    decks = [list(d) for d in game.decks]
    cascade = game.apply(KeepHand())
    names = [d.name for d in cascade.chances]
    assert names == [f"a card from the {label} deck into the river"
                     for label in DECK_LABELS for _ in range(3)]
    for n, draw in enumerate(cascade.chances):
        deck = decks[n // 3]
        assert sorted(draw.outcomes) == sorted(deck) and set(draw.weights) == {1}
        assert draw.labels == tuple(SPECIES[c].name for c in draw.outcomes)
        assert draw.seen_by is None
        deck.remove(draw.outcome)
    # a river's newest card goes in at the left
    assert [list(reversed(r)) for r in game.rivers] == \
        [[d.outcome for d in cascade.chances[3 * k:3 * k + 3]] for k in range(3)]


def test_primary_production_draws_each_cube_from_what_the_bag_holds_in_order():
    game = new_game(players=2, seed=4, first_player=1)
    bot = RandomBot(4)
    while game.phase != "action":
        cascade = game.apply(bot.choose(game, game.legal_actions()))
    draws = cascade.chances
    bags = [[1, 1, 1, 1], [1, 1, 1, 1]]  # a cube of each initial territory's colour (D11)
    # clockwise from the Initiative token: Orange first, then Purple, 4 cubes each
    assert [d.name for d in draws] == ["a cube from Orange's bag"] * 4 + \
        ["a cube from Purple's bag"] * 4
    for n, draw in enumerate(draws):
        bag = bags[1 - n // 4]
        assert dict(zip(draw.outcomes, draw.weights)) == \
            {COLOURS[k]: c for k, c in enumerate(bag) if c}
        assert draw.labels == tuple(f"a {k} cube" for k in draw.outcomes)
        bag[COLOURS.index(draw.outcome)] -= 1
    for p in range(2):
        drawn = [d.outcome for d in draws if game.player_names[p] in d.name]
        assert game.biotope[p] == [drawn.count(k) for k in COLOURS]


def test_a_card_drawn_face_down_is_seen_by_its_holder_alone():
    for seed in range(12):
        game = played(seed, 150)
        # a card from the top of a deck (not a starting hand's card of one colour, D7)
        found = [(t, n) for t in range(len(game.history)) for n, d in enumerate(game.chances(t))
                 if d.name.startswith("a card from") and "hand" in d.name]
        if not found:
            continue
        step, i = found[0]
        draw = game.chances(step)[i]
        holder = next(p for p in range(2) if game.player_names[p] in draw.name)
        assert draw.seen_by == (holder,)
        assert draw.to_json(holder)["outcome"] == draw.outcome
        assert draw.to_json(1 - holder)["outcome"] is None
        assert draw.to_json(None)["outcome"] is None
        assert draw.to_json(1 - holder)["secret"] is True
        assert draw.outcome in game.replay(step + 1).hands[holder]
        return
    pytest.fail("no card was drawn from the top of a deck")


def test_construction_deals_the_starting_hands_one_colour_at_a_time_in_secret():
    game = new_game(players=2, seed=5, construction=True, first_player=0)
    bot = RandomBot(5)
    while game.phase in ("tiles", "orient"):
        decks = list(game.decks[0])
        cascade = game.apply(bot.choose(game, game.legal_actions()))
    draws = cascade.chances
    assert len(draws) == 8
    for n, draw in enumerate(draws):
        p, b = n // 4, BIOTOPES[n % 4]
        assert draw.name == f"a {b.label} card from the Herbivores deck into " \
                            f"{game.player_names[p]}'s hand"
        assert sorted(draw.outcomes) == sorted(c for c in decks if SPECIES[c].biotope is b)
        assert draw.seen_by == (p,)
        assert game.hands[p][n % 4] == draw.outcome
        decks.remove(draw.outcome)


@pytest.mark.parametrize("players", [2, 3])
def test_a_fork_with_the_same_outcomes_is_the_same_game(players):
    game = played(players, 40, players)
    forked = 0
    for at in range(len(game.history)):
        draws = game.chances(at)
        if draws:
            same = game.fork(at, chance={i: d.outcome for i, d in enumerate(draws)})
            assert same == game.replay(at + 1)
            forked += 1
    assert forked >= 3


@pytest.mark.parametrize("words", ["into the river",
                                   "a card from the Herbivores deck into Purple's hand",
                                   "Herbivores deck into Orange's hand"])
def test_a_fork_with_another_outcome_shows_it_and_shares_everything_before(words):
    if words.startswith("Herbivores"):
        game = new_game(players=2, seed=6, construction=True, first_player=0)
        bot = RandomBot(6)
        while game.phase != "action":
            game.apply(bot.choose(game, game.legal_actions()))
    else:
        game = next(g for g in (played(s, 150) for s in range(12))
                    if any(words in d.name for t in range(len(g.history))
                           for d in g.chances(t)))
    step, i = find(game, words)
    real = game.chances(step)[i]
    other = next(o for o in real.outcomes if o != real.outcome)
    fork = game.fork(step, chance={i: other})
    assert fork.last_cascade is not None
    shown = fork.last_cascade.chances[i]
    assert shown.forced and shown.outcome == other and shown.natural == real.outcome
    assert fork.last_cascade.chances[:i] == game.chances(step)[:i]
    assert fork.history == game.history[:step + 1]
    assert fork.replay(step) == game.replay(step)
    assert fork != game.replay(step + 1)
    # the other card left its deck: it is in the river or a hand now
    where = [c for r in fork.rivers for c in r] + [c for h in fork.hands for c in h]
    assert other in where and other not in [c for d in fork.decks for c in d]
    Biotopes.from_state(fork._state())  # every card and cube still in one place


def test_a_fork_with_another_cube_from_the_bag_puts_it_on_its_biotope_card():
    """Purple's last Territory token starts cycle 1: Primary Production draws 4 cubes from a
    bag of 8 (two of each colour, one more taken from the box: a made-up state)."""
    game = new_game(players=2, seed=4, first_player=0)
    bot = RandomBot(4)
    while len(game.order) > 1 or game.phase != "placement":
        game.apply(bot.choose(game, game.legal_actions()))
    for k in range(4):
        game.box[k] -= 1
        game.bags[1][k] += 1
    game = Biotopes.from_state(game._state())
    game.apply(game.legal_actions()[0])
    draws = game.chances(0)
    assert [d.name for d in draws] == ["a cube from Purple's bag"] * 4 + \
        ["a cube from Orange's bag"] * 4
    assert draws[0].weights == (1, 1, 1, 1) and sum(draws[4].weights) == 8
    real = draws[4].outcome
    other = next(k for k in COLOURS if k != real)
    fork = game.fork(0, chance={4: other})
    assert fork.last_cascade is not None
    assert fork.last_cascade.chances[4].outcome == other
    assert fork.last_cascade.chances[4].label(other) == f"a {other} cube"
    assert fork.last_cascade.chances[:4] == draws[:4]
    assert sum(fork.biotope[1]) == sum(game.biotope[1]) == 4
    k = COLOURS.index(other)
    drawn = [d.outcome for d in fork.last_cascade.chances[4:]]
    assert fork.biotope[1][k] == drawn.count(other) >= 1
    assert fork.bags[1][k] == 2 - drawn.count(other)
    assert fork.biotope[0] == game.biotope[0] and fork != game
    Biotopes.from_state(fork._state())


def test_an_impossible_outcome_is_refused():
    game = placed(1)
    step = len(game.history) - 1  # the last placement: the first Primary Production
    bag_draw = game.chances(step)[0]
    with pytest.raises(IllegalAction, match="cannot come out as 'red'"):
        game.fork(step, chance="red")
    made = len(game.chances(step))
    with pytest.raises(IllegalAction, match=f"made {made} chance draw"):
        game.fork(step, chance={made: "gray"})
    # the bag held one cube of each colour: a second cube of the first colour drawn is refused
    second = next(o for o in game.chances(step)[1].outcomes if o != bag_draw.outcome)
    assert game.fork(step, chance={0: bag_draw.outcome, 1: second}) == game.fork(
        step, chance={1: second})
    with pytest.raises(IllegalAction, match=f"cannot come out as '{bag_draw.outcome}'"):
        game.fork(step, chance={1: bag_draw.outcome})
    # a card in a hand, not in its deck, cannot come out of the deck into the river
    step, i = find(game, "Herbivores deck into the river")
    held = game.hands[0][0]
    with pytest.raises(IllegalAction, match=f"cannot come out as '{held}'"):
        game.fork(step, chance={i: held})


def test_a_plain_push_draws_by_the_ticket_a_chance_draw_takes():
    """A plain push keeps no draws, so the rules draw a bag's cube and a deck's card straight
    from the generator (``rules._bag_ticket``): the same ticket and outcome as apply's chance
    draw, the same games (a mismatch in the ticket or the walk shows in the generator or the
    state at once)."""
    import random

    for seed in range(4):
        pushed, applied = new_game(players=2, seed=seed), new_game(players=2, seed=seed)
        choose = random.Random(seed).choice
        while not pushed.is_over:
            action = choose(pushed.legal_actions())
            pushed.push(action)
            applied.apply(action)
            assert pushed.rng == applied.rng and pushed.bags == applied.bags
        assert pushed.to_dict() == applied.to_dict()


@pytest.mark.parametrize("bag", [[0, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 5], [1, 2, 3, 4],
                                 [0, 7, 0, 1], [5, 5, 0, 0]])
def test_a_bag_ticket_is_the_outcome_of_the_chance_draw(bag):
    from ecogames.core import Rng
    from ecogames.core.chance import draw
    from ecogames.games.biotopes.rules import _bag_ticket

    for seed in range(40):
        direct, told = Rng(seed), Rng(seed)
        colours = [k for k in range(4) if bag[k]]
        k = _bag_ticket(direct, bag)
        if not colours:
            assert k == -1
            continue
        assert k == draw(told, [], {}, "a cube", colours, [bag[c] for c in colours])
        assert direct == told
