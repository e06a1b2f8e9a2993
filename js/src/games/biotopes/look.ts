/**
 * How Biotopes' pieces are drawn. Colour is never the only cue:
 * - a biotope (hex, Biotope card, cube colour) has an Okabe-Ito colour, a pattern on the map
 *   (peaks, trees, grass, waves) and a letter in a hexagon badge: M F G W;
 * - a species type is a letter in a circle: P I R B M;
 * - a cube is a small square of its biotope's colour with its biotope's letter;
 * - a Territory token is its owner's colour, shape and initial (the neutral Solo tokens are
 *   hatched gray with an N).
 */
import { h, s, swatchOf } from "../../kit";

/** The biotope that produces each cube colour (Primary Production). */
export const BIOTOPE_OF: Record<string, string> = {
  gray: "mountains",
  green: "forests",
  yellow: "grasslands",
  blue: "wetlands",
};
export const BIOTOPE_FILL: Record<string, string> = {
  mountains: "#BBBBBB",
  forests: "#009E73",
  grasslands: "#F0E442",
  wetlands: "#56B4E9",
};
/** A darker shade for the pattern drawn over each biotope. */
export const BIOTOPE_INK: Record<string, string> = {
  mountains: "#6b6b6b",
  forests: "#00583f",
  grasslands: "#9b8f00",
  wetlands: "#1f6f9e",
};
export const BIOTOPE_LETTER: Record<string, string> = {
  mountains: "M",
  forests: "F",
  grasslands: "G",
  wetlands: "W",
};
export const BIOTOPE_LABEL: Record<string, string> = {
  mountains: "Mountains",
  forests: "Forests",
  grasslands: "Grasslands",
  wetlands: "Wetlands",
};
/** Text on a biotope's colour: dark on the light ones, white on green. */
export const BIOTOPE_TEXT: Record<string, string> = {
  mountains: "#111",
  forests: "#fff",
  grasslands: "#111",
  wetlands: "#111",
};

export const TYPE_LETTER: Record<string, string> = {
  plants: "P",
  invertebrates: "I",
  reptiles_amphibians: "R",
  birds: "B",
  mammals: "M",
};
export const TYPE_LABEL: Record<string, string> = {
  plants: "Plants",
  invertebrates: "Invertebrates",
  reptiles_amphibians: "Reptiles & Amphibians",
  birds: "Birds",
  mammals: "Mammals",
};

export const DECK_ORDER = ["herbivores", "insectivores", "carnivores"];
export const DECK_LABEL: Record<string, string> = {
  herbivores: "Herbivores",
  insectivores: "Insectivores",
  carnivores: "Carnivores",
};
/** The deck's back: 0, 1 or 2 stars, the cards' VP. */
export const DECK_STARS: Record<string, string> = {
  herbivores: "☆",
  insectivores: "★",
  carnivores: "★★",
};

/** Each player's token: the colour and shape of the palette (Python's
 * `biotopes.components.PALETTE`, sent in `drawing`) for the game's purple, orange, red,
 * white and black, so that two players are told apart without colour too. */
export const playerSwatch = (colour: string) => swatchOf("players", colour);

export const playerInitial = (colour: string): string =>
  colour === "black" ? "K" : colour.slice(0, 1).toUpperCase();

export const ACTION_LABEL: Record<string, string> = {
  adaptation: "Adaptation",
  reproduction: "Reproduction",
  transfer: "Transfer",
  evolution: "Evolution",
  expansion: "Expansion",
  competition: "Competition",
  migration: "Migration",
};

// ---- the hex grid ---------------------------------------------------------------------------

export const SQRT3 = Math.sqrt(3);

/** Pixel centre of axial hex (q, r) (pointy-top, r downwards) for hexes of radius `r0`. */
export function hexCentre(q: number, r: number, r0: number): [number, number] {
  return [r0 * SQRT3 * (q + r / 2), r0 * 1.5 * r];
}

