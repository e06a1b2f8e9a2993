/** Tiny DOM helpers: build elements, keep keyboard focus across re-renders. */

type Attrs = Record<string, string | number | boolean | null | undefined>;
type Child = Node | string | null | undefined | false;

function applyAttrs(el: Element, attrs: Attrs): void {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? "" : String(value));
  }
}

function append(el: Element, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child);
  }
}

/** Create an HTML element: `h("button", {type: "button"}, "Undo")`. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  applyAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** Create an SVG element. */
export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag) as SVGElementTagNameMap[K];
  applyAttrs(el, attrs);
  append(el, children);
  return el;
}

/** A real <button>, so it is focusable and works with Enter and Space. */
export function button(
  label: string,
  testid: string,
  onClick: () => void,
  attrs: Attrs = {},
): HTMLButtonElement {
  const b = h("button", { type: "button", "data-testid": testid, ...attrs }, label);
  b.addEventListener("click", onClick);
  return b;
}

/**
 * Run `render`, which may replace the children of `container`; if focus was on an element with
 * a data-testid inside it, move focus back to the new element with the same data-testid.
 */
export function keepFocus(container: HTMLElement, render: () => void): void {
  const active = container.ownerDocument.activeElement;
  const testid = active && container.contains(active) ? active.getAttribute("data-testid") : null;
  render();
  if (!testid) return;
  const again = container.querySelector<HTMLElement>(
    `[data-testid="${testid.replace(/["\\]/g, "\\$&")}"]`,
  );
  if (again && again !== active && !again.hasAttribute("disabled")) again.focus();
}

/**
 * Makes a board element (an SVG shape, a card) act as a button for a legal target: focusable,
 * named for screen readers, activated by a click or by Enter/Space. `data-legal` marks it for
 * styles and tests; `data-selected` when it is the target whose choices are open. The click
 * does not reach the elements around it (a token's action is not its sector's).
 */
export function legalTarget(
  el: Element,
  label: string,
  activate: () => void,
  selected = false,
): void {
  el.setAttribute("data-legal", "true");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  if (selected) el.setAttribute("data-selected", "true");
  el.addEventListener("click", (event) => {
    event.stopPropagation();
    activate();
  });
  el.addEventListener("keydown", (event) => {
    const key = (event as KeyboardEvent).key;
    if (key !== "Enter" && key !== " ") return;
    event.preventDefault();
    event.stopPropagation();
    activate();
  });
}
