/** The Tulikko view, as `Tulikko.view()` writes it (src/ecogames/games/tulikko/rules.py). */

export type Side = "north" | "east" | "south" | "west";
export type Slot = Side | "center";

export interface Tile {
  id: number;
  colour: string;
  back: string;
}

export interface MapCell {
  cell: number;
  row: number;
  col: number;
  symbol: string;
  tile: Tile | null;
}

export interface Token {
  /** The two neighbouring cells, smaller first. */
  cells: [number, number];
  kind: "animal" | "river";
  /** The border segment: two grid corners [y, x]. */
  border: [[number, number], [number, number]];
  /** The id its story and Why? name (`token:<n>`, by the place it lies on). */
  story?: string;
}

export interface PlayerView {
  seat: number;
  name: string;
  animal: string | null;
  map: MapCell[] | null;
  tokens: Token[];
  supply: { animal: number; river: number };
  pile: number;
  start_tile: Tile | null;
  turns: number;
  auroras: string[];
  fulfilled: string[];
  symbol_cards: string[];
  score: number;
  largest_zone: number;
}

export interface LandscapeCard {
  id: string;
  type: "shape" | "river" | "color";
  name: string;
  text: string;
  icon: boolean;
  test: "tiles" | "river_shape" | "river_edges" | "river_stretch";
  cells?: [number, number][];
  colours?: (string | null)[];
  differ?: [number, number][];
  all_different?: boolean;
  fixed?: boolean;
  segments?: [[number, number], [number, number]][];
  edges?: string;
  min_tokens?: number;
  /** Animal tokens on the card, per seat. */
  tokens: number[];
  fulfilled_by: number[];
}

export interface SymbolCard {
  id: string;
  symbol: string;
  owner: number | null;
  tokens: number;
}

export interface Aurora {
  id: string;
  colour: string;
  number: number;
  effect: string;
  text: string;
  holder: number | null;
  used: boolean;
}

export interface PendingTokens {
  cell: number;
  neighbours: { cell: number; kind: "animal" | "river"; available: boolean }[];
}

export interface TulikkoView {
  game: string;
  you: number | null;
  phase: string;
  phase_text: string;
  active: number | null;
  map_size: { rows: number; cols: number };
  board: {
    /** Each slot's tile; the middle one is "hidden". */
    slots: Record<Slot, Tile | "hidden" | null>;
    sides: Record<Side, string>;
  };
  /** The tile turned over, to slide in. */
  hand: Tile | null;
  /** The ejected tile, to place, with the side it came out of and that side's symbol. */
  held: (Tile & { side: Side; symbol: string }) | null;
  pending_tokens: PendingTokens | null;
  maps_available: string[];
  players: PlayerView[];
  landscape_cards: LandscapeCard[];
  symbol_cards: SymbolCard[];
  auroras: Aurora[];
  discarded: Tile[];
  box: number;
  final_round: boolean;
  outcome: { winners: number[]; scores: number[]; reason: string } | null;
}

/** The static drawing data the Python widget sends once (`layout`). */
export interface TulikkoLayout {
  maps?: Record<string, string[]>;
}

/** Tell a Tulikko view from anything else (another game's fixture, a broken trait). */
export function isTulikkoView(v: unknown): v is TulikkoView {
  const o = v as Partial<TulikkoView> | null;
  return (
    !!o &&
    Array.isArray(o.players) &&
    !!o.board &&
    typeof o.board === "object" &&
    !!o.board.slots &&
    Array.isArray(o.landscape_cards)
  );
}
