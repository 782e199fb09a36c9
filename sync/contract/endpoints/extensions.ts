import { get, perm, postJson, showsBeneficiaries } from './types';

/*
 * Calls of our sync protocol that the spec does not list (DESIGN.md, The wire), marked
 * `extension`. The delta parameters of the spec's lists (`updated_since`, `after_id`, the
 * `sync` block), `If-Match` and `Idempotency-Key` ride on documented rows; these are the
 * paths of their own: the whole-collection lists the device pulls, one history entry,
 * the signed-in user and the stored files. The server's handlers check their access.
 * `health` is for a load balancer, not the device: whether a process and its database
 * answer (README, Deployment); the client never sends it.
 */
const ext = { extension: true };
const scopedExt = { scoped: true, extension: true };

/** The extension rows, by call name. */
export const extensionEndpoints = {
  health: get('/health', 'public', ext),
  me: get('/me', 'authenticated', ext),
  history: get('/history', perm('child_tracking', 'view'), scopedExt),
  historyView: get('/history_view/:id', perm('child_tracking', 'view'), scopedExt),
  activityLogsAll: get('/activitylogs', perm('child_tracking', 'view'), scopedExt),
  documentsAll: get('/documents', perm('child_registration', 'view'), scopedExt),
  childImageFile: get('/files/children/:name', perm('child_registration', 'view'), scopedExt),
  documentFile: get('/files/documents/:name', perm('child_registration', 'view'), scopedExt),
  userImageFile: get('/files/users/:name', 'authenticated', ext),
  // Non-registered beneficiaries' documents: the device pulls them by delta, and their
  // files are served to users who reach the beneficiary's center and read beneficiaries
  // (as /beneficiaries; their handlers check it, this table's extensions being theirs).
  beneficiaryDocuments: get('/beneficiary_documents', showsBeneficiaries, scopedExt),
  beneficiaryDocumentFile: get('/files/beneficiaries/:name', showsBeneficiaries, scopedExt),
  // The access log (entities/access-log.ts): any signed-in user sends its device's
  // entries; administrators read a child's, a center-bound one only its center's children.
  accessLog: postJson('/access_log', 'authenticated', ext),
  childAccessLog: get('/child_access_log/:id', 'admin', { scoped: true, paged: true, extension: true }),
};
