/**
 * Which board element each legal action belongs to, so only legal targets are clickable.
 * The browser decides no rule: it only groups the actions Python listed by the fields they
 * name (a hex, a card, a river slot, an action space).
 */
import type { LegalAction } from "../../kit";

/**
 * - "hex:q,r": a hex of the landscape (initial token, Expansion, Competition, Migration's
 *   destination, a token's fall-back);
 * - "from:q,r": one of your tokens that can migrate (choose it first);
 * - "site:q,r": where a tile may go (Landscape Construction);
 * - "hand:<card>": a card in hand (Adaptation, discards);
 * - "space:<action>": an action space of the current Ecosystem (Reproduction, Transfer,
 *   Evolution; Expansion, Competition and Migration show their hexes alone on the map);
 * - "card:<player>:<row>:<col>": a card of an Ecosystem (col -1: the row's Biotope card): pay
 *   with its cubes, put a cube on it, use its Action, prey on it, move a cube onto it;
 * - "src:<row>:<col>": a card to move a cube from (Discreet Species; choose it first);
 * - "river:<deck>:<slot>", "deck:<deck>": cards to draw;
 * - "reserve:<colour>": a cube of the reserve (Solo Mode Predatory Species);
 * - "biotope:<card>": an advanced Biotope card (draft);
 * - "orient", "keep", "redraw", "pass", "done", "decline": buttons of the panel.
 */
export type TargetKey = string;

/** What the renderer has chosen so far in a two-click action. */
export interface Selection {
  /** The token chosen to migrate. */
  origin: string | null;
  /** The card chosen to move a cube from ("row:col"). */
  source: string | null;
  /** The colonization whose hexes alone are shown ("expansion", "competition", "migration"),
   * after a click on its action space. */
  only: string | null;
}

const hexOf = (v: unknown): string => (Array.isArray(v) ? `${Number(v[0])},${Number(v[1])}` : "");

/** The targets one action is reached from. `me`: the player who decides. */
export function targetsOf(a: LegalAction, me: number, sel: Selection): TargetKey[] {
  const act = a.action;
  switch (act.type) {
    case "place_territory":
    case "fallback":
      return [`hex:${hexOf(act.hex)}`];
    case "expand":
    case "compete": {
      const space = act.type === "expand" ? "expansion" : "competition";
      const out = [`space:${space}`];
      if (sel.only === null || sel.only === space) out.push(`hex:${hexOf(act.hex)}`);
      return out;
    }
    case "migrate": {
      const origin = hexOf(act.origin);
      const out = ["space:migration"];
      if (sel.only !== null && sel.only !== "migration") return out;
      out.push(`from:${origin}`);
      if (sel.origin === null || sel.origin === origin) out.push(`hex:${hexOf(act.hex)}`);
      return out;
    }
    case "place_tile":
      return [`site:${hexOf(act.centre)}`];
    case "orient_tile":
      return ["orient"];
    case "adapt":
    case "discard":
      return [`hand:${String(act.card)}`];
    case "reproduce":
      return ["space:reproduction"];
    case "transfer":
      return ["space:transfer"];
    case "evolve":
      return ["space:evolution"];
    case "use_card":
    case "pay":
    case "place":
      return [`card:${me}:${Number(act.row)}:${Number(act.col)}`];
    case "prey":
      return [`card:${Number(act.player)}:${Number(act.row)}:${Number(act.col)}`];
    case "move": {
      const source = `${Number(act.row)}:${Number(act.col)}`;
      if (sel.source === null) return [`src:${source}`];
      return sel.source === source
        ? [`card:${me}:${Number(act.to_row)}:${Number(act.to_col)}`]
        : [];
    }
    case "draw":
      return Number(act.slot) < 0
        ? [`deck:${String(act.deck)}`]
        : [`river:${String(act.deck)}:${Number(act.slot)}`];
    case "prey_reserve":
      return [`reserve:${String(act.colour)}`];
    case "choose_biotope":
      return [`biotope:${String(act.card)}`];
    case "keep_hand":
      return ["keep"];
    case "redraw_hand":
      return ["redraw"];
    case "pass":
    case "done":
    case "decline":
      return [act.type];
    default:
      return [];
  }
}

/** The hexes of one kind of action, to mark them on the map: "+" Expansion or a token to
 * place, "×" Competition, "→" Migration, "↩" a fall-back. */
export function hexMark(actions: LegalAction[]): string {
  const types = new Set(actions.map((a) => a.action.type));
  const marks: string[] = [];
  if (types.has("place_territory") || types.has("expand")) marks.push("+");
  if (types.has("compete")) marks.push("×");
  if (types.has("migrate")) marks.push("→");
  if (types.has("fallback")) marks.push("↩");
  return marks.join("");
}
