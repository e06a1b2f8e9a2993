/**
 * Which thing on the board each legal action belongs to, so only legal targets are clickable.
 * The browser decides no rule: it only groups the actions Python listed by the fields they name.
 */
import type { LegalAction } from "../../kit";
import type { ToriView } from "./types";

/**
 * "cell:3,4" (build or expand there), "stall:0:fish" (tear it down), "customer:fish" (take it),
 * "display:2" (the third face-up build card), "pile", "refresh", "hand-build:5",
 * "hand-goods:fish" (discard one).
 */
export type TargetKey = string;

/** Makes an element act as a button for a target, when that target has legal actions. */
export type Clickable = (el: Element, key: TargetKey, name: string) => void;

/** The targets one action can be reached from (a face-up pair: both cards). */
export function targetsOf(a: LegalAction, view: ToriView): TargetKey[] {
  const act = a.action;
  const num = (v: unknown): v is number => typeof v === "number";
  switch (act.type) {
    case "build":
    case "expand":
      return num(act.row) && num(act.col) ? [`cell:${act.row},${act.col}`] : [];
    case "tear_down":
      return [`stall:${view.active}:${String(act.good)}`];
    case "take_customer":
      return [`customer:${String(act.good)}`];
    case "draw_face_up":
      return displayIndices(view, [act.first, act.second]);
    case "take_face_up":
      return displayIndices(view, [act.zone]);
    case "draw_pile":
    case "take_from_pile":
      return ["pile"];
    case "refresh":
      return ["refresh"];
    case "discard_build":
      return [`hand-build:${String(act.zone)}`];
    case "discard_goods":
      return [`hand-goods:${String(act.good)}`];
    default:
      return [];
  }
}

function displayIndices(view: ToriView, zones: unknown[]): TargetKey[] {
  const keys: TargetKey[] = [];
  view.display.forEach((z, i) => {
    if (zones.includes(z)) keys.push(`display:${i}`);
  });
  return keys;
}

/** The face-up pair a second click completes: the draw naming both cards' zones. */
export function pairAction(
  legal: LegalAction[],
  view: ToriView,
  first: number,
  second: number,
): LegalAction | null {
  if (first === second) return null;
  const zones = [view.display[first], view.display[second]].sort((x, y) => x - y);
  return (
    legal.find(
      (a) =>
        a.action.type === "draw_face_up" &&
        a.action.first === zones[0] &&
        a.action.second === zones[1],
    ) ?? null
  );
}
