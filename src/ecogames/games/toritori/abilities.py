"""Course of Play 2: the Abilities. The active player has 4 action points and spends one on
each use of an ability they hold on the Ability map (AB1), from Study to Move another pawn.

For each ability, this module says when it can be used (:func:`ability_actions`, every use
open now from where the pawn stands, one choice per distinct pile: D53) and what it does (one
function per ability, named after it, citing its decisions). ``rules.ToriTori`` plays them
through :data:`PLAYS` and counts the points; the engine's helpers on the board (``_new_token``,
``_check_end``, ...) are its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import repeat
from typing import TYPE_CHECKING, Any

from ecogames.core import Action

from . import components as c
from .actions import (
    ActivateAnimal,
    AdvancedBotany,
    AdvancedGardening,
    AnimalTracking,
    Bicycle,
    Gardening,
    Motorcycle,
    Move,
    MoveOther,
    Plant,
    Protect,
    SpecializedTracking,
    Study,
    TransformPlant,
    Veterinary,
)
from .island import Island, motorcycle_paths

if TYPE_CHECKING:
    from .rules import ToriTori

NT, IB, CT = (sp.value for sp in (c.Species.NATIVE_TREE, c.Species.INVASIVE_BUSH,
                                  c.Species.CAT))
CAPACITY = c.SECTOR_CAPACITY
VEGETATION_STOCK = c.TOKEN_SUPPLY[c.TokenKind.VEGETATION]
SECTOR_NUMBER = {str(n): n for n in range(1, 13)}
"""A common sector's location -> its number (the settlements are not common sectors)."""
HELD = {space: frozenset(a.value for a in held) for space, held in c.ABILITIES_AT.items()}
"""Ability-map space -> the abilities a marker there holds: all granted from A to it (D38)."""


# ---------------------------------------------------------------------------------------------
# What each ability does
# ---------------------------------------------------------------------------------------------

def _spend(game: ToriTori) -> int:
    """Every ability costs one action point (AB1; Environmental Report is no action)."""
    game.points -= 1
    return game.active


def study(game: ToriTori, action: Study, say: Any) -> None:
    """Study: advance the Ability marker one space; the ability is learned at once.
    Environmental Report: arriving on a Report space may turn the Industry (D36)."""
    player = _spend(game)
    game.markers[player] = action.space
    ev = say.study(player, action.space)
    game._check_end(say, ev)
    game._after_ability(say)


def _step_pawn(game: ToriTori, player: int, mover: int, ability: str, path: tuple[str, ...],
               say: Any) -> None:
    """``player`` moves ``mover``'s pawn along ``path``; the move is told once the pawn
    stands at its end (the step shows it there). If the pawn was protecting an animal, it
    steps off it (D32)."""
    game.pawns[mover] = path[-1]
    ev = say.pawn_moves(player, mover, ability, path)
    token = game.protecting[mover]
    if token is not None:
        game.protecting[mover] = None
        say.protection_ends(mover, token, "the pawn has moved away (D32)", ev)


def move(game: ToriTori, action: Move | Bicycle, say: Any) -> None:
    """Move (one orthogonal step) and Bicycle (one diagonal step)."""
    player = _spend(game)
    _step_pawn(game, player, player, action.type, (action.to,), say)
    game._after_ability(say)


def motorcycle(game: ToriTori, action: Motorcycle, say: Any) -> None:
    """Motorcycle: up to two steps, orthogonal or diagonal, for one action point."""
    player = _spend(game)
    _step_pawn(game, player, player, "motorcycle", action.path, say)
    game._after_ability(say)


def move_other(game: ToriTori, action: MoveOther, say: Any) -> None:
    """Move another pawn: with the pawn owner's own movement abilities (D31)."""
    player = _spend(game)
    _step_pawn(game, player, action.player, action.ability, action.path, say)
    game._after_ability(say)


def plant(game: ToriTori, _action: Plant, say: Any) -> None:
    """Plant Native Tree: one tree in the pawn's sector; needs a free space."""
    player = _spend(game)
    n = game.pawn_sector(player) or 0
    tree = game._new_token(NT)
    game._add_pile(n, (tree,))
    ev = say.plant(player, n, [tree], "Plant Native Tree")
    game._check_end(say, ev)
    game._after_ability(say)


