"""Instructions for Foraging, Hunting, and Scavenging — Hunting, One Action Per Animal,
Food Value, Hunting Mated Animals, and the hunting abilities."""

from __future__ import annotations

import pytest

from ecogames.core import IllegalAction
from ecogames.games.wildlifeweb import Forage, Hunt, Scavenge, Steal
from tests.games.wildlifeweb.helpers import F, O, W, animal, dice, kinds, scenario, texts

HAWK, MARMOT = W("red_tailed_hawk"), W("yellow_bellied_marmot")


def test_sample_hunt_red_tailed_hawk_hunts_yellow_bellied_marmot() -> None:
    """RB "Sample Hunt": Hawk 16 + 4 = 20, Marmot 10 + 5 (Fortress) + 5 = 20: tie, the chase
    is on; Hawk 16 + 6 = 22, Marmot 15 + 6 = 21: the marmot is eaten and placed as food
    underneath the hawk."""
    game = scenario(packs=[[animal(HAWK)], []], habitat=[MARMOT], rng=dice(4, 5, 6, 6))
    cascade = game.apply(Hunt(HAWK, MARMOT))
    assert kinds(cascade) == ["hunt", "roll", "tie", "roll", "eat"]
    assert cascade[1].text == ("Red-tailed Hawk: Power 16 + die 4 = 20; Yellow-bellied "
                               "Marmot: Power 10 + 5 Fortress + die 5 = 20")
    assert cascade[3].text == ("Red-tailed Hawk: Power 16 + die 6 = 22; Yellow-bellied "
                               "Marmot: Power 10 + 5 Fortress + die 6 "
                               "= 21")
    assert cascade[1].touched["dice"] == (4, 5)
    assert game.packs[0][0]["food"] == [MARMOT]
    assert MARMOT not in game.habitat
    assert cascade[4].touched["edges"] == (("yellow_bellied_marmot", "red_tailed_hawk"),)
    assert [e.cause for e in cascade] == [None, 0, 1, 2, 3]
    assert "Player 2 rolls for the prey" in cascade[0].text  # the player to the left


def test_the_prey_escapes_when_its_total_is_higher() -> None:
    game = scenario(packs=[[animal(HAWK)], []], habitat=[MARMOT], rng=dice(1, 6))
    cascade = game.apply(Hunt(HAWK, MARMOT))
    assert kinds(cascade) == ["hunt", "roll", "escape"]
    assert game.packs[0][0]["food"] == [] and MARMOT in game.habitat
    assert game.phase == "mate"  # the hawk has used its one action: nothing else to feed


def test_the_owner_rolls_for_an_animal_of_a_pack() -> None:
    game = scenario(players=3, packs=[[animal(HAWK)], [], [animal(MARMOT)]], rng=dice(6, 1))
    cascade = game.apply(Hunt(HAWK, MARMOT))
    assert "Player 3 rolls for the prey" in cascade[0].text
    assert game.packs[2] == [] and game.packs[0][0]["food"] == [MARMOT]


def test_prey_must_share_a_habitat() -> None:
    """Coyotes have only the ground habitat; the Big Brown Bat lives in air and trees."""
    coyote, bat = W("coyote"), W("big_brown_bat")
    game = scenario(packs=[[animal(coyote)], []], habitat=[bat], day=False)
    assert Hunt(coyote, bat) not in game.legal_actions()
    with pytest.raises(IllegalAction, match="share at least one habitat"):
        game.apply(Hunt(coyote, bat))


def test_hawks_hunt_in_all_three_of_their_habitats_coyotes_only_on_the_ground() -> None:
    """RB Habitat: "hawks have icons for air, trees, and ground, so they may hunt prey in all
    three habitats, whereas coyotes only have one habitat icon, for ground"."""
    wren, chipmunk, coyote = W("house_wren"), W("least_chipmunk"), W("coyote")
    game = scenario(packs=[[animal(HAWK), animal(coyote)], []], habitat=[wren, chipmunk])
    hunts = {(a.animal, a.prey) for a in game.legal_actions() if isinstance(a, Hunt)}
    assert hunts == {(HAWK, wren), (HAWK, chipmunk), (coyote, chipmunk)}


