"""The Actions: Adaptation, Reproduction, Transfer, Evolution, Expansion, Competition,
Migration and Species Card Actions — every worked example from an exact situation."""

import pytest

from ecogames.core import IllegalAction
from ecogames.games.biotopes import (
    Adapt,
    Compete,
    Decline,
    Discard,
    Done,
    Draw,
    Evolve,
    Expand,
    Fallback,
    Migrate,
    Pass,
    Pay,
    Place,
    Reproduce,
    Transfer,
    UseCard,
)
from ecogames.games.biotopes.components import SPECIES

from .scenario import (
    blank,
    cubes_on,
    empty_reserve,
    give_hand,
    put_bag,
    put_biotope,
    put_species,
    put_token,
    ready,
    texts,
    three_tiles,
    total_on,
    two_tiles,
)

# The landscape of two_tiles(): tile A1 centred on (0, 0) and tile A3 centred on (2, 1).
#   A1: (0,-1) Fo  (1,-1) We  (-1,0) Fo  (0,0) Gr  (1,0) Gr  (-1,1) Fo  (0,1) Gr
#   A3: (2,0) Fo   (3,0) Mo   (1,1) Mo   (2,1) Gr  (3,1) Mo  (1,2) We   (2,2) Gr


# -- Adaptation ---------------------------------------------------------------------------


def pascal():
    game = blank(players=2, tiles=two_tiles())
    put_biotope(game, 0, "grasslands", 1)
    put_species(game, 0, "large_copper", blue=1)  # Invertebrates, Wetlands
    give_hand(game, 0, "crested_tit")
    return ready(game)


def test_adaptation_pascal_plays_the_crested_tit():
    """"to play the Crested Tit card, Pascal must recycle a Plants cube and an Invertebrates
    cube, regardless of their colors"."""
    game = pascal()
    cascade = game.apply(Adapt("crested_tit"))
    assert game.bags[0] == [0, 0, 1, 1]  # a yellow Plants cube and a blue Invertebrates cube
    assert game.rows[0][1] == [["crested_tit", 0, 1, 0, 0]]  # one green cube, to the right
    assert "crested_tit" not in game.hands[0]
    assert game.reserve[1] == 15
    events = [e.kind for e in cascade]
    assert events[:4] == ["adaptation", "pay", "pay", "play"]
    cube = cascade.of_kind("cube")[0]
    assert cube.cause == events.index("play")
    assert game.current_player == 1


def test_adaptation_needs_the_diet_and_goes_to_the_right_of_its_row():
    game = blank(players=2, tiles=two_tiles())
    put_biotope(game, 0, "forests", 3)
    put_species(game, 0, "hazel_dormouse", green=1)
    give_hand(game, 0, "european_hare", "crested_tit")
    game = ready(game)
    assert Adapt("crested_tit") not in game.legal_actions()  # no Invertebrates cube
    with pytest.raises(IllegalAction, match="diet"):
        game.apply(Adapt("crested_tit"))
    game.apply(Adapt("european_hare"))
    game.apply(Pay(1, -1, "green"))
    game.apply(Pay(1, -1, "green"))
    assert [e[0] for e in game.rows[0][1]] == ["hazel_dormouse", "european_hare"]


def test_adaptation_pollinating_cubes_pay_for_plants():
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "apollo", gray=2)  # Pollinating
    give_hand(game, 0, "alpine_ibex")  # 2 Plants
    game = ready(game)
    game.apply(Adapt("alpine_ibex"))
    assert total_on(game, 0, "apollo") == 0 and game.bags[0][0] == 2


def test_adaptation_empty_reserve_the_player_may_take_from_the_bag():
    game = pascal()
    empty_reserve(game, "green")
    put_bag(game, 0, green=1)
    game = ready(game)
    game.apply(Adapt("crested_tit"))
    assert game.phase == "breed" and game.current_player == 0
    assert set(game.legal_actions()) == {Place(1, 0), Decline()}
    game.apply(Place(1, 0))
    assert cubes_on(game, 0, "crested_tit") == {"green": 1} and game.bags[0][1] == 0


