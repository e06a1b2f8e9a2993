/** Makes a board element act as a button for a target, when that target has legal actions. */
import type { TargetKey } from "./targets";

export type Clickable = (el: Element, key: TargetKey, name: string) => void;
