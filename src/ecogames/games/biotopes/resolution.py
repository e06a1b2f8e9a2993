"""Biotopes — how an action resolves: its tasks, one handler each.

An Action Phase action queues tasks (``tasks.py``); ``rules.HANDLERS`` names, for each task
class, the functions here that resolve it: ``auto_<task>`` resolves what needs nobody's
choice and says whether the queue may go on, ``decide_<task>`` plays the choice of the
player it waits for. They are functions of the game, citing the rulebook's sections (paying
a cost, Adaptation, Reproduction, Transfer, Evolution, the colonizations, Predatory
Species, Reactions, drawing cards and cubes, Discreet Species, the hand limit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ecogames.core import Action, EventLog
from ecogames.core.provenance import gone_key

from . import tasks
from . import why as ident
from .actions import (
    Decline,
    Discard,
    Done,
    Draw,
    Fallback,
    Move,
    Pay,
    Place,
    Prey,
    PreyOnReserve,
    _hex,
)
from .components import (
    BIOTOPES,
    COLOUR_INDEX,
    COLOURS,
    DECK_NAMES,
    DECKS,
    EVOLUTION_MAX_CUBES,
    HAND_LIMIT,
    MAX_PLAYERS,
    NEUTRAL,
    ROWS,
    SEAT_NAMES,
    SPACES,
    SPECIES,
    SPECIES_CUBE_LIMIT,
    CubeType,
    EffectKind,
    Hex,
    Reward,
    Trigger,
)
from .legal import _PAYING, _SPECIAL

if TYPE_CHECKING:
    from .rules import Biotopes

P = CubeType.PLANTS
_FEEDS = {card.id: (card.type, card.effect.kind is EffectKind.POLLINATING)
          for card in SPECIES.values()}
"""Each Species card's cube type and whether its cubes also pay for Plants (Pollinating)."""
_PAID_AS = {card: (t.value, P.value) if pol else (t.value,) for card, (t, pol) in _FEEDS.items()}
"""What a cube of each Species card counts as once paid: its type first, then Plants for a
Pollinating card (a Biotope card's cube: Plants, ``_PAID_PLANTS``)."""
_PAID_PLANTS = (P.value,)
_KIND = {card.id: card.effect.kind for card in SPECIES.values()}
"""Each Species card's effect kind."""
_REACTIONS = frozenset(c for c, kind in _KIND.items() if kind is EffectKind.REACTION)
_COLONIZERS = frozenset(c for c, kind in _KIND.items() if kind is EffectKind.COLONIZE)
"""The Species cards with a Reaction, and those that reward a colonization."""
_SPACE_INDEX = {space: i for i, space in enumerate(SPACES)}
_NODE = {t: t.value for t in CubeType}
_PLANTS_NODE = P.value
CUBE_IDS = ident.CUBE_IDS
"""Each cube type's node in a food web (its value, read once: an Enum's ``value`` is a
property)."""


def _species_cubes(entry: list[Any]) -> int:
    return entry[1] + entry[2] + entry[3] + entry[4]


# -- paying costs ---------------------------------------------------------------------


def auto_pay(game: Biotopes, task: tasks.Pay, log: EventLog) -> bool:
    """Costs (The Actions): cubes move from the cards to the bag (Adaptation, card
    Actions: "recycle") or to the action's space on the Ecosystem board ("move")."""
    while True:
        mode = task.mode
        done = (len(task.paid) == len(task.req) if mode == "diet"
                else len(task.paid) == (EVOLUTION_MAX_CUBES if mode == "evolution"
                                           else 1))
        if done:
            game.queue.pop(0)
            after_pay(game, task, log)
            return True
        options = game._pay_options(task)
        # the cubes; Evolution's may end with Done, once a cube is paid
        pays: list[Pay] = (options[:-1]  # type: ignore[assignment]
                           if options and isinstance(options[-1], Done) else options)
        game._asked = (task, options)
        if mode == "evolution":
            if pays:
                return False
            game.queue.pop(0)  # nothing left to pay with: the cost is what was paid
            after_pay(game, task, log)
            return True
        if not pays:
            raise AssertionError(f"a cost with no way to pay it: {task}")
        if mode == "one" and len(pays) > 1:
            return False
        if mode == "diet":
            left = len(task.req) - len(task.paid)
            if len(pays) > left:  # more sources than cubes to pay (each holds one at least)
                return False
            total = sum(count_at(game, task.p, o.row, o.col, COLOUR_INDEX[o.colour])
                        for o in pays)
            if total != left:
                return False
            for o in pays:
                for _ in range(count_at(game, task.p, o.row, o.col, COLOUR_INDEX[o.colour])):
                    task = pay_one(game, task, o, log)
            continue
        # mode "one", a single cube to pay with: paid, and the cost is done (the task is
        # dropped, so no copy of it is made with the cube paid)
        pay_cube(game, task, pays[0], log)
        game.queue.pop(0)
        after_pay(game, task, log)
        return True


def count_at(game: Biotopes, p: int, row: int, col: int, k: int) -> int:
    if col < 0:
        return game.biotope[p][row] if k == row else game.foreign[p][row][k]
    return game.rows[p][row][col][1 + k]


def pay_one(game: Biotopes, task: tasks.Pay, o: Pay, log: EventLog) -> tasks.Pay:
    """A cube of the cost paid with ``o``: the task with it paid, now heading the queue."""
    row, col = o.row, o.col
    opts = _PAID_PLANTS if col < 0 else _PAID_AS[game.rows[task.p][row][col][0]]
    pay_cube(game, task, o, log)
    new = task.with_paid(opts)
    game.queue[0] = new
    return new


def pay_cube(game: Biotopes, task: tasks.Pay, o: Pay, log: EventLog) -> _PayTold | None:
    """The cube ``o`` points at goes where the cost sends it (the bag, or the action's
    space), told (what its event says: ``told_payment``; none when nothing is told)."""
    p, row, col = task.p, o.row, o.col
    k = COLOUR_INDEX[o.colour]
    # (Biotopes._take_cube, written out: the card it reads is the one the event names)
    if col < 0:
        card_id = ""
        if k == row:
            held = game.biotope[p]
            held[row] -= 1
            after = held[row]
        else:
            held = game.foreign[p][row]
            held[k] -= 1
            after = held[k]
    else:
        e = game.rows[p][row][col]
        e[1 + k] -= 1
        after, card_id = e[1 + k], e[0]
    kept = game.means_of[p]
    if kept is not None:
        if after:  # the card keeps cubes of that colour: its class counts one fewer
            kept.pool[_PAYING[card_id][2] if col >= 0 else 0] -= 1  # (Means.move's first step)
        else:
            kept.move(row, col, k, -1, after, card_id)
    dest = task.dest
    if dest == "bag":
        game.bags[p][k] += 1
    else:
        game.spaces[p][_SPACE_INDEX[dest]][k] += 1
    if log.record:
        return told_payment(game, task, p, row, col, k, card_id or game.bcards[p][row], dest,
                            log)
    return None


