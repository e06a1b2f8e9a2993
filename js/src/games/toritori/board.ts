/** Tori-Tori's board renderer: the island, the turn panel, the Ability map, the choices. */
import {
  type BoardContext,
  type View,
  h,
  legalTarget,
  chooser,
  playOrChoose,
  renderTree,
  targetMap,
  usePalette,
} from "../../kit";
import { abilityNames, drawAbilityMap } from "./abilities";
import { type Clickable, drawIsland } from "./island";
import { drawCards, drawCounts, drawTurnPanel } from "./panel";
import { type TargetKey, targetsOf } from "./targets";
import { isToriView } from "./types";

export function renderToriBoard(host: HTMLElement, view: View, ctx: BoardContext): void {
  usePalette(ctx.layout);
  if (!isToriView(view)) {
    renderTree(host, view, ctx);
    return;
  }
  const targets = targetMap(ctx.isReplaying ? [] : ctx.legal, (a) => targetsOf(a, view));
  const selected = typeof ctx.ui.selected === "string" ? (ctx.ui.selected as TargetKey) : null;

  const choose = (key: TargetKey): void => playOrChoose(ctx, key, targets.get(key) ?? []);
  const clickable: Clickable = (el, key, name) => {
    const actions = targets.get(key);
    if (!actions?.length) return;
    const label = `${name}: ${actions.map((a) => a.label).join("; ")}`;
    legalTarget(el, label, () => choose(key), key === selected);
  };

  const island = drawIsland(view, ctx, clickable);
  const side = h("div", { class: "tt-side" });
  side.append(drawTurnPanel(view, ctx, targets.get("roll") ?? []), drawCards(view));
  if (view.decision && !ctx.isReplaying) {
    side.append(
      h(
        "p",
        { class: "tt-decision", "data-testid": "decision", role: "status" },
        view.decision.prompt,
      ),
    );
  }
  if (selected && targets.get(selected)?.length) {
    side.append(
      chooser(`Choose an action for ${describe(selected)}:`, targets.get(selected) ?? [], ctx, {
        prefix: "tt",
        layout: "wrap",
        onCancel: () => {
          ctx.ui.selected = null;
          ctx.rerender();
        },
      }),
    );
  } else if (selected) {
    ctx.ui.selected = null;
  }
  side.append(drawCounts(view));
  const abilities = h(
    "div",
    { class: "tt-ability-panel" },
    h("h4", { class: "tt-heading" }, "Ability map"),
    drawAbilityMap(view, ctx, clickable),
    h(
      "p",
      { class: "tt-held", "data-testid": "held-abilities" },
      `Player ${view.active_player + 1} can: ${abilityNames(view, view.active_player)}`,
    ),
  );
  host.append(
    h(
      "div",
      { class: "tt-board", "data-testid": "toritori-board" },
      h("div", { class: "eg-board-top" }, island, side),
      abilities,
    ),
  );
}

function describe(key: TargetKey): string {
  const [kind, id] = key.split(":");
  if (kind === "loc") return /^\d+$/.test(id) ? `sector ${id}` : `the ${id}`;
  if (kind === "token") return `token ${id}`;
  if (kind === "space") return `space ${id}`;
  return key;
}
