"""One palette per game: the colour, shape and short code of every species, diet group,
player and component kind, used by every picture the package draws and sent to the widget.

Each game keeps its palette as ``PALETTE`` in its ``components`` module. The matplotlib
figures, the experiment plots and the widget (board, food-web panel, live plot) all read it,
so a Native Tree is the same green everywhere. The colours come from the Okabe-Ito set
(Okabe & Ito 2008, colour-blind safe); where a game has more kinds than the set has colours,
kinds that share a colour differ in shape and code. :func:`clashes` checks that with a
simulation of the two common colour-vision deficiencies (Machado, Oliveira & Fernandes
2009, severity 1.0).

>>> p = Palette({"species": {"tree": Swatch(OKABE_ITO["green"], "triangle", "TR", "Tree")}})
>>> p.colour("Tree")
'#009E73'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

OKABE_ITO = {"blue": "#0072B2", "orange": "#E69F00", "green": "#009E73", "pink": "#CC79A7",
             "sky": "#56B4E9", "vermillion": "#D55E00", "yellow": "#F0E442",
             "black": "#000000"}
"""The Okabe-Ito colours by name."""
CYCLE = tuple(OKABE_ITO.values())
"""The order in which quantities no palette names (a user's own measures) get colours."""
SHAPES = {"circle": "o", "square": "s", "triangle": "^", "diamond": "D", "pentagon": "p",
          "hexagon": "h", "triangle_down": "v", "star": "*", "plus": "P", "cross": "X",
          "pawn": "$\u265F$"}
"""The shapes a swatch may have, with their matplotlib markers (the widget draws the same
shapes in SVG)."""

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
}
"""Machado et al. (2009) simulation matrices at severity 1.0, on linear RGB."""
VISIONS = ("normal", *MACHADO)
MIN_DELTA_E = 12.0
"""CIE76 colour difference below which two colours count as hard to tell apart (about 2.3
is just noticeable side by side; small plot markers need far more)."""


@dataclass(frozen=True)
class Swatch:
    """How one kind of thing is drawn: a colour, a shape and a short code."""

    colour: str
    shape: str = "circle"
    code: str = ""
    label: str = ""

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise ValueError(f"unknown shape {self.shape!r}; choose one of {sorted(SHAPES)}")
        _rgb(self.colour)

    @property
    def marker(self) -> str:
        """The matplotlib marker of its shape."""
        return SHAPES[self.shape]

    @property
    def ink(self) -> str:
        """The text colour, white or near black, with the higher contrast on this colour
        (WCAG contrast ratio; they tie at a luminance of about 0.18)."""
        return "#FFFFFF" if _luminance(self.colour) < 0.18 else "#111111"

    def to_json(self) -> dict[str, str]:
        return {"colour": self.colour, "shape": self.shape, "code": self.code,
                "label": self.label, "ink": self.ink}


@dataclass(frozen=True)
class Palette:
    """Swatches by group (``species``, ``players``, ``diets``...) and then by id. The
    swatches of one group are drawn together, so they must be told apart (:func:`clashes`)."""

    groups: Mapping[str, Mapping[str, Swatch]]
    together: tuple[tuple[str, ...], ...] = ()
    """Groups drawn side by side (the board's tokens and pawns, a plot's lines); each group
    is drawn together with itself in any case."""
    cycle: tuple[str, ...] = field(default=CYCLE)

    def items(self) -> Iterator[tuple[str, str, Swatch]]:
        """Every (group, id, swatch)."""
        for group, swatches in self.groups.items():
            for key, swatch in swatches.items():
                yield group, key, swatch

    def swatch(self, key: str) -> Swatch | None:
        """The swatch named ``key`` (an id, or a label), the first group first."""
        for _, k, swatch in self.items():
            if key in (k, swatch.label):
                return swatch
        return None

    def colour(self, key: str, default: str | None = None) -> str | None:
        found = self.swatch(key)
        return found.colour if found else default

    def colours(self) -> dict[str, str]:
        """Every colour by id and by label."""
        out = {}
        for _, key, swatch in self.items():
            out[key] = swatch.colour
            if swatch.label:
                out[swatch.label] = swatch.colour
        return out

    def markers(self) -> dict[str, str]:
        """Every matplotlib marker by id and by label."""
        out = {}
        for _, key, swatch in self.items():
            out[key] = swatch.marker
            if swatch.label:
                out[swatch.label] = swatch.marker
        return out

    def style(self, key: str, index: int) -> tuple[str, str]:
        """(colour, marker) of ``key``, or of the ``index``-th unnamed quantity."""
        found = self.swatch(key)
        if found:
            return found.colour, found.marker
        return self.cycle[index % len(self.cycle)], tuple(SHAPES.values())[index % 8]

    def to_json(self) -> dict[str, Any]:
        """What the widget is sent (``drawing["palette"]``)."""
        return {"groups": {g: {k: s.to_json() for k, s in swatches.items()}
                           for g, swatches in self.groups.items()},
                "cycle": list(self.cycle)}


EMPTY = Palette({})


def palette_of(game: Any) -> Palette:
    """The game's palette, from its spec (``core.registry``; an empty palette for a game
    without one)."""
    from .registry import find_spec

    spec = find_spec(game)
    return EMPTY if spec is None else spec.palette


# -- colour-vision simulation ---------------------------------------------------------------

def _rgb(colour: str) -> tuple[float, float, float]:
    text = colour.lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    if len(text) != 6:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    r, g, b = (int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _luminance(colour: str) -> float:
    r, g, b = (_linear(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def simulate(colour: str, vision: str) -> tuple[float, float, float]:
    """``colour`` as seen with ``vision`` (normal, protanopia, deuteranopia), in linear RGB."""
    rgb = tuple(_linear(c) for c in _rgb(colour))
    if vision == "normal":
        return rgb  # type: ignore[return-value]
    if vision not in MACHADO:
        raise ValueError(f"vision must be one of {VISIONS}, not {vision!r}")
    out = [sum(m * c for m, c in zip(row, rgb)) for row in MACHADO[vision]]
    return tuple(min(1.0, max(0.0, v)) for v in out)  # type: ignore[return-value]


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    white = (0.95047, 1.0, 1.08883)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, white))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: str, b: str, vision: str = "normal") -> float:
    """CIE76 difference of two colours as seen with ``vision``."""
    la, lb = _lab(simulate(a, vision)), _lab(simulate(b, vision))
    return float(sum((x - y) ** 2 for x, y in zip(la, lb)) ** 0.5)


def clashes(palette: Palette, minimum: float = MIN_DELTA_E) -> list[str]:
    """Pairs of swatches drawn together (one group) that nothing tells apart: colours closer
    than ``minimum`` for normal, protan or deutan vision, and the same shape or code."""
    found = []
    sets = [(g,) for g in palette.groups] + list(palette.together)
    for groups in sets:
        swatches = {f"{g}.{k}": s for g in groups for k, s in palette.groups[g].items()}
        for (ka, a), (kb, b) in combinations(swatches.items(), 2):
            worst = min(delta_e(a.colour, b.colour, v) for v in VISIONS)
            if worst >= minimum:
                continue
            if a.shape != b.shape and a.code != b.code and a.code and b.code:
                continue
            found.append(f"{ka} {a.colour}/{a.shape}/{a.code!r} and {kb} "
                         f"{b.colour}/{b.shape}/{b.code!r} (ΔE {worst:.1f})")
    return found