def test_adaptation_empty_reserve_declining_leaves_the_card_empty():
    game = pascal()
    empty_reserve(game, "green")
    put_bag(game, 0, green=1)
    game = ready(game)
    game.apply(Adapt("crested_tit"))
    game.apply(Decline())
    assert total_on(game, 0, "crested_tit") == 0
    assert game.bags[0][1] == 1


def test_adaptation_no_cube_of_the_colour_anywhere_no_cube_on_the_card():
    game = pascal()
    empty_reserve(game, "green")
    game = ready(game)
    cascade = game.apply(Adapt("crested_tit"))
    assert total_on(game, 0, "crested_tit") == 0
    assert cascade.of_kind("no_cube")
    assert game.current_player == 1


# -- Reproduction -------------------------------------------------------------------------


def breeding():
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "apollo", gray=2)  # 2 cubes: reproduces
    put_species(game, 0, "red_deer", gray=1)  # 1 cube: does not
    put_species(game, 0, "alpine_marmot", gray=4)  # full
    put_species(game, 0, "hazel_dormouse", green=3)  # 3 cubes: reaches 4
    put_species(game, 0, "wild_boar", green=2)  # Fecund: +2 (D22)
    put_species(game, 0, "rose_chafer", green=1)  # the Invertebrates cube to pay with
    return ready(game)


def test_reproduction_cards_with_two_or_three_cubes_gain_one():
    game = breeding()
    game.apply(Reproduce())
    assert game.phase == "pay"
    assert set(game.legal_actions()) == {Pay(0, 0, "gray"), Pay(1, 2, "green")}
    game.apply(Pay(1, 2, "green"))  # from the Rose Chafer
    assert game.spaces[0][0] == [0, 1, 0, 0]
    assert cubes_on(game, 0, "apollo") == {"gray": 3}
    assert total_on(game, 0, "red_deer") == 1
    assert total_on(game, 0, "alpine_marmot") == 4
    assert total_on(game, 0, "hazel_dormouse") == 4
    assert total_on(game, 0, "wild_boar") == 4
    assert total_on(game, 0, "rose_chafer") == 0
    assert game.current_player == 1


def test_reproduction_the_cost_is_paid_first():
    game = breeding()
    game.apply(Reproduce())
    game.apply(Pay(0, 0, "gray"))  # the Apollo drops to 1 cube and no longer reproduces
    assert total_on(game, 0, "apollo") == 1


def test_reproduction_a_discreet_cube_counts_and_the_new_cube_has_the_cards_colour():
    """"A cube moved by the Discreet Species effect onto a card of a different biotope counts
    toward the number of cubes" and the new cube "is always the color of the card"."""
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "hazel_dormouse", green=1, yellow=1)
    put_species(game, 0, "rose_chafer", green=1)
    game = ready(game)
    game.apply(Reproduce())
    assert cubes_on(game, 0, "hazel_dormouse") == {"green": 2, "yellow": 1}


def test_reproduction_not_enough_cubes_the_player_chooses_the_order():
    game = breeding()
    empty_reserve(game, "green")
    game.reserve[1] = 1
    game.box[1] -= 1
    game = ready(game)
    game.apply(Reproduce())
    game.apply(Pay(0, 0, "gray"))
    assert game.phase == "breed"
    assert set(game.legal_actions()) == {Place(1, 0), Place(1, 1)}
    game.apply(Place(1, 1))  # the one green cube of the reserve goes to the Wild Boar
    assert total_on(game, 0, "wild_boar") == 3
    assert total_on(game, 0, "hazel_dormouse") == 3  # no green cube left anywhere
    assert game.current_player == 1


def test_reproduction_declining_the_bag_for_the_rest():
    game = breeding()
    empty_reserve(game, "green")
    put_bag(game, 0, green=2)
    game = ready(game)
    game.apply(Reproduce())
    game.apply(Pay(0, 0, "gray"))
    assert set(game.legal_actions()) == {Place(1, 0), Place(1, 1), Decline()}
    game.apply(Place(1, 0))  # one bag cube for the Hazel Dormouse, none for the Wild Boar
    game.apply(Decline())
    assert total_on(game, 0, "hazel_dormouse") == 4 and total_on(game, 0, "wild_boar") == 2
    assert game.bags[0][1] == 1


