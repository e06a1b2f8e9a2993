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
    const m = open("toritori-mid-cascade.json");
    expect(m.get("board").dataset.step).toBe("2");
    expect(m.get("token-4").dataset.highlight).toBe("true");
    expect(m.get("sector-5").dataset.highlight).toBe("true");
    expect(m.el.querySelectorAll('[data-legal="true"]')).toHaveLength(0);
    m.click("cascade-forward");
    expect(m.get("board").dataset.step).toBe("3");
    expect(m.get("token-4").dataset.highlight).toBe("false");
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
