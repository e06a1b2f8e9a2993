/** A player's Ecosystem board: the action spaces with the cubes paid to them, and four rows,
 * each a Biotope card followed by the Species cards played in that biotope. */
import { type LegalAction, h } from "../../kit";
import { biotopeCard, speciesCard } from "./cards";
import type { Clickable, Touched } from "./highlight";
import { ACTION_LABEL, BIOTOPE_LABEL, cubeRow, cubeTotal, plural, tokenChip } from "./look";
import type { TargetKey } from "./targets";
import type { BiotopesLayout, BiotopesView, Ecosystem } from "./types";

const SPACES = [
  "adaptation",
  "reproduction",
  "transfer",
  "evolution",
  "expansion",
  "competition",
  "migration",
];

const SPACE_COST: Record<string, string> = {
  adaptation: "recycle the diet; any number of times",
  reproduction: "an Invertebrates or Reptiles & Amphibians cube",
  transfer: "any cube",
  evolution: "1 to 5 cubes of different types",
  expansion: "a Plants cube of the hex's colour",
  competition: "a Mammals or Birds cube of the hex's colour",
  migration: "a Birds or Reptiles & Amphibians cube of the hex's colour",
};

export interface EcosystemOptions {
  targets: Map<TargetKey, LegalAction[]>;
  touched: Touched;
  clickable: Clickable;
  /** The player who decides now (whose cards the pay/place/use targets are). */
  me: number | null;
  /** The card chosen to move a cube from ("row:col"). */
  source: string | null;
  isBot: boolean;
  /** Cards the decision now is about (see CardOptions.focus). */
  focus: Set<string>;
}

export function drawEcosystem(
  view: BiotopesView,
  eco: Ecosystem,
  layout: BiotopesLayout,
  opts: EcosystemOptions,
): HTMLElement {
  const { targets, touched, clickable, me, source } = opts;
  const p = eco.player;
  const current = view.current_player === p;
  const species = layout.species ?? {};
  const biotopeFaces = layout.biotope_cards ?? {};
  const cards = eco.rows.reduce((n, row) => n + row.length, 0);
  const box = h("section", {
    class: `bt-eco${current ? " bt-current" : ""}`,
    "data-testid": `eco-${p}`,
    "data-player": String(p),
    "data-current": String(current),
    "data-passed": String(eco.passed),
    "data-tokens": String(eco.tokens),
    "data-hand": String(eco.hand_size),
    "data-bag": String(eco.bag_size),
    "data-highlight": String(touched.players.has(p)),
    "aria-label": `${eco.name}'s Ecosystem`,
  });
  const badges = [
    current ? h("span", { class: "bt-to-play" }, "to play") : null,
    eco.passed ? h("span", { class: "bt-passed" }, "passed") : null,
    opts.isBot ? h("span", { class: "bt-bot" }, "bot") : null,
    view.initiative === p ? h("span", { class: "bt-initiative" }, "Initiative") : null,
  ];
  const bag = eco.bag
    ? h(
        "span",
        { class: "bt-bag", "data-testid": `bag-${p}` },
        "bag: ",
        eco.bag_size ? cubeRow(eco.bag, 1) : "empty",
      )
    : h(
        "span",
        { class: "bt-bag", "data-testid": `bag-${p}` },
        `bag: ${plural(eco.bag_size, "cube")}`,
      );
  box.append(
    h(
      "div",
      { class: "bt-eco-head" },
      tokenChip(p, eco.colour),
      h("strong", {}, `${eco.name}'s Ecosystem`),
      ...badges,
    ),
    h(
      "p",
      { class: "bt-eco-stats" },
      `${plural(eco.territories.length, "territory")} · ${plural(eco.tokens, "token")} left to place · ` +
        `${plural(cards, "Species card")} · hand ${eco.hand_size} · `,
      bag,
    ),
  );

  // the action spaces
  const spaces = h("div", { class: "bt-spaces", "data-testid": `spaces-${p}` });
  for (const space of SPACES) {
    const paid = eco.spaces[space] ?? null;
    const used = eco.uses[space] ?? 0;
    const key = `space:${space}`;
    const el = h(
      "div",
      {
        class: "bt-space",
        "data-testid": `space-${p}-${space}`,
        "data-space": space,
        "data-used": String(used),
        title: `${ACTION_LABEL[space]}: pay ${SPACE_COST[space]}${space === "adaptation" ? "" : "; once per cycle"}`,
      },
      h("span", { class: "bt-space-name" }, ACTION_LABEL[space]),
      paid && cubeTotal(paid) ? cubeRow(paid, 2) : null,
      used ? h("span", { class: "bt-used" }, used > 1 ? `used ×${used}` : "used") : null,
    );
    if (current) clickable(el, key, `${ACTION_LABEL[space]} (${SPACE_COST[space]})`);
    spaces.append(el);
  }
  box.append(spaces);

  // the four rows
  eco.biotopes.forEach((slot, r) => {
    const row = h("div", {
      class: "bt-row",
      "data-testid": `row-${p}-${r}`,
      "data-biotope": slot.biotope,
      "aria-label": `${eco.name}'s ${BIOTOPE_LABEL[slot.biotope]} row`,
    });
    // a card is the target of its own actions, or else where a cube may be moved from
    const keyOf = (c: number): TargetKey => {
      const cardKey = `card:${p}:${r}:${c}`;
      const srcKey = `src:${r}:${c}`;
      return p === me && !targets.has(cardKey) && targets.has(srcKey) ? srcKey : cardKey;
    };
    row.append(
      biotopeCard(slot, slot.card ? biotopeFaces[slot.card] : undefined, {
        testid: `card-${p}-${r}--1`,
        touched,
        clickable,
        key: keyOf(-1),
      }),
    );
    // the Species cards wrap under each other rather than scroll out of sight
    const cards = h("div", { class: "bt-row-cards" });
    (eco.rows[r] ?? []).forEach((entry, c) => {
      const key = keyOf(c);
      cards.append(
        speciesCard(entry.card, species[entry.card], {
          testid: `card-${p}-${r}-${c}`,
          touched,
          clickable,
          key,
          cubes: entry.cubes,
          selected: p === me && source === `${r}:${c}`,
          focus: opts.focus.has(entry.card),
        }),
      );
    });
    row.append(cards);
    box.append(row);
  });
  return box;
}