export function hexPoints(cx: number, cy: number, r0: number): string {
  return Array.from({ length: 6 }, (_, i) => {
    const a = ((60 * i - 30) * Math.PI) / 180;
    return `${(cx + r0 * Math.cos(a)).toFixed(2)},${(cy + r0 * Math.sin(a)).toFixed(2)}`;
  }).join(" ");
}

export const hexKey = (hex: [number, number] | number[]): string => `${hex[0]},${hex[1]}`;
export const hexName = (hex: [number, number] | number[]): string => `(${hex[0]},${hex[1]})`;

export const NEIGHBOURS: [number, number][] = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

// ---- patterns -------------------------------------------------------------------------------

let patternCounter = 0;

/** A fresh prefix for the pattern ids of one SVG (several widgets may share a page). */
export const patternPrefix = (): string => `bt${++patternCounter}`;

/** The four biotope fills: colour plus a pattern (peaks, trees, grass, waves). */
export function biotopePatterns(prefix: string): SVGDefsElement {
  const defs = s("defs", {});
  const make = (biotope: string, ...marks: SVGElement[]): void => {
    const p = s("pattern", {
      id: `${prefix}-${biotope}`,
      patternUnits: "userSpaceOnUse",
      width: 12,
      height: 12,
    });
    p.append(s("rect", { width: 12, height: 12, fill: BIOTOPE_FILL[biotope] }), ...marks);
    defs.append(p);
  };
  const ink = BIOTOPE_INK;
  make(
    "mountains",
    s("path", { d: "M1,10 L4.5,4 L8,10", fill: "none", stroke: ink.mountains, "stroke-width": 1 }),
  );
  make(
    "forests",
    s("circle", { cx: 3, cy: 3.5, r: 2, fill: ink.forests }),
    s("circle", { cx: 9, cy: 9.5, r: 2, fill: ink.forests }),
  );
  make(
    "grasslands",
    s("path", {
      d: "M2,10 L2,6 M4,10 L5,6.5 M8,5 L8,1.5 M10,5 L11,2",
      stroke: ink.grasslands,
      "stroke-width": 1,
    }),
  );
  make(
    "wetlands",
    s("path", {
      d: "M0,4 Q3,2 6,4 T12,4 M0,10 Q3,8 6,10 T12,10",
      fill: "none",
      stroke: ink.wetlands,
      "stroke-width": 1,
    }),
  );
  const neutral = s("pattern", {
    id: `${prefix}-neutral`,
    patternUnits: "userSpaceOnUse",
    width: 5,
    height: 5,
    patternTransform: "rotate(45)",
  });
  neutral.append(
    s("rect", { width: 5, height: 5, fill: "#9a9a9a" }),
    s("line", { x1: 0, y1: 0, x2: 0, y2: 5, stroke: "#444", "stroke-width": 2 }),
  );
  defs.append(neutral);
  return defs;
}

// ---- tokens ---------------------------------------------------------------------------------

