import type { EntityDescriptor } from './registry';

/*
 * Sync descriptors of the part 2 lists; spread into `entities`. Schemes are listed by
 * administrators only (GET /sps answers 403 to anyone else), so the app's sync leaves
 * them out and SPS Management pulls them when it opens (`pullSchemes`); there is no
 * scheme delete call (status 0 retires one).
 *
 * Notifications are pulled for every user from notifyList with the user's center
 * (`:centerId`, filled by the pull); Mark As Read is an update through the outbox, sent
 * as notifyUpdate: the row is marked `read` at once (the list hides it, offline too) and
 * the next delta pull, which lists it as deleted, removes it.
 */

export const part2ListEntities: Record<string, EntityDescriptor> = {
  schemes: {
    table: 'schemes',
    ops: {
      create: { endpoint: 'addSps', effect: 'create' },
      update: { endpoint: 'updateSps' },
    },
    view: { endpoint: 'getSps' },
    list: { endpoint: 'getSps' },
    refs: {},
    fileFields: [],
    pull: false,
  },
  // Non-registered beneficiaries of /education, /medical and /mhp (ours, see the endpoint table).
  beneficiaries: {
    table: 'beneficiaries',
    ops: {
      create: { endpoint: 'beneficiaryAdd', effect: 'create' },
      update: { endpoint: 'beneficiaryUpdate' },
      delete: { endpoint: 'beneficiaryDelete', effect: 'delete' },
    },
    view: { endpoint: 'beneficiaries' },
    list: { endpoint: 'beneficiaries' },
    refs: {},
    fileFields: [],
  },
  // A beneficiary's documents, one per entry (its file kept on the device until sent); a
  // document of a beneficiary created offline waits for it and goes with its id (R6, R8).
  beneficiaryDocuments: {
    table: 'beneficiaryDocuments',
    ops: {
      create: { endpoint: 'beneficiaryDocumentAdd', effect: 'create' },
      delete: { endpoint: 'beneficiaryDocumentDelete', effect: 'delete' },
    },
    view: { endpoint: 'beneficiaryDocuments' },
    list: { endpoint: 'beneficiaryDocuments' },
    refs: { beneficiaryId: 'beneficiaries' },
    fileFields: ['filename'],
  },
  notifications: {
    table: 'notifications',
    ops: { update: { endpoint: 'notifyUpdate' } },
    view: { endpoint: 'notifyList' },
    list: { endpoint: 'notifyList' },
    refs: {},
    fileFields: [],
  },
};
