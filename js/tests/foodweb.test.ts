import { afterEach, describe, expect, it } from "vitest";
import { curvedLink, describeDiet, inletAngles } from "../src/kit/foodweb";
import type { FoodWeb } from "../src/kit/types";
import { fixture, fixtures, isHidden, mount, type Mounted } from "./helpers";

// The pond fixture's last cascade event: a fish eats a snail (touches snail, fish and the
// edge snail -> fish). This web, laid out by Python (core.graphs.food_web_json), adds a
// heron eating fish, fish eating fish (a loop) and a duck eating reed, apart from the rest.
const WEB: FoodWeb = {
  width: 360.0,
  height: 234.0,
  radius: 9.0,
  line: 13.0,
  nodes: [
    {
      id: "algae",
      label: "Algae",
      x: 93.0,
      y: 196.0,
      level: 1.0,
      lines: ["Algae"],
      box: [75.2, 211.0, 110.8, 224.0],
    },
    {
      id: "snail",
      label: "Snail",
      x: 93.0,
      y: 139.0,
      level: 2.0,
      lines: ["Snail"],
      box: [76.8, 154.0, 109.2, 167.0],
    },
    {
      id: "fish",
      label: "Fish",
      x: 180.0,
      y: 82.0,
      level: 4.0,
      lines: ["Fish"],
      box: [165.7, 97.0, 194.3, 110.0],
    },
    {
      id: "heron",
      label: "Grey Heron",
      x: 180.0,
      y: 21.0,
      level: 5.0,
      lines: ["Grey Heron"],
      box: [145.9, 36.0, 214.1, 49.0],
    },
    {
      id: "reed",
      label: "Reed",
      x: 267.0,
      y: 196.0,
      level: 1.0,
      lines: ["Reed"],
      box: [251.1, 211.0, 282.9, 224.0],
    },
    {
      id: "duck",
      label: "Duck",
      x: 267.0,
      y: 139.0,
      level: 2.0,
      lines: ["Duck"],
      box: [251.1, 154.0, 282.9, 167.0],
    },
  ],
  edges: [
    { source: "algae", target: "snail", label: "" },
    { source: "snail", target: "fish", label: "" },
    { source: "fish", target: "heron", label: "" },
    { source: "fish", target: "fish", label: "" },
    { source: "reed", target: "duck", label: "" },
  ],
};

let w: Mounted;
const start = (web: FoodWeb = WEB) => {
  w = mount({ ...fixture("generic-pond.json"), food_web: web });
  return w;
};

afterEach(() => {
  w?.cleanup();
  document.body.replaceChildren();
});

const faded = (m: Mounted) =>
  [...m.get("foodweb").querySelectorAll(".eg-faded")]
    .map((e) => e.getAttribute("data-testid"))
    .sort();
const near = (m: Mounted) =>
  [...m.get("foodweb").querySelectorAll(".eg-fw-edge.eg-near")]
    .map((e) => e.getAttribute("data-testid"))
    .sort();

describe("food web focus", () => {
  it("lights the step's eater, food and edge, keeps their neighbours and fades the rest", () => {
    start();
    expect(w.get("fw-node-snail").dataset.highlight).toBe("true");
    expect(w.get("fw-node-fish").dataset.highlight).toBe("true");
    expect(w.get("fw-edge-snail-fish").dataset.highlight).toBe("true");
    expect(w.get("fw-edge-snail-fish").classList.contains("eg-lit")).toBe(true);
    expect(faded(w)).toEqual(["fw-edge-reed-duck", "fw-node-duck", "fw-node-reed"]);
    expect(w.get("foodweb-panel").dataset.focus).toBe("step");
    expect(w.get("fw-info").textContent).toContain("Snail");
  });

  it("shows the whole web in one click, and focuses again in another", () => {
    start();
    expect(isHidden(w.get("fw-whole"))).toBe(false);
    expect(w.get("fw-whole").textContent).toBe("Whole web");
    w.click("fw-whole");
    expect(faded(w)).toEqual([]);
    expect(w.get("foodweb-panel").dataset.focus).toBe("whole");
    expect(w.get("fw-edge-snail-fish").dataset.highlight).toBe("true"); // still lit
    expect(w.get("fw-whole").textContent).toBe("Focus on the step");
    w.click("fw-whole");
    expect(faded(w)).toEqual(["fw-edge-reed-duck", "fw-node-duck", "fw-node-reed"]);
    expect(w.model.sent).toEqual([]); // the focus is the browser's alone
  });

  it("offers no toggle when the step shown touches no species", () => {
    w = mount({ ...fixture("generic-pond.json"), food_web: WEB, cascade: {} });
    expect(isHidden(w.get("fw-whole"))).toBe(true);
    expect(faded(w)).toEqual([]);
  });
});

