"""Draw an Event Card: every kind of Event effect, on real cards of the Event deck."""

from __future__ import annotations

from typing import Any

import pytest

from ecogames.core import IllegalAction
from ecogames.games.wildlifeweb import (
    AdoptPet,
    ChooseVictim,
    DeclinePet,
    Forage,
    Hunt,
    KeepPack,
)
from tests.games.wildlifeweb.helpers import E, F, W, animal, dice, kinds, scenario

VOLE, ELK, MOOSE, DEER = W("meadow_vole"), W("elk"), W("moose"), W("white_tailed_deer")


def event_turn(event: str, pack: list[dict[str, Any]], others: tuple[list, ...] = (),
               **kw: Any) -> tuple[Any, Any]:
    """Player 1 (of 5: Packs of 2 cards) keeps the Pack and draws ``event``."""
    others = others or ([],) * 4
    game = scenario(players=5, packs=[pack, *others], stage="swap", etop=[event], **kw)
    return game, game.apply(KeepPack())


def test_forage_each_matching_animal_draws() -> None:
    """Bumper Berry Crop: each of your omnivores draws 2 Forage cards."""
    game, _cascade = event_turn(E("berry_crop"), [animal(W("common_raven")), animal(VOLE)])
    assert [len(a["food"]) for a in game.packs[0]] == [2, 0]
    assert game.ediscard == [E("berry_crop")]


def test_forage_only_active_insect_eaters_in_the_moth_flight() -> None:
    game, _ = event_turn(E("moth_flight"), [animal(W("big_brown_bat")),
                                            animal(W("house_wren"))], day=False)
    assert [len(a["food"]) for a in game.packs[0]] == [2, 0]


def test_drought_every_players_herbivores_return_a_forage_card() -> None:
    """Scope all; Estivate: drought does not affect ground squirrels."""
    mine = [animal(VOLE, food=F(1, 2)), animal(W("richardsons_ground_squirrel"), food=F(3))]
    theirs = [animal(ELK, food=F(4)), animal(W("coyote"), food=F(5))]
    game, _ = event_turn(E("drought"), mine, others=(theirs, [], [], []))
    assert game.packs[0][0]["food"] == F(1) and game.packs[0][1]["food"] == F(3)
    assert game.packs[1][0]["food"] == [] and game.packs[1][1]["food"] == F(5)


def test_wildfire_burns_the_habitat_and_your_tree_dwellers_lose_their_food() -> None:
    porcupine, squirrel = W("porcupine"), W("american_red_squirrel")
    pack = [animal(W("black_bear"), food=F(1)), animal(VOLE, food=F(2))]
    game, cascade = event_turn(E("wildfire"), pack, habitat=[porcupine, squirrel, MOOSE,
                                                            W("elk", 2)])
    assert game.habitat == [MOOSE]  # the moose escapes into the water
    assert game.packs[0][0]["food"] == [] and game.packs[0][1]["food"] == F(2)
    assert {porcupine, squirrel, W("elk", 2)} <= set(game.wdiscard)
    assert kinds(cascade).count("habitat_loss") == 1


def test_kill_one_of_your_animals_your_choice() -> None:
    """Big-game Hunting Season: hunters take one of your deer, elk, moose or pronghorn."""
    game, cascade = event_turn(E("big_game_season"), [animal(ELK), animal(DEER)])
    assert game.phase == "victim" and game.current_player == 0
    assert set(game.legal_actions()) == {ChooseVictim(ELK), ChooseVictim(DEER)}
    with pytest.raises(IllegalAction):
        game.apply(ChooseVictim(VOLE))
    cascade = game.apply(ChooseVictim(DEER))
    assert [a["card"] for a in game.packs[0]] == [ELK]
    assert DEER in game.wdiscard and game.decision is None
    assert E("big_game_season") in game.ediscard
    assert kinds(cascade)[:2] == ["choose", "event_kill"]


def test_kill_takes_one_card_of_a_mated_pair() -> None:
    game, _ = event_turn(E("chronic_wasting"), [animal(ELK, mate=True, food=F(1)),
                                                animal(VOLE)])
    assert game.packs[0][0]["mate"] is None and game.packs[0][0]["food"] == F(1)
    assert W("elk", 2) in game.wdiscard


def test_kill_to_the_highway_as_roadkill() -> None:
    game, cascade = event_turn(E("road_crossing"), [animal(VOLE, food=F(1)), animal(ELK)])
    assert game.highway[-1] == VOLE and F(1)[0] in game.fdeck
    assert VOLE not in game.wdiscard and [a["card"] for a in game.packs[0]] == [ELK]
    assert kinds(cascade) == ["event", "event_kill"]
    assert cascade[-1].text == ("Road Crossing: Player 1's Meadow Vole is placed on the "
                                "highway as roadkill")


def test_a_kill_that_matches_nothing_does_nothing() -> None:
    game, cascade = event_turn(E("rabies"), [animal(VOLE), animal(ELK)], day=False)
    assert kinds(cascade)[-1] == "event_none" and len(game.packs[0]) == 2


def test_restrict_blizzard_stops_foraging_but_not_the_hardy_chickadee() -> None:
    chickadee = W("black_capped_chickadee")
    game, _ = event_turn(E("blizzard"), [animal(VOLE), animal(chickadee)])
    foragers = {a.animal for a in game.legal_actions() if isinstance(a, Forage)}
    assert foragers == {chickadee}
    with pytest.raises(IllegalAction, match="Event stops"):
        game.apply(Forage(VOLE))


