/**
 * The food-web panel: an SVG of `food_web`, producers at the bottom, arrows from food to eater.
 *
 * Python lays the web out (`core.graphs.food_web_json`): node centres, each label's lines and
 * box, the panel's size, so no label overlaps another or a circle at any size; the panel draws
 * the SVG at that natural size (it scrolls when wider or taller than its column). A web sent
 * without a size (x, y in 0..1) is scaled into a small panel, labels under their circles.
 *
 * At game scale (Python's `labels: "above"` layout): every link is a curve that comes into its
 * eater from below, where Python keeps the room free, spread over the circle's lower arc in the
 * order of its food, with an arrowhead drawn as a shape that ends at the circle's edge; a
 * dense web's links are pale until a species is asked about. Bands number the trophic rows
 * (a legend line says what they are), and Enlarge shows the panel in a dialog over the page.
 *
 * Focus: the step shown lights its eater, its food and the edge between them, keeps their
 * neighbours and fades the rest; "Whole web" turns the fading off (and back on). Hovering or
 * clicking a species (click pins it) says what it eats and what eats it, and lights its links.
 * A type that eats its own kind gets a loop.
 */
import { button, h, s } from "./dom";
import type { Kit, Part, PartSpec } from "./kit";
import { UNKNOWN } from "./palette";
import { askStory } from "./why";
import { edgeKey, eventAt, touchedOf } from "./steps";
import type { FoodWeb, FoodWebEdge, FoodWebNode } from "./types";

const WIDTH = 320;
const HEIGHT = 230;
const PAD = { left: 44, right: 44, top: 16, bottom: 30 };
const RADIUS = 11;
const LINE = 13;
/** More links than this: thin, pale, arrowheads only on the links asked about or lit. */
const DENSE = 60;

let instances = 0;

export interface Point {
  x: number;
  y: number;
}

