"""Tori's part of "why" (issue 20, ``core.provenance``): the ids of its stalls and customers,
the state keys its events read and write, and its own question, "why did this customer go to
that stall".

Ids (D35 in ``docs/rules/tori.md``): a stall is ``"stall:<n>"``, ``n = 6 * owner + good``
(each player has one stall tile of each goods group, D7: the tile is the stall, built, torn
down and built again); a customer is ``"customer:<n>"``, ``n`` the index of the goods it
wants (``components.GOODS``: one customer per goods group). Both come from the saved state
alone. Nothing leaves Tori: a torn-down stall tile goes back to its owner, customers and
cards stay in play, so no event writes a ``("gone", ...)`` key.

Keys:

- ``("stall", id)``: where a stall stands, its entrance and its tiles (built, expanded, torn
  down);
- ``("door", id)``: whether a customer stands at a stall's entrance;
- ``("customer", id)``: where a customer stands (walked to a stall, swapped);
- ``("visit", customer)`` and ``("visit", customer, stall)``: a customer went to a stall (the
  question's keys);
- ``("hand", seat)``, ``("display",)``, ``("pile",)``: build and goods cards;
- ``("supply", good)``: expansion tiles left; ``("goods", good)``: goods cards left;
- ``("majority", medal, good)``, ``("versatility", seat)``, ``("score", seat)``,
  ``("outcome",)``.
"""

from __future__ import annotations

from typing import Any

from ecogames.core.provenance import Key, Question

from .components import GOODS, STALLS_PER_PLAYER

GOOD_INDEX = {good: i for i, good in enumerate(GOODS)}
DISPLAY: Key = ("display",)
PILE: Key = ("pile",)


def stall(owner: int, good: str) -> str:
    """The id of ``owner``'s stall of ``good``."""
    return f"stall:{owner * STALLS_PER_PLAYER + GOOD_INDEX[good]}"


def customer(good: str) -> str:
    """The id of the customer who wants ``good``."""
    return f"customer:{GOOD_INDEX[good]}"


def stall_key(owner: int, good: str) -> Key:
    return ("stall", stall(owner, good))


def door(owner: int, good: str) -> Key:
    return ("door", stall(owner, good))


def customer_key(good: str) -> Key:
    return ("customer", customer(good))


def hand(seat: int) -> Key:
    return ("hand", seat)


def _customer_id(asked: Any) -> str:
    if isinstance(asked, str) and asked in GOOD_INDEX:
        return customer(asked)
    if isinstance(asked, int) and not isinstance(asked, bool):
        asked = f"customer:{asked}"
    if not isinstance(asked, str) or asked not in {customer(g) for g in GOODS}:
        raise ValueError(f"customer must be a customer's id ('customer:0' to "
                         f"'customer:{len(GOODS) - 1}', one per goods group: "
                         f"{', '.join(f'{i} {g}' for i, g in enumerate(GOODS))}), its number "
                         f"or its goods, not {asked!r:.40}")
    return asked


def visit_key(customer: Any = None, stall: Any = None) -> Key:
    """The question's key: the customer's last walk (to ``stall``, if given)."""
    who = _customer_id(customer)
    if stall is None:
        return ("visit", who)
    if isinstance(stall, int) and not isinstance(stall, bool):
        stall = f"stall:{stall}"
    if not (isinstance(stall, str) and stall.startswith("stall:")
            and stall[6:].isdigit()):
        raise ValueError(f"stall must be a stall's id such as 'stall:7' (6 * player + goods, "
                         f"Player 1 is 0), or its number, not {stall!r:.40}")
    return ("visit", who, stall)


QUESTIONS = (
    Question("customer", 'game.why("customer", customer="customer:5", stall="stall:11")',
             visit_key,
             "why a customer went to a stall: its last walk (to that stall, if one is named); "
             "the walk read where the customer stood, the stall and every competing stall of "
             "its goods with their entrances"),
)
