/**
 * The Wildlife Web board, rendered from fixtures exported from the real engine: only legal
 * targets are clickable, a card with several actions opens a chooser, the dice of a hunt are
 * drawn at every step, hidden cards stay hidden.
 */
import { afterEach, describe, expect, it } from "vitest";
import { entries, fixture, mount, type Mounted } from "./helpers";
import { duelOf, parseRoll } from "../src/games/wildlifeweb/duel";
import { targetsOf } from "../src/games/wildlifeweb/targets";
import { type GameEvent, type LegalAction, targetMap } from "../src/kit";

const widget = entries.wildlifeweb;
const mounted: Mounted[] = [];

function open(name: string, patch: Record<string, unknown> = {}): Mounted {
  const w = mount({ ...fixture(name), ...patch }, widget);
  mounted.push(w);
  return w;
}

afterEach(() => {
  for (const w of mounted.splice(0)) w.cleanup();
  document.body.replaceChildren();
});

const legalIn = (w: Mounted): string[] =>
  [...w.get("wildlifeweb-board").querySelectorAll('[data-legal="true"]')].map(
    (e) => e.getAttribute("data-testid") ?? "",
  );

const legalOf = (w: Mounted): LegalAction[] => w.model.get("legal") as LegalAction[];

describe("the start: the dealer places roadkill", () => {
  it("makes exactly the habitat animals clickable, and a click places one", () => {
    const w = open("wildlifeweb-start.json");
    const legal = legalOf(w);
    // one choice per species: two cards of a species in the habitat are alike (D33)
    const habitat = (fixture("wildlifeweb-start.json").view as { habitat: { species: string }[] })
      .habitat;
    expect(legal).toHaveLength(new Set(habitat.map((c) => c.species)).size);
    const clickable = legalIn(w).sort();
    expect(clickable).toEqual(legal.map((a) => `habitat-${a.action.card as string}`).sort());
    expect(w.get("highway").dataset.count).toBe("0");
    expect(w.get("ww-prompt").textContent).toContain(
      "puts 4 animals of the central habitat on the highway",
    );
    expect(w.get("daynight").dataset.day).toBe("true");

    const target = legal[3];
    w.click(`habitat-${target.action.card as string}`);
    expect(w.model.sent).toEqual([{ kind: "act", id: target.id }]);
  });

  it("is keyboard operable: Enter on a focused card acts", () => {
    const w = open("wildlifeweb-start.json");
    const target = legalOf(w)[0];
    const tile = w.get(`habitat-${target.action.card as string}`);
    expect(tile.getAttribute("role")).toBe("button");
    expect(tile.tabIndex).toBe(0);
    tile.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(w.model.sent).toEqual([{ kind: "act", id: target.id }]);
  });

  it("shows each card's cues as words and shapes, not colour alone", () => {
    const w = open("wildlifeweb-start.json");
    const tile = w.get("wildlifeweb-board").querySelector<HTMLElement>(".ww-tile")!;
    expect(tile.querySelector(".ww-activity-icon")?.getAttribute("aria-label")).toBeTruthy();
    expect(tile.querySelector(".ww-habitat-icon")?.getAttribute("aria-label")).toBeTruthy();
    expect(tile.textContent).toMatch(/Size \d/);
    for (const asleep of w.el.querySelectorAll<HTMLElement>('.ww-tile[data-active="false"]'))
      expect(asleep.textContent).toContain("asleep");
  });
});