def told_payment(game: Biotopes, task: tasks.Pay, p: int, row: int, col: int, k: int,
                 card_id: str, dest: str, log: EventLog) -> _PayTold:
    """The event of a cube of colour ``k`` just paid from ``p``'s card ``card_id`` at
    ``row``, ``col`` (its card's name and its cubes' place are the same before and after):
    its words, what it names, reads and writes from a table by seat, card, colour and
    destination (``_PAY_TOLD``); only its cube's id is the game's own. Gives what it told
    (the table's entry), which holds a Pay choice's words too (``decide_pay``)."""
    key = (p, card_id, row, col < 0, k, dest)
    told = _PAY_TOLD.get(key)
    if told is None:
        told = _PAY_TOLD[key] = _pay_told(game, p, row, col, k, dest)
    text, cards, cubes, node, players, src, dst, reads, writes, bare, _ = told
    # the cube's id (Identities.move, written out: the card holds it, so its place is known)
    identity = game._identity
    places = identity.cubes
    stacks = places[src]
    c = stacks[k].pop()
    (places.get(dst) or identity._stacks(dst))[k].append(c)
    events: list[Any] = log.events  # told directly (a row: EventLog)
    events.append((len(events), "pay", text, task.c,
                   {"cards": cards, "cubes": cubes, "nodes": node, "players": players,
                    "ids": (CUBE_IDS[c],)}, reads,
                   writes if stacks[0] or stacks[1] or stacks[2] or stacks[3] else bare))
    return told


_PayTold = tuple[str, tuple[str], tuple[str], tuple[str], tuple[int], ident.Place,
                 ident.Place, tuple[Any, ...], tuple[Any, ...], tuple[Any, ...], str]
_PAY_TOLD: dict[tuple[int, str, int, bool, int, str], _PayTold] = {}
"""What the event of a payment says, names, reads and writes, by seat, card, row, whether a
Biotope card, colour and destination (a few thousand at most): its words, the card, the
colour, the node and the seat it names, the places its cube leaves and joins, what it reads,
what it writes, what it writes when the cube was the card's last, and the words of a Pay
choice of that cube (``view.describe``'s, before the payment: ``_pay_told``)."""


def _pay_told(game: Biotopes, p: int, row: int, col: int, k: int, dest: str) -> _PayTold:
    card_id = game.card_at(p, row, col)
    card_type = P if col < 0 else _FEEDS[card_id][0]
    where = game._where(p, row, col)
    colour = COLOURS[k]
    text = (f"{SEAT_NAMES[p]} recycles a {colour} {card_type.label} cube from "
            f"{where} into the bag" if dest == "bag" else
            f"{SEAT_NAMES[p]} moves a {colour} {card_type.label} cube from "
            f"{where} to the {dest.capitalize()} space")
    src = game._place_of(p, row, col)
    dst: ident.Place = ("bag", p) if dest == "bag" else ("space", p, _SPACE_INDEX[dest])
    return (text, (card_id,), (colour,), (_NODE[card_type],), (p,), src, dst, (src,),
            (src, dst), (src, dst, ident.emptied(card_id)),
            f"Pay with a {colour} cube from {where}")


def decide_pay(game: Biotopes, task: tasks.Pay, a: Action, log: EventLog) -> None:
    """A choice of the cost waiting: Done (Evolution's), or a cube, whose words (a told
    Pay's label: ``Biotopes.told_labels``) its payment's event tells."""
    if isinstance(a, Done):
        game.queue.pop(0)
        after_pay(game, task, log)
        return
    assert isinstance(a, Pay)
    if task.mode == "one":  # its one cube: paid, and the cost is done (as auto_pay)
        told = pay_cube(game, task, a, log)
        game.queue.pop(0)
        after_pay(game, task, log)
    else:  # (pay_one, written out)
        row, col = a.row, a.col
        opts = _PAID_PLANTS if col < 0 else _PAID_AS[game.rows[task.p][row][col][0]]
        told = pay_cube(game, task, a, log)
        game.queue[0] = task.with_paid(opts)
    if told is not None:
        game.label_told = told[10]


def after_pay(game: Biotopes, task: tasks.Pay, log: EventLog) -> None:
    """The effect of the action whose cost is paid (The Actions)."""
    p, what, cause = task.p, task.what, task.c
    if what == "adaptation":
        adaptation(game, p, task.card, log, cause)
    elif what == "card":
        assert task.at is not None
        card = SPECIES[game.rows[p][task.at[0]][task.at[1]][0]]
        if card.effect.kind is EffectKind.ACTION_DRAW:
            game.queue.insert(0, draw_task(p, card.effect.count, cause))
        else:
            game.queue.insert(0, tasks.Move.make(p=p, n=card.effect.count, c=cause))
    elif what in _EFFECTS or what == "evolution":  # (made once, as their costs)
        effect = (_EVO_DISCARDS[p][len(task.paid)] if what == "evolution"
                  else _EFFECTS[what][p])
        game.queue.insert(0, effect if cause is None else effect.caused(cause))
    else:
        h, origin = task.hex, task.origin
        assert h is not None
        key = (p, what, h, origin)
        colonize = _COLONIZE.get(key) or tasks.kept(_COLONIZE, key, tasks.Colonize.make(
            p=p, how=what, hex=h, origin=origin))
        if cause is not None:
            colonize = colonize.caused(cause)
        if what == "competition":
            o = game.owner[h]
            chooser = p if o == NEUTRAL else o
            key2 = (chooser, o, h)
            fallback = _FALLBACKS.get(key2) or tasks.kept(
                _FALLBACKS, key2, tasks.Fallback.make(p=chooser, owner=o, hex=h))
            game.queue[0:0] = (fallback if cause is None else fallback.caused(cause),
                               colonize)
        else:
            game.queue.insert(0, colonize)


_COLONIZE: dict[tuple[int, str, Hex, Hex | None], tasks.Colonize] = {}
"""The colonization that follows a paid cost, by seat, action, hex and origin
(``tasks.kept``)."""
_FALLBACKS: dict[tuple[int, int, Hex], tasks.Fallback] = {}
"""A competed token's fall back, by the seat who chooses, the owner and the hex
(``tasks.kept``)."""
_DRAWS: dict[tuple[int, int], tasks.Draw] = {}
"""A draw of ``n`` cards by a seat, by seat and ``n`` (``tasks.kept``)."""


