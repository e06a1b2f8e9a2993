"""Writes the notebooks of this folder from the cells below (run it after editing them).

Notebooks are kept without outputs; `make test` executes each one headless.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
KERNEL = {"name": "python3", "display_name": "Python 3", "language": "python"}


def write(name: str, cells: list) -> None:
    nb = new_notebook(cells=cells, metadata={"kernelspec": KERNEL})
    nbformat.write(nb, HERE / name)


def md(text: str):
    return new_markdown_cell(text.strip())


def code(text: str):
    return new_code_cell(text.strip())


INDEX = [
    md("""
# ecogames — ecology board games in a notebook

Play tabletop games about food webs, and watch every cascade of effects one move sets off,
step by step, on the board and on the food web side by side.

| game | notebook | what it teaches |
| --- | --- | --- |
| **Tori-Tori: Endangered Species** (cooperative, 2-4) | [toritori.ipynb](toritori.ipynb) | food webs, trophic levels, invasive species |

**Play right here:** below is a two-player game of Tori-Tori. You are Player 1 (red); a bot
plays Player 2 when you press *Bot move*. Press **Roll the dice**, then click a highlighted
sector to move your researcher, or a highlighted token to act on it. After any roll, use
*Back* / *Forward* / *Play* to replay what happened — the food web lights up who ate whom.
"""),
    code("""
from ecogames import toritori

game = toritori.new_game(players=2, difficulty="basic", seed=2026)
widget = game.widget(bots={1: "toritori-heuristic"})
widget
"""),
    md("""
Everything the widget shows comes from the Python engine: `widget.game` is the game itself.
"""),
    code("""
print(widget.game)
print("legal now:", [widget.game.describe(a) for a in widget.game.legal_actions()][:5])
"""),
]

TORITORI = [
    md("""
# Tori-Tori: Endangered Species

A cooperative game from Chile: the team of researchers must make the island's **Village**
and **Industry** sustainable before a native species dies out. Every turn the dice wake up
parts of the island: invasive bushes spread, animals eat, breed, starve and wander — and
then each researcher has four action points to study, plant, track and protect.

## 1. Play

You play every seat by clicking (or give seats to bots with the menus under the board).
Roll, then click a highlighted sector to move or a highlighted token to act on it; when two
tokens of one species are woken together, the team decides which goes first.
"""),
    code("""
from ecogames import toritori

game = toritori.new_game(players=2, difficulty="basic", seed=7)
widget = game.widget()
widget
"""),
    md("""
## 2. The food web and trophic levels

*Ecology Concepts 2-3*: producers (Native Trees and Invasive Bushes) are eaten by primary
consumers (Guinea pigs, Tori-toris), which are eaten by secondary consumers (Foxes, Cats).
The game's food web is a networkx graph whose edges point from food to eater — the way
energy flows — so networkx computes the **trophic level** of every species.
"""),
    code("""
import networkx as nx

web = game.food_web()
for species, level in sorted(nx.trophic_levels(web).items(), key=lambda kv: kv[1]):
    print(f"{web.nodes[species]['label']:<14} level {level:.2f}   eats: "
          + ", ".join(web.nodes[f]['label'] for f in web.predecessors(species)))
"""),
    code("""
from ecogames.games.toritori import plots

plots.plot_food_web(game);
"""),
    md("""
## 3. Why producers outnumber consumers

At each level of a food chain energy is lost as heat, so each level supports fewer
individuals than the one below. The game builds this in twice: the island starts with more
producers than consumers, and a consumer needs more food underneath it to breed the higher
it sits (Guinea pig 1, Tori-tori 2, Cat 2, Fox 3).
"""),
    code("""
from collections import Counter

from ecogames.games.toritori.components import SPECIES, TrophicRole

counts = game.replay(0).view()["counts"]
by_role = Counter()
for species, info in SPECIES.items():
    by_role[info.trophic_role.value] += counts.get(species.value, 0)
for role in ("producer", "primary_consumer", "secondary_consumer"):
    print(f"{role.replace('_', ' '):<20} {by_role[role]:>3} tokens at the set-up")
print()
for species, info in SPECIES.items():
    if info.breed_threshold:
        print(f"a {info.name:<11} breeds with {info.breed_threshold} token(s) underneath")
"""),
    md("""
## 4. Invasive species: what happens to the Tori-toris when the island is left alone?

*Ecology Concept 4*: Cats and Invasive Bushes came with people; they are among the most
important causes of biodiversity loss. We play a few hundred seeded games in which the
researchers only walk around (they never plant, protect or remove anything), and the same
seeds with a team that works for the win, and follow the Tori-tori population.
"""),
    code("""
from ecogames.bots import make_bot
from ecogames.sim import simulate


def new_game(seed):
    return toritori.new_game(players=2, difficulty="basic", seed=seed)


def team(name):
    return lambda seed: make_bot(name, seed)


seeds = range(150)
alone = simulate(new_game, team("toritori-hands-off"), seeds, measure=plots.populations,
                 progress=True)
helped = simulate(new_game, team("toritori-heuristic"), seeds, measure=plots.populations,
                  progress=True)
"""),
    code("""
import matplotlib.pyplot as plt

fig, axes = plt.subplots(1, 2, figsize=(13, 4), sharey=True)
for ax, results, title in [(axes[0], alone, "Left alone"), (axes[1], helped, "With researchers")]:
    runs = [{"Tori-tori": r.measure["Tori-tori"], "Cat": r.measure["Cat"],
             "Invasive Bush": r.measure["Invasive Bush"]} for r in results]
    from ecogames.core.plots import plot_population_bands
    plot_population_bands(runs, ax=ax, colours=plots.COLOURS, title=title)
plt.tight_layout()

for name, results in [("left alone", alone), ("with researchers", helped)]:
    extinct = sum("Tori-toris went extinct" in r.outcome.reason for r in results)
    won = sum(bool(r.outcome.winners) for r in results)
    print(f"{name:>17}: Tori-toris extinct in {extinct} of {len(results)} games; "
          f"the team won {won}")
"""),
    md("""
## 5. One cascade, step by step

*Ecology Concept 5*: actions have consequences that ripple through the food web. Here is one
roll of the dice: every effect, and the effect that caused it. In the widget, the same steps
are replayed on the island and on the food web with *Back* / *Forward*.
"""),
    code("""
from ecogames.bots import make_bot

# bots play a game; we keep its most eventful roll of the dice
game = toritori.new_game(players=2, seed=11)
bot = make_bot("toritori-heuristic", 11)
turn, cascade = None, None
while not game.is_over:
    action = bot.choose(game, game.legal_actions())
    result = game.apply(action)
    if action.type == "roll" and (cascade is None or len(result) > len(cascade)):
        turn, cascade = len(game.history) - 1, result

for event in cascade:
    depth = len(cascade.causes(event.index)) - 1
    print("   " * depth + f"{event.index + 1}. {event.text}")
"""),
    code("""
from ecogames.core.plots import draw_cascade

draw_cascade(cascade);
"""),
    code("""
# the same roll in the widget: press Back / Forward / Play to walk through it
replay = game.replay(turn).widget()
replay.act(game.history[turn])
replay
"""),
]


def main() -> None:
    write("index.ipynb", INDEX)
    write("toritori.ipynb", TORITORI)


if __name__ == "__main__":
    main()
