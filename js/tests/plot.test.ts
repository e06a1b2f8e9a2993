/** The live population plot: plain SVG from the `series` trait, with a mark while replaying. */
import { describe, expect, it } from "vitest";
import { integerTicks } from "../src/kit/plot";
import { fixture, isHidden, mountsCleanedAfterEach } from "./helpers";

const open = mountsCleanedAfterEach();

const series = {
  step: "round",
  steps: [0, 1, 2],
  values: { "Guinea pigs": [4, 6, 9], Cats: [1, 1, 2] },
  colours: { "Guinea pigs": "#aa5500", Cats: "#333333" },
};

describe("population plot", () => {
  it("is hidden for a game with no populations", () => {
    const w = open(fixture("generic-pond.json"));
    expect(isHidden(w.get("plot"))).toBe(true);
  });

  it("draws one line per quantity in the spec's colours, a legend and the step's name", () => {
    const w = open({ ...fixture("generic-pond.json"), series });
    expect(isHidden(w.get("plot"))).toBe(false);
    const lines = [...w.get("plot-svg").querySelectorAll("polyline")];
    expect(lines.map((l) => l.getAttribute("stroke"))).toEqual(["#aa5500", "#333333"]);
    expect(lines[0].getAttribute("points")!.split(" ")).toHaveLength(3);
    expect(w.get("plot-x-label").textContent).toBe("round");
    expect(w.get("plot-legend").textContent).toContain("Guinea pigs: 9");
    const ticks = [...w.get("plot-svg").querySelectorAll(".eg-plot-tick")].map(
      (t) => t.textContent,
    );
    expect(ticks.every((t) => /^\d+$/.test(t ?? ""))).toBe(true);
    expect(w.get("plot").dataset.points).toBe("3");
  });

  it("grows when the series grows, and marks the step of the action shown", () => {
    const w = open({ ...fixture("generic-pond.json"), series });
    w.model.set("series", {
      ...series,
      steps: [0, 1, 2, 3],
      values: { "Guinea pigs": [4, 6, 9, 12], Cats: [1, 1, 2, 2] },
    });
    expect(w.get("plot").dataset.points).toBe("4");
    expect(w.find("plot-mark")).toBeNull();
    w.model.history([
      { label: "a", step: 0 },
      { label: "b", step: 1 },
      { label: "c", step: 3 },
    ]);
    w.click("history-1");
    expect(w.get("plot-mark").dataset.step).toBe("1");
  });

  it("ticks are whole numbers from 0 past the largest value", () => {
    expect(integerTicks(0)).toEqual([0, 1]);
    expect(integerTicks(9)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(integerTicks(37).every(Number.isInteger)).toBe(true);
    expect(integerTicks(37).at(-1)).toBeGreaterThanOrEqual(37);
  });
});
