"""Setup 1-8, Solo Mode 1-4, and the set-up of the two variants."""

import pytest

from ecogames.core import IllegalAction
from ecogames.games.biotopes import (
    ChooseBiotope,
    KeepHand,
    OrientTile,
    PlaceTerritory,
    PlaceTile,
    RedrawHand,
    legal,
    new_game,
)
from ecogames.games.biotopes.components import (
    BIOTOPE_CARDS,
    BIOTOPES,
    CONFIGURATIONS,
    SPECIES,
    Deck,
    neighbours,
)
from ecogames.games.biotopes.hexes import (
    adjacency,
    construction_sites,
    edge_hexes,
    landscape_of,
    within_reach,
)

from .scenario import blank, give_hand, ready, started


@pytest.mark.parametrize("players, reserve", [(1, 16), (2, 16), (3, 24), (4, 32), (5, 40)])
def test_setup_2_reserve_by_player_count(players, reserve):
    game = new_game(players=players, seed=3)
    assert game.reserve == [reserve] * 4
    assert game.box == [40 - reserve] * 4
    assert game.cube_count() == [40] * 4


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_6_two_landscape_tiles_per_player_in_a_configuration(players):
    game = new_game(players=players, seed=players)
    assert len(game.tiles) == 2 * players
    centres = sorted((t[3], t[4]) for t in game.tiles)
    assert centres == sorted(CONFIGURATIONS[2 * players]["band"])
    assert all(t[1] in "AB" and 0 <= t[2] < 6 for t in game.tiles)
    assert len({t[0] for t in game.tiles}) == 2 * players
    assert len(game.landscape) == 14 * players


def test_setup_6_tiles_are_drawn_with_a_random_side_and_turn():
    """"randomly choose two Landscape tiles per person ... (numbered A1 to A10 on one side and
    B1 to B10 on the other)"; the reference: "random rotation, one side of each" (D5)."""
    tiles = [t for seed in range(8) for t in new_game(players=5, seed=seed).tiles]
    assert {t[1] for t in tiles} == {"A", "B"}
    assert {t[2] for t in tiles} == set(range(6))
    assert len({t[0] for t in new_game(players=5, seed=1).tiles}) == 10


def test_setup_6_the_players_choose_the_configuration():
    game = new_game(players=3, seed=1, configuration="cluster")
    assert sorted((t[3], t[4]) for t in game.tiles) == sorted(CONFIGURATIONS[6]["cluster"])
    with pytest.raises(ValueError, match="configurations for 6 tiles"):
        new_game(players=3, seed=1, configuration="spiral")


def test_setup_5_two_gray_and_two_black_environmental_conditions():
    for seed in range(10):
        env = new_game(players=2, seed=seed).env
        assert env[0] in {b.value for b in BIOTOPES} and env[1] in {b.value for b in BIOTOPES}
        assert env[2] in {"invertebrates", "reptiles_amphibians", "birds", "mammals"}
        assert env[3] in {"invertebrates", "reptiles_amphibians", "birds", "mammals"}
        assert len(set(env)) == 4


def test_setup_4_board_side_and_cycles():
    assert new_game(players=2, seed=1).cycles == 6
    assert new_game(players=2, seed=1, board="ant").cycles == 5
    with pytest.raises(ValueError):
        new_game(players=2, seed=1, board="beetle")


def test_setup_1_first_player_holds_the_initiative():
    game = new_game(players=4, seed=1, first_player=2)
    assert game.initiative == game.current_player == 2
    assert game.order == [2, 3, 0, 1]
    drawn = {new_game(players=4, seed=s).first for s in range(30)}
    assert drawn == {0, 1, 2, 3}


def test_setup_7_starting_hands_one_herbivore_of_each_colour():
    game = new_game(players=5, seed=11)
    for hand in game.hands:
        assert [SPECIES[c].biotope for c in hand] == list(BIOTOPES)
        assert all(SPECIES[c].deck is Deck.HERBIVORES for c in hand)
    assert len(game.decks[0]) == 36 - 20
    assert game.view(0)["ecosystems"][1]["hand"] is None
    assert game.view(0)["ecosystems"][1]["hand_size"] == 4


