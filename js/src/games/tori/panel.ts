/**
 * Around the square: what to do now, the five face-up build cards and the pile, the
 * colour-change tile, the hand the view shows, the majority cards and the players.
 */
import { type BoardContext, type LegalAction, h, s } from "../../kit";
import { armsBadge, armsLook, armsSymbol, customerFigure, goodLook } from "./look";
import type { Clickable, TargetKey } from "./targets";
import type { PlayerView, ToriLayout, ToriView } from "./types";

/** The cards, places and players the shown event touched. */
export interface TouchedCards {
  cards: Set<string>;
  places: Set<string>;
  players: Set<number>;
  goods: Set<string>;
}

export function touchedCards(ctx: BoardContext): TouchedCards {
  const t = ctx.stepEvent?.touched ?? {};
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  return {
    cards: new Set(list(t.cards).map(String)),
    places: new Set(list(t.places).map(String)),
    players: new Set(list(t.players).map(Number)),
    goods: new Set(list(t.goods).map(String)),
  };
}

export interface Parts {
  view: ToriView;
  layout: ToriLayout;
  ctx: BoardContext;
  clickable: Clickable;
  touched: TouchedCards;
  /** Seats played by bots. */
  bots: Set<number>;
}

export const goodName = (layout: ToriLayout, good: string): string =>
  layout.goods.find((g) => g.id === good)?.name ?? good;

/** A coat of arms as a small inline SVG (shape, colour and letter). */
export function armsIcon(player: number, size = 18): SVGSVGElement {
  return s(
    "svg",
    {
      class: "tm-arms-icon",
      width: size,
      height: size,
      viewBox: "-10 -10 20 20",
      "aria-hidden": "true",
    },
    armsBadge(player, 8.5),
  );
}

/** A goods colour chip with its code (colour is never the only cue). */
export function goodChip(good: string, layout: ToriLayout, text?: string): HTMLElement {
  const look = goodLook(good);
  return h(
    "span",
    {
      class: "tm-chip",
      style: `background:${look.fill};color:${look.ink}`,
      title: goodName(layout, good),
      "data-good": good,
    },
    text ?? look.code,
  );
}

const playerName = (view: ToriView, p: number): string =>
  view.players[p]?.name ?? `Player ${p + 1}`;

// -- what to do now -------------------------------------------------------------------------

export function drawPrompt({ view, ctx, bots }: Parts): HTMLElement {
  const p = view.active;
  const who = h(
    "strong",
    { class: "tm-who" },
    armsIcon(p),
    ` ${playerName(view, p)}${ctx.status.is_over ? "" : " to play"}`,
  );
  let text: string;
  if (view.phase === "over") {
    text = "Tori is over: the cards are counted below.";
    who.replaceChildren("Market closed.");
  } else if (ctx.isReplaying) {
    who.replaceChildren(armsIcon(p), ` ${playerName(view, p)}'s turn`);
    text = "a replay of the last action (go back to the current state to play).";
  } else if (bots.has(p)) {
    who.replaceChildren(armsIcon(p), ` ${playerName(view, p)} (bot)`);
    text =
      "the bot is choosing its move (it plays on its own at the speed chosen under the " +
      "board; Bot move plays one action now).";
  } else if (view.phase === "refresh") {
    text = "Five new build cards lie face up: take one of them, or one from the pile.";
  } else if (view.phase === "discard") {
    text =
      `holds ${view.players[p]?.hand_size ?? "?"} cards: discard ${view.must_discard} more ` +
      "(click a card in the hand; the limit is build and goods cards together).";
  } else {
    text =
      "One option: draw build cards (click two face-up cards or the pile), build or " +
      "expand a stall (a highlighted space), take a customer (a highlighted customer) " +
      "or tear down a bare stall (click it).";
  }
  return h(
    "p",
    {
      class: "tm-prompt",
      "data-testid": "tori-prompt",
      "data-phase": view.phase,
      role: "status",
    },
    who,
    ` — ${text}`,
  );
}

// -- build cards ------------------------------------------------------------------------------

/** A build card: its zone number big, and the 3 x 3 zones with its own one marked. */
export function buildCard(zone: number, attrs: Record<string, string> = {}): HTMLElement {
  const map = h("span", { class: "tm-card-map", "aria-hidden": "true" });
  for (let z = 1; z <= 9; z++) map.append(h("span", { class: z === zone ? "tm-on" : "" }));
  return h(
    "span",
    { class: "tm-card", "data-zone": String(zone), title: `Build card ${zone}`, ...attrs },
    h("span", { class: "tm-card-number" }, String(zone)),
    map,
  );
}