def test_activate_full_moon_lets_diurnal_carnivores_hunt_at_night() -> None:
    hawk = W("red_tailed_hawk")
    game, _ = event_turn(E("full_moon"), [animal(hawk), animal(ELK)], day=False,
                         habitat=[W("deer_mouse")])
    assert Hunt(hawk, W("deer_mouse")) in game.legal_actions()
    assert game.view(0)["packs"][0][0]["active"] is True
    assert game.view(0)["packs"][0][1]["active"] is False


def test_sleep_heat_wave_your_diurnal_mammals_rest() -> None:
    game, _ = event_turn(E("heat_wave"), [animal(ELK), animal(W("red_tailed_hawk"))],
                         habitat=[W("deer_mouse")])
    assert not any(getattr(a, "animal", None) == ELK for a in game.legal_actions())


def test_modify_deep_snow_weakens_every_ungulate() -> None:
    wolf = W("gray_wolf")
    game, _ = event_turn(E("deep_snow"), [animal(wolf), animal(VOLE)], habitat=[DEER],
                         rng=dice(3, 3))
    cascade = game.apply(Hunt(wolf, DEER))
    assert cascade[1].text == ("Gray Wolf: Power 16 + die 3 = 19; "
                               "White-tailed Deer: Power 18 + 2 Flag and Bound - 3 Deep Snow "
                               "+ die 3 = 20")


def test_roadkill_rush_hour_and_the_highway_crew() -> None:
    game, _ = event_turn(E("rush_hour"), [animal(VOLE), animal(ELK)], highway=[DEER])
    assert len(game.highway) == 3
    game, _ = event_turn(E("highway_crew"), [animal(VOLE), animal(ELK)],
                         highway=[DEER, MOOSE, E("ranch_dog", 1)])
    assert game.highway == [] and {DEER, MOOSE} <= set(game.wdiscard)
    assert E("ranch_dog", 1) in game.ediscard


def test_migration_and_wolf_reintroduction() -> None:
    game, _ = event_turn(E("spring_migration"), [animal(VOLE), animal(ELK)])
    assert len(game.habitat) == 3
    game, _ = event_turn(E("wolf_reintroduction"), [animal(VOLE), animal(ELK)],
                         wdiscard=[W("gray_wolf", 2)])
    assert sorted(game.habitat) == [W("gray_wolf"), W("gray_wolf", 2)]


def test_subdivision_and_clearcut_remove_habitat_animals() -> None:
    game, _ = event_turn(E("subdivision"), [animal(VOLE), animal(ELK)],
                         habitat=[MOOSE, W("coyote"), W("red_fox")])
    assert game.habitat == [W("red_fox")]


def test_a_house_cat_may_be_adopted_as_a_pet() -> None:
    """Pets are raised like Wildlife and do not count toward the Pack size."""
    cat = E("house_cat", 1)
    game, _ = event_turn(cat, [animal(VOLE), animal(ELK)], habitat=[W("least_chipmunk")])
    assert game.phase == "adopt" and set(game.legal_actions()) == {AdoptPet(), DeclinePet()}
    game.apply(AdoptPet())
    assert game.packs[0][-1]["card"] == cat and game.wildlife_count(0) == 2
    assert Hunt(cat, W("least_chipmunk")) in game.legal_actions()
    assert Forage(cat) in game.legal_actions()  # Pet Food
    game, _ = event_turn(cat, [animal(VOLE), animal(ELK)])
    game.apply(DeclinePet())
    assert game.ediscard == [cat]


def test_a_pet_meets_its_mate_when_the_second_card_is_adopted() -> None:
    dog1, dog2 = E("ranch_dog", 1), E("ranch_dog", 2)
    game, _ = event_turn(dog2, [animal(VOLE), animal(ELK), animal(dog1)])
    game.apply(AdoptPet())
    assert game.packs[0][2]["mate"] == dog2


def test_calm_weather_changes_nothing() -> None:
    game, cascade = event_turn(E("calm_weather"), [animal(VOLE), animal(ELK)])
    assert kinds(cascade) == ["event"] and game.ediscard == [E("calm_weather")]


def test_an_event_of_your_animals_changes_nothing_for_the_others() -> None:
    """"Do not apply the Event card to other players unless instructed" (D22): the Full Moon
    wakes the drawing player's diurnal carnivores, not another player's. Player 2's
    Cooper's Hawk stays asleep, so the bobcat may not hunt it; Player 1's hawk hunts."""
    hawk, coopers, bobcat = W("red_tailed_hawk"), W("coopers_hawk"), W("bobcat")
    game, _ = event_turn(E("full_moon"), [animal(bobcat), animal(hawk)],
                         others=([animal(coopers)], [], [], []), day=False,
                         habitat=[VOLE])
    assert game.mods == [[E("full_moon"), 0]]
    legal = game.legal_actions()
    assert Hunt(hawk, VOLE) in legal and Hunt(bobcat, VOLE) in legal
    assert Hunt(bobcat, coopers) not in legal
    assert not game.view(None)["packs"][1][0]["active"]
    with pytest.raises(IllegalAction, match="not active now"):
        game.apply(Hunt(bobcat, coopers))
