"""Instructions for Raising Offspring, Secure Mature Offspring, and the end of the game."""

from __future__ import annotations

import pytest

from ecogames.core import IllegalAction
from ecogames.games.wildlifeweb import EndTurn, Forage, KeepPack, RaiseOffspring, TakeMate
from ecogames.games.wildlifeweb import components as c
from tests.games.wildlifeweb.helpers import F, O, W, animal, kinds, scenario

MARMOT = W("yellow_bellied_marmot")


def test_marmot_two_forage_to_mate_two_for_offspring_two_to_mature() -> None:
    """Food Value: "marmot is a Size 2 animal; therefore it must take 2 Forage cards to find
    a mate, plus 2 Forage cards to have Offspring, plus 2 Forage cards to raise the
    Offspring to maturity"."""
    game = scenario(packs=[[animal(MARMOT, food=F(1, 2))], []], stage="mate",
                    habitat=[W("yellow_bellied_marmot", 2)])
    game.apply(TakeMate(MARMOT, tuple(F(1, 2))))
    pair = game.packs[0][0]
    assert pair["mate"] and pair["food"] == [] and set(F(1, 2)) <= set(game.fdeck)
    # a later turn: the mated marmot forages (Chirp: 2 Forage cards if marmot has a mate)
    game = scenario(packs=[[pair], []])
    game.apply(Forage(MARMOT))
    food = tuple(game.packs[0][0]["food"])
    assert len(food) == 2 and game.phase == "mate"
    assert game.legal_actions() == [RaiseOffspring(MARMOT, food)]  # it must be raised now
    with pytest.raises(IllegalAction, match="Offspring card first"):
        game.apply(EndTurn())
    cascade = game.apply(RaiseOffspring(MARMOT, food))
    assert kinds(cascade) == ["offspring"]
    family = game.packs[0][0]
    assert family["offspring"] == c.OFFSPRING_CARDS[-1] and family["food"] == []
    assert not game.is_mature(family)
    # another turn: 2 more Forage cards raise the Offspring to maturity
    game = scenario(packs=[[family], []])
    game.apply(Forage(MARMOT))
    assert game.is_mature(game.packs[0][0])
    assert game.view(0)["packs"][0][0]["mature"] is True


def test_a_mature_family_is_secured_at_the_beginning_of_the_next_turn_when_active() -> None:
    """"wait until the beginning of the next turn, and remove the whole family from the
    game"; "the family may only be removed from the game when active. If it is the wrong
    time of day, wait until the following turn". Its food is discarded."""
    family = animal(MARMOT, mate=True, food=F(1, 2), offspring=O(3))
    game = scenario(packs=[[animal(W("meadow_vole"))], [family]], stage="mate", day=True,
                    active=0)
    cascade = game.apply(EndTurn())  # Player 2's turn: still day, the marmots are active
    assert "secure" in kinds(cascade)
    assert game.packs[1] == [] and game.secured[1] == [
        {"cards": [MARMOT, W("yellow_bellied_marmot", 2)], "offspring": O(3)}]
    assert set(F(1, 2)) <= set(game.fdeck)
    assert game.phase == "replace"  # now a card short (no unmated card to swap)
    night = scenario(players=2, packs=[[family], [animal(W("meadow_vole"))]], stage="mate",
                     day=True, active=1)
    night.apply(EndTurn())  # back to the dealer: night; the diurnal family waits
    assert night.packs[0][0]["offspring"] == O(3) and night.secured[0] == []


def test_offspring_needs_a_mated_pair_and_the_size_of_one_mate() -> None:
    single = scenario(packs=[[animal(MARMOT, food=F(1, 2))], []], stage="mate")
    with pytest.raises(IllegalAction, match="mated pair"):
        single.apply(RaiseOffspring(MARMOT, tuple(F(1, 2))))
    short = scenario(packs=[[animal(MARMOT, mate=True, food=F(1))], []], stage="mate")
    assert short.legal_actions() == [EndTurn()]


