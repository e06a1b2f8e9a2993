/**
 * Dice duels, read from the cascade's events up to the step shown: a hunt (Power + abilities +
 * one die against the prey's), a scavenge (Agility + die against the highway's die), a steal
 * contest, and a prey that tries to hide first. Both rolls are drawn as dice with their sums.
 */
import { type GameEvent, h } from "../../kit";
import { dieFace } from "./cards";

const STARTS = new Set(["hunt", "scavenge", "steal"]);
const PARTS = new Set(["roll", "tie", "reroll", "hide", "hide_fail", "eat", "escape", "traffic"]);

export interface Side {
  name: string;
  /** The score before its die, every bonus named: "Power 14 + 3 Digger" (null: unread). */
  base: string | null;
  die: number;
  total: number | null;
}

export type DuelRow =
  | { kind: "roll"; index: number; a: Side; b: Side }
  | { kind: "hide"; index: number; die: number; text: string; hid: boolean }
  | { kind: "note"; index: number; text: string };

export interface Duel {
  kind: string;
  title: string;
  /** The cards of the duel by role ("hunter", "prey", ...), from its first event. */
  roles: Map<string, string>;
  rows: DuelRow[];
  /** The last sentence once the duel is decided; null while it goes on. */
  result: { text: string; fed: boolean } | null;
}

/** What each card of a duel's first event is, in the order the rules name them. */
const ROLES: Record<string, string[]> = {
  hunt: ["hunter", "prey"],
  scavenge: ["scavenger", "carrion"],
  steal: ["thief", "robbed", "meal"],
};

/** "Badger: Power 14 + 3 Digger + die 6 = 23; Squirrel: Power 11 + die 1 = 12" (the engine
 * names every bonus; the highway has its die alone: "Highway: die 6 = 6"). */
const ROLL = /^(.+?): (?:(.+?) \+ )?die (\d+) = (-?\d+); (.+?): (?:(.+?) \+ )?die (\d+) = (-?\d+)$/;

const diceOf = (e: GameEvent): number[] =>
  Array.isArray(e.touched?.dice) ? (e.touched.dice as unknown[]).map(Number) : [];

/** One roll event as two sides (the sentence gives names and sums; the dice field the faces). */
export function parseRoll(e: GameEvent): { a: Side; b: Side } {
  const dice = diceOf(e);
  const m = ROLL.exec(e.text);
  if (m) {
    return {
      a: { name: m[1], base: m[2] ?? "", die: Number(m[3]), total: Number(m[4]) },
      b: { name: m[5], base: m[6] ?? "", die: Number(m[7]), total: Number(m[8]) },
    };
  }
  return {
    a: { name: "Hunter", base: null, die: dice[0] ?? 0, total: null },
    b: { name: "Other side", base: null, die: dice[1] ?? 0, total: null },
  };
}

/** The duel of the cascade as far as step `upto` (an event index), or null if none. */
export function duelOf(events: GameEvent[], upto: number): Duel | null {
  const last = Math.min(upto, events.length - 1);
  let start = -1;
  for (let i = last; i >= 0; i--) {
    if (STARTS.has(events[i].kind)) {
      start = i;
      break;
    }
  }
  if (start < 0) return null;
  const cards = Array.isArray(events[start].touched?.cards)
    ? (events[start].touched.cards as unknown[]).map(String)
    : [];
  const names = ROLES[events[start].kind] ?? [];
  const roles = new Map<string, string>();
  cards.forEach((c, i) => {
    if (names[i]) roles.set(c, names[i]);
  });
  const duel: Duel = {
    kind: events[start].kind,
    title: events[start].text,
    roles,
    rows: [],
    result: null,
  };
  for (let i = start + 1; i <= last; i++) {
    const e = events[i];
    if (!PARTS.has(e.kind)) continue;
    if (e.kind === "roll") duel.rows.push({ kind: "roll", index: i, ...parseRoll(e) });
    else if (e.kind === "hide" || e.kind === "hide_fail") {
      duel.rows.push({
        kind: "hide",
        index: i,
        die: diceOf(e)[0] ?? 0,
        text: e.text,
        hid: e.kind === "hide",
      });
      if (e.kind === "hide") duel.result = { text: e.text, fed: false };
    } else if (e.kind === "tie" || e.kind === "reroll") {
      duel.rows.push({ kind: "note", index: i, text: e.text });
    } else {
      duel.result = { text: e.text, fed: e.kind === "eat" };
    }
  }
  return duel;
}

