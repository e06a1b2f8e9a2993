/** The Biotopes view, as `Biotopes.view()` writes it (src/ecogames/games/biotopes/rules.py),
 * and the static card faces the Python widget sends once (`layout`). */

export type Colour = "gray" | "green" | "yellow" | "blue";
export type Cubes = Record<string, number>;

export interface HexCell {
  hex: [number, number];
  biotope: string;
  /** Player index; -1 the Solo Mode's neutral tokens; null empty. */
  owner: number | null;
  edge: boolean;
}

export interface BiotopeSlot {
  card: string | null;
  biotope: string;
  side: "basic" | "advanced";
  habitat: string | null;
  /** Plants cubes on the Biotope card (all colours). */
  cubes: number;
  /** Those cubes by colour: the row's own, and any a Discreet Species moved there. */
  colours: Cubes;
}

export interface SpeciesSlot {
  card: string;
  cubes: Cubes;
}

export interface Ecosystem {
  player: number;
  name: string;
  colour: string;
  /** Territory tokens still on the Ecosystem board. */
  tokens: number;
  passed: boolean;
  /** Only the viewer's own hand and bag; null for the others. */
  hand: string[] | null;
  hand_size: number;
  bag: Cubes | null;
  bag_size: number;
  biotopes: BiotopeSlot[];
  rows: SpeciesSlot[][];
  spaces: Record<string, Cubes>;
  uses: Record<string, number>;
  territories: [number, number][];
  tiles: string[];
}

export interface Decision {
  t: string;
  p: number;
  for?: string;
  card?: string;
  colour?: number;
  hex?: [number, number];
  n?: number;
  played?: string;
  owner?: number;
}

export interface EnvSpace {
  space: number;
  token: string;
  label: string;
}

export interface Score {
  env_territories: number;
  env_biotope: number;
  env_type: number;
  env_cubes: number;
  cards: number;
  bonuses: number;
  biodiversity: number;
  fragmentation: number;
  carnivores: number;
  total: number;
}

export interface BiotopesView {
  players: number;
  cycle: number;
  cycles: number;
  board: string;
  stage: string;
  phase: string;
  current_player: number | null;
  initiative: number;
  environment: EnvSpace[];
  reserve: Cubes;
  landscape: HexCell[];
  tiles: { tile: string; side: string | null; rotation: number; centre: [number, number] }[];
  /** Landscape Construction, while tiles are placed and turned: each tile's faces (its 7
   * biotopes in TILE_SHAPE order, unturned) and their names. */
  tile_faces?: Record<string, TileFaces>;
  neutral_removed: number;
  decks: Record<string, number>;
  rivers: Record<string, string[]>;
  discards: Record<string, number>;
  ecosystems: Ecosystem[];
  decision: Decision | null;
  scores: Score[] | null;
}

export interface TileFaces {
  names: Record<string, string>;
  A: string[];
  B: string[];
}

export interface SpeciesFace {
  name: string;
  deck: string;
  vp: number;
  biotope: string;
  type: string;
  diet: string[];
  keyword: string;
  kind: string;
  icon: "action" | "reaction" | null;
  text: string;
}

export interface BiotopeFace {
  biotope: string;
  habitat: string;
  name: string;
  text: string;
}

/** The static drawing data (the `layout` trait). */
export interface BiotopesLayout {
  species?: Record<string, SpeciesFace>;
  biotope_cards?: Record<string, BiotopeFace>;
  environment?: { points: number[]; per: string[] };
}

/** Tell a Biotopes view from anything else (another game's fixture, a broken trait). */
export function isBiotopesView(v: unknown): v is BiotopesView {
  const o = v as Partial<BiotopesView> | null;
  return (
    !!o &&
    Array.isArray(o.landscape) &&
    Array.isArray(o.ecosystems) &&
    !!o.rivers &&
    typeof o.rivers === "object" &&
    typeof o.cycle === "number"
  );
}
