/**
 * `createGameWidget(options)`: the anywidget module shared by every game. It lays out the parts,
 * re-renders each one when a trait or UI state it uses changes, and wires the keyboard.
 */
import { actions } from "./actions";
import { closeWhatIf, hintPanel, takeAdvice, whatIfPanel } from "./advice";
import { boardContext, boardPart } from "./board";
import { cascadePlayer, stepBy } from "./cascade";
import { controls } from "./controls";
import { h } from "./dom";
import { errorBanner } from "./error";
import { foodWeb } from "./foodweb";
import { header } from "./header";
import type { GameWidgetOptions, Kit, Part, PartSpec, ShownAction } from "./kit";
import { eventLog } from "./log";
import {
  type AnyModel,
  TRAIT_NAMES,
  listen,
  readCascade,
  readEntries,
  readFoodWeb,
  readTrait,
  readTraits,
  sendMessage,
} from "./model";
import { populationPlot } from "./plot";
import { storyClicks, takeWhy, whyPanel } from "./why";
import { type UIState, createUIStore } from "./store";
import { LIVE, eventsOf, normalizeStep } from "./steps";
import type { Message, TraitName, Traits } from "./types";

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
    plot: populationPlot,
    hint: hintPanel,
    whatIf: whatIfPanel,
    why: whyPanel,
  } satisfies Record<string, PartSpec>;
  /** The parts that draw the action shown (an old one, or the last). */
  const SHOWING = new Set(["board", "cascade", "foodweb", "plot"]);

  function render({ model, el }: RenderProps): () => void {
    const traits = readTraits(model);
    // The shown step is the browser's alone (docs/widget-protocol.md): a view opens at the
    // current state and tells Python where it goes (`step`), which never sets it back.
    const store = createUIStore(LIVE);

    /** The old action asked for, with the step to show once its cascade arrives. */
    let awaited: { action: number; step: number | "first" } | null = null;

    const isObj = (v: unknown): v is Record<string, unknown> =>
      typeof v === "object" && v !== null && !Array.isArray(v);

    function send(message: Message): void {
      const { thinking } = store.get();
      if (thinking && (message.kind === "act" || message.kind === "bot")) {
        // Python is choosing the bot's move: say so, instead of a click that seems lost
        store.set({
          notice:
            "The bot is thinking: your click was ignored. Play again once it has moved " +
            "(Pause stops the bots).",
        });
        return;
      }
      if (message.kind === "bot") store.set({ thinking: true, notice: null });
      else if (message.kind === "act") store.set({ notice: null });
      if (!sendMessage(model, message))
        store.set({
          thinking: false,
          notice: "The notebook's kernel is not connected: run the cell again to play.",
        });
    }

    const kit: Kit = {
      model,
      store,
      traits,
      timeline: [],
      shownCache: new Map<number, ShownAction>(),
      drawCounts: [],
      hint: null,
      whatIf: { action: null, draws: null, alternative: null },
      why: null,
      send,
      goTo(step) {
        const { shown } = store.get();
        const n = eventsOf(kit.display().cascade).length;
        const to = normalizeStep(step, n);
        if (to === store.get().step) return;
        store.set({ step: to });
        if (shown !== null) return; // an old action: nothing to tell Python
        send({ kind: "step", index: to });
      },
      showAction(action, step = LIVE) {
        if (store.get().comparing) store.set({ comparing: false });
        const last = kit.timeline.length - 1;
        if (action === null || action >= last || action < 0) {
          awaited = null;
          const n = eventsOf(kit.traits.cascade).length;
          const to = step === "first" ? (n > 1 ? 0 : LIVE) : normalizeStep(step, n);
          store.set({ shown: null });
          if (to !== store.get().step) kit.goTo(to);
          return;
        }
        const known = kit.shownCache.get(action);
        if (known) {
          awaited = null;
          const n = eventsOf(known.cascade).length;
          const to = step === "first" ? (n > 1 ? 0 : LIVE) : normalizeStep(step, n);
          store.set({ shown: action, step: to });
          return;
        }
        awaited = { action, step };
        store.set({ shown: action, step: LIVE, playing: store.get().playing });
        send({ kind: "show", action });
      },
      display() {
        const { shown, comparing } = store.get();
        const other = kit.whatIf.alternative;
        if (comparing && other)
          return { ...kit.traits, cascade: other.cascade, view: other.view } satisfies Traits;
        if (shown === null) return kit.traits;
        const known = kit.shownCache.get(shown);
        const entry = kit.timeline[shown];
        if (!known)
          return {
            ...kit.traits,
            cascade: { label: entry?.label ?? "", index: shown, events: [] },
          };
        return {
          ...kit.traits,
          cascade: known.cascade,
          view: known.view,
          food_web: known.food_web ?? kit.traits.food_web,
        } satisfies Traits;
      },
    };

    /** Python's messages: the timeline (from an action on) and old actions' cascades. */
    function onCustom(content: unknown): boolean {
      if (!isObj(content)) return false;
      if (content.kind === "history" && typeof content.from === "number") {
        const from = content.from;
        if (from > kit.timeline.length) return true; // the whole timeline is on its way
        kit.timeline = [...kit.timeline.slice(0, from), ...readEntries(content.entries)];
        const raw = Array.isArray(content.entries) ? content.entries : [];
        kit.drawCounts = [
          ...kit.drawCounts.slice(0, from),
          ...raw.map((e) => (isObj(e) && typeof e.chances === "number" ? e.chances : 0)),
        ];
        // the action asked "what if" of was undone (or a new game began): the answer is gone
        if (kit.whatIf.action !== null && from <= kit.whatIf.action) closeWhatIf(kit);
        for (const k of [...kit.shownCache.keys()]) if (k >= from) kit.shownCache.delete(k);
        const { shown } = store.get();
        const patch: Partial<UIState> = { timelineRev: store.get().timelineRev + 1 };
        if (shown !== null && shown >= kit.timeline.length - 1) {
          patch.shown = null;
          patch.step = LIVE;
        }
        store.set(patch);
        return true;
      }
      if (content.kind === "shown" && typeof content.action === "number") {
        const action = content.action;
        const known: ShownAction = {
          cascade: readCascade(content.cascade),
          view: content.view,
          food_web: content.food_web === undefined ? undefined : readFoodWeb(content.food_web),
        };
        kit.shownCache.set(action, known);
        const patch: Partial<UIState> = { shownRev: store.get().shownRev + 1 };
        if (awaited && awaited.action === action && store.get().shown === action) {
          const n = eventsOf(known.cascade).length;
          const step = awaited.step;
          patch.step = step === "first" ? (n > 1 ? 0 : LIVE) : normalizeStep(step, n);
          awaited = null;
        }
        store.set(patch);
        return true;
      }
      return takeWhy(kit, content) || takeAdvice(kit, content);
    }

    /** What the parts that draw the action shown see: `traits` are the displayed ones. */
    const showing: Kit = Object.create(kit, {
      traits: { get: () => kit.display(), enumerable: true },
    });
    const parts = Object.fromEntries(
      Object.entries(specs).map(([name, spec]) => [
        name,
        { spec, part: spec.make(SHOWING.has(name) ? showing : kit) },
      ]),
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
        if (name === "cascade") {
          // A new action: show the current state after it, stop playback.
          awaited = null;
          store.set({
            step: LIVE,
            playing: false,
            shown: null,
            thinking: false,
            comparing: false,
          });
        } else if (name === "status" || name === "error") {
          store.set({ thinking: false });
        } else if (name === "bots") {
          kit.shownCache.clear(); // another seat's eyes: the old views are not the board's now
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
        h(
          "div",
          { class: "eg-col eg-col-board" },
          parts.board.part.el,
          parts.actions.part.el,
          parts.hint.part.el,
        ),
        h(
          "div",
          { class: "eg-col eg-col-side" },
          parts.cascade.part.el,
          // beside the board and under the cascade player it walks, where the eye already is
          parts.why.part.el,
          parts.foodweb.part.el,
          parts.plot.part.el,
          parts.whatIf.part.el,
        ),
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
    const stopStories = storyClicks(kit, parts.board.part.el);

    refresh([...TRAIT_NAMES], []);
    el.append(root);

    const unlisten = listen(
      model,
      TRAIT_NAMES,
      onTrait,
      (content) => {
        if (!onCustom(content))
          options.onMessage?.(content, boardContext(showing, parts.board.part.update));
      },
      flush,
    );
    // the timeline comes as messages: ask for all of it (a view made mid-game shows it all)
    sendMessage(model, { kind: "hello" });

    return () => {
      unlisten();
      unsubscribe();
      root.removeEventListener("keydown", onKey);
      stopStories();
      for (const { part } of Object.values(parts)) part.destroy?.();
      root.remove();
    };
  }

  return { render };
}
