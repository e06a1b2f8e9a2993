"""Every action's label reads like the rulebook (``Game.describe`` uses the state)."""

from __future__ import annotations

import pytest

from ecogames.core import IllegalAction, Rng
from ecogames.games.toritori import (
    ActivateAnimal,
    AdvancedBotany,
    AdvancedGardening,
    AnimalTracking,
    Bicycle,
    ChooseFirst,
    ChooseFood,
    Gardening,
    Motorcycle,
    Move,
    MoveOther,
    Plant,
    Protect,
    Roll,
    SpecializedTracking,
    Study,
    TransformPlant,
    Veterinary,
    new_game,
)
from ecogames.games.toritori.rules import ToriTori
from tests.games.toritori.scenario import build, solve, token, tokens


def test_labels_read_like_the_rulebook():
    game = build({6: ["GP", "FX"], 12: ["NT"], 5: ["TT>NT", "CT", "IB"], 10: ["TT"]},
                 active="red", stage="actions", pawns={"red": 5, "blue": 3},
                 markers={"blue": "N3"})
    bird, cat, bush = token(game, 5, "TT>NT"), token(game, 5, "CT"), token(game, 5, "IB")
    labels = {
        Roll(): "Roll the two dice",
        Study("W1"): "Study: advance to W1 (Animal Tracking)",
        Move("10"): "Move to sector 10",
        Move("village"): "Move to the Village",
        Bicycle("11"): "Bicycle to sector 11",
        Motorcycle(("10", "11")): "Motorcycle to sector 11 via sector 10",
        Plant(): "Plant a Native Tree in sector 5",
        AdvancedBotany(): "Advanced Botany: plant no Native Tree in sector 5",
        AnimalTracking(bird): "Animal Tracking: move the Tori-tori (on a Native Tree) of "
                              "sector 5 to sector 3",
        SpecializedTracking(bird, "8"): "Specialized Animal Tracking: move the Tori-tori (on "
                                        "a Native Tree) of sector 5 to sector 8",
        Veterinary(cat): "Veterinary: remove the Cat of sector 5",
        Gardening(bush): "Gardening: remove the Invasive Bush of sector 5",
        AdvancedGardening((bush,)): "Advanced Gardening: remove an Invasive Bush from sector 5",
        TransformPlant(bush): "Transforming Plants: turn the Invasive Bush of sector 5 into a "
                              "Native Tree",
        Protect(bird): "Protect Animal: protect the Tori-tori (on a Native Tree) of sector 5",
        ActivateAnimal(cat): "Activate Animals: activate the Cat of sector 5",
        MoveOther(1, "motorcycle", ("5", "11")): "Move another pawn: Player 2 (blue)'s pawn "
                                                 "to sector 11 via sector 5 (Motorcycle)",
        ChooseFirst(bird): "Activate the Tori-tori (on a Native Tree) of sector 5 first",
        ChooseFood(cat): "Eat the Cat of sector 5",
    }
    for action, label in labels.items():
        assert game.describe(action) == label
        assert action.label()  # without the state, too
    assert Veterinary(999).label() == "Veterinary: remove Cat token 999"
    assert game.describe(Veterinary(999)) == "Veterinary: remove Cat token 999"


def test_own_labels_are_the_actions_described_without_the_state():
    # core's lazy telling: apply leaves the label of an own_labels type to be read, so those
    # are exactly the types view.describe does not word from the state
    from ecogames.games.toritori import ACTION_TYPES, view

    assert ToriTori.own_labels == frozenset(ACTION_TYPES) - frozenset(view._WORDS)


def labels_are_distinct(game: ToriTori) -> None:
    labels = [game.describe(a) for a in game.legal_actions()]
    repeated = sorted({label for label in labels if labels.count(label) > 1})
    assert not repeated, repeated


