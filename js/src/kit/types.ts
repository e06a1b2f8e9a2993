/**
 * Types of the synced traits and of the messages, as written in docs/widget-protocol.md.
 * Python holds the truth: the browser only reads these traits and sends `Message`s back.
 */

import type { PatchOp } from "./patch";

/** A game view: game-specific JSON, drawn by the game's board renderer. */
export type View = unknown;

export interface Outcome {
  winners: number[];
  scores: number[];
  reason: string;
}

export interface Status {
  players: string[];
  /** The players win or lose together. */
  cooperative?: boolean;
  current_player: number | null;
  phase: string;
  is_over: boolean;
  outcome: Outcome | null;
  turn: number;
}

/** An action as the rules describe it: `{type, ...}`. */
export interface Action {
  type: string;
  [field: string]: unknown;
}

export interface LegalAction {
  id: number;
  label: string;
  action: Action;
}

/** What an event touched: game-specific lists of ids, plus food-web nodes and edges. */
export interface Touched {
  nodes?: string[];
  edges?: [string, string][];
  [what: string]: unknown;
}

export interface GameEvent {
  index: number;
  kind: string;
  text: string;
  /** Index of the event that set this one off; null when the action itself did. */
  cause: number | null;
  touched: Touched;
}

/** The last action's cascade; every field is absent when there is none (`{}`). */
export interface Cascade {
  label?: string;
  /** The action's number in the history (0: the first). */
  index?: number;
  action?: Action;
  events?: GameEvent[];
  /** `views[i]` is the game view after event i (small games may send them whole)... */
  views?: View[];
  /** ...or as patches backwards from the current view: `patches[i]` turns the view after
   * event i+1 (the current view for the last event) into the view after event i. */
  patches?: PatchOp[][];
}

export interface FoodWebNode {
  id: string;
  label: string;
  /** 0..1, left to right. */
  x: number;
  /** 0..1, bottom (producers) to top. */
  y: number;
  level: number;
  /** Python's layout (when the web has `width`): the label's lines, and its box
   * [x0, y0, x1, y1] in the panel's units, the text centred in it. */
  lines?: string[];
  box?: number[];
  /** Its colour and shape from the game's palette (a species, a diet group, a food). */
  colour?: string;
  shape?: string;
}

/** An edge points from the food to its eater. */
export interface FoodWebEdge {
  source: string;
  target: string;
  label: string;
}

export interface FoodWeb {
  nodes?: FoodWebNode[];
  edges?: FoodWebEdge[];
  /** Python's layout: the panel's size in its units (CSS pixels), the circles' radius and
   * the label line height; then x, y are node centres in those units. */
  width?: number;
  height?: number;
  radius?: number;
  line?: number;
  /** "above": labels sit above their circles and the room under each row of circles is
   * kept for the arrows, which come into every eater from below (Python's panel layout). */
  labels?: "above" | "below";
  /** Room on the left for the rows' legend. */
  gutter?: number;
  /** Each trophic row's level and vertical extent, top to bottom of its sub-rows. */
  rows?: FoodWebRow[];
}

export interface FoodWebRow {
  level: number;
  top: number;
  bottom: number;
}

/** One action of the timeline (sent as `history` messages, not as a trait). */
export interface HistoryEntry {
  /** "Player 2: Roll the dice". */
  label: string;
  /** The seat that played it (null: nobody's, e.g. a set-up step). */
  seat: number | null;
  /** The bot that chose it; "" for a person. */
  bot: string;
  /** The series' steps done after it (where it lies on the plot's x axis). */
  step: number;
  /** Its events' sentences. */
  log: string[];
}

/** The game's populations at each of its steps (`ecogames.core.series`), plus colours. */
export interface Series {
  /** What one step is ("round", "cycle"): the x axis label. */
  step?: string;
  steps?: number[];
  values?: Record<string, number[]>;
  /** Each quantity's colour, from the game's palette. */
  colours?: Record<string, string>;
  /** Each quantity's matplotlib marker ("o", "s", "^"...), from the palette's shapes. */
  markers?: Record<string, string>;
  /** What the quantities are ("Points and tokens left, by player"): the plot's title. */
  title?: string;
  /** What the y axis counts. */
  unit?: string;
}

export interface SetupOption {
  name: string;
  label: string;
  default: unknown;
  help?: string;
  /** A menu... */
  choices?: { value: unknown; label: string }[];
  /** ...or a whole number from low to high. */
  low?: number;
  high?: number;
  /** The value is a seat (from 0): the form shows it counted from 1 ("Player 1"). */
  counts_seats?: boolean;
}

/** `Game.setup_form()` and the game as set up now. */
export interface SetupForm {
  game?: string;
  title?: string;
  players?: { low: number; high: number; default: number };
  options?: SetupOption[];
  current?: { players: number; options: Record<string, unknown>; seats: Record<string, string> };
}

/** Every synced trait (Python -> browser). */
export interface Traits {
  game: string;
  title: string;
  view: View;
  status: Status;
  legal: LegalAction[];
  cascade: Cascade;
  food_web: FoodWeb;
  error: string;
  bots: Record<string, string>;
  bot_names: string[];
  /** Static drawing data laid out in Python (graph positions, board geometry); `{}` if none. */
  drawing: Record<string, unknown>;
  series: Series;
  setup: SetupForm;
}

export type TraitName = keyof Traits;

/** Messages (browser -> Python, through `model.send`). */
export type Message =
  | { kind: "act"; id: number }
  | { kind: "act"; action: Action }
  | { kind: "undo"; to?: number }
  | { kind: "bot" }
  | { kind: "seat"; player: number; bot: string }
  | {
      kind: "new_game";
      seed?: number;
      players?: number;
      options?: Record<string, unknown>;
      seats?: Record<string, string>;
    }
  | { kind: "step"; index: number }
  | { kind: "show"; action: number }
  | { kind: "hello" }
  | { kind: "hint" }
  | { kind: "hint_cancel" }
  | { kind: "chances"; action: number }
  | { kind: "what_if"; action: number; draw: number; choice: number }
  | { kind: "story"; subject: string }
  | { kind: "why"; question?: string; asked?: Record<string, string | number>; event?: number[] };