describe("asking about a species", () => {
  it("hovering says what it eats and what eats it, and lights its links", () => {
    start();
    w.get("fw-node-fish").dispatchEvent(new MouseEvent("mouseenter"));
    expect(w.get("fw-info").textContent).toBe(
      "Fish eats Snail and its own kind; eaten by Grey Heron.",
    );
    expect(near(w)).toEqual(["fw-edge-fish-fish", "fw-edge-fish-heron", "fw-edge-snail-fish"]);
    expect(faded(w)).toContain("fw-node-algae");
    expect(faded(w)).not.toContain("fw-node-heron");
    expect(w.get("foodweb-panel").dataset.focus).toBe("species");
    w.get("fw-node-fish").dispatchEvent(new MouseEvent("mouseleave"));
    expect(near(w)).toEqual([]);
    expect(w.get("foodweb-panel").dataset.focus).toBe("step");
  });

  it("a click pins the species until clicked again; keyboard Enter does the same", () => {
    start();
    w.get("fw-node-duck").dispatchEvent(new MouseEvent("click"));
    expect(w.get("fw-node-duck").dataset.pinned).toBe("true");
    expect(w.get("fw-info").textContent).toBe("Duck eats Reed; eaten by nothing in this web.");
    expect(faded(w)).toContain("fw-node-fish");
    w.get("fw-node-duck").dispatchEvent(new MouseEvent("click"));
    expect(w.get("fw-node-duck").dataset.pinned).toBe("false");
    w.get("fw-node-reed").dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    expect(w.get("fw-info").textContent).toBe("Reed eats nothing in this web; eaten by Duck.");
    // pinning a species also asks its story (the Why? panel); unpinning asks nothing
    expect(w.model.sent).toEqual([
      { kind: "story", subject: "duck" },
      { kind: "story", subject: "reed" },
    ]);
  });

  it("describes diets from the edges", () => {
    const nodes = WEB.nodes!;
    expect(describeDiet("heron", nodes, WEB.edges!)).toBe(
      "Grey Heron eats Fish; eaten by nothing in this web.",
    );
  });
});

describe("drawing Python's layout", () => {
  it("draws at the size Python laid out, each label in its box, a loop for a cannibal", () => {
    start();
    const svg = w.get("foodweb");
    expect(svg.getAttribute("width")).toBe(String(WEB.width));
    expect(svg.getAttribute("viewBox")).toBe(`0 0 ${WEB.width} ${WEB.height}`);
    const heron = WEB.nodes!.find((n) => n.id === "heron")!;
    const label = w.get("fw-label-heron");
    const tspans = [...label.querySelectorAll("tspan")];
    expect(tspans.map((t) => t.textContent)).toEqual(heron.lines);
    expect(Number(tspans[0].getAttribute("x"))).toBeCloseTo((heron.box![0] + heron.box![2]) / 2, 1);
    const loop = w.get("fw-edge-fish-fish");
    expect(loop.tagName.toLowerCase()).toBe("path");
    expect(loop.getAttribute("d")).toMatch(/^M [\d.]+ [\d.]+ C /);
    expect(loop.getAttribute("marker-end")).toMatch(/-arrow\)$/);
  });

  it("draws every node of each game's fixture web where Python put it", () => {
    for (const [name, f] of Object.entries(fixtures)) {
      const web = (f as { food_web?: FoodWeb }).food_web;
      if (!web?.width || !name.endsWith("-mid-cascade.json")) continue;
      w = mount(fixture(name));
      for (const n of web.nodes ?? [])
        expect(w.get(`fw-node-${n.id}`).querySelector(".eg-fw-dot")!.getAttribute("cx"), name).toBe(
          String(n.x),
        );
      w.cleanup();
      document.body.replaceChildren();
    }
  }, 30_000);
});

