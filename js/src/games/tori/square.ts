/**
 * The market square as SVG: the grid Python laid out (terrain and zones), the information
 * points, the stalls with their entrances and expansion tiles in their owners' coats of arms,
 * the customers, and what the replayed event touched (a customer's walk, cell by cell).
 */
import { type BoardContext, s } from "../../kit";
import { armsBadge, customerFigure, goodLook } from "./look";
import type { Clickable } from "./targets";
import { type Cell, type StallView, type ToriLayout, type ToriView, cellKey } from "./types";

export const CELL = 40;
export const MARGIN = 20;

const TERRAIN_NAMES: Record<string, string> = {
  s: "square",
  q: "quay",
  i: "information point",
  m: "moorings (fishing boats)",
  w: "harbour water",
};

const OFFSETS: Record<string, Cell> = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };

export interface SquareGeometry {
  width: number;
  height: number;
  /** Top-left corner of a cell in SVG units. */
  at(cell: Cell): { x: number; y: number };
}

export function geometry(layout: ToriLayout): SquareGeometry {
  return {
    width: MARGIN + layout.cols * CELL + 4,
    height: MARGIN + layout.rows * CELL + 4,
    at: ([r, c]) => ({ x: MARGIN + c * CELL, y: MARGIN + r * CELL }),
  };
}

/** What the shown event touched, by kind ("cells" as "r,c" keys). */
export interface Touched {
  cells: string[];
  stalls: Set<string>;
  customers: Set<string>;
  kind: string;
}

export function touchedOf(ctx: BoardContext): Touched {
  const t = ctx.stepEvent?.touched ?? {};
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  return {
    cells: list(t.cells)
      .filter((c): c is [number, number] => Array.isArray(c) && c.length === 2)
      .map(cellKey),
    stalls: new Set(list(t.stalls).map(String)),
    customers: new Set(list(t.customers).map(String)),
    kind: ctx.stepEvent?.kind ?? "",
  };
}

const goodName = (layout: ToriLayout, good: string): string =>
  layout.goods.find((g) => g.id === good)?.name ?? good;

const ownerName = (view: ToriView, p: number): string => view.players[p]?.name ?? `Player ${p + 1}`;