export function drawBuildRow(parts: Parts, selected: TargetKey | null): HTMLElement {
  const { view, layout, clickable, touched } = parts;
  const row = h("div", {
    class: "tm-build-row",
    "data-testid": "build-cards",
    "aria-label": "Build cards",
  });
  const display = h("div", {
    class: "tm-display",
    "data-testid": "display",
    "data-highlight": String(touched.places.has("display")),
  });
  const drawn = new Set(
    [...touched.cards].filter((c) => c.startsWith("build:")).map((c) => c.slice(6)),
  );
  view.display.forEach((zone, i) => {
    const key = `display:${i}`;
    const card = buildCard(zone, {
      "data-testid": `display-${i}`,
      "data-highlight": String(touched.places.has("display") && drawn.has(String(zone))),
    });
    if (key === selected) card.dataset.selected = "true";
    clickable(card, key, `face-up build card ${zone}`);
    display.append(card);
  });
  for (let i = view.display.length; i < layout.display_size; i++)
    display.append(h("span", { class: "tm-card tm-card-empty" }, "–"));

  const pile = h(
    "span",
    {
      class: "tm-pile",
      "data-testid": "pile",
      "data-count": String(view.pile),
      "data-highlight": String(touched.places.has("pile")),
    },
    h("span", { class: "tm-pile-back" }, "?"),
    h("span", { class: "tm-pile-count" }, `pile: ${view.pile}`),
  );
  clickable(pile, "pile", `the build card pile (${view.pile} cards)`);
  const refresh = h(
    "span",
    { class: "tm-refresh", "data-testid": "refresh" },
    "↻ lay out five new",
  );
  clickable(refresh, "refresh", "clear the five face-up cards and lay out five new");
  if (!refresh.hasAttribute("data-legal")) refresh.hidden = true;

  const top = view.discard[view.discard.length - 1];
  const discard = h(
    "span",
    {
      class: "tm-discard",
      "data-testid": "discard-pile",
      "data-count": String(view.discard.length),
      "data-highlight": String(touched.places.has("discard")),
    },
    `discard pile: ${view.discard.length}`,
    top !== undefined ? ` (top: ${top})` : "",
  );

  const change = view.colour_change;
  const tile = h(
    "span",
    {
      class: "tm-colour-change",
      "data-testid": "colour-change",
      "data-good": change ?? "",
      "data-highlight": String(touched.places.has("colour-change")),
      title: "The colour-change tile: a customer who has shopped waits here for a new need",
    },
    s(
      "svg",
      { width: 30, height: 32, viewBox: "-15 -17 30 32", "aria-hidden": "true" },
      s("rect", { x: -14, y: -16, width: 28, height: 30, rx: 5, class: "tm-colour-change-tile" }),
      change ? customerFigure(change, 0.95) : s("g"),
    ),
    h(
      "span",
      {},
      "colour-change tile: ",
      change ? goodChip(change, layout) : "empty",
      change ? ` ${goodName(layout, change)} customer` : "",
    ),
  );

  row.append(
    h("span", { class: "tm-row-label" }, "Face-up build cards"),
    display,
    h("span", { class: "tm-pile-box" }, pile, refresh),
    discard,
    tile,
  );
  return row;
}

// -- the hand the view shows ----------------------------------------------------------------

function expansionTiles(view: ToriView, layout: ToriLayout, p: number): [number, string][] {
  const out: [number, string][] = [];
  for (const st of view.stalls) {
    if (st.owner !== p) continue;
    for (const [r, c] of st.expansions) out.push([Number(layout.zones[r]?.[c] ?? 0), st.good]);
  }
  return out;
}

function bonusLines(view: ToriView, layout: ToriLayout, p: number): HTMLElement[] {
  const pl = view.players[p];
  if (!pl?.area_bonus || !pl.colour_bonus) return [];
  const tiles = expansionTiles(view, layout, p);
  const area = pl.area_bonus;
  const colour = pl.colour_bonus;
  const inArea = tiles.filter(([z]) => area.zones.includes(z)).length;
  const inColour = tiles.filter(([, g]) => colour.goods.includes(g)).length;
  const need = layout.bonus_tiles;
  return [
    h(
      "li",
      { "data-testid": `area-bonus-${p}`, "data-card": area.id, "data-tiles": String(inArea) },
      `Area bonus ${area.id}: zones ${area.zones.join(", ")} — ${inArea} of ${need} expansion tiles`,
    ),
    h(
      "li",
      {
        "data-testid": `colour-bonus-${p}`,
        "data-card": colour.id,
        "data-tiles": String(inColour),
      },
      `Colour bonus ${colour.id}: `,
      ...colour.goods.map((g) => goodChip(g, layout)),
      ` — ${inColour} of ${need} expansion tiles`,
    ),
  ];
}

