/**
 * The Wildlife Web board, rendered from fixtures exported from the real engine: only legal
 * targets are clickable, a card with several actions opens a chooser, the dice of a hunt are
 * drawn at every step, hidden cards stay hidden.
 */
import { afterEach, describe, expect, it } from "vitest";
import { entries, fixture, mount, type Mounted } from "./helpers";
import { duelOf, parseRoll } from "../src/games/wildlifeweb/duel";
import { targetMap } from "../src/games/wildlifeweb/targets";
import type { GameEvent, LegalAction } from "../src/kit";

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
    expect(legal).toHaveLength(20);
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

  it("reads both rolls from the events", () => {
    const roll = parseRoll(events()[1]);
    expect(roll.a).toEqual({ name: "Great Blue Heron", base: 14, die: 1, total: 15 });
    expect(roll.b).toEqual({ name: "Bushy-tailed Woodrat", base: 11, die: 4, total: 15 });
    const duel = duelOf(events(), 4)!;
    expect(duel.rows.map((r) => r.kind)).toEqual(["roll", "note", "roll"]);
    expect(duel.result).toEqual({ text: events()[4].text, fed: true });
    expect(duel.roles.get("w.great_blue_heron.1")).toBe("hunter");
    expect(duel.roles.get("w.bushy_tailed_woodrat.1")).toBe("prey");
    expect(duelOf(events(), 0)!.rows).toEqual([]);
    expect(duelOf([], 3)).toBeNull();
  });

  it("shows the first roll (a tie) while replaying it, with nothing clickable", () => {
    const w = open("wildlifeweb-mid-cascade.json"); // step 1: the first roll
    const duel = w.get("duel");
    expect(duel.dataset.rolls).toBe("1");
    expect(w.get("duel-hunter").dataset.die).toBe("1");
    expect(w.get("duel-prey").dataset.die).toBe("4");
    expect(w.get("duel-hunter").dataset.total).toBe("15");
    expect(w.get("duel-prey").dataset.total).toBe("15");
    expect(duel.textContent).toContain("tie");
    expect(w.find("duel-result")).toBeNull();
    expect(legalIn(w)).toEqual([]);
    expect(w.get("ww-prompt").textContent).toContain("Replaying the last action");
    // the two animals of the duel are marked on the table, with words
    expect(w.get("animal-w.great_blue_heron.1").dataset.duel).toBe("hunter");
    expect(w.get("habitat-w.bushy_tailed_woodrat.1").dataset.duel).toBe("prey");
    expect(w.get("habitat-w.bushy_tailed_woodrat.1").textContent).toContain("prey");
  });

  it("shows both rolls and the meal at the current state", () => {
    const w = open("wildlifeweb-mid-cascade.json");
    w.model.set("step", -1);
    expect(w.get("duel").dataset.rolls).toBe("2");
    expect(w.get("duel").dataset.result).toBe("fed");
    const rolls = w.el.querySelectorAll<HTMLElement>('[data-testid="duel-hunter"]');
    expect([...rolls].map((r) => r.dataset.won)).toEqual(["false", "true"]);
    expect(w.get("duel-result").textContent).toContain("is eaten");
    const meal = w.get("food-w.bushy_tailed_woodrat.1");
    expect(meal.dataset.highlight).toBe("true");
    expect(w.get("animal-w.great_blue_heron.1").dataset.acted).toBe("true");
    expect(w.find("habitat-w.bushy_tailed_woodrat.1")).toBeNull();
  });

  it("steps the board with the cascade: the prey is in the habitat before the meal", () => {
    const w = open("wildlifeweb-mid-cascade.json");
    w.model.set("step", 3);
    expect(w.find("habitat-w.bushy_tailed_woodrat.1")).not.toBeNull();
    expect(w.get("duel").dataset.rolls).toBe("2");
    w.model.set("step", 0);
    expect(w.find("duel")).toBeNull(); // the hunt has begun, no die rolled yet
  });
});

describe("several actions on one card", () => {
  it("opens a chooser, and a selected animal's prey acts directly", () => {
    const w = open("wildlifeweb-mid-cascade.json", { step: -1 });
    const legal = legalOf(w);
    const shrew = "w.short_tailed_shrew.1";
    const mine = legal.filter((a) => a.action.animal === shrew);
    expect(mine).toHaveLength(7);
    w.click(`animal-${shrew}`);
    expect(w.model.sent).toEqual([]);
    const chooser = w.get("chooser");
    expect(chooser.querySelectorAll("button[data-testid^=choice-]")).toHaveLength(8); // + Cancel
    // each choice says where its prey is
    expect(w.get("choice-3").dataset.label).toBe(legal[3].label);
    expect(w.get("choice-3").textContent).toBe(`${legal[3].label} (in the central habitat)`);
    expect(w.get(`animal-${shrew}`).dataset.selected).toBe("true");
    // the prey it can hunt are marked; clicking one hunts it
    const hunt = mine.find((a) => a.action.type === "hunt")!;
    const prey = w.get(`habitat-${hunt.action.prey as string}`);
    expect(prey.dataset.option).toBe("true");
    prey.click();
    expect(w.model.sent).toEqual([{ kind: "act", id: hunt.id }]);
  });

  it("a choice in the chooser acts; Cancel closes it", () => {
    const w = open("wildlifeweb-mid-cascade.json", { step: -1 });
    w.click("animal-w.short_tailed_shrew.1");
    w.click("choice-cancel");
    expect(w.find("chooser")).toBeNull();
    w.click("animal-w.short_tailed_shrew.1");
    w.click("choice-0");
    expect(w.model.sent).toEqual([{ kind: "act", id: 0 }]);
  });

  it("turn buttons carry the actions that name no card", () => {
    const w = open("wildlifeweb-mid-cascade.json", { step: -1 });
    w.click("ww-end_feeding");
    expect(w.model.sent).toEqual([{ kind: "act", id: 7 }]);
  });

  it("groups actions by the cards they name", () => {
    const legal = legalOf(open("wildlifeweb-mid-cascade.json"));
    const map = targetMap(legal);
    expect(map.get("card:w.short_tailed_shrew.1")).toHaveLength(7);
    expect(map.get("card:w.deer_mouse.1")?.map((a) => a.id)).toEqual([3]);
    expect(map.has("card:w.great_blue_heron.1")).toBe(false);
  });
});

describe("an Event strikes one of your animals", () => {
  it("makes only the candidates clickable, on the cards and as buttons", () => {
    const w = open("wildlifeweb-decision.json");
    const legal = legalOf(w);
    expect(legal.every((a) => a.action.type === "choose_victim")).toBe(true);
    expect(legalIn(w).sort()).toEqual(legal.map((a) => `animal-${a.action.card as string}`).sort());
    expect(w.get("event-card").dataset.card).toMatch(/^e\.spring_flood\./);
    expect(w.get("ww-prompt").textContent).toContain("Spring Flood strikes one of your animals");
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
    expect(w.get("raised-1").dataset.count).toBe("0");
    expect(w.get("ww-turn").dataset.phase).toBe("over");
  });
});

it("draws another game's view as the default tree", () => {
  const w = open("wildlifeweb-start.json", { view: { anything: [1, 2] } });
  expect(w.find("wildlifeweb-board")).toBeNull();
  expect(w.boardText()).toContain("anything");
});
