/**
 * Conflict rules in one place (R12, R17): which fields each side changed since the
 * base, and whether the two sets of changes can be merged without asking anyone.
 */
export type Fields = Record<string, unknown>;

/**
 * How two server stamps (`updated_at`) compare as instants: negative when `a` is earlier,
 * 0 when they are the same instant, positive when later; null when either is missing or
 * not a date. Stamps are compared as instants, never as strings: a backend may write the
 * same instant with another offset or precision (R11).
 */
export function compareStamps(a: unknown, b: unknown): number | null {
  const at = (v: unknown) => (typeof v === 'string' ? Date.parse(v) : Number.NaN);
  const [x, y] = [at(a), at(b)];
  return Number.isNaN(x) || Number.isNaN(y) ? null : x - y;
}

/** Server bookkeeping that never counts as a user's change. */
const bookkeeping = new Set([
  'id',
  'cid',
  'updated_at',
  'created_at',
  'deleted_at',
  '_base',
  '_sync',
  '_deleted',
  '_answeredAt',
]);

const same = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined)
    return (a ?? null) === (b ?? null) || String(a ?? '') === String(b ?? '');
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
};

/** Fields of `next` that differ from `base`, over the keys of `keys` (default: next's). */
export function changedFields(base: Fields | null, next: Fields, keys: Iterable<string> = Object.keys(next)): string[] {
  const result: string[] = [];
  for (const key of keys) {
    if (bookkeeping.has(key)) continue;
    if (!same(base?.[key], next[key])) result.push(key);
  }
  return result;
}

export type MergeResult = { kind: 'merged'; payload: Fields } | { kind: 'conflict'; fields: string[] };

/**
 * Three-way merge of a queued change (`mine`, only the fields the user set) onto the
 * server's current record (`theirs`), both made from `base`. Overlapping changes
 * with different values are a conflict; otherwise mine is re-applied onto theirs.
 */
export function threeWayMerge(base: Fields | null, mine: Fields, theirs: Fields): MergeResult {
  const mineChanged = changedFields(base, mine);
  const theirsChanged = new Set(
    changedFields(base, theirs, new Set([...Object.keys(theirs), ...Object.keys(base ?? {})])),
  );
  const overlap = mineChanged.filter((field) => theirsChanged.has(field) && !same(mine[field], theirs[field]));
  if (overlap.length > 0) return { kind: 'conflict', fields: overlap };
  const payload: Fields = {};
  for (const field of Object.keys(mine)) if (!same(mine[field], theirs[field])) payload[field] = mine[field];
  return { kind: 'merged', payload };
}

/** The record after a resolution: per field, mine or theirs. */
export function pickFields(mine: Fields, choice: 'mine' | 'theirs' | Record<string, 'mine' | 'theirs'>): Fields {
  if (choice === 'mine') return { ...mine };
  if (choice === 'theirs') return {};
  const picked: Fields = {};
  for (const [field, side] of Object.entries(choice)) if (side === 'mine' && field in mine) picked[field] = mine[field];
  return picked;
}
