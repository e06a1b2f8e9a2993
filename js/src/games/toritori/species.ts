/**
 * How each species is drawn: the colour, shape and two-letter code of the game's palette
 * (Python's `toritori.components.PALETTE`, sent in the `drawing` trait), so a species has
 * the same colour here as in every figure, and no one needs colour alone. Introduced species
 * get the red outline their physical tokens have.
 */
import { swatchOf } from "../../kit";

export interface SpeciesLook {
  name: string;
  code: string;
  fill: string;
  ink: string;
  shape: "triangle" | "circle" | "diamond" | "pentagon" | "square";
  introduced: boolean;
}

/** The six species, in the order the counts list them. */
export const SPECIES_IDS = [
  "native_tree",
  "invasive_bush",
  "guinea_pig",
  "tori_tori",
  "fox",
  "cat",
];
const INTRODUCED = new Set(["invasive_bush", "cat"]);

export function look(species: string): SpeciesLook {
  const sw = swatchOf("species", species);
  return {
    name: sw.label,
    code: sw.code,
    fill: sw.colour,
    ink: sw.ink,
    shape: sw.shape as SpeciesLook["shape"],
    introduced: INTRODUCED.has(species),
  };
}

/** A Researcher pawn's colour (its name: red, blue, green, yellow) as the palette draws it. */
export const pawnColour = (colour: string): string => swatchOf("players", colour).colour;

/** The SVG points of a shape of radius r centred on (0, 0). */
export function shapePoints(shape: SpeciesLook["shape"], r: number): string | null {
  const poly = (n: number, start: number) =>
    Array.from({ length: n }, (_, i) => {
      const a = start + (i * 2 * Math.PI) / n;
      return `${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`;
    }).join(" ");
  switch (shape) {
    case "triangle":
      return poly(3, -Math.PI / 2);
    case "diamond":
      return poly(4, -Math.PI / 2);
    case "pentagon":
      return poly(5, -Math.PI / 2);
    case "square":
      return poly(4, -Math.PI / 4);
    default:
      return null;
  }
}
