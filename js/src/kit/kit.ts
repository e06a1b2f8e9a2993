/** What every part of the widget shares: the model, the traits read so far, the UI store. */
import type { AnyModel } from "./model";
import type { Store, UIState } from "./store";
import type { WhyState } from "./why";
import type {
  Cascade,
  FoodWeb,
  GameEvent,
  HistoryEntry,
  LegalAction,
  Message,
  Series,
  Status,
  TraitName,
  Traits,
  View,
} from "./types";

/** Given to a game's board renderer on each draw. */
export interface BoardContext {
  /** Every legal action now (the board should make only these clickable). */
  legal: LegalAction[];
  /** Send a protocol message, e.g. `{kind: "act", id}`. */
  send(content: Message): void;
  /**
   * The cascade event shown: the replayed one, or the last one at the current state (what the
   * last action just did); null when there is no cascade.
   */
  stepEvent: GameEvent | null;
  /** True while a past cascade step is shown: the board should not offer actions then. */
  isReplaying: boolean;
  status: Status;
  /** Static drawing data from Python (the `drawing` trait). */
  layout: Record<string, unknown>;
  /** Seats played by bots: {"<seat>": "<bot name>"} (no clicks for them on the board). */
  bots: Record<string, string>;
  /** The last action's whole cascade, and the step shown (-1: the current state). */
  cascade: Cascade;
  step: number;
  /** The renderer's own UI state (selection, open panels); kept across draws, never synced. */
  ui: Record<string, unknown>;
  /** Draw the board again, e.g. after changing `ui`. */
  rerender(): void;
}

export type BoardRenderer = (host: HTMLElement, view: View, ctx: BoardContext) => void;

export interface GameWidgetOptions {
  /** Draws the game's board into `host` (emptied before each call). Default: a key/value tree. */
  renderBoard?: BoardRenderer;
  /** Called with each custom message that Python sends to the browser. */
  onMessage?: (content: unknown, ctx: BoardContext) => void;
}

/** An old action's cascade as Python recomputed it (the answer to a `show` message). */
export interface ShownAction {
  cascade: Cascade;
  /** The view (its dynamic part) right after that action. */
  view: View;
  /** The food web then, when it changes in play. */
  food_web?: FoodWeb;
}

/** One of a hint's choices: the legal action's id (null: not legal any more), its label, the
 * search's playouts of it and its mean result (0..1, about the win rate). */
export interface HintChoice {
  id: number | null;
  label: string;
  visits: number;
  value: number;
}

/** The last hint Python sent (`hint` messages): progress while searching, then the choices. */
export interface HintState {
  status: "searching" | "done" | "cancelled" | "error";
  /** The turn (number of actions played) it was searched at. */
  turn: number;
  seat: number;
  done: number;
  /** Playouts planned (0: a time budget). */
  planned: number;
  seconds: number;
  choices: HintChoice[];
  cooperative: boolean;
  error: string;
}

/** One outcome a chance draw could have had. */
export interface ChanceOutcome {
  outcome: unknown;
  label: string;
  probability: number;
}

/** A chance draw as the board's seat may see it (`ChanceDraw.to_json(viewer)`). */
export interface ChanceDrawInfo {
  name: string;
  number: number;
  outcomes: ChanceOutcome[];
  /** What came out; null when it was secret to this seat. */
  outcome: unknown;
  secret: boolean;
  /** The seat may change it (it may see what came out). */
  open: boolean;
}

/** "What if" an action's draw had come out otherwise: Python's `what_if` answer. */
export interface Alternative {
  action: number;
  draw: number;
  choice: number;
  name: string;
  /** The outcome asked for, and the real one, in words. */
  outcome: string;
  real: string;
  cascade: Cascade;
  view: View;
  /** The populations of the alternative, played on by bots. */
  series: Series;
  played_on: number;
  stand_in: string;
}

/** The What if… panel's state: the action asked about, its draws, the alternative. */
export interface WhatIfState {
  action: number | null;
  draws: ChanceDrawInfo[] | null;
  alternative: Alternative | null;
}

/** The shared state of one rendered widget. */
export interface Kit {
  model: AnyModel;
  store: Store<UIState>;
  /** The traits as last read (refreshed on every change event). */
  traits: Traits;
  /** Every action played, oldest first (from Python's `history` messages). */
  timeline: HistoryEntry[];
  /** Old actions' cascades already fetched, by action number. */
  shownCache: Map<number, ShownAction>;
  /** How many chance draws each action of the timeline made (What if… needs one). */
  drawCounts: number[];
  /** The last hint asked for. */
  hint: HintState | null;
  /** The What if… panel. */
  whatIf: WhatIfState;
  /** The last Why? or story Python answered (null: none shown). */
  why: WhyState | null;
  send(message: Message): void;
  /** Show cascade step `step` (-1 = after the action) of the action shown; tells Python
   * when that is the last action. */
  goTo(step: number): void;
  /** Show action `action`'s cascade at `step` (asks Python for it if need be); the last
   * action (or null) is the current cascade. Changes nothing in the game. */
  showAction(action: number | null, step?: number | "first"): void;
  /** The traits as the board, the cascade player and the food web draw them: those of the
   * What if… alternative while it is compared, else of the action shown (its cascade, the
   * view and food web after it), else the current ones. */
  display(): Traits;
}

/** A piece of the widget: its element, and how to bring it up to date. */
export interface Part {
  el: HTMLElement;
  update(): void;
  destroy?(): void;
}

/** Which trait and store changes a part depends on. */
export interface PartSpec {
  make(kit: Kit): Part;
  traits: readonly TraitName[];
  ui: readonly (keyof UIState)[];
}