def draw_task(p: int, n: int, cause: int | None) -> tasks.Draw:
    """The task of ``p`` drawing ``n`` cards, set off by ``cause`` (``_DRAWS``)."""
    task = _DRAWS.get((p, n)) or tasks.kept(_DRAWS, (p, n), tasks.Draw.make(p=p, n=n))
    return task if cause is None else task.caused(cause)


_EFFECTS: dict[str, tuple[tasks.Task, ...]] = {
    "reproduction": tuple(tasks.Reproduce.make(p=p) for p in range(MAX_PLAYERS)),
    "transfer": tuple(tasks.Transfer.make(p=p) for p in range(MAX_PLAYERS))}
_EVO_DISCARDS = tuple(tuple(tasks.EvolutionDiscard.make(p=p, n=n)
                            for n in range(EVOLUTION_MAX_CUBES + 1))
                      for p in range(MAX_PLAYERS))
"""The effect of Reproduction and Transfer by seat, and Evolution's discard by seat and
cubes paid: tasks with no cause (frozen values, shared; a told action queues a copy with
its cause, ``Task.caused``)."""
_EVOLUTION_WORDS = "{} draws {} card(s) ({} cube(s), {} discard(s))".format
"""The words of Evolution's draw (made when read: EventLog's words made when read)."""
_EVO_DISCARDED: dict[tuple[int, int, int], tasks.EvolutionDiscard] = {}
"""Evolution's discard with cards discarded already, by seat, cubes paid and cards
discarded (``tasks.kept``)."""


# -- Adaptation -------------------------------------------------------------------------


def adaptation(game: Biotopes, p: int, card_id: str, log: EventLog, cause: int | None) -> None:
    """RB Adaptation: "play a Species card from your hand into your Ecosystem (to the right
    of the row dedicated to its biotope). Then take a cube of the color matching that
    card's biotope from the reserve and place it on the newly played Species card." A
    Predatory Species then preys; Reactions of every player follow."""
    card = SPECIES[card_id]
    game.hands[p].remove(card_id)
    row = game.rows[p][card.row]
    row.append([card_id, 0, 0, 0, 0])
    # (a card joins the end of its row: the others stay put, and what is kept of them)
    if card_id in _SPECIAL:
        game.specials[p] = None  # the listing's cards with an Action or x2 counted anew
    if card_id in _EFFECT_CARDS:
        game.effects[p] = None  # those with a Reaction, a reward or a Production bonus
    col = len(row) - 1
    played = None
    if log.record:  # told directly (EventLog: a row, the event told() would make)
        told = _PLAY_TOLD.get((p, card_id))
        if told is None:
            told = _PLAY_TOLD[p, card_id] = (
                f"{card.name} enters {SEAT_NAMES[p]}'s {card.biotope.label} row", (card_id,),
                (_NODE[card.type],), (ident.place(card_id),),
                (ident.place(card_id), ("hand", p), ("ecosystem", p), ident.cubes(card_id)))
        text, cards, nodes, reads, writes = told
        events: list[Any] = log.events
        played = len(events)
        events.append((played, "play", text, cause,
                       {"cards": cards, "nodes": nodes, "players": SEATS[p]}, reads, writes))
    cubes = [(card.row, col)]
    if any(c.row == card.row for c in game._advanced(p, EffectKind.EXTRA_CUBE)):
        cubes.append((card.row, col))
    key = (p, tuple(cubes))
    breed = _BREEDS.get(key) or tasks.kept(_BREEDS, key, tasks.Breed.make(p=p, cards=key[1]))
    queued: list[tasks.Task] = [breed if played is None else breed.caused(played)]
    if card.effect.kind is EffectKind.PREDATORY:
        queued.append(tasks.Prey(p, card_id, c=played))
    effects = game.effects
    for q in game._clockwise(p):
        kept = effects[q] or effect_cards(game, q)
        for r, c, reacting in kept[0]:  # (the Ecosystem's cards with a Reaction, in order)
            if q == p and r == card.row and c == col:
                continue
            eff = SPECIES[reacting].effect
            if (eff.trigger is Trigger.PLAYED and eff.type is card.type) or (
                    eff.trigger is Trigger.PREDATORY
                    and card.effect.kind is EffectKind.PREDATORY):
                queued.append(tasks.React(q, reacting, card_id, c=played))
    game.queue[0:0] = queued


_BREEDS: dict[tuple[int, tuple[tuple[int, int], ...]], tasks.Breed] = {}
"""The cubes to breed on the cards of a seat (an Adaptation's on the card played, two with
an extra cube; a Reproduction's), by seat and card places (``tasks.kept``)."""


_PRODUCTION = {card.id: card.effect.count for card in SPECIES.values()
               if card.effect.kind is EffectKind.PRODUCTION}
"""The cubes each Species card with a Production effect adds to Primary Production."""
_EFFECT_CARDS = _REACTIONS | _COLONIZERS | _PRODUCTION.keys()
"""The cards that ``Biotopes.effects`` keeps (as ``Biotopes.specials`` keeps those of
``legal._SPECIAL``): another card played leaves it as it was."""
EffectCards = tuple[tuple[tuple[int, int, str], ...], tuple[str, ...], int]
"""An Ecosystem's cards with a Reaction (row, column, card) and those with a colonization
reward (card), each in order of row and column; and the cubes its Production cards add to
Primary Production."""


def effect_cards(game: Biotopes, p: int) -> EffectCards:
    """``p``'s cards that a card played (their Reactions), a colonization (their rewards)
    or Primary Production (their bonus) sets off: found in the rows, kept in
    ``Biotopes.effects`` until a card joins or leaves them."""
    rows = game.rows[p]
    found = game.effects[p] = (
        tuple([(r, c, e[0]) for r, row in enumerate(rows) for c, e in enumerate(row)
               if e[0] in _REACTIONS]),
        tuple([e[0] for row in rows for e in row if e[0] in _COLONIZERS]),
        sum([_PRODUCTION.get(e[0], 0) for row in rows for e in row]))
    return found


_PLAY_TOLD: dict[tuple[int, str], tuple[Any, ...]] = {}
"""What the event of a Species card played says, names, reads and writes, by seat and card:
its words, the card, its node, its reads and its writes."""


