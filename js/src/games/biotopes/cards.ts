/** Species cards (in hand, in the rivers, in Ecosystems), Biotope cards, and the rivers. */
import { type LegalAction, h } from "../../kit";
import type { Clickable, Touched } from "./highlight";
import {
  BIOTOPE_FILL,
  BIOTOPE_LABEL,
  DECK_LABEL,
  DECK_ORDER,
  DECK_STARS,
  TYPE_LABEL,
  biotopeBadge,
  cube,
  cubeRow,
  cubeTotal,
  typeBadge,
} from "./look";
import type { TargetKey } from "./targets";
import type { BiotopeFace, BiotopeSlot, BiotopesView, SpeciesFace } from "./types";

const ICON_WORD: Record<string, string> = { action: "Action", reaction: "Reaction" };

export function speciesName(id: string, faces: Record<string, SpeciesFace>): string {
  return faces[id]?.name ?? id;
}

/** The words a card says, for its title and aria-label. */
export function speciesSummary(face: SpeciesFace): string {
  const diet = face.diet.map((t) => TYPE_LABEL[t] ?? t).join(" + ");
  return (
    `${face.name}: ${TYPE_LABEL[face.type] ?? face.type}, ${BIOTOPE_LABEL[face.biotope] ?? face.biotope}, ` +
    `${DECK_LABEL[face.deck] ?? face.deck} (${face.vp} VP); diet ${diet}. ${face.keyword}: ${face.text}`
  );
}

export interface CardOptions {
  testid: string;
  touched: Touched;
  clickable: Clickable;
  key: TargetKey | null;
  /** The cubes on the card (a card in an Ecosystem). */
  cubes?: Record<string, number>;
  /** Show the effect's full text on the card (hand and rivers), not only in its title. */
  full?: boolean;
  selected?: boolean;
  /** The card the decision is about (the card that reacts, the card played, the hunter). */
  focus?: boolean;
}

/** A Species card: biotope colour band, name, deck stars, type, diet, effect, cubes. */
export function speciesCard(
  id: string,
  face: SpeciesFace | undefined,
  opts: CardOptions,
): HTMLElement {
  if (!face) {
    return h(
      "div",
      { class: "bt-card bt-unknown", "data-testid": opts.testid, "data-card": id },
      id,
    );
  }
  const n = cubeTotal(opts.cubes);
  const card = h("div", {
    class: `bt-card bt-species${opts.full ? " bt-full" : ""}`,
    "data-testid": opts.testid,
    "data-card": id,
    // story mode (kit/why.ts): a card's id is `card:<its id>` (the engine's identities, D43)
    "data-story": `card:${id}`,
    "data-story-label": `the ${face.name} card`,
    "data-biotope": face.biotope,
    "data-type": face.type,
    "data-deck": face.deck,
    "data-cubes": opts.cubes ? String(n) : null,
    "data-highlight": String(opts.touched.cards.has(id)),
    "data-selected": opts.selected ? "true" : null,
    "data-focus": opts.focus ? "true" : null,
    title: speciesSummary(face),
    style: `--bt-band:${BIOTOPE_FILL[face.biotope] ?? "#ccc"}`,
  });
  card.append(
    h(
      "div",
      { class: "bt-card-head" },
      biotopeBadge(face.biotope),
      h("span", { class: "bt-card-name" }, face.name),
      h("span", { class: "bt-stars", title: `${face.vp} VP` }, DECK_STARS[face.deck] ?? ""),
    ),
    h("div", { class: "bt-card-line" }, typeBadge(face.type, true)),
    h(
      "div",
      { class: "bt-card-line bt-diet", title: "Diet: the cubes recycled to play it" },
      h("span", { class: "eg-muted" }, "eats "),
      ...face.diet.map((t) => typeBadge(t)),
    ),
    h(
      "div",
      { class: `bt-effect bt-effect-${face.icon ?? "passive"}` },
      face.icon ? h("span", { class: "bt-icon" }, ICON_WORD[face.icon]) : null,
      h("span", { class: "bt-keyword" }, face.keyword),
      opts.full ? h("span", { class: "bt-effect-text" }, face.text) : null,
    ),
  );
  if (opts.cubes) {
    card.append(
      h(
        "div",
        { class: "bt-card-cubes", "data-testid": `${opts.testid}-cubes` },
        n ? cubeRow(opts.cubes) : h("span", { class: "eg-muted" }, "no cube"),
      ),
    );
  }
  if (opts.key) opts.clickable(card, opts.key, face.name);
  return card;
}

