import { historyGroups } from '../constants/history-groups';
import { REPORT_NO_VALUE } from '../constants/limits';

/*
 * The report rule of part 2 (sections 2, 3, 9), written once: the server computes it in
 * SQL (server/reports) and the device over the rows it holds (sync/queries/reports.ts);
 * a property test holds the two equal.
 *
 * - What is counted: live history entries of live children. An entry's category is its
 *   history table (constants/history-groups.ts); its date is the activity date
 *   (transfer_date, else history_date; entries with neither are not counted); its center
 *   is the child's current center, not the one the entry was recorded at (sync/SPEC.md,
 *   R20: a moved child's past entries move with it); its gender is the child's.
 * - Periods: the current one is [from, to] (the financial year 1 April - 31 March of
 *   today when not given); the previous one is the same dates a year earlier
 *   [from_last, to_last] (29 February becomes 28 February); earlier years are every day
 *   up to 31 March of the previous period's end year and before from_last. An entry
 *   falls in the first of new, pre, till that holds it.
 */

export type ReportGender = 'Male' | 'Female';
export type ReportPeriod = 'new' | 'pre' | 'till';
export const reportGenders: readonly ReportGender[] = ['Male', 'Female'];
export const reportPeriodKeys: readonly ReportPeriod[] = ['new', 'pre', 'till'];

/** The report categories, in row order: one per history table. */
export const reportCategories = Object.entries(historyGroups).map(([key, group]) => ({
  key,
  title: group.title,
  statuses: group.statuses,
}));

const categoryByStatus = new Map(reportCategories.flatMap((c) => c.statuses.map((s) => [s, c.key] as const)));

/** The category of a history status, or null when no report counts it. */
export const reportCategoryOf = (status: unknown): string | null => categoryByStatus.get(String(status ?? '')) ?? null;

/** The report gender of a child's gender value ('Male'/'Female', any case, spaces trimmed). */
export function reportGenderOf(gender: unknown): ReportGender | null {
  const value = typeof gender === 'string' ? gender.trim().toLowerCase() : '';
  return value === 'male' ? 'Male' : value === 'female' ? 'Female' : null;
}

/** The activity date of a history entry (yyyy-MM-dd), or null. */
export function reportDateOf(row: {
  transfer_date?: unknown;
  history_date?: unknown;
  [field: string]: unknown;
}): string | null {
  for (const value of [row.transfer_date, row.history_date]) {
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  }
  return null;
}

export type ReportPeriods = {
  from_date: string;
  to_date: string;
  from_last: string;
  to_last: string;
  /** Last day of the earlier years (31 March cut-off, before from_last). */
  till_to: string;
  start_year: number;
  end_year: number;
  pre_start_year: number;
  pre_end_year: number;
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const parse = (s: string) => new Date(`${s}T00:00:00Z`);

/** The same day a year earlier; 29 February becomes 28 February. */
export function yearEarlier(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const lastDay = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return `${pad(y - 1, 4)}-${pad(m)}-${pad(Math.min(d, lastDay))}`;
}

const dayBefore = (day: string) => ymd(new Date(parse(day).getTime() - 86_400_000));

/** The financial year (1 April - 31 March) holding `today` (yyyy-MM-dd). */
export function financialYearOf(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number);
  const start = m >= 4 ? y : y - 1;
  return { from: `${pad(start, 4)}-04-01`, to: `${pad(start + 1, 4)}-03-31` };
}

/** The periods of a report of [from, to]; either missing means the financial year of `today`. */
export function reportPeriods(
  from: string | null | undefined,
  to: string | null | undefined,
  today: string,
): ReportPeriods {
  const year = financialYearOf(today);
  const from_date = from && to ? from : year.from;
  const to_date = from && to ? to : year.to;
  const from_last = yearEarlier(from_date);
  const to_last = yearEarlier(to_date);
  const cutOff = `${to_last.slice(0, 4)}-03-31`;
  const beforeLast = dayBefore(from_last);
  return {
    from_date,
    to_date,
    from_last,
    to_last,
    till_to: cutOff < beforeLast ? cutOff : beforeLast,
    start_year: Number(from_date.slice(0, 4)),
    end_year: Number(to_date.slice(0, 4)),
    pre_start_year: Number(from_last.slice(0, 4)),
    pre_end_year: Number(to_last.slice(0, 4)),
  };
}

/** The period an activity date falls in, or null. */
export function reportPeriodOf(day: string, p: ReportPeriods): ReportPeriod | null {
  if (day >= p.from_date && day <= p.to_date) return 'new';
  if (day >= p.from_last && day <= p.to_last && day < p.from_date) return 'pre';
  if (day <= p.till_to) return 'till';
  return null;
}

/** Counts keyed by `${category}|${period}|${gender}`. */
export type ReportCounts = Map<string, number>;
export const reportCountKey = (category: string, period: ReportPeriod, gender: ReportGender) =>
  `${category}|${period}|${gender}`;