def test_prey_must_be_active_at_that_time_of_day() -> None:
    """The Great Horned Owl hunts at night; a Yellow-bellied Marmot is asleep then."""
    owl = W("great_horned_owl")
    game = scenario(packs=[[animal(owl)], []], habitat=[MARMOT], day=False)
    with pytest.raises(IllegalAction, match="not active now"):
        game.apply(Hunt(owl, MARMOT))


def test_prey_must_be_the_same_size_or_smaller() -> None:
    """A Size 2 hawk cannot take a Size 3 porcupine... nor a Size 4 coyote; Size 2 is fine."""
    coyote = W("coyote")
    game = scenario(packs=[[animal(HAWK)], [animal(coyote)]],
                    habitat=[W("wild_turkey"), W("richardsons_ground_squirrel")])
    legal = game.legal_actions()
    assert Hunt(HAWK, W("richardsons_ground_squirrel")) in legal
    assert Hunt(HAWK, W("wild_turkey")) not in legal
    with pytest.raises(IllegalAction, match="same Size or smaller"):
        game.apply(Hunt(HAWK, coyote))


def test_hunting_the_habitat_or_other_players_not_roadkill_nor_your_own() -> None:
    vole = W("meadow_vole")
    game = scenario(packs=[[animal(HAWK), animal(vole)], []], highway=[W("meadow_vole", 2)])
    with pytest.raises(IllegalAction, match="D10"):
        game.apply(Hunt(HAWK, vole))
    with pytest.raises(IllegalAction, match="roadkill is scavenged"):
        game.apply(Hunt(HAWK, W("meadow_vole", 2)))


def test_only_carnivores_and_omnivores_hunt_and_only_active_animals_feed() -> None:
    deer = W("white_tailed_deer")
    game = scenario(packs=[[animal(deer), animal(W("red_fox"))], []],
                    habitat=[W("meadow_vole")])
    with pytest.raises(IllegalAction, match="does not hunt"):
        game.apply(Hunt(deer, W("meadow_vole")))
    with pytest.raises(IllegalAction, match="only active animals may feed"):
        game.apply(Hunt(W("red_fox"), W("meadow_vole")))


def test_one_action_per_animal() -> None:
    """"Apply one action per Wildlife card per turn": a hunt OR a forage, never both."""
    skunk = W("striped_skunk")
    game = scenario(packs=[[animal(skunk)], []], habitat=[W("meadow_vole"), W("deer_mouse")],
                    day=False, rng=dice(1, 6, 1))
    assert Forage(skunk) in game.legal_actions()  # an omnivore may forage or hunt
    assert Hunt(skunk, W("deer_mouse")) in game.legal_actions()
    game.apply(Hunt(skunk, W("deer_mouse")))
    assert game.phase == "mate"
    assert not any(isinstance(a, (Hunt, Forage)) for a in game.legal_actions())


def test_the_red_fox_is_a_carnivore_that_must_hunt() -> None:
    """"A Size 3 carnivore (fox) must hunt for prey adding up to Size 3 or more": the fox
    hunts; it neither forages nor scavenges."""
    fox = W("red_fox")
    game = scenario(packs=[[animal(fox)], []], habitat=[W("meadow_vole")], day=False,
                    highway=[W("elk")])
    legal = game.legal_actions()
    assert Hunt(fox, W("meadow_vole")) in legal
    assert not any(isinstance(a, (Forage, Scavenge)) for a in legal)
    with pytest.raises(IllegalAction, match="strict carnivore"):
        game.apply(Forage(fox))
    with pytest.raises(IllegalAction, match="strict carnivores may not"):
        game.apply(Scavenge(fox, W("elk")))


