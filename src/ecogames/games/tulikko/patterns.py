"""Where objectives are met: the map and its river tokens as networkx graphs (D8-D12).

- The map is networkx's grid graph (``ROWS`` x ``COLS``). Each edge of its directed form is
  labelled with its compass direction, so a landscape pattern (a small labelled graph) is
  found by subgraph monomorphism (``DiGraphMatcher``, :func:`embeddings`): the labels make
  each match a rigid translation; relabelling the pattern by a quarter turn gives the
  rotations, and a flip (which would swap east and west only) is never one of them. Shapes
  too long for a direction simply find no match there ("some, given their dimensions, only
  have one valid orientation"). Since every match is a quarter turn and a translation, the
  engine enumerates those directly (:func:`rigid_placements`, no networkx); the tests check
  that both find the same placements for every card.
- River tokens lie on the borders between spaces: the river graph has the grid's corners
  as nodes and one edge per river token; a "continuous stretch" is a trail of that graph:
  tokens traced one after the other, each once (D11). A connected group with a fork is
  several stretches.
- Zones (the tie-break) are the connected components of the grid graph restricted to
  neighbouring tiles of the same colour.

The placements of each card on the empty map are computed once (cached); checking a player's
map is then a look-up. networkx is imported inside the functions, so ``import ecogames``
never imports it, and play never needs it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from functools import cache, reduce
from operator import getitem, or_
from typing import TYPE_CHECKING, Any

from .components import (
    CARDS,
    COLOUR_INDEX,
    COLS,
    NEIGHBOURS,
    ROWS,
    LandscapeCard,
    Point,
    border,
    cell_of,
    row_col,
)

if TYPE_CHECKING:
    import networkx as nx

DIRECTIONS = ("north", "east", "south", "west")
"""Clockwise: a quarter turn moves each label one step along."""

_STEP = {(-1, 0): "north", (0, 1): "east", (1, 0): "south", (0, -1): "west"}

EMPTY = -1
"""A cell without a tile in a colour list."""

Edge = tuple[int, int]


def _direction(a: Point, b: Point) -> str:
    return _STEP[(b[0] - a[0], b[1] - a[1])]


def _labelled(nodes: Iterable[Point], pairs: Iterable[tuple[Point, Point]],
              turn: int = 0) -> nx.DiGraph:
    """A directed graph with both directions of every pair, each labelled by its compass
    direction turned ``turn`` quarter turns clockwise."""
    import networkx as nx

    g: nx.DiGraph[Any] = nx.DiGraph()
    g.add_nodes_from(nodes)
    for a, b in pairs:
        for u, v in ((a, b), (b, a)):
            label = DIRECTIONS[(DIRECTIONS.index(_direction(u, v)) + turn) % 4]
            g.add_edge(u, v, direction=label)
    return g


@cache
def map_grid() -> nx.Graph:
    """The wilderness map as networkx's grid graph: nodes ``(row, col)``."""
    import networkx as nx

    return nx.grid_2d_graph(ROWS, COLS)


@cache
def map_digraph() -> nx.DiGraph:
    """The map's spaces, each neighbour pair both ways, labelled by compass direction."""
    grid = map_grid()
    return _labelled(grid.nodes, grid.edges)


@cache
def lattice_digraph() -> nx.DiGraph:
    """The borders between spaces where river tokens can lie, as a labelled graph of the
    grid's corners (the map's outer border holds no token: it is between no two tiles)."""
    grid = map_grid()
    segments = [border(cell_of(*a), cell_of(*b)) for a, b in grid.edges]
    corners = {p for seg in segments for p in seg}
    return _labelled(corners, segments)


def _pairs_within(points: Sequence[Point]) -> list[tuple[Point, Point]]:
    present = set(points)
    return [(p, q) for p in points for q in ((p[0] + 1, p[1]), (p[0], p[1] + 1))
            if q in present]


def _connected(nodes: Sequence[Point], pairs: Sequence[tuple[Point, Point]]) -> bool:
    links: dict[Point, set[Point]] = {p: set() for p in nodes}
    for a, b in pairs:
        links[a].add(b)
        links[b].add(a)
    seen, stack = {nodes[0]}, [nodes[0]]
    while stack:
        for q in links[stack.pop()] - seen:
            seen.add(q)
            stack.append(q)
    return len(seen) == len(links)


def _turned(p: Point, turn: int) -> Point:
    """``p`` turned ``turn`` quarter turns clockwise about the origin (north -> east)."""
    y, x = p
    for _ in range(turn):
        y, x = x, -y
    return (y, x)


