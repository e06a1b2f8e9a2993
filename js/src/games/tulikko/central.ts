/**
 * The central board: a cross of five slots (the middle one hidden), an arrow on each side to
 * slide a tile in, each side's symbol (a tile pushed out there goes on that symbol), the tile
 * to slide in and the tile just ejected in the empty corners of the cross.
 */
import { s } from "../../kit";
import type { Touched } from "./highlight";
import {
  SYMBOL_GLYPH,
  colourFill,
  colourLetter,
  symbolIcon,
  tellsStory,
  tileName,
  tileSquare,
} from "./look";
import type { Clickable } from "./clickable";
import type { Side, Slot, Tile, TulikkoView } from "./types";

const S = 58; // slot size
const G = 4; // gap
const M = 46; // margin around the cross, for the arrows
export const CENTRAL_SIZE = 2 * M + 3 * S + 2 * G;

const SLOT_AT: Record<Slot, [number, number]> = {
  north: [1, 0],
  west: [0, 1],
  center: [1, 1],
  east: [2, 1],
  south: [1, 2],
};
const OPPOSITE: Record<Side, Side> = { north: "south", south: "north", east: "west", west: "east" };
const SIDES: Side[] = ["north", "east", "south", "west"];

const corner = (col: number, row: number): [number, number] => [
  M + col * (S + G),
  M + row * (S + G),
];

export function drawCentral(
  view: TulikkoView,
  touched: Touched,
  clickable: Clickable,
  canSlide: (side: Side) => boolean,
): SVGSVGElement {
  const svg = s("svg", {
    class: "tk-central",
    viewBox: `0 0 ${CENTRAL_SIZE} ${CENTRAL_SIZE}`,
    width: CENTRAL_SIZE,
    height: CENTRAL_SIZE,
    role: "group",
    "aria-label": "The central board",
    "data-testid": "central-board",
  });
  const slotEls = new Map<Slot, SVGGElement>();
  for (const slot of Object.keys(SLOT_AT) as Slot[]) {
    const [x, y] = corner(...SLOT_AT[slot]);
    const content = view.board.slots[slot];
    const lit = touched.slots.has(slot) || (isTile(content) && touched.tiles.has(content.id));
    const g = s("g", {
      transform: `translate(${x},${y})`,
      class: "tk-slot",
      "data-testid": `slot-${slot}`,
      "data-slot": slot,
      "data-tile": isTile(content) ? String(content.id) : content === "hidden" ? "hidden" : "",
      "data-highlight": String(lit),
    });
    g.append(s("rect", { width: S, height: S, rx: 5, class: "tk-slot-bg" }));
    if (isTile(content)) {
      const t = tileSquare(content, S - 10);
      t.setAttribute("transform", `translate(${S / 2},${S / 2})`);
      tellsStory(t, content);
      g.append(t);
    } else if (content === "hidden") {
      g.append(
        s("rect", { x: 5, y: 5, width: S - 10, height: S - 10, rx: 4, class: "tk-hidden" }),
        s("text", { x: S / 2, y: S / 2 + 7, "text-anchor": "middle", class: "tk-hidden-q" }, "?"),
        s("title", {}, "The middle tile is hidden"),
      );
    }
    if (lit)
      g.append(
        s("rect", { x: -3, y: -3, width: S + 6, height: S + 6, rx: 7, class: "eg-touched-ring" }),
      );
    slotEls.set(slot, g);
    svg.append(g);
  }

  const moving = view.phase === "place" ? view.held : view.hand;
  for (const side of SIDES) svg.append(drawArrow(view, side, moving, clickable, canSlide, slotEls));

  // the empty corners of the cross: the tile to slide in, the tile just pushed out
  if (view.hand) svg.append(cornerTile(view.hand, 0, 0, "to slide in", "hand", touched));
  const start = view.phase === "start_tile" ? view.players[view.active ?? 0]?.start_tile : null;
  if (start) svg.append(cornerTile(start, 0, 0, "start tile", "start-tile", touched));
  if (view.held) {
    svg.append(cornerTile(view.held, 2, 2, `place on ${view.held.symbol}`, "held", touched));
  }
  return svg;
}