def test_a_strict_carnivore_does_not_forage() -> None:
    game = scenario(packs=[[animal(HAWK)], []])
    with pytest.raises(IllegalAction, match="strict carnivore"):
        game.apply(Forage(HAWK))


def test_food_value_is_the_size_and_the_prey_food_is_discarded() -> None:
    """Food Value; "Discard any food that was attached to the prey animal" (Forage cards go
    back to the Forage deck)."""
    bobcat, hare = W("bobcat"), W("snowshoe_hare")
    prey = animal(hare, food=F(1, 2))
    game = scenario(packs=[[animal(bobcat)], [prey]], day=False, rng=dice(1, 6, 1))
    cascade = game.apply(Hunt(bobcat, hare))
    assert kinds(cascade) == ["hunt", "hide_fail", "roll", "eat"]
    assert cascade[2].text == ("Bobcat: Power 16 + 2 Stalk and Pounce + die 6 = 24; "
                               "Snowshoe Hare: Power 13 + die 1 = 14")
    assert game.packs[1] == []
    assert game.packs[0][0]["food"] == [hare]
    assert game.fdeck[:2] == ["f.02", "f.01"]  # back under the Forage deck, seen going
    assert game.fknown == 2
    assert "Snowshoe Hare is eaten" in cascade[3].text and "food value 2" in cascade[3].text


def test_hunting_mated_animals_one_at_a_time() -> None:
    """Hunting Mated Animals: one mate is taken; the lone mate keeps feeding and raising the
    Offspring; when both are killed in separate attacks the Offspring returns to its deck."""
    fox, vole = W("red_fox"), W("meadow_vole")
    family = animal(vole, mate=True, food=F(1), offspring=O(15))
    game = scenario(players=3, packs=[[animal(fox)], [animal(W("short_tailed_weasel"))],
                                      [family]], day=False, rng=dice(1, 6, 1))
    game.apply(Hunt(fox, vole))
    survivor = game.packs[2][0]
    assert survivor["mate"] is None and survivor["food"] == F(1)
    assert survivor["offspring"] == O(15)
    assert game.packs[0][0]["food"] == [W("meadow_vole", 2)]
    # on a later turn, another player's weasel takes the lone parent
    game = scenario(players=3, packs=[[animal(fox)], [animal(W("short_tailed_weasel"))],
                                      [survivor]], active=1, day=False, rng=dice(1, 6, 1))
    cascade = game.apply(Hunt(W("short_tailed_weasel"), vole))
    assert "orphan" in kinds(cascade)
    assert game.packs[2] == [] and O(15) in game.odeck and F(1)[0] in game.fdeck


def test_ties_are_rolled_again_until_decided() -> None:
    """"If there is a tie, the chase is on: roll again" - as often as it takes."""
    game = scenario(packs=[[animal(HAWK)], []], habitat=[MARMOT], rng=dice(1, 2, 3, 4, 6, 1))
    cascade = game.apply(Hunt(HAWK, MARMOT))
    assert kinds(cascade) == ["hunt", "roll", "tie", "roll", "tie", "roll", "eat"]
    assert [e.cause for e in cascade] == [None, 0, 1, 2, 3, 4, 5]


# -- abilities --------------------------------------------------------------------------------


