/**
 * The default board: the view as a collapsible key/value tree (<details>, so it is keyboard
 * operable). Which branches are open is kept in the board's UI state across re-renders.
 */
import { h } from "./dom";
import type { BoardContext } from "./kit";

/** Branches this deep or shallower start open. */
const OPEN_DEPTH = 1;
/** Longest list drawn in full; the rest is summarised. */
const MAX_ITEMS = 200;

const isBranch = (v: unknown): v is object => typeof v === "object" && v !== null;

function isShortList(v: unknown): v is unknown[] {
  return Array.isArray(v) && v.length <= 8 && v.every((x) => !isBranch(x));
}

function leaf(v: unknown): HTMLElement {
  const type = v === null ? "null" : typeof v;
  const text = typeof v === "string" ? v : v === null ? "—" : String(v);
  return h("span", { class: `eg-val eg-val-${type}` }, text === "" ? "“”" : text);
}

function summary(v: object): string {
  if (Array.isArray(v)) return v.length === 1 ? "1 item" : `${v.length} items`;
  const n = Object.keys(v).length;
  return n === 1 ? "1 field" : `${n} fields`;
}

const humanKey = (k: string): string => k.replace(/_/g, " ");

function entries(v: object): [string, unknown][] {
  return Array.isArray(v) ? v.map((x, i) => [String(i + 1), x]) : Object.entries(v);
}

function row(
  key: string,
  value: unknown,
  path: string,
  depth: number,
  ctx: BoardContext,
): HTMLElement {
  const keyEl = h("span", { class: "eg-key" }, humanKey(key));
  if (!isBranch(value)) return h("li", { class: "eg-row", "data-path": path }, keyEl, leaf(value));
  if (isShortList(value)) {
    const text = value.length
      ? value.map((x) => (x === null ? "—" : String(x))).join(", ")
      : "none";
    return h(
      "li",
      { class: "eg-row", "data-path": path },
      keyEl,
      h("span", { class: "eg-val eg-val-list" }, text),
    );
  }
  const stored = ctx.ui[`open:${path}`];
  const details = h(
    "details",
    { open: typeof stored === "boolean" ? stored : depth <= OPEN_DEPTH },
    h("summary", {}, keyEl, h("span", { class: "eg-meta-text" }, summary(value))),
    branch(value, path, depth + 1, ctx),
  );
  details.addEventListener("toggle", () => {
    ctx.ui[`open:${path}`] = details.open;
  });
  return h("li", { class: "eg-row eg-branch", "data-path": path }, details);
}

function branch(value: object, path: string, depth: number, ctx: BoardContext): HTMLElement {
  const all = entries(value);
  const shown = all.slice(0, MAX_ITEMS);
  return h(
    "ul",
    { class: "eg-tree-level" },
    ...shown.map(([k, v]) => row(k, v, `${path}/${k}`, depth, ctx)),
    all.length > shown.length
      ? h("li", { class: "eg-row eg-meta-text" }, `… ${all.length - shown.length} more`)
      : null,
  );
}

/** Draw any view as a readable tree. */
export function renderTree(host: HTMLElement, view: unknown, ctx: BoardContext): void {
  const tree = isBranch(view)
    ? branch(view, "", 0, ctx)
    : h(
        "p",
        { class: "eg-note" },
        view === null || view === undefined ? "No board to show." : String(view),
      );
  tree.classList.add("eg-tree");
  tree.setAttribute("data-testid", "tree");
  host.append(tree);
}
