/** Each player's Pack: animal cards with their stats, food, mate and Offspring progress. */
import { type BoardContext, h } from "../../kit";
import {
  ACTIVITY_WORDS,
  DIET_WORDS,
  HABITAT_WORDS,
  activityIcon,
  cardName,
  eventOf,
  foodValue,
  habitatIcon,
} from "./cards";
import { type Clickable, type Drawing, roleTag } from "./board";
import type { PackAnimal, WildlifeView } from "./types";

const playerName = (ctx: BoardContext, p: number): string =>
  ctx.status.players[p] ?? `Player ${p + 1}`;

/** The Packs of `seats`, in that order. */
export function drawPacks(
  view: WildlifeView,
  d: Drawing,
  clickable: Clickable,
  seats: number[],
  label: string,
): HTMLElement {
  const box = h("section", { class: "ww-packs", "aria-label": label });
  for (const p of seats) box.append(drawPack(view, d, p, view.packs[p] ?? [], clickable));
  return box;
}

function drawPack(
  view: WildlifeView,
  d: Drawing,
  p: number,
  pack: PackAnimal[],
  clickable: Clickable,
): HTMLElement {
  const { ctx, faces } = d;
  const onTurn = view.active === p;
  const raised = view.secured[p] ?? [];
  const held = view.held_event[p] ?? null;
  const head = h(
    "div",
    { class: "ww-pack-head" },
    h(
      "strong",
      { class: "ww-pack-name" },
      onTurn ? "▶ " : "",
      `${playerName(ctx, p)}'s Pack`,
      onTurn ? " (to play)" : "",
    ),
    h(
      "span",
      {
        class: "ww-raised",
        "data-testid": `raised-${p}`,
        "data-count": String(raised.length),
        title: raised.length
          ? `Families secured: ${raised.map((f) => cardName(f.cards[0], faces)).join(", ")}`
          : "No family secured yet",
      },
      "Offspring raised: ",
      ...Array.from({ length: view.target }, (_, i) =>
        h(
          "span",
          {
            class: `ww-raised-pip${i < raised.length ? " ww-raised-on" : ""}`,
            "aria-hidden": "true",
          },
          i < raised.length ? "★" : "☆",
        ),
      ),
      ` ${raised.length} of ${view.target}`,
      raised.length ? ` (${raised.map((f) => cardName(f.cards[0], faces)).join(", ")})` : "",
    ),
  );
  const heldBox =
    held === null
      ? null
      : h(
          "div",
          {
            class: `ww-held${held === "hidden" ? " ww-held-hidden" : ""}`,
            "data-testid": `held-${p}`,
            "data-hidden": String(held === "hidden"),
          },
          held === "hidden"
            ? "An Event card held upside down (hidden): applies on their next turn."
            : `Held upside down for your next turn: ${faces.events[eventOf(held)]?.name ?? "Event"}: ${faces.events[eventOf(held)]?.text ?? ""}`,
        );
  const cards = h("div", { class: "ww-pack-cards" });
  for (const a of pack) cards.append(drawAnimal(view, d, p, a, clickable));
  if (!pack.length) cards.append(h("p", { class: "ww-muted" }, "No animals yet."));
  return h(
    "div",
    {
      class: `ww-pack${onTurn ? " ww-pack-turn" : ""}`,
      "data-testid": `pack-${p}`,
      "data-count": String(pack.length),
      "data-turn": String(onTurn),
    },
    head,
    heldBox,
    cards,
  );
}

/** What the food gathered now goes towards (RB: Size in food for each of the three). */
function goal(a: PackAnimal): string {
  if (a.offspring) return "to raise the Offspring";
  if (a.mate) return "to have an Offspring";
  return "to take a mate";
}