def test_reproduction_bag_cubes_when_the_reserve_is_empty():
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "apollo", gray=2)
    put_species(game, 0, "green_grasshopper", gray=3)
    empty_reserve(game, "gray")
    put_bag(game, 0, gray=1)
    game = ready(game)
    game.apply(Reproduce())
    game.apply(Pay(0, 1, "gray"))  # Green Grasshopper 3 -> 2: both reproduce
    assert set(game.legal_actions()) == {Place(0, 0), Place(0, 1), Decline()}
    game.apply(Place(0, 0))
    assert total_on(game, 0, "apollo") == 3 and game.bags[0][0] == 0
    assert total_on(game, 0, "green_grasshopper") == 2  # no cube left anywhere
    assert game.current_player == 1


def test_reproduction_is_once_per_cycle():
    game = breeding()
    game.apply(Reproduce())
    game.apply(Pay(1, 2, "green"))
    game.apply(Pass())
    with pytest.raises(IllegalAction, match="at most 1 time"):
        game.apply(Reproduce())


# -- Transfer -------------------------------------------------------------------------


def test_transfer_loubna_wetlands_row():
    """"Loubna takes the 4 cubes on her Wetlands Biotope card. She places 1 on the Large
    Copper, none on the European Water Vole (which already has 4 cubes), and 1 on the Green
    Frog. The 2 remaining cubes go back onto the Biotope card. She then does the same for the
    3 other rows"."""
    game = blank(players=2, tiles=two_tiles())
    put_biotope(game, 0, "wetlands", 4)
    put_species(game, 0, "large_copper", blue=1)
    put_species(game, 0, "european_water_vole", blue=4)
    put_species(game, 0, "green_frog")
    put_biotope(game, 0, "forests", 1)
    put_species(game, 0, "hazel_dormouse", green=1)
    put_species(game, 0, "european_hare")
    put_biotope(game, 0, "mountains", 1)
    put_species(game, 0, "alpine_ibex", gray=1)
    game = ready(game)
    game.apply(Transfer())
    game.apply(Pay(0, 0, "gray"))  # pays with the Alpine Ibex's cube
    assert cubes_on(game, 0, "large_copper") == {"blue": 2}
    assert cubes_on(game, 0, "european_water_vole") == {"blue": 4}
    assert cubes_on(game, 0, "green_frog") == {"blue": 1}
    assert game.biotope[0][3] == 2
    assert total_on(game, 0, "hazel_dormouse") == 2 and total_on(game, 0, "european_hare") == 0
    assert game.biotope[0][1] == 0
    assert total_on(game, 0, "alpine_ibex") == 1 and game.biotope[0][0] == 0


def test_transfer_r_selected_cards_take_two():
    game = blank(players=2, tiles=two_tiles())
    put_biotope(game, 0, "mountains", 3)
    put_species(game, 0, "green_grasshopper", gray=1)  # r-selected (D23)
    put_species(game, 0, "apollo")
    game = ready(game)
    game.apply(Transfer())
    game.apply(Pay(0, -1, "gray"))
    assert total_on(game, 0, "green_grasshopper") == 3 and total_on(game, 0, "apollo") == 0


# -- Evolution ------------------------------------------------------------------------


def solal():
    game = blank(players=2, tiles=two_tiles())
    put_biotope(game, 0, "forests", 2)
    put_species(game, 0, "hazel_dormouse", green=2)  # Mammals
    put_species(game, 0, "eurasian_bullfinch", green=1)  # Birds
    return ready(game)


