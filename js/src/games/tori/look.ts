/**
 * How Tori's things look. The goods keep the colours the rules give them (green vegetables,
 * red flowers, white ice cream, blue fish, yellow lemonade, purple souvenirs: docs/rules/tori.md
 * D9) in Okabe-Ito tones, each with a two-letter code; the coats of arms (D22) have a colour of
 * their own, a shape and a letter. So colour is never the only cue. All of them come from the
 * game's palette (Python's `tori.components.PALETTE`), as in every figure.
 */
import { s, swatchOf } from "../../kit";

export interface GoodLook {
  code: string;
  fill: string;
  /** Text drawn on the fill. */
  ink: string;
}

/** A good's look: the palette's (Python's `tori.components.PALETTE`, sent in `drawing`). */
export function goodLook(good: string): GoodLook {
  const sw = swatchOf("goods", good);
  return { code: sw.code, fill: sw.colour, ink: sw.ink };
}

export type ArmsShape = "circle" | "square" | "triangle" | "diamond";

export interface ArmsLook {
  letter: string;
  fill: string;
  ink: string;
  shape: ArmsShape;
}

/** A seat's coat of arms (Helsinki, Turku, Tampere, Oulu): the palette's colour, shape
 * and letter. */
export function armsLook(player: number): ArmsLook {
  const sw = swatchOf("players", String(player));
  const shape = (sw.shape in SHAPE_NAMES ? sw.shape : "circle") as ArmsShape;
  return { letter: sw.code, fill: sw.colour, ink: sw.ink, shape };
}

const SHAPE_NAMES: Record<ArmsShape, string> = {
  circle: "●",
  square: "■",
  triangle: "▲",
  diamond: "◆",
};

/** The shape as a text symbol, for HTML badges. */
export const armsSymbol = (player: number): string => SHAPE_NAMES[armsLook(player).shape];

/** A coat of arms as an SVG group centred on (0, 0) with radius r: shape, colour, letter. */
export function armsBadge(player: number, r: number): SVGGElement {
  const look = armsLook(player);
  const g = s("g", { class: "tm-arms", "data-owner": String(player) });
  const common = { fill: look.fill, class: "tm-arms-shape" };
  let shape: SVGElement;
  if (look.shape === "circle") shape = s("circle", { r, ...common });
  else if (look.shape === "square")
    shape = s("rect", { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, ...common });
  else if (look.shape === "triangle")
    shape = s("polygon", {
      points: `0,${(-r * 1.15).toFixed(1)} ${(r * 1.1).toFixed(1)},${(r * 0.8).toFixed(1)} ${(-r * 1.1).toFixed(1)},${(r * 0.8).toFixed(1)}`,
      ...common,
    });
  else
    shape = s("polygon", {
      points: `0,${-r * 1.15} ${r * 1.15},0 0,${r * 1.15} ${-r * 1.15},0`,
      ...common,
    });
  const size = look.letter.length > 1 ? r * 0.95 : r * 1.2;
  g.append(
    shape,
    s(
      "text",
      {
        y: look.shape === "triangle" ? r * 0.55 : size * 0.36,
        "text-anchor": "middle",
        class: "tm-arms-letter",
        fill: look.ink,
        "font-size": size.toFixed(1),
      },
      look.letter,
    ),
  );
  return g;
}

/** A standing customer centred on (0, 0): head and body in its good's colour, code below. */
export function customerFigure(good: string, scale = 1): SVGGElement {
  const look = goodLook(good);
  const g = s("g", { class: "tm-customer-figure", transform: `scale(${scale})` });
  g.append(
    s("path", {
      d: "M-9,11 L-7,-2 Q0,-6 7,-2 L9,11 Z",
      fill: look.fill,
      class: "tm-customer-body",
    }),
    s("circle", { cy: -9, r: 5.5, fill: look.fill, class: "tm-customer-head" }),
    s(
      "text",
      { y: 8.5, "text-anchor": "middle", class: "tm-customer-code", fill: look.ink },
      look.code,
    ),
  );
  return g;
}
