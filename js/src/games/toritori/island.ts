/** The island: 16 squares drawn from the engine's geometry, tokens in up to three slots. */
import { type BoardContext, s } from "../../kit";
import { look, pawnColour, shapePoints } from "./species";
import type { TargetKey } from "./targets";
import type { Pawn, Square, Token, ToriView } from "./types";

const CELL = 124;
const GAP = 4;
const TOKEN_R = 17;

/** Makes an SVG element act as a button for a target, when that target has legal actions. */
export type Clickable = (el: SVGElement, key: TargetKey, name: string) => void;

function touchedIds(ctx: BoardContext, what: string): Set<string> {
  const list = ctx.stepEvent?.touched?.[what];
  return new Set(Array.isArray(list) ? list.map(String) : []);
}

export function drawIsland(view: ToriView, ctx: BoardContext, clickable: Clickable): SVGSVGElement {
  const size = 4 * CELL + 3 * GAP;
  const svg = s("svg", {
    class: "tt-island",
    viewBox: `0 0 ${size} ${size}`,
    width: size,
    height: size,
    role: "group",
    "aria-label": "The island",
    "data-testid": "island",
  });
  const sectors = touchedIds(ctx, "sectors");
  const tokens = touchedIds(ctx, "tokens");
  for (const sq of view.squares) {
    const g = s("g", { transform: `translate(${sq.col * (CELL + GAP)},${sq.row * (CELL + GAP)})` });
    const loc = sq.kind === "common" ? String(sq.sector) : sq.kind;
    const pawns = view.pawns.filter((p) => p.at === loc);
    if (sq.kind === "sea") drawSea(g);
    else if (sq.kind === "common")
      drawSector(g, sq, view, pawns, sectors.has(loc), tokens, clickable);
    else drawSettlement(g, sq, view, pawns, sectors.has(loc), clickable);
    svg.append(g);
  }
  return svg;
}

function drawSea(g: SVGGElement): void {
  g.append(
    s("rect", { width: CELL, height: CELL, rx: 6, class: "tt-sea" }),
    s(
      "text",
      { x: CELL / 2, y: CELL / 2 + 4, class: "tt-sea-label", "text-anchor": "middle" },
      "sea",
    ),
  );
}

function drawSettlement(
  g: SVGGElement,
  sq: Square,
  view: ToriView,
  pawns: Pawn[],
  touched: boolean,
  clickable: Clickable,
): void {
  const kind = sq.kind as "village" | "industry";
  const sustainable = view.settlements[kind]?.sustainable ?? false;
  const name = kind === "village" ? "Village" : "Industry";
  const rect = s("rect", {
    width: CELL,
    height: CELL,
    rx: 6,
    class: `tt-settlement tt-${kind}${sustainable ? " tt-sustainable" : ""}`,
    "data-testid": `square-${kind}`,
    "data-sustainable": String(sustainable),
    "data-highlight": String(touched),
  });
  g.append(
    rect,
    s("text", { x: 8, y: 22, class: "tt-settlement-name" }, name),
    s(
      "text",
      { x: 8, y: CELL - 12, class: "tt-settlement-state" },
      sustainable ? "✔ sustainable" : "✘ not sustainable",
    ),
  );
  clickable(rect, `loc:${kind}`, `the ${name}`);
  drawPawns(g, pawns, true);
}

function drawSector(
  g: SVGGElement,
  sq: Square,
  view: ToriView,
  pawns: Pawn[],
  touched: boolean,
  touchedTokens: Set<string>,
  clickable: Clickable,
): void {
  const number = String(sq.sector);
  const sector = view.sectors[number] ?? { tokens: [], capacity: 3 };
  const rect = s("rect", {
    width: CELL,
    height: CELL,
    rx: 6,
    class: "tt-sector",
    "data-testid": `sector-${number}`,
    "data-count": String(sector.tokens.length),
    "data-highlight": String(touched),
  });
  g.append(
    rect,
    s("circle", { cx: 17, cy: 17, r: 12, class: "tt-sector-badge" }),
    s("text", { x: 17, y: 21.5, class: "tt-sector-number", "text-anchor": "middle" }, number),
  );
  clickable(rect, `loc:${number}`, `sector ${number}`);
  // a click on a token or pawn with no action of its own is a click on its sector
  g.addEventListener("click", (e) => {
    if (e.target !== rect) rect.dispatchEvent(new MouseEvent("click"));
  });
  sector.tokens.forEach((token, i) =>
    drawToken(g, token, i, view, touchedTokens.has(String(token.id)), clickable),
  );
  for (let i = sector.tokens.length; i < sector.capacity; i++) {
    g.append(s("circle", { cx: slotX(i), cy: 72, r: TOKEN_R - 4, class: "tt-slot" }));
  }
  drawPawns(g, pawns);
}