/** A Biotope card heading an Ecosystem row, with its Plants cubes. */
export function biotopeCard(
  slot: BiotopeSlot,
  face: BiotopeFace | undefined,
  opts: { testid: string; touched: Touched; clickable: Clickable; key: TargetKey },
): HTMLElement {
  const colour = { mountains: "gray", forests: "green", grasslands: "yellow", wetlands: "blue" }[
    slot.biotope
  ];
  const label = BIOTOPE_LABEL[slot.biotope] ?? slot.biotope;
  const advanced = slot.side === "advanced" && face;
  const card = h("div", {
    class: "bt-card bt-biotope-card",
    "data-testid": opts.testid,
    "data-card": slot.card ?? "",
    "data-biotope": slot.biotope,
    "data-cubes": String(slot.cubes),
    "data-highlight": String(slot.card !== null && opts.touched.cards.has(slot.card)),
    title: advanced
      ? `${label} Biotope card, ${face.name}: ${face.text} It holds ${slot.cubes} Plants cube(s).`
      : `${label} Biotope card (basic side: produces Plants cubes). It holds ${slot.cubes} Plants cube(s).`,
    style: `--bt-band:${BIOTOPE_FILL[slot.biotope] ?? "#ccc"}`,
  });
  card.append(
    h(
      "div",
      { class: "bt-card-head" },
      biotopeBadge(slot.biotope),
      h("span", { class: "bt-card-name" }, label),
    ),
    advanced
      ? h("div", { class: "bt-effect" }, h("span", { class: "bt-keyword" }, face.name))
      : h("div", { class: "bt-card-line eg-muted" }, typeBadge("plants", true)),
    h(
      "div",
      { class: "bt-card-cubes", "data-testid": `${opts.testid}-cubes` },
      slot.cubes > 0 && colour
        ? cubeRow(slot.colours ?? { [colour]: slot.cubes })
        : h("span", { class: "eg-muted" }, "no cube"),
    ),
  );
  opts.clickable(card, opts.key, `${label} Biotope card`);
  return card;
}

/** The three decks, each with its river of face-up cards, deck and discard pile. */
export function drawRivers(
  view: BiotopesView,
  faces: Record<string, SpeciesFace>,
  targets: Map<TargetKey, LegalAction[]>,
  touched: Touched,
  clickable: Clickable,
): HTMLElement {
  const box = h("div", { class: "bt-rivers", "data-testid": "rivers" });
  for (const deck of DECK_ORDER) {
    const river = view.rivers[deck] ?? [];
    const left = view.decks[deck] ?? 0;
    const pile = h(
      "div",
      {
        class: "bt-deck",
        "data-testid": `deck-${deck}`,
        "data-count": String(left),
        "data-discards": String(view.discards[deck] ?? 0),
        title: `${DECK_LABEL[deck]} deck: ${left} card(s), ${view.discards[deck] ?? 0} discarded`,
      },
      h("span", { class: "bt-stars" }, DECK_STARS[deck]),
      h("strong", {}, DECK_LABEL[deck]),
      h("span", {}, `${left} in the deck`),
      h("span", { class: "eg-muted" }, `${view.discards[deck] ?? 0} discarded`),
    );
    clickable(pile, `deck:${deck}`, `the top of the ${DECK_LABEL[deck]} deck`);
    const row = h(
      "div",
      { class: "bt-river", "data-testid": `river-${deck}`, "data-deck": deck },
      pile,
      ...river.map((card, slot) =>
        speciesCard(card, faces[card], {
          testid: `river-${deck}-${slot}`,
          touched,
          clickable,
          key: targets.has(`river:${deck}:${slot}`) ? `river:${deck}:${slot}` : null,
          full: true,
        }),
      ),
    );
    if (!river.length) row.append(h("span", { class: "eg-muted" }, "(no river yet)"));
    box.append(row);
  }
  return box;
}

/** The reserve of cubes (clickable in Solo Mode, when a Predatory Species takes one). */
export function drawReserve(view: BiotopesView, clickable: Clickable): HTMLElement {
  const box = h("div", { class: "bt-reserve", "data-testid": "reserve" });
  box.append(h("span", { class: "bt-label" }, "Reserve: "));
  for (const colour of ["gray", "green", "yellow", "blue"]) {
    const n = view.reserve[colour] ?? 0;
    const chip = h(
      "span",
      {
        class: "bt-reserve-colour",
        "data-testid": `reserve-${colour}`,
        "data-count": String(n),
      },
      cube(colour),
      ` ${n}`,
    );
    clickable(chip, `reserve:${colour}`, `a ${colour} cube from the reserve`);
    box.append(chip);
  }
  return box;
}