export function drawHand(parts: Parts): HTMLElement | null {
  const { view, layout, clickable, touched, bots } = parts;
  const p = view.players.findIndex((pl) => pl.build !== null);
  if (p < 0) return null;
  if (bots.has(p))
    return h(
      "section",
      {
        class: "tm-hand tm-hand-hidden",
        "data-testid": "hand",
        "data-player": String(p),
        "data-hidden": "true",
      },
      h(
        "h4",
        { class: "tm-heading" },
        armsIcon(p),
        ` ${view.players[p].name} is played by a bot: its ${view.players[p].hand_size} cards stay hidden.`,
      ),
    );
  const pl = view.players[p] as PlayerView;
  const lit = touched.players.has(p);
  const box = h("section", {
    class: "tm-hand",
    "data-testid": "hand",
    "data-player": String(p),
    "data-size": String(pl.hand_size),
    "aria-label": `The hand of ${pl.name}`,
  });
  box.append(
    h(
      "h4",
      { class: "tm-heading" },
      armsIcon(p),
      ` Hand of ${pl.name}: ${pl.hand_size} of ${layout.hand_limit} cards`,
      p === view.active ? "" : " (not on turn)",
    ),
  );
  const cards = h("div", { class: "tm-hand-cards" });
  const counts = new Map<number, number>();
  for (const z of pl.build ?? []) counts.set(z, (counts.get(z) ?? 0) + 1);
  const goods = Object.entries(pl.goods ?? {}).filter(([, n]) => n > 0);
  if (counts.size === 0 && goods.length === 0)
    cards.append(h("span", { class: "tm-muted" }, "no cards yet: draw build cards first"));
  else if (counts.size === 0) cards.append(h("span", { class: "tm-muted" }, "no build cards"));
  for (const [zone, n] of [...counts].sort((a, b) => a[0] - b[0])) {
    const card = buildCard(zone, {
      "data-testid": `hand-build-${zone}`,
      "data-count": String(n),
      "data-highlight": String(lit && touched.cards.has(`build:${zone}`)),
    });
    if (n > 1) card.append(h("span", { class: "tm-count" }, `×${n}`));
    clickable(card, `hand-build:${zone}`, `build card ${zone} in the hand`);
    cards.append(card);
  }
  if (goods.length === 0 && counts.size > 0)
    cards.append(h("span", { class: "tm-muted" }, "no goods cards"));
  for (const [good, n] of goods) {
    const look = goodLook(good);
    const card = h(
      "span",
      {
        class: "tm-goods-card",
        style: `background:${look.fill};color:${look.ink}`,
        "data-testid": `hand-goods-${good}`,
        "data-good": good,
        "data-count": String(n),
        "data-highlight": String(lit && touched.cards.has(`goods:${good}`)),
        title: `${n} ${goodName(layout, good)} goods card${n === 1 ? "" : "s"}`,
      },
      h("span", { class: "tm-goods-code" }, look.code),
      h("span", { class: "tm-goods-name" }, goodName(layout, good).replace(/^Olympic /, "")),
      h("span", { class: "tm-count" }, `×${n}`),
    );
    clickable(card, `hand-goods:${good}`, `${goodName(layout, good)} goods cards in the hand`);
    cards.append(card);
  }
  box.append(cards);
  const notes = h("ul", { class: "tm-notes" }, ...bonusLines(view, layout, p));
  notes.append(
    h(
      "li",
      { "data-testid": "stall-supply" },
      pl.stall_supply.length ? "Stall tiles not on the square: " : "All six stalls are built.",
      ...pl.stall_supply.map((g) => goodChip(g, layout)),
    ),
  );
  box.append(notes);
  return box;
}

// -- majority cards and the supply ------------------------------------------------------------

