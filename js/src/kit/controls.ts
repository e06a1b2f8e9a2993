/**
 * Go / Step / Pause and the pace of the bots, Undo, the new-game form, who sits where, and
 * the History (click an entry to see that action's cascade: nothing changes; "Play from
 * here" in the cascade player goes back to it; "What if…" beside an action that drew by chance
 * opens the What if… panel). While the bots go on, the browser only paces
 * the requests; Python's bot chooses each move.
 */
import { isReplaying } from "./board";
import { askWhatIf } from "./advice";
import { button, h, keepFocus } from "./dom";
import type { Kit, Part, PartSpec } from "./kit";
import { LIVE } from "./steps";
import { setupForm } from "./setup";
import type { HistoryEntry } from "./types";

export const BOT_SPEEDS: [string, number][] = [
  ["slowly", 2000],
  ["at normal speed", 800],
  ["fast", 200],
];

function speedPicker(kit: Kit): HTMLElement {
  const delay = kit.store.get().botDelay;
  const select = h(
    "select",
    { "data-testid": "bot-speed", class: "eg-select", "aria-label": "Bot speed" },
    ...BOT_SPEEDS.map(([label, ms]) =>
      h("option", { value: ms, selected: ms === delay }, `bots play ${label}`),
    ),
  );
  select.addEventListener("change", () => kit.store.set({ botDelay: Number(select.value) }));
  return select;
}

const botSeat = (kit: Kit): string | null => {
  const { status, bots } = kit.traits;
  return status.current_player === null ? null : (bots[String(status.current_player)] ?? null);
};

/** Plays bot seats while Go is on: one request per turn, none while a past step is shown. */
function botPacer(kit: Kit): { check(): void; stop(): void; waiting(): boolean } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let askedAt: string | null = null;
  const moment = (): string => `${kit.traits.status.turn}|${kit.traits.error}`;
  const botToMove = (): boolean => {
    const { going, botDelay } = kit.store.get();
    return (
      going && botDelay > 0 && !kit.traits.status.is_over && !isReplaying(kit) && !!botSeat(kit)
    );
  };
  const stop = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    check() {
      stop();
      if (!botToMove() || askedAt === moment()) return;
      timer = setTimeout(() => {
        timer = null;
        if (!botToMove() || askedAt === moment() || kit.store.get().thinking) return;
        askedAt = moment();
        kit.send({ kind: "bot" });
      }, kit.store.get().botDelay);
    },
    stop,
    waiting: () => timer !== null,
  };
}

function seatPicker(kit: Kit, player: number, name: string): HTMLElement {
  const { bots, bot_names } = kit.traits;
  const current = bots[String(player)] ?? "";
  const select = h(
    "select",
    { "data-testid": `seat-${player}`, class: "eg-select" },
    h("option", { value: "", selected: current === "" }, "person"),
    ...bot_names.map((b) => h("option", { value: b, selected: current === b }, `bot: ${b}`)),
  );
  select.addEventListener("change", () => kit.send({ kind: "seat", player, bot: select.value }));
  return h("label", { class: "eg-seat" }, h("span", {}, name), select);
}

