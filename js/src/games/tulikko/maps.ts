/**
 * Each player's wilderness map: the spaces with their symbols, the forest tiles, and the
 * tokens between them (a round animal token, a long river token). With "graphs" on, the map
 * also shows its two networkx graphs: the colour zones (tiles joined to same-colour
 * neighbours, outlined, with their sizes) and the river network (grid corners joined by river
 * tokens, with the length of each stretch).
 */
import { type LegalAction, h, s } from "../../kit";
import type { Clickable } from "./clickable";
import { type Touched, edgeId } from "./highlight";
import {
  ANIMAL_NAME,
  COLOUR_LETTER,
  animalInitial,
  colourFill,
  seatColour,
  pawChip,
  pawPrint,
  symbolIcon,
  tellsStory,
  tileName,
  tileSquare,
} from "./look";
import { riverStretches, zones } from "./graphs";
import type { TargetKey } from "./targets";
import type { PlayerView, Token, TulikkoView } from "./types";

export const CELL = 46;
const PAD = 12;
/** The radius of a zone node: a ring around the tile's letter. */
const NODE_R = 12;

type Point = [number, number];

/** Pixel position of grid corner (y, x). */
const at = ([y, x]: Point): Point => [PAD + x * CELL, PAD + y * CELL];

export const cellName = (cell: number, cols: number): string =>
  `row ${Math.floor(cell / cols) + 1}, column ${(cell % cols) + 1}`;

/** The border segment between two neighbouring cells (as components.border does). */
export function borderOf(a: number, b: number, cols: number): [Point, Point] {
  const [ra, ca] = [Math.floor(a / cols), a % cols];
  const [rb, cb] = [Math.floor(b / cols), b % cols];
  if (ra === rb) {
    const x = Math.max(ca, cb);
    return [
      [ra, x],
      [ra + 1, x],
    ];
  }
  const y = Math.max(ra, rb);
  return [
    [y, ca],
    [y, ca + 1],
  ];
}

export interface MapOptions {
  active: boolean;
  touched: Touched;
  clickable: Clickable;
  targets: Map<TargetKey, LegalAction[]>;
  showGraphs: boolean;
  moveFrom: number | null;
}

export function drawPlayer(view: TulikkoView, player: PlayerView, opts: MapOptions): HTMLElement {
  const seat = player.seat;
  const lit = opts.touched.players.has(seat);
  const box = h("section", {
    class: `tk-player${opts.active ? " tk-active" : ""}`,
    "data-testid": `player-map-${seat}`,
    "data-seat": String(seat),
    "data-active": String(opts.active),
    "data-highlight": String(lit),
    style: `--tk-seat:${seatColour(seat)}`,
    "aria-label": `${player.name}'s wilderness map`,
  });
  const head = h(
    "div",
    { class: "tk-player-head" },
    h("span", { class: "tk-seat-badge", "aria-hidden": "true" }, animalInitial(player.animal)),
    h("strong", {}, player.name),
    opts.active && !view.outcome ? h("span", { class: "tk-to-play" }, "▶ to play") : null,
  );
  box.append(head, drawSupply(player));
  if (player.map) box.append(drawMap(view, player, opts));
  box.append(drawHoldings(view, player));
  return box;
}

function drawSupply(player: PlayerView): HTMLElement {
  return h(
    "div",
    {
      class: "tk-supply",
      "data-testid": `supply-${player.seat}`,
      "data-animal": String(player.supply.animal),
      "data-river": String(player.supply.river),
      "data-pile": String(player.pile),
      "data-score": String(player.score),
    },
    pawChip(),
    ` ${player.supply.animal} animal · `,
    h("span", { class: "tk-chip-river", "aria-hidden": "true" }),
    ` ${player.supply.river} river tokens left · ${player.pile} tiles in pile · `,
    h(
      "span",
      { title: "2 per animal token and 1 per river token left: lowest wins" },
      `${player.score} points`,
    ),
  );
}

function drawHoldings(view: TulikkoView, player: PlayerView): HTMLElement {
  const names = new Map(view.landscape_cards.map((c) => [c.id, c.name]));
  const parts: (HTMLElement | string)[] = [];
  for (const id of player.auroras) {
    const aurora = view.auroras.find((a) => a.id === id);
    if (!aurora) continue;
    parts.push(
      h(
        "span",
        {
          class: `tk-aurora-chip${aurora.used ? " tk-used" : ""}`,
          style: `--tk-colour:${colourFill(aurora.colour)}`,
          title: aurora.text,
        },
        `${COLOUR_LETTER[aurora.colour] ?? ""}${aurora.number}${aurora.used ? " used" : ""}`,
      ),
    );
  }
  for (const id of player.fulfilled)
    parts.push(h("span", { class: "tk-done" }, `✓ ${names.get(id) ?? id}`));
  for (const sym of player.symbol_cards)
    parts.push(h("span", { class: "tk-done" }, `✓ ${sym} card`));
  return h(
    "div",
    { class: "tk-holdings", "data-testid": `holdings-${player.seat}` },
    ...(parts.length ? parts : [h("span", { class: "eg-muted" }, "No objective yet")]),
  );
}

