/**
 * Undo, bot move, new game, who sits where, how fast bots play, and the history list (click
 * to travel back). A seat given to a bot plays on its own after the chosen delay: the browser
 * only paces the requests; Python's bot chooses the move.
 */
import { button, h, keepFocus } from "./dom";
import type { Kit, Part, PartSpec } from "./kit";
import { LIVE } from "./steps";

export const BOT_SPEEDS: [string, number][] = [
  ["bots wait for “Bot move”", 0],
  ["bots play slowly", 2000],
  ["bots play at normal speed", 800],
  ["bots play fast", 200],
];

function speedPicker(kit: Kit): HTMLElement {
  const delay = kit.store.get().botDelay;
  const select = h(
    "select",
    { "data-testid": "bot-speed", class: "eg-select", "aria-label": "Bot speed" },
    ...BOT_SPEEDS.map(([label, ms]) => h("option", { value: ms, selected: ms === delay }, label)),
  );
  select.addEventListener("change", () => kit.store.set({ botDelay: Number(select.value) }));
  return select;
}

/** Plays bot seats on their own: one request per turn, none while a past step is shown. */
function botPacer(kit: Kit): { check(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let askedAt: string | null = null;
  const moment = (): string => `${kit.traits.status.turn}|${kit.traits.error}`;
  const botToMove = (): boolean => {
    const { status, bots } = kit.traits;
    const { step, botDelay } = kit.store.get();
    return (
      botDelay > 0 &&
      !status.is_over &&
      step === LIVE &&
      status.current_player !== null &&
      Boolean(bots[String(status.current_player)])
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
        if (!botToMove() || askedAt === moment()) return;
        askedAt = moment();
        kit.send({ kind: "bot" });
      }, kit.store.get().botDelay);
    },
    stop,
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
  const undo = button("↶ Undo", "undo", () => kit.send({ kind: "undo" }));
  const bot = button("Bot move", "bot", () => kit.send({ kind: "bot" }));
  const newGame = button("New game", "new-game", () => kit.send({ kind: "new_game" }));
  const seats = h("div", { class: "eg-seats", "data-testid": "seats" });
  const pacer = botPacer(kit);
  const start = button("↺ Start", "history-start", () => kit.send({ kind: "undo", to: 0 }), {
    class: "eg-link",
    title: "Go back to the start of the game",
  });
  const history = h("ol", {
    class: "eg-history",
    "data-testid": "history",
    "aria-label": "Actions so far",
  });
  const el = h(
    "section",
    { class: "eg-controls", "aria-label": "Game controls" },
    h("div", { class: "eg-buttons" }, undo, bot, newGame),
    seats,
    h("div", { class: "eg-history-head" }, h("h4", { class: "eg-heading" }, "History"), start),
    history,
  );

  function draw(): void {
    const { history: labels, status, bot_names } = kit.traits;
    undo.disabled = labels.length === 0;
    bot.disabled = status.is_over;

    seats.hidden = bot_names.length === 0 || status.players.length === 0;
    seats.replaceChildren(
      ...(seats.hidden
        ? []
        : [...status.players.map((p, i) => seatPicker(kit, i, p)), speedPicker(kit)]),
    );
    pacer.check();

    const last = labels.length - 1;
    start.disabled = labels.length === 0;
    history.replaceChildren(
      ...labels.map((label, k) =>
        h(
          "li",
          { "aria-current": k === last ? "step" : null },
          button(label, `history-${k}`, () => kit.send({ kind: "undo", to: k + 1 }), {
            class: "eg-link",
            disabled: k === last,
            title: k === last ? "The current state" : `Go back to just after this action`,
          }),
        ),
      ),
    );
  }

  return { el, update: () => keepFocus(el, draw), destroy: pacer.stop };
}

export const controls: PartSpec = {
  make,
  traits: ["history", "status", "bots", "bot_names", "error"],
  ui: ["step", "botDelay"],
};
