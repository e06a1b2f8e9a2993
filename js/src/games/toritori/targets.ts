/**
 * Which board element each legal action belongs to, so only legal targets are clickable.
 * The browser decides no rule: it only groups the actions Python listed by what they name.
 */
import type { LegalAction } from "../../kit";
import type { ToriView } from "./types";

export type TargetKey = string; // "loc:5", "token:12", "space:W1", "roll"

const last = (path: unknown): string | null =>
  Array.isArray(path) && path.length ? String(path[path.length - 1]) : null;

/** The targets one action can be reached from (possibly several, e.g. each gardened token). */
export function targetsOf(a: LegalAction, view: ToriView): TargetKey[] {
  const act = a.action;
  const out: TargetKey[] = [];
  if (act.type === "roll") out.push("roll");
  if (typeof act.token === "number") out.push(`token:${act.token}`);
  if (Array.isArray(act.tokens)) for (const t of act.tokens) out.push(`token:${t}`);
  if (typeof act.space === "string") out.push(`space:${act.space}`);
  if (typeof act.to === "string" && typeof act.token !== "number") out.push(`loc:${act.to}`);
  const end = last(act.path);
  if (end) out.push(`loc:${end}`);
  if (act.type === "plant" || act.type === "advanced_botany") {
    const pawn = view.pawns.find((p) => p.player === view.active_player);
    if (pawn) out.push(`loc:${pawn.at}`);
  }
  return out;
}
