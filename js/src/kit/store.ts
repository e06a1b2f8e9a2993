/**
 * UI-only state (replay position, playback, hover, dismissed error, board selection).
 * It lives in the browser and never syncs to Python.
 */

export interface UIState {
  /** Cascade step shown; -1 = the current state. */
  step: number;
  /** The cascade player is playing. */
  playing: boolean;
  /** The error text the user dismissed (shown again when `error` changes). */
  dismissedError: string | null;
  /** Food-web node under the pointer or keyboard focus. */
  hoverNode: string | null;
  /** The board renderer's own state (selection, open tree nodes): mutated in place. */
  board: Record<string, unknown>;
  /** Milliseconds between two bot moves while the bots go on. */
  botDelay: number;
  /** Go: the bots play on (at `botDelay`) until paused or the game ends. */
  going: boolean;
  /** The action whose cascade is shown, when it is not the last one (null: the last). */
  shown: number | null;
  /** A bot move was asked for and Python has not answered yet. */
  thinking: boolean;
  /** A short message for the person (a click made while a bot thinks); null: none. */
  notice: string | null;
  /** Bumped when the timeline (the `history` messages) changes. */
  timelineRev: number;
  /** Bumped when an old action's cascade (a `shown` message) arrives. */
  shownRev: number;
  /** Bumped when a hint (progress, choices) arrives from Python. */
  hintRev: number;
  /** Bumped when a What if… answer (the draws, an alternative) arrives or is closed. */
  whatIfRev: number;
  /** The board and the cascade player show the What if… alternative, not what happened. */
  comparing: boolean;
  /** Bumped when a Why? or a story (a `why` or `story` message) arrives or is closed. */
  whyRev: number;
  /** A click on a thing of the board asks its story instead of playing. */
  storyMode: boolean;
}

export type Listener<S> = (changed: (keyof S)[]) => void;

export interface Store<S> {
  get(): Readonly<S>;
  /** Merge a patch; listeners hear about the keys whose value changed. */
  set(patch: Partial<S>): void;
  subscribe(listener: Listener<S>): () => void;
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state = { ...initial };
  const listeners = new Set<Listener<S>>();
  return {
    get: () => state,
    set(patch) {
      const changed = (Object.keys(patch) as (keyof S)[]).filter(
        (k) => !Object.is(state[k], patch[k]),
      );
      if (changed.length === 0) return;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener(changed);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function createUIStore(step = -1): Store<UIState> {
  return createStore<UIState>({
    step,
    playing: false,
    dismissedError: null,
    hoverNode: null,
    board: {},
    botDelay: 800,
    going: true,
    shown: null,
    thinking: false,
    notice: null,
    timelineRev: 0,
    shownRev: 0,
    hintRev: 0,
    whatIfRev: 0,
    comparing: false,
    whyRev: 0,
    storyMode: false,
  });
}
