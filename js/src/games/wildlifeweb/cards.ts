/**
 * Card lookups and the small icons of a Wildlife card. Every icon is a shape of its own with a
 * word beside it or in its title, and colours from the Okabe-Ito palette: colour is never the
 * only cue.
 */
import { s } from "../../kit";
import type { CardFaces, SpeciesFace } from "./types";

/** The species id of an animal card (`w.<species>.<n>`, or a pet Event card). */
export function speciesOf(card: string, faces: CardFaces): string | null {
  if (card.startsWith("w.")) return card.split(".")[1] ?? null;
  return faces.pets[card] ?? null;
}

export function speciesFace(card: string, faces: CardFaces): SpeciesFace | null {
  const id = speciesOf(card, faces);
  return id ? (faces.species[id] ?? null) : null;
}

/** The Event id of an Event card (`e.<event>.<n>`). */
export const eventOf = (card: string): string => card.split(".")[1] ?? card;

/** The name printed on a card. */
export function cardName(card: string, faces: CardFaces): string {
  const sp = speciesFace(card, faces);
  if (sp) return sp.name;
  if (card.startsWith("f.")) return faces.forage[card]?.name ?? "Forage card";
  if (card.startsWith("e.")) return faces.events[eventOf(card)]?.name ?? "Event card";
  if (card.startsWith("o.")) return "Offspring";
  return card;
}

/** Food value of a food card: a Forage card is 1, an animal its Size. */
export function foodValue(card: string, faces: CardFaces): number {
  return speciesFace(card, faces)?.size ?? 1;
}

export const HABITAT_WORDS: Record<string, string> = {
  air: "air",
  trees: "trees",
  ground: "ground",
  underground: "underground",
  water: "water",
};

export const ACTIVITY_WORDS: Record<string, string> = {
  diurnal: "diurnal (day)",
  nocturnal: "nocturnal (night)",
  both: "day and night",
  crepuscular: "crepuscular (dawn and dusk: plays as day)",
};

export const DIET_WORDS: Record<string, string> = {
  herbivore: "herbivore",
  insectivore: "insectivore",
  piscivore: "fish-eater",
  carnivore: "carnivore",
  omnivore: "omnivore",
  scavenger: "scavenger",
};

/** Short diet labels for the small habitat tiles. */
export const DIET_SHORT: Record<string, string> = {
  herbivore: "herb",
  insectivore: "insect",
  piscivore: "fish",
  carnivore: "carn",
  omnivore: "omni",
  scavenger: "scav",
};

const SUN = "#E69F00";
const MOON = "#0072B2";

function sun(cx: number, cy: number, r: number): SVGElement[] {
  const rays = Array.from({ length: 8 }, (_, i) => {
    const a = (i * Math.PI) / 4;
    return s("line", {
      x1: (cx + Math.cos(a) * (r + 1.5)).toFixed(1),
      y1: (cy + Math.sin(a) * (r + 1.5)).toFixed(1),
      x2: (cx + Math.cos(a) * (r + 3.5)).toFixed(1),
      y2: (cy + Math.sin(a) * (r + 3.5)).toFixed(1),
      stroke: SUN,
      "stroke-width": 1.4,
    });
  });
  return [s("circle", { cx, cy, r, fill: SUN, stroke: "#222", "stroke-width": 0.6 }), ...rays];
}

function moon(cx: number, cy: number, r: number): SVGElement {
  // a crescent, horns to the right: the left half of a circle less a shallower arc
  const x = cx + r / 2; // the crescent spans x - r .. x: centre it on cx
  const top = `${x},${cy - r}`;
  const bottom = `${x},${cy + r}`;
  const d = `M${top} A${r},${r} 0 0 0 ${bottom} A${r * 1.25},${r * 1.25} 0 0 1 ${top} Z`;
  return s("path", { d, fill: MOON, stroke: "#222", "stroke-width": 0.6 });
}

/** The activity icon of a card: sun, moon and star, both, or a rising sun. */
export function activityIcon(activity: string, size = 16): SVGSVGElement {
  const svg = s("svg", {
    class: "ww-icon ww-activity-icon",
    viewBox: "0 0 24 16",
    width: (size * 24) / 16,
    height: size,
    role: "img",
    "aria-label": ACTIVITY_WORDS[activity] ?? activity,
    "data-activity": activity,
  });
  svg.append(s("title", {}, ACTIVITY_WORDS[activity] ?? activity));
  if (activity === "diurnal") svg.append(...sun(12, 8, 4));
  else if (activity === "nocturnal") {
    svg.append(moon(11, 8, 6), s("circle", { cx: 19, cy: 4, r: 1.4, fill: MOON }));
  } else if (activity === "both") {
    svg.append(...sun(6.5, 8, 3), moon(18, 8, 5));
  } else {
    // crepuscular: half a sun on the horizon
    svg.append(
      s("path", { d: "M6,12 A6,6 0 0 1 18,12 Z", fill: SUN, stroke: "#222", "stroke-width": 0.6 }),
      s("line", { x1: 1, y1: 12.5, x2: 23, y2: 12.5, stroke: "#222", "stroke-width": 1.2 }),
    );
  }
  return svg;
}

