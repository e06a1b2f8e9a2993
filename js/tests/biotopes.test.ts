/** The Biotopes board: the landscape's targets, the hand, the Ecosystems, the rivers, the
 * Reaction prompt, two-click actions, replay highlights, the scores. */
import { describe, expect, it } from "vitest";
import biotopes from "../src/entries/biotopes";
import type { LegalAction } from "../src/kit";
import type { BiotopesView } from "../src/games/biotopes/types";
import { type Fixture, type Mounted, fixture, mountsCleanedAfterEach } from "./helpers";

const open = mountsCleanedAfterEach(biotopes);

const legalIds = (w: Mounted): string[] =>
  [...w.get("board").querySelectorAll('[data-legal="true"]')].map(
    (e) => e.getAttribute("data-testid") ?? "",
  );

/** Click any element (SVG elements have no click() method). */
const tap = (w: Mounted, testid: string): void => {
  w.get(testid).dispatchEvent(new MouseEvent("click", { bubbles: true }));
};

const hexId = (hex: number[]): string => `hex-${hex[0]}_${hex[1]}`;
const viewOf = (f: Fixture): BiotopesView => f.view as BiotopesView;
/** The view with its static parts (sent once, in `layout.static_view`). */
const fullView = (f: Fixture): BiotopesView =>
  ({ ...(f.drawing?.static_view as object), ...(f.view as object) }) as BiotopesView;

/** The mid-cascade fixture at its current state (Purple's action phase), with `legal`. */
function actionPhase(legal: Omit<LegalAction, "id">[]): Fixture {
  const f = fixture("biotopes-mid-cascade.json");
  return { ...f, step: -1, cascade: {}, legal: legal.map((a, id) => ({ ...a, id })) };
}

/** Purple's Forests row holds a Hazel Dormouse with ``cubes``, and Purple's Grasslands
 * Biotope card a yellow cube (whatever the fixture's game dealt). */
function withForestCard(f: Fixture, cubes: Record<string, number>): void {
  const eco = viewOf(f).ecosystems[0];
  eco.rows[1] = [{ card: "hazel_dormouse", cubes: cubes as never }];
  eco.biotopes[2] = {
    ...eco.biotopes[2],
    cubes: 1,
    colours: { gray: 0, green: 0, yellow: 1, blue: 0 },
  };
}

/** An empty hex next to one of Purple's tokens, in the mid-cascade fixture. */
function emptyNextToPurple(view: BiotopesView): number[] {
  const owner = new Map(view.landscape.map((c) => [`${c.hex}`, c.owner]));
  for (const [q, r] of view.ecosystems[0].territories) {
    for (const [dq, dr] of [
      [1, 0],
      [1, -1],
      [0, -1],
      [-1, 0],
      [-1, 1],
      [0, 1],
    ]) {
      const n = [q + dq, r + dr];
      if (owner.has(`${n}`) && owner.get(`${n}`) === null) return n;
    }
  }
  throw new Error("no empty hex next to Purple");
}

