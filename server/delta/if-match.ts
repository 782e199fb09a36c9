/*
 * The write precondition of sync/SPEC.md R11: `If-Match: "<updated_at>"`, the record's
 * updated_at as the server last sent it. Compared as instants, so any ISO spelling of the
 * same millisecond matches. Without the header the write proceeds (the spec's own client
 * never sends one); `*` matches any live record.
 */
export type Precondition = { kind: 'none' } | { kind: 'any' } | { kind: 'at'; time: number } | { kind: 'invalid' };

export function readIfMatch(header: string | undefined): Precondition {
  const value = header?.trim();
  if (!value) return { kind: 'none' };
  if (value === '*') return { kind: 'any' };
  const tag = value.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
  const time = Date.parse(tag);
  // An unreadable tag can never match: answered 409 with the current record to rebase on.
  return Number.isNaN(time) ? { kind: 'invalid' } : { kind: 'at', time };
}

/** Whether a write made against `precondition` may change a record last updated at `updatedAt`. */
export function preconditionHolds(precondition: Precondition, updatedAt: Date): boolean {
  if (precondition.kind === 'none' || precondition.kind === 'any') return true;
  if (precondition.kind === 'invalid') return false;
  return precondition.time === updatedAt.getTime();
}
