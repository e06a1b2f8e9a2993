/** Beside the central board: whose turn, what to do now, the buttons without a board target,
 * and the chooser when one target offers several actions. */
import { type BoardContext, type LegalAction, h } from "../../kit";
import { SYMBOL_GLYPH, tileName } from "./look";
import { cellName } from "./maps";
import type { TargetKey } from "./targets";
import type { TulikkoView } from "./types";

export function drawTurnPanel(
  view: TulikkoView,
  ctx: BoardContext,
  targets: Map<TargetKey, LegalAction[]>,
  moveFrom: number | null,
  onCancelMove: () => void,
  botTurn = false,
): HTMLElement {
  const active = view.active === null ? null : view.players[view.active];
  const panel = h("div", {
    class: "eg-turn-panel",
    "data-testid": "tk-turn",
    "data-phase": view.phase,
  });
  if (view.outcome) {
    panel.append(
      h("p", { class: "eg-prompt" }, h("strong", {}, "Game over. "), view.outcome.reason),
    );
  } else if (active) {
    const turn = active.turns + (["slide", "place", "tokens", "end"].includes(view.phase) ? 1 : 0);
    panel.append(
      h(
        "p",
        { class: "tk-whose" },
        h("strong", {}, active.name),
        turn > 0 ? ` · round ${turn} of 12` : "",
        view.final_round ? h("span", { class: "tk-final" }, " · final round") : null,
      ),
      h(
        "p",
        { class: "eg-prompt", "data-testid": "prompt", "data-bot": String(botTurn) },
        botTurn
          ? `${active.name} is played by a bot: it plays on its own in a moment, step by step (or press Bot move below). Watch the Last action panel.`
          : prompt(view, moveFrom),
      ),
    );
  }
  if (ctx.isReplaying) {
    panel.append(h("p", { class: "eg-muted" }, "Replaying a past step: nothing can be played."));
  }
  const buttons = h("div", { class: "eg-turn-buttons" });
  const add = (key: TargetKey, text: string, testid: string) => {
    const a = targets.get(key)?.[0];
    if (!a) return;
    const b = h("button", { type: "button", "data-testid": testid, title: a.label }, text);
    b.addEventListener("click", () => ctx.send({ kind: "act", id: a.id }));
    buttons.append(b);
  };
  add("discard", "Discard the tile", "tk-discard");
  add("end", "End your turn", "tk-end-turn");
  if (moveFrom !== null) {
    const cancel = h(
      "button",
      { type: "button", "data-testid": "tk-cancel-move" },
      "Cancel the move",
    );
    cancel.addEventListener("click", onCancelMove);
    buttons.append(cancel);
  }
  if (buttons.childNodes.length) panel.append(buttons);
  const box = view.box;
  const discarded = view.discarded.length;
  panel.append(
    h(
      "p",
      { class: "eg-muted", "data-testid": "tk-tiles-out" },
      `Neutral tiles back in the box (unseen): ${box}` +
        (discarded ? ` · discarded: ${view.discarded.map(tileName).join(", ")}` : ""),
    ),
  );
  return panel;
}

function prompt(view: TulikkoView, moveFrom: number | null): string {
  const active = view.active === null ? null : view.players[view.active];
  const cols = view.map_size.cols;
  if (moveFrom !== null) {
    return `Purple aurora tile: click the empty space to move the tile on ${cellName(moveFrom, cols)} to.`;
  }
  switch (view.phase) {
    case "choose_map":
      return "Choose your wilderness map: click one of the free maps below.";
    case "start_tile":
      return active?.start_tile
        ? `Place your starting ${tileName(active.start_tile)} on any space of your map.`
        : "Place your starting tile on any space of your map.";
    case "slide":
      return view.hand
        ? `Click an arrow to slide your ${tileName(view.hand)} into the central board: the tile at the far end comes out, and must go on a space with the symbol drawn beside the side it came out of.`
        : "Slide your tile into the central board.";
    case "place": {
      const held = view.held;
      if (!held) return "Place the ejected tile on your map.";
      return `Place the ${tileName(held)} on an empty ${SYMBOL_GLYPH[held.symbol] ?? ""} ${held.symbol} space of your map (it came out of the ${held.side} side).`;
    }
    case "tokens":
      return "Your new tile touches other tiles: choose the tokens to place (the same colour: an animal token; different colours: a river token).";
    case "end":
      return "Use an aurora tile, or end your turn.";
    default:
      return view.phase_text;
  }
}

/** A readable name for a token choice, from the tokens the view says the tile calls for. */
export function tokenChoiceLabel(view: TulikkoView, a: LegalAction): string {
  const pending = view.pending_tokens;
  const at = Array.isArray(a.action.at) ? (a.action.at as number[]) : null;
  if (!pending || !at) return a.label;
  const cols = view.map_size.cols;
  const placed = pending.neighbours.filter((n) => at.includes(n.cell));
  if (!placed.length) return "Place no token (withhold them all)";
  const kept = pending.neighbours.filter((n) => !at.includes(n.cell) && n.available);
  return (
    "Place " +
    placed
      .map(
        (n) =>
          `${n.kind === "animal" ? "an animal" : "a river"} token by ${cellName(n.cell, cols)}`,
      )
      .join(", ") +
    (kept.length
      ? `; withhold ${kept.map((n) => `the ${n.kind} one by ${cellName(n.cell, cols)}`).join(", ")}`
      : "")
  );
}
