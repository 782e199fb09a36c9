import type { LocalRow } from '../db/app-db';
import { currentDb } from '../device/session';
import { appTransport } from '../net/transport';
import { pullCollection } from '../engine/pull';
import { isSyncError, type SyncError } from '../net/errors';
import { paginate, DEFAULT_PAGE_SIZE, type MealFilter, type Pagination, type PreviousBalanceFilter } from '../contract';
import type { LocalMeal } from '../entities/meals';
import type { LocalPreviousBalance } from '../entities/previous-balances';
export type { LocalMeal, LocalPreviousBalance };

/*
 * Meals and previous balances over the device (part 2 sections 2, 3): the lists open
 * offline with their filters, and the pull that fills them when a screen opens online.
 */

export type Part2Page<T> = { rows: T[]; pagination: Pagination };

const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : '');

/** Newest first by `dateKey`, then by id; rows not yet sent first among equal dates. */
async function pageOf<T extends LocalRow>(
  table: 'meals' | 'previousBalances',
  dateKey: string,
  match: (row: T) => boolean,
  page: number,
  perPage: number,
): Promise<Part2Page<T>> {
  const rows = ((await currentDb().entity(table).toArray()) as T[]).filter((r) => !r._deleted && match(r));
  const idOf = (r: T) => (typeof r.id === 'number' ? r.id : Number.MAX_SAFE_INTEGER);
  rows.sort((a, b) =>
    day(a[dateKey]) === day(b[dateKey]) ? idOf(b) - idOf(a) : day(a[dateKey]) < day(b[dateKey]) ? 1 : -1,
  );
  const pagination = paginate(rows.length, page, perPage);
  const start = (pagination.current_page - 1) * perPage;
  return { rows: rows.slice(start, start + perPage), pagination };
}

const inRange = (value: string, from?: string | null, to?: string | null) =>
  (!from || value >= from) && (!to || value <= to);

/** Meal Management and Our Services: filter center, meal type, from, to. */
export const listMeals = (filter: Partial<MealFilter> = {}, page = 1, perPage = DEFAULT_PAGE_SIZE) =>
  pageOf<LocalMeal & LocalRow>(
    'meals',
    'meal_date',
    (m) =>
      (!filter.center_id || Number(m.center_id) === filter.center_id) &&
      (!filter.meal_type || Number(m.meal_type) === filter.meal_type) &&
      inRange(day(m.meal_date), filter.from_date, filter.to_date),
    page,
    perPage,
  );

/** Previous Balance: filter center, activity date, from, to. */
export const listPreviousBalances = (
  filter: Partial<PreviousBalanceFilter> = {},
  page = 1,
  perPage = DEFAULT_PAGE_SIZE,
) =>
  pageOf<LocalPreviousBalance & LocalRow>(
    'previousBalances',
    'activity_date',
    (b) =>
      (!filter.centerId || Number(b.centerId) === filter.centerId) &&
      (!filter.activity_date || day(b.activity_date) === filter.activity_date) &&
      inRange(day(b.activity_date), filter.from_date, filter.to_date),
    page,
    perPage,
  );

export const getPreviousBalance = (cid: string) =>
  currentDb().entity('previousBalances').get(cid) as Promise<LocalPreviousBalance | undefined>;

export type Part2Collection = 'meals' | 'previousBalances';

/** Pulls meals or previous balances onto the device (delta pulls, R15-R17). Failures are values. */
export async function pullPart2Lists(
  collections: readonly Part2Collection[],
): Promise<{ ok: true } | { ok: false; error: SyncError }> {
  try {
    const deps = { db: currentDb(), transport: appTransport() };
    for (const collection of collections) await pullCollection(deps, collection);
    return { ok: true };
  } catch (error) {
    if (isSyncError(error)) return { ok: false, error };
    throw error;
  }
}
