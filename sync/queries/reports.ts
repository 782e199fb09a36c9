import { childrenByKey, type ChildFacts, type HistoryFacts, type LocalRow } from '../db/app-db';
import { currentDb } from '../device/session';
import { request } from '../net/transport';
import { isSyncError, type SyncError } from '../net/errors';
import { lastSyncedAt } from '../public-api';
import {
  buildPath,
  routeOf,
  buildGroupReport,
  buildReport,
  paginate,
  reportCategories,
  reportCategoryOf,
  reportConditions,
  reportDateOf,
  reportGenderOf,
  reportPeriods,
  reportRowsFrom,
  unsentCwcEntries,
  REPORT_NO_VALUE,
  reportMetaKeys,
  type GroupCell,
  type GroupReportAnswer,
  type Pagination,
  type ReportAnswer,
  type ReportBlock,
  type ReportCell,
  type ReportRow,
} from '../contract';
import { centerOptions } from './lookups';
import { keptGroupCounts, keptReportCounts, keptTrendCounts } from './kept-reports';

/*
 * Reports from the device (part 2 DESIGN notes): the contract's rule over the children,
 * history and previous balances this device holds, so /reports and /groupReports open
 * offline for the centers on the device; and the same reports from the server when it
 * answers. Each answer says which source it came from and, for the device, as of which
 * sync.
 */

export type ReportFilter = { centerId?: number | null; from_date?: string | null; to_date?: string | null };
/**
 * Who counted an answer: the server, or this device as of its last sync, because it is
 * `offline` or because the server gave `no-answer` (none in time, none at all, a 5xx).
 */
export type ReportSource = { source: 'server' } | { source: 'device'; syncedAt: number | null; why: DeviceWhy };
export type DeviceWhy = 'offline' | 'no-answer';
/** How a report is asked: the wait for the server, and `serverOnly` for asking again without the device's count. */
export type LoadOptions = { timeoutMs?: number; signal?: AbortSignal; serverOnly?: boolean };
export type Sourced<T> = { data: T } & ReportSource;
export type Answer<T> = { ok: true; value: T } | { ok: false; error: SyncError };

const today = () => new Date().toISOString().slice(0, 10);
type Row = LocalRow & { _deleted?: number };

/** CWC produce/refer records saved here and not yet on the server, as the entries the server will write for them. */
async function unsentCwcHistory(): Promise<HistoryFacts[]> {
  const db = currentDb();
  const [produce, refer] = await Promise.all([
    db.entity('cwcProduce').where('_sync').equals('pending').toArray(),
    db.entity('cwcRefer').where('_sync').equals('pending').toArray(),
  ]);
  return [
    ...unsentCwcEntries(produce, 'produceToCwc'),
    ...unsentCwcEntries(refer, 'referFromCwc'),
  ] as unknown as HistoryFacts[];
}

/** The device's history entries as report rows (category, activity date, gender, center), with unsent CWC records. */
export async function deviceReportRows(): Promise<ReportRow[]> {
  const db = currentDb();
  const [children, history, cwc] = await Promise.all([
    db.childFacts.values(),
    db.historyFacts.values(),
    unsentCwcHistory(),
  ]);
  return reportRowsFrom(children, [...history, ...cwc]);
}

/** Previous balances on the device dated in [from, to], per center. */
async function deviceBalances(from: string, to: string, centerId: number | null) {
  const balances = new Map<number, { male: number; female: number }>();
  for (const row of (await currentDb().entity('previousBalances').toArray()) as Row[]) {
    const day = String(row.activity_date ?? '').slice(0, 10);
    const center = Number(row.centerId);
    if (row._deleted || day < from || day > to || (centerId !== null && center !== centerId)) continue;
    const sum = balances.get(center) ?? { male: 0, female: 0 };
    balances.set(center, { male: sum.male + Number(row.male ?? 0), female: sum.female + Number(row.female ?? 0) });
  }
  return balances;
}

/** The reports answer computed on the device, from the kept counts (db/kept-counts.ts). */
export async function deviceReport(filter: ReportFilter, on = today()): Promise<ReportAnswer> {
  const centerId = filter.centerId ?? null;
  const p = reportPeriods(filter.from_date, filter.to_date, on);
  const [counts, balances, centers] = await Promise.all([
    keptReportCounts(currentDb(), p, centerId),
    deviceBalances(p.from_date, p.to_date, centerId),
    centerOptions(),
  ]);
  const balance = [...balances.values()].reduce((s, b) => ({ male: s.male + b.male, female: s.female + b.female }), {
    male: 0,
    female: 0,
  });
  const center_name = centerId === null ? null : (centers.find((c) => c.id === centerId)?.name ?? null);
  return buildReport(counts, p, { centerId, center_name, balance });
}

