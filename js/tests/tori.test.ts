/**
 * The Tori board (src/entries/tori.ts) on fixtures exported from real widgets: what it draws,
 * that only legal targets are clickable and send the right {kind: "act", id}, the chooser,
 * the face-up pair, and the highlights of each replayed step.
 */
import { describe, expect, it } from "vitest";
import tori from "../src/entries/tori";
import type { LegalAction } from "../src/kit";
import { entries, fixture, type Fixture, type Mounted, mountsCleanedAfterEach } from "./helpers";

const open = mountsCleanedAfterEach(tori);

const legalIn = (w: Mounted): string[] =>
  [...w.get("tori-board").querySelectorAll('[data-legal="true"]')].map(
    (e) => e.getAttribute("data-testid") ?? "",
  );

const lastSent = (w: Mounted): unknown => w.model.sent[w.model.sent.length - 1];

/** Click an element by data-testid (SVG elements too, which have no click()). */
const press = (w: Mounted, testid: string): void => {
  w.get(testid).dispatchEvent(new MouseEvent("click", { bubbles: true }));
};

/** A fixture with other legal actions (the browser only offers what `legal` lists). */
function withLegal(name: string, legal: Omit<LegalAction, "id">[]): Fixture {
  const f = fixture(name);
  f.legal = legal.map((a, id) => ({ id, ...a }));
  return f;
}

const key = (k: string): KeyboardEvent => new KeyboardEvent("keydown", { key: k, bubbles: true });

it("is the entry the fixtures test renders tori-*.json with", () => {
  expect(entries.tori).toBe(tori);
});

describe("the market square", () => {
  it("draws every cell with its terrain and zone, the information points and the customers", () => {
    const w = open(fixture("tori-start.json"));
    const f = fixture("tori-start.json");
    const layout = f.drawing as { rows: number; cols: number; terrain: string[]; zones: string[] };
    expect(w.get("tori-square").querySelectorAll(".tm-cell")).toHaveLength(
      layout.rows * layout.cols,
    );
    expect(w.get("cell-0-0").dataset.zone).toBe("1");
    expect(w.get("cell-9-11").dataset.zone).toBe("9");
    expect(w.get("cell-8-3").dataset.terrain).toBe("q");
    expect(w.get("cell-9-3").dataset.terrain).toBe("m");
    expect(w.get("cell-10-3").dataset.terrain).toBe("w");
    expect(w.find("info-1-5")).not.toBeNull();
    for (let z = 1; z <= 9; z++) expect(w.get(`zone-${z}`).textContent).toBe(String(z));
    const customers = (f.view as { customers: Record<string, [number, number] | null> }).customers;
    for (const [good, cell] of Object.entries(customers)) {
      if (cell) expect(w.get(`customer-${good}`).dataset.cell).toBe(`${cell[0]},${cell[1]}`);
      else expect(w.get("colour-change").dataset.good).toBe(good);
    }
  });

  it("draws stalls with their coat of arms, entrance and expansion tiles", () => {
    const w = open(fixture("tori-over.json"));
    const view = fixture("tori-over.json").view as {
      stalls: { id: string; owner: number; good: string; size: number; expansions: unknown[] }[];
    };
    for (const st of view.stalls) {
      const el = w.get(`stall-${st.owner}-${st.good}`);
      expect(el.dataset.size).toBe(String(st.size));
      expect(el.querySelector(`.tm-arms[data-owner="${st.owner}"]`)).not.toBeNull();
      expect(w.find(`entrance-${st.owner}-${st.good}`)).not.toBeNull();
      st.expansions.forEach((_, i) =>
        expect(w.find(`expansion-${st.owner}-${st.good}-${i}`)).not.toBeNull(),
      );
    }
  });

  it("shows only the hand the view gives; the others' as counts", () => {
    const w = open(fixture("tori-decision.json"));
    expect(w.get("hand").dataset.player).toBe("0");
    expect(w.get("hand").textContent).toContain("Hand of Helsinki (player 1): 9 of 8 cards");
    expect(w.get("tm-player-1").textContent).toContain("hidden");
    expect(w.get("tm-player-0").textContent).not.toContain("hidden");
  });

  it("falls back to the data tree for a view that is not Tori's", () => {
    const w = open({ ...fixture("tori-start.json"), view: { something: "else" } });
    expect(w.find("tori-board")).toBeNull();
    expect(w.boardText()).toContain("something");
  });
});

