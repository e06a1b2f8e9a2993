/** What the cascade event shown touched, as sets the drawing code can ask, and the helper
 * that makes an element a button for a target. */
import type { BoardContext } from "../../kit";
import type { TargetKey } from "./targets";

export interface Touched {
  /** "q,r" */
  hexes: Set<string>;
  /** Species card ids and Biotope card ids. */
  cards: Set<string>;
  players: Set<number>;
  /** Cube colours. */
  cubes: Set<string>;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function touchedOf(ctx: BoardContext): Touched {
  const t = ctx.stepEvent?.touched ?? {};
  return {
    hexes: new Set(
      list(t.hexes)
        .filter((h): h is number[] => Array.isArray(h) && h.length >= 2)
        .map((h) => `${Number(h[0])},${Number(h[1])}`),
    ),
    cards: new Set(list(t.cards).map(String)),
    players: new Set(list(t.players).map(Number)),
    cubes: new Set(list(t.cubes).map(String)),
  };
}

/** Makes a board element act as a button for a target, when that target has legal actions. */
export type Clickable = (el: Element, key: TargetKey, name: string) => void;