/** Where the panel draws a node and its label. */
export interface Placed extends Point {
  lines: string[];
  /** Label box [x0, y0, x1, y1]; text centred in it. */
  box: [number, number, number, number];
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

/** True when Python laid the web out in the panel's units (it then sends the size). */
export const sized = (web: FoodWeb): boolean =>
  typeof web.width === "number" && typeof web.height === "number";

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

/** Every node's centre and label box: Python's when sized, else scaled (labels below). */
export function place(web: FoodWeb): Map<string, Placed> {
  const nodes = web.nodes ?? [];
  const out = new Map<string, Placed>();
  if (sized(web)) {
    for (const n of nodes) {
      const lines = n.lines ?? [n.label];
      const box = (n.box ?? [n.x - 30, n.y + 14, n.x + 30, n.y + 14 + LINE]) as Placed["box"];
      out.set(n.id, { x: n.x, y: n.y, lines, box });
    }
    return out;
  }
  for (const [id, p] of layout(nodes)) {
    const label = nodes.find((n) => n.id === id)!.label;
    out.set(id, { ...p, lines: [label], box: [p.x, p.y + RADIUS + 2, p.x, p.y + RADIUS + 15] });
  }
  return out;
}

/** What `id` eats and what eats it (labels, by the edges food -> eater; its own kind
 * among its food when it eats it). */
export function dietOf(
  id: string,
  nodes: FoodWebNode[],
  edges: FoodWebEdge[],
): { eats: string[]; eatenBy: string[] } {
  const name = (x: string) =>
    x === id ? "its own kind" : (nodes.find((n) => n.id === x)?.label ?? x);
  const eats = edges.filter((e) => e.target === id).map((e) => name(e.source));
  const eatenBy = edges
    .filter((e) => e.source === id && e.target !== id)
    .map((e) => name(e.target));
  return { eats: [...new Set(eats)], eatenBy: [...new Set(eatenBy)] };
}

/** "Coyote eats Deer Mouse and Plants; eaten by Gray Wolf." */
export function describeDiet(id: string, nodes: FoodWebNode[], edges: FoodWebEdge[]): string {
  const name = nodes.find((n) => n.id === id)?.label ?? id;
  const { eats, eatenBy } = dietOf(id, nodes, edges);
  const list = (xs: string[]) =>
    xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
  const food = eats.length ? `eats ${list(eats)}` : "eats nothing in this web";
  const eaters = eatenBy.length ? `eaten by ${list(eatenBy)}` : "eaten by nothing in this web";
  return `${name} ${food}; ${eaters}.`;
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

/** A loop on the right of a circle, for a type that eats its own kind. */
function loopPath(p: Point, r: number): string {
  const sx = p.x + r * 0.77;
  const out = p.x + r + 11;
  return (
    `M ${sx.toFixed(1)} ${(p.y - r * 0.64).toFixed(1)} ` +
    `C ${out.toFixed(1)} ${(p.y - r - 6).toFixed(1)} ${out.toFixed(1)} ` +
    `${(p.y + r + 6).toFixed(1)} ${sx.toFixed(1)} ${(p.y + r * 0.64).toFixed(1)}`
  );
}

function arrowMarker(id: string, cls: string, size: number) {
  return s(
    "marker",
    {
      id,
      class: cls,
      viewBox: "0 0 10 10",
      refX: 9,
      refY: 5,
      markerUnits: "userSpaceOnUse",
      markerWidth: size,
      markerHeight: size,
      orient: "auto-start-reverse",
    },
    s("path", { d: "M 0 0 L 10 5 L 0 10 z" }),
  );
}

/** A sized web wider than this scrolls sideways in its panel rather than shrink its text. */
const WIDE_AT = 400;
/** An arrowhead's length and width, in the panel's units (Python keeps ARROW_ROOM for it). */
const HEAD = 7;
const HEAD_WIDTH = 6;
/** The widest angle from straight down at which a link comes into its eater (degrees). */
const INLET_SPREAD = 50;

const fmt = (p: Point): string => `${p.x.toFixed(1)} ${p.y.toFixed(1)}`;

/**
 * Where each link comes into its eater, as an angle from straight down (radians; positive
 * towards +x): an eater's links are spread over the lower arc of its circle in the order of
 * their food, left to right, so they arrive side by side.
 */
export function inletAngles(edges: FoodWebEdge[], at: Map<string, Point>): Map<string, number> {
  const into = new Map<string, FoodWebEdge[]>();
  for (const e of edges)
    if (e.source !== e.target) into.set(e.target, [...(into.get(e.target) ?? []), e]);
  const out = new Map<string, number>();
  for (const links of into.values()) {
    links.sort((a, b) => at.get(a.source)!.x - at.get(b.source)!.x);
    const half = Math.min(INLET_SPREAD, 6 * (links.length - 1));
    links.forEach((e, i) => {
      const t = links.length > 1 ? i / (links.length - 1) : 0.5;
      out.set(edgeKey(e.source, e.target), ((-half + 2 * half * t) * Math.PI) / 180);
    });
  }
  return out;
}

/** The triangle of an arrowhead whose tip is `tip`, pointing along the unit vector `u`. */
function headAt(tip: Point, u: Point): string {
  const base = { x: tip.x - u.x * HEAD, y: tip.y - u.y * HEAD };
  const side = { x: (-u.y * HEAD_WIDTH) / 2, y: (u.x * HEAD_WIDTH) / 2 };
  return (
    `M ${fmt(tip)} L ${fmt({ x: base.x + side.x, y: base.y + side.y })} ` +
    `L ${fmt({ x: base.x - side.x, y: base.y - side.y })} Z`
  );
}

/**
 * A link from food `a` to eater `b` that comes into the eater from below (where Python keeps
 * the room free), at `angle` from straight down: a curve leaving the food upwards (downwards
 * when the eater is not above it), and its arrowhead, which ends at the eater's circle.
 */
export function curvedLink(
  a: Point,
  b: Point,
  r: number,
  angle: number,
  ringA = 0,
  ringB = 0,
): { d: string; head: string } {
  const out = { x: Math.sin(angle), y: Math.cos(angle) };
  const tip = { x: b.x + out.x * (r + 1 + ringB), y: b.y + out.y * (r + 1 + ringB) };
  const end = { x: tip.x + out.x * HEAD, y: tip.y + out.y * HEAD };
  const up = b.y < a.y - r;
  const start = { x: a.x, y: a.y + (up ? -1 : 1) * (r + 2 + ringA) };
  const pull = Math.max(14, Math.abs(end.y - start.y) * 0.45);
  const c1 = { x: start.x, y: start.y + (up ? -pull : pull) };
  const c2 = { x: end.x + out.x * pull, y: end.y + out.y * pull };
  return {
    d: `M ${fmt(start)} C ${fmt(c1)} ${fmt(c2)} ${fmt(end)}`,
    head: headAt(tip, { x: -out.x, y: -out.y }),
  };
}

/** A type that eats its own kind: the loop on the right of its circle, with its head. */
function loopLink(p: Point, r: number): { d: string; head: string } {
  const tip = { x: p.x + r * 0.77 + 0.8, y: p.y + r * 0.64 + 0.7 };
  const from = { x: p.x + r + 11, y: p.y + r + 6 };
  const len = Math.hypot(tip.x - from.x, tip.y - from.y);
  return {
    d: loopPath(p, r),
    head: headAt(tip, { x: (tip.x - from.x) / len, y: (tip.y - from.y) / len }),
  };
}

function make(kit: Kit): Part {
  const uid = `eg-fw-${++instances}`;
  /** The species asked about by a click (kept until clicked again); hover shows one too. */
  let pinned: string | null = null;
  /** True: the whole web, nothing faded; false: focus on the step shown. */
  let whole = false;
  const svg = s("svg", { class: "eg-foodweb-svg", "data-testid": "foodweb", role: "img" });
  const scroll = h("div", { class: "eg-fw-scroll" }, svg);
  const info = h("p", { class: "eg-fw-info", "data-testid": "fw-info", "aria-live": "polite" });
  const toggle = button("Whole web", "fw-whole", () => {
    whole = !whole;
    update();
  });
  toggle.classList.add("eg-fw-toggle");
  const caption = h(
    "p",
    { class: "eg-note" },
    "Arrows point from food to eater. Hover or click a species to see what it eats.",
  );
  const legend = h("p", { class: "eg-note eg-fw-legend", "data-testid": "fw-legend" });
  const body = h("div", { class: "eg-fw-body" }, scroll, info, legend, caption);
  // the pop-out: a modal dialog (the top layer, above the notebook) holding the same body
  const dialog = h("dialog", { class: "eg-fw-dialog", "data-testid": "fw-dialog" });
  const enlarge = button("Enlarge", "fw-enlarge", () => popOut());
  enlarge.classList.add("eg-fw-toggle");
  enlarge.title = "Show the food web at its full size, over the page";
  const shrink = button("Close", "fw-close", () => dialog.close());
  const el = h(
    "section",
    { class: "eg-foodweb", "data-testid": "foodweb-panel", "aria-label": "Food web" },
    h(
      "div",
      { class: "eg-fw-head" },
      h("h4", { class: "eg-heading" }, "Food web"),
      h("span", { class: "eg-fw-tools" }, toggle, enlarge),
    ),
    body,
    dialog,
  );

  function popOut(): void {
    dialog.replaceChildren(
      h("div", { class: "eg-fw-head" }, h("h4", { class: "eg-heading" }, "Food web"), shrink),
      body,
    );
    // as large as the window allows, but at most twice its size (a small web's text huge)
    const natural = Number(svg.getAttribute("height"));
    if (natural > 0) svg.style.maxHeight = `${2 * natural}px`;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    el.dataset.popped = "true";
  }
  dialog.addEventListener("close", () => {
    svg.style.maxHeight = "";
    el.insertBefore(body, dialog);
    el.dataset.popped = "false";
    enlarge.focus();
  });

  function update(): void {
    const { food_web: web, cascade } = kit.display();
    const { step, hoverNode } = kit.store.get();
    const nodes = web.nodes ?? [];
    const ids = new Set(nodes.map((n) => n.id));
    const edges = (web.edges ?? []).filter((e) => ids.has(e.source) && ids.has(e.target));
    el.hidden = nodes.length === 0;
    if (nodes.length === 0) {
      svg.replaceChildren();
      return;
    }
    if (pinned !== null && !ids.has(pinned)) pinned = null;
    const asked = hoverNode !== null && ids.has(hoverNode) ? hoverNode : pinned;
    const touched = touchedOf(eventAt(cascade, step));
    const stepNodes = [...touched.nodes].filter((id) => ids.has(id));
    const focusing = stepNodes.length > 0 && !whole;
    toggle.hidden = stepNodes.length === 0;
    toggle.textContent = whole ? "Focus on the step" : "Whole web";
    toggle.setAttribute("aria-pressed", whole ? "true" : "false");

    // what stays bright: the step's species and their neighbours; or the asked one's
    const centre = asked !== null ? new Set([asked]) : focusing ? new Set(stepNodes) : null;
    const kept = new Set<string>(centre ?? []);
    if (centre)
      for (const e of edges) {
        if (centre.has(e.source)) kept.add(e.target);
        if (centre.has(e.target)) kept.add(e.source);
      }
    const fading = centre !== null;
    el.dataset.focus = asked !== null ? "species" : focusing ? "step" : "whole";

    const isSized = sized(web);
    const width = isSized ? web.width! : WIDTH;
    const height = isSized ? web.height! : HEIGHT;
    const radius = isSized ? (web.radius ?? RADIUS) : RADIUS;
    const line = web.line ?? LINE;
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.classList.toggle("eg-fw-sized", isSized);
    svg.classList.toggle("eg-fw-wide", isSized && width > WIDE_AT);
    const dense = edges.length > DENSE;
    svg.classList.toggle("eg-fw-dense", dense);
    caption.textContent =
      (dense
        ? "Food below, eaters above. Hover or click a species to see its arrows: what it eats and what eats it."
        : "Arrows point from food to eater. Hover or click a species to see what it eats.") +
      (isSized && width > WIDE_AT ? " Scroll sideways, or press Enlarge to see it whole." : "");
    if (isSized) {
      svg.setAttribute("width", String(width));
      svg.setAttribute("height", String(height));
    } else {
      svg.removeAttribute("width");
      svg.removeAttribute("height");
    }
    svg.setAttribute(
      "aria-label",
      `Food web: ${nodes.length} species, ${edges.length} feeding links`,
    );
    const at = place(web);
    // Python's panel layout: labels above their circles, every link comes in from below
    const below = isSized && web.labels === "above";
    const inlet = below ? inletAngles(edges, at) : new Map<string, number>();
    const headEls: SVGElement[] = [];
    const ring = (id: string) => (touched.nodes.has(id) ? 5 : 0);
    legend.textContent =
      "Rows are trophic levels (the numbers on the left): 1 at the bottom is food that eats " +
      "nothing here; each row above eats mostly from the rows below it.";

    const edgeEls = edges.map((e) => {
      const lit = touched.edges.has(edgeKey(e.source, e.target));
      const near = asked !== null && (e.source === asked || e.target === asked);
      const touching = centre !== null && (centre.has(e.source) || centre.has(e.target));
      const faded = fading && !lit && !touching;
      const cls = `eg-fw-edge${lit ? " eg-lit" : ""}${near ? " eg-near" : ""}${
        faded ? " eg-faded" : ""
      }`;
      const attrs = {
        class: cls,
        "data-testid": `fw-edge-${e.source}-${e.target}`,
        "data-highlight": lit ? "true" : "false",
        // a dense web draws its arrowheads only on the links asked about or lit
        ...(dense && !lit && !near
          ? {}
          : { "marker-end": `url(#${uid}-${lit ? "lit" : "arrow"})` }),
      };
      const title = s("title", {}, e.label || `${e.source} → ${e.target}`);
      const p = at.get(e.source)!;
      if (below) {
        const link =
          e.source === e.target
            ? loopLink(p, radius)
            : curvedLink(
                p,
                at.get(e.target)!,
                radius,
                inlet.get(edgeKey(e.source, e.target)) ?? 0,
                ring(e.source),
                ring(e.target),
              );
        headEls.push(
          s("path", {
            class: cls.replace("eg-fw-edge", "eg-fw-arrowhead"),
            "data-testid": `fw-head-${e.source}-${e.target}`,
            d: link.head,
          }),
        );
        const { "marker-end": _marker, ...plain } = attrs as Record<string, string>;
        const kind = e.source === e.target ? "eg-fw-link eg-fw-loop" : "eg-fw-link";
        return s("path", { ...plain, class: `${cls} ${kind}`, d: link.d }, title);
      }
      if (e.source === e.target)
        return s("path", { ...attrs, class: `${cls} eg-fw-loop`, d: loopPath(p, radius) }, title);
      const [a, b] = trim(
        p,
        at.get(e.target)!,
        radius + 2 + ring(e.source),
        radius + 2 + ring(e.target),
      );
      return s(
        "line",
        {
          ...attrs,
          x1: a.x.toFixed(1),
          y1: a.y.toFixed(1),
          x2: b.x.toFixed(1),
          y2: b.y.toFixed(1),
        },
        title,
      );
    });
    // lit and near edges (and their heads) on top of the others
    const bright = (x: Element) =>
      Number(!x.classList.contains("eg-faded")) +
      Number(x.classList.contains("eg-near") || x.classList.contains("eg-lit"));
    edgeEls.sort((a, b) => bright(a) - bright(b));
    headEls.sort((a, b) => bright(a) - bright(b));
    const gutter = web.gutter ?? 0;
    const bands = (below ? (web.rows ?? []) : [])
      .filter((r) => [...at.values()].some((q) => q.y >= r.top && q.y <= r.bottom))
      .map((r, i) =>
        s(
          "g",
          { class: "eg-fw-band", "data-testid": `fw-row-${r.level}` },
          s("title", {}, `Trophic level ${r.level}`),
          i % 2 === 0
            ? s("rect", { x: 0, y: r.top, width, height: r.bottom - r.top, rx: 4 })
            : null,
          s(
            "text",
            { class: "eg-fw-row", x: (gutter / 2 + 2).toFixed(1), y: (r.top + r.bottom) / 2 + 4 },
            String(r.level),
          ),
        ),
      );
    legend.hidden = bands.length < 2; // one row: nothing eats anything yet

    const nodeEls = nodes.map((n) => {
      const p = at.get(n.id)!;
      const lit = touched.nodes.has(n.id);
      const faded = fading && !kept.has(n.id);
      // the palette's colour of the species (or its diet group), as in every figure
      const fill = n.colour ?? UNKNOWN.colour;
      const [x0, y0, x1] = p.box;
      const cx = isSized ? (x0 + x1) / 2 : p.x;
      const top = isSized ? y0 : p.y + radius + (lit ? 4 : 0);
      const text = s(
        "text",
        { class: "eg-fw-label", "text-anchor": "middle", "data-testid": `fw-label-${n.id}` },
        ...p.lines.map((t, i) =>
          s("tspan", { x: cx.toFixed(1), y: (top + (i + 1) * line - 3).toFixed(1) }, t),
        ),
      );
      const g = s(
        "g",
        {
          class: `eg-fw-node${lit ? " eg-lit" : ""}${asked === n.id ? " eg-near" : ""}${
            faded ? " eg-faded" : ""
          }`,
          "data-testid": `fw-node-${n.id}`,
          "data-highlight": lit ? "true" : "false",
          "data-level": n.level,
          "data-pinned": pinned === n.id ? "true" : "false",
          tabindex: 0,
          role: "button",
          "aria-label": describeDiet(n.id, nodes, edges),
        },
        s("title", {}, `${n.label} (level ${n.level})`),
        lit ? s("circle", { class: "eg-fw-ring", cx: p.x, cy: p.y, r: radius + 5 }) : null,
        s("circle", { class: "eg-fw-dot", cx: p.x, cy: p.y, r: radius, fill }),
        text,
      );
      if (!isSized) {
        // the small scaled panel: the group moves, the circle and label sit at its origin
        g.setAttribute("transform", `translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`);
        for (const c of g.querySelectorAll("circle")) {
          c.setAttribute("cx", "0");
          c.setAttribute("cy", "0");
        }
        for (const t of text.querySelectorAll("tspan")) {
          t.setAttribute("x", "0");
          t.setAttribute("y", String(radius + (lit ? 16 : 12)));
        }
      }
      const ask = () => kit.store.set({ hoverNode: n.id });
      const leave = () => kit.store.set({ hoverNode: null });
      const pin = () => {
        pinned = pinned === n.id ? null : n.id;
        update();
        // and its story (every event that touched the species), in the Why? panel
        if (pinned === n.id) askStory(kit, n.id, n.label);
      };
      g.addEventListener("mouseenter", ask);
      g.addEventListener("mouseleave", leave);
      g.addEventListener("focus", ask);
      g.addEventListener("blur", leave);
      g.addEventListener("click", pin);
      g.addEventListener("keydown", (event: KeyboardEvent) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        pin();
      });
      return g;
    });
    // faded nodes first, so the bright ones are drawn over them
    nodeEls.sort(
      (a, b) =>
        Number(!a.classList.contains("eg-faded")) - Number(!b.classList.contains("eg-faded")),
    );

    if (asked !== null) info.textContent = describeDiet(asked, nodes, edges);
    else if (focusing) {
      const eaters = stepNodes.map((id) => nodes.find((n) => n.id === id)!.label);
      info.textContent = `The step shown: ${eaters.join(", ")} (and their neighbours).`;
    } else info.textContent = "";
    info.hidden = info.textContent === "";

    svg.replaceChildren(
      s(
        "defs",
        {},
        arrowMarker(`${uid}-arrow`, "eg-fw-arrow", isSized ? 7 : 10),
        arrowMarker(`${uid}-lit`, "eg-fw-arrow eg-lit", 10),
      ),
      s("g", { class: "eg-fw-bands" }, ...bands),
      s("g", { class: "eg-fw-edges" }, ...edgeEls),
      s("g", { class: "eg-fw-arrowheads" }, ...headEls),
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