describe("the landscape", () => {
  it("draws every hex with its biotope (a letter and a pattern) and owner", () => {
    const f = fixture("biotopes-decision.json");
    const w = open(f);
    const view = viewOf(f);
    for (const cell of view.landscape) {
      const el = w.get(hexId(cell.hex));
      expect(el.dataset.biotope).toBe(cell.biotope);
      expect(el.dataset.owner).toBe(cell.owner === null ? "" : String(cell.owner));
      expect(el.textContent).toContain(
        { mountains: "M", forests: "F", grasslands: "G", wetlands: "W" }[cell.biotope],
      );
      expect(el.querySelector("polygon")?.getAttribute("fill")).toMatch(/^url\(#bt\d+-/);
      if (cell.owner !== null) {
        const token = w.get(`token-${cell.hex[0]}_${cell.hex[1]}`);
        // the owner's initial on a shape of its own
        expect(token.textContent).toBe(view.ecosystems[cell.owner].colour === "purple" ? "P" : "O");
      }
    }
  });

  it("makes only the legal hexes clickable during set-up, marked +, and a click places", () => {
    const f = fixture("biotopes-start.json");
    const w = open(f);
    const wanted = f.legal!.map((a) => hexId(a.action.hex as number[]));
    expect(legalIds(w).sort()).toEqual([...wanted].sort());
    for (const id of wanted) expect(w.get(id).dataset.mark).toBe("+");
    tap(w, wanted[2]);
    expect(w.model.sent).toEqual([{ kind: "act", id: f.legal![2].id }]);
    expect(w.get("prompt").textContent).toContain("Place a Territory token");
  });

  it("works from the keyboard: a hex is a button that Enter and Space press", () => {
    const f = fixture("biotopes-start.json");
    const w = open(f);
    const el = w.get(hexId(f.legal![0].action.hex as number[]));
    expect(el.getAttribute("role")).toBe("button");
    expect(el.getAttribute("tabindex")).toBe("0");
    expect(el.getAttribute("aria-label")).toContain("Place a Territory token");
    el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    el.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true }));
    expect(w.model.sent).toEqual([
      { kind: "act", id: f.legal![0].id },
      { kind: "act", id: f.legal![0].id },
    ]);
  });

  it("opens a chooser when one hex offers several actions", () => {
    const base = fixture("biotopes-mid-cascade.json");
    const hex = emptyNextToPurple(viewOf(base));
    const [a, b] = viewOf(base).ecosystems[0].territories;
    const f = actionPhase([
      { label: "Expansion", action: { type: "expand", hex } },
      { label: "Migration from a", action: { type: "migrate", origin: a, hex } },
      { label: "Migration from b", action: { type: "migrate", origin: b, hex } },
      { label: "Pass", action: { type: "pass" } },
    ]);
    const w = open(f);
    expect(w.get(hexId(hex)).dataset.mark).toBe("+→");
    tap(w, hexId(hex));
    expect(w.model.sent).toEqual([]);
    const chooser = w.get("chooser");
    expect([...chooser.querySelectorAll("button")].map((x) => x.textContent)).toEqual([
      "Expansion",
      "Migration from a",
      "Migration from b",
      "Cancel",
    ]);
    w.click("choice-1");
    expect(w.model.sent).toEqual([{ kind: "act", id: 1 }]);
    w.click("choice-cancel");
    expect(w.find("chooser")).toBeNull();
  });

  it("shows one colonization's hexes alone after a click on its action space", () => {
    const base = fixture("biotopes-mid-cascade.json");
    const view = viewOf(base);
    const empty = view.landscape.filter((c) => c.owner === null).map((c) => c.hex);
    const [a] = view.ecosystems[0].territories;
    const f = actionPhase([
      { label: "Expansion 1", action: { type: "expand", hex: empty[0] } },
      { label: "Expansion 2", action: { type: "expand", hex: empty[1] } },
      { label: "Migration", action: { type: "migrate", origin: a, hex: empty[2] } },
    ]);
    const w = open(f);
    const all = [hexId(empty[0]), hexId(empty[1]), hexId(empty[2]), `token-${a[0]}_${a[1]}`];
    expect(
      legalIds(w)
        .filter((id) => !id.startsWith("space"))
        .sort(),
    ).toEqual(all.sort());
    expect(w.get("prompt").textContent).toContain("a hex marked + (Expansion)");
    expect(w.get("prompt").textContent).toContain("then a hex marked → (Migration)");
    expect(w.get("prompt").textContent).not.toContain("Competition");
    tap(w, "space-0-expansion");
    expect(w.model.sent).toEqual([]);
    expect(w.get("space-0-expansion").dataset.selected).toBe("true");
    expect(
      legalIds(w)
        .filter((id) => id.startsWith("hex"))
        .sort(),
    ).toEqual([hexId(empty[0]), hexId(empty[1])].sort());
    expect(w.get("prompt").textContent).toContain("Expansion: click a hex marked +");
    tap(w, "space-0-expansion"); // again: every action is shown
    expect(legalIds(w)).toContain(hexId(empty[2]));
    // a single Migration is played from its space at once
    tap(w, "space-0-migration");
    expect(w.model.sent).toEqual([{ kind: "act", id: 2 }]);
  });

  it("migrates in two clicks: the token, then its destination", () => {
    const base = fixture("biotopes-mid-cascade.json");
    const hex = emptyNextToPurple(viewOf(base));
    const [a, b] = viewOf(base).ecosystems[0].territories;
    const f = actionPhase([
      { label: "Migration from a", action: { type: "migrate", origin: a, hex } },
      { label: "Migration from b", action: { type: "migrate", origin: b, hex } },
    ]);
    const w = open(f);
    const token = `token-${b[0]}_${b[1]}`;
    expect(w.get(token).dataset.legal).toBe("true");
    tap(w, token);
    expect(w.model.sent).toEqual([]);
    expect(w.get(token).dataset.origin).toBe("true");
    expect(w.get("prompt").textContent).toContain("Migration");
    tap(w, hexId(hex)); // only b's migration is left there: no chooser
    expect(w.model.sent).toEqual([{ kind: "act", id: 1 }]);
    w.click("bt-cancel");
    expect(w.get(token).dataset.origin).toBe("false");
  });
});