export function drawMarket(parts: Parts): HTMLElement {
  const { view, layout, touched } = parts;
  const table = h("table", { class: "tm-market", "data-testid": "majority" });
  table.append(
    h(
      "caption",
      {},
      `Majority cards (gold ${layout.points.gold} points, silver ${layout.points.silver}) and the supply`,
    ),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, "goods"),
        h("th", { scope: "col" }, "gold"),
        h("th", { scope: "col" }, "silver"),
        h("th", { scope: "col" }, "stalls (tiles)"),
        h("th", { scope: "col", title: "expansion tiles left beside the board" }, "tiles left"),
        h("th", { scope: "col", title: "goods cards left in the pile" }, "cards left"),
      ),
    ),
  );
  const body = h("tbody", {});
  const holder = (p: number | null, medal: string, good: string): HTMLElement => {
    const lit = touched.cards.has(`${medal}:${good}`);
    return h(
      "td",
      {
        class: `tm-medal tm-${medal}`,
        "data-testid": `${medal}-${good}`,
        "data-holder": p === null ? "" : String(p),
        "data-highlight": String(lit),
      },
      p === null
        ? h("span", { class: "tm-muted" }, "—")
        : h(
            "span",
            { class: "tm-holder" },
            armsIcon(p, 16),
            ` ${view.players[p]?.coat_of_arms ?? p + 1}`,
          ),
    );
  };
  for (const good of layout.goods.map((g) => g.id)) {
    const m = view.majority[good] ?? { gold: null, silver: null };
    const stalls = view.stalls.filter((st) => st.good === good);
    const left = view.expansion_supply[good] ?? 0;
    const ending = touched.goods.has(good);
    body.append(
      h(
        "tr",
        {
          "data-testid": `majority-${good}`,
          "data-gold": m.gold === null ? "" : String(m.gold),
          "data-silver": m.silver === null ? "" : String(m.silver),
          "data-highlight": String(
            touched.cards.has(`gold:${good}`) || touched.cards.has(`silver:${good}`) || ending,
          ),
        },
        h("th", { scope: "row" }, goodChip(good, layout), ` ${goodName(layout, good)}`),
        holder(m.gold, "gold", good),
        holder(m.silver, "silver", good),
        h(
          "td",
          { class: "tm-sizes" },
          ...(stalls.length
            ? stalls.map((st) =>
                h(
                  "span",
                  { class: "tm-size", title: `${playerName(view, st.owner)}: ${st.size} tiles` },
                  armsIcon(st.owner, 14),
                  String(st.size),
                ),
              )
            : [h("span", { class: "tm-muted" }, "—")]),
        ),
        h(
          "td",
          {
            class: `tm-left${left <= 1 ? " tm-low" : ""}${ending ? " tm-ending" : ""}`,
            "data-testid": `tiles-left-${good}`,
            "data-left": String(left),
          },
          `${left} of ${layout.expansion_tiles[good] ?? "?"}`,
        ),
        h("td", { class: "tm-left" }, String(view.goods_supply[good] ?? 0)),
      ),
    );
  }
  table.append(body);
  return h(
    "div",
    { class: "tm-market-box" },
    table,
    h(
      "p",
      { class: "tm-muted tm-small" },
      "Tori ends the moment one goods group has no expansion tiles left, or two groups have one left each.",
    ),
  );
}

// -- the players ----------------------------------------------------------------------------

export function drawPlayers(parts: Parts): HTMLElement {
  const { view, layout, touched, bots } = parts;
  const list = h("ol", { class: "tm-players", "data-testid": "tori-players" });
  view.players.forEach((pl, p) => {
    const groups = new Set(
      view.stalls.filter((st) => st.owner === p && st.expansions.length).map((st) => st.good),
    ).size;
    const score = view.scores?.[p];
    const look = armsLook(p);
    const item = h(
      "li",
      {
        class: "tm-player",
        "data-testid": `tm-player-${p}`,
        "data-active": String(p === view.active && !view.scores),
        "data-versatility": String(pl.versatility),
        "data-highlight": String(touched.players.has(p)),
        style: `--tm-arms:${look.fill}`,
      },
      h(
        "div",
        { class: "tm-player-head" },
        armsIcon(p, 20),
        h("strong", {}, ` ${pl.name}`),
        h("span", { class: "eg-visually-hidden" }, ` (coat of arms ${armsSymbol(p)})`),
        p === view.active && !view.scores ? h("span", { class: "tm-turn-badge" }, "to play") : null,
      ),
      h(
        "div",
        { class: "tm-player-line" },
        `${pl.hand_size} card${pl.hand_size === 1 ? "" : "s"} (${pl.build_cards} build, ${pl.goods_cards} goods)`,
        (pl.build === null || bots.has(p)) && !view.scores ? " — hidden" : "",
      ),
      h(
        "div",
        {
          class: "tm-player-line",
          "data-testid": `versatility-${p}`,
          "data-highlight": String(touched.cards.has(`versatility:${p}`)),
        },
        pl.versatility
          ? `★ versatility card (${layout.points.versatility} points)`
          : `goods groups expanded: ${groups} of ${layout.versatility_goods} for a versatility card`,
      ),
    );
    if (pl.build === null && pl.area_bonus)
      item.append(h("ul", { class: "tm-notes" }, ...bonusLines(view, layout, p)));
    if (bots.has(p))
      item.querySelector(".tm-player-head")?.append(h("span", { class: "tm-bot-badge" }, "bot"));
    if (score) item.append(scoreLine(score, p));
    list.append(item);
  });
  return h(
    "section",
    { class: "tm-players-box", "aria-label": "Players" },
    h("h4", { class: "tm-heading" }, view.scores ? "Final scoring" : "Traders"),
    list,
  );
}