def auto_breed(game: Biotopes, task: tasks.Breed, log: EventLog) -> bool:
    """Place cubes on Species cards (Adaptation, Reproduction): from the reserve; "if the
    reserve is empty you may take a cube of the matching color from your bag"; never more
    than 4 on a card. The player orders the placements when it matters (RB FAQ)."""
    p = task.p
    if len(task.cards) == 1:  # one cube to place (an Adaptation's): placed, or none is due
        r, c = task.cards[0]
        if _species_cubes(game.rows[p][r][c]) >= SPECIES_CUBE_LIMIT:
            game.queue.pop(0)
            return True
        if game.reserve[r]:
            breed_cube(game, p, r, c, False, log, task.c)
            game.queue.pop(0)
            return True
    cards = [x for x in task.cards
             if _species_cubes(game.rows[p][x[0]][x[1]]) < SPECIES_CUBE_LIMIT]
    changed = True
    while changed:
        changed = False
        for k in range(ROWS):
            pending = [x for x in cards if x[0] == k]
            if not pending:
                continue
            distinct = {x[1] for x in pending}
            if game.reserve[k] and (game.reserve[k] >= len(pending) or len(distinct) == 1):
                x = pending[0]
                cards.remove(x)
                breed_cube(game, p, x[0], x[1], False, log, task.c)
                cards = [y for y in cards if _species_cubes(
                    game.rows[p][y[0]][y[1]]) < SPECIES_CUBE_LIMIT]
                changed = True
            elif not game.reserve[k] and not game.bags[p][k]:
                cards = [y for y in cards if y[0] != k]
                log.emit("no_cube", f"No {COLOURS[k]} cube is left in the reserve or in "
                         f"{SEAT_NAMES[p]}'s bag", cause=task.c,
                         cubes=[COLOURS[k]], reads=[("reserve", k), ("bag", p)])
                changed = True
    if not cards:
        game.queue.pop(0)
        return True
    game.queue[0] = task.but(cards=tuple(cards))
    return False


def breed_cube(game: Biotopes, p: int, row: int, col: int, from_bag: bool, log: EventLog,
               cause: int | None) -> None:
    if from_bag:
        game.bags[p][row] -= 1
    else:
        game.reserve[row] -= 1
    game._put_cube(p, row, col, row)
    if log.record:
        card_id = game.rows[p][row][col][0]
        key = (p, card_id, from_bag)
        told = _BREED_TOLD.get(key)
        if told is None:
            told = _BREED_TOLD[key] = _breed_told(p, card_id, row, from_bag)
        text, cards, cubes, nodes, src, held, reads, writes = told
        events: list[Any] = log.events  # told directly (a row: EventLog)
        events.append((len(events), "cube", text, cause,
                       {"cards": cards, "cubes": cubes, "nodes": nodes, "players": SEATS[p],
                        "ids": (game._identity.one(src, held, row),)}, reads, writes))


_BREED_TOLD: dict[tuple[int, str, bool], tuple[Any, ...]] = {}
"""What the event of a cube placed on a Species card (Adaptation, Reproduction) says, names,
reads and writes, by seat, card and whether from the bag (a few thousand at most)."""


def _breed_told(p: int, card_id: str, row: int, from_bag: bool) -> tuple[Any, ...]:
    card = SPECIES[card_id]
    held = ident.cubes(card_id)
    src: ident.Place = ("bag", p) if from_bag else ident.RESERVE
    source = ("bag", p) if from_bag else ("reserve", row)
    return (f"A {COLOURS[row]} cube from the {'bag' if from_bag else 'reserve'} goes onto "
            f"{SEAT_NAMES[p]}'s {card.name}", (card_id,), (COLOURS[row],),
            (_NODE[card.type],), src, held, (held, source), (source, held))


def decide_breed(game: Biotopes, task: tasks.Breed, a: Action, log: EventLog) -> None:
    p = task.p
    cards = list(task.cards)
    if isinstance(a, Decline):
        log.emit("decline", f"{SEAT_NAMES[p]} takes no cube from the bag",
                 cause=task.c, players=[p])
        game.queue.pop(0)
        return
    assert isinstance(a, Place)
    cards.remove((a.row, a.col))
    breed_cube(game, p, a.row, a.col, not game.reserve[a.row], log, task.c)
    game.queue[0] = task.but(cards=tuple(cards))


# -- Predatory Species --------------------------------------------------------------


def auto_prey(game: Biotopes, task: tasks.Prey, log: EventLog) -> bool:
    """Card Icons, Predatory Species: "recycle a cube from an opponent's card, of the type
    matching your card's diet, and place that cube in your bag. You may play your card
    even if there is no target." Solo: "take a cube of the color of your choice directly
    from the reserve"."""
    options = game._prey_options(task)
    if not options:
        log.emit("no_prey", f"{SPECIES[task.card].name} finds no prey",
                 cause=task.c, cards=[task.card])
        game.queue.pop(0)
        return True
    if len(options) == 1:
        decide_prey(game, task, options[0], log)
        return True
    return False


def decide_prey(game: Biotopes, task: tasks.Prey, a: Action, log: EventLog) -> None:
    p = task.p
    hunter = SPECIES[task.card]
    game.queue.pop(0)
    if isinstance(a, PreyOnReserve):
        k = COLOUR_INDEX[a.colour]
        game.reserve[k] -= 1
        game.bags[p][k] += 1
        if log.record:
            log.emit("prey", f"{hunter.name} hunts: a {a.colour} cube goes from the "
                     f"reserve into {SEAT_NAMES[p]}'s bag", cause=task.c,
                     cards=[hunter.id], cubes=[a.colour], nodes=[hunter.type.value],
                     **game._cubes_moved(ident.RESERVE, ("bag", p), k))
        return
    assert isinstance(a, Prey)
    k = COLOUR_INDEX[a.colour]
    prey_node = game._node(a.player, a.row, a.col)
    where = game._where(a.player, a.row, a.col)
    prey_card = game.card_at(a.player, a.row, a.col)
    game._take_cube(a.player, a.row, a.col, k)
    game.bags[p][k] += 1
    if log.record:
        src = game._place_of(a.player, a.row, a.col)
        log.emit("prey", f"{hunter.name} preys on a {a.colour} cube of {where}: it goes "
                 f"into {SEAT_NAMES[p]}'s bag", cause=task.c,
                 cards=[hunter.id, prey_card], cubes=[a.colour], players=[p, a.player],
                 nodes=[prey_node, hunter.type.value],
                 edges=[(prey_node, hunter.type.value)],
                 **game._cubes_moved(src, ("bag", p), k, emptied=prey_card))


# -- Reactions ----------------------------------------------------------------------


