/** The board host: draws the view of the step shown, with the game's renderer or the tree. */
import { h, keepFocus } from "./dom";
import type { BoardContext, BoardRenderer, Kit, Part, PartSpec } from "./kit";
import { LIVE, eventAt, eventsOf, viewAt } from "./steps";
import { renderTree } from "./tree";

/** True while a past step, an old action or a What if… alternative is shown (the board
 * offers no action then). */
export const isReplaying = (kit: Kit): boolean =>
  kit.store.get().step !== LIVE || kit.store.get().shown !== null || kit.store.get().comparing;

/** The context handed to board renderers (and to `onMessage`). */
export function boardContext(kit: Kit, rerender: () => void): BoardContext {
  const { step, board } = kit.store.get();
  const shown = kit.display();
  const replaying = isReplaying(kit);
  return {
    legal: replaying ? [] : kit.traits.legal,
    send: (content) => kit.send(content),
    stepEvent: eventAt(shown.cascade, step),
    isReplaying: replaying,
    status: kit.traits.status,
    layout: kit.traits.drawing,
    bots: kit.traits.bots,
    cascade: shown.cascade,
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
      const { step, shown } = kit.store.get();
      const traits = kit.display();
      const view = viewAt(traits, step);
      const replaying = isReplaying(kit);
      const n = eventsOf(traits.cascade).length;
      host.dataset.step = String(step);
      host.dataset.shown = shown === null ? "" : String(shown);
      el.classList.toggle("eg-replaying", replaying);
      badge.hidden = !replaying;
      const action = shown === null ? "" : ` of action ${shown + 1}`;
      badge.textContent = !replaying
        ? ""
        : step === LIVE
          ? `Replay: the board after action ${(shown ?? 0) + 1}`
          : `Replay: the board after step ${step + 1} of ${n}${action}`;
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
  return {
    make,
    traits: ["view", "cascade", "legal", "status", "drawing", "bots", "food_web"],
    ui: ["step", "shown", "shownRev"],
  };
}