def advanced_botany(game: ToriTori, _action: AdvancedBotany, say: Any) -> None:
    """Advanced Botany: Native Trees in all the free spaces of the pawn's sector (D34)."""
    player = _spend(game)
    n = game.pawn_sector(player) or 0
    count = min(CAPACITY - len(game.board[n]), game.supply("vegetation"))
    trees = [game._new_token(NT) for _ in range(count)]
    game.board[n] = game.board[n] + tuple((t,) for t in trees)
    ev = say.plant(player, n, trees, "Advanced Botany")
    game._check_end(say, ev)
    game._after_ability(say)


def animal_tracking(game: ToriTori, action: AnimalTracking, say: Any) -> None:
    """Animal Tracking: the animal goes to the adjacent sector with the lowest number and
    space (orthogonal, D3, D33); it is not activated."""
    player = _spend(game)
    n = game.pawn_sector(player) or 0
    to = game._first_free(game.island.adjacent[n]) or 0
    game._move_pile(action.token, n, to)
    say.track(player, action.token, game.kind[action.token], n, to, "Animal Tracking")
    game._after_ability(say)


def specialized_tracking(game: ToriTori, action: SpecializedTracking, say: Any) -> None:
    """Specialized Animal Tracking: to an adjacent sector of the player's choice (D33)."""
    player = _spend(game)
    n = game.pawn_sector(player) or 0
    to = int(action.to)
    game._move_pile(action.token, n, to)
    say.track(player, action.token, game.kind[action.token], n, to,
              "Specialized Animal Tracking")
    game._after_ability(say)


def _remove_tops(game: ToriTori, player: int, tokens: Sequence[int], ability: str,
                 say: Any) -> None:
    """Remove uncovered tokens of the pawn's sector; what lay under a Cat stays (D35)."""
    n = game.pawn_sector(player) or 0
    species = []
    uncovered = None
    for token in tokens:
        spot = game.where(token)
        assert spot is not None and spot[0] == n
        pile = game.board[n][spot[1]]
        if len(pile) > 1:
            game._put_pile(n, spot[1], pile[:-1])
            uncovered = pile[-2]
        else:
            game._take_pile(n, spot[1])
        species.append(game._drop(token))
    ev = say.remove(player, tokens, species, n, ability, uncovered)
    game._check_end(say, ev)


def veterinary(game: ToriTori, action: Veterinary, say: Any) -> None:
    """Veterinary: remove a Cat of the pawn's sector — the only way to remove Cats."""
    player = _spend(game)
    _remove_tops(game, player, (action.token,), "Veterinary", say)
    game._after_ability(say)


def gardening(game: ToriTori, action: Gardening, say: Any) -> None:
    """Gardening: remove a Vegetation token (Invasive Bush or Native Tree)."""
    player = _spend(game)
    _remove_tops(game, player, (action.token,), "Gardening", say)
    game._after_ability(say)


def advanced_gardening(game: ToriTori, action: AdvancedGardening, say: Any) -> None:
    """Advanced Gardening: remove up to three Vegetation tokens, for one action point."""
    player = _spend(game)
    _remove_tops(game, player, action.tokens, "Advanced Gardening", say)
    game._after_ability(say)


def transform_plant(game: ToriTori, action: TransformPlant, say: Any) -> None:
    """Transforming Plants: turn an Invasive Bush over into a Native Tree (D34)."""
    player = _spend(game)
    game.kind[action.token] = NT
    game.counts[IB] -= 1
    game.counts[NT] += 1
    ev = say.transform(player, action.token, game.pawn_sector(player))
    game._check_end(say, ev)
    game._after_ability(say)


def protect(game: ToriTori, action: Protect, say: Any) -> None:
    """Protect Animal: the pawn goes over an animal of its sector, which is neither
    activated nor eaten until the second phase of the player's next turn (D32)."""
    player = _spend(game)
    before = game.protecting[player]
    game.protecting[player] = action.token
    ev = say.protect(player, action.token, game.pawn_sector(player))
    if before is not None:
        say.protection_ends(player, before, "the pawn now protects another animal", ev)
    game._after_ability(say)


