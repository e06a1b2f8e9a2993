"""The components: every count of the reference file, the board, the bonus cards."""

from collections import Counter
from itertools import combinations

from ecogames.games.tori import components as c


def test_counts_from_the_reference_file():
    assert len(c.CUSTOMERS) == 6
    assert len(c.INFORMATION_POINTS) == 3
    assert len(c.COATS_OF_ARMS) == 4
    assert c.STALLS_PER_PLAYER * len(c.COATS_OF_ARMS) == 24
    assert sum(c.EXPANSION_TILES.values()) == 34
    assert c.GOODS_CARDS_PER_GOOD * len(c.GOODS) == 60
    assert c.BUILD_CARDS_PER_ZONE * len(c.ZONES) == 36
    assert tuple(range(1, 10)) == c.ZONES
    assert len(c.GOODS) * len(c.MEDALS) == 12
    assert len(c.AREA_CARDS) + len(c.COLOUR_CARDS) == 20
    assert c.HAND_LIMIT == 8 and c.DISPLAY_SIZE == 5


def test_goods_keep_their_danish_names():
    assert [g.danish for g in c.GOODS_LIST] == [
        "grøntsager", "blomster", "is", "fisk", "lemonade", "OL souvenirs"]
    assert c.GOOD["souvenirs"].colour == "purple"  # "De lilla souvenirboder"
    assert len({g.colour for g in c.GOODS_LIST}) == 6
    assert c.DANISH["colour-change tile"] == "farveskiftebrik"


def test_the_square_has_nine_zones_of_joined_cells():
    for zone, cells in c.CELLS_OF_ZONE.items():
        assert cells
        seen, todo = set(), [cells[0]]
        while todo:
            cell = todo.pop()
            if cell in seen:
                continue
            seen.add(cell)
            todo.extend(n for n in c.NEIGHBOURS[cell] if c.ZONE_OF[n] == zone)
        assert seen == set(cells), f"zone {zone} is not in one piece"
    assert len(c.CELLS) == c.ROWS * c.COLS


def test_quay_water_and_moorings():
    assert c.QUAY <= c.SQUARE and not c.WATER & c.SQUARE
    assert c.MOORINGS <= c.WATER
    for cell in c.MOORINGS:  # every mooring lies along the quay
        assert any(n in c.QUAY for n in c.NEIGHBOURS[cell])
    assert c.stall_terrain("fish") == c.MOORINGS
    assert c.expansion_terrain("fish") == c.WATER
    assert c.expansion_terrain("lemonade") == c.SQUARE


def test_information_points_and_customer_starts_stand_on_the_square():
    assert set(c.INFORMATION_POINTS) <= c.SQUARE
    assert set(c.CUSTOMER_STARTS) <= c.SQUARE
    assert len(c.CUSTOMER_STARTS) == 5
    assert not set(c.INFORMATION_POINTS) & set(c.CUSTOMER_STARTS)
    assert c.stall_terrain("souvenirs") == c.NEXT_TO_INFORMATION
    assert len(c.NEXT_TO_INFORMATION) == 12


def test_area_cards_are_lines_of_three_zones():
    for card in c.AREA_CARDS:
        assert len(set(card.zones)) == 3
        coords = [((z - 1) // 3, (z - 1) % 3) for z in card.zones]
        # a line of the 3 x 3 grid (wrapping round): the coordinates sum to 0 mod 3
        assert sum(r for r, _ in coords) % 3 == 0 and sum(k for _, k in coords) % 3 == 0
    counts = Counter(z for card in c.AREA_CARDS for z in card.zones)
    assert set(counts) == set(c.ZONES) and set(counts.values()) <= {3, 4}


def test_colour_cards_are_a_balanced_design():
    counts = Counter(g for card in c.COLOUR_CARDS for g in card.goods)
    assert set(counts.values()) == {5} and set(counts) == set(c.GOODS)
    pairs = Counter(p for card in c.COLOUR_CARDS for p in combinations(sorted(card.goods), 2))
    assert len(pairs) == 15 and set(pairs.values()) == {2}


def test_points_and_thresholds():
    assert c.BONUS_POINTS == 3
    assert dict(c.BONUS_TILES) == {2: 6, 3: 5, 4: 4}
    assert dict(c.VERSATILITY_GOODS) == {2: 6, 3: 5, 4: 4}
    assert c.GOLD_POINTS > c.SILVER_POINTS > 0


def test_the_modules_examples_run():
    import doctest

    from ecogames.games import tori
    from ecogames.games.tori import actions, graphs, rules

    for module in (c, actions, rules, graphs, tori):
        assert doctest.testmod(module).failed == 0