export function drawSquare(
  view: ToriView,
  layout: ToriLayout,
  ctx: BoardContext,
  clickable: Clickable,
): SVGSVGElement {
  const geo = geometry(layout);
  const svg = s("svg", {
    class: "tm-square",
    viewBox: `0 0 ${geo.width} ${geo.height}`,
    width: geo.width,
    height: geo.height,
    role: "group",
    "aria-label": "The market square",
    "data-testid": "tori-square",
  });
  const touched = touchedOf(ctx);
  const lit = new Set(touched.cells);

  // 1. the cells: terrain, zone; free cells are the targets of building and expanding
  const targets: [number, number][] = [];
  for (let r = 0; r < layout.rows; r++) {
    for (let c = 0; c < layout.cols; c++) {
      const { x, y } = geo.at([r, c]);
      const code = layout.terrain[r]?.[c] ?? "s";
      const zone = layout.zones[r]?.[c] ?? "";
      const rect = s("rect", {
        x,
        y,
        width: CELL,
        height: CELL,
        class: `tm-cell tm-t-${code}`,
        "data-testid": `cell-${r}-${c}`,
        "data-terrain": code,
        "data-zone": zone,
        "data-highlight": String(lit.has(`${r},${c}`)),
      });
      svg.append(rect);
      clickable(rect, `cell:${r},${c}`, `(${r}, ${c}), zone ${zone}, ${TERRAIN_NAMES[code]}`);
      if (rect.hasAttribute("data-legal")) targets.push([x, y]);
    }
  }
  // a "+" on every space where a stall can be built or grow (not colour alone)
  for (const [x, y] of targets) {
    svg.append(
      s(
        "text",
        { x: x + CELL / 2, y: y + CELL / 2 + 6, class: "tm-plus", "text-anchor": "middle" },
        "+",
      ),
    );
  }

  // 2. the zones: an outline and a faint number each
  svg.append(drawZones(layout, geo));

  // 3. information points
  for (const cell of layout.information_points) {
    const { x, y } = geo.at(cell);
    svg.append(
      s(
        "g",
        {
          transform: `translate(${x + CELL / 2},${y + CELL / 2})`,
          class: "tm-info",
          "data-testid": `info-${cell[0]}-${cell[1]}`,
        },
        s("circle", { r: 13, class: "tm-info-disc" }),
        s("text", { y: 5.5, "text-anchor": "middle", class: "tm-info-letter" }, "i"),
        s("title", {}, `Information point (${cell[0]}, ${cell[1]})`),
      ),
    );
  }

  // 4. stalls: entrances, expansion tiles, then the stall tiles on top
  for (const st of view.stalls) svg.append(drawEntrance(st, geo));
  for (const st of view.stalls) {
    st.expansions.forEach((cell, i) =>
      svg.append(drawExpansion(st, cell, i, geo, touched.stalls.has(st.id), layout, view)),
    );
  }
  for (const st of view.stalls) {
    const g = drawStall(st, geo, touched.stalls.has(st.id), layout, view);
    svg.append(g);
    clickable(
      g,
      `stall:${st.owner}:${st.good}`,
      `${ownerName(view, st.owner)}'s ${goodName(layout, st.good)} stall`,
    );
  }

  // 5. a customer's walk (the replayed "customer" event names its cells in order)
  if (touched.kind === "customer" && touched.cells.length > 1) {
    svg.append(drawWalk(touched.cells, geo));
  } else {
    for (const key of touched.cells) {
      const [r, c] = key.split(",").map(Number);
      const { x, y } = geo.at([r, c]);
      svg.append(
        s("rect", {
          x: x + 1.5,
          y: y + 1.5,
          width: CELL - 3,
          height: CELL - 3,
          class: "tm-touched-cell",
        }),
      );
    }
  }

  // 6. customers
  const entrances = new Set(view.stalls.map((st) => cellKey(st.entrance)));
  for (const [good, cell] of Object.entries(view.customers)) {
    if (!cell) continue;
    const { x, y } = geo.at(cell);
    const highlight = touched.customers.has(good);
    const name = `the ${goodName(layout, good)} customer at (${cell[0]}, ${cell[1]})`;
    const g = s("g", {
      transform: `translate(${x + CELL / 2},${y + CELL / 2 + 1})`,
      class: "tm-customer",
      "data-testid": `customer-${good}`,
      "data-good": good,
      // story mode (kit/why.ts): a click tells where this customer went, and why
      "data-story": view.customer_ids?.[good] ?? null,
      "data-story-label": view.customer_ids?.[good]
        ? `the customer who wants ${goodName(layout, good)}`
        : null,
      "data-cell": cellKey(cell),
      "data-at-entrance": String(entrances.has(cellKey(cell))),
      "data-highlight": String(highlight),
    });
    g.append(s("circle", { r: 17, class: "tm-customer-halo" }));
    if (highlight) g.append(s("circle", { r: 19, class: "tm-touched-ring" }));
    const wants = `A customer who wants ${goodName(layout, good)}, at (${cell[0]}, ${cell[1]})`;
    g.append(customerFigure(good, 1.05), s("title", {}, wants));
    svg.append(g);
    clickable(g, `customer:${good}`, name);
  }

  // 7. row and column numbers (the actions name cells as (row, column))
  for (let c = 0; c < layout.cols; c++) {
    svg.append(
      s(
        "text",
        { x: MARGIN + c * CELL + CELL / 2, y: 14, class: "tm-coord", "text-anchor": "middle" },
        String(c),
      ),
    );
  }
  for (let r = 0; r < layout.rows; r++) {
    svg.append(
      s(
        "text",
        { x: 10, y: MARGIN + r * CELL + CELL / 2 + 4, class: "tm-coord", "text-anchor": "middle" },
        String(r),
      ),
    );
  }
  return svg;
}

