/*
 * Present Status and the other last_status values of a child (spec part 1 sections 3
 * and 4): the newest value of each kind among the child's live history entries. The
 * server folds a child's whole history with it; the device applies one entry saved
 * offline to the last_status it holds, so both read the same rule and cannot drift.
 */

/** A history entry's fields that last_status reads. */
export type StatusEntry = {
  history_status: string;
  transfer_date?: string | null;
  comment?: string | null;
  social_protection_scheme?: string | null;
  medical_issues?: string | null;
  education_type?: string | null;
  mhp?: string | null;
  other?: string | null;
};

/** A child's last_status: refer and produce are dates, history_status is Present Status. */
export type LastStatus = {
  refer: string | null;
  produce: string | null;
  comment: string | null;
  sps: string | null;
  medical: string | null;
  education: string | null;
  mhp: string | null;
  other: string | null;
  history_status: string | null;
};

const keys = ['refer', 'produce', 'comment', 'sps', 'medical', 'education', 'mhp', 'other', 'history_status'] as const;

/** A child with no history. */
export const emptyLastStatus: LastStatus = Object.fromEntries(keys.map((k) => [k, null])) as LastStatus;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** last_status after `entry` became the child's newest history entry. */
export function withNewestEntry(previous: Partial<LastStatus> | null | undefined, entry: StatusEntry): LastStatus {
  const before: LastStatus = { ...emptyLastStatus, ...Object.fromEntries(keys.map((k) => [k, text(previous?.[k])])) };
  const status = entry.history_status;
  return {
    refer: status === 'referFromCwc' ? text(entry.transfer_date) : before.refer,
    produce: status === 'produceToCwc' ? text(entry.transfer_date) : before.produce,
    comment: text(entry.comment),
    sps: entry.social_protection_scheme ? entry.social_protection_scheme : before.sps,
    medical: status === 'medical_issue' ? text(entry.medical_issues) : before.medical,
    education: status === 'education' ? text(entry.education_type) : before.education,
    mhp: status === 'mhp' ? text(entry.mhp) : before.mhp,
    other: entry.other ? entry.other : before.other,
    history_status: status,
  };
}

/** last_status of a child whose live history entries are `oldestFirst`. */
export const lastStatusOf = (oldestFirst: readonly StatusEntry[]): LastStatus =>
  oldestFirst.reduce(withNewestEntry, emptyLastStatus);