function make(kit: Kit): Part {
  const go = button("▶▶ Go", "go", () => kit.store.set({ going: !kit.store.get().going }), {
    title: "The bots play on at the chosen pace until you pause or the game ends",
  });
  const step = button("▷ Step (bot move)", "bot", () => kit.send({ kind: "bot" }));
  /** The moment (turn and error) an Undo was sent at: a second waits for Python's answer,
   * so quick clicks never ask to undo past the start. */
  let undoSentAt: string | null = null;
  const moment = (): string => `${kit.traits.status.turn}|${kit.traits.error}`;
  const undo = button("↶ Undo", "undo", () => {
    undoSentAt = moment();
    undo.disabled = true;
    kit.send({ kind: "undo" });
  });
  const form = setupForm(kit);
  const newGame = button("New game…", "new-game", () => form.toggle(), {
    "aria-expanded": "false",
  });
  const status = h("p", { class: "eg-bot-status", "data-testid": "bot-status", role: "status" });
  const seats = h("div", { class: "eg-seats", "data-testid": "seats" });
  const pacer = botPacer(kit);
  const history = h("ol", {
    class: "eg-history",
    "data-testid": "history",
    "aria-label": "Actions so far",
  });
  const el = h(
    "section",
    { class: "eg-controls", "aria-label": "Game controls" },
    h("div", { class: "eg-buttons" }, go, step, undo, newGame),
    status,
    form.el,
    seats,
    h(
      "div",
      { class: "eg-history-head" },
      h("h4", { class: "eg-heading" }, "History"),
      h("span", { class: "eg-note" }, "click an action to see it happen again"),
    ),
    history,
  );

  /** The timeline entries the History list shows, in order. */
  const drawn: HistoryEntry[] = [];
  let marked = -2;

  function statusText(): string {
    const { notice, thinking, going } = kit.store.get();
    const { status: s } = kit.traits;
    const bot = botSeat(kit);
    const who = s.current_player === null ? "" : (s.players[s.current_player] ?? "");
    if (notice) return notice;
    if (thinking) return `🤖 ${who || "The bot"} (${bot ?? "random"}) is thinking…`;
    if (s.is_over || !bot) return "";
    if (!going) return `${who} (bot: ${bot}) is to play: press Go, or Step for one action.`;
    if (isReplaying(kit)) return `The bots wait while you replay: Back to now lets them play on.`;
    return `${who} (bot: ${bot}) plays next.`;
  }

  function draw(): void {
    const { status: s, bot_names } = kit.traits;
    const { going, shown } = kit.store.get();
    const count = kit.timeline.length;
    if (undoSentAt !== null && undoSentAt !== moment()) undoSentAt = null; // answered
    undo.disabled = s.turn === 0 || undoSentAt !== null;
    // Step plays a bot's move: on a person's turn it would play theirs, so it waits
    const bot = botSeat(kit);
    step.disabled = s.is_over || !bot;
    step.title = s.is_over
      ? "The game is over"
      : bot
        ? `One action: ${s.players[s.current_player ?? 0] ?? "the seat on turn"}'s bot (${bot}) plays it`
        : "It is a person's turn: play it on the board (Step plays a bot's move)";
    go.textContent = going ? "❚❚ Pause" : "▶▶ Go";
    go.dataset.testid = going ? "pause" : "go";
    go.setAttribute("aria-pressed", going ? "true" : "false");
    go.disabled = s.is_over;
    newGame.setAttribute("aria-expanded", form.isOpen() ? "true" : "false");

    seats.hidden = bot_names.length === 0 || s.players.length === 0;
    seats.replaceChildren(
      ...(seats.hidden
        ? []
        : [...s.players.map((p, i) => seatPicker(kit, i, p)), speedPicker(kit)]),
    );
    pacer.check();
    status.textContent = statusText();
    status.hidden = status.textContent === "";
    status.dataset.thinking = kit.store.get().thinking ? "true" : "false";
    form.update();

    const last = count - 1;
    const current = shown ?? (kit.store.get().step === LIVE ? -2 : last);
    // only the entries that changed are drawn again (a move adds one)
    let same = 0;
    while (same < Math.min(count, drawn.length) && drawn[same] === kit.timeline[same]) same++;
    while (history.children.length > same) history.lastElementChild!.remove();
    drawn.length = same;
    for (let k = same; k < count; k++) {
      const entry = kit.timeline[k];
      drawn.push(entry);
      history.append(
        h(
          "li",
          { "data-bot": entry.bot || null },
          button(entry.label, `history-${k}`, () => kit.showAction(k, "first"), {
            class: "eg-link",
            title: `See this action happen again, step by step (nothing changes)${
              entry.bot ? `; played by the bot ${entry.bot}` : ""
            }`,
          }),
          entry.bot ? h("span", { class: "eg-badge" }, "bot") : null,
          (kit.drawCounts[k] ?? 0) > 0
            ? button("What if…", `what-if-${k}`, () => askWhatIf(kit, k), {
                class: "eg-link eg-what-if-ask",
                title:
                  "This action drew by chance: see what another outcome would have done " +
                  "(nothing in the game changes)",
              })
            : null,
        ),
      );
    }
    if (same < count) marked = -3; // scroll to the newest again
    // mark the action shown (only the attribute changes while stepping)
    for (const k of [marked, current]) {
      const li = history.children[k] as HTMLElement | undefined;
      if (!li) continue;
      if (k === current) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    }
    if (marked !== current) {
      marked = current;
      // keep the newest entry (or the one shown) in sight
      const focus = history.children[shown ?? last] as HTMLElement | undefined;
      if (focus)
        requestAnimationFrame(() => {
          history.scrollTop = Math.max(0, focus.offsetTop - history.clientHeight / 2);
        });
    }
  }

  return { el, update: () => keepFocus(el, draw), destroy: pacer.stop };
}

export const controls: PartSpec = {
  make,
  traits: ["status", "bots", "bot_names", "error", "setup", "cascade"],
  ui: ["step", "botDelay", "going", "shown", "thinking", "notice", "timelineRev"],
};
