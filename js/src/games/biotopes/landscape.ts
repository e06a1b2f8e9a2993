/** The central landscape: hexes of four biotopes, Territory tokens, and the hexes an action
 * can reach (marked + Expansion or a token to place, × Competition, → Migration, ↩ fall-back). */
import { type LegalAction, h, s } from "../../kit";
import type { Clickable, Touched } from "./highlight";
import {
  BIOTOPE_INK,
  BIOTOPE_LABEL,
  BIOTOPE_LETTER,
  NEIGHBOURS,
  biotopePatterns,
  hexCentre,
  hexKey,
  hexName,
  hexPoints,
  patternPrefix,
  territoryToken,
} from "./look";
import { type TargetKey, hexMark } from "./targets";
import type { BiotopesView, TileFaces } from "./types";

const R = 28;
const PAD = 6;
/** A tile's seven hexes around its centre (components.TILE_SHAPE). */
const TILE_SHAPE: [number, number][] = [
  [0, -1],
  [1, -1],
  [-1, 0],
  [0, 0],
  [1, 0],
  [-1, 1],
  [0, 1],
];

export interface LandscapeOptions {
  targets: Map<TargetKey, LegalAction[]>;
  touched: Touched;
  clickable: Clickable;
  /** The token chosen to migrate ("q,r"), if any. */
  origin: string | null;
  /** The hex the decision is about ("q,r"): the token pushed out by a Competition. */
  focus: string | null;
}

