/** Undo, bot move, new game, who sits where, and the history list (click to travel back). */
import { button, h, keepFocus } from "./dom";
import type { Kit, Part, PartSpec } from "./kit";

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
      ...(seats.hidden ? [] : status.players.map((p, i) => seatPicker(kit, i, p))),
    );

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

  return { el, update: () => keepFocus(el, draw) };
}

export const controls: PartSpec = {
  make,
  traits: ["history", "status", "bots", "bot_names"],
  ui: [],
};
