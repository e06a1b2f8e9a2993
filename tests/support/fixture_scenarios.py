"""The situations each widget is exported in for the JS tests (see fixtures.py)."""

from __future__ import annotations

from ecogames.widget import GameWidget
from tests.support.fixtures import scenario
from tests.support.pond import Pond, Roll


@scenario("pond-start")
def pond_start() -> GameWidget:
    return GameWidget(Pond.new_game(players=2, seed=3))


@scenario("pond-mid-cascade")
def pond_mid_cascade() -> GameWidget:
    widget = GameWidget(Pond.new_game(players=2, seed=3))
    widget.act(Roll())
    widget.shows_step(0)
    return widget


@scenario("pond-decision")
def pond_decision() -> GameWidget:
    state = {**Pond.new_game(players=1, seed=0)._state(),
             "population": {"algae": 4, "snail": 1, "fish": 3}}
    for seed in range(100):
        state["rng"] = seed
        widget = GameWidget(Pond.from_state(state))
        widget.act(Roll())
        if widget.game.phase == "feed":
            return widget
    raise AssertionError("no seed reaches the feeding decision")


@scenario("pond-over")
def pond_over() -> GameWidget:
    from ecogames.bots import RandomBot, play

    game = Pond.new_game(players=2, seed=5, rounds=2)
    play(game, RandomBot(1))
    return GameWidget(game)


def _before(new_game, bots, stop, seeds):
    """A bot-played game stopped just before the first action for which ``stop(game,
    action)`` holds: ``(game, action)``. ``new_game(seed)`` and ``bots(seed)`` (one bot per
    seat, or one for all) make each try."""
    for seed in seeds:
        game, seats = new_game(seed), bots(seed)
        while not game.is_over:
            action = seats[game.current_player % len(seats)].choose(game, game.legal_actions())
            if stop(game, action):
                return game, action
            game.push(action)
    raise AssertionError("no game reached the situation")



# -- Tori-Tori ----------------------------------------------------------------------------


def _toritori_until(predicate, seeds=range(200)):
    """A bot-played game stopped at the first state where ``predicate(game)`` holds."""
    from ecogames import toritori
    from ecogames.bots import make_bot

    for seed in seeds:
        game = toritori.new_game(players=2, seed=seed, layout="rulebook")
        bot = make_bot("toritori-heuristic", seed)
        while not game.is_over and not predicate(game):
            game.apply(bot.choose(game, game.legal_actions()))
        if predicate(game):
            return game
    raise AssertionError("no game reached the situation")


@scenario("toritori-start")
def toritori_start() -> GameWidget:
    from ecogames import toritori

    return toritori.new_game(players=3, seed=7, layout="rulebook").widget()


@scenario("toritori-mid-cascade")
def toritori_mid_cascade() -> GameWidget:
    from ecogames import toritori

    widget = toritori.new_game(players=2, seed=1, layout="rulebook").widget()
    widget.act({"type": "roll"})
    widget.shows_step(min(2, len(widget.cascade["events"]) - 1))
    return widget


@scenario("toritori-decision")
def toritori_decision() -> GameWidget:
    game = _toritori_until(lambda g: g.view()["decision"] is not None)
    return game.widget()


@scenario("toritori-victory")
def toritori_victory() -> GameWidget:
    from tests.games.toritori.scenario import build

    game = build({1: ["TT", "NT"], 4: ["TT", "GP", "NT"], 7: ["TT", "FX", "NT"],
                  10: ["TT", "NT", "NT"], 12: ["GP", "FX", "NT"]},
                 players=2, stage="actions", points=4, markers={"red": "N5"})
    widget = game.widget()
    widget.act({"type": "study", "space": "N6"})
    return widget


@scenario("toritori-defeat")
def toritori_defeat() -> GameWidget:
    game = _toritori_until(lambda g: g.is_over and not g.outcome.winners)
    return game.widget()


# -- Tulikko ------------------------------------------------------------------------------


def _tulikko_before(stop, seeds=range(200)):
    from ecogames.bots import make_bot
    from ecogames.games import tulikko

    return _before(lambda seed: tulikko.new_game(players=2, seed=seed, maps=["fox", "owl"]),
                   lambda seed: [make_bot("tulikko-greedy", seed + p) for p in range(2)],
                   stop, seeds)


