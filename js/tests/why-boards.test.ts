/** Story mode on every board (issue 20 §6): the things a game names by id carry
 * `data-story`, so a click in story mode asks Python their story, named as the board names
 * them. The ids come from each engine's view (Python numbers them; the browser never does). */
import { describe, expect, it } from "vitest";
import { entries, fixture, mountsCleanedAfterEach, type Fixture } from "./helpers";

const clickInStoryMode = (
  w: ReturnType<ReturnType<typeof mountsCleanedAfterEach>>,
  el: Element,
) => {
  const before = w.model.sent.length;
  w.click("story-mode");
  el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  return w.model.sent.slice(before);
};

describe("Wildlife Web", () => {
  const open = mountsCleanedAfterEach(entries.wildlifeweb);
  /** The decision fixture, exported from the engine: its view names every animal's id. */
  const withIds = (): Fixture => structuredClone(fixture("wildlifeweb-decision.json"));

  it("puts the animal's id on each Pack card, the family's on its progress, and on habitat tiles", () => {
    const f = withIds();
    const w = open(f);
    const view = f.view as {
      habitat: { card: string; id: string }[];
      packs: { card: string; id: string; family: string }[][];
    };
    expect(view.packs.flat().length).toBeGreaterThan(0);
    expect(view.packs.flat()[0].id).toMatch(/^animal:\d+$/);
    for (const a of view.packs.flat()) {
      const card = w.get(`animal-${a.card}`);
      expect(card.getAttribute("data-story")).toBe(a.id);
      expect(card.querySelector(".ww-family")?.getAttribute("data-story")).toBe(a.family);
    }
    for (const c of view.habitat)
      expect(w.get(`habitat-${c.card}`).getAttribute("data-story")).toBe(c.id);
  });

  it("asks the story of the animal clicked in story mode and titles it as the board does", () => {
    const f = withIds();
    const w = open(f);
    const first = (
      f.view as { packs: { card: string; id: string; name: string }[][] }
    ).packs.flat()[0];
    const card = w.get(`animal-${first.card}`);
    const name = card.querySelector(".ww-animal-name") as HTMLElement;
    expect(clickInStoryMode(w, name)).toEqual([{ kind: "story", subject: first.id }]);
    w.model.emit({ kind: "story", story: { subject: first.id, end: "in play", events: [] } });
    expect(w.get("why-title").textContent).toBe(
      `The story of ${card.getAttribute("data-story-label")}`,
    );
    expect(card.getAttribute("data-story-label")).toContain(first.name);
  });

  it("a view without ids gets no data-story at all", () => {
    const f = withIds();
    const view = f.view as {
      habitat: Record<string, unknown>[];
      packs: Record<string, unknown>[][];
    };
    for (const thing of [...view.habitat, ...view.packs.flat()]) delete thing.id;
    for (const a of view.packs.flat()) delete a.family;
    const w = open(f);
    expect(w.el.querySelectorAll(".ww-animal[data-story], .ww-tile[data-story]").length).toBe(0);
  });
});

describe("Tori", () => {
  const open = mountsCleanedAfterEach(entries.tori);
  type Stall = { owner: number; good: string; story: string };
  type View = { stalls: Stall[]; customer_ids: Record<string, string> };

  it("puts each stall's and each customer's id on it, from the engine's view", () => {
    const f = fixture("tori-mid-cascade.json");
    const view = f.view as View;
    expect(view.stalls.length).toBeGreaterThan(0);
    const w = open(f);
    for (const st of view.stalls) {
      expect(st.story).toMatch(/^stall:\d+$/);
      expect(w.get(`stall-${st.owner}-${st.good}`).getAttribute("data-story")).toBe(st.story);
    }
    const shown = [...w.el.querySelectorAll("g.tm-customer")];
    expect(shown.length).toBeGreaterThan(0);
    for (const c of shown)
      expect(c.getAttribute("data-story")).toBe(view.customer_ids[c.getAttribute("data-good")!]);
  });

  it("asks a customer's story in story mode, named as the board names it", () => {
    const f = fixture("tori-start.json");
    const w = open(f);
    const customer = w.el.querySelector("g.tm-customer") as SVGGElement;
    const id = customer.getAttribute("data-story");
    expect(clickInStoryMode(w, customer.firstElementChild!)).toEqual([
      { kind: "story", subject: id },
    ]);
    w.model.emit({ kind: "story", story: { subject: id, end: "in play", events: [] } });
    expect(w.get("why-title").textContent).toMatch(/^The story of the customer who wants /);
  });
});

describe("Tulikko", () => {
  const open = mountsCleanedAfterEach(entries.tulikko);
  type Player = {
    seat: number;
    tokens: { cells: [number, number]; story: string }[];
    map: { cell: number; tile: { id: number } | null }[] | null;
  };

  it("puts each border token's id and each tile's on it", () => {
    const f = fixture("tulikko-mid-cascade.json");
    const players = (f.view as { players: Player[] }).players;
    const w = open(f);
    const tokens = players.flatMap((p) => p.tokens.map((t) => [p.seat, t] as const));
    expect(tokens.length).toBeGreaterThan(0);
    for (const [seat, t] of tokens)
      expect(w.get(`token-${seat}-${t.cells[0]}-${t.cells[1]}`).getAttribute("data-story")).toBe(
        t.story,
      );
    const tiles = players.flatMap((p) =>
      (p.map ?? []).filter((c) => c.tile).map((c) => [p.seat, c] as const),
    );
    expect(tiles.length).toBeGreaterThan(0);
    for (const [seat, c] of tiles) {
      const tile = w.get(`cell-${seat}-${c.cell}`).querySelector(".tk-tile");
      expect(tile?.getAttribute("data-story")).toBe(`tile:${c.tile!.id}`);
    }
  });

  it("asks a tile's story in story mode, named as the board names it", () => {
    const w = open(fixture("tulikko-mid-cascade.json"));
    const tile = w.el.querySelector('[data-testid^="cell-"] .tk-tile') as SVGGElement;
    const id = tile.getAttribute("data-story");
    expect(clickInStoryMode(w, tile.firstElementChild!)).toEqual([{ kind: "story", subject: id }]);
    w.model.emit({ kind: "story", story: { subject: id, end: "in play", events: [] } });
    expect(w.get("why-title").textContent).toMatch(/^The story of the .* tile \(tile \d+\)$/);
  });
});

describe("Biotopes", () => {
  const open = mountsCleanedAfterEach(entries.biotopes);

  it("puts each species card's id on it and asks its story in story mode", () => {
    const w = open(fixture("biotopes-mid-cascade.json"));
    const cards = [...w.el.querySelectorAll(".bt-species[data-card]")];
    expect(cards.length).toBeGreaterThan(0);
    for (const c of cards)
      expect(c.getAttribute("data-story")).toBe(`card:${c.getAttribute("data-card")}`);
    const card = cards[0];
    const subject = card.getAttribute("data-story");
    const name = card.querySelector(".bt-card-name")!;
    expect(clickInStoryMode(w, name)).toEqual([{ kind: "story", subject }]);
    w.model.emit({ kind: "story", story: { subject, end: "in play", events: [] } });
    expect(w.get("why-title").textContent).toBe(`The story of the ${name.textContent} card`);
  });
});