describe("a hunt with dice", () => {
  const events = (): GameEvent[] =>
    (fixture("wildlifeweb-mid-cascade.json").cascade as { events: GameEvent[] }).events;
  // the fixture's hunt (tests/support/fixture_scenarios.py): a tie, then the prey is eaten
  const cardsOf = (e: GameEvent): string[] => (e.touched?.cards as string[]) ?? [];
  const hunter = (): string => cardsOf(events()[0])[0];
  const prey = (): string => cardsOf(events()[0])[1];
  const dice = (i: number): number[] => (events()[i].touched?.dice as number[]) ?? [];

  it("reads both rolls from the events", () => {
    const roll = parseRoll(events()[1]);
    // every bonus is named (issue 12 §7: "14 + 5" did not say where the +3 came from)
    const [da, db] = dice(1);
    const m = /^(.+?): (.+?) \+ die \d+ = (\d+); (.+?): (.+?) \+ die \d+ = (\d+)$/.exec(
      events()[1].text,
    )!;
    expect(m[2]).toMatch(/^Power \d+( [+-] \d+ [A-Z][^+]*)*$/);
    expect(roll.a).toEqual({ name: m[1], base: m[2], die: da, total: Number(m[3]) });
    expect(roll.b).toEqual({ name: m[4], base: m[5], die: db, total: Number(m[6]) });
    expect(roll.a.total).toBe(roll.b.total); // the tie
    expect(
      parseRoll({ ...events()[1], text: "Coyote: Agility 3 + die 4 = 7; Highway: die 6 = 6" }).b,
    ).toEqual({ name: "Highway", base: "", die: 6, total: 6 });
    const duel = duelOf(events(), 4)!;
    expect(duel.rows.map((r) => r.kind)).toEqual(["roll", "note", "roll"]);
    expect(duel.result).toEqual({ text: events()[4].text, fed: true });
    expect(duel.roles.get(hunter())).toBe("hunter");
    expect(duel.roles.get(prey())).toBe("prey");
    expect(duelOf(events(), 0)!.rows).toEqual([]);
    expect(duelOf([], 3)).toBeNull();
  });

  it("shows the first roll (a tie) while replaying it, with nothing clickable", () => {
    const w = open("wildlifeweb-mid-cascade.json"); // step 1: the first roll
    const duel = w.get("duel");
    expect(duel.dataset.rolls).toBe("1");
    const roll = parseRoll(events()[1]);
    expect(w.get("duel-hunter").dataset.die).toBe(String(dice(1)[0]));
    expect(w.get("duel-prey").dataset.die).toBe(String(dice(1)[1]));
    expect(w.get("duel-hunter").dataset.total).toBe(String(roll.a.total));
    expect(w.get("duel-prey").dataset.total).toBe(String(roll.b.total));
    expect(w.get("duel-hunter").textContent).toContain(
      `${roll.a.base} + die ${roll.a.die} = ${roll.a.total}`,
    );
    expect(duel.textContent).toContain("tie");
    expect(w.find("duel-result")).toBeNull();
    expect(legalIn(w)).toEqual([]);
    expect(w.get("ww-prompt").textContent).toContain("Replaying the last action");
    // the two animals of the duel are marked on the table, with words
    expect(w.get(`animal-${hunter()}`).dataset.duel).toBe("hunter");
    expect(w.get(`habitat-${prey()}`).dataset.duel).toBe("prey");
    expect(w.get(`habitat-${prey()}`).textContent).toContain("prey");
  });

  it("shows both rolls and the meal at the current state", () => {
    const w = open("wildlifeweb-mid-cascade.json");
    w.showStep(-1);
    expect(w.get("duel").dataset.rolls).toBe("2");
    expect(w.get("duel").dataset.result).toBe("fed");
    const rolls = w.el.querySelectorAll<HTMLElement>('[data-testid="duel-hunter"]');
    expect([...rolls].map((r) => r.dataset.won)).toEqual(["false", "true"]);
    expect(w.get("duel-result").textContent).toContain("is eaten");
    const meal = w.get(`food-${prey()}`);
    expect(meal.dataset.highlight).toBe("true");
    expect(w.get(`animal-${hunter()}`).dataset.acted).toBe("true");
    expect(w.find(`habitat-${prey()}`)).toBeNull();
  });

  it("steps the board with the cascade: the prey is in the habitat before the meal", () => {
    const w = open("wildlifeweb-mid-cascade.json");
    w.showStep(3);
    expect(w.find(`habitat-${prey()}`)).not.toBeNull();
    expect(w.get("duel").dataset.rolls).toBe("2");
    w.showStep(0);
    expect(w.find("duel")).toBeNull(); // the hunt has begun, no die rolled yet
  });
});

