/** Beside the landscape: whose turn and what to do now (a Reaction's choice on another
 * player's turn is announced loudly), the buttons without a board target, the chooser when one target
 * offers several actions; and the Environmental Conditions board with the cycle track. */
import { type BoardContext, type LegalAction, h } from "../../kit";
import { speciesName } from "./cards";
import {
  ACTION_LABEL,
  BIOTOPE_LABEL,
  BIOTOPE_OF,
  TYPE_LABEL,
  biotopeBadge,
  cube,
  hexName,
  plural,
  tokenChip,
  typeBadge,
} from "./look";
import type { TargetKey } from "./targets";
import type { BiotopesLayout, BiotopesView, Decision, Ecosystem } from "./types";

/** Who played the card a Reaction answers: the Ecosystem it now lies in. */
export function ownerOfCard(view: BiotopesView, card: string | undefined): Ecosystem | null {
  if (!card) return null;
  return (
    view.ecosystems.find((e) => e.rows.some((row) => row.some((x) => x.card === card))) ?? null
  );
}

export interface PanelOptions {
  targets: Map<TargetKey, LegalAction[]>;
  botTurn: boolean;
  origin: string | null;
  source: string | null;
  /** The colonization whose hexes alone the map shows (its action space was clicked). */
  only: string | null;
  /** The card being played, when the last action says (Adaptation's cost is its diet). */
  adapting: string | null;
  onCancel: () => void;
}

export function drawTurnPanel(
  view: BiotopesView,
  layout: BiotopesLayout,
  ctx: BoardContext,
  opts: PanelOptions,
): HTMLElement {
  const { targets } = opts;
  const who = view.current_player === null ? null : view.ecosystems[view.current_player];
  const decision = view.decision;
  const reaction = decision?.t === "react";
  // a token pushed out by Competition: its owner decides, on the competitor's turn
  const pushed = decision?.t === "fallback" && (decision.owner ?? -1) >= 0;
  const panel = h("div", {
    class: `eg-turn-panel${(reaction || pushed) && !ctx.isReplaying ? " bt-reaction" : ""}`,
    "data-testid": "bt-turn",
    "data-phase": view.phase,
    "data-decision": decision?.t ?? "",
  });
  if (view.scores) {
    panel.append(
      h("p", { class: "eg-prompt" }, h("strong", {}, "Game over. "), "The scores are below."),
    );
  } else if (who) {
    panel.append(
      h(
        "p",
        { class: "bt-whose" },
        tokenChip(who.player, who.colour),
        h("strong", {}, ` ${who.name}`),
        view.stage === "play" ? ` · cycle ${view.cycle} of ${view.cycles}` : " · set-up",
      ),
    );
    if (reaction && decision && !ctx.isReplaying) {
      const played = ownerOfCard(view, decision.played);
      const species = layout.species ?? {};
      const face = decision.card ? species[decision.card] : undefined;
      panel.append(
        h(
          "p",
          { class: "bt-alert", "data-testid": "reaction-alert", role: "alert" },
          h("strong", {}, "Reaction! "),
          played && played.player !== who.player
            ? `It is ${played.name}'s turn, but ${who.name} chooses: `
            : `${who.name} chooses: `,
          `${played ? `${played.name} played` : "A card was played:"} ${speciesName(decision.played ?? "", species)}, and ${who.name}'s ${speciesName(decision.card ?? "", species)} reacts to it by itself (${face?.keyword ?? "Reaction"}: ${face?.text ?? ""}). ${drawsCube(decision) ? "Where does the cube go?" : "Which card is drawn?"}`,
        ),
      );
    }
    if (pushed && decision && !ctx.isReplaying) {
      panel.append(
        h(
          "p",
          { class: "bt-alert", "data-testid": "fallback-alert", role: "alert" },
          h("strong", {}, "Competition! "),
          `An opponent takes the hex ${decision.hex ? hexName(decision.hex) : ""} from ${who.name}: ${who.name} chooses where the token falls back.`,
        ),
      );
    }
    // a past step's view may stop in the middle of a resolution: no prompt for it
    const text = ctx.isReplaying
      ? ""
      : opts.botTurn
        ? `${who.name} is played by a bot: it plays on its own in a moment, step by step (or press Bot move below). Watch the Last action panel.`
        : prompt(view, layout, opts);
    if (text) {
      panel.append(
        h(
          "p",
          { class: "eg-prompt", "data-testid": "prompt", "data-bot": String(opts.botTurn) },
          text,
        ),
      );
    }
  }
  if (ctx.isReplaying) {
    panel.append(h("p", { class: "eg-muted" }, "Replaying a past step: nothing can be played."));
  }
  const buttons = h("div", { class: "eg-turn-buttons" });
  const add = (key: TargetKey, text: string, testid: string): void => {
    const a = targets.get(key)?.[0];
    if (!a) return;
    const b = h("button", { type: "button", "data-testid": testid, title: a.label }, text);
    b.addEventListener("click", () => ctx.send({ kind: "act", id: a.id }));
    buttons.append(b);
  };
  add("keep", "Keep this hand", "bt-keep");
  add("redraw", "Redraw: 4 new Herbivores", "bt-redraw");
  add("done", decision?.t === "evo_discard" ? "Done discarding: draw" : "Done paying", "bt-done");
  add("decline", "Take no cube from the bag", "bt-decline");
  add("pass", "Pass until the next cycle", "bt-pass");
  if (opts.origin !== null || opts.source !== null || opts.only !== null) {
    const cancel = h(
      "button",
      { type: "button", "data-testid": "bt-cancel", class: "bt-cancel" },
      opts.origin !== null
        ? "Choose another token"
        : opts.source !== null
          ? "Choose another card"
          : "Show every action",
    );
    cancel.addEventListener("click", opts.onCancel);
    buttons.append(cancel);
  }
  if (buttons.childNodes.length) panel.append(buttons);
  return panel;
}