function drawAnimal(
  view: WildlifeView,
  d: Drawing,
  p: number,
  a: PackAnimal,
  clickable: Clickable,
): HTMLElement {
  const { faces } = d;
  const sp = faces.species[a.species];
  const mine = view.active === p;
  const touched = d.touched.has(a.card) || (a.mate !== null && d.touched.has(a.mate));
  const enough = a.food_value >= a.need;
  const card = h("div", {
    class: `ww-animal${a.mate ? " ww-mated" : ""}${a.active ? "" : " ww-asleep"}${a.acted ? " ww-acted" : ""}`,
    "data-testid": `animal-${a.card}`,
    "data-card": a.card,
    // story mode (kit/why.ts): a click on the card tells this animal's life
    "data-story": a.id ?? null,
    "data-story-label": a.id ? `${playerName(d.ctx, p)}'s ${a.name}` : null,
    "data-species": a.species,
    "data-owner": String(p),
    "data-mate": a.mate ?? "",
    "data-food": String(a.food_value),
    "data-need": String(a.need),
    "data-offspring": a.offspring ? (a.mature ? "mature" : "raising") : "none",
    "data-active": String(a.active),
    "data-acted": String(a.acted),
    "data-highlight": String(touched),
  });
  card.append(
    h(
      "div",
      { class: "ww-animal-head" },
      h("strong", { class: "ww-animal-name" }, a.name),
      a.pet ? h("span", { class: "ww-tag" }, "pet") : null,
      activityIcon(sp?.activity ?? "both", 14),
    ),
    h("div", { class: "ww-sci" }, sp?.scientific ?? ""),
    h(
      "div",
      { class: "ww-stats", "aria-label": "Size, Strength, Speed, Agility, Power" },
      stat("Size", sp?.size),
      stat("Str", sp?.strength),
      stat("Spd", sp?.speed),
      stat("Agi", sp?.agility),
      stat("Power", sp?.power, true),
    ),
    h(
      "div",
      { class: "ww-animal-row" },
      ...(sp?.habitats ?? []).map((x) => habitatIcon(x, 14)),
      h("span", { class: "ww-diet" }, (sp?.diet ?? []).map((x) => DIET_WORDS[x] ?? x).join(", ")),
    ),
    h(
      "div",
      { class: "ww-muted ww-small" },
      `${ACTIVITY_WORDS[sp?.activity ?? ""] ?? ""} · ${(sp?.habitats ?? []).map((x) => HABITAT_WORDS[x] ?? x).join(", ")}`,
    ),
  );
  const abilities = h("ul", { class: "ww-abilities" });
  for (const ab of sp?.abilities ?? []) {
    abilities.append(
      h(
        "li",
        { title: ab.text },
        h("strong", {}, ab.name),
        mine ? h("span", { class: "ww-ability-text" }, `: ${ab.text}`) : null,
      ),
    );
  }
  card.append(abilities);

  // food: a bar of food value against the Size, and the food cards
  const bar = h("div", {
    class: `ww-foodbar${enough ? " ww-enough" : ""}`,
    role: "img",
    "aria-label": `food ${a.food_value} of ${a.need}`,
  });
  for (let i = 0; i < Math.max(a.need, a.food_value); i++) {
    bar.append(
      h("span", {
        class: `ww-food-pip${i < a.food_value ? " ww-food-on" : ""}${i >= a.need ? " ww-food-extra" : ""}`,
      }),
    );
  }
  const foods = h("div", { class: "ww-foods" });
  for (const f of a.food) {
    const chip = h(
      "span",
      {
        class: `ww-food ${f.startsWith("f.") ? "ww-food-forage" : "ww-food-animal"}`,
        "data-testid": `food-${f}`,
        "data-card": f,
        "data-highlight": String(d.touched.has(f)),
      },
      f.startsWith("f.") ? "❀ " : "✚ ",
      cardName(f, faces),
      f.startsWith("f.") ? "" : ` (${foodValue(f, faces)})`,
    );
    clickable(chip, `card:${f}`, `${cardName(f, faces)} under the ${a.name}`);
    foods.append(chip);
  }
  card.append(
    h(
      "div",
      { class: "ww-food-line" },
      h("span", {}, `Food ${a.food_value} of ${a.need} `),
      bar,
      h(
        "span",
        { class: `ww-goal${enough ? " ww-goal-met" : ""}` },
        a.mature ? " ✔ Offspring raised" : ` ${enough ? "✔ enough " : ""}${goal(a)}`,
      ),
    ),
    foods,
  );

  // the family: mate, Offspring, raised
  const family = h(
    "ol",
    {
      class: "ww-family",
      "aria-label": "Family progress",
      // a click on the family's progress tells the family's story (mate, Offspring, losses)
      "data-story": a.family ?? null,
      "data-story-label": a.family ? `the family of ${playerName(d.ctx, p)}'s ${a.name}` : null,
    },
    milestone("Mate", a.mate !== null),
    milestone("Offspring", a.offspring !== null),
    milestone("Raised", a.mature),
  );
  card.append(family);
  const notes: string[] = [];
  if (!a.active) notes.push("zZ asleep now");
  if (a.acted) notes.push("✔ has acted this turn");
  if (a.mature) notes.push("the family is secured at the start of its next active turn");
  if (a.waiting) notes.push("no mate found: looks through the whole deck next turn");
  if (notes.length) card.append(h("p", { class: "ww-animal-notes" }, notes.join(" · ")));
  roleTag(d, card, a.card, a.mate);
  clickable(card, `card:${a.card}`, `${playerName(d.ctx, p)}'s ${a.name}`);
  return card;
}

function stat(name: string, value: number | undefined, strong = false): HTMLElement {
  return h(
    "span",
    { class: `ww-stat${strong ? " ww-stat-power" : ""}` },
    `${name} `,
    h("b", {}, value === undefined ? "?" : String(value)),
  );
}

function milestone(name: string, done: boolean): HTMLElement {
  return h(
    "li",
    { class: `ww-milestone${done ? " ww-done" : ""}`, "data-done": String(done) },
    done ? "● " : "○ ",
    name,
  );
}
