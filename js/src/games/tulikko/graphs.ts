/**
 * The two graphs of a map, for drawing only (Python's networkx has the same ones:
 * `tulikko.zones_graph` and `tulikko.river_graph`): connected components of same-colour
 * neighbouring tiles (the zones), and of river tokens meeting at grid corners (the stretches).
 */
import type { MapCell, Token } from "./types";

/** Components of an undirected graph given as adjacency lists. */
function components<K>(nodes: K[], neighbours: (k: K) => K[]): K[][] {
  const seen = new Set<K>();
  const out: K[][] = [];
  for (const start of nodes) {
    if (seen.has(start)) continue;
    const comp: K[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const k = stack.pop() as K;
      comp.push(k);
      for (const n of neighbours(k)) {
        if (!seen.has(n)) {
          seen.add(n);
          stack.push(n);
        }
      }
    }
    out.push(comp);
  }
  return out;
}

/** The zones of one colour: cells, each zone sorted, largest zones first. */
export function zones(map: MapCell[], cols: number): number[][] {
  const colour = new Map(map.filter((c) => c.tile).map((c) => [c.cell, c.tile!.colour]));
  const cells = [...colour.keys()];
  const neighbours = (cell: number): number[] => {
    const out: number[] = [];
    const c = cell % cols;
    for (const n of [
      cell - cols,
      cell + cols,
      c > 0 ? cell - 1 : -1,
      c < cols - 1 ? cell + 1 : -1,
    ]) {
      if (colour.has(n) && colour.get(n) === colour.get(cell)) out.push(n);
    }
    return out;
  };
  return components(cells, neighbours)
    .map((z) => z.sort((a, b) => a - b))
    .sort((a, b) => b.length - a.length || a[0] - b[0]);
}

export interface Stretch {
  tokens: Token[];
  /** Grid corners [y, x] the stretch passes through, sorted. */
  corners: [number, number][];
}

/** The river stretches: river tokens joined where their segments meet at a corner. */
export function riverStretches(tokens: Token[]): Stretch[] {
  const rivers = tokens.filter((t) => t.kind === "river");
  const key = (p: [number, number]) => `${p[0]},${p[1]}`;
  const byCorner = new Map<string, number[]>();
  rivers.forEach((t, i) => {
    for (const p of t.border) byCorner.set(key(p), [...(byCorner.get(key(p)) ?? []), i]);
  });
  const comps = components(
    rivers.map((_, i) => i),
    (i) => rivers[i].border.flatMap((p) => byCorner.get(key(p)) ?? []),
  );
  return comps
    .map((comp) => {
      const corners = new Map<string, [number, number]>();
      for (const i of comp) for (const p of rivers[i].border) corners.set(key(p), p);
      return {
        tokens: comp.sort((a, b) => a - b).map((i) => rivers[i]),
        corners: [...corners.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]),
      };
    })
    .sort((a, b) => b.tokens.length - a.tokens.length);
}
