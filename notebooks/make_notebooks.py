"""Writes the notebooks of this folder from the cells below (run it after editing them).

Notebooks are kept without outputs; `make test` executes each one headless. Each notebook
opens with its title, how to play and the board, so that Voila's app view (which skips the
cells tagged ``lab-only``) shows the board before anything long runs.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
KERNEL = {"name": "python3", "display_name": "Python 3", "language": "python"}


#: The tag of the cells Voila's app view (share/jupyter/voila/templates/ecogames) neither runs
#: nor shows: everything after the board. JupyterLab and Notebook run every cell.
LAB_ONLY = "lab-only"


def write(name: str, title: str, cells: list, app: int) -> None:
    """Writes ``cells`` to ``name``; the first ``app`` cells (the title, how to play and the
    board) make the app view, the cells after them are tagged ``lab-only``. ``title`` names
    the page in Voila (the notebook's ``title`` metadata)."""
    for i, cell in enumerate(cells):  # stable ids: rewriting a notebook changes only its edits
        cell["id"] = f"{Path(name).stem}-{i:02d}"
        if i >= app:
            cell["metadata"]["tags"] = [LAB_ONLY]
    nb = new_notebook(cells=cells, metadata={"kernelspec": KERNEL, "title": title})
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
| **Tulikko** (competitive, 2-4, against bots) | [tulikko.ipynb](tulikko.ipynb) | habitat patches and river corridors as graphs: connected components |
| **Wildlife Web** (competitive, 2-6, against bots) | [wildlifeweb.ipynb](wildlifeweb.ipynb) | a food web of 50 species, secondary extinctions |
| **Tori** (Helsinki 1952 market, competitive, 2-4, against bots) | [tori.ipynb](tori.ipynb) | customers' walking distances as shortest paths on a grid graph |
| **Biotopes** (competitive, 1-5, against bots) | [biotopes.ipynb](biotopes.ipynb) | habitat fragmentation as connected components; a food web of diets and trophic levels |

**Play right here:** below is a two-player game of Tori-Tori. You are Player 1 (red); a bot
plays Player 2 on its own (the menu under the board sets its pace, or makes it wait for
*Bot move*). Press **Roll the dice**, then click a highlighted
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


TULIKKO = [
    md("""
# Tulikko

Explore a northern forest with the fire fox of the legend. Each turn you slide the forest
tile on top of your pile into the central board; the tile pushed out of the far side goes on
your **wilderness map**, on a space showing the symbol of the side it came out of. Where your
new tile touches another tile you place a token between them: an **animal token** if the two
forests are the same colour, a **river token** if they differ. The first to place all their
tokens wins (else, after twelve turns, the fewest points left: 2 per animal token, 1 per
river token).

Behind the game are two ideas of landscape ecology: **habitat patches** (neighbouring forest
of one kind, where an animal can live) and **corridors** (rivers joining the landscape).
Both are graphs, and the game's objectives are questions about their connected components.

## 1. Play against a bot

You are Player 1 (the fox); the greedy bot plays Player 2 (the owl) on its own, one step at
a time, when its turn comes (the menu under the board sets how fast).

1. Click any space of your map to put your starting tile there.
2. Click one of the four **arrows** around the central board to slide your tile in (the
   letter on the arrow is your tile's colour; hovering an arrow marks the tile it pushes out).
3. Click a highlighted space to place the tile that came out.
4. If it touches other tiles, choose which tokens to place.

The **Last action** panel replays what your move set off, step by step: the ejected tile,
the tokens, the objectives completed. **Show the river network and colour zones** draws the
graphs of section 3 right on the maps.
"""),
    code("""
from ecogames import tulikko

widget = tulikko.new_game(seed=7, maps=["fox", "owl"]).widget(bots={1: "tulikko-greedy"})
widget
"""),
    md("""
Everything the widget draws comes from the Python engine: `widget.game` is the game itself.
"""),
    code("""
game = widget.game
print("phase:", game.phase, "| to play:", game.player_names[game.current_player])
print("legal now:", [game.describe(a) for a in game.legal_actions()][:4])
print("landscape cards:", [card["name"] for card in game.view()["landscape_cards"]])
"""),
    md("""
## 2. A whole game between two bots

To have maps full of tiles to study, two greedy bots play a game to the end (a fraction of a
second). Each bot plans the rest of its turn and keeps what leaves it the fewest points.
"""),
    code("""
from ecogames.bots import make_bot, play

game = tulikko.new_game(players=2, seed=11, maps=["fox", "owl"])
outcome = play(game, [make_bot("tulikko-greedy", 1), make_bot("tulikko-greedy", 2)])
print(outcome.reason)
print("points left:", dict(zip(game.player_names, outcome.scores)))
"""),
    md("""
## 3. The map is a graph; zones and rivers are its connected components

`tulikko.board_graph(game, player)` is the map as networkx's grid graph: a node per space (its
symbol, its tile and colour), an edge between neighbouring spaces (the token on that border,
if any).

**Colour zones.** Keep only the tiles, and only the edges between two tiles of the same
colour: that is `tulikko.zones_graph`. Its **connected components** are the uninterrupted
zones of one colour — habitat patches. The largest one breaks ties at the end of the game.
"""),
    code("""
import networkx as nx

board = tulikko.board_graph(game, 0)
print(board)
print("tokens on the borders:", sum(1 for *_, t in board.edges(data="token") if t))

zones = tulikko.zones_graph(game, 0)
for zone in sorted(nx.connected_components(zones), key=len, reverse=True):
    colour = zones.nodes[min(zone)]["colour"]
    print(f"{colour:<6} zone of {len(zone)} tile(s): spaces {sorted(zone)}")
"""),
    md("""
**The river network.** A river token lies on the border between two spaces, so it joins two
corners of the grid. `tulikko.river_graph` has the corners as nodes and one edge per river
token; its connected components are the continuous stretches of river the river cards ask
for (six tokens in one stretch, a stretch joining two edges of the map...).
"""),
    code("""
rivers = tulikko.river_graph(game, 0)
for stretch in sorted(nx.connected_components(rivers), key=len, reverse=True):
    part = rivers.subgraph(stretch)
    print(f"a stretch of {part.number_of_edges()} river token(s) through corners {sorted(stretch)}")
"""),
    md("""
Drawn with matplotlib: each map with its zones (tiles joined to same-colour neighbours,
black) and its river network (corners joined by river tokens, blue). A node's position is
its place on the map.
"""),
    code("""
import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle

COLOURS = {"green": "#009E73", "orange": "#E69F00", "blue": "#56B4E9", "purple": "#CC79A7"}


def draw_map(game, player, ax):
    board = tulikko.board_graph(game, player)
    for cell, data in board.nodes(data=True):
        fill = COLOURS.get(data["colour"], "#f4f1e6")
        ax.add_patch(Rectangle((data["col"], data["row"]), 1, 1, facecolor=fill,
                               edgecolor="#bbb"))
        if data["tile"] is None:
            ax.text(data["col"] + 0.5, data["row"] + 0.5, data["symbol"], ha="center",
                    va="center", fontsize=7, color="#777")
    zones = tulikko.zones_graph(game, player)
    centres = {n: (d["col"] + 0.5, d["row"] + 0.5) for n, d in zones.nodes(data=True)}
    nx.draw_networkx(zones, centres, ax=ax, node_size=60, node_color="black",
                     edge_color="black", width=2, with_labels=False)
    rivers = tulikko.river_graph(game, player)
    corners = {(y, x): (x, y) for y, x in rivers.nodes}
    nx.draw_networkx(rivers, corners, ax=ax, node_size=25, node_color="#0072B2",
                     edge_color="#0072B2", width=4, with_labels=False)
    sizes = sorted((len(z) for z in nx.connected_components(zones)), reverse=True)
    ax.set_title(f"{game.player_names[player]}: largest zone {sizes[0]}, "
                 f"{rivers.number_of_edges()} river tokens", fontsize=10)
    ax.set_xlim(-0.2, 4.2)
    ax.set_ylim(5.2, -0.2)
    ax.set_aspect("equal")
    ax.axis("off")


fig, axes = plt.subplots(1, 2, figsize=(9, 5.5))
for player, ax in enumerate(axes):
    draw_map(game, player, ax)
plt.tight_layout()
"""),
    md("""
## 4. What the graphs say about the objectives

The same components decide the river cards and the tie-break. The engine's own checks use
these graphs (`patterns.py`: landscape shapes are found by networkx subgraph matching, in
every rotation but never mirrored).
"""),
    code("""
from ecogames.games.tulikko import patterns

for player, name in enumerate(game.player_names):
    rivers = [k for k, kind in game.tokens[player].items() if kind == "river"]
    longest = patterns.longest_stretch(rivers)
    print(f"{name}: longest river {longest} token(s), largest zone "
          f"{game.largest_zones()[player]} tile(s), landscape cards fulfilled: "
          f"{game.fulfilled[player]}")
"""),
    md("""
Back in the widget above, press **Show the river network and colour zones** while you play:
the same components are outlined on every map, with their sizes.
"""),
]


WILDLIFEWEB = [
    md("""
# Wildlife Web: eat, mate, stay alive, and reproduce

A game by Thomas J. Elpel (HOPS Press, 2019) for 2-6 players. Each player keeps a **Pack** of
wild animals from Montana. Every turn the active animals forage, hunt or scavenge; an animal
that has eaten food worth its **Size** may take a mate, a pair that eats its Size again has an
**Offspring**, and when the family has eaten its Size once more it is safe: the first player
to raise **3 Offspring** wins. Diurnal animals play by Day, nocturnal ones by Night; a hunt
is Power plus one die against the prey's Power plus the other die.

## 1. Play against a bot

You are Player 1 (the dealer); the greedy bot plays Player 2 on its own, one action at a time
(it feeds its animals, takes mates and raises Offspring; the menu under the board sets its
pace, or makes it wait for **Bot move**). First you put 4 animals of the central habitat on
the highway as roadkill, then each player picks a Pack. Click a highlighted card to act; a card that offers several actions opens a list of
choices, and while an animal is selected, the cards it can act on are marked in green. After
a hunt, *Back* / *Forward* replay the dice duel step by step.
"""),
    code("""
from ecogames.games import wildlifeweb

widget = wildlifeweb.new_game(players=2, seed=2026).widget(bots={1: "wildlifeweb-greedy"})
widget
"""),
    md("""
### ...or jump in after the set-up

Here the bot chose the roadkill and both Packs; it is your first turn. Keep your Pack, then
click one of your animals to feed it: a herbivore forages, a carnivore hunts an animal that
shares a habitat with it and is the same Size or smaller.
"""),
    code("""
from ecogames.bots import make_bot

game = wildlifeweb.new_game(players=2, seed=2020)
setup_bot = make_bot("wildlifeweb-greedy", seed=2020)
while game.phase in ("setup_roadkill", "draft"):
    game.apply(setup_bot.choose(game, game.legal_actions()))
jump_in = game.widget(bots={1: "wildlifeweb-greedy"})
jump_in
"""),
    md("""
Everything the widget shows comes from the Python engine: `jump_in.game` is the game itself.
"""),
    code("""
print(jump_in.game.phase, "- Player", jump_in.game.current_player + 1, "to play")
for animal in jump_in.game.view()["packs"][0]:
    print(f"  {animal['name']:<24} food {animal['food_value']} of {animal['need']}")
"""),
    md("""
## 2. The food web of 50 species: who can eat whom

The game's rules decide who can eat whom: a carnivore or omnivore may hunt an animal that
shares at least one habitat with it, is active at the same time of day and is the same Size
or smaller (unless an ability says otherwise); herbivores eat plants, insect-eaters eat
invertebrates, fish-eaters fish, scavengers carrion. `graphs.food_web()` turns those rules
into a networkx **DiGraph** whose edges point from food to eater, the way energy flows, so
`nx.trophic_levels` gives every species its **trophic level**: 1 for the food sources, and for
an eater one more than the average level of what it eats.
"""),
    code("""
import networkx as nx

from ecogames.games.wildlifeweb import graphs

web = graphs.food_web(pets=False)
species = [n for n, kind in web.nodes(data="kind") if kind == "species"]
print(f"{len(species)} species, {web.number_of_nodes()} nodes, "
      f"{web.number_of_edges()} who-can-eat-whom links")
levels = nx.trophic_levels(web)
print("\\nhighest trophic levels:")
for n in sorted(species, key=levels.get, reverse=True)[:6]:
    kinds = web.in_degree(n)
    print(f"  {web.nodes[n]['label']:<28} level {levels[n]:.2f}, "
          f"eats {kinds} kind{'s' if kinds > 1 else ''} of food")
print("\\nlowest:")
for n in sorted(species, key=levels.get)[:4]:
    food = ", ".join(web.nodes[f]["label"] for f in web.predecessors(n))
    print(f"  {web.nodes[n]['label']:<28} level {levels[n]:.2f}, eats {food}")
"""),
    code("""
import matplotlib.pyplot as plt

from ecogames.core.graphs import food_web_layout

LEVEL_STYLE = {1: ("#009E73", "s"), 2: ("#56B4E9", "o"), 3: ("#E69F00", "^"),
               4: ("#CC79A7", "D"), 5: ("#0072B2", "p")}


def draw_web(web, *, removed=(), starving=(), losing=(), title=""):
    \"\"\"The food web, producers at the bottom, one row per trophic level (rounded). Each level
    has a colour and a shape; after a removal the removed node is a black X, the species that
    starve orange X's and those that lose some of their food yellow hexagons.\"\"\"
    levels = {n: round(web.nodes[n]["level"]) for n in web}
    pos = {n: (x, 1 - y) for n, (x, y) in food_web_layout(web).items()}
    rows = {}
    for n in web:
        rows.setdefault(levels[n], []).append(n)
    for nodes in rows.values():  # stagger crowded rows so the names do not overlap
        nodes.sort(key=lambda n: pos[n][0])
        lanes = 1 if len(nodes) <= 8 else 3
        for i, n in enumerate(nodes):
            pos[n] = (pos[n][0], pos[n][1] + 0.05 * (i % lanes - (lanes - 1) / 2))
    _, ax = plt.subplots(figsize=(16, 9))
    gone = set(removed) | set(starving)
    faded = bool(gone)
    lost = [e for e in web.edges if set(e) & gone]
    nx.draw_networkx_edges(web, pos, ax=ax, edgelist=[e for e in web.edges if e not in lost],
                           edge_color="#999", alpha=0.12 if faded else 0.25, arrows=False,
                           width=0.6)
    if lost:
        nx.draw_networkx_edges(web, pos, ax=ax, edgelist=lost, edge_color="#D55E00",
                               alpha=0.7, arrows=True, arrowsize=8, width=1.0, style="dashed")
    for i, level in enumerate(sorted(rows)):
        colour, shape = LEVEL_STYLE.get(level, ("#999", "o"))
        nodes = [n for n in rows[level] if n not in gone and n not in losing]
        label = f"trophic level about {level}" if not faded else (
            "not affected (shape: trophic level)" if i == 0 else None)
        nx.draw_networkx_nodes(web, pos, nodelist=nodes, ax=ax, node_size=150,
                               node_color="#ddd" if faded else colour, node_shape=shape,
                               edgecolors="#777" if faded else "#222", label=label)
    for nodes, colour, shape, size, label in [
            (losing, "#F0E442", "h", 260, "loses a food source"),
            (starving, "#D55E00", "X", 300, "starves: a secondary extinction"),
            (removed, "#000000", "X", 320, "removed")]:
        if nodes:
            nx.draw_networkx_nodes(web, pos, nodelist=list(nodes), ax=ax, node_size=size,
                                   node_color=colour, node_shape=shape, edgecolors="#222",
                                   label=label)
    for n, (x, y) in pos.items():
        ax.text(x, y - 0.025, web.nodes[n]["label"], ha="center", va="top", fontsize=7.5,
                fontweight="bold" if n in gone else "normal",
                color="#999" if faded and n not in gone and n not in losing else "#111")
    ax.set_title(title)
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, markerscale=0.8)
    ax.set_xlim(0.02, 0.98)
    ax.axis("off")
    plt.tight_layout()
    return ax


draw_web(web, title="Who can eat whom: the 50 species of the Wildlife deck");
"""),
    md("""
Most predators sit at level 3-4 and eat many kinds of prey: the Wildlife Web is a *web*, not
a set of chains. (Carrion counts as a food source here, so the Turkey Vulture, which only
scavenges, sits at level 2.)

## 3. Remove a species: who loses food?

What happens to the web when one species disappears? Its eaters lose a food source; an
eater left with **no** food at all starves too (a *secondary extinction*), and its own eaters
may follow. `graphs.who_loses_food` and `graphs.secondary_extinctions` ask the graph.

First a common prey: the Columbia Spotted Frog, eaten by more species than any other animal.
"""),
    code("""
def removal(web, gone):
    losing = graphs.who_loses_food(web, gone)
    starving = graphs.secondary_extinctions(web, gone)
    name = web.nodes[gone]["label"]
    print(f"Without {name}: {len(losing)} species lose a food source, "
          f"{len(starving)} starve")
    for eater, food in losing.items():
        left = len(food["left"])
        print(f"  {web.nodes[eater]['label']:<28} "
              + ("STARVES: nothing left" if left == 0 else
                 f"still has {left} food source{'s' if left > 1 else ''}"))
    for n in starving:
        if n not in losing:
            print(f"  {web.nodes[n]['label']:<28} STARVES next: its food starved")
    return losing, starving


losing, starving = removal(web, "columbia_spotted_frog")
"""),
    md("""
Twenty-two predators lose a prey and **none** starves: each eats other things too. Many links
make the web *robust* to the loss of one prey. Now take away something many animals depend on:
the invertebrates (insects and worms; think of the *Pesticide* Event card).
"""),
    code("""
losing, starving = removal(web, "invertebrates")
draw_web(web, removed=["invertebrates"], starving=starving,
         losing=[n for n in losing if n not in starving],
         title="Without invertebrates: who starves, and who starves after them");
"""),
    md("""
The specialists go first: the bat, the wren and the frog ate nothing but invertebrates, and
neither do fish. Then the **Osprey** starves although it never ate an insect: it
only eats fish. That second step is a *cascade* through the web, one trophic level up.

Which single loss would hurt this web most? Remove each node in turn and count:
"""),
    code("""
damage = {n: graphs.secondary_extinctions(web, n) for n in web}
for n, gone in sorted(damage.items(), key=lambda kv: -len(kv[1])):
    if gone:
        print(f"without {web.nodes[n]['label']:<14} {len(gone):>2} species starve")
print(f"removing any one of the {len(species)} animals: "
      f"{sum(bool(damage[n]) for n in species)} cause a secondary extinction")
"""),
    md("""
The producers hold everything up: without plants, 27 species starve. No single animal is
that important in this web, because the predators are generalists. In real ecosystems some
species are (keystone species, specialists): try `removal(web, "fish")`, or remove several
species at once with `graphs.secondary_extinctions(web, ["meadow_vole", "deer_mouse"])`.
"""),
    md("""
## 4. Which diets win most often? A Monte Carlo

Three greedy bots play 300 seeded games. For every Offspring raised we note its parents'
diet, and whether its family belonged to the winner. A diet that is easy to feed (plants,
insects: Forage cards) raises families faster than one that must win dice duels.
"""),
    code("""
from collections import Counter

import matplotlib.pyplot as plt
from tqdm.auto import tqdm

from ecogames.bots import make_bot, play
from ecogames.games.wildlifeweb.components import CARD_ANIMAL

raised, of_winners = Counter(), Counter()
for seed in tqdm(range(300), desc="games"):
    game = wildlifeweb.new_game(players=3, seed=seed)
    outcome = play(game, [make_bot("wildlifeweb-greedy", 3 * seed + i) for i in range(3)])
    for player, families in enumerate(game.secured):
        for family in families:
            for diet in CARD_ANIMAL[family["cards"][0]].diet:
                raised[diet] += 1
                of_winners[diet] += player in outcome.winners

diets = [d for d, _ in raised.most_common()]
fig, ax = plt.subplots(figsize=(8, 3.5))
ax.bar(diets, [raised[d] for d in diets], color="#56B4E9", label="Offspring raised")
ax.bar(diets, [of_winners[d] for d in diets], color="#0072B2", hatch="//",
       label="...by the winner")
ax.set_ylabel("Offspring over 300 games")
ax.set_title("Which diets raise families (and win)")
ax.legend()
plt.tight_layout()
for d in diets:
    print(f"{d:<12} {raised[d]:>4} raised, {of_winners[d] / raised[d]:.0%} of them by the winner")
"""),
]


TORI = [
    md("""
# Tori: the market square of Helsinki, 1952

Helsinki hosts the Olympic Games and the market square (Kauppatori) is full of visitors.
You are a trader: build stalls, bring customers to them, sell goods and **expand** your
stalls before the others do. Gold and silver **majority cards** go to the biggest stalls of
each goods group; the game ends the moment one group's expansion tiles run out (or two groups
are down to their last tile), and the most points win. The rules are Kristian List's
description (2012); where it is silent, `docs/rules/tori.md` says what the engine decided.

## 1. Play against a bot

You are **Helsinki** (player 1, the black circle **H**); the greedy bot plays **Turku**
(orange square **Tu**) on its own when its turn comes (the menu under the board sets how
fast). On your turn choose **one** option:

- **draw build cards**: click two face-up cards (or one, then a pair in the list), or the
  pile; "lay out five new" clears the five and lets you take only one;
- **build** a stall or **expand** one: click a space marked **+** (a card of that zone pays;
  expanding also costs goods cards of the stall's colour, as many as its new size);
- **take a customer**: click a highlighted customer; it walks to your stall's entrance, swaps
  with the customer on the colour-change tile, and you receive goods cards;
- **tear down** a stall without expansion tiles: click it.

With more than eight cards you discard at once: click cards in your hand. After any move
**Back** / **Forward** / **Play** replay it step by step: a customer's walk is drawn cell by
cell, and every majority card changing hands lights up in the table.
"""),
    code("""
from ecogames import tori

widget = tori.new_game(players=2, seed=1952).widget(bots={1: "tori-greedy"})
widget
"""),
    md("""
Everything the widget shows comes from the Python engine: `widget.game` is the game itself.
"""),
    code("""
game = widget.game
print("to play:", game.player_names[game.current_player], "| phase:", game.phase)
print("face-up build cards:", game.display, "| legal now:", len(game.legal_actions()), "actions")
"""),
    md("""
## 2. How far do customers walk? Shortest paths on the square

A customer goes to the stall of its good only if **no competing stall with an empty
entrance is closer**; a trader who wants it anyway pays one build card per closer stall
(*marketing*). "Closer" is a walking distance on the square's grid: a customer steps to a
neighbouring space (not diagonally), around stalls, expansion tiles and information points
and never into the water. That is a graph, and the distance is a **shortest path** in it.

To have a busy square to look at, three greedy bots play until nine stalls stand.
"""),
    code("""
from ecogames.bots import make_bot

market = tori.new_game(players=3, seed=2)
bots = [make_bot("tori-greedy", seat) for seat in range(3)]
while len(market.stalls) < 9:
    market.push(bots[market.current_player].choose(market, market.legal_actions()))
print(f"after {len(market.history)} actions: {len(market.stalls)} stalls on the square")
"""),
    md("""
`tori.board_graph(market)` is the whole board as a networkx graph: a node per space (its
zone, its terrain, the tile, entrance or customer on it) and an edge between neighbouring
spaces, marked `walk=True` when a customer can step along it now. Keeping the free square
spaces and those edges gives the graph customers walk on.
"""),
    code("""
import networkx as nx

board = tori.board_graph(market)
walk = nx.Graph()
walk.add_nodes_from(cell for cell, data in board.nodes(data=True)
                    if data["terrain"] in ("square", "quay") and "tile" not in data)
walk.add_edges_from((a, b) for a, b, ok in board.edges(data="walk") if ok)
print("the board:", board)
print("where customers walk:", walk)
"""),
    code("""
from collections import Counter

sellers = Counter(good for _, good in market.stalls)
good = max((g for g, cell in market.customers.items() if cell), key=lambda g: sellers[g])
customer = market.customers[good]
steps = nx.single_source_shortest_path_length(walk, customer)
paths = nx.single_source_shortest_path(walk, customer)
occupied = {cell for cell in market.customers.values() if cell}  # entrances with a customer

print(f"The {good} customer stands at {customer}. Stalls selling {good}:")
for (owner, g), stall in sorted(market.stalls.items()):
    if g != good:
        continue
    mine = steps.get(stall.entrance)
    if mine is None:
        print(f"  {market.player_names[owner]:<20} cannot be reached")
        continue
    closer = [q for (q, h), other in market.stalls.items()
              if h == good and q != owner and other.entrance not in occupied
              and steps.get(other.entrance, mine) < mine]
    print(f"  {market.player_names[owner]:<20} entrance {stall.entrance}: {mine} steps; "
          f"{len(closer)} competing stall(s) closer: marketing costs {len(closer)} "
          f"build card(s) {stall.zone}")
"""),
    md("""
The same distances drawn on the square: the number on each space is how many steps the
customer needs to reach it, and the lines are networkx's shortest paths to the entrances of
the stalls that sell what it wants.
"""),
    code("""
import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle

from ecogames.games.tori.components import COATS_OF_ARMS, COLS, ROWS

TERRAIN = {"square": "#f1e9d6", "information": "#ffffff", "quay": "#d2c8b4",
           "mooring": "#a9cde6", "water": "#7fb0d6"}
GOODS = {"vegetables": "#009E73", "flowers": "#D55E00", "ice_cream": "#FFFFFF",
         "fish": "#0072B2", "lemonade": "#F0E442", "souvenirs": "#CC79A7"}
ARMS = ["#000000", "#E69F00", "#56B4E9", "#8C8C8C"]  # the coats of arms' colours in the widget

fig, ax = plt.subplots(figsize=(6.5, 6.4))
for (r, c), data in board.nodes(data=True):
    ax.add_patch(Rectangle((c, r), 1, 1, facecolor=TERRAIN[data["terrain"]], edgecolor="#ddd"))
    if steps.get((r, c)):
        ax.text(c + 0.5, r + 0.55, steps[(r, c)], ha="center", va="center", fontsize=7,
                color="#888")
    elif data["terrain"] == "information":
        ax.text(c + 0.5, r + 0.55, "i", ha="center", va="center", style="italic", weight="bold",
                color="#0072B2")
for (owner, g), stall in market.stalls.items():
    for r, c in stall.tiles:
        ax.add_patch(Rectangle((c + 0.06, r + 0.06), 0.88, 0.88, facecolor=GOODS[g],
                               edgecolor="black", lw=1.8 if (r, c) == stall.cell else 0.6))
    r, c = stall.cell
    ax.text(c + 0.5, r + 0.55, COATS_OF_ARMS[owner][:2], ha="center", va="center", fontsize=7,
            weight="bold", color="white" if g in ("vegetables", "flowers", "fish") else "black")
    # the entrance side: a small square where the tile's half circle is
    (er, ec), (r, c) = stall.entrance, stall.cell
    ax.plot((ec + c) / 2 + 0.5 + (ec - c) * 0.1, (er + r) / 2 + 0.5 + (er - r) * 0.1, "s",
            ms=6, mfc=GOODS[g], mec="black", mew=0.8)
selling = [(owner, stall) for (owner, g), stall in sorted(market.stalls.items())
           if g == good and stall.entrance in paths]
for i, (owner, stall) in enumerate(selling):
    shift = (i - (len(selling) - 1) / 2) * 0.12  # side by side where paths share spaces
    rows, cols = zip(*paths[stall.entrance])
    label = f"to {COATS_OF_ARMS[owner]}'s stall: {steps[stall.entrance]} steps"
    ax.plot([c + 0.5 + shift for c in cols], [r + 0.5 + shift for r in rows], lw=3,
            color=ARMS[owner], label=label)
ax.plot(customer[1] + 0.5, customer[0] + 0.5, "o", ms=13, mfc=GOODS[good], mec="black",
        label=f"the {good.replace('_', ' ')} customer")
ax.set(xlim=(0, COLS), ylim=(ROWS, 0), aspect="equal")
ax.set_xticks([c + 0.5 for c in range(COLS)], range(COLS), fontsize=7)
ax.set_yticks([r + 0.5 for r in range(ROWS)], range(ROWS), fontsize=7)
ax.set_title("Steps from one customer: networkx shortest paths on the square", fontsize=10)
ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.05), ncol=2, fontsize=8, frameon=False)
plt.tight_layout()
"""),
    md("""
The engine measures "closer" exactly this way (`graphs.py`:
`nx.single_source_shortest_path_length` on the square without the tiles), so the marketing
cost in the widget's action labels is the count above.

## 3. Whole games between bots

Traders who draw, build and discard at random almost never finish: a game takes thousands of
moves. The greedy bot works towards one expansion at a time (the goods cards and the build
card it still needs), takes the customers that bring those goods and builds near customers;
its games end in a few hundred moves.
"""),
    code("""
from ecogames.bots import play

for players in (2, 3, 4):
    g = tori.new_game(players=players, seed=players)
    outcome = play(g, [make_bot("tori-greedy", seat) for seat in range(players)])
    scores = ", ".join(f"{COATS_OF_ARMS[p]} {s}" for p, s in enumerate(outcome.scores))
    print(f"{players} players, {len(g.history)} actions: {outcome.reason}. Points: {scores}")
    gold = Counter(COATS_OF_ARMS[p] for p in g.gold.values() if p is not None)
    print(f"   gold majority cards: {dict(gold)}")
"""),
]

BIOTOPES = [
    md("""
# Biotopes

Colonize a landscape of hexagons, attract species into your **Ecosystem** and grow their
populations. The landscape has four biotopes — **Mountains**, **Forests**, **Grasslands**
and **Wetlands** — and each territory you hold produces, every cycle, a cube of its colour:
**Plants** on the Biotope card of that row. Species cards eat cubes to enter your
Ecosystem (Herbivores eat Plants; Insectivores and Carnivores eat animal cubes as well),
Transfer moves Plants cubes onto them, and Reproduction adds more. After six cycles
(five on the ant side of the board) the Environmental Conditions, the cards, complete
columns of species (biodiversity) score — and every group of territories beyond the first
costs 3 VP: **habitat fragmentation**.

Behind the game are two graphs. The **landscape** is a graph of hexes; a player's territory
groups are the **connected components** of the subgraph of their hexes. The **diets** of the
88 Species cards make a **food web** (edges from food to eater) with trophic levels.

## 1. Play against a bot

You are Purple; the greedy bot plays Orange on its own, one decision at a time (the menu
under the board sets its pace, or makes it wait for **Bot move**).

1. Keep your starting hand (or draw four new Herbivores), then place your four Territory
   tokens: click a hex marked **+**.
2. On your turn, take one action: click a card in your hand (**Adaptation**: play it), an
   action space of your Ecosystem (**Reproduction**, **Transfer**, **Evolution**), a hex
   marked **+** (**Expansion**) or **×** (**Competition**), one of your tokens and then a hex
   marked **→** (**Migration**), a card marked **Action** — or **Pass** until the next cycle.
3. Then say which cubes pay: the cards you may take them from are highlighted. When a target
   offers several actions, a list of choices opens beside the map.
4. A card marked **Reaction** triggers by itself when its condition is met, even on an
   opponent's turn (the card it waits for is played): the panel says so in orange, and you
   choose only which card it draws or where its cube goes.

The **Last action** panel replays what a move set off, step by step, with the hexes and cards
it touched outlined; the food web beside it grows with the diets of the cards in play.
"""),
    code("""
from ecogames.games import biotopes

widget = biotopes.new_game(players=2, seed=7, first_player=0).widget(bots={1: "biotopes-greedy"})
widget
"""),
    md("""
Everything the widget draws comes from the Python engine: `widget.game` is the game itself.
"""),
    code("""
game = widget.game
print("phase:", game.phase, "| to decide:", game.player_names[game.current_player])
print("legal now:", [game.describe(a) for a in game.legal_actions()])
print("Environmental Conditions:", [e["label"] for e in game.view()["environment"]])
"""),
    md("""
## 2. A whole game between two bots

To have a landscape full of territories to study, two greedy bots play a game to the end (a
second or so). Each bot tries every action of its turn on a copy of the game, resolves it, and
keeps the one that leaves its Ecosystem best off.
"""),
    code("""
from ecogames.bots import make_bot, play

game = biotopes.new_game(players=2, seed=11)
outcome = play(game, [make_bot("biotopes-greedy", 1), make_bot("biotopes-greedy", 2)])
print(outcome.reason)
for name, score in zip(game.player_names, game.scores):
    print(f"{name:<7}", {k: v for k, v in score.items() if v})
"""),
    md("""
### A solo game and its rank

In Solo Mode one player builds an Ecosystem against the neutral tokens, and the score earns a
rank on the rulebook's ladder, from a Plant up to the Red Fox at the top of the food chain.
"""),
    code("""
from ecogames.games.biotopes.components import SOLO_RANKS

solo = biotopes.new_game(players=1, seed=5)
outcome = play(solo, make_bot("biotopes-greedy", 5))
print(outcome.reason)
for low, rank in SOLO_RANKS:
    print(f"  {low:>4}+ VP  {rank}" + ("   <- this game" if rank == outcome.data["rank"] else ""))
"""),
    md("""
## 3. The landscape is a graph; fragmentation counts its connected components

`game.board_graph()` is the landscape as a networkx graph: a node per hex `(q, r)` with its
`biotope` and `owner`, an edge between neighbouring hexes. Keep only one player's hexes (the
**subgraph** of their territories): its **connected components** are the groups of
territories. The rulebook's *Territory Fragmentation Penalty* is -3 VP per group beyond the
first — a habitat cut into pieces supports less than one whole habitat.
"""),
    code("""
import networkx as nx

board = game.board_graph()
print(board)
for player, name in enumerate(game.player_names):
    mine = [h for h, owner in board.nodes(data="owner") if owner == player]
    groups = list(nx.connected_components(board.subgraph(mine)))
    sizes = sorted((len(g) for g in groups), reverse=True)
    print(f"{name}: {len(mine)} territories in {len(groups)} group(s) of {sizes}: "
          f"penalty {-3 * (len(groups) - 1)} VP (the score says {game.scores[player]['fragmentation']})")
"""),
    md("""
Drawn with matplotlib: each hex with its biotope (colour, hatching and letter), each territory
with its owner's token, and the edges of each player's subgraph — the lines inside one group.
"""),
    code("""
import math

import matplotlib.pyplot as plt
from matplotlib.patches import RegularPolygon

BIOTOPE = {"mountains": ("#BBBBBB", "xx", "M"), "forests": ("#009E73", "oo", "F"),
           "grasslands": ("#F0E442", "||", "G"), "wetlands": ("#56B4E9", "--", "W")}
TOKEN = {0: ("#CC79A7", "o"), 1: ("#E69F00", "s")}  # the widget's purple and orange


def centre(hex_):
    q, r = hex_
    return math.sqrt(3) * (q + r / 2), -1.5 * r


def draw_landscape(game, ax):
    board = game.board_graph()
    pos = {h: centre(h) for h in board}
    for h, data in board.nodes(data=True):
        colour, hatch, letter = BIOTOPE[data["biotope"]]
        ax.add_patch(RegularPolygon(pos[h], 6, radius=1, facecolor=colour, hatch=hatch,
                                    edgecolor="#444", linewidth=0.8, alpha=0.9))
        ax.text(pos[h][0], pos[h][1] + 0.55, letter, ha="center", va="center", fontsize=7)
    for player, name in enumerate(game.player_names):
        colour, marker = TOKEN[player]
        mine = [h for h, owner in board.nodes(data="owner") if owner == player]
        sub = board.subgraph(mine)
        groups = list(nx.connected_components(sub))
        nx.draw_networkx_edges(sub, pos, ax=ax, width=4, edge_color="black")
        nx.draw_networkx_nodes(sub, pos, ax=ax, node_color=colour, node_shape=marker,
                               node_size=180, edgecolors="black",
                               label=f"{name}: {len(groups)} group(s)")
    ax.set_aspect("equal")
    ax.autoscale()
    ax.axis("off")
    ax.legend(loc="upper left", bbox_to_anchor=(1, 1), fontsize=9)


fig, ax = plt.subplots(figsize=(7, 6))
draw_landscape(game, ax)
ax.set_title("The landscape at the end of the game");
"""),
    md("""
## 4. The diets make a food web

Each Species card has a **diet**: the cubes recycled to play it (a Red Fox eats a Mammals, a
Birds and a Reptiles & Amphibians cube). `biotopes.graphs.food_web()` links, for all 88
cards, each type of food to the type that eats it, weighted by the number of cards with that
link. Plants are the producers; networkx's `trophic_levels` places each type by what it eats
(the average level of its food, plus one). The loops are predators eating their own kind
(a Peregrine Falcon eats Birds).
"""),
    code("""
from ecogames.games.biotopes.graphs import food_web

web = food_web()
levels = nx.trophic_levels(web)
for node, level in sorted(levels.items(), key=lambda kv: kv[1]):
    eats = {food: web[food][node]["weight"] for food in web.predecessors(node)}
    print(f"{web.nodes[node]['label']:<22} level {level:.2f}   eats (cards): {eats}")
print("eat their own kind:", [(a, w) for a, _, w in nx.selfloop_edges(web, data="weight")])
"""),
    code("""
from ecogames.core.graphs import trophic_levels  # networkx's, with lone eaters at level 1

ACROSS = {"plants": 0.0, "invertebrates": -0.7, "mammals": -1.3, "birds": 0.1,
          "reptiles_amphibians": 1.2}


def draw_web(web, ax, title):
    levels = trophic_levels(web)
    pos = {n: (ACROSS[n], levels[n]) for n in web}
    plain = [(a, b) for a, b in web.edges if a != b]
    widths = [0.4 + web[a][b]["weight"] / 3 for a, b in plain]
    nx.draw_networkx_nodes(web, pos, ax=ax, node_color="#f4f1e6", edgecolors="black",
                           node_size=1500)
    nx.draw_networkx_labels(web, pos, ax=ax, font_size=8,
                            labels={n: web.nodes[n]["label"].replace(" & ", " &\\n") for n in web})
    nx.draw_networkx_edges(web, pos, ax=ax, edgelist=plain, width=widths, arrowsize=14,
                           node_size=1500, connectionstyle="arc3,rad=0.12", edge_color="#0072B2")
    nx.draw_networkx_edge_labels(web, pos, ax=ax, font_size=7, label_pos=0.4,
                                 edge_labels={(a, b): web[a][b]["weight"] for a, b in plain},
                                 connectionstyle="arc3,rad=0.12")
    for node, _, weight in nx.selfloop_edges(web, data="weight"):
        x, y = pos[node]
        ax.annotate(f"eats its own kind: {weight}", (x, y - 0.28), ha="center", fontsize=7,
                    color="#D55E00")
    ax.set_title(title, fontsize=10)
    ax.set_ylabel("trophic level")
    ax.tick_params(left=True, labelleft=True)
    ax.set_xlim(-1.9, 1.8)
    ax.margins(y=0.15)


fig, axes = plt.subplots(1, 2, figsize=(11, 5.5))
draw_web(food_web(), axes[0], "All 88 Species cards (edge: number of cards)")
draw_web(food_web(game), axes[1], "The cards in play at the end of the bot game")
plt.tight_layout()
"""),
    md("""
The same web is the **Food web** panel of the widget above: it starts with Plants alone, and
each type joins it with its first card in play (a type with no card feeds nothing yet and has
no trophic level, so it is not drawn beside Plants). Each step of the **Last action** panel
lights up the types a move touched (a Transfer feeds Plants to the cards of a row; a Predatory
Species takes a cube from its prey's type).
"""),
]


def main() -> None:
    write("index.ipynb", "Play Tori-Tori, then the four other games", INDEX, app=2)
    write("toritori.ipynb", "Tori-Tori: Endangered Species", TORITORI, app=2)
    write("tulikko.ipynb", "Tulikko", TULIKKO, app=2)
    # Wildlife Web: the board, and the board after the set-up
    write("wildlifeweb.ipynb", "Wildlife Web", WILDLIFEWEB, app=4)
    write("tori.ipynb", "Tori: the market square of Helsinki, 1952", TORI, app=2)
    write("biotopes.ipynb", "Biotopes", BIOTOPES, app=2)


if __name__ == "__main__":
    main()