const slotX = (i: number): number => 22 + i * 40;

function drawToken(
  g: SVGGElement,
  token: Token,
  slot: number,
  view: ToriView,
  touched: boolean,
  clickable: Clickable,
): void {
  const sp = look(token.species);
  const under = token.under.map((u) => look(u).name).join(", ");
  const tg = s("g", {
    transform: `translate(${slotX(slot)},72)`,
    class: "tt-token",
    "data-testid": `token-${token.id}`,
    "data-story": `token:${token.id}`,
    "data-species": token.species,
    "data-under": String(token.under.length),
    "data-protected": String(token.protected_by !== null),
    "data-highlight": String(touched),
  });
  const points = shapePoints(sp.shape, TOKEN_R);
  const attrs = {
    fill: sp.fill,
    class: `tt-token-shape${sp.introduced ? " tt-introduced" : ""}`,
  };
  tg.append(
    points ? s("polygon", { points, ...attrs }) : s("circle", { r: TOKEN_R - 2, ...attrs }),
  );
  if (touched) tg.append(s("circle", { r: TOKEN_R + 5, class: "tt-touched-ring" }));
  if (token.protected_by !== null) {
    const pawn = view.pawns.find((p) => p.player === token.protected_by);
    tg.append(
      s("circle", {
        r: TOKEN_R + 2,
        class: "tt-protected-ring",
        stroke: pawnColour(pawn?.colour ?? ""),
      }),
    );
  }
  tg.append(
    s(
      "text",
      { y: 4, class: "tt-token-code", "text-anchor": "middle", style: `fill:${sp.ink}` },
      sp.code,
    ),
  );
  if (token.under.length) {
    tg.append(
      s("circle", { cx: 13, cy: -13, r: 8, class: "tt-under-badge" }),
      s(
        "text",
        { x: 13, y: -9.5, class: "tt-under-count", "text-anchor": "middle" },
        `+${token.under.length}`,
      ),
    );
    tg.append(
      s(
        "text",
        { y: 34, class: "tt-under-text", "text-anchor": "middle" },
        shortUnder(token.under),
      ),
    );
  }
  const title = `${sp.name} (token ${token.id})${under ? `, has eaten: ${under}` : ""}${
    token.protected_by !== null ? `, protected by player ${token.protected_by + 1}` : ""
  }`;
  tg.append(s("title", {}, title));
  g.append(tg);
  clickable(tg, `token:${token.id}`, title);
}

const shortUnder = (under: string[]): string => `on ${under.map((u) => look(u).code).join("+")}`;

/** Pawns in a row: along a sector's top right (its tokens lie below), or across a
 * settlement's middle, between its name and its state (four along the top cover the name). */
function drawPawns(g: SVGGElement, pawns: Pawn[], middle = false): void {
  pawns.forEach((p, i) => {
    const x = middle ? CELL / 2 + (i - (pawns.length - 1) / 2) * 26 : CELL - 14 - i * 20;
    const y = middle ? CELL / 2 - 2 : 16;
    const fill = pawnColour(p.colour);
    const pg = s("g", {
      transform: `translate(${x},${y})`,
      "data-testid": `pawn-${p.player}`,
      class: "tt-pawn",
    });
    pg.append(
      s("path", { d: "M0,-11 L8,4 L-8,4 Z", fill, class: "tt-pawn-head" }),
      s("circle", { cy: -10, r: 5, fill, class: "tt-pawn-head" }),
      s("text", { y: 16, class: "tt-pawn-label", "text-anchor": "middle" }, `P${p.player + 1}`),
      s("title", {}, `Player ${p.player + 1}'s researcher (${p.colour})`),
    );
    g.append(pg);
  });
}
