/** Why? and stories: Python's answers listed as links to their moments, the walk along a
 * chain, story mode on the board and the food web (issue 20). */
import { describe, expect, it } from "vitest";
import toritori from "../src/entries/toritori";
import { fixture, isHidden, mountsCleanedAfterEach } from "./helpers";

const open = mountsCleanedAfterEach(toritori);

const over = () => {
  const f = fixture("toritori-decision.json");
  return { ...f, status: { ...(f.status as object), is_over: true } };
};

const link = (action: number, event: number | null, kind: string, text: string) => ({
  node: event === null ? ["action", action] : ["event", action, event],
  kind,
  text,
  action,
  step: action + 1,
  seat: 0,
});

const answer = {
  kind: "why",
  answer: {
    question: "outcome",
    target: link(5, 7, "defeat", "Defeat: the Foxes went extinct"),
    chain: [
      link(5, 7, "defeat", "Defeat: the Foxes went extinct"),
      link(5, 6, "extinct", "The Foxes are extinct"),
      link(0, 2, "cat_enters", "A Cat lies on a Guinea pig of sector 1"),
      link(0, 0, "roll", "Both dice show A"),
    ],
    roots: [[["event", 0, 0], [{ text: "the red die came out A (chance 1 in 6)" }]]],
    text: "…",
  },
};

describe("why", () => {
  it("offers Why? beside a finished game and asks Python", () => {
    const w = open(fixture("toritori-decision.json"));
    expect(isHidden(w.get("why-outcome"))).toBe(true);
    const done = open(over());
    expect(isHidden(done.get("why-outcome"))).toBe(false);
    done.click("why-outcome");
    expect(done.model.sent).toContainEqual({ kind: "why", question: "outcome" });
  });

  it("lists the chain as links that jump the timeline, and walks it from the root", () => {
    const w = open(over());
    w.model.emit(answer);
    expect(w.get("why-title").textContent).toBe("Why? Defeat: the Foxes went extinct");
    const lines = [...w.get("why-lines").querySelectorAll("li")];
    expect(lines.map((l) => l.dataset.kind)).toEqual(["defeat", "extinct", "cat_enters", "roll"]);
    expect(lines[3].textContent).toContain("from: the red die came out A (chance 1 in 6)");
    w.click("why-line-2");
    expect(w.model.sent).toContainEqual({ kind: "show", action: 0 });
    w.click("why-walk-next"); // from the line shown, on to its effect
    expect(lines.length).toBe(4);
    expect(w.get("why-lines").querySelector(".eg-why-current")?.getAttribute("data-kind")).toBe(
      "extinct",
    );
    w.click("why-close");
    expect(w.get("why-panel").dataset.answer).toBe("");
  });
});

describe("story", () => {
  it("in story mode a click on a token asks its story instead of playing", () => {
    const w = open(fixture("toritori-decision.json"));
    const token = w.el.querySelector("[data-story]") as SVGElement;
    expect(token).not.toBeNull();
    const sentBefore = w.model.sent.length;
    w.click("story-mode");
    token.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const asked = w.model.sent.slice(sentBefore);
    expect(asked).toEqual([{ kind: "story", subject: token.getAttribute("data-story") }]);
    w.model.emit({
      kind: "story",
      story: {
        subject: "token:3",
        end: "gone",
        events: [{ ...link(2, 1, "eat", "The Fox eats"), cause: "Foxes is activated" }],
      },
    });
    expect(w.get("why-title").textContent).toBe("The story of token:3");
    expect(w.get("story-end").textContent).toBe("… gone");
    expect(w.get("why-lines").textContent).toContain("because: Foxes is activated");
    expect(w.get("story-mode").getAttribute("aria-pressed")).toBe("false");
  });
});

describe("why panel wording and place", () => {
  it("says when in the game's own step ('turn of the dice'), and step where none is named", () => {
    const w = open(over());
    w.model.emit({ ...answer, answer: { ...answer.answer, step_name: "turn of the dice" } });
    expect(w.get("why-line-2").textContent).toBe(
      "turn of the dice 1, action 1: A Cat lies on a Guinea pig of sector 1",
    );
    w.model.emit(answer);
    expect(w.get("why-line-2").textContent).toBe(
      "step 1, action 1: A Cat lies on a Guinea pig of sector 1",
    );
  });

  it("sits beside the board, under the cascade player it walks", () => {
    const w = open(over());
    const side = w.el.querySelector(".eg-col-side") as HTMLElement;
    const parts = [...side.children];
    const cascade = parts.indexOf(w.get("cascade"));
    expect(cascade).toBeGreaterThanOrEqual(0);
    expect(parts[cascade + 1]).toBe(w.get("why-panel"));
  });

  it("names a clicked token as the board does, and keeps the id for anything else", () => {
    const w = open(fixture("toritori-decision.json"));
    const token = w.el.querySelector("[data-story]") as SVGElement;
    const subject = token.getAttribute("data-story") ?? "";
    const name = (token.querySelector("title")?.textContent ?? "").split(",")[0];
    expect(name).toMatch(/\(token \d+\)$/);
    w.click("story-mode");
    token.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const told = (s: string) => ({
      kind: "story",
      story: { subject: s, end: "in play", events: [] },
    });
    w.model.emit(told(subject));
    expect(w.get("why-title").textContent).toBe(`The story of ${name}`);
    w.model.emit(told("token:999"));
    expect(w.get("why-title").textContent).toBe("The story of token:999");
  });
});
