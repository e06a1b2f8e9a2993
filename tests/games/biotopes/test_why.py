"""Why it happened in Biotopes (issue 20): ids of cubes, cards and Territory tokens; what each
event read and wrote; the chains of the rulebook's examples, asserted exactly; random play
(every dependency points back in time, every removal has a cause, every story ends in one
state, why never raises on a finished game, the ids follow the cubes and tokens)."""

import pytest

from ecogames.core.rng import Rng
from ecogames.games.biotopes import Adapt, Compete, Expand, Pass, Place, UseCard, new_game
from ecogames.games.biotopes import why as ident

from .scenario import (
    blank,
    give_hand,
    put_bag,
    put_biotope,
    put_species,
    put_token,
    ready,
    two_tiles,
)


def chain(answer):
    return [(link.kind, link.action, link.text) for link in answer.chain]


def play_out(game, seed, *, record=False):
    rng = Rng(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()), record=record)
    return game


def named(cascades):
    """The ids each event of some cascades names (cubes, tokens and cards)."""
    return [tuple(e.touched.get("ids", ())) for c in cascades for e in c.events]


# -- the rulebook's examples -------------------------------------------------------------


def falcon_takes_the_last_cube():
    """Card Icons, Predatory Species: "recycle a cube from an opponent's card, of the type
    matching your card's diet, and place that cube in your bag". Orange's Common Reed Bunting
    holds one blue cube, the only Birds cube Purple's Peregrine Falcon can take."""
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "eurasian_bullfinch", green=2)
    put_species(game, 0, "hawfinch", green=1)
    give_hand(game, 0, "peregrine_falcon")
    put_species(game, 1, "common_reed_bunting", blue=1)
    return ready(game)


def test_why_a_card_lost_its_cubes_to_a_predator_and_died_out():
    game = falcon_takes_the_last_cube()
    game.apply(Adapt("peregrine_falcon"))
    while not game.is_over:  # everyone passes to the end: nothing feeds the Reed Bunting
        game.apply(Pass())
    end = len(game.history) - 1
    hunt = [("prey", 0, "Peregrine Falcon preys on a blue cube of Orange's Common Reed "
                        "Bunting: it goes into Purple's bag"),
            ("play", 0, "Peregrine Falcon enters Purple's Mountains row"),
            ("adaptation", 0, "Purple plays Adaptation: Peregrine Falcon (Birds+Birds+Birds)")]
    assert chain(game.why("cubes", card="common_reed_bunting")) == hunt
    assert chain(game.why("cubes", card="card:common_reed_bunting")) == hunt
    died = ("dies_out", end, "Common Reed Bunting has no cube left in Orange's Ecosystem: "
                             "discarded")
    assert chain(game.why("card:common_reed_bunting")) == [died, *hunt]
    story = game.story("card:common_reed_bunting")
    assert [link.kind for link in story.events] == ["prey", "dies_out"]
    assert story.end == "gone"
    # Purple wins: the end read the Ecosystems, the Reed Bunting's death the last change
    won = [("end", end, "The game is over: Purple wins with 4 VP"), died, *hunt]
    assert chain(game.why("outcome")) == won
    assert chain(game.why("win", seat=0)) == won
    assert game.why("win", seat=0).roots[game.why("win", seat=0).chain[-1].node][-1].text == \
        "Player 1 chose Adaptation: play Peregrine Falcon"
    with pytest.raises(ValueError, match="win"):
        game.why("win", seat=1)  # Orange did not win


