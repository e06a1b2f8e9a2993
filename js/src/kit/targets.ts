/**
 * Which board element each legal action belongs to, so only legal targets are clickable. A
 * game says which targets (string keys of its own: "hex:2,3", "card:fox") one action is
 * reached from; the board groups the actions Python listed by those keys. The browser decides
 * no rule.
 */
import type { BoardContext } from "./kit";
import type { LegalAction } from "./types";

/** Every target with the legal actions it offers, in the order Python listed them. An action
 * that names the same target twice is offered there once. */
export function targetMap<K extends string>(
  legal: readonly LegalAction[],
  targetsOf: (action: LegalAction) => readonly K[],
): Map<K, LegalAction[]> {
  const map = new Map<K, LegalAction[]>();
  for (const a of legal) {
    for (const key of new Set(targetsOf(a))) {
      const list = map.get(key);
      if (list) list.push(a);
      else map.set(key, [a]);
    }
  }
  return map;
}

/** A click on a target: its one action is played; several are kept as `ctx.ui.selected` and
 * the board redrawn, to show the chooser of that target. */
export function playOrChoose(
  ctx: Pick<BoardContext, "send" | "ui" | "rerender">,
  key: string,
  actions: readonly LegalAction[],
): void {
  if (actions.length === 1) ctx.send({ kind: "act", id: actions[0].id });
  else if (actions.length > 1) {
    ctx.ui.selected = key;
    ctx.rerender();
  }
}