def test_evolution_solal_pays_three_types_and_draws_three():
    """"he uses a Plants cube, a Mammals cube, and a Birds cube (their colors do not matter
    here). He places the 3 cubes on the markers of his board and draws that many cards"."""
    game = solal()
    game.apply(Evolve())
    game.apply(Pay(1, -1, "green"))
    assert Pay(1, -1, "green") not in game.legal_actions()  # cubes of different types
    game.apply(Pay(1, 0, "green"))
    game.apply(Pay(1, 1, "green"))  # no type left: the cost is complete
    assert game.spaces[0][2] == [0, 3, 0, 0]
    assert game.phase == "draw"  # an empty hand: nothing to discard
    for _ in range(3):
        game.apply(Draw("herbivores", -1))
    assert len(game.hands[0]) == 3 and game.current_player == 1


def test_evolution_thomas_three_cubes_two_discards_five_draws_then_the_hand_limit():
    """"Thomas chooses to move 3 cubes ... He also discards 2 cards. Once this is done, he
    decides to draw 2 cards from the Herbivores river, 2 cards from the Insectivores river,
    then 1 face-down card from the Herbivores deck, for a total of 5 cards." """
    game = solal()
    give_hand(game, 0, "apollo", "rose_chafer", "mountain_hare", "mute_swan")
    game = ready(game)
    herb, insect = list(game.rivers[0]), list(game.rivers[1])
    game.apply(Evolve())
    for pay in (Pay(1, -1, "green"), Pay(1, 0, "green"), Pay(1, 1, "green")):
        game.apply(pay)
    game.apply(Discard("apollo"))
    game.apply(Discard("rose_chafer"))
    game.apply(Done())
    cascade = None
    for action in (Draw("herbivores", 0), Draw("herbivores", 0), Draw("insectivores", 2),
                   Draw("insectivores", 2), Draw("herbivores", -1)):
        cascade = game.apply(action)
    hand = game.hands[0]
    assert len(hand) == 7
    assert herb[0] in hand and insect[2] in hand and insect[1] in hand
    assert game.rivers[0][2] == herb[2] and len(game.rivers[0]) == 3  # refilled at the left
    # "if you have more than 5 cards in hand, you must discard until you have exactly 5"
    assert game.phase == "discard" and game.current_player == 0
    assert cascade is not None
    game.apply(Discard(hand[0]))
    game.apply(Discard(hand[0]))
    assert len(game.hands[0]) == 5 and game.current_player == 1
    assert {"apollo", "rose_chafer"} <= set(game.discards[0])


def test_evolution_needs_one_cube_and_is_once_per_cycle():
    game = solal()
    game.apply(Evolve())
    assert Done() not in game.legal_actions()  # "you must spend at least one cube"
    game.apply(Pay(1, -1, "green"))
    game.apply(Done())
    game.apply(Draw("carnivores", -1))
    game.apply(Pass())
    with pytest.raises(IllegalAction, match="Evolution is played at most 1"):
        game.apply(Evolve())


# -- Expansion ------------------------------------------------------------------------


def test_expansion_manue_colonizes_the_central_grassland():
    """"Manue plays an Expansion to colonize the Grassland at the center of the tile ... She
    must move a yellow Plants cube to her Ecosystem board ... she places one of her tokens on
    the Grassland, takes a yellow cube from the reserve, and adds it to her bag."""
    game = blank(players=2, tiles=two_tiles())
    put_token(game, 0, (-1, 0))
    put_biotope(game, 0, "grasslands", 1)
    put_biotope(game, 0, "wetlands", 1)
    game = ready(game)
    assert Expand((0, 0)) in game.legal_actions()
    assert Expand((0, -1)) not in game.legal_actions()  # no green Plants cube
    game.apply(Expand((0, 0)))
    assert game.owner[(0, 0)] == 0 and game.tokens[0] == 10
    assert game.spaces[0][3] == [0, 0, 1, 0] and game.biotope[0][2] == 0
    assert game.bags[0] == [0, 0, 1, 0] and game.reserve[2] == 15