/** The groupReport2 answer computed on the device: the centers it knows, in id order. */
export async function deviceGroupReport(filter: ReportFilter, on = today()): Promise<GroupReportAnswer> {
  const centerId = filter.centerId ?? null;
  const p = reportPeriods(filter.from_date, filter.to_date, on);
  const [counts, balances, options] = await Promise.all([
    keptGroupCounts(currentDb(), p, centerId),
    deviceBalances(p.from_date, p.to_date, centerId),
    centerOptions(),
  ]);
  const centers = options
    .filter((c) => centerId === null || c.id === centerId)
    .map((c) => ({ id: c.id, name: c.name }))
    .sort((a, b) => a.id - b.id);
  return buildGroupReport(counts, p, centers, balances);
}

/** The report calls, each sent from its endpoint row. */
type ReportEndpoint = 'reports' | 'groupReport2' | 'singleReport' | 'groupSingleReport';

async function ask<T>(
  endpoint: ReportEndpoint,
  body: Record<string, unknown>,
  options: LoadOptions,
  page?: number,
): Promise<Answer<{ data: T; pagination?: Pagination }>> {
  try {
    // The report calls are POSTs that only read: a read's timeout, so a server that never
    // answers leaves the screen with the device's count, not a spinner.
    const envelope = await request<T>(routeOf(endpoint).method, buildPath(endpoint, {}), {
      json: body,
      ...(page ? { searchParams: { page } } : {}),
      kind: 'read',
      timeoutMs: options.timeoutMs,
      signal: options.signal,
    });
    return { ok: true, value: { data: envelope.data as T, pagination: envelope.pagination } };
  } catch (error) {
    if (isSyncError(error)) return { ok: false, error };
    throw error;
  }
}

/** The device's answer, as of its last sync, and why it stands in for the server's. */
async function fromDevice<T>(online: boolean, device: () => Promise<T>): Promise<Answer<Sourced<T>>> {
  const why: DeviceWhy = online ? 'no-answer' : 'offline';
  return { ok: true, value: { data: await device(), source: 'device', syncedAt: await lastSyncedAt(), why } };
}

/**
 * A report from the server when `online`, else (or when the server does not answer in
 * time or cannot be reached) from the device; with `serverOnly`, the server's answer or
 * its failure. Validation answers (422) are returned as errors, not hidden.
 */
async function sourced<T>(
  online: boolean,
  endpoint: ReportEndpoint,
  filter: ReportFilter,
  device: () => Promise<T>,
  options: LoadOptions,
): Promise<Answer<Sourced<T>>> {
  if (online) {
    const answer = await ask<T>(endpoint, { ...filter }, options);
    if (answer.ok) return { ok: true, value: { data: answer.value.data, source: 'server' } };
    if (!answer.error.retryable || options.serverOnly) return answer;
  }
  return fromDevice(online, device);
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const num = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);
const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : '');
/** A category's title: the contract's, else its key with underscores turned into spaces. */
const titleOf = (key: string) => reportCategories.find((c) => c.key === key)?.title ?? key.replace(/_/g, ' ');
const reportAnswerMeta = new Set([...reportMetaKeys, 'till_to', 'categories']);
const groupAnswerMeta = new Set(['AllCenterList', 'totalsum', 'previous_balance', 'date_range', 'categories']);

/** The day before `iso` (yyyy-MM-dd). */
function dayBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return '';
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * A reports answer as the spec shows it (part 2 section 3) made whole for the screen: our
 * added fields (`categories`, `till_to`) are optional. Without `categories` every block of
 * new/pre/till arrays is a category, in the answer's order; without `till_to` earlier
 * years end the day before the previous period. A cell without search_1/search_2 asks
 * 'novalue' (section 4).
 */
