import { exitRestoreRoutes, type ExitRestorePath } from './exit-routes';
import { statusLabel } from './status';

/*
 * The shared exit/restoration list (spec part 2, section 2). The spec gives the row's
 * fields but leaves each route's columns open ("Exact column sets per route: not
 * shown"); ours (README, "Part 2 lists"): every route shows who, where, what and when;
 * routes whose entries record an exit type (escorts, exits, run away, transfers out)
 * add an Exit Type column. /short-stay-register lists registrations, not history
 * entries, and has its own columns.
 */

/** A column of an exit/restoration list, by the row field it shows. */
export type ExitListColumn =
  | 'child_name'
  | 'uniqueId'
  | 'aadharno'
  | 'cwccaseno'
  | 'center'
  | 'history_status'
  | 'exit_type'
  | 'transfer_date'
  | 'recorded_by'
  | 'created_at'
  | 'updated_at'
  | 'short_stay'
  | 'dateofarrival';

/** Column headings (the label table of the exit lists). */
export const exitListColumnLabels: Record<ExitListColumn, string> = {
  child_name: 'Child Name',
  uniqueId: 'SBT Unique ID',
  aadharno: 'Aadhar No.',
  cwccaseno: 'CWC Case No.',
  center: 'Center Name',
  history_status: 'Status',
  exit_type: 'Exit Type',
  transfer_date: 'Date',
  recorded_by: 'Recorded By',
  created_at: 'Created At',
  updated_at: 'Updated At',
  short_stay: 'Short Stay Home',
  dateofarrival: 'Date of Arrival',
};

/** Statuses whose entries carry an exit type (escort and exit actions). */
export const statusesWithExitType: readonly string[] = [
  'by_police',
  'by_sbt_staff',
  'by_third_party',
  'dropout',
  'run_away',
  'other_cci',
  'other_ngo',
  'io_police',
  'rescue',
  'transfer_to_home_state_CWC',
];

// No Status column: every route lists one status key, which the page's title already names
// (a Status cell only repeated the title); the column stays available to other lists.
const common: ExitListColumn[] = ['child_name', 'uniqueId', 'aadharno', 'cwccaseno', 'center'];
const stamps: ExitListColumn[] = ['transfer_date', 'recorded_by', 'created_at', 'updated_at'];

/** The short stay registration list: registered children marked Short Stay. */
export const SHORT_STAY_REGISTER_PATH = '/short-stay-register';

/** One exit/restoration route: its title, status key and columns, chosen from the path. */
export type ExitListConfig = {
  path: ExitRestorePath;
  title: string;
  status: string;
  columns: ExitListColumn[];
  register: boolean;
};

const heading = (label: string) => label.replace(/(^|\s)\S/g, (c) => c.toUpperCase());

/** The list configuration of an exit/restoration path, or undefined for other paths. */
export function exitListConfig(path: string): ExitListConfig | undefined {
  if (!(path in exitRestoreRoutes)) return undefined;
  const route = path as ExitRestorePath;
  const status = exitRestoreRoutes[route];
  if (route === SHORT_STAY_REGISTER_PATH) {
    return {
      path: route,
      status,
      register: true,
      title: 'Short Stay Registration',
      columns: [
        'child_name',
        'uniqueId',
        'aadharno',
        'cwccaseno',
        'center',
        'short_stay',
        'dateofarrival',
        'created_at',
        'updated_at',
      ],
    };
  }
  const columns = statusesWithExitType.includes(status)
    ? [...common, 'exit_type' as const, ...stamps]
    : [...common, ...stamps];
  return { path: route, status, register: false, title: heading(statusLabel(status)), columns };
}