def activate_animal(game: ToriTori, action: ActivateAnimal, say: Any) -> None:
    """Activate Animals: activate an animal of the pawn's sector by the Common Sector
    rules (D28); a meal among different piles stops for the team's choice."""
    player = _spend(game)
    n = game.pawn_sector(player) or 0
    say.activate(player, action.token, game.kind[action.token], n)
    game._activate(action.token, n, say)
    game._proceed(say)


PLAYS: dict[type[Action], Any] = {
    Study: study, Move: move, Bicycle: move, Motorcycle: motorcycle, Plant: plant,
    AdvancedBotany: advanced_botany, AnimalTracking: animal_tracking,
    SpecializedTracking: specialized_tracking, Veterinary: veterinary, Gardening: gardening,
    AdvancedGardening: advanced_gardening, TransformPlant: transform_plant, Protect: protect,
    ActivateAnimal: activate_animal, MoveOther: move_other,
}
"""Action type -> the function that plays it, as ``play(game, action, say)``."""


# ---------------------------------------------------------------------------------------------
# When each ability can be used: every use open now
# ---------------------------------------------------------------------------------------------

def ability_actions(game: ToriTori, player: int) -> list[Action]:
    """Every use of every ability ``player`` holds, from where their pawn stands."""
    marker = game.markers[player]
    held = HELD[marker]
    isle = game.island
    at = game.pawns[player]
    studies, bicycle, motorcycle = MARKER_MOVES[marker]
    actions: list[Action] = [*studies, *movements(isle, at, bicycle, motorcycle)]
    n = SECTOR_NUMBER.get(at)
    if n is not None:
        row = game.board[n]
        kind, protecting, counts = game.kind, game.protecting, game.counts
        if len(row) < CAPACITY and counts[NT] + counts[IB] < VEGETATION_STOCK:
            actions.append(PLANT)
            if "advanced_botany" in held:
                actions.append(ADVANCED_BOTANY)
        # One choice per distinct pile (D53): two bare Cats, or two Native Trees, are the
        # same choice, so each ability names the first such pile of the sector only.
        animals = []
        trees: list[int] = []
        bushes: list[int] = []
        shapes = set()
        for pile in row:
            top = pile[-1]
            species = kind[top]
            if species == NT:
                trees.append(top)
            elif species == IB:
                bushes.append(top)
            elif top not in protecting:
                shape = species if len(pile) == 1 else tuple([kind[t] for t in pile])
                if shape not in shapes:
                    shapes.add(shape)
                    animals.append(top)
        if animals:
            tracking = "animal_tracking" in held
            specialized = "specialized_animal_tracking" in held
            if tracking or specialized:
                board = game.board
                spaces = [m for m in isle.adjacent[n] if len(board[m]) < CAPACITY]
                if spaces and tracking:
                    actions += map(_offer_animal_tracking, animals)
                if spaces and specialized:
                    actions += [_offer_specialized_tracking(t, str(m))
                                for t in animals for m in spaces]
            if "veterinary" in held:
                actions += [_offer_veterinary(t) for t in animals if kind[t] == CT]
            if "protect_animal" in held:
                actions += map(_offer_protect, animals)
            if "activate_animals" in held:
                actions += map(_offer_activate_animal, animals)
        if trees or bushes:
            if "gardening" in held:
                actions += [_offer_gardening(t[0]) for t in (trees, bushes) if t]
            if "advanced_gardening" in held:
                actions += gardening_choices(tuple(trees), tuple(bushes))
            if "transforming_plants" in held and bushes:
                actions.append(_offer_transform_plant(bushes[0]))
    if "move_another_pawn" in held:
        markers, pawns = game.markers, game.pawns
        for other in range(game.players):
            if other != player:
                _, bicycle, motorcycle = MARKER_MOVES[markers[other]]
                actions += other_movements(isle, other, pawns[other], bicycle, motorcycle)
    return actions


