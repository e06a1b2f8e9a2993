import { afterEach, describe, expect, it } from "vitest";
import toritori from "../src/entries/toritori";
import { fixture, mount, type Mounted } from "./helpers";

let w: Mounted | null = null;
const open = (name: string, patch: Record<string, unknown> = {}) => {
  w = mount({ ...fixture(name), ...patch }, toritori);
  return w;
};
afterEach(() => {
  w?.cleanup();
  w = null;
  document.body.replaceChildren();
});

const svgClick = (el: Element) => el.dispatchEvent(new MouseEvent("click", { bubbles: true }));

describe("the Tori-Tori board", () => {
  it("draws the 16 squares, every token with its species, and the six card slots", () => {
    const m = open("toritori-start.json");
    for (let n = 1; n <= 12; n++) expect(m.find(`sector-${n}`), `sector ${n}`).not.toBeNull();
    expect(m.find("square-village")?.dataset.sustainable).toBe("false");
    const tokens = m.el.querySelectorAll("[data-species]");
    expect([...tokens].some((t) => t.getAttribute("data-species") === "cat")).toBe(true);
    for (const slot of "ABCDEF") expect(m.get(`slot-${slot}`).dataset.card).not.toBe("");
  });

  it("rolls the dice with one click", () => {
    const m = open("toritori-start.json");
    m.click("roll");
    expect(m.model.sent).toEqual([{ kind: "act", id: 0 }]);
  });

  it("asks the team's decision on the tokens themselves", () => {
    const m = open("toritori-decision.json");
    expect(m.get("decision").textContent).toContain("activated first");
    const legal = m.el.querySelectorAll('[data-testid^="token-"][data-legal="true"]');
    expect([...legal].map((t) => t.getAttribute("data-testid")).sort()).toEqual([
      "token-2",
      "token-22",
    ]);
    svgClick(m.get("token-22"));
    expect(m.model.sent).toEqual([{ kind: "act", id: 1 }]);
  });

  it("a click on a token with nothing to do is a click on its sector", () => {
    const m = open("toritori-mid-cascade.json", { step: -1 });
    const sector = m.get("sector-4");
    expect(sector.dataset.legal).toBe("true");
    const token = sector.parentElement!.querySelector('[data-testid^="token-"]')!;
    expect(token.getAttribute("data-legal")).toBeNull();
    svgClick(token);
    expect(m.model.sent).toEqual([{ kind: "act", id: 2 }]);
  });

  it("replays a cascade step: the step's tokens and sectors lit, nothing clickable", () => {
    // what the step touched is read from the fixture (the engine's seeded game), not assumed
    type Touched = { tokens?: number[]; sectors?: number[] };
    const events = (
      fixture("toritori-mid-cascade.json") as {
        cascade: { events: { touched: Touched }[] };
      }
    ).cascade.events;
    const m = open("toritori-mid-cascade.json");
    expect(m.get("board").dataset.step).toBe("2");
    const touched = events[2].touched;
    const shown = (touched.tokens ?? []).filter((t) => m.find(`token-${t}`));
    expect(shown.length).toBeGreaterThan(0);
    for (const t of shown) expect(m.get(`token-${t}`).dataset.highlight).toBe("true");
    for (const n of touched.sectors ?? [])
      expect(m.get(`sector-${n}`).dataset.highlight).toBe("true");
    expect(m.el.querySelectorAll('[data-legal="true"]')).toHaveLength(0);
    m.click("cascade-forward");
    expect(m.get("board").dataset.step).toBe("3");
    const next = new Set(events[3].touched.tokens ?? []);
    const left = shown.filter((t) => !next.has(t) && m.find(`token-${t}`));
    expect(left.length).toBeGreaterThan(0);
    for (const t of left) expect(m.get(`token-${t}`).dataset.highlight).toBe("false");
  });

  it("opens a chooser when one target offers several actions", () => {
    const base = fixture("toritori-mid-cascade.json") as { legal: unknown[] };
    const legal = [
      ...base.legal,
      { id: 3, label: "Bicycle to sector 4", action: { type: "bicycle", to: "4" } },
    ];
    const m = open("toritori-mid-cascade.json", { step: -1, legal });
    svgClick(m.get("sector-4"));
    expect(m.model.sent).toEqual([]);
    expect(m.get("chooser").textContent).toContain("Bicycle to sector 4");
    m.click("choice-3");
    expect(m.model.sent).toEqual([{ kind: "act", id: 3 }]);
  });

  it("says the team won, and the settlements turned", () => {
    const m = open("toritori-victory.json");
    expect(m.get("outcome").textContent).toContain("The team wins!");
    expect(m.get("square-industry").dataset.sustainable).toBe("true");
  });
});

describe("the Ability map", () => {
  it("keeps every marker inside the map, on the N row and the last column too", () => {
    // issue 12 §7: markers on the N row were clipped at the top edge
    const base = fixture("toritori-start.json") as { view: Record<string, any> };
    const view = structuredClone(base.view);
    view.pawns = [0, 1, 2, 3].map((player) => ({
      player,
      colour: ["red", "blue", "green", "yellow"][player],
      at: "village",
      protecting: null,
    }));
    view.players = 4;
    for (const spaces of [
      { "0": "N1", "1": "N1", "2": "N6", "3": "N6" },
      { "0": "G7", "1": "G7", "2": "G7", "3": "G7" },
      { "0": "A", "1": "A", "2": "A", "3": "W5" },
    ]) {
      view.ability_map = { ...view.ability_map, markers: spaces };
      const m = open("toritori-start.json", { view });
      const svg = m.get("ability-map");
      const [, , width, height] = svg.getAttribute("viewBox")!.split(" ").map(Number);
      const dots = svg.querySelectorAll("circle.tt-marker");
      expect(dots).toHaveLength(4);
      for (const dot of dots) {
        const place = dot.parentElement!.getAttribute("transform")!;
        const [x, y] = place.match(/-?[\d.]+/g)!.map(Number);
        const cx = x + Number(dot.getAttribute("cx"));
        const cy = y + Number(dot.getAttribute("cy"));
        const r = Number(dot.getAttribute("r"));
        expect(cx - r, place).toBeGreaterThanOrEqual(0);
        expect(cx + r, place).toBeLessThanOrEqual(width);
        expect(cy - r, place).toBeGreaterThanOrEqual(0);
        expect(cy + r, place).toBeLessThanOrEqual(height);
      }
      w?.cleanup();
      w = null;
    }
  });
});