export function reportAnswerOf(raw: unknown): ReportAnswer {
  const r = record(raw);
  const isBlock = (v: unknown) => ['new', 'pre', 'till'].some((p) => Array.isArray(record(v)[p]));
  const given = Array.isArray(r.categories)
    ? (r.categories as unknown[]).flatMap((c) => {
        const { key, title } = record(c);
        return typeof key === 'string' ? [{ key, title: typeof title === 'string' ? title : titleOf(key) }] : [];
      })
    : Object.keys(r)
        .filter((k) => !reportAnswerMeta.has(k) && isBlock(r[k]))
        .map((key) => ({ key, title: titleOf(key) }));
  const cells = (v: unknown): ReportCell[] =>
    (Array.isArray(v) ? v : []).flatMap((c) => {
      const cell = record(c);
      if (cell.gender !== 'Male' && cell.gender !== 'Female') return [];
      const text = (s: unknown) => (s === undefined || s === null || s === '' ? REPORT_NO_VALUE : String(s));
      return [
        {
          gender: cell.gender,
          countgender: num(cell.countgender),
          search_1: text(cell.search_1),
          search_2: text(cell.search_2),
        },
      ];
    });
  const balance = record(r.previousyeardata);
  const answer: ReportAnswer = {
    ...r,
    start_year: num(r.start_year),
    end_year: num(r.end_year),
    pre_start_year: num(r.pre_start_year),
    pre_end_year: num(r.pre_end_year),
    center_name: typeof r.center_name === 'string' ? r.center_name : null,
    from_date: day(r.from_date),
    to_date: day(r.to_date),
    centerId: r.centerId === null || r.centerId === undefined || r.centerId === '' ? null : num(r.centerId) || null,
    from_last: day(r.from_last),
    to_last: day(r.to_last),
    till_to: day(r.till_to) || dayBefore(day(r.from_last)),
    previousyeardata: {
      male: num(balance.male),
      female: num(balance.female),
      countgender: num(balance.countgender ?? num(balance.male) + num(balance.female)),
    },
    categories: given,
  };
  for (const { key } of given) {
    const block = record(r[key]);
    answer[key] = { new: cells(block.new), pre: cells(block.pre), till: cells(block.till) } satisfies ReportBlock;
  }
  return answer;
}

/**
 * A groupReport2 answer as the spec shows it (part 2 section 3) made whole for the screen:
 * without `categories`, every other key holding cells is a category; a category's block is
 * Male/Female/Total rows of per-center cells ({total, centerId, searchParams}), or one row
 * when the answer gives a plain array.
 */
export function groupReportAnswerOf(raw: unknown): GroupReportAnswer {
  const r = record(raw);
  const cells = (v: unknown): GroupCell[] =>
    (Array.isArray(v) ? v : []).map((c) => {
      const cell = record(c);
      const centerId = cell.centerId === 'total' || cell.centerId === undefined ? 'total' : num(cell.centerId);
      return {
        ...cell,
        total: num(cell.total),
        centerId,
        searchParams: record(cell.searchParams) as GroupCell['searchParams'],
      };
    });
  const isBlock = (v: unknown) =>
    Array.isArray(v) || ['Male', 'Female', 'Total'].some((k) => Array.isArray(record(v)[k]));
  const categories = Array.isArray(r.categories)
    ? (r.categories as unknown[]).flatMap((c) => {
        const { key, title } = record(c);
        return typeof key === 'string' ? [{ key, title: typeof title === 'string' ? title : titleOf(key) }] : [];
      })
    : Object.keys(r)
        .filter((k) => !groupAnswerMeta.has(k) && isBlock(r[k]))
        .map((key) => ({ key, title: titleOf(key) }));
  const range = record(r.date_range);
  const answer: GroupReportAnswer = {
    ...r,
    AllCenterList: (Array.isArray(r.AllCenterList) ? r.AllCenterList : []).map((c, i) => {
      const center = record(c);
      return { id: center.id === undefined ? i : num(center.id), name: String(center.name ?? '') };
    }),
    categories,
    totalsum: cells(r.totalsum),
    previous_balance: cells(r.previous_balance).map((c) => ({
      ...c,
      male: num((c as Record<string, unknown>).male),
      female: num((c as Record<string, unknown>).female),
    })),
    date_range: { from_date: day(range.from_date), to_date: day(range.to_date) },
  };
  for (const { key } of categories) {
    const block = r[key];
    answer[key] = Array.isArray(block)
      ? { Total: cells(block) }
      : Object.fromEntries(Object.entries(record(block)).map(([row, v]) => [row, cells(v)]));
  }
  return answer;
}

async function normalized<T>(answer: Promise<Answer<Sourced<unknown>>>, of: (raw: unknown) => T) {
  const a = await answer;
  return a.ok ? { ...a, value: { ...a.value, data: of(a.value.data) } } : a;
}

export const loadReport = (
  filter: ReportFilter,
  online: boolean,
  options: LoadOptions = {},
): Promise<Answer<Sourced<ReportAnswer>>> =>
  normalized(
    sourced<unknown>(online, 'reports', filter, () => deviceReport(filter), options),
    reportAnswerOf,
  );
