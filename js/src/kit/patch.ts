/**
 * The browser half of src/ecogames/core/patch.py: apply small JSON patches, deep-merge the
 * static part of a view. A patch is a list of `[path, value]` (set) and `[path]` (delete).
 */
export type PatchOp = [string[], unknown?];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A copy of `doc` with the operations applied (`doc` itself is not changed). */
export function applyPatch(doc: unknown, ops: PatchOp[]): unknown {
  let out = doc;
  for (const op of ops) {
    const [path] = op;
    if (!Array.isArray(path)) continue;
    if (path.length === 0) {
      out = op[1];
      continue;
    }
    const root: Record<string, unknown> = { ...(isObject(out) ? out : {}) };
    let node = root;
    for (const key of path.slice(0, -1)) {
      const child = node[key];
      node[key] = { ...(isObject(child) ? child : {}) };
      node = node[key] as Record<string, unknown>;
    }
    const last = path[path.length - 1];
    if (op.length === 1) delete node[last];
    else node[last] = op[1];
    out = root;
  }
  return out;
}

/** Deep-merge: objects merge key by key, anything else in `dynamic` wins. */
export function merge(staticPart: unknown, dynamic: unknown): unknown {
  if (!isObject(staticPart) || !isObject(dynamic))
    return dynamic === undefined ? staticPart : dynamic;
  const out: Record<string, unknown> = { ...staticPart };
  for (const [key, value] of Object.entries(dynamic)) {
    out[key] = key in staticPart ? merge(staticPart[key], value) : value;
  }
  return out;
}

/**
 * The view after each event, rebuilt from the current view backwards: `patches[i]` turns the
 * view after event i+1 (the current view for the last) into the view after event i.
 */
export function viewsFromPatches(current: unknown, patches: PatchOp[][]): unknown[] {
  const views: unknown[] = new Array(patches.length);
  let later = current;
  for (let i = patches.length - 1; i >= 0; i--) {
    later = applyPatch(later, patches[i]);
    views[i] = later;
  }
  return views;
}
