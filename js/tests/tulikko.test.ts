/** The Tulikko board: slide arrows, placing, token choices, aurora moves, replay highlights. */
import { describe, expect, it } from "vitest";
import tulikko from "../src/entries/tulikko";
import type { LegalAction } from "../src/kit";
import { type Fixture, type Mounted, fixture, mountsCleanedAfterEach } from "./helpers";

const open = mountsCleanedAfterEach(tulikko);

const legalIds = (w: Mounted): string[] =>
  [...w.get("board").querySelectorAll('[data-legal="true"]')].map(
    (e) => e.getAttribute("data-testid") ?? "",
  );

/** Click any element (SVG elements have no click() method). */
const tap = (w: Mounted, testid: string): void => {
  w.get(testid).dispatchEvent(new MouseEvent("click", { bubbles: true }));
};

const idOf = (f: Fixture, pred: (a: LegalAction) => boolean): number => {
  const found = (f.legal ?? []).find(pred);
  if (!found) throw new Error("no such legal action");
  return found.id;
};

describe("the central board", () => {
  it("draws the cross with the middle tile hidden and the tile to slide in", () => {
    const f = fixture("tulikko-start.json");
    const w = open(f);
    expect(w.get("slot-center").dataset.tile).toBe("hidden");
    expect(w.get("slot-center").textContent).toContain("?");
    for (const side of ["north", "east", "south", "west"]) {
      expect(w.get(`slot-${side}`).dataset.tile).not.toBe("");
    }
    const hand = (f.view as { hand: { id: number } }).hand;
    expect(w.get("hand").dataset.tile).toBe(String(hand.id));
  });

  it("makes only the four arrows clickable, and an arrow sends its slide", () => {
    const f = fixture("tulikko-start.json");
    const w = open(f);
    expect(legalIds(w).sort()).toEqual(
      ["slide-east", "slide-north", "slide-south", "slide-west"].sort(),
    );
    tap(w, "slide-east");
    const east = idOf(f, (a) => a.action.type === "slide" && a.action.side === "east");
    expect(w.model.sent).toEqual([{ kind: "act", id: east }]);
    expect(w.get("slide-east").dataset.ejects).toBe("west");
    expect(w.get("slide-east").getAttribute("aria-label")).toContain("the west tile comes out");
  });

  it("offers nothing on a bot's turn, and says the bot plays", () => {
    const f = fixture("tulikko-start.json");
    const w = open({ ...f, bots: { "0": "tulikko-greedy" } });
    expect(legalIds(w)).toEqual([]);
    expect(w.get("prompt").dataset.bot).toBe("true");
    expect(w.get("prompt").textContent).toContain("is played by a bot");
    w.model.set("bots", { "1": "tulikko-greedy" });
    expect(legalIds(w)).toHaveLength(4);
  });

  it("works from the keyboard: an arrow is a button that Enter presses", () => {
    const f = fixture("tulikko-start.json");
    const w = open(f);
    const arrow = w.get("slide-south");
    expect(arrow.getAttribute("role")).toBe("button");
    expect(arrow.getAttribute("tabindex")).toBe("0");
    arrow.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    const south = idOf(f, (a) => a.action.type === "slide" && a.action.side === "south");
    expect(w.model.sent).toEqual([{ kind: "act", id: south }]);
  });

  it("previews the tile an arrow would push out", () => {
    const w = open(fixture("tulikko-start.json"));
    w.get("slide-north").dispatchEvent(new MouseEvent("mouseenter"));
    expect(w.get("slot-south").classList.contains("tk-preview")).toBe(true);
    w.get("slide-north").dispatchEvent(new MouseEvent("mouseleave"));
    expect(w.get("slot-south").classList.contains("tk-preview")).toBe(false);
  });
});

/** The tile waiting for its tokens in a fixture, and the two neighbours it calls them for. */
const pendingOf = (
  f: Fixture,
): {
  seat: number;
  cell: number;
  first: { cell: number; kind: string };
  second: { cell: number; kind: string };
} => {
  const view = f.view as {
    active: number;
    pending_tokens: { cell: number; neighbours: { cell: number; kind: string }[] };
  };
  const [first, second] = view.pending_tokens.neighbours;
  return { seat: view.active, cell: view.pending_tokens.cell, first, second };
};

