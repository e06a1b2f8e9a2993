/** The middle of the table: Day/Night, the turn, the Event card, the highway, the habitat. */
import { type BoardContext, type LegalAction, h } from "../../kit";
import {
  DIET_SHORT,
  DIET_WORDS,
  activityIcon,
  cardName,
  dayNightIcon,
  eventOf,
  habitatIcon,
  speciesFace,
} from "./cards";
import { type Clickable, type Drawing, roleTag } from "./board";
import type { WildlifeView } from "./types";

const playerName = (ctx: BoardContext, p: number | null): string =>
  p === null ? "" : (ctx.status.players[p] ?? `Player ${p + 1}`);

/** The steps of a turn (RB "Sequence of a Turn"), and which stages belong to each. */
const TURN_STEPS: { label: string; stages: string[] }[] = [
  { label: "Start: swap", stages: ["secure", "swap"] },
  { label: "1 Replace", stages: ["replace"] },
  { label: "3 Event", stages: ["event", "victim", "adopt"] },
  { label: "4 Feed", stages: ["feed"] },
  { label: "5 Mate & Offspring", stages: ["mate"] },
];

/** What the player on turn is asked to do now, in words. */
export function prompt(view: WildlifeView, ctx: BoardContext, faces: Drawing["faces"]): string {
  if (ctx.isReplaying && view.phase !== "over") {
    return "Replaying the last action step by step. Press Forward (or “Back to now” under Actions) to play on.";
  }
  const who = playerName(ctx, view.active);
  const pack = view.active === null ? [] : (view.packs[view.active] ?? []);
  const wild = pack.filter((a) => !a.pet).length;
  const eventName = view.decision
    ? (faces.events[eventOf(view.decision.event)]?.name ?? "The Event")
    : "The Event";
  switch (view.phase) {
    case "setup_roadkill": {
      const left = 4 - view.highway.length;
      const what = left === 4 ? "4 animals" : `${left} more animal${left === 1 ? "" : "s"}`;
      return `Set-up: ${who} (the dealer) puts ${what} of the central habitat on the highway as roadkill, food for scavengers. Click an animal in the central habitat.`;
    }
    case "draft":
      return `Set-up: ${who} selects a Wildlife card for their Pack (${pack.length} of ${view.pack_size}). Click an animal in the central habitat; no two of one species.`;
    case "restock":
      return `Daybreak: fewer than 4 roadkill. ${who} restocks the highway: click an animal in the central habitat.`;
    case "swap":
      return `${who}: you may swap one unmated animal back into the habitat and draw a new one (click it), or keep your Pack.`;
    case "replace":
      return `${who}: replace your missing animals (${wild} of ${view.pack_size} in your Pack). Click an animal in the central habitat, or the Wildlife deck.`;
    case "victim":
      return `${eventName} strikes one of your animals: click the one it takes.`;
    case "adopt":
      return `${eventName}: a pet! Adopt it into your Pack, or leave it.`;
    case "feed":
      return `${who}: feed your active animals, one action each. Click an animal to forage, hunt or scavenge, or click its prey or a roadkill. Then press "Done feeding".`;
    case "mate":
      return `${who}: an animal with food worth its Size may take a mate, a pair may raise an Offspring (click them). Then end the turn.`;
    case "over":
      return view.outcome?.reason ?? "The game is over.";
    default:
      return `${who} to play.`;
  }
}

const WHEN: Record<string, string> = {
  diurnal: "a day card: applies by day",
  nocturnal: "a night card: applies at night",
  both: "applies day or night",
};

