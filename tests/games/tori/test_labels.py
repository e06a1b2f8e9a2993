"""What the players read: every legal action has its own label (issue 12 §7), in good
English ("an ice cream stall"), and the rules' fast walks (bit masks) are networkx's."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecogames.core import Rng
from ecogames.games.tori import Build, DiscardGoods, Tori
from ecogames.games.tori.actions import a_good
from ecogames.games.tori.components import GOODS
from ecogames.games.tori.walking import (
    BIT,
    WALKABLE,
    bits,
    closer_than,
    customer_path,
    distance,
    distances_from,
    reach,
    region_of,
    steps,
    steps_from,
    walk_layers,
    walk_path,
    walking_regions,
)

from .scenario import scenario

NO_SHRINK = ("explicit", "reuse", "generate")  # a whole game replayed per shrink: minutes


@settings(max_examples=6, deadline=None, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_every_legal_action_has_its_own_label(seed, players):
    """At every step of a random game (up to 1,500 actions), the labels of the legal
    actions, as the players read them (``describe``), are all different."""
    game, rng = Tori.new_game(players=players, seed=seed), Rng(seed)
    for _ in range(1500):
        if game.is_over:
            break
        legal = game.legal_actions()
        labels = [game.describe(a) for a in legal]
        assert len(set(labels)) == len(labels), sorted(
            x for x in labels if labels.count(x) > 1)[:4]
        game.push(rng.choice(legal))


def test_an_before_a_vowel():
    assert a_good("ice_cream") == "an ice cream" and a_good("souvenirs") == "an Olympic souvenirs"
    assert a_good("fish") == "a fish" and a_good("vegetables") == "a vegetables"
    assert Build("ice_cream", 3, 5, "N").label() == "Build an ice cream stall at (3, 5), entrance N"
    assert DiscardGoods("ice_cream").label() == "Discard an ice cream goods card"
    game = scenario(build={0: [5]})
    cascade = game.apply(Build("ice_cream", 3, 5, "N"))
    assert "builds an ice cream stall" in cascade.events[0].text
    for good in GOODS:
        assert " a ice" not in Build(good, 3, 5, "N").label()  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), crowd=st.integers(0, 70))
def test_the_fast_walks_are_networkx_walks(seed, crowd):
    """walk_layers / reach / steps (bit masks) give networkx's distances and regions."""
    r = random.Random(seed)
    cells = sorted(WALKABLE)
    blocked = frozenset(r.sample(cells, crowd))
    source = r.choice(cells)
    mask = bits(blocked)
    layers = walk_layers(mask, source)
    expected = distances_from(blocked, source)
    found = {c: steps(layers, BIT[c]) for c in cells}
    assert {c: d for c, d in found.items() if d is not None} == dict(expected)
    # the bots' shortcuts: every cell's steps at once, and a walk that stops at its cell
    assert {c: steps_from(mask, source)[BIT[c]] for c in expected} == dict(expected)
    assert len(steps_from(mask, source)) == len(expected)
    assert {c: distance(mask, source, BIT[c]) for c in cells} == found
    regions = walking_regions(blocked)
    if source in regions:
        assert {c for c in cells if BIT[c] & reach(mask, source)} == {
            c for c, region in regions.items() if region == regions[source]}
    else:
        assert reach(mask, source) == 0 and layers == ()
    # region_of shares the walks of the customers before: the same parts of the square
    for other in r.sample(cells, 5):
        assert region_of(mask, other) == reach(mask, other)
    assert region_of(mask, source) == reach(mask, source)
    # closer_than: the rivals strictly nearer than the door, None if the door is out of reach
    door, *rivals = r.sample(cells, 4)
    nearer = closer_than(mask, source, BIT[door], bits(rivals))
    if door not in expected:
        assert nearer is None
    else:
        assert nearer == sum(1 for c in rivals if expected.get(c, 999) < expected[door])
    # walk_path: networkx's own shortest walk (the same one of several), () where it has none
    for target in (door, source, r.choice(sorted(blocked or cells))):
        assert list(walk_path(mask, source, target)) == customer_path(blocked, source, target)