export function drawLandscape(view: BiotopesView, opts: LandscapeOptions): SVGSVGElement {
  const { targets, touched, clickable, origin, focus } = opts;
  const colours = view.ecosystems.map((e) => e.colour);
  const sites = [...targets.keys()]
    .filter((k) => k.startsWith("site:"))
    .map((k) => k.slice(5).split(",").map(Number) as [number, number]);
  // a tile placed but not yet turned (Landscape Construction): its place, to orient
  const unturned = (view.tiles ?? []).filter((t) => t.side === null).map((t) => t.centre);
  // the drawing's bounds: the hexes, and the tiles that may still be placed or turned
  const cells = [
    ...view.landscape.map((c) => c.hex),
    ...[...sites, ...unturned].flatMap(([q, r]) =>
      TILE_SHAPE.map(([dq, dr]) => [q + dq, r + dr] as [number, number]),
    ),
  ];
  if (!cells.length) cells.push([0, 0]);
  const xs = cells.map(([q, r]) => hexCentre(q, r, R)[0]);
  const ys = cells.map(([q, r]) => hexCentre(q, r, R)[1]);
  const minX = Math.min(...xs) - R - PAD;
  const minY = Math.min(...ys) - R - PAD;
  const width = Math.max(...xs) - minX + R + PAD;
  const height = Math.max(...ys) - minY + R + PAD;
  const prefix = patternPrefix();
  const svg = s("svg", {
    class: "bt-landscape",
    "data-testid": "landscape",
    viewBox: `${minX.toFixed(1)} ${minY.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}`,
    width: width.toFixed(0),
    height: height.toFixed(0),
    role: "group",
    "aria-label": `The landscape: ${view.landscape.length} hexes`,
  });
  svg.append(biotopePatterns(prefix));

  const owner = new Map(view.landscape.map((c) => [hexKey(c.hex), c.owner]));
  const hexLayer = s("g", { class: "bt-hexes" });
  const linkLayer = s("g", { class: "bt-links" });
  const tokenLayer = s("g", { class: "bt-tokens" });

  for (const cell of view.landscape) {
    const [q, r] = cell.hex;
    const key = hexKey(cell.hex);
    const [cx, cy] = hexCentre(q, r, R);
    const actions = targets.get(`hex:${key}`) ?? [];
    const mark = hexMark(actions);
    const isOrigin = origin === key;
    const g = s("g", {
      class: "bt-hex",
      "data-testid": `hex-${q}_${r}`,
      "data-hex": key,
      "data-biotope": cell.biotope,
      "data-owner": cell.owner === null ? "" : String(cell.owner),
      "data-edge": String(cell.edge),
      "data-highlight": String(touched.hexes.has(key)),
      "data-mark": mark,
      "data-origin": String(isOrigin),
      "data-focus": String(focus === key),
    });
    g.append(
      s("polygon", {
        points: hexPoints(cx, cy, R - 0.6),
        fill: `url(#${prefix}-${cell.biotope})`,
        class: "bt-hex-shape",
      }),
      s(
        "text",
        {
          x: cx.toFixed(1),
          y: (cy - R * 0.5).toFixed(1),
          "text-anchor": "middle",
          class: "bt-hex-letter",
          fill: BIOTOPE_INK[cell.biotope] ?? "#333",
        },
        BIOTOPE_LETTER[cell.biotope] ?? "?",
      ),
    );
    const who =
      cell.owner === null
        ? "empty"
        : cell.owner < 0
          ? "neutral token"
          : `${view.ecosystems[cell.owner]?.name ?? "?"}'s territory`;
    const name = `${BIOTOPE_LABEL[cell.biotope] ?? cell.biotope} ${hexName(cell.hex)}, ${who}${cell.edge ? ", at the edge" : ""}`;
    g.append(s("title", {}, name));
    if (mark) {
      g.append(
        s("polygon", { points: hexPoints(cx, cy, R - 3), class: "bt-target-ring" }),
        s(
          "text",
          {
            x: cx.toFixed(1),
            y: (cy + (cell.owner === null ? 6 : R * 0.78)).toFixed(1),
            "text-anchor": "middle",
            class: "bt-target-mark",
          },
          mark,
        ),
      );
    }
    if (focus === key) {
      g.append(s("polygon", { points: hexPoints(cx, cy, R - 2), class: "bt-focus-ring" }));
    }
    if (touched.hexes.has(key)) {
      g.append(s("polygon", { points: hexPoints(cx, cy, R + 1.5), class: "eg-touched-ring" }));
    }
    clickable(g, `hex:${key}`, name);
    hexLayer.append(g);

    if (cell.owner !== null) {
      const tg = s("g", {
        transform: `translate(${cx.toFixed(1)},${(cy + 3).toFixed(1)})`,
        class: "bt-token-at",
        "data-testid": `token-${q}_${r}`,
        "data-owner": String(cell.owner),
        "data-origin": String(isOrigin),
      });
      tg.append(territoryToken(cell.owner, colours[cell.owner] ?? "", R * 0.42, prefix));
      if (isOrigin) tg.append(s("circle", { r: R * 0.62, class: "bt-origin-ring" }));
      // your token that can migrate: choose it first, then its destination
      const migrates = targets.get(`from:${key}`);
      if (migrates?.length) {
        clickable(tg, `from:${key}`, `${name}: choose this token to migrate`);
      }
      tokenLayer.append(tg);
      // a line to each neighbouring token of the same owner: the groups of territories
      for (const [dq, dr] of NEIGHBOURS.slice(0, 3)) {
        const n = `${q + dq},${r + dr}`;
        if (owner.get(n) === cell.owner && cell.owner >= 0) {
          const [nx, ny] = hexCentre(q + dq, r + dr, R);
          linkLayer.append(
            s("line", {
              x1: cx.toFixed(1),
              y1: (cy + 3).toFixed(1),
              x2: nx.toFixed(1),
              y2: (ny + 3).toFixed(1),
              class: "bt-link",
              "data-owner": String(cell.owner),
            }),
          );
        }
      }
    }
  }

  // Landscape Construction: where a tile may go
  for (const [q, r] of sites) {
    const key = `${q},${r}`;
    const g = s("g", { class: "bt-site", "data-testid": `site-${q}_${r}`, "data-hex": key });
    for (const [dq, dr] of TILE_SHAPE) {
      const [cx, cy] = hexCentre(q + dq, r + dr, R);
      g.append(s("polygon", { points: hexPoints(cx, cy, R - 1), class: "bt-site-hex" }));
    }
    const [cx, cy] = hexCentre(q, r, R);
    g.append(
      s("text", { x: cx, y: cy + 5, "text-anchor": "middle", class: "bt-target-mark" }, "+"),
      s("title", {}, `Put a tile centred on ${hexName([q, r])}`),
    );
    clickable(g, `site:${key}`, `a tile centred on ${hexName([q, r])}`);
    hexLayer.append(g);
  }
  for (const [q, r] of unturned) {
    const g = s("g", { class: "bt-unturned", "data-testid": `unturned-${q}_${r}` });
    for (const [dq, dr] of TILE_SHAPE) {
      const [cx, cy] = hexCentre(q + dq, r + dr, R);
      g.append(s("polygon", { points: hexPoints(cx, cy, R - 1), class: "bt-site-hex" }));
    }
    const [cx, cy] = hexCentre(q, r, R);
    g.append(
      s("text", { x: cx, y: cy + 5, "text-anchor": "middle", class: "bt-target-mark" }, "?"),
      s("title", {}, `The tile just placed on ${hexName([q, r])}: choose its side and turn`),
    );
    hexLayer.append(g);
  }
  svg.append(hexLayer, linkLayer, tokenLayer);
  return svg;
}

