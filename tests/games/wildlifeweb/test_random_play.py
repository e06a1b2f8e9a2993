"""The generic random-play suite: random legal play keeps every invariant, and save/load,
clone, replay and refusing illegal actions all hold."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ecogames.games.wildlifeweb import WildlifeWeb, new_game
from ecogames.games.wildlifeweb import components as c
from ecogames.games.wildlifeweb.rules import PHASES
from tests.support.invariants import random_playthrough


def every_card(game: WildlifeWeb) -> list[str]:
    cards = [*game.wdeck, *game.wdiscard, *game.habitat, *game.highway, *game.edeck,
             *game.ediscard, *game.fdeck, *game.odeck]
    cards += [x for x in game.pending if x]
    for pack in game.packs:
        for a in pack:
            cards += [a["card"], *a["food"]] + [x for x in (a["mate"], a["offspring"]) if x]
    for families in game.secured:
        for f in families:
            cards += [*f["cards"], f["offspring"]]
    if game.decision:
        cards.append(game.decision["event"])
    return cards


def invariant(game: WildlifeWeb) -> None:
    cards = every_card(game)
    assert Counter(cards) == Counter(c.ALL_CARDS), "cards conserved"
    assert game.phase in PHASES
    assert (game.current_player is None) == game.is_over
    for p, pack in enumerate(game.packs):
        if game.phase not in ("setup_roadkill", "draft"):
            assert game.wildlife_count(p) <= game.pack_size
        kinds = [c.CARD_ANIMAL[a["card"]].id for a in pack]
        assert len(kinds) == len(set(kinds)), "two cards of a species are stacked as mates"
        for a in pack:
            assert a["mate"] in (None, c.MATE_OF[a["card"]])
    for families in game.secured:
        assert len(families) <= game.target
    assert all(x in c.CARD_ANIMAL for x in game.highway)
    assert len(game.acted) == len(set(game.acted))
    if game.is_over:
        assert len(game.secured[game.outcome.winners[0]]) == game.target
    for seat in (None, game.active):
        view = json.loads(json.dumps(game.view(seat)))
        for p, held in enumerate(view["held_event"]):
            assert held in (None, "hidden") if p != seat else held == game.pending[p]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), players=st.integers(2, 6),
       play_seed=st.integers(0, 999), target=st.integers(1, 2))
def test_random_games_keep_every_invariant(seed: int, players: int, play_seed: int,
                                           target: int) -> None:
    game = new_game(players=players, seed=seed, offspring_to_win=target)
    finished = random_playthrough(game, play_seed, invariant=invariant, check_every=7,
                                  max_actions=3000)
    assert finished.is_over


def test_full_games_to_three_offspring() -> None:
    from ecogames.core import Rng

    for seed in range(6):
        game = new_game(players=2 + seed % 5, seed=seed)
        rng = Rng(seed)
        steps = 0
        while not game.is_over:
            invariant(game)
            game.push(rng.choice(game.legal_actions()))
            steps += 1
            assert steps < 20_000
        invariant(game)
        assert game.replay() == game
