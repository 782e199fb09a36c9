import { currentDb } from '../device/session';
import { paginate, DEFAULT_PAGE_SIZE, type Pagination } from '../contract/envelope';
import { toStoredDate, type CwcListFilter } from '../contract';
import type { LocalCwc } from '../entities/cwc';
export type { LocalCwc };

/*
 * The /produce and /refer lists over the device (spec part 1 section 2): filtered by center and the
 * transfer date range, newest date first, paged like the server's list.
 */

export type CwcKind = 'produce' | 'refer';
export type CwcListPage = { rows: LocalCwc[]; pagination: Pagination };

const tableOf = (kind: CwcKind) => (kind === 'produce' ? 'cwcProduce' : 'cwcRefer');
const stored = (v: unknown) => (typeof v === 'string' && v ? toStoredDate(v) : null);

/** A page of CWC records matching `filter` (its date range already checked by the form). */
export async function listCwcRecords(
  kind: CwcKind,
  query: { filter?: Partial<CwcListFilter>; page?: number; perPage?: number } = {},
): Promise<CwcListPage> {
  const f = query.filter ?? {};
  const from = stored(f.from_date);
  const to = stored(f.to_date);
  const rows = ((await currentDb().entity(tableOf(kind)).toArray()) as LocalCwc[]).filter((r) => {
    if (r._deleted) return false;
    if (f.centerId && Number(r.centerId) !== Number(f.centerId)) return false;
    const day = stored(r.transfer_date) ?? '';
    if (from && day < from) return false;
    if (to && day > to) return false;
    return true;
  });
  rows.sort(
    (a, b) =>
      String(b.transfer_date ?? '').localeCompare(String(a.transfer_date ?? '')) ||
      Number(b.id ?? Infinity) - Number(a.id ?? Infinity),
  );
  const perPage = query.perPage ?? DEFAULT_PAGE_SIZE;
  const pagination = paginate(rows.length, query.page ?? 1, perPage);
  const start = (pagination.current_page - 1) * perPage;
  return { rows: rows.slice(start, start + perPage), pagination };
}

/** One CWC record by cid. */
export async function getCwcRecord(kind: CwcKind, cid: string): Promise<LocalCwc | undefined> {
  return (await currentDb().entity(tableOf(kind)).get(cid)) as LocalCwc | undefined;
}