def test_setup_7_maya_discards_her_four_invertebrates_and_draws_again():
    """Maya "has 4 Invertebrates cards, no Birds card, and no Mammals card. She decides to
    discard her whole hand"."""
    game = new_game(players=2, seed=5, first_player=0)
    deck = game.decks[0]
    maya = [next(c for c in deck if SPECIES[c].biotope is b
                 and SPECIES[c].type.value == "invertebrates") for b in BIOTOPES]
    for card in maya:
        deck.remove(card)
    deck.extend(game.hands[0])
    game.hands[0] = list(maya)
    game = ready(game)
    before = len(game.decks[0])
    cascade = game.apply(RedrawHand())
    new = game.hands[0]
    assert [SPECIES[c].biotope for c in new] == list(BIOTOPES)
    assert not set(new) & set(maya)
    assert set(maya) <= set(game.decks[0])  # "Then reshuffle the Herbivores deck" (D7)
    assert len(game.decks[0]) == before
    assert cascade[0].kind == "redraw"
    assert game.current_player == 1


def test_setup_7_the_redraw_reshuffles_the_herbivores_deck():
    """"Then reshuffle the Herbivores deck": the four new cards are drawn among the deck's
    cards without the discarded hand (one chance draw per colour, among that colour's cards,
    seen by the drawer alone); then the old hand is back in the deck, and the next draw (the
    river, once hands are settled) may bring any of its cards, each as likely (D39)."""
    for seed in range(4):
        game = new_game(players=2, seed=seed, first_player=0)
        old = list(game.hands[0])
        deck = list(game.decks[0])
        redraw = game.apply(RedrawHand())
        assert [d.seen_by for d in redraw.chances] == [(0,)] * 4
        for b, d, card in zip(BIOTOPES, redraw.chances, game.hands[0]):
            assert sorted(d.outcomes) == sorted(c for c in deck if SPECIES[c].biotope is b)
            assert d.outcome == card and set(d.weights) == {1}
            deck.remove(card)
        assert not set(old) & set(game.hands[0])
        assert sorted(game.decks[0]) == sorted(deck + old)
        river = game.apply(KeepHand()).chances[0]
        assert river.name == "a card from the Herbivores deck into the river"
        assert sorted(river.outcomes) == sorted(deck + old) and set(river.weights) == {1}


def test_setup_rivers_are_dealt_once_hands_are_settled():
    game = new_game(players=2, seed=2)
    assert game.rivers == [[], [], []]
    game.apply(KeepHand())
    game.apply(KeepHand())
    assert [len(r) for r in game.rivers] == [3, 3, 3]
    assert game.phase == "placement"


def test_setup_8_emilie_places_four_tokens_on_four_biotopes_at_the_edge():
    """Émilie "has placed her first token on the Wetlands hexagon ... She must place her
    second token on a different biotope, not adjacent to her own tokens, and still on the
    edge of the central landscape"."""
    game = new_game(players=2, seed=8, first_player=0)
    game.apply(KeepHand())
    game.apply(KeepHand())
    wetlands = [h for h in game.placement_options(0) if game.landscape[h] == 3]
    first = wetlands[0]
    assert first in game.edges
    game.apply(PlaceTerritory(first))
    game.apply(PlaceTerritory(game.placement_options(1)[0]))
    options = game.placement_options(0)
    assert options
    for h in options:
        assert h in game.edges
        assert game.landscape[h] != 3
        assert h not in neighbours(first)
    bad = next(h for h in neighbours(first) if h in game.landscape and h not in game.owner)
    with pytest.raises(IllegalAction, match="Setup 8"):
        game.apply(PlaceTerritory(bad))