/** A Reaction whose reward is a cube drawn from the bag (its colour is known): else a card. */
const drawsCube = (d: Decision | null | undefined): boolean =>
  typeof d?.colour === "number" && d.colour >= 0;

function cubePrompt(d: Decision | null | undefined): string {
  const colour = drawsCube(d) ? ["gray", "green", "yellow", "blue"][d?.colour ?? 0] : "";
  const biotope = colour ? BIOTOPE_LABEL[BIOTOPE_OF[colour]] : "";
  return `A ${colour} cube came out of your bag: click one of your highlighted ${biotope} cards to put it on.`;
}

function prompt(view: BiotopesView, layout: BiotopesLayout, opts: PanelOptions): string {
  const d = view.decision;
  const species = layout.species ?? {};
  const me = view.current_player === null ? null : view.ecosystems[view.current_player];
  switch (view.phase) {
    case "tiles":
      return "Landscape Construction: click a place marked + to put one of your tiles there.";
    case "orient":
      return "Choose the side and the turn of the tile you just placed.";
    case "redraw":
      return "Your starting hand is below. Keep it, or discard it and draw 4 new Herbivores (one of each colour).";
    case "placement":
      return "Place a Territory token: click a hex marked + (an empty hex at the edge, of a biotope you do not hold yet, next to none of your tokens).";
    case "draft":
      return "Choose the advanced Biotope card for the territory you just placed.";
    case "action":
      if (opts.origin !== null) {
        return `Migration: click a hex marked → for the token on (${opts.origin}) to go to.`;
      }
      if (opts.only !== null) {
        const mark = { expansion: "+", competition: "×", migration: "→" }[opts.only] ?? "";
        return `${ACTION_LABEL[opts.only] ?? opts.only}: click a hex marked ${mark}${opts.only === "migration" ? " (or first one of your tokens, to choose which one goes)" : ""}.`;
      }
      return actionPrompt(opts.targets);
    case "pay": {
      // the cost names what it pays for (issue 12 §7): the card played, the card used
      const what = d?.for ?? "";
      const card = d?.card ?? opts.adapting;
      const name = card ? speciesName(card, species) : null;
      if (what === "adaptation") {
        const diet = card ? species[card]?.diet : undefined;
        const eats = diet ? ` (diet: ${diet.map((t) => TYPE_LABEL[t] ?? t).join(" + ")})` : "";
        return `Pay for ${name ?? "the card you play"}: click a highlighted card of your Ecosystem (below your hand) to recycle one of its cubes${eats}.`;
      }
      if (what === "evolution") {
        return "Evolution: click highlighted cards of your Ecosystem (below your hand) to move cubes of different types to the Evolution space (each cube draws a card), then press Done paying.";
      }
      if (what === "card") {
        return `Pay for ${name ? `${name}'s` : "the card's"} Action: click it to recycle one of its cubes.`;
      }
      const colour = drawsCube(d)
        ? ` a ${["gray", "green", "yellow", "blue"][d?.colour ?? 0]} cube`
        : " the cube";
      return `Pay for ${ACTION_LABEL[what] ?? what}: click a highlighted card of your Ecosystem (below your hand) to take${colour} from.`;
    }
    case "breed":
      return "Place the new cubes: click a highlighted Species card to give it a cube (the reserve is short, so the order is yours).";
    case "prey":
      return d?.card
        ? `Your ${speciesName(d.card, species)} hunts: click an opponent's highlighted card to take a cube of its diet into your bag.`
        : "Predatory Species: choose the cube to take.";
    case "react":
      if (!drawsCube(d)) {
        return "Your Reaction draws a card: click a highlighted card of the rivers below, or a deck to take its top card unseen.";
      }
      return cubePrompt(d);
    case "draw":
      return `Draw ${plural(d?.n ?? 1, "card")}: click a highlighted card of the rivers below, or a deck to take its top card unseen.`;
    case "cube":
      return cubePrompt(d);
    case "fallback": {
      const owner = d?.owner;
      const whose =
        owner === undefined || owner < 0
          ? "The neutral token"
          : owner === me?.player
            ? "Your token"
            : `${view.ecosystems[owner]?.name ?? "?"}'s token`;
      return `${whose} on ${d?.hex ? hexName(d.hex) : "?"} is pushed out: click an empty neighbouring hex marked ↩ for it to fall back to.`;
    }
    case "move":
      return opts.source === null
        ? "Discreet Species: click the card to take a cube from."
        : "Now click the Species card to move the cube onto.";
    case "evo_discard":
      return "Evolution: click cards in your hand to discard them (each one draws one more card), then press Done discarding.";
    case "discard":
      return "Hand limit: you hold more than 5 cards. Click a card in your hand to discard it.";
    default:
      return "";
  }
}

