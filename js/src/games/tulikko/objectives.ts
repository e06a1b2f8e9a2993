/** The objectives: the three landscape cards, the four symbol cards and the aurora tiles. */
import { type LegalAction, h, s } from "../../kit";
import type { Clickable } from "./clickable";
import type { Touched } from "./highlight";
import { COLOUR_LETTER, colourFill, pawChip, symbolIcon } from "./look";
import type { Aurora, LandscapeCard, TulikkoView } from "./types";

const M = 15; // a mini cell

const playerName = (view: TulikkoView, seat: number): string =>
  view.players[seat]?.name ?? `Player ${seat + 1}`;

export function drawLandscapeCards(
  view: TulikkoView,
  touched: Touched,
  clickable: Clickable,
): HTMLElement {
  const row = h("div", { class: "tk-cards", "data-testid": "landscape-cards" });
  for (const card of view.landscape_cards) {
    const lit = touched.cards.has(card.id);
    const el = h(
      "div",
      {
        class: `tk-card tk-card-${card.type}`,
        "data-testid": `card-${card.id}`,
        "data-type": card.type,
        "data-fulfilled-by": card.fulfilled_by.join(","),
        "data-tokens": card.tokens.join(","),
        "data-highlight": String(lit),
        title: card.text,
      },
      h(
        "div",
        { class: "tk-card-head" },
        h("span", { class: "tk-card-type" }, card.type),
        h("strong", {}, card.name),
        card.icon ? h("span", { class: "tk-card-icon", title: "Not for first games" }, "✦") : null,
      ),
      drawPattern(card),
      h("p", { class: "tk-card-text" }, card.text),
      h(
        "div",
        { class: "tk-card-tokens" },
        ...(card.fulfilled_by.length
          ? card.fulfilled_by.map((seat) =>
              h(
                "span",
                { class: "tk-card-owner", title: playerName(view, seat) },
                pawChip(),
                ` ${view.players[seat]?.animal ?? ""} ×${card.tokens[seat] ?? 0}`,
              ),
            )
          : [h("span", { class: "eg-muted" }, "not fulfilled yet")]),
      ),
    );
    clickable(el, `card:${card.id}`, `the landscape card ${card.name}`);
    row.append(el);
  }
  return row;
}

/** The card's arrangement as a little drawing (its words say the rest). */
function drawPattern(card: LandscapeCard): SVGSVGElement | HTMLElement {
  if (card.test === "tiles" && card.cells) {
    const cells = card.fixed ? allCells(5, 4) : card.cells;
    const wanted = new Set(card.cells.map(([r, c]) => `${r},${c}`));
    const rows = Math.max(...cells.map(([r]) => r)) + 1;
    const cols = Math.max(...cells.map(([, c]) => c)) + 1;
    const svg = s("svg", {
      viewBox: `0 0 ${cols * M + 4} ${rows * M + 4}`,
      width: cols * M + 4,
      height: rows * M + 4,
      class: "tk-pattern",
      "aria-hidden": "true",
    });
    cells.forEach(([r, c]) => {
      const i = card.cells!.findIndex(([rr, cc]) => rr === r && cc === c);
      const colour = i >= 0 ? (card.colours?.[i] ?? null) : null;
      const on = wanted.has(`${r},${c}`);
      svg.append(
        s("rect", {
          x: 2 + c * M,
          y: 2 + r * M,
          width: M - 1,
          height: M - 1,
          rx: 2,
          class: on ? "tk-pattern-tile" : "tk-pattern-empty",
          style: colour ? `fill:${colourFill(colour)}` : null,
        }),
      );
      if (on) {
        const letter = colour ? (COLOUR_LETTER[colour] ?? "") : card.all_different ? "≠" : "";
        if (letter)
          svg.append(
            s(
              "text",
              {
                x: 2 + c * M + M / 2 - 0.5,
                y: 2 + r * M + M / 2 + 3.5,
                "text-anchor": "middle",
                class: "tk-pattern-letter",
              },
              letter,
            ),
          );
      }
    });
    for (const [i, j] of card.differ ?? []) {
      const [r1, c1] = card.cells[i];
      const [r2, c2] = card.cells[j];
      svg.append(
        s(
          "text",
          {
            x: 2 + ((c1 + c2) / 2) * M + M / 2,
            y: 2 + ((r1 + r2) / 2) * M + M / 2 + 4,
            "text-anchor": "middle",
            class: "tk-pattern-differ",
          },
          "≠",
        ),
      );
    }
    return svg;
  }
  if (card.test === "river_shape" && card.segments) {
    const pts = card.segments.flat();
    const ys = pts.map(([y]) => y);
    const xs = pts.map(([, x]) => x);
    const [y0, x0] = [Math.min(...ys), Math.min(...xs)];
    const rows = Math.max(...ys) - y0;
    const cols = Math.max(...xs) - x0;
    const L = 18;
    const svg = s("svg", {
      viewBox: `0 0 ${cols * L + 12} ${rows * L + 12}`,
      width: cols * L + 12,
      height: rows * L + 12,
      class: "tk-pattern",
      "aria-hidden": "true",
    });
    for (let y = 0; y <= rows; y++)
      for (let x = 0; x <= cols; x++)
        svg.append(s("circle", { cx: 6 + x * L, cy: 6 + y * L, r: 1.6, class: "tk-pattern-dot" }));
    for (const [[ya, xa], [yb, xb]] of card.segments) {
      svg.append(
        s("line", {
          x1: 6 + (xa - x0) * L,
          y1: 6 + (ya - y0) * L,
          x2: 6 + (xb - x0) * L,
          y2: 6 + (yb - y0) * L,
          class: "tk-pattern-river",
        }),
      );
    }
    return svg;
  }
  const words =
    card.test === "river_edges"
      ? `≥ ${card.min_tokens ?? 4} river tokens joining ${card.edges ?? ""} edges`
      : `≥ ${card.min_tokens ?? 6} river tokens in one stretch`;
  return h("p", { class: "tk-pattern-words" }, words);
}

