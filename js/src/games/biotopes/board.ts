/**
 * Biotopes' board renderer: the hex landscape and the turn panel, the Environmental
 * Conditions board, the hand of the player who decides, the rivers of cards and the reserve,
 * every player's Ecosystem, and the scores at the end.
 */
import {
  type BoardContext,
  type LegalAction,
  type View,
  h,
  legalTarget,
  playOrChoose,
  renderTree,
  chooser,
  targetMap,
  usePalette,
} from "../../kit";
import { drawReserve, drawRivers, speciesCard } from "./cards";
import { drawEcosystem } from "./ecosystem";
import { type Clickable, touchedOf } from "./highlight";
import { drawLandscape, drawTileFaces, landscapeLegend } from "./landscape";
import { BIOTOPE_LABEL, biotopeBadge, hexKey as hexKeyOf } from "./look";
import { cardsLegend, drawEnvironment, drawScores, drawTurnPanel } from "./panel";
import { type Selection, type TargetKey, targetsOf } from "./targets";
import { type BiotopesLayout, isBiotopesView } from "./types";

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

export function renderBiotopesBoard(host: HTMLElement, view: View, ctx: BoardContext): void {
  usePalette(ctx.layout);
  if (!isBiotopesView(view)) {
    renderTree(host, view, ctx);
    return;
  }
  const layout = ctx.layout as BiotopesLayout;
  const botSeats = Object.keys(ctx.bots).map(Number);
  const me = view.current_player;
  // a bot's decision is the bot's: the board offers no clicks then (Bot move still works)
  const botTurn = me !== null && botSeats.includes(me) && !view.scores;
  const legal = ctx.isReplaying || botTurn ? [] : ctx.legal;

  // two-click actions: the token to migrate, the card to move a cube from
  const has = (type: string, field: (a: Record<string, unknown>) => string, v: string): boolean =>
    legal.some((a) => a.action.type === type && field(a.action) === v);
  let origin = str(ctx.ui.origin);
  if (origin !== null && !has("migrate", (a) => String(a.origin), origin)) {
    origin = ctx.ui.origin = null;
  }
  let source = str(ctx.ui.source);
  if (source !== null && !has("move", (a) => `${Number(a.row)}:${Number(a.col)}`, source)) {
    source = ctx.ui.source = null;
  }
  const COLONIZE: Record<string, string> = {
    expansion: "expand",
    competition: "compete",
    migration: "migrate",
  };
  let only = str(ctx.ui.only);
  if (only !== null && !legal.some((a) => a.action.type === COLONIZE[only ?? ""])) {
    only = ctx.ui.only = null;
  }
  const sel: Selection = { origin, source, only };
  const targets = targetMap(legal, (a) => targetsOf(a, me ?? -1, sel));
  let selected = str(ctx.ui.selected) as TargetKey | null;
  if (selected && (targets.get(selected)?.length ?? 0) < 2) selected = ctx.ui.selected = null;
  const touched = touchedOf(ctx);
  // the cards the decision is about: the card played, the card reacting, the hunter
  const last = ctx.cascade?.action;
  const adapting =
    view.phase === "pay" && last?.type === "adapt" && typeof last.card === "string"
      ? last.card
      : null;
  const d = view.decision;
  const focus = new Set(
    ctx.isReplaying || !d ? [] : [d.card ?? "", d.played ?? "", adapting ?? ""],
  );

  const choose = (key: TargetKey): void => {
    if (key.startsWith("from:")) {
      const hex = key.slice(5);
      ctx.ui.origin = origin === hex ? null : hex;
      ctx.ui.selected = null;
      ctx.rerender();
      return;
    }
    if (key.startsWith("src:")) {
      const card = key.slice(4);
      ctx.ui.source = source === card ? null : card;
      ctx.ui.selected = null;
      ctx.rerender();
      return;
    }
    const actions = targets.get(key) ?? [];
    const space = key.startsWith("space:") ? key.slice(6) : "";
    if (space in COLONIZE && actions.length > 1) {
      // a colonization's action space: show its hexes alone on the map
      ctx.ui.only = only === space ? null : space;
      ctx.ui.origin = null;
      ctx.ui.selected = null;
      ctx.rerender();
      return;
    }
    playOrChoose(ctx, key, actions);
  };
  const clickable: Clickable = (el, key, name) => {
    const actions = targets.get(key);
    if (!actions?.length) return;
    const space = key.startsWith("space:") ? key.slice(6) : "";
    const what = key.startsWith("from:")
      ? "choose this token to migrate"
      : key.startsWith("src:")
        ? "choose this card to move a cube from"
        : space in COLONIZE && actions.length > 1
          ? `show its ${actions.length} hexes on the map`
          : actions.map((a) => a.label).join("; ");
    legalTarget(
      el,
      `${name}: ${what}`,
      () => choose(key),
      key === selected || key === `space:${only}`,
    );
  };
  const cancel = (): void => {
    ctx.ui.only = null;
    ctx.ui.origin = null;
    ctx.ui.source = null;
    ctx.ui.selected = null;
    ctx.rerender();
  };

  // the landscape and, beside it, what to do now
  const side = h("div", { class: "eg-board-side" });
  side.append(
    drawTurnPanel(view, layout, ctx, {
      targets,
      botTurn,
      origin,
      source,
      only,
      adapting,
      onCancel: cancel,
    }),
  );
  if (selected) {
    side.append(
      chooser("Choose an action:", targets.get(selected) ?? [], ctx, {
        prefix: "bt",
        onCancel: () => {
          ctx.ui.selected = null;
          ctx.rerender();
        },
      }),
    );
  }
  const tileFaces = drawTileFaces(view);
  if (tileFaces) side.append(tileFaces);
  const orient = targets.get("orient") ?? [];
  if (orient.length)
    side.append(chooser("Side and turn of the tile:", orient, ctx, { prefix: "bt" }));
  const draft = legal.filter((a) => a.action.type === "choose_biotope");
  if (draft.length) side.append(drawDraft(draft, layout, ctx));
  side.append(drawEnvironment(view, layout));

  const board = h("div", {
    class: "eg-board-column",
    "data-testid": "biotopes-board",
    "data-phase": view.phase,
    "data-current": me === null ? "" : String(me),
  });
  board.append(
    h(
      "div",
      { class: "eg-board-top" },
      h(
        "div",
        { class: "bt-map" },
        drawLandscape(view, {
          targets,
          touched,
          clickable,
          origin,
          focus: !ctx.isReplaying && view.decision?.hex ? hexKeyOf(view.decision.hex) : null,
        }),
      ),
      side,
    ),
    landscapeLegend(view),
  );

  // the hand of the player at the screen: the view holds no one else's (Python sends the
  // seat on turn's view when a person sits there, else the first person's: never a bot's)
  const holder = view.ecosystems.find((e) => e.hand !== null) ?? null;
  if (holder && holder.hand) {
    const species = layout.species ?? {};
    const hand = h("div", {
      class: "bt-hand",
      "data-testid": "hand",
      "data-player": String(holder.player),
      "data-count": String(holder.hand.length),
    });
    if (!holder.hand.length) {
      hand.append(h("p", { class: "eg-muted" }, "No card in hand."));
    } else {
      for (const card of holder.hand) {
        hand.append(
          speciesCard(card, species[card], {
            testid: `hand-${card}`,
            touched,
            clickable,
            key: `hand:${card}`,
            full: true,
            focus: focus.has(card),
          }),
        );
      }
    }
    board.append(h("h4", { class: "eg-board-heading" }, `${holder.name}'s hand`), hand);
  }

  // the Ecosystem of the player at the screen (who holds the hand shown) comes first, right
  // under the hand: the cubes to pay with are there; then the rivers, then the others
  const ecosystem = (p: number): HTMLElement =>
    drawEcosystem(view, view.ecosystems[p], layout, {
      targets,
      touched,
      clickable,
      me,
      source,
      isBot: botSeats.includes(p),
      focus,
    });
  const first = holder?.player ?? null;
  if (first !== null) board.append(ecosystem(first));
  board.append(
    h(
      "div",
      { class: "eg-section-head" },
      h("h4", { class: "eg-board-heading" }, "Rivers of Species cards"),
      drawReserve(view, clickable),
    ),
    drawRivers(view, layout.species ?? {}, targets, touched, clickable),
  );
  const others = view.ecosystems.filter((e) => e.player !== first);
  if (others.length) {
    board.append(
      h(
        "h4",
        { class: "eg-board-heading" },
        first === null ? "Ecosystems" : "The other Ecosystems",
      ),
      h("div", { class: "bt-ecos" }, ...others.map((e) => ecosystem(e.player))),
    );
  }
  const scores = drawScores(view);
  if (scores) board.append(scores);
  board.append(cardsLegend());
  host.append(board);
}

/** Advanced Biotopes Draft: the Biotope cards of the territory's biotope still free. */
function drawDraft(actions: LegalAction[], layout: BiotopesLayout, ctx: BoardContext): HTMLElement {
  const faces = layout.biotope_cards ?? {};
  const box = h("div", {
    class: "eg-chooser eg-chooser-column",
    "data-testid": "draft",
    role: "group",
  });
  box.append(h("p", { class: "eg-chooser-title" }, "Choose an advanced Biotope card:"));
  for (const a of actions) {
    const face = faces[String(a.action.card)];
    const b = h(
      "button",
      {
        type: "button",
        "data-testid": `biotope-choice-${String(a.action.card)}`,
        disabled: ctx.isReplaying,
        title: a.label,
      },
      face ? biotopeBadge(face.biotope) : null,
      ` ${face?.name ?? a.label}`,
      face
        ? h("span", { class: "eg-muted" }, ` (${BIOTOPE_LABEL[face.biotope]}): ${face.text}`)
        : null,
    );
    b.addEventListener("click", () => ctx.send({ kind: "act", id: a.id }));
    box.append(b);
  }
  return box;
}
