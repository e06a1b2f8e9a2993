"""Save/load, replay, views: the state as plain JSON, validated strictly on load."""

from __future__ import annotations

import copy
import json

import pytest

from ecogames.core import SaveError, load
from ecogames.games.wildlifeweb import WildlifeWeb, new_game
from ecogames.games.wildlifeweb import components as c
from ecogames.games.wildlifeweb.graphs import food_web
from tests.games.wildlifeweb.helpers import W, animal, scenario


def played(seed: int = 3, steps: int = 60) -> WildlifeWeb:
    from ecogames.core import Rng

    game, rng = new_game(players=3, seed=seed), Rng(seed)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_save_load_replay_and_clone_are_identical() -> None:
    game = played()
    text = game.to_json()
    assert WildlifeWeb.from_json(text) == game
    assert load(text) == game
    assert game.replay() == game
    twin = game.clone()
    twin.apply(twin.legal_actions()[0])
    assert twin != game


def test_a_tampered_state_is_refused() -> None:
    game = played()
    data = game.to_dict()
    bad = copy.deepcopy(data)
    bad["state"]["habitat"].append(bad["state"]["wdeck"][0])
    with pytest.raises(SaveError, match="exactly once"):
        WildlifeWeb.from_dict(bad)
    bad = copy.deepcopy(data)
    bad["initial"]["packs"] = bad["initial"]["packs"][:1]
    with pytest.raises(SaveError, match="one Pack per player"):
        WildlifeWeb.from_dict(bad)
    state = next(g for n in range(40, 80) if (g := played(steps=n).to_dict()["state"])
                 ["decision"] is None)
    state["stage"] = "victim"
    with pytest.raises(SaveError, match="needs its pending decision"):
        WildlifeWeb.from_state(state)
    with pytest.raises(SaveError):
        WildlifeWeb.from_state({**data["state"], "highway": ["f.01"]})
    with pytest.raises(SaveError):
        WildlifeWeb.from_state({**data["state"], "players": 9})


def test_a_mate_must_be_the_other_card_of_the_species() -> None:
    with pytest.raises(SaveError, match="cannot be the mate"):
        scenario(packs=[[animal(W("elk"), mate=W("moose"))], []])


def test_the_view_hides_the_decks_order_and_is_json() -> None:
    game = played()
    view = game.view(1)
    json.dumps(view)
    assert set(view["decks"]) == {"wildlife", "event", "forage", "offspring"}
    assert all(isinstance(v, int) for v in view["decks"].values())
    text = json.dumps(view)
    assert not any(x in text for x in game.wdeck[-3:])  # the next cards are secret
    assert view["packs"] and view["habitat"] == game.view(None)["habitat"]


def test_legal_actions_round_trip_through_json() -> None:
    game = played(steps=30)
    for action in game.legal_actions():
        assert game.parse_action(json.loads(json.dumps(action.to_json()))) == action


def test_the_cascade_names_its_causes_and_touches_food_web_nodes() -> None:
    from ecogames.core import Rng

    game, rng = played(steps=40), Rng(40)
    web = food_web()
    touched, edges, caused = set(), set(), 0
    for _ in range(80):
        cascade = game.apply(rng.choice(game.legal_actions()))
        for event in cascade:
            for node in event.touched.get("nodes", ()):
                assert node in web, event
                touched.add(node)
            for a, b in event.touched.get("edges", ()):
                assert a in web and b in web, event
                edges.add((a, b))
            if event.cause is not None:
                assert 0 <= event.cause < event.index
                caused += 1
        if game.is_over:
            break
    assert touched & set(c.ANIMALS) and edges and caused  # the checks above did run
