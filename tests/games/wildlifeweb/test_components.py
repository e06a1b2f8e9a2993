"""The components: 50 species x 2 cards, Power sums, the rulebook's two cards exactly, the
reference values, and every card's effects drawn from the closed sets the engine runs."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from ecogames.games.wildlifeweb import components as c
from ecogames.games.wildlifeweb.components import ContentError, Filter

S = c.SPECIES


def test_one_hundred_wildlife_cards_fifty_species_two_each() -> None:
    assert len(S) == 50 and len(c.WILDLIFE_CARDS) == 100
    assert Counter(c.CARD_ANIMAL[x].id for x in c.WILDLIFE_CARDS) == {s: 2 for s in S}
    assert all(c.MATE_OF[c.MATE_OF[x]] == x != c.MATE_OF[x] for x in c.CARD_ANIMAL)


def test_the_rest_of_the_game_equipment() -> None:
    """"50 Event cards, 24 Forage cards, 15 Offspring cards, 1 Day/Night card, 4 Highway
    cards, 6 Game Play Reference cards"."""
    assert len(c.EVENT_CARDS) == 50 and len(c.FORAGE_CARDS) == 24
    assert len(c.OFFSPRING_CARDS) == 15 and len(c.HIGHWAY_CARDS) == 4
    assert set(c.DAY_NIGHT) == {"day", "night"} and c.REFERENCE_COPIES == 6
    assert len(set(c.ALL_CARDS)) == 100 + 50 + 24 + 15


@pytest.mark.parametrize("animal", list(c.ANIMALS.values()), ids=list(c.ANIMALS))
def test_power_is_the_sum(animal: c.Animal) -> None:
    """POWER = Size + Strength + Speed + Agility + number of habitats."""
    assert animal.power == (animal.size + animal.strength + animal.speed + animal.agility
                            + len(animal.habitats))
    for stat in (animal.size, animal.strength, animal.speed, animal.agility):
        assert 1 <= stat <= 5


def test_red_tailed_hawk_is_the_rulebook_card() -> None:
    hawk = S["red_tailed_hawk"]
    assert (hawk.name, hawk.scientific) == ("Red-tailed Hawk", "Buteo jamaicensis")
    assert (hawk.size, hawk.strength, hawk.speed, hawk.agility, hawk.power) == (2, 3, 5, 3, 16)
    assert hawk.habitat_order == ("air", "trees", "ground")
    assert hawk.activity == "diurnal" and hawk.diet == {"carnivore"}
    assert hawk.about.startswith("Soar or Perch: Hawks soar overhead when hunting")
    pair, swipe = hawk.abilities
    assert pair.name == "Pair Hunting" and pair.text == (
        "If hawk has a mate, and the first attack on a Size 1 or 2 mammal falls short, roll "
        "the dice and try again.")
    (reroll,) = pair.effects
    assert reroll.kind == "reroll" and reroll.mated
    assert reroll.vs == Filter(tags=frozenset({"mammal"}), max_size=2)
    assert swipe.name == "Swipe" and swipe.text == (
        "Swipe a meal from any raptor, only once per game.")
    (steal,) = swipe.effects
    assert (steal.kind, steal.once, steal.contest) == ("steal", True, "none")
    assert steal.victim == Filter(tags=frozenset({"raptor"}))


def test_yellow_bellied_marmot_is_the_rulebook_card() -> None:
    marmot = S["yellow_bellied_marmot"]
    assert (marmot.name, marmot.scientific) == ("Yellow-bellied Marmot", "Marmota flaviventris")
    assert (marmot.size, marmot.strength, marmot.speed, marmot.agility) == (2, 2, 2, 2)
    assert len(marmot.habitats) == 2 and "ground" in marmot.habitats and marmot.power == 10
    assert marmot.activity == "diurnal" and marmot.diet == {"herbivore"}
    fortress, chirp = marmot.abilities
    assert fortress.name == "Fortress" and fortress.text == (
        "Marmots dig holes under rocks where predators cannot follow. Add 5 points for "
        "defense, except against snakes, weasels, and badgers, which may pursue marmots "
        "underground.")
    (defence,) = fortress.effects
    assert defence.kind == "defence" and defence.bonus == 5 and not defence.mated
    assert defence.unless == (Filter(tags=frozenset({"snake", "weasel", "badger"})),)
    assert chirp.name == "Chirp" and chirp.text == (
        "Marmots chirp to alert others when danger approaches. Add 2 points for defense and "
        "take 2 Forage cards if marmot has a mate.")
    assert [(e.kind, e.bonus or e.count, e.mated) for e in chirp.effects] == [
        ("defence", 2, True), ("forage", 2, True)]