def test_a_lone_mate_raises_the_offspring_to_maturity() -> None:
    """"If the mated animals have Offspring, and one mate is taken, the remaining lone mate
    continues to feed and raise the Offspring to maturity"."""
    lone = animal(MARMOT, food=F(1, 2), offspring=O(1))
    game = scenario(packs=[[animal(W("meadow_vole"))], [lone]], stage="mate")
    game.apply(EndTurn())
    assert game.secured[1] == [{"cards": [MARMOT], "offspring": O(1)}]


def test_three_offspring_win_the_game() -> None:
    """Objective: "Game play ends when a player has raised 3 Offspring"."""
    done = [{"cards": [W(s), W(s, 2)], "offspring": O(i)}
            for i, s in enumerate(("meadow_vole", "deer_mouse"), start=1)]
    family = animal(MARMOT, mate=True, food=F(1, 2), offspring=O(3))
    game = scenario(packs=[[], [family]], secured=[[], done], stage="mate")
    cascade = game.apply(EndTurn())
    assert kinds(cascade)[-1] == "win"
    assert game.is_over and game.outcome.winners == (1,)
    assert game.outcome.scores == (0.0, 3.0)
    assert game.legal_actions() == [] and game.current_player is None


def test_an_agreed_number_of_offspring() -> None:
    """"... or any number predetermined by the group": the offspring_to_win option."""
    family = animal(MARMOT, mate=True, food=F(1, 2), offspring=O(3))
    game = scenario(packs=[[], [family]], stage="mate", target=1)
    game.apply(EndTurn())
    assert game.outcome.winners == (1,)
    assert game.options == {"offspring_to_win": 1}


def test_an_empty_offspring_deck_makes_the_pair_wait() -> None:
    """D15: with no Offspring card left, a pair cannot start one yet. Two players to 8: 13
    families secured and 2 being raised hold all 15 cards."""
    pair = animal(MARMOT, mate=True, food=F(1, 2))
    kinds = [s for s in c.SPECIES_IDS if s != "yellow_bellied_marmot"][:15]
    secured = [{"cards": [W(s), W(s, 2)], "offspring": O(i + 1)}
               for i, s in enumerate(kinds[:13])]
    raising = [animal(W(s), mate=True, offspring=O(14 + i)) for i, s in enumerate(kinds[13:])]
    game = scenario(packs=[[pair], raising], secured=[secured[:7], secured[7:]], stage="mate",
                    target=8)
    assert not game.odeck
    assert game.legal_actions() == [EndTurn()]
    with pytest.raises(IllegalAction, match="D15"):
        game.apply(RaiseOffspring(MARMOT, tuple(F(1, 2))))


def test_the_turn_starts_by_securing_then_offers_the_swap() -> None:
    game = scenario(packs=[[animal(MARMOT)], [animal(W("meadow_vole"))]], stage="mate")
    game.apply(EndTurn())
    assert game.phase == "swap" and game.current_player == 1
    game.apply(KeepPack())
    assert game.phase == "replace"  # the 2-player Pack is 4 cards


def test_an_offspring_matures_on_food_worth_the_size_of_one_mate_not_less() -> None:
    """"To raise Offspring to maturity, the adults forage or hunt enough food to equal the
    Size of one mate": a Size 2 family with one Forage card stays; with two it is secured."""
    short = animal(MARMOT, mate=True, food=F(1), offspring=O(3))
    game = scenario(packs=[[animal(W("meadow_vole"))], [short]], stage="mate")
    assert not game.is_mature(game.packs[1][0])
    assert game.view(1)["packs"][1][0]["mature"] is False
    cascade = game.apply(EndTurn())
    assert "secure" not in kinds(cascade) and game.packs[1][0]["offspring"] == O(3)
    fed = animal(MARMOT, mate=True, food=[W("mountain_cottontail")], offspring=O(3))
    game = scenario(packs=[[animal(W("meadow_vole"))], [fed]], stage="mate")
    assert "secure" in kinds(game.apply(EndTurn())) and len(game.secured[1]) == 1
