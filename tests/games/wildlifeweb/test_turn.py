"""Sequence of a Turn: replace missing cards, Diurnal vs. Nocturnal, Draw an Event Card,
Between Turns, Restock Roadkill, and Instructions for Swapping Wildlife Cards."""

from __future__ import annotations

import pytest

from ecogames.core import IllegalAction
from ecogames.games.wildlifeweb import (
    DeclinePet,
    DrawWildlife,
    EndFeeding,
    EndTurn,
    Forage,
    KeepPack,
    PlaceRoadkill,
    Swap,
    TakeFromHabitat,
    new_game,
)
from ecogames.games.wildlifeweb import components as c
from tests.games.wildlifeweb.helpers import E, F, W, animal, kinds, scenario, texts

MOUSE, MARMOT, HAWK = W("deer_mouse"), W("yellow_bellied_marmot"), W("red_tailed_hawk")


def full_pack(*cards: str) -> list[dict]:
    return [animal(x) for x in cards]


def deck_with(top_last: list[str], used: set[str]) -> list[str]:
    return [x for x in c.WILDLIFE_CARDS if x not in used and x not in top_last] + top_last


PACK0 = (W("meadow_vole"), W("elk"), W("moose"), W("bobcat"))
PACK1 = (W("pronghorn"), W("osprey"), W("beaver"), W("coyote"))


def end_the_turn(game: object) -> object:
    """Play on to the end of the current turn, deciding nothing (keep the Pack, draw
    replacements, stop feeding, leave a pet), and pass the dice."""
    while game.phase != "mate":
        legal = game.legal_actions()
        game.apply(next((a for a in legal if isinstance(
            a, (KeepPack, DrawWildlife, EndFeeding, DeclinePet))), legal[0]))
    return game.apply(EndTurn())


def test_day_night_turns_when_play_returns_to_the_dealer() -> None:
    """"Game play starts in daytime ... When play returns to the dealer, the card is flipped
    over to Night"; at daybreak it returns to Day."""
    game = new_game(players=2, seed=7)
    while game.phase in ("setup_roadkill", "draft"):
        game.apply(game.legal_actions()[0])
    assert game.day and game.round == 0 and game.turn == 1 and game.active == 0
    cascade = end_the_turn(game)
    assert game.day and game.active == 1 and "daynight" not in kinds(cascade)  # same round
    cascade = end_the_turn(game)
    assert not game.day and game.active == 0 and game.round == 1
    assert "daynight" in kinds(cascade) and "Night" in cascade[0].text
    end_the_turn(game)
    cascade = end_the_turn(game)
    assert game.day and game.round == 2 and game.turn == 5 and game.active == 0
    assert "to Day" in texts(cascade)


def test_only_active_animals_feed_crepuscular_as_diurnal_both_always() -> None:
    """Diurnal animals play by Day, nocturnal by Night, both every turn, crepuscular as
    diurnal."""
    mouse, deer, vole = W("deer_mouse"), W("white_tailed_deer"), W("meadow_vole")
    day = scenario(packs=[full_pack(mouse, deer, vole), []], day=True)
    assert {a.animal for a in day.legal_actions() if isinstance(a, Forage)} == {deer, vole}
    night = scenario(packs=[full_pack(mouse, deer, vole), []], day=False)
    assert {a.animal for a in night.legal_actions() if isinstance(a, Forage)} == {mouse, vole}
    with pytest.raises(IllegalAction, match="only active animals may feed"):
        night.apply(Forage(deer))


def test_replace_missing_cards_from_the_habitat_or_the_deck() -> None:
    """Step 1: "choose replacements from the habitat area (except roadkill) or draw from the
    Wildlife deck"; the Pack keeps the number of cards dealt (not counting mates)."""
    pack = [animal(W("meadow_vole"), mate=True), animal(W("elk"))]
    game = scenario(packs=[pack, full_pack(*PACK1)], stage="replace",
                    habitat=[W("moose"), W("bobcat")], highway=[W("mule_deer")])
    legal = game.legal_actions()
    assert set(legal) == {TakeFromHabitat(W("moose")), TakeFromHabitat(W("bobcat")),
                          DrawWildlife()}
    with pytest.raises(IllegalAction, match="except roadkill"):
        game.apply(TakeFromHabitat(W("mule_deer")))
    game.apply(TakeFromHabitat(W("moose")))
    assert game.phase == "replace"
    game.apply(DrawWildlife())
    assert game.wildlife_count(0) == 4 and game.phase != "replace"


def test_taking_a_free_mate_from_the_habitat_when_replacing() -> None:
    """Tip: "look for a free mate for your other animals. Mate the two together without
    discarding accumulated food, and then select another Wildlife card"."""
    pack = [animal(W("elk"), food=F(1)), animal(W("moose")), animal(W("bobcat"))]
    game = scenario(packs=[pack, full_pack(*PACK1)], stage="replace",
                    habitat=[W("elk", 2), W("meadow_vole")])
    cascade = game.apply(TakeFromHabitat(W("elk", 2)))
    assert kinds(cascade) == ["replace", "mate"]
    assert game.packs[0][0]["mate"] == W("elk", 2) and game.packs[0][0]["food"] == F(1)
    assert game.phase == "replace"


