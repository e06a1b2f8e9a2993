/** The Ability map, drawn from the networkx layout Python sends, with each player's marker. */
import { type BoardContext, s } from "../../kit";
import { pawnColour } from "./species";
import type { Clickable } from "./island";
import type { ToriView } from "./types";

const W = 420;
const H = 230;
const R = 15;
/** A player's marker: a dot of radius MARKER_R sitting above its space, MARKER_GAP apart. */
const MARKER_R = 5;
const MARKER_GAP = 9;
const MARKER_Y = -R - 2;
/** Room around the spaces so that a space on the edge keeps its markers inside the map: above
 * the top row (the N row) for the markers, beside the edge columns for four markers. */
const PAD_TOP = -MARKER_Y + MARKER_R + 4;
const PAD_BOTTOM = R + 4;
const PAD_X = Math.max(R, 1.5 * MARKER_GAP + MARKER_R) + 4;

type Positions = Record<string, [number, number]>;

export function drawAbilityMap(
  view: ToriView,
  ctx: BoardContext,
  clickable: Clickable,
): SVGSVGElement {
  const positions = (ctx.layout.ability_map ?? {}) as Positions;
  const at = (id: string): [number, number] => {
    const p = positions[id] ?? [0.5, 0.5];
    return [PAD_X + p[0] * (W - 2 * PAD_X), PAD_TOP + p[1] * (H - PAD_TOP - PAD_BOTTOM)];
  };
  const svg = s("svg", {
    class: "tt-abilities",
    viewBox: `0 0 ${W} ${H}`,
    width: W,
    height: H,
    role: "group",
    "aria-label": "Ability map",
    "data-testid": "ability-map",
  });
  for (const [a, b] of view.ability_map.edges) {
    const [x1, y1] = at(a);
    const [x2, y2] = at(b);
    svg.append(s("line", { x1, y1, x2, y2, class: "tt-ability-edge" }));
  }
  const markers = view.ability_map.markers;
  for (const space of view.ability_map.spaces) {
    const [x, y] = at(space.id);
    const here = Object.entries(markers)
      .filter(([, id]) => id === space.id)
      .map(([p]) => Number(p));
    const report = space.abilities.includes("environmental_report");
    const g = s("g", {
      transform: `translate(${x},${y})`,
      "data-testid": `space-${space.id}`,
      "data-markers": here.join(","),
      class: "tt-space",
    });
    g.append(
      s("circle", { r: R, class: `tt-space-dot${report ? " tt-space-report" : ""}` }),
      s("text", { y: 4, class: "tt-space-id", "text-anchor": "middle" }, space.id),
      s(
        "title",
        {},
        `${space.label}${space.abilities.length ? `: ${space.abilities.join(", ")}` : ""}`,
      ),
    );
    here.forEach((player, i) => {
      const pawn = view.pawns.find((p) => p.player === player);
      g.append(
        s("circle", {
          cx: (i - (here.length - 1) / 2) * MARKER_GAP,
          cy: MARKER_Y,
          r: MARKER_R,
          fill: pawnColour(pawn?.colour ?? ""),
          class: "tt-marker",
        }),
      );
    });
    svg.append(g);
    clickable(g, `space:${space.id}`, `${space.label} on the Ability map`);
  }
  return svg;
}

export function abilityNames(view: ToriView, player: number): string {
  const held = view.abilities[String(player)] ?? [];
  return held.map((a) => a.replace(/_/g, " ")).join(", ");
}
