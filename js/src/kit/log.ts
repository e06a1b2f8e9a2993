/** The event log: every event sentence so far, oldest first, scrolled to the newest. */
import { h } from "./dom";
import type { Kit, Part, PartSpec } from "./kit";

/** The newest sentences drawn (the whole log stays in Python: `widget.event_log`). */
export const LOG_SHOWN = 200;

function make(kit: Kit): Part {
  const heading = h("h4", { class: "eg-heading" }, "Log");
  const list = h("ol", {
    class: "eg-log",
    "data-testid": "log",
    tabindex: 0,
    "aria-label": "Event log, newest last",
  });
  const el = h("section", { class: "eg-log-panel", "aria-label": "Event log" }, heading, list);

  function update(): void {
    const log = kit.timeline.flatMap((entry) => entry.log);
    heading.textContent = `Log (${log.length})`;
    list.replaceChildren(...log.slice(-LOG_SHOWN).map((line) => h("li", {}, line)));
    // scroll at the next frame: reading scrollHeight now would force a layout of the whole page
    requestAnimationFrame(() => {
      list.scrollTop = list.scrollHeight;
    });
  }

  return { el, update };
}

export const eventLog: PartSpec = { make, traits: [], ui: ["timelineRev"] };