export type ReportCell = {
  gender: ReportGender;
  countgender: number;
  search_1: string | null;
  search_2: string | null;
};
export type ReportBlock = Record<ReportPeriod, ReportCell[]>;
export type ReportAnswer = {
  start_year: number;
  end_year: number;
  pre_start_year: number;
  pre_end_year: number;
  center_name: string | null;
  from_date: string;
  to_date: string;
  centerId: number | null;
  from_last: string;
  to_last: string;
  till_to: string;
  previousyeardata: { male: number; female: number; countgender: number };
  categories: { key: string; title: string }[];
} & { [category: string]: unknown };

/**
 * The reports answer (part 2 section 3) from counts: a block per category with new, pre
 * and till cells per gender (search_1/search_2 the search condition its details send as
 * where/value, part 2 section 4: 'category' and the category key), and previousyeardata: the previous balances dated in the current period.
 */
export function buildReport(
  counts: ReportCounts,
  p: ReportPeriods,
  meta: { centerId: number | null; center_name: string | null; balance: { male: number; female: number } },
): ReportAnswer {
  const answer: ReportAnswer = {
    start_year: p.start_year,
    end_year: p.end_year,
    pre_start_year: p.pre_start_year,
    pre_end_year: p.pre_end_year,
    center_name: meta.center_name,
    from_date: p.from_date,
    to_date: p.to_date,
    centerId: meta.centerId,
    from_last: p.from_last,
    to_last: p.to_last,
    till_to: p.till_to,
    previousyeardata: {
      male: meta.balance.male,
      female: meta.balance.female,
      countgender: meta.balance.male + meta.balance.female,
    },
    categories: reportCategories.map(({ key, title }) => ({ key, title })),
  };
  for (const { key } of reportCategories) {
    const block = {} as ReportBlock;
    for (const period of reportPeriodKeys) {
      block[period] = reportGenders.map((gender) => ({
        gender,
        countgender: counts.get(reportCountKey(key, period, gender)) ?? 0,
        search_1: 'category',
        search_2: key,
      }));
    }
    answer[key] = block;
  }
  return answer;
}

/** The date range of a count's details: from_last/to_last for pre, up to till_to for till. */
export function detailsRangeOf(
  period: ReportPeriod,
  p: Pick<ReportPeriods, 'from_date' | 'to_date' | 'from_last' | 'to_last' | 'till_to'>,
) {
  if (period === 'pre') return { from_date: p.from_last, to_date: p.to_last };
  if (period === 'till') return { from_date: null, to_date: p.till_to };
  return { from_date: p.from_date, to_date: p.to_date };
}

/** One input row of the device's computation (and of the property test). */
export type ReportRow = {
  category: string | null;
  day: string | null;
  gender: ReportGender | null;
  centerId: number | null;
};

type Fields = { [field: string]: unknown };

/**
 * Report rows from children and history as the device holds them (server rows plus
 * local ones: a child is found by its id or its cid; `_deleted`/`deleted_at` rows are
 * left out). The device's computation and the property test both start here.
 */
export function reportRowsFrom(children: Iterable<Fields>, history: Iterable<Fields>): ReportRow[] {
  const byKey = new Map<unknown, { gender: ReportGender | null; center: number | null }>();
  for (const child of children) {
    if (child._deleted || child.deleted_at) continue;
    const value = {
      gender: reportGenderOf(child.gender),
      center: child.centerdetailId === undefined || child.centerdetailId === null ? null : Number(child.centerdetailId),
    };
    if (child.cid !== undefined) byKey.set(child.cid, value);
    if (typeof child.id === 'number') byKey.set(child.id, value);
  }
  const rows: ReportRow[] = [];
  for (const entry of history) {
    if (entry._deleted || entry.deleted_at) continue;
    const child = byKey.get(entry.childregId);
    if (!child) continue;
    rows.push({
      category: reportCategoryOf(entry.history_status),
      day: reportDateOf(entry),
      gender: child.gender,
      centerId: child.center,
    });
  }
  return rows;
}

/**
 * The history entries the server writes for CWC produce/refer records saved on this
 * device and not yet on the server (pending creates with a child), so the device's
 * report counts them at once (part 2 DESIGN notes: offline reports). The server writes a
 * produceToCwc / referFromCwc entry with the record's date when it saves one with a
 * child (server/cwc/cwc.ts); once the record has its server id that entry arrives with
 * the history pull, and the record stops standing in for it.
 */
export function unsentCwcEntries(rows: Iterable<Fields>, status: 'produceToCwc' | 'referFromCwc'): Fields[] {
  const entries: Fields[] = [];
  for (const row of rows) {
    if (row._deleted || row.deleted_at || row._sync !== 'pending') continue;
    if (row.id !== undefined && row.id !== null) continue;
    if (row.childregId === undefined || row.childregId === null || row.childregId === '') continue;
    entries.push({
      cid: row.cid,
      childregId: row.childregId,
      history_status: status,
      transfer_date: row.transfer_date,
      comment: row.comment ?? null,
      created_at: row.created_at,
      updated_at: row.updated_at,
    });
  }
  return entries;
}

