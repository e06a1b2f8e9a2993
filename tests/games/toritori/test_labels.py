"""Every action's label reads like the rulebook (``Game.describe`` uses the state)."""

from __future__ import annotations

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
)
from tests.games.toritori.scenario import build, token


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
        AdvancedBotany(): "Advanced Botany: plant 0 Native Tree(s) in sector 5",
        AnimalTracking(bird): "Animal Tracking: move the Tori-tori (on a Native Tree) of "
                              "sector 5 to sector 3",
        SpecializedTracking(bird, "8"): "Specialized Animal Tracking: move the Tori-tori (on "
                                        "a Native Tree) of sector 5 to sector 8",
        Veterinary(cat): "Veterinary: remove the Cat of sector 5",
        Gardening(bush): "Gardening: remove the Invasive Bush of sector 5",
        AdvancedGardening((bush,)): "Advanced Gardening: remove Invasive Bush from sector 5",
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
