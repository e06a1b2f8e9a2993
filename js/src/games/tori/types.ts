/**
 * The Tori view, as `Tori.view(player)` writes it (src/ecogames/games/tori/rules.py), and the
 * static board the widget's `drawing_layout()` sends once in the `layout` trait.
 */

export type Cell = [number, number];

export interface BonusArea {
  id: string;
  zones: number[];
}

export interface BonusColour {
  id: string;
  goods: string[];
}

export interface PlayerView {
  name: string;
  coat_of_arms: string;
  hand_size: number;
  build_cards: number;
  goods_cards: number;
  /** The player's build cards by zone (one entry per card); null when hidden from the viewer. */
  build: number[] | null;
  goods: Record<string, number> | null;
  stall_supply: string[];
  versatility: boolean;
  area_bonus: BonusArea | null;
  colour_bonus: BonusColour | null;
}

export interface StallView {
  id: string;
  /** The id its story and Why? name (`stall:<n>`). */
  story?: string;
  owner: number;
  good: string;
  cell: Cell;
  facing: "N" | "E" | "S" | "W";
  entrance: Cell;
  expansions: Cell[];
  size: number;
  zone: number;
  entrance_empty: boolean;
}

export interface Score {
  gold: number;
  silver: number;
  versatility: number;
  area_bonus: number;
  colour_bonus: number;
  area_tiles: number;
  colour_tiles: number;
  total: number;
}

export interface ToriView {
  players: PlayerView[];
  active: number;
  phase: string;
  turn: number;
  must_discard: number;
  stalls: StallView[];
  /** Where each good's customer stands; null: on the colour-change tile. */
  customers: Record<string, Cell | null>;
  /** Each customer's id for stories and Why? (`customer:<n>`), by the goods it wants. */
  customer_ids?: Record<string, string>;
  colour_change: string | null;
  display: number[];
  pile: number;
  discard: number[];
  goods_supply: Record<string, number>;
  expansion_supply: Record<string, number>;
  majority: Record<string, { gold: number | null; silver: number | null }>;
  scores: Score[] | null;
}

export interface GoodInfo {
  id: string;
  name: string;
  danish: string;
  colour: string;
}

/** `layout` from the widget's drawing_layout() (never changes in a game). */
export interface ToriLayout {
  rows: number;
  cols: number;
  /** One letter per cell: s square, q quay, i information point, m mooring, w water. */
  terrain: string[];
  /** One digit per cell: its zone 1-9. */
  zones: string[];
  information_points: Cell[];
  goods: GoodInfo[];
  coats_of_arms: string[];
  hand_limit: number;
  display_size: number;
  expansion_tiles: Record<string, number>;
  goods_cards: number;
  points: { gold: number; silver: number; versatility: number; bonus: number };
  bonus_tiles: number;
  versatility_goods: number;
}

/** Tell a Tori view from anything else (a fixture of another game, a broken trait). */
export function isToriView(v: unknown): v is ToriView {
  const o = v as Partial<ToriView> | null;
  return (
    !!o &&
    Array.isArray(o.players) &&
    Array.isArray(o.stalls) &&
    Array.isArray(o.display) &&
    typeof o.customers === "object" &&
    !!o.customers &&
    typeof o.majority === "object" &&
    !!o.majority
  );
}

export function isToriLayout(v: unknown): v is ToriLayout {
  const o = v as Partial<ToriLayout> | null;
  return (
    !!o &&
    typeof o.rows === "number" &&
    typeof o.cols === "number" &&
    Array.isArray(o.terrain) &&
    Array.isArray(o.zones) &&
    Array.isArray(o.goods)
  );
}

export const cellKey = (c: Cell | [number, number]): string => `${c[0]},${c[1]}`;
