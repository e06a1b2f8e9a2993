"""Wildlife Web saves (D31): the strict loader of a state, and what makes a state impossible.

``load`` reads the shape: exactly the keys of a state and of each animal, family and decision;
an integer is an int (never a bool, a float or text), cards are text of the kind their place
holds; nothing is converted. ``violations`` says, one sentence each, what the rules can never
lead to (every card somewhere exactly once, the Pack limits, the turn order, this turn's
Event...): ``core.Game._load_state`` refuses a loaded state that has any, and random play
checks that no action makes one (``tests/support/invariants.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ecogames.core import Rng, SaveError
from ecogames.core import schema as s

from . import events
from .components import (
    ALL_CARDS,
    CARD_ANIMAL,
    CARD_EVENT,
    CARD_KIND,
    FOOD_VALUE,
    MATE_OF,
    MAX_OFFSPRING_TO_WIN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODIFIER_KINDS,
    ROADKILL,
)
from .rules import DEALER, PHASES, Pet, WildlifeWeb
from .why import Register

STATE_KEYS = frozenset({
    "players", "rng", "target", "round", "turn", "active", "stage", "wdeck", "wdiscard",
    "habitat", "highway", "edeck", "ediscard", "fdeck", "fknown", "odeck", "packs", "secured",
    "pending", "once", "mods", "acted", "decision", "winner",
})
"""The keys of a saved state, exactly."""
PET_KEYS = frozenset({"card", "mate", "food", "offspring", "waiting"})
FAMILY_KEYS = frozenset({"cards", "offspring"})
DECISION_KEYS = frozenset({"event", "effect", "candidates"})
EVERY_CARD = frozenset(ALL_CARDS)

Need = Callable[[bool, str], None]


# -- the loader: the shape of a state ---------------------------------------------------------


def load(cls: type[WildlifeWeb], data: Mapping[str, Any]) -> WildlifeWeb:
    """Load a state strictly (a save file is untrusted): exact keys and types (an int is
    an int, never a bool, a float or text), each card of a kind its place can hold. Raises
    ``SaveError`` with the reason; ``violations`` is asked next (``Game._load_state``)."""
    s.exact_keys(data, STATE_KEYS, "state")
    players = s.integer(data, "players", MIN_PLAYERS, MAX_PLAYERS)
    game = cls(players, Rng(state=s.integer(data, "rng", 0, 2**64 - 1)),
               s.integer(data, "target", 1, MAX_OFFSPRING_TO_WIN[players]))
    game.round = s.integer(data, "round", 0, 10**6)
    game.turn = s.integer(data, "turn", 0, 10**7)
    game.active = s.integer(data, "active", 0, players - 1)
    game.stage = _text(data["stage"], "stage")
    if game.stage not in PHASES:
        raise SaveError(f"state.stage must be one of {sorted(PHASES)}, got "
                        f"{game.stage!r:.40}")
    game.wdeck = _cards(data, "wdeck", ("wildlife",))
    game.wdiscard = _cards(data, "wdiscard", ("wildlife",))
    game.habitat = _cards(data, "habitat", ("wildlife",))
    game.highway = _cards(data, "highway", ("wildlife", "event"))
    if any(x not in CARD_ANIMAL for x in game.highway):
        raise SaveError("only animals lie on the highway")
    game.edeck = _cards(data, "edeck", ("event",))
    game.ediscard = _cards(data, "ediscard", ("event",))
    game.fdeck = _cards(data, "fdeck", ("forage",))
    game.fknown = s.integer(data, "fknown", 0, len(game.fdeck))
    game.odeck = _cards(data, "odeck", ("offspring",))
    game.packs = _packs(s.field(data, "packs", list), players)
    game.secured = _secured(s.field(data, "secured", list), players)
    game.pending = _pending(s.field(data, "pending", list), players)
    game.once = [_text(x, "once") for x in s.field(data, "once", list)]
    game.mods = [_modifier(m) for m in s.field(data, "mods", list)]
    game.acted = [_text(x, "acted") for x in s.field(data, "acted", list)]
    game.decision = _decision(data["decision"])
    winner = data["winner"]
    if winner is not None and (isinstance(winner, bool) or not isinstance(winner, int)
                               or not 0 <= winner < players):
        raise SaveError("winner is a seat or null")
    game.winner, game.is_over = winner, winner is not None
    game.register = Register.of_table(game.habitat, game.packs)
    return game


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise SaveError(f"{where} holds {value!r:.40}: text expected")
    return value


def _cards(holder: Mapping[str, Any], key: str, kinds: tuple[str, ...],
           where: str = "state") -> list[str]:
    values = s.field(holder, key, list, where)
    for x in values:
        if not isinstance(x, str) or CARD_KIND.get(x) not in kinds:
            raise SaveError(f"{where}.{key} holds {x!r:.40}, not a {'/'.join(kinds)} card")
    return list(values)


def _packs(packs: list[Any], players: int) -> list[list[Pet]]:
    if len(packs) != players:
        raise SaveError("one Pack per player")
    out = []
    for p, pack in enumerate(packs):
        if not isinstance(pack, list):
            raise SaveError("a Pack is a list of animals")
        out.append([_animal(a, f"packs[{p}]") for a in pack])
    return out


def _animal(a: Any, where: str) -> Pet:
    s.exact_keys(a, PET_KEYS, f"an animal of {where}")
    card = _text(a["card"], f"{where} card")
    if card not in CARD_ANIMAL:
        raise SaveError(f"{card!r:.40} is not an animal card")
    mate = a["mate"]
    if mate is not None and (not isinstance(mate, str) or mate not in CARD_ANIMAL):
        raise SaveError(f"{mate!r:.40} cannot be the mate of {card}")
    food = _cards(a, "food", ("wildlife", "event", "forage"), where)
    if any(x not in FOOD_VALUE for x in food):
        raise SaveError("food is Forage cards and animals")
    offspring = a["offspring"]
    if offspring is not None and (not isinstance(offspring, str)
                                  or CARD_KIND.get(offspring) != "offspring"):
        raise SaveError("offspring must be an Offspring card or null")
    waiting = a["waiting"]
    if waiting is not None and (isinstance(waiting, bool) or not isinstance(waiting, int)):
        raise SaveError(f"{card}: waiting is a turn number or null, not {waiting!r:.20}")
    return {"card": card, "mate": mate, "food": food, "offspring": offspring,
            "waiting": waiting}


def _secured(secured: list[Any], players: int) -> list[list[dict[str, Any]]]:
    if len(secured) != players:
        raise SaveError("one list of secured families per player")
    out = []
    for fams in secured:
        if not isinstance(fams, list):
            raise SaveError("secured families are a list")
        out.append([_family(f) for f in fams])
    return out


def _family(f: Any) -> dict[str, Any]:
    s.exact_keys(f, FAMILY_KEYS, "a secured family")
    members = _cards(f, "cards", ("wildlife", "event"), "a secured family")
    if not 1 <= len(members) <= 2 or any(x not in CARD_ANIMAL for x in members) \
            or (len(members) == 2 and MATE_OF[members[0]] != members[1]):
        raise SaveError("a family is one or two mated animal cards")
    if not isinstance(f["offspring"], str) or CARD_KIND.get(f["offspring"]) != "offspring":
        raise SaveError("a family holds an Offspring card")
    return {"cards": members, "offspring": f["offspring"]}


def _pending(pending: list[Any], players: int) -> list[str | None]:
    if len(pending) != players or any(
            x is not None and (not isinstance(x, str) or CARD_KIND.get(x) != "event"
                               or CARD_EVENT[x].time == "both") for x in pending):
        raise SaveError("pending holds, per player, an Event card of one time of day "
                        "(held upside down) or null")
    return list(pending)


def _modifier(m: Any) -> list[Any]:
    if (not isinstance(m, list) or len(m) != 2 or not isinstance(m[0], str)
            or m[0] not in CARD_EVENT or isinstance(m[1], bool)
            or not isinstance(m[1], int)
            or not 0 <= m[1] < len(CARD_EVENT[m[0]].effects)
            or CARD_EVENT[m[0]].effects[m[1]].kind not in MODIFIER_KINDS):
        raise SaveError(f"mods holds {m!r:.60}, not [event card, modifier index]")
    return [m[0], m[1]]


def _decision(decision: Any) -> dict[str, Any] | None:
    if decision is None:
        return None
    s.exact_keys(decision, DECISION_KEYS, "decision")
    event, effect = decision["event"], decision["effect"]
    if (not isinstance(event, str) or event not in CARD_EVENT
            or isinstance(effect, bool) or not isinstance(effect, int)
            or not 0 <= effect < len(CARD_EVENT[event].effects)
            or not isinstance(decision["candidates"], list)):
        raise SaveError("decision is {event card, effect index, candidates}")
    return {"event": event, "effect": effect,
            "candidates": [_text(x, "decision candidates") for x in decision["candidates"]]}


# -- violations: what the rules can never lead to ---------------------------------------------


def violations(game: WildlifeWeb) -> list[str]:
    """What makes ``game``'s state impossible, one sentence each (``[]``: none)."""
    out = _conservation(game)

    def need(cond: bool, why: str) -> None:
        if not cond:
            out.append(f"impossible Wildlife Web state: {why}")

    _setup_and_turns(game, need)
    _packs_hold(game, need)
    _objective(game, need)
    _this_turn(game, need)
    _stages(game, need)
    return out


