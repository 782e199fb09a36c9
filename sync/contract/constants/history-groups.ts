import { enumOf, escortMethods, exitMethods } from './options';

/*
 * History tables of the profile and the statuses each holds (spec part 1 sections 2, 4
 * and 7). "Only the last entry may be deleted" is judged within a table, and the reports
 * of part 2 count one category per table (rules/report.ts).
 */

const escortExitStatuses = [...enumOf(escortMethods), ...enumOf(exitMethods), 'exit_excort_restore'] as const;

export type HistoryGroup = { title: string; statuses: readonly string[] };

/** By the status keys of /listing/{childId}/{key} and our own for the other tables. */
export const historyGroups: Record<string, HistoryGroup> = {
  restoration: { title: 'Restore', statuses: ['restoration'] },
  restoration_follow_up: { title: 'Restoration Follow-Up', statuses: ['restoration_follow_up'] },
  medical_issue: { title: 'Medical', statuses: ['medical_issue'] },
  education: { title: 'Education', statuses: ['education', 'higher_education'] },
  mhp: { title: 'MHP', statuses: ['mhp'] },
  social_protection_scheme: { title: 'Social Protection Scheme', statuses: ['social_protection_scheme'] },
  follow_up: { title: 'Follow-Ups', statuses: ['follow_up'] },
  // Transfers and centers changes both move the child: the Centers table lists them.
  transfer: { title: 'Centers', statuses: ['transfer'] },
  escort_exit: { title: 'Escort/Exit', statuses: escortExitStatuses },
  cwc: { title: 'CWC', statuses: ['produceToCwc', 'referFromCwc'] },
  reopen: { title: 'Reopen', statuses: ['reopen'] },
};

/** The table a status belongs to. */
export function groupOf(status: string): HistoryGroup {
  for (const group of Object.values(historyGroups)) if (group.statuses.includes(status)) return group;
  return { title: 'History', statuses: [status] };
}

/** Statuses after which the child has left: REOPEN is offered (child_status). */
export const exitStatuses: readonly string[] = escortExitStatuses;
