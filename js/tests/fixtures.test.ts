/**
 * Every fixture in tests/fixtures (hand-written ones, and the <game>-<situation>.json files that
 * the Python side exports with the same keys as the traits) renders and replays without error.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { eventsOf, viewAt } from "../src/kit/steps";
import { readTraits } from "../src/kit/model";
import { entries, entryFor, fixtures, isHidden, mount, timelineOf } from "./helpers";

/**
 * Keys every exported fixture must have (see docs/widget-protocol.md), besides the game id:
 * `game` in the protocol, `game_id` in the Python widget.
 */
const REQUIRED = ["title", "view", "status", "legal", "cascade", "food_web", "error", "history"];

const names = Object.keys(fixtures).sort();

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

it("finds the fixtures, named <game>-<situation>.json", () => {
  expect(names).toContain("generic-pond.json");
  for (const name of names) expect(name).toMatch(/^[a-z0-9_]+-[a-z0-9_-]+\.json$/);
});

describe.each(names)("fixture %s", (name) => {
  it("has the trait keys", () => {
    for (const key of REQUIRED)
      expect(fixtures[name], `${name} lacks "${key}"`).toHaveProperty(key);
    expect("game" in fixtures[name] || "game_id" in fixtures[name], `${name}: no game id`).toBe(
      true,
    );
  });

  // A fixture named <game>-... is drawn by src/entries/<game>.ts when it exists, else by generic.
  const entry = entryFor(name.split("-")[0]);

  it(`renders with the ${entry} widget without error, and replays every cascade step`, () => {
    const errors = vi.spyOn(console, "error");
    const w = mount(fixtures[name], entries[entry]);
    const traits = readTraits(w.model);
    expect(w.get("board").childNodes.length).toBeGreaterThan(0);

    expect(w.get("title").textContent).toBe(traits.title || traits.game || "Game");
    for (const a of traits.legal) expect(w.get(`action-${a.id}`).textContent).toBe(a.label);
    const nodes = traits.food_web.nodes ?? [];
    expect(isHidden(w.get("foodweb-panel"))).toBe(nodes.length === 0);
    for (const n of nodes) expect(w.find(`fw-node-${n.id}`), n.id).not.toBeNull();
    const log = timelineOf(fixtures[name]).flatMap((e) => e.log);
    expect(w.get("log").querySelectorAll("li")).toHaveLength(Math.min(log.length, 200));
    expect(isHidden(w.get("outcome"))).toBe(!traits.status.outcome && !traits.status.is_over);

    // Back from the step shown walks down to 0 (the current state, -1, shows event n-1).
    const events = eventsOf(traits.cascade);
    const n = events.length;
    const at = fixtures[name].step ?? -1;
    const shown = at >= 0 && at < n ? at : n - 1;
    // Back from the first event runs on into the action before (asked of Python: `show`).
    while (
      !(w.get("cascade-back") as HTMLButtonElement).disabled &&
      w.get("cascade").dataset.shown === ""
    )
      w.click("cascade-back");
    const before = timelineOf(fixtures[name]).length - 2;
    expect(w.model.sent).toEqual([
      ...[...Array(Math.max(0, shown)).keys()].reverse().map((index) => ({ kind: "step", index })),
      ...(before >= 0 ? [{ kind: "show", action: before }] : []),
    ]);
    w.cleanup();
    expect(w.model.listenerCount()).toBe(0);

    // Every step Python may show: its sentence, its highlights and cascade.views[i].
    const p = mount(fixtures[name], entries[entry]);
    for (let i = 0; i < n; i++) {
      p.showStep(i); // the last event: shown by the current state itself (-1)
      expect(p.get("cascade-text").dataset.step).toBe(String(i === n - 1 ? -1 : i));
      expect(p.get("cascade-text").textContent).toBe(events[i].text);
      const lit = [...p.get("foodweb").querySelectorAll('[data-highlight="true"]')].map((e) =>
        e.getAttribute("data-testid"),
      );
      for (const id of events[i].touched.nodes ?? []) {
        if (nodes.some((node) => node.id === id)) expect(lit).toContain(`fw-node-${id}`);
      }
      if (entry === "generic") {
        // the board shows cascade.views[i]: the same tree as a widget opened at that view
        const view = i === n - 1 ? traits.view : viewAt(traits, i); // -1: the current view
        const fresh = mount({ ...fixtures[name], view, cascade: {}, step: -1 }, entries[entry]);
        expect(p.get("board").innerHTML).toBe(fresh.get("board").innerHTML);
        fresh.cleanup();
      }
    }
    p.cleanup();
    expect(errors).not.toHaveBeenCalled();
  }, 20_000); // a whole game's fixture replays hundreds of steps: seconds on a busy machine
});