export function drawMap(view: TulikkoView, player: PlayerView, opts: MapOptions): SVGSVGElement {
  const { rows, cols } = view.map_size;
  const seat = player.seat;
  const width = 2 * PAD + cols * CELL;
  const height = 2 * PAD + rows * CELL;
  const svg = s("svg", {
    class: "tk-map",
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: "group",
    "aria-label": `${player.name}'s map`,
    "data-testid": `map-${seat}`,
    "data-graphs": String(opts.showGraphs),
  });
  if (opts.showGraphs) svg.classList.add("tk-graphs-on");
  const map = player.map ?? [];
  const pending = opts.active ? view.pending_tokens : null;
  for (const cell of map) {
    const x = PAD + cell.col * CELL;
    const y = PAD + cell.row * CELL;
    const lit =
      opts.touched.cells.has(`${seat}:${cell.cell}`) ||
      (!!cell.tile && opts.touched.tiles.has(cell.tile.id));
    const g = s("g", {
      transform: `translate(${x},${y})`,
      class: "tk-cell",
      "data-testid": `cell-${seat}-${cell.cell}`,
      "data-cell": String(cell.cell),
      "data-symbol": cell.symbol,
      "data-tile": cell.tile ? String(cell.tile.id) : "",
      "data-colour": cell.tile?.colour ?? "",
      "data-highlight": String(lit),
    });
    g.append(
      s("rect", { x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 3, class: "tk-cell-bg" }),
    );
    const name = `${cellName(cell.cell, cols)} (${cell.symbol})`;
    if (cell.tile) {
      const t = tileSquare(cell.tile, CELL - 6);
      t.setAttribute("transform", `translate(${CELL / 2},${CELL / 2})`);
      tellsStory(t, cell.tile);
      g.append(t);
      if (opts.moveFrom === cell.cell) g.setAttribute("data-selected", "true");
    } else {
      const icon = symbolIcon(cell.symbol, 11);
      icon.setAttribute("transform", `translate(${CELL / 2},${CELL / 2})`);
      g.append(icon);
    }
    if (pending?.cell === cell.cell) g.setAttribute("data-pending", "true");
    if (lit)
      g.append(
        s("rect", {
          x: -1,
          y: -1,
          width: CELL + 2,
          height: CELL + 2,
          rx: 5,
          class: "eg-touched-ring",
        }),
      );
    if (opts.active) {
      const key = cell.tile ? `from:${cell.cell}` : `cell:${cell.cell}`;
      const actions = opts.targets.get(key) ?? [];
      if (actions.some((a) => a.action.type === "place_anywhere"))
        g.setAttribute("data-aurora", "true");
      const what = cell.tile ? `the ${tileName(cell.tile)} on ${name}` : `the empty space ${name}`;
      opts.clickable(g, key, what);
    }
    svg.append(g);
  }
  // a tile just placed: its tokens are being chosen, so the tile itself opens the choices
  if (pending) {
    const g = svg.querySelector(`[data-testid="cell-${seat}-${pending.cell}"]`);
    if (g && !g.hasAttribute("data-legal"))
      opts.clickable(g, "tokens", `the tile just placed on ${cellName(pending.cell, cols)}`);
  }

  for (const token of player.tokens) svg.append(drawToken(player, token, opts.touched));
  if (pending) {
    for (const n of pending.neighbours) {
      const [a, b] = borderOf(pending.cell, n.cell, cols);
      svg.append(pendingSlot(seat, pending.cell, n.cell, n.kind, n.available, a, b, opts.touched));
    }
  }
  // borders an event touched with no token on them (a token withheld or none left)
  const drawn = new Set(player.tokens.map((t) => edgeId(seat, t.cells[0], t.cells[1])));
  for (const n of pending?.neighbours ?? []) drawn.add(edgeId(seat, pending!.cell, n.cell));
  for (const id of opts.touched.edges) {
    if (!id.startsWith(`${seat}:`) || drawn.has(id)) continue;
    const [a, b] = id
      .slice(id.indexOf(":") + 1)
      .split("-")
      .map(Number);
    const [p, q] = borderOf(a, b, cols);
    const [x1, y1] = at(p);
    const [x2, y2] = at(q);
    svg.append(
      s("circle", {
        cx: (x1 + x2) / 2,
        cy: (y1 + y2) / 2,
        r: 10,
        class: "eg-touched-ring tk-edge-ring",
        "data-testid": `edge-${seat}-${a}-${b}`,
        "data-highlight": "true",
      }),
    );
  }
  if (opts.showGraphs) drawGraphs(svg, view, player);
  return svg;
}

