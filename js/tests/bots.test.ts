import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fixture, mount, type Mounted } from "./helpers";

let w: Mounted | null = null;
const pond = fixture("pond-start.json");
const botSeat = (current: number, turn = 0) => ({
  ...pond,
  bots: { "1": "random" },
  status: { ...(pond.status as object), current_player: current, turn },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  w?.cleanup();
  w = null;
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("bot seats play on their own", () => {
  it("asks Python for one bot move after the delay, once per turn", () => {
    w = mount(botSeat(1));
    expect(w.model.sent).toEqual([]);
    vi.advanceTimersByTime(850);
    expect(w.model.sent).toEqual([{ kind: "bot" }]);
    w.model.set("log", ["something else changed"]);
    vi.advanceTimersByTime(5000);
    expect(w.model.sent).toHaveLength(1);
    w.model.set("status", botSeat(1, 1).status);
    vi.advanceTimersByTime(850);
    expect(w.model.sent).toEqual([{ kind: "bot" }, { kind: "bot" }]);
  });

  it("waits for a person's seat, for 'Bot move' when paused, and while replaying", () => {
    w = mount(botSeat(0));
    vi.advanceTimersByTime(5000);
    expect(w.model.sent).toEqual([]);
    w.cleanup();
    w = mount(botSeat(1));
    const speed = w.get("bot-speed") as HTMLSelectElement;
    speed.value = "0";
    speed.dispatchEvent(new Event("change"));
    vi.advanceTimersByTime(5000);
    expect(w.model.sent).toEqual([]);
    speed.value = "200";
    speed.dispatchEvent(new Event("change"));
    vi.advanceTimersByTime(250);
    expect(w.model.sent).toEqual([{ kind: "bot" }]);
  });

  it("stops its timer when the widget is removed", () => {
    w = mount(botSeat(1));
    w.cleanup();
    vi.advanceTimersByTime(5000);
    expect(w.model.sent).toEqual([]);
    w = null;
  });
});
