"""networkx helpers shared by every game's food web and board."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import networkx as nx


def trophic_levels(web: nx.DiGraph[Any], weight: str = "weight") -> dict[Any, float]:
    """Trophic level of every node (producers 1). Edges point food -> eater.

    The same numbers as ``nx.trophic_levels`` (a node's level is 1 plus the mean level of
    its food, weighted by the edges' ``weight``), solved here in plain Python: no numpy or
    scipy, so the boards also lay out where those are missing (JupyterLite offline). Nodes
    that no producer reaches (an isolated eater) get level 1 rather than an error.
    """
    nodes = list(web)
    reachable: set[Any] = set()
    frontier = [n for n in nodes if web.in_degree(n) == 0]
    while frontier:
        node = frontier.pop()
        if node not in reachable:
            reachable.add(node)
            frontier.extend(web.successors(node))
    levels = {n: 1.0 for n in nodes if n not in reachable}
    eaters = [n for n in nodes if n in reachable and web.in_degree(n) > 0]
    for n in nodes:
        if n in reachable and n not in eaters:
            levels[n] = 1.0
    if eaters:
        levels.update(zip(eaters, _solve_levels(web, eaters, levels, weight)))
    return levels


def _solve_levels(web: nx.DiGraph[Any], eaters: list[Any], known: dict[Any, float],
                  weight: str) -> list[float]:
    """x_i - sum_j p_ij x_j = 1 + sum_basal p_ib, by Gaussian elimination with pivoting."""
    index = {n: i for i, n in enumerate(eaters)}
    size = len(eaters)
    rows = []
    for node in eaters:
        food = [(prey, float(data.get(weight, 1))) for prey, _, data in
                web.in_edges(node, data=True)]
        total = sum(w for _, w in food)
        row = [0.0] * (size + 1)
        row[index[node]] += 1.0
        row[size] = 1.0
        for prey, w in food:
            if prey in index:
                row[index[prey]] -= w / total
            else:
                row[size] += w / total * known[prey]
        rows.append(row)
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise ValueError("the trophic levels of this web have no single solution")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col] / head[col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], head)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


# -- the food-web panel's layout ------------------------------------------------------------
#
# Sizes are the kit's SVG units (one unit is one CSS pixel: the panel draws the SVG at its
# natural size). Labels are 11px sans-serif (``.eg-fw-label``); their widths are estimated
# from the characters, as bold (a lit or hovered label is drawn bold), with a margin, so the
# boxes the browser measures lie inside the boxes laid out here.

FONT_SIZE = 11.0
LINE_HEIGHT = 13.0
RADIUS = 9.0
CLEAR = 6.0
"""Room kept round each circle (the dashed ring of a lit node is drawn at ``RADIUS + 5``)."""
WIDTH = 360.0
WIDE = 640.0
"""The panel's width for a web of more than :data:`CROWDED` species."""
CROWDED = 24
MARGIN = 6.0
GUTTER = 22.0
"""Room on the panel's left for the trophic rows' legend (each row's level)."""
ARROW_ROOM = 14.0
"""Room under a panel row's circles: every arrow comes into its eater from below, and its head
ends at the circle's edge, so nothing else is drawn there."""
LABEL_CHARS = 14
"""A label longer than this wraps at its spaces ("Richardson's / Ground Squirrel")."""

_NARROW = set("il.,:;'|!()[]{}` ")
_SEMI = set("fjrtI-\"/")
_WIDE = set("mwMW@%")


def text_width(text: str, font_size: float = FONT_SIZE) -> float:
    """A generous estimate of ``text``'s width in bold sans-serif at ``font_size``."""
    em = 0.0
    for ch in text:
        if ch in _NARROW:
            em += 0.32
        elif ch in _SEMI:
            em += 0.4
        elif ch in _WIDE:
            em += 0.92
        elif ch.isupper() or ch.isdigit():
            em += 0.72
        else:
            em += 0.6
    return round(em * font_size * 1.08 + 2, 1)


def wrap_label(label: str, chars: int = LABEL_CHARS) -> list[str]:
    """``label`` in lines of at most ``chars`` characters, broken at spaces (a word longer
    than that keeps a line of its own)."""
    lines: list[str] = []
    for word in label.split():
        if lines and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [label]


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in the panel's units (y grows downwards)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Box) -> bool:
        return (self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1
                and other.y0 < self.y1)

    def meets_circle(self, cx: float, cy: float, r: float) -> bool:
        nx_ = min(max(cx, self.x0), self.x1)
        ny_ = min(max(cy, self.y0), self.y1)
        return (nx_ - cx) ** 2 + (ny_ - cy) ** 2 < r * r


@dataclass
class FoodWebDrawing:
    """Where the panel draws each node (circle centre), its label (the lines, their box) and
    how big the panel is; ``rows`` lists each trophic row's nodes left to right and ``bands``
    each row's vertical extent (top, bottom), for the rows' legend."""

    width: float
    height: float
    radius: float
    centres: dict[Any, tuple[float, float]]
    lines: dict[Any, list[str]]
    labels: dict[Any, Box]
    levels: dict[Any, float]
    rows: dict[int, list[Any]]
    bands: dict[int, tuple[float, float]] | None = None

    def overlaps(self) -> list[tuple[Any, Any]]:
        """Pairs whose label boxes overlap, or whose label meets a node's circle (with the
        ring's room): empty when every label reads."""
        found = []
        nodes = list(self.centres)
        for i, a in enumerate(nodes):
            for b in nodes[i + 1:]:
                if self.labels[a].overlaps(self.labels[b]):
                    found.append((a, b))
            for b in nodes:
                cx, cy = self.centres[b]
                if self.labels[a].meets_circle(cx, cy, self.radius + CLEAR - 1):
                    found.append((a, b))
        for i, a in enumerate(nodes):
            for b in nodes[i + 1:]:
                (ax, ay), (bx, by) = self.centres[a], self.centres[b]
                if (ax - bx) ** 2 + (ay - by) ** 2 < (2 * self.radius) ** 2:
                    found.append((a, b))
        return found


def crossings(web: nx.DiGraph[Any], rows: dict[int, list[Any]]) -> int:
    """Edge crossings between consecutive trophic rows with the nodes in ``rows``' order
    (an edge spanning several rows counts between its two rows' orders)."""
    place = {n: (level, i / max(1, len(nodes) - 1)) for level, nodes in rows.items()
             for i, n in enumerate(nodes)}
    spans: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for a, b in web.edges():
        if a == b or place[a][0] == place[b][0]:
            continue
        (la, xa), (lb, xb) = sorted([place[a], place[b]])
        spans.setdefault((la, lb), []).append((xa, xb))
    total = 0
    for pairs in spans.values():
        for i, (a1, b1) in enumerate(pairs):
            for a2, b2 in pairs[i + 1:]:
                if (a1 - a2) * (b1 - b2) < 0:
                    total += 1
    return total


def _order_rows(web: nx.DiGraph[Any], rows: dict[int, list[Any]], sweeps: int = 6) -> None:
    """Barycentre ordering (Sugiyama's): sweep up then down, placing each node at the mean
    position of its neighbours in the rows already placed; the best order found is kept."""
    levels = sorted(rows)
    neighbours = {n: [m for m in set(web.predecessors(n)) | set(web.successors(n)) if m != n]
                  for n in web}
    row_of = {n: level for level, nodes in rows.items() for n in nodes}

    def spot() -> dict[Any, float]:
        return {n: (i + 0.5) / len(nodes) for nodes in rows.values() for i, n in enumerate(nodes)}

    best = ({k: list(v) for k, v in rows.items()}, crossings(web, rows))
    for sweep in range(sweeps):
        order = levels[1:] if sweep % 2 == 0 else levels[-2::-1]
        for level in order:
            pos = spot()
            upward = sweep % 2 == 0
            nodes = rows[level]

            def key(n: Any, level: int = level, pos: dict[Any, float] = pos,
                    upward: bool = upward) -> tuple[float, float]:
                near = [pos[m] for m in neighbours[n]
                        if (row_of[m] < level if upward else row_of[m] > level)]
                at = sum(near) / len(near) if near else pos[n]
                return (at, pos[n])

            nodes.sort(key=key)
        found = crossings(web, rows)
        if found < best[1]:
            best = ({k: list(v) for k, v in rows.items()}, found)
    rows.update(best[0])


def food_web_drawing(web: nx.DiGraph[Any], *, width: float | None = None,
                     font_size: float = FONT_SIZE, panel: bool = False) -> FoodWebDrawing:
    """Lay the food web out: each trophic level a row (producers at the bottom), ordered by
    barycentre sweeps to cut edge crossings; a row too wide for ``width`` wraps into
    interleaved sub-rows (so the order still reads left to right). Each label sits in the
    first of a sub-row's label lanes where its box meets no other label: no label overlaps
    another label or a circle, by construction.

    ``panel``: the widget's layout. Labels go above their circles, and :data:`ARROW_ROOM`
    stays free under each row of circles, where the arrows come in (the panel draws every
    arrow into its eater from below); a left gutter holds the rows' legend; a web of more
    than :data:`CROWDED` species gets :data:`WIDE` units. Otherwise (the matplotlib figure)
    labels go under their circles, ``width`` defaults to :data:`WIDTH`."""
    if width is None:
        width = WIDE if panel and len(web) > CROWDED else WIDTH
    levels = trophic_levels(web)
    rows: dict[int, list[Any]] = {}
    for node in web:
        rows.setdefault(round(levels[node]), []).append(node)
    for nodes in rows.values():
        nodes.sort(key=lambda n: (levels[n], str(web.nodes[n].get("label", n)), str(n)))
    _order_rows(web, rows)
    lines = {n: wrap_label(str(web.nodes[n].get("label", n))) for n in web}
    wide = {n: max(text_width(line, font_size) for line in lines[n]) for n in web}
    line_h = LINE_HEIGHT * font_size / FONT_SIZE
    left = MARGIN + (GUTTER if panel else 0.0)
    usable = width - left - MARGIN
    slot = 2 * (RADIUS + CLEAR) + 4
    centres: dict[Any, tuple[float, float]] = {}
    labels: dict[Any, Box] = {}
    bands: dict[int, tuple[float, float]] = {}
    gap = 30.0 if len(web) <= 12 else 10.0  # a small web gets room for its arrows
    y = MARGIN
    for level in sorted(rows, reverse=True):
        nodes = rows[level]
        count = len(nodes)
        need = max(slot, sum(wide[n] for n in nodes) / count * 0.55 + 4)
        subs = 1
        while subs < count and subs * usable / count < need:
            subs += 1
        step = usable / count
        band_top = y
        for sub in range(subs):
            members = [(i, n) for i, n in enumerate(nodes) if i % subs == sub]
            loops = any(web.has_edge(n, n) for _, n in members)
            cy = y + RADIUS + CLEAR + (4 if loops else 0)
            top = cy + RADIUS + CLEAR
            lanes: list[float] = []  # the right edge of each lane's last label
            lane_rows: list[float] = []  # each lane's height
            placed: list[tuple[Any, float, float, int]] = []
            for i, n in members:
                cx = left + (i + 0.5) * step
                half = wide[n] / 2
                lx = min(max(cx, left - MARGIN + half), width - half)
                for lane, right in enumerate(lanes):
                    if lx - half >= right + 3:
                        lanes[lane] = lx + half
                        lane_rows[lane] = max(lane_rows[lane], len(lines[n]) * line_h)
                        break
                else:
                    lane = len(lanes)
                    lanes.append(lx + half)
                    lane_rows.append(len(lines[n]) * line_h)
                placed.append((n, cx, lx, lane))
            # the panel's lanes a little further apart: a browser's font may be taller than
            # its line (measured: 27.5 px for two 13 px lines of an 11 px system-ui)
            apart = 3 if panel else 1
            if panel:  # the lanes first, the circles under them, then the arrows' room
                top = y
                cy = top + sum(h + apart for h in lane_rows) + CLEAR + RADIUS + (
                    4 if loops else 0)
            offsets = [top]
            for h in lane_rows:
                offsets.append(offsets[-1] + h + apart)
            for n, cx, lx, lane in placed:
                centres[n] = (round(cx, 1), round(cy, 1))
                ly = offsets[lane]
                labels[n] = Box(round(lx - wide[n] / 2, 1), round(ly, 1),
                                round(lx + wide[n] / 2, 1),
                                round(ly + len(lines[n]) * line_h, 1))
            y = cy + RADIUS + ARROW_ROOM if panel else offsets[-1] + 3
        bands[level] = (round(band_top, 1), round(y, 1))
        y += gap
    return FoodWebDrawing(width=width, height=round(y - gap + MARGIN, 1), radius=RADIUS,
                          centres=centres, lines=lines, labels=labels, levels=levels,
                          rows=rows, bands=bands)


def food_web_layout(web: nx.DiGraph[Any]) -> dict[Any, tuple[float, float]]:
    """Node positions in [0, 1]^2 (y grows downwards: producers near 1), from
    :func:`food_web_drawing`."""
    drawing = food_web_drawing(web)
    return {n: (round(x / drawing.width, 4), round(y / drawing.height, 4))
            for n, (x, y) in drawing.centres.items()}


def food_web_json(web: nx.DiGraph[Any], *,
                  frame: nx.DiGraph[Any] | None = None) -> dict[str, Any]:
    """The food web as the widget's ``food_web`` trait, laid out for the panel: ``width``,
    ``height`` and ``radius`` in the panel's units; each node's centre ``x``, ``y``, its
    label's ``lines`` and box ``box`` = [x0, y0, x1, y1] (text centred in it, a line every
    ``line`` units); edges food -> eater (``source == target``: a type eating its kind).

    With ``frame`` (a web holding ``web``'s nodes), the nodes are drawn where ``frame``'s
    layout puts them, so they stay put as ``web`` grows. Each distinct web is laid out once
    (the last few are kept), so a move that leaves the web as it was costs no layout."""
    key = (_signature(web), None if frame is None else _signature(frame))
    if key not in _LAID_OUT:
        if len(_LAID_OUT) >= 32:
            _LAID_OUT.pop(next(iter(_LAID_OUT)))
        _LAID_OUT[key] = json.dumps(_food_web_json(web, frame))
    laid_out: dict[str, Any] = json.loads(_LAID_OUT[key])
    return laid_out


_LAID_OUT: dict[Any, str] = {}


def _signature(web: nx.DiGraph[Any]) -> tuple[Any, ...]:
    return (tuple((n, str(d.get("label", n))) for n, d in web.nodes(data=True)),
            tuple((a, b, str(d.get("label", "")), d.get("weight", 1))
                  for a, b, d in web.edges(data=True)))


def _food_web_json(web: nx.DiGraph[Any], frame: nx.DiGraph[Any] | None) -> dict[str, Any]:
    drawing = food_web_drawing(web if frame is None else frame, panel=True)
    levels = drawing.levels if frame is None else trophic_levels(web)
    nodes = []
    for n in web:
        box = drawing.labels[n]
        x, y = drawing.centres[n]
        nodes.append({"id": str(n), "label": str(web.nodes[n].get("label", n)),
                      "x": x, "y": y, "level": round(levels[n], 3),
                      "lines": drawing.lines[n], "box": [box.x0, box.y0, box.x1, box.y1]})
    edges = [{"source": str(a), "target": str(b), "label": str(d.get("label", ""))}
             for a, b, d in web.edges(data=True)]
    rows = [{"level": level, "top": top, "bottom": bottom}
            for level, (top, bottom) in sorted((drawing.bands or {}).items())]
    return {"width": drawing.width, "height": drawing.height, "radius": drawing.radius,
            "line": LINE_HEIGHT, "gutter": GUTTER, "labels": "above", "rows": rows,
            "nodes": nodes, "edges": edges}
