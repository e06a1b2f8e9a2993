/** The Tori-Tori view, as `ToriTori.view()` writes it (docs/rules/toritori.md, "View format"). */

export type Location = string; // "1".."12", "village", "industry"

export interface Token {
  id: number;
  species: string;
  /** What the animal has eaten, bottom first. */
  under: string[];
  protected_by: number | null;
}

export interface Square {
  id: string;
  row: number;
  col: number;
  kind: "sea" | "village" | "industry" | "common";
  sector: number | null;
}

export interface Card {
  id: string;
  kind: string;
  label: string;
}

export interface Pawn {
  player: number;
  colour: string;
  at: Location;
  protecting: number | null;
}

export interface AbilitySpace {
  id: string;
  label: string;
  abilities: string[];
}

export interface ToriView {
  players: number;
  difficulty: string;
  layout: string;
  squares: Square[];
  sectors: Record<string, { tokens: Token[]; capacity: number }>;
  settlements: Record<"village" | "industry", { sustainable: boolean }>;
  pawns: Pawn[];
  slots: { slot: string; card: Card | null }[];
  pile: number;
  discard: number;
  discard_top: Card | null;
  round: number;
  defeat_round: number;
  dice: { red: string; blue: string } | null;
  resolving: string | null;
  active_player: number;
  action_points: number;
  stage: string;
  ability_map: {
    spaces: AbilitySpace[];
    edges: [string, string][];
    markers: Record<string, string>;
  };
  abilities: Record<string, string[]>;
  supply: Record<string, number>;
  counts: Record<string, number>;
  decision: { kind: string; prompt: string; options: (number | string)[] } | null;
  outcome: { result: "victory" | "defeat"; reason: string } | null;
}

/** Tell a Tori-Tori view from anything else (a fixture of another game, a broken trait). */
export function isToriView(v: unknown): v is ToriView {
  const o = v as Partial<ToriView> | null;
  return !!o && Array.isArray(o.squares) && typeof o.sectors === "object" && !!o.sectors;
}
