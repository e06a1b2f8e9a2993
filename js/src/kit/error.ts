/** The error banner: shows `error` until it is dismissed here (locally) or cleared by Python. */
import { button, h } from "./dom";
import type { Kit, Part, PartSpec } from "./kit";

function make(kit: Kit): Part {
  const text = h("span", { class: "eg-error-text", "data-testid": "error-text" });
  const dismiss = button("Dismiss", "error-dismiss", () =>
    kit.store.set({ dismissedError: kit.traits.error }),
  );
  dismiss.setAttribute("aria-label", "Dismiss the error");
  const el = h(
    "div",
    { class: "eg-error", "data-testid": "error", role: "alert" },
    h("span", { class: "eg-error-icon", "aria-hidden": "true" }, "⚠"),
    text,
    dismiss,
  );

  function update(): void {
    const { error } = kit.traits;
    const dismissed = kit.store.get().dismissedError;
    el.hidden = error === "" || error === dismissed;
    text.textContent = error;
  }

  return { el, update };
}

export const errorBanner: PartSpec = { make, traits: ["error"], ui: ["dismissedError"] };