def rigid_placements(host_nodes: Collection[Point], host_pairs: Collection[tuple[Point, Point]],
                     nodes: Sequence[Point], pairs: Sequence[tuple[Point, Point]]
                     ) -> list[dict[Point, Point]]:
    """Every placement of the pattern (``nodes`` joined by ``pairs``) on a grid-like host,
    under the four rotations: each a mapping pattern node -> host node. A placement is a
    quarter turn then a translation (never a flip) that lands every node on a host node and
    every pair on a host pair. Enumerated directly: the pattern turned, then anchored on
    each host node in turn (the matches :func:`embeddings` finds by subgraph isomorphism)."""
    if not _connected(nodes, pairs):
        raise ValueError("a rotating pattern must be connected")
    at = set(host_nodes)
    joined = {frozenset(pair) for pair in host_pairs}
    found: list[dict[Point, Point]] = []
    seen: set[tuple[Point, ...]] = set()
    for turn in range(4):
        shape = [_turned(p, turn) for p in nodes]
        ay, ax = shape[0]
        for hy, hx in sorted(at):
            placed = dict(zip(nodes, ((y - ay + hy, x - ax + hx) for y, x in shape)))
            key = tuple(placed.values())
            if key in seen or not at.issuperset(key):
                continue
            if all(frozenset((placed[a], placed[b])) in joined for a, b in pairs):
                seen.add(key)
                found.append(placed)
    return found


def embeddings(host: nx.DiGraph, nodes: Sequence[Point],
               pairs: Sequence[tuple[Point, Point]]) -> list[dict[Point, Point]]:
    """The same placements as :func:`rigid_placements`, found by networkx's subgraph
    monomorphism (VF2) on direction-labelled graphs: the rules' own definition of a match,
    kept as the independent check of the fast enumeration (tests compare the two)."""
    import networkx as nx
    from networkx.algorithms import isomorphism as iso

    if not nx.is_connected(_labelled(nodes, pairs).to_undirected()):
        raise ValueError("a rotating pattern must be connected")
    same = iso.categorical_edge_match("direction", None)
    found: list[dict[Point, Point]] = []
    seen: set[tuple[Point, ...]] = set()
    for turn in range(4):
        pattern = _labelled(nodes, pairs, turn)
        matcher = iso.DiGraphMatcher(host, pattern, edge_match=same)
        for mapping in matcher.subgraph_monomorphisms_iter():
            placed = {p: h for h, p in mapping.items()}
            key = tuple(placed[p] for p in nodes)
            if key not in seen:
                seen.add(key)
                found.append(placed)
    return found


MAP_POINTS: tuple[Point, ...] = tuple(row_col(cell) for cell in range(ROWS * COLS))
"""The map's spaces as ``(row, col)``."""

MAP_PAIRS: tuple[tuple[Point, Point], ...] = tuple(
    (row_col(a), row_col(b)) for a in range(ROWS * COLS) for b in NEIGHBOURS[a] if a < b)
"""Neighbouring spaces."""

BORDERS: tuple[tuple[Point, Point], ...] = tuple(border(a, b) for a, b in
                                                 ((cell_of(*p), cell_of(*q)) for p, q in MAP_PAIRS))
"""The borders between spaces where river tokens can lie (grid corners): the map's outer
border holds no token, as it lies between no two tiles."""

BORDER_CORNERS: tuple[Point, ...] = tuple(sorted({p for seg in BORDERS for p in seg}))


@cache
def tile_placements(card_id: str) -> tuple[tuple[int, ...], ...]:
    """Every set of cells (in the card's ``cells`` order) where a tile card fits the map."""
    card = CARDS[card_id]
    if card.test != "tiles":
        raise ValueError(f"{card_id} is not a tile pattern")
    if card.fixed:
        return (tuple(cell_of(r, c) for r, c in card.cells),)
    placements = rigid_placements(MAP_POINTS, MAP_PAIRS, card.cells, _pairs_within(card.cells))
    found = [tuple(cell_of(*placed[p]) for p in card.cells) for placed in placements]
    if not card.colours and not card.differ:  # only the cells matter, not which is which
        found = [tuple(sorted(cells)) for cells in found]
    return tuple(dict.fromkeys(found))


@cache
def river_placements(card_id: str) -> tuple[frozenset[Edge], ...]:
    """Every set of borders (as pairs of cells) where a river-shape card fits the map."""
    card = CARDS[card_id]
    if card.test != "river_shape":
        raise ValueError(f"{card_id} is not a river shape")
    corners = sorted({p for seg in card.segments for p in seg})
    by_segment = _segment_cells()
    out = []
    for placed in rigid_placements(BORDER_CORNERS, BORDERS, corners, card.segments):
        out.append(frozenset(by_segment[_seg(placed[a], placed[b])] for a, b in card.segments))
    return tuple(dict.fromkeys(out))


