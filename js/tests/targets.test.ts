/**
 * The kit's one grouping of legal actions by board target (every game's board uses it) and
 * the click that plays a target's one action or opens the chooser of its several.
 */
import { describe, expect, it } from "vitest";
import { type LegalAction, type Message, playOrChoose, targetMap } from "../src/kit";

const action = (id: number, fields: Record<string, unknown>): LegalAction => ({
  id,
  label: `action ${id}`,
  action: { type: "eat", ...fields },
});

const cards = (a: LegalAction): string[] =>
  [a.action.animal, a.action.prey].filter((c) => typeof c === "string").map((c) => `card:${c}`);

describe("targetMap", () => {
  it("groups each action under every target it names, in Python's order", () => {
    const legal = [
      action(0, { animal: "fox", prey: "hare" }),
      action(1, { animal: "owl", prey: "hare" }),
      action(2, { animal: "fox" }),
    ];
    const map = targetMap(legal, cards);
    expect([...map.keys()]).toEqual(["card:fox", "card:hare", "card:owl"]);
    expect(map.get("card:fox")?.map((a) => a.id)).toEqual([0, 2]);
    expect(map.get("card:hare")?.map((a) => a.id)).toEqual([0, 1]);
    expect(map.get("card:owl")?.map((a) => a.id)).toEqual([1]);
  });

  it("offers an action once on a target it names twice", () => {
    const cannibal = action(3, { animal: "pike", prey: "pike" });
    expect(targetMap([cannibal], cards).get("card:pike")).toEqual([cannibal]);
  });

  it("has no target for an action that names none", () => {
    expect(targetMap([action(4, {})], cards).size).toBe(0);
  });
});

describe("playOrChoose", () => {
  function context() {
    const sent: Message[] = [];
    let redrawn = 0;
    const ctx = {
      send: (m: Message) => sent.push(m),
      ui: {} as Record<string, unknown>,
      rerender: () => {
        redrawn += 1;
      },
    };
    return { ctx, sent, redrawn: () => redrawn };
  }

  it("plays a target's only action", () => {
    const { ctx, sent, redrawn } = context();
    playOrChoose(ctx, "card:fox", [action(7, {})]);
    expect(sent).toEqual([{ kind: "act", id: 7 }]);
    expect(ctx.ui.selected).toBeUndefined();
    expect(redrawn()).toBe(0);
  });

  it("selects a target with several actions and redraws, sending nothing", () => {
    const { ctx, sent, redrawn } = context();
    playOrChoose(ctx, "card:fox", [action(7, {}), action(8, {})]);
    expect(sent).toEqual([]);
    expect(ctx.ui.selected).toBe("card:fox");
    expect(redrawn()).toBe(1);
  });

  it("does nothing for a target with no action", () => {
    const { ctx, sent, redrawn } = context();
    playOrChoose(ctx, "card:fox", []);
    expect([sent, ctx.ui, redrawn()]).toEqual([[], {}, 0]);
  });
});
