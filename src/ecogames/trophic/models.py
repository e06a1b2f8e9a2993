"""Two structural food-web models, seeded and pure Python (``random.Random``).

- The **cascade model** (Cohen & Newman 1985, Proc. R. Soc. B 224:421): species are ranked
  0..S-1 and each eats each lower-ranked species with probability p = 2CS/(S-1), so the
  expected connectance is C. No loops, no cannibals.
- The **niche model** (Williams & Martinez 2000, Nature 404:180): each species has a niche
  value n in [0, 1] and eats every species whose niche value lies in a range of width
  r = n·x, where x is drawn from a beta distribution with alpha = 1, beta = 1/(2C) - 1 (mean
  2C, so the expected connectance is C), centred at c drawn uniformly from [r/2, n]. The
  species with the lowest niche value gets r = 0, so every web has a basal species. As in
  the paper, a web with a species that has no link at all, or two species with the same
  foods and eaters, is not kept; here the whole web is drawn again (``tries`` times at
  most), and a web that falls apart into two pieces is drawn again too.

Nodes are ``0..S-1`` in niche (or rank) order; edges point from food to eater, like the
games' webs.

>>> web = niche_model(25, 0.15, seed=1)
>>> web.number_of_nodes()
25
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import networkx as nx

TRIES = 10_000


def _check(species: int, connectance: float, highest: float) -> None:
    if not isinstance(species, int) or species < 2:
        raise ValueError(f"S must be a whole number of species, at least 2, not {species!r}")
    if not 0 < connectance < highest:
        raise ValueError(f"C must lie between 0 and {highest:.3g} for this model and S, "
                         f"not {connectance!r}")


def cascade_model(S: int, C: float, seed: int | None = None) -> nx.DiGraph:  # noqa: N803
    """A cascade-model web of ``S`` species with expected connectance ``C``."""
    import networkx as nx

    _check(S, C, (S - 1) / (2 * S))
    rng = random.Random(seed)
    chance = 2 * C * S / (S - 1)
    web: nx.DiGraph[Any] = nx.DiGraph(model="cascade", S=S, C=C, seed=seed)
    web.add_nodes_from(range(S))
    web.add_edges_from((food, eater) for eater in range(S) for food in range(eater)
                       if rng.random() < chance)
    return web


Draw = tuple[list[tuple[float, float, float]], list[tuple[int, int]]]


def _niche_draw(S: int, C: float, rng: random.Random) -> Draw:  # noqa: N803
    """Each species' (niche value, range, centre) and the links, food -> eater."""
    beta = 1 / (2 * C) - 1
    niche = sorted(rng.random() for _ in range(S))
    species: list[tuple[float, float, float]] = []
    links: list[tuple[int, int]] = []
    for i, n in enumerate(niche):
        width = 0.0 if i == 0 else n * (1 - (1 - rng.random()) ** (1 / beta))
        centre = rng.uniform(width / 2, n)
        low, high = centre - width / 2, centre + width / 2
        species.append((n, width, centre))
        # niche values are sorted, so the foods are one run of indices
        links.extend((j, i) for j in range(bisect_left(niche, low), bisect_right(niche, high)))
    return species, links


def _acceptable(size: int, links: list[tuple[int, int]]) -> bool:
    """Connected (every species linked, one piece) and no two species with the same foods
    and eaters."""
    parent = list(range(size))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    food: list[set[int]] = [set() for _ in range(size)]
    eaters: list[set[int]] = [set() for _ in range(size)]
    for a, b in links:
        parent[root(a)] = root(b)
        food[b].add(a)
        eaters[a].add(b)
    if len({root(i) for i in range(size)}) > 1:
        return False
    keys = {(frozenset(food[i]), frozenset(eaters[i])) for i in range(size)}
    return len(keys) == size


def niche_model(S: int, C: float, seed: int | None = None, *,  # noqa: N803
                tolerance: float | None = None, tries: int = TRIES) -> nx.DiGraph:
    """A niche-model web of ``S`` species with expected connectance ``C`` (0 < C < 0.5),
    connected and without duplicate trophic species. With ``tolerance`` (say 0.03), only a
    web whose connectance is within that fraction of ``C`` is kept, as model webs are
    usually matched to an observed web. ``web.graph["draws"]`` says how many webs were
    drawn to find it; past ``tries`` draws a ``ValueError`` says so."""
    import networkx as nx

    _check(S, C, 0.5)
    if tolerance is not None and not 0 < tolerance < 1:
        raise ValueError(f"tolerance is a fraction of C between 0 and 1, not {tolerance!r}")
    rng = random.Random(seed)
    for draw in range(1, tries + 1):
        species, links = _niche_draw(S, C, rng)
        if tolerance is not None and abs(len(links) / S**2 - C) > tolerance * C:
            continue
        if _acceptable(S, links):
            web: nx.DiGraph[Any] = nx.DiGraph(model="niche", S=S, C=C, seed=seed, draws=draw)
            for i, (n, width, centre) in enumerate(species):
                web.add_node(i, niche=n, range=width, centre=centre)
            web.add_edges_from(links)
            return web
    within = "" if tolerance is None else f" and C within {tolerance:.0%}"
    raise ValueError(f"no connected niche-model web without duplicate species{within} in "
                     f"{tries} draws for S={S}, C={C}")