export function drawTurnPanel(view: WildlifeView, d: Drawing, buttons: LegalAction[]): HTMLElement {
  const { ctx } = d;
  const dayNight = h(
    "div",
    {
      class: `ww-daynight ${view.day ? "ww-day" : "ww-night"}`,
      "data-testid": "daynight",
      "data-day": String(view.day),
      title: view.day ? d.faces.day_night.day : d.faces.day_night.night,
    },
    dayNightIcon(view.day),
    h(
      "span",
      { class: "ww-daynight-text" },
      h("strong", {}, view.day ? "Day" : "Night"),
      h(
        "span",
        { class: "ww-muted" },
        view.day ? "diurnal & crepuscular animals active" : "nocturnal animals active",
      ),
    ),
  );
  const setup = view.phase === "setup_roadkill" || view.phase === "draft";
  const steps = h("ol", { class: "ww-steps", "aria-label": "Steps of a turn" });
  if (view.phase === "over") {
    steps.hidden = true;
  } else if (setup) {
    steps.append(h("li", { class: "ww-step ww-step-now", "aria-current": "step" }, "▶ Set-up"));
  } else if (view.phase === "restock") {
    steps.append(
      h("li", { class: "ww-step ww-step-now", "aria-current": "step" }, "▶ Restock roadkill"),
    );
  } else {
    for (const step of TURN_STEPS) {
      const now = step.stages.includes(view.phase);
      steps.append(
        h(
          "li",
          {
            class: `ww-step${now ? " ww-step-now" : ""}`,
            "aria-current": now ? "step" : null,
          },
          now ? `▶ ${step.label}` : step.label,
        ),
      );
    }
  }
  const turn = h(
    "div",
    {
      class: "ww-turn",
      "data-testid": "ww-turn",
      "data-phase": view.phase,
      "data-active": view.active === null ? "" : String(view.active),
    },
    h(
      "div",
      { class: "ww-turn-head" },
      view.active === null
        ? h("strong", {}, "Game over")
        : h("strong", {}, `${playerName(ctx, view.active)} to play`),
      h("span", { class: "ww-muted" }, ` · round ${view.round + 1}, turn ${view.turn}`),
    ),
    steps,
  );
  const say = h(
    "p",
    { class: "ww-prompt", "data-testid": "ww-prompt", role: "status" },
    prompt(view, ctx, d.faces),
  );
  const row = h("div", { class: "ww-buttons" });
  for (const a of buttons) {
    const b = h(
      "button",
      {
        type: "button",
        class: `ww-button ww-button-${a.action.type}`,
        "data-testid": `ww-${a.action.type}`,
        disabled: ctx.isReplaying,
      },
      a.label,
    );
    b.addEventListener("click", () => ctx.send({ kind: "act", id: a.id }));
    row.append(b);
  }
  return h(
    "div",
    { class: "ww-panel" },
    h("div", { class: "ww-panel-row" }, dayNight, turn),
    say,
    row.childNodes.length ? row : null,
  );
}

/** The Event card: the one being decided, else the last one read; plus this turn's lasting
 * Events. */
export function drawEventCard(view: WildlifeView, d: Drawing): HTMLElement {
  const { faces } = d;
  const touchedEvent = [...d.touched].find((c) => c.startsWith("e.") && !faces.pets[c]);
  const card =
    view.decision?.event ??
    touchedEvent ??
    view.discards.event[view.discards.event.length - 1] ??
    null;
  const label = view.decision
    ? "Event card (now)"
    : touchedEvent
      ? "Event card (just drawn)"
      : "Last Event card";
  const box = h("section", {
    class: "ww-event",
    "data-testid": "event-card",
    "data-card": card ?? "",
    "data-highlight": String(!!card && d.touched.has(card)),
    "aria-label": "Event card",
  });
  box.append(h("h4", { class: "ww-heading" }, label));
  if (!card) {
    box.append(h("p", { class: "ww-muted" }, "No Event card drawn yet."));
  } else {
    const ev = faces.events[eventOf(card)];
    box.append(
      h(
        "div",
        { class: "ww-event-face" },
        h(
          "div",
          { class: "ww-event-name" },
          activityIcon(ev?.time ?? "both", 14),
          h("strong", {}, ev?.name ?? cardName(card, faces)),
        ),
        h("div", { class: "ww-muted ww-small" }, WHEN[ev?.time ?? ""] ?? ""),
        h("p", { class: "ww-event-text" }, ev?.text ?? ""),
      ),
    );
  }
  const lasting = [...new Set(view.turn_events.map(([c]) => c))];
  if (lasting.length) {
    box.append(
      h(
        "p",
        { class: "ww-lasting", "data-testid": "turn-events" },
        "Lasting this turn: ",
        lasting.map((c) => cardName(c, faces)).join(", "),
      ),
    );
  }
  return box;
}

