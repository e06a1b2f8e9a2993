/** A fake anywidget model and helpers to render the widget from a fixture. */
import { afterEach } from "vitest";
import { createGameWidget } from "../src/kit";
import { readLegal } from "../src/kit/model";
import type { GameWidgetOptions, WidgetModule } from "../src/kit";
import type { HistoryEntry, Traits } from "../src/kit/types";

/** A timeline entry from a label or a partial entry. */
export function entryOf(e: string | Partial<HistoryEntry>): HistoryEntry {
  const o = typeof e === "string" ? { label: e } : e;
  return { label: "", seat: null, bot: "", step: 0, log: [], ...o };
}

/** The timeline a fixture holds: entries (exported from Python) or labels with a separate
 * `log` (the hand-written ones: the sentences go to the last entry). */
export function timelineOf(values: Record<string, unknown>): HistoryEntry[] {
  const history = Array.isArray(values.history) ? values.history : [];
  const entries = history.map((e) => entryOf(e as string | Partial<HistoryEntry>));
  const log = Array.isArray(values.log) ? (values.log as string[]) : [];
  if (log.length && entries.every((e) => e.log.length === 0)) {
    if (entries.length === 0) entries.push(entryOf({ label: "set-up" }));
    entries[entries.length - 1].log = [...log];
  }
  return entries;
}

type Callback = (...args: unknown[]) => void;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Behaves like anywidget's model: set() fires change:<name> (when the value changes), then
 * "change" once, as Backbone does at the end of an update; update() sets several at once. */
export class FakeModel {
  readonly sent: unknown[] = [];
  private values: Record<string, unknown>;
  private handlers = new Map<string, Set<Callback>>();

  constructor(values: Record<string, unknown> = {}) {
    this.values = structuredClone(values);
  }

  get(name: string): unknown {
    return this.values[name];
  }

  set(name: string, value: unknown): void {
    this.update({ [name]: value });
  }

  update(values: Record<string, unknown>): void {
    const changed = Object.keys(values).filter((name) => !same(this.values[name], values[name]));
    for (const name of changed) this.values[name] = values[name];
    for (const name of changed) this.fire(`change:${name}`, this, values[name]);
    if (changed.length) this.fire("change", this);
  }

  on(event: string, callback: Callback): void {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(callback);
  }

  off(event?: string | null, callback?: Callback | null): void {
    if (!event) {
      this.handlers.clear();
      return;
    }
    if (!callback) this.handlers.delete(event);
    else this.handlers.get(event)?.delete(callback);
  }

  save_changes(): void {}

  /** The browser's messages; a `hello` (sent at every render) is answered as Python does,
   * with the whole timeline, and not recorded in `sent`. */
  send(content: unknown): void {
    if ((content as { kind?: unknown })?.kind === "hello") {
      this.hellos += 1;
      this.emit({ kind: "history", from: 0, entries: timelineOf(this.values) });
      return;
    }
    this.sent.push(content);
  }

  hellos = 0;

  /** Python's timeline message: `entries` (labels or entries) from action `from` on. */
  history(entries: (string | Partial<HistoryEntry>)[], from = 0): void {
    this.emit({ kind: "history", from, entries: entries.map(entryOf) });
  }

  /** Python -> browser custom message. */
  emit(content: unknown, buffers: unknown[] = []): void {
    this.fire("msg:custom", content, buffers);
  }

  listenerCount(): number {
    let n = 0;
    for (const set of this.handlers.values()) n += set.size;
    return n;
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const cb of [...(this.handlers.get(event) ?? [])]) cb(...args);
  }
}

/** A widget's traits as Python exported them, and `step`: the cascade step the browser showed
 * when the fixture was taken (the browser's own state, not a trait: `mount` goes there). */
export type Fixture = Partial<Traits> & { step?: number } & Record<string, unknown>;

/** Every fixture in tests/fixtures, by file name (generic-pond.json, <game>-<situation>.json). */
export const fixtures: Record<string, Fixture> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Fixture>("./fixtures/*.json", { eager: true, import: "default" }),
  ).map(([path, data]) => [path.replace("./fixtures/", ""), data]),
);

/** A copy of the fixture, its `legal` read into `{id, label, action}` objects (Python sends
 * `[label, action]` pairs; the raw fixtures in `fixtures` keep them). */
