"""Tori-Tori for people: the view of a state, the label of an action and why an action is
not legal now. Pure functions of a game (``rules.ToriTori`` calls them from ``view``,
``describe`` and ``explain_illegal``, importing this module only then: the engine plays without
it). The view's format is in ``docs/rules/toritori.md`` (section 4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ecogames.core import Action

from . import components as c
from .actions import (
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
    SpecializedTracking,
    Study,
    TransformPlant,
    Veterinary,
    place,
)
from .components import Ability
from .narration import NAME, PLURAL, a_, player_name, spot_phrase, token_phrase
from .rules import ABILITY_NAME, CAPACITY, FACES, IB, MOVEMENT, NT, PHASES, STOCK, ToriTori

# -- the view: the state as JSON --------------------------------------------------------------

def view(game: ToriTori, player: int | None = None) -> dict[str, Any]:
    """Everything is public in Tori-Tori; the format is in docs/rules/toritori.md."""
    kind = game.kind
    guard = {t: p for p, t in enumerate(game.protecting) if t is not None}
    isle = game.island
    decision = None
    if game.stage in ("choose_first", "choose_food") and game.ended is None:
        options = game.decision_options()
        decision = {"kind": game.stage, "prompt": prompt(game, options), "options": options}
    return {
        "players": game.players,
        "difficulty": game.difficulty,
        "layout": game.layout,
        "squares": [
            {"id": f"r{r}c{col}", "row": r, "col": col,
             "kind": c.SQUARE_KINDS[r, col].value, "sector": isle.number_of.get((r, col))}
            for r in range(c.GRID_ROWS) for col in range(c.GRID_COLS)
        ],
        "sectors": {
            str(n): {
                "tokens": [{"id": p[-1], "species": kind[p[-1]],
                            "under": [kind[t] for t in p[:-1]],
                            "protected_by": guard.get(p[-1])} for p in game.board[n]],
                "capacity": CAPACITY,
            }
            for n in range(1, 13)
        },
        "settlements": {"village": {"sustainable": game.village_ok},
                        "industry": {"sustainable": game.industry_ok}},
        "pawns": [{"player": i, "colour": c.RESEARCHER_COLOURS[i], "at": game.pawns[i],
                   "protecting": game.protecting[i]} for i in range(game.players)],
        "slots": [{"slot": face, "card": card_json(game.slots[i])}
                  for i, face in enumerate(FACES)],
        "pile": len(game.pile),
        "discard": len(game.discard),
        "discard_top": card_json(game.discard[-1]) if game.discard else None,
        "round": game.round,
        "defeat_round": c.DEFEAT_ROUND_SPACE[game.players],
        "dice": {"red": game.dice[0], "blue": game.dice[1]} if game.dice else None,
        "resolving": game.resolving,
        "active_player": game.active,
        "action_points": game.points,
        "stage": game.phase,
        "ability_map": {**map_view(),  # fresh: a view shares nothing with others
                        "markers": {str(i): m for i, m in enumerate(game.markers)}},
        "abilities": {str(i): [a.value for a in Ability if a.value in game.held(i)]
                      for i in range(game.players)},
        "supply": {k: game.supply(k) for k in STOCK},
        "counts": dict(game.counts),
        "decision": decision,
        "outcome": ({"result": game.ended[0], "reason": game.ended[1]}
                    if game.ended else None),
    }


def prompt(game: ToriTori, options: Sequence[int]) -> str:
    """The question of a decision: 'Which Cat of sector 7 is activated first?'"""
    if not options:
        return ""
    species = NAME[game.kind[options[0]]]
    spot = game.where(options[0])
    sector = spot[0] if spot else "?"
    if game.stage == "choose_first":
        return f"Which {species} of sector {sector} is activated first?"
    assert game.food is not None
    eater = game.food[0]
    who = "the Cat entering from the Village" if eater is None else token_phrase(game, eater)
    return f"Which {species} of sector {sector} does {who} eat?"


def card_json(card: str | None) -> dict[str, str] | None:
    """An Activation card for the view: ``{"id", "kind", "label"}``."""
    if card is None:
        return None
    info = c.CARDS_BY_ID[card]
    kind = ("sector" if info.kind is c.CardKind.COMMON
            else info.settlement.value if info.settlement else "species")
    return {"id": card, "kind": kind, "label": info.name}


def map_view() -> dict[str, Any]:
    """The Ability map for the view: its spaces, what each grants, its arrows."""
    spaces = []
    for space in c.ABILITY_MAP:
        names = [c.ABILITIES[a].name for a in space.grants]
        spaces.append({"id": space.id, "label": ", ".join(names) if names else space.id,
                       "abilities": [a.value for a in space.grants]})
    return {"spaces": spaces, "edges": [list(e) for e in c.ABILITY_MAP_EDGES]}


# -- labels: an action in words ---------------------------------------------------------------

def describe(game: ToriTori, action: Action) -> str:
    """A label with what the state knows: 'Plant a Native Tree in sector 5'. Roll, Study and
    the pawn's own movements say it all in their own label (``ToriTori.own_labels``)."""
    words = _WORDS.get(type(action))
    return action.label() if words is None else words(game, action)


