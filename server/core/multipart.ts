/*
 * Multipart and url-encoded bodies arrive flat: `documents[0][tagId]`, `documents[1][doc_date]`.
 * This nests them back (`documents: [{tagId}, {doc_date}]`) the way PHP and Laravel read
 * them, so the contract's schemas see the same shape a JSON client would send. Keys with
 * a bracketed number become arrays, others objects; anything malformed stays flat.
 */
type Tree = Record<string, unknown>;

const SEGMENTS = /^([^[\]]+)((?:\[[^[\]]*\])+)$/;

export function unflatten(flat: Record<string, unknown>): Tree {
  const root: Tree = {};
  for (const [key, value] of Object.entries(flat)) {
    const match = SEGMENTS.exec(key);
    if (!match) {
      root[key] = value;
      continue;
    }
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
    if (path.some((p) => p === '' || p === '__proto__' || p === 'constructor' || p === 'prototype')) {
      root[key] = value;
      continue;
    }
    let node: Tree = root;
    for (let i = 0; i < path.length - 1; i++) {
      const next = node[path[i]];
      if (typeof next !== 'object' || next === null || isFile(next)) node[path[i]] = {};
      node = node[path[i]] as Tree;
    }
    node[path[path.length - 1]] = value;
  }
  return toArrays(root) as Tree;
}

const isFile = (v: unknown) => typeof v === 'object' && v !== null && typeof (v as Blob).arrayBuffer === 'function';

/** Objects whose keys are 0..n-1 become arrays, recursively. */
function toArrays(node: unknown): unknown {
  if (typeof node !== 'object' || node === null || isFile(node) || Array.isArray(node)) return node;
  const entries = Object.entries(node as Tree).map(([k, v]) => [k, toArrays(v)] as const);
  const numeric = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (!numeric) return Object.fromEntries(entries);
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
}
