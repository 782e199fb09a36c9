import type { EntityDescriptor } from './entities';
import { cwcMovesPresentStatus, historyMovesPresentStatus } from './present-status';

/*
 * Sync descriptors of per-child actions, the activity log, documents and CWC produce and
 * refer (spec part 1 sections 3, 4 and 7); spread into `entities`. Every action save creates a row of the local
 * `history` table (the server answers the new history entry), so the profile's history
 * tables and Present Status read one table. `refs: { childregId: 'children' }` makes an
 * action on a child created offline wait for the child's create and travel with its id (R6, R8).
 */

const save = (path: string, kind: 'multipart' | 'json' = 'multipart') => ({ method: 'POST', path, kind, effect: 'create' }) as const;

export const actionEntities: Record<string, EntityDescriptor> = {
  historyActions: {
    table: 'history',
    ops: {
      create: save('/medical_consent'),
      restoration: save('/restoration'),
      restoration_follow_up: save('/restoration_follow_up'),
      medical: save('/medical_consent'),
      education: save('/education'),
      mhp: save('/mhp'),
      save_transfer: save('/save_transfer'),
      save_excort_exit: save('/save_excort_exit'),
      social_protection_scheme: save('/social_protection_scheme'),
      // One row per call (follow_up_data[0]): each local row is one server entry.
      follow_up: save('/follow_up'),
      center_change: save('/center_change', 'json'),
      // POST /reopen/{id} names the child in the path; the body form lets a reopen of a
      // child created offline wait for its id like every other action.
      reopen: save('/reopen', 'json'),
      update: { method: 'POST', path: '/update_education', kind: 'multipart' },
      delete: { method: 'DELETE', path: '/listing_delete/:id', kind: 'none', effect: 'delete' },
      center_delete: { method: 'DELETE', path: '/center_history_delete/:id', kind: 'none', effect: 'delete' },
    },
    view: { method: 'GET', path: '/history_view/:id', kind: 'none' },
    list: { method: 'GET', path: '/history', kind: 'none' },
    refs: { childregId: 'children' },
    fileFields: [],
    // The lead's `history` entity pulls the table.
    pull: false,
    afterLocalWrite: historyMovesPresentStatus,
  },
  // POST /bulk_update: one entry for the whole selection, a history row per child (sync/batch.ts).
  bulkUpdates: {
    table: 'history',
    ops: { create: save('/bulk_update', 'json') },
    view: { method: 'GET', path: '/history_view/:id', kind: 'none' },
    list: { method: 'GET', path: '/history', kind: 'none' },
    refs: {},
    fileFields: [],
    pull: false,
    batch: true,
    afterLocalWrite: historyMovesPresentStatus,
  },
  activityLogs: {
    table: 'activityLogs',
    ops: { delete: { method: 'DELETE', path: '/activitylogs_delete/:id', kind: 'none', effect: 'delete' } },
    view: { method: 'GET', path: '/activitylogs/:id', kind: 'none' },
    list: { method: 'GET', path: '/activitylogs', kind: 'none' },
    refs: { childregId: 'children' },
    fileFields: [],
  },
  documents: {
    table: 'documents',
    ops: {
      // One document per entry, sent flat; the server answers the list it stored (R8 takes the one).
      create: { method: 'POST', path: '/child_document_update', kind: 'multipart', effect: 'create', answer: 'first' },
      delete: { method: 'DELETE', path: '/child_documents_delete/:id', kind: 'none', effect: 'delete' },
    },
    view: { method: 'GET', path: '/documents_lists/:id', kind: 'none' },
    list: { method: 'GET', path: '/documents', kind: 'none' },
    refs: { childregId: 'children' },
    fileFields: ['filename', 'profile_audio_name'],
  },
  cwcProduce: {
    table: 'cwcProduce',
    ops: {
      create: save('/produce_to_cwc'),
      update: { method: 'POST', path: '/produce_to_cwc/:id', kind: 'multipart' },
      delete: { method: 'DELETE', path: '/produce_to_cwc_delete/:id', kind: 'none', effect: 'delete' },
    },
    view: { method: 'GET', path: '/produce', kind: 'none' },
    list: { method: 'GET', path: '/produce', kind: 'none' },
    // Indexed since Dexie v4: a CWC record may name a child created offline.
    refs: { childregId: 'children' },
    fileFields: [],
    afterLocalWrite: cwcMovesPresentStatus('produceToCwc', 'produce_cwc'),
  },
  cwcRefer: {
    table: 'cwcRefer',
    ops: {
      create: save('/refer_to_cwc'),
      update: { method: 'POST', path: '/refer_to_cwc/:id', kind: 'multipart' },
      delete: { method: 'DELETE', path: '/refer_to_cwc_delete/:id', kind: 'none', effect: 'delete' },
    },
    view: { method: 'GET', path: '/refer', kind: 'none' },
    list: { method: 'GET', path: '/refer', kind: 'none' },
    refs: { childregId: 'children' },
    fileFields: [],
    afterLocalWrite: cwcMovesPresentStatus('referFromCwc', 'refer_cwc'),
  },
};
