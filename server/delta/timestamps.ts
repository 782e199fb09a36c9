import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A timestamp as the sync protocol sends it: ISO-8601 UTC with milliseconds. */
export const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/**
 * The updated_at of a write. The database clock (never the device's), truncated to the
 * column's millisecond precision, and always at least 1 ms after the previous value: two
 * writes in the same millisecond must still differ, or a stale If-Match would pass.
 */
export const nextUpdatedAt = (column: AnyPgColumn): SQL =>
  sql`greatest(date_trunc('milliseconds', clock_timestamp()), ${column} + interval '1 millisecond')`;
