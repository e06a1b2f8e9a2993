/**
 * Advice beside play: the Hint (what the search bot would play for the person on turn, its
 * three best choices with their estimated win rates; nothing is played) and What if… (an
 * action's chance draws from the History, another outcome picked, the alternative's cascade
 * and populations shown beside what happened; the game does not change). Python searches
 * and forks; the browser only asks, shows progress and draws the answers.
 */
import "./advice.css";
import { button, h } from "./dom";
import type {
  Alternative,
  ChanceDrawInfo,
  HintChoice,
  HintState,
  Kit,
  Part,
  PartSpec,
} from "./kit";
import { readCascade, readSeries } from "./model";
import { LIVE } from "./steps";

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown, fallback = 0): number =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;
const str = (v: unknown): string => (typeof v === "string" ? v : "");

const STATUSES = new Set(["searching", "done", "cancelled", "error"]);

/** A `hint` message from Python, or null if it is not one. */
export function readHint(v: unknown): HintState | null {
  if (!isObj(v) || v.kind !== "hint" || !STATUSES.has(str(v.status))) return null;
  const choices: HintChoice[] = Array.isArray(v.choices)
    ? v.choices.filter(isObj).map((c) => ({
        id: typeof c.id === "number" ? c.id : null,
        label: str(c.label),
        visits: num(c.visits),
        value: num(c.value),
      }))
    : [];
  return {
    status: v.status as HintState["status"],
    turn: num(v.turn, -1),
    seat: num(v.seat, -1),
    done: num(v.done),
    planned: num(v.planned),
    seconds: num(v.seconds),
    choices,
    cooperative: v.cooperative === true,
    error: str(v.error),
  };
}

/** A `chances` message's draws, or null. */
export function readChances(v: unknown): { action: number; draws: ChanceDrawInfo[] } | null {
  if (!isObj(v) || v.kind !== "chances" || typeof v.action !== "number") return null;
  const draws = Array.isArray(v.draws)
    ? v.draws.filter(isObj).map((d, i) => ({
        name: str(d.name),
        number: num(d.number, i),
        outcomes: Array.isArray(d.outcomes)
          ? d.outcomes.filter(isObj).map((o) => ({
              outcome: o.outcome,
              label: str(o.label),
              probability: num(o.probability),
            }))
          : [],
        outcome: d.outcome ?? null,
        secret: d.secret === true,
        open: d.open === true,
      }))
    : [];
  return { action: v.action, draws };
}

/** A `what_if` message (the alternative), or null. */
export function readAlternative(v: unknown): Alternative | null {
  if (!isObj(v) || v.kind !== "what_if" || typeof v.action !== "number") return null;
  return {
    action: v.action,
    draw: num(v.draw),
    choice: num(v.choice),
    name: str(v.name),
    outcome: str(v.outcome),
    real: str(v.real),
    cascade: readCascade(v.cascade),
    view: v.view,
    series: readSeries(v.series),
    played_on: num(v.played_on),
    stand_in: str(v.stand_in),
  };
}

/** Take in Python's hint / chances / what_if messages; true if the message was one. */
export function takeAdvice(kit: Kit, content: unknown): boolean {
  const hint = readHint(content);
  if (hint) {
    kit.hint = hint;
    kit.store.set({ hintRev: kit.store.get().hintRev + 1 });
    return true;
  }
  const chances = readChances(content);
  if (chances) {
    kit.whatIf = { action: chances.action, draws: chances.draws, alternative: null };
    kit.store.set({ whatIfRev: kit.store.get().whatIfRev + 1, comparing: false });
    return true;
  }
  const alternative = readAlternative(content);
  if (alternative) {
    if (kit.whatIf.action !== alternative.action) return true; // asked about another since
    kit.whatIf = { ...kit.whatIf, alternative };
    kit.store.set({ whatIfRev: kit.store.get().whatIfRev + 1 });
    return true;
  }
  return false;
}

/** Close the What if… panel (and stop comparing), e.g. when the timeline changes under it. */
export function closeWhatIf(kit: Kit): void {
  const comparing = kit.store.get().comparing;
  const action = kit.whatIf.alternative?.action ?? null;
  kit.whatIf = { action: null, draws: null, alternative: null };
  kit.store.set({ whatIfRev: kit.store.get().whatIfRev + 1, comparing: false });
  if (comparing && action !== null) kit.showAction(null, LIVE);
}

