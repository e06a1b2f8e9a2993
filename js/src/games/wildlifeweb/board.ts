/**
 * Wildlife Web's board renderer: the turn panel and Event card, the dice duel, the highway,
 * the central habitat and every Pack. Only the cards that legal actions name are clickable;
 * a card that offers several actions opens a chooser, and while an animal is selected the
 * cards it can act on are marked (click one to play that action).
 */
import {
  type BoardContext,
  type GameEvent,
  type LegalAction,
  type View,
  h,
  legalTarget,
  targetMap,
} from "../../kit";
import { renderTree } from "../../kit";
import { cardName } from "./cards";
import { drawDuel, duelOf } from "./duel";
import { drawPacks } from "./packs";
import { drawDecks, drawEventCard, drawHabitat, drawHighway, drawTurnPanel } from "./table";
import { BUTTON_TYPES, type TargetKey, shared, targetsOf } from "./targets";
import { type CardFaces, type WildlifeView, facesOf, isWildlifeView } from "./types";

/** Makes an element act as a button for a target, when that target has legal actions. */
export type Clickable = (el: HTMLElement, key: TargetKey, name: string) => void;

/** What every drawing function shares. */
export interface Drawing {
  ctx: BoardContext;
  faces: CardFaces;
  /** Cards the shown cascade event touched. */
  touched: Set<string>;
  /** The cards of the dice duel shown, by role ("hunter", "prey", ...). */
  roles: Map<string, string>;
}

/** Mark a card that takes part in the duel shown: an attribute and a word on the card. */
export function roleTag(d: Drawing, el: HTMLElement, ...cards: (string | null)[]): void {
  const role = cards.map((c) => (c ? d.roles.get(c) : undefined)).find((r) => r);
  if (!role) return;
  el.setAttribute("data-duel", role);
  el.append(h("span", { class: `ww-role ww-role-${role}` }, `⚔ ${role}`));
}

function touchedCards(ctx: BoardContext): Set<string> {
  const list = ctx.stepEvent?.touched?.cards;
  return new Set(Array.isArray(list) ? list.map(String) : []);
}

const signature = (legal: LegalAction[]): string =>
  legal.map((a) => `${a.id}:${a.label}`).join("|");

/**
 * Draw the table. `events` are the last action's cascade events (for the dice of a duel shown
 * at any step); without them only the shown event is known.
 */