def _tulikko_after(game, action):
    twin = game.clone()
    twin.push(action)
    return twin


@scenario("tulikko-start")
def tulikko_start() -> GameWidget:
    from ecogames.games import tulikko

    widget = tulikko.new_game(players=3, seed=5, maps=["fox", "owl", "lynx"]).widget()
    for cell in (9, 10, 6):
        widget.act({"type": "place_start", "cell": cell})
    return widget


@scenario("tulikko-mid-cascade")
def tulikko_mid_cascade() -> GameWidget:
    def completes(game, action):
        return (action.type == "place_tokens" and len(action.at) >= 2
                and _tulikko_after(game, action).fulfilled != game.fulfilled)

    game, action = _tulikko_before(completes)
    widget = game.widget()
    widget.act(action)
    kinds = [e["kind"] for e in widget.cascade["events"]]
    widget.shows_step(kinds.index("landscape_card"))
    return widget


@scenario("tulikko-decision")
def tulikko_decision() -> GameWidget:
    def token_choice(game, action):
        after = _tulikko_after(game, action)
        return (action.type == "place" and after.phase == "tokens"
                and len(after.legal_actions()) >= 4)

    game, action = _tulikko_before(token_choice)
    widget = game.widget()
    widget.act(action)
    return widget


@scenario("tulikko-over")
def tulikko_over() -> GameWidget:
    game, action = _tulikko_before(lambda g, a: _tulikko_after(g, a).is_over)
    widget = game.widget()
    widget.act(action)
    return widget


# -- Wildlife Web -------------------------------------------------------------------------


def _wildlifeweb_before(predicate, seeds=range(200), players=2):
    from ecogames.games import wildlifeweb
    from ecogames.games.wildlifeweb.bots import GreedyBot

    return _before(lambda seed: wildlifeweb.new_game(players=players, seed=seed),
                   lambda seed: [GreedyBot(seed)], predicate, seeds)


@scenario("wildlifeweb-start")
def wildlifeweb_start() -> GameWidget:
    from ecogames.games import wildlifeweb

    return wildlifeweb.new_game(players=2, seed=7).widget()


@scenario("wildlifeweb-mid-cascade")
def wildlifeweb_mid_cascade() -> GameWidget:
    """A hunt of a central-habitat animal whose dice tie and are rolled again, shown at the
    first roll; after it another animal has several actions, a hunt in the habitat among
    them (for the chooser)."""

    def tied_hunt(game, action):
        if action.type != "hunt" or action.prey not in game.habitat:
            return False
        twin = game.clone()
        kinds = [e.kind for e in twin.apply(action).events]
        if "tie" not in kinds or "eat" not in kinds:
            return False
        mine: dict = {}
        for a in twin.legal_actions():
            if getattr(a, "animal", None):
                mine.setdefault(a.animal, []).append(a)
        return any(len(acts) > 2 and any(a.type == "hunt" and a.prey in twin.habitat
                                         for a in acts) for acts in mine.values())

    game, action = _wildlifeweb_before(tied_hunt)
    widget = game.widget()
    widget.act(action)
    kinds = [e["kind"] for e in widget.cascade["events"]]
    widget.shows_step(kinds.index("roll"))
    return widget


@scenario("wildlifeweb-decision")
def wildlifeweb_decision() -> GameWidget:
    """An Event strikes one of the player's animals: the player chooses which."""
    game, _ = _wildlifeweb_before(lambda g, a: g.phase == "victim", players=3)
    return game.widget()


@scenario("wildlifeweb-over")
def wildlifeweb_over() -> GameWidget:
    def wins(game, action):
        twin = game.clone()
        twin.push(action)
        return twin.is_over

    game, action = _wildlifeweb_before(wins)
    widget = game.widget()
    widget.act(action)
    return widget


# -- Tori (the Helsinki 1952 market game) -------------------------------------------------


def _tori_before(predicate, players=2, seeds=range(60)):
    from ecogames.bots import make_bot
    from ecogames.games import tori

    return _before(lambda seed: tori.new_game(players=players, seed=seed),
                   lambda seed: [make_bot("tori-greedy", seed * 10 + p) for p in range(players)],
                   predicate, seeds)


