/**
 * Issue 21 §6 in the browser: quick Undo clicks never ask past the start, Step is a bot's
 * move only, a new game does not inherit Pause, and a seat option counts from Player 1.
 */
import { describe, expect, it } from "vitest";
import { fixture, isHidden, mountsCleanedAfterEach } from "./helpers";

const open = mountsCleanedAfterEach();
const pond = fixture("generic-pond.json");
const at = (turn: number, current = 0, error = "") => ({
  ...pond,
  status: { ...pond.status!, turn, current_player: current },
  error,
});

describe("Undo clicked quickly", () => {
  it("sends one undo per answer from Python, and none once the game is at its start", () => {
    const w = open(at(2));
    for (let i = 0; i < 25; i++) w.click("undo");
    expect(w.model.sent).toEqual([{ kind: "undo" }]);
    expect(w.get("undo")).toHaveProperty("disabled", true);
    w.model.set("bots", { "1": "greedy" }); // a redraw that is not the answer
    for (let i = 0; i < 25; i++) w.click("undo");
    expect(w.model.sent).toEqual([{ kind: "undo" }]);
    w.model.set("status", at(1).status); // Python's answer
    expect(w.get("undo")).toHaveProperty("disabled", false);
    for (let i = 0; i < 25; i++) w.click("undo");
    expect(w.model.sent).toEqual([{ kind: "undo" }, { kind: "undo" }]);
    w.model.set("status", at(0).status);
    for (let i = 0; i < 25; i++) w.click("undo");
    expect(w.model.sent).toHaveLength(2);
    expect(w.get("undo")).toHaveProperty("disabled", true);
  });

  it("is offered again when Python answers with an error instead", () => {
    const w = open(at(3));
    w.click("undo");
    expect(w.get("undo")).toHaveProperty("disabled", true);
    w.model.set("error", "the rules refused");
    expect(w.get("undo")).toHaveProperty("disabled", false);
  });
});

describe("Step (bot move)", () => {
  it("is disabled on a person's turn and names the bot on a bot's", () => {
    const w = open(at(4, 0)); // seat 0 is a person's, seat 1 the random bot's
    const step = w.get("bot");
    expect(step).toHaveProperty("disabled", true);
    expect(step.title).toContain("a person's turn");
    w.click("bot");
    expect(w.model.sent).toEqual([]);
    w.model.set("status", at(4, 1).status);
    expect(step).toHaveProperty("disabled", false);
    expect(step.title).toContain("bot (random)");
  });
});

describe("a new game", () => {
  it("starts running even when the last one was paused", () => {
    const w = open({ ...at(5, 0), setup: { ...pond.setup, current: undefined } });
    w.click("pause"); // Go is on at first: this pauses
    expect(w.find("go")).not.toBeNull();
    w.click("new-game");
    w.click("setup-start");
    expect(w.model.sent.at(-1)).toMatchObject({ kind: "new_game" });
    expect(w.find("pause")).not.toBeNull();
    expect(w.get("pause").getAttribute("aria-pressed")).toBe("true");
  });

  it("shows a seat option counted from Player 1 and sends the seat", () => {
    const setup = {
      game: "toritori",
      title: "Tori-Tori",
      players: { low: 2, high: 4, default: 2 },
      options: [
        {
          name: "first_player",
          label: "First player",
          default: 0,
          low: 0,
          high: 3,
          counts_seats: true,
        },
      ],
      current: { players: 2, options: { first_player: 0 }, seats: { "0": "", "1": "" } },
    };
    const w = open({ ...pond, setup });
    w.click("new-game");
    expect(isHidden(w.get("setup-form"))).toBe(false);
    expect(w.get("setup-first_player-value").textContent).toBe("Player 1");
    const input = w.get("setup-first_player") as HTMLInputElement;
    input.value = "1";
    input.dispatchEvent(new Event("input"));
    expect(w.get("setup-first_player-value").textContent).toBe("Player 2");
    w.click("setup-start");
    expect(w.model.sent.at(-1)).toMatchObject({ options: { first_player: 1 } });
  });
});
