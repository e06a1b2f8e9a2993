/**
 * Issue 21 §6.7: with four researchers in a settlement, the pawns stand between its name
 * and its state, covering neither (they used to stand along the top, over "Village").
 */
import { afterEach, describe, expect, it } from "vitest";
import toritori from "../src/entries/toritori";
import { fixture, mount, type Mounted } from "./helpers";

let w: Mounted | null = null;
afterEach(() => {
  w?.cleanup();
  w = null;
  document.body.replaceChildren();
});

const CELL = 124;
const COLOURS = ["red", "blue", "green", "yellow"];
/** Pawn outline around its anchor: head circle top at -15, label baseline +16 (9px). */
const PAWN = { left: -8, right: 8, top: -15, bottom: 18 };

describe("four pawns in the Village", () => {
  it("stand apart, inside the square, below its name and above its state", () => {
    const f = fixture("toritori-decision.json");
    const view = f.view as Record<string, unknown>;
    const pawns = COLOURS.map((colour, player) => ({
      at: "village",
      colour,
      player,
      protecting: null,
    }));
    w = mount({ ...f, view: { ...view, pawns } }, toritori);
    const square = w.get("square-village").parentElement!;
    const name = [...square.querySelectorAll("text")].find((t) => t.textContent === "Village")!;
    const state = square.querySelector(".tt-settlement-state")!;
    const nameBottom = Number(name.getAttribute("y")) + 4; // the baseline and descenders
    const stateTop = Number(state.getAttribute("y")) - 12; // 12px text above its baseline
    const at = [0, 1, 2, 3].map((p) => {
      const g = w!.get(`pawn-${p}`);
      expect(g.parentElement).toBe(square);
      const [x, y] = /translate\(([-\d.]+),([-\d.]+)\)/
        .exec(g.getAttribute("transform")!)!
        .slice(1)
        .map(Number);
      return { x, y };
    });
    for (const { x, y } of at) {
      expect(y + PAWN.top).toBeGreaterThan(nameBottom);
      expect(y + PAWN.bottom).toBeLessThan(stateTop);
      expect(x + PAWN.left).toBeGreaterThanOrEqual(0);
      expect(x + PAWN.right).toBeLessThanOrEqual(CELL);
    }
    const xs = at.map((p) => p.x).sort((a, b) => a - b);
    for (let i = 1; i < xs.length; i++) expect(xs[i] - xs[i - 1]).toBeGreaterThanOrEqual(18);
  });
});