def test_swap_one_card_to_the_habitat_and_draw_a_replacement() -> None:
    """Swapping: "Discard the Wildlife card to the central habitat, and discard any attached
    food ... Draw a replacement Wildlife card from the Wildlife deck"."""
    pack = [animal(W("meadow_vole"), food=[*F(1), MOUSE]), *full_pack(*PACK0[1:])]
    used = {*PACK0, *PACK1, MOUSE}
    game = scenario(packs=[pack, full_pack(*PACK1)], stage="swap",
                    wdeck=deck_with([W("porcupine")], used))
    assert set(game.legal_actions()) == {*(Swap(x) for x in PACK0), KeepPack()}
    cascade = game.apply(Swap(W("meadow_vole")))
    assert kinds(cascade)[:2] == ["swap", "draw"]
    assert W("meadow_vole") in game.habitat and game.wdiscard == [MOUSE]
    assert F(1)[0] in game.fdeck
    assert [a["card"] for a in game.packs[0]][-1] == W("porcupine")
    assert game.phase not in ("swap", "replace")  # one swap only; the Pack is full


def test_mated_pairs_and_families_are_not_swapped() -> None:
    """D8: the swap is "1 Wildlife card": a mated pair or a family stays. With nothing to
    swap, the dealer's turn goes straight on to replacing the missing cards."""
    pack = [animal(W("meadow_vole"), mate=True), animal(W("elk"), offspring="o.01")]
    game = scenario(packs=[pack, [animal(MOUSE)]], stage="mate", active=1, day=True)
    game.apply(EndTurn())
    assert game.active == 0 and game.phase == "replace"
    with pytest.raises(IllegalAction, match="not allowed now: the replace step"):
        game.apply(Swap(W("meadow_vole")))
    with_single = [*pack, animal(W("moose"))]
    game = scenario(packs=[with_single, [animal(MOUSE)]], stage="mate", active=1)
    game.apply(EndTurn())
    assert game.phase == "swap" and game.legal_actions() == [Swap(W("moose")), KeepPack()]
    with pytest.raises(IllegalAction, match="D8"):
        game.apply(Swap(W("elk")))


def test_an_event_of_the_wrong_time_is_held_and_applied_the_following_turn() -> None:
    """"If a nocturnal Event card is drawn during daytime, or vice versa, turn it upside
    down and apply it the following turn. Do not draw additional Event cards"."""
    edeck = [x for x in c.EVENT_CARDS if x != E("moonless_night")] + [E("moonless_night")]
    game = scenario(packs=[full_pack(*PACK0[:3]), full_pack(*PACK1)], stage="replace",
                    edeck=edeck, habitat=[MOUSE])
    cascade = game.apply(TakeFromHabitat(MOUSE))
    assert "event_held" in kinds(cascade) and game.pending == [E("moonless_night"), None]
    assert game.mods == [] and len(game.edeck) == 49
    assert game.view(0)["held_event"] == [E("moonless_night"), None]
    assert game.view(1)["held_event"] == ["hidden", None]  # others see only its back
    assert "Moonless" not in cascade[-1].text
    # Player 1's next turn is at night: the held card is applied, none is drawn
    night = scenario(packs=[full_pack(*PACK0[:3]), full_pack(*PACK1)], stage="replace",
                     pending=[E("moonless_night"), None], day=False, habitat=[MOUSE])
    cascade = night.apply(TakeFromHabitat(MOUSE))
    assert "Moonless Night" in cascade[-2].text and night.pending == [None, None]
    assert night.mods == [[E("moonless_night"), 0]] and len(night.edeck) == 49


def test_event_cards_apply_only_to_your_animals_unless_instructed() -> None:
    edeck = [x for x in c.EVENT_CARDS if x != E("spring_green_up")] + [E("spring_green_up")]
    game = scenario(packs=[full_pack(*PACK0[:3]), full_pack(*PACK1)], stage="replace",
                    edeck=edeck, habitat=[MOUSE])
    game.apply(TakeFromHabitat(MOUSE))
    assert [len(a["food"]) for a in game.packs[0]] == [1, 1, 1, 1]  # all eat plants
    assert all(a["food"] == [] for a in game.packs[1])  # not the other player's beaver


def test_restock_roadkill_at_daybreak_avoiding_potential_mates() -> None:
    """Restock Roadkill: fewer than 4 on the highway when the card returns to daylight;
    "Check each player's Wildlife cards to avoid losing potential mates as roadkill"."""
    game = scenario(packs=[full_pack(*PACK0), full_pack(*PACK1)], stage="mate", day=False,
                    active=1, highway=[W("mule_deer"), W("striped_skunk")],
                    habitat=[W("elk", 2), W("porcupine"), W("muskrat"), W("coyote", 2)])
    cascade = game.apply(EndTurn())
    assert game.phase == "restock" and game.current_player == 0 and game.day
    assert "restock" in kinds(cascade)
    assert set(game.legal_actions()) == {PlaceRoadkill(W("porcupine")),
                                         PlaceRoadkill(W("muskrat"))}
    with pytest.raises(IllegalAction, match="potential mates"):
        game.apply(PlaceRoadkill(W("elk", 2)))
    game.apply(PlaceRoadkill(W("porcupine")))
    game.apply(PlaceRoadkill(W("muskrat")))
    assert len(game.highway) == 4 and game.phase != "restock"


def test_no_restock_at_nightfall() -> None:
    game = scenario(packs=[full_pack(*PACK0), full_pack(*PACK1)], stage="mate", day=True,
                    active=1, highway=[], habitat=[W("porcupine")])
    game.apply(EndTurn())
    assert not game.day and game.highway == [] and game.phase != "restock"


def test_end_feeding_then_the_mating_step() -> None:
    game = scenario(packs=[full_pack(W("meadow_vole")), []])
    assert Forage(W("meadow_vole")) in game.legal_actions()
    game.apply(EndFeeding())
    assert game.phase == "mate" and game.legal_actions() == [EndTurn()]