/** What the player may do on their turn, from the targets the legal actions offer. */
function actionPrompt(targets: Map<TargetKey, LegalAction[]>): string {
  const types = new Set([...targets.values()].flat().map((a) => a.action.type));
  const spaces = ["reproduce", "transfer", "evolve"].filter((t) => types.has(t));
  const hexes = [
    types.has("expand") ? "+ (Expansion)" : "",
    types.has("compete") ? "× (Competition)" : "",
  ].filter(Boolean);
  const parts = [
    types.has("adapt") ? "a highlighted card in your hand to play it (Adaptation)" : "",
    spaces.length
      ? `a highlighted action space of your Ecosystem (${spaces.map((t) => ACTION_LABEL[{ reproduce: "reproduction", transfer: "transfer", evolve: "evolution" }[t] ?? t]).join(", ")})`
      : "",
    hexes.length ? `a hex marked ${hexes.join(" or ")}` : "",
    types.has("migrate") ? "one of your highlighted tokens, then a hex marked → (Migration)" : "",
    types.has("use_card") ? "a highlighted card marked Action to use it" : "",
  ].filter(Boolean);
  if (!parts.length) return "Your turn: there is nothing left to do this cycle but pass.";
  return `Your turn: one action. Click ${parts.join("; ")} — or pass until the next cycle.`;
}

/** The Environmental Conditions board: the four tokens and what they score; the cycle
 * track; who holds the Initiative. */