def test_setup_8_placement_goes_clockwise_and_fills_the_bags():
    game = started(players=3, seed=4)
    assert game.phase == "action" and game.cycle == 1
    for p in range(3):
        mine = game.territories(p)
        assert len(mine) == 4 and game.tokens[p] == 8
        assert sorted(game.landscape[h] for h in mine) == [0, 1, 2, 3]
        # D11: one cube per initial territory; Primary Production drew all 4 of them.
        assert game.bags[p] == [0, 0, 0, 0]
        assert game.biotope[p] == [1, 1, 1, 1]
    assert game.reserve == [24 - 3] * 4


def test_setup_8_eased_conditions_when_no_hex_fits():
    """D10: with no edge hex of a new biotope away from your tokens, the adjacency condition
    is dropped first."""
    game = blank(players=2, tiles=[["7", "A", 0, 0, 0]])  # Mo Mo / Fo We We / Gr Gr
    game.stage, game.order = "placement", [0, 1, 0, 1]
    game.owner = {(0, -1): 0, (1, 0): 0, (0, 1): 0, (0, 0): 1}
    game.tokens = [9, 11]
    give_hand(game, 0, "apollo", "rose_chafer", "brown_rat", "mute_swan")  # Setup 7's hands
    give_hand(game, 1, "alpine_ibex", "hazel_dormouse", "common_linnet", "large_copper")
    game = ready(game)
    # Player 0 lacks only Forests; the one Forests hex touches their Mountains token.
    assert game.placement_options(0) == [(-1, 0)]
    assert (-1, 0) in neighbours((0, -1))


def test_solo_mode_set_up():
    game = new_game(players=1, seed=9)
    assert len(game.tiles) == 4 and game.cycles == 6
    assert game.reserve == [16] * 4
    inner = [h for h in game.landscape if h not in game.edges]
    assert inner and all(game.owner[h] == -1 for h in inner)
    assert all(game.owner.get(h) is None for h in game.edges)
    assert game.bcards[0] and all(game.bcards[0])
    advanced = new_game(players=1, seed=9, draft=True)
    assert advanced.cycles == 5 and advanced.board.value == "ant"
    with pytest.raises(ValueError, match="Solo Mode"):
        new_game(players=1, seed=9, construction=True)
    with pytest.raises(ValueError, match="butterfly"):
        new_game(players=1, seed=9, board="ant")


