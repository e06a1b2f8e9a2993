/**
 * The cascade player: back / play-pause / forward, "step i of n", the event shown and its cause
 * chain (root cause first, indented). Stepping shows `cascade.views[i]` at once and tells Python.
 * The current state shows the last event; Back from it shows the one before (see steps.ts).
 */
import { button, h } from "./dom";
import type { Kit, Part, PartSpec } from "./kit";
import { LIVE, causeChain, eventAt, eventsOf, nextStep, prevStep } from "./steps";

/** Milliseconds between two steps while playing. */
export const PLAY_INTERVAL_MS = 700;

/** Go one step back (-1) or forward (+1), if there is one; stops playback. */
export function stepBy(kit: Kit, delta: -1 | 1): void {
  const n = eventsOf(kit.traits.cascade).length;
  const step = kit.store.get().step;
  const to = delta < 0 ? prevStep(step, n) : nextStep(step, n);
  kit.store.set({ playing: false });
  if (to !== null) kit.goTo(to);
}

function make(kit: Kit): Part {
  let timer: ReturnType<typeof setInterval> | null = null;

  const tick = (): void => {
    const n = eventsOf(kit.traits.cascade).length;
    const to = nextStep(kit.store.get().step, n);
    if (to !== null) kit.goTo(to);
    if (to === null || to === LIVE) kit.store.set({ playing: false });
  };

  function togglePlay(): void {
    if (kit.store.get().playing) {
      kit.store.set({ playing: false });
      return;
    }
    if (kit.store.get().step === LIVE) kit.goTo(0); // replay from the first event
    kit.store.set({ playing: true });
  }

  const heading = h("h4", { class: "eg-heading", "data-testid": "cascade-label" });
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
    h("div", { class: "eg-cascade-bar" }, back, play, forward, position),
    text,
    causes,
  );

  function draw(): void {
    const { cascade } = kit.traits;
    const { step, playing } = kit.store.get();
    const events = eventsOf(cascade);
    const n = events.length;
    const event = eventAt(cascade, step);

    heading.textContent = cascade.label ? `Last action: ${cascade.label}` : "Last action";
    back.disabled = prevStep(step, n) === null;
    forward.disabled = nextStep(step, n) === null;
    play.disabled = n === 0;
    play.textContent = playing ? "❚❚ Pause" : "▶ Play";
    play.setAttribute("aria-pressed", playing ? "true" : "false");
    el.dataset.step = String(step);

    if (n === 0) position.textContent = "no steps";
    else if (step === LIVE) position.textContent = `step ${n} of ${n} (now)`;
    else position.textContent = `step ${step + 1} of ${n}`;

    text.dataset.step = String(step);
    text.textContent = event ? event.text : "Nothing has happened yet.";

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

export const cascadePlayer: PartSpec = { make, traits: ["cascade"], ui: ["step", "playing"] };