# ---------------------------------------------------------------------------------------------
# Action values, made once (legal_actions is called very often by bots)
# ---------------------------------------------------------------------------------------------

PLANT = Plant()
ADVANCED_BOTANY = AdvancedBotany()
STUDIES = {space: tuple(Study(nxt) for nxt in c.NEXT_SPACES[space]) for space in c.MAP_SPACES}
MARKER_MOVES = {space: (STUDIES[space], "bicycle" in HELD[space], "motorcycle" in HELD[space])
                for space in c.MAP_SPACES}
"""Ability-map space -> the Studies from it, and whether a marker there holds Bicycle and
Motorcycle (what the pawn's own movements are)."""
_offer_animal_tracking = lru_cache(maxsize=4096)(AnimalTracking)
_offer_specialized_tracking = lru_cache(maxsize=16384)(SpecializedTracking)
_offer_veterinary = lru_cache(maxsize=4096)(Veterinary)
_offer_protect = lru_cache(maxsize=4096)(Protect)
_offer_activate_animal = lru_cache(maxsize=4096)(ActivateAnimal)
_offer_gardening = lru_cache(maxsize=4096)(Gardening)
_offer_transform_plant = lru_cache(maxsize=4096)(TransformPlant)


@lru_cache(maxsize=4096)
def gardening_choices(trees: tuple[int, ...],
                      bushes: tuple[int, ...]) -> tuple[AdvancedGardening, ...]:
    """Advanced Gardening: every choice of one, two or three of the sector's Vegetation
    tokens, told apart by how many Native Trees and Invasive Bushes it removes (D53): the
    first ones of the sector, ids in ascending order."""
    choices = []
    for size in range(1, 4):
        for n_trees in range(min(size, len(trees)), -1, -1):
            n_bushes = size - n_trees
            if n_bushes <= len(bushes):
                choices.append(AdvancedGardening(tuple(sorted(trees[:n_trees]
                                                              + bushes[:n_bushes]))))
    return tuple(choices)


_offer_move = lru_cache(maxsize=None)(Move)
_offer_bicycle = lru_cache(maxsize=None)(Bicycle)
_offer_motorcycle = lru_cache(maxsize=None)(Motorcycle)
_offer_move_other = lru_cache(maxsize=None)(MoveOther)


# The movements from a place are kept on the island (``Island.moves``), not in a cache keyed by
# islands: a new game's island is new, and such a cache kept thousands of them alive.

def movements(isle: Island, at: str, bicycle: bool, motorcycle: bool) -> tuple[Action, ...]:
    """Move (orthogonal), Bicycle (diagonal) and Motorcycle (one or two steps) from ``at``."""
    key = (at, bicycle, motorcycle)
    known = isle.moves.get(key)
    if known is None:
        # (map: the actions are made in C, with no comprehension: a new game's island is new,
        # so each game asks this afresh for the places its pawns reach)
        actions: list[Action] = list(map(_offer_move, isle.steps[at]))
        if bicycle:
            actions += map(_offer_bicycle, isle.diagonals[at])
        if motorcycle:
            actions += map(_offer_motorcycle, motorcycle_paths(isle, at))
        known = isle.moves[key] = tuple(actions)
    return known


def other_movements(isle: Island, other: int, at: str, bicycle: bool,
                    motorcycle: bool) -> tuple[Action, ...]:
    """Move another pawn: the pawn of ``other`` by ``other``'s own movement abilities (D31)."""
    key = (other, at, bicycle, motorcycle)
    known = isle.moves.get(key)
    if known is None:
        # (made in C as in movements: zip makes each one-step path)
        moves: list[Action] = list(map(_offer_move_other, repeat(other), repeat("move"),
                                       zip(isle.steps[at])))
        if bicycle:
            moves += map(_offer_move_other, repeat(other), repeat("bicycle"),
                         zip(isle.diagonals[at]))
        if motorcycle:
            moves += map(_offer_move_other, repeat(other), repeat("motorcycle"),
                         motorcycle_paths(isle, at))
        known = isle.moves[key] = tuple(moves)
    return known