def test_why_a_card_lost_its_cubes_paying_for_its_own_action():
    """"Justine played a Hazel Dormouse into play on a previous turn. On her turn, she
    decides to use its effect: she recycles a cube from the Hazel Dormouse and draws a card"
    (The Actions: the cost of a card's Action)."""
    game = blank(players=2, tiles=two_tiles())
    put_species(game, 0, "hazel_dormouse", green=1)
    game = ready(game)
    cascade = game.apply(UseCard(1, 0))
    game.apply(game.legal_actions()[0])  # the card drawn
    answer = game.why("cubes", card="hazel_dormouse")
    assert chain(answer) == [
        ("pay", 0, "Purple recycles a green Mammals cube from Purple's Hazel Dormouse into "
                   "the bag"),
        ("card_action", 0, "Purple uses Hazel Dormouse's Action (Adaptive Genius)")]
    (cube,) = cascade.of_kind("pay")[0].touched["ids"]
    story = game.story(cube)
    assert [link.kind for link in story.events] == ["pay"] and story.end == "in play"
    assert game.bags[0][1] == 1  # the cube is in the bag: in play, not gone
    with pytest.raises(ValueError, match="still in play"):
        game.why(cube)


def virginie_and_miguel():
    """The rulebook's Competition example, with Miguel (Orange, player 1) first colonizing the
    Mountain (1, 1) by Expansion: Virginie (Purple, player 0) plays next."""
    game = blank(players=2, tiles=two_tiles())
    put_token(game, 0, (1, 2), (0, 1))
    put_token(game, 1, (2, 0), (1, 0))
    put_species(game, 0, "alpine_ibex", gray=1)  # a gray Mammals cube
    put_biotope(game, 1, "mountains", 1)  # a gray Plants cube for the Expansion
    game.active = 1
    return ready(game)


def test_why_a_token_fell_back_goes_back_to_the_move_that_put_it_there():
    """"Virginie (orange tokens) plays a Competition to colonize Miguel's Mountain ... Miguel
    has no choice but to fall back his token to the adjacent Grassland."" """
    game = virginie_and_miguel()
    colonized = game.apply(Expand((1, 1)))  # Miguel, action 0
    (token,) = colonized.of_kind("colonize")[0].touched["ids"]
    assert token.startswith("territory:")
    fought = game.apply(Compete((1, 1)))  # Virginie, action 1
    assert game.owner[(2, 1)] == 1 and game.owner[(1, 1)] == 0
    fallback = fought.of_kind("fallback")[0]
    assert fallback.touched["ids"] == (token,)
    assert chain(game.why(fallback)) == [
        ("fallback", 1, "Orange's token falls back from (1,1) to (2,1)"),
        ("colonize", 0, "Orange colonizes the Mountains at (1,1)"),
        ("expansion", 0, "Orange plays Expansion to (1,1)")]
    story = game.story(token)
    assert [(link.kind, link.action) for link in story.events] == [("colonize", 0),
                                                                   ("fallback", 1)]
    assert story.end == "in play"
    # Virginie's own token is another one, and her Ibex paid with its only cube
    (mine,) = fought.of_kind("colonize")[0].touched["ids"]
    assert mine != token
    assert chain(game.why("cubes", card="alpine_ibex")) == [
        ("pay", 1, "Purple moves a gray Mammals cube from Purple's Alpine Ibex to the "
                   "Competition space"),
        ("competition", 1, "Purple plays Competition for (1,1)")]


def test_why_a_neutral_token_left_the_game():
    """Solo Mode: "If there is no space available, the token is simply removed from the
    game"."""
    game = blank(players=1, tiles=two_tiles())
    put_token(game, 0, (1, 2), (0, 1))
    put_token(game, -1, (1, 1), (2, 0), (1, 0), (2, 1))
    put_species(game, 0, "alpine_ibex", gray=2)
    game = ready(game)
    removed = game.apply(Compete((1, 1))).of_kind("removed")[0]
    (token,) = removed.touched["ids"]
    assert chain(game.why(token)) == [
        ("removed", 0, "The neutral token on (1,1) has nowhere to fall back: it leaves the "
                       "game"),
        ("competition", 0, "Purple plays Competition for (1,1)")]
    assert game.story(token).end == "gone"


