/**
 * Typed, defensive access to the synced traits of an anywidget model.
 * A missing or malformed trait reads as its empty default, so a half-filled model still renders.
 */
import type {
  Cascade,
  FoodWeb,
  GameEvent,
  HistoryEntry,
  LegalAction,
  Series,
  SetupForm,
  Message,
  Status,
  TraitName,
  Traits,
} from "./types";

/** The part of anywidget's model that the kit uses. */
export interface AnyModel {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  on(event: string, callback: (...args: any[]) => void): void;
  off(event?: string | null, callback?: ((...args: any[]) => void) | null): void;
  send(content: unknown, callbacks?: unknown, buffers?: unknown[]): void;
  save_changes(): void;
}

export const TRAIT_NAMES: readonly TraitName[] = [
  "game",
  "title",
  "view",
  "status",
  "legal",
  "cascade",
  "food_web",
  "error",
  "bots",
  "bot_names",
  "drawing",
  "series",
  "setup",
];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown, fallback = ""): string => (typeof v === "string" ? v : fallback);
const int = (v: unknown, fallback: number): number =>
  typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : fallback;
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.map((s) => (typeof s === "string" ? s : String(s))) : [];

export function readStatus(v: unknown): Status {
  const s = isObject(v) ? v : {};
  const o = s.outcome;
  return {
    players: strings(s.players),
    cooperative: s.cooperative === true,
    current_player: typeof s.current_player === "number" ? s.current_player : null,
    phase: str(s.phase),
    is_over: s.is_over === true,
    outcome: isObject(o)
      ? {
          winners: Array.isArray(o.winners) ? o.winners.filter((w) => typeof w === "number") : [],
          scores: Array.isArray(o.scores) ? o.scores.map(Number) : [],
          reason: str(o.reason),
        }
      : null,
    turn: int(s.turn, 0),
  };
}

/** The legal actions: Python sends `[label, action]` pairs (the id is the position); the
 * object form `{id, label, action}` is read too. */
export function readLegal(v: unknown): LegalAction[] {
  if (!Array.isArray(v)) return [];
  return v
    .map((a, i) =>
      Array.isArray(a) && typeof a[0] === "string" ? { id: i, label: a[0], action: a[1] } : a,
    )
    .filter(isObject)
    .filter((a) => typeof a.id === "number")
    .map((a) => ({
      id: a.id as number,
      label: str(a.label, `action ${a.id}`),
      action: isObject(a.action) ? (a.action as LegalAction["action"]) : { type: "" },
    }));
}

function readEvent(v: Record<string, unknown>, position: number): GameEvent {
  return {
    index: int(v.index, position),
    kind: str(v.kind),
    text: str(v.text),
    cause: typeof v.cause === "number" ? v.cause : null,
    touched: isObject(v.touched) ? (v.touched as GameEvent["touched"]) : {},
  };
}

export function readCascade(v: unknown): Cascade {
  if (!isObject(v)) return {};
  const out: Cascade = {};
  if (typeof v.label === "string") out.label = v.label;
  if (typeof v.index === "number") out.index = v.index;
  if (isObject(v.action)) out.action = v.action as Cascade["action"];
  if (Array.isArray(v.events)) out.events = v.events.filter(isObject).map(readEvent);
  if (Array.isArray(v.views)) out.views = v.views;
  if (Array.isArray(v.patches)) out.patches = v.patches as Cascade["patches"];
  return out;
}

export function readFoodWeb(v: unknown): FoodWeb {
  if (!isObject(v)) return {};
  const nodes = Array.isArray(v.nodes)
    ? v.nodes.filter(isObject).map((n) => ({
        id: String(n.id),
        label: str(n.label, String(n.id)),
        x: typeof n.x === "number" ? n.x : NaN,
        y: typeof n.y === "number" ? n.y : NaN,
        level: typeof n.level === "number" ? n.level : 0,
        ...(Array.isArray(n.lines) ? { lines: n.lines.map(String) } : {}),
        ...(Array.isArray(n.box) && n.box.length === 4 ? { box: n.box.map(Number) } : {}),
        ...(typeof n.colour === "string" ? { colour: n.colour } : {}),
        ...(typeof n.shape === "string" ? { shape: n.shape } : {}),
      }))
    : [];
  const edges = Array.isArray(v.edges)
    ? v.edges.filter(isObject).map((e) => ({
        source: String(e.source),
        target: String(e.target),
        label: str(e.label),
      }))
    : [];
  const size = (k: string) => (typeof v[k] === "number" ? { [k]: v[k] as number } : {});
  const rows = Array.isArray(v.rows)
    ? v.rows.filter(isObject).map((r) => ({
        level: Number(r.level),
        top: Number(r.top),
        bottom: Number(r.bottom),
      }))
    : undefined;
  return {
    nodes,
    edges,
    ...size("width"),
    ...size("height"),
    ...size("radius"),
    ...size("line"),
    ...size("gutter"),
    ...(v.labels === "above" || v.labels === "below" ? { labels: v.labels } : {}),
    ...(rows ? { rows } : {}),
  };
}

