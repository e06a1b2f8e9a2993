"""A greedy bot for Tori: expand when it can, take customers, build near them, draw what helps.

Uniformly random players make very long games of Tori (they draw and discard far more than
they expand: docs/rules/tori.md, "Random play"). This bot plays with purpose, one rule of
thumb per option of a turn, so games between bots end in a few hundred actions:

1. **Expand** (Udvid en bod) whenever it can: the expansion that wins a majority card, then
   one that starts a new goods group (versatility), then one in the zones and goods of its own
   bonus cards.
2. **Take a customer** (Tag en kunde) who brings goods cards its next expansion still needs,
   for the least marketing and without overflowing the hand.
3. **Build** (Byg en ny bod) up to four stalls, each with its entrance as few steps as possible
   from its good's customer (networkx distances, walking.py); more only to free a customer
   stuck at an entrance. **Tear down** a bare stall its customer can no longer walk to.
4. **Draw** (Træk byggekort) the face-up cards of the zones where its stalls can grow, else two
   from the pile.

It works towards one expansion at a time, the one fewest cards away. In the decisions it
takes the most useful face-up card after a refresh, and at the hand limit it discards what
its stalls cannot use. Equal choices are broken by the bot's own seeded generator, and one
action in twenty is a random legal one, so bots never lock each other in a loop. Registered
as ``"tori-greedy"`` when ``ecogames.games.tori`` is imported.

For the search bot (``ecogames.bots.mcts``) the module also gives :func:`estimate`, each
player's chances from the money and points as they stand, and ``MCTS_SETTINGS``: short
greedy rollouts scored by the estimate, since whole games are too long to play out a
thousand times a move.

>>> from ecogames.games import tori
>>> from ecogames.bots import make_bot, play
>>> game = tori.new_game(players=2, seed=3)
>>> play(game, make_bot("tori-greedy", 1)).reason != ""
True
>>> [round(v, 2) for v in estimate(tori.new_game(players=2, seed=3))]
[0.5, 0.5]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ecogames.bots import register_bot
from ecogames.bots.mcts import logit_results
from ecogames.core import Action, Game, Rng

from .actions import (
    Build,
    DiscardBuild,
    DiscardGoods,
    DrawFaceUp,
    DrawPile,
    Expand,
    TakeCustomer,
    TakeFaceUp,
    TearDown,
)
from .components import (
    AREA_CARD,
    BONUS_TILES,
    COLOUR_CARD,
    EXPANSION_TILES,
    GOODS,
    HAND_LIMIT,
    VERSATILITY_GOODS,
    ZONE_OF,
    Cell,
    entrance_of,
)
from .rules import Tori
from .walking import BIT, distance, reach, steps_from

RANDOM_ONE_IN = 20
"""One action in this many is a random legal one (breaks any loop between greedy bots)."""
MAX_STALLS = 4
"""Beyond this many stalls the bot builds only for a customer stuck at another stall's
entrance (waiting for a good nobody it can reach sells), where it can walk to the new one."""


class GreedyBot:
    """Rules of thumb for Tori (see the module docstring); any game but Tori: random."""

    name = "tori-greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not isinstance(game, Tori) or self.rng.below(RANDOM_ONE_IN) == 0:
            return self.rng.choice(legal)
        turn = _Turn(game)
        if game.phase == "discard":
            return self._best(legal, lambda a: -_card_value(turn, a))[0]
        if game.phase == "refresh":
            return self._best(legal, lambda a: (_card_value(turn, a)
                                                if isinstance(a, TakeFaceUp) else 0.5))[0]
        by_kind: dict[type, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(type(a), []).append(a)
        for kind, value in ((Expand, _expand_value), (TakeCustomer, _customer_value),
                            (Build, _build_value), (TearDown, _tear_down_value)):
            options = by_kind.get(kind)
            if options:
                best, worth = self._best(options, lambda a, value=value: value(turn, a))  # type: ignore[misc]
                if worth > 0:
                    return best
        draws = by_kind.get(DrawFaceUp, []) + by_kind.get(DrawPile, [])
        if draws:
            return self._best(draws, lambda a: _draw_value(turn, a))[0]
        return self.rng.choice(legal)

    def _best(self, options: Sequence[Action],
              value: Callable[[Action], float]) -> tuple[Action, float]:
        """The option of the highest value (equal ones drawn by the bot's generator), with
        its value."""
        scored = [(value(a), a) for a in options]
        top = max(v for v, _ in scored)
        best = [(a, v) for v, a in scored if v >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)


class _Turn:
    """The position a choice is made in, with what the options' values ask of it worked
    out once: the player, its stalls on the board, the expansion it works towards
    (``_target``), whether a customer is stuck at an entrance."""

    __slots__ = ("_stuck", "_target", "game", "p", "stalls")

    def __init__(self, game: Tori) -> None:
        self.game = game
        self.p = game.active
        self.stalls = sum(1 for q, _ in game.stalls if q == self.p)
        self._target: str | bool | None = False  # False: not worked out yet
        self._stuck: dict[Cell, bool] = {}

    @property
    def target(self) -> str | None:
        if self._target is False:
            self._target = _target(self.game, self.p)
        return self._target  # type: ignore[return-value]

    def stuck(self, customer: Cell | None) -> bool:
        """A customer standing at a stall's entrance (waiting for a good nobody it can reach
        sells)."""
        if customer is None:
            return False
        known = self._stuck.get(customer)
        if known is None:
            known = self._stuck[customer] = any(st.entrance == customer
                                                for st in self.game.stalls.values())
        return known


def _goods_needed(game: Tori, p: int, good: str) -> int:
    """Goods cards of ``good`` the player's next expansion of that stall costs (0: no stall)."""
    stall = game.stalls.get((p, good))
    return 0 if stall is None else stall.size + 1


