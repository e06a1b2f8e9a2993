/**
 * Tulikko's board renderer: the central board with its arrows, the turn panel, every
 * player's wilderness map, the landscape cards, symbol cards and aurora tiles.
 */
import {
  type BoardContext,
  type LegalAction,
  type View,
  h,
  renderTree,
  legalTarget,
  chooser,
  playOrChoose,
  targetMap,
  usePalette,
} from "../../kit";
import { drawCentral } from "./central";
import type { Clickable } from "./clickable";
import { touchedOf } from "./highlight";
import { drawMapChoices, drawPlayer } from "./maps";
import { drawAuroras, drawLandscapeCards, drawSymbolCards } from "./objectives";
import { drawTurnPanel, tokenChoiceLabel } from "./panel";
import { type TargetKey, targetsOf } from "./targets";
import { type TulikkoLayout, isTulikkoView } from "./types";

export function renderTulikkoBoard(host: HTMLElement, view: View, ctx: BoardContext): void {
  usePalette(ctx.layout);
  if (!isTulikkoView(view)) {
    renderTree(host, view, ctx);
    return;
  }
  const layout = ctx.layout as TulikkoLayout;
  // a bot's turn is the bot's: the board offers no clicks then (Bot move still works)
  const botTurn = view.active !== null && String(view.active) in ctx.bots && !view.outcome;
  const legal = ctx.isReplaying || botTurn ? [] : ctx.legal;
  let moveFrom = typeof ctx.ui.moveFrom === "number" ? ctx.ui.moveFrom : null;
  if (
    moveFrom !== null &&
    !legal.some((a) => a.action.type === "move_tile" && a.action.source === moveFrom)
  ) {
    moveFrom = ctx.ui.moveFrom = null;
  }
  const pendingCell = view.pending_tokens?.cell ?? null;
  const targets = targetMap(legal, (a) => targetsOf(a, moveFrom, pendingCell));
  let selected = typeof ctx.ui.selected === "string" ? (ctx.ui.selected as TargetKey) : null;
  if (selected && !(targets.get(selected)?.length ?? 0)) selected = ctx.ui.selected = null;
  const touched = touchedOf(ctx);

  const choose = (key: TargetKey): void => {
    if (key.startsWith("from:")) {
      const cell = Number(key.slice(5));
      ctx.ui.moveFrom = moveFrom === cell ? null : cell;
      ctx.ui.selected = null;
      ctx.rerender();
      return;
    }
    playOrChoose(ctx, key, targets.get(key) ?? []);
  };
  const clickable: Clickable = (el, key, name) => {
    const actions = targets.get(key);
    if (!actions?.length) return;
    const what = key.startsWith("from:")
      ? "choose it to move it with your purple aurora tile"
      : actions.map((a) => a.label).join("; ");
    legalTarget(el, `${name}: ${what}`, () => choose(key), key === selected);
  };
  const cancelMove = (): void => {
    ctx.ui.moveFrom = null;
    ctx.rerender();
  };

  const side = h("div", { class: "eg-board-side" });
  side.append(drawTurnPanel(view, ctx, targets, moveFrom, cancelMove, botTurn));
  const tokenActions = legal.filter((a) => a.action.type === "place_tokens");
  if (tokenActions.length > 1) {
    side.append(
      chooser("Choose the tokens for your new tile:", tokenActions, ctx, {
        prefix: "tk",
        labelOf: (a) => tokenChoiceLabel(view, a),
        onPreview: (a) => previewTokens(host, view.active ?? 0, a),
      }),
    );
  } else if (selected) {
    side.append(
      chooser("Choose an action:", targets.get(selected) ?? [], ctx, {
        prefix: "tk",
        onCancel: () => {
          ctx.ui.selected = null;
          ctx.rerender();
        },
      }),
    );
  }

  const board = h("div", { class: "eg-board-column", "data-testid": "tulikko-board" });
  board.append(
    h(
      "div",
      { class: "eg-board-top" },
      drawCentral(view, touched, clickable, (s) => targets.has(`side:${s}`)),
      side,
    ),
  );
  if (view.phase === "choose_map" && layout.maps) {
    board.append(drawMapChoices(view, layout.maps, clickable));
  }

  const showGraphs = ctx.ui.graphs === true;
  const toggle = h(
    "button",
    {
      type: "button",
      class: "tk-graphs-toggle",
      "data-testid": "tk-graphs-toggle",
      "aria-pressed": String(showGraphs),
    },
    showGraphs ? "Hide the graphs" : "Show the river network and colour zones",
  );
  toggle.addEventListener("click", () => {
    ctx.ui.graphs = !showGraphs;
    ctx.rerender();
  });
  board.append(
    h(
      "div",
      { class: "eg-section-head" },
      h("h4", { class: "eg-board-heading" }, "Wilderness maps"),
      toggle,
    ),
  );
  if (showGraphs) {
    board.append(
      h(
        "p",
        { class: "eg-legend", "data-testid": "tk-graphs-legend" },
        "Colour zones: tiles joined to same-colour neighbours, outlined; the number is the zone's size " +
          "(the largest breaks ties). River network: river tokens joined where they meet at a corner; " +
          "the number is the stretch's length.",
      ),
    );
  }
  const maps = h("div", { class: "tk-maps" });
  for (const player of view.players) {
    if (!player.map) continue;
    maps.append(
      drawPlayer(view, player, {
        active: player.seat === view.active,
        touched,
        clickable,
        targets,
        showGraphs,
        moveFrom,
      }),
    );
  }
  if (maps.childNodes.length) board.append(maps);

  board.append(
    h("h4", { class: "eg-board-heading" }, "Landscape cards"),
    drawLandscapeCards(view, touched, clickable),
    h(
      "div",
      { class: "tk-bottom" },
      h(
        "div",
        {},
        h("h4", { class: "eg-board-heading" }, "Symbol cards (first to cover all five)"),
        drawSymbolCards(view, touched),
      ),
      h(
        "div",
        {},
        h("h4", { class: "eg-board-heading" }, "Aurora tiles (3 and 4 tiles of a colour)"),
        drawAuroras(view, touched, legal),
      ),
    ),
  );
  host.append(board);
}

/** While a token choice is under the pointer, mark the borders it would fill. */
function previewTokens(host: HTMLElement, seat: number, a: LegalAction | null): void {
  const at = a && Array.isArray(a.action.at) ? (a.action.at as number[]) : [];
  for (const el of host.querySelectorAll<SVGElement>(`[data-testid^="pending-${seat}-"]`)) {
    const [x, y] = (el.getAttribute("data-testid") ?? "").split("-").slice(2).map(Number);
    el.setAttribute("data-preview", String(a !== null && (at.includes(x) || at.includes(y))));
  }
}