/**
 * Other names a trait may be synced under: the Python widget calls `game` `game_id` (its
 * `game` attribute holds the Game object).
 */
export const TRAIT_ALIASES: Partial<Record<TraitName, readonly string[]>> = {
  game: ["game_id"],
};

/** The trait's value under its name, else under an alias. */
function rawTrait(model: AnyModel, name: TraitName): unknown {
  const v = model.get(name);
  if (v !== undefined && v !== null) return v;
  for (const alias of TRAIT_ALIASES[name] ?? []) {
    const a = model.get(alias);
    if (a !== undefined && a !== null) return a;
  }
  return v;
}

/** Read one trait, typed and with its empty default. */
export function readTrait<K extends TraitName>(model: AnyModel, name: K): Traits[K] {
  const v = rawTrait(model, name);
  const read: { [T in TraitName]: (v: unknown) => Traits[T] } = {
    game: (x) => str(x),
    title: (x) => str(x),
    view: (x) => (x === undefined ? null : x),
    status: readStatus,
    legal: readLegal,
    cascade: readCascade,
    food_web: readFoodWeb,
    error: (x) => str(x),
    bots: (x) =>
      isObject(x) ? Object.fromEntries(Object.entries(x).map(([k, b]) => [k, str(b)])) : {},
    bot_names: strings,
    drawing: (x) => (isObject(x) ? x : {}),
    series: readSeries,
    setup: (x) => (isObject(x) ? (x as SetupForm) : {}),
  };
  return read[name](v);
}

export function readSeries(v: unknown): Series {
  if (!isObject(v)) return {};
  const values: Record<string, number[]> = {};
  if (isObject(v.values))
    for (const [name, column] of Object.entries(v.values))
      if (Array.isArray(column)) values[name] = column.map(Number);
  return {
    step: str(v.step),
    steps: Array.isArray(v.steps) ? v.steps.map(Number) : [],
    values,
    colours: isObject(v.colours) ? (v.colours as Record<string, string>) : {},
    ...(isObject(v.markers) ? { markers: v.markers as Record<string, string> } : {}),
    ...(typeof v.title === "string" ? { title: v.title } : {}),
    ...(typeof v.unit === "string" ? { unit: v.unit } : {}),
  };
}

/** A `history` message's entries, typed. */
export function readEntries(v: unknown): HistoryEntry[] {
  if (!Array.isArray(v)) return [];
  return v.map((e) => {
    const o = isObject(e) ? e : { label: String(e) };
    return {
      label: str(o.label),
      seat: typeof o.seat === "number" ? o.seat : null,
      bot: str(o.bot),
      step: int(o.step, 0),
      log: strings(o.log),
    };
  });
}

/** Read every trait at once. */
export function readTraits(model: AnyModel): Traits {
  const out = {} as Record<TraitName, unknown>;
  for (const name of TRAIT_NAMES) out[name] = readTrait(model, name);
  return out as Traits;
}

/**
 * Send a protocol message to Python; false when it could not go: the kernel's connection is
 * closed (the page is being left, or the kernel has stopped), and ipywidgets throws.
 */
export function sendMessage(model: AnyModel, message: Message): boolean {
  try {
    model.send(message);
    return true;
  } catch {
    return false;
  }
}

/**
 * Subscribe to `change:<name>` for each name (and its aliases) and to `msg:custom`;
 * returns a function that removes exactly those listeners.
 */
export function listen(
  model: AnyModel,
  names: readonly TraitName[],
  onChange: (name: TraitName) => void,
  onMessage?: (content: unknown) => void,
  onUpdateDone?: () => void,
): () => void {
  const subscriptions: [string, (...args: any[]) => void][] = names.flatMap((name) =>
    [name, ...(TRAIT_ALIASES[name] ?? [])].map((synced): [string, () => void] => [
      `change:${synced}`,
      () => onChange(name),
    ]),
  );
  if (onMessage) subscriptions.push(["msg:custom", (content: unknown) => onMessage(content)]);
  // Backbone fires "change" once after all the "change:<name>" of one update
  if (onUpdateDone) subscriptions.push(["change", () => onUpdateDone()]);
  for (const [event, cb] of subscriptions) model.on(event, cb);
  return () => {
    for (const [event, cb] of subscriptions) model.off(event, cb);
  };
}
