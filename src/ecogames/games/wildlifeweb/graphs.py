"""Wildlife Web — networkx views: the food web of who can eat whom.

Edges point food -> eater (energy flow), so ``nx.trophic_levels`` applies. Nodes are the
species ids of ``components.ANIMALS`` plus four basal sources:

- ``plants``, ``invertebrates``, ``fish``: what the Forage cards show (``FORAGE_GROUPS``);
  herbivores eat plants, insectivores invertebrates, fish-eaters fish, omnivores plants and
  invertebrates (``components.DIET_FORAGE``). The rules link nothing among them (a Forage
  card eats nothing), so neither does the web;
- ``carrion``: roadkill, eaten by scavengers and omnivores (Scavenging Roadkill).

Only the links the rules give are drawn; docs/rules/wildlifeweb.md ("The food web") says
where each kind of link comes from.

A hunting edge ``prey -> predator`` is drawn when the rulebook's Hunting conditions can all
hold: the predator is a carnivore or omnivore, they share a habitat, their times of activity
overlap (or the predator may take sleeping prey, ``surprise``), the prey is the same Size or
smaller (or within the predator's ``reach``), and no ``immune`` ability protects it. An edge
that needs the predator to have a mate (Pack Hunting) carries ``requires_mate=True``.

>>> web = food_web()
>>> web.has_edge("yellow_bellied_marmot", "red_tailed_hawk")
True
>>> web.has_edge("elk", "black_bear")
False
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ecogames.core.graphs import trophic_levels

from .components import ANIMALS, CARD_ANIMAL, DIET_FORAGE, SPECIES, Animal
from .series import GROUP_OF

if TYPE_CHECKING:
    import networkx as nx

    from .rules import WildlifeWeb

BASAL = ("plants", "invertebrates", "fish", "carrion")
REAL_WORLD_LEVELS = {"plants": 1.0, "invertebrates": 2.0, "fish": 3.0, "carrion": 2.0}
"""Where the game's four basal foods feed in a real Montana web (a stated assumption, for
``foodweb.trophic_levels_with``): plants produce; the invertebrates are mostly plant and
detritus eaters; stream fish mostly eat invertebrates; carrion is mostly dead herbivores
(deer, elk). In the game all four are basal, level 1."""
DIET_SOURCES = DIET_FORAGE


def hunt_link(predator: Animal, prey: Animal) -> str | None:
    """Can ``predator`` ever hunt ``prey``? ``"always"``, ``"with_mate"`` or ``None``."""
    if not predator.can_hunt or predator.id == prey.id:
        return None
    if predator.habitats.isdisjoint(prey.habitats):
        return None
    sleeping = any(e.vs is None or e.vs.matches(prey, active=False)
                   for e in predator.effects.get("surprise", ()))
    if not ((predator.day and prey.day) or (predator.night and prey.night) or sleeping):
        return None
    for mated in (False, True):
        if _size_ok(predator, prey, mated) and not _immune(predator, prey, mated):
            return "with_mate" if mated else "always"
    return None


def _size_ok(predator: Animal, prey: Animal, mated: bool) -> bool:
    if prey.size <= predator.size:
        return True
    return any(e.size >= prey.size and (not e.mated or mated)
               and (e.vs is None or e.vs.matches(prey))
               for e in predator.effects.get("reach", ()))


def _immune(predator: Animal, prey: Animal, mated: bool) -> bool:
    return any(not any(f.matches(predator, mated=mated) for f in e.unless)
               for e in prey.effects.get("immune", ()))


def food_web(species: Iterable[str] | None = None, *, pets: bool = True) -> nx.DiGraph:
    """The who-eats-whom DiGraph of ``species`` (all 50 by default, plus the pets), with
    the basal food sources. Node attributes: ``label``, ``kind`` (species, pet, forage,
    carrion), ``size``, ``diet``, ``activity``, ``habitats``, ``group`` (the diet group, whose
    palette colour it takes), ``level`` (trophic level).
    Edge attributes: ``kind`` (forage, hunt, scavenge), ``requires_mate``, ``label``."""
    import networkx as nx

    ids = list(SPECIES) if species is None else list(species)
    if pets and species is None:
        ids += [a.id for a in ANIMALS.values() if a.pet]
    unknown = [i for i in ids if i not in ANIMALS]
    if unknown:
        raise ValueError(f"unknown species {unknown}")
    web: nx.DiGraph[Any] = nx.DiGraph()
    for node in BASAL:
        web.add_node(node, label=node.capitalize(),
                     kind="carrion" if node == "carrion" else "forage")
    animals = [ANIMALS[i] for i in ids]
    for a in animals:
        web.add_node(a.id, label=a.name, kind="pet" if a.pet else "species", size=a.size,
                     power=a.power, diet=sorted(a.diet), activity=a.activity,
                     habitats=list(a.habitat_order), group=GROUP_OF[a.id])
        for diet in sorted(a.diet):
            for source in DIET_SOURCES.get(diet, ()):
                web.add_edge(source, a.id, kind="forage", requires_mate=False,
                             label="forages")
        if a.can_scavenge:
            web.add_edge("carrion", a.id, kind="scavenge", requires_mate=False,
                         label="scavenges")
    for predator in animals:
        for prey in animals:
            link = hunt_link(predator, prey)
            if link is not None:
                web.add_edge(prey.id, predator.id, kind="hunt",
                             requires_mate=link == "with_mate", label="hunts")
    for node, level in trophic_levels(web).items():
        web.nodes[node]["level"] = level
    return web


def food_web_in_play(game: WildlifeWeb) -> nx.DiGraph:
    """The whole food web, each node marked ``in_play`` when the species is on the table
    now (central habitat, highway, Packs and their mates)."""
    web = food_web()
    present = {CARD_ANIMAL[c].id for c in game.habitat + game.highway}
    present |= {CARD_ANIMAL[c].id for pack in game.packs for a in pack
                for c in (a["card"], a["mate"]) if c}
    for node, data in web.nodes(data=True):
        data["in_play"] = node in present
    return web


def prey_of(web: nx.DiGraph, species: str) -> list[str]:
    """What ``species`` eats (its food sources in ``web``)."""
    return sorted(web.predecessors(species))


def predators_of(web: nx.DiGraph, species: str) -> list[str]:
    """Who eats ``species``."""
    return sorted(web.successors(species))


def remove_species(web: nx.DiGraph, species: Iterable[str] | str) -> nx.DiGraph:
    """A copy of ``web`` without ``species`` (one id or several)."""
    gone = {species} if isinstance(species, str) else set(species)
    unknown = gone - set(web)
    if unknown:
        raise ValueError(f"{sorted(unknown)} not in the food web")
    return web.subgraph(n for n in web if n not in gone).copy()


def who_loses_food(web: nx.DiGraph, species: Iterable[str] | str) -> dict[str, dict[str, Any]]:
    """The eaters that lose a food source when ``species`` are removed: for each, what it
    lost and what it has left."""
    gone = {species} if isinstance(species, str) else set(species)
    out = {}
    for eater in sorted({e for s in gone if s in web for e in web.successors(s)} - gone):
        lost = sorted(set(web.predecessors(eater)) & gone)
        left = sorted(set(web.predecessors(eater)) - gone)
        out[eater] = {"lost": lost, "left": left}
    return out


def secondary_extinctions(web: nx.DiGraph, species: Iterable[str] | str) -> list[str]:
    """Species left with no food at all once ``species`` are gone, cascading (an eater
    whose every food source is gone goes too, and so on). Only nodes that ate something can
    starve: the four basal sources never do."""
    gone = {species} if isinstance(species, str) else set(species)
    extinct: list[str] = []
    current = remove_species(web, gone)
    while True:
        starving = sorted(n for n in current
                          if current.in_degree(n) == 0 and web.in_degree(n) > 0)
        if not starving:
            return extinct
        extinct.extend(starving)
        current = remove_species(current, starving)


def trophic_table(web: nx.DiGraph) -> dict[str, float]:
    """Trophic level of every node (basal sources 1)."""
    return {n: float(d["level"]) for n, d in web.nodes(data=True)}
