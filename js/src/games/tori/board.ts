/**
 * Tori's board renderer: the prompt, the build cards, the market square, the hand, the
 * players and the majority cards. Only legal targets are clickable; a target with several
 * actions opens a chooser next to it; two face-up build cards are taken by clicking both.
 */
import {
  type BoardContext,
  type LegalAction,
  type View,
  h,
  renderTree,
  legalTarget,
  targetMap,
  usePalette,
} from "../../kit";
import {
  type Parts,
  drawBuildRow,
  drawChooser,
  drawHand,
  drawMarket,
  drawPlayers,
  drawPrompt,
  goodChip,
  goodName,
  touchedCards,
} from "./panel";
import { CELL, drawSquare, geometry } from "./square";
import { type Clickable, type TargetKey, pairAction, targetsOf } from "./targets";
import { type Cell, type ToriLayout, type ToriView, isToriLayout, isToriView } from "./types";

/** Actions that undo work: asked for through the chooser even when they are the only one. */
const CONFIRM = new Set(["tear_down"]);

export function renderToriBoard(host: HTMLElement, view: View, ctx: BoardContext): void {
  usePalette(ctx.layout);
  const layout = ctx.layout as unknown;
  if (!isToriView(view) || !isToriLayout(layout)) {
    renderTree(host, view, ctx);
    return;
  }
  const bots = new Set(Object.keys(ctx.bots).map(Number));
  // a bot's turn is the bot's: the board offers no clicks then (Bot move still works)
  const botTurn = bots.has(view.active) && view.phase !== "over";
  const legal = ctx.isReplaying || botTurn ? [] : ctx.legal;
  const targets = targetMap(legal, (a) => targetsOf(a, view));
  let selected = typeof ctx.ui.selected === "string" ? (ctx.ui.selected as TargetKey) : null;
  if (selected && !targets.get(selected)?.length) {
    selected = null;
    ctx.ui.selected = null;
  }

  const select = (key: TargetKey | null): void => {
    ctx.ui.selected = key;
    ctx.rerender();
  };
  const act = (a: LegalAction): void => {
    ctx.ui.selected = null;
    ctx.send({ kind: "act", id: a.id });
  };
  const choose = (key: TargetKey): void => {
    const actions = targets.get(key) ?? [];
    if (key === selected) return select(null);
    if (key.startsWith("display:") && selected?.startsWith("display:")) {
      const pair = pairAction(legal, view, Number(selected.slice(8)), Number(key.slice(8)));
      if (pair) return act(pair);
    }
    if (actions.length === 1 && !CONFIRM.has(actions[0].action.type)) return act(actions[0]);
    if (actions.length) select(key);
  };
  const clickable: Clickable = (el, key, name) => {
    const actions = targets.get(key);
    if (!actions?.length) return;
    const what =
      actions.length > 3 ? `${actions.length} choices` : actions.map((a) => a.label).join("; ");
    legalTarget(el, `${name}: ${what}`, () => choose(key), key === selected);
  };

  const parts: Parts = { view, layout, ctx, clickable, touched: touchedCards(ctx), bots };
  const chooser =
    selected && targets.get(selected)?.length
      ? drawChooser(chooserTitle(selected, view, layout), targets.get(selected) ?? [], parts, () =>
          select(null),
        )
      : null;

  const squareWrap = h(
    "div",
    { class: "tm-square-wrap" },
    drawSquare(view, layout, ctx, clickable),
  );
  const onBoard = selected && /^(cell|stall|customer):/.test(selected);
  if (chooser && onBoard) {
    place(chooser, selected as TargetKey, view, layout);
    squareWrap.append(chooser);
  }
  const side = h("div", { class: "tm-side" }, drawPlayers(parts));

  host.append(
    h(
      "div",
      { class: "eg-board-column tm-board", "data-testid": "tori-board", "data-phase": view.phase },
      drawPrompt(parts),
      drawBuildRow(parts, selected),
      chooser && !onBoard && !selected?.startsWith("hand-") ? chooser : null,
      drawHand(parts),
      chooser && selected?.startsWith("hand-") ? chooser : null,
      h("div", { class: "tm-main" }, squareWrap, side),
      drawMarket(parts),
      legend(layout),
    ),
  );
}

/** The chooser floats beside the clicked thing on the square (in % of the drawing's size). */
function place(box: HTMLElement, key: TargetKey, view: ToriView, layout: ToriLayout): void {
  const cell = anchorCell(key, view);
  if (!cell) return;
  const geo = geometry(layout);
  const { x, y } = geo.at(cell);
  box.classList.add("tm-popover");
  const pct = (v: number, of: number): string => `${((100 * v) / of).toFixed(2)}%`;
  if (cell[1] < layout.cols / 2) box.style.left = pct(x + CELL + 4, geo.width);
  else box.style.right = pct(geo.width - x + 4, geo.width);
  if (cell[0] < layout.rows / 2) box.style.top = pct(y, geo.height);
  else box.style.bottom = pct(geo.height - y - CELL, geo.height);
}

function anchorCell(key: TargetKey, view: ToriView): Cell | null {
  const [kind, rest] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  if (kind === "cell") {
    const [r, c] = rest.split(",").map(Number);
    return [r, c];
  }
  if (kind === "customer") return view.customers[rest] ?? null;
  if (kind === "stall") {
    const [owner, good] = rest.split(":");
    return view.stalls.find((st) => String(st.owner) === owner && st.good === good)?.cell ?? null;
  }
  return null;
}

function chooserTitle(key: TargetKey, view: ToriView, layout: ToriLayout): string {
  const [kind, rest] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  if (kind === "cell") {
    const [r, c] = rest.split(",").map(Number);
    return `Space (${r}, ${c}) in zone ${layout.zones[r]?.[c] ?? "?"}:`;
  }
  if (kind === "stall") return `Your ${goodName(layout, rest.split(":")[1])} stall:`;
  if (kind === "customer") return `The ${goodName(layout, rest)} customer:`;
  if (kind === "display")
    return `Face-up card ${view.display[Number(rest)]}: click a second face-up card, or choose:`;
  if (kind === "hand-build") return `Build card ${rest}:`;
  if (kind === "hand-goods") return `${goodName(layout, rest)} goods cards:`;
  return "Choose:";
}

function legend(layout: ToriLayout): HTMLElement {
  const swatch = (cls: string, text: string) =>
    h("span", { class: "tm-legend-item" }, h("span", { class: `tm-swatch ${cls}` }), text);
  return h(
    "p",
    { class: "tm-legend", "data-testid": "tori-legend" },
    swatch("tm-t-s", "square"),
    swatch("tm-t-q", "quay"),
    swatch("tm-t-m", "moorings (fishing boats only)"),
    swatch("tm-t-w", "harbour"),
    h(
      "span",
      { class: "tm-legend-item" },
      h("span", { class: "tm-info-key" }, "i"),
      "information point",
    ),
    h(
      "span",
      { class: "tm-legend-item" },
      "▭ stall tile with its owner's coat of arms; ◠ entrance",
    ),
    h(
      "span",
      { class: "tm-legend-item" },
      "goods: ",
      ...layout.goods.map((g) =>
        h("span", { class: "tm-legend-good" }, goodChip(g.id, layout), ` ${g.name}`),
      ),
    ),
  );
}