def test_pair_hunting_rolls_again_after_a_first_attack_falls_short() -> None:
    """Red-tailed Hawk, Pair Hunting: with a mate, a failed first attack on a Size 1 or 2
    mammal is rolled again."""
    squirrel = W("richardsons_ground_squirrel")
    game = scenario(packs=[[animal(HAWK, mate=True)], []], habitat=[squirrel],
                    rng=dice(1, 6, 6, 1))
    cascade = game.apply(Hunt(HAWK, squirrel))  # 17 vs 20 ground squirrel: 14 + 3 burrow
    assert kinds(cascade) == ["hunt", "roll", "reroll", "roll", "eat"]
    assert "Pair Hunting" in cascade[2].text
    # without a mate, or against a bird, no second try
    game = scenario(packs=[[animal(HAWK)], []], habitat=[squirrel], rng=dice(1, 6, 6, 1))
    assert kinds(game.apply(Hunt(HAWK, squirrel))) == ["hunt", "roll", "escape"]
    game = scenario(packs=[[animal(HAWK, mate=True)], []], habitat=[W("american_crow")],
                    rng=dice(1, 6, 6, 1))
    assert kinds(game.apply(Hunt(HAWK, W("american_crow")))) == ["hunt", "roll", "escape"]


def test_swipe_a_meal_from_any_raptor_only_once_per_game() -> None:
    osprey = W("osprey")
    game = scenario(packs=[[animal(HAWK)], [animal(osprey, food=F(3, 4))]])
    assert Steal(HAWK, F(3)[0]) in game.legal_actions()
    cascade = game.apply(Steal(HAWK, F(3)[0]))
    assert kinds(cascade) == ["steal", "eat"]  # no contest
    assert game.packs[0][0]["food"] == F(3) and game.packs[1][0]["food"] == F(4)
    assert game.once == [f"{HAWK}:Swipe"]
    later = scenario(packs=[[animal(HAWK)], [animal(osprey, food=F(4))]],
                     once=[f"{HAWK}:Swipe"])
    assert not any(isinstance(a, Steal) for a in later.legal_actions())
    with pytest.raises(IllegalAction, match="once-per-game"):
        later.apply(Steal(HAWK, F(4)[0]))


def test_trickster_steals_a_meal_from_another_carnivore() -> None:
    """Coyote: a regular hunt OR Trickster, not both in the same turn."""
    coyote, lion = W("coyote"), W("mountain_lion")
    deer = W("mule_deer")
    game = scenario(packs=[[animal(coyote)], [animal(lion, food=[deer])]], rng=dice(6, 1))
    cascade = game.apply(Steal(coyote, deer))
    assert kinds(cascade) == ["steal", "roll", "eat"]
    assert cascade[1].text == "Coyote: Agility 3 + die 6 = 9; Mountain Lion: Strength 5 + die 1 = 6"
    assert game.packs[0][0]["food"] == [deer]
    assert game.phase == "mate"  # the coyote has acted
    failed = scenario(packs=[[animal(coyote)], [animal(lion, food=[deer])]], rng=dice(1, 6))
    assert kinds(failed.apply(Steal(coyote, deer))) == ["steal", "roll", "escape"]


def test_pack_hunting_wolves_with_a_mate_take_elk() -> None:
    """Elk: safe from every predator except mountain lions, grizzly bears, wolverines and
    wolf packs; a lone wolf (Size 4) cannot take a Size 5 elk."""
    wolf, elk = W("gray_wolf"), W("elk")
    alone = scenario(packs=[[animal(wolf)], []], habitat=[elk])
    with pytest.raises(IllegalAction, match="larger"):
        alone.apply(Hunt(wolf, elk))
    pack = scenario(packs=[[animal(wolf, mate=True)], []], habitat=[elk], rng=dice(6, 1))
    cascade = pack.apply(Hunt(wolf, elk))
    assert cascade[1].text == ("Gray Wolf: Power 16 + 3 Pack Hunting + die 6 = 25; "
                               "Elk: Power 19 + die 1 = 20")
    assert pack.packs[0][0]["food"] == [elk]