def test_a_reaction_cube_placed_later_goes_back_to_its_draw():
    """FAQ: "The action of a Reaction card triggers automatically"; Card Icons: "Draw a cube
    from your bag and place it on one of your cards" (D19: its owner chooses the card, in an
    action of their own). The placement depends on the draw of the action before."""
    game = blank(players=2, tiles=two_tiles())
    put_biotope(game, 0, "mountains", 2)
    give_hand(game, 0, "apollo")  # Invertebrates
    put_species(game, 1, "pyrenean_desman", gray=1)  # Reaction: Invertebrates -> a cube
    put_bag(game, 1, gray=1)
    game = ready(game)
    drawn = game.apply(Adapt("apollo")).of_kind("bag_draw")[0]
    placed = game.apply(Place(0, 0)).events[0]
    assert placed.touched["ids"] == drawn.touched["ids"]  # the same cube
    answer = game.why(placed)
    assert chain(answer) == [
        ("cube", 1, "The gray cube goes onto Orange's Pyrenean Desman"),
        ("bag_draw", 0, "Orange draws a gray cube from the bag"),
        ("reaction", 0, "Orange's Pyrenean Desman reacts to Apollo (Insect Hunter)"),
        ("play", 0, "Apollo enters Purple's Mountains row"),
        ("adaptation", 0, "Purple plays Adaptation: Apollo (Plants+Plants)")]
    assert [r.text for r in answer.roots[answer.chain[1].node]] == [
        "a cube from Orange's bag came out a gray cube (certain)",
        "Player 1 chose Adaptation: play Apollo"]
    assert [r.text for r in answer.roots[answer.chain[0].node]] == [
        "Player 2 chose Place the cube on Orange's Pyrenean Desman"]


def test_a_territory_placed_goes_back_to_the_tile_that_made_its_biotope():
    """Landscape Construction: "taking turns clockwise, each player places a tile"; a token
    placed on a hex then depends on the turn of the tile that gave the hex its biotope."""
    game = new_game(players=2, seed=3, construction=True)
    rng = Rng(1)
    while game.phase != "action":
        game.apply(rng.choice(game.legal_actions()), record=False)
    placed = 0
    for number, cascade in enumerate(game.provenance().cascades):
        for event in cascade.of_kind("territory"):
            placed += 1
            hex_ = tuple(event.touched["hexes"][0])
            why = game.why((number, event.index)).chain
            assert [link.kind for link in why] == ["territory", "tile"]
            tile = game.provenance().event(why[1].node)
            assert ("land", *hex_) in tile.writes
    assert placed == 8


def test_bad_questions_say_what_can_be_asked():
    game = falcon_takes_the_last_cube()
    with pytest.raises(ValueError, match="not a Species or Biotope card"):
        game.why("cubes", card="unicorn")
    with pytest.raises(ValueError, match="cubes"):
        game.why("cubes", card="hawfinch")  # it still holds its cube
    with pytest.raises(ValueError, match="not over"):
        game.why("outcome")
    with pytest.raises(ValueError, match="cube:9999"):
        game.why("cube:9999")


def test_a_card_drawn_face_down_is_named_by_no_id():
    """A card drawn from the top of a deck is seen by its drawer alone: the event names no
    card (its place is still written, for the chains)."""
    game = play_out(new_game(players=2, seed=4), 1)
    for cascade in game.provenance().cascades:
        for e in cascade.of_kind("draw"):
            if "top of the" in e.text:
                assert not e.touched.get("cards") and not e.touched.get("ids")


# -- random play -------------------------------------------------------------------------

def options(seed):
    """1 to 5 players; the Advanced Biotopes Draft, Landscape Construction and the ant side
    among them."""
    players = 1 + seed % 5
    opts = {"draft": seed % 3 == 0}
    if players > 1:
        opts.update(construction=seed % 4 == 1, board="ant" if seed % 7 == 3 else "butterfly")
    return players, opts


@pytest.fixture(scope="module")
def finished():
    games = []
    for seed in range(24):
        players, opts = options(seed)
        games.append(play_out(new_game(players=players, seed=500 + seed, **opts), seed))
    return games