def test_reference_values() -> None:
    """shared/reference/wildlife-web.md."""
    coyote = S["coyote"]
    assert coyote.habitat_order == ("ground",) and coyote.agility == 3 and coyote.size == 4
    assert "steal" in coyote.effects and coyote.abilities[0].name == "Trickster"
    assert S["red_fox"].size == 3
    assert S["moose"].size == 5 and S["moose"].diet == {"herbivore"}
    assert S["mountain_cottontail"].size == 2 and "hide" in S["mountain_cottontail"].effects
    assert "hide" in S["snowshoe_hare"].effects  # rabbits survive by hiding
    assert S["deer_mouse"].size == 1
    assert S["black_bear"].size == 5
    elk = S["elk"]
    assert (elk.size, elk.strength) == (5, 5)
    (immune,) = elk.effects["immune"]
    assert immune.unless == (
        Filter(species=frozenset({"mountain_lion", "grizzly_bear", "wolverine"})),
        Filter(species=frozenset({"gray_wolf"}), mated=True))
    deer = S["white_tailed_deer"]
    assert (deer.size, deer.strength) == (4, 3)


REFERENCE_NAMES = {
    "red-tailed hawk": "red_tailed_hawk", "cooper's hawk": "coopers_hawk",
    "golden eagle": "golden_eagle", "great horned owl": "great_horned_owl",
    "turkey vulture": "turkey_vulture", "american crow": "american_crow",
    "black-billed magpie": "black_billed_magpie", "steller's jay": "stellers_jay",
    "american robin": "american_robin", "house wren": "house_wren",
    "black-capped chickadee": "black_capped_chickadee", "wild turkey": "wild_turkey",
    "greater sandhill crane": "sandhill_crane", "great blue heron": "great_blue_heron",
    "gray wolf": "gray_wolf", "coyote": "coyote", "red fox": "red_fox", "bobcat": "bobcat",
    "mountain lion": "mountain_lion", "black bear": "black_bear", "wolverine": "wolverine",
    "american badger": "american_badger", "short-tailed weasel": "short_tailed_weasel",
    "striped skunk": "striped_skunk", "porcupine": "porcupine", "muskrat": "muskrat",
    "yellow-bellied marmot": "yellow_bellied_marmot",
    "richardson's ground squirrel": "richardsons_ground_squirrel",
    "american red squirrel": "american_red_squirrel", "least chipmunk": "least_chipmunk",
    "bushy-tailed woodrat": "bushy_tailed_woodrat", "deer mouse": "deer_mouse",
    "pocket gopher": "northern_pocket_gopher", "short-tailed shrew": "short_tailed_shrew",
    "big brown bat": "big_brown_bat", "rabbit": "mountain_cottontail", "snake": "bullsnake",
    "white-tailed deer": "white_tailed_deer", "mule deer": "mule_deer", "elk": "elk",
    "moose": "moose", "pronghorn": "pronghorn", "grizzly bear": "grizzly_bear",
}


def test_every_species_named_in_the_rulebook_and_reference_is_in_the_deck() -> None:
    for name, ident in REFERENCE_NAMES.items():
        assert ident in S, name
        words = name.replace("rabbit", "cottontail").replace("snake", "bullsnake")
        assert words.split()[-1] in S[ident].name.lower(), name
    assert S["sandhill_crane"].name == "Greater Sandhill Crane"


def test_sizes_follow_body_mass() -> None:
    """docs/rules/wildlifeweb.md, "Size": typical adult mass bands; the bald eagle is rounded
    up with the golden eagle."""
    def band(kg: float) -> int:
        return 1 if kg < 0.25 else 2 if kg < 5 else 3 if kg < 12 else 4 if kg < 110 else 5

    off = {a.id for a in c.ANIMALS.values() if band(a.mass_kg) != a.size}
    assert off == {"bald_eagle"}
    for known, size in (("red_tailed_hawk", 2), ("yellow_bellied_marmot", 2), ("coyote", 4),
                        ("red_fox", 3), ("moose", 5), ("deer_mouse", 1)):
        assert band(S[known].mass_kg) == size


def test_activity_diet_and_habitats() -> None:
    assert {a.activity for a in S.values()} == set(c.ACTIVITIES)
    for a in S.values():
        assert a.day == (a.activity in ("diurnal", "crepuscular", "both"))
        assert a.night == (a.activity in ("nocturnal", "both"))
        assert a.can_forage or a.can_hunt or a.can_scavenge
    assert {h for a in S.values() for h in a.habitats} == set(c.HABITATS)
    assert {d for a in S.values() for d in a.diet} == set(c.DIETS)


def test_every_effect_kind_is_a_kind_the_engine_runs_and_each_is_used() -> None:
    used = {e.kind for a in c.ANIMALS.values() for ab in a.abilities for e in ab.effects}
    assert used == set(c.ABILITY_KINDS)
    events = {e.kind for ev in c.EVENTS.values() for e in ev.effects}
    assert events == set(c.EVENT_KINDS)


def test_events_by_time_and_the_pets() -> None:
    times = Counter(c.CARD_EVENT[x].time for x in c.EVENT_CARDS)
    assert set(times) == {"diurnal", "nocturnal", "both"}
    pets = [x for x in c.EVENT_CARDS if x in c.CARD_ANIMAL]
    assert sorted(c.CARD_ANIMAL[x].id for x in pets) == ["dog", "dog", "house_cat",
                                                          "house_cat"]
    assert all(c.MATE_OF[x] in pets for x in pets)
    kinds = {t for e in c.EVENTS.values() for t in e.tags}
    assert {"traffic", "hunting", "disease", "fire", "cold", "people", "pet"} <= kinds


