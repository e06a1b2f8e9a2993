import { afterEach, describe, expect, it, vi } from "vitest";
import { PLAY_INTERVAL_MS } from "../src/kit/cascade";
import { fixture, isHidden, mount, type Mounted } from "./helpers";

// The pond fixture's cascade has 3 events: 0 snails arrive -> 1 snails graze -> 2 a fish eats.
// The current state (-1) shows the last event; Back walks 1, 0; Forward walks 1, then -1.

let w: Mounted;
const start = (values = fixture("generic-pond.json")) => {
  w = mount(values);
  return w;
};

afterEach(() => {
  w?.cleanup();
  document.body.replaceChildren();
  vi.useRealTimers();
});

const highlighted = (m: Mounted) =>
  [...m.get("foodweb").querySelectorAll('[data-highlight="true"]')]
    .map((e) => e.getAttribute("data-testid"))
    .sort();
const shownStep = (m: Mounted) => Number(m.get("cascade-text").dataset.step);
const sentSteps = (m: Mounted) => m.model.sent.map((msg) => (msg as { index: number }).index);

describe("cascade player", () => {
  it("opens at the current state, showing the last event and what it touched", () => {
    start();
    expect(shownStep(w)).toBe(-1);
    expect(w.get("cascade-text").textContent).toBe(
      "With less algae, a snail crosses open water and a fish eats it: fish go from 2 to 3.",
    );
    expect(w.get("cascade-position").textContent).toBe("step 3 of 3 (now)");
    expect(w.get("cascade-label").textContent).toBe("Last action: Add 2 snails");
    expect(w.get("cascade-forward")).toHaveProperty("disabled", true);
    expect(w.get("cascade-back")).toHaveProperty("disabled", false);
    expect(highlighted(w)).toEqual(["fw-edge-snail-fish", "fw-node-fish", "fw-node-snail"]);
    expect(isHidden(w.get("board-replay"))).toBe(true);
    expect(w.get("action-0")).toHaveProperty("disabled", false);
  });

  it("back sends {kind: step, index} and shows cascade.views[i] at once, with its food-web highlights", () => {
    start();
    w.click("cascade-back");
    expect(w.model.sent).toEqual([{ kind: "step", index: 1 }]);
    expect(shownStep(w)).toBe(1);
    expect(w.get("cascade-position").textContent).toBe("step 2 of 3");
    expect(w.get("cascade-text").textContent).toBe("The snails graze: algae fall from 8 to 5.");
    expect(w.boardText()).toContain("after the snails grazed");
    expect(w.get("board").dataset.step).toBe("1");
    expect(isHidden(w.get("board-replay"))).toBe(false);

    expect(highlighted(w)).toEqual(["fw-edge-algae-snail", "fw-node-algae", "fw-node-snail"]);
    expect(w.get("fw-node-fish").dataset.highlight).toBe("false");
    expect(w.get("fw-edge-snail-fish").dataset.highlight).toBe("false");
    const edge = w.get("fw-edge-algae-snail");
    expect(edge.classList.contains("eg-lit")).toBe(true);
    expect(edge.getAttribute("marker-end")).toMatch(/-lit\)$/);
    expect(w.get("fw-node-algae").querySelector(".eg-fw-ring")).not.toBeNull(); // dashed outline

    w.click("cascade-back");
    expect(shownStep(w)).toBe(0);
    expect(w.boardText()).toContain("after the snails arrived");
    expect(highlighted(w)).toEqual(["fw-node-snail"]);
    expect(sentSteps(w)).toEqual([1, 0]);
    // at the first event, Back goes on to the action before: its cascade is asked of Python
    w.click("cascade-back");
    expect(w.model.sent.at(-1)).toEqual({ kind: "show", action: 1 });
    expect(w.get("cascade").dataset.shown).toBe("1");
  });

  it("shows the cause chain from the root cause down, indented", () => {
    start();
    const causes = w.get("cascade-causes");
    expect(isHidden(causes)).toBe(false);
    const items = [...causes.querySelectorAll("li")];
    expect(items.map((li) => li.dataset.testid)).toEqual(["cause-0", "cause-1", "cause-2"]);
    expect(items[0].textContent).toContain("Two snails join the pond");
    expect(items.map((li) => li.style.getPropertyValue("--depth"))).toEqual(["0", "1", "2"]);
    expect(items[2].dataset.current).toBe("true");

    w.click("cascade-back");
    expect([...causes.querySelectorAll("li")].map((li) => li.dataset.testid)).toEqual([
      "cause-0",
      "cause-1",
    ]);
    w.click("cascade-back"); // a root cause alone: no chain to show
    expect(isHidden(w.get("cascade-causes"))).toBe(true);
  });

  it("forward walks to the current state", () => {
    start();
    w.click("cascade-back");
    w.click("cascade-back");
    w.click("cascade-forward");
    expect(shownStep(w)).toBe(1);
    w.click("cascade-forward");
    expect(shownStep(w)).toBe(-1);
    expect(w.boardText()).toContain("after the fish ate");
    expect(w.get("cascade-forward")).toHaveProperty("disabled", true);
    expect(sentSteps(w)).toEqual([1, 0, 1, -1]);
  });

  it("disables the actions while a past step is shown", () => {
    start();
    w.click("cascade-back");
    expect(w.get("action-0")).toHaveProperty("disabled", true);
    expect(w.get("actions-note").textContent).toContain("Replaying a past step");
    w.click("actions-live");
    expect(shownStep(w)).toBe(-1);
    expect(w.get("action-0")).toHaveProperty("disabled", false);
  });

  it("steps with the left and right arrow keys when the widget has focus", () => {
    start();
    const root = w.get("ecogames");
    expect(root.getAttribute("tabindex")).toBe("0");
    expect(root.classList.contains("ecogames-widget")).toBe(true);
    expect(root.dataset.lmSuppressShortcuts).toBe("true"); // JupyterLab leaves our keys alone
    root.focus();
    const key = (target: HTMLElement, k: string) =>
      target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
    key(root, "ArrowLeft");
    key(root, "ArrowLeft");
    expect(shownStep(w)).toBe(0);
    key(w.get("cascade-play"), "ArrowRight"); // from a focused button inside too
    expect(shownStep(w)).toBe(1);
    expect(sentSteps(w)).toEqual([1, 0, 1]);
  });

  it("plays from the first event every ~700 ms up to the current state, and can pause", () => {
    vi.useFakeTimers();
    start();
    w.click("cascade-play");
    expect(shownStep(w)).toBe(0);
    expect(w.get("cascade-play").getAttribute("aria-pressed")).toBe("true");
    vi.advanceTimersByTime(PLAY_INTERVAL_MS);
    expect(shownStep(w)).toBe(1);
    vi.advanceTimersByTime(PLAY_INTERVAL_MS);
    expect(shownStep(w)).toBe(-1);
    expect(w.get("cascade-play").getAttribute("aria-pressed")).toBe("false");
    vi.advanceTimersByTime(5 * PLAY_INTERVAL_MS);
    expect(sentSteps(w)).toEqual([0, 1, -1]);

    w.click("cascade-play");
    w.click("cascade-play"); // pause at step 0
    vi.advanceTimersByTime(3 * PLAY_INTERVAL_MS);
    expect(shownStep(w)).toBe(0);
  });

  it("stops the play timer on cleanup", () => {
    vi.useFakeTimers();
    start();
    w.click("cascade-play");
    w.cleanup();
    vi.advanceTimersByTime(5 * PLAY_INTERVAL_MS);
    expect(sentSteps(w)).toEqual([0]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("owns the shown step: it tells Python, and nothing in the model sets it", () => {
    start();
    w.click("cascade-back");
    w.click("cascade-back");
    expect(sentSteps(w)).toEqual([1, 0]);
    w.model.set("step", 1); // a trait Python does not have: ignored
    expect(shownStep(w)).toBe(0);
    expect(w.get("action-0")).toHaveProperty("disabled", true);
    w.click("cascade-forward");
    w.click("cascade-forward"); // the last event is shown by the current state itself
    expect(shownStep(w)).toBe(-1);
    expect(w.get("cascade-position").textContent).toBe("step 3 of 3 (now)");
    expect(highlighted(w)).toEqual(["fw-edge-snail-fish", "fw-node-fish", "fw-node-snail"]);
    expect(sentSteps(w)).toEqual([1, 0, 1, -1]);
  });

  it("opens at the current state whatever another view shows (each view its own step)", () => {
    const other = start();
    other.click("cascade-back");
    const second = mount(fixture("generic-pond.json"));
    expect([shownStep(other), shownStep(second)]).toEqual([1, -1]);
    second.showStep(1);
    expect(second.boardText()).toContain("after the snails grazed");
    second.cleanup();
  });

  it("goes back to the current state when a new cascade arrives", () => {
    start();
    w.click("cascade-back");
    w.model.set("view", { moment: "after Pass" });
    w.model.set("cascade", {
      label: "Pass",
      action: { type: "pass" },
      events: [{ index: 0, kind: "pass", text: "Ana passes.", cause: null, touched: {} }],
      views: [{ moment: "after Pass" }],
    });
    expect(shownStep(w)).toBe(-1);
    expect(w.get("cascade-text").textContent).toBe("Ana passes.");
    expect(w.get("cascade-position").textContent).toBe("step 1 of 1 (now)");
    // Back from the only event runs on into the action before it (asked of Python)
    expect(w.get("cascade-back")).toHaveProperty("disabled", false);
    expect(w.boardText()).toContain("after Pass");
    expect(w.get("action-0")).toHaveProperty("disabled", false);
    expect(highlighted(w)).toEqual([]);

    w.model.history([]);
    w.model.set("cascade", {});
    expect(w.get("cascade-position").textContent).toBe("no steps");
    expect(w.get("cascade-text").textContent).toBe("Nothing has happened yet.");
    expect(w.get("cascade-play")).toHaveProperty("disabled", true);
    expect(w.get("cascade-back")).toHaveProperty("disabled", true);
  });
});
