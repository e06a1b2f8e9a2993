/**
 * The game's palette, sent by Python in the `drawing` trait (`ecogames.core.palette`): the
 * colour, shape and code of every species, diet group, player and component kind. The board,
 * the food-web panel and the live plot read their colours here and keep none of their own,
 * so each kind has one colour in the widget and in every matplotlib figure.
 */

export interface Swatch {
  colour: string;
  shape: string;
  code: string;
  label: string;
  /** A text colour readable on `colour`. */
  ink: string;
}

export interface Palette {
  groups: Record<string, Record<string, Swatch>>;
  /** Colours for quantities the palette does not name (a user's own measures). */
  cycle: string[];
}

/** What is drawn when the palette does not know a kind (never a species' colour). */
export const UNKNOWN: Swatch = {
  colour: "#999999",
  shape: "circle",
  code: "?",
  label: "",
  ink: "#111111",
};

const EMPTY: Palette = { groups: {}, cycle: [] };

/** The palette in a `drawing` trait (an empty one if it has none). */
export function paletteOf(drawing: Record<string, unknown> | undefined): Palette {
  const p = drawing?.palette as Palette | undefined;
  return p && typeof p === "object" && p.groups ? p : EMPTY;
}

/** The swatch of `key` in `group`, or a neutral grey one labelled with the key. */
export function swatch(palette: Palette, group: string, key: string): Swatch {
  return (
    palette.groups[group]?.[key] ?? { ...UNKNOWN, code: key.slice(0, 2).toUpperCase(), label: key }
  );
}

/** The `i`-th colour of the palette's cycle (grey if it has none). */
export function cycleColour(palette: Palette, i: number): string {
  return palette.cycle.length ? palette.cycle[i % palette.cycle.length] : UNKNOWN.colour;
}

let inUse: Palette = EMPTY;

/**
 * Board renderers call this first with `ctx.layout` (the `drawing` trait): the swatches their
 * pieces look up with `swatchOf` come from this game's palette. One bundle draws one game, so
 * its widgets share one palette.
 */
export function usePalette(drawing: Record<string, unknown> | undefined): Palette {
  inUse = paletteOf(drawing);
  return inUse;
}

/** The swatch of `key` in `group` of the palette in use (see `usePalette`). */
export const swatchOf = (group: string, key: string): Swatch => swatch(inUse, group, key);