export const loadGroupReport = (
  filter: ReportFilter,
  online: boolean,
  options: LoadOptions = {},
): Promise<Answer<Sourced<GroupReportAnswer>>> =>
  normalized(
    sourced<unknown>(online, 'groupReport2', filter, () => deviceGroupReport(filter), options),
    groupReportAnswerOf,
  );

/** A count's details request (singleReport / groupSingleReport). */
export type DetailsRequest = {
  centerId?: number | null;
  from_date?: string | null;
  to_date?: string | null;
  gender?: string | null;
  where: string;
  value: string;
  where1: string;
  value1: string;
  /** Group details: 'yes' for a count of the Total column, 'no' for one center's. */
  isTotal?: string;
  /** 'yes' when the count's entries carry a session number (shown as a column). */
  time?: string;
  /** 'noaction' adds the where2/value2 condition. */
  type?: string;
  where2?: string;
  value2?: string;
  /** Group details: the previous period's years (part 2 section 7). */
  pre_start_year?: string;
  pre_end_year?: string;
};

export type DetailsRow = Record<string, unknown> & { id?: number; cid?: string };

const uniqueOf = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The centers the device knows, by id, for report details (spec part 2, Report details:
 * "unique_centerId ... center_name"), as the server joins them to the child's current
 * center: the centers table where this user pulls it, else GET /centers_list, which every
 * user keeps (our server gives each center's unique_centerId there; the spec's gives the
 * name only).
 */
async function deviceCenters(): Promise<Map<number, { name: string; unique_centerId: string | null }>> {
  const [options, rows] = await Promise.all([
    centerOptions(),
    currentDb().entity('centers').toArray() as Promise<Row[]>,
  ]);
  const known = new Map(options.map((c) => [c.id, { name: c.name, unique_centerId: uniqueOf(c.unique_centerId) }]));
  for (const row of rows) {
    const id = Number(row.id);
    if (!Number.isInteger(id) || row._deleted) continue;
    known.set(id, {
      name: String(row.name ?? known.get(id)?.name ?? ''),
      unique_centerId: uniqueOf(row.unique_centerId) ?? known.get(id)?.unique_centerId ?? null,
    });
  }
  return known;
}

/**
 * The Unique Center Id of the center an entry counts for: the device's centers, else the
 * child's own center_data when it is that center (a backend whose child answer embeds the
 * whole center row carries it there).
 */
function uniqueCenterIdOf(centers: Map<number, { unique_centerId: string | null }>, center: number, child: Row) {
  const embedded = child.center_data as { id?: unknown; unique_centerId?: unknown } | null | undefined;
  const own = embedded && Number(embedded.id) === center ? uniqueOf(embedded.unique_centerId) : null;
  return centers.get(center)?.unique_centerId ?? own;
}

