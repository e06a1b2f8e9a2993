/** The shared kit every game widget is built from. */
import "./styles.css";
import "./board.css";

export { createGameWidget } from "./widget";
export type { RenderProps, WidgetModule } from "./widget";
export type { BoardContext, BoardRenderer, GameWidgetOptions } from "./kit";
export type { AnyModel } from "./model";
export { renderTree } from "./tree";
export { causeChain, edgeKey, eventAt, touchedOf, viewAt, LIVE } from "./steps";
export { h, s, button, legalTarget } from "./dom";
export { chooser } from "./chooser";
export type { ChooserOptions } from "./chooser";
export { playOrChoose, targetMap } from "./targets";
export * from "./types";
export { cycleColour, paletteOf, swatch, swatchOf, usePalette, UNKNOWN } from "./palette";
export type { Palette, Swatch } from "./palette";
