"""Build exact Wildlife Web situations for the rulebook's examples: a state with the given
Packs, habitat and highway, every other card in its deck, and dice fixed in advance."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import count
from typing import Any

from ecogames.core import Rng
from ecogames.core.chance import draw
from ecogames.games.wildlifeweb import components as c
from ecogames.games.wildlifeweb.rules import WildlifeWeb


def W(species: str, n: int = 1) -> str:  # noqa: N802 - card notation
    """A Wildlife card: ``W("elk", 2)`` is ``w.elk.2``."""
    card = f"w.{species}.{n}"
    assert card in c.CARD_ANIMAL, card
    return card


def E(event: str, n: int = 1) -> str:  # noqa: N802
    card = f"e.{event}.{n}"
    assert card in c.CARD_EVENT, card
    return card


def F(*numbers: int) -> list[str]:  # noqa: N802
    """Forage cards by number (1-24)."""
    return [f"f.{n:02d}" for n in numbers]


def O(n: int) -> str:  # noqa: N802, E743 - an Offspring card
    return f"o.{n:02d}"


def animal(card: str, *, mate: bool | str = False, food: Iterable[str] = (),
           offspring: str | None = None, waiting: int | None = None) -> dict[str, Any]:
    """A Pack animal; ``mate=True`` stacks the other card of its species."""
    partner = c.MATE_OF[card] if mate is True else (mate or None)
    return {"card": card, "mate": partner, "food": list(food), "offspring": offspring,
            "waiting": waiting}


@cache
def dice(*faces: int) -> int:
    """A random-generator state whose next rolls are ``faces`` (found by search)."""
    for seed in count():
        rng = Rng(seed)
        start = rng.state
        if all(rng.below(6) + 1 == f for f in faces):
            return start
    raise AssertionError("unreachable")


def scenario(*, players: int = 2, packs: Sequence[Sequence[dict[str, Any]]] | None = None,
             habitat: Iterable[str] = (), highway: Iterable[str] = (),
             wdeck: Iterable[str] | None = None, wdiscard: Iterable[str] = (),
             edeck: Iterable[str] | None = None, ediscard: Iterable[str] = (),
             fdeck: Iterable[str] | None = None, pending: Sequence[str | None] | None = None,
             secured: Sequence[Sequence[dict[str, Any]]] | None = None,
             day: bool = True, stage: str = "feed", active: int = 0, turn: int | None = None,
             rng: int = 0, target: int = 3, mods: Iterable[list[Any]] = (),
             acted: Iterable[str] = (), decision: dict[str, Any] | None = None,
             once: Iterable[str] = (), wtop: Sequence[str] = (),
             etop: Sequence[str] = (), stacked: bool = True) -> WildlifeWeb:
    """A game in exactly this situation. Cards not placed anywhere go to their decks (the
    Wildlife deck in card order, top = last, unless ``wdeck`` is given); ``wtop`` and
    ``etop`` are put on top of the Wildlife and Event decks (the last one drawn first).
    ``stacked``: the decks are stacked as listed (see :func:`stack`).

    ``turn`` (default: in round 2 by day, round 1 by night) must be one of the active
    player's turns at that time of day: turn = 1 + round x players + seat."""
    if stage in ("setup_roadkill", "draft"):
        rounds, turn = 0, 0
    elif turn is None:
        rounds = 2 if day else 1
        turn = 1 + rounds * players + active
    else:
        rounds, seat = divmod(turn - 1, players)
        assert seat == active and rounds % 2 == (0 if day else 1), (turn, active, day)
    packs = [list(p) for p in (packs or [[] for _ in range(players)])]
    packs += [[] for _ in range(players - len(packs))]
    secured = [list(s) for s in (secured or [[] for _ in range(players)])]
    secured += [[] for _ in range(players - len(secured))]
    habitat, highway, wdiscard, ediscard = (list(habitat), list(highway), list(wdiscard),
                                            list(ediscard))
    pending = list(pending or [None] * players)
    placed = set(habitat) | set(highway) | set(wdiscard) | set(ediscard)
    placed |= {x for x in pending if x}
    for pack in packs:
        for a in pack:
            placed |= {a["card"], *a["food"]} | {x for x in (a["mate"], a["offspring"]) if x}
    for fams in secured:
        for f in fams:
            placed |= {*f["cards"], f["offspring"]}
    if decision:
        placed.add(decision["event"])
    if wdeck is None and wtop:
        wdeck = [x for x in c.WILDLIFE_CARDS if x not in placed | set(wtop)] + list(wtop)
    if edeck is None and etop:
        edeck = [x for x in c.EVENT_CARDS if x not in placed | set(etop)] + list(etop)

    def rest(cards: Sequence[str], given: Iterable[str] | None) -> list[str]:
        if given is not None:
            return list(given)
        return [x for x in cards if x not in placed]

    state = {
        "players": players, "rng": rng, "target": target,
        "round": rounds, "turn": turn, "active": active, "stage": stage,
        "wdeck": rest(c.WILDLIFE_CARDS, wdeck), "wdiscard": wdiscard, "habitat": habitat,
        "highway": highway, "edeck": rest(c.EVENT_CARDS, edeck), "ediscard": ediscard,
        "fdeck": rest(c.FORAGE_CARDS, fdeck), "fknown": 0,
        "odeck": rest(c.OFFSPRING_CARDS, None),
        "packs": packs, "secured": secured, "pending": pending, "once": list(once),
        "mods": [list(m) for m in mods], "acted": list(acted), "decision": decision,
        "winner": None,
    }
    game = WildlifeWeb.from_state(state)
    return stack(game) if stacked else game


PILES = {"wildlife": "wdeck", "event": "edeck", "forage": "fdeck"}


def stack(game: WildlifeWeb) -> WildlifeWeb:
    """Stack ``game``'s decks as a test lays them out: every card drawn is the top one of its
    pile as stored (the last; of two alike cards, the one the rules take). The draw is still
    a chance draw of the cascade, forced, made with a generator of its own so that the dice
    come from the game's generator as :func:`dice` set it. (Only this game object is
    stacked, not its clones.)"""
    def chance(name: str, outcomes: Sequence[Any], weights: Sequence[int] | None = None,
               label: Any = None, seen_by: Sequence[int] | None = None,
               whole: bool = False, ticket: Any = None, odds: Any = None) -> Any:
        if odds is not None:  # (a draw by its odds: made now, to find the top card's kind)
            outcomes, weights = odds()
        first = outcomes[0]
        if game._chance is None or not isinstance(first, str):
            return type(game).chance(game, name, outcomes, weights, label, seen_by, whole,
                                     ticket)
        top = getattr(game, PILES[c.CARD_KIND[first]])[-1]
        group = top.split(".")[1]
        card = next(x for x in outcomes if x.split(".")[1] == group)
        forced = {**game._forcing, len(game._chance): card}  # this draw only
        return draw(Rng(0), game._chance, forced, name, outcomes, weights, label, seen_by,
                    whole, ticket)

    game.chance = chance  # type: ignore[method-assign]
    return game


def kinds(cascade: Any) -> list[str]:
    return [e.kind for e in cascade.events]


def texts(cascade: Any) -> str:
    return "\n".join(e.text for e in cascade.events)
