/**
 * `createGameWidget(options)`: the anywidget module shared by every game. It lays out the parts,
 * re-renders each one when a trait or UI state it uses changes, and wires the keyboard.
 */
import { actions } from "./actions";
import { boardContext, boardPart } from "./board";
import { cascadePlayer, stepBy } from "./cascade";
import { controls } from "./controls";
import { h } from "./dom";
import { errorBanner } from "./error";
import { foodWeb } from "./foodweb";
import { header } from "./header";
import type { GameWidgetOptions, Kit, Part, PartSpec } from "./kit";
import { eventLog } from "./log";
import { type AnyModel, TRAIT_NAMES, listen, readTrait, readTraits, sendMessage } from "./model";
import { type UIState, createUIStore } from "./store";
import { eventsOf, normalizeStep } from "./steps";
import type { TraitName } from "./types";

export interface RenderProps {
  model: AnyModel;
  el: HTMLElement;
}

export interface WidgetModule {
  render(props: RenderProps): () => void;
}

const TYPING = new Set(["INPUT", "SELECT", "TEXTAREA"]);

export function createGameWidget(options: GameWidgetOptions = {}): WidgetModule {
  const specs = {
    header,
    error: errorBanner,
    board: boardPart(options.renderBoard),
    actions,
    cascade: cascadePlayer,
    foodweb: foodWeb,
    controls,
    log: eventLog,
  } satisfies Record<string, PartSpec>;

  function render({ model, el }: RenderProps): () => void {
    const traits = readTraits(model);
    const store = createUIStore(normalizeStep(traits.step, eventsOf(traits.cascade).length));
    /** Steps sent to Python whose echo in the `step` trait has not come back yet. */
    const sentSteps: number[] = [];

    const kit: Kit = {
      model,
      store,
      traits,
      send: (message) => sendMessage(model, message),
      goTo(step) {
        const to = normalizeStep(step, eventsOf(kit.traits.cascade).length);
        if (to === store.get().step) return;
        store.set({ step: to });
        sentSteps.push(to);
        kit.send({ kind: "step", index: to });
      },
    };

    const parts = Object.fromEntries(
      Object.entries(specs).map(([name, spec]) => [name, { spec, part: spec.make(kit) }]),
    ) as { [K in keyof typeof specs]: { spec: PartSpec; part: Part } };

    /** Update, once each, the parts that use one of these traits or UI keys. */
    function refresh(changedTraits: TraitName[], changedUi: (keyof UIState)[]): void {
      for (const { spec, part } of Object.values(parts)) {
        const uses =
          changedTraits.some((t) => spec.traits.includes(t)) ||
          changedUi.some((k) => spec.ui.includes(k));
        if (!uses) continue;
        try {
          part.update();
        } catch (err) {
          console.error("ecogames: a widget part failed to render", err);
        }
      }
    }

    // UI changes made while a trait change is handled are refreshed together with it.
    let pendingUi: Set<keyof UIState> | null = null;
    const unsubscribe = store.subscribe((changed) => {
      if (pendingUi) for (const k of changed) pendingUi.add(k);
      else refresh([], changed);
    });

    function onTrait(name: TraitName): void {
      pendingUi = new Set();
      try {
        kit.traits = { ...kit.traits, [name]: readTrait(model, name) };
        const n = eventsOf(kit.traits.cascade).length;
        if (name === "cascade") {
          // A new action: show what Python says (normally the current state), stop playback.
          sentSteps.length = 0;
          store.set({ step: normalizeStep(kit.traits.step, n), playing: false });
        } else if (name === "step") {
          const echo = sentSteps.indexOf(kit.traits.step);
          if (echo >= 0) sentSteps.splice(0, echo + 1);
          else store.set({ step: normalizeStep(kit.traits.step, n), playing: false });
        } else if (name === "title" || name === "game") {
          labelRoot();
        }
      } finally {
        for (const k of pendingUi) batchUi.add(k);
        pendingUi = null;
        batchTraits.add(name);
        if (!flushQueued) {
          flushQueued = true;
          queueMicrotask(flush);
        }
      }
    }

    // One Python update changes several traits at once (view, legal, cascade, status...):
    // the parts are redrawn once for all of them, when the model says the update is complete
    // (its "change" event), or at the latest in a microtask.
    const batchTraits = new Set<TraitName>();
    const batchUi = new Set<keyof UIState>();
    let flushQueued = false;
    function flush(): void {
      flushQueued = false;
      if (batchTraits.size === 0 && batchUi.size === 0) return;
      const traitsChanged = [...batchTraits];
      const uiChanged = [...batchUi];
      batchTraits.clear();
      batchUi.clear();
      refresh(traitsChanged, uiChanged);
    }

    const root = h("div", {
      class: `ecogames ecogames-widget${options.renderBoard ? " eg-custom-board" : ""}`,
      "data-testid": "ecogames",
      tabindex: 0,
      role: "region",
      // Keys pressed inside the widget are ours, not JupyterLab's notebook shortcuts
      // (in command mode "d d" would delete the cell while a button has focus).
      "data-lm-suppress-shortcuts": "true",
    });
    const labelRoot = (): void => {
      root.dataset.game = kit.traits.game;
      root.setAttribute(
        "aria-label",
        `${kit.traits.title || kit.traits.game || "Game"} (arrow keys replay the last action)`,
      );
    };
    labelRoot();
    root.append(
      parts.header.part.el,
      parts.error.part.el,
      h(
        "div",
        { class: "eg-main" },
        h("div", { class: "eg-col eg-col-board" }, parts.board.part.el, parts.actions.part.el),
        h("div", { class: "eg-col eg-col-side" }, parts.cascade.part.el, parts.foodweb.part.el),
      ),
      h("div", { class: "eg-bottom" }, parts.controls.part.el, parts.log.part.el),
    );

    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (event.altKey || event.ctrlKey || event.metaKey || (target && TYPING.has(target.tagName)))
        return;
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      event.preventDefault();
      event.stopPropagation();
      stepBy(kit, event.key === "ArrowLeft" ? -1 : 1);
    };
    root.addEventListener("keydown", onKey);

    refresh([...TRAIT_NAMES], []);
    el.append(root);

    const unlisten = listen(
      model,
      TRAIT_NAMES,
      onTrait,
      (content) => options.onMessage?.(content, boardContext(kit, parts.board.part.update)),
      flush,
    );

    return () => {
      unlisten();
      unsubscribe();
      root.removeEventListener("keydown", onKey);
      for (const { part } of Object.values(parts)) part.destroy?.();
      root.remove();
    };
  }

  return { render };
}