def test_landscape_construction_deals_two_tiles_and_places_them_in_two_rounds():
    game = new_game(players=2, seed=6, construction=True, first_player=1)
    assert game.phase == "tiles" and game.current_player == 1
    assert [len(h) for h in game.tile_hands] == [2, 2]
    assert game.hands == [[], []]  # hands are dealt after the landscape (steps 1-5, then 7)
    # The first tile goes at the centre of the table.
    assert {a.centre for a in game.legal_actions()} == {(0, 0)}
    tile = game.tile_hands[1][0]
    game.apply(PlaceTile(tile, (0, 0)))
    assert game.phase == "orient"
    game.apply(OrientTile("B", 2))
    assert game.tiles[0][:3] == [tile, "B", 2]
    # Later tiles: at least 2 hexes adjacent to each tile they touch (D15).
    for action in game.legal_actions():
        cells = {(action.centre[0] + dq, action.centre[1] + dr)
                 for dq, dr in ((0, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (0, 1))}
        assert not cells & set(game.landscape)
        touching = sum(1 for x in cells if any(n in game.landscape for n in neighbours(x)))
        assert touching >= 2
    while game.phase in ("tiles", "orient"):
        game.apply(game.legal_actions()[0])
    assert len(game.tiles) == 4 and game.phase == "redraw"
    assert all(len(h) == 4 for h in game.hands)


def test_a_landscape_shares_the_geometry_of_its_shape_and_only_of_its_shape():
    """The edge, the adjacency and Migration's reach are worked out once per shape of
    landscape and shared (hexes.geometry): each game's are those of its own landscape,
    whatever games of other shapes, tiles, sides and turns came before (the reach in the
    landscape's order)."""
    games = [new_game(players=n, seed=seed, configuration=c)
             for n in (1, 2, 3, 4, 5) for c in sorted(CONFIGURATIONS[2 * n if n > 1 else 4])
             for seed in (1, 2)]
    construction = new_game(players=2, seed=6, construction=True)
    while construction.phase in ("tiles", "orient"):
        construction.apply(construction.legal_actions()[-1])
    for game in [*games, construction]:
        assert game.landscape == landscape_of(game.tiles)[0]
        assert game.edges == edge_hexes(game.landscape)
        assert game.adj == adjacency(game.landscape)
        assert list(game.adj) == sorted(game.landscape)
        for origin in sorted(game.landscape)[::5]:
            within = within_reach(game.adj, origin, 3)
            assert [h for h, _ in legal.reach(game, origin)] == [
                h for h in game.adj if h in within]
    assert len({frozenset(g.landscape) for g in games}) > 4  # shapes of several kinds


def test_landscape_construction_refuses_a_tile_touching_by_one_hex():
    landscape = {(q, r): 0 for q, r in ((0, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1),
                                         (0, 1))}
    tile_of = dict.fromkeys(landscape, 0)
    sites = construction_sites(landscape, tile_of)
    assert (2, 1) in sites and (3, -1) in sites  # two hexes touch the first tile
    assert (3, 0) not in sites and (0, 3) not in sites  # a single hex touches it
    assert (2, -2) not in sites  # it would overlap
    assert all(s not in landscape for s in sites)


def test_landscape_construction_can_use_the_special_tiles():
    game = new_game(players=5, seed=2, construction=True, special_tiles=True)
    dealt = [t for h in game.tile_hands for t in h]
    assert len(dealt) == 10
    pools = {tuple(sorted(t for h in new_game(players=5, seed=s, construction=True,
                                              special_tiles=True).tile_hands for t in h))
             for s in range(10)}
    assert any("S1" in p or "S2" in p for p in pools)
    # the special tiles are dealt only in Landscape Construction: they turn it on (D40)
    alone = new_game(players=2, seed=1, special_tiles=True)
    assert alone.options["construction"] is True and alone.phase == "tiles"
    with pytest.raises(ValueError, match="no Landscape Construction"):
        new_game(players=1, seed=1, special_tiles=True)


def test_advanced_biotopes_draft_choose_a_card_of_each_territorys_biotope():
    game = new_game(players=2, seed=3, draft=True, first_player=0)
    assert game.bcards == [[""] * 4, [""] * 4]
    game.apply(KeepHand())
    game.apply(KeepHand())
    h = game.placement_options(0)[0]
    game.apply(PlaceTerritory(h))
    assert game.phase == "draft" and game.current_player == 0
    choices = [a.card for a in game.legal_actions()]
    assert len(choices) == 5
    assert all(BIOTOPE_CARDS[c].row == game.landscape[h] for c in choices)
    game.apply(ChooseBiotope(choices[0]))
    assert game.bcards[0][game.landscape[h]] == choices[0]
    assert sum(game.bags[0]) == 1 and game.bags[0][game.landscape[h]] == 1
    assert game.current_player == 1
    while game.phase != "action":
        game.apply(game.legal_actions()[0])
    for p in range(2):
        assert all(game.bcards[p])
    taken = [c for row in game.bcards for c in row]
    assert len(set(taken)) == 8


def test_the_set_up_can_be_told_step_by_step_to_its_end():
    """The widget records the view after every event; between the last set-up choice and the
    first cycle nobody is to play, and the view must say so rather than fail (it used to)."""
    from ecogames.bots import RandomBot
    from ecogames.games.biotopes import new_game
    from ecogames.games.biotopes.rules import SETUP_STAGES

    for players in (1, 2, 5):
        game = new_game(players=players, seed=players)
        bot = RandomBot(players)
        steps = 0
        while game.stage in SETUP_STAGES:
            game.apply(bot.choose(game, game.legal_actions()), views=True)
            steps += 1
        assert steps and not game.is_over and game.current_player is not None
