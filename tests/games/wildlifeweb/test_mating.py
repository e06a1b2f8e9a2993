"""Instructions for taking a Mate: Food Requirement, Taking a Mate, Discard Food."""

from __future__ import annotations

import pytest

from ecogames.core import IllegalAction
from ecogames.games.wildlifeweb import DrawWildlife, EndTurn, Forage, TakeMate
from ecogames.games.wildlifeweb.rules import discard_options
from tests.games.wildlifeweb.helpers import E, F, W, animal, kinds, scenario

FOX = W("red_fox")
RABBIT, MOUSE = W("mountain_cottontail"), W("deer_mouse")
SQUIRREL = W("richardsons_ground_squirrel")


def night_fox(food: list[str], **kw) -> object:
    return scenario(packs=[[animal(FOX, food=food)], []], day=False, stage="mate", **kw)


def test_fox_takes_a_mate_after_a_rabbit_and_a_mouse() -> None:
    """RB: "A Size 3 carnivore (fox) must hunt for prey adding up to Size 3 or more, such as
    a Size 2 rabbit one turn and a Size 1 mouse the next turn" ... "a Size 3 fox could send
    the Size 2 rabbit and Size 1 mouse to the Wildlife discard pile upon taking a mate"."""
    game = night_fox([RABBIT, MOUSE], habitat=[W("red_fox", 2)])
    assert game.legal_actions() == [TakeMate(FOX, (RABBIT, MOUSE)), EndTurn()]
    cascade = game.apply(TakeMate(FOX, (RABBIT, MOUSE)))
    assert kinds(cascade) == ["seek_mate", "mate"]
    fox = game.packs[0][0]
    assert fox["mate"] == W("red_fox", 2) and fox["food"] == []
    assert game.wdiscard == [RABBIT, MOUSE]
    assert W("red_fox", 2) not in game.habitat


def test_a_rabbit_and_a_squirrel_are_both_discarded() -> None:
    """RB: "if fox had a Size 2 rabbit and a Size 2 squirrel, both would be discarded"."""
    assert discard_options([RABBIT, SQUIRREL], 3) == [(RABBIT, SQUIRREL)]


def test_surplus_food_may_be_retained() -> None:
    """Surplus food is okay and may be retained towards Offspring; only requisite food is
    discarded (never a card more than needed)."""
    options = discard_options([RABBIT, MOUSE, SQUIRREL], 3)
    assert sorted(options) == sorted([(RABBIT, MOUSE), (RABBIT, SQUIRREL)])
    assert discard_options([*F(1, 2, 3), RABBIT], 2) == [tuple(F(1, 2)), (RABBIT,)]
    assert discard_options(F(1), 2) == []


def test_not_enough_food_no_mate() -> None:
    game = night_fox([RABBIT], habitat=[W("red_fox", 2)])
    assert game.legal_actions() == [EndTurn()]
    with pytest.raises(IllegalAction, match="Food Requirement"):
        game.apply(TakeMate(FOX, (RABBIT,)))


def test_taking_a_mate_needs_the_animal_to_be_active() -> None:
    game = scenario(packs=[[animal(FOX, food=[RABBIT, MOUSE])], []], day=True, stage="mate",
                    habitat=[W("red_fox", 2)])
    with pytest.raises(IllegalAction, match="only take mates or have Offspring when active"):
        game.apply(TakeMate(FOX, (RABBIT, MOUSE)))


def test_moose_must_draw_five_forage_cards_first() -> None:
    """RB: "A Size 5 herbivore (moose) must draw 5 Forage cards prior to taking a mate"
    (its Browse ability draws 2 at a time)."""
    moose = W("moose")
    game = scenario(packs=[[animal(moose, food=F(1, 2, 3, 4))], []],
                    habitat=[W("moose", 2)], stage="mate")
    assert game.legal_actions() == [EndTurn()]
    game = scenario(packs=[[animal(moose, food=F(1, 2, 3))], []], habitat=[W("moose", 2)])
    game.apply(Forage(moose))
    assert len(game.packs[0][0]["food"]) == 5 and game.phase == "mate"
    game.apply(TakeMate(moose, tuple(game.packs[0][0]["food"])))
    assert game.packs[0][0]["mate"] == W("moose", 2)