def auto_react(game: Biotopes, task: tasks.React, log: EventLog) -> bool:
    """Species Cards, Reaction icon: "react to an action triggered by another card,
    including an opponent's card, outside your turn"; FAQ: "The action of a Reaction card
    triggers automatically when its activation conditions are met". It fires by itself;
    its owner is asked only what the card leaves open — which card to draw, which card
    takes the cube drawn from the bag — and only when there is more than one way (D19).
    A Reaction that could do nothing is skipped."""
    p = task.p
    card = SPECIES[task.card]
    reward = card.effect.reward
    if not task.fired:
        if (reward is Reward.CARD and not game.draw_options()) or (
                reward is Reward.CUBE and not sum(game.bags[p])):
            log.emit("no_reaction", f"{card.name}'s Reaction has nothing to do",
                     cause=task.c, cards=[card.id], players=[p])
            game.queue.pop(0)
            return True
        played = SPECIES[task.played]
        cause = log.emit("reaction", f"{SEAT_NAMES[p]}'s {card.name} reacts to "
                         f"{played.name} ({card.effect.keyword})", cause=task.c,
                         cards=[card.id, played.id], players=[p],
                         nodes=[card.type.value, played.type.value])
        task = task.but(fired=True, c=cause)
        if reward is Reward.CUBE:
            k = game._draw_from_bag(p)
            assert k is not None
            drew = log.emit("bag_draw", f"{SEAT_NAMES[p]} draws a {COLOURS[k]} cube "
                            "from the bag", cause=cause, cubes=[COLOURS[k]], players=[p],
                            **game._cubes_moved(("bag", p), ("drawn", p), k,
                                                reads=game._draws())
                            ) if log.record else None
            task = task.but(colour=k, c=drew)
        game.queue[0] = task
    options = react_options(game, task)
    if len(options) == 1:
        decide_react(game, task, options[0], log)
        return True
    return False


def react_options(game: Biotopes, task: tasks.React) -> list[Action]:
    if SPECIES[task.card].effect.reward is Reward.CARD:
        return list(game.draw_options())
    return game._cube_options(task)


def decide_react(game: Biotopes, task: tasks.React, a: Action, log: EventLog) -> None:
    if isinstance(a, Draw):
        draw_card(game, task.p, a, log, task.c)
    else:
        assert isinstance(a, Place)
        place_drawn_cube(game, task.p, task.colour, a, log, task.c)
    game.queue.pop(0)


def reward_task(p: int, reward: Reward | None, n: int, cause: int | None) -> tasks.Task:
    if reward is Reward.CARD:
        return draw_task(p, n, cause)
    return tasks.Cube.make(p=p, c=cause)


# -- drawing cards and cubes -------------------------------------------------------------


def auto_draw(game: Biotopes, task: tasks.Draw, log: EventLog) -> bool:
    """Draw a card: "from one or more rivers or from the top of the decks", one at a
    time (Evolution)."""
    if task.n <= 0:
        game.queue.pop(0)
        return True
    options = game.draw_options()
    if not options:
        log.emit("no_card", "No card is left to draw", cause=task.c)
        game.queue.pop(0)
        return True
    if len(options) == 1:
        decide_draw(game, task, options[0], log)
        return True
    game._asked = (task, options)  # type: ignore[assignment]  # Draw actions, read only
    return False


def decide_draw(game: Biotopes, task: tasks.Draw, a: Action, log: EventLog) -> None:
    assert isinstance(a, Draw)
    draw_card(game, task.p, a, log, task.c)
    game.queue[0] = draw_task(task.p, task.n - 1, task.c)


def draw_card(game: Biotopes, p: int, a: Draw, log: EventLog, cause: int | None) -> None:
    d = _DECK_INDEX[a.deck]
    if a.slot < 0:
        card = game._take_from_deck(d, INTO_HAND[d][p], SEATS[p])
        assert card is not None
        game.hands[p].append(card)
        if log.record:  # a card drawn face down is named by no id (hidden), only its place
            events: list[Any] = log.events  # told directly (a row: EventLog)
            events.append((len(events), "draw", _DECK_DRAW_WORDS[d][p], cause,
                           {"players": SEATS[p], "cards": (), "ids": ()}, game._draws(),
                           (_HAND_KEYS[p], ident.PLACES[card])))
        return
    river = game.rivers[d]
    card = river.pop(a.slot)
    size = len(river)
    game._refill_river(d)
    game.hands[p].append(card)
    if log.record:
        told = _RIVER_DRAW_TOLD.get((p, card))
        if told is None:
            told = _RIVER_DRAW_TOLD[p, card] = _river_draw_told(p, card, d)
        text, cards, drawn, river_key = told
        events = log.events
        if len(river) > size:  # the river refilled from its deck: the card laid named
            new = river[0]
            events.append((len(events), "draw", text, cause,
                           {"players": SEATS[p], "cards": cards,
                            "ids": (ident.CARD_IDS[new],)}, (*game._draws(), river_key),
                           (*drawn, ident.PLACES[new], river_key)))
        else:
            events.append((len(events), "draw", text, cause,
                           {"players": SEATS[p], "cards": cards, "ids": ()},
                           (*game._draws(), river_key), (*drawn, river_key)))


_DECK_INDEX = {name: d for d, name in enumerate(DECK_NAMES)}
INTO_RIVER = tuple(f"a card from the {deck.label} deck into the river" for deck in DECKS)
INTO_HAND = tuple(tuple(f"a card from the {deck.label} deck into {name}'s hand"
                        for name in SEAT_NAMES) for deck in DECKS)
"""The name of a chance draw from each deck into its river, and into each seat's hand."""
SEATS = tuple((p,) for p in range(MAX_PLAYERS))
"""Each seat as the one player an event names, made once."""
_HAND_KEYS = tuple(("hand", p) for p in range(MAX_PLAYERS))
_DECK_DRAW_WORDS = tuple(tuple(f"{name} draws a card from the top of the {deck} deck"
                               for name in SEAT_NAMES) for deck in DECK_NAMES)
"""The words of a card drawn from each deck's top by each seat."""
_RIVER_DRAW_TOLD: dict[tuple[int, str], tuple[str, tuple[str], tuple[Any, ...], Any]] = {}
"""What the event of a card drawn from a river says and names by seat and card (a few
hundred): its words, the card, what it writes of the hand and the card, the river's key."""


def _river_draw_told(p: int, card: str, d: int
                     ) -> tuple[str, tuple[str], tuple[Any, ...], Any]:
    return (f"{SEAT_NAMES[p]} draws {SPECIES[card].name} from the {DECK_NAMES[d]} river",
            (card,), (_HAND_KEYS[p], ident.place(card)), ("river", d))


