/**
 * The cascade player: a timeline of every action. Back / play-pause / forward walk the events
 * of the action shown and run on into the action before or after it, so a bot's turns can be
 * replayed step by step; "step i of n", the event shown and its cause chain (root cause
 * first, indented). Old actions' cascades are asked of Python when first shown (`show`); the
 * game does not change. "Play from here" (undo to that action) is a separate command.
 * Within an action the current state shows the last event; Back from it shows the one before
 * (see steps.ts).
 */
import { button, h } from "./dom";
import type { Kit, Part, PartSpec } from "./kit";
import { LIVE, causeChain, eventAt, eventsOf, nextStep, prevStep } from "./steps";

/** Milliseconds between two steps while playing. */
export const PLAY_INTERVAL_MS = 700;

/** The action shown: its number in the history (the last one when `shown` is null). */
export function shownAction(kit: Kit): number {
  const { shown } = kit.store.get();
  return shown ?? kit.timeline.length - 1;
}

/**
 * The first of the actions played since a person last acted (the bots' run at the end of the
 * history); the last action when a person played it.
 */
export function sincePersonActed(kit: Kit): number {
  const entries = kit.timeline;
  let first = entries.length - 1;
  while (first > 0 && entries[first].bot !== "" && entries[first - 1].bot !== "") first--;
  return Math.max(first, 0);
}

/** Where one step back (-1) or forward (+1) leads: a step of this action, or the next
 * action's first step / the previous action's last; null at either end. */
function target(kit: Kit, delta: -1 | 1): { action: number | null; step: number | "first" } | null {
  const n = eventsOf(kit.display().cascade).length;
  const { step, shown } = kit.store.get();
  const action = shownAction(kit);
  const within = delta < 0 ? prevStep(step, n) : nextStep(step, n);
  if (within !== null) return { action: shown, step: within };
  if (delta < 0) return action > 0 ? { action: action - 1, step: LIVE } : null;
  if (shown === null) return null;
  return { action: shown + 1, step: "first" };
}

/** Go one step back (-1) or forward (+1), if there is one; stops playback. */
export function stepBy(kit: Kit, delta: -1 | 1): void {
  const to = target(kit, delta);
  kit.store.set({ playing: false });
  if (to === null) return;
  if (to.action === kit.store.get().shown && typeof to.step === "number") kit.goTo(to.step);
  else kit.showAction(to.action, to.step);
}