def test_every_dependency_points_back_in_time(finished):
    for game in finished:
        prov = game.provenance()
        for node, parents in prov.parents.items():
            for parent in parents:
                if parent[0] == "event":
                    assert parent[1:] < node[1:], (node, parent)
                else:  # the action's choice, or one of its own draws
                    assert parent[1] == node[1], (node, parent)


def test_every_removal_has_a_cause_and_every_story_one_end(finished):
    gone_seen = 0
    for game in finished:
        prov = game.provenance()
        for thing, node in prov.gone.items():
            gone_seen += 1
            event = prov.event(node)
            assert event.cause is not None or prov.reads.get(node), event.text
            gone_writes = [n for n in prov.ids[thing] if ("gone", thing) in
                           prov.event(n).writes]
            assert gone_writes == [node]  # it leaves once
            assert prov.ids[thing][-1] == node  # and nothing touches it after
        for thing in prov.ids:
            story = game.story(thing)
            assert story.end == ("gone" if thing in prov.gone else "in play")
    assert gone_seen  # the games did end with cards dying out


def test_why_never_raises_on_a_finished_game(finished):
    for game in finished:
        prov = game.provenance()
        assert game.why("outcome").chain[0].kind == "end"
        for seat in game.outcome.winners:
            assert game.why("win", seat=seat).chain[0].kind == "end"
        for thing in prov.gone:
            assert game.why(thing).chain
        for key in prov.last_write:
            if key[0] == "emptied":
                assert game.why("cubes", card=key[1]).chain[0].kind in (
                    "pay", "prey", "move", "transfer")
        assert len(game.events_frame()) == sum(len(c.events) for c in prov.cascades)
        assert prov._replay == game  # telling changed nothing the rules did


def test_ids_follow_every_cube_and_token(finished):
    """After every told action the numbering holds exactly the cubes of each place and the
    tokens of each hex and supply (ids are never lost nor made up)."""
    for game in finished[:6]:
        replay = game.replay(0)
        for action in game.history:
            replay.apply(action)
            known = replay._identity
            for where, counts in ident.cube_places(replay):
                assert [len(known.stack(where, k)) for k in range(4)] == counts, where
            assert set(known.hexes) == set(replay.owner)
            assert [len(known.supply[p]) for p in range(replay.players)] == replay.tokens
        numbers = sorted(c for stacks in known.cubes.values() for s in stacks for c in s)
        assert numbers == list(range(160))


def test_ids_survive_save_load_undo_fork_and_replay():
    game = new_game(players=3, seed=11)
    rng = Rng(3)
    for _ in range(60):  # untold, as bots and simulations play
        game.apply(rng.choice(game.legal_actions()), record=False)
    told = [game.apply(rng.choice(game.legal_actions())) for _ in range(30)]
    whole = game.provenance().cascades
    assert named(told) == named(whole[60:90])  # numbered anew from the history
    assert any(ids for ids in named(told))
    loaded = type(game).from_json(game.to_json())
    assert named(loaded.provenance().cascades) == named(whole)
    again = loaded.replay(60)
    assert named([again.apply(a) for a in game.history[60:]]) == named(told)
    game.undo(5)
    assert named([game.apply(a) for a in loaded.history[85:]]) == named(told[25:])
    fork = loaded.fork(70, action=loaded.history[70])
    assert named(fork.provenance().cascades) == named(whole[:71])
    twin = loaded.clone()
    action = rng.choice(twin.legal_actions())
    assert named([twin.apply(action)]) == named([loaded.apply(action)])


def test_a_determinized_state_is_told_without_its_history():
    """A search bot's determinized state is not what its history leads to (others' hands and
    the decks dealt anew): a told action numbers its cubes and tokens as they stand."""
    game = new_game(players=3, seed=8)
    rng = Rng(2)
    for _ in range(80):
        game.apply(rng.choice(game.legal_actions()), record=False)
    twin = game.determinize(0, Rng(5))
    for _ in range(20):
        twin.apply(rng.choice(twin.legal_actions()))  # told: never fails on its numbering
    for where, counts in ident.cube_places(twin):
        assert [len(twin._identity.stack(where, k)) for k in range(4)] == counts