def _plant(game: ToriTori, _action: Action) -> str:
    return f"Plant a Native Tree in {place(game.pawns[game.active])}"


def _advanced_botany(game: ToriTori, _action: Action) -> str:
    player = game.active
    n = game.pawn_sector(player)
    trees = min(CAPACITY - len(game.board[n]), game.supply("vegetation")) if n else 0
    return f"Advanced Botany: plant {count_words(trees, NT)} in {place(game.pawns[player])}"


def _spot(game: ToriTori, token: int) -> tuple[int, int] | None:
    """Where ``token`` tops a pile (None: it tops none, and the label names its number)."""
    return game.where(token) if token in game.kind else None


def _on_token(head: str, tail: str = "") -> Callable[[ToriTori, Any], str]:
    """A label that names the action's token: '<head> the Cat of sector 5<tail>'."""
    def words(game: ToriTori, action: Any) -> str:
        spot = _spot(game, action.token)
        return action.label() if spot is None else f"{head}{spot_phrase(game, spot)}{tail}"

    return words


def _animal_tracking(game: ToriTori, action: Any) -> str:
    spot = _spot(game, action.token)
    if spot is None:
        return str(action.label())
    to = game._first_free(game.island.adjacent[spot[0]])
    return f"Animal Tracking: move {spot_phrase(game, spot)} to sector {to}"


def _specialized_tracking(game: ToriTori, action: Any) -> str:
    spot = _spot(game, action.token)
    if spot is None:
        return str(action.label())
    return f"Specialized Animal Tracking: move {spot_phrase(game, spot)} to {place(action.to)}"


def _advanced_gardening(game: ToriTori, action: Any) -> str:
    if not all(_spot(game, t) is not None for t in action.tokens):
        return str(action.label())
    kinds = [game.kind[t] for t in action.tokens]
    removed = " and ".join(count_words(kinds.count(sp), sp) for sp in (NT, IB) if sp in kinds)
    return f"Advanced Gardening: remove {removed} from {place(game.pawns[game.active])}"


def _move_other(game: ToriTori, action: Any) -> str:
    if not (0 <= action.player < game.players and action.path):
        return str(action.label())
    name = ABILITY_NAME.get(action.ability, action.ability)
    via = f" via {place(action.path[0])}" if len(action.path) > 1 else ""
    return (f"Move another pawn: {player_name(action.player)}'s pawn to "
            f"{place(action.path[-1])}{via} ({name})")


_WORDS: dict[type[Action], Callable[[ToriTori, Any], str]] = {
    Plant: _plant,
    AdvancedBotany: _advanced_botany,
    AnimalTracking: _animal_tracking,
    SpecializedTracking: _specialized_tracking,
    Veterinary: _on_token("Veterinary: remove "),
    Gardening: _on_token("Gardening: remove "),
    AdvancedGardening: _advanced_gardening,
    TransformPlant: _on_token("Transforming Plants: turn ", " into a Native Tree"),
    Protect: _on_token("Protect Animal: protect "),
    ActivateAnimal: _on_token("Activate Animals: activate "),
    ChooseFirst: _on_token("Activate ", " first"),
    ChooseFood: _on_token("Eat "),
    MoveOther: _move_other,
}
"""Action type -> its label with what the state knows; the others (Roll, Study, Move,
Bicycle, Motorcycle) say all there is in their own ``label()``."""


def count_words(count: int, species: str) -> str:
    """'a Native Tree', 'an Invasive Bush', '2 Native Trees', 'no Native Tree'."""
    if count == 1:
        return a_(species)
    return f"no {NAME[species]}" if count == 0 else f"{count} {PLURAL[species]}"


# -- why not: an illegal action explained -----------------------------------------------------

