"""Card Icons and Species effects: Predatory and Defensive Species, Reactions (on another
player's turn), Discreet Species, production bonuses, colonization rewards, the advanced
Biotope cards, and the Solo Mode's own rules."""

import pytest

from ecogames.core import IllegalAction
from ecogames.games.biotopes import (
    Adapt,
    Compete,
    Discard,
    Draw,
    Expand,
    Fallback,
    KeepHand,
    Migrate,
    Move,
    Pass,
    Pay,
    Place,
    Prey,
    PreyOnReserve,
    Transfer,
    UseCard,
    new_game,
)

from .scenario import (
    blank,
    cubes_on,
    give_hand,
    put_bag,
    put_biotope,
    put_species,
    put_token,
    ready,
    total_on,
    two_tiles,
)


def falcon_hunt():
    """Player 0 can play the Peregrine Falcon (diet: 3 Birds). Player 1's Birds: the
    Spanish Festoon (Defensive) guards the Grasslands row and column 0."""
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "eurasian_bullfinch", green=2)
    put_species(game, 0, "hawfinch", green=1)
    give_hand(game, 0, "peregrine_falcon")
    put_species(game, 1, "spanish_festoon", yellow=1)  # Grasslands, column 0, Defensive
    put_species(game, 1, "common_linnet", yellow=2)  # Grasslands row: protected
    put_species(game, 1, "mute_swan", blue=1)  # column 0: protected
    put_species(game, 1, "crested_tit", green=1)  # column 0: protected
    put_species(game, 1, "european_hare", green=1)  # Mammals: not on the diet
    put_species(game, 1, "common_reed_bunting", blue=2)  # Wetlands col 1: a target
    put_species(game, 1, "hazel_dormouse")
    return game


def test_predatory_species_defensive_cards_protect_their_row_and_column():
    """Defensive Species: "all cards on this row and this column are protected from the
    Predatory Species effect"; the one unprotected Birds cube is taken (the only way)."""
    game = ready(falcon_hunt())
    assert game.protected(1, 2, 1)  # Common Linnet: the Festoon's row
    assert game.protected(1, 3, 0) and game.protected(1, 1, 0)  # column 0
    assert game.protected(1, 2, -1)  # the Grasslands Biotope card is on the row (D18)
    assert not game.protected(1, 3, 1) and not game.protected(1, 1, 1)
    cascade = game.apply(Adapt("peregrine_falcon"))
    prey = cascade.of_kind("prey")
    assert len(prey) == 1 and prey[0].touched["edges"] == (("birds", "birds"),)
    assert prey[0].cause == cascade.of_kind("play")[0].index
    assert cubes_on(game, 1, "common_reed_bunting") == {"blue": 1}
    assert game.bags[0][3] == 1  # the blue cube is now in the hunter's bag
    assert game.current_player == 1


def test_predatory_species_the_hunter_chooses_between_targets():
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "eurasian_bullfinch", green=2)
    put_species(game, 0, "hawfinch", green=1)
    give_hand(game, 0, "peregrine_falcon")
    put_species(game, 1, "crested_tit", green=1)
    put_species(game, 1, "common_linnet", yellow=2)
    put_species(game, 1, "european_hare", green=1)  # Mammals: not on a Falcon's diet
    game = ready(game)
    game.apply(Adapt("peregrine_falcon"))
    assert game.phase == "prey" and game.current_player == 0
    assert set(game.legal_actions()) == {Prey(1, 1, 0, "green"), Prey(1, 2, 0, "yellow")}
    game.apply(Prey(1, 2, 0, "yellow"))
    assert cubes_on(game, 1, "common_linnet") == {"yellow": 1}
    assert game.bags[0] == [0, 3, 1, 0]


def test_predatory_species_without_prey_still_enters_play():
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "eurasian_bullfinch", green=3)
    give_hand(game, 0, "peregrine_falcon")
    game = ready(game)
    cascade = game.apply(Adapt("peregrine_falcon"))
    assert cascade.of_kind("no_prey") and game.current_player == 1
    assert total_on(game, 0, "peregrine_falcon") == 1


def test_predatory_species_with_plants_in_its_diet_may_take_a_biotope_cube():
    game = blank(players=2, tiles=two_tiles())
    put_biotope(game, 0, "forests", 1)
    put_species(game, 0, "rose_chafer", green=1)
    give_hand(game, 0, "european_hornet")  # Plants + Invertebrates, Predatory
    put_biotope(game, 1, "mountains", 2)
    game = ready(game)
    game.apply(Adapt("european_hornet"))  # the one target: a gray Plants cube
    assert game.biotope[1][0] == 1 and game.bags[0][0] == 1