export function drawEnvironment(view: BiotopesView, layout: BiotopesLayout): HTMLElement {
  const points = layout.environment?.points ?? [2, 2, 2, 1];
  const box = h("div", {
    class: "bt-env",
    "data-testid": "environment",
    "data-board": view.board,
  });
  box.append(h("h4", { class: "eg-board-heading" }, "Environmental Conditions"));
  const list = h("ol", { class: "bt-env-list" });
  for (const sp of view.environment) {
    const i = sp.space - 1;
    const pts = points[i] ?? 0;
    const badge = i < 2 ? biotopeBadge(sp.token) : typeBadge(sp.token);
    const text = [
      `${pts} VP per ${sp.label} territory`,
      `${pts} VP per ${sp.label} Species card`,
      `${pts} VP per ${sp.label} card`,
      `${pts} VP per cube on ${sp.label} cards`,
    ][i];
    list.append(
      h(
        "li",
        { "data-testid": `env-${sp.space}`, "data-token": sp.token },
        badge,
        " ",
        text ?? sp.label,
      ),
    );
  }
  box.append(list);

  const track = h("div", {
    class: "bt-cycles",
    "data-testid": "cycle-track",
    "data-cycle": String(view.cycle),
    "data-cycles": String(view.cycles),
    "aria-label": `Cycle ${view.cycle} of ${view.cycles}`,
  });
  for (let c = 1; c <= view.cycles; c++) {
    track.append(
      h(
        "span",
        {
          class: `bt-cycle${c === view.cycle ? " bt-cycle-now" : c < view.cycle ? " bt-cycle-done" : ""}`,
        },
        String(c),
      ),
    );
  }
  const holder = view.ecosystems[view.initiative];
  box.append(
    h("div", { class: "bt-cycle-line" }, h("span", {}, `Cycle (${view.board} side): `), track),
  );
  if (holder) {
    box.append(
      h(
        "p",
        {
          class: "bt-initiative-line",
          "data-testid": "initiative",
          "data-player": String(view.initiative),
        },
        "Initiative token: ",
        tokenChip(holder.player, holder.colour),
        ` ${holder.name} (plays first this cycle)`,
      ),
    );
  }
  return box;
}

/** The scores at the end of the game, category by category. */
export function drawScores(view: BiotopesView): HTMLElement | null {
  if (!view.scores) return null;
  const rows: [string, keyof NonNullable<BiotopesView["scores"]>[number]][] = [
    ["Environmental Conditions: territories", "env_territories"],
    ["Environmental Conditions: Species of a biotope", "env_biotope"],
    ["Environmental Conditions: Species of a type", "env_type"],
    ["Environmental Conditions: cubes", "env_cubes"],
    ["Species cards' VP", "cards"],
    ["Card bonuses", "bonuses"],
    ["Biodiversity (complete columns)", "biodiversity"],
    ["Fragmentation (−3 per extra group)", "fragmentation"],
    ["Total", "total"],
  ];
  const table = h("table", { class: "bt-scores", "data-testid": "scores" });
  table.append(
    h(
      "tr",
      {},
      h("th", {}, ""),
      ...view.ecosystems.map((e) => h("th", {}, tokenChip(e.player, e.colour), ` ${e.name}`)),
    ),
  );
  for (const [label, key] of rows) {
    table.append(
      h(
        "tr",
        { class: key === "total" ? "bt-total" : "" },
        h("th", {}, label),
        ...view.scores.map((sc, p) =>
          h("td", { "data-testid": `score-${p}-${key}` }, String(sc[key])),
        ),
      ),
    );
  }
  return h(
    "div",
    { class: "bt-scores-box" },
    h("h4", { class: "eg-board-heading" }, "Scores"),
    table,
  );
}

/** The legend of the cards' marks. */
export function cardsLegend(): HTMLElement {
  return h(
    "p",
    { class: "eg-legend bt-legend", "data-testid": "cards-legend" },
    "Cards: the hexagon letter is the biotope (its row), the circled letters the type (",
    typeBadge("plants"),
    " Plants, ",
    typeBadge("invertebrates"),
    " Invertebrates, ",
    typeBadge("reptiles_amphibians"),
    " Reptiles & Amphibians, ",
    typeBadge("birds"),
    " Birds, ",
    typeBadge("mammals"),
    " Mammals) and the diet; stars are the VP (☆ 0, ★ 1, ★★ 2). Cubes: ",
    cube("gray"),
    " gray, ",
    cube("green"),
    " green, ",
    cube("yellow"),
    " yellow, ",
    cube("blue"),
    " blue, by the biotope that produced them; a cube counts as the type of the card it lies on (Plants on a Biotope card). Hover a card for its full text.",
  );
}