ABILITY_OF: dict[type[Action], str] = {
    Study: "study", Move: "move", Bicycle: "bicycle", Motorcycle: "motorcycle",
    Plant: "plant_native_tree", AdvancedBotany: "advanced_botany",
    AnimalTracking: "animal_tracking", SpecializedTracking: "specialized_animal_tracking",
    Veterinary: "veterinary", Gardening: "gardening", AdvancedGardening: "advanced_gardening",
    TransformPlant: "transforming_plants", Protect: "protect_animal",
    ActivateAnimal: "activate_animals", MoveOther: "move_another_pawn",
}
"""The ability each action uses (the why-not text names the one a player lacks)."""


def explain_illegal(game: ToriTori, action: Action) -> str:
    """Why an action is not legal now, naming the rule."""
    label = game.describe(action)
    if game.ended:
        return f"{label!r}: the game is over"
    allowed = PHASES.get(game.stage, ())
    if not isinstance(action, allowed):
        wanted = {
            "roll": "the active player must first roll the dice (Course of Play 1)",
            "choose_first": "the team must first choose which token is activated first",
            "choose_food": "the team must first choose which food the animal eats",
            "actions": "the dice are rolled; now the active player spends action points "
                       "(Course of Play 2)",
        }.get(game.stage, f"the stage is {game.stage}")
        return f"{label!r} is not allowed now: {wanted}"
    if isinstance(action, (ChooseFirst, ChooseFood)):
        return (f"{label!r}: token {getattr(action, 'token', '?')} is not one of the options "
                f"{game.decision_options()}")
    ability = ABILITY_OF.get(type(action))
    player = game.active
    if ability and ability not in game.held(player):
        return (f"{label!r}: {player_name(player)} does not hold "
                f"{ABILITY_NAME[ability]} (Ability marker on {game.markers[player]})")
    if isinstance(action, Study):
        nexts = c.NEXT_SPACES[game.markers[player]]
        return (f"{label!r}: Study advances one space along the Ability map; from "
                f"{game.markers[player]} it reaches {list(nexts) or 'nothing'}")
    if isinstance(action, (Move, Bicycle, Motorcycle)):
        return (f"{label!r}: not a {ABILITY_NAME[ability or 'move']} from "
                f"{place(game.pawns[player])}")
    if isinstance(action, MoveOther):
        if not 0 <= action.player < game.players or action.player == player:
            return f"{label!r}: there is no other player {action.player}"
        if action.ability not in MOVEMENT or action.ability not in game.held(action.player):
            return (f"{label!r}: a pawn is moved with its owner's movement abilities, not "
                    f"yours, and {player_name(action.player)} does not hold "
                    f"{action.ability!r} (D31)")
        return (f"{label!r}: that is not a {ABILITY_NAME[action.ability]} of "
                f"{player_name(action.player)}'s pawn from "
                f"{place(game.pawns[action.player])}")
    n = game.pawn_sector(player)
    if n is None:
        return f"{label!r}: the pawn is in {place(game.pawns[player])}, not a common sector"
    if isinstance(action, (Plant, AdvancedBotany)):
        if not game._free(n):
            return f"{label!r}: sector {n} has no free space"
        return f"{label!r}: no Vegetation token is left in the supply (D9)"
    if isinstance(action, (AnimalTracking, SpecializedTracking)):
        return (f"{label!r}: the token must be an uncovered, unprotected animal in sector {n},"
                " going to an orthogonally adjacent sector with space (D33)")
    named = getattr(action, "tokens", None) or (getattr(action, "token", None),)
    for token in named:
        first = first_alike(game, n, token)
        if first is not None and first != token:
            return (f"{label!r}: this pile is like the first such pile of sector {n} (token "
                    f"{first}), and identical piles are one choice: act on that one (D53)")
    return (f"{label!r}: the tokens named must be uncovered tokens of the right kind in sector "
            f"{n}, the pawn's sector (D19, D32, D34, D35)")


def first_alike(game: ToriTori, n: int, token: Any) -> int | None:
    """The top of the first pile of sector ``n`` that is the same as ``token``'s pile from
    bottom to top (``token`` itself when it comes first; None if it tops no pile there)."""
    row = game.board[n]
    kind = game.kind
    shape = next((tuple([kind[t] for t in p]) for p in row if p[-1] == token), None)
    if shape is None:
        return None
    return next(p[-1] for p in row if tuple([kind[t] for t in p]) == shape)
