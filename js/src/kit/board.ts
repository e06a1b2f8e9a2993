/** The board host: draws the view of the step shown, with the game's renderer or the tree. */
import { h, keepFocus } from "./dom";
import type { BoardContext, BoardRenderer, Kit, Part, PartSpec } from "./kit";
import { LIVE, eventAt, eventsOf, viewAt } from "./steps";
import { renderTree } from "./tree";

/** The context handed to board renderers (and to `onMessage`). */
export function boardContext(kit: Kit, rerender: () => void): BoardContext {
  const { step, board } = kit.store.get();
  return {
    legal: kit.traits.legal,
    send: (content) => kit.send(content),
    stepEvent: eventAt(kit.traits.cascade, step),
    isReplaying: step !== LIVE,
    status: kit.traits.status,
    layout: kit.traits.layout,
    bots: kit.traits.bots,
    cascade: kit.traits.cascade,
    step,
    ui: board,
    rerender,
  };
}

export function boardPart(renderBoard: BoardRenderer = renderTree): PartSpec {
  function make(kit: Kit): Part {
    const host = h("div", { class: "eg-board-host", "data-testid": "board" });
    const badge = h("p", { class: "eg-replay-badge", "data-testid": "board-replay" });
    const el = h("section", { class: "eg-board", "aria-label": "Board" }, badge, host);

    const update = (): void => keepFocus(el, draw);

    function draw(): void {
      const { step } = kit.store.get();
      const view = viewAt(kit.traits, step);
      const replaying = step !== LIVE;
      host.dataset.step = String(step);
      el.classList.toggle("eg-replaying", replaying);
      badge.hidden = !replaying;
      badge.textContent = replaying
        ? `Replay: the board after step ${step + 1} of ${eventsOf(kit.traits.cascade).length}`
        : "";
      host.replaceChildren();
      try {
        renderBoard(host, view, boardContext(kit, update));
      } catch (err) {
        console.error("ecogames: the board renderer failed", err);
        host.replaceChildren(
          h(
            "p",
            { class: "eg-note", role: "note" },
            `The board could not be drawn (${String(err)}); its data:`,
          ),
        );
        renderTree(host, view, boardContext(kit, update));
      }
    }

    return { el, update };
  }
  return { make, traits: ["view", "cascade", "legal", "status", "layout", "bots"], ui: ["step"] };
}
