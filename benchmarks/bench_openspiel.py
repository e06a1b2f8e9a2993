"""Engine throughput beside OpenSpiel's pure-Python tic-tac-toe, in one run on one machine.

Random self-play, actions per CPU second (``time.process_time``), for each engine:

- ``push``: the unchecked door bots and replays use (legal_actions, a random choice, push);
- ``apply``: the checked door a person's move goes through (the legality gate, and the
  cascade: every event told in words with its cause, every chance draw with its odds);
- ``untold``: ``apply(record=False)``, the legality gate alone (what loading a save
  replays through): apply's cost beyond it is the cascade's telling;
- Tori also with its greedy bot in every seat (``tori-greedy``: what real users run; random
  Tori games last thousands of actions), the bot's thinking included.

The peer is OpenSpiel's ``python_tic_tac_toe`` (``pip install open_spiel``): the same loop
of ``legal_actions``, a random choice and ``apply_action``. Both sides choose with Python's
``random.Random`` so the chooser costs the same; set-up is inside the timed loop on both
sides. The ratio is ecogames' actions per CPU second over OpenSpiel's. OpenSpiel is a
benchmark peer only, not a dependency: without it the ratios are skipped with a message.

Each actions-per-second figure is the best of ``--repeats`` rounds. A ratio pairs each
measurement with OpenSpiel's measured just before and just after it (their mean), and is the
median of those paired ratios over the rounds: the machine's own speed drifts from minute to
minute even when nothing else runs (tic-tac-toe's best round has read 29,700 to 42,700
actions per CPU second in runs four minutes apart), and a ratio of two figures taken minutes
apart carries that drift.

    python benchmarks/bench_openspiel.py [--seconds 3] [--repeats 3] [--game tori]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ecogames.bots import make_bot
from ecogames.core import Game, registered_games
from ecogames.games import biotopes, tori, toritori, tulikko, wildlifeweb  # noqa: F401

ENGINES = ("toritori", "wildlifeweb", "tulikko", "biotopes", "tori")


def measure(run_game: Callable[[int], int], seconds: float) -> float:
    """Actions per CPU second: whole games, seeds 0, 1, ..., until ``seconds`` have gone."""
    actions = 0
    seed = 0
    started = time.process_time()
    while True:
        actions += run_game(seed)
        seed += 1
        spent = time.process_time() - started
        if spent >= seconds:
            return actions / spent


def ecogames_game(cls: type[Game], door: str) -> Callable[[int], int]:
    """Random self-play through ``door``: "push", "apply" or "untold"."""
    def run(seed: int) -> int:
        choose = random.Random(seed).choice
        game = cls.new_game(players=2, seed=seed)
        play = {"push": game.push, "apply": game.apply,
                "untold": lambda action: game.apply(action, record=False)}[door]
        n = 0
        while not game.is_over:
            play(choose(game.legal_actions()))
            n += 1
        return n
    return run


def greedy_tori(seed: int) -> int:
    game = tori.new_game(players=2, seed=seed)
    bot = make_bot("tori-greedy", seed)
    n = 0
    while not game.is_over:
        game.push(bot.choose(game, game.legal_actions()))
        n += 1
    return n


def openspiel_game() -> Callable[[int], int] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
        from open_spiel.python import games  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:  # (importing open_spiel.python.games registers its Python games)
        return None
    spiel = pyspiel.load_game("python_tic_tac_toe")

    def run(seed: int) -> int:
        choose = random.Random(seed).choice
        state = spiel.new_initial_state()
        n = 0
        while not state.is_terminal():
            state.apply_action(choose(state.legal_actions()))
            n += 1
        return n
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="CPU seconds per measurement (default 3)")
    parser.add_argument("--repeats", type=int, default=3,
                        help="rounds; each figure is the best round's (default 3)")
    parser.add_argument("--game", action="append", choices=ENGINES, default=[],
                        help="measure only this engine (repeat for several)")
    args = parser.parse_args()
    peer = openspiel_game()
    if peer is None:
        print("open_spiel is not installed (pip install open_spiel): ratios skipped")
    games = registered_games()
    doors = ("push", "apply", "untold")
    rows: list[tuple[str, dict[str, Callable[[int], int]]]] = [
        (name, {door: ecogames_game(games[name], door) for door in doors})
        for name in args.game or ENGINES]
    if not args.game or "tori" in args.game:
        rows.append(("tori (greedy)", {"push": greedy_tori}))
    best: dict[str, float] = {}
    ratios: dict[str, list[float]] = {}

    def keep(key: str, figure: float) -> None:
        best[key] = max(best.get(key, 0.0), figure)

    for _, runs in rows:  # warm up: first calls import lazily (networkx, ...)
        for run in [*runs.values(), *([peer] if peer is not None else [])]:
            measure(run, 0.2)
    for _ in range(args.repeats):
        for name, runs in rows:
            before = measure(peer, args.seconds) if peer is not None else None
            for door, run in runs.items():
                figure = measure(run, args.seconds)
                keep(f"{name} {door}", figure)
                if peer is not None and before is not None:
                    after = measure(peer, args.seconds)
                    keep("peer", max(before, after))
                    ratios.setdefault(f"{name} {door}", []).append(
                        figure / ((before + after) / 2))
                    before = after
    base = best.get("peer")
    if base is not None:
        print(f"OpenSpiel python_tic_tac_toe, random self-play: {base:,.0f} actions/CPU s "
              "(best round)")
        print("each ratio: the median over the rounds of the engine's figure over the mean of "
              "the two tic-tac-toe figures measured just before and just after it")
    print(f"{'engine':<14}" + "".join(f"{door + ' a/s':>12}{'ratio':>8}" for door in doors))

    def cell(key: str) -> str:
        if key not in best:
            return " " * 20
        ratio = f"{statistics.median(ratios[key]):.2f}x" if key in ratios else ""
        return f"{best[key]:>12,.0f}{ratio:>8}"

    for name, _ in rows:
        line = f"{name:<14}" + "".join(cell(f"{name} {door}") for door in doors)
        if name == "tori (greedy)":
            line += "   (tori-greedy in both seats, the bots' thinking included)"
        print(line.rstrip())


if __name__ == "__main__":
    main()