describe("the hand, the Ecosystem and the rivers", () => {
  it("shows only the hand the view holds, and a card in hand is played by a click", () => {
    const hand = viewOf(fixture("biotopes-mid-cascade.json")).ecosystems[0].hand ?? [];
    const [played, other] = hand;
    const f = actionPhase([
      { label: "Adaptation: play it", action: { type: "adapt", card: played } },
      { label: "Pass", action: { type: "pass" } },
    ]);
    const w = open(f);
    const view = viewOf(f);
    expect(hand.length).toBeGreaterThan(1);
    expect(view.ecosystems[1].hand).toBeNull();
    expect(w.get("hand").dataset.player).toBe("0");
    const cards = [...w.get("hand").querySelectorAll("[data-card]")].map((e) =>
      e.getAttribute("data-card"),
    );
    expect(cards).toEqual(view.ecosystems[0].hand);
    expect(w.get(`hand-${played}`).dataset.legal).toBe("true");
    expect(w.get(`hand-${other}`).dataset.legal).toBeUndefined();
    const name = (f.drawing?.species as Record<string, { name: string }>)[played].name;
    expect(w.get(`hand-${played}`).textContent).toContain(name);
    tap(w, `hand-${played}`);
    w.click("bt-pass");
    expect(w.model.sent).toEqual([
      { kind: "act", id: 0 },
      { kind: "act", id: 1 },
    ]);
  });

  it("offers the action spaces and a card's Action, and shows each card's cubes", () => {
    const f = fixture("biotopes-mid-cascade.json");
    const view = viewOf(f);
    // the fixture's legal actions, and the Action of a card put in Purple's Forests row
    view.ecosystems[0].rows[1] = [
      { card: "hazel_dormouse", cubes: { gray: 0, green: 1, yellow: 0, blue: 0 } },
    ];
    const legal = [
      ...(f.legal as LegalAction[]),
      { id: 99, label: "Hazel Dormouse's Action", action: { type: "use_card", row: 1, col: 0 } },
    ];
    const w = open({ ...f, view, legal, step: -1, cascade: {} });
    const where = (a: LegalAction): string =>
      ({
        adapt: `hand-${String(a.action.card)}`,
        transfer: "space-0-transfer",
        evolve: "space-0-evolution",
        reproduce: "space-0-reproduction",
        use_card: `card-0-${String(a.action.row)}-${String(a.action.col)}`,
      })[String(a.action.type)] ?? "";
    const expected = legal.map(where).filter((k) => k !== "");
    expect(expected).toContain("space-0-transfer");
    expect(legalIds(w).sort()).toEqual(expected.sort());
    tap(w, "space-0-transfer");
    const transfer = legal.find((a) => a.action.type === "transfer")!;
    tap(w, "card-0-1-0");
    expect(w.model.sent).toEqual([
      { kind: "act", id: transfer.id },
      { kind: "act", id: 99 },
    ]);
    view.ecosystems.forEach((eco, p) =>
      eco.rows.forEach((row, r) =>
        row.forEach((entry, c) => {
          const card = w.get(`card-${p}-${r}-${c}`);
          const n = Object.values(entry.cubes).reduce((x, y) => x + y, 0);
          expect(card.dataset.cubes).toBe(String(n));
          expect(card.querySelectorAll(".bt-cube")).toHaveLength(n);
        }),
      ),
    );
    // the other player's action spaces are never offered
    expect(w.get("space-1-transfer").dataset.legal).toBeUndefined();
  });

  it("draws a Biotope card's cubes in their colours (a Discreet Species may bring another)", () => {
    const f = fixture("biotopes-mid-cascade.json");
    const view = JSON.parse(JSON.stringify(f.view)) as BiotopesView;
    view.ecosystems[0].biotopes[1] = {
      ...view.ecosystems[0].biotopes[1],
      cubes: 3,
      colours: { gray: 1, green: 2, yellow: 0, blue: 0 },
    };
    const w = open({ ...f, view, step: -1, cascade: {} });
    const colours = [...w.get("card-0-1--1-cubes").querySelectorAll<HTMLElement>(".bt-cube")].map(
      (c) => c.dataset.colour,
    );
    expect(colours).toEqual(["gray", "green", "green"]);
    expect(w.get("card-0-1--1").dataset.cubes).toBe("3");
  });

  it("pays with a cube: a card with several colours opens a chooser", () => {
    const f = actionPhase([
      { label: "Pay with a green cube", action: { type: "pay", row: 1, col: 0, colour: "green" } },
      { label: "Pay with a gray cube", action: { type: "pay", row: 1, col: 0, colour: "gray" } },
      {
        label: "Pay from the Biotope card",
        action: { type: "pay", row: 2, col: -1, colour: "yellow" },
      },
    ]);
    withForestCard(f, { gray: 1, green: 1, yellow: 0, blue: 0 });
    const w = open(f);
    expect(legalIds(w).sort()).toEqual(["card-0-1-0", "card-0-2--1"]);
    tap(w, "card-0-2--1");
    expect(w.model.sent).toEqual([{ kind: "act", id: 2 }]);
    tap(w, "card-0-1-0");
    expect(w.get("chooser").textContent).toContain("Pay with a gray cube");
    w.click("choice-1");
    expect(w.model.sent).toEqual([
      { kind: "act", id: 2 },
      { kind: "act", id: 1 },
    ]);
  });

  it("moves a cube in two clicks (Discreet Species): the card it leaves, then its new card", () => {
    const f = actionPhase([
      {
        label: "Move to A",
        action: { type: "move", row: 1, col: 0, colour: "green", to_row: 0, to_col: 0 },
      },
      {
        label: "Move to B",
        action: { type: "move", row: 2, col: -1, colour: "yellow", to_row: 1, to_col: 0 },
      },
    ]);
    const view = viewOf(f);
    view.ecosystems[0].rows[0] = [
      { card: "apollo", cubes: { gray: 1, green: 0, yellow: 0, blue: 0 } },
    ];
    withForestCard(f, { gray: 0, green: 1, yellow: 0, blue: 0 });
    const w = open(f);
    expect(legalIds(w).sort()).toEqual(["card-0-1-0", "card-0-2--1"]);
    tap(w, "card-0-1-0");
    expect(w.model.sent).toEqual([]);
    expect(w.get("card-0-1-0").dataset.selected).toBe("true");
    expect(legalIds(w)).toEqual(["card-0-0-0"]);
    tap(w, "card-0-0-0");
    expect(w.model.sent).toEqual([{ kind: "act", id: 0 }]);
  });

  it("draws from a river or a deck top", () => {
    const f = actionPhase([
      { label: "Draw river 2", action: { type: "draw", deck: "insectivores", slot: 1 } },
      { label: "Draw deck", action: { type: "draw", deck: "carnivores", slot: -1 } },
    ]);
    const view = viewOf(f);
    view.decision = { t: "draw", p: 0, n: 2 };
    view.phase = "draw";
    const w = open(f);
    expect(legalIds(w).sort()).toEqual(["deck-carnivores", "river-insectivores-1"]);
    expect(w.get("prompt").textContent).toContain("Draw 2 cards");
    expect(w.get("river-insectivores-1").dataset.card).toBe(view.rivers.insectivores[1]);
    tap(w, "deck-carnivores");
    tap(w, "river-insectivores-1");
    expect(w.model.sent).toEqual([
      { kind: "act", id: 1 },
      { kind: "act", id: 0 },
    ]);
    expect(w.get("deck-carnivores").dataset.count).toBe(String(view.decks.carnivores));
  });

  it("shows the Environmental Conditions, the cycle and the Initiative", () => {
    const f = fixture("biotopes-decision.json");
    const w = open(f);
    const view = fullView(f);
    expect(view.environment).toHaveLength(4);
    view.environment.forEach((sp) => {
      expect(w.get(`env-${sp.space}`).dataset.token).toBe(sp.token);
      expect(w.get(`env-${sp.space}`).textContent).toContain(sp.label);
    });
    expect(w.get("cycle-track").dataset.cycle).toBe(String(view.cycle));
    expect(w.get("initiative").dataset.player).toBe(String(view.initiative));
    expect(w.get("reserve-blue").dataset.count).toBe(String(view.reserve.blue));
  });
});

