/**
 * How Tori's things look. The goods keep the colours the rules give them (green vegetables,
 * red flowers, white ice cream, blue fish, yellow lemonade, purple souvenirs: docs/rules/tori.md
 * D9) in Okabe-Ito tones, each with a two-letter code; the coats of arms (D22) have a colour of
 * their own, a shape and a letter. So colour is never the only cue.
 */
import { s } from "../../kit";

export interface GoodLook {
  code: string;
  fill: string;
  /** Text drawn on the fill. */
  ink: string;
}

export const GOODS: Record<string, GoodLook> = {
  vegetables: { code: "VE", fill: "#009E73", ink: "#fff" },
  flowers: { code: "FL", fill: "#D55E00", ink: "#fff" },
  ice_cream: { code: "IC", fill: "#FFFFFF", ink: "#111" },
  fish: { code: "FI", fill: "#0072B2", ink: "#fff" },
  lemonade: { code: "LE", fill: "#F0E442", ink: "#111" },
  souvenirs: { code: "SO", fill: "#CC79A7", ink: "#111" },
};

export function goodLook(good: string): GoodLook {
  return GOODS[good] ?? { code: good.slice(0, 2).toUpperCase(), fill: "#999", ink: "#111" };
}

export type ArmsShape = "circle" | "square" | "triangle" | "diamond";

export interface ArmsLook {
  letter: string;
  fill: string;
  ink: string;
  shape: ArmsShape;
}

/** Seat order: Helsinki, Turku, Tampere, Oulu. */
export const ARMS: ArmsLook[] = [
  { letter: "H", fill: "#000000", ink: "#fff", shape: "circle" },
  { letter: "Tu", fill: "#E69F00", ink: "#111", shape: "square" },
  { letter: "Ta", fill: "#56B4E9", ink: "#111", shape: "triangle" },
  { letter: "O", fill: "#8C8C8C", ink: "#111", shape: "diamond" },
];

export const armsLook = (player: number): ArmsLook =>
  ARMS[player] ?? { letter: String(player + 1), fill: "#777", ink: "#fff", shape: "circle" };

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