const HABITAT_FILL: Record<string, string> = {
  air: "#56B4E9",
  trees: "#009E73",
  ground: "#E69F00",
  underground: "#CC79A7",
  water: "#0072B2",
};

/** A habitat icon: a shape per habitat (waves of air, a tree, a ground line, a burrow, drops). */
export function habitatIcon(habitat: string, size = 14): SVGSVGElement {
  const fill = HABITAT_FILL[habitat] ?? "#999";
  const svg = s("svg", {
    class: "ww-icon ww-habitat-icon",
    viewBox: "0 0 16 16",
    width: size,
    height: size,
    role: "img",
    "aria-label": HABITAT_WORDS[habitat] ?? habitat,
    "data-habitat": habitat,
  });
  svg.append(
    s("title", {}, HABITAT_WORDS[habitat] ?? habitat),
    s("rect", { x: 0.5, y: 0.5, width: 15, height: 15, rx: 3, fill: "#fff", stroke: fill }),
  );
  const line = { fill: "none", stroke: fill, "stroke-width": 1.8, "stroke-linecap": "round" };
  switch (habitat) {
    case "air":
      svg.append(
        s("path", { d: "M3,6 q2.5,-3 5,0 t5,0", ...line }),
        s("path", { d: "M3,11 q2.5,-3 5,0 t5,0", ...line }),
      );
      break;
    case "trees":
      svg.append(
        s("path", { d: "M8,2 L13,10 L3,10 Z", fill }),
        s("rect", { x: 7, y: 10, width: 2, height: 4, fill: "#5b3a1a" }),
      );
      break;
    case "ground":
      svg.append(
        s("rect", { x: 2, y: 9, width: 12, height: 5, fill }),
        s("path", { d: "M3,9 L5,5 L7,9 M9,9 L11,6 L13,9", ...line }),
      );
      break;
    case "underground":
      svg.append(
        s("line", { x1: 2, y1: 5, x2: 14, y2: 5, ...line }),
        s("path", { d: "M4,5 Q8,16 12,5", fill }),
      );
      break;
    case "water":
      svg.append(
        s("path", { d: "M5,3 Q8,8 5,10 Q2,8 5,3 Z", fill }),
        s("path", { d: "M11,6 Q14,11 11,13 Q8,11 11,6 Z", fill }),
      );
      break;
    default:
      svg.append(s("circle", { cx: 8, cy: 8, r: 4, fill }));
  }
  return svg;
}

/** A die face with pips (the number is also in its label). */
export function dieFace(
  value: number,
  who: "hunter" | "prey" | "single",
  size = 30,
): SVGSVGElement {
  const svg = s("svg", {
    class: `ww-die ww-die-${who}`,
    viewBox: "0 0 30 30",
    width: size,
    height: size,
    role: "img",
    "aria-label": `die: ${value}`,
    "data-face": value,
  });
  svg.append(
    s("rect", {
      x: 1.5,
      y: 1.5,
      width: 27,
      height: 27,
      rx: 5,
      class: "ww-die-body",
    }),
  );
  const at: Record<number, [number, number][]> = {
    1: [[15, 15]],
    2: [
      [8, 8],
      [22, 22],
    ],
    3: [
      [8, 8],
      [15, 15],
      [22, 22],
    ],
    4: [
      [8, 8],
      [22, 8],
      [8, 22],
      [22, 22],
    ],
    5: [
      [8, 8],
      [22, 8],
      [15, 15],
      [8, 22],
      [22, 22],
    ],
    6: [
      [8, 7],
      [22, 7],
      [8, 15],
      [22, 15],
      [8, 23],
      [22, 23],
    ],
  };
  for (const [cx, cy] of at[value] ?? [])
    svg.append(s("circle", { cx, cy, r: 2.6, class: "ww-pip" }));
  if (!at[value]) svg.append(s("text", { x: 15, y: 20, "text-anchor": "middle" }, String(value)));
  return svg;
}

/** The Day/Night card: a sun on a pale face or a moon and stars on a dark one. */
export function dayNightIcon(day: boolean, size = 40): SVGSVGElement {
  const svg = s("svg", {
    class: `ww-daynight-icon ${day ? "ww-day" : "ww-night"}`,
    viewBox: "0 0 40 40",
    width: size,
    height: size,
    "aria-hidden": "true",
  });
  svg.append(s("rect", { x: 1, y: 1, width: 38, height: 38, rx: 6, class: "ww-daynight-face" }));
  if (day) svg.append(...sun(20, 20, 8).map(scaleRays));
  else
    svg.append(
      moon(18, 20, 11),
      s("circle", { cx: 31, cy: 10, r: 1.8, fill: "#fff" }),
      s("circle", { cx: 33, cy: 27, r: 1.3, fill: "#fff" }),
    );
  return svg;
}

function scaleRays(el: SVGElement): SVGElement {
  if (el.tagName === "line") el.setAttribute("stroke-width", "2.2");
  return el;
}