/** Counts the rows of the chosen center (null: all) by category, period and gender. */
export function countReportRows(rows: Iterable<ReportRow>, p: ReportPeriods, centerId: number | null): ReportCounts {
  const counts: ReportCounts = new Map();
  for (const row of rows) {
    if (!row.category || !row.day || !row.gender) continue;
    if (centerId !== null && row.centerId !== centerId) continue;
    const period = reportPeriodOf(row.day, p);
    if (!period) continue;
    const key = reportCountKey(row.category, period, row.gender);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Group report counts: the current period only, by center, category and gender. */
export function countGroupRows(rows: Iterable<ReportRow>, p: ReportPeriods): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (!row.category || !row.day || !row.gender || row.centerId === null) continue;
    if (row.day < p.from_date || row.day > p.to_date) continue;
    const key = `${row.centerId}|${row.category}|${row.gender}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Categories whose entries carry a session number (MHP): their details show it (the time flag). */
export const reportTimedCategories: ReadonlySet<string> = new Set(['mhp']);

/**
 * The conditions of a count's details: where/value pairs ('category' or 'gender'; 'novalue'
 * for none), and where2/value2 when `type` is 'noaction' (part 2 section 7). null when a
 * pair names something else.
 */
export function reportConditions(req: {
  readonly [field: string]: unknown;
}): { category: string | null; gender: ReportGender | null } | null {
  const set = (v: unknown): v is string => typeof v === 'string' && v !== '' && v !== REPORT_NO_VALUE;
  const pairs: [unknown, unknown][] = [
    [req.where, req.value],
    [req.where1, req.value1],
    ...(req.type === 'noaction' ? [[req.where2, req.value2] as [unknown, unknown]] : []),
  ];
  const found = { category: null as string | null, gender: null as ReportGender | null };
  for (const [where, value] of pairs) {
    if (!set(where) || !set(value)) continue;
    if (where === 'category' && reportCategories.some((c) => c.key === value)) found.category = value;
    else if (where === 'gender' && (value === 'Male' || value === 'Female')) found.gender = value;
    else return null;
  }
  return found;
}

export type GroupCell = { total: number; centerId: number | 'total'; searchParams: Record<string, string | number> };
export type GroupReportAnswer = {
  AllCenterList: { id: number; name: string }[];
  categories: { key: string; title: string }[];
  totalsum: GroupCell[];
  previous_balance: (GroupCell & { male: number; female: number })[];
  date_range: { from_date: string; to_date: string };
} & { [category: string]: unknown };

/**
 * The groupReport2 answer (part 2 section 3): a column per center and Total; per category
 * a Male, Female and Total row of cells; totalsum the centers' totals; previous_balance
 * the balances dated in the period.
 */
export function buildGroupReport(
  counts: Map<string, number>,
  p: ReportPeriods,
  centers: { id: number; name: string }[],
  balances: Map<number, { male: number; female: number }>,
): GroupReportAnswer {
  const cells = (total: (centerId: number) => number, params: Record<string, string>): GroupCell[] => {
    const perCenter = centers.map((c) => ({
      total: total(c.id),
      centerId: c.id,
      searchParams: { ...params, centerId: c.id, isTotal: 'no' },
    }));
    return [
      ...perCenter,
      {
        total: perCenter.reduce((sum, c) => sum + c.total, 0),
        centerId: 'total' as const,
        searchParams: { ...params, isTotal: 'yes' },
      },
    ];
  };
  const answer: GroupReportAnswer = {
    AllCenterList: centers,
    categories: reportCategories.map(({ key, title }) => ({ key, title })),
    totalsum: [],
    previous_balance: [],
    date_range: { from_date: p.from_date, to_date: p.to_date },
  };
  const of = (centerId: number, category: string, gender: ReportGender) =>
    counts.get(`${centerId}|${category}|${gender}`) ?? 0;
  for (const { key } of reportCategories) {
    const row = (gender: ReportGender | null) =>
      cells((id) => (gender ? of(id, key, gender) : of(id, key, 'Male') + of(id, key, 'Female')), {
        where: 'category',
        value: key,
        where1: gender ? 'gender' : REPORT_NO_VALUE,
        value1: gender ?? REPORT_NO_VALUE,
        ...(reportTimedCategories.has(key) ? { time: 'yes' } : {}),
      });
    answer[key] = { Male: row('Male'), Female: row('Female'), Total: row(null) };
  }
  answer.totalsum = cells(
    (id) => reportCategories.reduce((sum, c) => sum + of(id, c.key, 'Male') + of(id, c.key, 'Female'), 0),
    { where: REPORT_NO_VALUE, value: REPORT_NO_VALUE, where1: REPORT_NO_VALUE, value1: REPORT_NO_VALUE },
  );
  const balanceCells = cells((id) => (balances.get(id)?.male ?? 0) + (balances.get(id)?.female ?? 0), {});
  answer.previous_balance = balanceCells.map((cell) => {
    const list =
      cell.centerId === 'total'
        ? [...balances.entries()].filter(([id]) => centers.some((c) => c.id === id)).map(([, b]) => b)
        : [balances.get(cell.centerId) ?? { male: 0, female: 0 }];
    return { ...cell, male: list.reduce((s, b) => s + b.male, 0), female: list.reduce((s, b) => s + b.female, 0) };
  });
  return answer;
}