def _tori_cascade_kinds(game, action):
    twin = game.clone()
    return twin, [e.kind for e in twin.apply(action).events]


@scenario("tori-start")
def tori_start() -> GameWidget:
    from ecogames.games import tori

    return tori.new_game(players=3, seed=7).widget()


@scenario("tori-mid-cascade")
def tori_mid_cascade() -> GameWidget:
    """A customer walks to a stall that pays for marketing; shown at the walk."""
    def marketed_walk(game, action):
        if action.type != "take_customer":
            return False
        twin, kinds = _tori_cascade_kinds(game, action)
        return "marketing" in kinds and len(twin.last_cascade.events[kinds.index(
            "customer")].touched["cells"]) >= 5

    game, action = _tori_before(marketed_walk, players=3)
    widget = game.widget()
    widget.act(action)
    kinds = [e["kind"] for e in widget.cascade["events"]]
    widget.shows_step(kinds.index("customer"))
    return widget


@scenario("tori-decision")
def tori_decision() -> GameWidget:
    """The hand limit: after taking a customer the first player holds nine cards (the JS
    test reads player 1's hand)."""
    def over_the_limit(game, action):
        if action.type != "take_customer" or game.current_player != 0:
            return False
        twin = _tori_cascade_kinds(game, action)[0]
        return twin.phase == "discard" and twin.hand_size(0) == 9

    game, action = _tori_before(over_the_limit)
    widget = game.widget()
    widget.act(action)
    return widget


@scenario("tori-over")
def tori_over() -> GameWidget:
    """The last expansion takes a gold majority card from the other player and ends Tori."""
    def ends_with_gold(game, action):
        if action.type != "expand":
            return False
        twin, _ = _tori_cascade_kinds(game, action)
        return twin.is_over and any(e.kind == "majority" and "gold" in e.text
                                    for e in twin.last_cascade.events)

    game, action = _tori_before(ends_with_gold)
    widget = game.widget()
    widget.act(action)
    return widget


# -- Biotopes -----------------------------------------------------------------------------


def _biotopes_before(stop, seeds=range(40)):
    from ecogames.bots import make_bot
    from ecogames.games import biotopes

    return _before(lambda seed: biotopes.new_game(players=2, seed=seed),
                   lambda seed: [make_bot("biotopes-greedy", seed + p) for p in range(2)],
                   stop, seeds)


def _biotopes_kinds(game, action):
    twin = game.clone()
    return twin, [e.kind for e in twin.apply(action).events]


@scenario("biotopes-start")
def biotopes_start() -> GameWidget:
    """Both starting hands kept: the first player places a Territory token (hexes to click)."""
    from ecogames.games import biotopes

    widget = biotopes.new_game(players=2, seed=1).widget()
    widget.act({"type": "keep_hand"})
    widget.act({"type": "keep_hand"})
    return widget


@scenario("biotopes-mid-cascade")
def biotopes_mid_cascade() -> GameWidget:
    """An Adaptation whose card is paid for, placed and given a cube; shown at the play."""
    def long_adaptation(game, action):
        if action.type != "adapt":
            return False
        twin, kinds = _biotopes_kinds(game, action)
        return twin.phase == "action" and {"pay", "play", "cube"} <= set(kinds)

    game, action = _biotopes_before(long_adaptation)
    widget = game.widget()
    widget.act(action)
    kinds = [e["kind"] for e in widget.cascade["events"]]
    widget.shows_step(kinds.index("play"))
    return widget


@scenario("biotopes-decision")
def biotopes_decision() -> GameWidget:
    """A Reaction on another player's turn: the card just played sets off the other player's
    Reaction, who is asked (the first game with one is seed 7)."""
    def reaction(game, action):
        twin = game.clone()
        twin.push(action)
        return twin.phase == "react" and twin.current_player != twin.active

    game, action = _biotopes_before(reaction, seeds=range(7, 40))
    widget = game.widget()
    widget.act(action)
    return widget


@scenario("biotopes-over")
def biotopes_over() -> GameWidget:
    game, action = _biotopes_before(lambda g, a: _biotopes_kinds(g, a)[0].is_over)
    widget = game.widget()
    widget.act(action)
    return widget
