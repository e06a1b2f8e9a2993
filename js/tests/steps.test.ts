import { describe, expect, it } from "vitest";
import { outcomeText } from "../src/kit/header";
import { readTraits } from "../src/kit/model";
import {
  causeChain,
  eventAt,
  nextStep,
  normalizeStep,
  prevStep,
  touchedOf,
  viewAt,
} from "../src/kit/steps";
import type { Cascade, GameEvent } from "../src/kit/types";
import { FakeModel, fixture } from "./helpers";

const ev = (index: number, cause: number | null): GameEvent => ({
  index,
  kind: "k",
  text: `e${index}`,
  cause,
  touched: {},
});

describe("steps", () => {
  it("walks 0 ... n-2 and the current state (-1), which shows event n-1", () => {
    expect(prevStep(-1, 3)).toBe(1);
    expect(prevStep(2, 3)).toBe(1); // n-1, when Python shows it
    expect(prevStep(1, 3)).toBe(0);
    expect(prevStep(0, 3)).toBeNull();
    expect(nextStep(0, 3)).toBe(1);
    expect(nextStep(1, 3)).toBe(-1);
    expect(nextStep(2, 3)).toBe(-1);
    expect(nextStep(-1, 3)).toBeNull();
    expect(prevStep(-1, 1)).toBeNull();
    expect(prevStep(-1, 0)).toBeNull();
    expect(normalizeStep(7, 3)).toBe(-1);
    expect(normalizeStep(-4, 3)).toBe(-1);
  });

  it("picks the view and event at a step; past the end is the current view", () => {
    const cascade: Cascade = { events: [ev(0, null), ev(1, 0)], views: ["v0", "v1"] };
    expect(viewAt({ view: "now", cascade }, 1)).toBe("v1");
    expect(viewAt({ view: "now", cascade }, -1)).toBe("now");
    expect(viewAt({ view: "now", cascade }, 2)).toBe("now");
    expect(eventAt(cascade, 0)?.text).toBe("e0");
    expect(eventAt(cascade, -1)?.text).toBe("e1"); // the current state shows the last event
    expect(eventAt(cascade, 5)?.text).toBe("e1");
    expect(eventAt({}, -1)).toBeNull();
  });

  it("follows causes to the root, and survives a cycle or a missing cause", () => {
    const cascade: Cascade = { events: [ev(0, null), ev(1, 0), ev(2, 0), ev(3, 2)] };
    expect(causeChain(cascade, cascade.events![3]).map((e) => e.index)).toEqual([0, 2, 3]);
    const loop: Cascade = { events: [ev(0, 1), ev(1, 0)] };
    expect(causeChain(loop, loop.events![0]).map((e) => e.index)).toEqual([1, 0]);
    const dangling: Cascade = { events: [ev(0, 9)] };
    expect(causeChain(dangling, dangling.events![0])).toHaveLength(1);
  });

  it("reads touched edges as [source, target] pairs or objects", () => {
    const t = touchedOf({ ...ev(0, null), touched: { nodes: ["a"], edges: [["a", "b"]] } });
    expect([...t.nodes]).toEqual(["a"]);
    expect([...t.edges]).toEqual(["a->b"]);
    const o = touchedOf({
      ...ev(0, null),
      touched: { edges: [{ source: "x", target: "y" }] as never },
    });
    expect([...o.edges]).toEqual(["x->y"]);
  });
});

describe("reading traits", () => {
  it("gives empty defaults for missing or malformed traits", () => {
    const t = readTraits(
      new FakeModel({
        status: "nope",
        legal: [{ label: "no id" }, { id: 3 }],
        series: "x",
        step: "2",
        cascade: [],
      }),
    );
    expect(t.status).toEqual({
      players: [],
      cooperative: false,
      current_player: null,
      phase: "",
      is_over: false,
      outcome: null,
      turn: 0,
    });
    expect(t.legal).toEqual([{ id: 3, label: "action 3", action: { type: "" } }]);
    expect(t.series).toEqual({});
    expect(t.cascade).toEqual({});
    expect(t.food_web).toEqual({});
    expect(t.bots).toEqual({});
  });

  it("reads a fixture unchanged", () => {
    const f = fixture("generic-pond.json");
    const t = readTraits(new FakeModel(f));
    expect(t.legal).toEqual(f.legal);
    expect(t.cascade).toEqual(f.cascade);
    expect(t.status).toEqual({ cooperative: false, ...f.status });
  });
});

describe("outcome text", () => {
  const status = {
    players: ["Ana", "Bo", "Cy"],
    current_player: null,
    phase: "",
    is_over: true,
    turn: 9,
  };
  it("names the winners, the scores and the reason", () => {
    expect(
      outcomeText({ ...status, outcome: { winners: [1], scores: [1, 4, 2], reason: "most fish" } }),
    ).toBe("Bo wins! Scores: Ana 1, Bo 4, Cy 2. Most fish.");
    expect(outcomeText({ ...status, outcome: { winners: [0, 2], scores: [], reason: "" } })).toBe(
      "Ana and Cy win!",
    );
    expect(
      outcomeText({ ...status, outcome: { winners: [], scores: [], reason: "the pond froze" } }),
    ).toBe("Game over: nobody wins. The pond froze.");
    expect(outcomeText({ ...status, outcome: null })).toBe("Game over.");
    expect(outcomeText({ ...status, is_over: false, outcome: null })).toBeNull();
  });

  it("says a cooperative game is won or lost by the team", () => {
    const team = { ...status, cooperative: true };
    const win = { winners: [0, 1, 2], scores: [], reason: "the island is restored" };
    expect(outcomeText({ ...team, outcome: win })).toBe("The team wins! The island is restored.");
    expect(outcomeText({ ...team, outcome: { ...win, winners: [], reason: "" } })).toBe(
      "The team loses.",
    );
  });
});