def test_expansion_needs_an_adjacent_empty_hex_and_a_token():
    game = blank(players=2, tiles=two_tiles())
    put_token(game, 0, (-1, 0))
    put_token(game, 1, (0, 0))
    put_biotope(game, 0, "grasslands", 2)
    game = ready(game)
    assert Expand((0, 0)) not in game.legal_actions()  # occupied
    assert Expand((2, 1)) not in game.legal_actions()  # not adjacent
    assert Expand((0, 1)) not in game.legal_actions()  # adjacent to no token of hers
    assert Expand((-1, 1)) not in game.legal_actions()  # no green Plants cube
    game = blank(players=2, tiles=three_tiles())
    spots = sorted(game.landscape)
    put_token(game, 0, *spots[:12])  # all 12 tokens are on the landscape
    put_biotope(game, 0, "grasslands", 2)
    game = ready(game)
    assert game.tokens[0] == 0
    assert not [a for a in game.legal_actions() if isinstance(a, Expand)]
    with pytest.raises(IllegalAction, match="no Territory token"):
        game.apply(Expand((0, 1)))


def test_expansion_x2_with_the_european_water_vole():
    game = blank(players=2, tiles=two_tiles())
    put_token(game, 0, (-1, 0))
    put_biotope(game, 0, "grasslands", 3)
    put_species(game, 0, "european_water_vole", blue=1)
    game = ready(game)
    game.apply(Expand((0, 0)))
    game.apply(Pass())  # player 1
    game.apply(Expand((1, 0)))
    with pytest.raises(IllegalAction, match="at most 2 time"):
        game.apply(Expand((0, 1)))


# -- Competition -----------------------------------------------------------------------


def virginie():
    """Virginie (player 0) and Miguel (player 1). Miguel's Mountain (1, 1) has one empty
    neighbour: the Grassland (2, 1)."""
    game = blank(players=2, tiles=two_tiles())
    put_token(game, 0, (1, 2), (0, 1))
    put_token(game, 1, (1, 1), (2, 0), (1, 0))
    put_species(game, 0, "alpine_ibex", gray=1)  # a gray Mammals cube
    return game


def test_competition_virginie_takes_miguels_mountain():
    """"Virginie ... plays a Competition to colonize Miguel's Mountain ... She must move a
    gray Mammals or Birds cube ... Miguel has no choice but to fall back his token to the
    adjacent Grassland. Once this is done, Virginie places her token on the Mountain, takes a
    gray cube from the reserve, and adds it to her bag."""
    game = ready(virginie())
    cascade = game.apply(Compete((1, 1)))
    assert game.owner[(1, 1)] == 0 and game.owner[(2, 1)] == 1
    assert game.tokens == [9, 9]
    assert game.spaces[0][4] == [1, 0, 0, 0] and total_on(game, 0, "alpine_ibex") == 0
    assert game.bags[0] == [1, 0, 0, 0]
    assert [e.kind for e in cascade][:5] == ["competition", "pay", "fallback", "colonize",
                                             "bag"]


def test_competition_the_opponent_chooses_where_to_fall_back():
    game = virginie()
    del game.owner[(1, 0)]
    game.tokens[1] += 1
    game = ready(game)
    game.apply(Compete((1, 1)))
    assert game.phase == "fallback" and game.current_player == 1  # Miguel decides
    assert set(game.legal_actions()) == {Fallback((2, 1)), Fallback((1, 0))}
    game.apply(Fallback((1, 0)))
    assert game.owner[(1, 0)] == 1 and game.owner[(1, 1)] == 0
    assert game.current_player == 1  # then it is Miguel's turn


def test_competition_no_room_the_token_returns_to_the_board():
    game = virginie()
    put_token(game, 1, (2, 1))
    game = ready(game)
    game.apply(Compete((1, 1)))
    assert game.owner[(1, 1)] == 0
    assert game.tokens[1] == 12 - 3  # 4 placed, 1 returned
    assert sum(1 for o in game.owner.values() if o == 1) == 3


def test_competition_needs_a_species_cube_of_the_territorys_colour():
    game = virginie()
    game.rows[0][0][0][1] = 0
    game.box[0] += 1
    put_species(game, 0, "crested_tit", green=1)  # Birds, but green
    game = ready(game)
    assert Compete((1, 1)) not in game.legal_actions()
    with pytest.raises(IllegalAction, match="Mammals or Birds cube of its colour"):
        game.apply(Compete((1, 1)))


