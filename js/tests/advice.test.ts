/** The Hint (search progress, cancel, three choices) and What if… (draws from the History,
 * another outcome, the alternative in the player and dashed on the plot). */
import { describe, expect, it } from "vitest";
import { fixture, isHidden, mountsCleanedAfterEach } from "./helpers";

const open = mountsCleanedAfterEach();

const decision = () => fixture("toritori-decision.json"); // Player 1's turn, turn 51
const hint = (status: string, fields: Record<string, unknown> = {}) => ({
  kind: "hint",
  status,
  turn: 51,
  seat: 0,
  threaded: true,
  ...fields,
});
const choices = [
  { id: 1, label: "Move to sector 9", visits: 140, value: 0.62, action: {} },
  { id: 0, label: "Study: advance to D", visits: 90, value: 0.48, action: {} },
  { id: null, label: "Move to sector 11", visits: 30, value: 0.21, action: {} },
];

describe("hint", () => {
  it("asks Python, shows the search's progress and lets the person cancel", () => {
    const w = open(decision());
    expect(isHidden(w.get("hint-progress"))).toBe(true);
    w.click("hint");
    expect(w.model.sent).toContainEqual({ kind: "hint" });
    w.model.emit(hint("searching", { done: 120, planned: 400, seconds: 10 }));
    const bar = w.get("hint-progress") as HTMLProgressElement;
    expect(isHidden(bar)).toBe(false);
    expect([bar.value, bar.max]).toEqual([120, 400]);
    expect(w.get("hint-status").textContent).toContain("120 of 400 playouts");
    expect((w.get("hint") as HTMLButtonElement).disabled).toBe(true);
    w.click("hint-cancel");
    expect(w.model.sent).toContainEqual({ kind: "hint_cancel" });
    w.model.emit(hint("cancelled", { done: 130 }));
    expect(w.get("hint-status").textContent).toBe("Hint cancelled.");
    expect(isHidden(w.get("hint-cancel"))).toBe(true);
    expect((w.get("hint") as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the three best choices with their estimated win rates, and plays nothing", () => {
    const w = open(decision());
    w.click("hint");
    w.model.emit(hint("done", { choices, done: 400, planned: 400, cooperative: true }));
    const items = [...w.get("hint-choices").querySelectorAll("li")];
    expect(items).toHaveLength(3);
    expect(items[0].textContent).toContain("Move to sector 9");
    expect(items[0].textContent).toContain("≈ 62%");
    expect(items[0].textContent).toContain("team's estimated win rate");
    expect(items[1].dataset.id).toBe("0");
    expect(w.model.sent.filter((m) => (m as { kind: string }).kind === "act")).toEqual([]);
  });

  it("drops a hint searched at another turn, and is refused on a bot's seat", () => {
    const w = open(decision());
    w.model.emit(hint("done", { choices, turn: 50 }));
    expect(w.get("hint-choices").children).toHaveLength(0);
    const bot = open({ ...decision(), bots: { "0": "random" } });
    expect((bot.get("hint") as HTMLButtonElement).disabled).toBe(true);
  });
});

const draws = {
  kind: "chances",
  action: 2,
  draws: [
    {
      name: "the red die",
      number: 0,
      outcomes: [
        { outcome: "A", label: "A (Sector 6)", probability: 0.5 },
        { outcome: "B", label: "B (Sector 12)", probability: 0.5 },
      ],
      outcome: "B",
      secret: false,
      open: true,
    },
    {
      name: "a card from the Event deck",
      number: 1,
      outcomes: [{ outcome: "fire", label: "Fire", probability: 1 }],
      outcome: null,
      secret: true,
      open: false,
    },
  ],
};
const answer = {
  kind: "what_if",
  action: 2,
  draw: 0,
  choice: 0,
  name: "the red die",
  outcome: "A (Sector 6)",
  real: "B (Sector 12)",
  cascade: {
    label: "Player 1 (red): Roll the two dice",
    index: 2,
    events: [
      { index: 0, kind: "roll", text: "The dice show A.", cause: null, touched: {} },
      { index: 1, kind: "move", text: "A cat moves to sector 6.", cause: 0, touched: {} },
    ],
    patches: [[], []],
  },
  view: { note: "the other board" },
  series: { step: "round", steps: [0, 1, 2, 3], values: { Cat: [1, 2, 3, 4] } },
  played_on: 48,
  stand_in: "toritori-heuristic",
};

describe("what if", () => {
  const withDraws = () => {
    const w = open(decision());
    w.model.emit({
      kind: "history",
      from: 0,
      entries: [
        { label: "set-up", seat: null, bot: "", step: 0, log: [], chances: 0 },
        { label: "Player 1 (red): Study", seat: 0, bot: "", step: 0, log: [], chances: 0 },
        { label: "Player 1 (red): Roll", seat: 0, bot: "", step: 1, log: [], chances: 2 },
        { label: "Player 1 (red): Move", seat: 0, bot: "", step: 2, log: [], chances: 0 },
      ],
    });
    return w;
  };

  it("offers What if… only beside actions that drew by chance, and asks for the draws", () => {
    const w = withDraws();
    expect(w.find("what-if-1")).toBeNull();
    expect(isHidden(w.get("what-if"))).toBe(true);
    w.click("what-if-2");
    expect(w.model.sent).toContainEqual({ kind: "chances", action: 2 });
    expect(isHidden(w.get("what-if"))).toBe(false);
  });

  it("lists each outcome with its probability; a secret draw offers none", () => {
    const w = withDraws();
    w.click("what-if-2");
    w.model.emit(draws);
    const die = w.get("what-if-draw-0");
    expect(die.textContent).toContain("it came out B (Sector 12)");
    expect((w.get("what-if-choice-0-1") as HTMLButtonElement).disabled).toBe(true);
    expect(w.get("what-if-choice-0-0").textContent).toContain("A (Sector 6) (50%)");
    const secret = w.get("what-if-draw-1");
    expect(secret.textContent).toContain("drawn in secret");
    expect(secret.querySelectorAll("button")).toHaveLength(0);
    w.click("what-if-choice-0-0");
    expect(w.model.sent).toContainEqual({ kind: "what_if", action: 2, draw: 0, choice: 0 });
  });

  it("shows the alternative's cascade, in the player on request, and its populations dashed", () => {
    const w = withDraws();
    w.click("what-if-2");
    w.model.emit(draws);
    w.model.emit(answer);
    expect(w.get("what-if-events").textContent).toContain("A cat moves to sector 6.");
    const dashed = w.get("plot-svg").querySelectorAll('[data-future="what if"] polyline');
    expect(dashed).toHaveLength(1);
    expect(dashed[0].getAttribute("stroke-dasharray")).toBe("5 3");
    expect(w.find("plot-what-if-legend")).not.toBeNull();
    w.click("what-if-compare");
    expect(w.get("cascade-text").textContent).toContain("The dice show A.");
    expect(w.boardText()).toContain("the other board");
    w.click("what-if-compare"); // back to what happened (asked of Python: an old action)
    expect(w.model.sent).toContainEqual({ kind: "show", action: 2 });
    expect(w.get("cascade-text").textContent).not.toContain("The dice show A.");
    w.click("what-if-close");
    expect(isHidden(w.get("what-if"))).toBe(true);
    expect(w.get("plot-svg").querySelectorAll('[data-future="what if"]')).toHaveLength(0);
  });

  it("closes when the action asked about is undone", () => {
    const w = withDraws();
    w.click("what-if-2");
    w.model.emit(draws);
    w.model.emit({ kind: "history", from: 2, entries: [] });
    expect(isHidden(w.get("what-if"))).toBe(true);
  });
});