export function fixture(name: string): Fixture {
  const f = fixtures[name];
  if (!f) throw new Error(`no fixture ${name}`);
  const copy = structuredClone(f);
  if (Array.isArray(copy.legal)) copy.legal = readLegal(copy.legal);
  return copy;
}

export interface Mounted {
  model: FakeModel;
  el: HTMLElement;
  cleanup: () => void;
  /** The element with this data-testid (throws when missing). */
  get(testid: string): HTMLElement;
  /** The element with this data-testid, or null. */
  find(testid: string): HTMLElement | null;
  click(testid: string): void;
  /** Text of the default board tree. */
  boardText(): string;
  /** Show cascade step `step` of the action shown as a person does, with the arrow keys
   * (the browser owns the shown step: nothing Python syncs sets it). The last event is
   * shown by the current state (-1), as the player shows it. */
  showStep(step: number): void;
}

const shownStepOf = (el: HTMLElement): number =>
  Number(el.querySelector<HTMLElement>('[data-testid="cascade-text"]')?.dataset.step ?? -1);

function pressUntil(el: HTMLElement, wanted: number): void {
  const root = el.firstElementChild;
  if (!root) throw new Error("nothing rendered");
  const of = /of (\d+)/.exec(
    el.querySelector('[data-testid="cascade-position"]')?.textContent ?? "",
  );
  const step = of && wanted === Number(of[1]) - 1 ? -1 : wanted;
  for (let i = 0; i < 500 && shownStepOf(el) !== step; i++) {
    const now = shownStepOf(el);
    // forward from the last event but one is the current state (-1), which back leaves for
    // the last event
    const key = step !== -1 && (now === -1 || now > step) ? "ArrowLeft" : "ArrowRight";
    root.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  }
  if (shownStepOf(el) !== step) throw new Error(`cannot reach cascade step ${step}`);
}

/** The bundled widget entries (src/entries/<name>.ts), by name. */
export const entries: Record<string, WidgetModule> = Object.fromEntries(
  Object.entries(
    import.meta.glob<WidgetModule>("../src/entries/*.ts", { eager: true, import: "default" }),
  ).map(([path, widget]) => [path.replace(/^.*\/(.*)\.ts$/, "$1"), widget]),
);

/** The entry that draws `game`, or the generic one while the game has none. */
export const entryFor = (game: string): string => (game in entries ? game : "generic");

/** Render a widget (the kit with `options`, or a given widget module) on a fake model. */
export function mount(
  values: Record<string, unknown>,
  options: GameWidgetOptions | WidgetModule = {},
): Mounted {
  const model = new FakeModel(values);
  const el = document.createElement("div");
  document.body.append(el);
  const widget = "render" in options ? options : createGameWidget(options);
  const cleanup = widget.render({ model, el });
  const find = (testid: string) => el.querySelector<HTMLElement>(`[data-testid="${testid}"]`);
  const get = (testid: string) => {
    const found = find(testid);
    if (!found) throw new Error(`no element with data-testid="${testid}"`);
    return found;
  };
  const mounted: Mounted = {
    model,
    el,
    cleanup,
    get,
    find,
    click: (testid) => get(testid).click(),
    boardText: () => get("board").textContent ?? "",
    showStep: (step) => pressUntil(el, step),
  };
  if (typeof values.step === "number" && values.step >= 0) {
    mounted.showStep(values.step); // where the fixture's browser stood
    model.sent.length = 0;
  }
  return mounted;
}

/** `open(values, options?)`: `mount`, with every widget it mounted cleaned up and the page
 * emptied after each test of the file that calls this (once, at its top level).
 * `defaults`: the options or widget module when `open` is given none. */
export function mountsCleanedAfterEach(
  defaults: GameWidgetOptions | WidgetModule = {},
): (values: Record<string, unknown>, options?: GameWidgetOptions | WidgetModule) => Mounted {
  let mounted: Mounted[] = [];
  afterEach(() => {
    for (const m of mounted) m.cleanup();
    mounted = [];
    document.body.replaceChildren();
  });
  return (values, options = defaults) => {
    const m = mount(values, options);
    mounted.push(m);
    return m;
  };
}

export const isHidden = (el: HTMLElement): boolean => el.hidden || el.closest("[hidden]") !== null;
