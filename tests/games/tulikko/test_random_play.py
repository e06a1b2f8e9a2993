"""The generic random-play suite (tests/support/invariants.py) on Tulikko: every legal
action keeps the components conserved and the limits held; save/load, clone and replay
are exact; illegal actions are refused and change nothing."""

import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ecogames.bots import RandomBot, play
from ecogames.core import SaveError
from ecogames.games.tulikko import Place, Tulikko, new_game
from ecogames.games.tulikko import components as c
from tests.support.invariants import random_playthrough

from .helpers import Table


def tulikko_invariant(game: Tulikko) -> None:
    assert game.violations() == []  # every tile in one place, tokens add up, cards, auroras
    if game.phase != "choose_map":
        tiles = [t for pile in game.piles for t in pile]
        tiles += [t for grid in game.grids for t in grid if t >= 0]
        tiles += [t for t in (*game.board.values(), game.hand, game.held, *game.start)
                  if t is not None]
        tiles += game.discarded + game.box
        assert sorted(tiles) == sorted(set(tiles))
        assert len(tiles) == 12 * (1 + game.players)
        assert [c.CARDS[card].type for card in game.cards] == list(c.CARD_TYPES)
        assert len([v for v in game.board.values() if v is not None]) == 5
    for p in range(game.players):
        animals, rivers = game.supply[p]
        on_map = Counter(game.tokens[p].values())
        on_cards = sum(v[p] for v in game.card_tokens.values()) + sum(
            game.symbol_tokens[s] for s in c.SYMBOLS if game.symbol_owner[s] == p)
        assert animals + on_map["animal"] + on_cards == 12
        assert rivers + on_map["river"] == 6
        assert all(v[p] <= 2 for v in game.card_tokens.values())
        held = [a for a, h in game.aurora_holder.items() if h == p]
        assert len({a.split("-")[0] for a in held}) == len(held)
        assert 0 <= game.turns[p] <= 12
        assert sum(t >= 0 for t in game.grids[p]) <= 1 + game.turns[p] + 1
    if game.is_over:
        assert game.phase == "over" and game.outcome.winners
        assert len(set(game.turns)) == 1


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), players=st.integers(2, 4),
       play_seed=st.integers(0, 10_000), given_maps=st.booleans(), beginner=st.booleans())
def test_random_games_keep_every_invariant(seed, players, play_seed, given_maps, beginner):
    maps = list(c.ANIMALS[:players]) if given_maps else None
    game = new_game(players=players, seed=seed, maps=maps, beginner=beginner)
    finished = random_playthrough(game, play_seed, check_every=5,
                                  invariant=tulikko_invariant)
    assert finished.is_over


def near_the_end() -> Tulikko:
    """Three players with few tokens left, so random play often empties a supply."""
    table = Table(players=3, cards=("shape-4", "river-6", "color-1"))
    for seat, art in enumerate((("GGOO", "gBPO", "BB.."), ("OOG.", "oGG.", "PBB."),
                                ("BGO.", "bGOP", "PP.."))):
        table.art(seat, *art)
        free = sum(1 for a in range(20) for b in c.NEIGHBOURS[a] if a < b
                   and table.g.grids[seat][a] >= 0 and table.g.grids[seat][b] >= 0
                   and table.kind(seat, a, b) == "river")
        table.spend(seat, river=min(5, free))
        table.fulfil(seat, "shape-4").fulfil(seat, "color-1").fulfil(seat, "river-6")
        table.spend(seat, animal=2)
    table.symbol(0, "sun").symbol(1, "moon")
    for aurora in ("green-3", "orange-3", "blue-3"):
        table.aurora(0, aurora)
    table.aurora(2, "purple-3")
    return table.finish(hand="green", turns={0: 9, 1: 9, 2: 9})


@settings(max_examples=30, deadline=None)
@given(play_seed=st.integers(0, 10_000))
def test_random_endgames_keep_every_invariant(play_seed):
    game = near_the_end()
    finished = random_playthrough(game, play_seed, check_every=2,
                                  invariant=tulikko_invariant)
    assert finished.is_over


def test_random_endgames_reach_the_all_tokens_placed_ending():
    endings = Counter()
    for seed in range(30):
        game = near_the_end()
        play(game, RandomBot(seed))
        endings[game.final_round] += 1
        assert len(set(game.turns)) == 1
    assert endings[True] and endings[False]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(1, 2000))
def test_any_truncation_of_a_save_is_refused(seed, cut):
    game = new_game(players=2, seed=seed, maps=["fox", "owl"])
    play_some(game, 9, seed)
    text = game.to_json()
    try:
        Tulikko.from_json(text[: max(0, len(text) - cut)])
    except SaveError:
        return
    raise AssertionError("a truncated save loaded")


def play_some(game: Tulikko, n: int, seed: int) -> None:
    bot = RandomBot(seed)
    for _ in range(n):
        if game.is_over:
            return
        game.apply(bot.choose(game, game.legal_actions()), record=False)


A_BEFORE_A_VOWEL = re.compile(r"\b[Aa] [aeiou]|\b[Aa]n [b-df-hj-np-tv-z]")


def test_every_label_is_distinct_and_says_a_or_an_rightly():
    """Issue 12 §7: at every step the legal actions' labels (what the buttons say) are all
    different, and no label, event or chance draw says "a owl's" or "a orange"."""
    steps = 0
    for seed in range(8):
        game, bot = new_game(players=2 + seed % 3, seed=seed), RandomBot(seed)
        while not game.is_over:
            legal = game.legal_actions()
            labels = [game.describe(a) for a in legal]
            assert len(set(labels)) == len(labels), sorted(labels)
            cascade = game.apply(bot.choose(game, legal))
            texts = [*labels, *(e.text for e in cascade.events)]
            texts += [d.name for d in cascade.chances]
            texts += [d.label(o) for d in cascade.chances for o in d.outcomes]
            bad = [t for t in texts if A_BEFORE_A_VOWEL.search(t)]
            assert not bad, bad
            steps += 1
    assert steps > 500


def test_the_token_choices_say_which_token_goes_where_and_which_are_withheld():
    game = Table().art(0, "....", "G...", ".O..").finish(stage="place", held="green",
                                                         side="east")
    game.apply(Place(8))  # row 3, column 1 (a star): green above it, orange to its right
    assert sorted(game.describe(a) for a in game.legal_actions()) == [
        "Place a river token next to row 3, column 2; withhold the animal token next to "
        "row 2, column 1",
        "Place an animal token next to row 2, column 1 and a river token next to row 3, "
        "column 2",
        "Place an animal token next to row 2, column 1; withhold the river token next to "
        "row 3, column 2",
        "Withhold the animal token next to row 2, column 1 and the river token next to "
        "row 3, column 2"]
