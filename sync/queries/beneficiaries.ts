import { currentDb } from '../device/session';
import { paginate, DEFAULT_PAGE_SIZE, type Pagination } from '../contract/envelope';
import { serviceStatuses, toStoredDate, type BeneficiaryService } from '../contract';
import type { LocalRow, RowSyncState } from '../db/app-db';
import { listExitEntries, type ExitListFilter, type ExitListRow } from './exits';

/*
 * The /education, /medical and /mhp lists over the device. Registered: each child who
 * received the service once, with its latest entry (the entries of the service's
 * statuses newest first from the exit lists' index, the first per child kept).
 * Non-registered: the service's beneficiaries by [service+service_date].
 */

export type LocalBeneficiary = LocalRow & {
  name?: string;
  gender?: string | null;
  age?: string | null;
  centerId?: number;
  service?: string;
  service_date?: string;
  comment?: string | null;
  _deleted?: number;
};

const day = (v: unknown) => (typeof v === 'string' && v ? toStoredDate(v) : null);
const unsynced: RowSyncState[] = ['pending', 'conflict', 'rejected'];

/** One page of children who received `service`, each with its latest entry of it. */
export async function listRegisteredBeneficiaries(
  service: BeneficiaryService,
  filter: ExitListFilter = {},
  page = 1,
  perPage = DEFAULT_PAGE_SIZE,
): Promise<{ rows: ExitListRow[]; pagination: Pagination }> {
  const seen = new Set<string>();
  const latest: ExitListRow[] = [];
  for (const status of serviceStatuses[service]) {
    const all = await listExitEntries({ status, filter, perPage: Number.MAX_SAFE_INTEGER });
    latest.push(...all.rows);
  }
  latest.sort((a, b) => String(b.transfer_date ?? '').localeCompare(String(a.transfer_date ?? '')));
  const rows = latest.filter((r) => {
    const key = String(r.child?.cid ?? r.childregId);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const pagination = paginate(rows.length, page, perPage);
  const start = (pagination.current_page - 1) * perPage;
  return { rows: rows.slice(start, start + perPage), pagination };
}

/** One page of the non-registered beneficiaries of `service`, newest date first. */
export async function listNonRegisteredBeneficiaries(
  service: BeneficiaryService,
  filter: ExitListFilter = {},
  page = 1,
  perPage = DEFAULT_PAGE_SIZE,
): Promise<{ rows: LocalBeneficiary[]; pagination: Pagination }> {
  const table = currentDb().entity('beneficiaries');
  const from = day(filter.from_date) ?? '';
  const to = day(filter.to_date) ?? '\uffff';
  const center = filter.centerId ? Number(filter.centerId) : null;
  const indexed =
    center === null
      ? await table
          .where('[service+service_date]')
          .between([service, from], [service, to], true, true)
          .reverse()
          .primaryKeys()
      : await table
          .where('[service+centerId+service_date]')
          .between([service, center, from], [service, center, to], true, true)
          .reverse()
          .primaryKeys();
  const deleted = new Set(
    (await table.where('_sync').anyOf(unsynced).toArray()).filter((r) => r._deleted).map((r) => r.cid),
  );
  const cids = indexed.filter((cid) => !deleted.has(cid));
  const pagination = paginate(cids.length, page, perPage);
  const start = (pagination.current_page - 1) * perPage;
  const rows = (await table.bulkGet(cids.slice(start, start + perPage))).filter((r): r is LocalBeneficiary =>
    Boolean(r),
  );
  return { rows, pagination };
}
