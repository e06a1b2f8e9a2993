"""A greedy bot for Wildlife Web: feed every animal, take mates, raise Offspring.

The bot scores each legal action on its own (no lookahead) and plays the best; equal scores
are broken by its own seeded generator, so a bot with a seed plays the same game every time.

- Raising Offspring and taking a mate come first (they win the game), giving up the least
  food the rules allow.
- Feeding: each action is worth the food it brings on average: a Forage card is sure food;
  a hunt is worth the prey's Size times the chance to win the dice duel (Power and the
  abilities that plainly apply, one die each, ties rolled again); scavenging the same with
  Agility against the highway's die. Ending the feeding is worth nothing, so every animal
  that can still eat does.
- Choosing animals (the draft, replacing, swapping): the mate of an unmated animal above
  all; then animals that forage (sure food), active both day and night, small (a Size 1
  animal needs 1 food to mate, 1 for an Offspring, 1 to raise it).
- Roadkill is chosen among the animals the bot wants least; an Event strikes the animal
  whose loss costs least; pets are adopted.

Registered as ``"wildlifeweb-greedy"`` when ``ecogames.games.wildlifeweb`` is imported.

For the search bot (:mod:`ecogames.bots.mcts`) the module also gives :func:`estimate` (each
player's chance to win, from how far each Pack has come towards its Offspring) and
``MCTS_SETTINGS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from operator import mul
from typing import Any

from ecogames.bots import register_bot
from ecogames.bots.mcts import logit_results
from ecogames.core import Action, Game, Rng

from .actions import (
    AdoptPet,
    ChooseVictim,
    Draft,
    DrawWildlife,
    Forage,
    Hunt,
    PlaceRoadkill,
    RaiseOffspring,
    Scavenge,
    Steal,
    Swap,
    TakeFromHabitat,
    TakeMate,
)
from .components import CARD_ANIMAL, DIE_FACES, FOOD_VALUE, MATE_OF, Animal
from .feeding import forage_count
from .rules import WildlifeWeb, food_value

OFFSPRING = 10_000.0
MATE = 9_000.0
MATE_CARD = 500.0
FOOD = 100.0


@cache
def win_chance(mine: int, theirs: int) -> float:
    """The chance that ``mine`` + one die beats ``theirs`` + the other die, ties rolled
    again (Hunting: "If there is a tie, the chase is on: roll again")."""
    faces = range(1, DIE_FACES + 1)
    wins = sum(1 for a in faces for b in faces if mine + a > theirs + b)
    ties = sum(1 for a in faces for b in faces if mine + a == theirs + b)
    rolls = DIE_FACES * DIE_FACES
    return wins / (rolls - ties) if rolls > ties else 0.5


def animal_value(kind: Animal) -> float:
    """How much the bot wants an animal in its Pack (higher is better)."""
    value = 0.0
    if kind.can_forage:
        value += 3.0
    elif kind.can_scavenge:
        value += 1.0
    value += {"both": 3.0, "diurnal": 1.5, "crepuscular": 1.5, "nocturnal": 1.0}[kind.activity]
    value += 5 - kind.size
    return value


def _hunt_totals(game: WildlifeWeb, action: Hunt) -> tuple[int, int, float]:
    """Rough attack and defence totals, and the prey's food value."""
    found = game.find(action.animal)
    pred = CARD_ANIMAL[action.animal]
    pred_mated = bool(found and found[1]["mate"])
    prey = CARD_ANIMAL[action.prey]
    prey_found = game.find(action.prey)
    prey_mated = bool(prey_found and prey_found[1]["mate"])
    attack = pred.power + sum(e.bonus for e in pred.effects.get("attack", ())
                              if (not e.mated or pred_mated)
                              and (e.vs is None or e.vs.matches(prey, mated=prey_mated)))
    defence = prey.power + sum(e.bonus for e in prey.effects.get("defence", ())
                               if (not e.mated or prey_mated)
                               and (e.vs is None or e.vs.matches(pred, mated=pred_mated))
                               and not any(f.matches(pred, mated=pred_mated) for f in e.unless))
    return attack, defence, float(prey.size)


def score(game: WildlifeWeb, action: Action) -> float:
    """The bot's value of playing ``action`` now (higher is better)."""
    me = game.active
    if isinstance(action, RaiseOffspring):
        return OFFSPRING - food_value(list(action.discard))
    if isinstance(action, TakeMate):
        return MATE - food_value(list(action.discard))
    if isinstance(action, Forage):
        found = game.find(action.animal)
        count = forage_count(game, found[1]) if found else 1
        return FOOD * count
    if isinstance(action, Hunt):
        attack, defence, size = _hunt_totals(game, action)
        hide = max((e.on for e in CARD_ANIMAL[action.prey].effects.get("hide", ())), default=7)
        stays = min(1.0, max(0.0, (hide - 1) / DIE_FACES))
        return FOOD * size * win_chance(attack, defence) * stays
    if isinstance(action, Scavenge):
        kind = CARD_ANIMAL[action.animal]
        bonus = sum(e.bonus for e in kind.effects.get("scavenge", ()))
        return FOOD * CARD_ANIMAL[action.carcass].size * win_chance(kind.agility + bonus, 0)
    if isinstance(action, Steal):
        return FOOD * FOOD_VALUE[action.food] * 0.5
    if isinstance(action, (Draft, TakeFromHabitat)):
        return _card_value(game, me, action.card)
    if isinstance(action, DrawWildlife):
        return 4.0
    if isinstance(action, PlaceRoadkill):
        wanted = {MATE_OF[a["card"]] for pack in game.packs for a in pack if a["mate"] is None}
        return -animal_value(CARD_ANIMAL[action.card]) - (50.0 if action.card in wanted else 0.0)
    if isinstance(action, Swap):
        found = game.find(action.card)
        if found is None or found[1]["food"]:
            return -1.0
        return 2.5 - animal_value(CARD_ANIMAL[action.card])
    if isinstance(action, ChooseVictim):
        found = game.find(action.card)
        if found is None:
            return 0.0
        a = found[1]
        return -(food_value(a["food"]) + (5 if a["offspring"] else 0) + (3 if a["mate"] else 0))
    if isinstance(action, AdoptPet):
        return 1.0
    return 0.0  # keep the Pack, decline a pet, end feeding, end the turn