/** The percentage shown for a choice's value (0..1). */
export const percent = (value: number): string => `${Math.round(value * 100)}%`;

// -- the hint ------------------------------------------------------------------------------

/** Whether a hint can be asked for now, and why not. */
export function hintBlocked(kit: Kit): string | null {
  const { status, bots } = kit.traits;
  if (status.is_over) return "The game is over.";
  if (status.current_player === null) return "No seat is on turn.";
  if (bots[String(status.current_player)]) return "A bot plays this seat: a hint is for a person.";
  return null;
}

function makeHint(kit: Kit): Part {
  const ask = button(
    "Hint",
    "hint",
    () => {
      kit.hint = null;
      kit.send({ kind: "hint" });
      kit.store.set({ hintRev: kit.store.get().hintRev + 1 });
    },
    {
      class: "eg-hint-ask",
      title: "Ask the search bot (MCTS) what it would play for you; it plays nothing",
    },
  );
  const cancel = button("Cancel", "hint-cancel", () => kit.send({ kind: "hint_cancel" }));
  const bar = h("progress", { "data-testid": "hint-progress", max: 1, value: 0 });
  const said = h("p", { class: "eg-hint-status", "data-testid": "hint-status", role: "status" });
  const list = h("ol", { class: "eg-hint-choices", "data-testid": "hint-choices" });
  const note = h(
    "p",
    { class: "eg-note" },
    "The hint plays nothing: choose your move yourself. The bot searched only on what your " +
      "seat can see (the hidden cards dealt anew in each playout).",
  );
  const el = h(
    "section",
    { class: "eg-hint", "data-testid": "hint-panel", "aria-label": "Hint" },
    h("div", { class: "eg-hint-row" }, ask, cancel, bar),
    said,
    list,
    note,
  );

  function draw(): void {
    const hint = kit.hint;
    const { turn, players } = kit.traits.status;
    const blocked = hintBlocked(kit);
    const stale = hint !== null && hint.turn !== turn;
    const searching = hint?.status === "searching" && !stale;
    const asked = hint === null && kit.store.get().hintRev > 0 && !blocked;
    ask.disabled = blocked !== null || searching;
    ask.title = blocked ?? "Ask the search bot (MCTS) what it would play for you; it plays nothing";
    cancel.hidden = !searching;
    bar.hidden = !searching;
    if (searching) {
      bar.max = Math.max(1, hint.planned);
      bar.value = Math.min(hint.done, bar.max);
    }
    list.replaceChildren();
    note.hidden = true;
    let text = "";
    if (stale || hint === null) text = asked && !stale ? "Asking the search bot…" : "";
    else if (searching) {
      const of = hint.planned > 0 ? ` of ${hint.planned}` : "";
      text = `The search bot is thinking for ${players[hint.seat] ?? "you"}: ${hint.done}${of} playouts (at most ${hint.seconds} s)…`;
    } else if (hint.status === "cancelled") text = "Hint cancelled.";
    else if (hint.status === "error") text = `The hint failed: ${hint.error}`;
    else {
      const rate = hint.cooperative ? "team's estimated win rate" : "estimated win rate";
      text = `The search bot (${hint.done} playouts) would play:`;
      list.replaceChildren(
        ...hint.choices.map((c, i) =>
          h(
            "li",
            {
              "data-testid": `hint-choice-${i}`,
              "data-id": c.id === null ? null : String(c.id),
              title: "Mean result of its playouts: 0.9 for a win, plus a tenth for the score",
            },
            h("strong", {}, c.label),
            ` — ${rate} ≈ ${percent(c.value)} (${c.visits} playouts)`,
          ),
        ),
      );
      note.hidden = false;
    }
    said.textContent = text;
    said.hidden = text === "";
  }

  return { el, update: draw };
}

export const hintPanel: PartSpec = {
  make: makeHint,
  traits: ["status", "bots"],
  ui: ["hintRev"],
};

// -- what if ----------------------------------------------------------------------------------

