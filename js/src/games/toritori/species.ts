/**
 * How each species is drawn: a colour-blind-safe colour (Okabe-Ito), a shape of its own and a
 * two-letter code, so no one needs colour alone. Introduced species get the red outline their
 * physical tokens have.
 */
export interface SpeciesLook {
  name: string;
  code: string;
  fill: string;
  shape: "triangle" | "circle" | "diamond" | "pentagon" | "square";
  introduced: boolean;
}

export const SPECIES: Record<string, SpeciesLook> = {
  native_tree: {
    name: "Native Tree",
    code: "NT",
    fill: "#009E73",
    shape: "triangle",
    introduced: false,
  },
  invasive_bush: {
    name: "Invasive Bush",
    code: "IB",
    fill: "#F0E442",
    shape: "triangle",
    introduced: true,
  },
  guinea_pig: {
    name: "Guinea pig",
    code: "GP",
    fill: "#E69F00",
    shape: "circle",
    introduced: false,
  },
  tori_tori: {
    name: "Tori-tori",
    code: "TT",
    fill: "#56B4E9",
    shape: "diamond",
    introduced: false,
  },
  fox: { name: "Fox", code: "FX", fill: "#CC79A7", shape: "pentagon", introduced: false },
  cat: { name: "Cat", code: "CT", fill: "#555555", shape: "square", introduced: true },
};

export const PAWN_COLOURS: Record<string, string> = {
  red: "#D55E00",
  blue: "#0072B2",
  green: "#009E73",
  yellow: "#F0E442",
};

export function look(species: string): SpeciesLook {
  return (
    SPECIES[species] ?? {
      name: species,
      code: species.slice(0, 2).toUpperCase(),
      fill: "#999",
      shape: "circle",
      introduced: false,
    }
  );
}

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