def auto_cube(game: Biotopes, task: tasks.Cube, log: EventLog) -> bool:
    """Card Icons: "Draw a cube from your bag and place it on one of your cards. This card
    must be the same color as the cube." """
    p = task.p
    if task.colour < 0:
        k = game._draw_from_bag(p)
        if k is None:
            log.emit("no_cube", f"{SEAT_NAMES[p]}'s bag is empty", cause=task.c)
            game.queue.pop(0)
            return True
        cause = log.emit("bag_draw", f"{SEAT_NAMES[p]} draws a {COLOURS[k]} cube "
                         "from the bag", cause=task.c, cubes=[COLOURS[k]], players=[p],
                         **game._cubes_moved(("bag", p), ("drawn", p), k,
                                             reads=game._draws())
                         ) if log.record else None
        task = task.but(colour=k, c=cause)
        game.queue[0] = task
    options = game._cube_options(task)
    if len(options) == 1:
        decide_cube(game, task, options[0], log)
        return True
    return False


def decide_cube(game: Biotopes, task: tasks.Cube, a: Action, log: EventLog) -> None:
    assert isinstance(a, Place)
    place_drawn_cube(game, task.p, task.colour, a, log, task.c)
    game.queue.pop(0)


def place_drawn_cube(game: Biotopes, p: int, k: int, a: Place, log: EventLog,
                     cause: int | None) -> None:
    game._put_cube(p, a.row, a.col, k)
    if log.record:
        reads, writes, ids = game._cubes_told(("drawn", p), game._place_of(p, a.row, a.col), k)
        log.told("cube", f"The {COLOURS[k]} cube goes onto "
                 f"{game._where(p, a.row, a.col)}", cause,
                 {"cards": (game.card_at(p, a.row, a.col),), "cubes": (COLOURS[k],),
                  "nodes": (game._node(p, a.row, a.col),), "players": (p,), "ids": ids},
                 reads, writes)


# -- Reproduction ------------------------------------------------------------------------


def auto_reproduce(game: Biotopes, task: tasks.Reproduce, log: EventLog) -> bool:
    """RB Reproduction: "place an extra cube from the reserve on every Species card of
    yours that already has two or three cubes on it (this cube is the same color as the
    card it is placed on)". Fecund cards take one more (D22)."""
    p = task.p
    cards = []
    for r in range(ROWS):
        for c, e in enumerate(game.rows[p][r]):
            if 2 <= _species_cubes(e) <= 3:
                cards.append((r, c))
                if SPECIES[e[0]].effect.kind is EffectKind.FECUND:
                    cards.append((r, c))
    if log.record:
        log.emit("reproduce", f"{len(set(cards))} Species card(s) of "
                 f"{SEAT_NAMES[p]} reproduce", cause=task.c, players=[p],
                 cards=[game.rows[p][r][c][0] for r, c in cards],
                 reads=[ident.cubes(game.rows[p][r][c][0]) for r, c in cards])
    key = (p, tuple(cards))
    breed = _BREEDS.get(key) or tasks.kept(_BREEDS, key, tasks.Breed.make(p=p, cards=key[1]))
    game.queue[0] = breed if task.c is None else breed.caused(task.c)
    return True


# -- Transfer --------------------------------------------------------------------------


def auto_transfer(game: Biotopes, task: tasks.Transfer, log: EventLog) -> bool:
    """RB Transfer: "take the cubes present on each Biotope card of your Ecosystem, and
    place one cube on each Species card of the same row, starting with the one furthest to
    the left. Then, if any cubes remain, place them back on their matching Biotope card."
    Cards with 4 cubes are skipped; r-selected cards take up to two (D23)."""
    p = task.p
    told = log.record
    for r in range(ROWS):
        # the row's own colour leaves first, then cubes a Discreet Species brought (D37)
        foreign = game.foreign[p][r]
        if foreign[0] or foreign[1] or foreign[2] or foreign[3]:
            order = [r, *(k for k in range(ROWS) if k != r)]
            taken = [k for k in order for _ in range(count_at(game, p, r, -1, k))]
        else:  # the row's own colour only (nearly always)
            taken = [r] * game.biotope[p][r]
        left = len(taken)
        given = []
        moved: list[int] = []
        for c, e in enumerate(game.rows[p][r]):
            if not left:
                break
            cap = 2 if SPECIES[e[0]].effect.kind is EffectKind.R_SELECTED else 1
            n = min(cap, left, SPECIES_CUBE_LIMIT - _species_cubes(e))
            for _ in range(max(0, n)):
                k = taken[len(moved)]
                game._take_cube(p, r, -1, k)
                game._put_cube(p, r, c, k)
                moved.append(k)
            if n > 0:
                left -= n
                given.append((e[0], n))
        if taken and told:
            told_transfer(game, p, r, moved, given, left, log, task.c)
    game.queue.pop(0)
    return True


def told_transfer(game: Biotopes, p: int, r: int, moved: list[int],
                  given: list[tuple[str, int]], left: int, log: EventLog,
                  cause: int | None) -> None:
    """The event of a row's Transfer: its cubes, card by card (their ids moved with them:
    ``Identities.move``, written out), read from and written to the Biotope card and the
    Species cards given cubes."""
    identity = game._identity
    places = identity.cubes
    src: ident.Place = ("biotope", p, r)
    stacks = places.get(src) or identity._stacks(src)
    ids: list[str] = []
    cards = [game.bcards[p][r]]
    edges: list[tuple[str, str]] = []
    held: list[Any] = [src]
    i = 0
    for card_id, n in given:
        onto_key = ident.CUBES[card_id]
        onto = places.get(onto_key) or identity._stacks(onto_key)
        for k in moved[i:i + n]:
            c = stacks[k].pop()
            onto[k].append(c)
            ids.append(CUBE_IDS[c])
        i += n
        cards.append(card_id)
        edges.append(_TRANSFER_EDGES[card_id])
        held.append(onto_key)
    reads = tuple(held)
    if moved and not (stacks[0] or stacks[1] or stacks[2] or stacks[3]):
        writes = (*reads, ident.emptied(cards[0]))
    else:
        writes = reads
    events: list[Any] = log.events  # told directly (a row: EventLog)
    # (its words made when read: EventLog's words made when read)
    events.append((len(events), "transfer", (_transfer_words, r, len(moved), tuple(given), left),
                   cause,
                   {"players": SEATS[p], "cards": tuple(cards),
                    "cubes": tuple(map(COLOURS.__getitem__, moved)), "edges": tuple(edges),
                    "ids": tuple(ids)}, reads, writes))


def _transfer_words(r: int, moved: int, given: tuple[tuple[str, int], ...], left: int) -> str:
    """The words of a row's Transfer: ``moved`` cubes, ``given`` to cards (card, cubes),
    ``left`` back on the Biotope card."""
    parts = ", ".join([f"{n} on {SPECIES[card_id].name}" for card_id, n in given])
    return (f"{_BIOTOPE_LABELS[r]}: {moved} cube(s) move from the Biotope card "
            f"({parts or 'none'}); {left} go back")