function drawChoices(kit: Kit, action: number, d: ChanceDrawInfo): HTMLElement {
  const real = d.outcomes.find((o) => JSON.stringify(o.outcome) === JSON.stringify(d.outcome));
  const head = d.open
    ? `${d.name}: it came out ${real?.label ?? String(d.outcome)}`
    : `${d.name}: drawn in secret (you may not see what came out, so it cannot be changed here)`;
  const buttons = d.open
    ? d.outcomes.map((o, j) => {
        const happened = o === real;
        const b = button(
          `${o.label} (${percent(o.probability)})${happened ? " — what happened" : ""}`,
          `what-if-choice-${d.number}-${j}`,
          () => kit.send({ kind: "what_if", action, draw: d.number, choice: j }),
          { class: "eg-what-if-outcome", title: `What if ${d.name} had come out ${o.label}?` },
        );
        b.disabled = happened;
        return b;
      })
    : [];
  return h(
    "fieldset",
    { class: "eg-what-if-draw", "data-testid": `what-if-draw-${d.number}` },
    h("legend", {}, head),
    ...buttons,
  );
}

function makeWhatIf(kit: Kit): Part {
  const heading = h("h4", { class: "eg-heading", "data-testid": "what-if-heading" });
  const close = button("Close", "what-if-close", () => closeWhatIf(kit), { class: "eg-link" });
  const body = h("div", { class: "eg-what-if-body" });
  const el = h(
    "section",
    { class: "eg-what-if", "data-testid": "what-if", "aria-label": "What if" },
    h("div", { class: "eg-history-head" }, heading, close),
    body,
  );

  function draw(): void {
    const { action, draws, alternative } = kit.whatIf;
    el.hidden = action === null;
    if (action === null) {
      body.replaceChildren();
      return;
    }
    const label = kit.timeline[action]?.label ?? `action ${action + 1}`;
    heading.textContent = `What if… ${label}`;
    const parts: HTMLElement[] = [];
    if (draws === null) parts.push(h("p", {}, "Asking Python for the draws…"));
    else if (draws.length === 0) parts.push(h("p", {}, "This action drew nothing by chance."));
    else {
      parts.push(h("p", { class: "eg-note" }, "Pick another outcome (the game does not change):"));
      for (const d of draws) parts.push(drawChoices(kit, action, d));
    }
    if (alternative) {
      const comparing = kit.store.get().comparing;
      parts.push(
        h(
          "div",
          { class: "eg-what-if-answer", "data-testid": "what-if-answer" },
          h(
            "p",
            {},
            h("strong", {}, `If ${alternative.name} had come out ${alternative.outcome}`),
            ` (it came out ${alternative.real}):`,
          ),
          h(
            "ol",
            { class: "eg-what-if-events", "data-testid": "what-if-events" },
            ...(alternative.cascade.events ?? []).map((e) => h("li", {}, e.text)),
          ),
          button(
            comparing ? "Show what happened" : "Show it in the player",
            "what-if-compare",
            () => {
              if (kit.store.get().comparing) {
                kit.store.set({ comparing: false });
                kit.showAction(alternative.action, "first");
              } else {
                const n = alternative.cascade.events?.length ?? 0;
                kit.store.set({
                  comparing: true,
                  shown: alternative.action,
                  step: n > 1 ? 0 : LIVE,
                });
              }
            },
            { "aria-pressed": comparing ? "true" : "false" },
          ),
          h(
            "p",
            { class: "eg-note" },
            `Populations: the dashed lines are this other future, played on by the bots ` +
              `(a person's seat by ${alternative.stand_in}) for the ${alternative.played_on} ` +
              `action(s) that really followed.`,
          ),
        ),
      );
    }
    body.replaceChildren(...parts);
  }

  return { el, update: draw };
}

export const whatIfPanel: PartSpec = {
  make: makeWhatIf,
  traits: [],
  ui: ["whatIfRev", "comparing", "timelineRev"],
};

/** Open the What if… panel for action `action`: Python answers with its draws. */
export function askWhatIf(kit: Kit, action: number): void {
  kit.whatIf = { action, draws: null, alternative: null };
  kit.store.set({ whatIfRev: kit.store.get().whatIfRev + 1, comparing: false });
  kit.send({ kind: "chances", action });
}
