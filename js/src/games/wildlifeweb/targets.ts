/**
 * Which card each legal action belongs to, so only legal targets are clickable. The browser
 * decides no rule: it only groups the actions Python listed by the cards they name.
 */
import type { LegalAction } from "../../kit";

/** "card:<card id>" (an animal, a roadkill, a food card) or "deck:wildlife". */
export type TargetKey = string;

/** Actions shown as buttons of the turn panel: those with no card, and an Event's victims
 * (also clickable on their cards). */
export const BUTTON_TYPES = new Set([
  "keep_pack",
  "end_feeding",
  "end_turn",
  "adopt_pet",
  "decline_pet",
  "choose_victim",
]);

/** The targets one action can be reached from: the acting animal and what it acts on. */
export function targetsOf(a: LegalAction): TargetKey[] {
  const act = a.action;
  const out: TargetKey[] = [];
  const add = (field: unknown) => {
    if (typeof field === "string") out.push(`card:${field}`);
  };
  add(act.card); // place_roadkill, draft, swap, take_from_habitat, choose_victim
  add(act.animal); // forage, hunt, scavenge, steal, take_mate, raise_offspring
  add(act.prey);
  add(act.carcass);
  add(act.food);
  if (act.type === "draw_wildlife") out.push("deck:wildlife");
  return out;
}

/** The actions two targets share (a selected hunter and the prey clicked next). */
export function shared(
  targets: Map<TargetKey, LegalAction[]>,
  a: TargetKey,
  b: TargetKey,
): LegalAction[] {
  const second = new Set((targets.get(b) ?? []).map((x) => x.id));
  return (targets.get(a) ?? []).filter((x) => second.has(x.id));
}