_BIOTOPE_LABELS = tuple(b.label for b in BIOTOPES)
_TRANSFER_EDGES = {card.id: (_PLANTS_NODE, _NODE[card.type]) for card in SPECIES.values()}
"""Each biotope's words, and each Species card's food-web edge as a Transfer tells it."""


# -- Evolution -------------------------------------------------------------------------


def auto_evo_discard(game: Biotopes, task: tasks.EvolutionDiscard, log: EventLog) -> bool:
    if not game.hands[task.p]:
        decide_evo_discard(game, task, Done(), log)
        return True
    return False


def decide_evo_discard(game: Biotopes, task: tasks.EvolutionDiscard, a: Action,
                       log: EventLog) -> None:
    """RB Evolution: "discard as many cards as you wish ... draw as many new Species cards
    as the total number of cubes moved and cards discarded"."""
    p = task.p
    if isinstance(a, Discard):
        game.hands[p].remove(a.card)
        game._discard_card(a.card)
        if log.record:
            told = _DISCARD_TOLD.get((p, a.card)) or _discard_told(p, a.card)
            events: list[Any] = log.events  # told directly (EventLog: a row, told()'s event)
            events.append((len(events), "discard", told[0], task.c,
                           {"cards": told[1], "players": SEATS[p]}, (), told[2]))
        key = (p, task.n, task.d + 1)
        discard = _EVO_DISCARDED.get(key) or tasks.kept(
            _EVO_DISCARDED, key, tasks.EvolutionDiscard.make(p=p, n=key[1], d=key[2]))
        game.queue[0] = discard if task.c is None else discard.caused(task.c)
        return
    n = task.n + task.d
    cause = None
    if log.record:
        events = log.events  # told directly (a row: EventLog)
        cause = len(events)
        events.append((cause, "evolution", (_EVOLUTION_WORDS, SEAT_NAMES[p], n, task.n, task.d),
                       task.c,
                       {"players": SEATS[p]}, (), ()))
    game.queue[0] = draw_task(p, n, cause)


# -- Expansion, Competition, Migration ---------------------------------------------


def auto_fallback(game: Biotopes, task: tasks.Fallback, log: EventLog) -> bool:
    """RB Competition: "The opponent must fall back their token to an empty, adjacent
    territory. If this is not possible, the token is returned to their Ecosystem board."
    Solo: "You choose ... If there is no space available, the token is simply removed
    from the game." """
    options = game._fallback_options(task)
    if len(options) == 1:
        decide_fallback(game, task, Fallback(options[0]), log)
        return True
    if options:
        return False
    h, o = task.hex, task.owner
    game._vacate(h)
    told: dict[str, Any] = {}
    if log.record:
        token = game._identity.return_token(o, h)
        told = {"reads": [ident.hex_key(h)], "ids": [token],
                "writes": [ident.hex_key(h), ("territories", o),
                           *([gone_key(token)] if o == NEUTRAL else [])]}
    if o == NEUTRAL:
        game.neutral_removed += 1
        log.emit("removed", f"The neutral token on {_hex(h)} has nowhere to fall back: "
                 "it leaves the game", cause=task.c, hexes=[list(h)], **told)
    else:
        game.tokens[o] += 1
        log.emit("returned", f"{SEAT_NAMES[o]}'s token on {_hex(h)} has nowhere "
                 "to fall back: it returns to the Ecosystem board", cause=task.c,
                 hexes=[list(h)], players=[o], **told)
    game.queue.pop(0)
    return True


def decide_fallback(game: Biotopes, task: tasks.Fallback, a: Action, log: EventLog) -> None:
    assert isinstance(a, Fallback)
    h, o = task.hex, task.owner
    game._vacate(h)
    game._claim(a.hex, o)
    who = "The neutral token" if o == NEUTRAL else f"{SEAT_NAMES[o]}'s token"
    if log.record:
        log.emit("fallback", f"{who} falls back from {_hex(h)} to {_hex(a.hex)}",
                 cause=task.c, hexes=[list(h), list(a.hex)],
                 reads=[ident.hex_key(h)],
                 writes=[ident.hex_key(h), ident.hex_key(a.hex), ("territories", o)],
                 ids=[game._identity.move_token(h, a.hex)])
    game.queue.pop(0)


def auto_colonize(game: Biotopes, task: tasks.Colonize, log: EventLog) -> bool:
    """RB Expansion / Competition / Migration: the token, then "take a cube of the color
    of the colonized territory from the reserve and add it to your bag" (none when the
    reserve has none, D14); then the card effects that colonizing sets off."""
    p, how, h = task.p, task.how, task.hex
    k = game.landscape[h]
    if how == "migration":
        assert task.origin is not None
        cause = colonize_by_migration(game, p, task.origin, h, log, task.c)
    else:
        cause = colonize_with_token(game, p, h, log, task.c)
    if game.reserve[k]:
        game.reserve[k] -= 1
        game.bags[p][k] += 1
        if log.record:
            text, cubes, bag, reads, writes = _BAG_TOLD[p][k]
            events: list[Any] = log.events  # told directly (EventLog: a row, told()'s event)
            events.append((len(events), "bag", text, cause,
                           {"cubes": cubes, "players": SEATS[p],
                            "ids": (game._identity.one(ident.RESERVE, bag, k),)},
                           reads, writes))
    else:
        log.emit("no_cube", f"The reserve has no {COLOURS[k]} cube", cause=cause,
                 reads=[("reserve", k)])
    rewards = []
    for rewarding in (game.effects[p] or effect_cards(game, p))[1]:  # (in the rows' order)
        eff = SPECIES[rewarding].effect
        if eff.kind is EffectKind.COLONIZE and (
                (eff.action is not None and eff.action.value == how)
                or (eff.biotope is not None and BIOTOPES.index(eff.biotope) == k)):
            why = None
            if log.record:
                events = log.events  # told directly (a row: EventLog)
                why = len(events)
                events.append((why, "effect", _REWARD_WORDS[rewarding], cause,
                               {"cards": (rewarding,), "players": SEATS[p]}, (), ()))
            rewards.append(reward_task(p, eff.reward, eff.count, why))
    for bc in game._advanced(p, EffectKind.COLONIZE) if game.opts["draft"] else ():
        if bc.effect.biotope is not None and BIOTOPES.index(bc.effect.biotope) == k:
            why = log.emit("effect", f"{bc.habitat_name} ({bc.biotope.label}) rewards the "
                           "colonization", cause=cause, cards=[bc.id], players=[p])
            rewards.append(reward_task(p, bc.effect.reward, bc.effect.count, why))
    if rewards:
        game.queue[0:1] = rewards
    else:
        game.queue.pop(0)
    return True


_REWARD_WORDS = {c: f"{SPECIES[c].name} ({SPECIES[c].effect.keyword}) rewards the colonization"
                 for c in _COLONIZERS}