function drawZones(layout: ToriLayout, geo: SquareGeometry): SVGGElement {
  const g = s("g", { class: "tm-zones", "aria-hidden": "true" });
  const boxes = new Map<string, { r0: number; r1: number; c0: number; c1: number }>();
  layout.zones.forEach((row, r) =>
    [...row].forEach((z, c) => {
      const b = boxes.get(z);
      if (!b) boxes.set(z, { r0: r, r1: r, c0: c, c1: c });
      else Object.assign(b, { r1: Math.max(b.r1, r), c1: Math.max(b.c1, c) });
    }),
  );
  for (const [z, b] of [...boxes].sort()) {
    const { x, y } = geo.at([b.r0, b.c0]);
    const w = (b.c1 - b.c0 + 1) * CELL;
    const hgt = (b.r1 - b.r0 + 1) * CELL;
    // the number sits in the middle of the zone's land rows (not out on the water)
    const landRows = layout.terrain
      .slice(b.r0, b.r1 + 1)
      .filter((row) => /[sqi]/.test(row.slice(b.c0, b.c1 + 1))).length;
    g.append(
      s("rect", { x, y, width: w, height: hgt, class: "tm-zone", "data-zone": z }),
      s(
        "text",
        {
          x: x + w / 2,
          y: y + (Math.min(landRows, 3) * CELL) / 2 + 15,
          class: "tm-zone-number",
          "text-anchor": "middle",
          "data-testid": `zone-${z}`,
        },
        z,
      ),
    );
  }
  return g;
}

function drawEntrance(st: StallView, geo: SquareGeometry): SVGGElement {
  const look = goodLook(st.good);
  const { x, y } = geo.at(st.entrance);
  const [dr, dc] = OFFSETS[st.facing] ?? [0, 0];
  // the half circle sits on the edge between the stall tile and its entrance space
  const cx = x + CELL / 2 - (dc * CELL) / 2;
  const cy = y + CELL / 2 - (dr * CELL) / 2;
  const r = 8;
  const angle = Math.atan2(dr, dc);
  const ax = Math.cos(angle + Math.PI / 2) * r;
  const ay = Math.sin(angle + Math.PI / 2) * r;
  const g = s("g", {
    class: "tm-entrance",
    "data-testid": `entrance-${st.owner}-${st.good}`,
    "data-empty": String(st.entrance_empty),
  });
  g.append(
    s("rect", {
      x: x + 3,
      y: y + 3,
      width: CELL - 6,
      height: CELL - 6,
      rx: 5,
      class: "tm-entrance-space",
      stroke: look.fill === "#FFFFFF" ? "#777" : look.fill,
    }),
    s("path", {
      d: `M${cx + ax},${cy + ay} A${r},${r} 0 0 0 ${cx - ax},${cy - ay} Z`,
      fill: look.fill,
      class: "tm-entrance-arc",
    }),
  );
  return g;
}

function tileTitle(st: StallView, layout: ToriLayout, view: ToriView, expansion: boolean): string {
  const who = ownerName(view, st.owner);
  const what = goodName(layout, st.good);
  return expansion
    ? `Expansion tile of ${who}'s ${what} stall`
    : `${who}'s ${what} stall: ${st.size} tile${st.size === 1 ? "" : "s"}, zone ${st.zone}, ` +
        `entrance (${st.entrance[0]}, ${st.entrance[1]}) ${st.entrance_empty ? "empty" : "taken by a customer"}`;
}

function drawStall(
  st: StallView,
  geo: SquareGeometry,
  highlight: boolean,
  layout: ToriLayout,
  view: ToriView,
): SVGGElement {
  const look = goodLook(st.good);
  const { x, y } = geo.at(st.cell);
  const g = s("g", {
    transform: `translate(${x + CELL / 2},${y + CELL / 2})`,
    class: "tm-stall",
    "data-testid": `stall-${st.owner}-${st.good}`,
    "data-story": st.story ?? null,
    "data-story-label": st.story
      ? `${ownerName(view, st.owner)}'s ${goodName(layout, st.good)} stall`
      : null,
    "data-owner": String(st.owner),
    "data-good": st.good,
    "data-size": String(st.size),
    "data-facing": st.facing,
    "data-entrance-empty": String(st.entrance_empty),
    "data-highlight": String(highlight),
  });
  g.append(
    s("rect", {
      x: -CELL / 2 + 2,
      y: -CELL / 2 + 2,
      width: CELL - 4,
      height: CELL - 4,
      rx: 3,
      fill: look.fill,
      class: "tm-tile tm-stall-tile",
    }),
  );
  const arms = armsBadge(st.owner, 8);
  arms.setAttribute("transform", "translate(0,-4)");
  g.append(
    arms,
    s("text", { y: 15, "text-anchor": "middle", class: "tm-tile-code", fill: look.ink }, look.code),
  );
  if (highlight)
    g.append(
      s("rect", {
        x: -CELL / 2,
        y: -CELL / 2,
        width: CELL,
        height: CELL,
        class: "tm-touched-tile",
      }),
    );
  g.append(s("title", {}, tileTitle(st, layout, view, false)));
  return g;
}