describe("clicks", () => {
  it("makes only legal targets clickable: at the start, the face-up cards and the pile", () => {
    const w = open(fixture("tori-start.json"));
    expect(legalIn(w).sort()).toEqual(
      ["display-0", "display-1", "display-2", "display-3", "display-4", "pile", "refresh"].sort(),
    );
    for (const el of w.get("tori-board").querySelectorAll('[data-legal="true"]')) {
      expect(el.getAttribute("role")).toBe("button");
      expect(el.getAttribute("tabindex")).toBe("0");
    }
    press(w, "cell-3-3");
    press(w, "customer-vegetables");
    expect(w.model.sent).toEqual([]);
  });

  it("takes two face-up cards with two clicks; the first opens a chooser of pairs", () => {
    const f = fixture("tori-start.json");
    const w = open(f);
    const display = (f.view as { display: number[] }).display;
    press(w, "display-0");
    expect(w.model.sent).toEqual([]);
    expect(w.get("display-0").dataset.selected).toBe("true");
    const pairs = f.legal!.filter(
      (a) =>
        a.action.type === "draw_face_up" && [a.action.first, a.action.second].includes(display[0]),
    );
    const choices = [...w.get("chooser").querySelectorAll("button[data-testid^=choice-]")];
    expect(choices.map((b) => b.getAttribute("data-testid"))).toEqual([
      ...pairs.map((a) => `choice-${a.id}`),
      "choice-cancel",
    ]);
    press(w, "display-3");
    const zones = [display[0], display[3]].sort((a, b) => a - b);
    const pair = f.legal!.find(
      (a) =>
        a.action.type === "draw_face_up" &&
        a.action.first === zones[0] &&
        a.action.second === zones[1],
    )!;
    expect(w.model.sent).toEqual([{ kind: "act", id: pair.id }]);
  });

  it("a second click on the same card, Cancel or Escape close the chooser", () => {
    const w = open(fixture("tori-start.json"));
    press(w, "display-1");
    expect(w.find("chooser")).not.toBeNull();
    press(w, "display-1");
    expect(w.find("chooser")).toBeNull();
    press(w, "display-1");
    press(w, "choice-cancel");
    expect(w.find("chooser")).toBeNull();
    press(w, "display-1");
    w.get("chooser").dispatchEvent(key("Escape"));
    expect(w.find("chooser")).toBeNull();
    expect(w.model.sent).toEqual([]);
  });

  it("sends the pile's and the refresh's actions", () => {
    const f = fixture("tori-start.json");
    const w = open(f);
    press(w, "pile");
    press(w, "refresh");
    const id = (type: string) => f.legal!.find((a) => a.action.type === type)!.id;
    expect(w.model.sent).toEqual([
      { kind: "act", id: id("draw_pile") },
      { kind: "act", id: id("refresh") },
    ]);
  });

  it("takes a customer with one click, and asks before tearing a stall down", () => {
    const f = fixture("tori-mid-cascade.json");
    const w = open({ ...f, step: -1 });
    const take = f.legal!.find((a) => a.action.type === "take_customer")!;
    press(w, `customer-${String(take.action.good)}`);
    expect(lastSent(w)).toEqual({ kind: "act", id: take.id });

    const tear = f.legal!.find((a) => a.action.type === "tear_down")!;
    const stall = `stall-${(f.view as { active: number }).active}-${String(tear.action.good)}`;
    expect(w.get(stall).dataset.legal).toBe("true");
    press(w, stall);
    expect(w.model.sent).toHaveLength(1);
    expect(w.get("chooser").textContent).toContain("Tear down");
    press(w, `choice-${tear.id}`);
    expect(lastSent(w)).toEqual({ kind: "act", id: tear.id });
  });

  it("builds or expands on a space: one action is sent at once, several open a chooser", () => {
    const w = open(
      withLegal("tori-start.json", [
        {
          label: "Build a fish stall at (9, 2), entrance N",
          action: { type: "build", good: "fish", row: 9, col: 2, facing: "N" },
        },
        {
          label: "Build a vegetables stall at (3, 3), entrance N",
          action: { type: "build", good: "vegetables", row: 3, col: 3, facing: "N" },
        },
        {
          label: "Build a vegetables stall at (3, 3), entrance E",
          action: { type: "build", good: "vegetables", row: 3, col: 3, facing: "E" },
        },
        {
          label: "Expand the flowers stall to (3, 3) with build card 4",
          action: { type: "expand", good: "flowers", row: 3, col: 3, zone: 4 },
        },
      ]),
    );
    expect(legalIn(w).sort()).toEqual(["cell-3-3", "cell-9-2"]);
    press(w, "cell-9-2");
    expect(w.model.sent).toEqual([{ kind: "act", id: 0 }]);

    press(w, "cell-3-3");
    expect(w.model.sent).toHaveLength(1);
    const chooser = w.get("chooser");
    expect(chooser.classList.contains("tm-popover")).toBe(true);
    expect(chooser.textContent).toContain("Space (3, 3) in zone 4");
    // one row per good built (a button per entrance), one per stall expanded (per card)
    const rows = [...chooser.querySelectorAll(".tm-choice-row")];
    expect(rows.map((r) => r.querySelector(".tm-choice-text")?.textContent?.trim())).toEqual([
      "VE build a vegetables stall, entrance:",
      "FL expand the flowers stall, paying build card:",
    ]);
    expect(w.get("choice-1").textContent).toBe("↑ N");
    expect(w.get("choice-2").textContent).toBe("→ E");
    expect(w.get("choice-3").textContent).toBe("4");
    expect(w.get("choice-2").getAttribute("aria-label")).toBe(
      "Build a vegetables stall at (3, 3), entrance E",
    );
    press(w, "choice-3");
    expect(lastSent(w)).toEqual({ kind: "act", id: 3 });
  });

  it("works from the keyboard: Enter or Space on a target", () => {
    const f = fixture("tori-start.json");
    const w = open(f);
    w.get("pile").dispatchEvent(key("Enter"));
    const pile = f.legal!.find((a) => a.action.type === "draw_pile")!.id;
    expect(w.model.sent).toEqual([{ kind: "act", id: pile }]);
    w.get("display-2").dispatchEvent(key(" "));
    expect(w.find("chooser")).not.toBeNull();
  });

  it("discards from the hand at the hand limit, and nothing else is clickable then", () => {
    const f = fixture("tori-decision.json");
    const w = open(f);
    expect(w.get("tori-prompt").textContent).toContain("discard 1 more");
    const ids = Object.fromEntries(
      f.legal!.map((a) => [
        a.action.type === "discard_build"
          ? `hand-build-${a.action.zone}`
          : `hand-goods-${a.action.good}`,
        a.id,
      ]),
    );
    expect(legalIn(w).sort()).toEqual(Object.keys(ids).sort());
    for (const [testid, id] of Object.entries(ids)) {
      press(w, testid);
      expect(lastSent(w)).toEqual({ kind: "act", id });
    }
  });

  it("offers nothing on a bot's turn, and never shows a bot's hand", () => {
    const f = fixture("tori-mid-cascade.json");
    const active = (f.view as { active: number }).active;
    const w = open({ ...f, step: -1, bots: { [String(active)]: "tori-greedy" } });
    expect(legalIn(w)).toEqual([]);
    expect(w.get("hand").dataset.hidden).toBe("true");
    expect(
      w.el.querySelector('[data-testid^="hand-build-"], [data-testid^="hand-goods-"]'),
    ).toBeNull();
    expect(w.get("tori-prompt").textContent).toContain("(bot)");
    expect(w.get(`tm-player-${active}`).textContent).toContain("bot");
    // the person's turn again: the board offers the legal moves
    w.model.set("bots", {});
    expect(legalIn(w).length).toBeGreaterThan(0);
  });

  it("offers nothing while a past step is replayed", () => {
    const w = open(fixture("tori-mid-cascade.json"));
    expect(legalIn(w)).toEqual([]);
    press(w, "pile");
    expect(w.model.sent).toEqual([]);
  });
});

