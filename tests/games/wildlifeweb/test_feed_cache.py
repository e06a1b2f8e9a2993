"""The actions worked out when a turn reaches or stays in the feed stage (or the swap, the
restock or the draft) are the legal list after that action (``WildlifeWeb._listed``): they
must be exactly what the state gives when asked afresh, after play, undo, clone, determinize
and load."""

from __future__ import annotations

import random

from ecogames.core import Action, Rng
from ecogames.games.wildlifeweb import EndFeeding, Forage, WildlifeWeb, feeding, new_game


def fresh_legal(game: WildlifeWeb) -> list[Action]:
    """The legal actions of the same state in a game that has remembered nothing."""
    return WildlifeWeb.from_state(game._state()).legal_actions()


def feed_states(seed: int, stages: tuple[str, ...] = ("feed",),
                players: int = 2) -> list[WildlifeWeb]:
    """A random game played through ``push``, with a copy of it at each of its states in
    ``stages`` (the copies share the remembered actions, as clones do)."""
    choose = random.Random(seed).choice
    game = new_game(players=players, seed=seed)
    out = []
    while not game.is_over:
        if game.phase in stages:
            out.append(game.clone())
        game.push(choose(game.legal_actions()))
    return out


def test_remembered_feed_actions_are_the_fresh_ones() -> None:
    checked = 0
    for seed in range(6):
        for game in feed_states(seed):
            assert game.legal_actions() == fresh_legal(game)
            checked += 1
    assert checked > 100


def test_remembered_swaps_restocks_and_drafts_are_the_fresh_ones() -> None:
    stages = ("swap", "restock", "draft")
    met: dict[str, int] = {}
    for seed in range(6):
        for game in feed_states(seed, stages, players=2 + seed % 4):
            assert game.legal_actions() == fresh_legal(game)
            met[game.phase] = met.get(game.phase, 0) + 1
    assert set(met) == set(stages) and min(met.values()) > 20, met


def test_the_feed_actions_after_undo_clone_determinize_and_load() -> None:
    choose = random.Random(7).choice
    game = new_game(players=2, seed=7)
    checked = 0
    while not game.is_over and checked < 40:
        game.push(choose(game.legal_actions()))
        if game.phase != "feed":
            continue
        twin = game.clone()
        twin.push(choose(twin.legal_actions()))  # the copy plays on; the original stays
        assert game.legal_actions() == fresh_legal(game)
        assert twin.legal_actions() == fresh_legal(twin)
        searched = game.determinize(0, Rng(checked))
        assert searched.legal_actions() == fresh_legal(searched)
        loaded = WildlifeWeb.from_dict(game.to_dict())
        assert loaded.legal_actions() == game.legal_actions()
        game.push(choose(game.legal_actions()))
        game.undo()
        assert game.legal_actions() == fresh_legal(game)
        checked += 1
    assert checked == 40


def test_a_forage_that_empties_the_deck_works_the_list_out_anew() -> None:
    """After a feed action that changed nothing the other animals' actions read (a hungry
    hunter, a Forage that leaves cards in the deck), the list is the one before it less the
    animal's own (``WildlifeWeb._fed``); a Forage that takes the deck's last card changed
    what they read: no one else may forage. Played with a Forage deck of 2 cards (not a
    set-up the rules make, the same rules), the remembered list is the fresh one at every
    feed state, also after foragers emptied the deck with another forager waiting."""
    emptied = 0
    for seed in range(12):
        choose = random.Random(seed).choice
        game = new_game(players=2, seed=seed)
        game.fdeck = game.fdeck[:2]
        while not game.is_over:
            legal = game.legal_actions()
            if game.phase == "feed":
                assert legal == [*feeding.feed_actions(game), EndFeeding()]
            action = choose(legal)
            foragers = sum(isinstance(a, Forage) for a in legal)
            game.push(action)
            emptied += (isinstance(action, Forage) and foragers > 1 and not game.fdeck
                        and game.phase == "feed")
    assert emptied > 5


def test_after_a_meal_the_list_is_patched_as_the_fresh_one() -> None:
    """A hunt that eats its prey, or carrion taken, changes only which cards the other
    animals' actions may name (``feeding.Gone``): the list is the one before it less the
    animal's own and those naming the prey (or the carrion, or a lone Pack prey's food,
    gone with it). A card alike the meal now offered in its place, a pair split or Forage
    cards back in an empty deck have it listed anew. At every feed state after each, the
    remembered list is the fresh one; every case is met."""
    from ecogames.games.wildlifeweb import Hunt, Scavenge
    from ecogames.games.wildlifeweb.components import ALIKE_AFTER

    met: dict[str, int] = {}
    for seed in range(40):
        choose = random.Random(seed).choice
        game = new_game(players=2 + seed % 3, seed=seed)
        while not game.is_over:
            action = choose(game.legal_actions())
            case = None
            if isinstance(action, Hunt):
                found = game.find(action.prey)
                if found is None:
                    twin = ALIKE_AFTER.get(action.prey) in game.habitat
                    case = "habitat, alike card behind" if twin else "habitat"
                elif found[1]["mate"] is not None:
                    case = "a pair split"
                else:
                    case = "lone, with food" if found[1]["food"] else "lone"
            elif isinstance(action, Scavenge):
                twin = ALIKE_AFTER.get(action.carcass) in game.highway
                case = "carrion, alike card behind" if twin else "carrion"
            before = len(game.habitat) + len(game.highway) + sum(map(len, game.packs))
            game.push(action)
            eaten = len(game.habitat) + len(game.highway) + sum(map(len, game.packs)) < before
            if case is not None and (eaten or case == "a pair split") \
                    and game.phase == "feed":
                assert game.legal_actions() == fresh_legal(game)
                met[case] = met.get(case, 0) + 1
    assert set(met) == {"habitat", "habitat, alike card behind", "a pair split", "lone",
                        "lone, with food", "carrion", "carrion, alike card behind"}, met


def test_a_thief_skips_only_victims_no_steal_ability_names() -> None:
    """``feeding._steals`` looks only at the victims ``_named_victims`` gives: every other
    animal, in any state, is one its steal abilities take nothing from."""
    from ecogames.games.wildlifeweb.components import CARD_ANIMAL

    thieves = [c for c, kind in CARD_ANIMAL.items() if "steal" in kind.effects]
    assert thieves
    for thief in thieves:
        effects = list(CARD_ANIMAL[thief].effects["steal"])
        named = feeding._named_victims(thief)
        assert named  # (each thief names somebody)
        for card, kind in CARD_ANIMAL.items():
            takes = {feeding._victim_takes(effects, kind, mated, active)
                     for mated in (False, True) for active in (False, True)}
            assert (takes != {"none"}) == (card in named), (thief, card, takes)
