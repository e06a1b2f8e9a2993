/**
 * Which board element each legal action belongs to, so only legal targets are clickable.
 * The browser decides no rule: it only groups the actions Python listed by the fields they
 * name (a side, a cell, a card, a map).
 */
import type { LegalAction } from "../../kit";

/**
 * "side:north" (slide in, or slide back), "cell:5" (an empty space of the active map: place,
 * place anywhere, the starting tile, the tokens of the tile just placed, or the end of a move),
 * "from:5" (a tile to move with the purple aurora tile), "card:shape-1" (fulfil it with the
 * green one), "map:fox", "discard", "end".
 */
export type TargetKey = string;

/** The targets one action is reached from. `moveFrom`: the tile chosen to move, if any. */
export function targetsOf(
  a: LegalAction,
  moveFrom: number | null,
  pendingCell: number | null,
): TargetKey[] {
  const act = a.action;
  switch (act.type) {
    case "choose_map":
      return [`map:${String(act.animal)}`];
    case "place_start":
    case "place":
    case "place_anywhere":
      return moveFrom === null ? [`cell:${Number(act.cell)}`] : [];
    case "slide":
    case "slide_back":
      return [`side:${String(act.side)}`];
    case "discard":
      return ["discard"];
    case "end_turn":
      return ["end"];
    case "place_tokens":
      return pendingCell === null ? ["tokens"] : ["tokens", `cell:${pendingCell}`];
    case "claim_card":
      return [`card:${String(act.card)}`];
    case "move_tile": {
      const out = [`from:${Number(act.source)}`];
      if (moveFrom === Number(act.source)) out.push(`cell:${Number(act.target)}`);
      return out;
    }
    default:
      return [];
  }
}