function side(sd: Side, who: "hunter" | "prey", won: boolean | null): HTMLElement {
  const sum =
    sd.base !== null && sd.total !== null
      ? `${sd.base ? `${sd.base} + ` : ""}die ${sd.die} = ${sd.total}`
      : `${sd.die}`;
  return h(
    "div",
    {
      class: `ww-duel-side ww-duel-${who}`,
      "data-testid": `duel-${who}`,
      "data-die": String(sd.die),
      "data-total": sd.total === null ? "" : String(sd.total),
      "data-won": won === null ? "" : String(won),
    },
    dieFace(sd.die, who),
    h(
      "span",
      { class: "ww-duel-text" },
      h("strong", {}, sd.name),
      h("span", { class: "ww-duel-sum" }, sum),
      won ? h("span", { class: "ww-duel-win" }, "▲ higher") : null,
    ),
  );
}

/** The duel panel: the start, each roll (both dice and sums), and the result. */
export function drawDuel(duel: Duel, shownIndex: number): HTMLElement {
  const box = h("section", {
    class: "ww-duel",
    "data-testid": "duel",
    "data-kind": duel.kind,
    "data-rolls": String(duel.rows.filter((r) => r.kind === "roll").length),
    "data-result": duel.result ? (duel.result.fed ? "fed" : "hungry") : "",
    "aria-label": "Dice duel",
  });
  const heads: Record<string, string> = {
    hunt: "Hunt: Power + abilities + one die each",
    scavenge: "Scavenge: Agility + one die against the highway's die",
    steal: "Steal: one die each",
  };
  box.append(
    h("h4", { class: "ww-heading" }, heads[duel.kind] ?? "Dice"),
    h("p", { class: "ww-duel-title" }, duel.title),
  );
  for (const row of duel.rows) {
    const current = row.index === shownIndex;
    if (row.kind === "roll") {
      const { a, b } = row;
      const aWon = a.total !== null && b.total !== null ? a.total > b.total : null;
      const bWon = a.total !== null && b.total !== null ? b.total > a.total : null;
      box.append(
        h(
          "div",
          {
            class: `ww-duel-roll${current ? " ww-current" : ""}`,
            "data-testid": "duel-roll",
            "data-highlight": String(current),
          },
          side(a, "hunter", aWon),
          h("span", { class: "ww-duel-vs" }, a.total === b.total ? "= tie" : "vs"),
          side(b, "prey", bWon),
        ),
      );
    } else if (row.kind === "hide") {
      box.append(
        h(
          "div",
          {
            class: `ww-duel-roll ww-duel-hide${current ? " ww-current" : ""}`,
            "data-testid": "duel-hide",
            "data-highlight": String(current),
          },
          dieFace(row.die, "single"),
          h("span", { class: "ww-duel-text" }, row.text),
        ),
      );
    } else {
      box.append(h("p", { class: `ww-duel-note${current ? " ww-current" : ""}` }, `↻ ${row.text}`));
    }
  }
  if (duel.result) {
    box.append(
      h(
        "p",
        {
          class: `ww-duel-result ${duel.result.fed ? "ww-fed" : "ww-hungry"}`,
          "data-testid": "duel-result",
        },
        duel.result.fed ? "✔ " : "✘ ",
        duel.result.text,
      ),
    );
  }
  return box;
}
