/** The Ability map, drawn from the networkx layout Python sends, with each player's marker. */
import { type BoardContext, s } from "../../kit";
import { PAWN_COLOURS } from "./species";
import type { Clickable } from "./island";
import type { ToriView } from "./types";

const W = 420;
const H = 230;
const R = 15;

type Positions = Record<string, [number, number]>;

export function drawAbilityMap(
  view: ToriView,
  ctx: BoardContext,
  clickable: Clickable,
): SVGSVGElement {
  const positions = (ctx.layout.ability_map ?? {}) as Positions;
  const at = (id: string): [number, number] => {
    const p = positions[id] ?? [0.5, 0.5];
    return [20 + p[0] * (W - 40), 20 + p[1] * (H - 40)];
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
          cx: -R + 6 + i * 9,
          cy: -R - 2,
          r: 5,
          fill: PAWN_COLOURS[pawn?.colour ?? ""] ?? "#777",
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