def test_elk_are_safe_from_black_bears() -> None:
    bear, elk = W("black_bear"), W("elk")
    game = scenario(packs=[[animal(bear)], []], habitat=[elk])
    with pytest.raises(IllegalAction, match="Safety in Size"):
        game.apply(Hunt(bear, elk))
    lion = scenario(packs=[[animal(W("mountain_lion"))], []], habitat=[elk], day=False,
                    mods=[])
    assert Hunt(W("mountain_lion"), elk) not in lion.legal_actions()  # elk asleep at night
    grizzly = scenario(packs=[[animal(W("grizzly_bear"))], []], habitat=[elk])
    assert Hunt(W("grizzly_bear"), elk) in grizzly.legal_actions()


def test_fortress_does_not_help_against_snakes_weasels_and_badgers() -> None:
    snake = W("bullsnake")
    game = scenario(packs=[[animal(snake)], []], habitat=[MARMOT], rng=dice(3, 3))
    cascade = game.apply(Hunt(snake, MARMOT))
    assert cascade[1].text == ("Bullsnake: Power 11 + die 3 = 14; "
                               "Yellow-bellied Marmot: Power 10 + die 3 = 13")


def test_chirp_adds_two_for_defence_if_the_marmot_has_a_mate() -> None:
    game = scenario(packs=[[animal(HAWK)], [animal(MARMOT, mate=True)]], rng=dice(6, 1))
    cascade = game.apply(Hunt(HAWK, MARMOT))
    assert cascade[1].text == ("Red-tailed Hawk: Power 16 + die 6 = 22; "
                               "Yellow-bellied Marmot: Power 10 + 5 Fortress + 2 Chirp "
                               "+ die 1 = 18")
    assert game.packs[1][0]["mate"] is None  # one of the pair is taken


def test_surprise_badgers_dig_out_sleeping_burrowers() -> None:
    badger, squirrel = W("american_badger"), W("richardsons_ground_squirrel")
    game = scenario(packs=[[animal(badger)], []], habitat=[squirrel, W("american_crow")],
                    day=False, rng=dice(6, 1))
    legal = game.legal_actions()
    assert Hunt(badger, squirrel) in legal  # asleep, but underground
    cascade = game.apply(Hunt(badger, squirrel))
    assert cascade[1].text == ("American Badger: Power 14 + 3 Digger + die 6 = 23; "
                               "Richardson's Ground Squirrel: Power 11 + die 1 = 12")
    # Digger +3 is named; Burrow does not count vs badgers


def test_hide_the_rabbit_hides_and_the_hunt_fails() -> None:
    """Reference: rabbits survive by hiding."""
    rabbit = W("mountain_cottontail")
    game = scenario(packs=[[animal(HAWK)], []], habitat=[rabbit], rng=dice(4))
    cascade = game.apply(Hunt(HAWK, rabbit))
    assert kinds(cascade) == ["hunt", "hide"]
    assert rabbit in game.habitat


def test_sentinel_alarm_calls_protect_the_other_animals_of_a_pack() -> None:
    chickadee, vole = W("black_capped_chickadee"), W("meadow_vole")
    game = scenario(packs=[[animal(HAWK)], [animal(vole), animal(chickadee)]],
                    rng=dice(1, 1, 1))
    cascade = game.apply(Hunt(HAWK, vole))
    assert cascade[2].text == ("Red-tailed Hawk: Power 16 + die 1 = 17; "
                               "Meadow Vole: Power 8 + 2 Alarm Call (Black-capped Chickadee) "
                               "+ die 1 = 11")


def test_defence_against_predators_without_water() -> None:
    muskrat = W("muskrat")
    fox = scenario(packs=[[animal(W("red_fox"))], []], habitat=[muskrat], day=False,
                   rng=dice(1, 1))
    assert "Muskrat: Power 12 + 4 Dive + die 1" in texts(fox.apply(Hunt(W("red_fox"), muskrat)))
    heron = scenario(packs=[[animal(W("great_blue_heron"))], []], habitat=[muskrat],
                     day=False, rng=dice(1, 1))
    assert "Muskrat: Power 12 + die 1" in texts(heron.apply(Hunt(W("great_blue_heron"), muskrat)))