def cards_in_play(game: WildlifeWeb) -> list[str]:
    """Every card where the state keeps it: piles, Packs (card, mate, food, Offspring),
    secured families, held Events and the Event of a pending decision."""
    seen = [*game.wdeck, *game.wdiscard, *game.habitat, *game.highway, *game.edeck,
            *game.ediscard, *game.fdeck, *game.odeck]
    for pack in game.packs:
        for a in pack:
            seen += [x for x in (a["card"], a["mate"], a["offspring"]) if x is not None]
            seen += a["food"]
    for fams in game.secured:
        for f in fams:
            seen += [*f["cards"], f["offspring"]]
    seen += [x for x in game.pending if x is not None]
    if game.decision is not None:
        seen.append(game.decision["event"])
    return seen


def _conservation(game: WildlifeWeb) -> list[str]:
    """Game Equipment: every card in the box is somewhere, once; a mate is the other card of
    its species."""
    out = [f"{a['mate']!r:.40} cannot be the mate of {a['card']}"
           for pack in game.packs for a in pack
           if a["mate"] is not None and a["mate"] != MATE_OF[a["card"]]]
    seen = cards_in_play(game)
    if len(seen) != len(ALL_CARDS) or set(seen) != EVERY_CARD:
        missing = sorted(EVERY_CARD - set(seen))[:3]
        doubled = sorted({x for x in seen if seen.count(x) > 1})[:3]
        out.append(f"every card must be somewhere exactly once (missing {missing}, "
                   f"twice {doubled})")
    return out