function drawToken(player: PlayerView, token: Token, touched: Touched): SVGGElement {
  const [p, q] = token.border;
  const [x1, y1] = at(p);
  const [x2, y2] = at(q);
  const vertical = x1 === x2;
  const lit = touched.edges.has(edgeId(player.seat, token.cells[0], token.cells[1]));
  const g = s("g", {
    transform: `translate(${(x1 + x2) / 2},${(y1 + y2) / 2})${vertical ? " rotate(90)" : ""}`,
    class: `tk-token tk-token-${token.kind}`,
    "data-testid": `token-${player.seat}-${token.cells[0]}-${token.cells[1]}`,
    "data-kind": token.kind,
    "data-story": token.story ?? null,
    "data-story-label": token.story ? `${player.name}'s ${token.kind} token` : null,
    "data-highlight": String(lit),
  });
  if (token.kind === "river") {
    g.append(
      s("rect", { x: -16, y: -5, width: 32, height: 10, rx: 5, class: "tk-river" }),
      s("path", { d: "M -11,0 q 3.7,-3.5 7.3,0 t 7.3,0 t 7.3,0", class: "tk-river-wave" }),
    );
  } else {
    const paw = pawPrint(6.5);
    if (vertical) paw.setAttribute("transform", "rotate(-90)");
    g.append(s("circle", { r: 9, class: "tk-animal" }), paw);
  }
  if (lit) g.append(s("circle", { r: 15, class: "eg-touched-ring" }));
  const who = ANIMAL_NAME[player.animal ?? ""] ?? "";
  g.append(s("title", {}, token.kind === "river" ? "River token" : `${who} animal token`));
  return g;
}

function pendingSlot(
  seat: number,
  cell: number,
  other: number,
  kind: string,
  available: boolean,
  p: Point,
  q: Point,
  touched: Touched,
): SVGGElement {
  const [x1, y1] = at(p);
  const [x2, y2] = at(q);
  const vertical = x1 === x2;
  const [a, b] = cell < other ? [cell, other] : [other, cell];
  const g = s("g", {
    transform: `translate(${(x1 + x2) / 2},${(y1 + y2) / 2})${vertical ? " rotate(90)" : ""}`,
    class: `tk-pending tk-pending-${kind}`,
    "data-testid": `pending-${seat}-${a}-${b}`,
    "data-kind": kind,
    "data-available": String(available),
    "data-highlight": String(touched.edges.has(edgeId(seat, a, b))),
  });
  g.append(
    kind === "river"
      ? s("rect", { x: -17, y: -6, width: 34, height: 12, rx: 6, class: "tk-pending-shape" })
      : s("circle", { r: 10, class: "tk-pending-shape" }),
    s(
      "text",
      {
        y: 4,
        "text-anchor": "middle",
        class: "tk-pending-q",
        transform: vertical ? "rotate(-90)" : "",
      },
      "?",
    ),
    s("title", {}, `${available ? "A" : "No"} ${kind} token can go here`),
  );
  return g;
}

