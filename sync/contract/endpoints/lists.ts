import {
  allOf,
  del,
  get,
  namesChildren,
  perm,
  postJson,
  postMultipart,
  postNone,
  showsBeneficiaries,
  showsChildHistory,
} from './types';

/*
 * Calls of spec part 2, section 7, which gives names only. Paths are ours, in the
 * snake_case style of part 1; verbs as in core.ts (both our server's backend profile;
 * profiles.ts maps them for another backend). Lists whose filter travels in the
 * body are POST. Access follows part 2's route table: reports, meal details and
 * previous balance for administrators and the viewer; group reports and notifications
 * for any signed-in user (center-bound users see only their center); meals by the
 * meal_type module (the viewer may read); exit/restore lists by exit_restore view
 * (which `can()` grants the viewer role); schemes for administrators. A read that names
 * children or shows their history needs what part 1's reads of them need (namesChildren,
 * showsChildHistory in types.ts), whatever else its route asks; counts need nothing more.
 */
const scoped = { scoped: true };
const scopedPage = { scoped: true, paged: true };
const scopedExt = { scoped: true, extension: true };

/** The part 2 endpoint rows, by call name. */
export const listEndpoints = {
  reports: postJson('/reports', 'adminOrViewer', scoped),
  singleReport: postJson('/single_report', allOf('adminOrViewer', ...showsChildHistory), scoped),
  groupReport2: postJson('/group_report2', 'authenticated', scoped),
  groupSingleReport: postJson('/group_single_report', showsChildHistory, scoped),
  getMealList: get('/meal_list', 'adminOrViewer', scopedPage),
  notifyList: get('/notify_list/:centerId', namesChildren, scopedPage),
  notifyUpdate: postNone('/notify_update/:id', namesChildren, scoped),
  getSps: get('/sps', 'admin', { paged: true }),
  addSps: postJson('/sps_add', 'admin'),
  updateSps: postJson('/sps_update', 'admin'),
  getPreviousBalance: postJson('/previous_balance', 'adminOrViewer', scopedPage),
  addPreviousBalance: postJson('/previous_balance_add', 'admin', scoped),
  updatePreviousBalance: postJson('/previous_balance_update', 'admin', scoped),
  getMealData: postJson('/meals', perm('meal_type', 'view', true), scopedPage),
  addMeal: postJson('/meal_add', perm('meal_type', 'create'), scoped),
  updateMeal: postJson('/meal_update', perm('meal_type', 'edit'), scoped),
  deleteMeal: del('/meal_delete/:id', perm('meal_type', 'delete'), scoped),
  getMealCenters: get('/meal_centers', 'authenticated', scoped),
  restoreExitList: postJson(
    '/restore_exit_list/:status',
    allOf(perm('exit_restore', 'view'), ...showsChildHistory),
    scopedPage,
  ),
  shortStayRegisterList: postJson(
    '/short_stay_register',
    allOf(perm('exit_restore', 'view'), namesChildren),
    scopedPage,
  ),
  // Ours (the spec names no calls for them): non-registered beneficiaries are written like
  // per-child action records (child_tracking), and pulled by the device from one list.
  // Marked as our extension (DESIGN.md, The wire): a backend of the spec answers 404 and
  // the device reads the Non-Registered lists through non_regusers_* instead.
  beneficiaries: get('/beneficiaries', showsBeneficiaries, { ...scopedPage, extension: true }),
  beneficiaryAdd: postJson('/beneficiary_add', perm('child_tracking', 'create'), scopedExt),
  beneficiaryUpdate: postJson('/beneficiary_update', perm('child_tracking', 'edit'), scopedExt),
  beneficiaryDelete: del('/beneficiary_delete/:id', perm('child_tracking', 'delete'), scopedExt),
  // A beneficiary's documents (its "documents" has no call in the spec), marked as our
  // extension; kept in this table so the permission middleware, the authorisation matrix
  // and the bad-input test cover them. A document is added as a new record (create) and
  // removed as one (delete), at the beneficiary's center.
  beneficiaryDocumentAdd: postMultipart('/beneficiary_document_add', perm('child_tracking', 'create'), scopedExt),
  beneficiaryDocumentDelete: del('/beneficiary_document_delete/:id', perm('child_tracking', 'delete'), scopedExt),
};