const isTile = (v: unknown): v is Tile =>
  typeof v === "object" && v !== null && typeof (v as Tile).colour === "string";

function cornerTile(
  tile: Tile,
  col: number,
  row: number,
  caption: string,
  testid: string,
  touched: Touched,
): SVGGElement {
  const [x, y] = corner(col, row);
  const lit = touched.tiles.has(tile.id);
  const g = s("g", {
    transform: `translate(${x},${y})`,
    class: `tk-corner tk-corner-${testid}`,
    "data-testid": testid,
    "data-tile": String(tile.id),
    "data-colour": tile.colour,
    "data-highlight": String(lit),
  });
  const t = tileSquare(tile, S - 20);
  t.setAttribute("transform", `translate(${S / 2},${S / 2 + 6})`);
  g.append(s("text", { x: S / 2, y: 4, "text-anchor": "middle", class: "tk-caption" }, caption), t);
  if (lit)
    g.append(
      s("rect", { x: 6, y: 12, width: S - 12, height: S - 12, rx: 6, class: "eg-touched-ring" }),
    );
  return g;
}

function drawArrow(
  view: TulikkoView,
  side: Side,
  moving: Tile | null,
  clickable: Clickable,
  canSlide: (side: Side) => boolean,
  slots: Map<Slot, SVGGElement>,
): SVGGElement {
  const [col, row] = SLOT_AT[side];
  const [x, y] = corner(col, row);
  // the arrow sits just outside the side's slot and points into the board
  const centre: Record<Side, [number, number]> = {
    north: [x + S / 2, M / 2],
    south: [x + S / 2, CENTRAL_SIZE - M / 2],
    west: [M / 2, y + S / 2],
    east: [CENTRAL_SIZE - M / 2, y + S / 2],
  };
  const angle: Record<Side, number> = { north: 90, east: 180, south: 270, west: 0 };
  const [cx, cy] = centre[side];
  const out = OPPOSITE[side];
  const outSymbol = view.board.sides[out] ?? "";
  const legal = canSlide(side);
  const g = s("g", {
    transform: `translate(${cx},${cy})`,
    class: "tk-arrow",
    "data-testid": `slide-${side}`,
    "data-side": side,
    "data-ejects": out,
    "data-symbol": view.board.sides[side] ?? "",
  });
  const arrow = s("g", { transform: `rotate(${angle[side]})` });
  arrow.append(
    s("polygon", {
      points: "-17,-13 6,-13 6,-19 19,0 6,19 6,13 -17,13",
      class: "tk-arrow-shape",
      style: legal && moving ? `fill:${colourFill(moving.colour)}` : null,
    }),
  );
  g.append(arrow);
  if (legal && moving) {
    g.append(
      s(
        "text",
        { y: 4.5, "text-anchor": "middle", class: "tk-arrow-letter" },
        colourLetter(moving.colour),
      ),
    );
  }
  // the side's own symbol, beside the arrow: a tile pushed out of this side goes there
  const offset: Record<Side, [number, number]> = {
    north: [S / 2 + 14, 0],
    south: [S / 2 + 14, 0],
    west: [0, S / 2 + 14],
    east: [0, S / 2 + 14],
  };
  const icon = symbolIcon(view.board.sides[side] ?? "", 9, "tk-side-symbol");
  icon.setAttribute("transform", `translate(${offset[side][0]},${offset[side][1]})`);
  g.append(icon);
  const name =
    `Slide ${moving ? `the ${tileName(moving)}` : "a tile"} in from the ${side}: ` +
    `the ${out} tile comes out (${SYMBOL_GLYPH[outSymbol] ?? ""} ${outSymbol})`;
  g.append(s("title", {}, name));
  clickable(g, `side:${side}`, name);
  if (legal) {
    const preview = (on: boolean) => slots.get(out)?.classList.toggle("tk-preview", on);
    g.addEventListener("mouseenter", () => preview(true));
    g.addEventListener("mouseleave", () => preview(false));
    g.addEventListener("focus", () => preview(true));
    g.addEventListener("blur", () => preview(false));
  }
  return g;
}