def _setup_and_turns(game: WildlifeWeb, need: Need) -> None:
    """Game Setup; Between Turns: the dice pass clockwise, the card turns at the dealer."""
    stage, p = game.stage, game.active
    if stage in ("setup_roadkill", "draft"):
        need(game.turn == 0 and game.round == 0,
             "the set-up comes before the first turn (turn and round 0)")
        need(not any(game.secured) and not game.mods and not game.acted
             and not game.once and game.pending == [None] * game.players,
             "nothing has been played during the set-up")
    else:
        need(game.turn == 1 + game.round * game.players + p,
             f"turn {game.turn} is not turn 1 + round {game.round} x {game.players} "
             f"players + seat {p} (the dealer starts; play passes clockwise)")
    if stage == "setup_roadkill":
        need(p == DEALER and not any(game.packs) and len(game.highway) < ROADKILL
             and bool(game.habitat), "the dealer places the roadkill before the draft")
    if stage == "draft":
        need(len(game.highway) == ROADKILL, "the draft starts with 4 roadkill")
        need(len(game.packs[p]) < game.pack_size and bool(game._draft_choices(p)),
             "the drafting player has a card to select")


def _packs_hold(game: WildlifeWeb, need: Need) -> None:
    """Game Setup, Taking a Mate: the Pack size, two cards of a species are mates."""
    setup = game.stage in ("setup_roadkill", "draft")
    for q, pack in enumerate(game.packs):
        need(game.wildlife_count(q) <= game.pack_size,
             f"Player {q + 1}'s Pack holds more than {game.pack_size} Wildlife cards")
        kinds = [game._kind(a).id for a in pack]
        need(len(kinds) == len(set(kinds)),
             "two cards of one species in a Pack are stacked together as mates")
        for a in pack:
            if setup:
                need(not game._kind(a).pet and a["mate"] is None and not a["food"]
                     and a["offspring"] is None and a["waiting"] is None,
                     "the drafted cards have not played yet")
            w = a["waiting"]
            if w is not None:  # Taking a Mate: "waits until the following turn" (D20)
                need(a["mate"] is None and a["offspring"] is None
                     and not game._kind(a).pet,
                     f"{a['card']}: waiting, but only an unmated Wildlife animal waits "
                     "for a mate")
                need(1 <= w <= game.turn and (w - 1) % game.players == q,
                     f"{a['card']}: waiting {w} is not one of its owner's turns so far")