def _card_value(game: WildlifeWeb, player: int, card: str) -> float:
    unmated = {a["card"] for a in game.packs[player] if a["mate"] is None}
    if MATE_OF[card] in unmated:
        return MATE_CARD
    value = animal_value(CARD_ANIMAL[card])
    if MATE_OF[card] in game.habitat:
        value += 2.0
    return value


class GreedyBot:
    """Plays the best-scoring action (see the module docstring)."""

    name = "wildlifeweb-greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, legal: Sequence[Action]) -> Action:
        if len(legal) == 1 or not isinstance(game, WildlifeWeb):
            return legal[0] if len(legal) == 1 else self.rng.choice(legal)
        best: list[Action] = []
        top = float("-inf")
        for action in legal:
            value = score(game, action)
            if value > top + 1e-9:
                top, best = value, [action]
            elif value > top - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)


# -- the search's estimate ---------------------------------------------------------------------

FEATURES = ("small", "foragers", "day_and_night", "secured", "one_to_go", "raising",
            "raising_fed", "pairs", "pairs_fed", "singles", "singles_fed", "to_move")
"""What :func:`features` measures of one player: the sum of ``1 / Size`` over the Pack's
animals (a small animal needs little food), the animals that forage (sure food), those
active by day and by night; the Offspring secured, and whether one more wins; then by stage
of the Pack's families (Raising Offspring, a mated pair, an animal alone): how many, and
how far their food has come towards their Size (each at most 1: the next step is due);
whether the player is the one to move."""

WEIGHTS = (0.8321, -0.1502, 0.4466, 2.1043, -0.1947, 0.3812, 0.9134, 0.0, 0.0982, -0.5743,
           0.3403, 0.1093)
"""The weight of each feature in a player's strength (a conditional logit: a player's chance
to win is ``exp(strength)`` over the sum of every player's). Fitted by maximum likelihood to
83,000 states of 4,000 games of 2 to 4 players (greedy self-play, and greedy bots beside
random ones), the weights of food and families kept >= 0 so that the search is never told
that food or a family is bad for it (the fit without that bound, confounded by who plays
on, gave food of an Offspring a negative weight). It names the winner of a held-out fifth
of the states 79 % of the time in 2-player games."""


def features(game: WildlifeWeb, player: int) -> tuple[float, ...]:
    """The features of ``player``'s position in ``game``, in the order of ``FEATURES``."""
    small = foragers = both = 0.0
    raising = raising_fed = pairs = pairs_fed = singles = singles_fed = 0.0
    value = FOOD_VALUE
    for a in game.packs[player]:
        kind = CARD_ANIMAL[a["card"]]
        size = kind.size
        small += 1.0 / size
        foragers += kind.can_forage
        both += kind.day and kind.night
        fed = min(1.0, sum(map(value.__getitem__, a["food"])) / size)
        if a["offspring"] is not None:
            raising += 1
            raising_fed += fed
        elif a["mate"] is not None:
            pairs += 1
            pairs_fed += fed
        else:
            singles += 1
            singles_fed += fed
    secured = len(game.secured[player])
    return (small, foragers, both, float(secured), float(secured == game.target - 1), raising,
            raising_fed, pairs, pairs_fed, singles, singles_fed,
            float(game.current_player == player))


def estimate(game: Game) -> list[float]:
    """Each player's expected result in [0, 1] on the scale of ``ecogames.bots.mcts.rewards``
    (0.9 for a win, plus 0.1 for the most Offspring), for a game not over.

    The chance to win is a conditional logit over :func:`features`: player ``p`` wins with
    probability ``exp(s_p) / sum(exp(s_q))``, ``s_p`` the weighted sum of ``p``'s features
    (``WEIGHTS``). The tie-break part is the Offspring secured, normalised between the fewest
    (0) and the most (1), as at the game's end (one half each when all have as many).
    """
    assert isinstance(game, WildlifeWeb)
    strengths = [sum(map(mul, WEIGHTS, features(game, p))) for p in range(game.players)]
    return logit_results(strengths, [len(f) for f in game.secured])


MCTS_SETTINGS: dict[str, Any] = {"rollout": "random", "cutoff": 5, "expand": "greedy",
                                 "exploration": 0.4}
"""The search's defaults in Wildlife Web (see ``ecogames.bots.mcts``): random rollouts cut
off after 5 actions and scored by :func:`estimate`, a new node trying the greedy bot's
choice first, UCB1's constant 0.4. Chosen by seeded matches against ``wildlifeweb-greedy``
(2 players, seats swapped, 12 games each) at about 0.2 CPU s per move: whole random
rollouts won 3 of 12, whole greedy rollouts 10, cut off after 20 actions 9 (random) and 8
(greedy), after 5 actions 11, scored at once (cutoff 0) 10; after 5 actions at 400
playouts, exploration 0.4 won 12 and 1.0 won 10."""


register_bot(GreedyBot.name, GreedyBot)

__all__ = ["FEATURES", "MCTS_SETTINGS", "WEIGHTS", "GreedyBot", "animal_value", "estimate",
           "features", "score", "win_chance"]