def test_two_identical_cats_give_one_choice_per_ability_d53():
    # issue 12 §7: two bare Cats in sector 7 gave two identical "Specialized Animal Tracking:
    # move the Cat of sector 7 to sector 1" buttons, and two identical Veterinary buttons
    game = build({7: ["CT", "CT", "CT>GP"], 6: ["TT", "GP", "FX"], 12: ["NT"]}, active="red",
                 stage="actions", pawns={"red": 7}, markers={"red": "N5"})
    bare, fed = tokens(game, 7, "CT"), token(game, 7, "CT>GP")
    legal = game.legal_actions()
    vets = [a for a in legal if isinstance(a, Veterinary)]
    assert [a.token for a in vets] == [bare[0], fed]  # the first bare Cat stands for both
    assert [game.describe(a) for a in vets] == [
        "Veterinary: remove the Cat of sector 7",
        "Veterinary: remove the Cat (on a Guinea pig) of sector 7"]
    tracks = [a for a in legal if isinstance(a, SpecializedTracking)]
    assert {a.token for a in tracks} == {bare[0], fed}
    assert len(tracks) == 2 * len({a.to for a in tracks})
    labels_are_distinct(game)
    assert Veterinary(bare[1]) not in legal
    with pytest.raises(IllegalAction, match=f"like the first such pile of sector 7 \\(token "
                                            f"{bare[0]}\\).*one choice"):
        game.apply(Veterinary(bare[1]))


def test_identical_plants_give_one_gardening_choice_d53():
    game = build({5: ["NT", "NT", "IB"], 6: ["TT", "GP", "FX"]}, active="red",
                 stage="actions", pawns={"red": 5}, markers={"red": "G5"})
    gardening = [game.describe(a) for a in game.legal_actions() if isinstance(a, Gardening)]
    assert gardening == ["Gardening: remove the Native Tree of sector 5",
                         "Gardening: remove the Invasive Bush of sector 5"]
    labels_are_distinct(game)


def test_a_meal_among_two_identical_piles_and_a_different_one_offers_two_choices():
    # the Fox of 6 finds no Guinea pig next door, and Tori-toris (its 2nd preference) in
    # sector 8: two bare, one on a tree
    game, _, _ = solve({6: ["FX"], 8: ["TT", "TT>NT", "TT"], 1: ["NT", "GP"], 2: ["IB"]},
                       "sector_6")
    game.apply(Roll())
    assert game.stage == "choose_food"
    options = game.view()["decision"]["options"]
    assert len(options) == 2 and options == [a.token for a in game.legal_actions()]
    assert sorted(game.describe(a) for a in game.legal_actions()) == [
        "Eat the Tori-tori (on a Native Tree) of sector 8", "Eat the Tori-tori of sector 8"]


def test_every_label_is_distinct_at_every_step_of_random_games():
    for seed in range(60):
        game = new_game(players=2 + seed % 3, seed=seed, difficulty=("basic", "expert")[seed % 2])
        rng = Rng(seed)
        while not game.is_over:
            labels_are_distinct(game)
            legal = game.legal_actions()
            game.push(legal[rng.below(len(legal))])


def test_labels_and_sentences_read_as_english():
    # issue 12 §7 (grammar): no "a Invasive Bush", no "token(s)", no "plant 1 Native Trees"
    import re

    wrong = re.compile(r"\b[aA] [AEIOU]|\ban [^AEIOU\W]|\(s\)|\b1 (?:Native Trees|tokens)\b")
    for seed in range(12):
        game = new_game(players=2 + seed % 3, seed=seed)
        rng = Rng(seed)
        while not game.is_over:
            legal = game.legal_actions()
            texts = [game.describe(a) for a in legal]
            cascade = game.apply(legal[rng.below(len(legal))])
            texts += [e.text for e in cascade]
            texts += [d.label(o) for d in cascade.chances for o in d.outcomes]
            assert not [t for t in texts if wrong.search(t)], [t for t in texts
                                                               if wrong.search(t)]
