"""The view names each animal on the table by the id its story goes by (issue 20 §6: a click
on an animal card in story mode asks ``game.story(id)``): the habitat's cards, each Pack
animal, its mate and its family."""

from __future__ import annotations

import pytest

from ecogames.bots import RandomBot
from ecogames.games.wildlifeweb import WildlifeWeb


def on_table(view: dict) -> dict[str, str]:
    """Card -> id of every animal the view shows."""
    named = {c["card"]: c["id"] for c in view["habitat"]}
    for pack in view["packs"]:
        for a in pack:
            named[a["card"]] = a["id"]
            if a["mate"] is not None:
                named[a["mate"]] = a["mate_id"]
    return named


@pytest.mark.parametrize("seed", [4, 9])
def test_each_animal_is_shown_with_the_id_its_story_names(seed: int) -> None:
    game = WildlifeWeb.new_game(players=3, seed=seed)
    bot = RandomBot(seed)
    for _ in range(80):
        if game.is_over:
            break
        game.push(bot.choose(game, game.legal_actions()))
    prov = game.provenance()
    view = game.view(None)
    named = on_table(view)
    assert len(set(named.values())) == len(named)  # one id per animal
    every = [e.touched.get("cards", ()) for cascade in prov.cascades for e in cascade.events]
    for card, thing in named.items():
        if thing not in prov.ids:  # dealt at the set-up and untouched since: no story yet
            assert not any(card in cards for cards in every), (card, thing)
            continue
        touched = [prov.cascades[e.node[1]].events[e.node[2]].touched.get("cards", ())
                   for e in game.story(thing).events if e.node[0] == "event"]
        assert any(card in cards for cards in touched), (card, thing)
    assert sum(thing in prov.ids for thing in named.values()) > len(named) / 2
    families = [a["family"] for pack in view["packs"] for a in pack]
    assert len(set(families)) == len(families)
    assert all(game.story(f).events for f in families)
    assert WildlifeWeb.from_dict(game.to_dict()).view(None) == view  # the same ids when loaded