def test_solo_predatory_species_takes_a_cube_of_any_colour_from_the_reserve():
    game = blank(players=1, tiles=two_tiles())
    put_species(game, 0, "eurasian_bullfinch", green=3)
    give_hand(game, 0, "peregrine_falcon")
    game = ready(game)
    game.apply(Adapt("peregrine_falcon"))
    assert game.phase == "prey"
    assert set(game.legal_actions()) == {PreyOnReserve(c) for c in
                                         ("gray", "green", "yellow", "blue")}
    game.apply(PreyOnReserve("yellow"))
    assert game.bags[0][2] == 1 and game.reserve[2] == 15


def test_reaction_triggers_by_itself_and_its_owner_chooses_only_where_the_cube_goes():
    """FAQ: "The action of a Reaction card triggers automatically when its activation
    conditions are met" — no React / Decline question; the reacting player, on another
    player's turn, chooses only what the card leaves open: which card takes the cube (D19)."""
    game = blank(players=2, tiles=two_tiles())
    put_biotope(game, 0, "mountains", 2)
    give_hand(game, 0, "apollo")  # Invertebrates
    put_species(game, 1, "pyrenean_desman", gray=1)  # Reaction: Invertebrates -> a cube
    put_bag(game, 1, gray=1)
    game = ready(game)
    cascade = game.apply(Adapt("apollo"))
    assert cascade.of_kind("reaction") and cascade.of_kind("bag_draw")
    assert game.phase == "react" and game.current_player == 1 and game.active == 0
    assert set(game.legal_actions()) == {Place(0, -1), Place(0, 0)}  # gray: Biotope or Desman
    assert game.view(1)["decision"]["card"] == "pyrenean_desman"
    assert game.view(1)["decision"]["played"] == "apollo"
    with pytest.raises(IllegalAction, match="Orange's 'react' decision"):
        game.apply(Pass())
    game.apply(Place(0, 0))
    assert total_on(game, 1, "pyrenean_desman") == 2 and sum(game.bags[1]) == 0
    assert game.current_player == 1 and game.phase == "action"  # player 0's action is over


def test_reaction_with_one_way_to_resolve_asks_nothing():
    """A Reaction with a single outcome resolves in the cascade of the action that set it off."""
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "eurasian_bullfinch", green=3)
    give_hand(game, 0, "peregrine_falcon")
    put_species(game, 1, "bearded_vulture", gray=1)  # Scavenger: a cube when a predator plays
    put_bag(game, 1, blue=1)
    game = ready(game)
    cascade = game.apply(Adapt("peregrine_falcon"))  # the blue cube: only the Wetlands card
    assert cascade.of_kind("reaction")
    assert game.biotope[1][3] == 1 and sum(game.bags[1]) == 0
    assert game.phase == "action" and game.current_player == 1


def test_reaction_of_your_own_card_draws_a_card_of_your_choice():
    """A Reaction triggers on its owner's turn too; drawing a card leaves the choice of the
    card (a river card or a deck's top)."""
    game = blank(players=2, tiles=two_tiles())
    put_biotope(game, 0, "mountains", 2)
    give_hand(game, 0, "apollo")
    put_species(game, 0, "european_tree_frog", green=1)  # Reaction: Invertebrates -> a card
    game = ready(game)
    game.apply(Adapt("apollo"))
    assert game.phase == "react" and game.current_player == 0
    legal = game.legal_actions()
    assert legal and all(isinstance(a, Draw) for a in legal) and Draw("herbivores", -1) in legal
    river = game.rivers[1][2]
    game.apply(Draw("insectivores", 2))
    assert game.hands[0] == [river] and game.current_player == 1


def test_reaction_with_nothing_to_do_is_skipped():
    game = blank(players=2, tiles=two_tiles())
    put_biotope(game, 0, "mountains", 2)
    give_hand(game, 0, "apollo")
    put_species(game, 1, "pyrenean_desman", gray=1)  # its owner's bag is empty
    game = ready(game)
    cascade = game.apply(Adapt("apollo"))
    assert cascade.of_kind("no_reaction") and game.current_player == 1