def _target(game: Tori, p: int) -> str | None:
    """The good of the stall whose next expansion is fewest cards away (goods cards still
    missing, plus one without a build card it can use); None with no stall that can grow."""
    best: tuple[float, int, str] | None = None
    for (q, good), stall in game.stalls.items():
        if q != p or game.expansion_supply(good) <= 0:
            continue
        missing = max(0, stall.size + 1 - game.goods_hands[p][good])
        if not any(game.build_hands[p][z - 1] for z in stall.zones):
            missing += 1
        key = (missing + stall.size / 2, stall.size, good)
        if best is None or key < best:
            best = key
    return None if best is None else best[2]


def _card_value(turn: _Turn, action: Action) -> float:
    """How much the active player wants the card an action names (to keep or to take): the
    cards of the expansion it works towards most, then those of its other stalls."""
    game, p, target = turn.game, turn.p, turn.target
    if isinstance(action, DiscardGoods):
        held = game.goods_hands[p][action.good]
        if held > _goods_needed(game, p, action.good):
            return 0.0
        return 5.0 if action.good == target else 1.0
    zone = getattr(action, "zone", None)
    if zone is None:
        return 0.0
    value = 0.0
    for (q, good), stall in game.stalls.items():
        if q == p and zone in stall.zones:
            value = max(value, 5.0 if good == target else 1.5)
    if turn.stalls < MAX_STALLS:
        value = max(value, 1.0)
    others = game.build_hands[p][zone - 1] - (1 if isinstance(action, DiscardBuild) else 0)
    return value / (1 + 2 * others)


def _expand_value(turn: _Turn, a: Action) -> float:
    assert isinstance(a, Expand)
    game, p = turn.game, turn.p
    stall = game.stalls[(p, a.good)]
    size = stall.size + 1
    others = max((st.size for (q, g), st in game.stalls.items() if g == a.good and q != p),
                 default=0)
    value = 10.0
    if game.gold[a.good] != p and size > others:
        value += 8.0
    elif game.silver[a.good] != p and size == others:
        value += 4.0
    if not stall.expansions:
        value += 3.0  # a new goods group towards the versatility card
    if ZONE_OF[(a.row, a.col)] in AREA_CARD[game.area_bonus[p]].zones:
        value += 1.5
    if a.good in COLOUR_CARD[game.colour_bonus[p]].goods:
        value += 1.5
    return value


def _customer_value(turn: _Turn, a: Action) -> float:
    """The goods cards the next expansion still needs that this customer brings, less the
    build cards marketing costs and the cards the hand limit would throw away."""
    assert isinstance(a, TakeCustomer)
    game, p = turn.game, turn.p
    stall = game.stalls[(p, a.good)]
    gain = min(stall.size, game.goods_supply[a.good])
    missing = max(0, _goods_needed(game, p, a.good) - game.goods_hands[p][a.good])
    marketing = len(game._closer_competitors(p, a.good) or [])
    overflow = max(0, game.hand_size(p) - marketing + gain - HAND_LIMIT)
    bonus = 1.0 if a.good == turn.target else 0.0
    return min(gain, missing) + bonus - 1.5 * marketing - 0.5 * overflow


def _build_value(turn: _Turn, a: Action) -> float:
    assert isinstance(a, Build)
    game, p = turn.game, turn.p
    customer = game.customers[a.good]
    if turn.stalls >= MAX_STALLS and not turn.stuck(customer):
        return 0.0
    value = 5.0
    if a.good in COLOUR_CARD[game.colour_bonus[p]].goods:
        value += 1.0
    if ZONE_OF[(a.row, a.col)] in AREA_CARD[game.area_bonus[p]].zones:
        value += 1.0
    if customer is None:  # on the colour-change tile: it comes back later
        return value
    cell = (a.row, a.col)  # the walk past the tiles and the new stall (walking.distances_from)
    door = BIT[entrance_of(cell, a.facing)]
    walk = steps_from(game._tile_bits, customer)  # the walk before the stall stands
    dist = walk.get(door)
    if dist is not None:
        before = walk.get(BIT[cell])
        if before is not None and before < dist:
            # the new stall may stand in the way: walk again (as far, unless every shortest
            # walk to the entrance crossed its cell)
            dist = distance(game._tile_bits | BIT[cell], customer, door)
    if dist is None:
        return -1.0  # the customer cannot walk there
    return value + 4.0 - 0.25 * dist