export function renderWildlifeBoard(
  host: HTMLElement,
  view: View,
  ctx: BoardContext,
  events: GameEvent[] | null = null,
): void {
  if (!isWildlifeView(view)) {
    renderTree(host, view, ctx);
    return;
  }
  const faces = facesOf(ctx.layout);
  const shownIndex = ctx.stepEvent?.index ?? -1;
  const duel = duelOf(events ?? (ctx.stepEvent ? [ctx.stepEvent] : []), shownIndex);
  const d: Drawing = { ctx, faces, touched: touchedCards(ctx), roles: duel?.roles ?? new Map() };
  const legal = ctx.isReplaying ? [] : ctx.legal;
  const targets = targetMap(legal, targetsOf);

  // a selection belongs to the legal actions it was made among
  const sig = signature(legal);
  if (ctx.ui.legal !== sig) {
    ctx.ui.legal = sig;
    ctx.ui.selected = null;
    ctx.ui.within = null;
  }
  let selected = typeof ctx.ui.selected === "string" ? (ctx.ui.selected as TargetKey) : null;
  let within = typeof ctx.ui.within === "string" ? (ctx.ui.within as TargetKey) : null;
  const offered = (): LegalAction[] =>
    selected === null
      ? []
      : within
        ? shared(targets, within, selected)
        : (targets.get(selected) ?? []);
  if (selected && offered().length === 0) {
    selected = within = null;
    ctx.ui.selected = ctx.ui.within = null;
  }

  const send = (a: LegalAction): void => {
    ctx.ui.selected = ctx.ui.within = null;
    ctx.send({ kind: "act", id: a.id });
  };
  const select = (key: TargetKey | null, inside: TargetKey | null = null): void => {
    ctx.ui.selected = key;
    ctx.ui.within = inside;
    ctx.rerender();
  };
  const choose = (key: TargetKey): void => {
    if (key === selected) return select(null);
    if (selected && !within) {
      const common = shared(targets, selected, key);
      if (common.length === 1) return send(common[0]);
      if (common.length > 1) return select(key, selected);
    }
    const actions = targets.get(key) ?? [];
    if (actions.length === 1) send(actions[0]);
    else if (actions.length > 1) select(key);
  };
  const clickable: Clickable = (el, key, name) => {
    const actions = targets.get(key);
    if (!actions?.length) return;
    const label = `${name}: ${actions.map((a) => a.label).join("; ")}`;
    legalTarget(el, label, () => choose(key), key === selected);
    if (key !== selected && selected && !within && shared(targets, selected, key).length) {
      el.setAttribute("data-option", "true");
    }
    el.addEventListener("keydown", (e) => {
      if ((e as KeyboardEvent).key === "Escape" && selected) {
        e.preventDefault();
        select(null);
      }
    });
  };

  const buttons = legal.filter((a) => BUTTON_TYPES.has(a.action.type));

  const board = h("div", {
    class: "ww-board",
    "data-testid": "wildlifeweb-board",
    "data-phase": view.phase,
    "data-day": String(view.day),
  });
  board.append(
    h("div", { class: "ww-top" }, drawTurnPanel(view, d, buttons), drawEventCard(view, d)),
  );
  if (duel && (duel.rows.length || duel.result)) board.append(drawDuel(duel, shownIndex));
  // the Pack of the player to play first, under the turn panel; the others after the table
  const seats = view.packs.map((_, p) => p);
  const first = view.active ?? view.outcome?.winners[0] ?? 0;
  const others = seats.filter((p) => p !== first);
  board.append(drawPacks(view, d, clickable, [first], "Your Pack"));
  board.append(
    drawHighway(view, d, clickable),
    h("div", { class: "ww-middle" }, drawHabitat(view, d, clickable), drawDecks(view, clickable)),
  );
  board.append(drawPacks(view, d, clickable, others, "The other players' Packs"));

  if (selected) {
    const chooser = drawChooser(
      describe(selected, faces, within),
      offered(),
      ctx,
      send,
      () => select(null),
      (a) => whereOf(a, view),
    );
    // beside what was clicked: after its section (habitat, highway, Pack)
    const at = board.querySelector('[data-selected="true"]');
    const place = at?.closest(".ww-pack, .ww-highway, .ww-habitat, .ww-decks") ?? board;
    place.append(chooser);
  }
  host.append(board);
}

function describe(key: TargetKey, faces: CardFaces, within: TargetKey | null): string {
  const name = (k: TargetKey) =>
    k.startsWith("card:") ? cardName(k.slice(5), faces) : "the Wildlife deck";
  if (within) return `${name(within)} and ${name(key)}: choose an action`;
  return `Choose an action for the ${name(key)}:`;
}

/** Where the card an action aims at lies, for the chooser, where its label does not say: the
 * engine's labels name where a prey or a meal is ("hunts Player 2's Deer Mouse", "hunts the
 * Deer Mouse in the habitat"), so only a carcass gets "(on the highway)". */
export function whereOf(a: LegalAction, view: WildlifeView): string {
  const aim = a.action.carcass;
  return typeof aim === "string" && view.highway.includes(aim) ? "on the highway" : "";
}

/** The choices when a clicked card offers several actions. */
export function drawChooser(
  title: string,
  actions: LegalAction[],
  ctx: BoardContext,
  send: (a: LegalAction) => void,
  onCancel: () => void,
  where: (a: LegalAction) => string = () => "",
): HTMLElement {
  const box = h("div", {
    class: "eg-chooser eg-chooser-wrap ww-chooser",
    "data-testid": "chooser",
    role: "group",
    "aria-label": title,
  });
  box.append(h("p", { class: "eg-chooser-title" }, title));
  for (const a of actions) {
    const b = h(
      "button",
      {
        type: "button",
        "data-testid": `choice-${a.id}`,
        "data-action-type": a.action.type,
        "data-label": a.label,
        disabled: ctx.isReplaying,
      },
      a.label,
      where(a) ? h("span", { class: "ww-where" }, ` (${where(a)})`) : null,
    );
    b.addEventListener("click", () => send(a));
    box.append(b);
  }
  const cancel = h(
    "button",
    { type: "button", class: "ww-cancel", "data-testid": "choice-cancel" },
    "Cancel",
  );
  cancel.addEventListener("click", onCancel);
  box.append(cancel);
  return box;
}
