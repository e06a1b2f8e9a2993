/**
 * The choices a board offers when one clicked target allows several legal actions (or when
 * the rules ask for a choice): a button per action, sending `{kind: "act", id}`, and Cancel.
 * The board decides nothing: the actions are exactly those Python listed.
 */
import type { BoardContext } from "./kit";
import { h } from "./dom";
import type { LegalAction } from "./types";

export interface ChooserOptions {
  /** The game's class prefix ("tt" gives tt-chooser, tt-chooser-title, tt-cancel). */
  prefix: string;
  /** The choices one a line ("column", the default) or side by side ("wrap"). */
  layout?: "column" | "wrap";
  /** A button's text (default: the action's label). */
  labelOf?: (action: LegalAction) => string;
  /** Closes the choices without acting; no Cancel button when absent. */
  onCancel?: (() => void) | null;
  /** Hovering or focusing a choice (null when leaving it), to preview it on the board. */
  onPreview?: ((action: LegalAction | null) => void) | null;
}

export function chooser(
  title: string,
  actions: LegalAction[],
  ctx: Pick<BoardContext, "send" | "isReplaying">,
  {
    prefix,
    layout = "column",
    labelOf = (a) => a.label,
    onCancel = null,
    onPreview = null,
  }: ChooserOptions,
): HTMLElement {
  const box = h("div", {
    class: `eg-chooser eg-chooser-${layout} ${prefix}-chooser`,
    "data-testid": "chooser",
    role: "group",
    "aria-label": title,
  });
  box.append(h("p", { class: `eg-chooser-title ${prefix}-chooser-title` }, title));
  for (const a of actions) {
    const b = h(
      "button",
      {
        type: "button",
        "data-testid": `choice-${a.id}`,
        disabled: ctx.isReplaying,
        title: a.label,
      },
      labelOf(a),
    );
    b.addEventListener("click", () => ctx.send({ kind: "act", id: a.id }));
    if (onPreview) {
      b.addEventListener("mouseenter", () => onPreview(a));
      b.addEventListener("mouseleave", () => onPreview(null));
      b.addEventListener("focus", () => onPreview(a));
      b.addEventListener("blur", () => onPreview(null));
    }
    box.append(b);
  }
  if (onCancel) {
    const cancel = h(
      "button",
      { type: "button", class: `${prefix}-cancel`, "data-testid": "choice-cancel" },
      "Cancel",
    );
    cancel.addEventListener("click", onCancel);
    box.append(cancel);
  }
  return box;
}