def test_forage_cards_are_food_of_value_one() -> None:
    assert all(c.FOOD_VALUE[x] == 1 for x in c.FORAGE_CARDS)
    assert {f.group for f in c.FORAGE.values()} == {"plants", "invertebrates", "fish"}
    assert all(c.FOOD_VALUE[x] == c.CARD_ANIMAL[x].size for x in c.CARD_ANIMAL)


def _species_data() -> dict:
    return json.loads((c.HERE / "species.json").read_text())


def test_broken_cards_are_refused() -> None:
    raw = _species_data()["species"][0]
    known = frozenset(c.ANIMALS)
    c._animal(raw, False, known)
    with pytest.raises(ContentError, match="POWER 17 is not"):
        c._animal({**raw, "power": 17}, False, known)
    bad = {**raw, "abilities": [{"name": "X", "text": "x",
                                 "effects": [{"kind": "teleport"}]}]}
    with pytest.raises(ContentError, match="effect kind must be one of"):
        c._animal(bad, False, known)
    bad = {**raw, "abilities": [{"name": "X", "text": "x",
                                 "effects": [{"kind": "defence", "bonus": 2, "size": 3}]}]}
    with pytest.raises(ContentError, match="does not take"):
        c._animal(bad, False, known)
    with pytest.raises(ContentError, match="unknown habitats"):
        c._animal({**raw, "habitats": ["space"]}, False, known)
    with pytest.raises(ContentError, match="scope must be you"):
        c._event_effect({"kind": "kill", "scope": "all", "filter": {}, "to": "discard"},
                        "x", known, frozenset(c.PETS))
    with pytest.raises(ContentError, match="unknown species"):
        c._filter({"species": ["dodo"]}, "x", known)


def test_diets_and_habitats_the_rulebook_states() -> None:
    """Every diet and habitat the rulebook's text implies (docs/rules/wildlifeweb.md, "Diets
    and habitats the rulebook states")."""
    # "A Size 3 carnivore (fox) must hunt for prey adding up to Size 3 or more"
    fox = S["red_fox"]
    assert fox.diet == {"carnivore"} and fox.can_hunt
    assert not fox.can_forage and not fox.can_scavenge
    # "Coyote ... could do a regular hunt OR apply Trickster to steal a meal from another
    # carnivore"; "Coyote has an Agility of 3 ... Coyote wins a free roadkill meal"
    coyote = S["coyote"]
    assert coyote.diet == {"carnivore", "scavenger"}
    assert coyote.can_hunt and coyote.can_scavenge and not coyote.can_forage
    # "hawks have icons for air, trees, and ground, so they may hunt prey in all three"
    hawks = [a for a in S.values() if a.name.endswith(" Hawk")]
    assert len(hawks) == 2
    for hawk in hawks:
        assert hawk.habitats == {"air", "trees", "ground"}, hawk.name
        assert "carnivore" in hawk.diet
    # "coyotes only have one habitat icon, for ground"; "some species seasonally den
    # underground, such as coyotes and foxes, but ... that habitat is not included"
    assert coyote.habitats == {"ground"} and fox.habitats == {"ground"}
    # Fortress: "snakes, weasels, and badgers, which may pursue marmots underground"
    diggers = [a for a in S.values() if a.tags & {"snake", "weasel", "badger"}]
    assert len(diggers) == 3
    for digger in diggers:
        assert "underground" in digger.habitats and digger.diet == {"carnivore"}, digger.name
    # "Scavengers eat carrion ... and some may steal it from other carnivores"
    for a in S.values():
        if "scavenger" in a.diet and "steal" in a.effects:
            assert a.can_hunt, a.name
    # "Carnivores hunt other animals": the hawk, the rulebook's sample hunter
    assert S["red_tailed_hawk"].diet == {"carnivore"}


def test_alike_keeps_the_first_card_of_each_kind_in_the_cards_order() -> None:
    """``alike`` (D33) against its definition: of each kind among the cards, the one
    first in the cards' order, the cards kept in the order given; over random hands of
    every kind of card (fails when a card stays beside the one alike and before it)."""
    import random

    deck = sorted(c.CARD_GROUP, key=c.CARD_RANK.__getitem__)
    rng = random.Random(5)
    for _ in range(400):
        cards = rng.sample(deck, rng.randint(0, 30))
        first: dict[str, str] = {}
        for card in sorted(cards, key=c.CARD_RANK.__getitem__):
            first.setdefault(c.CARD_GROUP[card], card)
        assert c.alike(cards) == [card for card in cards if first[c.CARD_GROUP[card]] == card]
    assert max(Counter(c.CARD_GROUP.values()).values()) == 2  # what ALIKE_BEFORE relies on