describe("decisions, bots, replay, the end", () => {
  it("announces a Reaction's choice on another player's turn, with its card and the card played", () => {
    const f = fixture("biotopes-decision.json");
    const w = open(f);
    const view = viewOf(f);
    const species = f.drawing?.species as Record<string, { name: string }>;
    const decision = view.decision!;
    expect(view.phase).toBe("react");
    expect(decision.p).toBe(1);
    const alert = w.get("reaction-alert");
    expect(alert.textContent).toContain("Reaction!");
    expect(alert.textContent).toContain("It is Purple's turn, but Orange chooses");
    expect(alert.textContent).toContain(species[decision.card!].name);
    expect(alert.textContent).toContain(species[decision.played!].name);
    expect(alert.textContent).toContain("reacts to it by itself");
    const cube = typeof decision.colour === "number" && decision.colour >= 0;
    expect(alert.textContent).toContain(cube ? "Where does the cube go?" : "Which card is drawn?");
    expect(w.get("bt-turn").classList.contains("bt-reaction")).toBe(true);
    const card = w.el.querySelector<HTMLElement>(`[data-card="${decision.card}"]`)!;
    expect(card.dataset.focus).toBe("true");
    // the Reaction triggered by itself: no React / Decline buttons, only where it goes
    expect(w.find("bt-react")).toBeNull();
    expect(w.find("bt-decline")).toBeNull();
    expect(w.get("prompt").textContent).toContain(
      cube ? "cube came out of your bag" : "Your Reaction draws a card",
    );
    const legal = f.legal as LegalAction[];
    const key = (a: LegalAction): string =>
      a.action.type === "place"
        ? `card-1-${String(a.action.row)}-${String(a.action.col)}`
        : Number(a.action.slot) < 0
          ? `deck-${String(a.action.deck)}`
          : `river-${String(a.action.deck)}-${String(a.action.slot)}`;
    expect(legalIds(w).sort()).toEqual(legal.map(key).sort());
    tap(w, key(legal[legal.length - 1]));
    expect(w.model.sent).toEqual([{ kind: "act", id: legal[legal.length - 1].id }]);
  });

  it("offers nothing on a bot's turn, and says the bot plays", () => {
    const f = fixture("biotopes-decision.json");
    const w = open({ ...f, bots: { "1": "biotopes-greedy" } });
    expect(legalIds(w)).toEqual([]);
    expect(w.get("prompt").dataset.bot).toBe("true");
    expect(w.get("prompt").textContent).toContain("is played by a bot");
    expect(w.get("eco-1").textContent).toContain("bot");
  });

  it("replays a step with what it touched highlighted, and offers nothing then", () => {
    const f = fixture("biotopes-mid-cascade.json");
    const w = open(f);
    const event = f.cascade!.events![f.step!];
    expect(event.kind).toBe("play");
    const card = String((event.touched.cards as string[])[0]);
    const el = w.el.querySelector<HTMLElement>(`[data-card="${card}"][data-highlight="true"]`);
    expect(el).not.toBeNull();
    expect(legalIds(w)).toEqual([]);
    expect(w.find("bt-pass")).toBeNull();
    expect(w.find("prompt")).toBeNull();
    // back to now: the actions come back
    w.showStep(-1);
    expect(legalIds(w).length).toBeGreaterThan(0);
  });

  it("shows the scores at the end, category by category", () => {
    const f = fixture("biotopes-over.json");
    const w = open(f);
    const view = viewOf(f);
    view.scores!.forEach((sc, p) => {
      expect(w.get(`score-${p}-total`).textContent).toBe(String(sc.total));
      expect(w.get(`score-${p}-fragmentation`).textContent).toBe(String(sc.fragmentation));
    });
    expect(f.status!.outcome!.scores).toEqual(view.scores!.map((sc) => sc.total));
    expect(legalIds(w)).toEqual([]);
  });
});

