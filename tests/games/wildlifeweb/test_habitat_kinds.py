"""The central habitat's kinds (``WildlifeWeb.habitat_kinds``, D33) are kept as cards come
and go, not worked out anew for each listing: whenever they are asked, they must be what
``alike`` of the habitat says, through every door and after any copy."""

from __future__ import annotations

import random

import pytest

from ecogames.games.wildlifeweb.components import alike
from ecogames.games.wildlifeweb.rules import WildlifeWeb


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("door", ["push", "apply"])
def test_the_habitat_kinds_are_alike_of_the_habitat_after_every_action(players: int,
                                                                       door: str) -> None:
    kept = 0
    for seed in range(6):
        game = WildlifeWeb.new_game(players=players, seed=seed)
        choose = random.Random(seed).choice
        step = 0
        while not game.is_over:
            step += 1
            known = game._kinds
            kinds = game.habitat_kinds()
            assert kinds == alike(game.habitat), (seed, step)
            kept += known is not None and known[1] is kinds
            twin = game.clone()
            assert twin.habitat_kinds() == kinds
            getattr(game, door)(choose(game.legal_actions()))
    assert kept  # (kept from one action to the next, not only worked out anew)