function drawExpansion(
  st: StallView,
  cell: Cell,
  i: number,
  geo: SquareGeometry,
  highlight: boolean,
  layout: ToriLayout,
  view: ToriView,
): SVGGElement {
  const look = goodLook(st.good);
  const { x, y } = geo.at(cell);
  const g = s("g", {
    transform: `translate(${x + CELL / 2},${y + CELL / 2})`,
    class: "tm-expansion",
    "data-testid": `expansion-${st.owner}-${st.good}-${i}`,
    "data-owner": String(st.owner),
    "data-good": st.good,
    "data-highlight": String(highlight),
  });
  const arms = armsBadge(st.owner, 5);
  arms.setAttribute("transform", "translate(-10,-10)");
  g.append(
    s("rect", {
      x: -CELL / 2 + 2,
      y: -CELL / 2 + 2,
      width: CELL - 4,
      height: CELL - 4,
      rx: 2,
      fill: look.fill,
      class: "tm-tile tm-expansion-tile",
    }),
    s("rect", {
      x: -CELL / 2 + 6,
      y: -CELL / 2 + 6,
      width: CELL - 12,
      height: CELL - 12,
      class: "tm-expansion-inner",
    }),
    arms,
    s("text", { y: 10, "text-anchor": "middle", class: "tm-tile-code", fill: look.ink }, look.code),
  );
  if (highlight)
    g.append(
      s("rect", {
        x: -CELL / 2,
        y: -CELL / 2,
        width: CELL,
        height: CELL,
        class: "tm-touched-tile",
      }),
    );
  g.append(s("title", {}, tileTitle(st, layout, view, true)));
  return g;
}

function drawWalk(cells: string[], geo: SquareGeometry): SVGGElement {
  const points = cells.map((key) => {
    const [r, c] = key.split(",").map(Number);
    const { x, y } = geo.at([r, c]);
    return [x + CELL / 2, y + CELL / 2] as const;
  });
  const g = s("g", {
    class: "tm-walk",
    "data-testid": "customer-walk",
    "data-steps": String(cells.length - 1),
  });
  g.append(
    s("polyline", {
      points: points.map(([x, y]) => `${x},${y}`).join(" "),
      class: "tm-walk-line",
    }),
  );
  points.forEach(([x, y], i) => {
    if (i === 0 || i === points.length - 1) return;
    g.append(s("circle", { cx: x, cy: y, r: 3, class: "tm-walk-dot" }));
  });
  const [sx, sy] = points[0];
  g.append(s("circle", { cx: sx, cy: sy, r: 6, class: "tm-walk-start" }));
  // an arrowhead pointing along the last step
  const [ex, ey] = points[points.length - 1];
  const [px, py] = points[points.length - 2];
  const a = Math.atan2(ey - py, ex - px);
  const tip = (d: number, off: number) =>
    `${(ex - Math.cos(a) * 12 + Math.cos(a + off) * d).toFixed(1)},${(ey - Math.sin(a) * 12 + Math.sin(a + off) * d).toFixed(1)}`;
  g.append(
    s("polygon", {
      points: `${tip(9, 0)} ${tip(7, (2 * Math.PI) / 3)} ${tip(7, (-2 * Math.PI) / 3)}`,
      class: "tm-walk-arrow",
    }),
  );
  return g;
}