def test_taking_the_mate_from_another_player_with_its_food() -> None:
    """"If another player has the mate, the current player may take that mate and any food
    attached to it"; that food is surplus kept towards Offspring."""
    other = animal(W("red_fox", 2), food=[W("meadow_vole")])
    game = scenario(packs=[[animal(FOX, food=[RABBIT, MOUSE])], [other]], day=False,
                    stage="mate")
    cascade = game.apply(TakeMate(FOX, (RABBIT, MOUSE)))
    assert "in Player 2's Pack (with 1 food card(s))" in cascade[1].text
    assert game.packs[1] == []
    assert game.packs[0][0]["food"] == [W("meadow_vole")]


def test_the_mate_from_the_wildlife_discard_pile() -> None:
    game = night_fox([RABBIT, MOUSE], wdiscard=[W("elk"), W("red_fox", 2)])
    cascade = game.apply(TakeMate(FOX, (RABBIT, MOUSE)))
    assert "Wildlife discard pile" in cascade[1].text
    assert game.wdiscard == [W("elk"), RABBIT, MOUSE]


def test_drawing_up_to_five_cards_non_matching_ones_join_the_habitat() -> None:
    """"player may draw up to 5 new Wildlife cards in hopes of drawing a mate"; "Non-matching
    Wildlife cards drawn from the Wildlife deck are added to the central habitat"."""
    deck = _with_rest([W("elk"), W("red_fox", 2), W("coyote")])  # coyote on top
    game = scenario(packs=[[animal(FOX, food=[RABBIT, MOUSE])], []], day=False, stage="mate",
                    wdeck=deck)
    cascade = game.apply(TakeMate(FOX, (RABBIT, MOUSE)))
    assert kinds(cascade) == ["seek_mate", "draw", "mate"]
    assert game.habitat == [W("coyote")]
    assert game.packs[0][0]["mate"] == W("red_fox", 2)


def _with_rest(top_last: list[str], used: tuple[str, ...] = (FOX, RABBIT, MOUSE)) -> list[str]:
    """A Wildlife deck whose last cards (drawn first) are ``top_last``."""
    from ecogames.games.wildlifeweb.components import WILDLIFE_CARDS

    placed = set(top_last) | set(used)
    return [c for c in WILDLIFE_CARDS if c not in placed] + top_last


def test_no_mate_in_five_cards_then_the_whole_deck_next_turn() -> None:
    """"If no mate is found after drawing 5 cards, player waits until the following turn,
    then looks through the entire deck to find the mate"."""
    deck = _with_rest([W("red_fox", 2)] + [W(s) for s in ("elk", "moose", "coyote", "bobcat",
                                                            "beaver", "osprey")])
    game = scenario(packs=[[animal(FOX, food=[RABBIT, MOUSE])], []], day=False, stage="mate",
                    wdeck=deck)
    cascade = game.apply(TakeMate(FOX, (RABBIT, MOUSE)))
    assert kinds(cascade) == ["seek_mate", "draw", "no_mate"]
    assert len(game.habitat) == 5
    fox = game.packs[0][0]
    assert fox["mate"] is None and fox["food"] == [RABBIT, MOUSE]
    assert fox["waiting"] == game.turn == 3
    assert not any(isinstance(a, TakeMate) for a in game.legal_actions())  # not this turn
    later = scenario(packs=[[fox]], day=False, stage="mate", turn=7, wdeck=game.wdeck,
                     habitat=game.habitat)
    cascade = later.apply(TakeMate(FOX, (RABBIT, MOUSE)))
    assert "entire Wildlife deck" in cascade[1].text
    assert later.packs[0][0]["mate"] == W("red_fox", 2)


def test_pets_look_for_their_mate_in_the_event_deck() -> None:
    """Note: "If raising dogs or cats from the Event card deck, search the Event card deck
    and/or Event discard pile when seeking a mate"."""
    cat = E("house_cat", 1)
    game = scenario(packs=[[animal(cat, food=[MOUSE, W("meadow_vole")])], []], stage="mate")
    cascade = game.apply(TakeMate(cat, (MOUSE, W("meadow_vole"))))
    assert "in the Event deck" in cascade[1].text
    assert game.packs[0][0]["mate"] == E("house_cat", 2)
    game = scenario(packs=[[animal(cat, food=[MOUSE, W("meadow_vole")])], []], stage="mate",
                    ediscard=[E("house_cat", 2)])
    assert "Event discard pile" in game.apply(TakeMate(cat, (MOUSE, W("meadow_vole"))))[1].text


