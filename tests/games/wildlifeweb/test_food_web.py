"""graphs.food_web: who can eat whom, trophic levels, removing species."""

from __future__ import annotations

import subprocess
import sys

from ecogames.games.wildlifeweb import components as c
from ecogames.games.wildlifeweb import graphs, new_game


def test_importing_ecogames_and_the_game_does_not_import_networkx() -> None:
    code = ("import sys, ecogames; from ecogames.games import wildlifeweb; "
            "g = wildlifeweb.new_game(seed=1); g.apply(g.legal_actions()[0]); "
            "print('networkx' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_edges_point_food_to_eater_following_the_hunting_rules() -> None:
    web = graphs.food_web()
    assert set(c.ANIMALS) | set(graphs.BASAL) == set(web)
    assert web.edges["yellow_bellied_marmot", "red_tailed_hawk"]["kind"] == "hunt"
    assert not web.has_edge("red_tailed_hawk", "yellow_bellied_marmot")
    assert not web.has_edge("big_brown_bat", "coyote")  # no shared habitat
    assert not web.has_edge("deer_mouse", "red_tailed_hawk")  # never active together
    assert web.has_edge("richardsons_ground_squirrel", "american_badger")  # dug out asleep
    assert not web.has_edge("moose", "coyote")  # too large
    assert not web.has_edge("elk", "black_bear")  # Safety in Size
    assert web.edges["elk", "gray_wolf"]["requires_mate"] is True  # wolf packs
    assert web.edges["elk", "mountain_lion"]["requires_mate"] is False
    assert web.edges["carrion", "coyote"]["kind"] == "scavenge"
    assert not web.has_edge("carrion", "red_tailed_hawk")  # strict carnivore
    assert web.edges["plants", "moose"]["kind"] == "forage"
    assert web.has_edge("invertebrates", "big_brown_bat")
    assert web.has_edge("fish", "osprey")
    assert graphs.hunt_link(c.ANIMALS["coyote"], c.ANIMALS["coyote"]) is None


def test_trophic_levels_producers_at_the_bottom() -> None:
    web = graphs.food_web()
    levels = graphs.trophic_table(web)
    assert levels["plants"] == 1.0 and levels["carrion"] == 1.0
    assert levels["moose"] == 2.0
    assert levels["mountain_lion"] > levels["meadow_vole"] < levels["red_fox"]
    assert all(levels[a] >= 2 for a in c.ANIMALS)


def test_removing_a_species_and_who_loses_food() -> None:
    web = graphs.food_web()
    lost = graphs.who_loses_food(web, "yellow_bellied_marmot")
    assert "red_tailed_hawk" in lost and lost["red_tailed_hawk"]["left"]
    smaller = graphs.remove_species(web, "yellow_bellied_marmot")
    assert "yellow_bellied_marmot" not in smaller and "yellow_bellied_marmot" in web
    assert graphs.secondary_extinctions(web, "meadow_vole") == []
    gone = graphs.secondary_extinctions(web, ["plants"])
    assert {"moose", "elk", "beaver"} <= set(gone)
    assert "coyote" not in gone  # it still hunts, scavenges and eats insects
    # a Forage card eats nothing in the rules: insects and fish outlast the plants
    assert not {"invertebrates", "fish", "big_brown_bat", "osprey"} & set(gone)


def test_a_food_web_of_some_species_only() -> None:
    web = graphs.food_web(["red_tailed_hawk", "yellow_bellied_marmot"])
    assert set(web) == set(graphs.BASAL) | {"red_tailed_hawk", "yellow_bellied_marmot"}
    assert graphs.prey_of(web, "red_tailed_hawk") == ["yellow_bellied_marmot"]
    assert graphs.predators_of(web, "yellow_bellied_marmot") == ["red_tailed_hawk"]


def test_the_game_marks_the_species_in_play() -> None:
    game = new_game(players=2, seed=3)
    web = graphs.food_web_in_play(game)
    in_play = {n for n, d in web.nodes(data=True) if d.get("in_play")}
    assert in_play == {c.CARD_ANIMAL[x].id for x in game.habitat}
    assert set(web) == set(graphs.food_web())


LAYERS = {"components": 0, "rules": 1, "bots": 2, "graphs": 2, "widget": 3}
"""The package reads top-down: each module imports only modules of a lower layer."""


def test_the_modules_import_one_way_components_rules_graphs_widget() -> None:
    """STYLE: `components` -> `rules` -> `graphs` -> `widget`; `rules` imports none of the
    others, not even inside a function (no import circle with `graphs`)."""
    import ast
    from pathlib import Path

    package = Path(graphs.__file__).parent
    for name, layer in LAYERS.items():
        tree = ast.parse((package / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level == 1:
                targets = [node.module] if node.module else [a.name for a in node.names]
            elif (node.module or "").startswith("ecogames.games.wildlifeweb."):
                targets = [node.module.rsplit(".", 1)[1]]
            else:
                continue
            for target in targets:
                if target in LAYERS:
                    assert LAYERS[target] < layer, f"{name}.py imports {target}"


def test_the_web_draws_only_the_links_the_rules_give() -> None:
    """Forage links follow the diet icons, carrion the scavengers and omnivores, hunts the
    Hunting conditions; nothing links two basal sources (docs/rules/wildlifeweb.md)."""
    web = graphs.food_web()
    for food, eater, data in web.edges(data=True):
        kind = data["kind"]
        assert eater in c.ANIMALS, (food, eater)
        animal = c.ANIMALS[eater]
        if kind == "forage":
            assert food in {g for d in animal.diet for g in c.DIET_FORAGE.get(d, ())}
        elif kind == "scavenge":
            assert food == "carrion" and animal.can_scavenge
        else:
            assert kind == "hunt" and graphs.hunt_link(animal, c.ANIMALS[food]) is not None


def test_every_meal_told_follows_an_arrow_of_the_web() -> None:
    """The web is the usual day and night; a hunt an Event of the turn makes possible (Full
    Moon wakes diurnal carnivores) may lie outside it, so those turns are skipped."""
    from ecogames.core import Rng
    from ecogames.games.wildlifeweb import new_game

    web, told = graphs.food_web(), 0
    for seed in range(3):
        game, rng = new_game(players=3, seed=seed), Rng(seed)
        for _ in range(300):
            if game.is_over:
                break
            usual = not game.mods
            cascade = game.apply(rng.choice(game.legal_actions()))
            for event in cascade.events if usual and not game.mods else ():
                for food, eater in event.touched.get("edges", ()):
                    assert web.has_edge(food, eater), (event.text, food, eater)
                    told += 1
    assert told > 50
