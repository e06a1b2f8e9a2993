/**
 * How Tulikko's pieces are drawn. Forest colours come from the game's palette (sent by
 * Python in the `drawing` trait: one colour per kind everywhere) and always carry a
 * letter (G, O, B, P); symbols are drawn shapes (sun, star, moon, cloud); an animal token is a
 * round token with its animal's initial, a river token a long wavy bar on the border: colour
 * is never the only cue.
 */
import { h, s, swatchOf } from "../../kit";

export const COLOUR_LETTER: Record<string, string> = {
  green: "G",
  orange: "O",
  blue: "B",
  purple: "P",
};

export const ANIMAL_NAME: Record<string, string> = {
  fox: "Fox",
  owl: "Owl",
  lynx: "Lynx",
  reindeer: "Reindeer",
};

/** Each seat's own outline colour (the palette's), with its animal's initial as the cue. */
export const seatColour = (seat: number): string => swatchOf("players", String(seat)).colour;

export const animalInitial = (animal: string | null): string =>
  animal ? animal[0].toUpperCase() : "?";

/** A forest colour's fill: the palette's (Python's `tulikko.components.PALETTE`). */
export const colourFill = (colour: string): string => swatchOf("tiles", colour).colour;
export const colourLetter = (colour: string): string =>
  COLOUR_LETTER[colour] ?? colour.slice(0, 1).toUpperCase();

export const SYMBOL_GLYPH: Record<string, string> = {
  sun: "☀",
  star: "★",
  moon: "☾",
  cloud: "☁",
};

export function tileName(tile: { colour: string; back: string }): string {
  const back = tile.back === "neutral" ? "neutral" : `${tile.back}'s`;
  return `${back} ${tile.colour} tile`;
}

/**
 * Story mode (kit/why.ts): a click on a tile of the board asks its story. A tile's id is
 * `tile:<its number>` (the engine's `identities`, D32 in docs/rules/tulikko.md).
 */
export function tellsStory(el: Element, tile: { id: number; colour: string; back: string }): void {
  el.setAttribute("data-story", `tile:${tile.id}`);
  el.setAttribute("data-story-label", `the ${tileName(tile)} (tile ${tile.id})`);
}

/** A symbol as an SVG group centred on (0, 0), about 2r across. */
export function symbolIcon(symbol: string, r: number, cls = "tk-symbol"): SVGGElement {
  const g = s("g", { class: `${cls} tk-symbol-${symbol}`, "data-symbol": symbol });
  switch (symbol) {
    case "sun": {
      g.append(s("circle", { r: r * 0.5 }));
      for (let i = 0; i < 8; i++) {
        const a = (i * Math.PI) / 4;
        g.append(
          s("line", {
            x1: (r * 0.68 * Math.cos(a)).toFixed(2),
            y1: (r * 0.68 * Math.sin(a)).toFixed(2),
            x2: (r * Math.cos(a)).toFixed(2),
            y2: (r * Math.sin(a)).toFixed(2),
            class: "tk-ray",
          }),
        );
      }
      break;
    }
    case "star": {
      const pts = Array.from({ length: 10 }, (_, i) => {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rr = i % 2 ? r * 0.42 : r;
        return `${(rr * Math.cos(a)).toFixed(2)},${(rr * Math.sin(a)).toFixed(2)}`;
      }).join(" ");
      g.append(s("polygon", { points: pts }));
      break;
    }
    case "moon": {
      // a crescent: half a circle on the left, then half an ellipse back up
      const x = 0.25 * r;
      const d = `M ${x},${-r} A ${r},${r} 0 0 0 ${x},${r} A ${0.55 * r},${r} 0 0 1 ${x},${-r} Z`;
      g.append(s("path", { d }));
      break;
    }
    case "cloud": {
      g.append(
        s("circle", { cx: -0.45 * r, cy: 0.15 * r, r: 0.45 * r }),
        s("circle", { cx: 0.05 * r, cy: -0.2 * r, r: 0.55 * r }),
        s("circle", { cx: 0.5 * r, cy: 0.15 * r, r: 0.42 * r }),
        s("rect", { x: -0.9 * r, y: 0.1 * r, width: 1.8 * r, height: 0.5 * r, rx: 0.25 * r }),
      );
      break;
    }
    default:
      g.append(s("text", { "text-anchor": "middle", y: r * 0.4 }, symbol.slice(0, 1)));
  }
  g.append(s("title", {}, symbol));
  return g;
}

/** A forest tile as a square centred on (0, 0): its colour and its letter. */
export function tileSquare(
  tile: { id: number; colour: string; back: string },
  size: number,
  attrs: Record<string, string> = {},
): SVGGElement {
  const g = s("g", {
    class: "tk-tile",
    "data-tile": String(tile.id),
    "data-colour": tile.colour,
    ...attrs,
  });
  g.append(
    s("rect", {
      x: -size / 2,
      y: -size / 2,
      width: size,
      height: size,
      rx: 4,
      fill: colourFill(tile.colour),
      class: "tk-tile-face",
    }),
    s(
      "text",
      {
        x: 0,
        y: size * 0.14,
        "text-anchor": "middle",
        class: "tk-tile-letter",
        "font-size": (size * 0.42).toFixed(1),
      },
      colourLetter(tile.colour),
    ),
    s("title", {}, `${tileName(tile)} (tile ${tile.id})`),
  );
  return g;
}

/** A paw print centred on (0, 0), about 2r across: the mark of an animal token. */
export function pawPrint(r: number): SVGGElement {
  const g = s("g", { class: "tk-paw" });
  g.append(s("ellipse", { cx: 0, cy: r * 0.3, rx: r * 0.45, ry: r * 0.38 }));
  for (const [x, y] of [
    [-0.62, -0.18],
    [-0.24, -0.62],
    [0.24, -0.62],
    [0.62, -0.18],
  ]) {
    g.append(s("ellipse", { cx: x * r, cy: y * r, rx: r * 0.2, ry: r * 0.25 }));
  }
  return g;
}

/** A small animal token (white disc, paw print) to put in a line of text. */
export function pawChip(): HTMLElement {
  const svg = s("svg", { viewBox: "-8 -8 16 16", width: 15, height: 15, "aria-hidden": "true" });
  svg.append(s("circle", { r: 7.2, class: "tk-animal" }), pawPrint(5));
  return h("span", { class: "tk-chip-animal" }, svg);
}