/** Landscape Construction: both faces of each tile still to place (the hand of the player
 * deciding) or to turn (the tile just placed), drawn unturned, so a tile, its side and its
 * turn are seen before they are chosen (issue 12 §7). */
export function drawTileFaces(view: BiotopesView): HTMLElement | null {
  const faces = view.tile_faces ?? {};
  const me = view.current_player;
  const ids =
    view.phase === "orient"
      ? (view.tiles ?? []).filter((t) => t.side === null).map((t) => t.tile)
      : view.phase === "tiles" && me !== null
        ? (view.ecosystems[me]?.tiles ?? [])
        : [];
  const shown = ids.filter((t) => faces[t]);
  if (!shown.length) return null;
  const title =
    view.phase === "orient"
      ? "The tile just placed, both sides unturned (each turn is 60° clockwise):"
      : `${shown.length === 1 ? "Your tile" : "Your tiles"}, both sides (unturned: you turn a tile once it is placed):`;
  const box = h(
    "div",
    { class: "bt-tile-faces", "data-testid": "tile-faces" },
    h("p", { class: "eg-chooser-title" }, title),
  );
  for (const id of shown) {
    const tile = faces[id];
    if (!tile) continue;
    for (const side of ["A", "B"] as const) box.append(drawTileFace(id, side, tile));
  }
  return box;
}

function drawTileFace(id: string, side: "A" | "B", tile: TileFaces): HTMLElement {
  const r0 = 13; // the viewBox's unit: drawn at 88 px wide
  const prefix = patternPrefix();
  const name = tile.names[side] ?? `${side}${id}`;
  const svg = s("svg", {
    viewBox: `${(-2.7 * r0).toFixed(1)} ${(-2.6 * r0).toFixed(1)} ${(5.4 * r0).toFixed(1)} ${(5.2 * r0).toFixed(1)}`,
    width: 88,
    height: 85,
    role: "img",
    "aria-label": `Tile ${name}: ${tile[side].map((b) => BIOTOPE_LABEL[b] ?? b).join(", ")}`,
  });
  svg.append(biotopePatterns(prefix));
  tile[side].forEach((biotope, i) => {
    const [dq, dr] = TILE_SHAPE[i] ?? [0, 0];
    const [cx, cy] = hexCentre(dq, dr, r0);
    svg.append(
      s("polygon", {
        points: hexPoints(cx, cy, r0 - 0.6),
        fill: `url(#${prefix}-${biotope})`,
        class: "bt-hex-shape",
      }),
      s(
        "text",
        {
          x: cx.toFixed(1),
          y: (cy + 4).toFixed(1),
          "text-anchor": "middle",
          class: "bt-tile-face-letter",
          fill: BIOTOPE_INK[biotope] ?? "#333",
        },
        BIOTOPE_LETTER[biotope] ?? "?",
      ),
    );
  });
  return h(
    "figure",
    { class: "bt-tile-face", "data-testid": `tile-face-${id}-${side}`, title: `Tile ${name}` },
    svg,
    h("figcaption", {}, name),
  );
}

/** What the map's letters, patterns and marks mean. */
export function landscapeLegend(view: BiotopesView): HTMLElement {
  const chips = view.ecosystems.map((e) =>
    h("span", { class: "bt-legend-item" }, playerChip(e.player, e.colour), ` ${e.name}`),
  );
  return h(
    "p",
    { class: "eg-legend bt-legend", "data-testid": "landscape-legend" },
    "Hexes: M Mountains (gray, peaks) · F Forests (green, trees) · G Grasslands (yellow, grass) · W Wetlands (blue, waves). Tokens: ",
    ...chips,
    view.landscape.some((c) => c.owner === -1) ? " · N neutral" : "",
    ". Lines join neighbouring territories of one player (a group). Marks: + expand or place a token, × compete, → migrate, ↩ fall back.",
  );
}

function playerChip(owner: number, colour: string): SVGSVGElement {
  const svg = s("svg", {
    viewBox: "-9 -9 18 18",
    width: 15,
    height: 15,
    class: "bt-chip",
    "aria-hidden": "true",
  });
  svg.append(territoryToken(owner, colour, 7, "legend"));
  return svg;
}