function allCells(rows: number, cols: number): [number, number][] {
  const out: [number, number][] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out.push([r, c]);
  return out;
}

export function drawSymbolCards(view: TulikkoView, touched: Touched): HTMLElement {
  const row = h("div", { class: "tk-symbols", "data-testid": "symbol-cards" });
  for (const card of view.symbol_cards) {
    const svg = s("svg", {
      viewBox: "-12 -12 24 24",
      width: 24,
      height: 24,
      "aria-hidden": "true",
    });
    svg.append(symbolIcon(card.symbol, 10));
    row.append(
      h(
        "div",
        {
          class: `tk-symbol-card${card.owner !== null ? " tk-taken" : ""}`,
          "data-testid": `symbol-card-${card.symbol}`,
          "data-owner": card.owner === null ? "" : String(card.owner),
          "data-tokens": String(card.tokens),
          "data-highlight": String(touched.cards.has(card.id)),
          title: `The first to cover all five ${card.symbol} spaces takes this card and places up to two animal tokens on it`,
        },
        svg,
        h("span", {}, card.symbol),
        h(
          "span",
          { class: "eg-muted" },
          card.owner === null ? "free" : `${playerName(view, card.owner)} ×${card.tokens}`,
        ),
      ),
    );
  }
  return row;
}

const EFFECT_SHORT: Record<string, string> = {
  claim_card: "fulfil a card",
  place_anywhere: "place anywhere",
  slide_back: "slide back in",
  move_tile: "move a tile",
};

export function drawAuroras(
  view: TulikkoView,
  touched: Touched,
  legal: LegalAction[],
): HTMLElement {
  const row = h("div", { class: "tk-auroras", "data-testid": "auroras" });
  const byColour = new Map<string, Aurora[]>();
  for (const a of view.auroras) byColour.set(a.colour, [...(byColour.get(a.colour) ?? []), a]);
  for (const [colour, tiles] of byColour) {
    const pile = h(
      "div",
      { class: "tk-aurora-pile", title: tiles[0]?.text ?? "" },
      h(
        "span",
        { class: "tk-aurora-effect" },
        `${colour}: ${EFFECT_SHORT[tiles[0]?.effect ?? ""] ?? ""}`,
      ),
    );
    for (const a of tiles) {
      const usable =
        !a.used &&
        a.holder !== null &&
        a.holder === view.active &&
        legal.some((l) => l.action.type === a.effect);
      pile.append(
        h(
          "div",
          {
            class: `tk-aurora${a.used ? " tk-used" : ""}${a.holder !== null ? " tk-held" : ""}`,
            "data-testid": `aurora-${a.id}`,
            "data-holder": a.holder === null ? "" : String(a.holder),
            "data-used": String(a.used),
            "data-usable": String(usable),
            "data-highlight": String(touched.auroras.has(a.id)),
            style: `--tk-colour:${colourFill(colour)}`,
          },
          h("span", { class: "tk-aurora-face" }, `${COLOUR_LETTER[colour] ?? ""}${a.number}`),
          h(
            "span",
            { class: "tk-aurora-holder" },
            a.holder === null
              ? `first with ${a.number}`
              : `${playerName(view, a.holder)}${a.used ? " (used)" : usable ? " · usable now" : ""}`,
          ),
        ),
      );
    }
    row.append(pile);
  }
  return row;
}
