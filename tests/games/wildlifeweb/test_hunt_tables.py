"""The feed list's hunts are read from tables made once per hunter (``feeding._hunts_by_prey``
by the time of day, ``feeding._hunts_by_state`` when an Event changes who is active), by the
prey's key: they must be exactly the hunts ``hunt_block`` allows over ``all_prey``, in its
order, for every hunter that may hunt."""

from __future__ import annotations

import random

from ecogames.core import Action
from ecogames.games.wildlifeweb import Hunt, WildlifeWeb, feeding, new_game
from ecogames.games.wildlifeweb.components import CARD_ANIMAL


def reference_hunts(game: WildlifeWeb) -> list[Action]:
    """Every hunter's hunts of every prey ``all_prey`` lists, asked of ``hunt_block``."""
    prey = feeding.all_prey(game)
    out: list[Action] = []
    for a in game.packs[game.active]:
        kind, mated = CARD_ANIMAL[a["card"]], a["mate"] is not None
        if (a["card"] in game.acted or not game._pet_active(game.active, a)
                or not kind.can_hunt or game._restricted(a, "hunt")):
            continue
        out += [Hunt(a["card"], c) for c, q, _, q_mated, q_active in prey
                if feeding.hunt_block(kind.id, mated, q.id, q_mated, q_active) is None]
    return out


def test_the_listed_hunts_are_those_hunt_block_allows() -> None:
    checked = {"shifted": 0, "plain": 0}
    for seed in range(12):
        choose = random.Random(seed).choice
        game = new_game(players=2 + seed % 3, seed=seed)
        while not game.is_over:
            if game.phase == "feed":
                hunts = [x for x in feeding.feed_actions(game) if type(x) is Hunt]
                assert hunts == reference_hunts(game)
                shifted = feeding._turn_event_kinds(game.mods)[0]
                checked["shifted" if shifted else "plain"] += bool(hunts)
            game.push(choose(game.legal_actions()))
    assert checked["plain"] > 200 and checked["shifted"] > 5, checked