def _tear_down_value(turn: _Turn, a: Action) -> float:
    """Worth it only for a stall its customer cannot walk to (stalls have walled it in):
    its tile goes back to the supply, to be built again where the customer can come."""
    assert isinstance(a, TearDown)
    game = turn.game
    customer = game.customers[a.good]
    if customer is None:
        return 0.0
    entrance = game.stalls[(game.active, a.good)].entrance
    return 0.0 if reach(game._tile_bits, customer) & BIT[entrance] else 1.0


def _draw_value(turn: _Turn, a: Action) -> float:
    if isinstance(a, DrawPile):
        return 1.2
    assert isinstance(a, DrawFaceUp)
    return sum(_card_value(turn, TakeFaceUp(z)) for z in (a.first, a.second))


# -- the search's estimate -------------------------------------------------------------------

FEATURES = ("points", "points late", "expansion tiles", "expansion tiles late",
            "area bonus progress", "colour bonus progress", "versatility progress",
            "goods cards", "goods cards late", "build cards")
"""What :func:`estimate` weighs, for each player: the points as they stand (majority cards,
versatility, bonus cards already earned: ``Tori.scores``), the expansion tiles on the board,
the way to each bonus card not earned yet (its tiles so far over the tiles it needs) and to
the versatility card (goods groups with an expansion tile over the groups it needs), the
goods and build cards in hand. A "late" feature is the same times the share of the 34
expansion tiles already placed: the game ends with the tiles, so as it nears its end the
majorities standing now are the ones that score."""

WEIGHTS = (-0.098, 0.683, 0.617, -0.754, 0.641, 0.107, -0.229, 0.034, -0.008, -0.018)
"""The weight of each of ``FEATURES``: a conditional logit (player ``p`` wins with probability
``exp(s_p) / sum(exp(s_q))``, ``s_p`` the weighted sum of ``p``'s features) fitted by
maximum likelihood to 36,000 positions (every fourth action) of 400 finished games between
greedy bots (300 with two players, 50 with three, 50 with four; a shared win counts for
each winner in part). On games held out it names the winner of a 2-player position 65 % of
the time (log loss 0.60, against 0.69 for a coin). Early on the tiles on the board count
most, late the points: majorities change hands until the tiles run out."""

_TILES = sum(EXPANSION_TILES.values())


def features(game: Tori) -> list[list[float]]:
    """Each player's :data:`FEATURES`."""
    scores = game.scores()
    need, groups_needed = BONUS_TILES[game.players], VERSATILITY_GOODS[game.players]
    late = sum(EXPANSION_TILES[g] - game.expansion_supply(g) for g in GOODS) / _TILES
    tiles = [0] * game.players
    groups = [0] * game.players
    for (q, _), stall in game.stalls.items():
        if stall.expansions:
            tiles[q] += len(stall.expansions)
            groups[q] += 1
    result = []
    for p, score in enumerate(scores):
        goods = sum(game.goods_hands[p].values())
        result.append([
            score["total"], score["total"] * late, tiles[p], tiles[p] * late,
            0.0 if score["area_bonus"] else min(score["area_tiles"], need) / need,
            0.0 if score["colour_bonus"] else min(score["colour_tiles"], need) / need,
            0.0 if game.versatility[p] else groups[p] / groups_needed,
            goods, goods * late, sum(game.build_hands[p])])
    return result


def estimate(game: Game) -> list[float]:
    """Each player's expected result in [0, 1] on the scale of ``ecogames.bots.mcts.rewards``
    (0.9 for a win, shared by the winners, plus 0.1 for the score), for a game not over: the
    chance to win from :data:`WEIGHTS`, and the points as they stand normalised between the
    fewest (0) and the most (1), one half each when all have as many.

    The search asks it of determinized states only, so another player's bonus cards in it
    are dealt, not the real ones."""
    assert isinstance(game, Tori)
    rows = features(game)
    strengths = [sum(w * f for w, f in zip(WEIGHTS, row)) for row in rows]
    return logit_results(strengths, [row[0] for row in rows])


MCTS_SETTINGS: dict[str, Any] = {"rollout": "greedy", "cutoff": 10, "expand": "greedy",
                                 "exploration": 0.5}
"""The search's defaults in Tori (see ``ecogames.bots.mcts``): a new node tries the greedy
bot's choice first; a rollout plays ten actions of greedy bots, then :func:`estimate`
scores it. Whole greedy rollouts cost about 200 actions each (80 playouts a CPU second);
these buy about 1,000. Tuned on 2-player games against ``tori-greedy`` at 200 playouts a
move (8 seeded games each, seats swapped; MCTS's wins): cutoff 10 won 5, 0 (the estimate
of the new node alone: the search drew and discarded for 1,000 actions) 0, 30 won 8 at
three times the cost, random rollouts 5.5, exploration 0.5 instead of 1 won 8."""


register_bot(GreedyBot.name, GreedyBot)

__all__ = ["FEATURES", "MCTS_SETTINGS", "WEIGHTS", "GreedyBot", "estimate", "features"]