// Python's panel layout (core.graphs.food_web_json): labels above the circles, room under each
// row of circles for the arrows, which come into every eater from below.
const ABOVE: FoodWeb = {
  ...WEB,
  labels: "above",
  gutter: 22,
  rows: [
    { level: 5, top: 6, bottom: 40 },
    { level: 4, top: 60, bottom: 100 },
    { level: 2, top: 120, bottom: 160 },
    { level: 1, top: 180, bottom: 230 },
  ],
};
const tipOf = (d: string) =>
  d
    .match(/-?[0-9.]+/g)!
    .slice(0, 2)
    .map(Number);

describe("arrows at game scale", () => {
  it("gives every link an arrowhead that ends at its eater's circle, from below", () => {
    start(ABOVE);
    w.click("fw-whole");
    for (const e of ABOVE.edges!) {
      const head = w.get(`fw-head-${e.source}-${e.target}`);
      expect(head.classList.contains("eg-fw-arrowhead")).toBe(true);
      if (e.source === e.target) continue;
      const eater = ABOVE.nodes!.find((n) => n.id === e.target)!;
      const [x, y] = tipOf(head.getAttribute("d")!);
      const ring = ["fish", "snail"].includes(e.target) ? 5 : 0; // the step shown rings them
      expect(Math.hypot(x - eater.x, y - eater.y)).toBeCloseTo(9 + 1 + ring, 0);
      expect(y).toBeGreaterThan(eater.y); // from below, where Python keeps the room free
    }
    expect(w.get("foodweb").querySelectorAll("[marker-end]").length).toBe(0);
  });

  it("spreads an eater's links over the lower arc, in the order of their food", () => {
    const at = new Map([
      ["a", { x: 10, y: 100 }],
      ["b", { x: 50, y: 100 }],
      ["c", { x: 90, y: 100 }],
      ["top", { x: 50, y: 10 }],
    ]);
    const edges = ["c", "a", "b"].map((f) => ({ source: f, target: "top", label: "" }));
    const angles = inletAngles(edges, at);
    expect(angles.get("a->top")! < angles.get("b->top")!).toBe(true);
    expect(angles.get("b->top")).toBeCloseTo(0);
    expect(angles.get("c->top")!).toBeCloseTo(-angles.get("a->top")!);
    const link = curvedLink(at.get("a")!, at.get("top")!, 9, angles.get("a->top")!);
    expect(link.d.startsWith("M 10.0 89.0 C")).toBe(true); // leaves its food upwards
  });

  it("draws the rows' legend, and the pop-out holds the same panel", () => {
    start(ABOVE);
    expect(isHidden(w.get("fw-legend"))).toBe(false);
    expect(w.get("fw-legend").textContent).toContain("trophic levels");
    expect(w.get("fw-row-5").textContent).toContain("5");
    const svg = w.get("foodweb");
    w.click("fw-enlarge");
    expect(w.get("fw-dialog").contains(svg)).toBe(true);
    expect(w.get("foodweb-panel").dataset.popped).toBe("true");
    (w.get("fw-dialog") as HTMLDialogElement).close();
    w.get("fw-dialog").dispatchEvent(new Event("close"));
    expect(w.get("fw-dialog").contains(svg)).toBe(false);
    expect(w.get("foodweb-panel").dataset.popped).toBe("false");
  });

  it("keeps the old drawing for a web laid out with labels under the circles", () => {
    start();
    expect(isHidden(w.get("fw-legend"))).toBe(true);
    expect(w.get("foodweb").querySelectorAll(".eg-fw-arrowhead").length).toBe(0);
  });
});
