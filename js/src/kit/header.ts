/** The header: title, players (current one marked), phase and turn, and the outcome banner. */
import { button, h } from "./dom";
import type { Kit, Part, PartSpec } from "./kit";
import type { Status } from "./types";

const playerName = (status: Status, i: number): string => status.players[i] ?? `Player ${i + 1}`;

function listNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The sentence for the outcome banner, or null while the game goes on. */
export function outcomeText(status: Status): string | null {
  const o = status.outcome;
  if (!o) return status.is_over ? "Game over." : null;
  const winners = o.winners.map((w) => playerName(status, w));
  let head: string;
  if (status.cooperative) head = winners.length ? "The team wins!" : "The team loses.";
  else if (winners.length === 0) head = "Game over: nobody wins.";
  else if (winners.length === 1) head = `${winners[0]} wins!`;
  else if (winners.length === status.players.length) head = `Draw: ${listNames(winners)} tie.`;
  else head = `${listNames(winners)} win!`;
  const scores = o.scores.length
    ? ` Scores: ${o.scores.map((sc, i) => `${playerName(status, i)} ${sc}`).join(", ")}.`
    : "";
  const sentence = o.reason.charAt(0).toUpperCase() + o.reason.slice(1);
  const reason = o.reason ? ` ${/[.!?]$/.test(sentence) ? sentence : `${sentence}.`}` : "";
  return head + scores + reason;
}

function make(kit: Kit): Part {
  const title = h("h3", { class: "eg-title", "data-testid": "title" });
  const players = h("ol", {
    class: "eg-players",
    "data-testid": "players",
    "aria-label": "Players",
  });
  const phase = h("span", { class: "eg-phase", "data-testid": "phase" });
  const turn = h("span", { class: "eg-turn", "data-testid": "turn" });
  const outcomeText_ = h("span", { class: "eg-outcome-text", "data-testid": "outcome-text" });
  // Why? beside the outcome: Python walks back the causal chain that decided it (why.ts)
  const why = button("Why?", "why-outcome", () => kit.send({ kind: "why", question: "outcome" }), {
    class: "eg-why-ask",
    title: "Why did the game end so? The chain of events that decided it",
  });
  const outcome = h(
    "div",
    { class: "eg-outcome", "data-testid": "outcome", role: "status" },
    outcomeText_,
    why,
  );
  const el = h(
    "header",
    { class: "eg-header" },
    h("div", { class: "eg-header-row" }, title, h("div", { class: "eg-meta" }, phase, turn)),
    players,
    outcome,
  );

  function update(): void {
    const { title: text, game, status, bots } = kit.traits;
    title.textContent = text || game || "Game";
    phase.textContent = status.phase ? `Phase: ${status.phase}` : "";
    phase.hidden = !status.phase;
    turn.textContent = `Moves played: ${status.turn}`;

    const winners = new Set(status.outcome?.winners ?? []);
    players.replaceChildren(
      ...status.players.map((name, i) => {
        const current = !status.is_over && status.current_player === i;
        const result = status.outcome ? (winners.has(i) ? "won" : "lost") : null;
        const bot = bots[String(i)];
        return h(
          "li",
          {
            class: "eg-player",
            "data-testid": `player-${i}`,
            "data-current": current ? "true" : "false",
            "data-result": result,
            "aria-current": current ? "true" : null,
          },
          h("span", { class: "eg-player-marker", "aria-hidden": "true" }, current ? "▶" : ""),
          h("span", { class: "eg-player-name" }, name),
          bot ? h("span", { class: "eg-badge" }, `bot: ${bot}`) : null,
          current ? h("span", { class: "eg-badge eg-badge-turn" }, "to play") : null,
          result ? h("span", { class: `eg-badge eg-badge-${result}` }, result) : null,
        );
      }),
    );

    const text2 = outcomeText(status);
    outcome.hidden = text2 === null;
    outcomeText_.textContent = text2 ? `${winners.size ? "★ " : ""}${text2}` : "";
    why.hidden = !status.is_over;
    outcome.dataset.winners = [...winners].join(",");
    outcome.dataset.over = status.is_over || status.outcome ? "true" : "false";
  }

  return { el, update };
}

export const header: PartSpec = { make, traits: ["title", "game", "status", "bots"], ui: [] };
