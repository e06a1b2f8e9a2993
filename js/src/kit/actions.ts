/** The legal actions as buttons; a click sends `{kind: "act", id}`. */
import { button, h, keepFocus } from "./dom";
import type { Kit, Part, PartSpec } from "./kit";
import { LIVE } from "./steps";
import type { LegalAction } from "./types";

/** Legal actions grouped by `action.type`, in the order the types first appear. */
export function groupByType(legal: LegalAction[]): Map<string, LegalAction[]> {
  const groups = new Map<string, LegalAction[]>();
  for (const a of legal) {
    const type = a.action.type || "action";
    groups.set(type, [...(groups.get(type) ?? []), a]);
  }
  return groups;
}

const typeTitle = (type: string): string => type.replace(/[_-]+/g, " ");

/** A group with more actions than this is folded (its summary says how many). */
export const FOLD_ABOVE = 12;

function make(kit: Kit): Part {
  const heading = h("h4", { class: "eg-heading" }, "Actions");
  const note = h("p", { class: "eg-note", "data-testid": "actions-note" });
  const list = h("div", { class: "eg-actions-list", "data-testid": "actions" });
  const el = h(
    "section",
    { class: "eg-actions", "aria-label": "Legal actions" },
    heading,
    note,
    list,
  );

  /** The folded groups the person opened (kept across redraws; never synced). */
  const opened = new Set<string>();

  function draw(): void {
    const { legal, status } = kit.traits;
    const replaying = kit.store.get().step !== LIVE;
    heading.textContent = legal.length ? `Actions (${legal.length})` : "Actions";
    note.replaceChildren();
    if (replaying) {
      note.append(
        "Replaying a past step: go back to the current state to act. ",
        button("Back to now", "actions-live", () => kit.goTo(LIVE), { class: "eg-link" }),
      );
    } else if (legal.length === 0) {
      note.append(status.is_over ? "The game is over." : "No legal action right now.");
    }
    note.hidden = note.childNodes.length === 0;

    const groups = groupByType(legal);
    list.replaceChildren(
      ...[...groups].map(([type, actions]) => {
        const buttons = actions.map((a) =>
          button(a.label, `action-${a.id}`, () => kit.send({ kind: "act", id: a.id }), {
            class: "eg-action",
            "data-action-type": a.action.type,
            disabled: replaying,
          }),
        );
        if (actions.length > FOLD_ABOVE) return folded(type, buttons);
        return h(
          "div",
          { class: "eg-action-group", "data-type": type },
          groups.size > 1 ? h("span", { class: "eg-action-type" }, typeTitle(type)) : null,
          ...buttons,
        );
      }),
    );
  }

  /** A long group behind its summary ("build (312)"): the board is the better place to
   * choose among so many, and the list stays short enough to read. */
  function folded(type: string, buttons: HTMLElement[]): HTMLElement {
    const details = h(
      "details",
      { class: "eg-action-group eg-folded", "data-type": type, open: opened.has(type) },
      h(
        "summary",
        { class: "eg-action-type", "data-testid": `actions-fold-${type}` },
        `${typeTitle(type)} (${buttons.length})`,
      ),
      ...buttons,
    );
    details.addEventListener("toggle", () => {
      if (details.open) opened.add(type);
      else opened.delete(type);
    });
    return details;
  }

  return { el, update: () => keepFocus(el, draw) };
}

export const actions: PartSpec = { make, traits: ["legal", "status"], ui: ["step"] };
