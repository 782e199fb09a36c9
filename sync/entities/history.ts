import type { Call, EntityDescriptor } from './types';
import type { WireEndpointName } from '../contract/endpoints';
import type { Fields } from '../engine/reconcile';
import { groupOf, historyGroups } from '../contract/constants/history-groups';
import { historyMovesPresentStatus } from './present-status';
import type { LocalRow } from '../db/app-db';

/** A local row of a per-child table (history, activity log, documents). */
export type LocalEntry = LocalRow & {
  childregId?: number | string;
  history_status?: string;
  created_at?: string;
  _deleted?: number;
};

/*
 * A child's history and the per-child actions that write it (spec part 1 sections 3, 4
 * and 7). Every action save creates a row of the local
 * `history` table (the server answers the new history entry), so the profile's history
 * tables and Present Status read one table. `refs: { childregId: 'children' }` makes an
 * action on a child created offline wait for the child's create and travel with its id (R6, R8).
 */

const save = <E extends WireEndpointName>(endpoint: E) => ({ endpoint, effect: 'create' as const }) satisfies Call;

/*
 * The education, medical and MHP variants (spec part 1 section 7: "save, update, list and
 * delete variants", for example /add_education, /save_education, /update_education,
 * /education_delete/{id}). An entry of one of these kinds is changed and removed through
 * its kind's own calls; every other entry through /listing_delete/{id}, and the Centers
 * table's (transfers and centers changes) through /center_history_delete/{id}, the call
 * section 7 names beside /center_history/{id}. The kind is the entry's history table
 * (contract historyGroups), so a higher-education entry is an education one.
 *
 * Creates keep the bare calls (/education, /medical_consent, /mhp): section 7 lists them
 * with the other "multipart action saves with childregId" that the profile's Add buttons
 * send for Restore, Transfer and the rest, and the profile's Medical, Education and MHP
 * Add is the same kind of save. /add_* and /save_* carry the same fields; the spec shows
 * no screen that sends them (part 2 gives the /education, /medical, /mhp screens as
 * child lists whose payloads are "not shown"), so this client has none, and our server
 * answers them as the profile's save (server/actions/routes.ts). A plain `create` of an
 * entry of these kinds (the review queue saving again an entry the server had deleted,
 * R14) goes to its kind's save too, not to the table's default.
 */
const serviceCalls: Record<string, { create: WireEndpointName; update: WireEndpointName; delete: WireEndpointName }> = {
  education: { create: 'education', update: 'updateEducation', delete: 'educationDelete' },
  medical_issue: { create: 'medicalConsent', update: 'updateMedical', delete: 'medicalDelete' },
  mhp: { create: 'mhp', update: 'updateMhp', delete: 'mhpDelete' },
};

/** The create, update or delete call of a history entry, by its kind (see above); undefined for named operations. */
export function historyEntryCall(op: string, row: Fields): Call | undefined {
  if (op !== 'create' && op !== 'update' && op !== 'delete') return undefined;
  const group = groupOf(String(row.history_status ?? ''));
  const kind = Object.keys(historyGroups).find((key) => historyGroups[key] === group);
  const calls = kind ? serviceCalls[kind] : undefined;
  if (calls && op === 'create') return save(calls.create);
  if (calls) return op === 'update' ? { endpoint: calls.update } : { endpoint: calls.delete, effect: 'delete' };
  if (op === 'delete' && kind === 'transfer') return { endpoint: 'centerHistoryDelete', effect: 'delete' };
  return undefined;
}

/** A child's history entries: the profile's tables, read and edited; saved by the actions below. */
export const history = {
  label: 'History entry',
  table: 'history',
  ops: {
    create: save('medicalConsent'),
    medical: save('medicalConsent'),
    update: { endpoint: 'updateMedical' },
    delete: { endpoint: 'listingDelete', effect: 'delete' },
  },
  callFor: historyEntryCall,
  view: { endpoint: 'historyView' },
  list: { endpoint: 'history' },
  refs: { childregId: 'children' },
  fileFields: [],
  afterLocalWrite: historyMovesPresentStatus,
} satisfies EntityDescriptor;

/** The profile's actions (Restore, Transfer, Medical…): each saves a history entry. */
export const historyActions = {
  label: 'History entry',
  table: 'history',
  ops: {
    create: save('medicalConsent'),
    restoration: save('restoration'),
    restoration_follow_up: save('restorationFollowUp'),
    medical: save('medicalConsent'),
    education: save('education'),
    mhp: save('mhp'),
    save_transfer: save('saveTransfer'),
    save_excort_exit: save('saveEscortExit'),
    social_protection_scheme: save('socialProtectionScheme'),
    // One row per call (follow_up_data[0]): each local row is one server entry.
    follow_up: save('followUp'),
    center_change: save('centerChange'),
    // POST /reopen/{id} names the child in the path, filled from the entry's childregId
    // once the child has its server id (a child created offline is waited for, R6).
    reopen: { endpoint: 'reopen', effect: 'create', params: { id: 'childregId' } },
    update: { endpoint: 'updateEducation' },
    delete: { endpoint: 'listingDelete', effect: 'delete' },
    center_delete: { endpoint: 'centerHistoryDelete', effect: 'delete' },
  },
  callFor: historyEntryCall,
  view: { endpoint: 'historyView' },
  list: { endpoint: 'history' },
  refs: { childregId: 'children' },
  fileFields: [],
  // The lead's `history` entity pulls the table.
  pull: false,
  afterLocalWrite: historyMovesPresentStatus,
} satisfies EntityDescriptor;

/** POST /bulk_update: one entry for the whole selection, a history row per child (engine/batch.ts, bulk-update.ts). */
export const bulkUpdates = {
  label: 'Bulk update',
  table: 'history',
  ops: { create: save('bulkUpdate') },
  view: { endpoint: 'historyView' },
  list: { endpoint: 'history' },
  refs: {},
  fileFields: [],
  pull: false,
  batch: true,
  afterLocalWrite: historyMovesPresentStatus,
} satisfies EntityDescriptor;