def _seg(a: Point, b: Point) -> tuple[Point, Point]:
    return (a, b) if a < b else (b, a)


@cache
def _segment_cells() -> dict[tuple[Point, Point], Edge]:
    out = {}
    for a, b in MAP_PAIRS:
        ca, cb = sorted((cell_of(*a), cell_of(*b)))
        out[border(ca, cb)] = (ca, cb)
    return out


@cache
def _required(card_id: str) -> tuple[int | None, ...]:
    return tuple(None if c is None else COLOUR_INDEX[c] for c in CARDS[card_id].colours)


# -- reading a player's map ------------------------------------------------------------------


def tiles_met(card: LandscapeCard, colours: Sequence[int]) -> bool:
    """Whether the tiles (``colours[cell]``: colour index or ``EMPTY``) show the card.

    The card's placements are the bits of one integer; each space, read once, refuses the
    placements its tile (or its emptiness) cannot be part of (:func:`_refusals`), so the
    map is read in one pass whatever the number of placements. Only the cards comparing
    tiles with each other (``differ``, ``all_different``) then look at the colours of the
    placements left, one by one."""
    every, table = _refusals(card.id)
    left = every & ~reduce(or_, map(getitem, table, colours))
    if not left or not (card.differ or card.all_different):
        return bool(left)
    placements = tile_placements(card.id)
    while left:
        low = left & -left
        left ^= low
        got = [colours[c] for c in placements[low.bit_length() - 1]]
        if any(got[i] == got[j] for i, j in card.differ):
            continue
        if card.all_different and len(set(got)) < len(got):
            continue
        return True
    return False


@cache
def _refusals(card_id: str) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """A tile card's placements as bits (bit ``i``: ``tile_placements(card_id)[i]``): all of
    them, and for each space and what it shows (a colour index, ``EMPTY`` last so that
    ``EMPTY == -1`` indexes it) the placements it refuses: an empty space refuses every
    placement on it; a tile refuses those that want another colour there."""
    placements = tile_placements(card_id)
    required = _required(card_id) or (None,) * len(CARDS[card_id].cells)
    shows = [*range(len(COLOUR_INDEX)), EMPTY]
    table = [[0] * len(shows) for _ in range(ROWS * COLS)]
    for i, cells in enumerate(placements):
        for cell, colour in zip(cells, required):
            for k, seen in enumerate(shows):
                if seen == EMPTY or (colour is not None and seen != colour):
                    table[cell][k] |= 1 << i
    return (1 << len(placements)) - 1, tuple(tuple(row) for row in table)


@cache
def _border_bits() -> dict[Edge, int]:
    """One bit per border where a river token can lie (keyed by its two cells)."""
    return {cells: 1 << i for i, cells in enumerate(sorted(_segment_cells().values()))}


@cache
def _river_masks(card_id: str) -> tuple[int, ...]:
    """Each placement of a river-shape card as the bits of its borders."""
    bit = _border_bits()
    return tuple(reduce(or_, map(bit.__getitem__, p), 0) for p in river_placements(card_id))


def river_graph(rivers: Iterable[Edge]) -> nx.Graph:
    """The river tokens as a graph: nodes are grid corners ``(y, x)``, one edge per token
    (attribute ``cells``: the two spaces it lies between)."""
    import networkx as nx

    g: nx.Graph[Any] = nx.Graph()
    for a, b in rivers:
        p, q = border(a, b)
        g.add_edge(p, q, cells=(a, b) if a < b else (b, a))
    return g


def map_edges_touched(corners: Iterable[Point]) -> set[str]:
    """Which edges of the map (top, right, bottom, left) these grid corners lie on."""
    out = set()
    for y, x in corners:
        if y == 0:
            out.add("top")
        if y == ROWS:
            out.add("bottom")
        if x == 0:
            out.add("left")
        if x == COLS:
            out.add("right")
    return out


OPPOSITE_EDGES = ({"top", "bottom"}, {"left", "right"})
ADJACENT_EDGES = ({"top", "left"}, {"top", "right"}, {"bottom", "left"}, {"bottom", "right"})


def river_stretches(rivers: Collection[Edge]) -> list[dict[str, Any]]:
    """Each connected group of river tokens: its tokens and the map edges it touches (a
    group that forks holds several continuous stretches: :func:`longest_stretch`)."""
    import networkx as nx

    g = river_graph(rivers)
    out = []
    for corners in nx.connected_components(g):
        sub = g.subgraph(corners)
        out.append({"tokens": sorted(d["cells"] for _, _, d in sub.edges(data=True)),
                    "edges": map_edges_touched(corners)})
    return out


