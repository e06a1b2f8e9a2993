/**
 * Pure helpers for walking a cascade: which event and which view a replay step shows.
 * Steps run 0..n-1 over the cascade's events; -1 is the current state, after the last event,
 * which it shows: its view is the current view. So the player walks 0, 1, ..., n-2, -1
 * ("step i+1 of n"); step n-1 would show the same event as a replay, and the player never
 * goes there (the shown step is the browser's own: docs/widget-protocol.md).
 */
import { merge, viewsFromPatches } from "./patch";
import type { Cascade, GameEvent, Traits, View } from "./types";

export const LIVE = -1;

export const eventsOf = (cascade: Cascade): GameEvent[] => cascade.events ?? [];

/** Clamp a step into -1..n-1; anything out of range is the current state. */
export function normalizeStep(step: number, n: number): number {
  return Number.isInteger(step) && step >= 0 && step < n ? step : LIVE;
}

/**
 * The step after `step`: the next event; the last one is shown by the current state itself.
 * Null when the current state is already shown.
 */
export function nextStep(step: number, n: number): number | null {
  if (step === LIVE || n === 0) return null;
  return step + 1 < n - 1 ? step + 1 : LIVE;
}

/**
 * The step before `step`. The current state shows the last event (its view is the current
 * view), so going back from it shows the event before the last one. Null at the first event.
 */
export function prevStep(step: number, n: number): number | null {
  if (n === 0) return null;
  if (step === LIVE) return n >= 2 ? n - 2 : null;
  return step > 0 ? step - 1 : null;
}

/** The event shown at `step`: the current state shows the last event; null with no events. */
export function eventAt(cascade: Cascade, step: number): GameEvent | null {
  const events = eventsOf(cascade);
  const s = normalizeStep(step, events.length);
  return s === LIVE ? (events[events.length - 1] ?? null) : events[s];
}

const rebuilt = new WeakMap<Cascade, { from: unknown; views: unknown[] }>();

/** The views after each event of the cascade: sent whole (`views`) or as `patches` backwards
 * from the current view (rebuilt once per cascade and current view). */
export function cascadeViews(traits: Pick<Traits, "view" | "cascade">): unknown[] {
  const { cascade, view } = traits;
  if (cascade.views) return cascade.views;
  if (!cascade.patches) return [];
  const known = rebuilt.get(cascade);
  if (known && known.from === view) return known.views;
  const views = viewsFromPatches(view, cascade.patches);
  rebuilt.set(cascade, { from: view, views });
  return views;
}

/** The view to draw at `step` (the view after that event, or the current `view`), with the
 * static part Python sends once (`drawing.static_view`) merged in. */
export function viewAt(
  traits: Pick<Traits, "view" | "cascade"> & Partial<Pick<Traits, "drawing">>,
  step: number,
): View {
  const views = cascadeViews(traits);
  const dynamic = step >= 0 && step < views.length ? views[step] : traits.view;
  const fixed = traits.drawing?.static_view;
  return fixed === undefined ? dynamic : merge(fixed, dynamic);
}

/** The events from the root cause down to `event` (inclusive), following `cause`. */
export function causeChain(cascade: Cascade, event: GameEvent): GameEvent[] {
  const events = eventsOf(cascade);
  const byIndex = new Map(events.map((e) => [e.index, e]));
  const chain: GameEvent[] = [event];
  const seen = new Set([event.index]);
  let cause = event.cause;
  while (cause !== null && !seen.has(cause)) {
    const parent = byIndex.get(cause);
    if (!parent) break;
    chain.unshift(parent);
    seen.add(cause);
    cause = parent.cause;
  }
  return chain;
}

/** Food-web nodes and edges (as "source->target") that an event touched. */
export function touchedOf(event: GameEvent | null): { nodes: Set<string>; edges: Set<string> } {
  const nodes = new Set<string>();
  const edges = new Set<string>();
  if (!event) return { nodes, edges };
  const t = event.touched;
  if (Array.isArray(t.nodes)) for (const n of t.nodes) nodes.add(String(n));
  if (Array.isArray(t.edges)) {
    for (const e of t.edges as unknown[]) {
      if (Array.isArray(e) && e.length >= 2) edges.add(edgeKey(String(e[0]), String(e[1])));
      else if (e && typeof e === "object" && "source" in e && "target" in e) {
        const { source, target } = e as { source: unknown; target: unknown };
        edges.add(edgeKey(String(source), String(target)));
      }
    }
  }
  return { nodes, edges };
}

export const edgeKey = (source: string, target: string): string => `${source}->${target}`;
