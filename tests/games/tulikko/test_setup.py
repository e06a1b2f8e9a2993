"""Setup: maps, tokens, shuffled piles, landscape cards, the central board, starting tiles."""

import pytest

from ecogames.core import IllegalAction
from ecogames.games.tulikko import ChooseMap, PlaceStart, Slide, new_game
from ecogames.games.tulikko import components as c


def test_each_player_chooses_a_wilderness_map_in_seat_order():
    game = new_game(players=3, seed=1)
    assert game.phase == "choose_map" and game.current_player == 0
    assert game.legal_actions() == [ChooseMap(a) for a in c.ANIMALS]
    game.apply(ChooseMap("owl"))
    assert game.current_player == 1
    assert ChooseMap("owl") not in game.legal_actions()
    with pytest.raises(IllegalAction, match="already taken"):
        game.apply(ChooseMap("owl"))
    game.apply(ChooseMap("fox"))
    cascade = game.apply(ChooseMap("reindeer"))
    assert game.maps == ["owl", "fox", "reindeer"]
    assert game.phase == "start_tile" and game.current_player == 0
    kinds = [e.kind for e in cascade]
    assert kinds[:4] == ["choose_map", "landscape_cards", "central_board", "start_tiles"]


def test_each_player_gets_their_tokens_and_their_twelve_tiles_shuffled_face_down():
    """The pile is face down: which tile comes up is drawn when it is turned over (a chance
    draw, see test_chance.py), so the pile is kept as the tiles it holds."""
    game = new_game(players=4, seed=7, maps=["fox", "owl", "lynx", "reindeer"])
    for seat, animal in enumerate(game.maps):
        assert game.supply[seat] == [12, 6]
        assert game.piles[seat] == list(c.map_tiles(animal))
    view = game.view(0)
    assert view["players"][0]["pile"] == 12
    assert "piles" not in view and all("pile" in p and isinstance(p["pile"], int)
                                       for p in view["players"])


def test_one_landscape_card_of_each_type_is_drawn_at_random():
    drawn = set()
    for seed in range(40):
        game = new_game(players=2, seed=seed, maps=["fox", "owl"])
        assert [c.CARDS[card].type for card in game.cards] == ["shape", "river", "color"]
        drawn.update(game.cards)
    assert len(drawn) > 15


def test_beginner_games_leave_out_the_cards_with_the_icon():
    for seed in range(60):
        game = new_game(players=2, seed=seed, maps=["fox", "owl"], beginner=True)
        assert not any(c.CARDS[card].icon for card in game.cards)
    assert new_game(players=2, seed=1, beginner=True).options["beginner"] is True


def test_the_cards_can_be_named():
    game = new_game(players=2, seed=3, maps=["fox", "owl"],
                    cards=["shape-6", "river-8", "color-9"])
    assert game.cards == ["shape-6", "river-8", "color-9"]
    assert game.options["cards"] == ["shape-6", "river-8", "color-9"]
    with pytest.raises(ValueError, match="one shape, one river and one color"):
        new_game(players=2, seed=3, cards=["river-8", "shape-6", "color-9"])


@pytest.mark.parametrize("maps", [["fox"], ["fox", "fox"], ["fox", "wolf"], "fox"])
def test_bad_maps_are_refused(maps):
    with pytest.raises(ValueError, match="maps must name"):
        new_game(players=2, seed=1, maps=maps)


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_game(players=players, seed=1)


def test_five_neutral_tiles_in_a_cross_one_per_player_the_rest_back_in_the_box():
    for players in (2, 3, 4):
        game = new_game(players=players, seed=players, maps=list(c.ANIMALS[:players]))
        on_board = list(game.board.values())
        assert len(on_board) == 5 and all(t in c.NEUTRAL_TILES for t in on_board)
        assert all(t in c.NEUTRAL_TILES for t in game.start)
        assert len(game.box) == 12 - 5 - players
        assert len(set(on_board) | set(game.start) | set(game.box)) == 12
        view = game.view(None)
        assert view["board"]["slots"]["center"] == "hidden"
        assert view["box"] == len(game.box)


def test_the_starting_neutral_tile_goes_on_any_space_then_the_first_player_begins():
    game = new_game(players=2, seed=5, maps=["fox", "owl"])
    start = list(game.start)
    assert game.legal_actions() == [PlaceStart(cell) for cell in range(20)]
    game.apply(PlaceStart(19))
    assert game.grids[0][19] == start[0] and game.current_player == 1
    cascade = game.apply(PlaceStart(0))
    assert game.grids[1][0] == start[1]
    assert game.phase == "slide" and game.current_player == 0
    assert cascade.of_kind("reveal")[0].touched["tiles"] == (game.hand,)
    assert game.hand in c.map_tiles("fox") and len(game.piles[0]) == 11
    assert game.legal_actions() == [Slide(side) for side in c.SIDES]


def test_the_options_start_an_identical_new_game():
    for maps in (None, ["owl", "lynx"]):
        game = new_game(players=2, seed=8, maps=maps, beginner=True,
                        cards=["shape-2", "river-3", "color-4"])
        again = new_game(players=2, seed=8, **game.options)
        assert again == game


def test_same_seed_same_set_up():
    a = new_game(players=3, seed=99, maps=["lynx", "fox", "owl"])
    b = new_game(players=3, seed=99, maps=["lynx", "fox", "owl"])
    assert a == b and a.to_dict() == b.to_dict()
    assert a != new_game(players=3, seed=100, maps=["lynx", "fox", "owl"])


def test_choosing_maps_in_play_gives_the_same_set_up_as_the_maps_option():
    chosen = new_game(players=2, seed=12)
    chosen.apply(ChooseMap("lynx"))
    chosen.apply(ChooseMap("fox"))
    given = new_game(players=2, seed=12, maps=["lynx", "fox"])
    assert chosen.board == given.board and chosen.piles == given.piles
    assert chosen.cards == given.cards and chosen.start == given.start


def test_every_declared_option_value_sets_a_game_up():
    """option_specs: each legal value of each option is one the set-up accepts (maps with
    as many players as it names), and the options a form cannot offer are marked so."""
    from ecogames.games.tulikko import Tulikko

    assert [o.name for o in Tulikko.option_specs] == ["beginner", "maps", "cards"]
    assert [o.name for o in Tulikko.option_specs if o.in_forms] == ["beginner"]
    for value in Tulikko.option("beginner").values():
        assert new_game(players=2, seed=1, beginner=value).beginner is value
    maps = Tulikko.option("maps").values()
    assert len(maps) == 1 + 12 + 24 + 24
    for value in maps:
        game = new_game(players=2 if value is None else len(value), seed=1, maps=value)
        assert game.maps == (value or [None, None])
    cards = Tulikko.option("cards").values()
    assert len(cards) == 1 + 9 * 8 * 12
    for value in cards[:: 37]:
        assert new_game(players=2, seed=1, cards=value).options.get("cards") == value
    Tulikko.option("maps").check(["fox", "owl"])
    with pytest.raises(ValueError, match="Wilderness maps"):
        Tulikko.option("maps").check(["fox", "fox"])
    with pytest.raises(ValueError, match="Landscape cards"):
        Tulikko.option("cards").check(["river-8", "shape-6", "color-9"])