function scoreLine(score: NonNullable<ToriView["scores"]>[number], p: number): HTMLElement {
  return h(
    "div",
    { class: "tm-score", "data-testid": `score-${p}`, "data-total": String(score.total) },
    h("strong", {}, `${score.total} points`),
    ` = gold cards ${score.gold} + silver cards ${score.silver} + versatility ` +
      `${score.versatility} + area bonus ${score.area_bonus} (${score.area_tiles} tiles) + ` +
      `colour bonus ${score.colour_bonus} (${score.colour_tiles} tiles)`,
  );
}

// -- the chooser ----------------------------------------------------------------------------

const ARROWS: Record<string, string> = { N: "↑ N", E: "→ E", S: "↓ S", W: "← W" };

/**
 * The chooser's rows: builds of one good together (one button per entrance), expansions of
 * one stall together (one button per build card to pay), any other action on its own.
 */
export function chooserRows(
  actions: LegalAction[],
  layout: ToriLayout,
): { good: string | null; text: string; choices: [LegalAction, string][] }[] {
  const rows = new Map<
    string,
    { good: string | null; text: string; choices: [LegalAction, string][] }
  >();
  for (const a of actions) {
    const act = a.action;
    const good = typeof act.good === "string" ? act.good : null;
    let key = `action:${a.id}`;
    let text = a.label;
    let button = a.label;
    if (act.type === "build" && good) {
      key = `build:${good}`;
      text = `build a ${goodName(layout, good)} stall, entrance:`;
      button = ARROWS[String(act.facing)] ?? String(act.facing);
    } else if (act.type === "expand" && good) {
      key = `expand:${good}`;
      text = `expand the ${goodName(layout, good)} stall, paying build card:`;
      button = String(act.zone);
    } else if (act.type === "draw_face_up") {
      key = "draw_face_up";
      text = "take the face-up pair:";
      button = `${act.first} + ${act.second}`;
    }
    const row = rows.get(key) ?? {
      good: key.startsWith("action:") ? null : good,
      text,
      choices: [],
    };
    row.choices.push([a, button]);
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** The actions one clicked target offers; Escape or Cancel closes it. */
export function drawChooser(
  title: string,
  actions: LegalAction[],
  parts: Parts,
  onCancel: () => void,
): HTMLElement {
  const { ctx, layout } = parts;
  const box = h("div", {
    class: "tm-chooser",
    "data-testid": "chooser",
    role: "group",
    "aria-label": title,
  });
  box.append(h("p", { class: "tm-chooser-title" }, title));
  const list = h("div", { class: "tm-chooser-list" });
  for (const row of chooserRows(actions, layout)) {
    const line = h("div", { class: "tm-choice-row" });
    const single = row.choices.length === 1 && row.choices[0][1] === row.choices[0][0].label;
    if (!single)
      line.append(
        h(
          "span",
          { class: "tm-choice-text" },
          row.good ? goodChip(row.good, layout) : null,
          ` ${row.text}`,
        ),
      );
    for (const [a, text] of row.choices) {
      const b = h(
        "button",
        {
          type: "button",
          "data-testid": `choice-${a.id}`,
          title: a.label,
          "aria-label": a.label,
          disabled: ctx.isReplaying,
        },
        single && row.good ? goodChip(row.good, layout) : null,
        single && row.good ? ` ${text}` : text,
      );
      b.addEventListener("click", () => ctx.send({ kind: "act", id: a.id }));
      line.append(b);
    }
    list.append(line);
  }
  const cancel = h(
    "button",
    { type: "button", class: "tm-cancel", "data-testid": "choice-cancel" },
    "Cancel",
  );
  cancel.addEventListener("click", onCancel);
  box.append(list, cancel);
  box.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    }
  });
  return box;
}