def longest_stretch(rivers: Collection[Edge], starts: Collection[Point] | None = None,
                    ends: Collection[Point] | None = None, enough: int | None = None) -> int:
    """The number of tokens on the longest continuous stretch of river (D11): a trail of
    the river graph, traced token by token with each token used once (it may pass a corner
    twice, round a loop, but never turns back along a branch). ``starts`` / ``ends``: the
    corners it must begin / finish at (any, if ``None``); 0 if there is no such stretch.
    The search stops as soon as a stretch of ``enough`` tokens is found.

    Its cost is bounded by the river graph: a map has at most 6 river tokens (31 borders
    in all), and the depth-first search never holds more tokens than that."""
    g: dict[Point, list[Point]] = {}  # the river graph as plain adjacency (no networkx)
    for a, b in rivers:
        p, q = border(a, b)
        g.setdefault(p, []).append(q)
        g.setdefault(q, []).append(p)
    best = 0
    target = len(rivers) if enough is None else enough

    def trace(corner: Point, used: set[frozenset[Point]]) -> bool:
        nonlocal best
        if ends is None or corner in ends:
            best = max(best, len(used))
            if best >= target:
                return True
        for nxt in g[corner]:
            token = frozenset((corner, nxt))
            if token not in used:
                used.add(token)
                if trace(nxt, used):
                    return True
                used.discard(token)
        return False

    for corner in list(g) if starts is None else [c for c in starts if c in g]:
        if trace(corner, set()):
            break
    return best


@cache
def map_edge_corners(edge: str) -> frozenset[Point]:
    """The grid corners on one edge of the map (``"top"``, ``"right"``, ``"bottom"``,
    ``"left"``) where a river token can end."""
    return frozenset(p for p in BORDER_CORNERS if edge in map_edges_touched([p]))


def rivers_met(card: LandscapeCard, rivers: Collection[Edge]) -> bool:
    """Whether the river tokens (pairs of cells) show the river card. The edge cards and
    the long river ask for one continuous stretch (a trail, :func:`longest_stretch`) of at
    least ``min_tokens`` tokens: for the edge cards, from one edge to the other (D11)."""
    if card.test == "river_shape":
        if len(rivers) < len(card.segments):
            return False
        bit = _border_bits()
        present = reduce(or_, map(bit.__getitem__, rivers), 0)
        return any(not p & ~present for p in _river_masks(card.id))
    if len(rivers) < card.min_tokens:
        return False
    if card.test == "river_stretch":
        return longest_stretch(rivers, enough=card.min_tokens) >= card.min_tokens
    wanted = OPPOSITE_EDGES if card.edges == "opposite" else ADJACENT_EDGES
    for first, second in (sorted(pair) for pair in wanted):
        found = longest_stretch(rivers, map_edge_corners(first), map_edge_corners(second),
                                enough=card.min_tokens)
        if found >= card.min_tokens:
            return True
    return False


def card_met(card: LandscapeCard, colours: Sequence[int], rivers: Collection[Edge]) -> bool:
    """Whether a player's map (tile colours per cell, river tokens) meets the card."""
    if card.test == "tiles":
        return tiles_met(card, colours)
    return rivers_met(card, rivers)


def zones(colours: Sequence[int]) -> list[set[int]]:
    """The uninterrupted zones of one colour: connected components of neighbouring tiles
    of the same colour (cells), largest first."""
    import networkx as nx

    g: nx.Graph[Any] = nx.Graph()
    for r, c in map_grid().nodes:
        cell = cell_of(r, c)
        if colours[cell] != EMPTY:
            g.add_node(cell)
    for a, b in map_grid().edges:
        ca, cb = cell_of(*a), cell_of(*b)
        if colours[ca] != EMPTY and colours[ca] == colours[cb]:
            g.add_edge(ca, cb)
    return sorted(nx.connected_components(g), key=lambda z: (-len(z), min(z)))


def largest_zone(colours: Sequence[int]) -> int:
    """The size of the largest uninterrupted zone of one colour (0 on an empty map): the
    largest of :func:`zones`, found by a flood fill over the map's neighbours (the tie-break
    is asked at every game's end and in every view, so it does without networkx)."""
    seen = [False] * len(colours)
    best = 0
    for start, colour in enumerate(colours):
        if colour == EMPTY or seen[start]:
            continue
        seen[start] = True
        zone = [start]
        for cell in zone:  # (the zone's list, walked as it grows: each cell once)
            for n in NEIGHBOURS[cell]:
                if colours[n] == colour and not seen[n]:  # (most neighbours differ)
                    seen[n] = True
                    zone.append(n)
        if len(zone) > best:
            best = len(zone)
    return best


__all__ = ["card_met", "largest_zone", "longest_stretch", "river_graph", "river_placements",
           "river_stretches", "rivers_met", "row_col", "tile_placements", "tiles_met", "zones"]