describe("replaying a cascade step by step", () => {
  it("draws the customer's walk cell by cell and lights the customer and its stall", () => {
    const f = fixture("tori-mid-cascade.json");
    const events = f.cascade!.events!;
    const walkAt = events.findIndex((e) => e.kind === "customer");
    const w = open({ ...f, step: walkAt });
    const cells = events[walkAt].touched.cells as [number, number][];
    const good = (events[walkAt].touched.customers as string[])[0];
    expect(w.get("customer-walk").dataset.steps).toBe(String(cells.length - 1));
    expect(
      w.get("customer-walk").querySelector("polyline")!.getAttribute("points")!.split(" "),
    ).toHaveLength(cells.length);
    expect(w.get(`customer-${good}`).dataset.highlight).toBe("true");
    const [r, c] = cells[cells.length - 1];
    expect(w.get(`customer-${good}`).dataset.cell).toBe(`${r},${c}`);
    const stall = (events[walkAt].touched.stalls as string[])[0].replace(":", "-");
    expect(w.get(`stall-${stall}`).dataset.highlight).toBe("true");

    // the swap: both customers and the colour-change tile; the walk is gone
    w.showStep(walkAt + 1);
    expect(w.find("customer-walk")).toBeNull();
    const [went, came] = events[walkAt + 1].touched.customers as string[];
    expect(w.get("colour-change").dataset.highlight).toBe("true");
    expect(w.get("colour-change").dataset.good).toBe(went);
    expect(w.get(`customer-${came}`).dataset.highlight).toBe("true");
    expect(w.get(`customer-${came}`).dataset.cell).toBe(`${r},${c}`);

    // the goods: the cards in the hand of the player who received them
    w.showStep(walkAt + 2);
    expect(w.get(`hand-goods-${good}`).dataset.highlight).toBe("true");
  });

  it("shows the marketing step: the competing stall that stood closer", () => {
    const f = fixture("tori-mid-cascade.json");
    const w = open({ ...f, step: 0 });
    const closer = (f.cascade!.events![0].touched.stalls as string[])[0].replace(":", "-");
    expect(w.get(`stall-${closer}`).dataset.highlight).toBe("true");
  });

  it("lights a majority card changing hands, the expansion before it and the end after", () => {
    const f = fixture("tori-over.json");
    const events = f.cascade!.events!;
    const at = (kind: string) => events.findIndex((e) => e.kind === kind);
    const [card] = events[at("majority")].touched.cards as string[];
    const [medal, good] = card.split(":");
    const w = open({ ...f, step: at("majority") });
    expect(w.get(`${medal}-${good}`).dataset.highlight).toBe("true");
    expect(w.get(`majority-${good}`).dataset.highlight).toBe("true");
    const winner = (events[at("majority")].touched.players as number[]).at(-1)!;
    expect(w.get(`${medal}-${good}`).dataset.holder).toBe(String(winner));
    expect(w.get("majority").querySelectorAll('td[data-highlight="true"]')).toHaveLength(1);

    w.showStep(at("expand"));
    const [r, c] = (events[at("expand")].touched.cells as [number, number][])[0];
    expect(w.get(`cell-${r}-${c}`).dataset.highlight).toBe("true");
    const stall = (events[at("expand")].touched.stalls as string[])[0].replace(":", "-");
    expect(w.get(`stall-${stall}`).dataset.highlight).toBe("true");

    w.showStep(at("end"));
    for (const g of events[at("end")].touched.goods as string[])
      expect(w.get(`majority-${g}`).dataset.highlight).toBe("true");
  });

  it("shows the final scores when Tori is over, with every player's bonus cards", () => {
    const f = fixture("tori-over.json");
    const w = open(f);
    const scores = (f.view as { scores: { total: number }[] }).scores;
    scores.forEach((sc, p) => {
      expect(w.get(`score-${p}`).dataset.total).toBe(String(sc.total));
      expect(w.find(`area-bonus-${p}`)).not.toBeNull();
    });
    expect(legalIn(w)).toEqual([]);
  });
});
