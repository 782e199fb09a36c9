import { currentDb } from '../device/session';
import { paginate, DEFAULT_PAGE_SIZE, type Pagination } from '../contract/envelope';
import { serviceStatuses, toStoredDate, type BeneficiaryService } from '../contract';
import { childrenByKey, UNSENT_STATES, type ChildFacts, type HistoryFacts } from '../db/app-db';
import type { ExitListFilter, ExitListRow } from './exits';
import type { LocalBeneficiary } from '../entities/beneficiaries';
import type { LocalBeneficiaryDocument } from '../entities/beneficiary-documents';
export type { LocalBeneficiary, LocalBeneficiaryDocument };

/*
 * The /education, /medical and /mhp lists over the device. Registered: each child who
 * received the service once, with its latest entry (worked out over the kept fields of
 * history, db/table-mirror.ts; only the page's entries and children are read).
 * Non-registered: the service's beneficiaries by [service+service_date].
 */

const day = (v: unknown) => (typeof v === 'string' && v ? toStoredDate(v) : null);

/** One page of children who received `service`, each with its latest entry of it. */
export async function listRegisteredBeneficiaries(
  service: BeneficiaryService,
  filter: ExitListFilter = {},
  page = 1,
  perPage = DEFAULT_PAGE_SIZE,
): Promise<{ rows: ExitListRow[]; pagination: Pagination }> {
  const db = currentDb();
  const statuses = new Set<unknown>(serviceStatuses[service]);
  const from = day(filter.from_date);
  const to = day(filter.to_date);
  const center = filter.centerId ? Number(filter.centerId) : null;
  // Counted over the kept fields of history and children (db/table-mirror.ts), not the rows.
  const [children, history] = await Promise.all([db.childFacts.values(), db.historyFacts.values()]);
  const childOf = childrenByKey(children);
  const latest = new Map<unknown, { entry: HistoryFacts; date: string; child: ChildFacts | undefined }>();
  for (const entry of history) {
    if (entry._deleted || !statuses.has(entry.history_status)) continue;
    const child = childOf.get(entry.childregId);
    if (center !== null && Number(entry.centerId ?? child?.centerdetailId) !== center) continue;
    const date = day(entry.transfer_date) ?? '';
    if ((from && date < from) || (to && date > to)) continue;
    const key = child?.cid ?? entry.childregId;
    const kept = latest.get(key);
    if (!kept || date > kept.date || (date === kept.date && entry.cid > kept.entry.cid))
      latest.set(key, { entry, date, child });
  }
  const ordered = [...latest.values()].sort((a, b) =>
    a.date === b.date ? (a.entry.cid < b.entry.cid ? 1 : -1) : a.date < b.date ? 1 : -1,
  );
  const pagination = paginate(ordered.length, page, perPage);
  const start = (pagination.current_page - 1) * perPage;
  const shown = ordered.slice(start, start + perPage);
  const [entries, kids] = await Promise.all([
    db.entity('history').bulkGet(shown.map((s) => s.entry.cid)),
    db.entity('children').bulkGet(shown.map((s) => s.child?.cid ?? '')),
  ]);
  const rows = entries.flatMap((entry, i) => (entry ? [{ ...entry, child: kids[i] ?? null } as ExitListRow] : []));
  return { rows, pagination };
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
    (await table.where('_sync').anyOf(UNSENT_STATES).toArray()).filter((r) => r._deleted).map((r) => r.cid),
  );
  const cids = indexed.filter((cid) => !deleted.has(cid));
  const pagination = paginate(cids.length, page, perPage);
  const start = (pagination.current_page - 1) * perPage;
  const rows = (await table.bulkGet(cids.slice(start, start + perPage))).filter((r): r is LocalBeneficiary =>
    Boolean(r),
  );
  return { rows, pagination };
}

/**
 * A beneficiary's documents, oldest first, those still waiting for the server last. A
 * beneficiary created offline is named by its cid until its create succeeds (R8), so
 * both keys are asked.
 */
export async function listBeneficiaryDocuments(beneficiary: {
  cid: string;
  id?: number | null;
}): Promise<LocalBeneficiaryDocument[]> {
  const keys: (string | number)[] = beneficiary.id ? [beneficiary.cid, beneficiary.id] : [beneficiary.cid];
  const rows = (await currentDb()
    .entity('beneficiaryDocuments')
    .where('beneficiaryId')
    .anyOf(keys)
    .toArray()) as LocalBeneficiaryDocument[];
  const order = (r: LocalBeneficiaryDocument) => (r.created_at ? `0${r.created_at}` : '1');
  return rows.filter((r) => !r._deleted).sort((a, b) => order(a).localeCompare(order(b)));
}