describe("what a decision is about (issue 12 §7)", () => {
  const deciding = (decision: object, phase = "pay"): Fixture => {
    const f = actionPhase([]);
    return { ...f, view: { ...viewOf(f), phase, decision } };
  };

  it("names the card an Adaptation pays for, with its diet", () => {
    const w = open(deciding({ t: "pay", p: 0, for: "adaptation", card: "red_fox" }));
    const text = w.get("prompt").textContent ?? "";
    expect(text).toContain("Pay for Red Fox:");
    expect(text).toContain("(diet: Mammals + Birds + Reptiles & Amphibians)");
  });

  it("names the card whose Action is paid for, and a colonization's cube colour", () => {
    const w = open(deciding({ t: "pay", p: 0, for: "card", card: "hazel_dormouse" }));
    expect(w.get("prompt").textContent).toContain("Pay for Hazel Dormouse's Action");
    const x = open(deciding({ t: "pay", p: 0, for: "expansion", colour: 2 }));
    expect(x.get("prompt").textContent).toContain("Pay for Expansion");
    expect(x.get("prompt").textContent).toContain("to take a yellow cube from");
  });

  const FACES = {
    "7": {
      names: { A: "A7", B: "B7" },
      A: ["mountains", "mountains", "forests", "wetlands", "wetlands", "grasslands", "grasslands"],
      B: ["mountains", "grasslands", "forests", "grasslands", "forests", "forests", "forests"],
    },
    "9": {
      names: { A: "A9", B: "B9" },
      A: ["grasslands", "mountains", "mountains", "mountains", "forests", "wetlands", "forests"],
      B: ["wetlands", "mountains", "mountains", "wetlands", "mountains", "wetlands", "forests"],
    },
  };

  it("shows both faces of the tiles in hand while tiles are placed (Landscape Construction)", () => {
    const f = actionPhase([]);
    const view = viewOf(f);
    const ecosystems = view.ecosystems.map((e, p) => ({ ...e, tiles: p === 0 ? ["9", "7"] : [] }));
    const w = open({
      ...f,
      view: { ...view, phase: "tiles", decision: null, tile_faces: FACES, ecosystems },
    });
    const box = w.get("tile-faces");
    expect(box.textContent).toContain("Your tiles, both sides");
    const faces = [...box.querySelectorAll("figure")].map((e) => e.getAttribute("data-testid"));
    expect(faces).toEqual(["tile-face-9-A", "tile-face-9-B", "tile-face-7-A", "tile-face-7-B"]);
    const a9 = w.get("tile-face-9-A");
    expect(a9.querySelector("figcaption")?.textContent).toBe("A9");
    expect([...a9.querySelectorAll("text")].map((t) => t.textContent).join("")).toBe("GMMMFWF");
    expect(a9.querySelector("svg")?.getAttribute("aria-label")).toContain("Tile A9: Grasslands");
  });

  it("shows the faces of the tile to turn, and nothing once the landscape is built", () => {
    const f = actionPhase([]);
    const view = viewOf(f);
    const tiles = [{ tile: "7", side: null, rotation: 0, centre: [0, 0] as [number, number] }];
    const w = open({
      ...f,
      view: { ...view, phase: "orient", decision: null, tile_faces: FACES, tiles },
    });
    expect(w.get("tile-faces").textContent).toContain("60° clockwise");
    expect(w.find("tile-face-7-B")).not.toBeNull();
    expect(w.find("tile-face-9-A")).toBeNull();
    expect(open(f).find("tile-faces")).toBeNull();
  });
});
