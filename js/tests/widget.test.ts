import { describe, expect, it, vi } from "vitest";
import { fixture, isHidden, mount, type Mounted, mountsCleanedAfterEach } from "./helpers";

const open = mountsCleanedAfterEach();

describe("header", () => {
  it("shows the title, the players with the current one marked, the phase and turn", () => {
    const w = open(fixture("generic-pond.json"));
    expect(w.get("title").textContent).toBe("Pond (hand-written fixture)");
    expect(w.get("player-0").dataset.current).toBe("true");
    expect(w.get("player-0").getAttribute("aria-current")).toBe("true");
    expect(w.get("player-1").dataset.current).toBe("false");
    expect(w.get("player-1").textContent).toContain("bot: random");
    expect(w.get("phase").textContent).toBe("Phase: grow");
    expect(w.get("turn").textContent).toBe("Moves played: 4");
    expect(isHidden(w.get("outcome"))).toBe(true);
  });

  it("shows a win/lose banner from status.outcome", () => {
    const w = open(fixture("generic-over.json"));
    const outcome = w.get("outcome");
    expect(isHidden(outcome)).toBe(false);
    expect(outcome.textContent).toContain("Ana wins!");
    expect(outcome.textContent).toContain("Ana 12, Bo 8");
    expect(outcome.textContent).toContain("Ana's pond keeps the most species.");
    expect(outcome.dataset.winners).toBe("0");
    expect(w.get("player-0").dataset.result).toBe("won");
    expect(w.get("player-1").dataset.result).toBe("lost");
    expect(w.get("player-0").dataset.current).toBe("false");
  });

  it("updates the banner when the outcome arrives, and names a draw", () => {
    const w = open(fixture("generic-pond.json"));
    const status = fixture("generic-pond.json").status!;
    w.model.set("status", {
      ...status,
      is_over: true,
      current_player: null,
      outcome: { winners: [0, 1], scores: [5, 5], reason: "" },
    });
    expect(isHidden(w.get("outcome"))).toBe(false);
    expect(w.get("outcome").textContent).toContain("Draw: Ana and Bo tie.");
    expect(w.get("bot")).toHaveProperty("disabled", true);
  });
});

describe("actions", () => {
  it("renders one button per legal action, labelled, and sends {kind: act, id} on click", () => {
    const w = open(fixture("generic-pond.json"));
    expect(w.get("action-2").textContent).toBe("Play Rain");
    expect(w.get("action-2").tagName).toBe("BUTTON");
    expect(w.el.querySelectorAll(".eg-action")).toHaveLength(4);
    w.click("action-2");
    expect(w.model.sent).toEqual([{ kind: "act", id: 2 }]);
  });

  it("re-renders when legal changes", () => {
    const w = open(fixture("generic-pond.json"));
    w.model.set("legal", [{ id: 7, label: "Feed the heron", action: { type: "feed" } }]);
    expect(w.find("action-0")).toBeNull();
    expect(w.get("action-7").textContent).toBe("Feed the heron");
  });

  it("says when there is nothing to do", () => {
    const w = open(fixture("generic-over.json"));
    expect(w.get("actions-note").textContent).toBe("The game is over.");
  });
});

describe("error banner", () => {
  it("is hidden without an error, shown with one, dismissed locally, shown again for a new one", () => {
    const w = open(fixture("generic-pond.json"));
    const banner = w.get("error");
    expect(banner.getAttribute("role")).toBe("alert");
    expect(isHidden(banner)).toBe(true);

    w.model.set("error", "Illegal action: no snail left");
    expect(isHidden(banner)).toBe(false);
    expect(w.get("error-text").textContent).toBe("Illegal action: no snail left");

    w.click("error-dismiss");
    expect(isHidden(banner)).toBe(true);
    expect(w.model.sent).toEqual([]); // dismissing is local only

    w.model.set("error", "Malformed message");
    expect(isHidden(banner)).toBe(false);
    w.model.set("error", "");
    expect(isHidden(banner)).toBe(true);
  });
});

