/**
 * Whether two values as records hold them (JSON from the wire, with the dates and bytes the
 * device adds) are the same, whatever their keys' order: dates by their time, bytes by their
 * content. The pull leaves a row it already holds alone (engine/pull.ts), and sealing stores a
 * base that is the row's own fields once (db/seal.ts).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]))
  );
}
