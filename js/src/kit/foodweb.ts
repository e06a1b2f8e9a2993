/**
 * The food-web panel: an SVG of `food_web`, producers at the bottom, arrows from food to eater.
 * What the shown cascade event touched is highlighted by colour, thickness and a dashed outline.
 */
import { h, s } from "./dom";
import type { Kit, Part, PartSpec } from "./kit";
import { edgeKey, eventAt, touchedOf } from "./steps";
import type { FoodWebNode } from "./types";

const WIDTH = 320;
const HEIGHT = 230;
const PAD = { left: 44, right: 44, top: 16, bottom: 30 };
const RADIUS = 11;

/** Okabe-Ito fills by trophic level (producers first); text stays outside the circles. */
const LEVEL_FILLS = ["#009E73", "#56B4E9", "#E69F00", "#CC79A7", "#0072B2", "#F0E442"];

let instances = 0;

export interface Point {
  x: number;
  y: number;
}

/** The distinct trophic rows (levels rounded, as the Python layout does), lowest first. */
const rowsOf = (nodes: FoodWebNode[]): number[] =>
  [...new Set(nodes.map((n) => Math.round(n.level)))].sort((a, b) => a - b);

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * True when the given y puts the producers above the top eaters, i.e. y grows upwards.
 * Python's layout uses screen coordinates (0 = top, producers near 1); either way the
 * producers end at the bottom.
 */
function yGrowsUp(nodes: FoodWebNode[], rows: number[]): boolean {
  if (rows.length < 2) return false;
  const ys = (row: number) =>
    nodes.filter((n) => Math.round(n.level) === row && Number.isFinite(n.y)).map((n) => n.y);
  const low = ys(rows[0]);
  const high = ys(rows[rows.length - 1]);
  return low.length > 0 && high.length > 0 && mean(low) < mean(high);
}

/**
 * Panel coordinates of each node: x,y (0..1) scaled into the panel, producers at the bottom;
 * nodes without x/y are placed by level, spread across their row.
 */
export function layout(nodes: FoodWebNode[]): Map<string, Point> {
  const rows = rowsOf(nodes);
  const up = yGrowsUp(nodes, rows);
  const rowOf = (n: FoodWebNode) => rows.indexOf(Math.round(n.level));
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const out = new Map<string, Point>();
  for (const n of nodes) {
    const peers = nodes.filter((m) => rowOf(m) === rowOf(n));
    const x = Number.isFinite(n.x) ? n.x : (peers.indexOf(n) + 1) / (peers.length + 1);
    const height = rows.length > 1 ? rowOf(n) / (rows.length - 1) : 0.5;
    const down = Number.isFinite(n.y) ? (up ? 1 - n.y : n.y) : 1 - height;
    out.set(n.id, {
      x: PAD.left + clamp(x) * (WIDTH - PAD.left - PAD.right),
      y: PAD.top + clamp(down) * (HEIGHT - PAD.top - PAD.bottom),
    });
  }
  return out;
}

/** The segment between two node centres, shortened so it starts and ends at the circles. */
function trim(a: Point, b: Point, start: number, end: number): [Point, Point] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  return [
    { x: a.x + (dx * start) / len, y: a.y + (dy * start) / len },
    { x: b.x - (dx * end) / len, y: b.y - (dy * end) / len },
  ];
}

function arrowMarker(id: string, cls: string) {
  return s(
    "marker",
    {
      id,
      class: cls,
      viewBox: "0 0 10 10",
      refX: 9,
      refY: 5,
      markerUnits: "userSpaceOnUse",
      markerWidth: 10,
      markerHeight: 10,
      orient: "auto-start-reverse",
    },
    s("path", { d: "M 0 0 L 10 5 L 0 10 z" }),
  );
}