describe("several actions on one card", () => {
  // the animal of the fixture with the most actions (the scenario asks for more than two)
  const busiest = (): [string, LegalAction[]] => {
    const legal = legalOf(open("wildlifeweb-mid-cascade.json", { step: -1 }));
    const by = new Map<string, LegalAction[]>();
    for (const a of legal)
      if (typeof a.action.animal === "string")
        by.set(a.action.animal, [...(by.get(a.action.animal) ?? []), a]);
    return [...by.entries()].sort((x, y) => y[1].length - x[1].length)[0];
  };

  it("opens a chooser, and a selected animal's prey acts directly", () => {
    const w = open("wildlifeweb-mid-cascade.json", { step: -1 });
    const [animal, mine] = busiest();
    expect(mine.length).toBeGreaterThan(2);
    w.click(`animal-${animal}`);
    expect(w.model.sent).toEqual([]);
    const chooser = w.get("chooser");
    const buttons = chooser.querySelectorAll("button[data-testid^=choice-]");
    expect(buttons).toHaveLength(mine.length + 1); // + Cancel
    // each choice is the engine's label, which says where its prey is (D33), all distinct
    const labels = mine.map((a) => w.get(`choice-${a.id}`).textContent);
    expect(labels).toEqual(mine.map((a) => a.label));
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.some((l) => / in the habitat$/.test(l ?? ""))).toBe(true);
    expect(w.get(`animal-${animal}`).dataset.selected).toBe("true");
    // the prey it can hunt are marked; clicking one hunts it
    const hunt = mine.find((a) => a.action.type === "hunt" && / in the habitat$/.test(a.label))!;
    const prey = w.get(`habitat-${hunt.action.prey as string}`);
    expect(prey.dataset.option).toBe("true");
    prey.click();
    expect(w.model.sent).toEqual([{ kind: "act", id: hunt.id }]);
  });

  it("a choice in the chooser acts; Cancel closes it", () => {
    const [animal, mine] = busiest();
    const w = open("wildlifeweb-mid-cascade.json", { step: -1 });
    w.click(`animal-${animal}`);
    w.click("choice-cancel");
    expect(w.find("chooser")).toBeNull();
    w.click(`animal-${animal}`);
    w.click(`choice-${mine[0].id}`);
    expect(w.model.sent).toEqual([{ kind: "act", id: mine[0].id }]);
  });

  it("turn buttons carry the actions that name no card", () => {
    const w = open("wildlifeweb-mid-cascade.json", { step: -1 });
    const done = legalOf(w).find((a) => a.action.type === "end_feeding")!;
    w.click("ww-end_feeding");
    expect(w.model.sent).toEqual([{ kind: "act", id: done.id }]);
  });

  it("groups actions by the cards they name", () => {
    const [animal, mine] = busiest();
    const legal = legalOf(open("wildlifeweb-mid-cascade.json"));
    const map = targetMap(legal, targetsOf);
    expect(map.get(`card:${animal}`)).toHaveLength(mine.length);
    const hunt = mine.find((a) => a.action.type === "hunt")!;
    const aimed = legal.filter((a) => a.action.prey === hunt.action.prey);
    expect(map.get(`card:${hunt.action.prey as string}`)?.map((a) => a.id)).toEqual(
      aimed.map((a) => a.id),
    );
    const cascade = fixture("wildlifeweb-mid-cascade.json").cascade as { events: GameEvent[] };
    const hunter = (cascade.events[0].touched?.cards as string[])[0];
    expect(map.has(`card:${hunter}`)).toBe(false); // it has acted
  });
});

describe("an Event strikes one of your animals", () => {
  it("makes only the candidates clickable, on the cards and as buttons", () => {
    const w = open("wildlifeweb-decision.json");
    const legal = legalOf(w);
    expect(legal.every((a) => a.action.type === "choose_victim")).toBe(true);
    expect(legalIn(w).sort()).toEqual(legal.map((a) => `animal-${a.action.card as string}`).sort());
    const decision = (fixture("wildlifeweb-decision.json").view as { decision: { event: string } })
      .decision;
    expect(w.get("event-card").dataset.card).toBe(decision.event);
    expect(w.get("ww-prompt").textContent).toMatch(/ strikes one of your animals/);
    const buttons = w.el.querySelectorAll<HTMLButtonElement>('[data-testid="ww-choose_victim"]');
    expect(buttons).toHaveLength(legal.length);
    buttons[1].click();
    expect(w.model.sent).toEqual([{ kind: "act", id: legal[1].id }]);
  });

  it("draws the Pack of the player to play first", () => {
    const w = open("wildlifeweb-decision.json");
    const packs = [...w.el.querySelectorAll<HTMLElement>(".ww-pack")];
    expect(packs[0].dataset.testid).toBe("pack-2");
    expect(packs[0].dataset.turn).toBe("true");
    expect(packs.map((p) => p.dataset.testid).sort()).toEqual(["pack-0", "pack-1", "pack-2"]);
  });
});

describe("what is hidden stays hidden", () => {
  it("shows the holder's upside-down Event card, and only a card back to the others", () => {
    const f = fixture("wildlifeweb-decision.json");
    const view = f.view as { held_event: (string | null)[] };
    view.held_event = [null, "hidden", "e.full_moon.1"];
    const w = open("wildlifeweb-decision.json", { view });
    expect(w.get("held-2").textContent).toContain("Full Moon");
    expect(w.get("held-1").dataset.hidden).toBe("true");
    expect(w.get("held-1").textContent).not.toContain("Full Moon");
    expect(w.find("held-0")).toBeNull();
  });
});

describe("the end", () => {
  it("offers nothing and shows who raised their Offspring", () => {
    const w = open("wildlifeweb-over.json");
    expect(legalIn(w)).toEqual([]);
    expect(w.get("ww-prompt").textContent).toBe("Player 1 raised 3 Offspring");
    expect(w.get("raised-0").dataset.count).toBe("3");
    const secured = (fixture("wildlifeweb-over.json").view as { secured: unknown[][] }).secured;
    expect(w.get("raised-1").dataset.count).toBe(String(secured[1].length));
    expect(w.get("ww-turn").dataset.phase).toBe("over");
  });
});

it("draws another game's view as the default tree", () => {
  const w = open("wildlifeweb-start.json", { view: { anything: [1, 2] } });
  expect(w.find("wildlifeweb-board")).toBeNull();
  expect(w.boardText()).toContain("anything");
});