function make(kit: Kit): Part {
  let timer: ReturnType<typeof setInterval> | null = null;

  const loading = (): boolean =>
    kit.store.get().shown !== null && !kit.shownCache.has(kit.store.get().shown!);

  const tick = (): void => {
    if (loading()) return; // the cascade is on its way from Python
    const to = target(kit, 1);
    if (to === null) {
      kit.store.set({ playing: false });
      return;
    }
    if (to.action === kit.store.get().shown && typeof to.step === "number") kit.goTo(to.step);
    else kit.showAction(to.action, to.step);
    if (to.action === null && to.step === LIVE) kit.store.set({ playing: false });
  };

  function togglePlay(): void {
    if (kit.store.get().playing) {
      kit.store.set({ playing: false });
      return;
    }
    const { step, shown } = kit.store.get();
    if (shown === null && step === LIVE) {
      // replay every action since the person last acted (the bots' turns), from the first
      const first = sincePersonActed(kit);
      kit.showAction(first < kit.timeline.length - 1 ? first : null, "first");
    } else if (step === LIVE && shown !== null) {
      kit.showAction(shown, "first");
    }
    kit.store.set({ playing: true });
  }

  const heading = h("h4", { class: "eg-heading", "data-testid": "cascade-label" });
  const where = h("p", { class: "eg-cascade-where", "data-testid": "cascade-where" });
  const back = button("◀ Back", "cascade-back", () => stepBy(kit, -1), {
    "aria-label": "Previous step",
  });
  const play = button("▶ Play", "cascade-play", togglePlay);
  const forward = button("Forward ▶", "cascade-forward", () => stepBy(kit, 1), {
    "aria-label": "Next step",
  });
  const position = h("span", {
    class: "eg-cascade-position",
    "data-testid": "cascade-position",
    "aria-live": "polite",
  });
  const now = button("Back to now", "cascade-now", () => kit.showAction(null, LIVE), {
    class: "eg-link",
    title: "Show the current state again",
  });
  const playFrom = button("Play from here", "cascade-play-from", () => {
    const action = kit.store.get().shown;
    if (action !== null) kit.send({ kind: "undo", to: action + 1 });
  });
  const text = h("p", { class: "eg-cascade-text", "data-testid": "cascade-text" });
  const causes = h("ol", {
    class: "eg-causes",
    "data-testid": "cascade-causes",
    "aria-label": "Cause chain, root cause first",
  });
  const el = h(
    "section",
    { class: "eg-cascade", "data-testid": "cascade", "aria-label": "Cascade player" },
    heading,
    where,
    h("div", { class: "eg-cascade-bar" }, back, play, forward, position),
    text,
    causes,
    h("div", { class: "eg-cascade-old" }, now, playFrom),
  );

  function draw(): void {
    const { cascade } = kit.traits; // the action shown (see widget.ts)
    const { step, playing, shown } = kit.store.get();
    const events = eventsOf(cascade);
    const n = events.length;
    const event = eventAt(cascade, step);
    const count = kit.timeline.length;
    const action = shownAction(kit);
    const entry = kit.timeline[action];

    heading.textContent =
      shown !== null
        ? `Action ${action + 1} of ${count}: ${cascade.label ?? entry?.label ?? ""}`
        : cascade.label
          ? `Last action: ${cascade.label}`
          : "Last action";
    back.disabled = target(kit, -1) === null;
    forward.disabled = target(kit, 1) === null;
    play.disabled = n === 0 && count === 0;
    play.textContent = playing ? "❚❚ Pause" : "▶ Play";
    play.setAttribute("aria-pressed", playing ? "true" : "false");
    el.dataset.step = String(step);
    el.dataset.action = count ? String(action) : "";
    el.dataset.shown = shown === null ? "" : String(shown);
    now.hidden = shown === null && step === LIVE;
    playFrom.hidden = shown === null;
    playFrom.title =
      shown === null
        ? ""
        : `Take back the ${count - shown - 1} later action(s) and play on from just after this one`;

    const first = sincePersonActed(kit);
    if (shown !== null)
      where.textContent = `An earlier action, as it happened: nothing in the game changes. ${count} actions played.`;
    else if (count === 0) where.textContent = "";
    else if (first < count - 1 && step === LIVE)
      where.textContent = kit.timeline.some((e) => e.bot === "")
        ? `${count - first} actions by the bots since a person last played: ▶ Play replays them all.`
        : `${count} actions, all by the bots: ▶ Play replays them all, Back steps through them.`;
    else where.textContent = `Action ${count} of ${count}.`;
    where.hidden = where.textContent === "";

    if (loading()) position.textContent = "loading…";
    else if (n === 0) position.textContent = "no steps";
    else if (step === LIVE)
      position.textContent = `step ${n} of ${n}${shown === null ? " (now)" : ""}`;
    else position.textContent = `step ${step + 1} of ${n}`;

    text.dataset.step = String(step);
    if (event) text.textContent = event.text;
    else if (loading()) text.textContent = "Asking Python how that action went…";
    else if (count === 0) text.textContent = "Nothing has happened yet.";
    else text.textContent = `Moves played: ${count}. The last one set off no events.`;

    const chain = event ? causeChain(cascade, event) : [];
    causes.hidden = chain.length < 2;
    causes.replaceChildren(
      ...chain.map((e, depth) =>
        h(
          "li",
          {
            class: "eg-cause",
            style: `--depth: ${depth}`,
            "data-testid": `cause-${e.index}`,
            "data-current": e === event ? "true" : "false",
          },
          depth > 0 ? h("span", { class: "eg-cause-arrow", "aria-hidden": "true" }, "↳ ") : null,
          e.text,
        ),
      ),
    );

    if (playing && timer === null) timer = setInterval(tick, PLAY_INTERVAL_MS);
    if (!playing && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  }

  return {
    el,
    update: draw,
    destroy() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
  };
}

export const cascadePlayer: PartSpec = {
  make,
  traits: ["cascade", "status"],
  ui: ["step", "playing", "shown", "timelineRev", "shownRev"],
};