export function drawHighway(view: WildlifeView, d: Drawing, clickable: Clickable): HTMLElement {
  const road = h("div", {
    class: "ww-road",
    "data-testid": "highway",
    "data-count": String(view.highway.length),
    role: "group",
    "aria-label": "The highway: roadkill for scavengers",
  });
  for (const card of view.highway) {
    const sp = speciesFace(card, d.faces);
    const tile = h(
      "div",
      {
        class: "ww-roadkill",
        "data-testid": `roadkill-${card}`,
        "data-card": card,
        "data-highlight": String(d.touched.has(card)),
      },
      h("span", { class: "ww-roadkill-cross", "aria-hidden": "true" }, "✚"),
      h("strong", {}, sp?.name ?? cardName(card, d.faces)),
      h("span", { class: "ww-muted" }, `food ${sp?.size ?? 1}`),
    );
    roleTag(d, tile, card);
    clickable(tile, `card:${card}`, `${sp?.name ?? card} (roadkill)`);
    road.append(tile);
  }
  for (let i = view.highway.length; i < 4; i++) {
    road.append(h("div", { class: "ww-roadkill ww-roadkill-empty", "aria-hidden": "true" }, ""));
  }
  return h(
    "section",
    { class: "ww-highway", "aria-label": "Highway" },
    h(
      "h4",
      { class: "ww-heading" },
      `Highway: ${view.highway.length} roadkill `,
      h("span", { class: "ww-muted" }, `(${view.highway_cards.join(" · ")})`),
    ),
    road,
  );
}

export function drawHabitat(view: WildlifeView, d: Drawing, clickable: Clickable): HTMLElement {
  const grid = h("div", {
    class: "ww-habitat-grid",
    "data-testid": "habitat",
    "data-count": String(view.habitat.length),
    role: "group",
    "aria-label": "The central habitat",
  });
  // sorted by name, so the two cards of a species lie side by side
  const name = (species: string) => d.faces.species[species]?.name ?? species;
  const tiles = [...view.habitat].sort((a, b) => name(a.species).localeCompare(name(b.species)));
  for (const hc of tiles) {
    const sp = d.faces.species[hc.species];
    const tile = h(
      "div",
      {
        class: `ww-tile${hc.active ? "" : " ww-asleep"}`,
        "data-testid": `habitat-${hc.card}`,
        "data-card": hc.card,
        "data-story": hc.id ?? null,
        "data-story-label": hc.id ? `${sp?.name ?? hc.species} (central habitat)` : null,
        "data-species": hc.species,
        "data-active": String(hc.active),
        "data-pair": String(hc.pair),
        "data-highlight": String(d.touched.has(hc.card)),
        title: sp ? `${sp.name} (${sp.scientific}): ${sp.about}` : hc.species,
      },
      h("div", { class: "ww-tile-name" }, sp?.name ?? hc.species),
      h(
        "div",
        { class: "ww-tile-row" },
        activityIcon(sp?.activity ?? "both", 12),
        h("span", { class: "ww-stat" }, `Size ${sp?.size ?? "?"}`),
        h("span", { class: "ww-stat" }, `Pow ${sp?.power ?? "?"}`),
      ),
      h(
        "div",
        { class: "ww-tile-row" },
        ...(sp?.habitats ?? []).map((x) => habitatIcon(x, 12)),
        h(
          "span",
          {
            class: "ww-diet-short",
            title: (sp?.diet ?? []).map((x) => DIET_WORDS[x] ?? x).join(", "),
          },
          (sp?.diet ?? []).map((x) => DIET_SHORT[x] ?? x).join("/"),
        ),
      ),
      hc.active ? null : h("span", { class: "ww-tag ww-tag-asleep" }, "zZ asleep"),
      hc.pair ? h("span", { class: "ww-tag ww-tag-pair" }, "♥ pair here") : null,
    );
    roleTag(d, tile, hc.card);
    clickable(tile, `card:${hc.card}`, `${sp?.name ?? hc.species} in the central habitat`);
    grid.append(tile);
  }
  return h(
    "section",
    { class: "ww-habitat", "aria-label": "Central habitat" },
    h("h4", { class: "ww-heading" }, `Central habitat: ${view.habitat.length} animals`),
    grid,
  );
}

export function drawDecks(view: WildlifeView, clickable: Clickable): HTMLElement {
  const wildlife = h(
    "div",
    {
      class: "ww-deck",
      "data-testid": "deck-wildlife",
      "data-count": String(view.decks.wildlife),
    },
    h("strong", {}, String(view.decks.wildlife)),
    " Wildlife deck",
  );
  clickable(wildlife, "deck:wildlife", "the Wildlife deck");
  const pile = (testid: string, n: number, text: string) =>
    h(
      "div",
      { class: "ww-deck", "data-testid": testid, "data-count": String(n) },
      h("strong", {}, String(n)),
      ` ${text}`,
    );
  return h(
    "div",
    { class: "ww-decks", "aria-label": "Decks" },
    wildlife,
    pile("discard-wildlife", view.discards.wildlife.length, "Wildlife discards"),
    pile("deck-event", view.decks.event, "Event deck"),
    pile("deck-forage", view.decks.forage, "Forage cards"),
    pile("deck-offspring", view.decks.offspring, "Offspring cards"),
  );
}
