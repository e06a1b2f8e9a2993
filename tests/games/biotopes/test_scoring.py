"""End of Game and Scoring: Environmental Conditions, Card Bonuses, Biodiversity Bonus,
Territory Fragmentation Penalty, Victory (ties by Carnivores), Solo Mode ranks."""

from ecogames.games.biotopes import Pass

from .scenario import blank, put_bag, put_species, put_token, ready, three_tiles

# three_tiles(): A1 at (0, 0), A3 at (2, 1), A6 at (-1, 3).


def last_cycle(players=2, **options):
    game = blank(players=players, tiles=three_tiles(), **options)
    game.cycle = game.cycles
    return game


def finish(game):
    game = ready(game)
    while not game.is_over:
        game.apply(Pass())
    return game


def test_environmental_conditions_points():
    game = blank(players=2, tiles=three_tiles())
    game.env = ["forests", "wetlands", "birds", "mammals"]
    put_token(game, 0, (0, -1), (-1, 0), (0, 0))  # 2 Forests territories, 1 Grasslands
    put_species(game, 0, "mute_swan", blue=1)  # Wetlands, Birds
    put_species(game, 0, "large_copper", blue=2)  # Wetlands
    put_species(game, 0, "hawfinch", green=1)  # Birds
    put_species(game, 0, "hazel_dormouse", green=3)  # Mammals: 3 cubes
    put_species(game, 0, "alpine_ibex", gray=1)  # Mammals: 1 cube
    sheet = ready(game).score(0)
    assert sheet["env_territories"] == 2 * 2
    assert sheet["env_biotope"] == 2 * 2
    assert sheet["env_type"] == 2 * 2
    assert sheet["env_cubes"] == 1 * 4


def test_card_bonuses_the_european_badger():
    """"the European Badger is worth 2 VP because it is a Carnivore. It also grants a bonus
    of 1 VP per Mammals card present in your Ecosystem"."""
    game = blank(players=2, tiles=three_tiles())
    game.env = ["mountains", "grasslands", "invertebrates", "reptiles_amphibians"]
    put_species(game, 0, "european_badger", green=1)
    put_species(game, 0, "hazel_dormouse", green=1)
    put_species(game, 0, "alpine_marmot", gray=1)  # an Insectivore: 1 VP, a Mammal
    sheet = ready(game).score(0)
    assert sheet["cards"] == 2 + 0 + 1
    assert sheet["bonuses"] == 3  # three Mammals, the Badger itself included
    assert sheet["carnivores"] == 1


def test_biodiversity_bonus_karl():
    """"His 1st column earns him 2 VP, his 2nd 4 VP, and his 3rd 0 VP. Karl therefore wins a
    biodiversity bonus of 6 VP." """
    game = blank(players=2, tiles=three_tiles())
    for card in ("alpine_ibex", "apollo", "citril_finch"):
        put_species(game, 0, card, gray=1)
    for card in ("hazel_dormouse", "hawfinch", "wild_boar"):
        put_species(game, 0, card, green=1)
    for card in ("brown_rat", "common_linnet"):
        put_species(game, 0, card, yellow=1)
    for card in ("mute_swan", "large_copper", "eurasian_beaver"):
        put_species(game, 0, card, blue=1)
    assert ready(game).score(0)["biodiversity"] == 6
    put_species(game, 0, "european_rabbit", yellow=1)
    assert ready(game).score(0)["biodiversity"] == 2 + 4 + 6


def test_territory_fragmentation_magali_and_jimmy():
    """Magali's tokens "are all together, so she suffers no penalty. Jimmy's tokens ... are
    spread over two separate zones, so he suffers a penalty of -3 VP"."""
    game = blank(players=3, tiles=three_tiles())
    put_token(game, 0, (0, -1), (0, 0), (1, 0), (1, 1))  # Magali
    put_token(game, 1, (-1, 0), (-1, 1), (3, 0), (3, 1))  # Jimmy: two zones
    put_token(game, 2, (1, -1), (2, 2), (-2, 3))  # three zones
    game = ready(game)
    assert [game.score(p)["fragmentation"] for p in range(3)] == [0, -3, -6]


def test_end_of_game_discards_species_without_cubes_before_scoring():
    game = last_cycle()
    for card in ("alpine_ibex", "apollo"):
        put_species(game, 0, card, gray=1)
    put_species(game, 0, "hazel_dormouse")  # no cube: discarded
    put_species(game, 0, "hawfinch", green=1)  # shifts left into column 0
    put_species(game, 0, "brown_rat", yellow=1)
    put_species(game, 0, "mute_swan", blue=1)
    game = finish(game)
    assert [e[0] for e in game.rows[0][1]] == ["hawfinch"]
    assert "hazel_dormouse" in game.discards[0]
    assert game.scores[0]["biodiversity"] == 2
    assert any(e.kind == "dies_out" for e in game.last_cascade)


def test_victory_most_points_then_carnivores_then_shared():
    game = last_cycle()
    game.env = ["mountains", "wetlands", "invertebrates", "reptiles_amphibians"]
    put_species(game, 0, "hawfinch", green=1)  # no VP
    put_species(game, 1, "crested_tit", green=1)  # 1 VP
    game = finish(game)
    assert game.outcome.winners == (1,) and game.outcome.scores == (0, 1)

    game = last_cycle()
    game.env = ["mountains", "wetlands", "invertebrates", "reptiles_amphibians"]
    put_species(game, 0, "crested_tit", green=1)
    put_species(game, 0, "european_hedgehog", yellow=1)  # 1 + 1 VP
    put_species(game, 1, "tawny_owl", green=1)  # 2 VP, a Carnivore
    game = finish(game)
    assert game.outcome.scores == (2, 2)
    assert game.outcome.winners == (1,) and "Carnivores" in game.outcome.reason

    game = last_cycle()
    game.env = ["mountains", "wetlands", "invertebrates", "reptiles_amphibians"]
    put_species(game, 0, "merlin", yellow=1)
    put_species(game, 1, "tawny_owl", green=1)
    game = finish(game)
    assert game.outcome.winners == (0, 1) and "shared" in game.outcome.reason


def test_solo_mode_rank_on_the_food_chain():
    game = last_cycle(players=1)
    game.env = ["mountains", "grasslands", "invertebrates", "reptiles_amphibians"]
    put_token(game, 0, (1, 1), (3, 0), (3, 1))  # three connected Mountains: 6 VP
    for card in ("tawny_owl", "eurasian_hobby", "common_genet", "european_pine_marten"):
        put_species(game, 0, card, green=1)  # 4 Carnivores: 8 VP
    for card in ("red_fox", "red_kite", "merlin", "white_stork"):
        put_species(game, 0, card, yellow=1)  # 8 VP, 4 Grasslands cards: 8 VP
    for card in ("great_diving_beetle", "european_otter"):
        put_species(game, 0, card, blue=1)  # 4 VP; 1 Invertebrates card: 2 VP
    for card in ("bearded_vulture", "eurasian_lynx"):
        put_species(game, 0, card, gray=1)  # 4 VP
    put_bag(game, 0, gray=1)
    game = finish(game)
    total = game.outcome.scores[0]
    assert game.outcome.winners == (0,)
    sheet = game.scores[0]
    assert sheet["env_territories"] == 6 and sheet["cards"] == 24
    assert sheet["env_biotope"] == 8 and sheet["env_type"] == 2
    assert sheet["biodiversity"] == 2 + 4
    assert total == sum(v for k, v in sheet.items() if k not in ("total", "carnivores"))
    assert game.outcome.data["rank"] == "Rose Chafer" and f"{total} VP" in game.outcome.reason