describe("placing and tokens", () => {
  it("places the ejected tile on a highlighted space of the right symbol", () => {
    const f = fixture("tulikko-start.json");
    const view = structuredClone(f.view) as Record<string, unknown> & {
      players: { map: { cell: number; symbol: string; tile: unknown }[] }[];
    };
    const moon = view.players[0].map.filter((c) => c.symbol === "moon" && !c.tile);
    view.phase = "place";
    view.hand = null;
    view.held = { id: 7, colour: "blue", back: "neutral", side: "south", symbol: "moon" };
    const legal = moon.map((c, i) => ({
      id: i,
      label: `Place the tile on cell ${c.cell}`,
      action: { type: "place", cell: c.cell },
    }));
    const w = open({ ...f, view, legal, cascade: {} });
    expect(legalIds(w).sort()).toEqual(moon.map((c) => `cell-0-${c.cell}`).sort());
    expect(w.get("held").dataset.tile).toBe("7");
    expect(w.get("prompt").textContent).toContain("moon");
    tap(w, `cell-0-${moon[1].cell}`);
    expect(w.model.sent).toEqual([{ kind: "act", id: 1 }]);
  });

  it("offers the token choices in a chooser, with the borders they fill", () => {
    const f = fixture("tulikko-decision.json");
    const w = open(f);
    // the situation as the fixture has it: the tile just placed and its two neighbours
    const { seat, cell, first, second } = pendingOf(f);
    const chooser = w.get("chooser");
    expect(chooser.querySelectorAll("button")).toHaveLength(f.legal!.length);
    const both = idOf(f, (a) => Array.isArray(a.action.at) && a.action.at.length === 2);
    const a = (kind: string): string => (kind === "animal" ? "an animal" : "a river");
    expect(w.get(`choice-${both}`).textContent).toMatch(
      new RegExp(`^Place ${a(first.kind)} token by .* ${a(second.kind)} token by`),
    );
    const none = idOf(f, (a) => Array.isArray(a.action.at) && a.action.at.length === 0);
    expect(w.get(`choice-${none}`).textContent).toContain("withhold them all");
    // the two borders the new tile calls tokens for
    const border = (n: number): string =>
      `pending-${seat}-${Math.min(cell, n)}-${Math.max(cell, n)}`;
    expect(w.get(border(first.cell)).dataset.kind).toBe(first.kind);
    expect(w.get(border(second.cell)).dataset.kind).toBe(second.kind);
    const one = idOf(f, (a) => JSON.stringify(a.action.at) === `[${first.cell}]`);
    w.get(`choice-${one}`).dispatchEvent(new MouseEvent("mouseenter"));
    expect(w.get(border(first.cell)).dataset.preview).toBe("true");
    expect(w.get(border(second.cell)).dataset.preview).toBe("false");
    w.click(`choice-${one}`);
    expect(w.model.sent).toEqual([{ kind: "act", id: one }]);
  });

  it("opens a chooser when one target offers several actions", () => {
    const f = fixture("tulikko-decision.json");
    const w = open(f);
    // the tile just placed is the target of every token choice
    const { seat, cell: placed } = pendingOf(f);
    const cell = w.get(`cell-${seat}-${placed}`);
    expect(cell.dataset.legal).toBe("true");
    expect(cell.dataset.pending).toBe("true");
    tap(w, `cell-${seat}-${placed}`);
    expect(w.model.sent).toEqual([]);
    expect(w.find("chooser")).not.toBeNull();
  });

  it("moves a tile with the purple aurora tile in two clicks: the tile, then a space", () => {
    const f = fixture("tulikko-start.json");
    const legal = [
      ...f.legal!,
      { id: 4, label: "Aurora: move 9 to 0", action: { type: "move_tile", source: 9, target: 0 } },
      { id: 5, label: "Aurora: move 9 to 1", action: { type: "move_tile", source: 9, target: 1 } },
    ];
    const w = open({ ...f, legal });
    expect(w.get("cell-0-0").dataset.legal).toBeUndefined();
    tap(w, "cell-0-9");
    expect(w.model.sent).toEqual([]);
    expect(w.get("cell-0-9").dataset.selected).toBe("true");
    expect(w.get("cell-0-0").dataset.legal).toBe("true");
    expect(w.get("prompt").textContent).toContain("click the empty space");
    tap(w, "cell-0-1");
    expect(w.model.sent).toEqual([{ kind: "act", id: 5 }]);
    w.click("tk-cancel-move");
    expect(w.get("cell-0-0").dataset.legal).toBeUndefined();
  });

  it("lets a player choose a map before the game starts", () => {
    const f = fixture("tulikko-start.json");
    const view = structuredClone(f.view) as Record<string, unknown> & {
      players: Record<string, unknown>[];
    };
    view.phase = "choose_map";
    view.hand = null;
    view.players = view.players.map((p) => ({ ...p, animal: null, map: null, tokens: [] }));
    const legal = ["fox", "owl", "lynx", "reindeer"].map((animal, id) => ({
      id,
      label: `Choose the ${animal} wilderness map`,
      action: { type: "choose_map", animal },
    }));
    const w = open({ ...f, view, legal, cascade: {} });
    expect(w.find("map-choices")).not.toBeNull();
    w.click("map-choice-lynx");
    expect(w.model.sent).toEqual([{ kind: "act", id: 2 }]);
  });
});