describe("board", () => {
  it("draws the view as a collapsible key/value tree, not JSON text", () => {
    const w = open(fixture("generic-pond.json"));
    const tree = w.get("tree");
    expect(tree.querySelectorAll("details").length).toBeGreaterThan(0);
    expect(w.boardText()).toContain("after the fish ate");
    expect(w.boardText()).toContain("Rain, Heron");
    expect(w.boardText()).not.toContain("{");
    const round = tree.querySelector('[data-path="/round"]')!;
    expect(round.querySelector(".eg-key")!.textContent).toBe("round");
    expect(round.querySelector(".eg-val")!.textContent).toBe("3");
  });

  it("re-renders when a new view is set", () => {
    const w = open(fixture("generic-pond.json"));
    w.model.set("view", { moment: "a brand new view", round: 4 });
    expect(w.boardText()).toContain("a brand new view");
    expect(w.boardText()).not.toContain("after the fish ate");
  });

  it("keeps a branch closed across re-renders once the user closed it", () => {
    const w = open(fixture("generic-pond.json"));
    const details = () =>
      w.get("tree").querySelector<HTMLDetailsElement>('[data-path="/species"] > details')!;
    expect(details().open).toBe(true);
    details().open = false;
    details().dispatchEvent(new Event("toggle"));
    w.model.set("view", { ...(fixture("generic-pond.json").view as object), round: 5 });
    expect(details().open).toBe(false);
  });

  it("hands a game's renderer the view and a context with legal, send, stepEvent, isReplaying", () => {
    const calls: { view: unknown; stepEvent: unknown; isReplaying: boolean; legal: number }[] = [];
    const w = open(fixture("generic-pond.json"), {
      renderBoard(host: HTMLElement, view: any, ctx: any) {
        calls.push({
          view,
          stepEvent: ctx.stepEvent,
          isReplaying: ctx.isReplaying,
          legal: ctx.legal.length,
        });
        const b = document.createElement("button");
        b.dataset.testid = "target-algae";
        b.disabled = ctx.isReplaying;
        b.onclick = () => ctx.send({ kind: "act", id: ctx.legal[0].id });
        host.append(b);
      },
    });
    expect(w.find("tree")).toBeNull();
    // the current state: the last event is the one shown
    expect(calls.at(-1)).toMatchObject({ stepEvent: { index: 2 }, isReplaying: false, legal: 4 });
    w.click("target-algae");
    expect(w.model.sent).toEqual([{ kind: "act", id: 0 }]);

    w.click("cascade-back");
    expect(calls.at(-1)!.isReplaying).toBe(true);
    expect(calls.at(-1)!.stepEvent).toMatchObject({ index: 1 });
    expect((calls.at(-1)!.view as { moment: string }).moment).toBe("after the snails grazed");
    expect(w.get("target-algae")).toHaveProperty("disabled", true);
  });

  it("falls back to the tree when a game's renderer throws", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const w = open(fixture("generic-pond.json"), {
      renderBoard() {
        throw new Error("boom");
      },
    });
    expect(w.boardText()).toContain("could not be drawn");
    expect(w.find("tree")).not.toBeNull();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe("food web", () => {
  it("draws a node per species and an arrowed edge per feeding link, producers at the bottom", () => {
    const w = open(fixture("generic-pond.json"));
    const svg = w.get("foodweb");
    expect(svg.tagName.toLowerCase()).toBe("svg");
    const y = (id: string) =>
      Number(
        /translate\([\d.]+ ([\d.]+)\)/.exec(w.get(`fw-node-${id}`).getAttribute("transform")!)![1],
      );
    expect(y("algae")).toBeGreaterThan(y("snail"));
    expect(y("snail")).toBeGreaterThan(y("fish"));
    const edge = w.get("fw-edge-algae-snail");
    expect(edge.getAttribute("marker-end")).toMatch(/^url\(#eg-fw-\d+-arrow\)$/);
    expect(w.get("fw-node-algae").textContent).toContain("Algae");
  });

  it("puts producers at the bottom whichever way y grows", () => {
    const web = fixture("generic-pond.json").food_web!;
    const flipped = { ...web, nodes: web.nodes!.map((n) => ({ ...n, y: 1 - n.y })) };
    const w = open({ ...fixture("generic-pond.json"), food_web: flipped });
    const y = (id: string) =>
      Number(
        /translate\([\d.]+ ([\d.]+)\)/.exec(w.get(`fw-node-${id}`).getAttribute("transform")!)![1],
      );
    expect(y("algae")).toBeGreaterThan(y("fish"));
    w.model.set("food_web", {
      nodes: web.nodes!.map((n) => ({ ...n, x: null, y: null })),
      edges: [],
    });
    expect(y("algae")).toBeGreaterThan(y("snail"));
    expect(y("snail")).toBeGreaterThan(y("fish"));
  });

  it("highlights nothing when the cascade is empty", () => {
    const w = open({ ...fixture("generic-pond.json"), cascade: {} });
    expect(w.get("foodweb").querySelectorAll('[data-highlight="true"]')).toHaveLength(0);
  });

  it("is hidden when food_web is empty", () => {
    const w = open(fixture("generic-over.json"));
    expect(isHidden(w.get("foodweb-panel"))).toBe(true);
    w.model.set("food_web", fixture("generic-pond.json").food_web);
    expect(isHidden(w.get("foodweb-panel"))).toBe(false);
    expect(w.find("fw-node-fish")).not.toBeNull();
  });

  it("marks the links of a hovered node", () => {
    const w = open(fixture("generic-pond.json"));
    w.get("fw-node-snail").dispatchEvent(new MouseEvent("mouseenter"));
    expect(w.get("fw-edge-algae-snail").classList.contains("eg-near")).toBe(true);
    expect(w.get("fw-edge-snail-fish").classList.contains("eg-near")).toBe(true);
    w.get("fw-node-snail").dispatchEvent(new MouseEvent("mouseleave"));
    expect(w.get("fw-edge-algae-snail").classList.contains("eg-near")).toBe(false);
    expect(w.model.sent).toEqual([]); // hover never syncs
  });
});

describe("log", () => {
  it("lists the sentences in order, newest at the bottom, and grows with the timeline", () => {
    const w = open(fixture("generic-pond.json"));
    const log = w.get("log");
    expect(log.tagName).toBe("OL");
    const items = () => [...log.querySelectorAll("li")].map((li) => li.textContent);
    expect(items()[0]).toBe("Ana adds algae: algae go from 6 to 8.");
    expect(items()).toHaveLength(6);
    w.model.history([{ label: "Pass", log: ["Bo passes."] }], 3);
    expect(items().at(-1)).toBe("Bo passes.");
    expect(items()).toHaveLength(7);
  });
});

describe("controls", () => {
  it("sends undo and bot (Step); New game opens the form", () => {
    const f = fixture("generic-pond.json");
    const w = open({ ...f, status: { ...f.status, current_player: 1 } }); // the bot's turn
    w.click("undo");
    w.click("bot");
    expect(w.model.sent).toEqual([{ kind: "undo" }, { kind: "bot" }]);
    expect(isHidden(w.get("setup-form"))).toBe(true);
    w.click("new-game");
    expect(isHidden(w.get("setup-form"))).toBe(false);
  });

  it("disables undo at the start of the game", () => {
    const f = fixture("generic-pond.json");
    const w = open({ ...f, history: [], status: { ...f.status, turn: 0 } });
    expect(w.get("undo")).toHaveProperty("disabled", true);
    w.model.set("status", { ...f.status, turn: 1 });
    expect(w.get("undo")).toHaveProperty("disabled", false);
  });

  it("History shows an old action (a show message), never undoes; Play from here does", () => {
    const w = open(fixture("generic-pond.json"));
    expect(w.get("history-0").textContent).toBe("Add algae");
    w.click("history-0");
    expect(w.model.sent).toEqual([{ kind: "show", action: 0 }]);
    expect(w.get("cascade").dataset.shown).toBe("0");
    expect(w.get("cascade-position").textContent).toBe("loading…");
    // Python answers with that action's cascade and the board after it
    w.model.emit({
      kind: "shown",
      action: 0,
      cascade: {
        label: "Add algae",
        index: 0,
        events: [
          { index: 0, kind: "add", text: "Ana adds algae.", cause: null, touched: {} },
          { index: 1, kind: "grow", text: "Algae grow.", cause: 0, touched: { nodes: ["algae"] } },
        ],
        patches: [[[["moment"], "algae added"]], []],
      },
      view: { moment: "algae grown", round: 1 },
    });
    expect(w.get("cascade-label").textContent).toBe("Action 1 of 3: Add algae");
    expect(w.get("cascade-text").textContent).toBe("Ana adds algae.");
    expect(w.boardText()).toContain("algae added");
    expect(w.get("action-0")).toHaveProperty("disabled", true);
    w.click("cascade-forward");
    expect(w.get("cascade-text").textContent).toBe("Algae grow.");
    expect(w.boardText()).toContain("algae grown");
    // nothing but the show went to Python: the game did not change
    expect(w.model.sent).toEqual([{ kind: "show", action: 0 }]);
    w.click("cascade-play-from");
    expect(w.model.sent.at(-1)).toEqual({ kind: "undo", to: 1 });
    w.click("cascade-now");
    expect(w.get("cascade").dataset.shown).toBe("");
    expect(w.boardText()).toContain("after the fish ate");
  });

  it("gives a seat to a bot", () => {
    const w = open(fixture("generic-pond.json"));
    const seat = w.get("seat-0") as HTMLSelectElement;
    expect(seat.value).toBe("");
    expect((w.get("seat-1") as HTMLSelectElement).value).toBe("random");
    seat.value = "greedy";
    seat.dispatchEvent(new Event("change"));
    expect(w.model.sent).toEqual([{ kind: "seat", player: 0, bot: "greedy" }]);
  });

  it("answers a click made while the bot is thinking, instead of sending it", () => {
    const pond = fixture("generic-pond.json");
    const w = open({ ...pond, status: { ...pond.status, current_player: 1 } });
    w.click("bot");
    expect(w.get("bot-status").dataset.thinking).toBe("true");
    expect(w.get("bot-status").textContent).toContain("is thinking");
    w.click("action-2");
    expect(w.model.sent).toEqual([{ kind: "bot" }]);
    expect(w.get("bot-status").textContent).toContain("your click was ignored");
    // Python's answer (a new status) ends the thinking: clicks go through again
    const f = fixture("generic-pond.json");
    w.model.set("status", { ...f.status, turn: 5 });
    w.click("action-2");
    expect(w.model.sent.at(-1)).toEqual({ kind: "act", id: 2 });
  });

  it("Go and Pause start and stop the bots; Step plays one action", () => {
    vi.useFakeTimers();
    try {
      const f = fixture("generic-pond.json");
      const w = open({ ...f, status: { ...f.status, current_player: 1 } });
      vi.advanceTimersByTime(900);
      expect(w.model.sent).toEqual([{ kind: "bot" }]); // Go is on: the bot in seat 1 plays
      w.model.set("status", { ...f.status, current_player: 1, turn: 5 });
      w.click("pause");
      vi.advanceTimersByTime(3000);
      expect(w.model.sent).toEqual([{ kind: "bot" }]);
      expect(w.get("bot-status").textContent).toContain("press Go");
      w.click("bot");
      expect(w.model.sent).toEqual([{ kind: "bot" }, { kind: "bot" }]);
      w.model.set("status", { ...f.status, current_player: 1, turn: 6 });
      w.click("go");
      vi.advanceTimersByTime(900);
      expect(w.model.sent).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("new-game form", () => {
  const setup = {
    game: "pond",
    title: "Pond",
    players: { low: 1, high: 4, default: 2 },
    options: [
      { name: "rounds", label: "Rounds", default: 3, low: 1, high: 100 },
      {
        name: "difficulty",
        label: "Difficulty",
        default: "basic",
        choices: [
          { value: "basic", label: "Basic" },
          { value: "expert", label: "Expert" },
        ],
      },
    ],
    current: {
      players: 2,
      options: { rounds: 3, difficulty: "basic" },
      seats: { "0": "", "1": "random" },
    },
  };

  it("offers the legal values only, and sends every field in one new_game message", () => {
    const w = open({ ...fixture("generic-pond.json"), setup });
    w.click("new-game");
    const players = w.get("setup-players") as HTMLInputElement;
    expect([players.type, players.min, players.max, players.value]).toEqual([
      "range",
      "1",
      "4",
      "2",
    ]);
    const rounds = w.get("setup-rounds") as HTMLInputElement;
    expect([rounds.min, rounds.max]).toEqual(["1", "100"]);
    const difficulty = w.get("setup-difficulty") as HTMLSelectElement;
    expect([...difficulty.options].map((o) => o.textContent)).toEqual(["Basic", "Expert"]);
    players.value = "4";
    players.dispatchEvent(new Event("input"));
    expect(w.find("setup-seat-3")).not.toBeNull();
    difficulty.value = "1";
    difficulty.dispatchEvent(new Event("change"));
    rounds.value = "7";
    rounds.dispatchEvent(new Event("input"));
    const seat = w.get("setup-seat-2") as HTMLSelectElement;
    seat.value = "greedy";
    seat.dispatchEvent(new Event("change"));
    (w.get("setup-seed") as HTMLInputElement).value = "12";
    w.get("setup-seed").dispatchEvent(new Event("input"));
    w.click("setup-start");
    expect(w.model.sent).toEqual([
      {
        kind: "new_game",
        players: 4,
        options: { rounds: 7, difficulty: "expert" },
        seats: { "0": "", "1": "random", "2": "greedy", "3": "" },
        seed: 12,
      },
    ]);
    expect(isHidden(w.get("setup-form"))).toBe(true);
  });
});

describe("lifecycle", () => {
  it("cleanup removes every model listener; set() no longer re-renders", () => {
    const w = mount(fixture("generic-pond.json"));
    const board = w.get("board");
    expect(w.model.listenerCount()).toBeGreaterThan(0);
    w.cleanup();
    expect(w.model.listenerCount()).toBe(0);
    w.model.set("view", { moment: "after cleanup" });
    w.model.set("error", "after cleanup");
    expect(board.textContent).not.toContain("after cleanup");
    expect(w.el.querySelector(".ecogames")).toBeNull();
  });

  it("passes Python's custom messages to onMessage until cleanup", () => {
    const got: unknown[] = [];
    const w = mount(fixture("generic-pond.json"), { onMessage: (content) => got.push(content) });
    w.model.emit({ kind: "hello" });
    w.cleanup();
    w.model.emit({ kind: "after" });
    expect(got).toEqual([{ kind: "hello" }]);
  });

  it("reads the game id from game_id, as the Python widget names it", () => {
    const { game: _, ...rest } = fixture("generic-pond.json");
    const w = open({ ...rest, game_id: "pond", title: "" });
    expect(w.get("ecogames").dataset.game).toBe("pond");
    expect(w.get("title").textContent).toBe("pond");
    w.model.set("game_id", "toritori");
    expect(w.get("title").textContent).toBe("toritori");
  });

  it("renders an empty model without throwing", () => {
    const w = open({});
    expect(w.get("title").textContent).toBe("Game");
    expect(w.get("cascade-position").textContent).toBe("no steps");
    expect(w.boardText()).toContain("No board to show.");
  });

  it("renders several widgets on one page with distinct arrow markers", () => {
    const a = open(fixture("generic-pond.json"));
    const b = open(fixture("generic-pond.json"));
    const id = (w: Mounted) => w.get("foodweb").querySelector("marker")!.id;
    expect(id(a)).not.toBe(id(b));
  });
});

describe("one update from Python", () => {
  it("redraws the board once, however many traits it changed", () => {
    let draws = 0;
    const w = open(fixture("pond-start.json"), {
      renderBoard: (host: HTMLElement) => {
        draws += 1;
        host.textContent = "board";
      },
    });
    draws = 0;
    const base = fixture("pond-mid-cascade.json");
    w.model.update({
      view: base.view,
      legal: base.legal,
      cascade: base.cascade,
      status: base.status,
      step: -1,
    });
    expect(draws).toBe(1);
  });
});

describe("a long list of legal actions", () => {
  it("folds a group of many actions behind a summary that says how many", () => {
    const many = Array.from({ length: 20 }, (_, i) => ({
      id: i,
      label: `Build at ${i}`,
      action: { type: "build", at: i },
    }));
    const legal = [...many, { id: 20, label: "Pass", action: { type: "pass" } }];
    const w = open({ ...fixture("pond-start.json"), legal });
    const fold = w.get("actions-fold-build");
    expect(fold.textContent).toBe("build (20)");
    const details = fold.parentElement as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(w.get("action-20").closest("details")).toBeNull();
    w.click("action-3");
    expect(w.model.sent).toEqual([{ kind: "act", id: 3 }]);
  });
});

describe("a kernel that is gone", () => {
  it("says so when a message cannot go, instead of throwing", () => {
    const w = open(fixture("generic-pond.json"));
    w.model.send = () => {
      throw new Error("Cannot send"); // what ipywidgets throws once the comm is closed
    };
    expect(() => w.click("action-0")).not.toThrow();
    expect(w.get("bot-status").textContent).toContain("kernel is not connected");
  });
});
