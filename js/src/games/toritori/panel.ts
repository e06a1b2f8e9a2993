/** Beside the island: dice and activation cards, round track, action points, decisions. */
import { type BoardContext, type LegalAction, h } from "../../kit";
import { SPECIES_IDS, look as lookOf } from "./species";
import type { ToriView } from "./types";

const SLOT_LETTERS = ["A", "B", "C", "D", "E", "F"];

export function drawTurnPanel(
  view: ToriView,
  ctx: BoardContext,
  rollActions: LegalAction[],
): HTMLElement {
  const turn = h(
    "div",
    { class: "tt-turn", "data-testid": "tt-turn", "data-stage": view.stage },
    h("strong", {}, `Player ${view.active_player + 1}`),
    ` · ${stageText(view)}`,
  );
  const points = h(
    "div",
    {
      class: "tt-points",
      "data-testid": "action-points",
      "data-points": String(view.action_points),
    },
    "Action points: ",
    ...Array.from({ length: 4 }, (_, i) =>
      h("span", {
        class: `tt-pip${i < view.action_points ? " tt-pip-on" : ""}`,
        "aria-hidden": "true",
      }),
    ),
    h("span", { class: "eg-visually-hidden" }, `${view.action_points} of 4 left`),
  );
  const roll = h(
    "button",
    {
      type: "button",
      class: "tt-roll",
      "data-testid": "roll",
      disabled: !rollActions.length || ctx.isReplaying,
    },
    "Roll the dice",
  );
  roll.addEventListener(
    "click",
    () => rollActions[0] && ctx.send({ kind: "act", id: rollActions[0].id }),
  );
  return h("div", { class: "tt-panel-row" }, turn, points, roll);
}

function stageText(view: ToriView): string {
  if (view.outcome) return view.outcome.result === "victory" ? "victory!" : "defeat";
  if (view.decision) return "a decision is needed";
  if (view.stage === "roll" || view.stage.startsWith("roll")) return "phase 1: roll the dice";
  return "phase 2: spend action points";
}

export function drawCards(view: ToriView): HTMLElement {
  const dice = view.dice;
  const dieBox = (colour: "red" | "blue", face: string | undefined) =>
    h(
      "span",
      { class: `tt-die tt-die-${colour}`, "data-testid": `die-${colour}`, "data-face": face ?? "" },
      face ?? "–",
    );
  const slots = h("ol", { class: "tt-slots", "aria-label": "Activation cards A to F" });
  for (const letter of SLOT_LETTERS) {
    const slot = view.slots.find((x) => x.slot === letter);
    const card = slot?.card ?? null;
    // outline the rolled slots only while their cards are being solved (refilled slots hold new cards)
    const rolled = dice && view.resolving !== null && (dice.red === letter || dice.blue === letter);
    const resolving = card && view.resolving === card.id;
    slots.append(
      h(
        "li",
        {
          class: `tt-slot-card${rolled ? " tt-rolled" : ""}${resolving ? " tt-resolving" : ""}`,
          "data-testid": `slot-${letter}`,
          "data-card": card?.id ?? "",
          "data-rolled": String(!!rolled),
        },
        h("span", { class: "tt-slot-letter" }, letter),
        h("span", { class: "tt-slot-label" }, card ? card.label : "(empty)"),
      ),
    );
  }
  const round = h(
    "div",
    { class: "tt-round", "data-testid": "round", "data-round": String(view.round) },
    "Round ",
    ...Array.from({ length: view.defeat_round }, (_, i) =>
      h(
        "span",
        {
          class: `tt-round-space${i + 1 === view.round ? " tt-round-here" : ""}${
            i + 1 === view.defeat_round ? " tt-round-defeat" : ""
          }`,
          title: i + 1 === view.defeat_round ? "defeat if the marker reaches this space" : "",
        },
        i + 1 === view.defeat_round ? `${i + 1} = defeat` : String(i + 1),
      ),
    ),
  );
  return h(
    "div",
    { class: "tt-cards" },
    h(
      "div",
      { class: "tt-dice", "aria-label": "Dice" },
      "Dice: ",
      dieBox("red", dice?.red),
      dieBox("blue", dice?.blue),
    ),
    slots,
    h(
      "div",
      { class: "tt-piles", "data-testid": "piles" },
      `Pile: ${view.pile} cards · Discard: ${view.discard}`,
      view.discard_top ? ` (top: ${view.discard_top.label})` : "",
    ),
    round,
  );
}

export function drawCounts(view: ToriView): HTMLElement {
  const list = h("ul", {
    class: "tt-counts",
    "data-testid": "counts",
    "aria-label": "Populations on the island",
  });
  for (const id of SPECIES_IDS) {
    const look = lookOf(id);
    const n = view.counts[id] ?? 0;
    list.append(
      h(
        "li",
        {
          "data-species": id,
          "data-count": String(n),
          class: look.introduced ? "tt-introduced-count" : "",
        },
        h(
          "span",
          { class: "tt-chip", style: `background:${look.fill};color:${look.ink}` },
          look.code,
        ),
        ` ${look.name}: ${n}`,
      ),
    );
  }
  return list;
}