function make(kit: Kit): Part {
  const uid = `eg-fw-${++instances}`;
  const svg = s("svg", {
    class: "eg-foodweb-svg",
    "data-testid": "foodweb",
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "img",
  });
  const caption = h(
    "p",
    { class: "eg-note" },
    "Arrows point from food to eater. Dashed: touched by the step shown.",
  );
  const el = h(
    "section",
    { class: "eg-foodweb", "data-testid": "foodweb-panel", "aria-label": "Food web" },
    h("h4", { class: "eg-heading" }, "Food web"),
    svg,
    caption,
  );

  function update(): void {
    const { food_web: web, cascade } = kit.traits;
    const { step, hoverNode } = kit.store.get();
    const nodes = web.nodes ?? [];
    const edges = (web.edges ?? []).filter(
      (e) => nodes.some((n) => n.id === e.source) && nodes.some((n) => n.id === e.target),
    );
    el.hidden = nodes.length === 0;
    if (nodes.length === 0) {
      svg.replaceChildren();
      return;
    }
    const touched = touchedOf(eventAt(cascade, step));
    const at = layout(nodes);
    const rows = rowsOf(nodes);
    svg.setAttribute(
      "aria-label",
      `Food web: ${nodes.length} species, ${edges.length} feeding links`,
    );

    const edgeEls = edges.map((e) => {
      const lit = touched.edges.has(edgeKey(e.source, e.target));
      const near = hoverNode !== null && (e.source === hoverNode || e.target === hoverNode);
      const ring = (id: string) => (touched.nodes.has(id) ? 5 : 0);
      const [a, b] = trim(
        at.get(e.source)!,
        at.get(e.target)!,
        RADIUS + 2 + ring(e.source),
        RADIUS + 2 + ring(e.target),
      );
      return s(
        "line",
        {
          class: `eg-fw-edge${lit ? " eg-lit" : ""}${near ? " eg-near" : ""}`,
          "data-testid": `fw-edge-${e.source}-${e.target}`,
          "data-highlight": lit ? "true" : "false",
          x1: a.x.toFixed(1),
          y1: a.y.toFixed(1),
          x2: b.x.toFixed(1),
          y2: b.y.toFixed(1),
          "marker-end": `url(#${uid}-${lit ? "lit" : "arrow"})`,
        },
        s("title", {}, e.label || `${e.source} → ${e.target}`),
      );
    });

    const nodeEls = nodes.map((n) => {
      const p = at.get(n.id)!;
      const lit = touched.nodes.has(n.id);
      const fill = LEVEL_FILLS[Math.max(0, rows.indexOf(Math.round(n.level))) % LEVEL_FILLS.length];
      const g = s(
        "g",
        {
          class: `eg-fw-node${lit ? " eg-lit" : ""}${hoverNode === n.id ? " eg-near" : ""}`,
          "data-testid": `fw-node-${n.id}`,
          "data-highlight": lit ? "true" : "false",
          "data-level": n.level,
          transform: `translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`,
        },
        s("title", {}, `${n.label} (level ${n.level})`),
        lit ? s("circle", { class: "eg-fw-ring", r: RADIUS + 5 }) : null,
        s("circle", { class: "eg-fw-dot", r: RADIUS, fill }),
        s(
          "text",
          { class: "eg-fw-label", x: 0, y: RADIUS + (lit ? 16 : 12), "text-anchor": "middle" },
          n.label,
        ),
      );
      g.addEventListener("mouseenter", () => kit.store.set({ hoverNode: n.id }));
      g.addEventListener("mouseleave", () => kit.store.set({ hoverNode: null }));
      return g;
    });

    svg.replaceChildren(
      s(
        "defs",
        {},
        arrowMarker(`${uid}-arrow`, "eg-fw-arrow"),
        arrowMarker(`${uid}-lit`, "eg-fw-arrow eg-lit"),
      ),
      s("g", { class: "eg-fw-edges" }, ...edgeEls),
      s("g", { class: "eg-fw-nodes" }, ...nodeEls),
    );
  }

  return { el, update };
}

export const foodWeb: PartSpec = {
  make,
  traits: ["food_web", "cascade"],
  ui: ["step", "hoverNode"],
};