def _objective(game: WildlifeWeb, need: Need) -> None:
    """Objective: the first to the target wins at once."""
    for q, fams in enumerate(game.secured):
        need(len(fams) <= game.target, f"Player {q + 1} has more families than the target")
        need(len(fams) < game.target or q == game.winner,
             f"Player {q + 1} reached the target of {game.target} but did not win")
    need((game.winner is not None) == (game.stage == "over"),
         "a game is over exactly when it has a winner")
    if game.winner is not None:
        need(len(game.secured[game.winner]) == game.target,
             "the winner has raised exactly the target number of Offspring")


def _this_turn(game: WildlifeWeb, need: Need) -> None:
    """One Action Per Animal; the Event of this turn; once-per-game abilities."""
    stage = game.stage
    feeding = stage in ("feed", "mate")
    need(len(game.acted) == len(set(game.acted)),
         "acted names each animal once: one action per animal per turn")
    own = {a["card"] for a in game.packs[game.active]}
    need(all(x in own for x in game.acted) and (feeding or not game.acted),
         "acted names animals of the active player's Pack during feeding and mating")
    mod_cards = {m[0] for m in game.mods}
    need(len(mod_cards) <= 1 and len(game.mods) == len({tuple(m) for m in game.mods}),
         "the effects of this turn come from this turn's one Event card")
    need(not game.mods or stage in ("feed", "mate", "victim", "adopt"),
         "an Event's effects last for the turn it is drawn in")
    decided = None if game.decision is None else game.decision["event"]
    need(mod_cards <= {decided, *game.ediscard},
         "this turn's effects come from the Event card drawn this turn")
    need(len(game.once) == len(set(game.once)) and all(_once_ok(x) for x in game.once),
         "once names a once-per-game steal ability as 'card:ability', each once")


def _once_ok(entry: str) -> bool:
    """A ``once`` entry: ``card:ability`` of a once-per-game steal ability."""
    card, _, ability = entry.partition(":")
    return card in CARD_ANIMAL and any(
        e.once and e.ability == ability for e in CARD_ANIMAL[card].effects.get("steal", ()))


def _stages(game: WildlifeWeb, need: Need) -> None:
    """An Event's choice, and stages that always offer something to do."""
    stage, p = game.stage, game.active
    if stage in ("victim", "adopt"):
        need(game.decision is not None, f"the {stage} stage needs its pending decision")
        if game.decision is None:
            return
        event = CARD_EVENT[game.decision["event"]]
        eff = event.effects[game.decision["effect"]]
        if stage == "adopt":
            need(eff.kind == "pet" and game.decision["candidates"] == [],
                 "an adopt decision is a pet card's")
        else:
            targets = [a["card"] for _, a in events.event_targets(game, event, eff)]
            need(eff.kind == "kill" and len(targets) > 1
                 and game.decision["candidates"] == targets,
                 "a victim decision lists the animals the Event strikes")
    else:
        need(game.decision is None, f"the {stage} stage has no pending decision")
    if stage == "restock":
        need(p == DEALER and game.day and bool(game._restock_choices()),
             "the dealer restocks the highway at daybreak")
    if stage == "replace":
        need(game.wildlife_count(p) < game.pack_size
             and bool(game.habitat or game.wdeck or game.wdiscard),
             "a missing card is replaced from the habitat or the deck")
    if stage == "swap":
        need(bool(game._swappable()), "a swap needs a card to swap")
