"""Structured observations say what the state holds, piece by piece, worked out here afresh
from the state (the encoders number them from tables made once: a wrong table fails here)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from ecogames import rl
from ecogames.rl import obs_biotopes as ob
from ecogames.rl import obs_wildlifeweb as ow
from tests.bots.conftest import states

CUBES = 40.0


def _biotopes_expected(game, seat: int) -> dict[str, np.ndarray]:
    n = game.players
    low = ob.HEX_LOW
    cards = {card: i for i, card in enumerate(ob.CARDS)}
    owner = np.zeros((ob.SEATS, ob.SIDE, ob.SIDE))
    for (q, r), p in game.owner.items():
        owner[(p - seat) % n, q - low, r - low] = 1
    rivers = np.zeros((3, 3, len(ob.CARDS)))
    for d, river in enumerate(game.rivers):
        for k, card in enumerate(river):
            rivers[d, k, cards[card]] = 1
    hand = np.zeros(len(ob.CARDS))
    hand[[cards[card] for card in game.hands[seat]]] = 1
    species = np.zeros((ob.SEATS, 4, len(ob.CARDS)))
    species_cubes = np.zeros((ob.SEATS, 4, 4))
    biotope_cubes = np.zeros((ob.SEATS, 4, 4))
    biotope_cards = np.zeros((ob.SEATS, 4, len(ob.BIOTOPE_CARD)))
    tiles = np.zeros((ob.SEATS, len(ob.TILES)))
    for p in range(n):
        row = (p - seat) % n
        for k in range(4):
            for entry in game.rows[p][k]:
                species[row, k, cards[entry[0]]] = 1
                species_cubes[row, k] += np.array(entry[1:]) / CUBES
            biotope_cubes[row, k] = np.array(game.foreign[p][k]) / CUBES
            biotope_cubes[row, k, k] = game.biotope[p][k] / CUBES
            if game.bcards[p][k]:
                biotope_cards[row, k, ob.BIOTOPE_CARD[game.bcards[p][k]]] = 1
        for tile in game.tile_hands[p]:
            tiles[row, ob.TILES[tile]] += 1
    stage = np.zeros(len(ob.STAGES))
    stage[ob.STAGES.index(game.stage)] = 1
    environment = np.zeros((4, len(ob.ENV)))
    for i, token in enumerate(game.env):
        environment[i, ob.ENV.index(token)] = 1
    return {"owner": owner, "rivers": rivers, "hand": hand, "species": species,
            "species_cubes": species_cubes, "biotope_cubes": biotope_cubes,
            "biotope_cards": biotope_cards, "tile_hands": tiles, "stage": stage,
            "environment": environment}


@pytest.mark.parametrize("players", [2, 3])
def test_biotopes_pieces_hold_the_state(players):
    encoder = rl.structured_encoder("biotopes")
    seen: dict[str, int] = {}
    early = states("biotopes", players, 6, every=1, most=30)  # the set-up's stages
    for game in early + states("biotopes", players, 6, every=5, most=600):
        for seat in range(players):
            pieces = encoder.layout.split(encoder.encode(game, seat))
            for name, expected in _biotopes_expected(game, seat).items():
                assert np.allclose(pieces[name], expected), (name, seat, len(game.history))
                seen[name] = seen.get(name, 0) + int(expected.any())
    seen.pop("tile_hands")  # held only with the tile-drafting set-up option
    assert all(seen.values()), seen  # every other piece was checked with something in it


@pytest.mark.parametrize("players", [2, 4])
def test_wildlifeweb_pieces_hold_the_state(players):
    encoder = rl.structured_encoder("wildlifeweb")
    held = decided = mature = 0
    for game in states("wildlifeweb", players, 3, every=3, most=900):
        for seat in range(players):
            pieces = encoder.layout.split(encoder.encode(game, seat))
            assert pieces["phase"][ow.PHASES.index(game.stage)] == 1
            assert pieces["phase"].sum() == 1
            event = game.pending[seat]
            assert pieces["held_event"].sum() == (event is not None)
            if event is not None:
                held += 1
                assert pieces["held_event"][ow.EVENT[event]] == 1
            decision = game.decision
            assert pieces["decision"].sum() == (decision is not None)
            if decision is not None:
                decided += 1
                assert pieces["decision"][ow.EVENT[decision["event"]]] == 1
            sizes = (len(game.wdeck), len(game.edeck), len(game.fdeck), len(game.odeck))
            assert np.allclose(pieces["decks"], [s / most for s, (_d, most)
                                                 in zip(sizes, ow.DECKS)])
            for p in range(players):
                row = (p - seat) % players
                for k, a in enumerate(game.packs[p]):
                    slot = pieces["packs"][row, k]
                    size = ow.c.CARD_ANIMAL[a["card"]].size
                    value = ow.r.food_value(a["food"])
                    grown = a["offspring"] is not None and value >= size
                    mature += grown
                    assert slot[5] == grown
                    assert slot[4] == (a["offspring"] is not None)
                    assert np.isclose(slot[2], min(value, 10) / 10)
    assert held and mature  # the held Event and mature Offspring were met
    assert decided or players == 2
