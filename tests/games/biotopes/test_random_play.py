"""The generic random-play suite: legal random play keeps every invariant — 160 cubes, the
4-cube limit, the hand limit, 88 cards, 12 tokens a player — and save/load, clone, replay
and refusals hold throughout."""

import json

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from ecogames.bots import RandomBot, play
from ecogames.games.biotopes import Biotopes, new_game
from ecogames.games.biotopes.components import (
    BIOTOPE_CARDS,
    BIOTOPES,
    ENV_TOKEN_BY_ID,
    SPECIES,
    distance,
)
from tests.support.invariants import random_playthrough


def biotopes_invariant(game: Biotopes) -> None:
    assert game.cube_count() == [40, 40, 40, 40]
    assert min(game.reserve) >= 0 and min(game.box) >= 0
    for p in range(game.players):
        assert all(n >= 0 for n in game.bags[p]) and min(game.biotope[p]) >= 0
        for row in game.rows[p]:
            for entry in row:
                assert 0 <= sum(entry[1:]) <= 4, entry
        on_land = sum(1 for o in game.owner.values() if o == p)
        assert game.tokens[p] + on_land == 12
        if game.phase == "action" and len(game.hands[p]) > 5:
            # only a Reaction drawing on another player's turn goes past the limit, until
            # the end of its owner's next action (D17)
            assert any(SPECIES[e[0]].effect.kind.value == "reaction"
                       and SPECIES[e[0]].effect.reward.value == "card"
                       for row in game.rows[p] for e in row), game.hands[p]
    cards = [c for piles in (game.decks, game.rivers, game.discards) for pile in piles
             for c in pile]
    cards += [c for hand in game.hands for c in hand]
    cards += [e[0] for rows in game.rows for row in rows for e in row]
    assert sorted(cards) == sorted(SPECIES)
    seen = json.loads(json.dumps(game.view(game.current_player)))
    for p, eco in enumerate(seen["ecosystems"]):
        assert (eco["hand"] is None) == (p != game.current_player)
    if game.is_over:
        assert game.phase == "over" and game.outcome is not None
        for rows in game.rows:
            assert all(sum(e[1:]) for row in rows for e in row)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), players=st.integers(1, 5),
       play_seed=st.integers(0, 10_000), draft=st.booleans(), ant=st.booleans())
def test_random_games_keep_every_invariant(seed, players, play_seed, draft, ant):
    options = {"draft": draft} if players == 1 else {
        "draft": draft, "board": "ant" if ant else "butterfly"}
    game = new_game(players=players, seed=seed, **options)
    finished = random_playthrough(game, play_seed, check_every=40,
                                  invariant=biotopes_invariant)
    assert finished.is_over


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), play_seed=st.integers(0, 999))
def test_random_landscape_construction_games(seed, players, play_seed):
    game = new_game(players=players, seed=seed, construction=True,
                    special_tiles=seed % 2 == 0)
    assert random_playthrough(game, play_seed, check_every=60,
                              invariant=biotopes_invariant).is_over


def expected_scores(game: Biotopes) -> list[dict[str, int]]:
    """The score sheets recomputed from a finished game's state, straight from the rulebook's
    Scoring section and the card data (not with the engine's ``score``)."""
    env = [ENV_TOKEN_BY_ID[t] for t in game.env]
    sheets = []
    for p in range(game.players):
        cards = [(SPECIES[e[0]], sum(e[1:])) for row in game.rows[p] for e in row]
        hexes = [h for h, o in game.owner.items() if o == p]
        land = {h: BIOTOPES[game.landscape[h]] for h in hexes}
        board = nx.Graph()
        board.add_nodes_from(hexes)
        board.add_edges_from((h, n) for h in hexes for n in hexes if distance(h, n) == 1)
        bonus = 0
        effects = [c.effect for c, _ in cards]
        rows = {r: len(game.rows[p][r]) for r in range(4)}
        bonus_rows = [None] * len(effects)
        if game.options["draft"]:
            for r, bc in enumerate(game.bcards[p]):
                effects.append(BIOTOPE_CARDS[bc].effect)
                bonus_rows.append(r)
        for eff, r in zip(effects, bonus_rows):
            if eff.kind.value != "end_bonus":
                continue
            if eff.per.value == "type":
                bonus += eff.count * sum(1 for c, _ in cards if c.type is eff.type)
            elif eff.per.value == "territories":
                bonus += eff.count * sum(1 for b in land.values() if b is eff.biotope)
            else:
                bonus += eff.count * rows[r]
        columns = min(rows.values())
        sheet = {
            "env_territories": 2 * sum(1 for b in land.values() if b is env[0].biotope),
            "env_biotope": 2 * sum(1 for c, _ in cards if c.biotope is env[1].biotope),
            "env_type": 2 * sum(1 for c, _ in cards if c.type is env[2].type),
            "env_cubes": sum(n for c, n in cards if c.type is env[3].type),
            "cards": sum({"herbivores": 0, "insectivores": 1, "carnivores": 2}[c.deck.value]
                         for c, _ in cards),
            "bonuses": bonus,
            "biodiversity": sum(2 * i for i in range(1, columns + 1)),
            "fragmentation": -3 * max(0, nx.number_connected_components(board) - 1),
            "carnivores": sum(1 for c, _ in cards if c.deck.value == "carnivores"),
        }
        sheet["total"] = sum(v for k, v in sheet.items() if k != "carnivores")
        sheets.append(sheet)
    return sheets


def test_bots_play_whole_games():
    """Every player count, both boards and the draft: the final scores are the rulebook's
    (recomputed independently), within their ranges, and the winners are right."""
    for seed in range(8):
        players = 1 + seed % 5
        options = {"draft": seed % 3 == 0}
        if players > 1:
            options["board"] = "ant" if seed % 2 else "butterfly"
        game = new_game(players=players, seed=seed, **options)
        outcome = play(game, RandomBot(seed))
        assert game.is_over and game.cycle == game.cycles
        for rows in game.rows:  # cubeless Species cards were discarded before scoring
            assert all(sum(e[1:]) for row in rows for e in row)
        sheets = expected_scores(game)
        assert game.scores == sheets
        totals = tuple(sheet["total"] for sheet in sheets)
        assert outcome.scores == totals
        for p, sheet in enumerate(sheets):
            assert sheet["fragmentation"] <= 0 and sheet["fragmentation"] % 3 == 0
            assert sheet["fragmentation"] >= -3 * (12 - 1)
            assert all(sheet[k] >= 0 for k in sheet if k not in ("fragmentation", "total"))
            assert sheet["total"] >= sheet["fragmentation"]
            assert sheet["env_cubes"] <= 4 * sum(len(r) for r in game.rows[p])
            assert sheet["biodiversity"] in (0, 2, 6, 12, 20, 30, 42)
        if players == 1:
            rank = next(name for low, name in ((120, "Red Fox"), (90, "Purple Heron"),
                                               (60, "Sand Lizard"), (30, "Rose Chafer"))
                        if totals[0] >= low) if totals[0] >= 30 else "Plant"
            assert outcome.winners == (0,) and outcome.data["rank"] == rank
            assert outcome.reason == f"solo score {totals[0]} VP: rank {rank}"
            continue
        best = max(totals)
        tied = [p for p in range(players) if totals[p] == best]
        most = max(sheets[p]["carnivores"] for p in tied)
        assert outcome.winners == tuple(p for p in tied if sheets[p]["carnivores"] == most)