/** The entries behind a count on the device, newest activity first, one page. */
export async function deviceReportDetails(
  req: DetailsRequest,
  page: number,
  perPage = 10,
): Promise<{ rows: DetailsRow[]; pagination: Pagination }> {
  const db = currentDb();
  const conditions = reportConditions(req);
  if (!conditions) return { rows: [], pagination: paginate(0, page, perPage) };
  const category = conditions.category;
  const gender = req.gender === 'Male' || req.gender === 'Female' ? req.gender : conditions.gender;
  const from = req.from_date && req.from_date !== REPORT_NO_VALUE ? req.from_date : null;
  const to = req.to_date && req.to_date !== REPORT_NO_VALUE ? req.to_date : null;
  const statuses = category ? (reportCategories.find((c) => c.key === category)?.statuses ?? []) : null;
  const [children, kept, cwc, centers] = await Promise.all([
    db.childFacts.values(),
    db.historyFacts.values(),
    unsentCwcHistory(),
    deviceCenters(),
  ]);
  const history = [...kept, ...cwc];
  const childOf = childrenByKey(children);
  // The entries behind the count, from the kept fields; only the page's rows are read whole.
  const found: { entry: HistoryFacts; child: ChildFacts; day: string; center: number }[] = [];
  for (const entry of history) {
    if (entry._deleted || entry.deleted_at) continue;
    const kid = childOf.get(entry.childregId);
    const child = kid && !kid._deleted && !kid.deleted_at ? kid : undefined;
    const day = reportDateOf(entry);
    const category = reportCategoryOf(entry.history_status);
    const g = child ? reportGenderOf(child.gender) : null;
    if (!child || !day || !category || !g) continue;
    if (
      (statuses && !statuses.includes(String(entry.history_status))) ||
      (gender && g !== gender) ||
      (from && day < from) ||
      (to && day > to)
    )
      continue;
    const center = Number(child.centerdetailId);
    if (req.centerId && center !== req.centerId) continue;
    found.push({ entry, child, day, center });
  }
  found.sort((a, b) => (a.day === b.day ? Number(a.entry.id ?? 0) - Number(b.entry.id ?? 0) : a.day < b.day ? 1 : -1));
  const pagination = paginate(found.length, page, perPage);
  const start = (pagination.current_page - 1) * perPage;
  const shown = found.slice(start, start + perPage);
  const [entries, kids] = await Promise.all([
    db.entity('history').bulkGet(shown.map((f) => f.entry.cid)),
    db.entity('children').bulkGet(shown.map((f) => f.child.cid)),
  ]);
  const rows = shown.map(({ day, center, entry: fact }, i): DetailsRow => {
    // An unsent CWC record stands in for its entry, which is not on the device yet.
    const entry = (entries[i] ?? fact) as Row;
    const child = (kids[i] ?? {}) as Row;
    const unique_centerId = uniqueCenterIdOf(centers, center, child);
    return {
      id: entry.id as number | undefined,
      cid: entry.cid,
      name: child.name,
      uniqueId: child.uniqueId,
      history_status: entry.history_status,
      aadharno: child.aadharno,
      cwccaseno: child.cwccaseno,
      gender: child.gender,
      dateofarrival: child.dateofarrival,
      transfer_date: day,
      session_number: entry.session_number,
      center_name: centers.get(center)?.name ?? '',
      unique_centerId,
      center_data: { name: centers.get(center)?.name ?? '', unique_centerId },
      created_at: entry.created_at,
      updated_at: entry.updated_at,
    };
  });
  return { rows, pagination };
}
/** A count's details: from the server when online, else (or when it does not answer) from the device. */
export async function loadReportDetails(
  req: DetailsRequest,
  page: number,
  online: boolean,
  group = false,
  options: LoadOptions = {},
): Promise<Answer<Sourced<{ rows: DetailsRow[]; pagination: Pagination }>>> {
  if (online) {
    const answer = await ask<DetailsRow[]>(group ? 'groupSingleReport' : 'singleReport', { ...req }, options, page);
    if (answer.ok)
      return {
        ok: true,
        value: {
          data: { rows: answer.value.data ?? [], pagination: answer.value.pagination ?? paginate(0, 1) },
          source: 'server',
        },
      };
    if (!answer.error.retryable || options.serverOnly) return answer;
  }
  return fromDevice(online, () => deviceReportDetails(req, page));
}

/** Which device rows a dashboard tile's trend counts (tiles without one show no trend). */
const trendOf: Partial<Record<string, { statuses?: readonly string[]; arrivals?: true; meals?: true }>> = {
  children_supported: { arrivals: true },
  meals_distributed: { meals: true },
  school_going: { statuses: ['education'] },
  literacy_programme: { statuses: ['education', 'higher_education'] },
  medical_support: { statuses: ['medical_issue', 'mhp'] },
  reunited_with_family: { statuses: ['restoration'] },
};

/**
 * The last `months` months (oldest first, ending with the current one) of the dashboard
 * tiles that have a trend, counted on the device: arrivals, history entries by activity
 * date (both from the kept counts), children fed by meal date.
 */
export async function dashboardTrends(months = 12, now = new Date()): Promise<Record<string, number[]>> {
  const db = currentDb();
  const keys = Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
  const index = new Map(keys.map((k, i) => [k, i]));
  const trends: Record<string, number[]> = Object.fromEntries(Object.keys(trendOf).map((k) => [k, keys.map(() => 0)]));
  const bump = (tile: string, day: unknown, by = 1) => {
    const i = typeof day === 'string' ? index.get(day.slice(0, 7)) : undefined;
    if (i !== undefined) trends[tile][i] += by;
  };
  const [kept, meals] = await Promise.all([keptTrendCounts(db), db.mealFacts.values()]);
  for (const [month, n] of kept.arrivals) bump('children_supported', month, n);
  for (const { status, month, n } of kept.entries) {
    for (const [tile, rule] of Object.entries(trendOf)) if (rule?.statuses?.includes(status)) bump(tile, month, n);
  }
  for (const meal of meals)
    if (!meal._deleted) bump('meals_distributed', meal.meal_date, Number(meal.child_count ?? 0));
  return trends;
}
