/**
 * Why? and stories (issue 20): Python answers `why` and `story` messages with a causal chain or
 * a life story (core.provenance); this panel lists it, each line a link that jumps the timeline
 * to its action (the board and the food web as they were then), and walks a chain step by step
 * from its root to what was asked, in the cascade player. Story mode turns a click on a token,
 * an animal or a card of the board (an element with `data-story`) into a `story` question.
 * The browser only asks and shows: every answer is Python's.
 */
import "./why.css";
import { button, h } from "./dom";
import type { Kit, Part, PartSpec } from "./kit";

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown, fallback = -1): number =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;

/** One line of an answer: what happened, in which action, and where its cascade shows it. */
export interface WhyLine {
  text: string;
  kind: string;
  action: number;
  step: number;
  /** The event's index in its action's cascade; null for a choice or a chance draw. */
  event: number | null;
  /** For a story: what set it off. */
  cause: string;
  /** Where it came from (the choice and the draws of its action), said once per action. */
  roots: string[];
}

export interface WhyState {
  kind: "why" | "story";
  title: string;
  /** Newest first: for a why, the thing asked about, then the links back to the root. */
  lines: WhyLine[];
  /** The line the walk shows (null: none yet). */
  walk: number | null;
  end: string;
  /** What the game calls its step ("turn of the dice", "cycle"...): each line says when. */
  stepName: string;
}

/** The thing last asked about by a click, and the name it goes by on the board. */
const asked = new WeakMap<Kit, { subject: string; label: string }>();

/** Ask Python the story of `subject`; `label` names it in the panel ("Cat (token 24)"). */
export function askStory(kit: Kit, subject: string, label = ""): void {
  asked.set(kit, { subject, label });
  kit.send({ kind: "story", subject });
}

function readLine(v: Record<string, unknown>, roots: string[] = []): WhyLine {
  const node = Array.isArray(v.node) ? v.node : [];
  return {
    text: str(v.text),
    kind: str(v.kind),
    action: num(v.action),
    step: num(v.step),
    event: node[0] === "event" && typeof node[2] === "number" ? node[2] : null,
    cause: str(v.cause),
    roots,
  };
}

/**
 * A `why` or `story` message from Python, or null if it is neither. `label` names the story's
 * subject as the board shows it (else the subject's id or species is shown).
 */
export function readWhy(v: unknown, label = ""): WhyState | null {
  if (!isObj(v)) return null;
  if (v.kind === "why" && isObj(v.answer)) {
    const answer = v.answer;
    const stepName = str(answer.step_name) || "step";
    const roots = new Map<string, string[]>();
    for (const entry of Array.isArray(answer.roots) ? answer.roots : []) {
      if (!Array.isArray(entry) || !Array.isArray(entry[1])) continue;
      roots.set(
        JSON.stringify(entry[0]),
        entry[1].filter(isObj).map((r) => str(r.text)),
      );
    }
    const chain = (Array.isArray(answer.chain) ? answer.chain : []).filter(isObj);
    const lines = chain.map((link, i) => {
      const older = chain[i + 1];
      // a choice and its draws are said once, at the oldest link of their action
      const own =
        older && num(older.action) === num(link.action)
          ? []
          : (roots.get(JSON.stringify(link.node)) ?? []);
      return readLine(
        link,
        own.filter((r) => r !== str(link.text)),
      );
    });
    const target = lines[0]?.text ?? "";
    return { kind: "why", title: `Why? ${target}`, lines, walk: null, end: "", stepName };
  }
  if (v.kind === "story" && isObj(v.story)) {
    const story = v.story;
    const events = (Array.isArray(story.events) ? story.events : []).filter(isObj);
    return {
      kind: "story",
      title: `The story of ${label || str(story.subject)}`,
      lines: events.map((e) => readLine(e)),
      walk: null,
      end: str(story.end) === "gone" ? "gone" : "still in play",
      stepName: str(story.step_name) || "step",
    };
  }
  return null;
}

/** Take a `why` or `story` answer from Python; true if the message was one. */
export function takeWhy(kit: Kit, content: unknown): boolean {
  const last = asked.get(kit);
  const story = isObj(content) && isObj(content.story) ? str(content.story.subject) : null;
  const answer = readWhy(content, last && last.subject === story ? last.label : "");
  if (answer === null) return false;
  kit.why = answer;
  kit.store.set({ whyRev: kit.store.get().whyRev + 1, storyMode: false });
  return true;
}

/** Show a line's moment: its action's cascade at its event (the board and web as then). */
export function jumpTo(kit: Kit, line: WhyLine): void {
  if (line.action < 0) return;
  kit.showAction(line.action, line.event ?? "first");
}

/** The walk's order: oldest first, the root cause, then each link to what was asked. */
function walkOrder(state: WhyState): number[] {
  return state.lines.map((_line, i) => i).reverse();
}

export function walk(kit: Kit, by: number): void {
  const state = kit.why;
  if (!state || state.lines.length === 0) return;
  const order = walkOrder(state);
  const at = state.walk === null ? (by > 0 ? -1 : order.length) : order.indexOf(state.walk);
  const next = Math.max(0, Math.min(order.length - 1, at + by));
  state.walk = order[next];
  kit.store.set({ whyRev: kit.store.get().whyRev + 1 });
  jumpTo(kit, state.lines[state.walk]);
}

