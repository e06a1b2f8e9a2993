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
      ...[...groups].map(([type, actions]) =>
        h(
          "div",
          { class: "eg-action-group", "data-type": type },
          groups.size > 1 ? h("span", { class: "eg-action-type" }, typeTitle(type)) : null,
          ...actions.map((a) =>
            button(a.label, `action-${a.id}`, () => kit.send({ kind: "act", id: a.id }), {
              class: "eg-action",
              "data-action-type": a.action.type,
              disabled: replaying,
            }),
          ),
        ),
      ),
    );
  }

  return { el, update: () => keepFocus(el, draw) };
}

export const actions: PartSpec = { make, traits: ["legal", "status"], ui: ["step"] };