def marmot_over_the_limit():
    """Player 1's Alpine Marmot (Alarm Call: a card when a Predatory Species is played) and a
    hand of 5; player 0 plays the Peregrine Falcon."""
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "eurasian_bullfinch", green=3)
    give_hand(game, 0, "peregrine_falcon")
    put_species(game, 1, "alpine_marmot", gray=1)
    give_hand(game, 1, "apollo", "rose_chafer", "mute_swan", "red_deer", "wild_boar")
    game = ready(game)
    game.apply(Adapt("peregrine_falcon"))
    assert game.phase == "react" and game.current_player == 1
    game.apply(Draw("carnivores", 0))
    return game


def test_hand_limit_is_checked_at_the_end_of_your_own_actions_only():
    """Evolution: "At the end of each of your actions, if you have more than 5 cards in hand,
    you must discard until you have exactly 5 left" (D17). A card drawn by a Reaction during
    another player's action waits for the end of its owner's next action."""
    game = marmot_over_the_limit()
    assert len(game.hands[1]) == 6
    assert game.phase == "action" and game.current_player == 1  # no discard on player 0's turn
    game.apply(Transfer())  # player 1's own action (the Marmot's cube pays): then the limit
    assert game.phase == "discard" and game.current_player == 1
    assert {a.card for a in game.legal_actions()} == set(game.hands[1])
    game.apply(Discard("apollo"))
    assert len(game.hands[1]) == 5 and game.phase == "action" and game.current_player == 0


def test_passing_is_not_an_action_for_the_hand_limit():
    """Action Phase: "If you choose to stop carrying out actions, you pass": no action ends."""
    game = marmot_over_the_limit()
    game.apply(Pass())
    assert len(game.hands[1]) == 6 and game.phase == "action" and game.current_player == 0


def test_discreet_species_moves_a_cube_across_rows():
    """Card Icons: "Move a cube from one of your cards to another card. This card may be
    located on a different row." (D21)"""
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "mountain_hare", gray=2)  # Discreet
    put_species(game, 0, "hazel_dormouse", green=1)
    game = ready(game)
    game.apply(UseCard(0, 0))  # recycle a gray cube from the hare
    assert game.bags[0] == [1, 0, 0, 0]
    assert game.phase == "move"
    assert Move(0, 0, "gray", 1, 0) in game.legal_actions()
    assert Move(0, 0, "gray", 0, 0) not in game.legal_actions()  # to another card
    game.apply(Move(0, 0, "gray", 1, 0))
    assert cubes_on(game, 0, "hazel_dormouse") == {"green": 1, "gray": 1}
    assert total_on(game, 0, "mountain_hare") == 0


def test_discreet_species_may_move_a_cube_onto_a_biotope_card():
    """"Move a cube from one of your cards to another card": a Biotope card is a card (D21).
    The cube keeps its colour."""
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "mountain_hare", gray=2)  # Discreet
    put_species(game, 0, "hazel_dormouse", green=1)
    game = ready(game)
    game.apply(UseCard(0, 0))
    legal = set(game.legal_actions())
    assert {Move(0, 0, "gray", 1, -1), Move(0, 0, "gray", 0, -1), Move(0, 0, "gray", 2, -1),
            Move(0, 0, "gray", 3, -1)} <= legal
    game.apply(Move(0, 0, "gray", 1, -1))  # a gray cube onto the Forests Biotope card
    assert game.view(0)["ecosystems"][0]["biotopes"][1]["colours"] == {
        "gray": 1, "green": 0, "yellow": 0, "blue": 0}
    assert game.view(0)["ecosystems"][0]["biotopes"][1]["cubes"] == 1
    assert ready(game) == game  # the 160 cubes are all accounted for


def test_a_cube_moved_onto_another_biotope_card_feeds_that_row_at_transfer():
    """On a Biotope card the moved cube is a Plants cube of its own colour (it may pay a
    cost), and a Transfer takes it to the Species cards of that row like the others."""
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "mountain_hare", gray=2)
    put_species(game, 0, "hazel_dormouse", green=1)
    put_biotope(game, 0, "wetlands", 1)
    game = ready(game)
    game.apply(UseCard(0, 0))
    game.apply(Move(0, 0, "gray", 1, -1))
    game.apply(Pass())
    game.apply(Transfer())
    assert game.phase == "pay"  # the blue Wetlands cube or the gray cube on the Forests card
    game.apply(Pay(3, -1, "blue"))
    assert cubes_on(game, 0, "hazel_dormouse") == {"green": 1, "gray": 1}
    assert game.view(0)["ecosystems"][0]["biotopes"][1]["cubes"] == 0


