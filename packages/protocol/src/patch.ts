// Patches of JSON documents: the server sends what changed in a viewer's game (a few hundred bytes) rather than
// the whole view (a few kilobytes) after every move. `diff` and `applyPatch` are exact inverses on plain JSON:
// applyPatch(a, diff(a, b)) deep-equals b. No zod here: the web client applies patches too.

export type JsonPath = readonly (string | number)[];

/** Set the value at `p` (the root for an empty path), or delete the key at `p` when `v` is absent. */
export interface PatchOp {
  readonly p: JsonPath;
  readonly v?: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The operations that turn `a` into `b`. Arrays of equal length are compared element by element; an array whose
 * length changed is sent whole (views' arrays are short: rows, hands, seats). */
export function diff(a: unknown, b: unknown): PatchOp[] {
  const ops: PatchOp[] = [];
  walk(a, b, [], ops);
  return ops;
}

function walk(a: unknown, b: unknown, path: (string | number)[], ops: PatchOp[]): void {
  if (a === b) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) {
      ops.push({ p: path.slice(), v: b });
      return;
    }
    for (let i = 0; i < a.length; i++) {
      path.push(i);
      walk(a[i], b[i], path, ops);
      path.pop();
    }
    return;
  }
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(b)) {
      path.push(key);
      if (Object.hasOwn(a, key)) walk(a[key], b[key], path, ops);
      else ops.push({ p: path.slice(), v: b[key] });
      path.pop();
    }
    for (const key of Object.keys(a)) if (!Object.hasOwn(b, key)) ops.push({ p: [...path, key] });
    return;
  }
  ops.push({ p: path.slice(), v: b });
}

/** `doc` with the patch applied; unchanged parts are shared, nothing is written to. Throws on a path that does not
 * fit the document (a client then asks for the whole table again). */
export function applyPatch<T>(doc: T, ops: readonly PatchOp[]): T {
  let root: unknown = doc;
  for (const op of ops) root = setAt(root, op.p, 0, op);
  return root as T;
}

function setAt(node: unknown, path: JsonPath, depth: number, op: PatchOp): unknown {
  if (depth === path.length) return op.v;
  const key = path[depth] as string | number;
  if (Array.isArray(node)) {
    if (typeof key !== 'number' || key < 0 || key >= node.length) throw new Error(`patch: no index ${String(key)}`);
    const copy = node.slice();
    copy[key] = setAt(node[key], path, depth + 1, op);
    return copy;
  }
  if (!isObject(node) || typeof key !== 'string') throw new Error(`patch: no key ${String(key)}`);
  if (depth === path.length - 1 && !('v' in op)) {
    const { [key]: _gone, ...rest } = node;
    return rest;
  }
  if (depth < path.length - 1 && !Object.hasOwn(node, key)) throw new Error(`patch: no key ${key}`);
  return { ...node, [key]: setAt(node[key], path, depth + 1, op) };
}