"""The words of a Species card rewarding a colonization."""
_BAG_TOLD = tuple(tuple(
    (f"A {COLOURS[k]} cube goes from the reserve into {SEAT_NAMES[p]}'s bag", (COLOURS[k],),
     ("bag", p), (("reserve", k),), (("reserve", k), ("bag", p))) for k in range(ROWS))
    for p in range(MAX_PLAYERS))
"""What the event of a colonization's cube says, names, reads and writes by seat and colour:
its words, the colour, the bag it joins, its reads and its writes."""


def colonize_by_migration(game: Biotopes, p: int, origin: Hex, h: Hex, log: EventLog,
                          cause: int | None) -> int | None:
    """RB Migration: "move one of your Territory tokens to an empty territory" (paid
    for and checked by :func:`legal.can_migrate`); the event told, if any."""
    game._vacate(origin)
    game._claim(h, p)
    if not log.record:
        return None
    events: list[Any] = log.events  # told directly (a row: EventLog)
    index = len(events)
    events.append((index, "colonize", f"{SEAT_NAMES[p]}'s token migrates from "
                   f"{_hex(origin)} to the {BIOTOPES[game.landscape[h]].label} at {_hex(h)}",
                   cause, {"hexes": (list(origin), list(h)), "players": (p,),
                           "ids": (game._identity.move_token(origin, h),)},
                   (ident.hex_key(origin), ident.hex_key(h), ident.land(h)),
                   (ident.hex_key(origin), ident.hex_key(h), ("territories", p))))
    return index


def colonize_with_token(game: Biotopes, p: int, h: Hex, log: EventLog,
                        cause: int | None) -> int | None:
    """RB Expansion and Competition: "Take one of the tokens from your Ecosystem board and
    place it" on ``h`` (checked by :func:`legal.can_expand` / :func:`legal.can_compete`; a
    competed token has fallen back first); the event told, if any."""
    game.tokens[p] -= 1
    game._claim(h, p)
    if not log.record:
        return None
    key = (p, h, game.landscape[h])
    told = _COLONIZE_TOLD.get(key)
    if told is None:
        told = _COLONIZE_TOLD[key] = (
            f"{SEAT_NAMES[p]} colonizes the {BIOTOPES[key[2]].label} at {_hex(h)}",
            (ident.hex_key(h), ident.land(h)), (ident.hex_key(h), ("territories", p)))
    events: list[Any] = log.events  # told directly (a row: EventLog)
    index = len(events)
    events.append((index, "colonize", told[0], cause,
                   {"hexes": (list(h),), "players": SEATS[p],
                    "ids": (game._identity.place_token(p, h),)}, told[1], told[2]))
    return index


_COLONIZE_TOLD: dict[tuple[int, Hex, int], tuple[str, tuple[Any, ...], tuple[Any, ...]]] = {}
"""What the event of a token placed by a colonization says, reads and writes, by seat, hex
and the hex's biotope (a few thousand at most)."""


# -- Discreet Species ----------------------------------------------------------------


def auto_move(game: Biotopes, task: tasks.Move, log: EventLog) -> bool:
    """Card Icons, Discreet Species: "Move a cube from one of your cards to another card.
    This card may be located on a different row." (D21)"""
    if task.n <= 0:
        game.queue.pop(0)
        return True
    options = game._move_options(task.p)
    if not options:
        log.emit("no_move", "There is no cube to move", cause=task.c)
        game.queue.pop(0)
        return True
    if len(options) == 1:
        decide_move(game, task, options[0], log)
        return True
    return False


def decide_move(game: Biotopes, task: tasks.Move, a: Action, log: EventLog) -> None:
    assert isinstance(a, Move)
    p = task.p
    k = COLOUR_INDEX[a.colour]
    src, dst = game._where(p, a.row, a.col), game._where(p, a.to_row, a.to_col)
    cards = [game.card_at(p, a.row, a.col), game.card_at(p, a.to_row, a.to_col)]
    game._take_cube(p, a.row, a.col, k)
    game._put_cube(p, a.to_row, a.to_col, k)
    if log.record:
        log.emit("move", f"A {a.colour} cube moves from {src} to {dst}",
                 cause=task.c, cards=cards, cubes=[a.colour], players=[p],
                 nodes=[game._node(p, a.row, a.col), game._node(p, a.to_row, a.to_col)],
                 **game._cubes_moved(game._place_of(p, a.row, a.col),
                                     game._place_of(p, a.to_row, a.to_col), k,
                                     emptied=cards[0]))
    game.queue[0] = task.but(n=task.n - 1)


# -- hand limit and the end of a turn ----------------------------------------------------


def auto_end(game: Biotopes, task: tasks.End, log: EventLog) -> bool:
    """RB Evolution: "At the end of each of your actions, if you have more than 5 cards in
    hand, you must discard until you have exactly 5 left": the acting player's own
    action (cards a Reaction drew during another player's action wait for the end of
    their owner's next action: D17). Then the next turn."""
    if len(game.hands[task.p]) > HAND_LIMIT:
        game.queue.insert(0, tasks.Discard(task.p, c=task.c))
        return True
    game.queue.pop(0)
    game._next_turn(log)
    return True


def auto_discard(game: Biotopes, task: tasks.Discard, log: EventLog) -> bool:
    if len(game.hands[task.p]) <= HAND_LIMIT:
        game.queue.pop(0)
        return True
    return False


def decide_discard(game: Biotopes, task: tasks.Discard, a: Action, log: EventLog) -> None:
    assert isinstance(a, Discard)
    p = task.p
    game.hands[p].remove(a.card)
    game._discard_card(a.card)
    if log.record:
        told = _DISCARD_TOLD.get((p, a.card)) or _discard_told(p, a.card)
        events: list[Any] = log.events  # told directly (a row: EventLog)
        events.append((len(events), "discard", told[3], task.c,
                       {"cards": told[1], "players": SEATS[p]}, (), told[2]))


_DISCARD_TOLD: dict[tuple[int, str], tuple[str, tuple[str], tuple[Any, ...], str]] = {}
"""What the event of a card discarded says, names and writes, by seat and card: its words
(Evolution's), the card, its writes, and its words at the hand limit."""


def _discard_told(p: int, card: str) -> tuple[str, tuple[str], tuple[Any, ...], str]:
    told = _DISCARD_TOLD[p, card] = (
        f"{SEAT_NAMES[p]} discards {SPECIES[card].name}", (card,),
        (_HAND_KEYS[p], ident.place(card)),
        f"{SEAT_NAMES[p]} discards {SPECIES[card].name} (hand limit {HAND_LIMIT})")
    return told
