import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { changeCenter, saveFollowUps } from './follow-up';
import { deleteActivityLog, deleteDocument, deleteEntry } from './delete';
import { childActivity, childDocumentList, listActivityLogs, listDocuments, listGroup } from './lists';
import { actionDefs, saveAction } from './save';
import { childStatus, reopenChild, updateEntry } from './status';

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

  // The education, medical and MHP variants of the part 2 screens: add and save are the
  // profile's save, lists and deletes are those of the table.
  for (const [name, def, group] of [
    ['education', actionDefs.education, 'education'],
    ['medical', actionDefs.medical_consent, 'medical_issue'],
    ['mhp', actionDefs.mhp, 'mhp'],
  ] as const) {
    api.post(`/add_${name}`, saveAction(def));
    api.post(`/save_${name}`, saveAction(def));
    api.get(`/${name}_lists/:childId`, listGroup(group));
    api.delete(`/${name}_delete/:id`, deleteEntry(group));
  }
  api.post('/update_education', updateEntry('education'));
  api.post('/update_mhp', updateEntry('mhp'));

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
