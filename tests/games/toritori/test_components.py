"""Tori-Tori components: the data holds what the rulebook prints and what the examples need.

The layout checks are the constraints listed in shared/reference/tori-tori.md, plus the
adjacencies each worked example (docs/rules/toritori-examples.md) relies on.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from collections.abc import Mapping

import networkx as nx
import pytest

from ecogames.games.toritori import components as c
from ecogames.games.toritori.components import Ability, Species

S = Species
A = Ability
LAYOUT = c.RULEBOOK_LAYOUT
VILLAGE = c.VILLAGE_SQUARE
INDUSTRY = c.INDUSTRY_SQUARE


def sq(number: int) -> c.Pos:
    return c.square_of(LAYOUT, number)


def around(number: int) -> tuple[int, ...]:
    """Orthogonal common neighbours of sector ``number``, lowest first."""
    return c.sectors_by_number(LAYOUT, sq(number))


def steps(a: c.Pos, b: c.Pos, *, diagonal: bool = False) -> int:
    """Fewest pawn moves from a to b over the 14 sectors (Move; with diagonal, Motorcycle)."""
    neighbours = c.SURROUNDING_NEIGHBOURS if diagonal else c.ORTHOGONAL_NEIGHBOURS
    graph = nx.Graph((p, q) for p, qs in neighbours.items() for q in qs)
    return int(nx.shortest_path_length(graph, a, b))


# --- Components ----------------------------------------------------------------------------


def test_components_counts() -> None:
    assert sum(c.TOKEN_SUPPLY.values()) == c.SPECIES_TOKENS_TOTAL == 57
    assert len(c.ACTIVATION_CARDS) == 18
    kinds = Counter(card.kind for card in c.ACTIVATION_CARDS)
    assert kinds == {c.CardKind.COMMON: 12, c.CardKind.SETTLEMENT: 2, c.CardKind.SPECIES: 4}
    assert sorted(card.sector for card in c.ACTIVATION_CARDS if card.sector) == list(range(1, 13))
    assert {card.species for card in c.ACTIVATION_CARDS if card.species} == {
        S.CAT,
        S.FOX,
        S.GUINEA_PIG,
        S.TORI_TORI,
    }
    assert len(c.CARDS_BY_ID) == 18
    assert c.CARD_SLOTS == c.DIE_FACES == ("A", "B", "C", "D", "E", "F")
    assert [d.value for d in c.Die] == ["red", "sky_blue"]
    assert len(c.RESEARCHER_COLOURS) == max(c.PLAYER_COUNTS) == 4
    assert c.SECTOR_CAPACITY == 3
    assert c.ACTION_POINTS_PER_TURN == 4


def test_species_as_the_rulebook_states() -> None:
    assert [s.value for s in S] == [
        "tori_tori",
        "guinea_pig",
        "fox",
        "cat",
        "native_tree",
        "invasive_bush",
    ]
    assert set(c.NATIVE_SPECIES) == {S.TORI_TORI, S.GUINEA_PIG, S.FOX, S.NATIVE_TREE}
    assert set(c.INTRODUCED_SPECIES) == {S.CAT, S.INVASIVE_BUSH}
    assert set(c.ANIMALS) == {S.TORI_TORI, S.GUINEA_PIG, S.FOX, S.CAT}
    assert set(c.PLANTS) == {S.NATIVE_TREE, S.INVASIVE_BUSH}
    # Common Sector Activation cards: the order of activation.
    assert c.ACTIVATION_ORDER == (S.INVASIVE_BUSH, S.CAT, S.GUINEA_PIG, S.FOX, S.TORI_TORI)
    assert c.SPECIES[S.NATIVE_TREE].activation_order is None
    # Animals: the food preference table.
    diets = {s: info.diet for s, info in c.SPECIES.items() if info.diet}
    assert diets == {
        S.CAT: (S.TORI_TORI, S.GUINEA_PIG),
        S.GUINEA_PIG: (S.NATIVE_TREE, S.INVASIVE_BUSH),
        S.FOX: (S.GUINEA_PIG, S.TORI_TORI),
        S.TORI_TORI: (S.NATIVE_TREE, S.INVASIVE_BUSH),
    }
    # Breeding: tokens that must be underneath.
    thresholds = {s: i.breed_threshold for s, i in c.SPECIES.items() if i.breed_threshold}
    assert thresholds == {S.GUINEA_PIG: 1, S.TORI_TORI: 2, S.CAT: 2, S.FOX: 3}
    # Dying: "Cats are the only animals that do not die for lack of food."
    assert [s for s in c.ANIMALS if not c.SPECIES[s].dies_of_hunger] == [S.CAT]
    # Ecology Concepts 2.
    roles = {s: i.trophic_role.value for s, i in c.SPECIES.items()}
    assert roles[S.NATIVE_TREE] == roles[S.INVASIVE_BUSH] == "producer"
    assert roles[S.TORI_TORI] == roles[S.GUINEA_PIG] == "primary_consumer"
    assert roles[S.FOX] == roles[S.CAT] == "secondary_consumer"
    assert len(c.FOOD_WEB_EDGES) == 8
    assert (S.GUINEA_PIG, S.FOX, 1) in c.FOOD_WEB_EDGES
    assert c.SPECIES_BY_CODE["TT"] is S.TORI_TORI


def test_vegetation_tokens_are_double_sided() -> None:
    assert c.TOKEN_FACES[c.TokenKind.VEGETATION] == (S.NATIVE_TREE, S.INVASIVE_BUSH)
    for kind in c.TokenKind:
        assert c.TOKEN_FACES[kind], kind


def test_set_up_fits_the_supply() -> None:
    printed = Counter(c.PRINTED_SPECIES.values())
    assert set(c.PRINTED_SPECIES) == set(c.COMMON_SQUARES)
    assert S.CAT not in printed  # the set-up Cat comes from step 7
    assert printed == {
        S.TORI_TORI: 3,
        S.GUINEA_PIG: 3,
        S.FOX: 2,
        S.INVASIVE_BUSH: 3,
        S.NATIVE_TREE: 1,
    }
    needed: Counter[c.TokenKind] = Counter(c.SPECIES[s].token for s in c.PRINTED_SPECIES.values())
    needed[c.TokenKind.VEGETATION] += 12  # step 5: a Native Tree in every common sector
    needed[c.TokenKind.CAT] += c.SETUP_CATS
    assert sum(needed.values()) == 25
    for kind, count in needed.items():
        assert count <= c.TOKEN_SUPPLY[kind], kind
    # Industry Objective: four Tori-toris must be possible.
    assert c.TOKEN_SUPPLY[c.TokenKind.TORI_TORI] >= c.INDUSTRY_TORI_TORI_MINIMUM


# --- The island -----------------------------------------------------------------------------


def test_island_shape() -> None:
    assert (c.GRID_ROWS, c.GRID_COLS) == (4, 4)
    assert len(c.COMMON_SQUARES) == 12
    assert c.SEA_SQUARES == ((0, 0), (0, 1))
    assert VILLAGE == (0, 2)
    assert INDUSTRY == (2, 3)
    assert len(c.SECTOR_SQUARES) == 14
    # Every sector can be left by Move, so the action phase always has a legal action.
    assert all(c.ORTHOGONAL_NEIGHBOURS[p] for p in c.SECTOR_SQUARES)
    # Adjacency is symmetric and never reaches the sea.
    for table in (c.ORTHOGONAL_NEIGHBOURS, c.DIAGONAL_NEIGHBOURS, c.SURROUNDING_NEIGHBOURS):
        for p, qs in table.items():
            assert not set(qs) & set(c.SEA_SQUARES)
            for q in qs:
                assert p in table[q]


def test_rulebook_layout_is_a_numbering() -> None:
    assert set(LAYOUT) == set(c.COMMON_SQUARES)
    assert sorted(LAYOUT.values()) == list(range(1, 13))
    assert c.NAMED_LAYOUTS["rulebook"] is LAYOUT
    rows = [[LAYOUT.get((r, col)) for col in range(4)] for r in range(4)]
    assert rows == [
        [None, None, None, 1],
        [2, 9, 4, 7],
        [12, 11, 10, None],
        [6, 8, 5, 3],
    ]
    with pytest.raises(KeyError):
        c.square_of(LAYOUT, 13)


# Each constraint of shared/reference/tori-tori.md, in its order.


def test_reference_5_touches_3_8_10_only() -> None:
    assert around(5) == (3, 8, 10)  # search order 3, 8, 10; nothing else below 10


def test_reference_11_touches_8_9_12() -> None:
    assert {8, 9, 12} <= set(around(11))
    assert around(11)[0] == 8


def test_reference_village_4_7_10() -> None:
    assert c.sectors_by_number(LAYOUT, VILLAGE) == (1, 4)
    assert 7 in around(4)
    assert around(10)[0] == 4


def test_reference_distances() -> None:
    assert steps(sq(6), sq(5)) == 2  # Bastian: two Moves from 6 to 5
    assert steps(sq(3), sq(11), diagonal=True) <= 2  # Matilde: one Motorcycle
    assert steps(sq(5), sq(11)) <= 2  # Inara: two Moves of the red pawn


def test_reference_industry_has_five_common_surroundings() -> None:
    surrounding = c.SURROUNDING_NEIGHBOURS[INDUSTRY]
    assert len(surrounding) == 5
    assert all(p in LAYOUT for p in surrounding)
    assert c.sectors_by_number(LAYOUT, INDUSTRY, diagonal=True) == (3, 4, 5, 7, 10)


# The further adjacencies the worked examples rely on (docs/rules/toritori-examples.md).


def test_examples_geometry() -> None:
    assert around(3) == (5,)  # Ex. 1: the Tori-tori of 3 can only go to 5
    assert around(4) == (7, 9, 10)  # Ex. 8: Guinea pigs of 4 feed in 7
    assert around(1) == (7,)
    assert around(10) == (4, 5, 11)  # Ex. 9, 13: Fox to 4; Tori-toris to 5 past 4
    assert sq(3) in c.DIAGONAL_NEIGHBOURS[sq(10)]  # Ex. 9: diagonal 3 would be lower than 4
    assert around(11) == (8, 9, 10, 12)  # Ex. 2, 14, 15
    assert sq(5) in c.ORTHOGONAL_NEIGHBOURS[sq(10)]  # Ex. 9: Move 5 -> 10
    assert sq(5) in c.DIAGONAL_NEIGHBOURS[sq(11)]  # Ex. 10: Bicycle 11 -> 5
    assert sq(3) in c.ORTHOGONAL_NEIGHBOURS[sq(5)]  # Ex. 10: Move 5 -> 3
    assert sq(9) in c.ORTHOGONAL_NEIGHBOURS[sq(11)]  # Ex. 15: Move 11 -> 9
    assert sq(5) not in c.ORTHOGONAL_NEIGHBOURS[sq(11)]  # Ex. 12: 5 -> 11 takes two Moves


def test_orthogonal_and_diagonal_make_the_surroundings() -> None:
    for p in c.SECTOR_SQUARES:
        both = set(c.ORTHOGONAL_NEIGHBOURS[p]) | set(c.DIAGONAL_NEIGHBOURS[p])
        assert both == set(c.SURROUNDING_NEIGHBOURS[p])


# --- Abilities and the Ability map ----------------------------------------------------------


def test_sixteen_abilities_named_as_the_rulebook_lists_them() -> None:
    names = [c.ABILITIES[a].name for a in Ability]
    assert names == [
        "Study",
        "Move",
        "Plant Native Tree",
        "Animal Tracking",
        "Bicycle",
        "Advanced Botany",
        "Veterinary",
        "Gardening",
        "Protect Animal",
        "Move another pawn",
        "Activate Animals",
        "Specialized Animal Tracking",
        "Environmental Report",
        "Motorcycle",
        "Transforming Plants",
        "Advanced Gardening",
    ]
    costs = {a: info.cost for a, info in c.ABILITIES.items()}
    assert [a for a, cost in costs.items() if cost != 1] == [A.ENVIRONMENTAL_REPORT]
    assert costs[A.ENVIRONMENTAL_REPORT] == 0
    for spelling in ("Veterinarian", "Protecting Animals", "Activate Animal", "Studying"):
        assert spelling.casefold() in c.ABILITY_BY_NAME
    assert c.BASIC_ABILITIES == (A.STUDY, A.MOVE, A.PLANT_NATIVE_TREE)


def test_ability_map_is_a_branching_tree() -> None:
    graph = c.ability_map_graph()
    assert nx.is_arborescence(graph)
    assert [n for n, d in graph.in_degree() if d == 0] == [c.MAP_ROOT] == ["A"]
    assert sum(1 for _, d in graph.out_degree() if d > 1) >= 2  # branching
    assert len(graph) == len(c.ABILITY_MAP) == len(c.MAP_SPACES)
    # A..E: consecutive early spaces, A the earliest.
    assert c.TRUNK == ("A", "B", "C", "D", "E")
    for before, after in zip(c.TRUNK, c.TRUNK[1:]):
        assert c.NEXT_SPACES[before] == (after,)
    # The trunk holds only the basic abilities: everyone starts with Study, Move, Plant.
    for space in c.TRUNK:
        assert c.ABILITIES_AT[space] == frozenset(c.BASIC_ABILITIES)
    # Every ability can be learned; every space holds the basics.
    assert set().union(*c.ABILITIES_AT.values()) == set(Ability)
    assert all(set(c.BASIC_ABILITIES) <= held for held in c.ABILITIES_AT.values())
    # Study learns one new ability per space after the trunk.
    for space in c.ABILITY_MAP:
        if space.id not in c.TRUNK:
            assert len(space.grants) == 1
            assert space.grants[0] not in c.ABILITIES_AT[space.parent or ""]


def test_ability_map_reports_vets_and_gardening() -> None:
    leaves = {s.id for s in c.ABILITY_MAP if not c.NEXT_SPACES[s.id]}
    assert set(c.REPORT_SPACES) == leaves  # every branch ends on an Environmental Report
    assert len(c.REPORT_SPACES) >= 2
    assert len(c.VETERINARY_SPACES) >= 2
    assert len(c.GARDENING_SPACES) >= 2
    # Every branch leaving E leads to a Veterinary space (the Village needs Cats removed).
    graph = c.ability_map_graph()
    for branch in c.NEXT_SPACES["E"]:
        reachable = nx.descendants(graph, branch) | {branch}
        assert reachable & set(c.VETERINARY_SPACES), branch


def test_ability_map_graph_attributes() -> None:
    graph = c.ability_map_graph()
    assert graph.nodes["W1"]["grants"] == ("animal_tracking",)
    assert "study" in graph.nodes["W1"]["abilities"]
    assert graph.nodes["N6"]["branch"] == "botany"
    assert set(graph.edges) == set(c.ABILITY_MAP_EDGES)
    assert all(c.MAP_PATHS[n][0] == "A" and c.MAP_PATHS[n][-1] == n for n in graph)


def holds(space: str, *abilities: Ability) -> bool:
    return set(abilities) <= c.ABILITIES_AT[space]


def study_learns(space: str, ability: Ability) -> bool:
    return any(c.MAP_SPACES[n].grants == (ability,) for n in c.NEXT_SPACES[space])


def test_ability_map_fits_every_worked_example() -> None:
    """Where docs/rules/toritori-examples.md puts each marker (4 players, basic: start E)."""
    assert c.DIFFICULTY_START[4, c.Difficulty.BASIC] == "E"
    # Ex. 9, Blas: Study -> "Animal Tracking"; then Plant, Move, Animal Tracking.
    assert study_learns("E", A.ANIMAL_TRACKING) and "W1" in c.NEXT_SPACES["E"]
    # Ex. 10, Matilde: has Advanced Botany; Study -> "Bicycle".
    assert holds("N1", A.ADVANCED_BOTANY, A.MOVE) and c.NEXT_SPACES["N1"] == ("N2",)
    assert c.MAP_SPACES["N2"].grants == (A.BICYCLE,)
    # Ex. 11, Bastian: has Gardening, Move, Protect Animal.
    assert holds("W3", A.GARDENING, A.MOVE, A.PROTECT_ANIMAL)
    # Ex. 12, Inara: has Move another pawn; Study -> "Veterinarian". Red (W3) moves by Move only.
    assert holds("S1", A.MOVE_ANOTHER_PAWN) and c.NEXT_SPACES["S1"] == ("S2",)
    assert c.MAP_SPACES["S2"].grants == (A.VETERINARY,)
    red_movement = c.ABILITIES_AT["W3"] & set(c.MOVEMENT_ABILITIES)
    assert red_movement == {A.MOVE}
    # Ex. 13, Blas: has Plant and Activate Animals; Study -> "Environmental Report".
    assert holds("W4", A.PLANT_NATIVE_TREE, A.ACTIVATE_ANIMALS)
    assert c.NEXT_SPACES["W4"] == ("W5",) and "W5" in c.REPORT_SPACES
    assert "W4" in c.MAP_PATHS["W4"] and "W1" in c.MAP_PATHS["W4"]  # Blas came from W1
    # Ex. 14, Matilde: has Motorcycle; Study -> "Specialized Animal Tracking"; Study again.
    assert holds("N3", A.MOTORCYCLE) and "N1" in c.MAP_PATHS["N3"]
    assert c.NEXT_SPACES["N3"] == ("N4",)
    assert c.MAP_SPACES["N4"].grants == (A.SPECIALIZED_ANIMAL_TRACKING,)
    assert c.NEXT_SPACES["N4"]
    # Ex. 15, Bastian: Study -> "Advanced Gardening"; has Move and Transforming Plants.
    assert holds("G4", A.MOVE, A.TRANSFORMING_PLANTS) and "W3" in c.MAP_PATHS["G4"]
    assert c.NEXT_SPACES["G4"] == ("G5",)
    assert c.MAP_SPACES["G5"].grants == (A.ADVANCED_GARDENING,)


def test_difficulty_table() -> None:
    table = {
        players: "".join(c.DIFFICULTY_START[players, level] for level in c.Difficulty)
        for players in c.PLAYER_COUNTS
    }
    assert table == {2: "CBA", 3: "DCB", 4: "EDC"}
    assert all(space in c.TRUNK for space in c.DIFFICULTY_START.values())


def test_round_track() -> None:
    assert c.DEFEAT_ROUND_SPACE == {2: 3, 3: 4, 4: 4}
    assert c.ROUND_START_SPACE == 1
    assert max(c.DEFEAT_ROUND_SPACE.values()) == c.ROUND_TRACK_SPACES


# --- Hygiene ---------------------------------------------------------------------------------


def test_data_is_read_only() -> None:
    tables: list[Mapping[object, object]] = [
        c.SPECIES,
        c.TOKEN_SUPPLY,
        c.PRINTED_SPECIES,
        c.RULEBOOK_LAYOUT,
        c.ABILITIES,
        c.ABILITIES_AT,
        c.DIFFICULTY_START,
        c.ORTHOGONAL_NEIGHBOURS,
    ]
    for table in tables:
        with pytest.raises(TypeError):
            table[next(iter(table))] = None  # type: ignore[index]


def test_importing_components_needs_only_the_standard_library() -> None:
    # Load the module file on its own, so that the package's other imports do not count.
    loader = (
        "import importlib.util, sys; "
        "spec = importlib.util.spec_from_file_location('components', sys.argv[1]); "
        "m = importlib.util.module_from_spec(spec); sys.modules['components'] = m; "
        "spec.loader.exec_module(m); "
        "assert 'networkx' not in sys.modules, 'networkx imported'"
    )
    result = subprocess.run(
        [sys.executable, "-c", loader, c.__file__],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