def test_two_cards_of_one_species_are_stacked_as_mates_when_replacing() -> None:
    """"If ... player is replacing missing Wildlife cards and draws a mate, the two cards are
    stacked together as mates" without discarding food; another card then fills the gap."""
    fox = animal(FOX, food=[RABBIT])
    deck = _with_rest([W("elk"), W("red_fox", 2)], used=(FOX, RABBIT))
    game = scenario(packs=[[fox], []], stage="replace", wdeck=deck)
    cascade = game.apply(DrawWildlife())
    assert "mate" in kinds(cascade)
    assert game.packs[0][0]["mate"] == W("red_fox", 2) and game.packs[0][0]["food"] == [RABBIT]
    assert game.phase == "replace"  # still 3 cards short of 4


def test_a_parent_raising_offspring_is_not_taken_as_a_mate() -> None:
    """D13: the lone parent of a family stays with its Offspring."""
    parent = animal(W("red_fox", 2), offspring="o.01")
    game = scenario(packs=[[animal(FOX, food=[RABBIT, MOUSE])], [parent]], day=False,
                    stage="mate")
    (only,) = [a for a in game.legal_actions() if isinstance(a, TakeMate)]
    cascade = game.apply(only)  # the search goes on in the deck instead
    assert kinds(cascade)[-1] == "no_mate" and game.packs[1][0]["card"] == W("red_fox", 2)


def test_after_a_failed_search_the_animal_waits_even_if_its_mate_turns_up() -> None:
    """"If no mate is found after drawing 5 cards, player waits until the following turn"
    (D20: one search per animal per turn). The chickadee draws 5 cards in vain; the robin's
    draws then put the chickadee's mate into the central habitat: the chickadee still waits
    (issue 11, item 4: it took that mate in the same turn)."""
    chickadee, robin = W("black_capped_chickadee"), W("american_robin")
    misses = [W(s) for s in ("elk", "moose", "coyote", "bobcat", "beaver")]
    game = scenario(packs=[[animal(chickadee, food=F(1)), animal(robin, food=F(2))], []],
                    stage="mate", turn=5,
                    wtop=[W("american_robin", 2), W("black_capped_chickadee", 2), *misses])
    cascade = game.apply(TakeMate(chickadee, tuple(F(1))))
    assert kinds(cascade) == ["seek_mate", "draw", "no_mate"]
    assert game.packs[0][0]["waiting"] == game.turn == 5
    cascade = game.apply(TakeMate(robin, tuple(F(2))))
    assert kinds(cascade) == ["seek_mate", "draw", "mate"]
    assert W("black_capped_chickadee", 2) in game.habitat
    assert not any(isinstance(a, TakeMate) for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="waits until the following turn"):
        game.apply(TakeMate(chickadee, tuple(F(1))))
    # its following turn: the mate is there, in the central habitat
    later = scenario(packs=[[game.packs[0][0]], []], stage="mate", turn=9,
                     habitat=[W("black_capped_chickadee", 2)])
    cascade = later.apply(TakeMate(chickadee, tuple(F(1))))
    assert "in the central habitat" in cascade[1].text


def test_the_greedy_game_of_the_issue_never_mates_after_a_failed_search() -> None:
    """Issue 11, item 4's game (seed 7, greedy bots 70 and 71): in no turn does an animal
    take a mate after it has failed to find one."""
    from ecogames.bots import make_bot
    from ecogames.games.wildlifeweb import new_game

    game = new_game(players=2, seed=7)
    bots = [make_bot("wildlifeweb-greedy", 70), make_bot("wildlifeweb-greedy", 71)]
    failed: set[str] = set()
    turn, searches = game.turn, 0
    for _ in range(400):
        if game.is_over:
            break
        action = bots[game.current_player].choose(game, game.legal_actions())
        cascade = game.apply(action)
        if game.turn != turn:
            turn, failed = game.turn, set()
        if isinstance(action, TakeMate):
            searches += 1
            assert action.animal not in failed, f"{action.animal} searched twice in a turn"
            if kinds(cascade)[-1] == "no_mate":
                failed.add(action.animal)
    assert searches > 5
