import { currentDb } from '../device/session';
import { request } from '../net/transport';
import { apiUrl } from '../net/config';
import { readMissingExtensions, writeMissingExtensions } from '../engine/missing-extensions';
import { isSyncError, type SyncError } from '../net/errors';
import { buildPath, paginate, routeOf, type Pagination } from '../contract';

/*
 * The part 2 lists a backend without our bulk pull answers only through their documented
 * calls (spec part 2, section 7: the restore/exit list by status, the short stay register,
 * the education/medical/MHP lists, the meal list and meal centers). When the device does
 * not hold that data, a screen asks the call online and keeps the page it got, with when
 * it was fetched, so the same page opens offline (DESIGN: every screen opens offline).
 */

/** The extension collections this server lacks, as the pull recorded them (none recorded: none missing). */
export async function missingExtensions(): Promise<ReadonlySet<string>> {
  return new Set((await readMissingExtensions(currentDb(), apiUrl())).missing);
}

/** Records which extension collections this server lacks, as the pull does (tests and a sign-in probe). */
export async function recordMissingExtensions(missing: readonly string[]): Promise<void> {
  await writeMissingExtensions(currentDb(), apiUrl(), missing, Date.now());
}

/** Whether the device holds every child's history (pulled through our /history extension). */
export async function deviceHoldsHistory(): Promise<boolean> {
  return !(await missingExtensions()).has('history');
}

/** Whether the device holds the non-registered beneficiaries (our /beneficiaries extension). */
export async function deviceHoldsBeneficiaries(): Promise<boolean> {
  return !(await missingExtensions()).has('beneficiaries');
}

/** Whether the device holds the meals (pulled at sync); the pull names 'meals' when it could not. */
export async function deviceHoldsMeals(): Promise<boolean> {
  return !(await missingExtensions()).has('meals');
}

/** The documented list calls a screen may read online. */
export type OnlineListEndpoint =
  | 'restoreExitList'
  | 'shortStayRegisterList'
  | 'regusersEducation'
  | 'regusersMedical'
  | 'regusersMhp'
  | 'nonRegusersEducation'
  | 'nonRegusersMedical'
  | 'nonRegusersMhp'
  | 'getMealList'
  | 'getMealCenters';

export type OnlineListQuery = {
  endpoint: OnlineListEndpoint;
  params?: Record<string, string | number>;
  /** The filter, sent in the body of a POST call and as the query of a GET one. */
  filter?: Record<string, unknown>;
  page?: number;
};

/** A page as the server gave it, and when (ms); fetchedAt null: never fetched on this device. */
export type FetchedPage<T> = { rows: T[]; pagination: Pagination; fetchedAt: number | null };

export type OnlineListAnswer<T> = { ok: true; value: FetchedPage<T> } | { ok: false; error: SyncError };

const clean = (filter: Record<string, unknown> = {}) =>
  Object.fromEntries(
    Object.entries(filter).filter(([, v]) => v !== undefined && v !== null && v !== '') as [string, string | number][],
  );

/** The call's path with its parameters (the status of the restore/exit list). */
const pathOf = (query: OnlineListQuery) =>
  (buildPath as (name: OnlineListEndpoint, params: Record<string, string | number>) => string)(
    query.endpoint,
    query.params ?? {},
  );

/** Where a page is kept: the call, its path parameters, filter and page. */
export function onlineListKey(query: OnlineListQuery): string {
  const path = pathOf(query);
  return `online:${path}?${JSON.stringify({ ...clean(query.filter), page: query.page ?? 1 })}`;
}

/** The page kept for this query, or an empty one never fetched. */
export async function keptListPage<T>(query: OnlineListQuery): Promise<FetchedPage<T>> {
  const row = await currentDb().lookups.get(onlineListKey(query));
  const kept = row?.data as { rows: T[]; pagination: Pagination } | undefined;
  if (!row || !kept) return { rows: [], pagination: paginate(0, 1), fetchedAt: null };
  return { rows: kept.rows, pagination: kept.pagination, fetchedAt: row.pulledAt };
}

/**
 * One page of a documented list: from the server when `online` (within a read's
 * timeout, `requestTimeouts.readMs`), kept on the device with when it was fetched; offline, or when
 * the server cannot be reached, the page kept last. A refusal (403, 422) is returned.
 */
export async function loadOnlineList<T>(query: OnlineListQuery, online: boolean): Promise<OnlineListAnswer<T>> {
  if (online) {
    // The verb the configured backend profile uses for this row (endpoints/profiles.ts).
    const { method } = routeOf(query.endpoint);
    const filter = clean(query.filter);
    const page = query.page ?? 1;
    try {
      const envelope = await request<T[] | { data?: T[] }>(method, pathOf(query), {
        ...(method === 'GET' ? { searchParams: { ...filter, page } } : { json: filter, searchParams: { page } }),
        kind: 'read',
      });
      // A Laravel paginator may come whole in `data` ({data, current_page, ...}).
      const data = envelope.data as unknown;
      const rows = (Array.isArray(data) ? data : ((data as { data?: T[] } | null)?.data ?? [])) as T[];
      const pagination = envelope.pagination ?? paginate(rows.length, 1, Math.max(rows.length, 1));
      const fetchedAt = Date.now();
      await currentDb().lookups.put({ key: onlineListKey(query), data: { rows, pagination }, pulledAt: fetchedAt });
      return { ok: true, value: { rows, pagination, fetchedAt } };
    } catch (error) {
      if (!isSyncError(error)) throw error;
      if (!error.retryable) return { ok: false, error };
    }
  }
  return { ok: true, value: await keptListPage<T>(query) };
}