/** The outline of a token of shape `shape`, radius `r`, centred on (0, 0). */
export function shapeOutline(shape: string, r: number, attrs: Record<string, string>): SVGElement {
  const poly = (n: number, start: number): string =>
    Array.from({ length: n }, (_, i) => {
      const a = ((start + (360 / n) * i) * Math.PI) / 180;
      return `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
    }).join(" ");
  switch (shape) {
    case "square":
      return s("rect", { x: -r * 0.85, y: -r * 0.85, width: r * 1.7, height: r * 1.7, ...attrs });
    case "diamond":
      return s("polygon", { points: poly(4, -90), ...attrs });
    case "triangle":
      return s("polygon", { points: poly(3, -90), ...attrs });
    case "pentagon":
      return s("polygon", { points: poly(5, -90), ...attrs });
    case "octagon":
      return s("polygon", { points: poly(8, 22.5), ...attrs });
    default:
      return s("circle", { r, ...attrs });
  }
}

/** A Territory token (SVG group centred on (0, 0)). `owner` -1: a neutral Solo token. */
export function territoryToken(
  owner: number,
  colour: string,
  r: number,
  prefix: string,
): SVGGElement {
  const neutral = owner < 0;
  const g = s("g", { class: "bt-token", "data-owner": String(owner) });
  const sw = playerSwatch(colour);
  const shape = neutral ? "octagon" : sw.shape;
  const fill = neutral ? `url(#${prefix}-neutral)` : sw.colour;
  const rr = shape === "triangle" ? r * 1.25 : r;
  g.append(
    shapeOutline(shape, rr, { fill, class: "bt-token-shape" }),
    s(
      "text",
      {
        y: shape === "triangle" ? r * 0.5 : r * 0.38,
        "text-anchor": "middle",
        class: "bt-token-letter",
        fill: neutral ? "#fff" : sw.ink,
        "font-size": (r * 1.05).toFixed(1),
      },
      neutral ? "N" : playerInitial(colour),
    ),
  );
  return g;
}

/** A token to put in a line of text (the player's chip). */
export function tokenChip(owner: number, colour: string): HTMLElement {
  const svg = s("svg", { viewBox: "-9 -9 18 18", width: 16, height: 16, "aria-hidden": "true" });
  svg.append(territoryToken(owner, colour, 7, "chip"));
  return h("span", { class: "bt-chip" }, svg);
}

// ---- badges and cubes (HTML) ----------------------------------------------------------------

/** A biotope as a hexagon badge with its letter, coloured. */
export function biotopeBadge(biotope: string, withWord = false): HTMLElement {
  return h(
    "span",
    {
      class: "bt-biotope-badge",
      "data-biotope": biotope,
      title: BIOTOPE_LABEL[biotope] ?? biotope,
      style: `background:${BIOTOPE_FILL[biotope] ?? "#ccc"};color:${BIOTOPE_TEXT[biotope] ?? "#111"}`,
    },
    BIOTOPE_LETTER[biotope] ?? "?",
    withWord ? h("span", { class: "bt-badge-word" }, BIOTOPE_LABEL[biotope] ?? biotope) : null,
  );
}

/** A species type as a letter in a circle. */
export function typeBadge(type: string, withWord = false): HTMLElement {
  const letter = h(
    "span",
    { class: "bt-type-badge", "data-type": type, title: TYPE_LABEL[type] ?? type },
    TYPE_LETTER[type] ?? "?",
  );
  if (!withWord) return letter;
  return h("span", { class: "bt-type" }, letter, " ", TYPE_LABEL[type] ?? type);
}

/** One cube: a small square of its colour with its biotope's letter. */
export function cube(colour: string, count = 1): HTMLElement {
  const biotope = BIOTOPE_OF[colour] ?? "mountains";
  return h(
    "span",
    {
      class: "bt-cube",
      "data-colour": colour,
      title: `${colour} cube (${BIOTOPE_LABEL[biotope]})${count > 1 ? ` ×${count}` : ""}`,
      style: `background:${BIOTOPE_FILL[biotope]};color:${BIOTOPE_TEXT[biotope]}`,
    },
    BIOTOPE_LETTER[biotope],
    count > 1 ? h("sub", {}, String(count)) : null,
  );
}

/** Cubes by colour, each cube drawn (a count badge past `max` of one colour). */
export function cubeRow(cubes: Record<string, number>, max = 4): HTMLElement {
  const row = h("span", { class: "bt-cubes" });
  for (const colour of ["gray", "green", "yellow", "blue"]) {
    const n = cubes[colour] ?? 0;
    if (n <= 0) continue;
    if (n > max) row.append(cube(colour, n));
    else for (let i = 0; i < n; i++) row.append(cube(colour));
  }
  return row;
}

export const cubeTotal = (cubes: Record<string, number> | null | undefined): number =>
  cubes ? Object.values(cubes).reduce((a, b) => a + b, 0) : 0;

export const plural = (n: number, word: string): string =>
  `${n} ${n === 1 ? word : word.endsWith("y") ? `${word.slice(0, -1)}ies` : `${word}s`}`;
