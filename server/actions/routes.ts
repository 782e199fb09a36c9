import type { Handler, Hono } from 'hono';
import { endpoints, type EndpointName } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { updateMedical } from '../history/medical';
import { changeCenter, saveFollowUps } from './follow-up';
import { deleteActivityLog, deleteDocument, deleteEntry } from './delete';
import { childActivity, childDocumentList, listActivityLogs, listDocuments, listGroup } from './lists';
import { actionDefs, saveAction } from './save';
import { childStatus, reopenChild, updateEntry } from './status';

type VariantRows = Record<'add' | 'save' | 'update' | 'lists' | 'delete', EndpointName>;
const educationRows: VariantRows = {
  add: 'addEducation',
  save: 'saveEducation',
  update: 'updateEducation',
  lists: 'educationLists',
  delete: 'educationDelete',
};
const medicalRows: VariantRows = {
  add: 'addMedical',
  save: 'saveMedical',
  update: 'updateMedical',
  lists: 'medicalLists',
  delete: 'medicalDelete',
};
const mhpRows: VariantRows = {
  add: 'addMhp',
  save: 'saveMhp',
  update: 'updateMhp',
  lists: 'mhpLists',
  delete: 'mhpDelete',
};

/** Registers a handler at its endpoint row's method and path (our server's, endpoints.ts). */
const on = (api: Hono<AppEnv>, name: EndpointName, handler: Handler<AppEnv>) =>
  api.on(endpoints[name].method, endpoints[name].path, handler);

/**
 * Per-child actions and their history tables (spec part 1 sections 2-7): the
 * multipart action saves, follow-ups and centers change, the listing/delete calls of
 * each table, activity log and documents, child status and reopen. Every write puts its
 * history entry, documents and activity line in one transaction with the child's new
 * updated_at; deletes honour If-Match (sync/SPEC.md R11).
 */
export function registerActionRoutes(api: Hono<AppEnv>) {
  api.post('/medical_consent', saveAction(actionDefs.medical_consent));
  api.post('/mhp', saveAction(actionDefs.mhp));
  api.post('/education', saveAction(actionDefs.education));
  api.post('/restoration', saveAction(actionDefs.restoration));
  api.post('/restoration_follow_up', saveAction(actionDefs.restoration_follow_up));
  api.post('/save_transfer', saveAction(actionDefs.save_transfer));
  api.post('/save_excort_exit', saveAction(actionDefs.save_excort_exit));
  api.post('/social_protection_scheme', saveAction(actionDefs.social_protection_scheme));
  api.post('/follow_up', saveFollowUps);
  api.post('/center_change', changeCenter);

  // The education, medical and MHP variants (spec part 1 section 7), registered from
  // their endpoint rows: add and save are the profile's save of that kind (the client's
  // choice of call per screen is in sync/entities/child-records.ts), update changes an
  // entry of the kind, lists and delete are those of the kind's history table.
  for (const [names, def, group, update] of [
    [educationRows, actionDefs.education, 'education', updateEntry('education')],
    [medicalRows, actionDefs.medical_consent, 'medical_issue', updateMedical],
    [mhpRows, actionDefs.mhp, 'mhp', updateEntry('mhp')],
  ] as const) {
    on(api, names.add, saveAction(def));
    on(api, names.save, saveAction(def));
    on(api, names.update, update);
    on(api, names.lists, listGroup(group));
    on(api, names.delete, deleteEntry(group));
  }

  api.get('/listing/:childId/:status', listGroup());
  api.get('/center_history/:childId', listGroup('transfer'));
  api.delete('/center_history_delete/:id', deleteEntry('transfer'));
  api.get('/activitylogs', listActivityLogs);
  api.get('/activitylogs/:childId', childActivity);
  api.delete('/activitylogs_delete/:id', deleteActivityLog);
  api.get('/documents', listDocuments);
  api.get('/documents_lists/:childId', childDocumentList);
  api.delete('/child_documents_delete/:id', deleteDocument);
  api.get('/child_status/:id', childStatus);
  api.post('/reopen/:id', reopenChild);
}