describe("objectives and graphs", () => {
  it("shows the landscape cards, symbol cards and aurora tiles with their owners", () => {
    const f = fixture("tulikko-over.json");
    const w = open(f);
    const view = f.view as {
      landscape_cards: { id: string; fulfilled_by: number[] }[];
      symbol_cards: { symbol: string; owner: number | null }[];
      auroras: { id: string; holder: number | null; used: boolean }[];
    };
    for (const card of view.landscape_cards) {
      expect(w.get(`card-${card.id}`).dataset.fulfilledBy).toBe(card.fulfilled_by.join(","));
    }
    for (const card of view.symbol_cards) {
      expect(w.get(`symbol-card-${card.symbol}`).dataset.owner).toBe(
        card.owner === null ? "" : String(card.owner),
      );
    }
    for (const a of view.auroras) {
      expect(w.get(`aurora-${a.id}`).dataset.holder).toBe(
        a.holder === null ? "" : String(a.holder),
      );
      expect(w.get(`aurora-${a.id}`).dataset.used).toBe(String(a.used));
    }
    expect(legalIds(w)).toEqual([]);
  });

  it("shows the supply of tokens left", () => {
    const f = fixture("tulikko-over.json");
    const w = open(f);
    const players = (f.view as { players: { supply: { animal: number; river: number } }[] })
      .players;
    players.forEach((p, seat) => {
      expect(w.get(`supply-${seat}`).dataset.animal).toBe(String(p.supply.animal));
      expect(w.get(`supply-${seat}`).dataset.river).toBe(String(p.supply.river));
    });
  });

  it("draws the colour zones and the river network on demand", () => {
    const f = fixture("tulikko-over.json");
    const w = open(f);
    expect(w.find("graphs-0")).toBeNull();
    w.click("tk-graphs-toggle");
    expect(w.get("tk-graphs-toggle").getAttribute("aria-pressed")).toBe("true");
    const players = (
      f.view as {
        players: { seat: number; largest_zone: number; tokens: { kind: string }[] }[];
      }
    ).players;
    for (const p of players) {
      const layer = w.get(`graphs-${p.seat}`);
      const sizes = [...layer.querySelectorAll("[data-testid^=zone-]")].map((z) =>
        Number(z.getAttribute("data-size")),
      );
      expect(Math.max(...sizes)).toBe(p.largest_zone);
      const rivers = [...layer.querySelectorAll("[data-testid^=river-]")].map((z) =>
        Number(z.getAttribute("data-size")),
      );
      expect(rivers.reduce((a, b) => a + b, 0)).toBe(
        p.tokens.filter((t) => t.kind === "river").length,
      );
    }
    w.click("tk-graphs-toggle");
    expect(w.find("graphs-0")).toBeNull();
  });
});

describe("replaying a cascade", () => {
  it("highlights what each step touched, and offers nothing while replaying", () => {
    const f = fixture("tulikko-mid-cascade.json");
    const w = open(f);
    const events = f.cascade!.events!;
    const done = events[f.step!];
    expect(done.kind).toBe("landscape_card");
    const card = (done.touched.cards as string[])[0];
    const [seat] = done.touched.players as number[];
    expect(w.get(`card-${card}`).dataset.highlight).toBe("true");
    expect(w.get(`player-map-${seat}`).dataset.highlight).toBe("true");
    expect(legalIds(w)).toEqual([]);

    // the first token, then the second one (not on the map yet at the first step)
    const tokens = events.filter((e) => e.kind === "token");
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    const edge = (e: (typeof events)[number]): string =>
      `token-${(e.touched.edges as unknown as number[][])[0].join("-")}`;
    w.showStep(tokens[0].index);
    expect(w.get(edge(tokens[0])).dataset.highlight).toBe("true");
    expect(w.get(edge(tokens[0])).dataset.kind).toBe((tokens[0].touched.tokens as string[])[0]);
    expect(w.find(edge(tokens[1]))).toBeNull(); // not placed yet at that step
    expect(w.get(`card-${card}`).dataset.highlight).toBe("false");
    const fulfilledBy = (): string[] =>
      (w.get(`card-${card}`).dataset.fulfilledBy ?? "").split(",");
    expect(fulfilledBy()).not.toContain(String(seat));

    // the animal tokens on the card
    w.showStep(events.findIndex((e) => e.kind === "card_tokens"));
    expect(fulfilledBy()).toContain(String(seat));

    w.showStep(-1); // back to now: the arrows are offered again
    expect(legalIds(w)).toHaveLength(4);
  });

  it("highlights the cells of a completed symbol", () => {
    // the fixture's last action took no symbol card: one is added to its cascade, with what
    // the engine's symbol_card event touches (the card, the covered cells of its symbol)
    const f = fixture("tulikko-over.json");
    const cascade = structuredClone(f.cascade!);
    const view = f.view as {
      players: { seat: number; map: { cell: number; symbol: string; tile: unknown }[] }[];
    };
    const player = view.players[0];
    const symbol = player.map.find((c) => c.tile)!.symbol;
    const cells = player.map.filter((c) => c.symbol === symbol && c.tile).map((c) => c.cell);
    cascade.events = [
      ...cascade.events!.slice(0, 1),
      {
        index: 1,
        kind: "symbol_card",
        text: `Player 1 is the first to cover all five ${symbol} spaces`,
        cause: 0,
        touched: { cards: [`symbol-${symbol}`], cells: cells.map((c) => [player.seat, c]) },
      },
    ];
    const w = open({ ...f, cascade });
    w.showStep(1);
    expect(w.get(`symbol-card-${symbol}`).dataset.highlight).toBe("true");
    for (const cell of cells) {
      expect(w.get(`cell-${player.seat}-${cell}`).dataset.highlight).toBe("true");
    }
  });
});