# -- Migration ------------------------------------------------------------------------


def nils():
    """Nils (player 0) has a Forest token at (-1, 0) on the left tile; the Mountain (1, 1)
    of the right tile is 3 hexes away, past other tokens."""
    game = blank(players=2, tiles=two_tiles())
    put_token(game, 0, (-1, 0))
    put_token(game, 1, (0, 0), (1, 0), (-1, 1), (0, 1))
    put_species(game, 0, "citril_finch", gray=1)  # a gray Birds cube
    return ready(game)


def test_migration_nils_moves_his_forest_token_to_the_mountain():
    """"Nils plays a Migration to move his Forest Territory token from the tile on the left
    to the Mountain on the tile on the right. He must move a gray Reptiles & Amphibians or
    Birds cube ... he moves his token onto the Mountain, takes a gray cube from the reserve,
    and adds it to his bag."""
    game = nils()
    game.apply(Migrate((-1, 0), (1, 1)))
    assert game.owner[(1, 1)] == 0 and (-1, 0) not in game.owner
    assert game.tokens[0] == 11
    assert game.spaces[0][5] == [1, 0, 0, 0]
    assert game.bags[0][0] == 1
    # Citril Finch (Partial Migrator, D20): the colonization draws a card.
    assert game.phase == "draw" and game.current_player == 0


def test_migration_at_most_three_hexes_and_never_over_empty_spaces():
    game = nils()
    targets = {a.hex for a in game.legal_actions() if isinstance(a, Migrate)}
    assert (1, 1) in targets and (3, 0) not in targets  # (3, 0) is 4 hexes away
    game = blank(players=2, tiles=[["1", "A", 0, 0, 0], ["9", "A", 0, 4, -1]],
                 construction=True)  # Landscape Construction: a hole between the tiles
    put_token(game, 0, (1, 0))
    put_species(game, 0, "citril_finch", gray=1)
    game = ready(game)
    # (3, -1) is 2 hexes away as the crow flies, across an empty space: unreachable (D16).
    assert game.landscape[(3, -1)] == 0
    assert Migrate((1, 0), (3, -1)) not in game.legal_actions()


def test_migration_needs_birds_or_reptiles_of_the_destination_colour():
    game = nils()
    gray_targets = {a.hex for a in game.legal_actions() if isinstance(a, Migrate)}
    assert all(game.landscape[h] == 0 for h in gray_targets)


# -- Species Card Actions ----------------------------------------------------------------


def test_species_card_action_justine_uses_the_hazel_dormouse():
    """"she recycles a cube from the Hazel Dormouse and draws a card. She has just played her
    action for the turn, so it is now the next player's turn"."""
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "hazel_dormouse", green=2)
    game = ready(game)
    cascade = game.apply(UseCard(1, 0))
    assert cascade.label == "Use Hazel Dormouse's Action (Adaptive Genius)"
    assert total_on(game, 0, "hazel_dormouse") == 1 and game.bags[0][1] == 1
    assert game.phase == "draw"
    game.apply(Draw("insectivores", 1))
    assert len(game.hands[0]) == 1 and game.current_player == 1
    game.apply(Pass())
    game.apply(UseCard(1, 0))  # no limit per cycle
    game.apply(Draw("carnivores", -1))
    assert len(game.hands[0]) == 2 and total_on(game, 0, "hazel_dormouse") == 0
    assert UseCard(1, 0) not in game.legal_actions()  # no cube left to recycle


def test_every_action_and_effect_tells_its_events():
    game = pascal()
    cascade = game.apply(Adapt("crested_tit"))
    assert any("Crested Tit" in t for t in texts(cascade))
    for e in cascade:
        assert e.text and e.kind
        assert e.cause is None or e.cause < e.index
    assert any("cards" in e.touched for e in cascade)
    assert SPECIES["crested_tit"].type.value in cascade.of_kind("play")[0].touched["nodes"]
