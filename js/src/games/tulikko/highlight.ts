/** What the cascade event shown touched, as sets the drawing code can ask. */
import type { BoardContext } from "../../kit";

export interface Touched {
  slots: Set<string>;
  tiles: Set<number>;
  /** "seat:cell" */
  cells: Set<string>;
  /** "seat:a-b" (a < b) */
  edges: Set<string>;
  cards: Set<string>;
  auroras: Set<string>;
  players: Set<number>;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export const edgeId = (seat: number, a: number, b: number): string =>
  `${seat}:${Math.min(a, b)}-${Math.max(a, b)}`;

export function touchedOf(ctx: BoardContext): Touched {
  const t = ctx.stepEvent?.touched ?? {};
  const pairs = list(t.cells).filter((p): p is [number, number] => Array.isArray(p));
  const edges = list(t.edges).filter((e): e is [number, number, number] => Array.isArray(e));
  return {
    slots: new Set(list(t.slots).map(String)),
    tiles: new Set(list(t.tiles).map(Number)),
    cells: new Set(pairs.map(([seat, cell]) => `${seat}:${cell}`)),
    edges: new Set(edges.filter((e) => e.length >= 3).map(([p, a, b]) => edgeId(p, a, b))),
    cards: new Set(list(t.cards).map(String)),
    auroras: new Set(list(t.auroras).map(String)),
    players: new Set(list(t.players).map(Number)),
  };
}