def test_discreet_species_respects_the_4_cube_limit():
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "mountain_hare", gray=2)
    put_species(game, 0, "hazel_dormouse", green=4)
    put_species(game, 0, "apollo", gray=1)
    game = ready(game)
    game.apply(UseCard(0, 0))
    assert not [a for a in game.legal_actions() if (a.to_row, a.to_col) == (1, 0)]
    assert Move(0, 0, "gray", 1, -1) in game.legal_actions()  # a Biotope card has no limit


def test_colonization_rewards_cards_and_cubes():
    game = blank(players=2, tiles=two_tiles())
    put_token(game, 0, (-1, 0))
    put_biotope(game, 0, "grasslands", 1)
    put_species(game, 0, "brown_rat")  # Cosmopolitan: Expansion -> a card
    put_species(game, 0, "european_goldfinch")  # Granivorous: Grasslands -> a card
    put_species(game, 0, "green_frog")  # Widespread: Expansion -> a cube
    put_bag(game, 0, blue=1)
    game = ready(game)
    cascade = game.apply(Expand((0, 0)))
    assert len(cascade.of_kind("effect")) == 3
    assert game.phase == "draw"
    game.apply(Draw("herbivores", -1))
    game.apply(Draw("herbivores", -1))
    # The yellow cube of the colonization joined the bag: the draw is random.
    assert game.phase in ("cube", "action")
    while game.phase == "cube":
        game.apply(game.legal_actions()[0])
    assert len(game.hands[0]) == 2 and sum(game.bags[0]) == 1


def test_initial_placement_is_not_a_colonization():
    """D35: Setup 8's tokens colonize nothing (no colonization cube, no reward: only D11's
    starting cube goes into the bag)."""
    game = new_game(players=2, seed=4)
    game.apply(KeepHand())
    game.apply(KeepHand())
    while game.phase == "placement":
        cascade = game.apply(game.legal_actions()[0])
        assert not cascade.of_kind("colonize") and len(cascade.of_kind("bag")) == 1
    assert [sum(b) for b in game.bags] == [4, 4] or game.stage == "play"


# -- Advanced Biotope cards (D25) --------------------------------------------------------


def test_preserved_habitat_protects_its_row():
    game = blank(players=2, tiles=two_tiles(), draft=True)
    game.bcards[0][2], game.bcards[1][2] = game.bcards[1][2], "grasslands_preserved"
    put_species(game, 0, "eurasian_bullfinch", green=3)
    give_hand(game, 0, "peregrine_falcon")
    put_species(game, 1, "common_linnet", yellow=2)
    game = ready(game)
    cascade = game.apply(Adapt("peregrine_falcon"))
    assert cascade.of_kind("no_prey")


def test_adapted_habitat_gives_a_second_cube():
    game = blank(players=2, tiles=two_tiles(), draft=True)
    game.bcards[0][0], game.bcards[1][0] = "mountains_adapted", game.bcards[0][0]
    put_biotope(game, 0, "mountains", 2)
    give_hand(game, 0, "apollo")
    game = ready(game)
    game.apply(Adapt("apollo"))
    assert cubes_on(game, 0, "apollo") == {"gray": 2}


def test_favorable_habitat_draws_a_card_when_colonizing_its_biotope():
    game = blank(players=2, tiles=two_tiles(), draft=True)
    game.bcards[0][2] = "grasslands_favorable"
    put_token(game, 0, (-1, 0))
    put_biotope(game, 0, "grasslands", 1)
    game = ready(game)
    game.apply(Expand((0, 0)))
    assert game.phase == "draw"


def test_abundant_habitat_draws_an_extra_cube_at_primary_production():
    game = blank(players=2, tiles=two_tiles(), draft=True)
    game.bcards[0][3] = "wetlands_abundant"
    put_token(game, 0, (-1, 0))
    put_bag(game, 0, blue=5)
    game = ready(game)
    game.apply(Pass())
    game.apply(Pass())
    assert game.biotope[0][3] == 2


def test_populous_habitat_scores_its_row():
    game = blank(players=2, tiles=two_tiles(), draft=True)
    game.bcards[0][1] = "forests_populous"
    put_species(game, 0, "hazel_dormouse", green=1)
    put_species(game, 0, "european_hare", green=1)
    game = ready(game)
    assert game.score(0)["bonuses"] == 2


# -- Solo Mode ----------------------------------------------------------------------------