/** When a line happened, in the game's own words ("turn of the dice 3, action 11"). */
export function when(line: WhyLine, stepName: string): string {
  if (line.action < 0) return "";
  const action = `action ${line.action + 1}`;
  return line.step >= 0 && stepName !== "action" ? `${stepName} ${line.step}, ${action}` : action;
}

function make(kit: Kit): Part {
  const body = h("div", { class: "eg-why-body" });
  const storyMode = button("Story of…", "story-mode", () =>
    kit.store.set({ storyMode: !kit.store.get().storyMode }),
  );
  const hint = h("p", { class: "eg-why-hint", "data-testid": "story-hint" });
  const el = h(
    "section",
    { class: "eg-why", "data-testid": "why-panel", "aria-label": "Why? and stories" },
    h("div", { class: "eg-why-bar" }, storyMode),
    hint,
    body,
  );

  function update(): void {
    const { storyMode: on } = kit.store.get();
    storyMode.setAttribute("aria-pressed", on ? "true" : "false");
    storyMode.classList.toggle("eg-on", on);
    hint.textContent = on
      ? "Click a token, an animal or a card on the board, or a species of the food web, to see its story."
      : "";
    hint.hidden = !on;
    const state = kit.why;
    el.dataset.answer = state ? state.kind : "";
    if (!state) {
      body.replaceChildren();
      return;
    }
    const items = state.lines.map((line, i) =>
      h(
        "li",
        {
          class: `eg-why-line${state.walk === i ? " eg-why-current" : ""}`,
          "data-kind": line.kind,
        },
        button(
          `${when(line, state.stepName)}: ${line.text}`,
          `why-line-${i}`,
          () => {
            state.walk = i;
            kit.store.set({ whyRev: kit.store.get().whyRev + 1 });
            jumpTo(kit, line);
          },
          { class: "eg-why-link", "data-action": String(line.action), title: "Show this moment" },
        ),
        line.cause ? h("span", { class: "eg-why-cause" }, ` because: ${line.cause}`) : null,
        line.roots.length
          ? h("span", { class: "eg-why-roots" }, ` from: ${line.roots.join("; ")}`)
          : null,
      ),
    );
    const controls =
      state.kind === "why"
        ? h(
            "div",
            { class: "eg-why-walk" },
            button("◀ Back to the cause", "why-walk-back", () => walk(kit, -1)),
            button("Forward to the effect ▶", "why-walk-next", () => walk(kit, 1)),
            button("Close", "why-close", () => close(kit)),
          )
        : h(
            "div",
            { class: "eg-why-walk" },
            button("Close", "why-close", () => close(kit)),
          );
    const ending =
      state.kind === "story"
        ? [h("p", { class: "eg-why-end", "data-testid": "story-end" }, `… ${state.end}`)]
        : [];
    const scrolled = body.querySelector(".eg-why-lines")?.scrollTop ?? 0;
    const list = h(
      state.kind === "why" ? "ol" : "ul",
      { class: "eg-why-lines", "data-testid": "why-lines" },
      ...items,
    );
    body.replaceChildren(
      h("p", { class: "eg-why-title", "data-testid": "why-title" }, state.title),
      list,
      ...ending,
      controls,
    );
    list.scrollTop = scrolled;
    if (state.walk !== null && items[state.walk]) keepInView(list, items[state.walk]);
  }

  return { el, update };
}

/** Scroll the list (not the page) so that the line the walk shows is in sight. */
function keepInView(list: HTMLElement, item: HTMLElement): void {
  const top = item.offsetTop;
  const bottom = top + item.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

function close(kit: Kit): void {
  kit.why = null;
  kit.store.set({ whyRev: kit.store.get().whyRev + 1 });
}

/**
 * In story mode, a click on an element of the board that names a thing (`data-story`) asks its
 * story instead of playing: the listener sits on the board host, in the capture phase, before
 * the board's own handlers.
 */
export function storyClicks(kit: Kit, board: HTMLElement): () => void {
  const onClick = (event: MouseEvent): void => {
    if (!kit.store.get().storyMode) return;
    const target = event.target instanceof Element ? event.target : null;
    const named = target?.closest("[data-story]");
    if (!named) return;
    event.preventDefault();
    event.stopPropagation();
    askStory(kit, named.getAttribute("data-story") ?? "", storyLabel(named));
  };
  board.addEventListener("click", onClick, true);
  board.classList.toggle("eg-story-mode", kit.store.get().storyMode);
  const unsubscribe = kit.store.subscribe((changed) => {
    if (changed.includes("storyMode"))
      board.classList.toggle("eg-story-mode", kit.store.get().storyMode);
  });
  return () => {
    board.removeEventListener("click", onClick, true);
    unsubscribe();
  };
}

/** How the board names a thing: its `data-story-label`, else its tooltip up to a comma. */
function storyLabel(el: Element): string {
  const own = el.getAttribute("data-story-label");
  if (own) return own;
  const title = [...el.children].find((c) => c.tagName.toLowerCase() === "title");
  return (title?.textContent ?? "").split(",")[0].trim();
}

export const whyPanel: PartSpec = { make, traits: ["status"], ui: ["whyRev", "storyMode"] };