/** The zones graph and the river graph drawn over the map. */
function drawGraphs(svg: SVGSVGElement, view: TulikkoView, player: PlayerView): void {
  const { cols } = view.map_size;
  const seat = player.seat;
  const centre = (cell: number): Point => [
    PAD + (cell % cols) * CELL + CELL / 2,
    PAD + Math.floor(cell / cols) * CELL + CELL / 2,
  ];
  const layer = s("g", { class: "tk-graphs", "data-testid": `graphs-${seat}` });
  const found = zones(player.map ?? [], cols);
  const largest = Math.max(0, ...found.map((z) => z.length));
  for (const zone of found) {
    const members = new Set(zone);
    const first = Math.min(...zone);
    const g = s("g", {
      class: `tk-zone${zone.length === largest && largest > 1 ? " tk-zone-largest" : ""}`,
      "data-testid": `zone-${seat}-${first}`,
      "data-size": String(zone.length),
      "data-colour": player.map?.[first]?.tile?.colour ?? "",
    });
    // the outline: each side of a member that does not face another member
    for (const cell of zone) {
      const r = Math.floor(cell / cols);
      const c = cell % cols;
      const sides: [number | null, Point, Point][] = [
        [r > 0 ? cell - cols : null, [r, c], [r, c + 1]],
        [c < cols - 1 ? cell + 1 : null, [r, c + 1], [r + 1, c + 1]],
        [cell + cols, [r + 1, c], [r + 1, c + 1]],
        [c > 0 ? cell - 1 : null, [r, c], [r + 1, c]],
      ];
      for (const [n, p, q] of sides) {
        if (n !== null && members.has(n)) continue;
        const [x1, y1] = at(p);
        const [x2, y2] = at(q);
        g.append(s("line", { x1, y1, x2, y2, class: "tk-zone-outline" }));
      }
      for (const n of [cell + 1, cell + cols]) {
        if (!members.has(n) || (n === cell + 1 && c === cols - 1)) continue;
        const [x1, y1] = centre(cell);
        const [x2, y2] = centre(n);
        const [dx, dy] = n === cell + 1 ? [NODE_R, 0] : [0, NODE_R];
        g.append(
          s("line", { x1: x1 + dx, y1: y1 + dy, x2: x2 - dx, y2: y2 - dy, class: "tk-zone-edge" }),
        );
      }
    }
    for (const cell of zone) {
      const [x, y] = centre(cell);
      g.append(s("circle", { cx: x, cy: y, r: NODE_R, class: "tk-zone-node" }));
    }
    const [x, y] = centre(first);
    g.append(
      s("circle", { cx: x - 13, cy: y - 13, r: 6.5, class: "tk-zone-badge" }),
      s(
        "text",
        { x: x - 13, y: y - 9.8, "text-anchor": "middle", class: "tk-zone-size" },
        String(zone.length),
      ),
      s(
        "title",
        {},
        `A zone of ${zone.length} ${player.map?.[first]?.tile?.colour ?? ""} tile${zone.length === 1 ? "" : "s"}`,
      ),
    );
    layer.append(g);
  }
  riverStretches(player.tokens).forEach((stretch, k) => {
    const g = s("g", {
      class: "tk-stretch",
      "data-testid": `river-${seat}-${k}`,
      "data-size": String(stretch.tokens.length),
    });
    for (const t of stretch.tokens) {
      const [x1, y1] = at(t.border[0]);
      const [x2, y2] = at(t.border[1]);
      g.append(s("line", { x1, y1, x2, y2, class: "tk-river-link" }));
    }
    for (const p of stretch.corners) {
      const [x, y] = at(p);
      g.append(s("circle", { cx: x, cy: y, r: 3.5, class: "tk-river-node" }));
    }
    const [lx, ly] = at(stretch.corners[0]);
    g.append(
      s("rect", {
        x: lx - 6.5,
        y: ly - 6.5,
        width: 13,
        height: 13,
        rx: 2,
        class: "tk-stretch-badge",
      }),
      s(
        "text",
        { x: lx, y: ly + 3.2, "text-anchor": "middle", class: "tk-stretch-size" },
        String(stretch.tokens.length),
      ),
      s(
        "title",
        {},
        `A river of ${stretch.tokens.length} token${stretch.tokens.length === 1 ? "" : "s"}`,
      ),
    );
    layer.append(g);
  });
  svg.append(layer);
}

/** Before the maps are chosen: the maps still free, to click. */
export function drawMapChoices(
  view: TulikkoView,
  maps: Record<string, string[]>,
  clickable: Clickable,
): HTMLElement {
  const { rows, cols } = view.map_size;
  const C = 24;
  const box = h("div", { class: "tk-map-choices", "data-testid": "map-choices" });
  for (const [animal, symbols] of Object.entries(maps)) {
    const taken = view.players.find((p) => p.animal === animal);
    const svg = s("svg", {
      viewBox: `0 0 ${cols * C + 4} ${rows * C + 4}`,
      width: cols * C + 4,
      height: rows * C + 4,
      class: "tk-map-mini",
    });
    symbols.forEach((sym, cell) => {
      const icon = symbolIcon(sym, 7);
      icon.setAttribute(
        "transform",
        `translate(${2 + (cell % cols) * C + C / 2},${2 + Math.floor(cell / cols) * C + C / 2})`,
      );
      svg.append(
        s("rect", {
          x: 2 + (cell % cols) * C,
          y: 2 + Math.floor(cell / cols) * C,
          width: C,
          height: C,
          class: "tk-mini-cell",
        }),
        icon,
      );
    });
    const card = h(
      "div",
      {
        class: "tk-map-choice",
        "data-testid": `map-choice-${animal}`,
        "data-animal": animal,
        "data-taken": taken ? String(taken.seat) : "",
      },
      h("strong", {}, ANIMAL_NAME[animal] ?? animal),
      svg,
      h("span", { class: "eg-muted" }, taken ? `taken by ${taken.name}` : "free"),
    );
    clickable(card, `map:${animal}`, `the ${animal} wilderness map`);
    box.append(card);
  }
  return box;
}