def test_solo_competition_against_the_neutral_tokens():
    """"You choose which empty, adjacent territory the opposing token must fall back to. If
    there is no space available, the token is simply removed from the game." """
    game = blank(players=1, tiles=two_tiles())
    put_token(game, 0, (1, 2))
    put_token(game, -1, (1, 1), (2, 0))
    put_species(game, 0, "alpine_ibex", gray=2)
    game = ready(game)
    game.apply(Compete((1, 1)))
    assert game.phase == "fallback" and game.current_player == 0
    options = {a.hex for a in game.legal_actions()}
    assert options == {(2, 1), (1, 0), (0, 1)}
    game.apply(Fallback((1, 0)))
    assert game.owner[(1, 0)] == -1 and game.owner[(1, 1)] == 0


def test_solo_competition_removes_a_neutral_token_with_nowhere_to_go():
    game = blank(players=1, tiles=two_tiles())
    put_token(game, 0, (1, 2), (0, 1))
    put_token(game, -1, (1, 1), (2, 0), (1, 0), (2, 1))
    put_species(game, 0, "alpine_ibex", gray=2)
    game = ready(game)
    game.apply(Compete((1, 1)))
    assert game.neutral_removed == 1 and game.owner[(1, 1)] == 0
    assert sum(1 for o in game.owner.values() if o == -1) == 3


def test_x2_migration_twice_a_cycle_never_three_times():
    """Card Icons, x2: "you may play the indicated action ... a second time during each
    cycle. That action must still be played normally, i.e. ... by paying its cost." The White
    Stork (x2 Migration) migrates twice in a cycle, never three times; a player without x2
    once (D28)."""
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "white_stork", yellow=3)  # x2 Migration; yellow Birds cubes
    put_token(game, 0, (-1, 0))
    put_species(game, 1, "viviparous_lizard", gray=2)  # gray Reptiles cubes, no x2
    put_token(game, 1, (3, 1))
    game = ready(game)
    assert game._space_limit(0, "migration") == 2 and game._space_limit(1, "migration") == 1
    assert game._space_limit(0, "expansion") == game._space_limit(0, "competition") == 1
    game.apply(Migrate((-1, 0), (0, 0)))  # 1st Migration: to a Grassland
    game.apply(Migrate((3, 1), (3, 0)))  # player 1's one Migration
    game.apply(Migrate((0, 0), (0, 1)))  # 2nd Migration, paid with a 2nd yellow cube
    assert game.owner[(0, 1)] == 0 and game.uses[0][5] == 2
    assert game.spaces[0][5] == [0, 0, 2, 0] and cubes_on(game, 0, "white_stork") == {"yellow": 1}
    assert game.active == 1
    game.apply(Pass())  # player 1 passes; player 0 may not migrate a 3rd time
    assert not [a for a in game.legal_actions() if isinstance(a, Migrate)]
    with pytest.raises(IllegalAction, match="at most 2 time"):
        game.apply(Migrate((0, 1), (2, 2)))


def test_x2_competition_twice_a_cycle():
    """The European Otter (x2 Competition) competes twice in a cycle, paying each time."""
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "european_otter", yellow=3)  # Mammals cubes (yellow: a Discreet move)
    put_token(game, 0, (0, 0))
    put_token(game, 1, (1, 0), (0, 1), (3, 1))
    game = ready(game)
    assert game._space_limit(0, "competition") == 2 and game._space_limit(1, "competition") == 1
    for target in ((1, 0), (0, 1)):
        assert game.active == 0
        game.apply(Compete(target))
        while game.phase == "fallback":
            game.apply(game.legal_actions()[0])
        assert game.owner[target] == 0
        if game.active == 1:
            game.apply(Pass())
    assert game.uses[0][4] == 2 and game.spaces[0][4] == [0, 0, 2, 0]
    assert not [a for a in game.legal_actions() if isinstance(a, Compete)]
    with pytest.raises(IllegalAction, match="at most 2 time"):
        game.apply(Compete((3, 1)))


def test_production_bonus_cards_add_up():
    game = blank(players=2, tiles=two_tiles())
    put_token(game, 0, (-1, 0))
    put_species(game, 0, "rose_chafer")  # no cube: the effect still works (FAQ)
    put_species(game, 0, "minotaur_beetle")
    put_bag(game, 0, gray=9)
    game = ready(game)
    game.apply(Pass())
    game.apply(Pass())
    assert game.biotope[0][0] == 3
