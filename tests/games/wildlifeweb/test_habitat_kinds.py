"""The central habitat's kinds (``WildlifeWeb.habitat_kinds``, D33) are kept as cards come
and go, not worked out anew for each listing: whenever they are asked, they must be what
``alike`` of the habitat says, through every door and after any copy; and the draft's and
the restock's choices among them, ``alike`` of their choices among the whole habitat."""

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
            # the draft's and the restock's listings offer their choices among the kinds:
            # a species leaves the draft with both its cards, and a potential mate's alike
            # card is the unmated animal itself, in a Pack
            for p in range(players):
                assert game._draft_choices(p, kinds) == alike(game._draft_choices(p))
            assert game._restock_choices(kinds) == alike(game._restock_choices())
            twin = game.clone()
            assert twin.habitat_kinds() == kinds
            getattr(game, door)(choose(game.legal_actions()))
    assert kept  # (kept from one action to the next, not only worked out anew)
